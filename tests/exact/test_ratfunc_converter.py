"""One sympy → RationalFunction converter (``rational_function_of``) serves the certifier's rational forms, the symbolic
charts and the exact entry fast path.  Each caller is compared with a verbatim copy of the walk it had before (the
reference): the same rational function, or a refusal, on random expressions of every caller's leaves, and each
caller's cap still refuses what it refused (the entry path's degree cap on sums, products and powers; the
certifier's exponent cap; no cap on the charts)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.certify.algebra import rational_forms
from exactpriv.exact.numbers import EPS
from exactpriv.exact.ratfunc import NotARationalFunction, RationalFunction, rational_function_of
from exactpriv.measures.symbolic.chart import Chart
from exactpriv.mechanisms.base import entries

R = sympy.Rational
T = sympy.Symbol("t", positive=True)


class _Refused(Exception):
    pass


# ---- the three walks as they were (references)
def _old_rf_of(e, u):
    if e.is_Rational:
        return RationalFunction.const(Fraction(int(e.p), int(e.q)))
    if e == u:
        return RationalFunction.gen()
    if e.is_Add or e.is_Mul:
        parts = [_old_rf_of(a, u) for a in e.args]
        acc = parts[0]
        for x in parts[1:]:
            acc = acc + x if e.is_Add else acc * x
        return acc
    if e.is_Pow and e.exp.is_Integer and abs(int(e.exp)) <= 4 * 120:
        return _old_rf_of(e.base, u) ** int(e.exp)
    raise _Refused


def _old_chart_rf(chart, e):
    if e.is_Rational:
        return RationalFunction.const(Fraction(int(e.p), int(e.q)))
    if e.is_Add:
        acc = RationalFunction.const(0)
        for a in e.args:
            acc = acc + _old_chart_rf(chart, a)
        return acc
    if e.is_Mul:
        acc = RationalFunction.const(1)
        for a in e.args:
            acc = acc * _old_chart_rf(chart, a)
        return acc
    if e.is_Pow:
        base, ex = e.args
        if ex.is_Integer:
            return _old_chart_rf(chart, base) ** int(ex)
        raise _Refused
    if isinstance(e, sympy.exp) and chart.kind == "exp":
        q = sympy.cancel(e.args[0] / chart.var)
        if not q.is_Rational:
            raise _Refused
        k = Fraction(int(q.p), int(q.q)) / chart.c
        if k.denominator != 1:
            raise _Refused
        return RationalFunction.gen() ** int(k)
    if e == chart.var and chart.kind == "id":
        return RationalFunction.gen()
    raise _Refused


def _old_capped(rf):
    if max(rf.N.degree(), rf.D.degree()) > 256:
        raise _Refused
    return rf


def _old_in_u(e, scale):
    if e.is_Rational:
        return RationalFunction.const(Fraction(int(e.p), int(e.q)))
    if e.is_Add:
        acc = RationalFunction.const(0)
        for a in e.args:
            acc = _old_capped(acc + _old_in_u(a, scale))
        return acc
    if e.is_Mul:
        acc = RationalFunction.const(1)
        for a in e.args:
            acc = _old_capped(acc * _old_in_u(a, scale))
        return acc
    if e.is_Pow:
        base, ex = e.args
        if ex.is_Integer:
            b = _old_in_u(base, scale)
            if max(b.N.degree(), b.D.degree(), 1) * abs(int(ex)) <= 256:
                return _old_capped(b ** int(ex))
        raise _Refused
    if isinstance(e, sympy.exp):
        q = e.args[0] / EPS
        if q.is_Rational:
            k = Fraction(int(q.p), int(q.q)) * scale
            if k.denominator == 1:
                return RationalFunction.gen() ** int(k)
    raise _Refused


def _outcome(f, *args):
    try:
        return f(*args)
    except (_Refused, NotARationalFunction):
        return "refused"
    except ZeroDivisionError:
        return "zero division"


# ---- random expressions over a caller's leaves
def _random_expr(rng, leaves, depth=0, powers=(-3, -2, -1, 2, 3)):
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice(leaves + [R(rng.randint(-7, 7), rng.randint(1, 6)), sympy.Integer(rng.randint(1, 4))])
    if roll < 0.55:
        return sympy.Add(*[_random_expr(rng, leaves, depth + 1, powers) for _ in range(rng.randint(2, 3))])
    if roll < 0.85:
        return sympy.Mul(*[_random_expr(rng, leaves, depth + 1, powers) for _ in range(rng.randint(2, 3))])
    return _random_expr(rng, leaves, depth + 1, powers) ** rng.choice(powers)


def _count(outcomes):
    return sum(1 for o in outcomes if isinstance(o, RationalFunction))


def test_the_certifier_walk_is_the_old_one():
    rng = random.Random(7)
    leaves = [T, T, T + 1, sympy.log(T), sympy.Symbol("x"), sympy.sqrt(2), T ** R(1, 2)]
    outcomes = []
    for _ in range(300):
        e = _random_expr(rng, leaves, powers=(-3, -1, 2, 3, 481, -481, 480))
        new, old = _outcome(rational_forms._rf_of, e, T), _outcome(_old_rf_of, e, T)
        assert new == old, e
        outcomes.append(new)
    assert 50 < _count(outcomes) < 290


def test_the_chart_walk_is_the_old_one():
    rng = random.Random(8)
    half = sympy.exp(EPS / 2)
    leaves = [half, sympy.exp(EPS), sympy.exp(-3 * EPS / 2), EPS, sympy.exp(EPS / 3), sympy.log(2)]
    charts = [Chart(EPS, [half], check=False), Chart(EPS, [EPS], check=False), Chart(EPS, [sympy.exp(EPS / 6)], check=False)]
    assert [c.kind for c in charts] == ["exp", "id", "exp"]
    outcomes = []
    for _ in range(300):
        e = _random_expr(rng, leaves)
        for chart in charts:
            new, old = _outcome(chart._rf, e), _outcome(_old_chart_rf, chart, e)
            assert new == old, (e, chart.kind, chart.c)
            outcomes.append(new)
    assert 100 < _count(outcomes) < 850


def test_the_entry_walk_is_the_old_one():
    rng = random.Random(9)
    leaves = [sympy.exp(EPS), sympy.exp(8 * EPS), sympy.exp(-EPS / 2), sympy.exp(24 * EPS), EPS, sympy.exp(EPS / 3)]
    outcomes = []
    for _ in range(300):
        e = _random_expr(rng, leaves, powers=(-3, -2, 2, 3, 5, 40))
        if any(abs(a.args[0] / EPS) * 2 > 256 for a in e.atoms(sympy.exp)):
            continue  # exp_rational_function refuses such an exponential before the walk
        new, old = _outcome(entries._in_u, e, 2), _outcome(_old_in_u, e, 2)
        assert new == old, e
        outcomes.append(new)
    assert 50 < _count(outcomes) < 290 and outcomes.count("refused") > 10


def test_each_cap_still_refuses_what_it_refused():
    e8 = sympy.exp(8 * EPS)
    big = ((1 + e8) / (2 + e8)) ** 64  # every exponential and the power within 256, the result of degree 512
    assert _outcome(_old_in_u, big, 1) == _outcome(entries._in_u, big, 1) == "refused"
    assert entries.exp_rational_function(big) is None
    # the same expression has no cap on the charts (the symbolic measures' own path)
    chart = Chart(EPS, [e8], check=False)
    assert chart.to_u(big) == _old_chart_rf(chart, big) and chart.to_u(big).D.degree() == 64
    # a sum of two degree-200 pieces reaches 400: the entry path refuses the sum, not the pieces
    wide = sympy.exp(200 * EPS) / (1 + sympy.exp(EPS)) + 1 / (2 + sympy.exp(200 * EPS))
    assert _outcome(_old_in_u, wide, 1) == _outcome(entries._in_u, wide, 1) == "refused"
    assert isinstance(_outcome(entries._in_u, sympy.exp(200 * EPS) / (1 + sympy.exp(EPS)), 1), RationalFunction)
    # a constant base counts as degree 1: a power beyond the cap is refused before it is expanded
    const_base = sympy.Pow(sympy.Add(sympy.exp(EPS), -sympy.exp(EPS), 2, evaluate=False), 300, evaluate=False)
    assert _outcome(_old_in_u, const_base, 1) == _outcome(entries._in_u, const_base, 1) == "refused"
    # the certifier's exponent cap: |k| <= 480 whatever the degree
    for k, ok in ((480, True), (481, False), (-481, False)):
        p = sympy.Pow(T + 1, k)
        assert isinstance(_outcome(rational_forms._rf_of, p, T), RationalFunction) is ok
        assert _outcome(_old_rf_of, p, T) == _outcome(rational_forms._rf_of, p, T)


def test_a_zero_denominator_and_a_refusing_leaf():
    gen = lambda leaf: RationalFunction.gen() if leaf == T else None  # noqa: E731
    with pytest.raises(ZeroDivisionError):
        rational_function_of(sympy.Pow(sympy.Add(T, -T, evaluate=False), -1, evaluate=False), gen)
    with pytest.raises(NotARationalFunction):
        rational_function_of(T + 1, lambda _: None)
    assert rational_function_of((T ** 2 - 1) / (T - 1), gen) == RationalFunction.gen() + 1


def test_the_charts_exponent_ratio_is_sympys_cancel():
    from exactpriv.measures.symbolic.chart import _ratio

    x = sympy.Symbol("x")
    for arg in (2 * EPS, EPS / 3, -EPS, R(5, 7) * EPS, EPS + 1, EPS ** 2, x * EPS, (EPS ** 2 + EPS) / (EPS + 1),
                sympy.log(2) * EPS, sympy.Integer(0)):
        fast, plain = _ratio(arg, EPS), sympy.cancel(arg / EPS)
        assert fast == plain and type(fast) is type(plain), arg


def test_a_charts_remembered_conversion_is_the_fresh_one():
    half = sympy.exp(EPS / 2)
    entries = [half / (1 + half), 1 / (1 + half), (sympy.exp(EPS) - 1) / (sympy.exp(EPS) + 1)]
    chart = Chart(EPS, entries)  # the check converts (and remembers) every entry
    assert chart.kind == "exp" and len(chart._converted) == len(entries)
    for e in entries + [sympy.exp(-EPS) + 2, sympy.log(2) * half]:
        fresh = _outcome(_old_chart_rf, chart, e)
        assert chart.to_u(e) == chart.to_u(e) == (None if fresh == "refused" else fresh)
    refused = Chart(EPS, [half, sympy.sqrt(EPS)])
    assert refused.kind is None and refused.to_u(half) is None
