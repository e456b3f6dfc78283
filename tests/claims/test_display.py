"""Short reprs and Jupyter rich display of claims, readings, results, measures, verdicts and proofs —
everything from a bank or a user HTML-escaped; a verdict table that renders as an HTML table."""

import html
import re
from html.parser import HTMLParser

from exactpriv import LogForm, Verdict, kl_dp, prove, randomized_response
from exactpriv.claims import Claim, Reading, ReadingResult, check_claim, summarize
from exactpriv.claims.banks import find_claim, resolve_banks
from exactpriv.exact.decisions import Decision
from exactpriv.measures.result import Measured

HOSTILE = "<script>alert('x')</script> & <b>bold</b>"


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)


def _tags(markup: str) -> list[str]:
    p = _Tags()
    p.feed(markup)
    return p.tags


def _hostile_claim():
    reading = Reading("lit<eral>", f"statement {HOSTILE}", check=lambda inst: Decision.true("t", "ok"),
                      expected=Verdict.CHECKED)
    # the id itself is validated at construction (ids name files): tests/robustness/test_third_round.py
    return Claim("mine.hostile", f"title {HOSTILE}", "Sec. <1>", f"quote {HOSTILE}", "implication", [reading])


def test_claim_and_reading_html_escape_everything_from_the_bank():
    c = _hostile_claim()
    markup = c._repr_html_()
    assert "script" not in _tags(markup) and "b" not in _tags(markup)
    assert html.escape(f"quote {HOSTILE}") in markup
    assert "script" not in _tags(c.readings[0]._repr_html_())


def test_reprs_are_short_and_say_what_the_object_is():
    claim = find_claim("identitydp.prop4", resolve_banks([]))
    assert repr(claim) == "Claim('identitydp.prop4', 'Proposition 4', implication, 2 readings)"
    assert repr(claim.readings[0]).startswith("Reading('literal': ") and len(repr(claim.readings[0])) < 160
    results = check_claim(claim)
    r = repr(results[0])
    assert r.startswith("ReadingResult(identitydp.prop4 [literal]: REFUTED (as-written); witness: ")
    assert len(r) < 200 and all(len(repr(x)) < 200 for x in results)


def test_summary_is_the_same_dict_and_renders_as_an_html_table():
    claim = find_claim("identitydp.prop4", resolve_banks([]))
    results = check_claim(claim)
    s = summarize(results)
    assert s == {"readings": 2, "verdicts": {"CHECKED": 1, "REFUTED": 1}, "findings": {"as-written": 1}}
    markup = s._repr_html_()
    tags = _tags(markup)
    assert tags.count("table") == 1 and tags.count("tr") == 1 + len(results)
    assert "as-written" in markup
    assert r"\begin{tabular}" in s.to_latex() and "identitydp.prop4" in s.to_text()


def test_result_html_escapes_witness_labels_and_reasons():
    res = ReadingResult(f"mine.{HOSTILE}", "r<1>", Verdict.UNDECIDED,
                        {"undecided_reasons": [f"reason {HOSTILE}"]}, why=f"why {HOSTILE}")
    markup = res._repr_html_()
    assert "script" not in _tags(markup) and "b" not in _tags(markup)
    table = summarize([res])._repr_html_()
    assert "script" not in _tags(table)
    assert " \\& " in res._repr_latex_() and " & " not in res._repr_latex_()   # LaTeX-escaped too


def test_measure_verdict_proof_and_logform_display():
    M = randomized_response(2, p="3/4")
    m = kl_dp(M)
    assert "\\log" in m._repr_latex_() and "kl\\_dp" in m._repr_latex_()
    odd = Measured("kl_dp", LogForm.log(3), witness={"label": HOSTILE})
    assert "script" not in _tags(odd._repr_html_())
    assert Verdict.REFUTED._repr_html_().count("REFUTED") == 1
    p = prove("1/2 - 1/(exp(eps)+1) > eps/6", domain="(0, 27/20]")
    assert isinstance(p.verdict, Verdict) and len(repr(p)) < 200
    assert "PROVED" in p._repr_html_()
    assert re.fullmatch(r"\$\\frac\{\\log\{\\left\(3 \\right\)\}\}\{2\}\$", (LogForm.log(3) / 2)._repr_latex_())


def test_conjecture_result_repr_is_short_with_the_witness_behind_an_attribute():
    from counterexamples import conjecture

    res = conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/3", space="hamming:m=2,n=1",
                     max_examples=50)
    assert res.verdict is Verdict.REFUTED and len(repr(res)) < 200
    assert res.witness["mechanism"]["kind"] == "mechanism"       # the whole witness is still there
    assert "REFUTED" in res._repr_html_() and "witness" in res._repr_html_()


def test_decision_repr_is_short_and_its_certificate_stays_an_attribute():
    from exactpriv import compare

    d = compare(LogForm.log(3) / 2, "<", LogForm.log(2))
    assert d.is_true and repr(d).startswith("Decision(TRUE by ") and len(repr(d)) < 260
    assert d.certificate                                    # still there, in full
    odd = Decision.undecided("arb", f"reason {HOSTILE}")
    assert "script" not in _tags(odd._repr_html_())
