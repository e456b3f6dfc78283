"""Reference value of Sibson's α-mutual information, from its closed-form definition.

I^s_α(X;Y) = α/(α−1) · log Σ_y ( Σ_x P(x) W(y|x)^α )^{1/α}  (Sibson 1969; Cuff–Yu §7, (66)),
α = oo: log Σ_y max_{x: P(x) > 0} W(y|x); α = 1: Shannon's I(X;Y).  For other α the value is an
algebraic-logarithmic number, enclosed by certified ``arb`` balls at 256 bits.
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.reference._common import Reference, flat, rows
from exactpriv.measures.reference.information import mutual_information

__all__ = ["sibson_mi"]

_PREC = 256


def _arb(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def sibson_mi(M, *, alpha, prior=None) -> Reference:
    """Sibson's α-MI of X ~ prior through M (see the module docstring)."""
    M = flat(M, "sibson_mi")
    if prior is None:
        raise InvalidArgument("the reference sibson_mi needs a prior")
    prior.check_space(M.inputs, "mechanism")
    p = list(prior.pmf)
    W = rows(M, "sibson_mi")
    if alpha == OO:
        s = sum((max(W[x][y] for x in range(len(p)) if p[x] > 0) for y in range(len(M.outputs))), Fraction(0))
        return Reference("sibson_mi", LogForm.log(s), how="alpha = oo")
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be > 0")
    if a == 1:
        return Reference("sibson_mi", mutual_information(p, W), how="alpha = 1: Shannon")
    old = flint.ctx.prec
    flint.ctx.prec = _PREC
    try:
        A = _arb(a)
        outer = flint.arb(0)
        for y in range(len(M.outputs)):
            inner = flint.arb(0)  # Σ_x P(x) W(y|x)^α, each power as exp(α ln W)
            for x in range(len(p)):
                if p[x] and W[x][y]:
                    inner += _arb(p[x]) * (A * _arb(W[x][y]).log()).exp()
            if inner != 0:
                outer += (inner.log() / A).exp()
        lo, hi = arb_to_fractions(A / (A - 1) * outer.log())
    finally:
        flint.ctx.prec = old
    return Reference("sibson_mi", enclosure=Enclosure(lo, hi, "arb", _PREC), how="arb enclosure of (66)")
