"""Deciding ``boundary`` mechanically: does a refutation survive when every probability is positive?

A refutation is a *boundary* finding when it fails only where a quantity degenerates — a zero-probability
output, a prior without full support, an undefined posterior (issue 9, finding classes).  Mechanically:
the reading is searched again with two more hypotheses on top of its own,

* ``positive-mechanism`` — every entry of the mechanism is positive, and
* ``full-support-prior`` — every dataset has positive prior mass,
* plus ``positive-extras`` — every further mechanism, prior or distribution the instance carries (in
  ``extra`` or ``params``) is positive too,

and the refutation is ``boundary`` when no witness survives there.  The positive-only search looks in three
places, in order:

1. the reading's own families, filtered by the added hypotheses (``check_reading``, as ``verify`` would);
2. the original witness and every family instance *mixed towards the interior*, (1 − t)·M + t·uniform for
   t = 1/2, 1/10, 1/100, 1/1000 (:func:`counterexamples.strategies.positivised`; independence structure
   kept): a violation that is not an artefact of a zero usually survives a small mix;
3. a ``hunt`` drawing only positive rows and full-support priors around all of these.

A positive witness found anywhere means the refutation is not (only) a boundary effect; none found means
``boundary`` *as far as this search reached* — the evidence (:func:`positive_only_search`, a JSON-able
dict) says how many instances were checked, so a report can show it.  The search applies to "forall"
readings; an "exists" reading is not refuted by a witness, so the question does not arise.  A reading
that other instances cannot refute (``open_search=False``, or an existential or object claim:
:func:`counterexamples.hunt.searchable`) gets step 1 alone.
"""

from __future__ import annotations

from fractions import Fraction

from counterexamples.guard import Evaluator, describe_instance, guarded_reading
from counterexamples.hunt import hunt_reading, searchable
from counterexamples.strategies import positivised
from exactpriv.claims import (
    Claim,
    Hypothesis,
    Instance,
    Reading,
    Verdict,
    check_reading,
    full_support_prior,
    positive_mechanism,
)
from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.mechanisms.base import Mechanism

__all__ = ["MIX_LEVELS", "POSITIVE_HYPOTHESES", "classify_refutation", "is_positive_instance", "positive_extras",
           "positive_only_search"]

#: the mixing weights t of (1 − t)·M + t·uniform tried on each template, largest first
MIX_LEVELS = (Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 1000))


def _pmf_like(v) -> bool:
    """A tuple of Fractions summing to 1 (how the banks pass distributions as params; tuples of ints are
    points or datasets, never taken for distributions)."""
    return (isinstance(v, tuple) and len(v) > 1 and all(type(q) is Fraction for q in v)
            and all(q >= 0 for q in v) and sum(v) == 1)


def _positive_entry(q) -> bool:
    if isinstance(q, (int, Fraction)):
        return q > 0
    return getattr(q, "is_positive", None) is True  # symbolic: only when sympy shows it


def _positive_object(v) -> bool:
    if isinstance(v, Mechanism):
        return all(_positive_entry(q) for row in v.rows for q in row)
    if isinstance(v, Prior):
        return all(q > 0 for q in v.pmf)
    factors = getattr(v, "factors", None)
    if factors is not None:
        return all(_positive_object(f) for f in factors)
    if _pmf_like(v):
        return all(q > 0 for q in v)
    return True


def _extras_positive(inst: Instance) -> bool:
    return all(_positive_object(v) for v in (*inst.extra.values(), *inst.params.values()))


def is_positive_instance(inst: Instance) -> bool:
    """Whether the instance meets every hypothesis of :data:`POSITIVE_HYPOTHESES` (no zero probability)."""
    return all(h.check(inst) for h in POSITIVE_HYPOTHESES)


positive_extras = Hypothesis("positive-extras", "every further mechanism, prior or distribution of the instance "
                                                "(extra objects, pmf parameters) is positive", _extras_positive)

#: what the positive-only search requires on top of a reading's own hypotheses
POSITIVE_HYPOTHESES = (positive_mechanism, full_support_prior, positive_extras)


