"""Evaluating parse trees of the grammar (exactpriv.checker.grammar) to checker values and truth values."""

from __future__ import annotations

import math
from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse

__all__ = ["evaluate", "truth", "value_of"]


def evaluate(node, env: dict, *, max_prec: int = V.MAX_PREC):
    """The value of an expression (a string or a parse tree) with names bound by ``env``."""
    if isinstance(node, str):
        node = parse(node)
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "oo":
        return V.INF
    if kind == "name":
        if node[1] not in env:
            raise Failed(f"unknown name {node[1]!r} in an expression")
        if isinstance(env[node[1]], V.Undefined):  # a measure undefined at this for_each binding, used here
            raise env[node[1]]
        return value_of(env[node[1]])
    if kind == "neg":
        return V.neg(evaluate(node[1], env, max_prec=max_prec))
    if kind in ("+", "-", "*", "/", "**"):
        a = evaluate(node[1], env, max_prec=max_prec)
        b = evaluate(node[2], env, max_prec=max_prec)
        if kind == "+":
            return V.add(a, b)
        if kind == "-":
            return V.add(a, V.neg(b))
        if kind == "*":
            return V.mul(a, b)
        if kind == "/":
            return V.div(a, b)
        return V.power(a, b)
    if kind == "call" and node[1] == "sum":
        return _sum(node[2], env, max_prec)
    if kind == "call":
        args = [evaluate(a, env, max_prec=max_prec) for a in node[2]]
        f = node[1]
        if f == "binomial":
            n, k = (_integer(a, "binomial") for a in args) if len(args) == 2 else (None, None)
            if n is None or n < 0:
                raise Failed("binomial(n, k) takes two integers, n >= 0")
            return Fraction(math.comb(n, k)) if 0 <= k <= n else Fraction(0)
        if f in ("min", "max"):
            best = args[0]
            for a in args[1:]:
                if V.compare(a, "<" if f == "min" else ">", best, max_prec=max_prec):
                    best = a
            return best
        if len(args) != 1:
            raise Failed(f"{f} takes one argument")
        x = args[0]
        if f == "log":
            return V.log(x)
        if f == "exp":
            return V.exp(x)
        if f == "sqrt":
            return V.sqrt(x)
        if f == "floor":
            if not isinstance(x, Fraction):
                raise NotCheckable(f"floor of {x!r} (the checker takes floors of rationals)")
            return Fraction(math.floor(x))
        if f == "abs":
            return V.neg(x) if V.sign(x, max_prec=max_prec) < 0 else x
        if f == "tanh":
            if isinstance(x, V.Infinite):
                return Fraction(x.s)
            e2 = V.exp(V.mul(Fraction(2), x))
            return V.div(V.add(e2, Fraction(-1)), V.add(e2, Fraction(1)))
    if kind in ("cmp", "and", "or", "not"):
        return truth(node, env, max_prec=max_prec)
    raise Failed(f"cannot evaluate {kind!r}")


#: the most terms a sum(index, lo, hi, body) may have
MAX_SUM_TERMS = 10_000


def _integer(v, where: str) -> int:
    if not (isinstance(v, Fraction) and v.denominator == 1):
        raise Failed(f"{where}: {v!r} is not an integer")
    return int(v)


def _sum(args, env: dict, max_prec: int):
    """sum(l, lo, hi, body) = Σ_{l = lo}^{hi} body, lo and hi integers (an empty sum is 0)."""
    if len(args) != 4 or args[0][0] != "name":
        raise Failed("sum takes (index, lo, hi, body)")
    index = args[0][1]
    lo = _integer(evaluate(args[1], env, max_prec=max_prec), "sum's lower end")
    hi = _integer(evaluate(args[2], env, max_prec=max_prec), "sum's upper end")
    if hi - lo >= MAX_SUM_TERMS:
        raise NotCheckable(f"a sum of {hi - lo + 1} terms (the checker adds at most {MAX_SUM_TERMS})")
    total = Fraction(0)
    for l in range(lo, hi + 1):
        total = V.add(total, evaluate(args[3], {**env, index: Fraction(l)}, max_prec=max_prec))
    return total


def value_of(x):
    """A checker value from a value, a rational string ("1/3", "oo") or an expression string ("log(2)")."""
    if isinstance(x, str):
        try:
            return V.to_value(x)
        except Failed:
            return evaluate(x, {})
    return V.to_value(x)


def truth(node, env: dict, *, max_prec: int = V.MAX_PREC) -> bool:
    """The truth of a formula; NotCheckable on a possible tie, Failed on an undefined value."""
    if isinstance(node, str):
        node = parse(node)
    kind = node[0]
    try:
        if kind == "cmp":
            return V.compare(evaluate(node[2], env, max_prec=max_prec), node[1],
                             evaluate(node[3], env, max_prec=max_prec), max_prec=max_prec)
    except V.Undefined as exc:
        raise NotCheckable(f"undefined value in the claim: {exc}") from None
    if kind == "and":
        return all(truth(p, env, max_prec=max_prec) for p in node[1])
    if kind == "or":
        return any(truth(p, env, max_prec=max_prec) for p in node[1])
    if kind == "not":
        return not truth(node[1], env, max_prec=max_prec)
    raise Failed("a claim must be a comparison or a combination of comparisons (and, or, not)")
