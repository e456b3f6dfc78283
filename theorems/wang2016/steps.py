"""Exact steps of a check of Wang, Ying and Zhang's claims, and how they combine.

A check is a conjunction of exact comparisons (:func:`compare_step`) and exact facts
(``Decision.of``); ``Decision.all_of`` combines them (first FALSE refutes, any UNDECIDED leaves it undecided).  The parameter
readers take e^ε = t from an instance (``exp_eps_of``) and (n, m) from a prior's space (``shape``).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.errors import ExactPrivError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.distortion import h


__all__ = ["F", "compare_step", "exp_eps_of", "h_or_zero", "plus", "shape", "symbolic_zero",
           "times"]

F = Fraction


def compare_step(a, op, b, what="") -> Decision:
    d = compare(a, op, b)
    if what:
        return Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)
    return d


def symbolic_zero(diff, what: str, samples=()) -> Decision:
    """Is the symbolic difference ``diff`` identically 0?  TRUE when ``sympy.simplify`` rewrites it to exactly
    0 (exact rewriting rules); FALSE only with an exact nonzero shown: the first substitution of ``samples``
    (dicts symbol -> exact value inside the statement's domain) at which the decision kernel shows the
    value != 0, named in the reason; otherwise UNDECIDED — a difference sympy cannot simplify is not a
    refutation."""
    simplified = sympy.simplify(diff)
    if simplified == 0:
        return Decision.true("sympy-simplify", f"{what}: the difference simplifies to 0")
    for point in samples:
        value = sympy.simplify(sympy.sympify(diff).subs(point))
        if value.free_symbols:
            continue
        try:
            d = compare(value, "!=", 0)
        except ExactPrivError:  # a value the kernel cannot evaluate shows nothing
            continue
        if d.is_true:
            at = ", ".join(f"{k} = {v}" for k, v in point.items())
            return Decision.false(d.method, f"{what}: at {at} the difference is {value} != 0",
                                  certificate={"point": {str(k): str(v) for k, v in point.items()},
                                               "difference": str(value)})
    return Decision.undecided("sympy-simplify", f"{what}: sympy does not simplify the difference to 0 ({simplified}) "
                                                f"and no exact nonzero value was shown at {len(samples)} sample points")


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

