"""Monotone rewritings of a one-variable inequality: sufficient conditions the other methods can decide.

A statement with an exponential of a non-linear function of ε (KL inside an exponential, as in Bretagnolle–Huber's
TV ≤ √(1 − e^{−KL})) is not an exp-polynomial, so neither exact algebra in t = e^{ε/m} nor a tail argument applies
to it as written.  Two elementary steps turn it into one they can decide; each is a sufficient condition, valid on
the whole domain, and the same step is a kind of the independent checker (docs/certificates.md, ``square`` and
``logarithm``), which redoes it from the statement:

* **square** — ``L <= c·√A`` (c > 0 rational) follows from ``L² <= c²·A``: then c²A ≥ 0 and |L| ≤ c√A;
* **logarithm** — ``small <= big`` with ``big − small = P − k·exp(X)`` (k > 0, exactly one such term whose
  argument is non-linear in ε) follows from ``P > 0`` and ``X <= log(P/k)``, exp being increasing.

Only PROVED is taken from a rewritten statement (a point refuting it need not refute the original); the caller
falls back to its other methods otherwise.
"""

from __future__ import annotations

import sympy

__all__ = ["Rewriting", "nonlinear_exponential", "rewrite"]


class Rewriting:
    """One rewriting step: its rule, the sub-statements (lhs, op, rhs) that together imply the statement, and why."""

    __slots__ = ("rule", "goals", "argument")

    def __init__(self, rule: str, goals: list, argument: str):
        self.rule, self.goals, self.argument = rule, goals, argument

    def describe(self) -> dict:
        return {"method": "rewrite", "rule": self.rule, "argument": self.argument,
                "goals": [f"{lhs} {op} {rhs}" for lhs, op, rhs in self.goals]}


def _is_linear(expr, var) -> bool:
    return sympy.Poly(expr, var).degree() <= 1 if expr.is_polynomial(var) else False


def nonlinear_exponential(expr, var) -> bool:
    """``expr`` holds exp(X) with X non-linear in ``var`` (not a rational function of e^{var/m})."""
    return any(isinstance(node, sympy.exp) and node.args[0].has(var) and not _is_linear(node.args[0], var)
               for node in sympy.preorder_traversal(expr))


def _ordered(lhs, op, rhs):
    """The statement as (small, rel, big) with rel in {<, <=}."""
    if op in (">", ">="):
        return rhs, {">": "<", ">=": "<="}[op], lhs
    return lhs, op, rhs


def _square(small, rel, big, var) -> Rewriting | None:
    coeff, root = big.as_coeff_Mul()
    if not (coeff.is_Rational and coeff > 0 and isinstance(root, sympy.Pow) and root.exp == sympy.S.Half
            and root.base.has(var)):
        return None
    return Rewriting("square", [(small ** 2, rel, coeff ** 2 * root.base)],
                     "L <= c*sqrt(A) follows from L**2 <= c**2*A (then c**2*A >= 0 and |L| <= c*sqrt(A))")


def _logarithm(small, rel, big, var) -> Rewriting | None:
    terms = sympy.Add.make_args(big - small)
    hits = []
    for k, term in enumerate(terms):
        coeff, rest = term.as_coeff_Mul()
        if (coeff.is_Rational and coeff < 0 and isinstance(rest, sympy.exp) and rest.args[0].has(var)
                and not _is_linear(rest.args[0], var)):
            hits.append((k, -coeff, rest.args[0]))
    if len(hits) != 1:
        return None
    k, c, X = hits[0]
    P = sympy.Add(*(t for j, t in enumerate(terms) if j != k))
    if not P.has(var):
        P = sympy.nsimplify(P) if P.is_Float else P
    return Rewriting("logarithm", [(P, ">", sympy.Integer(0)), (X, rel, sympy.log(P / c))],
                     "big - small = P - k*exp(X) with k > 0: where P > 0, k*exp(X) <= P iff X <= log(P/k) "
                     "(exp is increasing)")


def rewrite(lhs, op, rhs, var) -> Rewriting | None:
    """The first rewriting step that applies to ``lhs op rhs`` when it holds an exponential of a non-linear
    function of ``var`` (other statements are left to the other methods), else None."""
    if op not in ("<", "<=", ">", ">=") or not nonlinear_exponential(lhs - rhs, var):
        return None
    small, rel, big = _ordered(lhs, op, rhs)
    return _square(small, rel, big, var) or _logarithm(small, rel, big, var)
