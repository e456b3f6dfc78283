"""Declarative claim forms: the checks most readings are made of.

* :func:`implication` — "α-A ⇒ f(α)-B" checked as B(M) ≤ f(A(M)) at the tightest A(M);
* :func:`equality` — two exact values are equal (tightness witnesses, identities).
"""

from __future__ import annotations

from typing import Any, Callable

from exactpriv.claims.model import Instance, Outcome
from exactpriv.exact.decisions import Decision

__all__ = ["equality", "implication"]


def implication(given: Callable[[Instance], Any], measure: Callable[[Instance], Any],
                bound: Callable[[Any], Any], *, max_prec: int = 2048,
                monotone: bool = True) -> Callable[[Instance], Outcome]:
    """Check "alpha-A => f(alpha)-B" on an instance as B(M) <= f(A(M)), f non-decreasing.

    ``given`` and ``measure`` map an instance to a :class:`~exactpriv.measures.result.Measured`
    (tightest A and B); ``bound`` maps an exact value (sympy expression) to the stated f of
    it (a sympy expression; ``oo`` allowed).  When A or B is only enclosed, the monotonicity
    of f gives: B.upper <= f(A.lower) proves, B.lower > f(A.upper) refutes.  Pass
    ``monotone=False`` when f is not known to be non-decreasing: then only exact A values
    are used and an enclosed A gives UNDECIDED.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import value_to_sympy

    def check(inst: Instance) -> Outcome:
        a = given(inst)
        b = measure(inst)
        values = {"A": a, "B": b}
        if a.value is not None and b.value is not None:
            fa = bound(value_to_sympy(a.value))
            values["bound"] = fa
            return Outcome(compare(b.value, "<=", fa, max_prec=max_prec), values)
        if not monotone and a.value is None:
            return Outcome(Decision.undecided("enclosure", "A is only enclosed and the bound f is not known "
                                                           "to be non-decreasing"), values)
        # enclosure logic with monotone f
        f_lo = bound(value_to_sympy(a.lower)) if a.lower is not None else None
        f_hi = bound(value_to_sympy(a.upper)) if a.upper is not None else None
        values["bound_lower"], values["bound_upper"] = f_lo, f_hi
        if b.upper is not None and f_lo is not None:
            d = compare(b.upper, "<=", f_lo, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.true("enclosure", "B.upper <= f(A.lower)", certificate=d.certificate), values)
        if b.lower is not None and f_hi is not None:
            d = compare(b.lower, ">", f_hi, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.false("enclosure", "B.lower > f(A.upper)", certificate=d.certificate), values)
        return Outcome(Decision.undecided("enclosure", "enclosures of A and B too wide to decide B <= f(A)"), values)

    return check


def equality(lhs: Callable[[Instance], Any], rhs: Callable[[Instance], Any], *,
             max_prec: int = 2048) -> Callable[[Instance], Outcome]:
    """Check lhs(instance) == rhs(instance) exactly (for tightness witnesses and identities).

    Each side returns an exact value (Fraction, LogForm, sympy) or a Measured with an exact value.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import Measured

    def check(inst: Instance) -> Outcome:
        a, b = lhs(inst), rhs(inst)
        av = a.value if isinstance(a, Measured) else a
        bv = b.value if isinstance(b, Measured) else b
        if av is None or bv is None:
            return Outcome(Decision.undecided("equality", "a side has no exact value"), {"lhs": a, "rhs": b})
        return Outcome(compare(av, "==", bv, max_prec=max_prec), {"lhs": a, "rhs": b})

    return check
