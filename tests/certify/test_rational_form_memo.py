"""Rational forms are remembered per (expression, variable): a remembered form equals a fresh computation, and
the forms cannot be changed in place."""

import dataclasses

import pytest
import sympy

from exactpriv.certify.algebra import rational_forms as rf
from exactpriv.exact.numbers import EPS


@pytest.mark.parametrize("expr", [
    sympy.exp(EPS) / (sympy.exp(EPS) + 1) - sympy.Rational(1, 2),
    sympy.tanh(EPS / 2) * EPS - EPS ** 2,
    sympy.log(EPS) ** 2 - 1,
    EPS ** 3 - 2 * EPS + sympy.Rational(1, 3),
    sympy.exp(EPS) - EPS,  # no rational form
])
def test_a_remembered_form_equals_a_fresh_one(expr):
    first, again = rf.rational_form(expr, EPS), rf.rational_form(expr * 1, EPS)
    fresh = rf._rational_form.__wrapped__(expr, EPS)
    assert first == again == fresh
    if first is not None:
        with pytest.raises(dataclasses.FrozenInstanceError):
            first.N = first.D
