"""Validation of the arguments the measures take: the mechanism, the prior, the records, the method.

Every measure validates before it computes, and a bad argument is an
:class:`~exactpriv.errors.InvalidArgument` that echoes the value and its type.
"""

from __future__ import annotations

import numpy as np
import sympy

from exactpriv.distributions import Prior, check_pmf
from exactpriv.errors import InvalidArgument, NotExactError, ShapeError, refuse_symbolic
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO, as_exact, as_rational
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import Hamming, Space, Subsets, check_enumerable

__all__ = ["MAX_PAIR_ENTRIES", "METHODS", "NULL_EVENTS", "check_alpha", "check_group_size", "check_mechanism",
           "check_method", "check_null_events", "check_pair_scan", "check_pmf_pair", "check_prior", "check_records_space", "exact_level",
           "null_events_note", "prior_with_label", "record_codes", "record_index"]

#: How a Shannon quantity is evaluated: "exact" (a LogForm), "arb" (a certified enclosure) or "auto".
METHODS = ("auto", "exact", "arb")


def check_mechanism(M, what: str = "", *, expand: bool = True, rational: bool = False):
    """``M`` as a :class:`~exactpriv.mechanisms.base.Mechanism`, or refused naming ``what`` needs it.

    A :class:`~exactpriv.mechanisms.base.ProductMechanism` is expanded (after its size check) unless
    ``expand=False``, which returns it as it is.  ``rational=True`` also refuses a mechanism without
    rational entries (:func:`~exactpriv.errors.refuse_symbolic`)."""
    if not isinstance(M, (Mechanism, ProductMechanism)):
        where = f" ({what})" if what else ""
        raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism{where}")
    if expand and isinstance(M, ProductMechanism):
        M = M.expand()
    if rational:
        refuse_symbolic(M, what or "this measure")
    return M


def prior_with_label(M: Mechanism, prior, what: str) -> tuple[Prior, str]:
    """The prior of a prior-dependent measure ``what`` on ``M``'s inputs, and how a witness names it."""
    if prior is None:
        raise InvalidArgument(
            f"{what} depends on the prior: give prior=... (e.g. prior=Prior.uniform(M.inputs))")
    if not isinstance(prior, Prior):
        raise InvalidArgument(
            f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior on {M.inputs!r}")
    prior.check_space(M.inputs, "mechanism")
    return prior, repr(prior)


def check_method(method) -> str:
    """One of :data:`METHODS`."""
    if method not in METHODS:
        raise InvalidArgument(f"method={method!r} must be one of {list(METHODS)}")
    return method


def record_codes(M: Mechanism, what: str) -> np.ndarray:
    """The record codes of ``M``'s inputs, for a measure ``what`` defined per record."""
    if not isinstance(M.inputs, (Hamming, Subsets)):
        raise InvalidArgument(
            f"{what} is defined per record: the input space must be Hamming (D_1 x ... x D_n) or Subsets "
            f"(membership bits), got {M.inputs!r}")
    return M.inputs.record_codes()


def record_index(M: Mechanism, record) -> int:
    """``record`` as the index of one of ``M``'s records."""
    n = len(M.inputs.records)
    if isinstance(record, bool) or not isinstance(record, (int, np.integer)) or not 0 <= int(record) < n:
        raise InvalidArgument(f"record={record!r} must be an int in 0..{n - 1} (a record of {M.inputs!r})")
    return int(record)


#: The conventions for configurations of prior probability 0 (:mod:`exactpriv.measures.bayesian`):
#: ``"skip_undefined"`` skips them only where a record is integrated out (the default; Zhao's
#: reading), ``"skip_null"`` skips them always (exactpriv before issue 9).
NULL_EVENTS = ("skip_undefined", "skip_null")


def check_prior(M: Mechanism, prior, what: str) -> Prior:
    if prior is None:
        raise InvalidArgument(
            f"{what} depends on the prior: give prior=... (e.g. prior=Prior.uniform(M.inputs))")
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior")
    prior.check_space(M.inputs, "mechanism")
    return prior


def check_records_space(space: Space, what: str) -> None:
    if not isinstance(space, (Hamming, Subsets)):
        raise InvalidArgument(
            f"{what} needs records: the input space must be Hamming (D_1 x ... x D_n) or Subsets "
            f"(membership bits), got {space!r}")


def check_null_events(null_events) -> str:
    if not isinstance(null_events, str) or null_events not in NULL_EVENTS:
        raise InvalidArgument(f"null_events={null_events!r} must be one of {NULL_EVENTS}")
    return null_events


def null_events_note(null_events: str) -> str:
    if null_events == "skip_undefined":
        return ("null_events='skip_undefined': configurations of prior probability 0 skipped only where records "
                "are integrated out (their conditional is undefined); fully known databases always count")
    return "null_events='skip_null': every configuration of prior probability 0 skipped, even fully known databases"


def exact_level(level, name: str = "level", *, allow_symbols=False):
    """An exact, non-negative privacy level (Fraction, int, text, LogForm, sympy expression or oo), refused before
    any work otherwise: a float or an expression holding one is a NotExactError, a bool, None or a negative
    level an InvalidArgument.  ``allow_symbols``: a sympy expression may hold ``eps`` (a family's level)."""
    if isinstance(level, bool):
        raise InvalidArgument(f"{name}={level!r} is a bool, not a privacy level")
    if isinstance(level, LogForm):
        value = level
    elif level is OO:
        return level
    elif isinstance(level, sympy.Basic):
        value = as_exact(level, name, symbols=(EPS,) if allow_symbols else ())
    else:
        value = as_exact(level, name, symbols=())  # floats -> NotExactError
    if isinstance(value, sympy.Basic) and value.free_symbols:
        return value
    if compare(value, "<", 0).is_true:
        raise InvalidArgument(f"{name}={level!r} must be >= 0")
    return value


def check_pmf_pair(P, Q):
    """Two pmfs on one finite set (exact entries), as lists; refused naming P or Q otherwise."""
    p = check_pmf(P, name="P")
    q = check_pmf(Q, name="Q")
    if len(p) != len(q):
        raise ShapeError(f"P has {len(p)} entries but Q has {len(q)}; they must live on the same set")
    return p, q


def check_alpha(alpha):
    """The order α > 0 of a Rényi quantity: an exact rational, or oo."""
    if isinstance(alpha, bool):
        raise InvalidArgument(f"alpha={alpha!r} is a bool")
    if alpha is OO:
        return OO
    if isinstance(alpha, float):
        raise NotExactError(f"alpha={alpha!r} is a float; give an exact rational such as '3/2'")
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be > 0 (Rényi divergence of order alpha)")
    return a


def check_group_size(k):
    """The size k >= 1 of a group (group privacy), an int."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise InvalidArgument(f"k={k!r} of type {type(k).__name__} must be an int >= 1 (group size)")
    return int(k)


#: Most (ordered pair, output) entries the plain-Python notions of issue 11 walk (f-DP, PLD, PDP).
MAX_PAIR_ENTRIES = 2_000_000


def check_pair_scan(M, name: str) -> None:
    """Refuse a mechanism whose pair scan (ordered neighbour pairs x outputs) would take minutes in plain
    Python, with a typed error naming the measure ``name`` (f-DP, the PLD, probabilistic DP)."""
    check_enumerable(2 * len(M.inputs.edges) * len(M.outputs), lambda: f"the {name} scan of {M!r:.80} (pairs x outputs)",
                     limit=MAX_PAIR_ENTRIES)
