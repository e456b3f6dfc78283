"""The symbolic charts ask "has this polynomial a real root in (a, b)?" by Descartes' rule of signs
(``_has_root_in``), with the Sturm count (``_sturm_count``) behind it when the rule does not settle it.  Differential
tests: on random polynomials with known roots (rational inside, outside and at the ends, irrational, complex pairs,
multiplicities) the answer is that of the Sturm count and of the known roots, on half-lines and on bounded
intervals, in each regime (no sign change, one sign change, more: the Sturm count)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import flint

from exactpriv.measures.symbolic import chart

X = flint.fmpq_poly([0, 1])


def _fq(q):
    return flint.fmpq(q.numerator, q.denominator)


def _random_poly(rng):
    """(P, its real roots as (low, high) rational brackets — exact when low == high)."""
    P, roots = flint.fmpq_poly([_fq(F(rng.randint(1, 9), rng.randint(1, 5))) * rng.choice([1, -1])]), []
    for _ in range(rng.randint(1, 5)):
        kind = rng.random()
        m = rng.choice([1, 1, 1, 2, 3])
        if kind < 0.55:
            r = F(rng.randint(-12, 30), rng.randint(1, 6))
            P *= (X - _fq(r)) ** m
            roots.append((r, r))
        elif kind < 0.75:  # x^2 - c: irrational roots +-sqrt(c)
            c = rng.choice([2, 3, 5, 7, 11])
            P *= (X * X - c) ** m
            lo = F(int(c ** 0.5 * 1000) - 1, 1000)  # sqrt(c) in (lo, hi), checked below
            hi = lo + F(2, 1000)
            assert lo * lo < c < hi * hi
            roots += [(lo, hi), (-hi, -lo)]
        else:  # (x - s)^2 + c: a complex pair, no real root
            s, c = F(rng.randint(-5, 20), rng.randint(1, 3)), F(rng.randint(1, 9), rng.randint(1, 4))
            P *= ((X - _fq(s)) ** 2 + _fq(c)) ** m
    return P, roots


def _truth(roots, a, b):
    """True/False from the known roots, None when a bracket straddles an end."""
    inside = False
    for lo, hi in roots:
        if lo == hi:
            inside |= a < lo and (b is None or lo < b)
        elif a < lo and (b is None or hi < b):
            inside = True
        elif (lo <= a <= hi) or (b is not None and lo <= b <= hi):
            return None
    return inside


def test_the_rule_of_signs_agrees_with_sturm_and_the_known_roots(monkeypatch):
    rng = random.Random(5)
    sturm_calls = []
    plain = chart._sturm_count

    def counted(P, a, b):
        sturm_calls.append(1)
        return plain(P, a, b)

    monkeypatch.setattr(chart, "_sturm_count", counted)
    answers, compared = [], 0
    for _ in range(250):
        P, roots = _random_poly(rng)
        a = F(rng.randint(-10, 20), rng.randint(1, 4))
        if rng.random() < 0.3 and roots and roots[0][0] == roots[0][1]:
            a = roots[0][0]  # a root at the (open) end
        b = None if rng.random() < 0.4 else a + F(rng.randint(1, 40), rng.randint(1, 3))
        before = len(sturm_calls)
        got = chart._has_root_in(P, a, b)
        fell_back = len(sturm_calls) > before
        assert got == (plain(P, a, b) > 0), (P, a, b)
        truth = _truth(roots, a, b)
        if truth is not None:
            assert got == truth, (P, a, b)
            compared += 1
        answers.append((got, fell_back))
    assert compared > 200
    assert (True, False) in answers and (False, False) in answers  # settled by the rule of signs, both ways
    assert (True, True) in answers or (False, True) in answers  # and left to the Sturm count


def test_an_empty_or_reversed_interval_goes_to_sturm():
    P = (X - 1) * (X - 2)
    assert chart._has_root_in(P, F(3), F(3)) == (chart._sturm_count(P, F(3), F(3)) > 0)
    assert chart._has_root_in(flint.fmpq_poly([5]), F(0), None) is False
