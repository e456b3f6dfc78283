"""Symbolic families in the public measures: one dispatch shared by Python and ``exactpriv measure``.

A *symbolic family* is a mechanism whose entries have free symbols (``randomized_response(2, eps=EPS)``).
The exact numeric measures need rational entries; the closed forms of :mod:`exactpriv.measures.symbolic`
give the measure of M(ε) for EVERY ε of the family's domain.  :func:`closed_form_for` wraps a public
measure so that a call on a family returns that closed form (the same :class:`Measured` type, with
``witness["valid_on"]`` naming the domain) instead of refusing.  Measures without a closed-form path refuse
with :class:`~exactpriv.errors.NoClosedFormError` (raised where they check their entries:
:func:`exactpriv.errors.refuse_symbolic`).

Why a wrapper rather than a branch in each measure: the CLI and Python then take one code path, and the
argument check (numeric-only options such as ``gap=`` are refused unless left at their default, since the
closed form is exact) is written once.  ``pure_dp`` and ``free_lunch`` are not wrapped: their own symbolic
path (real-root isolation on t = e^ε) predates this module and is differential-tested against
``pure_dp_symbolic`` in tests/measures/test_family_dispatch.py.
"""

from __future__ import annotations

import functools
import inspect
from fractions import Fraction
from typing import Any, Callable, TypeVar

from exactpriv.errors import InvalidArgument
from exactpriv.measures.result import Measured

__all__ = ["CLOSED_FORM_MEASURES", "closed_form_for", "delta_at", "is_family"]

F = TypeVar("F", bound=Callable[..., Measured])

#: Public measure name -> name of its closed form in :data:`exactpriv.measures.symbolic.SYMBOLIC_MEASURES`.
CLOSED_FORM_MEASURES = ("kl_dp", "tv_dp", "renyi_dp", "capacity", "mi_dp", "semantic_privacy")

_DOC_NOTE = """
    On a symbolic family (entries with a free symbol, e.g. ``randomized_response(2, eps=EPS)``) the
    value is the exact closed form of :func:`exactpriv.measures.symbolic.{sym}`: an expression in the
    family's symbol equal to this measure of M(ε) for every ε of the family's domain (default ε ≥ 0,
    minus closed ends where an entry vanishes; ``witness["valid_on"]`` says which).
"""


def is_family(M) -> bool:
    """True when ``M`` is a symbolic family (a mechanism or product mechanism whose entries have free
    symbols); constant irrational entries (e.g. e/(e+1)) are not a family."""
    return bool(getattr(M, "is_symbolic", False))


def _symbolic(name: str):
    from exactpriv.measures.symbolic.registry import SYMBOLIC_MEASURES

    return SYMBOLIC_MEASURES[name]


def _is_default(value, default) -> bool:
    if value is default:
        return True
    try:
        return type(value) is type(default) and bool(value == default)
    except (TypeError, ValueError):   # e.g. a sympy relational that cannot be decided
        return False


def _call_closed_form(name: str, numeric: Callable, M, args: tuple, kwargs: dict) -> Measured:
    closed = _symbolic(name)
    try:
        bound = inspect.signature(numeric).bind(M, *args, **kwargs)
    except TypeError as exc:
        raise InvalidArgument(f"{name}: {exc}") from None
    accepted = inspect.signature(closed).parameters
    numeric_params = inspect.signature(numeric).parameters
    call: dict[str, Any] = {}
    for key, value in list(bound.arguments.items())[1:]:
        if key in accepted:
            call[key] = value
        elif not _is_default(value, numeric_params[key].default):
            raise InvalidArgument(
                f"{name}({key}={value!r}): {M!r} is a symbolic family, whose closed form is exact and takes no "
                f"{key}; drop it, or substitute a value first, e.g. M.subs(eps=sympy.log(3))")
    return closed(M, **call)


def closed_form_for(name: str) -> Callable[[F], F]:
    """Decorator of the public measure ``name``: on a symbolic family, return the closed form of
    ``SYMBOLIC_MEASURES[name]`` (its arguments are passed on by name; numeric-only options must keep their
    defaults); on any other mechanism, the wrapped exact measure."""
    if name not in CLOSED_FORM_MEASURES:
        raise InvalidArgument(f"no closed form registered for {name!r}; known: {', '.join(CLOSED_FORM_MEASURES)}")

    def wrap(numeric: F) -> F:
        @functools.wraps(numeric)
        def measure(M, *args, **kwargs):
            if is_family(M):
                return _call_closed_form(name, numeric, M, args, kwargs)
            return numeric(M, *args, **kwargs)

        measure.__doc__ = (numeric.__doc__ or "").rstrip() + "\n" + _DOC_NOTE.format(sym=f"{name}_symbolic")
        return measure  # type: ignore[return-value]

    return wrap


def delta_at(M, epsilon: Fraction) -> Measured:
    """δ of (ε, δ)-DP at one ε of a symbolic family (Cuff–Yu Def. 4: the hockey-stick divergence E_{e^ε}
    maximised over neighbour pairs), as the closed form of
    :func:`exactpriv.measures.symbolic.hockey_stick_symbolic` at ε' = ``epsilon``: an expression in the
    family's symbol valid on ``witness["valid_on"]``.  ``approx_dp`` itself returns the whole exact profile
    δ(·), which has no closed form over a family; for a numeric mechanism use
    ``approx_dp(M).value.delta(epsilon)``."""
    if not is_family(M):
        raise InvalidArgument(f"delta_at: {M!r} has no free symbols; use approx_dp(M).value.delta({epsilon})")
    return _symbolic("hockey_stick")(M, epsilon)
