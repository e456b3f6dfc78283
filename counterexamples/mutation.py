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
(its families, the structured extremal instances of its declared search space, drawn instances, local search;
parameter draws for a reading whose own hunt with them stays clean, :func:`params_drawable`): the result is a
function of the bank, the effort and the seed.  A survivor is classified (:func:`equivalence`): a true statement
by a stated rule is *equivalent* and leaves the kill rate's denominator; every other survivor counts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import math
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


#: hypotheses that ask for a prior: their violators are the family instances with the prior removed
_PRIOR_HYPOTHESES = {"has-prior"}
#: how many instances outside a dropped hypothesis the record of a drop mutant keeps as examples
_OUTSIDE_EXAMPLES = 3


def _recording(reading: Reading, dropped) -> tuple[Reading, dict]:
    """``reading`` whose check also records, for every instance it checks, whether the instance meets the
    dropped hypothesis and — for one that does not — what the check said: ``{"outside": {"true", "false",
    "undecided", "error"}: count, "examples": [...]}``.  Only records; the check's answer is unchanged."""
    rec = {"outside": {"true": 0, "false": 0, "undecided": 0, "error": 0, "bug": 0}, "examples": []}
    inner = reading.check

    def check(inst):
        from exactpriv.errors import ExactPrivError

        inside = _holds(dropped, inst)
        try:
            out = inner(inst)
        except Exception as exc:
            if not inside:
                # a typed error (or 0/0) says the statement is undefined there; an AttributeError or a TypeError
                # is a defect of the code, which says nothing about the statement
                undefined = isinstance(exc, (ExactPrivError, ZeroDivisionError))
                rec["outside"]["error" if undefined else "bug"] += 1
                if len(rec["examples"]) < _OUTSIDE_EXAMPLES:
                    rec["examples"].append(f"{inst.label}: {type(exc).__name__}: {exc}"[:160])
            raise
        if not inside:
            from exactpriv.claims import as_outcome

            d = as_outcome(out).decision
            key = "true" if d.is_true else "false" if d.is_false else "undecided"
            rec["outside"][key] += 1
            if key == "undecided" and len(rec["examples"]) < _OUTSIDE_EXAMPLES:
                rec["examples"].append(f"{inst.label}: {d}"[:160])
        return out

    return replace(reading, check=check), rec


def _violators(claim: Claim, reading: Reading, dropped) -> tuple:
    """Instances just outside the dropped hypothesis, made from the reading's own family instances by
    removing their prior: the search draws around its templates (all with priors), so without them a
    hypothesis such as 'has-prior' is never left and its drop never tested."""
    out = []
    for fam in reading.families:
        if fam.slow:
            continue
        try:
            insts = list(fam.build())[:2]
        except Exception:  # a family that cannot be built gives no violators
            continue
        for inst in insts:
            if dropped.name in _PRIOR_HYPOTHESES and inst.prior is not None:
                variant = replace(inst, prior=None, label=f"{inst.label} (prior removed)")
                if not _holds(dropped, variant):
                    out.append(variant)
    return tuple(out[:6])


def _holds(h, inst) -> bool:
    """The hypothesis shown to hold (a predicate that raises counts as not shown, as in the guard)."""
    try:
        return h.check(inst)
    except Exception:  # not shown to hold
        return False


def params_drawable(claim: Claim, reading: Reading, *, effort: int, seed: int = 0, seconds: float = 600.0) -> bool:
    """Whether the hunt may draw the reading's parameters for its mutants: the *original* reading, hunted with
    parameter draws at the same effort, stays CHECKED (no instance false, none raising).  A reading whose
    parameters' domain lives in its families rather than its hypotheses fails this (a draw outside the domain
    raises or "refutes" it): then a mutant killed by a parameter draw would be killed for the wrong reason,
    so its mutants are hunted without parameter draws."""
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed, max_examples=effort, local_steps=effort,
                       draw_params=True)
    return res.verdict is Verdict.CHECKED and not res.counts.get("error")


