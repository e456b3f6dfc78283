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
(its families, the structured extremal instances of its declared search space, drawn instances, local search, and
for a tighten/swap mutant — whose check states its relation, ``check.relation`` — the symmetric channel on alphabets
of up to 10^30 values decided from closed forms, :mod:`counterexamples.large_alphabets`;
parameter draws for a reading whose own hunt with them stays clean, :func:`params_drawable`): the result is a
function of the bank, the effort and the seed.  A survivor is classified (:func:`equivalence`): a true statement
by a stated rule is *equivalent* and leaves the kill rate's denominator; every other survivor counts.
"""

from __future__ import annotations

from counterexamples.hunt import hunt_reading
from counterexamples.mutants import TIGHTEN, Mutant, mutants_of, relation_check
from counterexamples.mutation_outside import recording, sibling_templates, violators
from counterexamples.mutation_survivors import EXPLAINED, IN_SCOPE, SURVIVOR_NOTES, equivalence
from exactpriv.claims import Claim, Reading, Verdict

# the run's public names, several defined beside it (mutants, mutation_outside, mutation_survivors)
__all__ = ["EXPLAINED", "IN_SCOPE", "Mutant", "SURVIVOR_NOTES", "TIGHTEN", "equivalence", "mutants_of", "mutation_run",
           "params_drawable", "relation_check", "run_mutant"]


def params_drawable(claim: Claim, reading: Reading, *, effort: int, seed: int = 0, seconds: float = 600.0) -> bool:
    """Whether the hunt may draw the reading's parameters for its mutants: the *original* reading, hunted with
    parameter draws at the same effort, stays CHECKED (no instance false, none raising).  A reading whose
    parameters' domain lives in its families rather than its hypotheses fails this (a draw outside the domain
    raises or "refutes" it): then a mutant killed by a parameter draw would be killed for the wrong reason,
    so its mutants are hunted without parameter draws."""
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed, max_examples=effort, local_steps=effort,
                       draw_params=True)
    return res.verdict is Verdict.CHECKED and not res.counts.get("error")


def run_mutant(m: Mutant, *, effort: int, seed: int = 0, seconds: float = 600.0, draw_params: bool = False,
               claims=()) -> dict:
    """Hunt one mutant with a fixed effort; ``{"killed", "tried", "stopped_by", "note", ...}`` (a drop mutant
    also ``"outside"``: what its check said on the instances outside the dropped hypothesis).  A drop mutant's
    extra templates: instances just outside the dropped hypothesis (:func:`violators`) and the instances of
    readings with the same check among ``claims`` (:func:`sibling_templates`)."""
    reading, rec, extra = m.reading, None, ()
    if m.operator.startswith("drop:"):
        original = m.claim.reading(m.original)
        dropped = next(h for h in original.hypotheses if h.name == m.operator[5:])
        reading, rec = recording(m.reading, dropped)
        extra = violators(m.claim, original, dropped) + sibling_templates(list(claims), m.claim, original)
    res = hunt_reading(m.claim, reading, seconds=seconds, seed=seed, max_examples=effort,
                       local_steps=effort, extra_templates=extra, draw_params=draw_params,
                       killable=rec is None)  # the recording check counts in this process
    row = {"claim": m.claim.id, "reading": m.original, "operator": m.operator, "statement": m.statement,
           "killed": res.verdict is Verdict.REFUTED, "verdict": res.verdict.value, "tried": res.tried,
           "stopped_by": res.stopped_by, "found_by": res.found_by, "note": res.note[:200],
           # for a survivor: how close the search came (a float guide, positive = violated)
           "best_margin": res.margin,
           "witness": None if res.witness is None else res.witness.label}
    if res.structured_witness:
        row["structured_witness"] = res.structured_witness
        row["witness"] = res.structured_witness["label"]
    if rec is not None:
        row["outside"] = rec
    return row


def _has_params(reading: Reading) -> bool:
    from counterexamples.search_space import varies_params

    try:
        return any(varies_params(list(f.build())[:5]) for f in reading.families if not f.slow)
    except Exception:  # a family that cannot be built: no parameter draws
        return False


def mutation_run(claims, verdicts: dict, *, effort: int = 20, seed: int = 0, seconds: float = 600.0,
                 progress=None) -> dict:
    """Mutants of every implication/inequality reading whose verdict (``verdicts[(id, reading)]``) is CHECKED
    or PROVED, each hunted with ``effort``; survivors classified by :func:`equivalence`.  Returns
    ``{"mutants": [...], "killed", "total", "equivalent", "true_in_scope", "kill_rate" (killed / non-equivalent
    mutants: a mutant true only in the searched scope still counts), "kill_rate_in_scope" (killed / mutants neither
    equivalent nor true in scope), "not_mutated": [readings without a mutant], "readings": count}``; each surviving
    row carries ``"equivalent": {"rule", "why"}`` or None (rule ``true-in-scope``: :data:`IN_SCOPE`), and maybe
    ``"survivor_note"`` (:data:`SURVIVOR_NOTES`)."""
    claims = list(claims)
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
            drawable = bool(ms) and _has_params(r) and params_drawable(c, r, effort=effort, seed=seed, seconds=seconds)
            for m in ms:
                row = run_mutant(m, effort=effort, seed=seed, seconds=seconds, draw_params=drawable, claims=claims)
                row["params_drawn"] = drawable
                row["equivalent"] = None if row["killed"] else equivalence(m, row, claims, verdicts)
                note = None if row["killed"] or row["equivalent"] else SURVIVOR_NOTES.get((c.id, r.name, m.operator))
                if note:
                    row["survivor_note"] = note
                rows.append(row)
                if progress is not None:
                    progress(rows[-1])
    killed = sum(1 for x in rows if x["killed"])
    in_scope = sum(1 for x in rows if (x.get("equivalent") or {}).get("rule") == "true-in-scope")
    equivalent = sum(1 for x in rows if x.get("equivalent")) - in_scope
    counted = len(rows) - equivalent
    return {"mutants": rows, "killed": killed, "total": len(rows), "equivalent": equivalent, "true_in_scope": in_scope,
            "kill_rate": (killed / counted) if counted else None,
            "kill_rate_in_scope": (killed / (counted - in_scope)) if counted - in_scope else None,
            "not_mutated": not_mutated, "readings": readings}
