"""Validation of a certifier call and the charts that map its domain to a finite rational left end.

Step 0 of :mod:`exactpriv.certify.prover`: sides are exact sympy expressions in one variable (floats
refused), ends are exact constants or ±oo; infinite ends, ``-oo`` and irrational ends are mapped by a
chart (``ε = -x``, ``ε = lo + (hi - lo) x``) to a domain the later methods handle.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.certify.core import Dom, to_q
from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UnknownSymbolError
from exactpriv.exact.expressions import IntervalBounds, parse_expression, parse_interval
from exactpriv.exact.kernel import compare


__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.certify.prover


# ---------------------------------------------------------------------------------------
# validation
def check_budget(seconds, max_prec):
    """Refuse a time limit that is not a positive finite number and a precision below 32 bits."""
    if seconds is None:
        pass
    elif isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 \
            or seconds != seconds or seconds == float("inf"):
        raise InvalidArgument(f"seconds={seconds!r} of type {type(seconds).__name__} must be a positive finite number")
    if isinstance(max_prec, bool) or not isinstance(max_prec, int) or max_prec < 32:
        raise InvalidArgument(f"max_prec={max_prec!r} of type {type(max_prec).__name__} must be an int >= 32 (bits)")


def check_variable(variable):
    """``variable`` checked to be a sympy Symbol."""
    if not isinstance(variable, sympy.Symbol):
        raise InvalidArgument(f"variable={variable!r} of type {type(variable).__name__} must be a sympy Symbol")
    return variable


def as_expression(value, name: str, var) -> sympy.Expr:
    """``value`` (text, int, Fraction or sympy expression in ``var``) as an exact sympy expression; floats refused."""
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not an expression")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number such as "
                            f"'{Fraction(value).limit_denominator(10**6)}'")
    if isinstance(value, str):
        return parse_expression(value, symbols={var.name: var}, name=name)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    if not isinstance(value, sympy.Expr):
        raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not an exact expression")
    if value.has(sympy.Float):
        raise NotExactError(f"{name}={value} contains a float; write exact numbers")
    if value.has(sympy.nan, sympy.zoo) or value.has(sympy.oo, -sympy.oo):
        raise EntryRangeError(f"{name}={value} contains an infinity or nan")
    if value.has(sympy.I):
        raise EntryRangeError(f"{name}={value} is not real (contains I)")
    extra = sorted(str(s) for s in value.free_symbols if s != var)
    if extra:
        raise UnknownSymbolError(f"{name}={value} uses symbol(s) {extra}; only the variable {var} is allowed")
    return value


def _as_endpoint(value, name: str) -> sympy.Expr:
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not a number")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number or oo")
    if isinstance(value, str):
        return parse_expression(value, symbols={}, name=name)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    if not isinstance(value, sympy.Expr) or value.free_symbols:
        raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not a constant exact number")
    if value.has(sympy.Float):
        raise NotExactError(f"{name}={value} contains a float")
    if value in (sympy.oo, -sympy.oo):
        return value
    if value.has(sympy.nan, sympy.zoo, sympy.I, sympy.oo, -sympy.oo):
        raise EntryRangeError(f"{name}={value} is not a finite real number (or oo/-oo)")
    return value


def domain_bounds(domain, closed, var):
    """(lo, hi, lo_closed, hi_closed) from a tuple, IntervalBounds or text."""
    if isinstance(domain, str):
        domain = parse_interval(domain, name="domain")
    if isinstance(domain, IntervalBounds):
        lo, hi, lc, hc = domain
    else:
        if not isinstance(domain, (tuple, list)) or len(domain) != 2:
            raise InvalidArgument(f"domain={domain!r} must be a pair (lo, hi), an IntervalBounds or text '[0, oo)'")
        lo, hi = domain
        if not isinstance(closed, (tuple, list)) or len(closed) != 2 or not all(isinstance(c, bool) for c in closed):
            raise InvalidArgument(f"closed={closed!r} must be a pair of bools (lo_closed, hi_closed)")
        lc, hc = closed
    lo, hi = _as_endpoint(lo, "domain lower end"), _as_endpoint(hi, "domain upper end")
    if lo is sympy.oo or hi is -sympy.oo:
        raise InvalidArgument(f"domain ({lo}, {hi}): the lower end cannot be oo nor the upper end -oo")
    if (lo is -sympy.oo and lc) or (hi is sympy.oo and hc):
        raise InvalidArgument(f"domain ends at infinity must be open, got closed={(lc, hc)} for ({lo}, {hi})")
    if lo is not -sympy.oo and hi is not sympy.oo:
        d = compare(lo, "<=", hi, max_prec=512)
        if not d.is_true:
            raise InvalidArgument(f"domain ({lo}, {hi}): the lower end must not exceed the upper end ({d.reason})")
        if compare(lo, "==", hi, max_prec=512).is_true and not (lc and hc):
            raise InvalidArgument(f"domain with equal ends {lo} is empty unless both ends are closed")
    if var.is_nonnegative and (lo is -sympy.oo or compare(lo, "<", 0, max_prec=512).is_true):
        raise InvalidArgument(f"the variable {var} is declared nonnegative; the domain ({lo}, {hi}) must lie in [0, oo)")
    return lo, hi, lc, hc


def domain_text(lo, hi, lc, hc) -> str:
    """The domain written as an interval, brackets by closedness: ``[0, oo)``."""
    return f"{'[' if lc else '('}{lo}, {hi}{']' if hc else ')'}"


# ---------------------------------------------------------------------------------------
# charts: map the domain to one with a finite rational left end
@dataclass
class Chart:
    """A change of variable: the original variable is ``phi(x)`` with ``x`` ranging over ``dom``."""

    x: sympy.Symbol
    phi: sympy.Expr  # the original variable as a function of x
    dom: Dom
    note: str | None


def charts_of(lo, hi, lc, hc, var) -> list[Chart]:
    def rat(e):
        return e.is_Rational

    if lo is -sympy.oo:
        x = sympy.Dummy("x", real=True)
        if hi is sympy.oo:
            return [Chart(x, -x, Dom(Fraction(0), None, True, False), f"{var} = -x, x >= 0"),
                    Chart(var, var, Dom(Fraction(0), None, True, False), None)]
        if rat(hi):
            return [Chart(x, -x, Dom(-to_q(hi), None, hc, False), f"{var} = -x")]
        return [Chart(x, hi - x, Dom(Fraction(0), None, hc, False), f"{var} = {hi} - x")]
    if rat(lo) and (hi is sympy.oo or rat(hi)):
        return [Chart(var, var, Dom(to_q(lo), None if hi is sympy.oo else to_q(hi), lc, hc), None)]
    x = sympy.Dummy("x", real=True)
    if hi is sympy.oo:
        return [Chart(x, lo + x, Dom(Fraction(0), None, lc, False), f"{var} = {lo} + x")]
    return [Chart(x, lo + (hi - lo) * x, Dom(Fraction(0), Fraction(1), lc, hc), f"{var} = {lo} + ({hi - lo})*x")]
