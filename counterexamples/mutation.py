"""Recall of the search measured by mutation, like mutation testing (issue 23, item 4).

A search that never finds anything proves nothing about itself.  Its recall is measured on statements known to
be false: *mutants* derived mechanically from the bank's true implication and inequality readings (those
whose verdict is CHECKED or PROVED), each hunted with a fixed effort.  A killed mutant is one the search
refutes; a surviving one is either a true statement (the reading's constant has slack, a hypothesis is
redundant, or both sides are equal) or a hole in the search.

Mutation operators (:func:`mutants_of`):

* ``tighten`` — for a reading that declares an implication relation "α-A ⇒ f(α)-B" (``Reading.relations``):
  B(M) ≤ (9/10)·f(A(M)), the constant tightened by 10%;
* ``swap`` — the same relation with ≤ swapped for ≥: B(M) ≥ f(A(M)) (a relation is never symmetric here:
  equality on every instance would make both directions hold, which the survivor list reports);
* ``drop:<hypothesis>`` — the reading with one of its hypotheses dropped (its own check, more instances).

A relation whose notions are not measures of the registry (per-record quantities) or that is stated for
pairs of distributions gets no tighten/swap mutant; a reading with neither a relation nor a hypothesis gets none at all — :func:`mutation_run` reports
those readings as *not mutated*, so the kill rate is never computed over an unstated population.
Each mutant is hunted by :func:`counterexamples.hunt.hunt_reading` with ``max_examples = effort`` and seed 0
(its families, the structured extremal instances of its declared search space, drawn instances, local search):
the result is a function of the bank, the effort and the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import sympy

from counterexamples.hunt import hunt_reading
from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = ["Mutant", "TIGHTEN", "mutants_of", "mutation_run", "run_mutant"]

#: the factor of the tighten operator
TIGHTEN = Fraction(9, 10)


@dataclass
class Mutant:
    claim: Claim
    reading: Reading  # the mutated reading
    original: str  # the original reading's name
    operator: str  # "tighten" | "swap" | "drop:<name>"
    statement: str


def _relation_check(source: str, target: str, fmap, operator: str):
    """The check of a relation mutant: B ≤ (9/10)·f(A) (tighten) or B ≥ f(A) (swap), exactly."""
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute
    from exactpriv.measures.result import value_to_sympy

    expr = sympy.sympify(fmap)

    def value(name, inst):
        return compute(name, inst.mechanism, prior=inst.prior)

    def check(inst: Instance) -> Outcome:
        a, b = value(source, inst), value(target, inst)
        values = {"A": a, "B": b}
        if a.value is None or b.value is None:
            return Outcome(Decision.undecided("mutant", "a value is only enclosed"), values)
        fa = expr.xreplace({EPS: value_to_sympy(a.value)})
        if operator == "tighten":
            bound = fa * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator)
            values["bound"] = bound
            return Outcome(compare(b.value, "<=", bound), values)
        values["bound"] = fa
        return Outcome(compare(b.value, ">=", fa), values)

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
            r = replace(reading, name=f"{reading.name}~{op}", check=_relation_check(rel.source, rel.target, rel.map, op),
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


def run_mutant(m: Mutant, *, effort: int, seed: int = 0, seconds: float = 600.0) -> dict:
    """Hunt one mutant with a fixed effort; ``{"killed", "tried", "stopped_by", "note", ...}``."""
    res = hunt_reading(m.claim, m.reading, seconds=seconds, seed=seed, max_examples=effort,
                       local_steps=effort)
    return {"claim": m.claim.id, "reading": m.original, "operator": m.operator, "statement": m.statement,
            "killed": res.verdict is Verdict.REFUTED, "verdict": res.verdict.value, "tried": res.tried,
            "stopped_by": res.stopped_by, "found_by": res.found_by, "note": res.note[:200],
            # for a survivor: how close the search came (a float guide, positive = violated)
            "best_margin": res.margin,
            "witness": None if res.witness is None else res.witness.label}


def mutation_run(claims, verdicts: dict, *, effort: int = 20, seed: int = 0, seconds: float = 600.0,
                 progress=None) -> dict:
    """Mutants of every implication/inequality reading whose verdict (``verdicts[(id, reading)]``) is CHECKED
    or PROVED, each hunted with ``effort``; ``{"mutants": [...], "killed", "total", "kill_rate",
    "not_mutated": [readings without a mutant], "readings": count}``."""
    rows, not_mutated, readings = [], [], 0
    for c in claims:
        if c.kind not in ("implication", "inequality"):
            continue
        for r in c.readings:
            if verdicts.get((c.id, r.name)) not in ("CHECKED", "PROVED"):
                continue
            readings += 1
            ms = mutants_of(c, r)
            if not ms:
                not_mutated.append(f"{c.id}/{r.name}")
            for m in ms:
                rows.append(run_mutant(m, effort=effort, seed=seed, seconds=seconds))
                if progress is not None:
                    progress(rows[-1])
    killed = sum(1 for x in rows if x["killed"])
    return {"mutants": rows, "killed": killed, "total": len(rows),
            "kill_rate": (killed / len(rows)) if rows else None, "not_mutated": not_mutated, "readings": readings}
