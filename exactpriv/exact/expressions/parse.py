"""Public parsers of the safe grammar: expressions, inequalities, intervals and exact rationals.

Thin entry points over :mod:`exactpriv.exact.expressions.parser`: each validates its arguments,
declares the symbols and functions allowed, and returns sympy objects (or a Fraction for
:func:`parse_rational`, which accepts ``p/q`` and exact decimal spellings by regular expression,
never by ``float``).
"""

from __future__ import annotations

import ast
import math
import re
from fractions import Fraction

import sympy
from sympy import S

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UnsafeInputError
from .grammar import (
    check_text, COMPARE_OPS, REFUSED_COMPARE_SYMBOLS, shorten, COMPARISON_OPERATORS, Inequality,
    IntervalBounds,
)
from .parser import Parser

__all__ = ["parse_expression", "parse_inequality", "parse_interval", "parse_rational"]


# ---------------------------------------------------------------------------------------
# Public API


def parse_expression(
    text: str, *, symbols=None, functions=None, max_length: int = 10_000, name: str = "expression"
) -> sympy.Expr:
    """Parse ``text`` into an exact sympy expression, executing nothing.

    Grammar: integer literals; the names in ``symbols`` (default ``{"eps": EPS}``, the
    nonnegative privacy parameter) and the constants ``pi``, ``E``, ``oo``; binary
    ``+ - * / **`` (``/`` of integers is an exact ``Rational``); unary ``-``/``+``;
    parentheses; calls by bare name of :data:`ALLOWED_FUNCTIONS` (``exp``, ``log`` with 1 or 2
    arguments, ``ln`` = ``log``, ``sqrt``, ``Abs``, ``Min``, ``Max``, ``sinh``, ``cosh``,
    ``tanh``), or of the subset named in ``functions``.  Printable ASCII only.

    Parameters
    ----------
    text : str
        The expression, e.g. ``"exp(eps)/(1 + exp(eps))"``.
    symbols : mapping name -> sympy.Symbol, or collection of sympy.Symbol, optional
        The free symbols allowed (names must equal the symbols' names).  ``{}`` allows none.
    functions : collection of str, optional
        A subset of :data:`ALLOWED_FUNCTIONS`; default all of them.
    max_length : int
        Longer texts are refused before parsing.
    name : str
        How error messages name the text (a JSON path, say).

    Raises
    ------
    UnsafeInputError, UnknownSymbolError, NotExactError, InvalidArgument
        See the module docstring; messages name the offending token and its 1-based column.
    """
    check_text(text, name, max_length)
    parser = Parser(text, name, symbols, functions)
    parser.prescan()
    return parser.expression(0, len(text))


def parse_inequality(
    text: str, *, symbols=None, functions=None, max_length: int = 10_000, name: str = "inequality"
) -> Inequality:
    """Parse one comparison ``lhs op rhs`` (op one of ``< <= > >= ==``) into an :class:`Inequality`.

    Both sides follow the grammar of :func:`parse_expression`; chained comparisons
    (``a < b < c``) and ``!=`` are refused.  Example: ``"eps*tanh(eps/2) <= Min(eps, eps**2)"``
    (the form of the Cuff–Yu KL bound, Cuff–Yu).
    """
    check_text(text, name, max_length)
    parser = Parser(text, name, symbols, functions)
    parser.prescan()
    body = parser.parse_fragment(0, len(text), allow_compare=True)
    if not isinstance(body, ast.Compare):
        parser.fail(UnsafeInputError, f"expected one comparison 'lhs op rhs' with op in {list(COMPARISON_OPERATORS)}",
                    None)
    if len(body.ops) != 1:
        column = parser.offset + body.comparators[0].end_col_offset
        parser.fail(UnsafeInputError, "chained comparisons are not allowed; write a single comparison", column)
    op_type = type(body.ops[0])
    if op_type not in COMPARE_OPS:
        symbol = REFUSED_COMPARE_SYMBOLS.get(op_type, op_type.__name__)
        found = parser.fragment.find(symbol.split()[0], body.left.end_col_offset, body.comparators[0].col_offset)
        parser.fail(UnsafeInputError, f"comparison operator {symbol!r} is not allowed; use one of "
                    f"{list(COMPARISON_OPERATORS)}", parser.offset + max(found, 0))
    parser.check(body.left, 1)
    parser.check(body.comparators[0], 1)
    lhs = parser.build(body.left)
    rhs = parser.build(body.comparators[0])
    return Inequality(lhs, COMPARE_OPS[op_type], rhs)


