"""Exact composition accounting (exactpriv.measures.engines.composition, issue 24): the δ(ε) and ε(δ) of a
composition from its composed privacy-loss distributions equal the matrix scan of the expanded product and
the plain reference evaluator (every regime: one base element, several, masses at +oo, several distinct
pair distributions), and Kairouz–Oh–Viswanath's closed form for randomized response at k up to 1,000."""

import math
import random
from fractions import Fraction as F

import pytest

from exactpriv.errors import ExactPrivError
from exactpriv.measures.divergence import space_edges
from exactpriv.measures.pair_divergences import log_of_ratio
from exactpriv.measures.approx import _profile, approx_dp, group_approx_dp
from exactpriv.measures.engines.composition import ComposedLossEngine, coprime_base
from exactpriv.measures.pld import pair_privacy_loss, privacy_loss_distribution
from exactpriv.measures.reference import reference
from exactpriv.mechanisms import Mechanism, compose, k_fold
from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric
from exactpriv.spaces import Hamming


def kov_delta(e0: F, k: int, g: F) -> F:
    """δ(γ) of k-fold ε0-RR (e^ε0 = e0) from the binomial law of the loss (Kairouz, Oh, Viswanath, ICML
    2015, Thm 3.3 written for every γ): Σ_l C(k, l) max(0, e0^(k−l) − γ e0^l) / (1 + e0)^k."""
    return sum((math.comb(k, l) * max(F(0), e0 ** (k - l) - g * e0 ** l) for l in range(k + 1)), F(0)) / (1 + e0) ** k


def scan_profile(P):
    """The matrix scan of the expanded product (the engine of every non-composed mechanism)."""
    return _profile(P, space_edges(P.inputs), "neighbour pairs", "approx_dp").value


def _random_mechanism(rng, n_in, n_out, zeros=False):
    rows = []
    for _ in range(n_in):
        w = [rng.randint(0 if zeros else 1, 6) for _ in range(n_out)]
        if sum(w) == 0:
            w[0] = 1
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(Hamming(list(range(n_in)), 1), list(range(n_out)), rows)


def _cases():
    rng = random.Random(24)
    rr, rr3 = randomized_response(p="3/4"), randomized_response(p="2/3")
    g2, g3 = truncated_geometric(3, exp_eps=2), truncated_geometric(3, exp_eps=F(3, 2))
    yield "rr^5", k_fold(rr, 5)                                   # one base element: the dense route
    yield "rr,rr3,rr", compose([rr, rr3, rr])                      # base {2, 3}: the multivariate route
    yield "geom^3", k_fold(g2, 3)                                  # several distinct pair distributions
    yield "geom2,geom3/2", compose([g2, g3, g2])
    for t in range(4):                                             # random rationals, zeros (mass at +oo)
        a = _random_mechanism(rng, 3, 3, zeros=t % 2 == 1)
        b = _random_mechanism(rng, 3, 4, zeros=t >= 2)
        yield f"random{t}", compose([a, b, a])


CASES = list(_cases())


@pytest.mark.parametrize("name,P", CASES, ids=[c[0] for c in CASES])
def test_composed_profile_equals_the_scan_of_the_expanded_product(name, P):
    fast, scan = approx_dp(P).value, scan_profile(P)
    assert "composed privacy-loss" in approx_dp(P).method
    assert [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in fast.pieces] == \
        [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in scan.pieces]
    for g in (F(1), F(5, 4), F(2), F(3), F(7), F(100)):
        assert fast.delta(exp_eps=g) == scan.delta(exp_eps=g)
    for d in (F(0), F(1, 10**6), F(1, 100), F(1, 7), F(1, 2), F(1)):
        assert fast.epsilon(d) == scan.epsilon(d)


@pytest.mark.parametrize("name,P", CASES, ids=[c[0] for c in CASES])
def test_composed_delta_equals_the_reference_evaluator(name, P):
    fast, ref = approx_dp(P).value, reference("approx_dp", P).exact
    for g in (F(1), F(3, 2), F(4), F(50)):
        assert fast.delta(exp_eps=g) == ref.delta(exp_eps=g)


