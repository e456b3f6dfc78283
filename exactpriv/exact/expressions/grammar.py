"""The safe expression grammar's vocabulary and limits: allowed functions, constants, operators.

Read by :mod:`exactpriv.exact.expressions` (the only road from user strings and file contents to
sympy).  The allow-lists are explicit tables, not a blacklist, so nothing outside them can be named;
the resource limits (node count, depth, exponent, rational and radicand sizes) are chosen so that the
worst accepted input parses in about a second and every accepted value prints again under Python's
4300-digit ``int``-to-``str`` limit.  Also the typed results (:class:`Inequality`,
:class:`IntervalBounds`) and the validation of caller-declared symbols and functions.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Callable, NamedTuple

import sympy
from sympy import S

from exactpriv.errors import InvalidArgument, NotExactError, UnsafeInputError
from exactpriv.exact.numbers import EPS


__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_FUNCTION_ARGS",
    "MAX_MINMAX_ARGS_TOTAL",
    "MAX_EXPONENT",
    "MAX_RATIONAL_BITS",
    "MAX_ROOT_BITS",
    "MAX_EXP_ARGUMENT",
    "ALLOWED_CONSTANTS",
    "ALLOWED_FUNCTIONS",
    "COMPARISON_OPERATORS",
    "Inequality",
    "IntervalBounds",
]


# ---------------------------------------------------------------------------------------
# Limits.  Realistic expressions in exactpriv (mechanism entries, claim bounds) have fewer
# than 100 nodes, depth below 15 and integers of a few digits; the limits leave wide room.

#: Maximum nesting depth of the syntax tree (left operands of binary operators do not count,
#: so long sums and products are fine) and of brackets in the text.
MAX_DEPTH = 64

#: Maximum number of syntax-tree nodes (literals, names, operators, calls).
MAX_NODES = 1000

#: Maximum number of arguments of one call (after Min/Max flattening).
MAX_FUNCTION_ARGS = 8

#: Maximum number of Min/Max arguments in one expression (their evaluation is quadratic).
MAX_MINMAX_ARGS_TOTAL = 16

#: Numeric exponents p/q (also hidden ones, as in exp(p/q*log(x))) need |p/q| and q at most this.
MAX_EXPONENT = 10_000

#: Every rational built (literal or intermediate) has numerator and denominator of at most
#: this many bits together (about 4200 decimal digits: below Python's int-to-str limit).
MAX_RATIONAL_BITS = 14_000

#: Radicands (bases of non-integer rational powers, which sympy trial-factors) are at most
#: this many bits; radicands that sympy would merge in a product count together.
MAX_ROOT_BITS = 1_024

#: Constant arguments of exp, cosh and sinh are at most this large in absolute value (an upper
#: bound estimated from the expression's structure): exp(10**4) has about 14,400 bits, while
#: cosh(cosh(cosh(cosh(cosh(10))))) or exp(exp(100)) overflow mpmath's integer exponents.
MAX_EXP_ARGUMENT = 10_000


#: The named constants of the grammar (read-only).
ALLOWED_CONSTANTS: Mapping[str, sympy.Expr] = MappingProxyType({"pi": S.Pi, "E": S.Exp1, "oo": S.Infinity})


class _FunctionSpec(NamedTuple):
    build: Callable[..., sympy.Expr]
    min_args: int
    max_args: int


# The function catalogue.  Deliberately small: what the papers' statements use.  No
# factorial/binomial (eager big-integer evaluation), no trigonometry (no seed needs it), no
# floor/ceiling.  ``ln`` is an alias of ``log`` (printed back as ``log``).
_FUNCTIONS: dict[str, _FunctionSpec] = {
    "exp": _FunctionSpec(sympy.exp, 1, 1),
    "log": _FunctionSpec(sympy.log, 1, 2),  # log(x) natural; log(x, b) = log(x)/log(b)
    "ln": _FunctionSpec(sympy.log, 1, 2),
    "sqrt": _FunctionSpec(sympy.sqrt, 1, 1),
    "Abs": _FunctionSpec(sympy.Abs, 1, 1),
    "Min": _FunctionSpec(sympy.Min, 1, MAX_FUNCTION_ARGS),
    "Max": _FunctionSpec(sympy.Max, 1, MAX_FUNCTION_ARGS),
    "sinh": _FunctionSpec(sympy.sinh, 1, 1),
    "cosh": _FunctionSpec(sympy.cosh, 1, 1),
    "tanh": _FunctionSpec(sympy.tanh, 1, 1),
}


#: Names of the functions the grammar can call: exp, log (1 or 2 arguments), ln (= log),
#: sqrt, Abs, Min, Max, sinh, cosh, tanh.
ALLOWED_FUNCTIONS: tuple[str, ...] = tuple(sorted(_FUNCTIONS))


#: Comparison operators accepted by :func:`parse_inequality`.
COMPARISON_OPERATORS: tuple[str, ...] = ("<", "<=", ">", ">=", "==")


#: The comparison operators of :data:`COMPARISON_OPERATORS`, by ast node type.
COMPARE_OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "=="}

#: The arithmetic operators the grammar accepts, by ast node type.
BINARY_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}

#: Python operators the grammar refuses, by ast node type: their symbol is echoed in the error message.
REFUSED_BINARY_SYMBOLS = {
    ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
    ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^",
}

#: Python comparisons the grammar refuses, by ast node type (echoed in the error message).
REFUSED_COMPARE_SYMBOLS = {ast.NotEq: "!=", ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}


_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


#: Friendly descriptions of rejected node types (the default is the node class name).
NODE_WORDS = {
    ast.Attribute: "attribute access",
    ast.Subscript: "subscript",
    ast.Lambda: "lambda expression",
    ast.ListComp: "list comprehension",
    ast.SetComp: "set comprehension",
    ast.DictComp: "dict comprehension",
    ast.GeneratorExp: "generator expression",
    ast.List: "list display",
    ast.Tuple: "tuple",
    ast.Set: "set display",
    ast.Dict: "dict display",
    ast.JoinedStr: "f-string",
    ast.FormattedValue: "f-string field",
    ast.NamedExpr: "assignment expression",
    ast.Starred: "starred argument",
    ast.IfExp: "conditional expression",
    ast.BoolOp: "boolean operator",
    ast.Await: "await expression",
    ast.Yield: "yield expression",
    ast.YieldFrom: "yield expression",
    ast.Slice: "slice",
}


#: Hints for characters outside printable ASCII (and line breaks, tabs) in an expression.
CHAR_HINTS = {
    "\u2264": "write '<='", "\u2265": "write '>='", "\u03b5": "write 'eps'", "\u2212": "write '-'",
    "\u00b7": "write '*'", "\u00d7": "write '*'", "\u00f7": "write '/'", "\u221e": "write 'oo'",
    "\u03c0": "write 'pi'", "\n": "line breaks are not allowed", "\t": "tabs are not allowed",
}

#: Hints for common misspellings of names (e, inf, epsilon) and for complex units.
NAME_HINTS = {
    "e": "did you mean E (Euler's number) or exp(...)?", "inf": "did you mean oo?", "infinity": "did you mean oo?",
    "Infinity": "did you mean oo?", "epsilon": "did you mean eps?", "I": "complex numbers are not supported",
    "j": "complex numbers are not supported",
}


#: Longer texts are echoed truncated and without a caret line.
ECHO_LIMIT = 120


class Inequality(NamedTuple):
    """A parsed single comparison ``lhs op rhs`` with ``op`` in :data:`COMPARISON_OPERATORS`."""

    lhs: sympy.Expr
    op: str
    rhs: sympy.Expr


class IntervalBounds(NamedTuple):
    """A parsed real interval such as ``[0, oo)``: endpoints and whether each is included."""

    lo: sympy.Expr
    hi: sympy.Expr
    lo_closed: bool
    hi_closed: bool

    def as_sympy(self) -> sympy.Interval:
        """The same interval as a ``sympy.Interval``."""
        return sympy.Interval(self.lo, self.hi, left_open=not self.lo_closed, right_open=not self.hi_closed)


# ---------------------------------------------------------------------------------------
# Argument normalisation


def check_text(text, name: str, max_length) -> None:
    """Refuse, with a typed error echoing the value, a ``text`` that is no str or longer than ``max_length``."""
    if not isinstance(name, str):
        raise InvalidArgument(f"name={name!r} of type {type(name).__name__} must be a str")
    if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
        raise InvalidArgument(f"max_length={max_length!r} of type {type(max_length).__name__} must be a positive int")
    if isinstance(text, float):
        raise NotExactError(f"{name}={text!r} is a float; pass the expression as a string such as '1/2'")
    if not isinstance(text, str):
        raise InvalidArgument(f"{name}={shorten(repr(text))} of type {type(text).__name__} must be a str")
    if len(text) > max_length:
        raise UnsafeInputError(
            f"{name}={shorten(repr(text))} has {len(text)} characters; the limit is max_length={max_length}"
        )


def normalise_symbols(symbols) -> dict[str, sympy.Symbol]:
    """The caller's symbols as a name -> Symbol table (default: ``eps`` alone), each name checked."""
    if symbols is None:
        return {"eps": EPS}
    if isinstance(symbols, (str, bytes, sympy.Basic)) or not isinstance(symbols, Iterable):
        raise InvalidArgument(
            f"symbols={symbols!r} of type {type(symbols).__name__} must be a mapping name -> sympy.Symbol "
            f"or a collection of sympy.Symbol"
        )
    if isinstance(symbols, Mapping):
        items = list(symbols.items())
    else:
        items = [(getattr(sym, "name", None), sym) for sym in symbols]
    result: dict[str, sympy.Symbol] = {}
    for key, sym in items:
        if not isinstance(sym, sympy.Symbol):
            raise InvalidArgument(f"symbols entry {sym!r} of type {type(sym).__name__} is not a sympy.Symbol")
        if key != sym.name:
            raise InvalidArgument(f"symbols key {key!r} differs from the symbol's name {sym.name!r}")
        if not _NAME_RE.match(key):
            raise InvalidArgument(
                f"symbol name {key!r} is not allowed: names are an ASCII letter followed by letters, digits or '_'"
            )
        if key in ALLOWED_CONSTANTS or key in _FUNCTIONS:
            raise InvalidArgument(f"symbol name {key!r} clashes with a constant or function of the grammar")
        result[key] = sym
    return result


def normalise_functions(functions) -> dict[str, _FunctionSpec]:
    """The caller's allowed function names as a name -> spec table (default: every allowed function)."""
    if functions is None:
        return dict(_FUNCTIONS)
    if isinstance(functions, (str, bytes)) or not isinstance(functions, Iterable):
        raise InvalidArgument(
            f"functions={functions!r} of type {type(functions).__name__} must be a collection of names "
            f"from {list(ALLOWED_FUNCTIONS)}"
        )
    result = {}
    for fname in functions:
        if fname not in _FUNCTIONS:
            raise InvalidArgument(f"functions entry {fname!r} is not one of {list(ALLOWED_FUNCTIONS)}")
        result[fname] = _FUNCTIONS[fname]
    return result


def shorten(shown: str) -> str:
    """``shown`` cut to about :data:`ECHO_LIMIT` characters, marking the cut with '...'."""
    return shown if len(shown) <= ECHO_LIMIT else shown[: ECHO_LIMIT - 3] + "..."
