"""The safe expression grammar: the only road from user strings and file contents to sympy.

Algorithm and why.  ``sympy.sympify`` and ``parse_expr`` call Python's ``eval`` on a
rewritten token stream, so ``sympify("__import__('os').system('...')")`` runs code; they must
never see untrusted text.  Instead we parse with :func:`ast.parse` (``mode="eval"``), which
only *builds a syntax tree* and executes nothing, then walk that tree in two passes:

1. a non-recursive check pass over an explicit allow-list of node types (integer literals,
   declared names, ``+ - * / **``, unary ``-``/``+``, calls of allow-listed functions by bare
   name).  It enforces the node-count and depth limits before any recursion, so the second
   pass recurses at most :data:`MAX_DEPTH` deep;
2. a build pass that turns each node into a sympy object *directly* (``sympy.Integer``,
   ``a + b``, ``sympy.exp(a)`` ...), never through a string.

Resource guards.  Hostile text can be safe yet expensive: ``9**9**9**9`` is a legal tower,
``sqrt(<4000-digit integer>)`` makes sympy trial-factor the radicand (7 s measured at 13k
bits, 0.01 s at 1k bits), ``exp(10**9*log(2))`` is auto-evaluated by sympy to ``2**(10**9)``,
``sqrt(a)*sqrt(b)*...`` merges radicands and re-factors the product, and ``Min``/``Max`` of
many symbolic arguments run O(n^2) assumption queries (2 s measured for 16 arguments).  So
before each sympy call that can blow up, the size of its result is *estimated* and refused
above the limits below.  The estimates use ``math.log2`` of integers: a float here only
guards resources and never decides a mathematical verdict.  Every intermediate rational is
also checked after it is built (at most :data:`MAX_RATIONAL_BITS` bits, chosen so that every
accepted value can be printed again under Python's 4300-digit ``int``-to-``str`` limit).
With these limits the worst inputs we built parse in about 1 s (a 1000-node ``Abs`` of a
sum, two 8-argument ``Min`` calls); typical expressions take milliseconds.

Errors (all from :mod:`exactpriv.errors`), each naming the offending token and its 1-based
column, with the text echoed and a caret under the token:

* :class:`UnsafeInputError` -- anything outside the grammar: syntax errors, attributes,
  subscripts, strings, lambdas, keywords, comparisons where an expression is expected, and
  every resource limit;
* :class:`UnknownSymbolError` (an :class:`InvalidArgument`) -- a name or function that is not
  declared/allowed (with a "did you mean" hint);
* :class:`NotExactError` -- a float literal such as ``0.5`` (with the exact spelling ``1/2``);
* :class:`InvalidArgument` -- well-formed but mathematically unusable: division by zero,
  ``nan``, non-real values (``sqrt(-1)``), a reversed interval.
"""

from __future__ import annotations

import ast
import difflib
import math
import re
import warnings
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Callable, NamedTuple

import sympy
from sympy import S
from sympy.printing.str import StrPrinter

from exactpriv.errors import (
    EntryRangeError,
    ExactPrivError,
    InvalidArgument,
    NotExactError,
    UnknownSymbolError,
    UnsafeInputError,
)
from exactpriv.exact.numbers import EPS

__all__ = [
    "ALLOWED_CONSTANTS",
    "ALLOWED_FUNCTIONS",
    "COMPARISON_OPERATORS",
    "Inequality",
    "IntervalBounds",
    "MAX_DEPTH",
    "MAX_EXPONENT",
    "MAX_EXP_ARGUMENT",
    "MAX_FUNCTION_ARGS",
    "MAX_MINMAX_ARGS_TOTAL",
    "MAX_NODES",
    "MAX_RATIONAL_BITS",
    "MAX_ROOT_BITS",
    "format_expression",
    "format_inequality",
    "format_interval",
    "parse_expression",
    "parse_inequality",
    "parse_interval",
    "parse_rational",
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


# The function catalogue.  Deliberately small: what the seeds' statements use.  No
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

_COMPARE_OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "=="}
_BINARY_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
_OTHER_BINARY_SYMBOLS = {
    ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
    ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^",
}
_OTHER_COMPARE_SYMBOLS = {ast.NotEq: "!=", ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}

