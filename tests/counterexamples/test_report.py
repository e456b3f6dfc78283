"""Tests of the reports (counterexamples.report) and ``exactpriv report``.

The refuted claim used is Zhao's Theorem 2 converse (Zhao), literal reading: its archived
minimal witness is P(.|x=0) = (0, 1), P(.|x=1) = (1/2, 1/2) with a uniform prior, where DP = +oo
and SP = 3 − 2√2 (values written in the claim's notes).  The pair-level witness is Cuff–Yu's
Property 3 at δ = 1 (δ' = δ = 1).
"""

import base64
import json
import re

import pytest
import sympy

from counterexamples.report import claim_report, index_report, page_name, results_from_json, run_bank
from exactpriv.cli import main
from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import EPS
from counterexamples.tightness import exp_levels, explore
from theorems import get_claim


@pytest.fixture(scope="module")
def run():
    claims = [get_claim("zhao2019.thm2_conv"), get_claim("cuff2016.prop3"), get_claim("cuff2016.lemma1")]
    return claims, run_bank(claims)


def _images(html_text):
    return re.findall(r'<img alt="[^"]*" src="([^"]+)"', html_text)


def test_claim_page_of_a_refuted_claim(run, tmp_path):
    claims, r = run
    claim = claims[0]
    md, ht = claim_report(claim, r.results, out_dir=tmp_path, points=r.points)
    assert md.name == "zhao2019.thm2_conv.md" and ht.name == "zhao2019.thm2_conv.html"
    text, page = md.read_text(), ht.read_text()
    # the claim as in the paper, its readings and verdicts
    assert "is implied by (1/2 − 1/(e^ε+1))-semantic privacy" in text
    assert "| undefined-excluded | **REFUTED** |" in text
    assert "| positive-mechanism | **CHECKED** |" in text
    # the witness as an exact table: rows x = 0 and x = 1 of P(y|x)
    assert "| (0) | 0 | 1 |" in text and "| (1) | 1/2 | 1/2 |" in text
    assert "| semantic_privacy | 3 - 2*sqrt(2) |" in text
    assert "Exact margin:" in text and "counterexamples/found/zhao2019.thm2_conv--undefined-excluded.json" in text
    # HTML: same content, escaped, with inline CSS and embedded images only
    assert "<style>" in page and 'class="REFUTED"' in page
    assert "<td class=\"num\">1/2</td>" in page
    imgs = _images(page)
    assert imgs and all(src.startswith("data:image/png;base64,") for src in imgs)
    assert base64.b64decode(imgs[0].split(",", 1)[1])[:4] == b"\x89PNG"
    assert (tmp_path / "img").is_dir() and "](img/" in text  # Markdown refers to written PNGs


def test_pair_level_witness_and_plain_claims(run, tmp_path):
    claims, r = run
    md, _ = claim_report(claims[1], r.results, out_dir=tmp_path)
    text = md.read_text()
    assert "| delta | 1 |" in text and "| gamma | 2 |" in text  # Property 3 at δ = 1, e^ε = 2
    assert "**REFUTED**" in text and "**PROVED**" in text
    md, ht = claim_report(claims[2], r.results, out_dir=tmp_path, points=r.points)
    assert "min{ε, ε²}-KL-DP (21)" in md.read_text()
    assert r.points[("cuff2016.lemma1", "eq21")], "the bank run recorded (pure_dp, kl_dp) points for the plot"
    assert len(_images(ht.read_text())) >= 1


def test_index_page(run, tmp_path):
    claims, r = run
    ex = explore("pure_dp", "kl_dp", sympy.Min(EPS, EPS ** 2), alphas=exp_levels(3), seconds=0.3,
                 tight=EPS * sympy.tanh(EPS / 2), key="pure_dp=>kl_dp")
    md, ht = index_report(r.results, out_dir=tmp_path, claims=claims, explorations=[ex], seconds=r.seconds)
    text, page = md.read_text(), ht.read_text()
    assert f"[zhao2019.thm2_conv]({page_name('zhao2019.thm2_conv')}.md)" in text
    assert '<a href="cuff2016.lemma1.html">' in page
    assert "Implication atlas" in text and "![implication atlas](img/atlas.png)" in text
    assert "| pure_dp → kl_dp | min{ε,ε²} |" in text
    assert "Tightness of the central implications" in text
    # stated vs best found at ε = ln 3: min{ln 3, ln² 3} = ln 3, best = ln(3)/2 (binary RR)
    assert "log(3)/2" in text and "best found equals the tight map exactly" in text
    assert len(_images(page)) >= 2 and "http" not in "".join(_images(page))


def test_cli_report(tmp_path):
    out = tmp_path / "rep"
    assert main(["report", "--only", "cuff2016.lemma1", "--out", str(out), "--no-tightness"]) == 0
    assert (out / "index.html").exists() and (out / "index.md").exists()
    assert (out / "cuff2016.lemma1.html").exists()
    assert "cuff2016.lemma1" in (out / "index.md").read_text()


def test_cli_report_from_json(tmp_path):
    rows = [{"id": "zhao2019.thm2_conv", "reading": "undefined-excluded", "verdict": "REFUTED", "evidence": {}},
            {"id": "zhao2019.thm2_conv", "reading": "positive-mechanism", "verdict": "CHECKED",
             "evidence": {"instances_true": 3}}]
    f = tmp_path / "verify.json"
    f.write_text(json.dumps(rows))
    out = tmp_path / "rep"
    assert main(["report", "--only", "zhao2019.thm2_conv", "--out", str(out), "--from-json", str(f),
                 "--no-tightness"]) == 0
    text = (out / "zhao2019.thm2_conv.md").read_text()
    assert "| (1) | 1/2 | 1/2 |" in text  # witness read back from the archive


@pytest.mark.parametrize("rows", [[{"reading": "x"}], [{"id": "a.b", "reading": "x", "verdict": "MAYBE"}], ["row"]],
                         ids=["no-id", "bad-verdict", "not-a-dict"])
def test_results_from_json_rejects_bad_rows(rows):
    with pytest.raises(InvalidArgument):
        results_from_json(rows)


def test_cli_rejects_bad_options(tmp_path):
    assert main(["report", "--only", "cuff2016.lemma1", "--out", str(tmp_path), "--tight-seconds", "0"]) == 1
    assert main(["report", "--only", "cuff2016.lemma1", "--out", str(tmp_path),
                 "--from-json", str(tmp_path / "missing.json")]) == 1
