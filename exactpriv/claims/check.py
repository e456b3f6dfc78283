"""Checking a reading: its proof, then every instance of its families inside its hypotheses.

The verdict (:class:`~exactpriv.claims.verdicts.Verdict`) says exactly what was shown:

* a FALSE proof or a FALSE instance check (for a "forall" reading) is REFUTED, with the witness;
* a TRUE proof is PROVED (the reading's ``prove`` covers its whole statement — a bank rule);
* every instance TRUE is CHECKED (counts per family are the evidence) — or PROVED when the reading is about
  its listed instances only (``open_search=False``), every one of them is a symbolic family whose TRUE
  decision covers all its members (``Outcome.universal``, :mod:`exactpriv.claims.symbolic`), and every
  family was enumerated completely with none outside the hypotheses: the conjunction of those proofs is
  then the reading's whole statement;
* anything else is UNDECIDED with the reasons.

Instances outside the reading's hypotheses are counted as ``outside`` and never decide anything.  An
"exists" reading is CHECKED by one TRUE instance (its witness) and REFUTED only when a family marked
``exhaustive`` has been enumerated completely without a witness.

Effort and time limit: how far a reading's proofs and checks go is set by the effort
(:class:`~exactpriv.effort.Effort`: precision, boxes, iterations, examples), so a verdict is the same on
every machine.  ``check_reading(..., seconds=S)`` adds a time limit, a safety net only
(:mod:`exactpriv.effort.time_limit`): the instance loop checks it cooperatively, and every step the clock
stopped is recorded (:func:`~exactpriv.effort.recording_stops`).  A reading the time limit stopped keeps
what it has shown when that decides it (a REFUTED witness, an existential witness, a TRUE proof);
otherwise it is **STOPPED** "stopped by the time limit", with the counts so far — never UNDECIDED (which
would claim the effort was spent) and never CHECKED (instances or a proof were left unfinished).  A
single instance that does not return is the hard case (pure-Python loops do not look at the clock): the
whole reading runs in a killable forked worker (:func:`~exactpriv.effort.run_bounded`) that is killed a
grace period after the limit, and the reading is then STOPPED the same way.

The timing of a result is kept apart from its evidence: ``to_json()`` puts it under ``"timing"``, so two
runs' JSON compare equal once every ``"timing"`` key is removed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from exactpriv.claims import display
from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv.claims.model import Claim, Instance, Outcome, Reading
from exactpriv.claims.searched import SearchRecord
from exactpriv.claims.verdicts import Verdict
from exactpriv.errors import BudgetExceededError, ExactPrivError, TimeLimitReached, WorkerDiedError
from exactpriv import effort
from exactpriv.exact.decisions import Decision, Truth

__all__ = ["ReadingChecker", "ReadingResult", "as_outcome", "check_claim", "check_reading", "grace_seconds",
           "summarize"]


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
               "evidence": self.evidence, "timing": {"seconds": round(self.seconds, 3)}}
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


#: at most this many passing instances per family keep the values their reading shows (Outcome.values["shown"])
_SHOWN_PER_FAMILY = 10


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


def grace_seconds(seconds: float) -> float:
    """How long after a reading's deadline its worker is killed: the cooperative stop normally ends it
    first and keeps its partial counts; the kill is the guard against an instance that never returns."""
    return min(5.0, max(0.5, 0.1 * seconds))


def check_reading(claim: Claim, reading: Reading, *, include_slow: bool = False,
                  max_instances: int | None = None, stop_at_first_refutation: bool = True,
                  seconds: float | None = None) -> ReadingResult:
    """Check one reading: its proof (if any) and every instance of its families (see the module head).

    seconds : optional time limit for the whole reading (positive, finite, at most a week), a safety
        net: past it the reading is STOPPED "stopped by the time limit" unless what was shown already
        decides it.
    """
    if seconds is None:
        return _check_reading(claim, reading, include_slow, max_instances, stop_at_first_refutation)
    seconds = effort.validate_seconds(seconds, "seconds")
    return _killable(claim, reading, seconds, effort.run_bounded, _check_within, claim, reading, include_slow,
                     max_instances, stop_at_first_refutation, seconds)


def _killable(claim, reading, seconds, runner, *args) -> ReadingResult:
    """``runner(*args)`` (a killable worker) within the reading's time limit plus the grace; a kill is STOPPED,
    a worker that died (out of memory) UNDECIDED with the reason."""
    t0 = time.perf_counter()
    try:
        return runner(*args, seconds=seconds + grace_seconds(seconds), what=f"the reading {claim.id} [{reading.name}]")
    except TimeLimitReached:
        if effort.stop_requested():  # Ctrl-C: the caller stops the run; this reading was not decided
            raise
        return _stopped(claim, reading, {}, t0, limit=seconds,
                        detail="killed: a step did not return to look at the clock")
    except WorkerDiedError:  # a crashed check (issue 25): the caller reports it as such, never as a verdict
        raise
    except BudgetExceededError as exc:
        if effort.stop_requested():
            raise
        return _result(claim, reading, Verdict.UNDECIDED, {"undecided_reasons": [str(exc)]}, t0)


class ReadingChecker:
    """Checks the readings of ``claims`` one after the other, each within ``seconds``, in one warm
    killable worker (:class:`~exactpriv.exact.effort.BoundedWorker`): what ``verify`` and ``report``
    use, so one reading that never returns costs its budget, not the run.  A context manager.

        with ReadingChecker(claims, seconds=60) as checker:
            results = [checker.check(c, r) for c in claims for r in c.readings]

    prepare : optional ``prepare(claim, reading) -> (reading_to_check, extra)`` run in the worker
        before the check (e.g. a reading that records the values it computes into ``extra``);
        :meth:`check_collecting` returns ``extra`` as it stands after the check (None after a kill).
    """

    def __init__(self, claims, *, seconds: float, include_slow: bool = False, prepare=None):
        self.seconds = effort.validate_seconds(seconds, "seconds per reading")
        self.include_slow = include_slow
        self.prepare = prepare
        self._claims = {c.id: c for c in claims}  # inherited by the worker when it forks
        self._worker = effort.BoundedWorker(self._by_name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        self._worker.close()

    def _by_name(self, claim_id: str, reading_name: str, *, form: bool = False):
        claim = self._claims[claim_id]
        if form:
            from exactpriv.claims.evidence import reading_form

            return reading_form(claim.reading(reading_name))
        return self._run(claim, claim.reading(reading_name))

    def built_form(self, claim: Claim, reading: Reading):
        """The reading's statement form (:func:`~exactpriv.claims.evidence.reading_form`) built in the worker,
        where its check left what it compiled, within the reading's time limit: raises TimeLimitReached past it
        (the worker is killed), WorkerDiedError, or the builder's own error.  None for a claim the worker did not
        inherit."""
        if self._claims.get(claim.id) is not claim:
            return None
        return self._worker(claim.id, reading.name, form=True, seconds=self.seconds,
                            what=f"the statement form of {claim.id} [{reading.name}]")

    def _run(self, claim, reading):
        extra = None
        if self.prepare is not None:
            reading, extra = self.prepare(claim, reading)
        return _check_within(claim, reading, self.include_slow, None, True, self.seconds), extra

    def check_collecting(self, claim: Claim, reading: Reading) -> tuple[ReadingResult, object]:
        """``(result, extra)``: the reading's result (STOPPED past the time limit, with ``extra`` None
        when the worker had to be killed) and what ``prepare`` collected."""
        if self._claims.get(claim.id) is claim:
            out = _killable(claim, reading, self.seconds, self._worker, claim.id, reading.name)
        else:  # not among the claims the worker inherited: a worker of its own
            out = _killable(claim, reading, self.seconds, effort.run_bounded, self._run, claim, reading)
        return out if isinstance(out, tuple) else (out, None)

    def check(self, claim: Claim, reading: Reading) -> ReadingResult:
        """The reading's result (STOPPED "stopped by the time limit" past the limit)."""
        return self.check_collecting(claim, reading)[0]


