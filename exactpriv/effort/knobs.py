"""The effort: the deterministic limits that decide how far a proof, an LP or a search goes.

A verdict must be a function of the claim and of an effort the user can name — never of how busy the
machine was (issue 19).  So every step whose outcome can change a verdict is bounded by a count, not by
seconds:

* ``precision_bits`` — the top of the arb precision ladder (the prover doubles 64 → 128 → … up to it);
* ``proof_steps`` — the prover's steps for one statement: each branch-and-bound box, each refinement of a
  sign chart, each case split and each Taylor order is one step, and sub-goals get deterministic shares;
* ``lp_iterations`` — simplex iterations of one HiGHS solve (``simplex_iteration_limit``; the interior
  point method gets ``ipm_iteration_limit``), never HiGHS' ``time_limit``;
* ``examples`` — the examples of a counterexample search (hunt, conjecture) when the user sets none;
* ``symbolic_size`` — the largest expression (sympy ``count_ops``) handed to an unbounded symbolic step
  (``simplify``, ``factor``, printing); a larger one is refused before it starts (UNDECIDED naming the size).

The evidence of a verdict names the effort it used ("4,096 boxes at 256 bits").  The wall clock only
*stops* work (:mod:`exactpriv.effort.time_limit`) and says so as its own status.

Defaults (:data:`DEFAULT`) are chosen so that every reading of the installed bank reaches its expected
verdict with room to spare: the largest proof of the bank needs about a tenth of the default steps (measured
with the step counter of :class:`exactpriv.certify.core.Budget`; see bench/bench_effort.py).  Named levels
scale every count: ``low`` (¼), ``default``, ``high`` (×4), ``exhaustive`` (×16); ``Effort.scaled(k)`` any
factor.  The current effort is a context (:func:`using`, :func:`current`), so a CLI option (``--effort``)
reaches every step without threading it through every call; killable workers receive it with each call.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, fields, replace

from exactpriv.errors import InvalidArgument

__all__ = ["DEFAULT", "LEVELS", "Effort", "current", "parse_effort", "using"]

#: Largest value of any knob (a typo, not an effort: 2^40 boxes would take years).
_MAX = 1 << 40


@dataclass(frozen=True, kw_only=True)
class Effort:
    """Deterministic limits of a computation (see the module head).  Keyword-only and validated:

        Effort(precision_bits=1024, proof_steps=20_000, lp_iterations=2_000_000, examples=1_000,
               symbolic_size=4_000)
    """

    precision_bits: int = 1024
    proof_steps: int = 20_000
    lp_iterations: int = 2_000_000
    # 1,000: `hunt cuff2016.lemma1` (5 readings) took 72.5 s of CPU at 2,000 and 31.5 s at 500 (session 6, the
    # templates are a fixed ~18 s), a true conjecture 58 s at 2,000 — a researcher's everyday loop wants well
    # under a minute per claim; `--effort high` (x4) is one option away
    examples: int = 1_000
    symbolic_size: int = 4_000

    def __post_init__(self) -> None:
        for f in fields(self):
            value, lo = getattr(self, f.name), (32 if f.name == "precision_bits" else 1)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidArgument(f"{f.name}={value!r} of type {type(value).__name__} must be an int")
            if not lo <= value <= _MAX:
                raise InvalidArgument(f"{f.name}={value!r} must be between {lo} and {_MAX}")

    def __repr__(self) -> str:
        return "Effort(" + ", ".join(f"{f.name}={getattr(self, f.name):_}" for f in fields(self)) + ")"

    def scaled(self, factor: float) -> "Effort":
        """Every count times ``factor`` (at least 1); the precision ceiling grows by ``log2(factor)`` doublings
        only when ``factor >= 4`` (precision costs more than it buys beyond that)."""
        if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0 < factor <= 1 << 20:
            raise InvalidArgument(f"effort factor={factor!r} must be a positive number up to {1 << 20}")
        bits = self.precision_bits
        k = factor
        while k >= 4 and bits < 1 << 14:
            bits, k = bits * 2, k / 4
        return replace(self, precision_bits=bits, proof_steps=_times(self.proof_steps, factor),
                       lp_iterations=_times(self.lp_iterations, factor), examples=_times(self.examples, factor),
                       symbolic_size=_times(self.symbolic_size, factor))

    def describe(self) -> str:
        """Plain words for a verdict's evidence."""
        return (f"{self.proof_steps:,} proof steps up to {self.precision_bits:,} bits, {self.lp_iterations:,} LP "
                f"iterations, {self.examples:,} examples, symbolic size {self.symbolic_size:,}")

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _times(n: int, factor: float) -> int:
    return max(1, min(_MAX, int(n * factor)))


#: The default effort: every reading of the installed bank reaches its expected verdict with it.
DEFAULT = Effort()

#: Named levels of ``--effort`` (factors of :data:`DEFAULT`).
LEVELS = {"low": 0.25, "default": 1.0, "high": 4.0, "exhaustive": 16.0}


def parse_effort(text) -> Effort:
    """``--effort`` text: a level name (``low``, ``default``, ``high``, ``exhaustive``) or a factor of the
    default (``2``, ``0.5``, ``x4``); InvalidArgument echoing anything else."""
    if isinstance(text, Effort):
        return text
    s = str(text).strip().lower()
    if s in LEVELS:
        return DEFAULT.scaled(LEVELS[s]) if LEVELS[s] != 1.0 else DEFAULT
    body = s[1:] if s[:1] in ("x", "×") else s
    try:
        factor = float(body)
    except ValueError:
        raise InvalidArgument(f"--effort {text!r} is neither a level ({', '.join(LEVELS)}) nor a factor such as 2 "
                              f"or 0.5") from None
    if not 0 < factor <= 1 << 20:
        raise InvalidArgument(f"--effort {text!r} must be a factor between 0 and {1 << 20}")
    return DEFAULT.scaled(factor)


_CURRENT: contextvars.ContextVar[Effort] = contextvars.ContextVar("exactpriv_effort", default=DEFAULT)


def current() -> Effort:
    """The effort in force (:data:`DEFAULT` unless a :func:`using` block says otherwise)."""
    return _CURRENT.get()


@contextlib.contextmanager
def using(effort: Effort | str | float | None):
    """Run the block with ``effort`` (an :class:`Effort`, a level name or a factor; None keeps the current)."""
    if effort is None:
        yield current()
        return
    if not isinstance(effort, Effort):
        effort = parse_effort(effort)
    token = _CURRENT.set(effort)
    try:
        yield effort
    finally:
        _CURRENT.reset(token)
