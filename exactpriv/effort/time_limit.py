"""The time limit: a safety net that may stop work, never a limit that decides.

A verdict is a function of the claim and of the effort (:mod:`exactpriv.effort.knobs`), never of how busy
the machine was.  The wall clock only *stops* work: a run, a reading, a proof or a search may be given a
time limit in seconds (the user's ``--seconds``, ``--seconds-per-reading``; ``seconds=`` in Python), and
when it passes the work ends with a result that says so — a reading is STOPPED "stopped by the time limit"
with what was shown so far (a witness or a proof found before the stop is kept), a step raises
:class:`~exactpriv.errors.TimeLimitReached` — never an UNDECIDED that would read as "the effort was spent".

Deadlines nest: ``with deadline(5):`` inside ``with deadline(60):`` ends at the earlier of the two; the
current one is a :class:`contextvars.ContextVar`, so threads and tasks each see their own, and a worker
process runs each call under the deadline sent with it (:mod:`exactpriv.effort.workers`), never under one
inherited when it was forked.  Loops check the deadline cooperatively (:func:`check`, :func:`expired`); a
step that cannot look at the clock (sympy's ``simplify``, FLINT's factoring) runs in a killable worker.  A
stop request (the command line's first Ctrl-C, :func:`request_stop`) expires every deadline at once, so
every loop that checks one winds down promptly.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import time

from exactpriv.errors import InvalidArgument, TimeLimitReached

__all__ = [
    "Deadline",
    "MAX_SECONDS",
    "check",
    "clear_stop",
    "current",
    "deadline",
    "expired",
    "in_worker",
    "note_stop",
    "recording_stops",
    "remaining",
    "request_stop",
    "stop_requested",
    "validate_seconds",
]

#: Largest budget any option accepts (a week): larger values are a typo, and ``inf`` a hang.
MAX_SECONDS = 7 * 24 * 3600.0

_STOP = {"requested": False}
#: How many worker bodies (:mod:`exactpriv.effort.workers`) run in this process, nested: > 0 inside a worker.
IN_WORKER = {"depth": 0}


def validate_seconds(value, name: str = "seconds", *, maximum: float = MAX_SECONDS) -> float:
    """``value`` as a float in (0, maximum], else :class:`InvalidArgument` echoing it.

    Refuses bools, NaN, infinities, zero and negatives: a budget must end."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} must be a number of seconds")
    v = float(value)
    if not math.isfinite(v) or v <= 0:
        raise InvalidArgument(f"{name}={value!r} must be a positive finite number of seconds")
    if v > maximum:
        raise InvalidArgument(f"{name}={value!r} is above the largest budget of {maximum:g} s")
    return v


class Deadline:
    """A wall-clock deadline (``time.monotonic``); ``seconds=None`` never expires by itself."""

    __slots__ = ("at", "seconds", "what")

    def __init__(self, seconds: float | None, *, what: str = "run", parent: "Deadline | None" = None):
        now = time.monotonic()
        self.seconds = seconds
        self.what = what
        self.at = math.inf if seconds is None else now + seconds
        if parent is not None and parent.at < self.at:
            self.at, self.seconds, self.what = parent.at, parent.seconds, parent.what

    def remaining(self) -> float:
        if _STOP["requested"]:
            return 0.0
        return max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        """True once the deadline has passed (or a stop was requested); noted as a stop (:func:`note_stop`)."""
        if _STOP["requested"] or time.monotonic() >= self.at:
            note_stop(stop_reason(self, ""))
            return True
        return False

    def check(self, step: str = "") -> None:
        if self.expired():
            raise TimeLimitReached(stop_reason(self, step))

    def __repr__(self):
        return f"Deadline({self.seconds!r}, what={self.what!r}, remaining={self.remaining():.3g})"


def stop_reason(d: Deadline | None, step: str) -> str:
    """The STOPPED sentence of a run the deadline ``d`` (or an interrupt) stopped in ``step``."""
    where = f" in {step}" if step else ""
    if _STOP["requested"]:
        return f"stopped{where}: interrupted"
    if d is None or d.seconds is None:
        return f"stopped by the time limit{where}"
    return f"stopped by the time limit of the {d.what} ({d.seconds:g} s){where}"


#: The innermost deadline in force in this context (None: no time limit).
CURRENT_DEADLINE: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar("exactpriv_deadline", default=None)


def current() -> Deadline | None:
    """The innermost deadline in force, or None."""
    return CURRENT_DEADLINE.get()


@contextlib.contextmanager
def deadline(seconds: float | None, *, what: str = "run"):
    """Run the block under a deadline of ``seconds`` (nested deadlines: the earliest wins)."""
    if seconds is not None:
        seconds = validate_seconds(seconds, f"{what} seconds")
    d = Deadline(seconds, what=what, parent=CURRENT_DEADLINE.get())
    token = CURRENT_DEADLINE.set(d)
    try:
        yield d
    finally:
        CURRENT_DEADLINE.reset(token)


def remaining() -> float:
    """Seconds left before the current deadline (``inf`` without one, 0 after a stop request)."""
    if _STOP["requested"]:
        return 0.0
    d = CURRENT_DEADLINE.get()
    return math.inf if d is None else d.remaining()


def expired() -> bool:
    """True once the current deadline has passed or a stop was requested (noted: :func:`note_stop`)."""
    if _STOP["requested"]:
        note_stop("stopped: interrupted")
        return True
    d = CURRENT_DEADLINE.get()
    return d is not None and d.expired()


def check(step: str = "") -> None:
    """Raise :class:`~exactpriv.errors.TimeLimitReached` if :func:`expired`."""
    if expired():
        raise TimeLimitReached(stop_reason(CURRENT_DEADLINE.get(), step))


# ----------------------------------------------------------------------------- stops
#
# A result computed while the time limit stopped some of its work must say so: an UNDECIDED (or a
# CHECKED missing a proof) after a stop depends on the machine's speed, not on the effort.  Every
# observation of an expired deadline, every step killed at its limit and every proof stopped by the
# clock is noted here; a reading (exactpriv.claims.check) records the stops of its own work and turns
# such a result into STOPPED.

_STOPS: contextvars.ContextVar[list | None] = contextvars.ContextVar("exactpriv_stops", default=None)


def note_stop(why: str) -> None:
    """Record that the time limit (or Ctrl-C) stopped some work, in the innermost :func:`recording_stops`."""
    record = _STOPS.get()
    if record is not None and len(record) < 16:
        record.append(why)


@contextlib.contextmanager
def recording_stops():
    """Collect the stops noted inside the block: ``with recording_stops() as stops: ...``; ``stops`` is a
    list of reasons (the first 16), empty when the time limit stopped nothing."""
    record: list = []
    token = _STOPS.set(record)
    try:
        yield record
    finally:
        _STOPS.reset(token)
        outer = _STOPS.get()
        if outer is not None:  # an enclosing record sees the inner stops too
            outer.extend(record[: max(0, 16 - len(outer))])


def request_stop() -> None:
    """Expire every deadline (the first Ctrl-C of the command line)."""
    _STOP["requested"] = True


def stop_requested() -> bool:
    return _STOP["requested"]


def clear_stop() -> None:
    _STOP["requested"] = False


def in_worker() -> bool:
    """True inside a :func:`run_bounded` child process."""
    return IN_WORKER["depth"] > 0
