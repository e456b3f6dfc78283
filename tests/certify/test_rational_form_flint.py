"""The certifier's rational forms take N/D from flint (``_numer_denom``) instead of sympy's ``together``/``cancel``
/``fraction`` (``_numer_denom_plain``, the reference): the same expressions, structurally, on random rational
expressions of every shape (constant and monomial denominators, zero, negative leading terms, high powers, common
factors), and the same :class:`RationalForm` on the certifier's own inputs; anything but rationals, the variable,
sums, products and integer powers takes the plain path."""

from __future__ import annotations

import random

import pytest
import sympy

from exactpriv.certify.algebra import rational_forms
from exactpriv.certify.algebra.rational_forms import _numer_denom, _numer_denom_plain, _rf_of, rational_form
from exactpriv.exact.ratfunc import NotARationalFunction
from exactpriv.exact.numbers import EPS

T = sympy.Symbol("t", positive=True)
R = sympy.Rational


def _random_expr(rng, depth=0):
    roll = rng.random()
    if depth > 3 or roll < 0.25:
        return rng.choice([T, T, R(rng.randint(-7, 7), rng.randint(1, 6)), sympy.Integer(rng.randint(1, 4))])
    if roll < 0.55:
        return sympy.Add(*[_random_expr(rng, depth + 1) for _ in range(rng.randint(2, 3))])
    if roll < 0.85:
        return sympy.Mul(*[_random_expr(rng, depth + 1) for _ in range(rng.randint(2, 3))])
    base = _random_expr(rng, depth + 1)
    k = rng.choice([-3, -2, -1, 2, 3])
    if base == 0 and k < 0:
        k = 2
    return base ** k


def test_flint_and_sympy_give_the_same_numerator_and_denominator():
    rng = random.Random(2026)
    checked = 0
    for _ in range(400):
        e = _random_expr(rng)
        try:
            plain = _numer_denom_plain(e)
        except ZeroDivisionError:
            continue
        if e.has(sympy.zoo, sympy.nan):
            continue
        assert _numer_denom(e, T) == plain, e
        checked += 1
    assert checked > 300


@pytest.mark.parametrize("e", [
    T / 2 + R(1, 2), (2 * T + 2) / (4 * T), R(3, 4), T ** 2 / 3, (T + 1) / (1 - 2 * T), sympy.Integer(0),
    (T ** 2 - 1) / (T - 1), -T / (T + 1), 1 / (3 * T ** 2), (T / 2 + 1) / (3 * T / 5 + R(1, 7)), (6 * T ** 2 + 4) / (2 * T),
    -(T + 1) ** 3 / (2 * (T + 1) ** 5), (T - 1) ** 40 / (T - 1) ** 39,
])
def test_shapes_of_the_normal_form(e):
    assert _numer_denom(e, T) == _numer_denom_plain(e)


@pytest.mark.parametrize("e", [T + sympy.log(2), sympy.sqrt(3) * T, T + sympy.Symbol("x"), sympy.exp(T), T ** R(1, 2),
                               sympy.Float(0.5) * T])
def test_anything_else_takes_the_plain_path(e):
    with pytest.raises(NotARationalFunction):
        _rf_of(e, T)
    assert _numer_denom(e, T) == _numer_denom_plain(e)


E = sympy.exp(EPS)
FORMS = [EPS * (E - 1) / (E + 1) - EPS ** 2 / 4, (E - 1) ** 2 / (E + 2) ** 2 - EPS * (E - 1) / (2 * (E + 2)),
         sympy.tanh(EPS / 2) - (sympy.exp(EPS / 2) - 1) / (sympy.exp(EPS / 2) + 1), E / (E ** 2 + 2 * E + 1) - 1,
         EPS ** 3 / 6 - EPS / (EPS + 1), sympy.log(EPS) ** 2 - 2 * sympy.log(EPS) + 1, 2 * sympy.exp(2 * EPS + 1) - E,
         (EPS ** 2 + 1) / (3 * EPS), sympy.Integer(7) / 3]


@pytest.mark.parametrize("expr", FORMS, ids=[str(i) for i in range(len(FORMS))])
def test_rational_forms_are_those_of_the_plain_path(expr, monkeypatch):
    rational_forms._rational_form.cache_clear()
    fast = rational_form(expr, EPS)
    rational_forms._rational_form.cache_clear()
    monkeypatch.setattr(rational_forms, "_numer_denom", lambda e, u: _numer_denom_plain(e))
    plain = rational_form(expr, EPS)
    rational_forms._rational_form.cache_clear()
    assert fast == plain
    if fast is not None:
        assert fast.describe() == plain.describe()
