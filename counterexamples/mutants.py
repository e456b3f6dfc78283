"""The mutation operators of the recall measurement (:mod:`counterexamples.mutation`): mechanical mutants of a true
implication or inequality reading.

* ``tighten`` — for a reading that declares an implication relation "α-A ⇒ f(α)-B" (``Reading.relations``):
  B(M) ≤ (9/10)·f(A(M)), the constant tightened by 10%;
* ``swap`` — the same relation with ≤ swapped for ≥: B(M) ≥ f(A(M));
* ``drop:<hypothesis>`` — the reading with one of its hypotheses dropped (its own check, more instances).

A relation mutant's check (:func:`relation_check`) decides its statement exactly and states it as data
(``check.relation``), which the hunt's large-alphabet stage (:mod:`counterexamples.large_alphabets`) reads.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import math
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Instance, Outcome, Reading
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = ["Mutant", "TIGHTEN", "mutants_of", "relation_check"]

#: the factor of the tighten operator
TIGHTEN = Fraction(9, 10)


@dataclass
class Mutant:
    claim: Claim
    reading: Reading  # the mutated reading
    original: str  # the original reading's name
    operator: str  # "tighten" | "swap" | "drop:<name>"
    statement: str


def relation_check(source: str, target: str, fmap, operator: str):
    """The check of a relation mutant: B ≤ (9/10)·f(A) (tighten) or B ≥ f(A) (swap), exactly.

    A target only enclosed (a capacity, a supremum over priors) is decided on its certified side: the
    tighten mutant is violated when B's lower end exceeds the bound and holds when B's upper end is below
    it (the swap mutant mirrored); otherwise UNDECIDED.  The guide for the search is the *ratio*
    B / bound − 1 (a float, never a verdict): a difference would pull the search towards ε = 0, where both
    sides vanish."""
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute
    from exactpriv.measures.result import value_to_float, value_to_sympy

    expr = sympy.sympify(fmap)

    def value(name, inst):
        return compute(name, inst.mechanism, prior=inst.prior)

    def guide(b, bound) -> float | None:
        try:
            fb, ff = value_to_float(b), float(bound)
        except Exception:  # no float image: no guide
            return None
        if not (math.isfinite(fb) and math.isfinite(ff)):
            return None
        if ff > 0:
            return fb / ff - 1
        return 1.0 if fb > ff else -1.0  # both sides vanish (ε = 0): the worst place to search from

    def check(inst: Instance) -> Outcome:
        a, b = value(source, inst), value(target, inst)
        values = {"A": a, "value of B": b}
        if a.value is None:
            return Outcome(Decision.undecided("mutant", f"{source} is only enclosed"), values)
        fa = expr.xreplace({EPS: value_to_sympy(a.value)})
        bound = fa * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator) if operator == "tighten" else fa
        values["limit"] = bound
        op, fail_side, hold_side = ("<=", b.lower, b.upper) if operator == "tighten" else (">=", b.upper, b.lower)
        if b.value is not None:
            decision = compare(b.value, op, bound)
        else:
            # certified enclosure [lower, upper] of B: one side decides each way
            decision = Decision.undecided("mutant", f"{target} is only enclosed")
            if hold_side is not None:
                held = compare(hold_side, op, bound)
                if held.is_true:
                    decision = held
            if decision.is_undecided and fail_side is not None:
                failed = compare(fail_side, op, bound)
                if failed.is_false:
                    decision = failed
        g = guide(b.value if b.value is not None else (b.lower if b.lower is not None else b.upper), bound)
        if g is not None:  # a guide only, kept as a rational (values hold exact numbers)
            values["margin"] = Fraction(g if operator == "tighten" else -g).limit_denominator(10 ** 9)
        return Outcome(decision, values)

    # the statement as data for the hunt's large-alphabet stage (counterexamples.large_alphabets): B op g(A)
    check.relation = ((source, target, expr * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator), "<=")
                      if operator == "tighten" else (source, target, expr, ">="))
    return check


def mutants_of(claim: Claim, reading: Reading) -> list[Mutant]:
    """The mechanical mutants of one reading (see the module head)."""
    from exactpriv.measures import REGISTRY

    out = []
    for rel in reading.relations:
        if rel.kind != "implication" or rel.map is None:
            continue
        if rel.source not in REGISTRY or rel.target not in REGISTRY or sympy.sympify(rel.map).free_symbols - {EPS}:
            continue
        if sympy.sympify(rel.map).has(sympy.oo, sympy.Piecewise):
            continue
        if "pair-level" in rel.conditions:  # stated for pairs (P, Q): the instances hold no mechanism to measure
            continue
        for op, text in (("tighten", f"{rel.target} <= (9/10)·({rel.label})"), ("swap", f"{rel.target} >= {rel.label}")):
            r = replace(reading, name=f"{reading.name}~{op}", check=relation_check(rel.source, rel.target, rel.map, op),
                        prove=None, expected=None, finding=None, why="", relations=(), strategy=reading.strategy)
            out.append(Mutant(claim, r, reading.name, op, f"{rel.source} = eps => {text}"))
        break  # one relation per reading: the reading's stated map
    if reading.check is not None:
        for h in reading.hypotheses:
            r = replace(reading, name=f"{reading.name}~drop:{h.name}",
                        hypotheses=tuple(x for x in reading.hypotheses if x is not h), prove=None, expected=None,
                        finding=None, why="", relations=())
            out.append(Mutant(claim, r, reading.name, f"drop:{h.name}", f"{reading.statement} without '{h.name}'"))
    return out
