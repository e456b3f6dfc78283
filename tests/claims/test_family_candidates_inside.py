"""The exact membership test of a family's candidate points (``claims.symbolic._inside``) against sympy's
``Interval.contains`` (the plain reference it replaces on its quick path), in every regime: rational and log
candidates against rational, infinite, zero and irrational ends, open and closed."""

from __future__ import annotations

import itertools

import pytest
import sympy

from exactpriv.claims.symbolic import _candidates, _inside, _log_sign
from exactpriv.exact.numbers import EPS
from exactpriv.measures.symbolic import Domain

R = sympy.Rational
ENDS = [(0, sympy.oo), (0, 1), (R(1, 2), 3), (-1, sympy.oo), (-sympy.oo, 0), (-sympy.oo, sympy.oo),
        (sympy.log(2), sympy.oo), (0, sympy.log(3)), (R(-1, 3), R(1, 3)), (0, 0)]
QS = [R(1, 3), R(1, 2), 1, R(4, 3), 2, R(7, 2), 10]
KS = [1, 2, -1, R(1, 2), R(-3, 2)]
CANDIDATES = ([R(p, q) for p in range(-3, 8) for q in (1, 2, 3)] + [sympy.Integer(0)]
              + [k * sympy.log(q) for k in KS for q in QS] + [sympy.log(2) + 1, sympy.sqrt(2), sympy.pi / 3])


@pytest.mark.parametrize("lo,hi", ENDS)
@pytest.mark.parametrize("closed", list(itertools.product((True, False), repeat=2)))
def test_inside_agrees_with_sympy_interval_contains(lo, hi, closed):
    lc = closed[0] and lo != -sympy.oo
    hc = closed[1] and hi != sympy.oo
    dom = Domain(EPS, sympy.sympify(lo), sympy.sympify(hi), lc, hc)
    for c in CANDIDATES:
        c = sympy.sympify(c)
        reference = sympy.Interval(dom.lo, dom.hi, not lc, not hc).contains(c) is sympy.true
        assert _inside(c, dom) is reference, (c, dom)


def test_log_sign_reads_only_rational_multiples_of_logs_of_positive_rationals():
    assert _log_sign(sympy.log(R(3, 2))) == 1
    assert _log_sign(2 * sympy.log(R(1, 3))) == -1  # sympy writes it -2*log(3)
    assert _log_sign(R(-1, 2) * sympy.log(5)) == -1
    assert _log_sign(sympy.log(2) + 1) is None
    assert _log_sign(sympy.sqrt(2) * sympy.log(2)) is None
    assert _log_sign(R(1, 2)) is None


def test_candidates_near_a_point_are_inside_the_domain():
    dom = Domain(EPS, sympy.Integer(0), sympy.oo, True, False)
    got = _candidates(EPS, R(3, 2), dom, 8)
    assert got and got[0] == R(3, 2)
    assert all(sympy.Interval(0, sympy.oo).contains(c) is sympy.true for c in got)
    near_zero = _candidates(EPS, R(1, 1000), Domain(EPS, sympy.Integer(0), sympy.Integer(1), False, True), 8)
    assert all(sympy.Interval.Lopen(0, 1).contains(c) is sympy.true for c in near_zero)


def test_members_come_rational_first_in_the_order_of_the_stable_sort():
    from exactpriv.claims import symbolic
    from exactpriv.claims.model import Instance
    from exactpriv.mechanisms.zoo import randomized_response

    inst = Instance("RR(2, eps)", randomized_response(2, eps=EPS))
    cands = [R(1, 2), sympy.log(3), R(3, 2), sympy.log(R(7, 2)), 2 * sympy.log(2), R(5, 4)]
    members = [(c, symbolic.member(inst, c)) for c in cands]
    reference = sorted(members, key=lambda cm: not symbolic._rational_entries(cm[1]))  # the plain order
    got = list(symbolic._rational_first(inst, cands))
    assert [c for c, _ in got] == [c for c, _ in reference]
    assert [c for c, _ in got][:3] == [sympy.log(3), sympy.log(R(7, 2)), 2 * sympy.log(2)]  # e^eps rational there
    assert all(m.label == r.label for (_, m), (_, r) in zip(got, reference))


def test_remembered_candidates_are_the_computed_ones_and_callers_own_their_list():
    from exactpriv.claims import symbolic

    symbolic._candidates_once.cache_clear()
    dom = Domain(EPS, sympy.Integer(0), sympy.oo, True, False)
    first = symbolic._remembered_candidates(EPS, R(3, 2), dom, 8)
    first.append("changed by the caller")
    again = symbolic._remembered_candidates(EPS, R(3, 2), dom, 8)
    assert symbolic._candidates_once.cache_info().hits == 1
    assert again == _candidates(EPS, R(3, 2), dom, 8) and "changed by the caller" not in again
    other = Domain(EPS, sympy.Integer(0), sympy.Integer(1), False, True)
    assert symbolic._remembered_candidates(EPS, R(3, 2), other, 8) == _candidates(EPS, R(3, 2), other, 8)


def _convergents_from_the_definition(x, limit):
    """The candidates' convergents as the plain reference: each convergent of e^(x/scale) evaluated from its partial
    quotients [a0; a1, ..., an] back to front, in Fractions (what the recurrence replaced)."""
    import mpmath
    from fractions import Fraction

    out = []
    with mpmath.workdps(60):
        x = mpmath.mpf(sympy.Float(x, 60))
        for scale in (1, 2):
            a, rest = [], mpmath.exp(x / scale)
            for _ in range(limit):
                ai = int(mpmath.floor(rest))
                a.append(ai)
                frac = rest - ai
                num, den = Fraction(a[-1]), Fraction(1)
                for aj in reversed(a[:-1]):
                    num, den = aj * num + den, num
                t = num / den
                if t > 0:
                    out.append(scale * sympy.log(sympy.Rational(t.numerator, t.denominator)))
                if frac < mpmath.mpf(10) ** -40:
                    break
                rest = 1 / frac
    return out


@pytest.mark.parametrize("point", [R(1, 10), R(1, 2), 1, R(7, 5), 3, R(-1, 2), R(0), R(1, 1000), 12, R(405, 4000),
                                   sympy.Float("1.0986122886681098", 30)])
def test_candidates_are_the_convergents_from_the_definition(point):
    dom = Domain(EPS, sympy.Integer(-50), sympy.oo, True, False)  # every candidate inside: nothing filtered out
    for limit in (1, 3, 8):
        expected = ([sympy.sympify(point)] if sympy.sympify(point).is_Rational else []) + \
            _convergents_from_the_definition(point, limit)
        keep = list(dict.fromkeys(expected))[:limit]
        assert _candidates(EPS, point, dom, limit) == keep
