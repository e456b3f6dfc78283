"""Hunting a claim: its readings cut into fixed shards, run in order or on workers, merged, witnesses archived.

One loop for every hunt of a claim — the Python :func:`hunt`, ``exactpriv hunt`` and ``exactpriv hunt
--workers N`` all run :func:`hunt` (issues 19 and 21: the serial and the sharded hunt were two loops that could
disagree, and the archive decision was made in two places).

**Shards — why the answer depends neither on the workers nor on the machine.**  Each reading with a check is
split into :data:`SHARDS` shards fixed by the *request* alone: shard i hunts with seed ``seed·SEED_STRIDE + i``
and ``ceil(examples / SHARDS)`` drawn examples, where ``examples`` is ``max_examples`` or, when the user sets
none, the ``examples`` of the :class:`~exactpriv.effort.Effort` in force (each shard checks the reading's
families first, so a family refutation is found by shard 0 whatever else runs).  The result of a reading is
that of its *lowest-index* refuting shard (counts summed over the shards up to it) — what running the shards
in order and stopping at the first refutation computes — so the same seed and effort give the same document
with 0, 1 or N workers, idle or loaded.  A refutation cancels only shards of *higher* index of the same reading.

**The clock only stops.**  ``seconds`` is one time limit for the whole hunt (an absolute deadline that travels
with every shard): a shard it stops is STOPPED, and so is a reading with a stopped shard and no witness.

**Witnesses** are announced (``announce``) and archived by the run's archive policy
(:class:`counterexamples.archive.RunArchive`) the moment they arrive; a later, lower-index witness of the same
reading replaces the file this run wrote, so the final file is the deterministic one, and an interrupted run
keeps every witness it has received.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from counterexamples.hunt import HuntResult, examples_of, hunt_reading
from counterexamples.hunt import validate_search_options
from counterexamples.pool import Pool, bank_specs, seeded_random, validate_pool
from exactpriv import effort
from exactpriv.claims import Claim, ReadingResult, Verdict
from exactpriv.errors import InvalidArgument

__all__ = ["SEED_STRIDE", "SHARDS", "HuntRun", "HuntShard", "hunt", "hunt_shards", "merge_hunt",
           "run_hunt_shard"]

#: shards per hunted reading: fixed, so the decomposition (and the answer) never depends on the workers
SHARDS = 4
#: shard i of seed s hunts with seed s·SEED_STRIDE + i (distinct for every (s, i) with i < SEED_STRIDE)
SEED_STRIDE = 1009


@dataclass(frozen=True)
class HuntShard:
    """One deterministic piece of a hunt: plain data, rebuilt on any worker (the claim is found by id).

    deadline_at : the hunt's time limit as a ``time.time()`` instant (None: no time limit) — the same
        instant for every shard, wherever and whenever it runs
    """

    claim_id: str
    reading: str
    index: int
    seed: int
    max_examples: int
    banks: tuple | None
    deadline_at: float | None = None


class HuntRun(list):
    """The merged :class:`~counterexamples.hunt.HuntResult` of each hunted reading, in the claim's order;
    ``interrupted`` when Ctrl-C stopped the run (the list then holds the readings that got results),
    ``total`` the readings that were to be hunted."""

    interrupted: bool = False
    total: int = 0


def _readings(claim: Claim, reading: str | None) -> list:
    readings = [claim.reading(reading)] if reading else [r for r in claim.readings if r.check is not None]
    if not readings:
        raise InvalidArgument(f"claim {claim.id} has no reading with an instance check to hunt")
    return readings


def hunt_shards(claim: Claim, *, reading: str | None = None, seed: int = 0, max_examples: int | None = None,
                banks=None, deadline_at: float | None = None) -> list[HuntShard]:
    """The shards of hunting ``claim`` (every reading with a check, or only ``reading``); see the module head.
    ``max_examples`` None: the ``examples`` of the effort in force."""
    each = -(-examples_of(max_examples) // SHARDS)
    specs = bank_specs(banks)
    return [HuntShard(claim.id, r.name, i, seed * SEED_STRIDE + i, each, specs, deadline_at)
            for r in _readings(claim, reading) for i in range(SHARDS)]


def _hunt_shard(claim: Claim, shard: HuntShard) -> HuntResult:
    with seeded_random(shard.seed):
        seconds = None if shard.deadline_at is None else max(1e-3, shard.deadline_at - time.time())
        res = hunt_reading(claim, claim.reading(shard.reading), seconds=seconds, seed=shard.seed,
                           max_examples=shard.max_examples)
    res.note = f"shard {shard.index}: {res.note}" if res.note else ""
    return res


def run_hunt_shard(shard: HuntShard) -> HuntResult:
    """Run one shard on a worker: the claim is found by id in the shard's banks."""
    from exactpriv.claims.banks import find_claim, resolve_banks

    claim = find_claim(shard.claim_id, resolve_banks(list(shard.banks)) if shard.banks is not None else None)
    return _hunt_shard(claim, shard)


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
    counts of the shards up to it (those after it may have been cancelled).  Without a refutation: CHECKED
    when every shard is, STOPPED when the time limit stopped one, else the shards' common verdict or
    UNDECIDED."""
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
        out.verdict = Verdict.CHECKED if verdicts == {Verdict.CHECKED} else Verdict.STOPPED \
            if Verdict.STOPPED in verdicts else verdicts.pop() if len(verdicts) == 1 else Verdict.UNDECIDED
        out.stopped_by = "; ".join(dict.fromkeys(r.stopped_by for r in results))
    out.note = "; ".join(dict.fromkeys(r.note for r in upto if r.note))
    return out


def hunt(claim: Claim, *, reading: str | None = None, seconds: float | None = None, seed: int = 0,
         max_examples: int | None = None, workers: int = 0, scheduler: str | None = None, banks=None,
         archive: bool = False, directory: Path | None = None, overwrite: bool = False, processes: bool = True,
         progress: Callable[[int, int, int], None] | None = None,
         announce: Callable[[ReadingResult, str], None] | None = None) -> HuntRun:
    """Hunt every reading of ``claim`` that has an instance check (or only ``reading``); see the module head.
    One merged :class:`~counterexamples.hunt.HuntResult` per reading, in the claim's order.

    max_examples : drawn instances per reading (None: the ``examples`` of the effort in force)
    seconds : a time limit for the whole hunt (None: none); what it stops is STOPPED
    workers, scheduler : run the shards on a local dask cluster or an existing one (default: in this process)
    archive : write each witness as it arrives (:class:`counterexamples.archive.RunArchive`, into
        ``directory`` or counterexamples/found/; an existing file is kept unless ``overwrite``); the result's
        ``witness_file`` names the file, its note says why not
    banks : bank names or files where workers find the claim (default: every installed bank)
    announce : ``announce(reading_result, found_by)`` with each first refutation of a reading as it arrives,
        before it is archived (the command line prints it, so a write that fails or is killed loses nothing)
    progress : ``progress(shards done, shards, readings refuted)``
    """
    from counterexamples.archive import RunArchive

    if not isinstance(claim, Claim):
        raise InvalidArgument(f"claim={claim!r} must be an exactpriv Claim")
    validate_pool(workers, scheduler)
    validate_search_options(seconds, seed, max_examples)
    deadline_at = None if seconds is None else time.time() + seconds
    runs = HuntRun()
    files = RunArchive(directory=directory, overwrite=overwrite, seed=seed) if archive else None
    got: dict = {}
    first_refuting: dict = {}
    with effort.deadline(seconds, what="hunt"), Pool(workers, scheduler, processes) as pool:
        shards = hunt_shards(claim, reading=reading, seed=seed, max_examples=max_examples,
                             banks=banks if not pool.in_process else None, deadline_at=deadline_at)
        runs.total = len({s.reading for s in shards})

        def cancelled(s: HuntShard) -> bool:
            return s.index > first_refuting.get(s.reading, SHARDS) or effort.stop_requested()

        def on_result(s: HuntShard, res: HuntResult) -> None:
            got[(s.reading, s.index)] = res
            if res.verdict is Verdict.REFUTED and s.index < first_refuting.get(s.reading, SHARDS):
                first_refuting[s.reading] = s.index
                if res.witness is not None and (files is not None or announce is not None):
                    rr = ReadingResult(claim.id, s.reading, Verdict.REFUTED, {}, res.witness, res.values)
                    found_by = f"exactpriv hunt ({res.found_by})"
                    if announce is not None:
                        announce(rr, found_by)
                    if files is not None:
                        files.offer(rr, found_by=found_by)
            if progress is not None:
                progress(len(got), len(shards), len(first_refuting))

        fn = run_hunt_shard if not pool.in_process else (lambda s: _hunt_shard(claim, s))
        try:
            pool.run(fn, shards, on_result=on_result, cancelled=cancelled)
        except KeyboardInterrupt:  # keep what arrived; the caller marks its output partial
            runs.interrupted = True
    runs.interrupted = runs.interrupted or effort.stop_requested()
    total = examples_of(max_examples)
    for name in dict.fromkeys(s.reading for s in shards):
        results = [got[(name, i)] for i in range(SHARDS) if (name, i) in got]
        if not results:
            continue
        merged = merge_hunt(results, seed=seed, max_examples=total)
        saved = files.outcome(claim.id, name) if files is not None else None
        if saved is not None:
            if saved.path is not None:
                merged.witness_file = str(saved.path)
            else:
                merged.archive_error = saved.error
                merged.note = "; ".join(filter(None, [merged.note, saved.note]))
        runs.append(merged)
    return runs
