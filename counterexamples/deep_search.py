"""``verify --search EFFORT``: a deterministic deep search of every CHECKED reading (issue 23, item 3).

A CHECKED verdict says the reading's own families held; ``verify --search EFFORT`` then hunts each CHECKED
reading that a drawn instance may refute (:func:`counterexamples.hunt.searchable`) with a fixed effort:

* ``EFFORT`` drawn instances (``max_examples``), after the reading's families and the structured extremal
  instances of its declared search space (:mod:`counterexamples.search_space`), then at most ``EFFORT``
  steps of local search — counts, never seconds, decide what is searched;
* seed :data:`SEARCH_SEED` (or ``--seed``), the global ``random`` module re-seeded per reading, and each
  claim's readings searched in bank order in a *fresh interpreter* (``python -m counterexamples.deep_search``,
  one subprocess a claim, run in order or by the workers): a warm process gave a search another path (one
  drawn instance in ~200 differed after the same process had checked the bank — state left by earlier work
  that we did not pin down), so no process state is shared.  Each claim's search is then a function of
  (claim, effort, seed) alone: the same JSON on every run and for any number of workers (results are put back
  in the bank's order);
* the clock only stops: a reading whose search reaches the safety limit says so (``stopped_by:
  "deadline"``), and only that reading's result may then differ between runs.

A refutation turns the result into REFUTED with the witness, archived atomically to
``./counterexamples/found/<id>--<reading>.json`` unless a witness file exists already (never overwritten).
The record of what was searched is ``evidence["search"]``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from counterexamples.hunt import hunt_reading, searchable
from exactpriv.claims import ReadingResult, Verdict
from exactpriv.errors import InvalidArgument

__all__ = ["SAFETY_SECONDS", "SEARCH_SEED", "SearchTask", "deep_search", "search_claim_fresh", "search_one"]

#: the default seed of the deep search
SEARCH_SEED = 0
#: each reading's safety limit (seconds): far above what the default efforts need on a slow laptop
SAFETY_SECONDS = 900.0


@dataclass(frozen=True)
class SearchTask:
    """One reading's deep search: plain data, rebuilt on any worker (the claim is found by id)."""

    index: int
    claim_id: str
    reading: str
    effort: int
    seed: int
    seconds: float
    banks: tuple | None = None


def _validate_effort(effort) -> int:
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 0:
        raise InvalidArgument(f"search effort={effort!r} must be a non-negative integer (drawn instances per reading)")
    return effort


def search_one(task: SearchTask, claim=None) -> dict:
    """The deep search of one reading: ``{"record": evidence["search"], "witness", "values"}``."""
    if claim is None:
        from exactpriv.claims.banks import find_claim, resolve_banks

        claim = find_claim(task.claim_id, resolve_banks(list(task.banks)) if task.banks is not None else None)
    reading = claim.reading(task.reading)
    why = searchable(reading, claim) if reading.check is not None else "the reading has no instance check"
    if why:
        return {"record": {"effort": task.effort, "seed": task.seed, "searched": False, "why": why},
                "witness": None, "values": {}}
    # libraries called inside checks may draw from the global random module: seed it per reading
    random.seed(f"{task.seed}/{task.claim_id}/{task.reading}")
    res = hunt_reading(claim, reading, seconds=task.seconds, seed=task.seed, max_examples=task.effort,
                       local_steps=task.effort)
    doc = res.to_json()
    record = {"effort": task.effort, "seed": task.seed, "searched": True, "verdict": doc["verdict"],
              "tried": doc["tried"], "drawn": doc["drawn"], "counts": doc["counts"], "stopped_by": doc["stopped_by"],
              "found_by": doc["found_by"], "search_space": doc.get("search_space", {}), "timing": doc["timing"]}
    if doc.get("note"):
        record["note"] = doc["note"]
    return {"record": record, "witness": res.witness if res.verdict is Verdict.REFUTED else None,
            "values": dict(res.values) if res.verdict is Verdict.REFUTED else {}}


def _encode(out: dict) -> dict:
    from exactpriv import io
    from counterexamples.archive import values_json

    w = out["witness"]
    return {"record": out["record"], "witness": None if w is None else io.instance_to_json(w),
            "values": values_json(out["values"]) if w is not None else {}}


def _decode(doc: dict) -> dict:
    from exactpriv import io

    w = doc.get("witness")
    return {"record": doc["record"], "witness": None if w is None else io.instance_from_json(w),
            "values": doc.get("values") or {}}


