"""How Cuff–Yu's checks decide: conjunctions, certified enclosures against levels, symbolic proofs.

Combining exact decisions, deciding certified enclosures, and symbolic proofs (Cuff and Yu, "Differential
Privacy as a Mutual Information Constraint" (ACM CCS 2016)).

* :func:`combine` — a conjunction of Decisions (FALSE at the first FALSE, UNDECIDED with the reasons);
* :func:`measured_cmp`, :func:`measured_ge` — decide a measured value (exact, or a certified enclosure
  [lower, upper]) against a level from the side that matters; an enclosure straddling the level is
  UNDECIDED, never a pass;
* :func:`prove_identity` (exact rewriting to 0), :func:`prove_limit` (Gruntz limits),
  :func:`prove_for_all_eps` (all-ε inequalities by :func:`exactpriv.certify.prove_inequality`).
"""

from __future__ import annotations

import sympy

from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import prove_zero


combine = Decision.all_of  # the conjunction of decisions


def measured_cmp(m: Measured, op: str, level) -> Decision:
    """Decide ``m op level`` (op '<=' or '>=') from the exact value or the certified side."""
    if m.value is not None:
        return compare(m.value, op, level)
    if op == "<=":
        if m.upper is not None and compare(m.upper, "<=", level).is_true:
            return Decision.true("enclosure", f"{m.name} <= {m.upper} <= {level}")
        if m.lower is not None and compare(m.lower, ">", level).is_true:
            return Decision.false("enclosure", f"{m.name} >= {m.lower} > {level}")
    elif op == "<":
        if m.upper is not None and compare(m.upper, "<", level).is_true:
            return Decision.true("enclosure", f"{m.name} <= {m.upper} < {level}")
        if m.lower is not None and compare(m.lower, ">=", level).is_true:
            return Decision.false("enclosure", f"{m.name} >= {m.lower} >= {level}")
    elif op == ">=":
        if m.lower is not None and compare(m.lower, ">=", level).is_true:
            return Decision.true("enclosure", f"{m.name} >= {m.lower} >= {level}")
        if m.upper is not None and compare(m.upper, "<", level).is_true:
            return Decision.false("enclosure", f"{m.name} <= {m.upper} < {level}")
    else:  # pragma: no cover - internal misuse
        raise ValueError(op)
    return Decision.undecided("enclosure",
                              f"{level} lies in the certified enclosure [{m.lower}, {m.upper}] of {m.name}")


def measured_ge(a: Measured, b: Measured) -> Decision:
    """Decide a >= b for two measured quantities (exact values or certified enclosures)."""
    if b.value is not None:
        return measured_cmp(a, ">=", b.value)
    if a.value is not None:
        return measured_cmp(b, "<=", a.value)
    if compare(a.lower, ">=", b.upper).is_true:
        return Decision.true("enclosure", f"{a.name} >= {a.lower} >= {b.upper} >= {b.name}")
    if compare(a.upper, "<", b.lower).is_true:
        return Decision.false("enclosure", f"{a.name} <= {a.upper} < {b.lower} <= {b.name}")
    return Decision.undecided("enclosure", f"enclosures of {a.name} and {b.name} overlap")

def prove_identity(expr, what: str) -> Decision:
    """TRUE iff ``expr`` is proved identically 0 by exact rewriting (never numerically)."""
    if prove_zero(expr):
        return Decision.true("sympy-simplify", f"{what}: the difference simplifies exactly to 0",
                             certificate={"difference": sympy.sstr(expr)})
    return Decision.undecided("sympy-simplify", f"{what}: no exact simplification to 0 found")


def prove_limit(expr, var, point, target, what: str, direction: str = "+") -> Decision:
    """TRUE iff sympy's (Gruntz) limit of ``expr`` at ``point`` is exactly ``target``."""
    try:
        lim = sympy.limit(expr, var, point, direction) if point != OO else sympy.limit(expr, var, point)
    except Exception as exc:  # sympy internals: no proof
        return Decision.undecided("sympy-limit", f"{what}: limit failed ({type(exc).__name__})")
    if lim == target:
        return Decision.true("sympy-limit", f"{what}: limit = {target} (Gruntz algorithm, exact)",
                             certificate={"expression": sympy.sstr(expr), "limit": sympy.sstr(lim)})
    return Decision.false("sympy-limit", f"{what}: limit = {lim}, not {target}") if lim.is_number else \
        Decision.undecided("sympy-limit", f"{what}: limit {lim} not decided")


def prove_for_all_eps(lhs, op, rhs, what: str, **kw) -> Decision:
    """An all-ε inequality by the certifier (:func:`exactpriv.certify.prove_inequality`)."""
    from exactpriv.certify import prove_inequality

    res = prove_inequality(lhs, op, rhs, **kw)
    d = res.to_decision()
    return Decision(d.truth, d.method, f"{what}: {res.reason}", d.precision, d.certificate)
