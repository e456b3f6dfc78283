"""Certified ball evaluation of closed sympy expressions with python-flint ``arb``.

Algorithm: a post-order walk of the sympy tree, mapping each node to the matching ``arb``
operation at a fixed working precision.  Every ``arb`` operation returns a ball that is
guaranteed to contain the exact result of the same operation on any points of its input
balls, so the final ball contains the exact value of the expression (Arb's containment
guarantee; no floating-point rounding is trusted).

Why hand-written: sympy has no arb backend (``evalf``/``lambdify`` go through mpmath floats,
which are not certified), and python-flint has no sympy reader.  The walk is short and its
only job is the node → arb-operation table below.

Supported nodes: Integer, Rational, Add, Mul, Pow (integer, rational and general exponents),
exp, log, sqrt, Abs, Min, Max, sinh, cosh, tanh, sin, cos, tan, atan, asinh, pi, E,
EulerGamma; symbols bound in ``env``; and the exact scalar types int, Fraction, LogForm.
Infinities and NaN raise :class:`EntryRangeError`; Floats raise :class:`NotExactError`;
anything else raises :class:`UnknownSymbolError`.  When a ball loses finiteness because the
precision is too low (``log`` of a ball straddling 0, division by a ball containing 0), the
walk raises :class:`NonFiniteBallError` naming the sub-expression, so a caller can retry at a
higher precision.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction

import flint
import sympy

from exactpriv.errors import (
    EntryRangeError,
    ExactPrivError,
    InvalidArgument,
    NotExactError,
    UnknownSymbolError,
)
from exactpriv.exact.logforms import LogForm

__all__ = [
    "NonFiniteBallError",
    "arb_eval",
    "arb_from_rational",
    "arb_to_fmpq_bounds",
    "arb_to_fractions",
    "working_precision",
]


class NonFiniteBallError(ExactPrivError):
    """A ball became non-finite at the working precision (not necessarily bad input).

    Typical causes: ``log`` of a ball that straddles 0 although the exact argument is
    positive, or a division by a ball that contains 0.  Attributes: ``subexpr`` (the sympy
    node), ``ball`` (its non-finite ball or the offending argument ball), ``prec`` (bits).
    """

    def __init__(self, message, *, subexpr=None, ball=None, prec=None):
        super().__init__(message)
        self.subexpr = subexpr
        self.ball = ball
        self.prec = prec


def _check_prec(prec) -> int:
    if isinstance(prec, bool) or not isinstance(prec, int) or prec < 2:
        raise InvalidArgument(f"prec={prec!r} of type {type(prec).__name__} must be an int >= 2 (bits)")
    return prec


@contextlib.contextmanager
def working_precision(prec: int):
    """Context manager: set ``flint.ctx.prec`` to ``prec`` bits and restore it on exit."""
    prec = _check_prec(prec)
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        yield prec
    finally:
        flint.ctx.prec = old


def arb_from_rational(q, prec: int):
    """Ball containing the rational ``q`` (int, Fraction, sympy Rational) at ``prec`` bits."""
    with working_precision(prec):
        return _arb_rational(q)


def _arb_rational(q):
    if isinstance(q, sympy.Rational):
        return flint.arb(flint.fmpq(int(q.p), int(q.q)))
    q = Fraction(q)
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def arb_to_fractions(ball) -> tuple[Fraction, Fraction]:
    """Exact rational endpoints (lo, hi) of a finite ``arb`` ball: lo = mid − rad, hi = mid + rad.

    The midpoint (an arf) and the radius (a mag) are dyadic numbers; both are read exactly
    through ``man_exp`` (``arb.mid()`` and ``arb.rad()`` copy them without rounding).
    """
    if not isinstance(ball, flint.arb):
        raise InvalidArgument(f"ball={ball!r} of type {type(ball).__name__} is not a flint.arb")
    if not ball.is_finite():
        raise NonFiniteBallError(f"ball={ball!r} is not finite; it has no rational endpoints", ball=ball)
    mid = _dyadic(ball.mid(), ball)
    rad = _dyadic(ball.rad(), ball)
    return mid - rad, mid + rad


def arb_to_fmpq_bounds(ball) -> tuple:
    """:func:`arb_to_fractions` with the endpoints as ``flint.fmpq`` (the same exact values): for loops that do
    their own exact rational arithmetic on the endpoints, where Python's Fraction costs most of the time."""
    lo, hi = _fmpq_dyadic(_checked_ball(ball).mid(), ball), _fmpq_dyadic(ball.rad(), ball)
    return lo - hi, lo + hi


