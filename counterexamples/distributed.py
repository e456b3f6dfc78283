"""Running hunts, conjectures and verification on several workers with dask.distributed.

Counterexample search is embarrassingly parallel; dask.distributed (an existing, maintained scheduler —
no home-made pool) runs the pieces on a ``LocalCluster`` (``workers=N``) or an existing cluster
(``scheduler="tcp://host:8786"``).  Without dask installed, or with ``workers=0`` and no scheduler, the same
pieces run in-process, in order.

**Sharding scheme — why the answer does not depend on the number of workers.**  Work is cut into shards
fixed by the *request* alone, never by the cluster:

* ``hunt``: claim × reading × seed range — reading r is split into :data:`SHARDS` shards, shard i hunting with
  seed ``seed·SEED_STRIDE + i`` and ``ceil(max_examples / SHARDS)`` drawn examples (each shard checks the
  reading's families first, so a family refutation is found by shard 0 whatever else runs);
* ``conjecture``: its units (:func:`counterexamples.conjecture.conjecture_units`: the extremal seeds of each
  level of the escalation ladder, then hypothesis search at each level) — the family × level grid;
* ``verify`` and ``report``'s bank run: claim × reading (each reading's exact check is already deterministic,
  and its families run in order inside the shard, so its witness is the serial run's).

The result of a reading is that of its *lowest-index* refuting shard (counts summed over the shards run up to
it), exactly what the serial run computes when it runs the shards in order and stops at the first refutation.
So with ``max_examples`` (a count, not the clock, bounds each shard) the same seed gives the same verdicts and
witnesses with 0, 1 or N workers.  A refutation cancels only shards of *higher* index of the same reading.

Results stream back as they finish (``as_completed``); a witness is archived atomically
(:func:`counterexamples.archive.archive_found`) the moment it arrives — a later, lower-index witness of the same
reading replaces it, so the final file is the deterministic one, and an interrupted run keeps every witness it
has received.  ``progress(done, total, refuted)`` reports shards finished across all workers.
"""

from __future__ import annotations

import functools
import logging
import os
import random
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from counterexamples.hunt import HuntResult, hunt_reading
from counterexamples.hunt import _validate as validate_search_options
from exactpriv.effort import current_effort, using
from exactpriv.claims import ReadingResult, Verdict
from exactpriv.errors import InvalidArgument

__all__ = ["SHARDS", "HuntShard", "dask_available", "hunt_shards", "merge_hunt", "run_bank_sharded", "run_conjecture",
           "run_hunt", "run_hunt_shard", "run_verify"]

#: shards per hunted reading: fixed, so the decomposition (and the answer) never depends on the workers
SHARDS = 4
#: shard i of seed s hunts with seed s·SEED_STRIDE + i (distinct for every (s, i) with i < SEED_STRIDE)
SEED_STRIDE = 1009


def dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def _validate(workers, scheduler, seconds, seed, max_examples):
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise InvalidArgument(f"workers={workers!r} must be a non-negative integer")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise InvalidArgument(f"scheduler={scheduler!r} must be an address like 'tcp://127.0.0.1:8786'")
    if (workers or scheduler) and not dask_available():
        raise InvalidArgument("workers/scheduler need dask.distributed: pip install 'exactpriv[distributed]'")
    validate_search_options(seconds, seed, max_examples)


def _stdout_to_stderr() -> None:
    """In a local worker process: file descriptor 1 becomes a copy of 2, so what libraries print from C (the
    HiGHS licence banner) goes to stderr instead of into the command's stdout (``--format json > out``)."""
    import sys

    sys.stdout.flush()
    os.dup2(2, 1)



def _with_effort(eff, fn, task):
    """``fn(task)`` under the effort of the process that submitted it (a dask worker has its own context)."""
    with using(eff):
        return fn(task)