def _check_within(claim, reading, include_slow, max_instances, stop_at_first_refutation, seconds):
    """The reading under its time limit (in the worker): the cooperative half of the safety net."""
    with effort.deadline(seconds, what="reading"):
        return _check_reading(claim, reading, include_slow, max_instances, stop_at_first_refutation)


def _check_reading(claim: Claim, reading: Reading, include_slow: bool, max_instances: int | None,
                   stop_at_first_refutation: bool) -> ReadingResult:
    """The reading's result; STOPPED when the time limit stopped any of its work and what was shown does not
    decide it (a witness, or a proof covering the statement, is kept)."""
    t0 = time.perf_counter()
    with effort.recording_stops() as stops:
        res = _check_reading_recorded(claim, reading, include_slow, max_instances, stop_at_first_refutation, t0)
    if not stops or res.verdict is Verdict.STOPPED or res.verdict is Verdict.REFUTED or res.verdict is Verdict.PROVED:
        return res
    if res.verdict is Verdict.CHECKED and res.evidence.get("quantifier") == "exists":  # its witness is kept
        return res
    return _stopped(claim, reading, res.evidence, t0, detail=stops[0])


def _check_reading_recorded(claim: Claim, reading: Reading, include_slow: bool, max_instances: int | None,
                            stop_at_first_refutation: bool, t0: float) -> ReadingResult:
    evidence: dict = {"families": {}}
    proof = None
    if reading.prove is not None:
        try:
            proof = reading.prove()
        except TimeLimitReached as exc:  # the reading's limit, or a step's own: either way the clock stopped it
            return _stopped(claim, reading, evidence, t0, detail=str(exc))
        evidence["proof"] = proof.to_json()
        if proof.is_false:
            witness, values = _refuting_instance(reading, include_slow)
            if witness is not None:
                evidence["witness"] = witness.label
            return _result(claim, reading, Verdict.REFUTED, evidence, t0, witness, values)
    existential = reading.quantifier == "exists"
    witness = None
    witness_values: dict = {}
    exhausted_without_witness = False
    n_true = n_false = n_undecided = n_outside = 0
    undecided_reasons: list[str] = []
    out_of_time = False
    searched = SearchRecord()  # what the instances inside the hypotheses were (issue 23: CHECKED states its search)
    # a reading about listed symbolic families is PROVED when each is proved for all its members
    universal_proofs: list[dict] | None = [] if (not existential and not reading.open_search) else None
    for fam in reading.families:
        if fam.slow and not include_slow:
            evidence["families"][fam.name] = {"skipped": "slow family (run with include_slow / pytest -m slow)"}
            universal_proofs = None
            continue
        counts = {"true": 0, "undecided": 0, "outside": 0}
        complete = True
        for k, inst in enumerate(fam.build()):
            if max_instances is not None and k >= max_instances:
                complete = False
                break
            if effort.expired():  # the reading's (or the run's) deadline, or Ctrl-C
                out_of_time, complete = True, False
                break
            unmet = unmet_hypotheses(reading, inst)
            if unmet:
                counts["outside"] += 1
                counts.setdefault("outside_by", {})
                for name in unmet:
                    counts["outside_by"][name] = counts["outside_by"].get(name, 0) + 1
                continue
            try:
                out = as_outcome(reading.check(inst))
            except TimeLimitReached as exc:
                effort.note_stop(str(exc))
                out_of_time, complete = True, False
                break
            searched.add(inst)
            d = out.decision
            dom = out.values.get("dominance")  # a reading proved by reduction confirms its kernels per instance
            if isinstance(dom, dict) and "checked" in dom:
                counts["kernels_confirmed"] = counts.get("kernels_confirmed", 0) + dom["checked"]
            if d.truth is Truth.TRUE:
                counts["true"] += 1
                shown = out.values.get("shown")  # what the reading asks to show of a passing instance (its
                if shown is not None and len(counts.setdefault("shown", {})) < _SHOWN_PER_FAMILY:  # exact ε, say)
                    counts["shown"][inst.label] = shown
                if existential and witness is None:
                    witness, witness_values = inst, {"decision": d.to_json(), **out.values}
                if universal_proofs is not None:
                    if out.universal:
                        universal_proofs.append({"family": inst.label, "method": d.method, "reason": d.reason,
                                                 "certificate": d.certificate})
                    else:
                        universal_proofs = None
            elif d.truth is Truth.FALSE:
                counts["false"] = counts.get("false", 0) + 1
                if not existential and witness is None:
                    # a symbolic family refuted at a concrete member: that member is the witness
                    witness = out.witness if out.witness is not None else inst
                    witness_values = {"decision": d.to_json(), **out.values}
                if not existential and stop_at_first_refutation:
                    complete = False
                    break
            else:
                counts["undecided"] += 1
                if len(undecided_reasons) < 5:
                    undecided_reasons.append(f"{inst.label}: {d.reason}")
        evidence["families"][fam.name] = counts
        if not complete or counts["outside"]:
            universal_proofs = None
        n_true += counts["true"]
        n_false += counts.get("false", 0)
        n_undecided += counts["undecided"]
        n_outside += counts["outside"]
        if (existential and fam.exhaustive and complete and counts["true"] == 0 and counts["undecided"] == 0
                and counts.get("false", 0) > 0):
            exhausted_without_witness = True
            evidence["exhausted"] = fam.name
        if out_of_time or (witness is not None and not existential and stop_at_first_refutation):
            break
    evidence["instances_true"] = n_true
    evidence["instances_undecided"] = n_undecided
    evidence["instances_outside"] = n_outside
    if searched.instances:
        evidence["searched"] = searched.to_json()
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
        elif out_of_time or effort.expired():
            return _out_of_time(claim, reading, evidence, t0)
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
        if witness_values.get("shown") is not None:  # what the reading shows of its witness (exact ε, say)
            evidence["shown"] = witness_values["shown"]
        verdict = Verdict.REFUTED
    elif proof is not None and proof.is_true:
        verdict = Verdict.PROVED
    elif out_of_time:  # never CHECKED: instances were left unchecked
        return _out_of_time(claim, reading, evidence, t0)
    elif n_undecided and not effort.expired():
        verdict = Verdict.UNDECIDED
    elif n_true and not n_undecided and universal_proofs and len(universal_proofs) == n_true:
        verdict = Verdict.PROVED
        evidence["proof"] = Decision.true(
            "family-proofs", f"{n_true} symbolic famil{'y' if n_true == 1 else 'ies'} proved for every value of "
                             f"the parameter in the declared domain", certificate={"families": universal_proofs}
        ).to_json()
    elif n_true and not n_undecided:
        verdict = Verdict.CHECKED
    elif effort.expired():  # e.g. the proof was cut short by the deadline and no instance decides
        return _out_of_time(claim, reading, evidence, t0)
    else:
        verdict = Verdict.UNDECIDED
        evidence.setdefault("undecided_reasons", []).append(
            "no instance was checked inside the hypotheses and no proof given" if proof is None else
            f"no instance was checked inside the hypotheses and the proof is UNDECIDED: {proof.reason}")
    return _result(claim, reading, verdict, evidence, t0, witness, witness_values)


