"""Running hunts, conjectures and verification on several workers with dask.distributed.

Where the pieces run is :class:`counterexamples.pool.Pool` (in this process, a ``LocalCluster`` of
``workers=N`` processes, or an existing cluster at ``scheduler="tcp://host:8786"``); what the pieces are is
fixed by the *request* alone, never by the cluster, so the answer does not depend on the number of workers:

* ``hunt``: claim × reading × seed range — :mod:`counterexamples.hunt_claim` (the one loop of every hunt,
  serial or sharded; re-exported here as :func:`run_hunt`);
* ``conjecture``: its units (:func:`counterexamples.conjecture.conjecture_units`: the extremal seeds of each
  level of the escalation ladder, then hypothesis search at each level) — the family × level grid; each unit
  draws its share of the examples (a count), and one time limit (an absolute deadline) travels with every unit;
* ``verify`` and ``report``'s bank run: claim × reading (each reading's exact check is already deterministic,
  and its families run in order inside the shard, so its witness is the serial run's).

The result of a reading (a conjecture) is that of its *lowest-index* refuting shard (unit), exactly what the
serial run computes when it runs them in order and stops at the first refutation.  Results stream back as they
finish (``as_completed``); ``progress(done, total, refuted)`` reports pieces finished across all workers.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Callable

from counterexamples.hunt import validate_search_options
from counterexamples.hunt_claim import (SEED_STRIDE, SHARDS, HuntShard, hunt, hunt_shards, merge_hunt,
                                        run_hunt_shard)
from counterexamples.pool import Pool, bank_specs, dask_available, validate_pool
from exactpriv.claims import ReadingResult, Verdict

__all__ = ["SEED_STRIDE", "SHARDS", "HuntShard", "dask_available", "hunt_shards", "merge_hunt", "run_bank_sharded",
           "run_conjecture", "run_hunt", "run_hunt_shard", "run_verify"]

#: :func:`counterexamples.hunt_claim.hunt` — every hunt of a claim, in-process or on workers
run_hunt = hunt


def _validate(workers, scheduler, seconds, seed, max_examples):
    validate_pool(workers, scheduler)
    validate_search_options(seconds, seed, max_examples)


# ----------------------------------------------------------------------------- conjecture


def run_conjecture(*, given: str, measure: str, bound: str, params=None, space: str | None = None,
                   seconds: float | None = None, seed: int = 0, prior: str = "any", max_outputs: int = 3,
                   max_examples: int | None = None, workers: int = 0, scheduler: str | None = None,
                   processes: bool = True, progress: Callable[[int, int, int], None] | None = None):
    """:func:`counterexamples.conjecture.conjecture` with its units on several workers (the same loop)."""
    from counterexamples.conjecture import conjecture

    return conjecture(given=given, measure=measure, bound=bound, params=params, space=space, seconds=seconds,
                      seed=seed, prior=prior, max_outputs=max_outputs, max_examples=max_examples, workers=workers,
                      scheduler=scheduler, processes=processes, progress=progress)


# ----------------------------------------------------------------------------- verify


#: (bank specs, seconds per reading, include_slow) -> this process's ReadingChecker over every claim of the banks
_CHECKERS: dict = {}


def _checker(banks, seconds: float, include_slow: bool):
    """One :class:`~exactpriv.claims.check.ReadingChecker` per worker process and setting, over every claim of
    the banks: its one warm killable worker serves every shard the process runs (as ``verify`` in-process)."""
    from exactpriv.claims.banks import resolve_banks, select_claims
    from exactpriv.claims.check import ReadingChecker

    key = (banks, seconds, include_slow)
    if key not in _CHECKERS:
        claims = select_claims(resolve_banks(list(banks)) if banks is not None else resolve_banks(None))
        _CHECKERS[key] = ReadingChecker(claims, seconds=seconds, include_slow=include_slow)
    return _CHECKERS[key]


def _checked(claim, reading, include_slow: bool, seconds: float | None = None, banks=None):
    """The reading's result as ``verify`` computes it — within ``seconds`` in a killable worker when given
    (:class:`~exactpriv.claims.check.ReadingChecker`), else :func:`~exactpriv.claims.check_reading` — with the
    command line's error rule: a check that raises is UNDECIDED with the error in its evidence (a bug in one
    encoding must not hide the other results).  Returns (result, error text)."""
    from exactpriv.claims import check_reading
    from exactpriv.errors import ExactPrivError

    try:
        if seconds is not None:
            return _checker(banks, seconds, include_slow).check(claim, reading), None
        return check_reading(claim, reading, include_slow=include_slow), None
    except ExactPrivError as exc:
        error = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001 - reported with the reading, never hidden
        error = f"internal error {type(exc).__name__}: {exc}"
    return ReadingResult(claim.id, reading.name, Verdict.UNDECIDED, {"error": error}), error


def _verify_task(task):
    from exactpriv.claims.banks import find_claim, resolve_banks

    claim_id, reading, banks, include_slow, seconds = task
    claim = find_claim(claim_id, resolve_banks(list(banks)) if banks is not None else None)
    return _checked(claim, claim.reading(reading), include_slow, seconds, banks)


def run_verify(claims, *, workers: int = 0, scheduler: str | None = None, banks=None, include_slow: bool = False,
               seconds_per_reading: float | None = None, processes: bool = True,
               progress: Callable[[int, int, int], None] | None = None,
               on_result: Callable[[int, ReadingResult, str | None], None] | None = None) -> list:
    """Check every reading of ``claims`` (one shard a claim × reading) and return the ReadingResults in the
    claims' order — the same list a serial loop over :func:`exactpriv.claims.check_reading` gives.

    seconds_per_reading : each reading's budget (a killable worker per process, as ``verify``); None: no budget
    A reading's families run in order inside its shard: its verdict and witness are defined by that order
    (the first refuting instance), so splitting a reading further would only move the same work around.
    on_result(k, result, error) : called as each shard's result arrives (k: the reading's position in the
        claims' order; error: the text of an exception the check raised, else None) — a caller interrupted
        by Ctrl-C keeps every result received so far
    """
    _validate(workers, scheduler, 1, 0, None)
    specs = bank_specs(banks)
    tasks = [(c.id, r.name, specs, include_slow, seconds_per_reading) for c in claims for r in c.readings]
    position = {t: k for k, t in enumerate(tasks)}
    got: dict = {}
    with Pool(workers, scheduler, processes) as pool:
        def done(task, res_err):
            res, err = res_err
            got[task] = res
            if on_result is not None:
                on_result(position[task], res, err)
            if progress is not None:
                progress(len(got), len(tasks), sum(1 for r in got.values() if r.verdict is Verdict.REFUTED))

        pool.run(_verify_task, tasks, on_result=done, cancelled=lambda t: False)
    return [got[t] for t in tasks]


def _bank_task(task):
    """One claim × reading of ``exactpriv report``'s bank run, with the notion values recorded for its plots
    (:func:`counterexamples.report.run_bank` on a claim cut down to that reading)."""
    from counterexamples.report import run_bank
    from exactpriv.claims.banks import find_claim, resolve_banks

    claim_id, reading, banks, include_slow, seconds = task
    claim = find_claim(claim_id, resolve_banks(list(banks)) if banks is not None else None)
    return run_bank([replace(claim, readings=[claim.reading(reading)])], include_slow=include_slow,
                    seconds_per_reading=seconds)


def run_bank_sharded(claims, *, workers: int = 0, scheduler: str | None = None, banks=None,
                     include_slow: bool = False, seconds_per_reading: float | None = None, processes: bool = True,
                     progress: Callable[[int, int, int], None] | None = None):
    """:func:`counterexamples.report.run_bank` with one shard a claim × reading on several workers: the same
    results, errors and plot points, in the claims' order.  Ctrl-C keeps the readings completed so far (the
    returned run is then marked ``interrupted``)."""
    from counterexamples.report import BankRun

    _validate(workers, scheduler, 1, 0, None)
    specs = bank_specs(banks)
    encodable = [c for c in claims if c.encodable]
    tasks = [(c.id, r.name, specs, include_slow, seconds_per_reading) for c in encodable for r in c.readings]
    got: dict = {}
    out = BankRun([], not_encodable=[c for c in claims if not c.encodable])
    t0 = time.perf_counter()
    try:
        with Pool(workers, scheduler, processes) as pool:
            def done(task, run):
                got[task] = run
                if progress is not None:
                    progress(len(got), len(tasks),
                             sum(1 for r in got.values() for x in r.results if x.verdict is Verdict.REFUTED))

            pool.run(_bank_task, tasks, on_result=done, cancelled=lambda t: False)
    except KeyboardInterrupt:  # keep what arrived; the caller marks its output partial
        out.interrupted = True
    for t in tasks:
        if t in got:
            out.results.extend(got[t].results)
            out.points.update(got[t].points)
            out.errors.extend(got[t].errors)
    out.seconds = time.perf_counter() - t0
    return out