def run_mutant(m: Mutant, *, effort: int, seed: int = 0, seconds: float = 600.0, draw_params: bool = False) -> dict:
    """Hunt one mutant with a fixed effort; ``{"killed", "tried", "stopped_by", "note", ...}`` (a drop mutant
    also ``"outside"``: what its check said on the instances outside the dropped hypothesis)."""
    reading, rec, extra = m.reading, None, ()
    if m.operator.startswith("drop:"):
        dropped = next(h for h in m.claim.reading(m.original).hypotheses if h.name == m.operator[5:])
        reading, rec = _recording(m.reading, dropped)
        extra = _violators(m.claim, m.claim.reading(m.original), dropped)
    res = hunt_reading(m.claim, reading, seconds=seconds, seed=seed, max_examples=effort,
                       local_steps=effort, extra_templates=extra, draw_params=draw_params,
                       killable=rec is None)  # the recording check counts in this process
    row = {"claim": m.claim.id, "reading": m.original, "operator": m.operator, "statement": m.statement,
           "killed": res.verdict is Verdict.REFUTED, "verdict": res.verdict.value, "tried": res.tried,
           "stopped_by": res.stopped_by, "found_by": res.found_by, "note": res.note[:200],
           # for a survivor: how close the search came (a float guide, positive = violated)
           "best_margin": res.margin,
           "witness": None if res.witness is None else res.witness.label}
    if rec is not None:
        row["outside"] = rec
    return row


# ----------------------------------------------------------------------------- survivors: equivalent or a hole

#: Survivors that are true statements for a reason no mechanical rule below sees, each with its argument
#: (claim id, reading, operator) -> why.  Only arguments that hold for every instance belong here; a
#: survivor whose truth is merely plausible stays a survivor ("undetermined").
EXPLAINED: dict = {}


def _map_of(reading: Reading, source: str, target: str):
    for rel in reading.relations:
        if rel.kind == "implication" and rel.map is not None and rel.source == source and rel.target == target:
            return rel
    return None


def _proved_le(lhs, rhs) -> bool:
    """lhs(ε) <= rhs(ε) for every ε >= 0, shown by the certifier (exactpriv.forall); False when not shown."""
    from exactpriv.forall import inequality_for_all

    try:
        return inequality_for_all(sympy.sympify(lhs), "<=", sympy.sympify(rhs), domain=(0, sympy.oo),
                                  closed=(True, False), variable=EPS, seconds=20).is_true
    except Exception:  # the certifier refuses the form: not shown
        return False


def _same_check(f, g, depth: int = 3) -> bool:
    """The same check: the same function, or two closures of one code object over equal captured values —
    captured functions compared the same way (a bank builds one closure per reading,
    ``check_forward(convention)``, capturing a default ``lambda r: r * r - 1`` each time)."""
    if f is g:
        return True
    code_f, code_g = getattr(f, "__code__", None), getattr(g, "__code__", None)
    if code_f is None or code_f is not code_g or depth <= 0:
        return False
    if getattr(f, "__defaults__", None) != getattr(g, "__defaults__", None):
        return False
    cells_f, cells_g = f.__closure__ or (), g.__closure__ or ()
    if len(cells_f) != len(cells_g):
        return False
    for a, b in zip(cells_f, cells_g):
        try:
            x, y = a.cell_contents, b.cell_contents
        except ValueError:  # an empty cell: not comparable
            return False
        if callable(x) and hasattr(x, "__code__"):
            if not _same_check(x, y, depth - 1):
                return False
        elif x is not y and not (type(x) is type(y) and x == y):
            return False
    return True


