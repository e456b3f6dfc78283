"""Plain building blocks of the reference evaluator: exact rows, neighbour pairs, records, maxima.

Everything here is written for clarity, not speed: rows are lists of ``Fraction``, loops are plain
Python loops, and maxima of exact reals are decided by :func:`exactpriv.exact.kernel.compare`
(exact for rationals and log-forms; certified ``arb`` balls plus an exact equality proof otherwise).
Nothing is imported from the fast measure modules (``exactpriv.measures.*``): that independence is
the point of the reference (issue 9, HELPERS.md non-negotiable 3).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument, UndecidedError
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import Hamming, Subsets

__all__: list[str] = []  # private: the public names are in exactpriv.measures.reference



@dataclass(frozen=True)
class Reference:
    """A reference value: ``exact`` (Fraction, LogForm, closed sympy number or ``sympy.oo``) or, when
    the definition needs an optimisation the reference does not solve exactly, a certified
    ``enclosure`` (an :class:`~exactpriv.exact.decisions.Enclosure` with rational ends)."""

    name: str
    exact: object = None
    enclosure: Enclosure | None = None
    how: str = ""

    @property
    def is_exact(self) -> bool:
        return self.enclosure is None


def flat(M, what: str) -> Mechanism:
    """The mechanism as one matrix (a product mechanism is expanded to its joint rows)."""
    if isinstance(M, ProductMechanism):
        M = M.expand()
    if not isinstance(M, Mechanism):
        raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism ({what})")
    return M


def rows(M: Mechanism, what: str) -> list[list[Fraction]]:
    """P(y|x) as lists of Fractions; symbolic entries are refused (substitute a value first)."""
    out = []
    for x, row in enumerate(M.rows):
        r = []
        for y, v in enumerate(row):
            try:
                r.append(as_rational(v, f"P[{y}|{x}]"))
            except Exception:
                raise InvalidArgument(
                    f"the reference {what} needs rational entries; entry P[{y}|{x}] = {v!r} is not "
                    f"(substitute a value with M.subs(eps=...))") from None
        out.append(r)
    return out


def ordered_neighbours(space) -> list[tuple[int, int]]:
    """Ordered pairs (x, x') of neighbouring points (both orientations), as point indices."""
    return [(int(a), int(b)) for a, b in space.directed_edges().tolist()]


def log_of(r):
    """ln r for a ratio r: a LogForm, ``oo`` for oo, and 0 for "no ratio" (None)."""
    if r is None:
        return Fraction(0)
    if r == OO:
        return OO
    # a long ratio is kept as log(r) rather than factored: factoring a product of two 200-bit primes
    # does not finish (and took 23 GB before it was killed); agree() compares log(r) exactly by powers
    return log_of_rational(Fraction(r))


#: Rationals with more bits than this are not factored into a LogForm (factoring is the cost).
_FACTOR_BITS = 128


def log_of_rational(r: Fraction, scale: int = 1):
    """ln(r)/scale exactly: a LogForm when r is small enough to factor, else the sympy number
    log(r)/scale (compared exactly by :func:`exactpriv.measures.reference.agree` without factoring)."""
    if r.numerator.bit_length() <= _FACTOR_BITS and r.denominator.bit_length() <= _FACTOR_BITS:
        return LogForm.log(r) / scale
    return sympy.log(sympy.Rational(r.numerator, r.denominator)) / scale


def ratio_max(ratios):
    """max of ratios a/b given as pairs (a, b) of non-negative rationals: 0/0 ignored, a/0 = oo
    for a > 0; None when every pair is 0/0."""
    best = None
    for a, b in ratios:
        if a == 0 and b == 0:
            continue
        if b == 0:
            return OO
        r = Fraction(a) / Fraction(b)
        if best is None or r > best:
            best = r
    return best


def greater(a, b) -> bool:
    """a > b for exact reals (Fraction, LogForm, sympy numbers, oo), decided by the kernel."""
    if a == OO:
        return b != OO
    if b == OO:
        return False
    d = compare(a, ">", b)
    if d.is_undecided:
        raise UndecidedError(f"reference: could not order {a} and {b}: {d.reason}")
    return d.is_true


def exact_max(values):
    """The largest of exact reals (None entries skipped); None for no value."""
    best = None
    for v in values:
        if v is None:
            continue
        if best is None or greater(v, best):
            best = v
    return best


# ----------------------------------------------------------------------------- records
def require_records(space, what: str):
    if not isinstance(space, (Hamming, Subsets)):
        raise InvalidArgument(f"the reference {what} needs records: a Hamming or Subsets space, got {space!r}")


class Records:
    """Points of a product space as tuples of record values, with lookups by those tuples."""

    def __init__(self, space):
        self.space = space
        self.alphabets = [tuple(a) for a in space.records]
        self.n = len(self.alphabets)
        codes = space.record_codes().tolist()
        self.values = [tuple(a[c] for a, c in zip(self.alphabets, cs)) for cs in codes]
        self.index = {v: k for k, v in enumerate(self.values)}

    def point(self, assignment: dict) -> int:
        """Index of the point with record j = assignment[j] for every j."""
        return self.index[tuple(assignment[j] for j in range(self.n))]

    def completions(self, fixed: dict):
        """Indices of the points agreeing with ``fixed`` ({record: value})."""
        return [k for k, v in enumerate(self.values) if all(v[j] == c for j, c in fixed.items())]

    def assignments(self, records):
        """Every assignment {j: value} of the given records."""
        records = list(records)
        for vals in itertools.product(*(self.alphabets[j] for j in records)):
            yield dict(zip(records, vals))
