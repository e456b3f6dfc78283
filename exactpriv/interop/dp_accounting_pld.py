"""An exact privacy-loss distribution as a ``dp_accounting`` PLD (Google's differential-privacy accounting library).

exactpriv's PLD of an ordered pair (P, Q) (:class:`exactpriv.measures.pld.PrivacyLoss`) is a finite list of
atoms (ratio r, mass m) — the loss is ln r exactly — plus a mass at +∞.  dp_accounting keeps losses on a grid of
step Δ (``value_discretization_interval``): an atom's loss ln r becomes the integer ``i`` with loss ``i·Δ``.

Rounding, stated
----------------
* ``pessimistic_estimate=True`` (the default, as in dp_accounting): ``i = ⌈ln r / Δ⌉``, every loss rounded **up**.
  Each term m·(1 − e^{ε − L})₊ of the hockey-stick divergence grows with L, so dp_accounting's δ(ε) of the result
  is **at least** the exact δ(ε) for every ε (an upper bound: safe to report as a guarantee).
* ``pessimistic_estimate=False``: ``i = ⌊ln r / Δ⌋``, every loss rounded **down**: its δ(ε) is **at most** the
  exact one (a lower bound).
* Both are within one grid step of the exact losses: rounding a loss by at most Δ moves each term by at most
  m·(1 − e^{−Δ}) ≤ m·Δ, so the two δ(ε) are at most Δ·(1 − m_∞) apart.
* The mass at +∞ is passed as dp_accounting's ``infinity_mass``.

Mechanisms whose neighbour pairs have different PLDs
----------------------------------------------------
A dp_accounting PLD describes one pair of distributions, a mechanism's privacy is the maximum over its ordered
neighbour pairs.  :func:`dominating_pair_loss` builds the PLD of the *tight dominating pair* (Zhu, Dong and Wang
2022, "Optimal accounting of differential privacy via characteristic function"): one pair (P̂, Q̂) whose
hockey-stick divergence E_γ(P̂‖Q̂) equals the mechanism's profile δ(γ) = max over ordered pairs E_γ(P_x‖P_x') at
every γ ≥ 0.  The profile is exact and piecewise linear in γ = e^ε (:class:`exactpriv.measures.approx.ApproxDPProfile`:
lines A − B·γ on rational breakpoints, for γ ≥ 1; for γ < 1 it is 1 − γ + γ·δ(1/γ), the ordered pairs being closed
under reversal), so P̂ and Q̂ are finite with rational masses: at each breakpoint γ_k an atom of ratio γ_k, with
Q̂-mass the jump of the slope there and P̂-mass γ_k times it; the mass at +∞ is the profile's limit; the rest of
Q̂ sits where P̂ is 0.  Its PLD reproduces δ(ε) exactly for the mechanism itself (checked exactly at every
breakpoint when built) and, composed (``self_compose``), bounds δ of the mechanism's compositions from above: a
dominating pair's composition dominates the composition.

Which integer a loss rounds to is decided exactly: ln r / Δ (Δ the binary fraction dp_accounting itself will
use) is enclosed in arb balls at rising precision until the ball lies between two consecutive integers.  It is
never an integer itself unless r = 1 (ln r is transcendental for a rational r ≠ 1, Lindemann), so this ends.
The masses are the nearest doubles of the exact rationals (dp_accounting computes in floats; a relative error of
2⁻⁵³ a mass), and dp_accounting's own float arithmetic follows: its δ is a float estimate, exactpriv's the exact
value it brackets.

dp_accounting is an optional dependency (the test extra installs it); it is imported when called.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from exactpriv.errors import InvalidArgument
from exactpriv.measures.pld import PrivacyLoss, PrivacyLossProfile, privacy_loss_distribution
from exactpriv.mechanisms import Mechanism, ProductMechanism

__all__ = ["dominating_pair_loss", "rounded_losses", "to_dp_accounting_pld"]

#: the highest arb precision tried when separating ln r / Δ from the integers (never reached for sane inputs:
#: a rational r with numerator and denominator below 2^4000 separates far earlier)
MAX_PREC = 1 << 16


def _dp_accounting() -> Any:
    try:
        from dp_accounting.pld import privacy_loss_distribution as pld
    except ImportError as exc:  # an optional dependency: say how to get it
        raise InvalidArgument("to_dp_accounting_pld needs the dp-accounting package: pip install dp-accounting") \
            from exc
    return pld


def _interval(value_discretization_interval) -> tuple[float, Fraction]:
    """Δ as dp_accounting gets it (a float) and that float's exact value."""
    d = value_discretization_interval
    if isinstance(d, bool) or not isinstance(d, (int, float, Fraction)):
        raise InvalidArgument(f"value_discretization_interval={d!r} must be a positive number")
    x = float(d)
    if not (math.isfinite(x) and x > 0):
        raise InvalidArgument(f"value_discretization_interval={d!r} must be a positive finite number")
    return x, Fraction(x)


