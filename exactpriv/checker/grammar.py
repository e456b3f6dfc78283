"""The tiny expression grammar of docs/certificates.md, parsed here (no ``eval``, no sympy).

A parse gives nested tuples: ``("num", Fraction)``, ``("oo",)``, ``("name", str)``, ``("call", f, args)``,
``("neg", a)``, ``("+"|"-"|"*"|"/"|"**", a, b)``, ``("cmp", op, a, b)``, ``("and", parts)``, ``("or", parts)``,
``("not", a)``.  Hand-written because the checker may use no parser library it would have to trust.
"""

from __future__ import annotations

import re
from fractions import Fraction

from exactpriv.checker.errors import CheckerError

__all__ = ["FUNCTIONS", "names", "parse"]

MAX_CHARS = 4000
MAX_DEPTH = 64
FUNCTIONS = {"log", "exp", "sqrt", "tanh", "abs", "min", "max", "Min", "Max", "binomial", "floor", "sum"}
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z_0-9']*)|(\*\*|<=|>=|==|!=|[-+*/^(),<>]))")


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise CheckerError(f"expression {text!r}: cannot read from {text[pos:pos + 20]!r}")
        number, name, op = m.groups()
        if number is not None:
            out.append(("num", number))
        elif name is not None:
            out.append(("kw" if name in ("and", "or", "not") else "name", name))
        else:
            out.append(("op", "**" if op == "^" else op))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, kind=None, value=None):
        tok = self.peek()
        if tok[0] is None or (kind and tok[0] != kind) or (value and tok[1] != value):
            raise CheckerError(f"expression {self.text!r}: expected {value or kind}, found {tok[1] or 'the end'}")
        self.i += 1
        return tok

    def nest(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise CheckerError(f"expression nested deeper than {MAX_DEPTH}")

    def formula(self):
        self.nest()
        parts = [self.disjunct()]
        while self.peek() == ("kw", "or"):
            self.take()
            parts.append(self.disjunct())
        self.depth -= 1
        return parts[0] if len(parts) == 1 else ("or", parts)

    def disjunct(self):
        parts = [self.negation()]
        while self.peek() == ("kw", "and"):
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else ("and", parts)

    def negation(self):
        if self.peek() == ("kw", "not"):
            self.take()
            self.nest()
            out = ("not", self.negation())
            self.depth -= 1
            return out
        left = self.expr()
        kind, op = self.peek()
        if kind == "op" and op in ("<=", "<", ">=", ">", "==", "!="):
            self.take()
            return ("cmp", op, left, self.expr())
        return left

    def expr(self):
        node = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            node = (op, node, self.term())
        return node

    def term(self):
        node = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            node = (op, node, self.unary())
        return node

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            self.nest()
            out = ("neg", self.unary())
            self.depth -= 1
            return out
        if self.peek() == ("op", "+"):
            self.take()
            return self.unary()
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek() == ("op", "**"):
            self.take()
            self.nest()
            out = ("**", base, self.unary())
            self.depth -= 1
            return out
        return base

    def atom(self):
        kind, val = self.peek()
        if kind == "num":
            self.take()
            return ("num", Fraction(val))
        if kind == "name":
            self.take()
            if val == "oo":
                return ("oo",)
            if self.peek() == ("op", "("):
                if val not in FUNCTIONS:
                    raise CheckerError(f"expression {self.text!r}: unknown function {val}")
                self.take()
                args = [self.formula()]
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.formula())
                self.take("op", ")")
                return ("call", {"Min": "min", "Max": "max"}.get(val, val), args)
            return ("name", val)
        if (kind, val) == ("op", "("):
            self.take()
            node = self.formula()
            self.take("op", ")")
            return node
        raise CheckerError(f"expression {self.text!r}: unexpected {val or 'end'}")


# A run parses the same texts many times (one verify's evidence: 9,185 parses of 844 distinct texts; each claim,
# derived statement and entry is read again by every certificate kind tried on it).  A parse is a pure function of
# the text, so each distinct text is parsed once; a text that cannot be read is not remembered (each call raises
# its own error).  Callers get their own tree: the argument and part lists are fresh (tuples, names and Fractions
# are immutable and shared).  tests/checker/test_parse_memo.py compares remembered trees with fresh parses.
_PARSED: dict = {}
_PARSED_LIMIT = 4096


def parse(text) -> tuple:
    """Parse a formula or expression of the grammar; a CheckerError names what cannot be read."""
    if not isinstance(text, str):
        raise CheckerError(f"an expression must be a string, not {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise CheckerError(f"expression longer than {MAX_CHARS} characters")
    node = _PARSED.get(text)
    if node is None:
        node = _parse(text)
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[text] = node
    return _fresh(node)


def _parse(text: str) -> tuple:
    p = _Parser(text)
    node = p.formula()
    if p.i != len(p.toks):
        raise CheckerError(f"expression {text!r}: unexpected {p.toks[p.i][1]!r}")
    return node


def _fresh(node):
    """``node`` with new argument and part lists (the only mutable parts of a tree), its leaves shared.

    Iterative: ``a + b + c + …`` parses as a left-nested chain as deep as the sum is long (the parser's depth
    limit counts only brackets, signs and powers), so a recursive copy overflowed the stack on sums of a few
    hundred terms that the grammar accepts."""
    head = node[0]
    if head == "num" or head == "name" or head == "oo":
        return node
    stack = [(node, _kids(node), [])]
    while True:
        top, kids, built = stack[-1]
        if len(built) < len(kids):
            kid = kids[len(built)]
            if kid[0] == "num" or kid[0] == "name" or kid[0] == "oo":
                built.append(kid)
            else:
                stack.append((kid, _kids(kid), []))
            continue
        stack.pop()
        copy = _rebuilt(top, built)
        if not stack:
            return copy
        stack[-1][2].append(copy)


def _kids(node) -> list:
    """The subtrees of a node, in order."""
    head = node[0]
    if head == "call":
        return node[2]
    if head == "and" or head == "or":
        return node[1]
    return [c for c in node if type(c) is tuple]


def _rebuilt(node, kids: list) -> tuple:
    """``node`` with its subtrees replaced, in order, by ``kids`` (fresh lists for calls and connectives)."""
    head = node[0]
    if head == "call":
        return ("call", node[1], kids)
    if head == "and" or head == "or":
        return (head, kids)
    it = iter(kids)
    return tuple(next(it) if type(c) is tuple else c for c in node)


def names(node) -> set[str]:
    """The free names of a parse tree (the index of a ``sum`` is bound)."""
    if node[0] == "name":
        return {node[1]}
    if node[0] == "call" and node[1] == "sum" and len(node[2]) == 4 and node[2][0][0] == "name":
        index, lo, hi, body = node[2]
        return names(lo) | names(hi) | (names(body) - {index[1]})
    out: set[str] = set()
    for child in node[1:]:
        if isinstance(child, tuple):
            out |= names(child)
        elif isinstance(child, list):
            for c in child:
                out |= names(c)
    return out
