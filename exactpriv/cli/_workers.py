"""``--workers N`` / ``--scheduler ADDRESS``: the options of the distributed runner
(:mod:`counterexamples.distributed`), shared by verify, hunt, conjecture and report.  The CLI only passes
them on; sharding, streaming and archiving are the runner's."""

from __future__ import annotations

__all__ = ["add_workers_arguments", "distributed_requested", "progress_printer"]


def add_workers_arguments(p) -> None:
    p.add_argument("--workers", type=int, default=0, metavar="N",
                   help="run the work on a local dask cluster of N worker processes (needs exactpriv[distributed]); "
                        "the same --seed gives the same verdicts and witnesses whatever N (default: in this process)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="use an existing dask scheduler, e.g. tcp://127.0.0.1:8786 (default: none)")


def distributed_requested(args) -> bool:
    return bool(getattr(args, "workers", 0) or getattr(args, "scheduler", None))


def progress_printer(console, what: str):
    """A progress callback (done, total, refuted) printing one line per finished shard on a terminal."""
    def tick(done: int, total: int, refuted: int) -> None:
        if console.is_terminal:
            console.print(f"{what}: {done}/{total} shards done across the workers, {refuted} refuted", end="\r")
    return tick
