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
    "param_domain",
    "pmf_params",
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
    params : the instance parameters whose domain this hypothesis states (:func:`param_domain`,
        :func:`pmf_params`); a search draws a reading's parameters by default only when every one of them is
        declared so — an instance drawn outside the domain is then *outside*, never a witness
    """

    name: str
    text: str
    holds: Callable[[Any], Any]
    params: tuple = ()

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise InvalidArgument(f"Hypothesis name={self.name!r} must be a non-empty string")
        if not callable(self.holds):
            raise InvalidArgument(f"Hypothesis {self.name!r}: holds={self.holds!r} is not callable")
        if not isinstance(self.params, tuple) or not all(isinstance(p, str) and p for p in self.params):
            raise InvalidArgument(f"Hypothesis {self.name!r}: params={self.params!r} must be a tuple of parameter "
                                  "names")

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


def _exact_number(v) -> bool:
    from fractions import Fraction

    return isinstance(v, (int, Fraction)) and not isinstance(v, bool)


def _bound_text(lo, hi, open_lo, open_hi) -> str:
    if lo is not None and hi is not None:
        return f"in {'(' if open_lo else '['}{lo}, {hi}{')' if open_hi else ']'}"
    if lo is not None:
        return f"{'>' if open_lo else '>='} {lo}"
    return f"{'<' if open_hi else '<='} {hi}"


def param_domain(*names: str, lo=None, hi=None, open_lo: bool = False, open_hi: bool = False,
                 integer: bool = False, optional: bool = False, text: str | None = None,
                 name: str | None = None) -> Hypothesis:
    """The domain of exact numeric parameters as a hypothesis: ``lo <= params[n] <= hi`` for each name
    (``open_lo``/``open_hi``: strict; ``integer``: an int).  ``text`` says where the domain is written (the
    paper's words); a parameter that is not an exact number is not shown to be inside, nor is a missing one
    unless ``optional`` (a parameter only some of the families' instances carry)."""
    from fractions import Fraction

    if not names or not all(isinstance(n, str) and n for n in names):
        raise InvalidArgument(f"param_domain needs parameter names, got {names!r}")
    if lo is None and hi is None and not integer:
        raise InvalidArgument(f"param_domain{names!r}: give lo, hi or integer=True")
    for v, what in ((lo, "lo"), (hi, "hi")):
        if v is not None and not _exact_number(v):
            raise InvalidArgument(f"param_domain{names!r}: {what}={v!r} must be an exact number (int, Fraction)")
    lo_f = None if lo is None else Fraction(lo)
    hi_f = None if hi is None else Fraction(hi)

    def holds(inst) -> bool:
        for n in names:
            if optional and n not in inst.params:
                continue
            v = inst.params.get(n)
            if not _exact_number(v) or (integer and not isinstance(v, int)):
                return False
            if lo_f is not None and (v <= lo_f if open_lo else v < lo_f):
                return False
            if hi_f is not None and (v >= hi_f if open_hi else v > hi_f):
                return False
        return True

    where = "" if lo is None and hi is None else " " + _bound_text(lo, hi, open_lo, open_hi)
    words = f"{', '.join(names)} {'an int' if integer else ''}{where}".replace("  ", " ").strip()
    return Hypothesis(name or f"{'-'.join(names)}-domain", text or words, holds, params=tuple(names))


def pmf_params(*names: str, text: str | None = None, name: str | None = None) -> Hypothesis:
    """Parameters that are probability vectors on one finite set: each ``params[n]`` a sequence of exact
    numbers >= 0 summing to 1, all of one length."""
    if not names or not all(isinstance(n, str) and n for n in names):
        raise InvalidArgument(f"pmf_params needs parameter names, got {names!r}")

    def holds(inst) -> bool:
        lengths = set()
        for n in names:
            v = inst.params.get(n)
            if not isinstance(v, (list, tuple)) or not v or not all(_exact_number(x) and x >= 0 for x in v) \
                    or sum(v) != 1:
                return False
            lengths.add(len(v))
        return len(lengths) == 1

    return Hypothesis(name or f"{'-'.join(names)}-pmfs",
                      text or f"{', '.join(names)} are probability distributions on the same finite set", holds,
                      params=tuple(names))