def parse_interval(text: str, *, functions=None, max_length: int = 10_000, name: str = "interval") -> IntervalBounds:
    """Parse a real interval ``"[lo, hi]"``, ``"(lo, hi]"``, ``"[0, oo)"`` ... into :class:`IntervalBounds`.

    Endpoints are constant expressions of the grammar (no free symbols: an interval is a
    domain *for* ``eps``), real, ``-oo``/``oo`` only as open ends, and ``lo < hi`` (or
    ``lo == hi`` for a closed point interval ``[a, a]``).  The order of non-rational endpoints is
    decided by sympy's significance-tracking numerical evaluation; if that cannot decide,
    :class:`InvalidArgument` is raised rather than guessing.
    """
    check_text(text, name, max_length)
    parser = Parser(text, name, {}, functions)
    parser.prescan()
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    if end - start < 2 or text[start] not in "[(" or text[end - 1] not in "])":
        parser.fail(UnsafeInputError, "an interval is written '[lo, hi]', '(lo, hi)', '[lo, hi)' or '(lo, hi]'",
                    start if start < len(text) else None)
    depth, commas = 0, []
    for i in range(start + 1, end - 1):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            commas.append(i)
    if len(commas) != 1:
        parser.fail(UnsafeInputError, f"an interval has exactly two endpoints separated by one ','; found "
                    f"{len(commas) + 1} parts", commas[1] if len(commas) > 1 else start)
    lo = parser.expression(start + 1, commas[0])
    lo_column = parser.offset
    hi = parser.expression(commas[0] + 1, end - 1)
    hi_column = parser.offset
    lo_closed, hi_closed = text[start] == "[", text[end - 1] == "]"
    for value, column in ((lo, lo_column), (hi, hi_column)):
        if value.is_extended_real is not True:
            parser.fail(InvalidArgument, f"endpoint {value} is not known to be real", column)
    if lo is S.Infinity or hi is S.NegativeInfinity:
        parser.fail(InvalidArgument, "the lower endpoint is oo or the upper endpoint is -oo",
                    lo_column if lo is S.Infinity else hi_column)
    if (lo is S.NegativeInfinity and lo_closed) or (hi is S.Infinity and hi_closed):
        parser.fail(InvalidArgument, "an infinite endpoint must be open: write '(' before -oo and ')' after oo",
                    start if lo is S.NegativeInfinity and lo_closed else end - 1)
    if lo != hi and S.Infinity not in (lo, hi) and S.NegativeInfinity not in (lo, hi):
        gap = hi - lo
        positive = gap.is_extended_positive
        if positive is None:
            parser.fail(InvalidArgument, f"cannot decide whether {lo} < {hi}", lo_column)
        if not positive:
            if gap.is_zero is not True:
                parser.fail(InvalidArgument, f"the lower endpoint {lo} exceeds the upper endpoint {hi}", lo_column)
            lo = hi  # equal values written differently: a point
    if lo == hi and not (lo_closed and hi_closed):
        parser.fail(InvalidArgument, f"the interval with both endpoints {lo} is empty unless written '[a, a]'",
                    start)
    return IntervalBounds(lo, hi, lo_closed, hi_closed)


_RATIONAL_RE = re.compile(r"([+-]?[0-9]+)(?:\s*/\s*([0-9]+))?\Z", re.ASCII)

_DECIMAL_RE = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z", re.ASCII)


def parse_rational(text, *, name: str = "value", max_length: int = 10_000) -> Fraction:
    """Read an exact rational written ``"p/q"``, ``"-3"`` or ``"0"`` (or a Python ``int``).

    This is the strict form for exact values in files: decimals (``"0.25"``), exponents
    (``"1e-3"``), ``"nan"``/``"inf"`` and floats are refused with an error that spells the
    exact fraction to write instead (``"1/4"``).  The denominator must be positive.
    """
    if isinstance(text, bool):
        raise InvalidArgument(f"{name}={text!r} of type bool is not a rational")
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        exact = Fraction(text).limit_denominator(10**6) if math.isfinite(text) else None
        spelled = f"a string such as '{exact}'" if exact is not None else "a finite rational 'p/q'"
        raise NotExactError(f"{name}={text!r} is a float; exact values are written as {spelled}")
    check_text(text, name, max_length)
    stripped = text.strip()
    match = _RATIONAL_RE.match(stripped)
    if match:
        numerator, denominator = match.group(1), match.group(2)
        try:
            p = int(numerator)
            q = int(denominator) if denominator is not None else 1
        except ValueError as exc:  # more digits than Python converts
            raise InvalidArgument(f"{name}={shorten(repr(text))} is too long a number: {exc}") from None
        if q == 0:
            raise InvalidArgument(f"{name}={text!r} has denominator 0")
        return Fraction(p, q)
    lowered = stripped.lower().lstrip("+-")
    if lowered in ("nan", "inf", "infinity", "oo"):
        raise EntryRangeError(f"{name}={text!r} is not a finite rational; write 'p/q' or an integer")
    exact = None
    if _DECIMAL_RE.match(stripped):
        try:
            exact = Fraction(stripped)
        except (ValueError, ZeroDivisionError):  # e.g. more digits than Python converts
            exact = None
    if exact is not None:
        raise NotExactError(
            f"{name}={text!r} is a decimal; exact values are written 'p/q' or as integers: write {str(exact)!r}"
        )
    raise InvalidArgument(f"{name}={shorten(repr(text))} is not an exact rational; write 'p/q' (like '3/4') or an "
                          f"integer")