def search_claim_fresh(tasks: list) -> list[dict]:
    """The deep searches of one claim's readings, in a fresh interpreter (see the module head): the tasks go
    to ``python -m counterexamples.deep_search`` on stdin as JSON, the results come back as JSON (witnesses in
    the safe instance format of :mod:`exactpriv.io`, parsed without evaluating anything)."""
    import json
    import os
    import subprocess
    import sys

    from exactpriv.errors import ExactPrivError

    payload = json.dumps([t.__dict__ for t in tasks])
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    limit = sum(t.seconds for t in tasks) + 120
    try:
        run = subprocess.run([sys.executable, "-m", "counterexamples.deep_search"], input=payload, text=True,
                             capture_output=True, env=env, timeout=limit)
    except subprocess.TimeoutExpired:
        raise ExactPrivError(f"the deep search of {tasks[0].claim_id} passed its safety limit of {limit:g} s")
    if run.returncode != 0:
        raise ExactPrivError(f"the deep search of {tasks[0].claim_id} failed: {run.stderr.strip()[-500:]}")
    # libraries may print on the child's stdout (HiGHS prints its banner from C when an LP first runs): the
    # result is what follows the last marker
    _, marker, text = run.stdout.rpartition(_RESULT_MARKER)
    try:
        if not marker:
            raise json.JSONDecodeError("no result marker", run.stdout, 0)
        docs = json.loads(text)
    except json.JSONDecodeError:
        raise ExactPrivError(f"the deep search of {tasks[0].claim_id} returned no result (exit 0, "
                             f"{len(run.stdout)} characters on stdout): {run.stderr.strip()[-500:]}") from None
    return [_decode(d) for d in docs]


def deep_search(claims, results: list[ReadingResult], *, effort: int, seed: int = SEARCH_SEED,
                seconds: float = SAFETY_SECONDS, workers: int = 0, scheduler: str | None = None, banks=None,
                archive_dir: Path | None = Path("counterexamples/found"),
                on_result: Callable[[ReadingResult], None] | None = None) -> list[ReadingResult]:
    """Deep-search every CHECKED result of ``results`` (in place; returned too).  A refuted reading becomes
    REFUTED with its witness, archived to ``archive_dir`` (None: not archived) unless a file exists there."""
    _validate_effort(effort)
    by_id = {c.id: c for c in claims}
    tasks = [SearchTask(k, r.claim_id, r.reading, effort, seed, seconds, banks)
             for k, r in enumerate(results) if r.verdict is Verdict.CHECKED and r.claim_id in by_id]
    if not tasks:
        return results

    groups: dict = {}
    for t in tasks:  # one fresh interpreter a claim, its readings in bank order
        groups.setdefault(t.claim_id, []).append(t)

    def finish_group(group: list, outs: list) -> None:
        for t, out in zip(group, outs):
            finish(t, out)

    def finish(task: SearchTask, out: dict) -> None:
        res = results[task.index]
        res.evidence["search"] = out["record"]
        if out["witness"] is not None:
            res.verdict = Verdict.REFUTED
            res.witness, res.witness_values = out["witness"], out["values"]
            res.evidence["witness"] = out["witness"].label
            if archive_dir is not None:
                _archive(res, seed, archive_dir)
        if on_result is not None:
            on_result(res)

    ordered = [tuple(g) for g in groups.values()]
    if workers or scheduler:
        from counterexamples.pool import Pool

        with Pool(workers, scheduler, True) as pool:
            pool.run(_search_group, ordered, on_result=finish_group, cancelled=lambda g: False)
    else:
        for g in ordered:
            finish_group(g, _search_group(g))
    return results


def _search_group(group: tuple) -> list[dict]:
    return search_claim_fresh(list(group))


def _main() -> int:
    """``python -m counterexamples.deep_search``: search the tasks on stdin (JSON), print the results (JSON)."""
    import json
    import sys

    tasks = [SearchTask(**{**d, "banks": tuple(d["banks"]) if d.get("banks") is not None else None})
             for d in json.loads(sys.stdin.read())]
    out = [_encode(search_one(t)) for t in tasks]
    sys.stdout.flush()
    sys.stdout.write("\n" + _RESULT_MARKER + json.dumps(out))
    return 0


#: what precedes the child's JSON result on its stdout (anything before it is a library's chatter)
_RESULT_MARKER = "<<exactpriv deep-search result>>"


if __name__ == "__main__":
    raise SystemExit(_main())


def _archive(res: ReadingResult, seed: int, directory: Path) -> None:
    from counterexamples.archive import archive, witness_path
    from exactpriv.errors import ExactPrivError

    target = witness_path(res.claim_id, res.reading, directory=directory)
    if target.exists():
        res.evidence["search"]["witness_file"] = f"{target} (exists, kept)"
        return
    try:
        path = archive(res, seed=seed, found_by=f"exactpriv verify --search {res.evidence['search']['effort']}",
                       directory=directory)
        res.evidence["search"]["witness_file"] = str(path)
    except ExactPrivError as exc:  # the witness is still in the result and the JSON
        res.evidence["search"]["witness_file"] = f"not written: {exc}"