def _rounded_index(r: Fraction, step: Fraction, up: bool) -> int:
    """⌈ln r / step⌉ (``up``) or ⌊ln r / step⌋, decided by certified arb enclosures."""
    import flint

    from exactpriv.exact.intervals import working_precision

    if r == 1:
        return 0
    prec = 64
    while prec <= MAX_PREC:
        with working_precision(prec):
            x = flint.arb(flint.fmpq(r.numerator, r.denominator)).log() / flint.arb(
                flint.fmpq(step.numerator, step.denominator))
            n = math.floor(float(x.mid()))
            # certified: n < x < n + 1 (arb comparisons are True only when they hold for the whole ball)
            if x > n and x < n + 1:
                return n + 1 if up else n
        prec *= 2
    raise InvalidArgument(f"the loss ln({r}) could not be placed on the grid of step {step} within {MAX_PREC} bits")


def dominating_pair_loss(M: Mechanism | ProductMechanism) -> PrivacyLoss:
    """The exact PLD of the tight dominating pair of a rational mechanism (or composition): one pair whose
    δ(ε) equals the mechanism's δ(ε) — the maximum over its ordered neighbour pairs — at every ε (module doc).

    The construction is checked when built: δ of the result equals the mechanism's exact profile at every
    breakpoint, at γ = 1 and beyond the last one (exact rationals), and the masses of each side sum to 1; a
    mechanism whose neighbour relation is not symmetric (the construction needs the reversed pairs) is refused
    with :class:`~exactpriv.errors.InvalidArgument`."""
    from exactpriv.measures.approx import approx_dp

    if not isinstance(M, (Mechanism, ProductMechanism)):
        raise InvalidArgument(f"M={M!r} must be an exactpriv Mechanism (or a composition)")
    profile = approx_dp(M).value
    pieces = profile.pieces
    one = Fraction(1)
    if pieces[-1].gamma_hi is not None or pieces[-1].B != 0:  # pragma: no cover - δ >= 0 forces B = 0 at the end
        raise InvalidArgument(f"the privacy profile of {M!r} does not end in a constant piece")
    atoms: dict[Fraction, Fraction] = {}   # ratio γ -> Q̂-mass (the slope's jump at γ)

    def add(gamma: Fraction, q: Fraction) -> None:
        if q < 0:
            raise InvalidArgument(f"the privacy profile of {M!r} is not the maximum over a symmetric set of "
                                  f"ordered pairs (a negative slope jump {q} at γ = {gamma}): no dominating pair "
                                  f"is built from it")
        if q:
            atoms[gamma] = atoms.get(gamma, Fraction(0)) + q

    for a, b in zip(pieces, pieces[1:]):     # γ > 1: slope −B_j, jump B_j − B_{j+1} at γ = gamma_hi_j
        add(a.gamma_hi, a.B - b.B)
        add(one / a.gamma_hi, a.A - b.A)     # γ < 1: slope −(1 − A_j) on [1/hi_j, 1/lo_j], jump A_j − A_{j+1}
    add(one, one - pieces[0].A - pieces[0].B)   # at γ = 1: from −(1 − A_0) to −B_0
    infinite = Fraction(pieces[-1].A)
    loss = PrivacyLoss(tuple((g, g * q) for g, q in sorted(atoms.items())), infinite)
    total_q = sum(atoms.values(), Fraction(0))
    total_p = sum((m for _, m in loss.atoms), Fraction(0)) + infinite
    checks = [one, *(p.gamma_hi for p in pieces[:-1]), (pieces[-1].gamma_lo or one) * 2]
    if total_q > 1 or total_p != 1 or any(loss.delta(exp_eps=g) != profile.delta(exp_eps=g) for g in checks):
        raise InvalidArgument(f"the dominating pair built for {M!r} does not reproduce its privacy profile "
                              f"(Q̂-mass {total_q}, P̂-mass {total_p}): a bug, please report it")  # pragma: no cover
    return loss


def _loss_of(pld, pair) -> PrivacyLoss:
    """The exact PLD of one ordered pair from a PrivacyLoss, a single-pair profile, a Measured PLD or a
    mechanism (with ``pair``; without it the mechanism's tight dominating pair when its pairs' PLDs differ)."""
    if isinstance(pld, (Mechanism, ProductMechanism)):
        if pair is None:
            prof = privacy_loss_distribution(pld).value
            return prof.pairs[0][1] if len(prof.pairs) == 1 else dominating_pair_loss(pld)
        return privacy_loss_distribution(pld, pair=pair).value
    if pair is not None:
        raise InvalidArgument(f"pair={pair!r} is only for a mechanism; got a {type(pld).__name__}")
    value = getattr(pld, "value", pld)  # a Measured PLD
    if isinstance(value, PrivacyLoss):
        return value
    if isinstance(value, PrivacyLossProfile):
        if len(value.pairs) == 1:
            return value.pairs[0][1]
        raise InvalidArgument(f"the mechanism's neighbour pairs have {len(value.pairs)} distinct privacy-loss "
                              f"distributions ({', '.join(repr(p) for p, _ in value.pairs[:4])}"
                              f"{', …' if len(value.pairs) > 4 else ''}); a dp_accounting PLD holds one: pass "
                              f"the mechanism itself (its tight dominating pair, dominating_pair_loss) or the "
                              f"mechanism with pair=(x, x')")
    raise InvalidArgument(f"pld={pld!r} of type {type(pld).__name__} must be an exactpriv PrivacyLoss, a "
                          f"privacy_loss_distribution result or a Mechanism")