def _checked_ball(ball):
    if not isinstance(ball, flint.arb):
        raise InvalidArgument(f"ball={ball!r} of type {type(ball).__name__} is not a flint.arb")
    if not ball.is_finite():
        raise NonFiniteBallError(f"ball={ball!r} is not finite; it has no rational endpoints", ball=ball)
    return ball


def _fmpq_dyadic(exact_ball, ball):
    man, exp = exact_ball.man_exp()
    if abs(exp) > MAX_ENDPOINT_EXPONENT:
        raise NonFiniteBallError(f"ball={ball!r} has a binary exponent beyond 2^{MAX_ENDPOINT_EXPONENT.bit_length() - 1}; "
                                 f"its endpoints are too large for exact rationals", ball=ball)
    e = int(exp)
    return flint.fmpq(man << e) if e >= 0 else flint.fmpq(man, flint.fmpz(1) << -e)


#: Largest |binary exponent| read into a Fraction: arb keeps finite balls with exponents far beyond what an
#: integer can hold (exp(exp(exp(2))) is finite to arb); past 2^20 bits the endpoints are refused like a
#: non-finite ball (callers then have no bound, never a wrong one) instead of overflowing ``1 << exp``.
MAX_ENDPOINT_EXPONENT = 1 << 20


def _dyadic(exact_ball, ball) -> Fraction:
    man, exp = exact_ball.man_exp()
    man, exp = int(man), int(exp)
    if abs(exp) > MAX_ENDPOINT_EXPONENT:
        raise NonFiniteBallError(f"ball={ball!r} has a binary exponent beyond 2^{MAX_ENDPOINT_EXPONENT.bit_length() - 1}; "
                                 f"its endpoints are too large for exact rationals", ball=ball)
    return Fraction(man * (1 << exp)) if exp >= 0 else Fraction(man, 1 << -exp)


_UNARY = {
    sympy.exp: "exp",
    sympy.sinh: "sinh",
    sympy.cosh: "cosh",
    sympy.tanh: "tanh",
    sympy.sin: "sin",
    sympy.cos: "cos",
    sympy.tan: "tan",
    sympy.atan: "atan",
    sympy.asinh: "asinh",
}


def arb_eval(expr, prec: int, *, env=None):
    """Evaluate the exact real ``expr`` to an ``arb`` ball at ``prec`` bits.

    Parameters
    ----------
    expr : sympy expression, int, Fraction or LogForm
        Closed, or with its free symbols bound in ``env``.
    prec : int
        Working precision in bits (``flint.ctx.prec`` during the walk; restored after).
    env : dict {sympy.Symbol: arb | int | Fraction}, optional
        Balls for free symbols (e.g. an ε-interval for branch-and-bound).

    Returns
    -------
    flint.arb
        A finite ball certified to contain the exact value.

    Raises
    ------
    EntryRangeError     infinite/NaN values, or a function certainly outside its real domain
    NotExactError       a Float inside the expression
    UnknownSymbolError  an unbound symbol or an unsupported function
    NonFiniteBallError  the precision was too low to keep the ball finite
    """
    prec = _check_prec(prec)
    env = dict(env or {})
    for sym, val in env.items():
        if not isinstance(sym, sympy.Symbol):
            raise InvalidArgument(f"env key {sym!r} of type {type(sym).__name__} must be a sympy Symbol")
        if isinstance(val, float) or isinstance(val, bool):
            raise NotExactError(f"env[{sym}]={val!r} is a {type(val).__name__}; give an arb ball or an exact rational")
    with working_precision(prec):
        bound = {}
        for sym, val in env.items():
            if isinstance(val, flint.arb):
                bound[sym] = val
            elif isinstance(val, LogForm):
                bound[sym] = val.arb(prec)
            else:
                bound[sym] = _arb_rational(val)
        return _Walker(prec, bound).eval(expr)


