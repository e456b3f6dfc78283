"""An OpenDP measurement's stated privacy map, checked exactly against the exact mechanism it runs.

An OpenDP ``Measurement`` states its guarantee as a *privacy map*: ``measurement.map(d_in)`` is the privacy
parameter it promises for inputs at distance ``d_in``.  OpenDP computes it in floating point (rounding towards
safety).  This module checks that promise exactly, on small inputs: the mechanism the measurement runs is written
as an exact :class:`~exactpriv.mechanisms.Mechanism` — from the measurement's own float parameters, each a binary
fraction taken exactly (``Fraction(0.7)``, not 7/10) — and the stated floats (also taken exactly) are compared
with the mechanism's exact level by exactpriv's exact kernel.  TRUE: the map is a valid bound; FALSE: OpenDP
promises less privacy loss than the mechanism has.

Output measures checked (inputs ``DiscreteDistance``: one value replaced, at ``d_in = 1``):

* ``MaxDivergence`` (pure ε-DP): the stated ε against the exact pure-DP level ε* = max ln P(y|x)/P(y|x');
* ``ZeroConcentratedDivergence`` (ρ-zCDP, e.g. ``make_pureDP_to_zCDP``): the stated ρ against exactpriv's
  certified enclosure of ρ* = sup_α D_α/α (TRUE when its upper end is ≤ ρ, FALSE when its lower end is > ρ);
* ``Approximate(MaxDivergence)`` ((ε, δ)-DP, e.g. ``make_fix_delta``, ``make_approximate``): the stated pair
  (ε, δ) against the exact δ(ε) = max over ordered pairs of the hockey-stick divergence;
* ``SmoothedMaxDivergence`` (a privacy profile, e.g. ``make_zCDP_to_approxDP``): the stated δ(ε) against the
  exact δ(ε) at each ε of ``epsilons`` (a profile is a curve: it is checked at those points, and the decision
  says which).

Builders of the exact mechanisms: :func:`opendp_randomized_response` (``make_randomized_response_bool``,
``make_randomized_response``), :func:`opendp_randomized_response_bitvec` (``make_randomized_response_bitvec``,
RAPPOR's per-bit flipping); a composition (``make_composition`` of measurements on one input) is
:func:`exactpriv.mechanisms.operators.compose` of their exact mechanisms.  Any other measurement is given with
the exact mechanism it runs.

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

__all__ = ["check_opendp_privacy_map", "opendp_randomized_response", "opendp_randomized_response_bitvec"]

#: Where a privacy profile (SmoothedMaxDivergence) is checked when no ``epsilons`` are given.
DEFAULT_EPSILONS = (0.0, 0.25, 0.5, 1.0, 2.0)


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


def opendp_randomized_response_bitvec(bits: int, max_weight: int, f: float) -> Mechanism:
    """The exact mechanism of OpenDP's ``make_randomized_response_bitvec(bitvector_domain(max_weight=w),
    discrete_distance(), f)`` on bit vectors of length ``bits``: each bit is flipped independently with
    probability f/2 (RAPPOR's permanent randomized response); the inputs are the vectors of at most ``max_weight``
    ones (the domain), as tuples of 0/1, any two of them neighbours (one value replaced); the outputs are all
    2^bits vectors.  ``f`` is taken exactly as the float OpenDP is given."""
    from itertools import combinations, product

    fx = _exact_float(f, "f")
    if not (0 < fx <= 1):
        raise InvalidArgument(f"f={f!r} must be in (0, 1] (OpenDP's range)")
    for name, v, lo in (("bits", bits, 1), ("max_weight", max_weight, 0)):
        if isinstance(v, bool) or not isinstance(v, int) or v < lo:
            raise InvalidArgument(f"{name}={v!r} must be an integer >= {lo}")
    if bits > 8:
        raise InvalidArgument(f"bits={bits}: at most 8 bits (2^bits outputs per input are written out exactly)")
    flip = fx / 2
    inputs = [tuple(1 if i in ones else 0 for i in range(bits))
              for w in range(min(max_weight, bits) + 1) for ones in combinations(range(bits), w)]
    outputs = list(product((0, 1), repeat=bits))

    def prob(x, y):
        p = Fraction(1)
        for a, b in zip(x, y):
            p *= flip if a != b else 1 - flip
        return p

    rows = [[prob(x, y) for y in outputs] for x in inputs]
    return Mechanism(Hamming(inputs, 1), outputs, rows,
                     name=f"OpenDP bit-vector randomized response (bits={bits}, max_weight={max_weight}, f={f!r})")


def check_opendp_privacy_map(measurement: Any, mechanism: AnyMechanism, *, d_in: int = 1,
                             epsilons: Sequence[float] | None = None) -> Decision:
    """Decide exactly whether ``measurement.map(d_in)`` bounds the privacy of ``mechanism``, the exact
    mechanism the measurement runs (e.g. :func:`opendp_randomized_response`), in the measurement's own output
    measure (module doc: pure ε-DP, ρ-zCDP, (ε, δ)-DP, or a privacy profile checked at ``epsilons``, default
    :data:`DEFAULT_EPSILONS`).

    Returns a :class:`~exactpriv.exact.decisions.Decision`: TRUE when the stated map bounds the exact level (the
    reason gives both), FALSE when the mechanism leaks more than stated, UNDECIDED only if the exact or certified
    comparison is (a zCDP enclosure straddling the stated ρ).  Refused with a typed error: another output measure
    (Rényi, …) or input metric, ``d_in`` other than 1, a map that fails or returns no number.
    """
    if not isinstance(mechanism, (Mechanism, ProductMechanism)):
        raise InvalidArgument(f"mechanism={mechanism!r} must be the exactpriv Mechanism the measurement runs")
    if isinstance(d_in, bool) or d_in != 1:
        raise InvalidArgument(f"d_in={d_in!r}: only d_in = 1 (neighbouring inputs: one value replaced) is checked")
    measure = str(getattr(measurement, "output_measure", ""))
    metric = str(getattr(measurement, "input_metric", ""))
    if not callable(getattr(measurement, "map", None)) or not measure:
        raise InvalidArgument(f"measurement={measurement!r} is not an OpenDP Measurement (no privacy map)")
    check = _CHECKS.get(measure.split("(")[0] if not measure.startswith("Approximate(") else measure)
    if check is None:
        raise InvalidArgument(f"the measurement's output measure is {measure}: checked exactly here are "
                              f"{', '.join(_CHECKS)}")
    if not metric.startswith("DiscreteDistance"):
        raise InvalidArgument(f"the measurement's input metric is {metric}: only DiscreteDistance (one value "
                              f"replaced; exactpriv's Hamming neighbours of one record) is checked here")
    try:
        stated = measurement.map(d_in)
    except Exception as exc:  # noqa: BLE001 - OpenDP raises its own error type: reported as ours
        raise InvalidArgument(f"the measurement's privacy map failed at d_in={d_in}: {exc}") from None
    if check is _profile_check:
        return _profile_check(stated, mechanism, DEFAULT_EPSILONS if epsilons is None else epsilons)
    if epsilons is not None:
        raise InvalidArgument(f"epsilons= is for a privacy profile (SmoothedMaxDivergence), not {measure}")
    return check(stated, mechanism)


def _name(mechanism) -> str:
    return getattr(mechanism, "_built", None) or getattr(mechanism, "name", None) or "the mechanism"


def _verdict(d: Decision, method: str, said: str) -> Decision:
    if d.is_true:
        return Decision.true(method, f"the privacy map is a valid bound: {said}")
    if d.is_false:
        return Decision.false(method, f"the privacy map understates the loss: {said}")
    return Decision.undecided(method, f"{said}: {d.reason}")


def _pure_check(stated_float, mechanism) -> Decision:
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute
    from exactpriv.measures.result import value_to_float

    stated = _exact_float(stated_float, "measurement.map(d_in)")
    level = compute("pure_dp", mechanism).value
    gap = value_to_float(stated) - value_to_float(level)
    said = (f"OpenDP's stated ε = {stated_float!r} (exactly {stated}) vs the exact level ε* = {level} of "
            f"{_name(mechanism)}; stated − ε* ≈ {gap:.3g}")
    return _verdict(compare(level, "<=", stated), "exact: pure_dp vs the stated map", said)


def _zcdp_check(stated_float, mechanism) -> Decision:
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute

    stated = _exact_float(stated_float, "measurement.map(d_in)")
    rho = compute("zcdp", mechanism)
    method = "certified: zcdp enclosure vs the stated map"
    if rho.value is not None:
        said = f"OpenDP's stated ρ = {stated_float!r} (exactly {stated}) vs the exact ρ* = {rho.value}"
        return _verdict(compare(rho.value, "<=", stated), method, said)
    lo, hi = rho.lower, rho.upper
    said = (f"OpenDP's stated ρ = {stated_float!r} (exactly {stated}) vs ρ* of {_name(mechanism)} in "
            f"[{float(lo):.6g}, {float(hi):.6g}] (certified, {rho.method})")
    if hi is not None and compare(hi, "<=", stated).is_true:
        return Decision.true(method, f"the privacy map is a valid bound: {said}")
    if lo is not None and compare(lo, ">", stated).is_true:
        return Decision.false(method, f"the privacy map understates the loss: {said}")
    return Decision.undecided(method, f"{said}: the enclosure contains the stated ρ")


def _approx_check(stated, mechanism) -> Decision:
    from exactpriv.measures.approx import is_approx_dp

    if not (isinstance(stated, tuple) and len(stated) == 2):
        raise InvalidArgument(f"the (ε, δ) map returned {stated!r}, not a pair (ε, δ)")
    eps, delta = _exact_float(stated[0], "ε of the map"), _exact_float(stated[1], "δ of the map")
    d = is_approx_dp(mechanism, eps, delta)
    said = (f"OpenDP's stated (ε, δ) = ({stated[0]!r}, {stated[1]!r}), taken exactly, vs the exact δ(ε) of "
            f"{_name(mechanism)}: {d.reason}")
    return _verdict(d, "exact: approx_dp δ(ε) vs the stated map", said)


def _profile_check(profile, mechanism, epsilons) -> Decision:
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.approx import approx_dp

    if not callable(getattr(profile, "delta", None)):
        raise InvalidArgument(f"the privacy profile map returned {profile!r}, which has no delta(epsilon)")
    exact = approx_dp(mechanism).value
    points, worst = [], None
    for e in epsilons:
        eps = _exact_float(e, "epsilons[...]")
        if eps < 0:
            raise InvalidArgument(f"epsilons: {e!r} must be >= 0")
        try:
            stated = _exact_float(profile.delta(float(e)), f"the profile's δ({e!r})")
        except InvalidArgument:
            raise
        except Exception as exc:  # noqa: BLE001 - OpenDP's own error type
            raise InvalidArgument(f"the privacy profile's delta({e!r}) failed: {exc}") from None
        level = exact.delta(eps if eps else None, exp_eps=None if eps else 1)
        d = compare(level, "<=", stated)
        points.append(f"ε = {e!r}: stated δ = {float(stated):.6g}, exact δ ≈ {float(level):.6g}")
        if not d.is_true and (worst is None or d.is_false):
            worst = (d, e)
    said = f"OpenDP's privacy profile vs the exact δ(ε) of {_name(mechanism)} at {len(points)} ε: " + \
        "; ".join(points)
    method = "exact: approx_dp δ(ε) vs the stated profile, at the ε given"
    if worst is None:
        return Decision.true(method, f"the privacy profile is a valid bound at every ε checked: {said}")
    d, e = worst
    if d.is_false:
        return Decision.false(method, f"the privacy profile understates the loss at ε = {e!r}: {said}")
    return Decision.undecided(method, f"{said}: at ε = {e!r}: {d.reason}")


_CHECKS = {"MaxDivergence": _pure_check, "ZeroConcentratedDivergence": _zcdp_check,
           "Approximate(MaxDivergence)": _approx_check, "SmoothedMaxDivergence": _profile_check}