def _refuting_instance(reading: Reading, include_slow: bool):
    """For a reading its proof refutes: the first instance of its families (inside its hypotheses) that its check
    also refutes, as a replayable witness beside the proof — (instance, values), or (None, {}) when none does
    (the proof alone then decides, as before)."""
    if reading.check is None or reading.quantifier == "exists":
        return None, {}
    try:
        for fam in reading.families:
            if fam.slow and not include_slow:
                continue
            for inst in fam.build():
                if effort.expired():
                    return None, {}
                if unmet_hypotheses(reading, inst):
                    continue
                out = as_outcome(reading.check(inst))
                if out.decision.truth is Truth.FALSE:
                    return (out.witness if out.witness is not None else inst), {"decision": out.decision.to_json(),
                                                                                 **out.values}
    except TimeLimitReached as exc:  # the proof already decides: the witness is only extra evidence
        effort.note_stop(str(exc))
    return None, {}


def _out_of_time(claim, reading, evidence, t0) -> ReadingResult:
    """STOPPED because the deadline passed (or Ctrl-C) before the reading was decided."""
    return _stopped(claim, reading, evidence, t0)


def _stopped(claim, reading, evidence, t0, *, limit: float | None = None, detail: str = "") -> ReadingResult:
    """A STOPPED result: the time limit (or Ctrl-C) stopped the reading's work; ``evidence`` keeps what was
    shown so far.  ``evidence["stopped"]`` says by what: ``{"by": "time limit" | "interrupted",
    "limit_seconds": S, "reason": text, "detail": the first step stopped}`` (no elapsed times: those are
    under the result's ``timing``)."""
    if effort.stop_requested():
        stopped = {"by": "interrupted", "reason": "stopped: interrupted"}
    else:
        if limit is None:
            d = effort.current()
            limit = d.seconds if d is not None else None
        of = f" of {limit:g} s" if limit is not None else ""
        stopped = {"by": "time limit", "limit_seconds": limit, "reason": f"stopped by the time limit{of}"}
    if detail and detail != stopped["reason"]:
        stopped["detail"] = detail
    evidence = dict(evidence)
    evidence["stopped"] = stopped
    return _result(claim, reading, Verdict.STOPPED, evidence, t0)


def check_claim(claim: Claim, *, include_slow: bool = False, max_instances: int | None = None,
                seconds: float | None = None) -> list[ReadingResult]:
    """Check every reading of ``claim`` (``seconds``: the time limit of each reading, as in :func:`check_reading`)."""
    return [check_reading(claim, r, include_slow=include_slow, max_instances=max_instances, seconds=seconds)
            for r in claim.readings]


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
