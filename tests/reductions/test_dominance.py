"""Dominance kernels (issue 27): the closed forms of rr-dominance and approx-dominance, built and checked exactly.

Every kernel must be a stochastic matrix with non-negative entries mapping the extremal pair onto (P, Q); a
kernel with a negative entry fails these tests (and raises DominanceError wherever a claim uses it)."""

import random
from fractions import Fraction as F

import pytest

from exactpriv.exact.numbers import EPS
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import randomized_response
from exactpriv.reductions import (
    INFINITY,
    DominanceError,
    Kernel,
    check_kernel,
    confirm_approx_dominance,
    confirm_rr_dominance,
    extremal_kernel,
    extremal_pair,
    rr_kernel,
    rr_pair,
)
from exactpriv.reductions.dominance import hockey_stick, max_ratio
from exactpriv.spaces import Hamming


def _pmf(rng, n, zeros=True):
    while True:
        w = [rng.randint(0 if zeros else 1, 6) for _ in range(n)]
        if sum(w):
            return tuple(F(x, sum(w)) for x in w)


def _level(P, Q):
    a, b = max_ratio(P, Q), max_ratio(Q, P)
    return INFINITY if INFINITY in (a, b) else max(a, b)


def test_rr_kernel_closed_form_on_a_named_pair():
    """P = (1/2, 1/2), Q = (1/4, 3/4) at e^ε = 2: K = [(2P − Q)/1; (2Q − P)/1] = [(3/4, 1/4); (0, 1)]."""
    K = rr_kernel((F(1, 2), F(1, 2)), (F(1, 4), F(3, 4)), 2)
    assert K.rows == ((F(3, 4), F(1, 4)), (F(0), F(1)))
    assert check_kernel(K, rr_pair(2), ((F(1, 2), F(1, 2)), (F(1, 4), F(3, 4))))["nonnegative"]


@pytest.mark.parametrize("seed", range(4))
def test_rr_kernels_are_stochastic_and_reproduce_random_pairs(seed):
    """Random pairs with zeros (ε = ∞ when supports differ), at their own level and above it."""
    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randint(1, 5)
        P, Q = _pmf(rng, n), _pmf(rng, n)
        g = _level(P, Q)
        for gamma in ([g] if g is INFINITY else [g, g + F(1, 3), g * 5]):
            K = rr_kernel(P, Q, gamma)
            assert all(v >= 0 for row in K.rows for v in row)
            check_kernel(K, rr_pair(gamma), (P, Q))


@pytest.mark.parametrize("seed", range(4))
def test_extremal_kernels_are_stochastic_and_reproduce_random_pairs(seed):
    rng = random.Random(100 + seed)
    for _ in range(150):
        n = rng.randint(1, 5)
        P, Q = _pmf(rng, n), _pmf(rng, n)
        gamma = rng.choice([F(1), F(3, 2), F(2), F(7), INFINITY])
        d = max(hockey_stick(P, Q, gamma), hockey_stick(Q, P, gamma))
        for delta in {d, min(F(1), d + F(1, 7)), F(1)}:
            K = extremal_kernel(P, Q, gamma, delta)
            assert all(v >= 0 for row in K.rows for v in row)
            check_kernel(K, extremal_pair(gamma, delta), (P, Q))


def test_extremal_pair_at_delta_zero_is_rr_padded():
    p, q = extremal_pair(3, 0)
    assert (p[1:3], q[1:3]) == rr_pair(3) and p[0] == p[3] == q[0] == q[3] == 0


def test_outside_the_hypotheses_is_refused_naming_the_output():
    with pytest.raises(DominanceError, match="output 1"):
        rr_kernel((F(1, 2), F(1, 2)), (F(9, 10), F(1, 10)), 2)  # 1/2 > 2 * 1/10
    with pytest.raises(DominanceError, match="delta"):
        extremal_kernel((F(1), F(0)), (F(0), F(1)), 2, F(1, 2))


def test_a_kernel_with_a_negative_entry_fails_the_check():
    bad = Kernel(((F(3, 2), F(-1, 2)), (F(0), F(1))), "rr-dominance")
    with pytest.raises(DominanceError, match="negative"):
        check_kernel(bad, rr_pair(2), ((F(1), F(0)), (F(1, 3), F(2, 3))))
    wrong = Kernel(((F(1), F(0)), (F(0), F(1))), "rr-dominance")  # stochastic but does not reproduce the pair
    with pytest.raises(DominanceError, match="maps to"):
        check_kernel(wrong, rr_pair(2), ((F(1, 2), F(1, 2)), (F(1, 4), F(3, 4))))


@pytest.mark.parametrize("bad", [0.5, "x", F(1, 2), True])
def test_bad_levels_are_typed_errors(bad):
    with pytest.raises(InvalidArgument):
        rr_pair(bad)


def test_floats_are_refused_as_probabilities():
    with pytest.raises(InvalidArgument):
        rr_kernel((0.5, 0.5), (F(1, 2), F(1, 2)), 1)


def test_mechanism_confirmation_counts_every_neighbouring_pair():
    space = Hamming([0, 1], 2)  # 4 inputs, 4 edges
    rng = random.Random(7)
    M = Mechanism(space, [0, 1, 2], [list(_pmf(rng, 3, zeros=False)) for _ in space.points])
    out = confirm_rr_dominance(M)
    assert out["pairs"] == out["checked"] == 4
    assert confirm_approx_dominance(M, 2)["checked"] == 4
    assert confirm_rr_dominance(randomized_response(2, eps=EPS))["skipped"]


def test_a_level_below_the_mechanisms_is_outside_the_hypotheses():
    M = randomized_response(2, exp_eps=3)
    with pytest.raises(ExactPrivError):
        confirm_rr_dominance(M, exp_eps=2)
