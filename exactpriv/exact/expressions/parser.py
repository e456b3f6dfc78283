"""The two-pass walker of the safe expression grammar (``Parser``).

Text is parsed with :func:`ast.parse` (``mode="eval"``), which only builds a syntax tree and executes
nothing.  Pass 1 is a non-recursive check over an explicit allow-list of node types that enforces the
node-count and depth limits before any recursion; pass 2 builds each node into a sympy object
directly (``sympy.Integer``, ``a + b``, ``sympy.exp(a)``), never through a string, guarding each
potentially explosive sympy call by the estimates of
:mod:`exactpriv.exact.expressions.size_estimates`.  Errors name the offending token and its column,
with the text echoed and a caret under the token.
"""

from __future__ import annotations

import ast
import math
import warnings
from fractions import Fraction

import sympy
from sympy import S

from exactpriv.errors import (
    ExactPrivError,
    InvalidArgument,
    NotExactError,
    UnknownSymbolError,
    UnsafeInputError,
    did_you_mean,
)
from .grammar import (
    BINARY_OPS, CHAR_HINTS, ECHO_LIMIT, NAME_HINTS, NODE_WORDS, normalise_functions,
    normalise_symbols, REFUSED_BINARY_SYMBOLS, shorten, ALLOWED_CONSTANTS, MAX_DEPTH, MAX_EXP_ARGUMENT,
    MAX_EXPONENT, MAX_FUNCTION_ARGS, MAX_MINMAX_ARGS_TOTAL, MAX_NODES, MAX_RATIONAL_BITS, MAX_ROOT_BITS,
)
from .size_estimates import magnitude_log2, power_log2, radicand_log2, rational_bits

__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.exact.expressions



def _known_zero(expr: sympy.Expr) -> bool:
    """Whether ``expr`` is known to be zero, asked with evaluation on.  A caller may build under
    ``sympy.evaluate(False)`` (the report keeps a formula in the order the engine wrote it); sympy's assumption
    queries on unevaluated sums then reach code that assumes evaluated arguments and, depending on the hash seed,
    raise ``PolynomialError`` (``1 + delta``: "contains an element of the set of generators") — the same text would
    parse in one process and fail in the next."""
    with sympy.evaluate(True):
        return expr.is_zero is True

class Parser:
    """One parse of one text: holds the allow-lists, the text (for messages) and counters."""

    def __init__(self, text: str, name: str, symbols, functions) -> None:
        self.text = text
        self.name = name
        self.symbols = normalise_symbols(symbols)
        self.functions = normalise_functions(functions)
        self.nodes = 0
        self.minmax_args = 0
        self.offset = 0  # column of the fragment being parsed inside self.text
        self.fragment = text  # the (trimmed) fragment handed to ast.parse

    # -- messages ---------------------------------------------------------------------

    def fail(self, cls: type[ExactPrivError], problem: str, column: int | None) -> None:
        """Raise ``cls`` naming the text, the problem and the 0-based ``column`` (shown 1-based)."""
        shown = shorten(repr(self.text))
        if column is None:
            raise cls(f"{self.name}={shown}: {problem}")
        message = f"{self.name}={shown}: {problem} at column {column + 1}"
        if len(self.text) <= ECHO_LIMIT:
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
                hint = CHAR_HINTS.get(ch, "only printable ASCII is allowed")
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
            if type(node.op) not in BINARY_OPS:
                symbol = REFUSED_BINARY_SYMBOLS.get(type(node.op), type(node.op).__name__)
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
        word = NODE_WORDS.get(type(node), f"{type(node).__name__} construct")
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
        hint = NAME_HINTS.get(ident)
        if hint is None:
            hint = did_you_mean(ident, allowed, n=1) or did_you_mean(ident.capitalize(), allowed, n=1) or None
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
        symbol = BINARY_OPS[type(node.op)]
        column = self.operator_column(node, symbol)
        if symbol == "+":
            result = left + right
        elif symbol == "-":
            result = left - right
        elif symbol == "*":
            self.guard_product(left, right, column)
            result = left * right
        elif symbol == "/":
            if _known_zero(right):
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
        elif spec.build is sympy.log and len(args) == 2 and _known_zero(args[1]):
            self.fail(InvalidArgument, f"log base 0 in '{self.token(node)}'", column)
        return self.verify(spec.build(*args), column)

    # -- resource guards and value checks ------------------------------------------------

    def guard_exponent(self, exponent: sympy.Rational, column: int, what: str) -> None:
        if abs(exponent) > MAX_EXPONENT or exponent.q > MAX_EXPONENT:
            self.fail(
                UnsafeInputError,
                f"{what} {shorten(str(exponent))} is too large (|p/q| and q must be at most {MAX_EXPONENT})",
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
        size = power_log2(base)
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
        radicands = radicand_log2(left) + radicand_log2(right)
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
        size = magnitude_log2(argument)
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
                size = power_log2(logarithm.args[0])
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
                self.fail(InvalidArgument, f"the value {shorten(str(result))} is undefined (division by zero, "
                          f"log(0), oo - oo, ...)", column)
            if atom is S.ImaginaryUnit:
                self.fail(InvalidArgument, f"the value {shorten(str(result))} is not real", column)
            if atom.is_Rational and rational_bits(atom) > MAX_RATIONAL_BITS:
                bits = rational_bits(atom)
                self.fail(UnsafeInputError, f"a rational of {bits} bits exceeds the limit {MAX_RATIONAL_BITS}", column)
        return result

    def expression(self, start: int, end: int) -> sympy.Expr:
        body = self.parse_fragment(start, end, allow_compare=False)
        self.check(body)
        return self.build(body)
