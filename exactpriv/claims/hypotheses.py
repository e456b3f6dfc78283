"""Hypotheses of a reading: named predicates an instance must meet before it may refute the reading.

A reading's statement holds under hypotheses — independent records, a Markov chain, full-support priors,
a parameter range.  Each is a :class:`Hypothesis`: a name, the condition in words, and a predicate on an
:class:`~exactpriv.claims.model.Instance`.  ``verify``, ``hunt``, ``conjecture`` and ``replay`` all call
:func:`unmet_hypotheses` before an instance's check may count: an instance outside the hypotheses is
reported as *outside*, never as a witness.

A predicate returns ``True`` / ``False``, or a :class:`~exactpriv.exact.decisions.Decision`; an UNDECIDED
decision (or an exception) counts as *not shown to hold*, so the instance is outside — a hypothesis that
cannot be confirmed exactly never lets an instance refute.

The standard hypotheses below cover the papers' usual conditions; a bank defines its own for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.decisions import Decision

__all__ = [
    "Hypothesis",
    "unmet_hypotheses",
    "full_support_prior",
    "positive_mechanism",
    "independent_records",
    "has_prior",
]


@dataclass(frozen=True)
class Hypothesis:
    """A named condition of a reading.

    name : short id, e.g. ``"independent-records"``
    text : the condition in words, as the paper states it
    holds : instance -> bool | Decision (TRUE only when the condition is shown exactly)
    """

    name: str
    text: str
    holds: Callable[[Any], Any]

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise InvalidArgument(f"Hypothesis name={self.name!r} must be a non-empty string")
        if not callable(self.holds):
            raise InvalidArgument(f"Hypothesis {self.name!r}: holds={self.holds!r} is not callable")

    def check(self, instance) -> bool:
        """True only when the condition is shown to hold on ``instance`` (exactly)."""
        try:
            res = self.holds(instance)
        except ExactPrivError:
            return False
        if isinstance(res, Decision):
            return res.is_true
        if isinstance(res, bool):
            return res
        raise InvalidArgument(f"hypothesis {self.name!r} returned {res!r} of type {type(res).__name__}; "
                              "expected bool or Decision")


def unmet_hypotheses(reading, instance) -> list[str]:
    """Names of the reading's hypotheses that ``instance`` is not shown to meet (empty: inside)."""
    return [h.name for h in reading.hypotheses if not h.check(instance)]


def _prior_full_support(inst) -> bool:
    P = inst.prior
    if P is None:
        return True
    return all(p > 0 for p in P.pmf)


def _entry_positive(v) -> bool:
    from fractions import Fraction

    if isinstance(v, (int, Fraction)):
        return v > 0
    return getattr(v, "is_positive", None) is True  # symbolic: only when sympy can show it


def _mechanism_positive(inst) -> bool:
    M = inst.mechanism
    if M is None:
        return True
    factors = getattr(M, "factors", None) or (M,)
    return all(_entry_positive(v) for f in factors for row in f.rows for v in row)


def _records_independent(inst) -> bool:
    P = inst.prior
    return P is None or bool(P.is_mutually_independent())


full_support_prior = Hypothesis("full-support-prior", "the prior gives every dataset positive mass",
                                _prior_full_support)
positive_mechanism = Hypothesis("positive-mechanism", "every output has positive probability on every input",
                                _mechanism_positive)
independent_records = Hypothesis("independent-records", "the records are mutually independent under the prior",
                                 _records_independent)
has_prior = Hypothesis("has-prior", "the instance carries a prior", lambda inst: inst.prior is not None)
