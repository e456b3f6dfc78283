"""Regression for issue 9 (part 1): configurations of prior probability 0 in BDP, BSP and D*.

Zhao (Zhao, Sec. III-A): with S = N∖{i} the configuration x_{i+S} *is* the database x
("Definition 2 would reduce to Definition 1"), so nothing is integrated out and the likelihood
P[Y(x) = y] is defined whatever the prior.  Before issue 9 exactpriv skipped every configuration of
prior probability 0, so a point-mass prior gave BSP = 0 < SP and BDP = 0 < pure DP, and the bank
reported refutations of ``zhao2019.bsp_sp`` that the paper's statements exclude.  The default
``null_events="skip_undefined"`` skips a configuration only where its conditional is undefined;
``"skip_null"`` keeps the old reading as an explicit convention.
"""

import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import NULL_EVENTS, bayesian_dp, identity_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.membership import positive_membership
from exactpriv.measures.semantic import bayesian_semantic_privacy, semantic_privacy
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import randomized_response
from exactpriv.spaces import Hamming

RR = randomized_response(p=Fraction(3, 4))
GAMES = ("resample", "replace")


def _rand_mech(rng, space, n_out, zeros=True):
    rows = []
    for _ in space.points:
        w = [rng.randint(0 if zeros else 1, 4) for _ in range(n_out)]
        if not sum(w):
            w[0] = 1
        rows.append([Fraction(a, sum(w)) for a in w])
    return Mechanism(space, list(range(n_out)), rows)


def _rand_prior_with_zeros(rng, space):
    w = [rng.choice([0, 0, 1, 2, 5]) for _ in space.points]
    if not sum(w):
        w[rng.randrange(len(w))] = 1
    return Prior(space, [Fraction(a, sum(w)) for a in w])


def _ge(a, b):
    d = compare(a, ">=", b)
    assert not d.is_undecided, d.reason
    return d.is_true


def test_null_events_names():
    assert NULL_EVENTS == ("skip_undefined", "skip_null")


@pytest.mark.parametrize("point", [(0,), (1,)])
def test_one_record_point_mass_bdp_is_pure_dp(point):
    """n = 1: S = ∅ = N∖{i}; the BDP ratio is the row ratio P(y|x)/P(y|x'), so BDP = pure DP = log 3."""
    pm = Prior.point_mass(RR.inputs, point)
    assert bayesian_dp(RR, prior=pm).value == pure_dp(RR).value == LogForm.log(3)
    assert bayesian_dp(RR, prior=pm, null_events="skip_null").value == 0  # the old reading, now explicit


@pytest.mark.parametrize("game_i", GAMES)
@pytest.mark.parametrize("point", [(0,), (1,)])
def test_one_record_point_mass_bsp_is_sp(point, game_i):
    """n = 1: Definition 2 with S = N∖{i} = ∅ is Definition 1 (Zhao), for every prior."""
    pm = Prior.point_mass(RR.inputs, point)
    sp = semantic_privacy(RR, default=0).value
    assert bayesian_semantic_privacy(RR, prior=pm, default=0, game_i=game_i).value == sp
    # by hand: y = 0 has u = (3/4, 1/4) for x = 0, 1 and v = P(0|⊥) = 3/4 for both; slopes v/u are
    # 1 and 3, so R = 3 and SP = (sqrt 3 - 1)/(sqrt 3 + 1) = 2 - sqrt 3
    assert sympy.simplify(sympy.sympify(sp) - (2 - sympy.sqrt(3))) == 0
    assert bayesian_semantic_privacy(RR, prior=pm, default=0, game_i=game_i, null_events="skip_null").value == 0


