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
    """Wall-clock deadline and precision ceiling shared by all methods of one proof."""

    def __init__(self, seconds: float, max_prec: int, *, parent: "Budget | None" = None):
        self.seconds = seconds
        self.start = time.monotonic()
        self.deadline = self.start + seconds
        if parent is not None:
            self.deadline = min(self.deadline, parent.deadline)
        run = effort.current()  # the run's deadline (exactpriv.effort) bounds every proof
        if run is not None:
            self.deadline = min(self.deadline, run.at)
        self.max_prec = max_prec
        self.used_prec = 0
        self.parent = parent

    def expired(self) -> bool:
        return effort.stop_requested() or time.monotonic() > self.deadline

    def remaining(self) -> float:
        return 0.0 if effort.stop_requested() else max(0.0, self.deadline - time.monotonic())

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def note_prec(self, prec: int) -> None:
        self.used_prec = max(self.used_prec, prec)
        if self.parent is not None:
            self.parent.note_prec(prec)

    def root(self) -> "Budget":
        return self if self.parent is None else self.parent.root()

    def share(self, fraction: float) -> "Budget":
        """A child budget with ``fraction`` of the remaining time (same precision ceiling)."""
        return Budget(self.remaining() * fraction, self.max_prec, parent=self)


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
