"""Parse trees and rational functions written back as text of the checker's grammar (docs/certificates.md, "The
expression grammar"): the statements the checker derives — a measure of a symbolic family as an expression in its
variable, a rewritten claim — are handed to the next certificate as text, fully parenthesised."""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker.errors import Failed

__all__ = ["mixed_text", "number_text", "poly_text", "rf_text", "unparse"]


def number_text(q: Fraction) -> str:
    return f"({q.numerator}/{q.denominator})" if q.denominator != 1 else (f"({q.numerator})" if q < 0 else str(q))


def unparse(node) -> str:
    """A parse tree back as text of the grammar (fully parenthesised)."""
    k = node[0]
    if k == "num":
        return number_text(node[1])
    if k == "oo":
        return "oo"
    if k == "name":
        return node[1]
    if k == "neg":
        return f"(-{unparse(node[1])})"
    if k in ("+", "-", "*", "/", "**"):
        return f"({unparse(node[1])} {k} {unparse(node[2])})"
    if k == "call":
        return f"{node[1]}({', '.join(unparse(a) for a in node[2])})"
    if k == "cmp":
        return f"{unparse(node[2])} {node[1]} {unparse(node[3])}"
    if k in ("and", "or"):
        return f" {k} ".join(f"({unparse(p)})" for p in node[1])
    if k == "not":
        return f"not ({unparse(node[1])})"
    raise Failed(f"cannot write {k!r}")


def poly_text(p, var: str, m) -> str:
    """A polynomial in u as text in var (u = exp(var/m), or u = var when m is None)."""
    terms = []
    for k, c in enumerate(p):
        if not c:
            continue
        if k == 0:
            terms.append(number_text(c))
        else:
            power = (var if k == 1 else f"{var}**{k}") if m is None else \
                f"exp({var})" if Fraction(k, m) == 1 else f"exp({number_text(Fraction(k, m))}*{var})"
            terms.append(power if c == 1 else f"{number_text(c)}*{power}")
    return "(" + (" + ".join(terms) or "0") + ")"


def rf_text(n, d, var: str, m) -> str:
    return f"({poly_text(n, var, m)}/{poly_text(d, var, m)})"


def mixed_text(ns, d, var: str, m) -> str:
    """Σ_j var^j·N_j(u)/D(u) as text (u = exp(var/m))."""
    terms = []
    for j, n in enumerate(ns):
        if not n:
            continue
        rn, rd = polys.rf_reduce(n, d)  # each coefficient in lowest terms: a constant one leaves var alone (c·var)
        c = f"({poly_text(rn, var, m)}/{poly_text(rd, var, m)})" if len(rd) > 1 else \
            poly_text([x / rd[0] for x in rn], var, m)
        terms.append(f"{c}*{var}**{j}" if j else c)
    return f"({' + '.join(terms) or '0'})"
