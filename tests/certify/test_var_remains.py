"""The certifier's rational forms decide "the variable remains after sympy's cancel(together(e))" (no rational form)
from flint's multivariate polynomials (``_var_remains``) instead of running sympy's cancel.  Differential tests
against the plain computation: on random expressions over the generators sympy takes as they stand (symbols and
log(...) without the variable) the answer is the same whenever the fast test accepts the expression; shapes it
refuses (exponentials, fractional powers, other functions, log of the variable) go the sympy way; and the rational
forms themselves are those of the plain path."""

from __future__ import annotations

import random

import pytest
import sympy

from exactpriv.certify.algebra import rational_forms
from exactpriv.certify.algebra.rational_forms import _var_remains, rational_form
from exactpriv.exact.numbers import EPS

R = sympy.Rational
T = sympy.Symbol("t", positive=True)
X = sympy.Symbol("x")
L1, L2 = sympy.log(T + 1), sympy.log(2)


def _plain_remains(e, var):
    return sympy.cancel(sympy.together(e)).has(var)


def _random_expr(rng, leaves, depth=0):
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice(leaves + [R(rng.randint(-5, 5), rng.randint(1, 4)), sympy.Integer(rng.randint(1, 3))])
    if roll < 0.6:
        return sympy.Add(*[_random_expr(rng, leaves, depth + 1) for _ in range(rng.randint(2, 3))])
    if roll < 0.85:
        return sympy.Mul(*[_random_expr(rng, leaves, depth + 1) for _ in range(rng.randint(2, 3))])
    return _random_expr(rng, leaves, depth + 1) ** rng.choice([-2, -1, 2, 3])


def _cancelling(rng, leaves):
    """An expression in which EPS cancels: EPS*f - EPS*g with f == g after together (a derivative's shape)."""
    f = _random_expr(rng, leaves)
    return sympy.Add(EPS * f, -EPS * sympy.together(f), _random_expr(rng, [T, L1]), evaluate=False)


def test_the_answer_is_that_of_sympys_cancel_on_every_accepted_expression():
    rng = random.Random(11)
    leaves = [EPS, EPS, T, T, L1, L2, X]
    decided = remains = 0
    for i in range(130):
        e = _random_expr(rng, leaves) if i % 4 else _cancelling(rng, leaves)
        if e.has(sympy.zoo, sympy.nan) or not e.has(EPS):
            continue
        fast = _var_remains(e, EPS)
        plain = _plain_remains(e, EPS)
        assert fast == plain, e  # every such expression is accepted, and the answer is sympy's
        decided += 1
        remains += plain
    assert decided > 80 and 10 < decided - remains and remains > 30


@pytest.mark.parametrize("e", [
    EPS * sympy.sqrt(T) + T, EPS ** R(1, 2) + T, EPS * sympy.sin(T), sympy.log(EPS) * T + EPS,
    EPS * sympy.Float(0.5) + T, EPS * (T + 1) ** 300 - EPS * (T + 1) ** 300 * (1 + T) / (T + 1),
])
def test_refused_shapes_are_left_to_sympy(e):
    assert _var_remains(e, EPS) is False


def test_exponentials_are_refused_because_sympy_relates_them():
    # sympy's polynomials read exp(2) as E**2, so EPS cancels here; taken as independent generators it would not
    e = EPS * (sympy.exp(2) - (sympy.E + 1) ** 2 + 2 * sympy.E + 1) / (T + 1) + T
    assert not _plain_remains(e, EPS)
    assert _var_remains(e, EPS) is False


def test_a_zero_denominator_is_left_to_sympy():
    zero = sympy.Add(T, -T, evaluate=False)
    assert _var_remains(sympy.Pow(zero, -1, evaluate=False) * EPS, EPS) is False


E1 = sympy.exp(EPS)
FORMS = [
    sympy.diff(EPS * (E1 - 1) / (E1 + 1) - EPS ** 2 / 4, EPS),
    EPS * (E1 - 1) + (E1 + 1) * sympy.log(1 - (E1 - 1) ** 2 / (E1 + 1) ** 2),
    sympy.diff(EPS * (E1 - 1) / (E1 + 2) - (E1 - 1) / (E1 + 2) * sympy.log(E1 + 9), EPS),
    EPS * E1 / (E1 + 1) - EPS * (E1 + 1 - 1) / (E1 + 1) + 1 / (E1 + 1),  # EPS cancels
    sympy.log(EPS) ** 2 * EPS - EPS * sympy.log(EPS) + 1,
    3 * EPS ** 2 + 2 * EPS - sympy.log(E1 ** 4 - E1 ** 3 + E1 ** 2 - E1 + 1),
]


@pytest.mark.parametrize("expr", FORMS, ids=[str(i) for i in range(len(FORMS))])
def test_rational_forms_are_those_of_the_plain_path(expr, monkeypatch):
    rational_forms._rational_form.cache_clear()
    fast = rational_form(expr, EPS)
    monkeypatch.setattr(rational_forms, "_var_remains", lambda e, var: False)
    rational_forms._rational_form.cache_clear()
    plain = rational_form(expr, EPS)
    rational_forms._rational_form.cache_clear()
    assert fast == plain
    if fast is not None:
        assert fast.describe() == plain.describe()
