"""The domain of a symbolic family's parameter, and the certifier effort of one symbolic measure.

:class:`Domain` is an exact interval of the family's one symbol (ends are exact constants or ``oo``;
floats are refused, so no verdict rests on a rounded end).  ``ProofBudget`` hands out a fixed share of the
effort (:class:`~exactpriv.effort.Effort` proof steps, never seconds) to each certifier call so one hard
comparison cannot eat the whole measure (the undecided ones end as an exact ``Max``) — the same closed
form on every machine.  A time limit (``seconds``) is a safety net only: when it passes, the remaining
comparisons are not attempted and the stop is noted (:func:`exactpriv.effort.note_stop`), so a reading
built on the measure is STOPPED, not decided by the clock.  Step 2 of the algorithm described in
:mod:`exactpriv.measures.symbolic`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import sympy

from exactpriv.effort import Deadline, validate_seconds
from exactpriv.effort.knobs import current as current_effort
from exactpriv.errors import InvalidArgument, NotExactError
from exactpriv.mechanisms.base import Mechanism
from exactpriv.exact.numbers import OO


__all__ = ["DEFAULT_SECONDS", "Domain"]




#: Default time limit of one measure: none of its own (the deadline in force applies).
DEFAULT_SECONDS = None

#: Share of the effort's proof steps one certifier call gets.  Empirically determined parameter: every
#: comparison of the seed families settles within a few hundred steps (a 20th of the default 20,000);
#: harder ones are left as an exact Max instead of spending the measure's whole effort on one.
_PER_CALL_SHARE = 20


# ======================================================================================
# domain
# ======================================================================================
def _end(value, name):
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not a number")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number (e.g. Fraction or sympy.Rational)")
    if isinstance(value, (int, Fraction)):
        return sympy.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else sympy.Integer(value)
    if isinstance(value, sympy.Expr) and not value.free_symbols:
        if value.has(sympy.Float):
            raise NotExactError(f"{name}={value} contains a float")
        if value in (OO, -OO):
            return value
        if value.has(sympy.nan, sympy.zoo, sympy.I, OO, -OO) or value.is_real is False:
            raise InvalidArgument(f"{name}={value} is not a finite real number (or oo)")
        return value
    raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not an exact constant (int, Fraction, "
                          f"sympy number or sympy.oo)")


@dataclass(frozen=True)
class Domain:
    """An interval of the family's symbol: ``lo`` < ``hi`` (exact; ``hi`` may be ``oo``), and
    whether each end belongs to it."""

    variable: sympy.Symbol
    lo: sympy.Expr
    hi: sympy.Expr
    lo_closed: bool = True
    hi_closed: bool = False

    @classmethod
    def make(cls, variable, domain=(0, OO), closed=(True, False)) -> "Domain":
        try:
            lo, hi = domain
            lc, hc = closed
        except (TypeError, ValueError):
            raise InvalidArgument(f"domain={domain!r} and closed={closed!r} must be pairs (lo, hi), "
                                  f"(lo_closed, hi_closed)") from None
        lo, hi = _end(lo, "domain[0]"), _end(hi, "domain[1]")
        if lo in (OO, -OO):
            raise InvalidArgument(f"domain={domain!r}: the lower end must be finite")
        if not isinstance(lc, bool) or not isinstance(hc, bool):
            raise InvalidArgument(f"closed={closed!r} must be a pair of bools")
        if hi != OO:
            from exactpriv.exact.kernel import compare

            if not compare(lo, "<", hi).is_true:
                raise InvalidArgument(f"domain={domain!r}: need lo < hi")
        if variable.is_nonnegative and lo.is_negative:
            raise InvalidArgument(f"domain={domain!r}: {variable} is declared nonnegative, the domain must lie in "
                                  f"[0, oo)")
        return cls(variable, lo, hi, lc, hc and hi != OO)

    def text(self) -> str:
        return f"{'[' if self.lo_closed else '('}{self.lo}, {self.hi}{']' if self.hi_closed else ')'}"

    def __str__(self):
        return f"{self.variable} in {self.text()}"

    def args(self) -> dict:
        """Keyword arguments for :func:`exactpriv.certify.prove_inequality`."""
        return {"domain": (self.lo, self.hi), "closed": (self.lo_closed, self.hi_closed), "variable": self.variable}

    def covers(self, other: "Domain") -> bool:
        """Exact: does this domain contain ``other``?"""
        if self.variable != other.variable:
            return False
        lo_ok = (self.lo == other.lo and (self.lo_closed or not other.lo_closed)) or bool(
            sympy.simplify(other.lo - self.lo).is_positive)
        if self.hi == OO:
            hi_ok = True
        elif other.hi == OO:
            hi_ok = False
        else:
            hi_ok = (self.hi == other.hi and (self.hi_closed or not other.hi_closed)) or bool(
                sympy.simplify(self.hi - other.hi).is_positive)
        return lo_ok and hi_ok

    def sample(self) -> sympy.Expr:
        """An interior point (used to ORDER candidates by a float value, never to decide)."""
        if self.hi == OO:
            return self.lo + 1
        return (self.lo + self.hi) / 2


class ProofBudget:
    """The certifier effort of one symbolic measure: a pool of the effort's proof steps, at most a
    :data:`_PER_CALL_SHARE`-th of them per certifier call; ``seconds`` an optional time limit (safety net)."""

    def __init__(self, seconds=None):
        self.deadline = Deadline(None if seconds is None else validate_seconds(seconds), what="symbolic measure")
        self.effort = current_effort()
        self.left = self.effort.proof_steps
        self.per_call = max(1, self.effort.proof_steps // _PER_CALL_SHARE)

    def call_effort(self):
        """The effort of the next certifier call, or None when the pool is spent or the time limit passed."""
        if self.left <= 0 or self.deadline.expired():
            return None
        return replace(self.effort, proof_steps=min(self.per_call, self.left))

    def charge(self, result) -> None:
        """Count the steps a certifier call used (at least one)."""
        self.left -= max(1, (result.certificate.get("effort") or {}).get("steps_used", 0))


# ======================================================================================
# the analysed family
# ======================================================================================
def family_variable(M: Mechanism, variable, what):
    """The one symbol of the family ``M`` (``variable`` when given, checked to be its only free symbol)."""
    free = set(M.free_symbols)
    if variable is not None:
        if not isinstance(variable, sympy.Symbol):
            raise InvalidArgument(f"variable={variable!r} of type {type(variable).__name__} must be a sympy Symbol")
        if free - {variable}:
            raise InvalidArgument(f"{what}: {M!r} has symbols {sorted(map(str, free))}; only {variable} may remain "
                                  f"(substitute the others with M.subs(...))")
        if not free:
            raise InvalidArgument(f"{what}: {M!r} has no symbolic entries; use the exact numeric measure instead")
        return variable
    if len(free) != 1:
        raise InvalidArgument(
            f"{what}: a symbolic family needs exactly one symbol, {M!r} has {sorted(map(str, free)) or 'none'}"
            + ("; use the exact numeric measure instead" if not free else "; substitute the others (M.subs(...))"))
    return next(iter(free))
