"""Exact steps of a check of Wang, Ying and Zhang's claims, and how they combine.

A check is a conjunction of exact comparisons (:func:`compare_step`) and exact facts (:func:`fact`);
:func:`all_of` combines them (first FALSE refutes, any UNDECIDED leaves it undecided).  The parameter
readers take e^ε = t from an instance (``exp_eps_of``) and (n, m) from a prior's space (``shape``).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.distortion import h


__all__ = ["F", "OO", "all_of", "compare_step", "exp_eps_of", "fact", "h_or_zero", "plus", "shape", "times"]

F = Fraction
OO = sympy.oo


all_of = Decision.all_of  # the conjunction of decisions


def compare_step(a, op, b, what="") -> Decision:
    d = compare(a, op, b)
    if what:
        return Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)
    return d


def fact(ok: bool, reason: str, method: str = "exact") -> Decision:
    return Decision.true(method, reason) if ok else Decision.false(method, reason)


def shape(prior):
    S = prior.space
    return S.n, len(S.alphabets[0])


def exp_eps_of(inst, key="t") -> Fraction:
    return as_rational(inst.params[key], key)


def h_or_zero(n, m, t):
    """h at e^ε = t, with h(oo) = 0 (for e^{ε_X} = oo)."""
    return F(0) if t == OO else h(None, n, m, exp_eps=t)


def times(a, b):
    return OO if OO in (a, b) else a * b


def plus(a, b):
    return OO if OO in (a, b) else a + b