@pytest.mark.parametrize("k", [1, 2, 7, 40, 1000])
def test_k_fold_rr_equals_kairouz_oh_viswanath(k):
    prof = approx_dp(k_fold(randomized_response(p="3/4"), k)).value
    gammas = {F(1), F(3) ** (k // 3), F(3) ** (k // 2) * F(5, 4), F(3) ** k, F(3) ** k * 2}
    for g in gammas:
        assert prof.delta(exp_eps=g) == kov_delta(F(3), k, g)


def test_epsilon_of_delta_is_the_least_level_exactly():
    """ε(δ) = ln γ* with δ(γ*) = δ exactly and δ(γ) > δ just below γ* (k = 200, δ = 10^-6)."""
    k, d = 200, F(1, 10**6)
    prof = approx_dp(k_fold(randomized_response(p="3/4"), k)).value
    crossing = next(p for p in prof.pieces if p.gamma_hi is None or p.at(p.gamma_hi) <= d)
    g = (crossing.A - d) / crossing.B
    assert crossing.gamma_lo <= g and kov_delta(F(3), k, g) == d
    assert kov_delta(F(3), k, g * (1 - F(1, 10**30))) > d
    assert prof.epsilon(d) == log_of_ratio(g)


def test_heterogeneous_rr_composition_matches_the_pair_pld_convolution():
    """A second computation: the pair PLD convolution of exactpriv.measures.pld (Fractions, dict)."""
    ms = [randomized_response(p="3/4"), randomized_response(p="2/3"), randomized_response(p="5/6")]
    eng = ComposedLossEngine(ms)
    pl = pair_privacy_loss(ms[0].rows[0], ms[0].rows[1])
    for m in ms[1:]:
        pl = pl.compose(pair_privacy_loss(m.rows[0], m.rows[1]))
    assert eng.loss(0, 1).atoms() == list(pl.atoms)
    for g in (F(1), F(2), F(9), F(31)):
        assert eng.loss(0, 1).hockey(g)[0] == pl.delta(exp_eps=g)


def test_mass_at_infinity_composes():
    """A factor with P(y|x') = 0 < P(y|x): the composition's mass at +oo is 1 − Π(1 − m_oo), and ε(δ) is
    +oo below it."""
    M = Mechanism(Hamming([0, 1], 1), ["a", "b", "c"], [[F(1, 2), F(1, 4), F(1, 4)], [F(0), F(1, 2), F(1, 2)]])
    prof = approx_dp(k_fold(M, 3)).value
    assert prof.delta(exp_eps=F(10**9)) == 1 - F(1, 2) ** 3
    assert str(prof.epsilon(F(1, 2))) == "oo"
    assert prof.delta(exp_eps=F(10**9)) == scan_profile(k_fold(M, 3)).delta(exp_eps=F(10**9))


def test_group_privacy_of_a_composition_uses_the_composed_losses():
    P = k_fold(truncated_geometric(4, exp_eps=2), 3)
    fast = group_approx_dp(P, 2).value
    flat = group_approx_dp(P.expand(), 2).value
    assert [(p.A, p.B) for p in fast.pieces] == [(p.A, p.B) for p in flat.pieces]


def test_coprime_base_splits_along_gcds():
    base = coprime_base([12, 18, 35, 49])
    assert all(math.gcd(a, b) == 1 for i, a in enumerate(base) for b in base[i + 1:])
    for n in (12, 18, 35, 49):
        m = n
        for b in base:
            while m % b == 0:
                m //= b
        assert m == 1
    assert coprime_base([]) == () and coprime_base([1]) == ()


def test_a_product_of_symbolic_factors_is_refused():
    import sympy

    p = sympy.Symbol("p", positive=True)
    M = Mechanism(Hamming([0, 1], 1), [0, 1], [[p, 1 - p], [1 - p, p]], symbols=(p,))
    with pytest.raises(ExactPrivError, match="approx_dp"):
        approx_dp(k_fold(M, 2))


@pytest.mark.parametrize("name,P", CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_privacy_loss_distribution_of_a_composition_equals_the_expanded_one(name, P):
    composed = privacy_loss_distribution(P)
    flat = privacy_loss_distribution(P.expand())
    assert "convolved" in composed.method and "convolved" not in flat.method
    for g in (F(1), F(3, 2), F(4), F(1000)):
        assert composed.value.delta(exp_eps=g) == flat.value.delta(exp_eps=g)
        assert composed.value.tail(exp_eps=g) == flat.value.tail(exp_eps=g)
    assert {pl for _, pl in composed.value.pairs} == {pl for _, pl in flat.value.pairs}


@pytest.mark.parametrize("n,a", [(1, F(2)), (3, F(3, 2)), (5, F(11, 10))])
def test_count_query_geometric_from_shared_integer_rows_equals_the_entrywise_definition(n, a):
    """count_query_geometric is built from one integer row per count (issue 24): the same matrix as the
    definition entry by entry — the truncated geometric row of each input's count."""
    from exactpriv.mechanisms.zoo import count_query_geometric

    M = count_query_geometric(n, exp_eps=a, values=("a", "b"))
    al = 1 / a
    for x, row in zip(M.inputs.points, M.rows):
        c = sum(v == "b" for v in x)
        want = [al ** abs(z - c) / (1 + al) if z in (0, n) else al ** abs(z - c) * (1 - al) / (1 + al)
                for z in range(n + 1)]
        assert list(row) == want
    assert M.label == f"count_query_geometric(n={n}, exp_eps={a}, values=['a', 'b'])"