class _Pool:
    """In-process execution, a LocalCluster of ``workers`` processes, or a client of ``scheduler``."""

    def __init__(self, workers: int, scheduler: str | None, processes: bool):
        self.client = self.cluster = None
        self.parallel = 1
        if scheduler:
            from distributed import Client

            self.client = Client(scheduler)
        elif workers:
            from distributed import Client, LocalCluster

            # one thread a worker: hypothesis' search state is not shared between threads
            self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                                        dashboard_address=None, silence_logs=logging.ERROR)
            self.client = Client(self.cluster)
            if processes:  # our own worker processes share the terminal: keep the user's stdout for results
                self.client.run(_stdout_to_stderr)
        if self.client is not None:
            self.parallel = max(1, sum(self.client.nthreads().values()))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def run(self, fn, tasks: list, *, on_result: Callable, cancelled: Callable[[object], bool]) -> None:
        """Run ``fn(task)`` for every task; ``on_result(task, result)`` as each finishes; a task for which
        ``cancelled(task)`` has become true is skipped (in-process) or cancelled (on the cluster)."""
        if self.client is None:
            for t in tasks:
                if not cancelled(t):
                    on_result(t, fn(t))
            return
        from distributed import as_completed

        # the effort in force here (--effort) decides on the workers too: it travels with each task
        fn = functools.partial(_with_effort, current_effort(), fn)
        futures = {self.client.submit(fn, t, pure=False): t for t in tasks}
        try:
            for fut in as_completed(list(futures)):
                t = futures[fut]
                if fut.cancelled():
                    continue
                on_result(t, fut.result())
                stale = [f for f, u in futures.items() if not f.done() and cancelled(u)]
                if stale:
                    self.client.cancel(stale)
        finally:
            pending = [f for f in futures if not f.done()]
            if pending:
                self.client.cancel(pending)


# ----------------------------------------------------------------------------- hunt


@dataclass(frozen=True)
class HuntShard:
    """One deterministic piece of a hunt: plain data, rebuilt on any worker (the claim is found by id)."""

    claim_id: str
    reading: str
    index: int
    seed: int
    seconds: float
    max_examples: int | None
    banks: tuple | None


def _bank_specs(banks) -> tuple | None:
    if banks is None:
        return None
    out = []
    for b in banks:
        if not isinstance(b, str):
            raise InvalidArgument(f"banks: {b!r} must be a bank name or a file path (a string), to reach workers")
        out.append(str(Path(b).resolve()) if b.endswith(".py") and os.path.exists(b) else b)
    return tuple(out)


