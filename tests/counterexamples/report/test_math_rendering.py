"""One math rendering on the report's HTML pages (issue 26.4): the formulas the engines write in sympy's text
form (``eps*tanh(eps/2)``, ``[0, oo)``, ``eps <= eps/2``) become MathML like the exact values and the papers'
fragments; prose, ids, file names and anything sympy would print differently stay text; nothing is evaluated."""

from __future__ import annotations

import re

from counterexamples.report.mathml import formulas_html


def _shown(text: str) -> str:
    """The HTML with each <math> island replaced by [[its alt text]]."""
    return re.sub(r'<math[^>]*alttext="([^"]*)".*?</math>', r"[[\1]]", formulas_html(text))


def test_engine_formulas_become_mathml_and_relations_become_signs():
    assert _shown("kl_dp(M) <= eps*tanh(eps/2) with eps = pure_dp(M)") == \
        "kl_dp(M) ≤ [[eps*tanh(eps/2)]] with [[eps]] = pure_dp(M)"
    assert _shown("pure_dp(M(eps)) == eps on [0, oo)") == "pure_dp(M([[eps]])) = [[eps]] on [0, [[oo]])"
    assert _shown("E/(1 + E) vs log(3) - log(2)") == "[[E/(1 + E)]] vs [[log(3) - log(2)]]"


def test_prose_ids_and_files_stay_text():
    for text in ("Foundations and Trends in Theoretical Computer Science 9(3-4), 2014", "pages 211-407",
                 "witness: counterexamples/found/dworkroth2014.rr--variant-half.json; 0.72 s",
                 "mine.kl_with_a_rather_long_identifier — up-to-date, a - b, k copies, 3 instances",
                 "RR(m, ε)[m=2] at 2 records", "Lemma 1, eqs. (23a)-(23b), (27)-(38)", "with steps (28)-(30)"):
        assert "<math" not in formulas_html(text), text  # (27)-(38): equations 27 to 38, not the difference 27 − 38


def test_a_formula_is_shown_as_written_never_simplified_or_reordered():
    # unevaluated: 2*eps/4 is not shown as eps/2, 1 - 2 not as -1, log(3) - log(2) not as -log(2) + log(3)
    assert _shown("a 2*eps/4 bound") == "a [[2*eps/4]] bound"
    assert "<mn>4</mn>" in formulas_html("a 2*eps/4 bound")
    assert _shown("so 1 - 2 = x") == "so [[1 - 2]] = x"
    out = formulas_html("log(3) - log(2)")
    assert out.index("<mn>3</mn>") < out.index("<mn>2</mn>")
    assert _shown("sqrt(eps/2) and eps*(exp(eps) - 1)/(2*(exp(eps) + 1))") == \
        "[[sqrt(eps/2)]] and [[eps*(exp(eps) - 1)/(2*(exp(eps) + 1))]]"


def test_markup_in_the_text_is_escaped_and_nothing_is_evaluated():
    out = formulas_html("<script>alert(1)</script> & eps + __import__('os').getcwd()")
    assert "<script>" not in out and "&lt;script&gt;" in out and "&amp;" in out
    assert "__import__" in out and "getcwd" in out  # a name outside the formula names ends the formula: text


def test_a_formula_after_a_dash_keeps_its_leading_minus():
    assert _shown("FALSE by arb — -log(2)/5 + log(3)/5 == 1") == "FALSE by arb — [[-log(2)/5 + log(3)/5]] = 1"
