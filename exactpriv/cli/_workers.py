"""``--workers N`` / ``--scheduler ADDRESS``: the options of the distributed runner
(:mod:`counterexamples.distributed`), shared by verify, hunt, conjecture and report.  The CLI only passes
them on; sharding, streaming and archiving are the runner's.

Without dask.distributed installed (it is the extra ``exactpriv[distributed]``), the options are accepted and
the work runs in-process, in the same shards and order — so the answer is the same — with one line on stderr
saying so."""

from __future__ import annotations

import sys

__all__ = ["add_workers_arguments", "progress_printer", "workers_of"]

#: most local worker processes ``--workers`` starts (each holds a copy of the bank; more is a typo)
MAX_WORKERS = 256


def add_workers_arguments(p) -> None:
    from exactpriv.cli._common import int_option

    p.add_argument("--workers", type=int_option, default=0, metavar="N",
                   help="run the work on a local dask cluster of N worker processes (needs exactpriv[distributed]; "
                        "without it the work runs in-process); the same --seed gives the same verdicts and "
                        "witnesses whatever N (default: in this process)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="use an existing dask scheduler, e.g. tcp://127.0.0.1:8786 (default: none)")


def workers_of(args) -> tuple[int, str | None]:
    """(workers, scheduler) to hand to the runner: validated, and (0, None) — in-process, with a note on
    stderr — when they ask for a cluster but dask.distributed is not installed."""
    from counterexamples.distributed import dask_available
    from exactpriv.errors import InvalidArgument

    workers, scheduler = getattr(args, "workers", 0) or 0, getattr(args, "scheduler", None)
    if not 0 <= workers <= MAX_WORKERS:
        raise InvalidArgument(f"--workers={workers!r} must be between 0 and {MAX_WORKERS}")
    if scheduler is not None and not scheduler.strip():
        raise InvalidArgument(f"--scheduler={scheduler!r} must be an address like tcp://127.0.0.1:8786")
    if (workers or scheduler) and not dask_available():
        print("note: dask.distributed is not installed (pip install 'exactpriv[distributed]'): running "
              "in-process", file=sys.stderr)
        return 0, None
    return workers, scheduler


def progress_printer(console, what: str):
    """A progress callback (done, total, refuted) printing one line per finished shard on a terminal."""
    def tick(done: int, total: int, refuted: int) -> None:
        if console.is_terminal:
            console.print(f"{what}: {done}/{total} shards done across the workers, {refuted} refuted", end="\r")
    return tick
