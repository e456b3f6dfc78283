"""Where the pieces of a search run: in this process, in order, or on dask.distributed workers.

Counterexample search is embarrassingly parallel; dask.distributed (an existing, maintained scheduler — no
home-made pool) runs the pieces on a ``LocalCluster`` (``workers=N``) or an existing cluster
(``scheduler="tcp://host:8786"``).  With ``workers=0`` and no scheduler the same pieces run in this process,
in order.  The pieces are fixed by the request alone (see :mod:`counterexamples.hunt_claim` and
:mod:`counterexamples.distributed`), so the answer never depends on where they ran.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import os
import random
import threading
from pathlib import Path
from types import ModuleType
from typing import Callable

from exactpriv.effort import current_effort, using
from exactpriv.errors import InvalidArgument

__all__ = ["Pool", "bank_specs", "dask_available", "seeded_random", "validate_pool"]


def _distributed() -> ModuleType:
    """dask.distributed, imported by name at run time.  A plain ``import distributed`` anywhere in this module
    makes mypy analyse dask, distributed, tornado and their dependencies for every user who type-checks a
    script importing ``counterexamples`` (issue 24: the README's mypy check read ~1,300 modules in 6.0 s of CPU
    cold, ~600 modules in 2.6 s without them); their types add nothing to the three calls made here."""
    return importlib.import_module("distributed")


#: held while a piece runs with the process-wide ``random`` seeded for it (see :func:`seeded_random`)
_PIECE_OWNS_RANDOM = threading.RLock()


@contextlib.contextmanager
def seeded_random(seed):
    """Run a piece with the process-wide ``random`` module seeded from ``seed``, and no other piece of this
    process running meanwhile.  Pieces seed it so that one computes the same in a fresh worker and after other
    work in the same process.  Thread workers (``processes=False``) share that one ``random``: a piece seeding it
    while another piece draws an example changed the other's state mid-draw (hypothesis then warned "Do not use
    the `random` module inside strategies", though no strategy uses it), and could make a result depend on
    timing.  Pieces are Python code: under the GIL, threads gain little by running two of them at once."""
    with _PIECE_OWNS_RANDOM:
        random.seed(seed)
        yield


def dask_available() -> bool:
    try:
        _distributed()
    except ImportError:
        return False
    return True


def validate_pool(workers, scheduler) -> None:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise InvalidArgument(f"workers={workers!r} must be a non-negative integer")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise InvalidArgument(f"scheduler={scheduler!r} must be an address like 'tcp://127.0.0.1:8786'")
    if (workers or scheduler) and not dask_available():
        raise InvalidArgument("workers/scheduler need dask.distributed: pip install 'exactpriv[distributed]'")


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


class Pool:
    """In-process execution, a LocalCluster of ``workers`` processes, or a client of ``scheduler``."""

    def __init__(self, workers: int, scheduler: str | None, processes: bool = True):
        self.client = self.cluster = None
        self.parallel = 1
        if scheduler:
            self.client = _distributed().Client(scheduler)
        elif workers:
            dd = _distributed()
            # one thread a worker: hypothesis' search state is not shared between threads
            self.cluster = dd.LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                                           dashboard_address=None, silence_logs=logging.ERROR)
            self.client = dd.Client(self.cluster)
            if processes:  # our own worker processes share the terminal: keep the user's stdout for results
                self.client.run(_stdout_to_stderr)
        if self.client is not None:
            self.parallel = max(1, sum(self.client.nthreads().values()))

    @property
    def in_process(self) -> bool:
        return self.client is None

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
        as_completed = _distributed().as_completed
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


def bank_specs(banks) -> tuple | None:
    """Bank names or files as plain strings a worker can resolve (files made absolute)."""
    if banks is None:
        return None
    out = []
    for b in banks:
        if not isinstance(b, str):
            raise InvalidArgument(f"banks: {b!r} must be a bank name or a file path (a string), to reach workers")
        out.append(str(Path(b).resolve()) if b.endswith(".py") and os.path.exists(b) else b)
    return tuple(out)
