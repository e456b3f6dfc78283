"""``report --from-json`` publishes of a re-verified certificate only what the independent checker read (issue
20): a key the checker ignores (an added ``"reason": "FORGED"``), an edited reduction step's words, an edited
statement of a meta-theorem never reach the report; the chain's meta-theorems are stated from the installed
registry.  The file is what ``exactpriv verify`` writes for Kairouz–Oh–Viswanath's TV bound (classics
kov2015.tv): PROVED by family certificates and by reduction, REFUTED by a refuting family certificate."""

from __future__ import annotations

import copy
import json

import pytest

from exactpriv.checker.certificates import KINDS
from exactpriv.claims import check_reading
from exactpriv.claims.banks import find_claim, load_bank
from exactpriv.cli._evidence_run import read_verify_json
from exactpriv.claims.evidence import evidence_json
from exactpriv.errors import InvalidArgument
from exactpriv.reductions.metatheorems import METATHEOREMS

CLAIM = "kov2015.tv"


@pytest.fixture(scope="module")
def run():
    bank = load_bank("classics")
    claim = find_claim(CLAIM, [bank])
    results = [check_reading(claim, r) for r in claim.readings]
    return bank, [claim], evidence_json([bank], [claim], results, seconds_per_reading=60)


def _read(tmp_path, run, doc):
    bank, claims, _ = run
    path = tmp_path / "verify.json"
    path.write_text(json.dumps(doc))
    return {r.reading: r for r in read_verify_json(path, claims, banks=[bank], seconds_per_reading=60)}


def _row(doc, reading):
    return next(r for r in doc["rows"] if r["reading"] == reading)


def _published(result) -> str:
    return json.dumps(result.evidence, default=str)


def test_the_file_as_written_publishes_the_certificate_the_checker_read(tmp_path, run):
    results = _read(tmp_path, run, copy.deepcopy(run[2]))
    chain = results["every-mechanism"]
    assert chain.verdict.value == "PROVED" and chain.evidence["re-verified"] == "exactpriv.checker"
    cert = chain.evidence["certificate"]
    assert cert["kind"] == "reduction" and [s["theorem"] for s in cert["steps"]] == \
        ["rr-dominance", "data-processing-f", "pairwise-maximum"]
    # the family proof the checker re-checked is kept (its kind and substitution were read)
    proof = cert["family_proof"]["families"][0]["proof"]
    assert proof["kind"] in KINDS and proof["substitution"] == "u = exp(eps)"


@pytest.mark.parametrize("reading", ["every-mechanism", "families", "variant-quarter-eps"])
def test_an_added_key_is_not_published(tmp_path, run, reading):
    doc = copy.deepcopy(run[2])
    row = _row(doc, reading)
    row["certificate"]["reason"] = "FORGED: trust me"
    row["certificate"]["families" if "families" in row["certificate"] else "steps"][0]["note"] = "FORGED too"
    result = _read(tmp_path, run, doc)[reading]
    assert result.verdict.value == row["verdict"] and "FORGED" not in _published(result)


def test_an_edited_step_text_is_not_published(tmp_path, run):
    doc = copy.deepcopy(run[2])
    steps = _row(doc, "every-mechanism")["certificate"]["steps"]
    steps[0]["text"] = "FORGED: every mechanism is 0-DP"
    result = _read(tmp_path, run, doc)["every-mechanism"]
    assert result.verdict.value == "PROVED" and "FORGED" not in _published(result)
    # the step is stated by the installed registry instead
    shown = result.evidence["certificate"]["steps"][0]["text"]
    assert shown == f"rr-dominance: {METATHEOREMS['rr-dominance'].statement}"


def test_an_edited_theorem_statement_is_not_published(tmp_path, run):
    """The statement of a meta-theorem as the file states it (the links' "shown" words, a "theorems" map) is
    replaced by the registry's; an edit that keeps the links equal is re-verified and not published."""
    doc = copy.deepcopy(run[2])
    cert = _row(doc, "every-mechanism")["certificate"]
    forged = "FORGED: total variation increases under post-processing"
    cert["steps"][1]["to"]["shown"] = cert["steps"][2]["from"]["shown"] = forged
    cert["theorems"] = {"data-processing-f": {"id": "data-processing-f", "statement": forged, "references": []}}
    result = _read(tmp_path, run, doc)["every-mechanism"]
    assert result.verdict.value == "PROVED" and "FORGED" not in _published(result)
    assert result.evidence["certificate"]["theorems"]["data-processing-f"]["statement"] == \
        METATHEOREMS["data-processing-f"].statement


def test_a_citation_of_an_unknown_theorem_is_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    _row(doc, "every-mechanism")["certificate"]["steps"][1]["theorem"] = "FORGED-theorem"
    with pytest.raises(InvalidArgument, match="kov2015.tv/every-mechanism"):
        _read(tmp_path, run, doc)
