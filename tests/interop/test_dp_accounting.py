"""exactpriv.interop.to_dp_accounting_pld against dp_accounting itself: the exact δ(ε) of a pair's PLD (and of a
composition's exact convolved PLD) lies inside dp_accounting's optimistic/pessimistic bracket of the converted
PLD, and the bracket is narrow (the losses are rounded by at most one grid step Δ, so the two δ differ by at most
Δ: module docstring of exactpriv.interop.dp_accounting_pld).

Float slack: dp_accounting computes δ in doubles from double masses (each the nearest double of an exact
rational) and ε enters as float(log γ); δ is a sum of at most a few thousand terms in [0, 1], so its float error
is far below 1e-10, the slack used.  The rounding direction itself is decided exactly (certified arb), and is
tested exactly in test_rounding_is_certified_up_and_down."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F
from importlib.util import find_spec

import pytest

from exactpriv.errors import InvalidArgument
from exactpriv.interop import dominating_pair_loss, rounded_losses, to_dp_accounting_pld
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.pld import pair_privacy_loss, privacy_loss_distribution
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.operators import k_fold
from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric
from exactpriv.spaces import Hamming

# dp_accounting is imported by the conversions under test when they run (~0.9 s with scipy.signal), not by the
# collection of every pytest process
if find_spec("dp_accounting") is None:
    pytest.skip("the test extra installs dp_accounting", allow_module_level=True)

SLACK = 1e-10
GAMMAS = [F(1), F(6, 5), F(2), F(3), F(7), F(40)]


def _bracket(source, exact_delta, *, step=1e-4, compose=1, **kw):
    up = to_dp_accounting_pld(source, value_discretization_interval=step, **kw)
    lo = to_dp_accounting_pld(source, value_discretization_interval=step, pessimistic_estimate=False, **kw)
    if compose > 1:
        up, lo = up.self_compose(compose), lo.self_compose(compose)
    for g in GAMMAS:
        exact = float(exact_delta(g))
        eps = math.log(g)
        lower, upper = lo.get_delta_for_epsilon(eps), up.get_delta_for_epsilon(eps)
        assert lower - SLACK <= exact <= upper + SLACK, (g, lower, exact, upper)
        assert upper - lower <= compose * step + SLACK, (g, lower, upper)  # k steps of Δ after k-fold composing


def test_a_pair_of_randomized_response_and_of_a_geometric_mechanism_is_bracketed():
    for M in (randomized_response(2, p="3/4"), randomized_response(3, exp_eps=F(5, 2)),
              truncated_geometric(3, exp_eps=F(3, 2))):
        prof = privacy_loss_distribution(M).value
        for pair, loss in prof.pairs:
            _bracket(loss, lambda g, loss=loss: loss.delta(exp_eps=g))
            if len(prof.pairs) > 1:  # a mechanism with several pair PLDs: one pair at a time
                _bracket(M, lambda g, loss=loss: loss.delta(exp_eps=g), pair=pair)


def test_random_rational_pairs_with_zeros_and_a_mass_at_infinity_are_bracketed():
    rng = random.Random(7)
    for _ in range(12):
        n = rng.randint(2, 5)
        p = [rng.randint(0, 9) for _ in range(n)]
        q = [rng.randint(0, 9) for _ in range(n)]
        if not sum(p) or not sum(q):
            continue
        P, Q = [F(a, sum(p)) for a in p], [F(b, sum(q)) for b in q]
        loss = pair_privacy_loss(P, Q)
        _bracket(loss, lambda g, loss=loss: loss.delta(exp_eps=g), step=1e-3)


def test_the_exact_delta_of_a_composition_lies_in_dp_accountings_composed_bracket():
    M = randomized_response(2, p="3/4")
    exact = privacy_loss_distribution(k_fold(M, 10)).value  # exact convolved PLD (11 atoms)
    _bracket(M, lambda g: exact.delta(exp_eps=g), compose=10)
    # and the exact composed PLD converted directly
    _bracket(k_fold(M, 10), lambda g: exact.delta(exp_eps=g))


def test_rounding_is_certified_up_and_down():
    loss = pair_privacy_loss([F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)])
    up, inf = rounded_losses(loss)
    down, _ = rounded_losses(loss, pessimistic_estimate=False)
    assert inf == 0 and sum(up.values()) == 1 and sum(down.values()) == 1
    # ln 3 = 1.09861228866810969...: on the grid 1e-4 it lies between 10986 and 10987 steps
    assert up == {-10986: F(1, 4), 10987: F(3, 4)} and down == {-10987: F(1, 4), 10986: F(3, 4)}
    # a ratio of 1 is loss 0 exactly, both ways; equal losses merge; the mass at +oo is kept
    same = pair_privacy_loss([F(1, 2), F(1, 4), F(1, 4)], [F(1, 2), F(1, 2), F(0)])
    assert rounded_losses(same) == ({0: F(1, 2), -6931: F(1, 4)}, F(1, 4))  # ln(1/2) = -6931.47 steps, up
    # the grid step dp_accounting uses is the float itself: Δ = 0.1 is 0.1000000000000000055...
    assert rounded_losses(loss, value_discretization_interval=0.1)[0] == {-10: F(1, 4), 11: F(3, 4)}


def _hockey(loss, g):
    """E_γ of a pair from its PLD, for every γ >= 0 (PrivacyLoss.delta takes γ >= 1): Σ_{r > γ} m(1 − γ/r) + m_∞."""
    return sum((m * (1 - g / r) for r, m in loss.atoms if r > g), F(0)) + loss.infinite


def _random_mechanism(rng, inputs, outputs, zeros=True):
    rows = []
    for _ in range(inputs):
        w = [rng.randint(0 if zeros else 1, 9) for _ in range(outputs)]
        w[rng.randrange(outputs)] += 1  # a row is never all zero
        rows.append([F(a, sum(w)) for a in w])
    return Mechanism(Hamming(list(range(inputs)), 1), list(range(outputs)), rows)


def test_a_mechanism_whose_pairs_differ_converts_through_its_tight_dominating_pair():
    # the dominating pair's δ is the mechanism's own exact δ (the maximum over its ordered pairs) at every γ;
    # computed two ways: the exact profile (chord method over the pairs) and the built pair's PLD
    rng = random.Random(11)
    mechanisms = [Mechanism(Hamming([0, 1, 2], 1), [0, 1], [[F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)],
                                                           [F(1, 5), F(4, 5)]])]
    mechanisms += [_random_mechanism(rng, rng.randint(2, 4), rng.randint(2, 4)) for _ in range(6)]
    for M in mechanisms:
        pairs = privacy_loss_distribution(M).value.pairs
        profile = approx_dp(M).value
        loss = dominating_pair_loss(M)
        assert sum(m for _, m in loss.atoms) + loss.infinite == 1
        for g in GAMMAS + [F(1, 3), F(9, 10)] + [p.gamma_hi for p in profile.pieces[:-1]]:
            # below γ = 1 the maximum over the reversed pairs: 1 − γ + γ·δ(1/γ)
            want = profile.delta(exp_eps=g) if g >= 1 else 1 - g + g * profile.delta(exp_eps=1 / g)
            assert _hockey(loss, g) == want == max(_hockey(ls, g) for _, ls in pairs), (M, g)
        _bracket(M, lambda g, profile=profile: profile.delta(exp_eps=g), step=1e-3)


def test_the_dominating_pair_composed_by_dp_accounting_bounds_the_exact_composition():
    # a dominating pair's composition dominates the composition: dp_accounting's pessimistic δ of the
    # self-composed PLD is >= the exact δ of the 3-fold composition (exact composed profile)
    M = Mechanism(Hamming([0, 1, 2], 1), [0, 1, 2], [[F(1, 2), F(1, 4), F(1, 4)], [F(1, 4), F(1, 2), F(1, 4)],
                                                     [F(1, 8), F(1, 8), F(3, 4)]])
    assert len(privacy_loss_distribution(M).value.pairs) > 1
    composed = approx_dp(k_fold(M, 3)).value
    upper = to_dp_accounting_pld(M, value_discretization_interval=1e-3).self_compose(3)
    for g in GAMMAS:
        assert float(composed.delta(exp_eps=g)) <= upper.get_delta_for_epsilon(math.log(g)) + SLACK, g


def test_bad_input_gets_a_typed_error_naming_it():
    M = Mechanism(Hamming([0, 1, 2], 1), [0, 1], [[F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)], [F(1, 5), F(4, 5)]])
    with pytest.raises(InvalidArgument, match="distinct privacy-loss distributions.*dominating pair"):
        to_dp_accounting_pld(privacy_loss_distribution(M))
    with pytest.raises(InvalidArgument, match="must be an exactpriv Mechanism"):
        dominating_pair_loss(privacy_loss_distribution(M))
    with pytest.raises(InvalidArgument, match="value_discretization_interval=0"):
        to_dp_accounting_pld(randomized_response(2, p="3/4"), value_discretization_interval=0)
    with pytest.raises(InvalidArgument, match="must be an exactpriv PrivacyLoss"):
        to_dp_accounting_pld([(2, F(1))])
