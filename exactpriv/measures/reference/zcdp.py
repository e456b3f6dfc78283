"""Reference enclosure of ρ-zCDP (Bun, Steinke, TCC 2016, Def. 1.1):
ρ = max over ordered neighbour pairs of sup_{α > 1} D_α(P_x‖P_x')/α.

A coarse but independent enclosure on a fixed geometric grid of orders 1 < a_1 < a_2 < ... < a_K = A
(ratio at least 1 + 1/64, orders rounded up to multiples of 2^-20), with Rényi divergences as arb balls
of Σ p^α q^{1−α} (p^α = exp(α ln p)):

* lower bound: max(KL (the limit α → 1), max_k D_{a_k}/a_k);
* upper bound: α ↦ D_α is non-decreasing (van Erven–Harremoës 2014, Thm 3), so on [a_k, a_{k+1}]
  D_α/α ≤ D_{a_{k+1}}/a_k, on (1, a_1] D_α/α ≤ D_{a_1}, and beyond A, D_α/α ≤ D_∞/A with
  D_∞ = ln max_y P(y|x)/P(y|x'); A is the first grid order with D_∞/A below the lower bound.

No bisection and no derivative bounds (the fast module uses both); the enclosure is about 2%
wide, enough to catch a wrong value.  +oo when some P(y|x) > 0 = P(y|x').
"""

from __future__ import annotations

import math
from fractions import Fraction

import flint

from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.measures.reference._common import Reference, flat, ordered_neighbours, rows
from exactpriv.exact.numbers import OO

__all__ = ["zcdp"]

_PREC = 128
_STEP = Fraction(65, 64)
_MAX_ORDERS = 4000


def _arb(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def _logs(p, q):
    """(ln p(y), ln q(y)) as balls for every y with p(y) > 0: computed once per pair, used at every order."""
    return [(_arb(x).log(), _arb(y).log()) for x, y in zip(p, q) if x]


def _renyi(logs, a: Fraction):
    A = _arb(a)
    s = flint.arb(0)
    for lx, ly in logs:
        s += (A * lx + (1 - A) * ly).exp()
    return s.log() / (A - 1)


def _kl(p, q):
    s = flint.arb(0)
    for x, y in zip(p, q):
        if x:
            s += _arb(x) * (_arb(x).log() - _arb(y).log())
    return s


def _pair(p, q):
    """(lower, upper) Fractions enclosing sup_{α>1} D_α(p‖q)/α."""
    dinf = max(x / y for x, y in zip(p, q) if x)
    if dinf == 1:  # p <= q on the support of p and both sum to 1: p = q, every D_α = 0
        return Fraction(0), Fraction(0)
    lo = arb_to_fractions(_kl(p, q))[0]
    dinf_hi = arb_to_fractions(_arb(dinf).log())[1]
    covered, hi = Fraction(1), Fraction(0)  # orders in (1, covered] are bounded by hi
    logs = _logs(p, q)
    for _ in range(_MAX_ORDERS):
        # the next order, rounded up to a multiple of 2^-20: the grid's ratio stays at least 65/64 while the
        # orders stay short rationals ((65/64)^k exactly would carry 6k-bit numerators into every division)
        a = Fraction(math.ceil(covered * _STEP * 2**20), 2**20)
        d_lo, d_hi = arb_to_fractions(_renyi(logs, a))
        lo = max(lo, d_lo / a)
        hi = max(hi, d_hi / covered)  # D_α/α on [covered, a] is at most D_a/covered
        covered = a
        if dinf_hi / covered <= lo:
            break
    return lo, max(hi, dinf_hi / covered, lo)  # the tail [covered, oo): D_α/α <= D_oo/covered


def zcdp(M) -> Reference:
    """Certified (coarse) enclosure of ρ (module docstring)."""
    M = flat(M, "zcdp")
    P = rows(M, "zcdp")
    pairs = ordered_neighbours(M.inputs)
    if not pairs:
        return Reference("zcdp", Fraction(0), how="no neighbours")
    for x, x2 in pairs:
        if any(a > 0 and b == 0 for a, b in zip(P[x], P[x2])):
            return Reference("zcdp", OO, how="support gap")
    old = flint.ctx.prec
    flint.ctx.prec = _PREC
    try:
        lo = hi = None
        for x, x2 in pairs:
            plo, phi = _pair(P[x], P[x2])
            lo = plo if lo is None else max(lo, plo)
            hi = phi if hi is None else max(hi, phi)
    finally:
        flint.ctx.prec = old
    return Reference("zcdp", enclosure=Enclosure(max(lo, Fraction(0)), max(hi, lo, Fraction(0)), "grid + monotonicity",
                                                 _PREC), how="geometric grid of orders")
