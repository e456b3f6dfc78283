"""Size estimates that guard sympy calls of the expression parser against hostile-but-legal input.

``9**9**9**9`` is legal, ``sqrt(<4000-digit integer>)`` makes sympy trial-factor the radicand, and
``exp(10**9*log(2))`` auto-evaluates to ``2**(10**9)``; so before each such call the parser estimates
log2 of the result's size here and refuses it above the limits of
:mod:`exactpriv.exact.expressions.grammar`.  The estimates use ``math.log2`` of integers: a float
here only guards resources and never decides a mathematical verdict.
"""

from __future__ import annotations

import math

import sympy
from sympy import S


__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.exact.expressions


# ---------------------------------------------------------------------------------------
# Size estimates (resource guards only; see the module comment)


def _rational_log2(r: sympy.Rational) -> float:
    """About how many bits ``r`` needs: log2|p| + log2 q."""
    p, q = abs(int(r.p)), int(r.q)
    return (math.log2(p) if p > 1 else 0.0) + (math.log2(q) if q > 1 else 0.0)


def rational_bits(r: sympy.Rational) -> int:
    """The bits of ``r``'s numerator and denominator together (exact, unlike :func:`_rational_log2`)."""
    return abs(int(r.p)).bit_length() + int(r.q).bit_length()


def power_log2(x: sympy.Expr) -> float:
    """Bits of the rationals sympy multiplies out when ``x`` is raised to a rational power.

    ``(a*b)**e`` distributes over the factors of a product and ``(b**r)**e = b**(r*e)``
    for rational ``b, r``; sums, symbols and functions are left unexpanded and cost nothing.
    """
    if x.is_Rational:
        return _rational_log2(x)
    if x.is_Pow and x.base.is_Rational and x.exp.is_Rational:
        return _rational_log2(x.base) * abs(float(x.exp))
    if x.is_Mul:
        return sum(power_log2(f) for f in x.args)
    return 0.0


def radicand_log2(x: sympy.Expr) -> float:
    """Bits of the rational radicands among the factors of ``x`` (sympy merges equal roots)."""
    total = 0.0
    for f in sympy.Mul.make_args(x):
        if f.is_Pow and f.base.is_Rational and f.exp.is_Rational and not f.exp.is_Integer:
            total += _rational_log2(f.base)
    return total


# ---------------------------------------------------------------------------------------
# The parser


def magnitude_log2(x: sympy.Expr) -> float:
    """An estimate from above of log2|x| for a constant expression, from its structure alone
    (no evaluation, so it cannot overflow or hang).  A resource guard only: it never decides
    a verdict; inverse powers use |exponent| * |log2 base|, which ignores cancellation."""
    if x.is_Rational:
        return (math.log2(abs(x.p)) if x.p else -math.inf) - math.log2(x.q)
    if x is S.Pi:
        return 1.66
    if x is S.Exp1:
        return 1.45
    if x.is_infinite:
        return math.inf
    if x.is_Add:
        return max(magnitude_log2(a) for a in x.args) + math.log2(len(x.args))
    if x.is_Mul:
        return sum(magnitude_log2(a) for a in x.args)
    if x.is_Pow:
        base, exponent = x.args
        if base is S.Exp1:
            return _exp_log2(magnitude_log2(exponent))
        b = magnitude_log2(base)
        if exponent.is_Rational:
            return float(exponent) * b if exponent >= 0 else abs(float(exponent) * b)
        e = magnitude_log2(exponent)
        return abs(b) * 2.0 ** e if e < 1024 else math.inf
    if isinstance(x, (sympy.exp, sympy.cosh, sympy.sinh)):
        return _exp_log2(magnitude_log2(x.args[0]))
    if isinstance(x, sympy.log):
        return math.log2(abs(magnitude_log2(x.args[0])) * 0.7 + 1)
    if isinstance(x, sympy.tanh):
        return 0.0
    if x.args:  # Abs, Min, Max
        return max(magnitude_log2(a) for a in x.args)
    return math.inf


def _exp_log2(argument_log2: float) -> float:
    """log2 of the largest exp(a) with |a| <= 2**argument_log2."""
    return 1.4427 * 2.0 ** argument_log2 if argument_log2 < 1000 else math.inf  # log2(e) * |a|
