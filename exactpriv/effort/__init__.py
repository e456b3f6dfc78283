"""Effort and time: what decides how far a computation goes, and the safety net that may stop it.

* :mod:`~exactpriv.effort.knobs` — :class:`Effort`, the deterministic effort (precision ladder in bits,
  branch-and-bound boxes, LP iterations, search examples, sizes of symbolic work) that *decides* how far
  a proof or a search goes; the evidence of a verdict names the effort used.
* :mod:`~exactpriv.effort.time_limit` — the wall-clock deadline: a safety net that may *stop* work, never
  decide; a stopped reading is STOPPED ("stopped by the time limit"), not UNDECIDED.
* :mod:`~exactpriv.effort.workers` — killable forked workers for steps that cannot look at the clock.

The bottom layer of exactpriv: it imports nothing of the package but :mod:`exactpriv.errors`.
"""

from exactpriv.effort.knobs import DEFAULT as DEFAULT_EFFORT
from exactpriv.effort.knobs import LEVELS, Effort, parse_effort, using
from exactpriv.effort.knobs import current as current_effort
from exactpriv.effort.time_limit import (MAX_SECONDS, Deadline, check, clear_stop, current, deadline, expired,
                                         in_worker, note_stop, recording_stops, remaining, request_stop, stop_requested, validate_seconds)
from exactpriv.effort.workers import BoundedWorker, run_bounded

__all__ = [
    "BoundedWorker",
    "DEFAULT_EFFORT",
    "Deadline",
    "Effort",
    "LEVELS",
    "MAX_SECONDS",
    "check",
    "clear_stop",
    "current",
    "current_effort",
    "deadline",
    "expired",
    "in_worker",
    "note_stop",
    "parse_effort",
    "recording_stops",
    "remaining",
    "request_stop",
    "run_bounded",
    "stop_requested",
    "using",
    "validate_seconds",
]
