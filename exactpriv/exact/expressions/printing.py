"""Printing parsed expressions back in the safe grammar (round-trip: parse(format(e)) == e).

Each text is checked by parsing it again; sympy's ``sstr`` is tried first, then a ``StrPrinter``
subclass that writes a rational coefficient apart (``1/3*(1/(eps + 2))``), because sympy distributes
a rational over a sum when the two meet and plain ``sstr`` output can read back as another object.
Text that does not round-trip is refused (InvalidArgument), never returned.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from sympy import S
from sympy.printing.str import StrPrinter

from exactpriv.errors import ExactPrivError, InvalidArgument, NotExactError
from .grammar import shorten, COMPARISON_OPERATORS, Inequality, IntervalBounds
from .parse import parse_expression

__all__ = ["format_expression", "format_inequality", "format_interval"]


def format_expression(expr, *, symbols=None, functions=None) -> str:
    """Write ``expr`` as text that :func:`parse_expression` reads back to the identical object.

    Uses sympy's ``sstr`` (``exp(1)`` prints ``E``, rationals print ``3/4``) and then checks the
    round trip by parsing the text again (with ``symbols``, default the free symbols of
    ``expr``); an expression outside the grammar (a float, ``I``, an unknown function, an
    unevaluated ``2*3``) raises :class:`InvalidArgument` (:class:`NotExactError` for floats)
    instead of returning text that would read back as something else.
    """
    if isinstance(expr, float):
        raise NotExactError(f"expr={expr!r} is a float; exact values are required")
    if isinstance(expr, bool):
        raise InvalidArgument(f"expr={expr!r} of type bool is not an expression")
    if isinstance(expr, Fraction):
        expr = sympy.Rational(expr.numerator, expr.denominator)
    elif isinstance(expr, int):
        expr = sympy.Integer(expr)
    if not isinstance(expr, sympy.Expr):
        raise InvalidArgument(f"expr={shorten(repr(expr))} of type {type(expr).__name__} is not a sympy expression")
    if expr.has(sympy.Float):
        raise NotExactError(f"expr={shorten(str(expr))} contains a float; exact values are required")
    if symbols is None:
        symbols = {sym.name: sym for sym in expr.free_symbols if isinstance(sym, sympy.Symbol)}
    again = None
    for printer in (sympy.sstr, _CoefficientFirstPrinter().doprint):
        try:
            text = printer(expr)
        except ValueError as exc:  # an integer beyond Python's int-to-str limit
            raise InvalidArgument(f"expr cannot be printed exactly: {exc}") from None
        try:
            again = parse_expression(text, symbols=symbols, functions=functions, max_length=max(len(text), 1))
        except ExactPrivError as exc:
            raise InvalidArgument(f"expr={shorten(text)} is outside the safe grammar: {exc}") from None
        if again == expr:
            return text
    raise InvalidArgument(f"expr={shorten(text)} does not round-trip: it reads back as {shorten(str(again))}")


class _CoefficientFirstPrinter(StrPrinter):
    """``sstr`` variant printing ``c*(rest)`` and ``-(rest)`` for a rational coefficient ``c``.

    sympy distributes a rational over a sum as soon as the two meet, so ``sstr`` output can
    read back differently: ``sstr(Rational(1, 3)/(eps + 2))`` is ``1/(3*(eps + 2))``, read
    back as ``1/(3*eps + 6)``, and ``sstr(-(eps + 1)*log(3))`` is ``-(eps + 1)*log(3)``, read
    back as ``(-eps - 1)*log(3)``.  Writing the coefficient apart, ``1/3*(1/(eps + 2))`` and
    ``-((eps + 1)*log(3))``, reads back as the original product.  Used only when plain
    ``sstr`` does not round-trip.
    """

    def _print_Mul(self, expr):
        coeff, rest = expr.as_coeff_Mul()
        if coeff.is_Rational and coeff is not S.One and rest is not S.One:
            if coeff is S.NegativeOne:
                return f"-({self._print(rest)})"
            return f"{self._print(coeff)}*({self._print(rest)})"
        return super()._print_Mul(expr)


def format_inequality(inequality: Inequality, *, symbols=None, functions=None) -> str:
    """Write an :class:`Inequality` as text that :func:`parse_inequality` reads back."""
    lhs, op, rhs = inequality
    if op not in COMPARISON_OPERATORS:
        raise InvalidArgument(f"op={op!r} is not one of {list(COMPARISON_OPERATORS)}")
    left = format_expression(lhs, symbols=symbols, functions=functions)
    right = format_expression(rhs, symbols=symbols, functions=functions)
    return f"{left} {op} {right}"


def format_interval(interval: IntervalBounds, *, functions=None) -> str:
    """Write :class:`IntervalBounds` as text that :func:`parse_interval` reads back, e.g. ``[0, oo)``."""
    lo, hi, lo_closed, hi_closed = interval
    left = format_expression(lo, symbols={}, functions=functions)
    right = format_expression(hi, symbols={}, functions=functions)
    return f"{'[' if lo_closed else '('}{left}, {right}{']' if hi_closed else ')'}"