def _mix_extras(inst: Instance, t: Fraction) -> Instance:
    """Mix the pmf-like params and extra mechanisms/priors towards uniform too (same t)."""
    def mix(v):
        if _pmf_like(v) and any(q == 0 for q in v):
            return tuple((1 - t) * Fraction(q) + t / len(v) for q in v)
        if isinstance(v, (Mechanism, Prior)) and not _positive_object(v):
            mixed = positivised(Instance("x", v if isinstance(v, Mechanism) else None,
                                         v if isinstance(v, Prior) else None), t)
            if mixed is not None:
                return mixed.mechanism if isinstance(v, Mechanism) else mixed.prior
        return v
    params = {k: mix(v) for k, v in inst.params.items()}
    extra = {k: mix(v) for k, v in inst.extra.items()}
    if params == inst.params and extra == inst.extra:
        return inst
    return Instance(inst.label, inst.mechanism, inst.prior, params, extra)


def _mixed_templates(instances: list[Instance]) -> list[Instance]:
    out = []
    for inst in instances:
        for t in MIX_LEVELS:
            try:
                mixed = _mix_extras(positivised(inst, t) or inst, t)
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception:  # an instance that cannot be mixed is left out (the families still count)
                continue
            if mixed is not inst:
                out.append(Instance(f"{inst.label}, mixed with {t} uniform", mixed.mechanism, mixed.prior,
                                    mixed.params, mixed.extra))
    return out


def positive_only_search(claim: Claim, reading: Reading, *, seconds: float | None = None, seed: int = 0,
                         max_examples: int | None = None, witness: Instance | None = None) -> dict:
    """The positive-only evidence for one reading (see the module head), as a JSON-able dict:

    ``{"claim", "reading", "hypotheses_added", "families": {verdict, counts}, "mixed": {counts},
    "hunt": {verdict, tried, drawn, counts, ...}, "positive_witness": instance JSON or None,
    "found_by": where the positive witness came from, "refuted": bool, "instances_checked": int,
    "applicable": bool, "note"}``.

    ``witness`` is the refutation to test (default: the one ``verify`` finds in the reading's families).
    The hunt draws ``max_examples`` instances (default: the effort's ``examples``); ``seconds`` is only a time
    limit — a hunt it stops says ``"stopped": true`` and proves nothing about positivity.
    """
    if not isinstance(claim, Claim) or not isinstance(reading, Reading):
        raise InvalidArgument(f"positive_only_search needs a Claim and a Reading, got {type(claim).__name__} and "
                              f"{type(reading).__name__}")
    doc: dict = {"claim": claim.id, "reading": reading.name,
                 "hypotheses_added": [h.name for h in POSITIVE_HYPOTHESES], "applicable": True,
                 "positive_witness": None, "found_by": "", "refuted": False, "instances_checked": 0,
                 "seconds": seconds, "seed": seed, "max_examples": max_examples}
    if reading.quantifier != "forall" or reading.check is None:
        doc["applicable"] = False
        doc["note"] = ("an 'exists' reading is not refuted by a witness: positivity does not apply"
                       if reading.quantifier != "forall" else "the reading has no instance check")
        return doc
    if witness is None:
        plain = check_reading(claim, guarded_reading(reading))
        doc["verdict"] = plain.verdict.value
        witness = plain.witness if plain.verdict is Verdict.REFUTED else None
        if plain.verdict is Verdict.REFUTED and witness is None:
            doc["applicable"] = False
            doc["note"] = "refuted by a certificate, not by an instance: positivity does not apply"
            return doc
    doc["witness"] = None if witness is None else describe_instance(witness)
    doc["witness_positive"] = None if witness is None else is_positive_instance(witness)
    # 1. the families under the added hypotheses (what verify would say on positive instances)
    fam = check_reading(claim, guarded_reading(reading, POSITIVE_HYPOTHESES, prove=False))
    doc["families"] = {"verdict": fam.verdict.value,
                       **{k: v for k, v in fam.evidence.items() if k.startswith("instances_")}}
    doc["instances_checked"] += fam.evidence.get("instances_true", 0) + fam.evidence.get("instances_undecided", 0)
    if fam.verdict is Verdict.REFUTED and fam.witness is not None:
        doc["instances_checked"] += 1
        return _found(doc, fam.witness, "the reading's own positive instances")
    closed = searchable(reading, claim)
    if closed:
        doc["closed"] = closed
        doc["note"] = (f"only the reading's own instances can refute it ({closed}); none of the "
                       f"{doc['instances_checked']} meeting the added hypotheses does")
        return doc
    # 2. the witness and the family instances mixed towards the interior
    originals = []
    if witness is not None:
        originals.append(witness)
    for f in reading.families:
        if not f.slow:
            try:
                originals.extend(list(f.build())[:50])
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception:  # an unbuildable family was already reported by check_reading
                pass
    mixed = _mixed_templates(originals)
    ev = Evaluator(reading, POSITIVE_HYPOTHESES)
    for inst in mixed:
        e = ev.evaluate(inst)
        if e.refutes:
            doc["mixed"] = ev.summary()
            doc["instances_checked"] += ev.checked
            return _found(doc, inst, "an instance mixed towards the interior")
    doc["mixed"] = ev.summary()
    doc["instances_checked"] += ev.checked
    # 3. a hunt over positive instances around all of these
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed, max_examples=max_examples,
                       extra_hypotheses=POSITIVE_HYPOTHESES, positive=True, extra_templates=tuple(mixed))
    doc["hunt"] = {k: v for k, v in res.to_json().items() if k not in ("witness", "id", "reading")}
    doc["instances_checked"] += res.tried
    if res.verdict is Verdict.REFUTED and res.witness is not None:
        return _found(doc, res.witness, f"a positive-only hunt ({res.found_by})")
    if res.verdict is Verdict.STOPPED:
        doc["stopped"] = True
        doc["note"] = f"the positive-only hunt was stopped by the time limit ({res.note})"
        return doc
    doc["note"] = (f"no witness with positive mechanism entries and prior masses among "
                   f"{doc['instances_checked']} instances checked")
    return doc


