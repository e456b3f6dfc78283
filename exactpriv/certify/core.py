"""Shared pieces of the certifier: domains, budgets, method outcomes, exact rational helpers.

Nothing here decides a verdict; these are the containers the methods of
:mod:`exactpriv.certify.algebra`, :mod:`exactpriv.certify.series` and
:mod:`exactpriv.certify.bnb` exchange, and the exact helpers they share.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

import exactpriv.effort as effort
from exactpriv.exact.intervals import arb_to_fractions

__all__ = [
    "Budget",
    "Dom",
    "Outcome",
    "dec_down",
    "dec_up",
    "fmt_q",
    "lower_q",
    "simplest_between",
    "sympy_q",
    "to_q",
    "upper_q",
]


@dataclass(frozen=True)
class Dom:
    """A real interval with a finite rational left end: ``lo``..``hi`` (``hi=None`` is oo)."""

    lo: Fraction
    hi: Fraction | None
    lo_closed: bool
    hi_closed: bool

    def __str__(self):
        hi = "oo" if self.hi is None else fmt_q(self.hi)
        return f"{'[' if self.lo_closed else '('}{fmt_q(self.lo)}, {hi}{']' if self.hi_closed else ')'}"

    def contains(self, x: Fraction) -> bool:
        if x < self.lo or (x == self.lo and not self.lo_closed):
            return False
        if self.hi is None:
            return True
        return x < self.hi or (x == self.hi and self.hi_closed)

    def interior_contains(self, x: Fraction) -> bool:
        return x > self.lo and (self.hi is None or x < self.hi)


class Budget:
    """The effort of one proof: a number of steps up to a precision ceiling, shared by all its methods.

    Effort, not time, decides (issue 19): every call of :meth:`expired` is one step of the proof (a
    branch-and-bound box, a sign-chart refinement, a case, a Taylor order) and charges this budget and its
    parents; a child budget (:meth:`share`) gets a fixed fraction of the steps left, so the same statement
    gets the same steps — and the same verdict — on every machine.  The time limit in force
    (:mod:`exactpriv.effort`) is only a safety net: when it passes, :meth:`expired` is True as well and the
    proof is marked :attr:`stopped`, which its result reports as STOPPED, never as an UNDECIDED.
    """

    def __init__(self, steps: int, max_prec: int, *, parent: "Budget | None" = None):
        self.steps = max(1, int(steps))
        self.used = 0
        self.start = time.monotonic()
        self.max_prec = max_prec
        self.used_prec = 0
        self.parent = parent
        self.stopped = False  # the time limit stopped this proof (meaningful on the root)

    def expired(self) -> bool:
        """Charge one step; True when this budget's (or a parent's) steps are spent or the time limit passed."""
        root = self.root()
        if root.stopped:
            return True
        if effort.expired():  # the time limit: a safety net, reported as a stop
            root.stopped = True
            return True
        b = self
        while b is not None:
            b.used += 1
            b = b.parent
        return self.spent()

    def spent(self) -> bool:
        """The steps of this budget or of a parent are spent (no step is charged)."""
        b = self
        while b is not None:
            if b.used >= b.steps:
                return True
            b = b.parent
        return False

    def steps_left(self) -> int:
        left, b = self.steps - self.used, self.parent
        while b is not None:
            left = min(left, b.steps - b.used)
            b = b.parent
        return max(0, left)

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def note_prec(self, prec: int) -> None:
        self.used_prec = max(self.used_prec, prec)
        if self.parent is not None:
            self.parent.note_prec(prec)

    def root(self) -> "Budget":
        return self if self.parent is None else self.parent.root()

    def share(self, fraction: float) -> "Budget":
        """A child budget with ``fraction`` of the steps left (same precision ceiling)."""
        return Budget(max(1, int(self.steps_left() * fraction)), self.max_prec, parent=self)

    def why_not_further(self) -> str:
        """Why the proof went no further: the time limit, or the effort spent (named)."""
        if self.root().stopped:
            return "stopped by the time limit"
        root = self.root()
        return f"effort spent: {root.used:,} of {root.steps:,} proof steps, up to {self.max_prec:,} bits"

    def effort_json(self) -> dict:
        """The effort of the whole proof, for its certificate."""
        root = self.root()
        return {"proof_steps": root.steps, "steps_used": root.used, "precision_bits": root.max_prec}


@dataclass
class Outcome:
    """Result of one method on one goal.

    ``status``: "PROVED", "REFUTED" or "UNDECIDED".  ``point`` (REFUTED): the candidate in
    the goal's variable, a Fraction or an exact sympy number; ``exact_zero`` marks a point
    where the method proved exactly that the difference vanishes (a strict inequality fails
    there), which a ball evaluation cannot confirm.
    """

    status: str
    method: str
    steps: list = field(default_factory=list)
    point: object = None
    reason: str = ""
    exact_zero: bool = False
    touch: Fraction | None = None  # branch-and-bound stalled at a point where the goal touches 0 exactly
    point_enclosure: tuple | None = None  # rational (lo, hi) around an algebraic point


def to_q(x) -> Fraction:
    """Exact sympy Rational / int / Fraction to Fraction."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    return Fraction(int(x.p), int(x.q))