@pytest.mark.parametrize("game_i", GAMES)
def test_point_mass_on_two_records(game_i):
    """{0,1}^2, point mass at (1, 1): BSP ≥ SP and BDP ≥ pure DP (the adversary S = N∖{i})."""
    space = Hamming((0, 1), 2)
    rng = random.Random(3)
    for _ in range(10):
        M = _rand_mech(rng, space, 3)
        pm = Prior.point_mass(space, (1, 1))
        assert _ge(bayesian_semantic_privacy(M, prior=pm, default=0, game_i=game_i).value,
                   semantic_privacy(M, default=0).value)
        assert _ge(bayesian_dp(M, prior=pm).value, pure_dp(M).value)


def test_bsp_dominates_sp_for_every_prior():
    """Zhao's remark after Definition 2: BSP ≥ SP for every prior (random priors with zeros)."""
    rng = random.Random(11)
    for trial in range(24):
        space = rng.choice([Hamming((0, 1), 2), Hamming((0, 1, 2), 1), Hamming((0, 1), 3)])
        M = _rand_mech(rng, space, rng.choice([2, 3]))
        prior = _rand_prior_with_zeros(rng, space)
        sp = semantic_privacy(M, default=0).value
        for game_i in GAMES:
            assert _ge(bayesian_semantic_privacy(M, prior=prior, default=0, game_i=game_i).value, sp), (M, prior)
        assert _ge(bayesian_dp(M, prior=prior).value, pure_dp(M).value)


def test_conventions_agree_with_full_support():
    """With a full-support prior no conditioning event is null: both conventions give one value."""
    rng = random.Random(5)
    for _ in range(10):
        space = rng.choice([Hamming((0, 1), 2), Hamming((0, 1, 2), 1)])
        M = _rand_mech(rng, space, 2)
        w = [rng.randint(1, 5) for _ in space.points]
        prior = Prior(space, [Fraction(a, sum(w)) for a in w])
        vals = {c: (bayesian_dp(M, prior=prior, null_events=c).value,
                    bayesian_semantic_privacy(M, prior=prior, default=0, null_events=c).value,
                    identity_dp(M, prior=prior, null_events=c).value,
                    positive_membership(M, family="two_point", prior=prior, null_events=c).value)
                for c in NULL_EVENTS}
        assert vals["skip_undefined"] == vals["skip_null"]


def test_two_point_conditional_is_e_to_the_bdp_under_a_point_mass():
    """Zhao Theorem 3's proof: D_{i,K} with K = N∖{i} is a law on two databases, so the D* level
    (remaining records conditional) is e^{BDP} for every prior, under both conventions."""
    space = Hamming((0, 1), 2)
    M = _rand_mech(random.Random(8), space, 3, zeros=False)
    pm = Prior.point_mass(space, (0, 1))
    for conv in NULL_EVENTS:
        b = bayesian_dp(M, prior=pm, null_events=conv).value
        g = positive_membership(M, family="two_point", prior=pm, null_events=conv).value
        assert sympy.exp(b.to_sympy()) == sympy.Rational(g.numerator, g.denominator)
    assert bayesian_dp(M, prior=pm).value == pure_dp(M).value  # the point mass hides nothing now


def test_identity_dp_keeps_the_support_reading_by_default():
    """Wu–Xia–He's (12) divides by Pr[X_i = t]: identity DP quantifies over the prior's support."""
    pm = Prior.point_mass(RR.inputs, (0,))
    assert identity_dp(RR, prior=pm).value == 0
    assert identity_dp(RR, prior=pm, null_events="skip_undefined").value == LogForm.log(3)


@pytest.mark.parametrize("bad", ["skip", None, 0, "SKIP_NULL"])
def test_bad_null_events(bad):
    u = Prior.uniform(RR.inputs)
    for call in (lambda: bayesian_dp(RR, prior=u, null_events=bad),
                 lambda: bayesian_semantic_privacy(RR, prior=u, null_events=bad),
                 lambda: identity_dp(RR, prior=u, null_events=bad),
                 lambda: positive_membership(RR, family="two_point", prior=u, null_events=bad)):
        with pytest.raises(InvalidArgument, match="null_events="):
            call()