def hunt_shards(claim, *, reading: str | None = None, seed: int = 0, seconds: float = 30.0,
                max_examples: int | None = None, parallel: int = 1, banks=None) -> list[HuntShard]:
    """The shards of hunting ``claim`` (every reading with a check, or only ``reading``); see the module head.
    ``parallel``: shards running at once — only each shard's time budget depends on it, never its work."""
    readings = [claim.reading(reading)] if reading else [r for r in claim.readings if r.check is not None]
    if not readings:
        raise InvalidArgument(f"claim {claim.id} has no reading with an instance check to hunt")
    total = len(readings) * SHARDS
    # with max_examples the effort decides and the clock is only a safety net: every shard gets the whole
    # budget (a budget split by the workers' parallelism cut shards at load-dependent points, so the same
    # seed and limit gave different 'tried' counts and witnesses); without it, the time is split
    per = seconds if max_examples is not None else min(seconds, seconds * max(1, parallel) / total)
    each = None if max_examples is None else -(-max_examples // SHARDS)
    specs = _bank_specs(banks)
    return [HuntShard(claim.id, r.name, i, seed * SEED_STRIDE + i, per, each, specs)
            for r in readings for i in range(SHARDS)]


def run_hunt_shard(shard: HuntShard) -> HuntResult:
    """Run one shard (on a worker or in-process)."""
    from exactpriv.claims.banks import find_claim, resolve_banks

    claim = find_claim(shard.claim_id, resolve_banks(list(shard.banks)) if shard.banks is not None else None)
    # some libraries called inside checks draw from the global `random` module (hypothesis warns about it):
    # seed it from the shard, so a shard computes the same in a fresh worker and after other work in-process
    random.seed(shard.seed)
    res = hunt_reading(claim, claim.reading(shard.reading), seconds=shard.seconds, seed=shard.seed,
                       max_examples=shard.max_examples)
    res.note = f"shard {shard.index}: {res.note}" if res.note else ""
    return res


def _summed(docs: list) -> dict:
    """Counts summed key by key (nested dicts such as ``outside_by`` too)."""
    out: dict = {}
    for doc in docs:
        for k, v in doc.items():
            if isinstance(v, dict):
                out[k] = _summed([out.get(k, {}), v])
            else:
                out[k] = out.get(k, 0) + v
    return out


def merge_hunt(results: list[HuntResult], *, seed: int, max_examples: int | None) -> HuntResult:
    """One reading's result from its shards' results in shard order: the first refuting shard's witness, the
    counts of the shards up to it (those after it may have been cancelled)."""
    refuting = [k for k, r in enumerate(results) if r.verdict is Verdict.REFUTED]
    upto = results[: refuting[0] + 1] if refuting else results
    head = results[refuting[0]] if refuting else results[0]
    out = replace(head, seed=seed, max_examples=max_examples)
    out.tried = sum(r.tried for r in upto)
    out.drawn = sum(r.drawn for r in upto)
    out.seconds = max(r.seconds for r in upto)
    out.counts = _summed([r.counts for r in upto])
    out.errors = [e for r in upto for e in r.errors][:20]
    if not refuting:
        verdicts = {r.verdict for r in results}
        out.verdict = Verdict.CHECKED if verdicts == {Verdict.CHECKED} else (
            verdicts.pop() if len(verdicts) == 1 else Verdict.UNDECIDED)
        out.stopped_by = "; ".join(dict.fromkeys(r.stopped_by for r in results))
    out.note = "; ".join(dict.fromkeys(r.note for r in upto if r.note))
    return out


def run_hunt(claim, *, reading: str | None = None, seconds: float = 30.0, seed: int = 0,
             max_examples: int | None = None, workers: int = 0, scheduler: str | None = None, banks=None,
             archive: bool = False, directory: Path | None = None, overwrite: bool = False,
             processes: bool = True, progress: Callable[[int, int, int], None] | None = None,
             announce: Callable[[ReadingResult], None] | None = None) -> list[HuntResult]:
    """Hunt ``claim`` sharded (see the module head); one merged :class:`HuntResult` per reading.

    archive : write each witness as it arrives, by the archive policy of
        :func:`counterexamples.archive.archive_found` (into ``directory`` or counterexamples/found/; an existing
        file is kept unless ``overwrite``); ``result.note`` names the file or says why it was not written
    banks : bank names or files where the workers find the claim (default: every installed bank)
    announce : called with each first refutation of a reading as it arrives, before it is archived
        (the CLI prints it, so a write that fails or is killed loses nothing)
    """
    from counterexamples.archive import archive_found

    _validate(workers, scheduler, seconds, seed, max_examples)
    with _Pool(workers, scheduler, processes) as pool:
        shards = hunt_shards(claim, reading=reading, seed=seed, seconds=seconds, max_examples=max_examples,
                             parallel=pool.parallel, banks=banks)
        got: dict = {}
        first_refuting: dict = {}
        files: dict = {}

        def cancelled(s: HuntShard) -> bool:
            return s.index > first_refuting.get(s.reading, SHARDS)

        def on_result(s: HuntShard, res: HuntResult) -> None:
            got[(s.reading, s.index)] = res
            if res.verdict is Verdict.REFUTED and s.index < first_refuting.get(s.reading, SHARDS):
                first_refuting[s.reading] = s.index
                if res.witness is not None and (archive or announce is not None):
                    rr = ReadingResult(claim.id, s.reading, Verdict.REFUTED, {}, res.witness, res.values)
                    if announce is not None:
                        announce(rr)
                if archive and res.witness is not None:
                    # a lower-index witness replaces the one this run wrote before it (the final file is
                    # the deterministic one); a file from before the run is kept unless ``overwrite``
                    ours = s.reading in files and files[s.reading].path is not None
                    files[s.reading] = archive_found(rr, directory=directory, overwrite=overwrite or ours, seed=seed,
                                                     found_by=f"exactpriv hunt, shard {s.index} ({res.found_by})")
            if progress is not None:
                progress(len(got), len(shards), len(first_refuting))

        pool.run(run_hunt_shard, shards, on_result=on_result, cancelled=cancelled)
    out = []
    for name in dict.fromkeys(s.reading for s in shards):
        results = [got[(name, i)] for i in range(SHARDS) if (name, i) in got]
        if not results:
            continue
        merged = merge_hunt(results, seed=seed, max_examples=max_examples)
        if name in files:
            saved = files[name]
            said = f"witness archived to {saved.path}" if saved.path is not None else saved.note
            merged.note = "; ".join(filter(None, [merged.note, said]))
        out.append(merged)
    return out


# ----------------------------------------------------------------------------- conjecture


def _conjecture_task(task):
    from counterexamples.conjecture import run_unit

    unit, kw = task
    random.seed(unit.index)  # as in run_hunt_shard: the global `random` state never depends on the process
    return run_unit(unit, **kw)


def run_conjecture(*, given: str, measure: str, bound: str, params=None, space: str | None = None,
                   seconds: float = 30.0, seed: int = 0, prior: str = "any", max_outputs: int = 3,
                   max_examples: int | None = None, workers: int = 0, scheduler: str | None = None,
                   processes: bool = True, progress: Callable[[int, int, int], None] | None = None):
    """:func:`counterexamples.conjecture.conjecture` with its units on several workers (module head)."""
    from counterexamples.conjecture import conjecture_claim, conjecture_units, merge_units, proved_by_reduction

    _validate(workers, scheduler, seconds, seed, max_examples)
    units = conjecture_units(space)
    conjecture_claim(given=given, measure=measure, bound=bound, params=params, space=units[0].space,
                     prior=prior, max_outputs=max_outputs)  # bad arguments fail before any worker
    proved = proved_by_reduction(given=given, measure=measure, bound=bound, params=params, space=units[0].space,
                                 prior=prior, max_outputs=max_outputs, seed=seed)
    if proved is not None:  # a proof for every mechanism: no worker needed
        return proved
    t0 = time.perf_counter()
    with _Pool(workers, scheduler, processes) as pool:
        kw = dict(given=given, measure=measure, bound=bound, params=params, prior=prior, seed=seed,
                  max_outputs=max_outputs, max_examples=max_examples)
        tasks = [(u, {**kw, "seconds": min(seconds, seconds * u.share * pool.parallel)}) for u in units]
        got: dict = {}
        first = [len(units)]

        def on_result(task, res):
            got[task[0].index] = res
            if res.verdict is Verdict.REFUTED:
                first[0] = min(first[0], task[0].index)
            if progress is not None:
                progress(len(got), len(units), int(first[0] < len(units)))

        pool.run(_conjecture_task, tasks, on_result=on_result, cancelled=lambda t: t[0].index > first[0])
    parts = [got[u.index] for u in units if u.index in got and u.index <= first[0]]
    return merge_units(parts, seconds=time.perf_counter() - t0)


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
    specs = _bank_specs(banks)
    tasks = [(c.id, r.name, specs, include_slow, seconds_per_reading) for c in claims for r in c.readings]
    position = {t: k for k, t in enumerate(tasks)}
    got: dict = {}
    with _Pool(workers, scheduler, processes) as pool:
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
    specs = _bank_specs(banks)
    encodable = [c for c in claims if c.encodable]
    tasks = [(c.id, r.name, specs, include_slow, seconds_per_reading) for c in encodable for r in c.readings]
    got: dict = {}
    out = BankRun([], not_encodable=[c for c in claims if not c.encodable])
    t0 = time.perf_counter()
    try:
        with _Pool(workers, scheduler, processes) as pool:
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
