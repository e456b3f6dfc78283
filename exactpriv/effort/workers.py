"""Killable workers: steps that cannot look at the clock run where they can be stopped.

Algorithm and why.  sympy has no deadline: ``simplify``, ``cancel``, ``evalf`` of nested
``exp`` and ``solveset`` can run for minutes on a 300-byte expression and ignore every limit
around them (measured: ``exp`` nested 60 deep around ``eps`` pinned a core for over 60 s inside
``simplify`` although its caller had a 2 s limit); FLINT factors a 121-digit integer in one
uninterruptible call.  Python cannot stop a running thread, and an exception raised
asynchronously into sympy (a ``SIGALRM`` handler) can leave its assumption caches half-written
for the rest of the run.  So a step that can run away is executed by :func:`run_bounded` in a
*forked* child process: the child inherits the loaded modules and the arguments (nothing is
pickled on the way in, start-up costs about 10 ms), sends back its pickled result or exception
through a pipe, and the parent waits at most until the earliest of the step's own limit and the
run's :class:`~exactpriv.effort.time_limit.Deadline`; on overrun the child is killed with
``SIGKILL`` and :class:`~exactpriv.errors.TimeLimitReached` names the step and the limit.  Where
``fork`` is not available the step runs in-process (cooperative checks only).

Each call runs in the worker under the deadline and the effort the parent sends with it (the time
left of the earlier of the step's limit and the deadline in force; the :class:`~exactpriv.effort.Effort`
in force): a long-lived worker never keeps the deadline that was in force when it was forked (issue 19:
after that deadline passed, every later proof in the worker started already expired).  The stops the
time limit made inside the worker travel back with the result (:func:`~exactpriv.effort.note_stop`).

Frequent small steps (the range check of each symbolic entry of a mechanism) would lose
sympy's warm caches with a fresh child each time (measured: 0.1 s per call instead of
0.02 s), so :func:`run_bounded` with ``warm=True`` sends them to one long-lived forked worker
per process (module-level function and picklable arguments); a worker that overruns is killed
and the next call forks a fresh one.  :class:`BoundedWorker` is the same for a batch of calls of
one function the worker inherits (``verify`` checks every reading in one, each within its own
limit, so a reading that never returns is killed without losing the other readings' caches).

For Python users: the entry points that can run long take a keyword-only ``seconds=`` and are
then *hard*-bounded — ``exactpriv.measure(name, M, seconds=S)``, ``check_reading(claim, reading,
seconds=S)`` (and ``check_claim``), ``exactpriv.io.load(path, seconds=S)`` and
``exactpriv.prove(text, seconds=S)``; the individual measure functions (``pure_dp(M)``) take no
``seconds=``: bound one with ``run_bounded(pure_dp, M, seconds=S)``.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import math
import multiprocessing
import os
import pickle
import signal
import threading
import traceback
from typing import Any, Callable

from exactpriv.effort.time_limit import (CURRENT_DEADLINE, IN_WORKER, Deadline, deadline, note_stop, recording_stops,
                                         remaining, stop_reason, validate_seconds)
from exactpriv.effort.knobs import Effort, using
from exactpriv.effort.knobs import current as current_effort
from exactpriv.errors import BudgetExceededError, TimeLimitReached, WorkerDiedError

__all__ = ["BoundedWorker", "run_bounded"]

#
# Raw os.fork rather than multiprocessing.Process: a multiprocessing child joins its
# non-daemonic children at exit and daemonic ones may not have children, while our workers
# nest (a proof inside a measure inside a hang guard).  On Linux each worker asks the kernel
# for SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG), so killing a worker also stops
# the workers it started, and none outlives a killed or crashed run.  Workers ignore SIGINT
# (Ctrl-C is the parent's to handle: it kills them).

def _can_fork() -> bool:
    return hasattr(os, "fork") and "fork" in multiprocessing.get_all_start_methods()


def _spawn(target, *args):
    """Fork a worker running ``target(conn, *args)``; returns (pid, parent end of the pipe)."""
    parent, child = multiprocessing.Pipe(duplex=True)
    _flush_std_streams()
    parent_pid = os.getpid()
    pid = os.fork()
    if pid == 0:  # the worker
        code = 0
        try:
            # The objects inherited from the parent are left out of this process's garbage collections: each
            # full collection would otherwise walk all of them (sympy's caches, the loaded banks: ~1 s over a
            # verify run's checking worker) and touch their pages, copied on write.  An inherited cycle that
            # becomes garbage here stays until the worker exits (at most the parent's heap, whose pages the
            # worker shares); the worker's own objects are collected as usual.
            gc.freeze()
            parent.close()
            _die_with_parent(parent_pid)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            IN_WORKER["depth"] += 1
            # The deadline in force when the worker was forked is the parent's, not the worker's: a
            # long-lived worker outlives it, and every later call would start already expired.  Each
            # call runs under the deadline the parent sends with it (see _serve, _one_shot).
            CURRENT_DEADLINE.set(None)
            _WARM.__init__()  # the parent's warm worker (and its lock, held during this fork) are not ours
            target(child, *args)
        except BaseException:  # noqa: BLE001 - a worker never returns into the parent's code
            code = 1
        finally:
            _WARM.stop()
            _flush_std_streams()
            os._exit(code)
    child.close()
    return pid, parent


def _die_with_parent(parent_pid: int) -> None:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # not Linux: the parent's kill is the only stop
        return
    if os.getppid() != parent_pid:  # the parent died before the request took effect
        os._exit(1)


def _flush_std_streams() -> None:
    import sys

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


def _kill(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid: int, *, block: bool = True) -> int | None:
    """Wait for the worker; returns its exit status (negative: killed by that signal)."""
    try:
        done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return None
    if done == 0:  # still running (WNOHANG)
        return None
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else None


def _alive(pid: int) -> bool:
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return done == 0


def _answer(conn, fn, args, kwargs) -> None:
    """Run the call and send back ``(status, value, traceback, stops)``: the stops the time limit made
    inside the worker (:func:`~exactpriv.effort.time_limit.note_stop`) travel back to the caller's record."""
    with recording_stops() as stops:
        try:
            payload = ("ok", fn(*args, **kwargs), "")
        except BaseException as exc:  # noqa: BLE001 - every outcome goes back to the parent
            payload = ("err", exc, traceback.format_exc())
    try:
        data = pickle.dumps((*payload, stops), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # noqa: BLE001 - an unpicklable result, or an exception carrying state
        data = pickle.dumps(("err", _plain(payload[1]) if payload[0] == "err" else
                             RuntimeError(f"worker result could not be sent back: {exc!r}"),
                             payload[2] if payload[0] == "err" else traceback.format_exc(), stops))
    conn.send_bytes(data)


def _plain(exc: BaseException) -> BaseException:
    """The exception rebuilt from its type and arguments only (its other state may not pickle)."""
    try:
        plain = SystemExit(exc.code) if isinstance(exc, SystemExit) else type(exc)(*exc.args)
        pickle.loads(pickle.dumps(plain))
        return plain
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _one_shot(conn, fn, args, kwargs, limit, label) -> None:
    with _call_deadline(limit, label):
        _answer(conn, fn, args, kwargs)


def _serve(conn, fn) -> None:
    """A long-lived worker's loop: pickled (limit, what, args, kwargs) in, the pickled outcome of ``fn`` out.

    Each call runs under a deadline of its own ``limit`` (seconds from when it arrives), never under
    one inherited from the process that forked the worker."""
    while True:
        try:
            limit, label, args, kwargs = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        with _call_deadline(limit, label):
            _answer(conn, fn, args, kwargs)


def _label(seconds: float | None, limit: float, what: str) -> tuple[str, float | None, Effort]:
    """What a call carries to the worker besides its arguments: which time limit ``limit`` comes from, as
    (what, seconds) — the step's own or the deadline in force — and the effort in force."""
    d = CURRENT_DEADLINE.get()
    if (seconds is not None and seconds <= limit + 1e-9) or d is None:
        return what, seconds, current_effort()
    return d.what, d.seconds, current_effort()


@contextlib.contextmanager
def _call_deadline(limit: float, label: tuple[str, float | None]):
    """The worker-side (cooperative) deadline of one call, ending ``limit`` seconds after it arrives (the
    parent kills the worker at the same limit); ``label`` names the budget it comes from."""
    d = Deadline(None if math.isinf(limit) else limit)
    d.what, d.seconds, call_effort = label
    token = CURRENT_DEADLINE.set(d)
    try:
        with using(call_effort):  # the caller's effort, never the one in force when the worker was forked
            yield
    finally:
        CURRENT_DEADLINE.reset(token)


def _apply(fn, *args, **kwargs):
    return fn(*args, **kwargs)


def _unwrap(payload, what: str):
    try:
        payload = pickle.loads(payload)
    except Exception as exc:  # noqa: BLE001 - e.g. an exception class that cannot be rebuilt
        raise RuntimeError(f"{what}: the worker's result could not be read back: {exc!r}") from None
    for why in payload[3]:
        note_stop(why)
    if payload[0] == "ok":
        return payload[1]
    exc = payload[1]
    exc.__notes__ = [*getattr(exc, "__notes__", []), f"raised in a worker process:\n{payload[2]}"]
    raise exc


def _overrun(seconds, limit, what) -> TimeLimitReached:
    """The error of a call killed at its limit (noted as a stop of the time limit)."""
    if seconds is not None and seconds <= limit + 1e-9:
        why = f"{what} was stopped by its time limit of {seconds:g} s"
    else:
        why = stop_reason(CURRENT_DEADLINE.get(), what)
    note_stop(why)
    return TimeLimitReached(why)


def _died(what, code) -> WorkerDiedError:
    return WorkerDiedError(f"{what} crashed: its worker process died ({_death(code)})")


def _step_limit(seconds: float | None, what: str) -> float:
    """Seconds a bounded step may take: the earlier of its own ``seconds`` (validated) and the deadline
    in force; raises TimeLimitReached when that is already past."""
    if seconds is not None:
        seconds = validate_seconds(seconds, f"{what} seconds")
    limit = min(math.inf if seconds is None else seconds, remaining())
    if limit <= 0:
        note_stop(stop_reason(CURRENT_DEADLINE.get(), what))
        raise TimeLimitReached(stop_reason(CURRENT_DEADLINE.get(), what))
    return limit


def run_bounded(fn: Callable[..., Any], *args, seconds: float | None = None, what: str = "step",
                warm: bool = False, **kwargs) -> Any:
    """``fn(*args, **kwargs)`` in a killable child process, within ``seconds`` and the deadline.

    Returns the result, or re-raises the child's exception (same type and message).  Raises
    :class:`TimeLimitReached` naming ``what`` when the earlier of ``seconds`` and the current
    deadline passes (the child is killed), and when the child dies (out of memory, a signal).
    The result must be picklable; ``fn`` need not be (the child is forked).  With ``warm=True``
    the step goes to the process's long-lived worker: ``fn`` must then be a module-level
    function and the arguments picklable.
    """
    limit = _step_limit(seconds, what)
    if not _can_fork():
        with deadline(None if math.isinf(limit) else limit, what=what):
            return fn(*args, **kwargs)
    if warm:
        return _WARM.call(fn, args, kwargs, limit=limit, seconds=seconds, what=what)
    pid, conn = _spawn(_one_shot, fn, args, kwargs, limit, _label(seconds, limit, what))
    reaped = False
    try:
        if not conn.poll(None if math.isinf(limit) else limit):
            raise _overrun(seconds, limit, what)
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):  # the worker died without answering
            code, reaped = _reap(pid), True
            raise _died(what, code) from None
    finally:
        if not reaped:  # (never kill a reaped pid: it may belong to another process by now)
            _kill(pid)
            _reap(pid)
        conn.close()
    return _unwrap(data, what)


