"""PROVED pages (issue 26.4): the certificate's kind read from the evidence row, the effort in words, each
statement proved as MathML and a plot of both sides over the proved domain with the meeting points marked;
witness tables described in words, never by a ``Mechanism(...)`` repr."""

from __future__ import annotations

import re

import pytest
import sympy

from counterexamples.report import claim_report
from counterexamples.report.proof import effort_words, kind_words, proved_statements, sides_figure
from exactpriv.claims import check_reading
from exactpriv.claims.banks import find_claim, load_bank
from exactpriv.exact.numbers import EPS


@pytest.fixture(scope="module")
def rr_page(tmp_path_factory):
    claim = find_claim("dworkroth2014.rr", [load_bank("classics")])
    results = [check_reading(claim, r) for r in claim.readings]
    assert [r.verdict.value for r in results] == ["PROVED", "REFUTED"]
    out = tmp_path_factory.mktemp("report")
    md, html = claim_report(claim, results, out_dir=out)
    return md.read_text(), html.read_text()


def test_a_proved_page_names_the_certificate_the_effort_and_draws_both_sides(rr_page):
    md, html = rr_page
    proof = md.split("#### Proof", 1)[1].split("### Reading", 1)[0]
    # the certificate's kind as the evidence row carries it: the family proof in the checker's kinds (issue 20)
    assert "Certificate: kind family, re-checkable by exactpriv check" in proof
    assert "Effort: exact symbolic algebra only" in proof
    # one statement, proved for the three members of the family, drawn once
    assert "RR(m, ε)[m=2], RR(m, ε)[m=3], RR(m, ε)[m=4]: eps = eps for every ε in [0, ∞)" in proof
    assert "the two sides coincide on the whole domain" in proof
    section = html.split('id="proof-exact"', 1)[1].split('id="reading-variant-half"', 1)[0]
    assert section.count("<svg") == 1 and "both sides over the proved domain" in section
    assert "<math" in section and "<mi>&#949;</mi>" in section  # the sides as MathML, ε typeset


def test_a_witness_is_described_in_words_never_by_its_repr(rr_page):
    md, html = rr_page
    for text in (md, html):
        assert "Mechanism(" not in text and "Hamming(" not in text
    assert "2 inputs × 2 outputs: P(y | x), exact (rows: the inputs x of {0, 1}^1" in md


def test_the_effort_in_words_counts_boxes_steps_and_bits():
    cert = {"kind": "interval-bnb", "precision": 256, "boxes": [{"box": [str(k), str(k + 1)]} for k in range(4096)]}
    assert effort_words(cert).startswith("4,096 boxes of interval branch and bound at up to 256 bits")
    engine = {"steps": [{"method": "branch-and-bound", "boxes": 7}, {"method": "taylor", "precision": 128}],
              "precision": 64, "effort": {"proof_steps": 20000, "steps_used": 12, "precision_bits": 1024}}
    assert effort_words(engine) == ("7 boxes of interval branch and bound at up to 128 bits; 12 proof steps used "
                                    "(of 20,000 allowed per statement); precision ceiling 1,024 bits")
    assert effort_words({"kind": "identity"}) == "exact symbolic algebra only: no boxes, no floating-point precision"


def test_the_kind_says_whether_the_checker_re_checks_it():
    assert "re-checkable by exactpriv check" in kind_words({"kind": "monotone"})
    assert "not independently checkable" in kind_words({"kind": "engine:sympy-limit"})
    assert kind_words({"kind": "all", "parts": [{"kind": "monotone"}, {"kind": "point"}]}).startswith(
        "kind all: 2 parts (monotone, point), each re-checkable")
    assert kind_words(None) == "no certificate is recorded for this proof"


def test_statements_come_from_the_row_and_hostile_text_is_never_evaluated():
    statement = {"quantifier": "forall-params", "domain": {"eps": "(0, 27/20]"},
                 "claim": "1/2 - 1/(exp(eps) + 1) > eps/6"}
    sts = proved_statements({"kind": "interval-bnb"}, statement)
    assert len(sts) == 1 and sts[0].op == ">" and sts[0].rhs == EPS / 6
    assert str(sts[0].domain.hi) == "27/20" and sts[0].domain.lo_closed is False
    hostile = {"statement": "__import__('os').system('false') <= 1", "domain": "[0, oo)"}
    other = {"statement": "k*eps <= 2*eps", "domain": "[0, oo)"}  # a free parameter: nothing to draw
    assert proved_statements({"kind": "engine:x", "data": [hostile, other]}, {}) == []


def test_the_sides_are_drawn_and_where_they_meet_is_marked():
    sts = proved_statements(None, {}, {"statement": "kl_dp(M) <= eps**2/2: eps*tanh(eps/2) <= eps**2/2",
                                       "domain": "eps in [0, oo)", "family": "RR(2, ε)"})
    (st,) = sts
    assert (st.left, st.right, st.where) == ("kl_dp(M)", "eps**2/2", "RR(2, ε)")
    fig = sides_figure(st, "t", "t")
    assert fig is not None and "the sides meet" in fig.svg and "ε ≈ 0" in fig.svg  # they touch at ε = 0 only
    assert "marked: where the sides meet (1)" in fig.caption
    apart = proved_statements(None, {}, {"statement": "eps <= eps + 1", "domain": "[0, 1]"})[0]
    assert "do not meet" in sides_figure(apart, "u", "u").caption
    assert sympy.simplify(apart.rhs - apart.lhs) == 1



