"""Shared pieces of the subcommands: exit codes, the options several commands take (validated numbers, banks,
effort, time limits, workers), where witnesses live, and the Ctrl-C protocol.  What is printed, and how, is
:mod:`exactpriv.cli._output`'s.

Ctrl-C protocol (installed by :func:`exactpriv.cli.main`): the first interrupt requests a stop
(:func:`exactpriv.exact.effort.request_stop` expires every deadline, so searches wind down)
and raises ``KeyboardInterrupt`` where the run is; each subcommand catches it around its
loop, writes what is complete marked partial, and returns :data:`EXIT_INTERRUPTED`.  A second
interrupt exits at once.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import signal
import sys
import threading

from exactpriv.errors import InvalidArgument
from exactpriv import effort

from pathlib import Path

__all__ = ["DEFAULT_SEARCH_SECONDS", "DEFAULT_SECONDS_PER_READING", "EXIT_ERROR", "EXIT_INTERRUPTED",
           "EXIT_NOT_REFUTED", "EXIT_STOPPED", "EXIT_UNDECIDED", "EXIT_UNEXPECTED", "EXIT_USAGE", "INT_RANGES",
           "SECONDS_OPTIONS", "add_bank_argument", "add_effort_argument", "add_reading_budget_argument",
           "add_workers_arguments", "archive_directory", "banks_of", "int_option", "interrupt_protocol",
           "seconds_option", "shipped_witness", "use_cache_for_hypothesis", "validate_options", "witness_label",
           "workers_of"]

# Exit codes (documented in exactpriv.cli and docs/cli.md).
EXIT_ERROR = 1          # bad input, or a check crashed
EXIT_USAGE = 2          # argparse: unknown option, missing argument
EXIT_NOT_REFUTED = 3    # replay: the witness no longer refutes its reading
EXIT_UNEXPECTED = 4     # verify: a verdict differs from its reading's expectation; prove --strict: REFUTED
EXIT_UNDECIDED = 5      # prove --strict: UNDECIDED
EXIT_STOPPED = 7        # verify, hunt, conjecture: the time limit stopped N readings (and no verdict differs);
                        # prove --strict: STOPPED
#: Default time limit of ``hunt`` and ``conjecture`` (seconds): a safety net only — the effort's examples
#: decide how far a search goes, and the limit is generous enough for a slow, loaded laptop (issue 19).
DEFAULT_SEARCH_SECONDS = 600.0
#: Exit status after Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def seconds_option(value: str) -> float:
    """argparse type of every budget option: a number (its range is checked by
    :func:`validate_options`, so a bad value is an InvalidArgument with exit status 1)."""
    try:
        return float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None


def int_option(value: str) -> int:
    """argparse type of integer options: ASCII digits only (``int()`` also reads look-alike
    digits of other scripts), at most 18 of them; the range is checked by :func:`validate_options`."""
    text = value.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body or len(body) > 18 or not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"{value!r} is not an integer")
    return int(text)


#: Ranges of the integer options of every subcommand (argparse dest -> (min, max)).
INT_RANGES = {"max_prec": (32, 1 << 16), "derived_length": (2, 4), "seed": (-(2**63), 2**63 - 1),
              "max_examples": (1, 10**9)}
#: Budget options (argparse dest); each must be positive, finite and at most a week.
SECONDS_OPTIONS = ("seconds", "tight_seconds", "entry_seconds", "seconds_per_reading")
#: Default time limit of one reading in ``verify`` and ``report`` (``--seconds-per-reading``), a safety net
#: only: the effort decides every verdict.  The slowest reading of the installed bank takes about 30 s of
#: CPU on an idle 2-core machine and about 4 times that with the CPU saturated; 600 s leaves room for a slow
#: laptop under load.  Past it a reading is STOPPED "stopped by the time limit" and the run goes on.
DEFAULT_SECONDS_PER_READING = 600.0


def validate_options(args) -> None:
    """Check the ranges of the numeric options before any work; InvalidArgument echoes the value."""
    for dest in SECONDS_OPTIONS:
        if getattr(args, dest, None) is not None:
            effort.validate_seconds(getattr(args, dest), "--" + dest.replace("_", "-"))
    if getattr(args, "effort", None) is not None:
        from exactpriv.effort.knobs import parse_effort

        args.effort = parse_effort(args.effort)
    for dest, (lo, hi) in INT_RANGES.items():
        v = getattr(args, dest, None)
        if v is not None and not lo <= v <= hi:
            raise InvalidArgument(f"--{dest.replace('_', '-')}={v!r} must be between {lo} and {hi}")


def add_effort_argument(p) -> None:
    """``--effort LEVEL|FACTOR``: how far proofs, LPs and searches go (:class:`exactpriv.effort.Effort`)."""
    p.add_argument("--effort", default=None, metavar="LEVEL|FACTOR",
                   help="how far proofs, LPs and searches go: low, default, high, exhaustive, or a factor of the "
                        "default such as 2 (default: default). The effort, never the clock, decides a verdict: the "
                        "same effort gives the same verdicts on every machine")


def add_reading_budget_argument(p) -> None:
    """``--seconds-per-reading S``: the budget of each reading (verify, report)."""
    p.add_argument("--seconds-per-reading", dest="seconds_per_reading", type=seconds_option,
                   default=DEFAULT_SECONDS_PER_READING, metavar="S",
                   help=f"time limit of each reading in seconds, a safety net (default "
                        f"{DEFAULT_SECONDS_PER_READING:g}); a reading past it is STOPPED 'stopped by the time limit' "
                        "and the run goes on (exit status 7)")


def _second_interrupt(signum, frame):  # pragma: no cover - exercised in a subprocess test
    if effort.stop_requested():
        os.write(2, b"\ninterrupted twice: exiting at once\n")
        os._exit(EXIT_INTERRUPTED)
    effort.request_stop()
    raise KeyboardInterrupt


@contextlib.contextmanager
def interrupt_protocol():
    """Install the two-stage Ctrl-C handler for the duration of a command (main thread only)."""
    installed = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, _second_interrupt) if installed else None
    previous_hook = sys.unraisablehook
    sys.unraisablehook = _quiet_interrupt_hook(previous_hook)
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        if installed:
            signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
        effort.clear_stop()


def _quiet_interrupt_hook(previous):
    """An unraisable-exception hook that drops KeyboardInterrupt: a Ctrl-C landing in a garbage-collector
    callback (hypothesis installs one) or a finaliser cannot propagate, and Python would print
    "Exception ignored in ..." with a traceback; the stop is already requested by the handler, so the
    run winds down and ends with its one "interrupted" line (issue 25 item 5)."""
    def hook(unraisable):
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            return
        previous(unraisable)

    return hook


def add_bank_argument(p) -> None:
    """``--bank NAME|FILE`` (repeatable): the claim banks to use (default: every installed bank)."""
    p.add_argument("--bank", action="append", default=[], metavar="NAME|FILE",
                   help="an installed bank's name or a Python file/module of claims; repeatable "
                        "(default: every installed bank — see 'exactpriv list banks')")


def banks_of(args) -> list:
    """The banks named by ``--bank`` (and positional bank files), else every installed bank."""
    from exactpriv.claims.banks import resolve_banks

    return resolve_banks(list(getattr(args, "bank", []) or []) + list(getattr(args, "banks", []) or []))


def shipped_witness(name: str):
    """The witness file ``name`` shipped inside the package (``counterexamples/found/``), or None.

    Read through :mod:`importlib.resources`, so it works from any directory and from an installed wheel.
    """
    from importlib import resources

    base = Path(str(name).replace("\\", "/")).name
    if not base.endswith(".json"):
        return None
    entry = resources.files("counterexamples").joinpath("found", base)
    return entry if entry.is_file() else None


def use_cache_for_hypothesis() -> None:
    """Keep hypothesis' example database out of the user's working directory.

    Honours ``HYPOTHESIS_STORAGE_DIRECTORY`` when set; otherwise uses ``$XDG_CACHE_HOME/exactpriv/hypothesis``
    (default ``~/.cache/exactpriv/hypothesis``) instead of hypothesis' default ``./.hypothesis``.
    """
    from hypothesis.configuration import set_hypothesis_home_dir

    where = os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY")
    if not where:
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        where = os.path.join(cache, "exactpriv", "hypothesis")
    set_hypothesis_home_dir(where)


def archive_directory(directory: str) -> Path:
    """Where ``--archive`` writes: ``directory`` resolved against the current directory, refused when it
    lies inside an installed package (site-packages / dist-packages)."""
    target = Path(directory).expanduser().resolve()
    if any(part in ("site-packages", "dist-packages") for part in target.parts):
        raise InvalidArgument(f"--archive {directory!r} resolves to {str(target)!r}, inside an installed package; "
                              "choose a directory of your project")
    return target


def witness_label(path) -> str:
    """How a witness path is shown and stored in JSON: ``counterexamples/found/NAME`` for a shipped witness
    (which ``exactpriv replay`` finds from any directory), else the absolute path."""
    p = Path(path)
    ship = shipped_witness(p.name)
    if ship is not None and Path(str(ship)).resolve() == p.resolve():
        return f"counterexamples/found/{p.name}"
    return str(p.resolve())


# ----------------------------------------------------------------------------- --workers / --scheduler
# The options of the distributed runner (:mod:`counterexamples.distributed`), shared by verify, hunt, conjecture
# and report: the CLI only passes them on; sharding, streaming and archiving are the runner's.  Without
# dask.distributed (the extra ``exactpriv[distributed]``) they are accepted and the work runs in-process, in the
# same shards and order (the same answer), with one line on stderr saying so.

#: most local worker processes ``--workers`` starts (each holds a copy of the bank; more is a typo)
MAX_WORKERS = 256


def add_workers_arguments(p) -> None:
    """``--workers N`` and ``--scheduler ADDRESS``: where the work runs (default: in this process)."""
    p.add_argument("--workers", type=int_option, default=0, metavar="N",
                   help="run the work on a local dask cluster of N worker processes (needs exactpriv[distributed]; "
                        "without it the work runs in-process); the same --seed gives the same verdicts and "
                        "witnesses whatever N (default: in this process)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="use an existing dask scheduler, e.g. tcp://127.0.0.1:8786 (default: none)")


def workers_of(args) -> tuple[int, str | None]:
    """(workers, scheduler) to hand to the runner: validated, and (0, None) — in-process, with a note on
    stderr — when they ask for a cluster but dask.distributed is not installed."""
    workers, scheduler = getattr(args, "workers", 0) or 0, getattr(args, "scheduler", None)
    if not 0 <= workers <= MAX_WORKERS:
        raise InvalidArgument(f"--workers={workers!r} must be between 0 and {MAX_WORKERS}")
    if scheduler is not None and not scheduler.strip():
        raise InvalidArgument(f"--scheduler={scheduler!r} must be an address like tcp://127.0.0.1:8786")
    if not (workers or scheduler):  # in-process: the runner (and hypothesis, with the searches) is not loaded
        return workers, scheduler
    from counterexamples.distributed import dask_available

    if not dask_available():
        print("note: dask.distributed is not installed (pip install 'exactpriv[distributed]'): running "
              "in-process", file=sys.stderr)
        return 0, None
    return workers, scheduler


#: Full garbage collections during a run come this many times less often than Python's default (its third
#: threshold, 10): each walks every object alive (the banks, sympy's caches), ~1 s over a verify, and what a run
#: keeps lives to its end.  Nothing computed depends on when garbage is collected; the memory used stayed the
#: same (max RSS 265 MB either way, measured on verify of the built-in banks).  The test suite does the same
#: (tests/conftest.py).
FULL_COLLECTIONS_RARER = 10


@contextlib.contextmanager
def rarer_full_collections():
    """A command's run with full garbage collections :data:`FULL_COLLECTIONS_RARER` times rarer (workers forked
    during it inherit the threshold); a caller that goes on gets its thresholds back, and what the run froze
    (``gc.freeze``, see ``verify._before_the_worker_forks``) is unfrozen unless the caller had frozen its own."""
    frozen_before, thresholds = gc.get_freeze_count(), gc.get_threshold()
    young, middle, old = thresholds
    gc.set_threshold(young, middle, old * FULL_COLLECTIONS_RARER)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if not frozen_before:
            gc.unfreeze()
