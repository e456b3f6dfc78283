"""Checking a reading: its proof, then every instance of its families inside its hypotheses.

The verdict (:class:`~exactpriv.claims.verdicts.Verdict`) says exactly what was shown:

* a FALSE proof or a FALSE instance check (for a "forall" reading) is REFUTED, with the witness;
* a TRUE proof is PROVED (the reading's ``prove`` covers its whole statement — a bank rule);
* every instance TRUE is CHECKED (counts per family are the evidence);
* anything else is UNDECIDED with the reasons.

Instances outside the reading's hypotheses are counted as ``outside`` and never decide anything.  An
"exists" reading is CHECKED by one TRUE instance (its witness) and REFUTED only when a family marked
``exhaustive`` has been enumerated completely without a witness.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from exactpriv.claims import display
from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv.claims.model import Claim, Instance, Outcome, Reading
from exactpriv.claims.verdicts import Verdict
from exactpriv.errors import ExactPrivError
from exactpriv.exact.decisions import Decision, Truth

__all__ = ["ReadingResult", "as_outcome", "check_claim", "check_reading", "summarize"]


@dataclass
class ReadingResult:
    """The verdict of one reading with its evidence.

    finding / why : for a REFUTED verdict, the reading's declared finding class and reason (None / ""
        when the reading declares none — an unexpected refutation, to be classified)
    """

    claim_id: str
    reading: str
    verdict: Verdict
    evidence: dict
    witness: Instance | None = None
    witness_values: dict = field(default_factory=dict)
    seconds: float = 0.0
    finding: str | None = None
    why: str = ""

    def to_json(self) -> dict:
        doc = {"id": self.claim_id, "reading": self.reading, "verdict": self.verdict.value,
               "evidence": self.evidence, "seconds": round(self.seconds, 3)}
        if self.verdict is Verdict.REFUTED:
            doc["finding"] = self.finding or "unclassified"
        if self.why:
            doc["why"] = self.why
        return doc

    # display only (exactpriv.claims.display): a short repr, the whole evidence stays in .evidence
    def __repr__(self) -> str:
        return display.result_repr(self)

    def _repr_html_(self) -> str:
        return display.result_html(self)

    def _repr_latex_(self) -> str:
        return display.result_latex(self)


def as_outcome(res) -> Outcome:
    """A check's return value as an :class:`Outcome` (a bare Decision is wrapped)."""
    if isinstance(res, Outcome):
        return res
    if isinstance(res, Decision):
        return Outcome(res)
    raise ExactPrivError(f"a reading's check must return Outcome or Decision, got {type(res).__name__}")


def _result(claim: Claim, reading: Reading, verdict: Verdict, evidence: dict, t0: float,
            witness=None, witness_values=None) -> ReadingResult:
    finding = reading.finding.value if (verdict is Verdict.REFUTED and reading.finding is not None) else None
    why = reading.why if verdict in (Verdict.REFUTED, Verdict.UNDECIDED) else ""
    if reading.convention:
        evidence.setdefault("convention", reading.convention)
    return ReadingResult(claim.id, reading.name, verdict, evidence, witness, witness_values or {},
                         time.perf_counter() - t0, finding, why)


