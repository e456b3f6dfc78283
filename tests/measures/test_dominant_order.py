"""The order in which ``LogAlgebra.dominant`` tries candidate maxima: from certified balls of the chart functions
(``_separated_order``) against the plain 15-digit sympy floats of their factored expressions (the reference, as
``dominant``'s ``guess`` computes it), on random candidate sets of every chart kind; near ties and poles go back
to the floats (None)."""

from __future__ import annotations

import random
from fractions import Fraction

import sympy

from exactpriv.exact.numbers import EPS
from exactpriv.exact.ratfunc import RationalFunction
from exactpriv.measures.symbolic.chart import Chart
from exactpriv.measures.symbolic.domain import Domain
from exactpriv.measures.symbolic.log_algebra import LogAlgebra

U = RationalFunction.gen()


def _reference_order(alg, cands, pt):
    def guess(v):
        try:
            return float(sympy.N(alg.expr(v).subs(alg.var, pt), 15))
        except (TypeError, ValueError, ZeroDivisionError):
            return 0.0
    return sorted(cands, key=lambda c: -guess(c[0]))


def _random_rf(rng):
    num = sum((Fraction(rng.randint(-9, 9), rng.randint(1, 5)) * U ** k for k in range(rng.randint(1, 4))),
              RationalFunction.const(rng.randint(1, 3)))
    den = sum((Fraction(rng.randint(0, 9), rng.randint(1, 5)) * U ** k for k in range(1, rng.randint(1, 3) + 1)),
              RationalFunction.const(rng.randint(1, 4)))
    return num / den


def _algebras():
    yield LogAlgebra(Chart(EPS, [sympy.exp(EPS)]), Domain.make(EPS))                     # u = e^eps, sample eps = 1
    yield LogAlgebra(Chart(EPS, [sympy.exp(EPS / 2)]), Domain.make(EPS, (0, 3)))         # u = e^{eps/2}, eps = 3/2
    yield LogAlgebra(Chart(EPS, [EPS ** 2 + 1]), Domain.make(EPS, (sympy.Rational(1, 3), 5)))  # u = eps


def test_the_ball_order_is_the_float_order_whenever_it_answers():
    rng = random.Random(24)
    answered = 0
    for alg in _algebras():
        assert alg.chart.kind in ("exp", "id")
        pt = alg.valid.sample()
        for _ in range(60):
            cands = [(_random_rf(rng), k) for k in range(rng.randint(2, 5))]
            got = alg._separated_order(list(cands), pt)
            if got is None:
                continue
            answered += 1
            assert [w for _, w in got] == [w for _, w in _reference_order(alg, cands, pt)]
    assert answered > 100  # the fast path is what runs on ordinary candidates


def test_near_ties_and_poles_fall_back_to_the_floats():
    alg = LogAlgebra(Chart(EPS, [sympy.exp(EPS)]), Domain.make(EPS))
    pt = alg.valid.sample()
    a = (U + 1) / (U + 2)
    # a candidate within 1e-12 of another at eps = 1 (not the same function: dedupe keeps both)
    b = a + RationalFunction.const(Fraction(1, 10 ** 12))
    assert alg._separated_order([(a, 0), (b, 1)], pt) is None
    assert alg._separated_order([(a, 0), (a + RationalFunction.const(Fraction(1, 10 ** 6)), 1)], pt) is not None
    # values far from 1 but inside (1e-250, 1e250) are ordered from the balls; beyond, the floats decide
    near_root = U - Fraction(2718281828459045, 10 ** 15)  # about 2.3e-16 at u = e
    assert alg._separated_order([(a, 0), (RationalFunction.const(Fraction(1, 10 ** 240)) / near_root, 1)], pt) \
        is not None  # about 4e-225
    assert alg._separated_order([(a, 0), (RationalFunction.const(Fraction(1, 10 ** 290)) / near_root, 1)], pt) \
        is None  # about 4e-275
    huge = RationalFunction.const(10 ** 280) / near_root  # about 4e295
    assert alg._separated_order([(a, 0), (huge, 1)], pt) is None
    # a candidate that is not a chart function (an expression off the chart) is left to the floats
    assert alg._separated_order([(a, 0), (sympy.Integer(1), 1)], pt) is None


def test_a_symbolic_sample_point_is_left_to_the_floats():
    alg = LogAlgebra(Chart(EPS, [sympy.exp(EPS)]), Domain.make(EPS, (sympy.log(2), sympy.oo)))
    pt = alg.valid.sample()
    assert not pt.is_Rational
    assert alg._separated_order([(U, 0), (U + 1, 1)], pt) is None
