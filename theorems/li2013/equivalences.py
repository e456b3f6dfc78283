"""Li et al.'s equivalences "ε-X ⟺ (D, e^ε)-Y", checked level by level.

Equivalences "ε-X ⟺ (D, e^ε)-Y" of Li, Qardaji, Su, Wu and Yang,
"Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013), checked level by level.

Each measure is computed once; for every level λ of a grid around the threshold e^{X(M)} both sides are
decided exactly (:func:`exactpriv.measures.result.at_most`) and must agree.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.claims import Instance, Outcome
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import OO
from exactpriv.measures import udp


__all__ = ["check_bdp_pmp_levels", "equivalence_on_levels", "level_grid", "log_of"]


def level_grid(r):
    """A grid of exact levels λ around the threshold r (Fraction >= 1 or oo)."""
    base = {Fraction(1), Fraction(11, 10), Fraction(2), Fraction(3)}
    if r == OO:
        return sorted(base | {Fraction(10**6)})
    return sorted(v for v in base | {r, r * Fraction(9, 10), r * Fraction(11, 10), (1 + r) / 2} if v >= 1)


def log_of(lam: Fraction):
    return sympy.log(sympy.Rational(lam.numerator, lam.denominator))


def equivalence_on_levels(dp_measure, membership_measures, what: str):
    """Instance check of "ε-X ⟺ (D, e^ε)-Y": each measure is computed once; for every level λ of
    a grid around the threshold e^{X(M)} (the ``ratio`` of its witness), decide X(M) <= ln λ and
    Y(M) <= λ (all of ``membership_measures`` for a conjunction) exactly with ``at_most``, and
    require the same answer.  UNDECIDED when an enclosure straddles a level."""
    from exactpriv.measures.result import at_most

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        d = dp_measure(M)
        ms = [f(M) for f in membership_measures]
        r = d.witness.get("ratio", Fraction(1))
        r = r if r == OO else max(r, Fraction(1))
        parts = []
        for lam in level_grid(r):
            a = at_most(d, log_of(lam))
            bs = [at_most(m, lam) for m in ms]
            if any(b.is_false for b in bs):
                b = next(b for b in bs if b.is_false)
            elif all(b.is_true for b in bs):
                b = bs[0]
            else:
                b = next(b for b in bs if b.is_undecided)
            if a.is_undecided or b.is_undecided:
                parts.append(Decision.undecided(b.method, f"λ = {lam}: {d.name} {a.truth.value}, "
                                                          f"membership {b.truth.value} ({b.reason})"))
            else:
                parts.append(Decision.of(a.truth == b.truth, "exact", f"λ = {lam}: {d.name} <= ln λ is {a.truth.value}, membership <= λ is {b.truth.value}"))
        return Outcome(Decision.all_of(parts, what), {"dp": d, **{f"membership_{i}": m for i, m in enumerate(ms)}})

    return check


def check_bdp_pmp_levels(measure):
    """Instance check of "ε-BDP ⟺ (D, e^ε)-PMP" with ``measure`` the PMP of the family D."""
    return equivalence_on_levels(udp.bounded_dp, [measure], "ε-BDP ⟺ PMP at every level of the grid")