class _Walker:
    def __init__(self, prec, env):
        self.prec = prec
        self.env = env
        self.memo = {}

    def eval(self, expr):
        if isinstance(expr, bool):
            raise InvalidArgument(f"expr={expr!r} is a bool, not a number")
        if isinstance(expr, (int, Fraction)):
            return _arb_rational(expr)
        if isinstance(expr, LogForm):
            return expr.arb(self.prec)
        if isinstance(expr, float):
            raise NotExactError(f"expr={expr!r} is a float; exact values are required")
        if isinstance(expr, flint.arb):
            return expr
        if not isinstance(expr, sympy.Basic):
            raise InvalidArgument(f"expr={expr!r} of type {type(expr).__name__} is not an exact expression")
        try:
            return self.memo[expr]
        except KeyError:
            pass
        val = self._node(expr)
        if not val.is_finite():
            raise NonFiniteBallError(
                f"sub-expression {expr} evaluates to the non-finite ball {val} at {self.prec} bits",
                subexpr=expr,
                ball=val,
                prec=self.prec,
            )
        self.memo[expr] = val
        return val

    def _node(self, e):
        if e.is_Rational:
            return _arb_rational(e)
        if e.is_Float:
            raise NotExactError(f"expression contains the Float {e}; write exact numbers")
        if e in (sympy.oo, -sympy.oo, sympy.zoo) or e is sympy.nan:
            raise EntryRangeError(f"expression contains {e}, which is not a finite real number")
        if e.is_Symbol:
            try:
                return self.env[e]
            except KeyError:
                raise UnknownSymbolError(
                    f"free symbol {e} has no ball in env (bound: {sorted(map(str, self.env))})"
                ) from None
        if e is sympy.I:
            raise EntryRangeError(f"expression contains the imaginary unit I; its value is not real")
        if e is sympy.pi:
            return flint.arb.pi()
        if e is sympy.E:
            return flint.arb.const_e()
        if e is sympy.EulerGamma:
            return flint.arb.const_euler()
        if isinstance(e, sympy.Add):
            acc = self.eval(e.args[0])
            for a in e.args[1:]:
                acc = acc + self.eval(a)
            return acc
        if isinstance(e, sympy.Mul):
            acc = self.eval(e.args[0])
            for a in e.args[1:]:
                acc = acc * self.eval(a)
            return acc
        if isinstance(e, sympy.Pow):
            return self._pow(e)
        if isinstance(e, sympy.log):
            x = self.eval(e.args[0])
            if x <= 0:  # arb comparison: certainly ≤ 0
                raise EntryRangeError(f"{e}: the argument {e.args[0]} is not positive (ball {x}); log is not real")
            if not x > 0:
                raise NonFiniteBallError(
                    f"{e}: the ball {x} of the argument contains 0 at {self.prec} bits; raise the precision",
                    subexpr=e,
                    ball=x,
                    prec=self.prec,
                )
            return x.log()
        if isinstance(e, sympy.Abs):
            return abs(self.eval(e.args[0]))
        if isinstance(e, (sympy.Min, sympy.Max)):
            vals = [self.eval(a) for a in e.args]
            acc = vals[0]
            for v in vals[1:]:
                acc = acc.min(v) if isinstance(e, sympy.Min) else acc.max(v)
            return acc
        name = _UNARY.get(e.func)
        if name is not None and len(e.args) == 1:
            return getattr(self.eval(e.args[0]), name)()
        raise UnknownSymbolError(
            f"cannot evaluate {e} (node {type(e).__name__}) with certified arithmetic; "
            f"supported: + * ** exp log sqrt Abs Min Max {' '.join(sorted(_UNARY.values()))} pi E"
        )

    def _pow(self, e):
        base, ex = e.base, e.exp
        if ex.is_Integer:
            b = self.eval(base)
            n = int(ex)
            if n < 0 and b == 0:  # certainly zero
                raise EntryRangeError(f"{e}: division by zero ({base} == 0)")
            return b ** n
        if ex.is_Rational:
            b = self.eval(base)
            if b < 0:  # certainly negative: sympy's principal root is not real
                raise EntryRangeError(f"{e}: {base} is negative (ball {b}); the rational power is not real")
            p, q = int(ex.p), int(ex.q)
            if q == 2:
                r = b.sqrt()
                return r ** p
            return b ** flint.fmpq(p, q)
        # general exponent: b**x = exp(x log b), for b > 0
        x = self.eval(ex)
        if base is sympy.E:
            return x.exp()
        b = self.eval(base)
        if b <= 0:
            raise EntryRangeError(f"{e}: base {base} is not positive (ball {b}); the real power is undefined")
        return (x * b.log()).exp()
