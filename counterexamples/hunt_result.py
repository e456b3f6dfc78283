"""The outcome of hunting one reading (:class:`HuntResult`) and how what the search saw becomes it.

A hunt (:mod:`counterexamples.hunt`) records every instance it checks in a guarded evaluator
(:class:`counterexamples.guard.Evaluator`); :func:`conclude` turns those counts, the witnesses and the errors into
the verdict: REFUTED with a witness inside the hypotheses, CHECKED only when every checked instance was decided
TRUE and every family was built, STOPPED when the clock stopped the search before its effort was spent, else
UNDECIDED with the reasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from counterexamples.guard import Evaluator, describe_instance
from counterexamples.local_search import margin_of
from exactpriv.claims import Instance, Verdict

__all__ = ["HuntResult", "conclude"]


@dataclass
class HuntResult:
    """The outcome of hunting one reading.

    verdict : REFUTED (a witness inside the hypotheses), CHECKED (every checked instance TRUE), UNDECIDED
        (nothing checked, or some instance undecided or erroring) — or, for a reading not refutable by
        search, the verdict of its own families
    counts : instances true / false / undecided / error / outside (by hypothesis)
    errors : the first instances whose check raised: {"instance": input JSON, "error": text}
    verdict STOPPED : the time limit stopped the search before its examples were drawn (nothing refuted)
    stopped_by : "witness" | "max-examples" | "deadline" | "interrupted" | "families only" | "not searchable"
    searched : False when no instance was drawn (the reading is not refutable by search, or nothing varies)
    max_examples : the examples this search was to draw (the user's, else the effort's ``examples``)
    witness_file, archive_note : where the witness was archived (or why not), when the run archived it
    """

    claim_id: str
    reading: str
    verdict: Verdict
    witness: Instance | None = None
    values: dict = field(default_factory=dict)
    margin: float | None = None
    tried: int = 0
    seconds: float = 0.0
    seed: int = 0
    found_by: str = ""
    witnesses: list = field(default_factory=list)
    note: str = ""
    counts: dict = field(default_factory=dict)
    errors: list = field(default_factory=list)
    stopped_by: str = ""
    searched: bool = True
    max_examples: int | None = None
    drawn: int = 0
    search_space: dict = field(default_factory=dict)
    witness_file: str = ""
    archive_error: str = ""
    #: a violation on a structured family too large to build as a matrix (counterexamples.large_alphabets):
    #: the channel, the exact values and the kernel's decision, as JSON (``witness`` is then None)
    structured_witness: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The result as JSON; the elapsed time is under ``"timing"`` (the only key that depends on the machine,
        as in ``verify``'s rows: two runs compare equal once every ``"timing"`` is removed)."""
        doc = {"id": self.claim_id, "reading": self.reading, "verdict": self.verdict.value,
               "tried": self.tried, "drawn": self.drawn, "timing": {"seconds": round(self.seconds, 3)},
               "seed": self.seed,
               "max_examples": self.max_examples, "found_by": self.found_by, "margin": self.margin,
               "note": self.note, "counts": self.counts, "stopped_by": self.stopped_by, "searched": self.searched}
        if self.witness_file:
            doc["witness_file"] = self.witness_file
        if self.search_space:
            doc["search_space"] = self.search_space
        if self.errors:
            doc["errors"] = self.errors
        if self.witness is not None:
            doc["witness"] = describe_instance(self.witness)
        if self.structured_witness:
            doc["structured_witness"] = self.structured_witness
        return doc


def conclude(result: HuntResult, ev: Evaluator, family_errors: list, search_errors: list,
              best_margin: float | None) -> None:
    result.counts = ev.summary()
    result.tried = ev.checked
    result.errors = ev.errors + family_errors
    notes = [result.note] if result.note else []
    if result.witnesses:
        # a family instance first; else the last recorded (the shrunk one when find shrank it)
        inst, out = result.witnesses[0] if result.found_by == "bank family instance" else result.witnesses[-1]
        result.verdict = Verdict.REFUTED
        result.witness, result.values = inst, out.values
        result.margin = margin_of(out)
    else:
        # CHECKED only when something was checked, every check was decided TRUE and every family was built
        reasons = []
        if ev.checked == 0:
            reasons.append("no instance was checked inside the hypotheses"
                           + (f" ({ev.counts['outside']} outside)" if ev.counts["outside"] else ""))
        if ev.counts["undecided"]:
            first = (f" (first: {ev.undecided_reasons[0][0]}: {ev.undecided_reasons[0][1]})"
                     if ev.undecided_reasons else "")
            reasons.append(f"{ev.counts['undecided']} of {ev.checked} instances undecided{first}")
        if ev.counts["error"]:
            first = ev.errors[0] if ev.errors else {}
            reasons.append(f"{ev.counts['error']} of {ev.checked} instances raised errors (first: "
                           f"{first.get('instance', {}).get('label', '?')}: {first.get('error', '?')})")
        if family_errors:
            reasons.append(f"{len(family_errors)} families could not be built (first: {family_errors[0]['family']}: "
                           f"{family_errors[0]['error']})")
        if result.stopped_by == "interrupted":
            reasons.append("interrupted")
        result.margin = best_margin
        if result.stopped_by == "deadline":
            # the effort (the examples) was not spent: the clock stopped the search — not a verdict about
            # the reading, whatever else was seen (issue 19)
            result.verdict = Verdict.STOPPED
            reasons.insert(0, f"stopped by the time limit after {ev.checked} instances checked and "
                              f"{result.drawn} of {result.max_examples} examples drawn")
        elif reasons:
            result.verdict = Verdict.UNDECIDED
        notes.extend(reasons)
    if search_errors:
        notes.append(f"{len(search_errors)} search batches failed (first: {search_errors[0]})")
    result.note = "; ".join(dict.fromkeys(n for n in notes if n))
