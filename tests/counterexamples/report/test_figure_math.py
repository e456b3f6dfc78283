"""One math rendering in figures too (issue 26.4): a figure writes the page's expressions with matplotlib's
mathtext, made by sympy's LaTeX printer from the same expression (``$\\dfrac{e}{1 + e}$``), never sympy's text
``E/(1 + E)``; what mathtext cannot typeset falls back to the page's plain notation (ε, ², −, ∞)."""

from __future__ import annotations

from types import SimpleNamespace

import sympy

from counterexamples.report.figure_math import formula_mathtext, mathtext, plain_math
from counterexamples.report.plots import witness_figure
from counterexamples.report.proof import proved_statements, sides_figure
from exactpriv import EPS, randomized_response


def test_values_and_stated_formulas_become_mathtext_from_the_same_expression():
    e = sympy.E
    assert mathtext(e / (1 + e)) == r"$\dfrac{e}{1 + e}$"
    assert mathtext("log(3) - log(2)") in (r"$- \ln{\left(2 \right)} + \ln{\left(3 \right)}$",
                                           r"$\ln{\left(3 \right)} - \ln{\left(2 \right)}$")
    assert mathtext(EPS * sympy.tanh(EPS / 2)) == r"$\varepsilon \tanh{\left(\dfrac{\varepsilon}{2} \right)}$"
    # a stated bound is typeset as written (not simplified: sqrt(eps/2) is not √2·√ε/2)
    assert formula_mathtext("sqrt(eps/2)") == r"$\sqrt{\frac{\varepsilon}{2}}$"   # (under a root: text style)


def test_what_mathtext_cannot_typeset_stays_in_the_pages_plain_notation():
    assert formula_mathtext("tv_dp(M)") == "tv_dp(M)"          # a name, not a formula
    assert formula_mathtext("__import__('os')") == "__import__('os')"   # never evaluated
    pw = sympy.Piecewise((1, EPS < 1), (0, True))              # a cases environment: mathtext has none
    assert not mathtext(pw).startswith("$") and "ε" in mathtext(pw)
    long = sum(EPS ** k / (k + 1) for k in range(1, 15))
    assert not mathtext(long).startswith("$") and "**" not in mathtext(long)
    assert plain_math("eps**2 - 1 <= oo") == "ε² − 1 <= ∞"


def test_the_witness_heat_map_writes_its_cells_as_the_table_typesets_them():
    M = randomized_response(2, eps=1)                          # entries e/(1 + e), 1/(1 + e)
    res = SimpleNamespace(witness=SimpleNamespace(mechanism=M, params={}), witness_values={})
    fig = witness_figure(res, [], "w", "[r]: the witness against the bound")
    assert fig is not None and "E/(1 + E)" not in fig.svg and "1/(1 + E)" not in fig.svg
    assert r"<!-- $\dfrac{e}{1 + e}$ -->" in fig.svg and r"<!-- $\dfrac{1}{1 + e}$ -->" in fig.svg
    assert "(0,)" not in fig.svg                               # inputs as the table writes them: (0)


def test_a_witness_figure_keeps_its_own_name():
    # the tick labels once reused the variable holding the figure's name: figures of several pages were
    # written to one img/<last value name>.svg (zhao2019.lemma1.md linked three figures to img/b.svg)
    res = SimpleNamespace(witness=None, witness_values={"b": sympy.Rational(1, 3), "pure_dp": sympy.Integer(2)})
    fig = witness_figure(res, [], "zhao2019.lemma1--literal--witness", "[literal]: the witness against the bound")
    assert fig is not None and fig.name == "zhao2019.lemma1--literal--witness"


def test_the_proved_sides_legend_typesets_the_sides():
    (st,) = proved_statements(None, {}, {"statement": "tv_dp(M) <= sqrt(eps/2) with eps = kl_dp(M): "
                                                      "tanh(eps/2) <= sqrt(eps/2)", "domain": "[0, oo)"})
    svg = sides_figure(st, "t", "t").svg
    assert ">left: tv_dp(M)</text>" in svg                     # a name, as plain text
    assert r"<!-- right: $\sqrt{\frac{\varepsilon}{2}}$ (with ε = kl_dp(M)) -->" in svg


def test_a_recorded_value_name_is_typeset_in_a_figure_like_on_the_page():
    from counterexamples.report.figure_math import name_mathtext

    assert name_mathtext("eps**2/3 at ε = pure_dp(M)") == r"$\dfrac{\varepsilon^{2}}{3}$ at ε = pure_dp(M)"
    assert name_mathtext("kl_dp(M)") == "kl_dp(M)" and name_mathtext("stated bound") == "stated bound"
