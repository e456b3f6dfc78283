"""The checker's calculus for certificates: symbolic derivatives of parse trees and arb enclosures on boxes.

Hand-written because the checker may not use sympy: differentiation is the textbook rules on the grammar's nodes
(constants folded), enclosure is python-flint ball arithmetic node by node.
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate

__all__ = ["analytic_at", "box_ball", "derivative", "enclose", "fold_node", "sign_ok"]


# ----------------------------------------------------------------------------- derivatives and enclosures
def _num(node):
    return node[1] if node[0] == "num" else None


def fold_node(k, a, b=None):
    """Build a node, folding constants and the neutral elements (0 + x, 1·x, 0·x, x^1) of derivatives."""
    x, y = _num(a), _num(b) if b is not None else None
    if k == "neg":
        return ("num", -x) if x is not None else a[1] if a[0] == "neg" else ("neg", a)
    if x is not None and y is not None and (k != "/" or y != 0) and (k != "**" or y.denominator == 1):
        if k != "**" or (y >= 0 or x != 0):
            return ("num", {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "/": lambda: x / y,
                            "**": lambda: x ** int(y)}[k]())
    if k == "+":
        return b if x == 0 else a if y == 0 else (k, a, b)
    if k == "-":
        return a if y == 0 else fold_node("neg", b) if x == 0 else (k, a, b)
    if k == "*":
        if x == 0 or y == 0:
            return ("num", Fraction(0))
        return b if x == 1 else a if y == 1 else (k, a, b)
    if k == "/":
        return ("num", Fraction(0)) if x == 0 else a if y == 1 else (k, a, b)
    if k == "**":
        return a if y == 1 else ("num", Fraction(1)) if y == 0 else (k, a, b)
    return (k, a, b)


def derivative(node, var: str):
    """d/dvar of a parse tree (the checker's own differentiation, for touching ends and monotonicity)."""
    k = node[0]
    if k in ("num", "oo"):
        return ("num", Fraction(0))
    if k == "name":
        return ("num", Fraction(1 if node[1] == var else 0))
    if k == "neg":
        return fold_node("neg", derivative(node[1], var))
    a = node[1] if len(node) > 1 else None
    if k in ("+", "-"):
        return fold_node(k, derivative(a, var), derivative(node[2], var))
    if k == "*":
        return fold_node("+", fold_node("*", derivative(a, var), node[2]), fold_node("*", a, derivative(node[2], var)))
    if k == "/":
        b = node[2]
        return fold_node("/", fold_node("-", fold_node("*", derivative(a, var), b), fold_node("*", a, derivative(b, var))),
                     fold_node("**", b, ("num", Fraction(2))))
    if k == "**":
        if var in _names(node[2]):
            return derivative(("call", "exp", [("*", node[2], ("call", "log", [a]))]), var)
        e = node[2]
        return fold_node("*", fold_node("*", e, fold_node("**", a, fold_node("-", e, ("num", Fraction(1))))), derivative(a, var))
    if k == "call" and len(node[2]) == 1:
        f, x = node[1], node[2][0]
        dx = derivative(x, var)
        outer = {"exp": node, "log": ("/", ("num", Fraction(1)), x),
                 "sqrt": ("/", ("num", Fraction(1)), ("*", ("num", Fraction(2)), node)),
                 "tanh": ("-", ("num", Fraction(1)), ("**", node, ("num", Fraction(2))))}.get(f)
        if outer is not None:
            return fold_node("*", outer, dx)
    raise NotCheckable(f"cannot differentiate {k} {node[1] if k == 'call' else ''}")


def _names(node) -> set:
    from exactpriv.checker.grammar import names

    return names(node)


def _arb_q(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def enclose(node, env: dict):
    """An arb ball containing the expression's values for ``env``'s balls (flint.ctx.prec set by the caller)."""
    k = node[0]
    if k == "num":
        return _arb_q(node[1])
    if k == "name":
        if node[1] not in env:
            raise Failed(f"unknown name {node[1]!r}")
        return env[node[1]]
    if k == "neg":
        return -enclose(node[1], env)
    if k in ("+", "-", "*", "/", "**"):
        a, b = enclose(node[1], env), enclose(node[2], env)
        if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1:
            return a ** int(node[2][1])
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b,
                "**": lambda: a ** b}[k]()
    if k == "call":
        args = [enclose(x, env) for x in node[2]]
        f = node[1]
        if f in ("min", "max"):
            out = args[0]
            for b in args[1:]:
                if (b < out) if f == "min" else (b > out):
                    out = b
                elif not ((b >= out) if f == "min" else (b <= out)):
                    out = out.union(b)
            return out
        x = args[0]
        return {"log": x.log, "exp": x.exp, "sqrt": x.sqrt, "tanh": x.tanh, "abs": lambda: abs(x)}[f]()
    raise Failed(f"cannot enclose {k}")


def box_ball(lo: Fraction, hi: Fraction):
    return _arb_q(lo).union(_arb_q(hi))


def sign_ok(ball, rel: str) -> bool:
    return {">": ball > 0, ">=": ball >= 0, "<": ball < 0, "<=": ball <= 0}[rel]


def analytic_at(node, var: str, a, *, what: str) -> None:
    """Refuse unless every division, log, square root and fractional power inside ``node`` is defined and
    analytic at var = a (denominators ≠ 0, log and sqrt arguments > 0): then the expression is analytic there."""
    k = node[0]
    for child in (node[1:] if k != "call" else node[2]):
        if isinstance(child, tuple):
            analytic_at(child, var, a, what=what)
    if k == "/" and V.sign(evaluate(node[2], {var: a})) == 0:
        raise Failed(f"{what}: a denominator inside the expression vanishes at the point")
    if k == "call" and node[1] in ("log", "sqrt") and V.sign(evaluate(node[2][0], {var: a})) <= 0:
        raise Failed(f"{what}: {node[1]} of a non-positive value at the point")
    if k == "call" and node[1] in ("abs", "min", "max"):
        raise NotCheckable(f"{what}: {node[1]} is not analytic everywhere")
    if k == "**" and not (node[2][0] == "num" and node[2][1].denominator == 1 and node[2][1] >= 0) \
            and V.sign(evaluate(node[1], {var: a})) <= 0:
        raise Failed(f"{what}: a power with a non-positive base at the point")