def fmt_q(q) -> str:
    """Short exact text of a rational (``3/2``, ``-1``)."""
    if isinstance(q, Fraction):
        return str(q)
    return str(q)


def lower_q(ball) -> Fraction:
    return arb_to_fractions(ball)[0]


def upper_q(ball) -> Fraction:
    return arb_to_fractions(ball)[1]


def simplest_between(lo: Fraction, hi: Fraction) -> Fraction:
    """The rational with the smallest denominator in the open interval ``(lo, hi)``, ``lo < hi``.

    Continued-fraction (Stern–Brocot) descent: an integer if one lies strictly inside,
    otherwise ``n + 1/s`` with ``s`` the simplest rational of the reciprocal interval.
    Used to report counterexample points as short fractions.
    """
    lo, hi = Fraction(lo), Fraction(hi)
    if not lo < hi:
        raise ValueError(f"empty interval ({lo}, {hi})")
    if lo < 0 < hi:
        return Fraction(0)
    if hi <= 0:
        return -simplest_between(-hi, -lo)
    n = math.floor(lo) + 1
    if n < hi:
        return Fraction(n)
    fl = math.floor(lo)
    a, b = lo - fl, hi - fl  # 0 <= a < b <= 1
    if a == 0:
        return fl + Fraction(1, math.floor(1 / b) + 1)
    return fl + 1 / simplest_between(1 / b, 1 / a)


def sympy_q(q: Fraction) -> sympy.Rational:
    return sympy.Rational(q.numerator, q.denominator)


def _dec(q: Fraction, digits: int, up: bool) -> str:
    """Exact decimal text (``1.2345678e-05`` style) of a bound of ``q``, rounded outward."""
    q = Fraction(q)
    if q == 0:
        return "0"
    a = abs(q)
    # decimal exponent estimate from bit lengths (str() of a >4300-digit int raises)
    e10 = int((a.numerator.bit_length() - a.denominator.bit_length()) * 0.30102999566398)
    while Fraction(10) ** e10 > a:
        e10 -= 1
    while Fraction(10) ** (e10 + 1) <= a:
        e10 += 1
    shift = e10 - digits + 1
    scaled = q / Fraction(10) ** shift
    n = math.ceil(scaled) if up else math.floor(scaled)
    sign = "-" if n < 0 else ""
    txt = str(abs(n))
    exp = shift + len(txt) - 1
    mant = txt[0] + ("." + txt[1:].rstrip("0") if txt[1:].rstrip("0") else "")
    if -4 <= exp < 9:
        val = Fraction(abs(n)) * Fraction(10) ** shift
        if val.denominator == 1:
            return f"{sign}{val.numerator}"
        k = -shift
        body = str(abs(n)).rjust(k + 1, "0")
        return f"{sign}{body[:-k]}.{body[-k:]}".rstrip("0")
    return f"{sign}{mant}e{exp}"


def dec_down(q, digits: int = 8) -> str:
    """A decimal string d with d <= q (exact), about ``digits`` significant digits."""
    return _dec(q, digits, up=False)


def dec_up(q, digits: int = 8) -> str:
    """A decimal string d with d >= q (exact), about ``digits`` significant digits."""
    return _dec(q, digits, up=True)
