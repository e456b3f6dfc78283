"""Exact scalars: conversion of user input to exact values, refusing floats.

The canonical rational is :class:`fractions.Fraction` (hashable, value semantics,
understood by sympy and python-flint); anything that is not rational but exact is a
sympy expression.  Floats are refused unless converted explicitly with :func:`from_float`,
because a float silently turned into a rational (dit's habit) makes "exact" a lie.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

import sympy

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UnknownSymbolError

__all__ = [
    "EPS",
    "OO",
    "MAX_ROW_DENOMINATOR_BITS",
    "check_denominators",
    "describe_number",
    "as_rational",
    "as_exact",
    "from_float",
    "is_rational",
    "to_sympy",
    "to_fraction",
]

#: The privacy-parameter symbol used throughout (declared nonnegative, as in every seed).
EPS = sympy.Symbol("eps", nonnegative=True)
#: +∞ as measures and bounds state it (``sympy.oo``: exact comparisons with it are decided by sympy).
OO = sympy.oo


#: Most bits the distinct denominators of one row (or pmf) may have together.  Their product
#: bounds the common denominator an exact row sum needs; beyond this, ``math.lcm`` and the sum
#: run for minutes (measured: 300 distinct 3,000-digit denominators hung for over 120 s).
MAX_ROW_DENOMINATOR_BITS = 100_000


def describe_number(value, *, limit: int = 60) -> str:
    """A short text for an exact number that cannot itself fail (Python refuses to print
    integers of more than 4,300 digits): the value when short, else its size and sign."""
    if isinstance(value, Fraction):
        bits = value.numerator.bit_length() + value.denominator.bit_length()
        if bits <= 3 * limit:
            text = str(value)
            if len(text) <= limit:
                return text
        digits = int(max(value.numerator.bit_length(), value.denominator.bit_length()) * math.log10(2)) + 1
        sign = "-" if value < 0 else ""
        # the magnitude from bit lengths (a float of value would underflow to 0 or overflow)
        exponent = round((value.numerator.bit_length() - value.denominator.bit_length()) * math.log10(2))
        return f"{sign}a fraction of about {digits:,} digits, of magnitude about 10^{exponent}"
    try:
        text = str(value)
    except ValueError:
        return f"<{type(value).__name__} too large to print>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_denominators(values, what: str) -> None:
    """Refuse a row/pmf of Fractions whose distinct denominators exceed
    :data:`MAX_ROW_DENOMINATOR_BITS` bits together, before any sum is formed."""
    bits = sum(d.bit_length() for d in {v.denominator for v in values if isinstance(v, Fraction)})
    if bits > MAX_ROW_DENOMINATOR_BITS:
        from exactpriv.errors import UnsafeInputError

        raise UnsafeInputError(f"{what}: its distinct denominators have {bits:,} bits together, above the limit "
                               f"of {MAX_ROW_DENOMINATOR_BITS:,} (an exact sum would take minutes)")


def _describe(value, name):
    return f"{name}={value!r} of type {type(value).__name__}"


def _rational_from_str(text: str, name: str) -> Fraction:
    text = text.strip()
    if not text.isascii():  # int()/Fraction() read look-alike digits: "\u09ea/8" (Bengali 4) would be 1/2
        raise InvalidArgument(f"{_describe(text, name)} has non-ASCII characters; write digits 0-9 like '3/4'")
    try:
        # Fraction parses "p/q", "-3", "0.25" (decimal strings are exact decimals).
        return Fraction(text)
    except (ValueError, ZeroDivisionError) as exc:
        raise InvalidArgument(f"{_describe(text, name)} is not an exact rational like '3/4': {exc}") from None


def as_rational(value, name: str = "value") -> Fraction:
    """Return ``value`` as an exact :class:`Fraction`, or raise a typed error.

    Accepts int, Fraction, sympy Rational/Integer, python-flint fmpq/fmpz, and strings
    "p/q".  Refuses float (:class:`NotExactError`), NaN/inf, bool, and irrational values.
    """
    if isinstance(value, bool):
        raise InvalidArgument(f"{_describe(value, name)}: a bool is not a probability")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise EntryRangeError(f"{_describe(value, name)} is not a finite number")
        raise NotExactError(
            f"{_describe(value, name)} is a float; exact values are required. "
            f"Write it as a string like '{Fraction(value).limit_denominator(10**6)}' "
            f"or convert deliberately with exactpriv.from_float({value!r})"
        )
    if isinstance(value, str):
        return _rational_from_str(value, name)
    if isinstance(value, sympy.Basic):
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        if value.is_Float:
            raise NotExactError(f"{_describe(value, name)} is a sympy Float; exact values are required")
        raise InvalidArgument(f"{_describe(value, name)} is not a rational number")
    type_name = type(value).__name__
    if type_name in ("fmpq", "fmpz"):
        return Fraction(int(value.p), int(value.q)) if type_name == "fmpq" else Fraction(int(value))
    if isinstance(value, numbers.Integral):  # numpy integers
        return Fraction(int(value))
    if isinstance(value, numbers.Real):  # numpy floats and friends
        raise NotExactError(f"{_describe(value, name)} is inexact; exact values are required")
    raise InvalidArgument(f"{_describe(value, name)} cannot be read as an exact rational")


def as_exact(value, name: str = "value", *, symbols=(EPS,)):
    """Return an exact scalar: a Fraction when rational, else a sympy expression.

    Sympy expressions may only contain the declared ``symbols``; floats anywhere inside an
    expression are refused.
    """
    if isinstance(value, sympy.Basic):
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        if value.has(sympy.Float):
            raise NotExactError(f"{_describe(value, name)} contains a float; write exact numbers")
        if value.has(sympy.nan, sympy.zoo):
            raise EntryRangeError(f"{_describe(value, name)} is undefined")
        allowed = set(symbols)
        unknown = sorted(str(s) for s in value.free_symbols if s not in allowed)
        if unknown:
            raise UnknownSymbolError(
                f"{_describe(value, name)} uses undeclared symbol(s) {unknown}; declared: {sorted(map(str, allowed))}"
            )
        return value
    return as_rational(value, name)


def is_rational(value) -> bool:
    return isinstance(value, (Fraction, int)) and not isinstance(value, bool)


def to_sympy(value) -> sympy.Expr:
    """Exact value (Fraction/int/sympy) as a sympy expression."""
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, sympy.Basic):
        return value
    to_sym = getattr(value, "to_sympy", None)
    if to_sym is not None:
        return to_sym()
    raise InvalidArgument(f"{_describe(value, 'value')} has no exact sympy form")


def to_fraction(value) -> Fraction:
    """Alias of :func:`as_rational` for internal use."""
    return as_rational(value)


def from_float(value: float, *, max_denominator: int | None = None) -> Fraction:
    """Deliberately convert a float to an exact rational.

    Without ``max_denominator`` the result is the float's exact binary value
    (``from_float(0.1) == Fraction(3602879701896397, 36028797018963968)``); with it, the
    closest fraction with denominator at most ``max_denominator`` (``from_float(0.1,
    max_denominator=100) == Fraction(1, 10)``).
    """
    if not isinstance(value, (float, int)) or isinstance(value, bool):
        raise InvalidArgument(f"{_describe(value, 'value')}: from_float takes a float")
    if math.isnan(value) or math.isinf(value):
        raise EntryRangeError(f"{_describe(value, 'value')} is not finite")
    q = Fraction(value)
    if max_denominator is not None:
        if not isinstance(max_denominator, int) or max_denominator < 1:
            raise InvalidArgument(f"max_denominator={max_denominator!r} must be a positive int")
        q = q.limit_denominator(max_denominator)
    return q
