"""f-DP, privacy loss distributions, probabilistic DP and min-entropy leakage (issue 11, item 4):
each against an independent evaluation from its definition on random instances, and against a
published value."""

import itertools
import math
import random
from fractions import Fraction as F

import pytest
import sympy

from exactpriv import Hamming, Mechanism, Prior
from exactpriv.errors import InvalidArgument, SpaceTooLargeError
from exactpriv.exact.kernel import compare
from exactpriv.measures import REGISTRY, applicable_measures, compute
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.pld import is_privacy_loss_dp, pair_privacy_loss, privacy_loss_distribution
from exactpriv.measures.probabilistic import is_probabilistic_dp, probabilistic_dp
from exactpriv.measures.tradeoff import TradeOff, f_dp, is_f_dp, pair_tradeoff, tradeoff_from_tests
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.operators import k_fold


def _random_mechanism(rng, k_in, k_out, zeros=True):
    rows = []
    for _ in range(k_in):
        w = [rng.randint(0 if zeros else 1, 6) for _ in range(k_out)]
        if sum(w) == 0:
            w[0] = 1
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(Hamming(list(range(k_in)), 1), list(range(k_out)), rows)


def _ordered_pairs(M):
    for i, j in M.inputs.edges.tolist():
        yield i, j
        yield j, i


# ---------------------------------------------------------------------------------------- f-DP
@pytest.mark.parametrize("g", [2, 3, F(5, 2)])
def test_rr_tradeoff_is_f_eps_0(g):
    """Dong, Roth, Su (JRSS-B 2022), §2.2: the trade-off function of ε-RR is
    f_{ε,0}(α) = max{0, 1 − e^ε α, e^{−ε}(1 − α)}; vertices (0, 1), (1/(1+e^ε), 1/(1+e^ε)), (1, 0)."""
    f = f_dp(zoo.randomized_response(2, exp_eps=g)).value
    assert f == TradeOff.from_eps_delta(exp_eps=g)
    assert f.vertices == ((0, 1), (1 / (1 + F(g)), 1 / (1 + F(g))), (1, 0))
    assert f.is_symmetric()


@pytest.mark.parametrize("seed", range(8))
def test_pair_tradeoff_equals_the_hull_of_all_tests(seed):
    rng = random.Random(seed)
    M = _random_mechanism(rng, 2, rng.choice([2, 3, 4, 5]))
    for i, j in _ordered_pairs(M):
        assert pair_tradeoff(M.rows[i], M.rows[j]) == tradeoff_from_tests(M.rows[i], M.rows[j])


@pytest.mark.parametrize("seed", range(6))
def test_f_dp_conversion_equals_the_hockey_stick_profile(seed):
    """DRS Prop. 2.12: δ(ε) = 1 + f*(−e^ε) must equal the exact (ε, δ) profile (computed by a
    different engine) at every rational e^ε, and f_dp(M) is the lower hull of every pair's tests."""
    rng = random.Random(50 + seed)
    M = _random_mechanism(rng, 3, rng.choice([2, 3, 4]))
    f = f_dp(M).value
    prof = approx_dp(M).value
    for g in (F(1), F(3, 2), F(2), F(7, 2), F(9)):
        assert f.delta(exp_eps=g) == prof.delta(exp_eps=g)
    # definition: f_M = min over ordered pairs of T; f_dp is its greatest convex minorant, so it is
    # below every pair curve, and equals each pair curve at every hull vertex it takes from it
    curves = [tradeoff_from_tests(M.rows[i], M.rows[j]) for i, j in _ordered_pairs(M)]
    for a, b in f.vertices:
        assert b == min(c(a) for c in curves)
    for c in curves:
        assert c.dominates(f).is_true


def test_is_f_dp_decisions():
    G = zoo.truncated_geometric(3, exp_eps=2)
    assert is_f_dp(G, TradeOff.from_eps_delta(exp_eps=2)).is_true
    assert is_f_dp(G, TradeOff.from_eps_delta(exp_eps=F(3, 2))).is_false
    assert is_f_dp(G, TradeOff.from_eps_delta(exp_eps=F(3, 2), delta=F(1, 3))).is_true
    with pytest.raises(InvalidArgument):
        is_f_dp(G, lambda a: 1 - a)


