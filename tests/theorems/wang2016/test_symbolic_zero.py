"""A symbolic identity is refuted only at an exact nonzero point, never because sympy failed to simplify it
(issue 19, item 5: REFUTED without a witness)."""

import sympy

from exactpriv.exact.numbers import EPS
from theorems.wang2016.steps import symbolic_zero


def test_simplifiable_zero_is_true():
    x = sympy.Symbol("x", positive=True)
    assert symbolic_zero(sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - 1, "pythagoras", [{x: 1}]).is_true


def test_nonzero_needs_an_exact_point():
    x = sympy.Symbol("x", positive=True)
    d = symbolic_zero(x - 1, "x = 1", [{x: 1}, {x: 2}])
    assert d.is_false and d.certificate["point"] == {"x": "2"} and d.certificate["difference"] == "1"


def test_unsimplified_without_a_nonzero_point_is_undecided():
    x = sympy.Symbol("x", positive=True)
    f = sympy.Function("f")
    assert symbolic_zero(f(x), "opaque", [{x: 1}]).is_undecided
    # a nonzero difference vanishing at every sample shown is not refuted either
    assert symbolic_zero((x - 1) * (x - 2), "roots at the samples", [{x: 1}, {x: 2}]).is_undecided
    assert symbolic_zero(EPS - sympy.log(2), "eps = log 2", [{EPS: sympy.log(2)}]).is_undecided