_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")

# Friendly descriptions of rejected node types (the default is the node class name).
_NODE_WORDS = {
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

# Hints for characters outside printable ASCII and for common misspellings of names.
_CHAR_HINTS = {
    "\u2264": "write '<='", "\u2265": "write '>='", "\u03b5": "write 'eps'", "\u2212": "write '-'",
    "\u00b7": "write '*'", "\u00d7": "write '*'", "\u00f7": "write '/'", "\u221e": "write 'oo'",
    "\u03c0": "write 'pi'", "\n": "line breaks are not allowed", "\t": "tabs are not allowed",
}
_NAME_HINTS = {
    "e": "did you mean E (Euler's number) or exp(...)?", "inf": "did you mean oo?", "infinity": "did you mean oo?",
    "Infinity": "did you mean oo?", "epsilon": "did you mean eps?", "I": "complex numbers are not supported",
    "j": "complex numbers are not supported",
}

_ECHO_LIMIT = 120  # longer texts are echoed truncated and without a caret line


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


def _check_text(text, name: str, max_length) -> None:
    if not isinstance(name, str):
        raise InvalidArgument(f"name={name!r} of type {type(name).__name__} must be a str")
    if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
        raise InvalidArgument(f"max_length={max_length!r} of type {type(max_length).__name__} must be a positive int")
    if isinstance(text, float):
        raise NotExactError(f"{name}={text!r} is a float; pass the expression as a string such as '1/2'")
    if not isinstance(text, str):
        raise InvalidArgument(f"{name}={_shorten(repr(text))} of type {type(text).__name__} must be a str")
    if len(text) > max_length:
        raise UnsafeInputError(
            f"{name}={_shorten(repr(text))} has {len(text)} characters; the limit is max_length={max_length}"
        )


def _normalise_symbols(symbols) -> dict[str, sympy.Symbol]:
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


def _normalise_functions(functions) -> dict[str, _FunctionSpec]:
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


def _shorten(shown: str) -> str:
    """``shown`` cut to about :data:`_ECHO_LIMIT` characters, marking the cut with '...'."""
    return shown if len(shown) <= _ECHO_LIMIT else shown[: _ECHO_LIMIT - 3] + "..."


# ---------------------------------------------------------------------------------------
# Size estimates (resource guards only; see the module comment)


def _rational_log2(r: sympy.Rational) -> float:
    """About how many bits ``r`` needs: log2|p| + log2 q."""
    p, q = abs(int(r.p)), int(r.q)
    return (math.log2(p) if p > 1 else 0.0) + (math.log2(q) if q > 1 else 0.0)


def _rational_bits(r: sympy.Rational) -> int:
    return abs(int(r.p)).bit_length() + int(r.q).bit_length()


def _power_log2(x: sympy.Expr) -> float:
    """Bits of the rationals sympy multiplies out when ``x`` is raised to a rational power.

    ``(a*b)**e`` distributes over the factors of a product and ``(b**r)**e = b**(r*e)``
    for rational ``b, r``; sums, symbols and functions are left unexpanded and cost nothing.
    """
    if x.is_Rational:
        return _rational_log2(x)
    if x.is_Pow and x.base.is_Rational and x.exp.is_Rational:
        return _rational_log2(x.base) * abs(float(x.exp))
    if x.is_Mul:
        return sum(_power_log2(f) for f in x.args)
    return 0.0


def _radicand_log2(x: sympy.Expr) -> float:
    """Bits of the rational radicands among the factors of ``x`` (sympy merges equal roots)."""
    total = 0.0
    for f in sympy.Mul.make_args(x):
        if f.is_Pow and f.base.is_Rational and f.exp.is_Rational and not f.exp.is_Integer:
            total += _rational_log2(f.base)
    return total


# ---------------------------------------------------------------------------------------
# The parser


def _magnitude_log2(x: sympy.Expr) -> float:
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
        return max(_magnitude_log2(a) for a in x.args) + math.log2(len(x.args))
    if x.is_Mul:
        return sum(_magnitude_log2(a) for a in x.args)
    if x.is_Pow:
        base, exponent = x.args
        if base is S.Exp1:
            return _exp_log2(_magnitude_log2(exponent))
        b = _magnitude_log2(base)
        if exponent.is_Rational:
            return float(exponent) * b if exponent >= 0 else abs(float(exponent) * b)
        e = _magnitude_log2(exponent)
        return abs(b) * 2.0 ** e if e < 1024 else math.inf
    if isinstance(x, (sympy.exp, sympy.cosh, sympy.sinh)):
        return _exp_log2(_magnitude_log2(x.args[0]))
    if isinstance(x, sympy.log):
        return math.log2(abs(_magnitude_log2(x.args[0])) * 0.7 + 1)
    if isinstance(x, sympy.tanh):
        return 0.0
    if x.args:  # Abs, Min, Max
        return max(_magnitude_log2(a) for a in x.args)
    return math.inf


def _exp_log2(argument_log2: float) -> float:
    """log2 of the largest exp(a) with |a| <= 2**argument_log2."""
    return 1.4427 * 2.0 ** argument_log2 if argument_log2 < 1000 else math.inf  # log2(e) * |a|


class _Parser:
    """One parse of one text: holds the allow-lists, the text (for messages) and counters."""

    def __init__(self, text: str, name: str, symbols, functions) -> None:
        self.text = text
        self.name = name
        self.symbols = _normalise_symbols(symbols)
        self.functions = _normalise_functions(functions)
        self.nodes = 0
        self.minmax_args = 0
        self.offset = 0  # column of the fragment being parsed inside self.text
        self.fragment = text  # the (trimmed) fragment handed to ast.parse

    # -- messages ---------------------------------------------------------------------

    def fail(self, cls: type[ExactPrivError], problem: str, column: int | None) -> None:
        """Raise ``cls`` naming the text, the problem and the 0-based ``column`` (shown 1-based)."""
        shown = _shorten(repr(self.text))
        if column is None:
            raise cls(f"{self.name}={shown}: {problem}")
        message = f"{self.name}={shown}: {problem} at column {column + 1}"
        if len(self.text) <= _ECHO_LIMIT:
            message += f"\n    {self.text}\n    {' ' * column}^"
        raise cls(message)

    def column(self, node: ast.AST) -> int:
        return self.offset + getattr(node, "col_offset", 0)

    def token(self, node: ast.AST) -> str:
        start, end = node.col_offset, node.end_col_offset
        fragment = self.fragment[start:end]
        return fragment if len(fragment) <= 40 else fragment[:37] + "..."

    def operator_column(self, node: ast.BinOp, symbol: str) -> int:
        """Column of the operator token of ``node`` (searched between its operands)."""
        gap_start, gap_end = node.left.end_col_offset, node.right.col_offset
        found = self.fragment.find(symbol, gap_start, gap_end)
        return self.offset + (found if found >= 0 else node.col_offset)

    # -- text-level checks --------------------------------------------------------------

    def prescan(self) -> None:
        """Reject characters outside printable ASCII and brackets nested deeper than MAX_DEPTH.

        Done on the raw text, before ``ast.parse``, whose own parser fails with MemoryError on
        deep nesting; printable ASCII also makes AST byte offsets equal character columns.
        """
        depth = 0
        for i, ch in enumerate(self.text):
            if not (" " <= ch <= "~"):
                hint = _CHAR_HINTS.get(ch, "only printable ASCII is allowed")
                self.fail(UnsafeInputError, f"character {ch!r} (U+{ord(ch):04X}) is not allowed; {hint}", i)
            if ch in "([{":
                depth += 1
                if depth > MAX_DEPTH:
                    self.fail(UnsafeInputError, f"brackets nested deeper than the limit {MAX_DEPTH}", i)
            elif ch in ")]}":
                depth -= 1

    def parse_fragment(self, start: int, end: int, *, allow_compare: bool) -> ast.expr:
        """``ast.parse`` the text slice [start, end) (whitespace-trimmed) and return its body."""
        raw = self.text[start:end]
        stripped = raw.strip()
        self.offset = start + (len(raw) - len(raw.lstrip()))
        self.fragment = stripped
        if not stripped:
            self.fail(UnsafeInputError, "empty expression", start)
        try:
            with warnings.catch_warnings():
                # e.g. "invalid escape sequence" in a string literal, which pass 1 rejects anyway
                warnings.simplefilter("ignore")
                tree = ast.parse(stripped, mode="eval")
        except SyntaxError as exc:
            column = self.offset + max((exc.offset or 1) - 1, 0) if exc.lineno in (None, 1) else None
            self.fail(UnsafeInputError, f"not a valid expression ({exc.msg})", column)
        except (MemoryError, RecursionError, ValueError) as exc:
            self.fail(UnsafeInputError, f"too deeply nested or too large to parse ({type(exc).__name__})", None)
        body = tree.body
        if isinstance(body, ast.Compare) and not allow_compare:
            self.fail(
                UnsafeInputError,
                "a comparison is not an expression here (use parse_inequality for 'lhs <= rhs')",
                self.column(body),
            )
        return body

    # -- pass 1: allow-list check (iterative) -----------------------------------------

    def check(self, root: ast.AST, depth0: int = 0) -> None:
        stack = [(root, depth0 + 1)]
        while stack:
            node, depth = stack.pop()
            self.nodes += 1
            if self.nodes > MAX_NODES:
                self.fail(UnsafeInputError, f"more than {MAX_NODES} syntax nodes", self.column(node))
            if depth > MAX_DEPTH:
                self.fail(UnsafeInputError, f"nested deeper than the limit {MAX_DEPTH}", self.column(node))
            children = self.check_node(node)
            for child in reversed(children):
                # The left operand of a binary operator stays at its parent's depth: a long sum
                # a+b+c+... is a left spine that build_binop folds in a loop, not by recursion.
                left_spine = isinstance(node, ast.BinOp) and child is node.left
                stack.append((child, depth if left_spine else depth + 1))

    def check_node(self, node: ast.AST) -> list[ast.AST]:
        """Validate one node; return its children to check, in source order."""
        if isinstance(node, ast.Constant):
            self.check_constant(node)
            return []
        if isinstance(node, ast.Name):
            self.check_name(node, called=False)
            return []
        if isinstance(node, ast.BinOp):
            if type(node.op) not in _BINARY_OPS:
                symbol = _OTHER_BINARY_SYMBOLS.get(type(node.op), type(node.op).__name__)
                hint = " (write '/' for exact division)" if symbol == "//" else ""
                self.fail(
                    UnsafeInputError, f"operator {symbol!r} is not allowed{hint}", self.operator_column(node, symbol)
                )
            return [node.left, node.right]
        if isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, (ast.USub, ast.UAdd)):
                word = {ast.Not: "not", ast.Invert: "~"}.get(type(node.op), type(node.op).__name__)
                self.fail(UnsafeInputError, f"unary operator {word!r} is not allowed", self.column(node))
            return [node.operand]
        if isinstance(node, ast.Call):
            return self.check_call(node)
        if isinstance(node, ast.Compare):
            self.fail(UnsafeInputError, "comparisons are only allowed once, at the top level", self.column(node))
        word = _NODE_WORDS.get(type(node), f"{type(node).__name__} construct")
        column = self.column(node)
        if isinstance(node, ast.Attribute):
            word = f"attribute access '.{node.attr}'"
            column = self.offset + node.end_col_offset - len(node.attr)
        elif isinstance(node, ast.expr):
            word = f"{word} {self.token(node)!r}"
        self.fail(UnsafeInputError, f"{word} is not allowed", column)
        return []  # unreachable

    def check_constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, int) and not isinstance(value, bool):
            if value.bit_length() > MAX_RATIONAL_BITS:
                self.fail(
                    UnsafeInputError,
                    f"integer literal of {value.bit_length()} bits exceeds the limit {MAX_RATIONAL_BITS}",
                    self.column(node),
                )
            return
        if isinstance(value, float):
            source = self.token(node)
            try:
                exact = Fraction(source.replace("_", ""))
                spelled = str(exact) if len(str(exact)) <= 40 else "an exact fraction p/q"
            except (ValueError, ZeroDivisionError):
                spelled = "an exact fraction p/q"
            self.fail(
                NotExactError, f"float literal {source} is not exact; write {spelled}", self.column(node)
            )
        if isinstance(value, (str, bytes)):
            kind = "string" if isinstance(value, str) else "bytes"
            self.fail(UnsafeInputError, f"{kind} literal {self.token(node)} is not allowed", self.column(node))
        self.fail(
            UnsafeInputError,
            f"{type(value).__name__} literal {self.token(node)} is not allowed (only integers)",
            self.column(node),
        )

    def check_name(self, node: ast.Name, *, called: bool) -> None:
        ident = node.id
        column = self.column(node)
        if ident.startswith("_"):
            self.fail(UnsafeInputError, f"name {ident!r} is not allowed (names never start with '_')", column)
        if called:
            if ident in self.functions:
                return
            if ident in self.symbols or ident in ALLOWED_CONSTANTS:
                self.fail(UnknownSymbolError, f"{ident!r} is not a function and cannot be called", column)
            self.fail(UnknownSymbolError, f"unknown function {ident!r}{self.suggest(ident, True)}", column)
        if ident in self.symbols or ident in ALLOWED_CONSTANTS:
            return
        if ident in self.functions:
            self.fail(UnsafeInputError, f"function {ident!r} must be called, as in {ident}(x)", column)
        self.fail(UnknownSymbolError, f"unknown name {ident!r}{self.suggest(ident, False)}", column)

    def suggest(self, ident: str, called: bool) -> str:
        allowed = sorted(self.functions) if called else sorted({*self.symbols, *ALLOWED_CONSTANTS})
        hint = _NAME_HINTS.get(ident)
        if hint is None:
            close = difflib.get_close_matches(ident, allowed, n=1) or difflib.get_close_matches(
                ident.capitalize(), allowed, n=1
            )
            hint = f"did you mean {close[0]}?" if close else None
        listing = f"allowed {'functions' if called else 'names'}: {', '.join(allowed) or '(none)'}"
        return f"; {hint} ({listing})" if hint else f"; {listing}"

    def check_call(self, node: ast.Call) -> list[ast.AST]:
        if not isinstance(node.func, ast.Name):
            if isinstance(node.func, (ast.Call, ast.BinOp, ast.UnaryOp, ast.Constant)):
                self.fail(UnsafeInputError, "only allowed functions may be called, by their bare name",
                          self.column(node))
            return [node.func]  # attribute calls x.f(), lambdas, subscripts: the callee is reported
        self.check_name(node.func, called=True)
        fname = node.func.id
        if node.keywords:
            keyword = node.keywords[0]
            shown = f"{keyword.arg}=" if keyword.arg is not None else "**"
            self.fail(UnsafeInputError, f"keyword argument '{shown}' is not allowed", self.column(keyword))
        spec = self.functions[fname]
        count = len(node.args)
        if not spec.min_args <= count <= spec.max_args:
            if any(isinstance(arg, ast.Starred) for arg in node.args):
                return list(node.args)  # reported as a starred argument
            wanted = str(spec.min_args) if spec.min_args == spec.max_args else f"{spec.min_args} to {spec.max_args}"
            self.fail(
                UnsafeInputError, f"{fname}() takes {wanted} argument(s), got {count}", self.column(node)
            )
        return list(node.args)

    # -- pass 2: build sympy objects (recursion depth <= MAX_DEPTH after pass 1) ---------

    def build(self, node: ast.AST) -> sympy.Expr:
        if isinstance(node, ast.Constant):
            return sympy.Integer(node.value)
        if isinstance(node, ast.Name):
            return self.symbols.get(node.id, ALLOWED_CONSTANTS.get(node.id))
        if isinstance(node, ast.UnaryOp):
            operand = self.build(node.operand)
            result = -operand if isinstance(node.op, ast.USub) else operand
            return self.verify(result, self.column(node))
        if isinstance(node, ast.BinOp):
            return self.build_binop(node)
        if isinstance(node, ast.Call):
            return self.build_call(node)
        raise AssertionError(f"unchecked node {type(node).__name__}")  # pass 1 rejects all others

    def build_binop(self, node: ast.BinOp) -> sympy.Expr:
        spine = []  # fold the left spine a+b+c+... iteratively (its depth is not limited)
        while isinstance(node, ast.BinOp):
            spine.append(node)
            node = node.left
        value = self.build(node)
        for binop in reversed(spine):
            value = self.apply_binop(binop, value, self.build(binop.right))
        return value

    def apply_binop(self, node: ast.BinOp, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr:
        symbol = _BINARY_OPS[type(node.op)]
        column = self.operator_column(node, symbol)
        if symbol == "+":
            result = left + right
        elif symbol == "-":
            result = left - right
        elif symbol == "*":
            self.guard_product(left, right, column)
            result = left * right
        elif symbol == "/":
            if right.is_zero:
                self.fail(InvalidArgument, f"division by zero in '{self.token(node)}'", column)
            self.guard_product(left, right, column)
            result = left / right
        else:
            self.guard_power(left, right, column)
            result = left**right
        return self.verify(result, column)

    def build_call(self, node: ast.Call) -> sympy.Expr:
        fname = node.func.id
        args = [self.build(arg) for arg in node.args]
        column = self.column(node)
        spec = self.functions[fname]
        if spec.build is sympy.exp:
            self.guard_exp(args[0], column)
        if spec.build in (sympy.exp, sympy.cosh, sympy.sinh):
            self.guard_magnitude(args[0], fname, column)
        elif spec.build is sympy.sqrt:
            self.guard_power(args[0], S.Half, column)
        elif spec.build in (sympy.Min, sympy.Max):
            flat = sum(len(a.args) if a.func is spec.build else 1 for a in args)
            self.minmax_args += flat
            if flat > MAX_FUNCTION_ARGS or self.minmax_args > MAX_MINMAX_ARGS_TOTAL:
                self.fail(
                    UnsafeInputError,
                    f"too many Min/Max arguments ({flat} here, {self.minmax_args} in all; limits "
                    f"{MAX_FUNCTION_ARGS} per call and {MAX_MINMAX_ARGS_TOTAL} in all)",
                    column,
                )
        elif spec.build is sympy.log and len(args) == 2 and args[1].is_zero:
            self.fail(InvalidArgument, f"log base 0 in '{self.token(node)}'", column)
        return self.verify(spec.build(*args), column)

    # -- resource guards and value checks ------------------------------------------------

    def guard_exponent(self, exponent: sympy.Rational, column: int, what: str) -> None:
        if abs(exponent) > MAX_EXPONENT or exponent.q > MAX_EXPONENT:
            self.fail(
                UnsafeInputError,
                f"{what} {_shorten(str(exponent))} is too large (|p/q| and q must be at most {MAX_EXPONENT})",
                column,
            )

    def guard_power(self, base: sympy.Expr, exponent: sympy.Expr, column: int) -> None:
        """Refuse ``base**exponent`` when sympy would build a huge rational or factor a huge radicand."""
        if base is S.Exp1:
            self.guard_exp(exponent, column)
            return
        if not exponent.is_Rational:
            return  # symbolic or irrational exponents are left unevaluated by sympy
        self.guard_exponent(exponent, column, "exponent")
        size = _power_log2(base)
        if size * abs(float(exponent)) > MAX_RATIONAL_BITS:
            self.fail(
                UnsafeInputError,
                f"power would have about {size * abs(float(exponent)):.0f} bits (limit {MAX_RATIONAL_BITS})",
                column,
            )
        if not exponent.is_Integer and size > MAX_ROOT_BITS:
            self.fail(
                UnsafeInputError,
                f"root of a number of about {size:.0f} bits (limit {MAX_ROOT_BITS} bits for radicands)",
                column,
            )

    def guard_product(self, left: sympy.Expr, right: sympy.Expr, column: int) -> None:
        radicands = _radicand_log2(left) + _radicand_log2(right)
        if radicands > MAX_ROOT_BITS:
            self.fail(
                UnsafeInputError,
                f"product of roots of about {radicands:.0f} bits in all (limit {MAX_ROOT_BITS} bits for radicands)",
                column,
            )

    def guard_magnitude(self, argument: sympy.Expr, fname: str, column: int) -> None:
        """Refuse exp/cosh/sinh of a constant that may exceed :data:`MAX_EXP_ARGUMENT` in size."""
        if argument.free_symbols:
            return
        size = _magnitude_log2(argument)
        if size > math.log2(MAX_EXP_ARGUMENT):
            shown = "an astronomically large number" if size > 1e6 else f"about 2^{size:.0f}"
            self.fail(UnsafeInputError, f"{fname}() of a constant of size up to {shown} (the limit is "
                      f"{MAX_EXP_ARGUMENT:,}): its value could not be evaluated", column)

    def guard_exp(self, argument: sympy.Expr, column: int) -> None:
        """sympy evaluates exp(c*log(x) + ...) to x**c * exp(...): guard it like a power."""
        total = radicands = 0.0
        for term in sympy.Add.make_args(argument):
            coeff, rest = term.as_coeff_Mul()
            if not coeff.is_Rational or not rest.has(sympy.log):
                continue
            self.guard_exponent(coeff, column, "coefficient of log inside exp")
            for logarithm in rest.atoms(sympy.log):
                size = _power_log2(logarithm.args[0])
                total += size * abs(float(coeff))
                radicands += size if not coeff.is_Integer else 0.0
        if radicands > MAX_ROOT_BITS:
            self.fail(
                UnsafeInputError,
                f"exp() would take roots of numbers of about {radicands:.0f} bits in all (limit {MAX_ROOT_BITS})",
                column,
            )
        if total > MAX_RATIONAL_BITS:
            self.fail(
                UnsafeInputError, f"exp() would evaluate to about {total:.0f} bits (limit {MAX_RATIONAL_BITS})", column
            )

    def verify(self, result: sympy.Expr, column: int) -> sympy.Expr:
        """Check a freshly built value: defined, real, and with every rational within the bit limit."""
        for atom in result.atoms():
            if atom is S.NaN or atom is S.ComplexInfinity:
                self.fail(InvalidArgument, f"the value {_shorten(str(result))} is undefined (division by zero, "
                          f"log(0), oo - oo, ...)", column)
            if atom is S.ImaginaryUnit:
                self.fail(InvalidArgument, f"the value {_shorten(str(result))} is not real", column)
            if atom.is_Rational and _rational_bits(atom) > MAX_RATIONAL_BITS:
                bits = _rational_bits(atom)
                self.fail(UnsafeInputError, f"a rational of {bits} bits exceeds the limit {MAX_RATIONAL_BITS}", column)
        return result

    def expression(self, start: int, end: int) -> sympy.Expr:
        body = self.parse_fragment(start, end, allow_compare=False)
        self.check(body)
        return self.build(body)


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
    _check_text(text, name, max_length)
    parser = _Parser(text, name, symbols, functions)
    parser.prescan()
    return parser.expression(0, len(text))


def parse_inequality(
    text: str, *, symbols=None, functions=None, max_length: int = 10_000, name: str = "inequality"
) -> Inequality:
    """Parse one comparison ``lhs op rhs`` (op one of ``< <= > >= ==``) into an :class:`Inequality`.

    Both sides follow the grammar of :func:`parse_expression`; chained comparisons
    (``a < b < c``) and ``!=`` are refused.  Example: ``"eps*tanh(eps/2) <= Min(eps, eps**2)"``
    (the form of the Cuff–Yu KL bound, seed 001).
    """
    _check_text(text, name, max_length)
    parser = _Parser(text, name, symbols, functions)
    parser.prescan()
    body = parser.parse_fragment(0, len(text), allow_compare=True)
    if not isinstance(body, ast.Compare):
        parser.fail(UnsafeInputError, f"expected one comparison 'lhs op rhs' with op in {list(COMPARISON_OPERATORS)}",
                    None)
    if len(body.ops) != 1:
        column = parser.offset + body.comparators[0].end_col_offset
        parser.fail(UnsafeInputError, "chained comparisons are not allowed; write a single comparison", column)
    op_type = type(body.ops[0])
    if op_type not in _COMPARE_OPS:
        symbol = _OTHER_COMPARE_SYMBOLS.get(op_type, op_type.__name__)
        found = parser.fragment.find(symbol.split()[0], body.left.end_col_offset, body.comparators[0].col_offset)
        parser.fail(UnsafeInputError, f"comparison operator {symbol!r} is not allowed; use one of "
                    f"{list(COMPARISON_OPERATORS)}", parser.offset + max(found, 0))
    parser.check(body.left, 1)
    parser.check(body.comparators[0], 1)
    lhs = parser.build(body.left)
    rhs = parser.build(body.comparators[0])
    return Inequality(lhs, _COMPARE_OPS[op_type], rhs)


def parse_interval(text: str, *, functions=None, max_length: int = 10_000, name: str = "interval") -> IntervalBounds:
    """Parse a real interval ``"[lo, hi]"``, ``"(lo, hi]"``, ``"[0, oo)"`` ... into :class:`IntervalBounds`.

    Endpoints are constant expressions of the grammar (no free symbols: an interval is a
    domain *for* ``eps``), real, ``-oo``/``oo`` only as open ends, and ``lo < hi`` (or
    ``lo == hi`` for a closed point interval ``[a, a]``).  The order of non-rational endpoints is
    decided by sympy's significance-tracking numerical evaluation; if that cannot decide,
    :class:`InvalidArgument` is raised rather than guessing.
    """
    _check_text(text, name, max_length)
    parser = _Parser(text, name, {}, functions)
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
    _check_text(text, name, max_length)
    stripped = text.strip()
    match = _RATIONAL_RE.match(stripped)
    if match:
        numerator, denominator = match.group(1), match.group(2)
        try:
            p = int(numerator)
            q = int(denominator) if denominator is not None else 1
        except ValueError as exc:  # more digits than Python converts
            raise InvalidArgument(f"{name}={_shorten(repr(text))} is too long a number: {exc}") from None
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
    raise InvalidArgument(f"{name}={_shorten(repr(text))} is not an exact rational; write 'p/q' (like '3/4') or an "
                          f"integer")


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
        raise InvalidArgument(f"expr={_shorten(repr(expr))} of type {type(expr).__name__} is not a sympy expression")
    if expr.has(sympy.Float):
        raise NotExactError(f"expr={_shorten(str(expr))} contains a float; exact values are required")
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
            raise InvalidArgument(f"expr={_shorten(text)} is outside the safe grammar: {exc}") from None
        if again == expr:
            return text
    raise InvalidArgument(f"expr={_shorten(text)} does not round-trip: it reads back as {_shorten(str(again))}")


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
