"""Reference enclosures of channel capacity and MI-DP (suprema over priors).

Capacity C = sup_p I(p, W) is an optimisation; the reference does not look for closed forms.  It
runs plain Blahut–Arimoto (Blahut 1972; Arimoto 1972) in floating point *only to choose a prior*,
then certifies the classical sandwich (Gallager, Information Theory and Reliable Communication,
Thm 4.5.1)

    I(p, W) <= C <= max_x D(W_x ‖ pW)     for every prior p with pW > 0 where needed,

with both sides exact log-forms enclosed by ``arb``.  The prior is made strictly positive (mixed
with 1e-12 of the uniform law) so that the upper bound is finite.  MI-DP uses the reduction
MI-DP = max_i max_{x_{-i}} C(x_i -> P(.|x_i, x_{-i})) (seed 001 Def. 2: the conditional MI is an
average over x_{-i} of capacities-bounded terms, attained by a point mass on x_{-i}); each
sub-channel gets its own certified sandwich.  Floats choose; they never decide a bound.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import numpy as np

from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.measures.reference._common import Reference, Records, flat, require_records, rows

__all__ = ["capacity", "capacity_enclosure", "mi_dp"]

_PREC = 128
#: Blahut–Arimoto iterations; small channels converge to ~1e-10 far sooner (the loop stops early).
_ITERATIONS = 20000


def _blahut_arimoto(W: np.ndarray) -> np.ndarray:
    n = W.shape[0]
    p = np.full(n, 1.0 / n)
    logW = np.where(W > 0, np.log(np.where(W > 0, W, 1.0)), 0.0)
    for _ in range(_ITERATIONS):
        q = p @ W
        logq = np.log(np.where(q > 0, q, 1.0))
        d = np.sum(W * (logW - logq), axis=1)  # D(W_x ‖ q)
        lower = float(np.sum(p * d))
        upper = float(np.max(d))
        if upper - lower < 1e-13:
            break
        p = p * np.exp(d - d.max())
        p = p / p.sum()
    return p


def _arb_log(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator)).log()


def _arb_kl(w, q):
    """Ball of D(w‖q) = Σ_{w_y > 0} w_y (log w_y − log q_y) (q_y > 0 wherever w_y > 0)."""
    total = flint.arb(0)
    for a, b in zip(w, q):
        if a:
            total += flint.arb(flint.fmpq(a.numerator, a.denominator)) * (_arb_log(a) - _arb_log(b))
    return total


def capacity_enclosure(W: list[list[Fraction]]) -> Enclosure:
    """Certified [I(p, W), max_x D(W_x ‖ pW)] for a prior p chosen by Blahut–Arimoto.

    I(p, W) = Σ_x p(x) D(W_x ‖ pW), so both sides are sums of the same per-row divergences,
    each an ``arb`` ball of logs of exact rationals (no prime factorisation of the long
    denominators of p)."""
    n = len(W)
    pf = _blahut_arimoto(np.array([[float(v) for v in r] for r in W]))
    p = [Fraction(float(v)).limit_denominator(10 ** 9) + Fraction(1, 10 ** 12) for v in pf]
    s = sum(p, Fraction(0))
    p = [v / s for v in p]  # exact pmf, every entry > 0
    ny = len(W[0])
    q = [sum((p[x] * W[x][y] for x in range(n)), Fraction(0)) for y in range(ny)]
    old = flint.ctx.prec
    flint.ctx.prec = _PREC
    try:
        d = [_arb_kl(W[x], q) for x in range(n)]
        info = flint.arb(0)
        for x in range(n):
            info += flint.arb(flint.fmpq(p[x].numerator, p[x].denominator)) * d[x]
        lo, _ = arb_to_fractions(info)
        hi = max(arb_to_fractions(b)[1] for b in d)
    finally:
        flint.ctx.prec = old
    lo = max(lo, Fraction(0))  # C >= 0
    return Enclosure(lo, max(hi, lo), "blahut-arimoto prior + Gallager sandwich", _PREC)


def capacity(M) -> Reference:
    """sup over priors of I(X;Y) (seed 001 (58)) as a certified enclosure."""
    M = flat(M, "capacity")
    return Reference("capacity", enclosure=capacity_enclosure(rows(M, "capacity")), how="BA + Gallager sandwich")


def mi_dp(M) -> Reference:
    """sup over records i and all priors of I(X_i;Y|X_{-i}) (seed 001 Def. 2) =
    max_i max_{x_{-i}} C(x_i -> P(.|x_i, x_{-i})), each capacity enclosed as in :func:`capacity`."""
    M = flat(M, "mi_dp")
    require_records(M.inputs, "mi_dp")
    W = rows(M, "mi_dp")
    R = Records(M.inputs)
    lo = hi = Fraction(0)
    for i in range(R.n):
        for others in R.assignments(j for j in range(R.n) if j != i):
            sub = [W[R.point({**others, i: v})] for v in R.alphabets[i]]
            e = capacity_enclosure(sub)
            lo, hi = max(lo, e.lower), max(hi, e.upper)
    return Reference("mi_dp", enclosure=Enclosure(lo, hi, "max of sub-channel sandwiches", _PREC),
                     how="max over (i, x_{-i}) of sub-channel capacities")