class BoundedWorker:
    """``fn`` served by one long-lived forked worker, each call within a budget.

    The worker is forked at the first call and inherits ``fn`` (nothing of it is pickled, so a
    closure over a bank's claims works); the call's arguments and its result are pickled.  It
    keeps its caches warm across calls (sympy's, the measures'), which a fresh child per call
    would lose (measured on the bank: 50 s instead of 18 s for every reading).  A call that
    overruns its budget, or is interrupted, kills the worker; the next call forks a fresh one.
    Without ``fork`` the calls run in-process under a :func:`deadline` (cooperative only).
    Use as a context manager (or call :meth:`close`) so the worker ends with the batch.
    """

    def __init__(self, fn: Callable[..., Any]):
        self.fn = fn
        self.pid = self.conn = self.owner = None
        self.lock = threading.Lock()
        self.made_in = os.getpid()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        """Kill the worker (if this process started it)."""
        if self.pid is not None and self.owner == os.getpid():
            _kill(self.pid)
            _reap(self.pid)
            with contextlib.suppress(Exception):
                self.conn.close()
        self.pid = self.conn = self.owner = None

    stop = close

    def __call__(self, *args, seconds: float | None = None, what: str = "step", **kwargs) -> Any:
        """``fn(*args, **kwargs)`` in the worker within the earlier of ``seconds`` and the deadline
        (see :func:`run_bounded` for the outcomes)."""
        limit = _step_limit(seconds, what)
        if not _can_fork():
            with deadline(None if math.isinf(limit) else limit, what=what):
                return self.fn(*args, **kwargs)
        return self._call(args, kwargs, limit=limit, seconds=seconds, what=what)

    def _call(self, args, kwargs, *, limit, seconds, what):
        request = pickle.dumps((limit, _label(seconds, limit, what), args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        if self.made_in != os.getpid():  # a copy inherited by a forked child: its lock may be held, its worker
            BoundedWorker.__init__(self, self.fn)  # is the parent's; start afresh
        with self.lock:
            if self.owner != os.getpid():  # inherited from a parent process: not ours to use
                self.pid = self.conn = self.owner = None
            if self.pid is not None and not _alive(self.pid):  # it died (and is reaped now)
                self.pid = self.conn = self.owner = None
            if self.pid is None:
                self.pid, self.conn = _spawn(_serve, self.fn)
                self.owner = os.getpid()
            try:
                self.conn.send_bytes(request)
                if not self.conn.poll(None if math.isinf(limit) else limit):
                    self.close()
                    raise _overrun(seconds, limit, what)
                data = self.conn.recv_bytes()
            except (EOFError, OSError):  # the worker died without answering
                code = _reap(self.pid)
                with contextlib.suppress(Exception):
                    self.conn.close()
                self.pid = self.conn = self.owner = None
                raise _died(what, code) from None
            except BaseException:  # Ctrl-C while waiting: the worker's state is unknown
                self.close()
                raise
        return _unwrap(data, what)


class _WarmWorker(BoundedWorker):
    """The process's shared warm worker of :func:`run_bounded` (``warm=True``): ``fn`` is pickled."""

    def __init__(self):
        super().__init__(_apply)

    def call(self, fn, args, kwargs, *, limit, seconds, what):
        return self._call((fn, *args), kwargs, limit=limit, seconds=seconds, what=what)


_WARM = _WarmWorker()
atexit.register(_WARM.stop)


def _death(code) -> str:
    if code is None:
        return "no exit status"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}, e.g. out of memory"
        except ValueError:
            return f"signal {-code}"
    return f"exit status {code}"