@pytest.mark.parametrize("domain", ["[0, 1]", "(0, 1)", "(0, oo)", "[0, oo)", "(-oo, 2]", "(-oo, oo)",
                                    "(log(2), 3)", "[1/3, sqrt(2)]", "(0, 27/20]", "[-1, -1/2)"])
def test_the_plotting_grid_keeps_the_points_a_scan_keeps(domain):
    """The grid's points inside the domain are found by bisection (the grid is sorted); a scan of every point
    with the same comparisons keeps the same points, ends included."""
    from counterexamples.report.proof import _grid, _window

    (st,) = proved_statements(None, {}, {"statement": "eps <= eps + 1", "domain": domain})
    iv = st.domain
    lo, hi, _ = _window(iv)
    xs = [lo + (hi - lo) * k / 400 for k in range(401)]
    scanned = ([float(iv.lo)] if iv.lo_closed and iv.lo.is_finite else []) + \
        [x for x in xs if iv.lo < x < iv.hi] + ([float(iv.hi)] if iv.hi_closed and iv.hi.is_finite else [])
    assert _grid(iv, lo, hi) == scanned
    assert len(scanned) >= 399  # the window lies in the domain (open ends left out): nothing vacuous compared


USER_BANK = '''
from exactpriv import EPS
from exactpriv.claims import symbolic_family, tightness_claim
from exactpriv.claims.banks import Paper
from exactpriv.mechanisms.zoo import randomized_response

RR2 = symbolic_family("RR(2, ε)", randomized_response(2, eps=EPS))
CLAIMS = [tightness_claim("mine2026.tv", given="pure_dp", measure="tv_dp", bound="(exp(eps) - 1)/(exp(eps) + 1)",
                          families=[RR2], source="Mine 2026, Lemma 1", expected="PROVED")]
PAPERS = {"mine2026": Paper("mine2026", authors="Ada Example, Bo Sample", title="A Lemma Worth Checking",
                            venue="Journal of Examples", year=2026, arxiv="2601.00001")}
'''


def test_a_user_bank_registers_its_papers_reference_and_the_report_cites_it(tmp_path):
    from exactpriv.cli import main

    bank = tmp_path / "mybank.py"
    bank.write_text(USER_BANK)
    out = tmp_path / "report"
    assert main(["report", "--bank", str(bank), "--out", str(out), "--no-tightness"]) == 0
    cite = "Ada Example, Bo Sample. “A Lemma Worth Checking.” Journal of Examples, 2026. arXiv:2601.00001."
    page = (out / "mine2026.tv.md").read_text()
    assert cite in page and "Location in the paper: Mine 2026, Lemma 1" in page
    assert cite in (out / "index.md").read_text()
    # the tightness claim is PROVED on its family: its page draws the value against the stated form
    assert "#### Proof" in page and "both sides over the proved domain" in page
    assert "the two sides coincide on the whole domain" in page


TIGHT_ON_BANK = '''
from fractions import Fraction
from exactpriv.claims import Notion, instances, tightness_claim
from exactpriv.claims.banks import Paper
from exactpriv.mechanisms.operators import k_fold
from exactpriv.mechanisms.zoo import randomized_response

TWICE = Notion("pure_dp", on=lambda inst: k_fold(inst.mechanism, 2))
RRS = instances("RR at e^eps = 2, 3, 5", [randomized_response(2, exp_eps=Fraction(g)) for g in (2, 3, 5)])
CLAIMS = [tightness_claim("mine2026.twice", given="pure_dp", measure=TWICE, bound="2*eps", families=[RRS],
                          expected="CHECKED")]
PAPERS = {"mine2026": Paper("mine2026", authors="Ada Example", title="Twice", venue="Examples", year=2026)}
'''


def test_a_tightness_claim_measured_on_an_operator_gets_a_value_plot(tmp_path):
    from exactpriv.cli import main

    bank = tmp_path / "tight.py"
    bank.write_text(TIGHT_ON_BANK)
    out = tmp_path / "report"
    assert main(["report", "--bank", str(bank), "--out", str(out), "--no-tightness"]) == 0
    page = (out / "mine2026.twice.md").read_text()
    assert "**CHECKED**" in page
    assert "value against the stated form per instance" in page  # the figure, with its caption
    svg = (out / "img" / "mine2026.twice--attained--margins.svg").read_text()
    assert "instances reporting both (3)" in svg and "stated form at the instance" in svg
    html = (out / "mine2026.twice.html").read_text()
    assert "Mechanism(" not in html  # instances labelled by their repr are described in words
