"""Hunting counterexamples to a reading: its own families, then hypothesis search, then exact local search.

What may refute (the rules, in :mod:`counterexamples.guard`): an instance counts only inside the reading's
hypotheses (others are counted *outside*); a check that raises makes its instance *undecided* (reported
with its input), never a crash; only a "forall" reading open to search is ever refuted by a drawn instance.
An "exists" reading, one whose statement is only about its listed instances (``open_search=False``), and —
unless it brings its own ``strategy`` — a reading of a non-implication, tightness, construction, value or
informal claim (:func:`searchable`) is not refutable by search: ``hunt`` reports the verdict of its own
families — what ``verify`` says.

Algorithm for a "forall" reading open to search (deterministic for a seed and ``max_examples``):

1. **The families.**  The reading's own (non-slow) instances are checked first: a refutation there needs
   no search.  They are also the *templates* of the search, smallest spaces first.  Their decided results
   are remembered per reading for the life of the process (:func:`family_memo`), so the shards of a
   distributed hunt and the units of a conjecture that share a process check each fixed instance once.
2. **Hypothesis search.**  Instances are drawn around the templates (:func:`strategies.instances_around`:
   same space, outputs, params; fresh exact rows; a prior with the template's independence structure), or
   from the reading's own ``strategy``.  ``hypothesis.find`` runs in batches (batch b seeded by
   ``(seed, b)``), with ``target()`` on the float violation margin (a guide only) and shrinking of the first
   violation.  The condition handed to ``find`` is pure — memoised by instance content, and it never changes
   an answer at the deadline (past it, *new* instances are skipped, every seen one keeps its answer) — so a
   violation found just before the deadline is never lost to a ``FlakyFailure``; every violation is also
   recorded as it is seen, whatever ``find`` does afterwards.
3. **Structure-guided local search** (:mod:`counterexamples.local_search`) from the closest instance.
4. **The effort decides, the clock only stops** (issue 19).  The search draws ``max_examples`` instances
   (default: the ``examples`` of the :class:`~exactpriv.effort.Effort` in force), its local search takes
   at most that many steps, and the templates and extremal instances are fixed lists: so the same seed and
   effort give the same ``tried`` counts, verdict and witness on every machine.  A time limit (``seconds``,
   or a deadline in force) only *stops* the work: the result is then STOPPED ("stopped by the time
   limit", with what was shown: a witness found before the stop still refutes).  With a time limit in
   force each instance's check runs in a killable worker (:class:`~exactpriv.effort.BoundedWorker`), so
   one slow instance cannot outlive the limit.  Ctrl-C stops the search too; every witness found so far
   is kept.

Claims are hunted reading by reading in fixed shards by :func:`counterexamples.hunt_claim.hunt`.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable

from hypothesis import HealthCheck, Phase, find, settings, target
from hypothesis.errors import NoSuchExample

from counterexamples import hunt_scope
from counterexamples.guard import Evaluation, Evaluator, guarded_reading
from counterexamples.hunt_result import HuntResult, conclude
from counterexamples.hunt_scope import (EXISTENTIAL_KINDS, OBJECT_KINDS, declared_params, examples_of, family_memo,
                                        searchable, validate_search_options)
from counterexamples.local_search import margin_of, focus_of, perturbed, prior_moved
from counterexamples.search_space import extremal_instances, search_space_of
from exactpriv.claims import Claim, Instance, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.claims.check import as_outcome
from exactpriv.errors import InvalidArgument, TimeLimitReached
from exactpriv import effort

# the hunt's public names, several defined beside it (counterexamples.hunt_result, counterexamples.hunt_scope)
__all__ = ["EXISTENTIAL_KINDS", "OBJECT_KINDS", "HuntResult", "declared_params", "examples_of", "family_memo",
           "hunt_reading", "margin_of", "searchable", "validate_search_options"]

#: how many structured extremal instances of a reading's declared search space are checked before drawing
EXTREMAL_LIMIT = 100


def _families_only(claim: Claim, reading: Reading, result: HuntResult, extra_hypotheses: tuple, why: str):
    """The verdict of the reading's own families (what verify says), with every error caught; within the
    time limit in force (a killable worker, as verify), when there is one."""
    # a proof knows nothing of extra hypotheses: with them, only the instances count
    guarded = guarded_reading(reading, extra_hypotheses, prove=not extra_hypotheses)
    left = effort.remaining()
    if left <= 0:
        raise TimeLimitReached("stopped by the time limit before the reading's families were checked")
    rr = check_reading(claim, guarded, seconds=None if math.isinf(left) else left)
    result.verdict = rr.verdict
    result.witness, result.values = rr.witness, dict(rr.witness_values)
    fams = [f for f in rr.evidence.get("families", {}).values() if isinstance(f, dict) and "true" in f]
    result.counts = {"true": rr.evidence.get("instances_true", 0),
                     "false": sum(f.get("false", 0) for f in fams),
                     "undecided": rr.evidence.get("instances_undecided", 0),
                     "outside": rr.evidence.get("instances_outside", 0)}
    result.tried = result.counts["true"] + result.counts["false"] + result.counts["undecided"]
    if rr.verdict is Verdict.REFUTED:
        result.found_by = "the reading's own families" if rr.witness is not None or "exhausted" in rr.evidence \
            else "the reading's proof"
        if rr.witness is not None and reading.quantifier == "forall":
            result.witnesses.append((rr.witness, None))
    reasons = rr.evidence.get("undecided_reasons") or []
    stopped = rr.evidence.get("stopped") or {}
    result.searched = False
    result.stopped_by = "deadline" if rr.verdict is Verdict.STOPPED else "not searchable"
    result.note = f"not refutable by search: {why}; verdict from the reading's own families (as verify)" \
        + (f"; {'; '.join(reasons[:2])}" if reasons and rr.verdict is Verdict.UNDECIDED else "") \
        + (f"; {stopped.get('reason', 'stopped by the time limit')}" if rr.verdict is Verdict.STOPPED else "")


def hunt_reading(claim: Claim, reading: Reading, *, seconds: float | None = None, seed: int = 0,
                 max_examples: int | None = None, local_steps: int = 400, batch_size: int = 50,
                 collect: int = 1, extra_hypotheses: tuple = (), positive: bool = False,
                 extra_templates: tuple = (), progress: Callable[[int, float | None], None] | None = None,
                 extremal: bool = True, draw_params: bool | None = None, killable: bool = True) -> HuntResult:
    """Search for an exact violation of one reading; see the module docstring.

    max_examples : the instances drawn (None: the ``examples`` of the effort in force); the local search
        takes at most as many steps.  The same seed and count give the same result on every machine.
    seconds : a time limit (None: none but the deadline in force); when it stops the search first, the
        result is STOPPED (a witness found before it still refutes)
    extra_hypotheses : required on top of the reading's own (the positive-only search of
        :mod:`counterexamples.findings`); ``positive=True`` draws positive rows and full-support priors
    extra_templates : instances checked after the families' and drawn around like them
    extremal : check the structured extremal instances of the reading's declared search space after the
        templates (:func:`counterexamples.search_space.extremal_instances`)
    draw_params : also draw the exact parameters the check reads (:func:`search_space.params_around`); None
        (default): when the reading's hypotheses declare every parameter's domain (:func:`declared_params`)
    collect : stop after this many witnesses
    killable : with a time limit in force, check each instance in a killable worker (False: in this process,
        for a check whose side effects the caller reads, such as the mutation run's recording check)
    """
    if not isinstance(claim, Claim) or not isinstance(reading, Reading):
        raise InvalidArgument(f"hunt_reading needs a Claim and a Reading, got {type(claim).__name__} and "
                              f"{type(reading).__name__}")
    validate_search_options(seconds, seed, max_examples)
    if reading.check is None:
        raise InvalidArgument(f"{claim.id} [{reading.name}] has no instance check to hunt with")
    # the hunt's time limit is also the deadline in force, so every killable step inside (sympy's
    # simplify in the kernel, a proof, each instance's check) stops with it instead of outliving it (issue 19)
    with effort.deadline(seconds, what="hunt"):
        return _hunt_reading(claim, reading, seed=seed, max_examples=examples_of(max_examples),
                             local_steps=local_steps, batch_size=batch_size, collect=collect,
                             extra_hypotheses=extra_hypotheses, positive=positive, extra_templates=extra_templates,
                             progress=progress, extremal=extremal, draw_params=draw_params, killable=killable)


class _Stopped(BaseException):
    """The time limit stopped the search: raised out of the search loops and caught in :func:`_search`
    (a BaseException, so the loops' handlers of failed batches and refused moves never swallow it)."""


def _instance_runner(reading: Reading):
    """With a time limit in force: (run, close) — ``run(inst)`` checks the instance in a killable worker
    forked from this process (it inherits the reading; the instance and the outcome are pickled), so a
    check that never looks at the clock is still stopped by the limit.  Without a time limit, or for an
    instance that cannot be pickled, the check runs here."""
    if math.isinf(effort.remaining()):
        return None, (lambda: None)
    import pickle

    check = reading.check

    def outcome(inst):
        return as_outcome(check(inst))

    worker = effort.BoundedWorker(outcome)

    def run(inst):
        try:
            pickle.dumps(inst, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - not picklable: checked here (cooperative limits only)
            return outcome(inst)
        return worker(inst, what=f"the check of {inst.label}")
    return run, worker.close


def _hunt_reading(claim, reading, *, seed, max_examples, local_steps, batch_size, collect, extra_hypotheses,
                  positive, extra_templates, progress, extremal, draw_params=None, killable=True) -> HuntResult:
    t0 = time.perf_counter()
    result = HuntResult(claim.id, reading.name, Verdict.CHECKED, seed=seed, max_examples=max_examples)
    why_not = searchable(reading, claim)
    if why_not:
        try:
            _families_only(claim, reading, result, tuple(extra_hypotheses), why_not)
        except KeyboardInterrupt:
            result.verdict, result.note, result.stopped_by = Verdict.UNDECIDED, "interrupted", "interrupted"
        except TimeLimitReached as exc:
            result.verdict, result.note, result.stopped_by = Verdict.STOPPED, str(exc), "deadline"
            result.searched = False
        result.seconds = time.perf_counter() - t0
        return result

    run, close = _instance_runner(reading) if killable else (None, lambda: None)
    try:
        return _search(claim, reading, result, t0, run, seed=seed, max_examples=max_examples,
                       local_steps=local_steps, batch_size=batch_size, collect=collect,
                       extra_hypotheses=extra_hypotheses, positive=positive, extra_templates=extra_templates,
                       progress=progress, extremal=extremal, draw_params=draw_params)
    finally:
        close()


def _search(claim, reading, result, t0, run, *, seed, max_examples, local_steps, batch_size, collect,
            extra_hypotheses, positive, extra_templates, progress, extremal, draw_params) -> HuntResult:
    ev = Evaluator(reading, tuple(extra_hypotheses), runner=run)
    best: list = [None, -math.inf]  # closest instance so far, its margin
    family_errors: list = []
    search_errors: list = []

    def seen(e: Evaluation, found_by: str) -> None:
        if e.outcome is None:
            return
        m = margin_of(e.outcome)
        if m > best[1]:
            best[0], best[1] = e.instance, m
        if e.refutes:
            if not any(w is e.instance for w, _ in result.witnesses):
                result.witnesses.append((e.instance, e.outcome))
                result.found_by = result.found_by or found_by
        if progress is not None:
            progress(ev.checked, best[1])

    def evaluate(inst: Instance, memo=None) -> Evaluation:
        """The guarded evaluation; raises _Stopped when the time limit stopped it (the instance uncounted)."""
        try:
            return ev.evaluate(inst, memo=memo)
        except TimeLimitReached:
            raise _Stopped() from None

    def violated(inst: Instance) -> bool:
        # pure: memoised by content (guard.Evaluator); past the deadline only *unseen* instances are
        # skipped, so an instance that violated once violates on every replay
        if _late() and not ev.knows(inst):
            return False
        try:
            e = evaluate(inst)
        except _Stopped:  # stopped inside this instance's check: it stays unseen, and unseen is False
            return False
        if e.outcome is not None:
            m = margin_of(e.outcome)
            if math.isfinite(m):
                target(m, label="violation margin")
        seen(e, "hypothesis find + target + shrink")
        return e.refutes

    stopped_by = ""
    space = structured = None
    try:
        templates = hunt_scope.templates(reading, family_errors) + list(extra_templates)
        if _late():  # the clock cut the templates short: what follows would judge a partial list (issue 19)
            raise _Stopped()
        n_family = len(templates) - len(extra_templates)
        space = search_space_of((*reading.hypotheses, *extra_hypotheses), templates, check=reading.check)
        if space is not None and extremal:
            # structured extremal instances of the declared search space, checked like the templates
            # (deterministic, at most EXTREMAL_LIMIT); drawn around afterwards like them
            n_templates = len(templates)
            templates += extremal_instances(space, limit=EXTREMAL_LIMIT)
            result.search_space = {**space.to_json(), "extremal_instances": len(templates) - n_templates}
        memo = family_memo(reading, tuple(extra_hypotheses))
        for k, inst in enumerate(templates):
            if _late():
                raise _Stopped()
            seen(evaluate(inst, memo=memo if k < n_family else None),
                 "bank family instance" if k < n_family else
                 "template instance" if k < n_family + len(extra_templates) else "structured extremal instance")
            if len(result.witnesses) >= collect:
                stopped_by = "witness"
                break
        if draw_params is None:  # by default: where the reading declares its parameters' domains (a declared
            # strategy draws what it declares instead)
            drawn = () if reading.strategy is not None else \
                declared_params(reading, templates[:n_family], tuple(extra_hypotheses))
            draw_params = bool(drawn)
            if drawn:
                result.search_space = {**(result.search_space or {}), "parameters_drawn": list(drawn)}
        strategy = None if stopped_by else hunt_scope.search_strategy(reading, templates, positive, tuple(extra_hypotheses),
                                                     draw_params=draw_params)
        if not stopped_by and strategy is None:
            stopped_by = "families only"
            result.searched = False
            result.note = "nothing to vary in the families' instances (no rational mechanism or prior)"
        batch = 0
        while not stopped_by:
            if result.drawn >= max_examples:
                stopped_by = "max-examples"
                break
            if _late():
                raise _Stopped()
            n = min(batch_size, max_examples - result.drawn)
            cfg = settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck),
                           phases=[Phase.generate, Phase.target, Phase.shrink])
            try:
                shrunk = find(strategy, violated, settings=cfg, random=random.Random(f"{seed}/{batch}"))
                # the shrunk violation becomes the reported witness (it was recorded when seen)
                e = evaluate(shrunk)
                if e.refutes:
                    result.witnesses = [w for w in result.witnesses if w[0] is not e.instance] + [(e.instance, e.outcome)]
            except NoSuchExample:
                pass
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception as exc:  # a hypothesis failure (health, flakiness) must not lose what was seen
                search_errors.append(f"search batch {batch}: {type(exc).__name__}: {exc}"[:300])
            if _late() and len(result.witnesses) < collect:  # the batch was cut short by the clock
                raise _Stopped()
            result.drawn += n
            batch += 1
            if len(result.witnesses) >= collect:
                stopped_by = "witness"
        if not result.witnesses and best[0] is not None and stopped_by in ("max-examples", "families only"):
            # the local search is bounded by the examples too (a step count, never the clock)
            # prior mass moves only where the reading does not assume independent records (a move along an edge
            # correlates them; full support is kept: a move never empties an entry)
            names = {h.name for h in (*reading.hypotheses, *extra_hypotheses)}
            _local_search(evaluate, best, seed, min(local_steps, max_examples), seen,
                          move_priors=not names & {"independent-records", "independent-sources"})
            if result.witnesses:
                stopped_by = "witness"
        structured = _large_alphabets(reading, extra_hypotheses, space) \
            if not result.witnesses and stopped_by in ("max-examples", "families only") else None
    except _Stopped:
        stopped_by = "witness" if len(result.witnesses) >= collect else "deadline"
    except KeyboardInterrupt:
        stopped_by = "interrupted"
        result.note = "interrupted; witnesses found so far are kept"
    if effort.stop_requested() and stopped_by in ("deadline", ""):  # Ctrl-C seen through the stop flag
        stopped_by = "interrupted"
        result.note = "interrupted; witnesses found so far are kept"
    result.stopped_by = stopped_by or "witness"
    conclude(result, ev, family_errors, search_errors, best[1] if best[0] is not None else None)
    if structured is not None and result.stopped_by in ("max-examples", "families only"):
        witness, note = structured
        result.note = "; ".join(x for x in (result.note, note) if x)
        if witness is not None:
            result.verdict, result.stopped_by = Verdict.REFUTED, "witness"
            result.found_by = "structured family at a large alphabet"
            result.values, result.structured_witness = dict(witness.values), witness.to_json()
    result.seconds = time.perf_counter() - t0
    return result


def _large_alphabets(reading: Reading, extra_hypotheses: tuple, space):
    """(witness or None, note) of :mod:`counterexamples.large_alphabets` for a check that states a relation
    between registry notions (``check.relation``), else None: the declared search space taken to alphabets of
    up to 10^30 values along the symmetric channel, decided exactly from closed forms."""
    relation = getattr(reading.check, "relation", None)
    if relation is None:
        return None
    from counterexamples.large_alphabets import relation_witness

    return relation_witness(relation, space, (*reading.hypotheses, *extra_hypotheses))


def _late() -> bool:
    """Past the time limit in force, or the run was asked to stop (Ctrl-C: a KeyboardInterrupt can be
    swallowed where it lands, e.g. in hypothesis' gc callback, so the stop flag is checked too)."""
    return effort.expired() or effort.stop_requested()


def _local_search(evaluate, best: list, seed: int, steps: int, seen, *, move_priors: bool = True):
    rng = random.Random(seed + 1)
    cur, cur_m = best[0], best[1]
    first = evaluate(cur)
    cur_focus = focus_of(first.outcome, cur.mechanism) if first.outcome is not None else []
    for _ in range(steps):
        if _late():
            raise _Stopped()
        try:
            # one move in three moves prior mass along the space's neighbour graph (when there is a prior):
            # the margin guides both, so the search walks the joint graph of priors and mechanisms
            if move_priors and isinstance(cur.prior, Prior) and rng.random() < 1 / 3:
                cand = prior_moved(cur, rng)
            else:
                cand = perturbed(cur, rng, cur_focus)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception:  # a move the mechanism or the prior refuses is skipped
            cand = None
        if cand is None:
            continue
        e = evaluate(cand)
        seen(e, "structure-guided local search")
        if e.refutes:
            return
        if e.outcome is not None:
            m = margin_of(e.outcome)
            if m >= cur_m:
                cur, cur_m = cand, m
                cur_focus = focus_of(e.outcome, cur.mechanism)


