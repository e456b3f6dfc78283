"""Reference value of Sibson's α-mutual information, from its closed-form definition.

I^s_α(X;Y) = α/(α−1) · log Σ_y ( Σ_x P(x) W(y|x)^α )^{1/α}  (Sibson 1969; seed 001 §7, (66)),
α = oo: log Σ_y max_{x: P(x) > 0} W(y|x); α = 1: Shannon's I(X;Y).  For other α the value is an
algebraic-logarithmic number, enclosed by certified ``arb`` balls at 256 bits.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.intervals import arb_eval, arb_to_fractions
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.reference._common import OO, Reference, flat, rows
from exactpriv.measures.reference.information import mutual_information

__all__ = ["sibson_mi"]

_PREC = 256


def _r(q: Fraction):
    return sympy.Rational(q.numerator, q.denominator)


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
    ar = _r(a)
    outer = []
    for y in range(len(M.outputs)):
        inner = sum((p[x] * W[x][y] ** a.numerator for x in range(len(p))), Fraction(0)) if a.denominator == 1 else None
        if inner is not None:
            if inner:
                outer.append(_r(inner) ** (1 / ar))
        else:
            terms = [_r(p[x]) * _r(W[x][y]) ** ar for x in range(len(p)) if p[x] and W[x][y]]
            if terms:
                outer.append(sympy.Add(*terms) ** (1 / ar))
    expr = ar / (ar - 1) * sympy.log(sympy.Add(*outer))
    lo, hi = arb_to_fractions(arb_eval(expr, _PREC))
    return Reference("sibson_mi", enclosure=Enclosure(lo, hi, "arb", _PREC), how="arb enclosure of (66)")
