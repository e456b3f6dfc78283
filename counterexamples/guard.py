"""Guarded evaluation: what may count as a witness when a search tool checks an instance.

Every tool that draws or replays instances (``hunt``, ``conjecture``, ``replay``, the positive-only search)
evaluates them through an :class:`Evaluator`, which applies the same rules in the same order:

1. **Hypotheses first.**  :func:`~exactpriv.claims.hypotheses.unmet_hypotheses` decides whether the
   instance is inside the reading's hypotheses (plus any the caller adds, e.g. positivity for the
   boundary test).  An instance outside is counted as *outside* (by hypothesis name) and its check is
   never run: it can never refute.  A hypothesis predicate that raises counts as not shown to hold.
2. **The check, with every error caught.**  A check that raises (a typed ``ExactPrivError`` or a bug such as
   ``ZeroDivisionError``) makes the instance *undecided*; the error is recorded with the instance's input
   (label and JSON) so that it can be reproduced, and the search goes on.  Only ``KeyboardInterrupt`` /
   ``SystemExit`` pass through.
3. **Memoised by content.**  Two instances with equal label, mechanism, prior, params and extra get the same
   result without re-running the check.  This makes the condition handed to hypothesis' ``find`` *pure*: an
   instance once seen violating is violating on every replay (hypothesis replays the shrunk example; a
   condition that answers differently on replay raises ``FlakyFailure`` and the example is lost).

The deadline is not checked here: an evaluator never changes an answer because time ran out (see
:mod:`counterexamples.hunt` for how searches stop).  A check stopped by the time limit in force (its
killable worker killed, :class:`~exactpriv.errors.TimeLimitReached` once the deadline has passed) is not an
answer: the error passes through to the search, uncounted and unmemoised.
"""

from __future__ import annotations

import dataclasses
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from exactpriv import effort
from exactpriv.claims import Instance, Outcome, Reading
from exactpriv.claims.check import as_outcome
from exactpriv.errors import TimeLimitReached
from exactpriv.exact.decisions import Decision, Truth

__all__ = ["Evaluation", "Evaluator", "describe_instance", "guarded_reading", "instance_key"]

#: how many error reports (with inputs) an evaluator keeps; later errors are only counted
MAX_ERROR_REPORTS = 20


@dataclass
class Evaluation:
    """The guarded result of one instance.

    status : "outside" | "true" | "false" | "undecided" | "error" ("error": the check raised; it counts
        as undecided in every verdict)
    """

    instance: Instance
    status: str
    outcome: Outcome | None = None
    unmet: tuple = ()
    error: str = ""

    @property
    def refutes(self) -> bool:
        return self.status == "false"

    @property
    def counts_as_undecided(self) -> bool:
        return self.status in ("undecided", "error")


class _NoContentKey(Exception):
    pass


def instance_key(inst: Instance) -> Any:
    """A hashable key of an instance's content, equal for equal content (None when some part has no
    content equality — it is then never memoised, and its check simply re-runs)."""
    try:
        key = (inst.label, _content(inst.mechanism), _content(inst.prior),
               tuple(sorted((k, _content(v)) for k, v in inst.params.items())),
               tuple(sorted((k, _content(v)) for k, v in inst.extra.items())))
        hash(key)
        return key
    except Exception:  # unhashable or identity-only parts disable memoisation for this instance
        return None


def _content(v):
    """v as a value compared by content: containers recursively, product mechanisms by their factors;
    objects that only compare by identity have none (raises)."""
    if isinstance(v, (list, tuple)):
        return tuple(_content(u) for u in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _content(u)) for k, u in v.items()))
    factors = getattr(v, "factors", None)
    if factors is not None and type(v).__eq__ is object.__eq__:
        return ("product", type(v).__name__, _content(tuple(factors)))
    if v is not None and type(v).__eq__ is object.__eq__:
        raise _NoContentKey(type(v).__name__)
    return v


def describe_instance(inst: Instance) -> dict:
    """The instance's input as JSON (what a user needs to reproduce an error), or its label and repr
    when some part cannot be serialised."""
    from exactpriv import io

    try:
        return io.instance_to_json(inst)
    except Exception as exc:  # serialisation is best effort: the label still identifies the input
        return {"label": inst.label, "repr": repr(inst)[:500],
                "not_serialisable": f"{type(exc).__name__}: {exc}"[:200]}