def _found(doc: dict, inst: Instance, where: str) -> dict:
    doc["refuted"] = True
    doc["positive_witness"] = describe_instance(inst)
    doc["found_by"] = where
    doc["note"] = f"a witness with every probability positive: found by {where}"
    return doc


def classify_refutation(claim: Claim, reading: Reading, *, seconds: float | None = None, seed: int = 0,
                        max_examples: int | None = None) -> dict:
    """The mechanical part of a finding class, ``{"class": ..., "evidence": positive_only_search(...)}``:

    * "boundary" — the witness has a zero probability and no witness survives positivity (among
      ``evidence["instances_checked"]`` positive instances);
    * "endpoint" — the witness itself has every probability positive: positivity cannot remove the failure;
      if it is a boundary finding, the degenerate point is a parameter or domain endpoint (δ = 1, ε = ε~,
      |X| = 1, n = k) that the reading's ``why`` must name;
    * "interior" — the witness has a zero, but another witness with every probability positive exists;
    * "forced-zero" — the witness has a zero, and every instance mixed towards the interior around it falls
      outside the reading's OWN hypotheses (``evidence["forced_by"]`` names them), none inside: the zero is
      demanded by the statement's hypotheses (e.g. MI-optimality beyond Theorem 2's range of Wang et al.
      forces a zero output), not a degenerate case the paper left open, so positivity cannot test it and
      the refutation is not ``boundary`` by this search;
    * "undetermined" — no positive instance around the witness could be checked: a reading only its own
      instances can refute (a paper's construction, often with structural zeros such as k-Max) has no
      instances around its witness, and its other listed instances are other cases, not evidence;
    * "not-refuted" / "not-applicable" — nothing to classify ("exists" readings, refuting certificates,
      readings without an instance check);
    * "stopped" — the time limit (``seconds``) stopped the positive-only hunt before its examples were drawn:
      no class (the effort, never the clock, decides one).

    Whether a refutation is as-written, convention or variant needs the reading's meaning, not a search.
    """
    ev = positive_only_search(claim, reading, seconds=seconds, seed=seed, max_examples=max_examples)
    if not ev["applicable"]:
        cls = "not-applicable"
    elif ev.get("witness") is None:
        cls = "not-refuted"
    elif ev.get("witness_positive"):
        cls = "endpoint"
    elif ev["refuted"]:
        cls = "interior"
    elif ev.get("stopped"):
        cls = "stopped"
    elif ev["instances_checked"] == 0 and _forced_by(reading, ev):
        cls = "forced-zero"
        ev["forced_by"] = _forced_by(reading, ev)
    elif ev["instances_checked"] == 0 or ev.get("closed"):
        cls = "undetermined"
    else:
        cls = "boundary"
    return {"class": cls, "evidence": ev}


def _forced_by(reading: Reading, ev: dict) -> list[str]:
    """The reading's own hypotheses that every mixed (positive) instance around the witness violates, when
    they alone put those instances outside (empty: positivity is not what the hypotheses exclude)."""
    mixed = ev.get("mixed") or {}
    outside_by = mixed.get("outside_by") or {}
    own = {h.name for h in reading.hypotheses}
    if not mixed.get("outside") or not outside_by or not set(outside_by) <= own:
        return []
    return sorted(outside_by)