# ---------------------------------------------------------------------------------------- PLD
def _hockey_from_definition(P, Q, g):
    """max over events S of P(S) − g Q(S), by enumerating every event."""
    best = F(0)
    for bits in itertools.product((0, 1), repeat=len(P)):
        best = max(best, sum((p - g * q for p, q, b in zip(P, Q, bits) if b), F(0)))
    return best


@pytest.mark.parametrize("seed", range(8))
def test_pld_delta_equals_the_hockey_stick_from_its_definition(seed):
    rng = random.Random(200 + seed)
    M = _random_mechanism(rng, 3, rng.choice([2, 3, 4]))
    prof = privacy_loss_distribution(M).value
    for g in (F(1), F(4, 3), F(2), F(5)):
        ref = max(_hockey_from_definition(M.rows[i], M.rows[j], g) for i, j in _ordered_pairs(M))
        assert prof.delta(exp_eps=g) == ref
    for i, j in _ordered_pairs(M):  # the masses are a pmf of P
        pl = pair_privacy_loss(M.rows[i], M.rows[j])
        assert sum((m for _, m in pl.atoms), F(0)) + pl.infinite == 1


@pytest.mark.parametrize("k,g", [(2, 3), (3, 2), (4, 2)])
def test_composed_pld_of_rr_matches_kairouz_oh_viswanath(k, g):
    """The PLD of k-fold ε-RR is the k-fold convolution (Sommer et al. 2019, Thm on composition);
    its δ((k − 2i)ε) is Kairouz–Oh–Viswanath's (ICML 2015, Thm 3.3) closed form, and equals the
    δ of the exact k-fold product mechanism."""
    RR = zoo.randomized_response(2, exp_eps=g)
    one = privacy_loss_distribution(RR, pair=((0,), (1,))).value
    pl = one
    for _ in range(k - 1):
        pl = pl.compose(one)
    prof = approx_dp(k_fold(RR, k)).value
    for i in range(k // 2 + 1):
        gi = F(g) ** (k - 2 * i)
        kov = sum((math.comb(k, l) * (F(g) ** (k - l) - F(g) ** (k - 2 * i + l)) for l in range(i)), F(0)) / (1 + g) ** k
        assert pl.delta(exp_eps=gi) == kov == prof.delta(exp_eps=gi)


def test_rr_pld_published_delta():
    """δ(ε') of ε-RR for ε' <= ε is (e^ε − e^ε')/(1 + e^ε) (Kairouz–Oh–Viswanath k = 1); from the
    PLD atoms {ln 3: 3/4, −ln 3: 1/4} at e^ε = 3."""
    pl = privacy_loss_distribution(zoo.randomized_response(2, exp_eps=3), pair=((0,), (1,))).value
    assert pl.atoms == ((F(1, 3), F(1, 4)), (F(3), F(3, 4)))
    assert pl.delta(exp_eps=2) == F(3 - 2, 4) and pl.delta(exp_eps=3) == 0
    assert pl.delta(eps=sympy.log(2)) == F(1, 4)
    assert is_privacy_loss_dp(zoo.randomized_response(2, exp_eps=3), sympy.log(2), F(1, 4)).is_true
    assert is_privacy_loss_dp(zoo.randomized_response(2, exp_eps=3), sympy.log(2), F(1, 5)).is_false


# ---------------------------------------------------------------------------------------- PDP
def _pdp_from_definition(M, g, variant):
    """δ(ε) of probabilistic DP straight from the definitions (loops over x, x', y)."""
    pts = range(len(M.rows))
    nb = {i: set() for i in pts}
    for i, j in M.inputs.edges.tolist():
        nb[i].add(j)
        nb[j].add(i)
    best = F(0)
    for i in pts:
        if variant == "pairwise":
            for j in nb[i]:
                best = max(best, sum((a for a, b in zip(M.rows[i], M.rows[j]) if a > 0 and (b == 0 or a > g * b)),
                                     F(0)))
        elif nb[i]:
            disc = 0
            for y, a in enumerate(M.rows[i]):
                if a == 0:
                    continue
                if any(M.rows[j][y] == 0 or a > g * M.rows[j][y] or M.rows[j][y] > g * a for j in nb[i]):
                    disc += a
            best = max(best, disc)
    return best


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("variant", ["disclosure_set", "pairwise"])
def test_probabilistic_dp_equals_its_definition(seed, variant):
    rng = random.Random(300 + seed)
    M = _random_mechanism(rng, 3, rng.choice([2, 3, 4]))
    prof = probabilistic_dp(M, variant=variant).value
    for g in (F(1), F(6, 5), F(2), F(3), F(7)):
        assert prof.delta(exp_eps=g) == _pdp_from_definition(M, g, variant)
    for d in (F(0), F(1, 10), F(1, 2)):
        eps = prof.epsilon(d)
        if eps != sympy.oo:
            assert is_probabilistic_dp(M, eps, d, variant=variant).is_true


def test_probabilistic_dp_is_stronger_than_approximate_dp():
    """Meiser 2018, §3: (ε, δ)-PDP ⇒ (ε, δ)-DP; here on random mechanisms at the PDP δ(ε)."""
    rng = random.Random(7)
    for _ in range(10):
        M = _random_mechanism(rng, 3, 4)
        pd, ad = probabilistic_dp(M, variant="pairwise").value, approx_dp(M).value
        for g in (F(1), F(2), F(4)):
            assert ad.delta(exp_eps=g) <= pd.delta(exp_eps=g)


def test_rr_probabilistic_dp_published():
    """ε-RR by hand from the definitions: for ε' < ε every output is in the disclosure set of
    each input (δ = 1), the pairwise tail is P_x(y = x) = e^ε/(1+e^ε) = 3/4; at ε' = ε nothing
    discloses (δ = 0), so the least ε with δ = 0 is ln 3."""
    prof = probabilistic_dp(zoo.randomized_response(2, exp_eps=3)).value
    assert prof.delta(exp_eps=2) == 1  # every output discloses for one of the two inputs' views
    assert probabilistic_dp(zoo.randomized_response(2, exp_eps=3), variant="pairwise").value.delta(exp_eps=2) == F(3, 4)
    assert prof.delta(exp_eps=3) == 0 and compare(prof.epsilon(0), "==", sympy.log(3)).is_true


# ---------------------------------------------------------------------------------------- registry
def test_registry_cli_json_names():
    M = zoo.randomized_response(2, exp_eps=3)
    names = applicable_measures(M)
    for n in ("zcdp", "f_dp", "privacy_loss_distribution", "probabilistic_dp"):
        assert n in REGISTRY and n in names
    assert "min_entropy_leakage" not in names and "min_entropy_leakage" in applicable_measures(M, Prior.uniform(M.inputs))
    f = compute("f_dp", M).to_json()
    assert f["exact"] == "Piecewise((1 - 3*alpha, alpha <= 1/4), (1/3 - alpha/3, alpha <= 1))" and f["float"] is None
    p = compute("privacy_loss_distribution", M).to_json()
    assert p["witness"]["pairs"][0]["atoms"] == [["1/3", "1/4"], ["3", "3/4"]]  # losses ln(1/3), ln 3
    assert compute("probabilistic_dp", M).to_json()["exact"] == "Piecewise((1, eps < log(3)), (0, True))"
    # Smith 2009 / Braun, Chatzikokolakis, Palamidessi 2009: under the uniform prior the min-entropy
    # leakage is log Σ_y max_x W(y|x), for ε-RR ln(2e^ε/(1+e^ε))
    leak = compute("min_entropy_leakage", M, prior=Prior.uniform(M.inputs)).value
    assert compare(leak, "==", sympy.log(2 * 3) - sympy.log(1 + 3)).is_true


def test_large_mechanisms_are_refused_with_a_typed_error():
    M = zoo.exponential_mechanism_hamming([0, 1, 2], 5, exp_eps=2)
    from exactpriv.measures import arguments

    old = arguments.MAX_PAIR_ENTRIES
    arguments.MAX_PAIR_ENTRIES = 1000
    try:
        with pytest.raises(SpaceTooLargeError):
            f_dp(M)
    finally:
        arguments.MAX_PAIR_ENTRIES = old