@dataclass
class Evaluator:
    """Evaluates instances of one reading under the rules of the module head, counting as it goes.

    extra_hypotheses : hypotheses required on top of the reading's own (the positive-only search adds
        ``positive_mechanism`` and ``full_support_prior``)
    runner : ``runner(inst) -> Outcome`` runs the reading's check (a hunt with a time limit passes a killable
        worker's call); None: the check runs in this process
    """

    reading: Reading
    extra_hypotheses: tuple = ()
    runner: Callable | None = field(default=None, repr=False)
    counts: dict = field(default_factory=lambda: {"true": 0, "false": 0, "undecided": 0, "error": 0,
                                                  "outside": 0})
    outside_by: dict = field(default_factory=dict)
    errors: list = field(default_factory=list)
    #: the first few undecided instances with the reason their check gave (label, reason): what an UNDECIDED
    #: verdict shows, so that "n of m undecided" never comes without a why
    undecided_reasons: list = field(default_factory=list)
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self.extra_hypotheses = tuple(h for h in self.extra_hypotheses
                                      if h.name not in {g.name for g in self.reading.hypotheses})

    @property
    def checked(self) -> int:
        """Instances inside the hypotheses whose check ran (decided, undecided or errored)."""
        c = self.counts
        return c["true"] + c["false"] + c["undecided"] + c["error"]

    def unmet(self, inst: Instance) -> tuple:
        """Names of the hypotheses (the reading's and the extra ones) the instance is not shown to meet."""
        out = []
        for h in (*self.reading.hypotheses, *self.extra_hypotheses):
            try:
                ok = h.check(inst)
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception:  # a predicate that fails cannot confirm the hypothesis: outside
                ok = False
            if not ok:
                out.append(h.name)
        return tuple(out)

    def knows(self, inst: Instance) -> bool:
        """Whether evaluating ``inst`` again gives a stored answer (True also when the instance cannot be
        memoised: its check is then simply re-run, which answers the same)."""
        key = instance_key(inst)
        return key is None or key in self._cache

    def evaluate(self, inst: Instance, *, memo: dict | None = None) -> Evaluation:
        """The guarded result of ``inst``, counted once per evaluator.  ``memo``: results shared by several
        evaluators of the same reading and hypotheses (a hunt's fixed family instances, re-checked by every
        shard and conjecture unit): a result found there is counted here without re-running the check;
        only decided results (true / false / outside) are stored — an undecided or erroring check may
        depend on the time left, so it runs again."""
        key = instance_key(inst)
        if key is not None and key in self._cache:
            return self._cache[key]
        ev = memo.get(key) if memo is not None and key is not None else None
        if ev is None:
            ev = self._evaluate(inst)
            if memo is not None and key is not None and ev.status in ("true", "false", "outside"):
                memo[key] = ev
        self._count(ev)
        if key is not None:
            self._cache[key] = ev
        return ev

    def _evaluate(self, inst: Instance) -> Evaluation:
        unmet = self.unmet(inst)
        if unmet:
            return Evaluation(inst, "outside", unmet=unmet)
        try:
            out = as_outcome(self.reading.check(inst)) if self.runner is None else self.runner(inst)
        except (KeyboardInterrupt, SystemExit):
            raise
        except TimeLimitReached as exc:
            if effort.expired():  # the time limit in force stopped this check: not an answer
                raise
            return Evaluation(inst, "error", error=_error_text(exc))
        except Exception as exc:
            return Evaluation(inst, "error", error=_error_text(exc))
        truth = out.decision.truth
        status = "true" if truth is Truth.TRUE else "false" if truth is Truth.FALSE else "undecided"
        return Evaluation(inst, status, out)

    def _count(self, ev: Evaluation) -> None:
        self.counts[ev.status] += 1
        for name in ev.unmet:
            self.outside_by[name] = self.outside_by.get(name, 0) + 1
        if ev.status == "error" and len(self.errors) < MAX_ERROR_REPORTS:
            self.errors.append({"instance": describe_instance(ev.instance), "error": ev.error})
        if ev.status == "undecided" and len(self.undecided_reasons) < MAX_ERROR_REPORTS and ev.outcome is not None:
            self.undecided_reasons.append((ev.instance.label, ev.outcome.decision.reason))

    def summary(self) -> dict:
        """Counts as JSON: instances true / false / undecided / error / outside (by hypothesis)."""
        doc = dict(self.counts)
        if self.outside_by:
            doc["outside_by"] = dict(self.outside_by)
        return doc


def _error_text(exc: BaseException) -> str:
    """The error and where it was raised (the innermost frame), short enough for a report."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    return f"{type(exc).__name__}: {exc}"[:300] + where


def _guarded(fn, what: str):
    """fn wrapped so that an exception becomes an UNDECIDED decision naming it and its input."""
    def wrapped(*args):
        try:
            return fn(*args)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            label = getattr(args[0], "label", "") if args else ""
            return Decision.undecided("error", f"{what}{' on ' + label if label else ''} raised {_error_text(exc)}")
    return wrapped


def guarded_reading(reading: Reading, extra_hypotheses: tuple = (), *, prove: bool = True) -> Reading:
    """A copy of ``reading`` for :func:`~exactpriv.claims.check.check_reading` under the rules of the module
    head: its check and proof never raise (an error is an UNDECIDED decision naming the input), and the
    ``extra_hypotheses`` are required on top of its own.  ``prove=False`` drops the all-parameter proof
    (a proof knows nothing of extra hypotheses: only instances count then)."""
    own = {h.name for h in reading.hypotheses}
    return dataclasses.replace(
        reading, hypothesis=None,
        hypotheses=(*reading.hypotheses, *(h for h in extra_hypotheses if h.name not in own)),
        check=None if reading.check is None else _guarded(reading.check, "the check"),
        prove=None if (reading.prove is None or not prove) else _guarded(reading.prove, "the proof"))