def check_reading(claim: Claim, reading: Reading, *, include_slow: bool = False,
                  max_instances: int | None = None, stop_at_first_refutation: bool = True) -> ReadingResult:
    """Check one reading: its proof (if any) and every instance of its families (see the module head)."""
    t0 = time.perf_counter()
    evidence: dict = {"families": {}}
    proof = None
    if reading.prove is not None:
        proof = reading.prove()
        evidence["proof"] = proof.to_json()
        if proof.is_false:
            return _result(claim, reading, Verdict.REFUTED, evidence, t0)
    existential = reading.quantifier == "exists"
    witness = None
    witness_values: dict = {}
    exhausted_without_witness = False
    n_true = n_false = n_undecided = n_outside = 0
    undecided_reasons: list[str] = []
    for fam in reading.families:
        if fam.slow and not include_slow:
            evidence["families"][fam.name] = {"skipped": "slow family (run with include_slow / pytest -m slow)"}
            continue
        counts = {"true": 0, "undecided": 0, "outside": 0}
        complete = True
        for k, inst in enumerate(fam.build()):
            if max_instances is not None and k >= max_instances:
                complete = False
                break
            unmet = unmet_hypotheses(reading, inst)
            if unmet:
                counts["outside"] += 1
                counts.setdefault("outside_by", {})
                for name in unmet:
                    counts["outside_by"][name] = counts["outside_by"].get(name, 0) + 1
                continue
            out = as_outcome(reading.check(inst))
            d = out.decision
            if d.truth is Truth.TRUE:
                counts["true"] += 1
                if existential and witness is None:
                    witness, witness_values = inst, {"decision": d.to_json(), **out.values}
            elif d.truth is Truth.FALSE:
                counts["false"] = counts.get("false", 0) + 1
                if not existential and witness is None:
                    witness, witness_values = inst, {"decision": d.to_json(), **out.values}
                if not existential and stop_at_first_refutation:
                    complete = False
                    break
            else:
                counts["undecided"] += 1
                if len(undecided_reasons) < 5:
                    undecided_reasons.append(f"{inst.label}: {d.reason}")
        evidence["families"][fam.name] = counts
        n_true += counts["true"]
        n_false += counts.get("false", 0)
        n_undecided += counts["undecided"]
        n_outside += counts["outside"]
        if (existential and fam.exhaustive and complete and counts["true"] == 0 and counts["undecided"] == 0
                and counts.get("false", 0) > 0):
            exhausted_without_witness = True
            evidence["exhausted"] = fam.name
        if witness is not None and not existential and stop_at_first_refutation:
            break
    evidence["instances_true"] = n_true
    evidence["instances_undecided"] = n_undecided
    evidence["instances_outside"] = n_outside
    if undecided_reasons:
        evidence["undecided_reasons"] = undecided_reasons
    if existential:
        evidence["quantifier"] = "exists"
        if witness is not None:
            evidence["witness"] = witness.label
            verdict = Verdict.PROVED if (proof is not None and proof.is_true) else Verdict.CHECKED
        elif proof is not None and proof.is_true:
            verdict = Verdict.PROVED
        elif exhausted_without_witness:
            verdict = Verdict.REFUTED
        else:
            verdict = Verdict.UNDECIDED
            evidence.setdefault("undecided_reasons", []).append(
                "no witness among the instances and no exhaustive family was exhausted")
        return _result(claim, reading, verdict, evidence, t0, witness, witness_values)
    if witness is not None:
        if proof is not None and proof.is_true:
            raise ExactPrivError(
                f"{claim.id}/{reading.name}: proof says TRUE but instance {witness.label} refutes it — a bug"
            )
        evidence["witness"] = witness.label
        verdict = Verdict.REFUTED
    elif proof is not None and proof.is_true:
        verdict = Verdict.PROVED
    elif n_undecided:
        verdict = Verdict.UNDECIDED
    elif n_true:
        verdict = Verdict.CHECKED
    else:
        verdict = Verdict.UNDECIDED
        evidence.setdefault("undecided_reasons", []).append(
            "no instance was checked inside the hypotheses and no proof given")
    return _result(claim, reading, verdict, evidence, t0, witness, witness_values)


def check_claim(claim: Claim, *, include_slow: bool = False, max_instances: int | None = None) -> list[ReadingResult]:
    """Check every reading of ``claim``."""
    return [check_reading(claim, r, include_slow=include_slow, max_instances=max_instances) for r in claim.readings]


def summarize(results) -> display.VerdictSummary:
    """Counts per verdict and, for REFUTED readings, per finding class ("unclassified" when a reading
    declares none).  The headline count of errors found in the papers is ``findings["as-written"]``.
    The dict returned also keeps the results and renders as a verdict table in a notebook."""
    results = list(results)
    verdicts: dict[str, int] = {}
    findings: dict[str, int] = {}
    for res in results:
        verdicts[res.verdict.value] = verdicts.get(res.verdict.value, 0) + 1
        if res.verdict is Verdict.REFUTED:
            key = res.finding or "unclassified"
            findings[key] = findings.get(key, 0) + 1
    order = ["as-written", "boundary", "convention", "variant", "unclassified"]
    return display.VerdictSummary({"readings": len(results), "verdicts": dict(sorted(verdicts.items())),
                                   "findings": {k: findings[k] for k in order if k in findings}}, results)