def equivalence(m: Mutant, row: dict, claims, verdicts: dict) -> dict | None:
    """Why a surviving mutant is a true statement — ``{"rule", "why"}`` — or None (a hole in the search, or
    undetermined).  The rules, each a reason that holds for every instance:

    * ``sibling`` — the drop mutant *is* another reading of the claim: same check, and its hypotheses are
      among the mutant's; that reading is CHECKED or PROVED on its own (so the mutant is no weaker claim);
    * ``sharper`` — a tighten mutant B ≤ (9/10)·f(A) follows from a CHECKED/PROVED relation B ≤ g(A) of the
      bank with g(ε) ≤ (9/10)·f(ε) for every ε ≥ 0, shown by the certifier;
    * ``converse`` — a swap mutant B ≥ f(A) is the bank's CHECKED/PROVED relation A ≤ f⁻¹(B) (f and the
      converse map are inverse, shown by sympy, and increasing);
    * ``definitional`` — a drop mutant whose check is undefined outside the dropped hypothesis: every instance
      checked outside it (at least one) raised a typed error (or divided 0 by 0) or was undecided, none was
      decided and none raised a defect (AttributeError, TypeError...) — the hypothesis is the statement's domain,
      not a condition of it;
    * ``explained`` — :data:`EXPLAINED`.
    """
    ok = ("CHECKED", "PROVED")
    original = m.claim.reading(m.original)
    if m.operator.startswith("drop:"):
        names = {h.name for h in m.reading.hypotheses}
        # the claim's own readings first, then every other claim's (a corollary restating a proposition)
        for c in [m.claim] + [c for c in claims if c.id != m.claim.id]:
            for r in c.readings:
                theirs = {h.name for h in r.hypotheses}
                if (c.id, r.name) != (m.claim.id, m.original) and _same_check(r.check, original.check) \
                        and theirs - _PRIOR_HYPOTHESES <= names and verdicts.get((c.id, r.name)) in ok:
                    domain = sorted(theirs & _PRIOR_HYPOTHESES - names)
                    where = f"'{r.name}' of the same claim" if c is m.claim else f"{c.id}/{r.name}"
                    return {"rule": "sibling", "why": f"the mutant is reading {where} (same check, hypotheses "
                                                      f"{sorted(theirs) or 'none'}), {verdicts[(c.id, r.name)]} on "
                                                      "its own" + (f"; {', '.join(domain)} is the statement's domain "
                                                                   "(the measures need a prior)" if domain else "")}
        out = row.get("outside", {}).get("outside", {})
        if out and not out["true"] and not out["false"] and not out.get("bug") and out["undecided"] + out["error"] > 0:
            ex = row["outside"]["examples"][:1]
            return {"rule": "definitional",
                    "why": f"outside '{m.operator[5:]}' the statement is undefined: {out['undecided'] + out['error']} "
                           f"instances outside it, none decided" + (f" (e.g. {ex[0]})" if ex else "")}
    rel = next((r for r in original.relations if r.kind == "implication" and r.map is not None), None)
    if rel is not None and m.operator in ("tighten", "swap"):
        f = sympy.sympify(rel.map)
        for c in claims:
            for r in c.readings:
                if verdicts.get((c.id, r.name)) not in ok:
                    continue
                if m.operator == "tighten":
                    other = _map_of(r, rel.source, rel.target)
                    if other is None or (c.id, r.name) == (m.claim.id, m.original) or other.conditions != rel.conditions:
                        continue
                    g = sympy.sympify(other.map)
                    if g.free_symbols - {EPS} or g.has(sympy.Piecewise, sympy.oo):
                        continue
                    if _proved_le(g, f * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator)):
                        return {"rule": "sharper", "why": f"{c.id}/{r.name} ({verdicts[(c.id, r.name)]}) states "
                                                          f"{rel.target} <= {other.label}, and {other.label} <= "
                                                          f"(9/10)·({rel.label}) for every ε >= 0 (certified)"}
                else:
                    other = _map_of(r, rel.target, rel.source)
                    if other is None:
                        continue
                    g = sympy.sympify(other.map)
                    if g.free_symbols - {EPS}:
                        continue
                    t0 = sympy.Dummy("t", positive=True)
                    composed = sympy.simplify((g.xreplace({EPS: f}) - EPS).xreplace({EPS: t0}))
                    t = sympy.Dummy("t", positive=True)  # the level of a measure: ε > 0
                    increasing = sympy.simplify(sympy.diff(f, EPS).xreplace({EPS: t})).is_positive
                    if composed == 0 and increasing:
                        return {"rule": "converse", "why": f"{c.id}/{r.name} ({verdicts[(c.id, r.name)]}) states "
                                                           f"{rel.source} <= {other.label} given {rel.target}; with "
                                                           f"f = {rel.label} increasing and inverse to it, that is "
                                                           f"{rel.target} >= f({rel.source})"}
    why = EXPLAINED.get((m.claim.id, m.original, m.operator))
    if why:
        return {"rule": "explained", "why": why}
    return None


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
    ``{"mutants": [...], "killed", "total", "equivalent", "kill_rate" (killed / non-equivalent mutants),
    "not_mutated": [readings without a mutant], "readings": count}``; each surviving row carries
    ``"equivalent": {"rule", "why"}`` or None."""
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
                row = run_mutant(m, effort=effort, seed=seed, seconds=seconds, draw_params=drawable)
                row["params_drawn"] = drawable
                row["equivalent"] = None if row["killed"] else equivalence(m, row, claims, verdicts)
                rows.append(row)
                if progress is not None:
                    progress(rows[-1])
    killed = sum(1 for x in rows if x["killed"])
    equivalent = sum(1 for x in rows if x.get("equivalent"))
    counted = len(rows) - equivalent
    return {"mutants": rows, "killed": killed, "total": len(rows), "equivalent": equivalent,
            "kill_rate": (killed / counted) if counted else None, "not_mutated": not_mutated, "readings": readings}
