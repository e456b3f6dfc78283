"""An OpenDP measurement's stated privacy map, checked exactly against the mechanism's exact pure-DP level.

An OpenDP ``Measurement`` states its guarantee as a *privacy map*: ``measurement.map(d_in)`` is the ε it
promises for inputs at distance ``d_in``.  OpenDP computes it in floating point (rounding towards safety).  This
module checks that promise exactly, on small inputs: the mechanism the measurement runs is written as an exact
:class:`~exactpriv.mechanisms.Mechanism` — from the measurement's own float parameters, each a binary fraction
taken exactly (``Fraction(0.7)``, not 7/10) — and its exact pure-DP level ε* = max log P(y|x)/P(y|x') is compared
with the stated float ε (also taken exactly) by exactpriv's exact kernel.  TRUE: the map is a valid bound
(ε* ≤ ε); FALSE: OpenDP promises less privacy loss than the mechanism has.

Measurements covered: output measure ``MaxDivergence`` (pure ε-DP) over ``DiscreteDistance`` inputs (one value
replaced), at ``d_in = 1``; :func:`opendp_randomized_response` builds the exact mechanism of OpenDP's
``make_randomized_response_bool`` and ``make_randomized_response``.  Any other measurement is given with the
exact mechanism it runs.

OpenDP is an optional dependency (``pip install 'exactpriv[opendp]'``); it is imported only by the caller's
measurement, never here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.mechanisms import AnyMechanism, Mechanism, ProductMechanism
from exactpriv.spaces import Hamming

__all__ = ["check_opendp_privacy_map", "opendp_randomized_response"]


def _exact_float(x: Any, what: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (int, float, Fraction)):
        raise InvalidArgument(f"{what}={x!r} of type {type(x).__name__} is not a number")
    try:
        return Fraction(x)  # a float is a binary fraction: taken exactly, never re-rounded
    except (ValueError, OverflowError):
        raise InvalidArgument(f"{what}={x!r} is not finite") from None


def opendp_randomized_response(categories: Sequence[Any] | None, prob: float) -> Mechanism:
    """The exact mechanism of OpenDP's randomized response: ``categories=None`` for
    ``make_randomized_response_bool(prob)`` (outputs False/True, the true bit with probability ``prob``), else
    ``make_randomized_response(categories, prob)`` (the true category with probability ``prob``, each other one
    with (1 − prob)/(k − 1)).  ``prob`` is taken exactly as the float OpenDP is given."""
    p = _exact_float(prob, "prob")
    values = [False, True] if categories is None else list(categories)
    k = len(values)
    if k < 2 or len(set(values)) != k:
        raise InvalidArgument(f"categories={categories!r} must hold at least two distinct values")
    if not (Fraction(1, k) <= p <= 1):
        raise InvalidArgument(f"prob={prob!r} must be in [1/k, 1] = [1/{k}, 1] (OpenDP's range)")
    other = (1 - p) / (k - 1)
    rows = [[p if y == x else other for y in values] for x in values]
    kind = "bool" if categories is None else f"{k} categories"
    return Mechanism(Hamming(values, 1), values, rows, name=f"OpenDP randomized response ({kind}, prob={prob!r})")


def check_opendp_privacy_map(measurement: Any, mechanism: AnyMechanism, *, d_in: int = 1) -> Decision:
    """Decide exactly whether ``measurement.map(d_in)`` bounds the pure-DP level of ``mechanism``, the exact
    mechanism the measurement runs (e.g. :func:`opendp_randomized_response`).

    Returns a :class:`~exactpriv.exact.decisions.Decision`: TRUE when the exact level ε* ≤ the stated ε (the
    reason gives both and the slack stated − ε* ≈), FALSE when ε* > ε, UNDECIDED only if the exact comparison is.
    Refused with a typed error: a measurement whose output measure is not ``MaxDivergence`` or whose input metric
    is not ``DiscreteDistance``, ``d_in`` other than 1, a map that fails or returns no number.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute
    from exactpriv.measures.result import value_to_float

    if not isinstance(mechanism, (Mechanism, ProductMechanism)):
        raise InvalidArgument(f"mechanism={mechanism!r} must be the exactpriv Mechanism the measurement runs")
    if isinstance(d_in, bool) or d_in != 1:
        raise InvalidArgument(f"d_in={d_in!r}: only d_in = 1 (neighbouring inputs: one value replaced) is checked")
    measure = str(getattr(measurement, "output_measure", ""))
    metric = str(getattr(measurement, "input_metric", ""))
    if not callable(getattr(measurement, "map", None)) or not measure:
        raise InvalidArgument(f"measurement={measurement!r} is not an OpenDP Measurement (no privacy map)")
    if not measure.startswith("MaxDivergence"):
        raise InvalidArgument(f"the measurement's output measure is {measure}: only MaxDivergence (pure ε-DP) is "
                              f"checked exactly here")
    if not metric.startswith("DiscreteDistance"):
        raise InvalidArgument(f"the measurement's input metric is {metric}: only DiscreteDistance (one value "
                              f"replaced; exactpriv's Hamming neighbours of one record) is checked here")
    try:
        stated_float = measurement.map(d_in)
    except Exception as exc:  # noqa: BLE001 - OpenDP raises its own error type: reported as ours
        raise InvalidArgument(f"the measurement's privacy map failed at d_in={d_in}: {exc}") from None
    stated = _exact_float(stated_float, "measurement.map(d_in)")
    level = compute("pure_dp", mechanism).value
    d = compare(level, "<=", stated)
    gap = value_to_float(stated) - value_to_float(level)
    said = (f"OpenDP's stated ε = {stated_float!r} (exactly {stated}) vs the exact level ε* = {level} of "
            f"{getattr(mechanism, '_built', None) or 'the mechanism'}; stated − ε* ≈ {gap:.3g}")
    if d.is_true:
        return Decision.true("exact: pure_dp vs the stated map", f"the privacy map is a valid bound: {said}")
    if d.is_false:
        return Decision.false("exact: pure_dp vs the stated map", f"the privacy map understates the loss: {said}")
    return Decision.undecided("exact: pure_dp vs the stated map", f"{said}: {d.reason}")