def rounded_losses(pld, *, value_discretization_interval=1e-4, pessimistic_estimate: bool = True,
                   pair=None) -> tuple[dict[int, Fraction], Fraction]:
    """The exact PLD on dp_accounting's grid, still exact: ``({i: mass}, mass at +∞)`` where an atom of loss
    ln r goes to ``i = ⌈ln r/Δ⌉`` (pessimistic) or ``⌊ln r/Δ⌋`` (optimistic) and masses that land on one ``i``
    add up (exact Fractions).  ``pld``: as for :func:`to_dp_accounting_pld`."""
    loss = _loss_of(pld, pair)
    _, step = _interval(value_discretization_interval)
    out: dict[int, Fraction] = {}
    for r, m in loss.atoms:
        i = _rounded_index(Fraction(r), step, bool(pessimistic_estimate))
        out[i] = out.get(i, Fraction(0)) + m
    return out, Fraction(loss.infinite)


def to_dp_accounting_pld(pld, *, value_discretization_interval=1e-4, pessimistic_estimate: bool = True,
                         pair=None, add=None) -> Any:
    """An exact privacy-loss distribution as a ``dp_accounting.pld.PrivacyLossDistribution``.

    pld : the PLD of one ordered pair (P, Q) — an :class:`exactpriv.measures.pld.PrivacyLoss`, the result of
        :func:`exactpriv.measures.pld.privacy_loss_distribution` when all neighbour pairs share one PLD, or a
        rational :class:`~exactpriv.mechanisms.Mechanism` / product (a composition: its exact convolved PLD);
        a mechanism whose pairs' PLDs differ is converted through its tight dominating pair
        (:func:`dominating_pair_loss`: the same δ(ε) as the mechanism, the maximum over its pairs), or one pair
        of it with ``pair=(x, x')``
    value_discretization_interval : dp_accounting's grid step Δ (a float; default 1e-4, dp_accounting's)
    pessimistic_estimate : round every loss up (True: dp_accounting's δ(ε) ≥ the exact δ(ε)) or down (False:
        ≤); the module docstring states the rounding and the bracket's width
    add : optional PLD of the other direction (Q, P), same forms: then the result is dp_accounting's
        non-symmetric PLD (``symmetric=False``) whose δ(ε) is the larger of the two directions'; without it the
        PLD is declared symmetric (both directions the same distribution)

    Bad input (a profile with several distinct pairs and no ``pair``, a non-positive Δ, a symbolic
    mechanism) raises an :class:`~exactpriv.errors.ExactPrivError` naming it.

    Example::

        from exactpriv.mechanisms.zoo import randomized_response
        M = randomized_response(2, p="3/4")
        upper = to_dp_accounting_pld(M)                               # losses rounded up
        lower = to_dp_accounting_pld(M, pessimistic_estimate=False)   # losses rounded down
        upper.self_compose(10).get_delta_for_epsilon(1.0)   # >= the exact δ(1) of the 10-fold composition
    """
    pld_mod = _dp_accounting()
    delta_float, _ = _interval(value_discretization_interval)

    def as_floats(loss_source, p):
        grid, inf = rounded_losses(loss_source, value_discretization_interval=value_discretization_interval,
                                   pessimistic_estimate=pessimistic_estimate, pair=p)
        return {i: float(m) for i, m in sorted(grid.items())}, float(inf)

    remove, remove_inf = as_floats(pld, pair)
    if add is None:
        return pld_mod.PrivacyLossDistribution.create_from_rounded_probability(
            remove, remove_inf, delta_float, pessimistic_estimate=bool(pessimistic_estimate), symmetric=True)
    if isinstance(pld, (Mechanism, ProductMechanism)) and isinstance(add, (Mechanism, ProductMechanism)):
        raise InvalidArgument("add= is the other direction's PLD; for a mechanism pass pair=(x, x') and "
                              "add=the PLD of pair (x', x)")
    add_grid, add_inf = as_floats(add, None)
    return pld_mod.PrivacyLossDistribution.create_from_rounded_probability(
        remove, remove_inf, delta_float, pessimistic_estimate=bool(pessimistic_estimate),
        rounded_probability_mass_function_add=add_grid, infinity_mass_add=add_inf, symmetric=False)
