"""Tests of the privacy–distortion measures (exactpriv.measures.distortion), Wang–Ying–Zhang.

(a) hand-worked values citing the paper (h, h^{-1}, ε̃_X of product priors and of a correlated prior
whose threshold is (8 + 2√2)/7, Theorem 1 on the uniform prior, Lemmas 4 and 5, R(D) of a product
prior), (b) brute-force agreement on many small random exact instances (distortion by direct
summation over the joint, ε_X over all pairs, feasibility of the posterior family by an independent
sympy linear solve, LP optima against grids of mechanisms, Csiszár's bound against random
mechanisms), (c) bad input raising typed errors.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import (
    InvalidArgument,
    NotExactError,
    SpaceMismatchError,
    SpaceTooLargeError,
    SupportError,
)
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.bayesian import eps_X, identifiability
from exactpriv.measures.distortion import (
    eps_tilde_X,
    exp_eps_X,
    exp_h_inverse,
    expected_distortion,
    h,
    h_inverse,
    kkt_check_pdmip,
    optimal_distortion_dp,
    optimal_distortion_identifiability,
    posterior_polynomials,
    rate_distortion_certificate,
    rate_distortion_dual_bound,
    relaxed_distortion,
    relaxed_dual_certificate,
)
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.information import mi_privacy
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import randomized_response, wang_E_d, wang_E_i
from exactpriv.spaces import Hamming, Subsets

F = Fraction
LOG = LogForm.log
SKEW3 = [F(1, 2), F(1, 3), F(1, 6)]


def _random_prior(rng, space, *, zeros=False):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(space.size)]
    if sum(w) == 0:
        w[0] = 1
    return Prior(space, [F(v, sum(w)) for v in w])


def _random_mechanism(rng, space, outputs=None, *, zeros=True):
    outputs = list(space.points) if outputs is None else outputs
    rows = []
    for _ in range(space.size):
        w = [rng.randint(0 if zeros else 1, 6) for _ in outputs]
        if sum(w) == 0:
            w[rng.randrange(len(w))] = 1
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(space, outputs, rows)


# ----------------------------------------------------------------------------- (a) hand values
def test_h_by_hand():
    """Wang–Ying–Zhang (36): h(ε) = n/(1 + e^ε/(m-1)).  n = m = 3, e^ε = 2: 3/(1+1) = 3/2 (the value
    bench_lp certifies); h(0) = n(m-1)/m; n = 1, m = 2, ε = ln 3: 1/(1+3) = 1/4; h(oo) = 0."""
    assert h(None, 3, 3, exp_eps=2) == F(3, 2)
    assert h(0, 3, 3) == F(2) and h(0, 2, 2) == F(1) and h(0, 4, 5) == F(16, 5)
    assert h(sympy.log(3), 1, 2) == F(1, 4)
    assert h(LOG(3), 1, 2) == F(1, 4)
    assert h(sympy.oo, 2, 3) == 0
    expr = h(EPS, 2, 3)
    assert sympy.simplify(expr - 4 / (2 + sympy.exp(EPS))) == 0


def test_h_inverse_by_hand():
    """(19): h^{-1}(D) = ln(n/D - 1) + ln(m - 1).  h^{-1}(3/2) on n = m = 3 is ln(1·2) = ln 2;
    h^{-1}(1/3) for n = 1, m = 3 is ln(2·2) = ln 4 (= ε̃_X of (1/2, 1/3, 1/6), see below)."""
    assert h_inverse(F(3, 2), 3, 3) == LOG(2)
    assert exp_h_inverse(F(1, 3), 1, 3) == 4
    assert h_inverse(0, 2, 2) == sympy.oo and h_inverse(2, 2, 2) == -sympy.oo
    assert compare(h_inverse(F(3, 2), 2, 2), "<", 0).is_true  # D > n(m-1)/m = 1
    for n, m, t in [(1, 2, F(3)), (2, 3, F(7, 2)), (3, 2, F(5, 4))]:
        assert h_inverse(h(None, n, m, exp_eps=t), n, m) == LOG(t)


def test_expected_distortion_by_hand():
    """(5) on D^1 = {0,1}: randomized response with p = 3/4 flips w.p. 1/4, so E[d] = 1/4 for every
    prior; the identity has E[d] = 0; the constant output 0 has E[d] = P(X = 1)."""
    rr = randomized_response(p=F(3, 4))
    rr_d = Mechanism(Hamming([0, 1], 1), [(0,), (1,)], rr.rows)
    for p in (F(1, 3), F(1, 2), F(0)):
        prior = Prior(rr_d.inputs, [p, 1 - p])
        assert expected_distortion(rr_d, prior) == F(1, 4)
        const = Mechanism(rr_d.inputs, [(0,), (1,)], [[1, 0], [1, 0]])
        assert expected_distortion(const, prior) == 1 - p
    S = Hamming(range(3), 2)
    ident = Mechanism(S, list(S.points), [[int(x == y) for y in S.points] for x in S.points])
    assert expected_distortion(ident, Prior.uniform(S)) == 0


def test_eps_tilde_product_priors_by_hand():
    """For a product prior p_Y factorises, and k_t^{-1} p_i >= 0 iff (t + m - 1) p_i(v) >= 1 for every v,
    so t̃ = max_i (1/min_v p_i(v) - (m - 1)).  (1/2, 1/3, 1/6): t̃ = 6 - 2 = 4 > e^{ε_X} = 3;
    (1/3, 2/3): t̃ = 3 - 1 = 2 = e^{ε_X} (for m = 2 the two coincide)."""
    for n in (1, 2):
        p = Prior.product(Hamming(range(3), n), [SKEW3] * n)
        e = eps_tilde_X(p)
        assert e.exp_value == 4 and e.value == LOG(4) and e.attained and e.upward_closed
        assert exp_eps_X(p) == 3
    q = Prior.product(Hamming(range(2), 2), [[F(1, 3), F(2, 3)], [F(1, 4), F(3, 4)]])
    assert eps_tilde_X(q).exp_value == 3 == exp_eps_X(q)
    assert eps_tilde_X(Prior.uniform(Hamming(range(3), 2))).value == 0


def test_eps_tilde_correlated_prior_by_hand():
    """D^2, m = 2, p = (a, b, c, d) = (8, 8, 8, 7)/31 on (00, 01, 10, 11).  ((t+1)I - J)^{⊗2} gives
    P_11(t) = d t^2 - (b + c) t + a = (7t^2 - 16t + 8)/31, whose larger root (8 + 2√2)/7 ≈ 1.547 is the
    last sign change: t̃ = (8 + 2√2)/7 (algebraic; an enclosure is certified)."""
    S = Hamming(range(2), 2)
    p = Prior(S, [F(8, 31), F(8, 31), F(8, 31), F(7, 31)])
    polys = posterior_polynomials(p)
    T = sympy.Symbol("t", positive=True)
    assert sympy.expand(polys[3].as_expr() - (7 * T ** 2 - 16 * T + 8) / 31) == 0
    assert sympy.expand(polys[0].as_expr() - (8 * T ** 2 - 16 * T + 7) / 31) == 0
    e = eps_tilde_X(p)
    target = (8 + 2 * sympy.sqrt(2)) / 7
    assert e.value is None and sympy.minimal_polynomial(e.exp_value, T) == sympy.minimal_polynomial(target, T)
    lo, hi = e.exp_enclosure
    assert lo < hi and hi - lo <= F(1, 2 ** 40)
    assert sympy.Rational(lo.numerator, lo.denominator) < target < sympy.Rational(hi.numerator, hi.denominator)
    assert e.exp_compare(F(3, 2)) < 0 and e.exp_compare(F(8, 5)) > 0
    assert e.lower == LOG(lo) and e.upper == LOG(hi)


def test_eps_tilde_infinite_without_full_support():
    """Prior (0, 1) on D^1: p_X(0) = Σ_y p(0|y) p_Y(y) > 0 for every finite ε, so no p_Y exists and
    ε̃_X = +oo — the paper's 'for any p_X, ε̃_X is finite' needs full support."""
    p = Prior(Hamming(range(2), 1), [0, 1])
    e = eps_tilde_X(p)
    assert e.value == sympy.oo and not e.feasible_at(1000)


def test_theorem1_uniform_prior_dp_optimum_is_h():
    """Theorem 1 with ε_X = 0 (uniform prior): D*_d(ε) = h(ε) exactly; D^3, m = 3, e^ε = 2 gives 3/2
    on the 729-variable LP."""
    for n, m, ts in [(2, 3, [1, F(3, 2), 2, 5]), (3, 2, [1, 2, F(7, 3)]), (3, 3, [2])]:
        u = Prior.uniform(Hamming(range(m), n))
        for t in ts:
            r = optimal_distortion_dp(u, t)
            assert r.certified and r.value == h(None, n, m, exp_eps=t), (n, m, t, r)
            assert compare(pure_dp(r.mechanism).value, "<=", LOG(t)).is_true
            assert expected_distortion(r.mechanism, u) == r.value


def test_lp_optima_inside_theorem1_bounds_for_skewed_priors():
    """h(ε + ε_X) <= D*_d(ε) <= h(ε) (21) and D*_i(ε) = h(ε) for ε >= ε̃_X (20): product prior
    (1/2, 1/3, 1/6)^2 (e^{ε_X} = 3, t̃ = 4) and a correlated prior."""
    S = Hamming(range(3), 2)
    p = Prior.product(S, [SKEW3] * 2)
    for t in (1, 2, 3, 4, 6):
        d = optimal_distortion_dp(p, t).value
        assert h(None, 2, 3, exp_eps=3 * t) <= d <= h(None, 2, 3, exp_eps=t)
    assert optimal_distortion_identifiability(p, 4).value == h(None, 2, 3, exp_eps=4) == F(2, 3)
    assert optimal_distortion_identifiability(p, 6).value == F(1, 2)
    # between e^{eps_X} and t̃ the optimum exceeds h; below e^{eps_X} PD-I is infeasible (Lemma 3)
    assert optimal_distortion_identifiability(p, F(7, 2)).value > h(None, 2, 3, exp_eps=F(7, 2))
    r = optimal_distortion_identifiability(p, F(5, 2))
    assert r.value == sympy.oo and r.lp.status == "infeasible" and r.lp.certificate["method"] == "farkas"


def test_near_degenerate_identifiability_lp_is_certified():
    """e^ε = 43/2 just above t̃ ≈ 21.497 (a root of t^3 - 22t^2 + 11t - 4) for the D^3, m = 2 prior with
    weights (4,6,4,6,1,7,9,1)/38: p_Y nearly vanishes and HiGHS's dual-simplex basis is only float-feasible;
    the retry with interior point + crossover is certified, and D*_i = h = 2/15 (Theorem 1)."""
    S = Hamming(range(2), 3)
    w = [4, 6, 4, 6, 1, 7, 9, 1]
    p = Prior(S, [F(v, sum(w)) for v in w])
    e = eps_tilde_X(p)
    assert e.exp_compare(F(43, 2)) > 0 and e.exp_compare(F(21)) < 0
    r = optimal_distortion_identifiability(p, F(43, 2))
    assert r.certified and r.value == h(None, 3, 2, exp_eps=F(43, 2)) == F(2, 15)


def test_lemma5_E_d_distortion_is_h_exactly():
    """Lemma 5: E_d (30) has E[d] = h(ε) under every prior — symbolically in ε, and at e^ε = 3."""
    S = Hamming(range(3), 2)
    Ms = wang_E_d(range(3), 2, eps=EPS)
    rng = random.Random(0)
    for prior in [Prior.uniform(S), Prior.product(S, [SKEW3] * 2), _random_prior(rng, S, zeros=True)]:
        d = expected_distortion(Ms, prior)
        assert sympy.cancel(d - h(EPS, 2, 3)) == 0
        assert expected_distortion(wang_E_d(range(3), 2, exp_eps=3), prior) == F(4, 5)


def test_lemma4_E_i_distortion_and_identifiability():
    """Lemma 4: for ε >= ε̃_X, E_i has E[d] = h(ε) and is ε-identifiable (its posterior ratios are
    exactly e^{±ε}, so the level is ε)."""
    S = Hamming(range(3), 2)
    p = Prior.product(S, [SKEW3] * 2)
    for t in (4, 5, F(13, 2)):
        E = wang_E_i(p, exp_eps=t)
        assert expected_distortion(E, p) == h(None, 2, 3, exp_eps=t)
        assert identifiability(E, prior=p).value == LOG(t)


def test_relaxed_problem_is_h_by_all_three_formulations():
    """Lemma 1: R-PD (22)-(27) has optimum h(ε); the joint LP, the one-output posterior LP and the
    level-reduced LP agree."""
    for n, m, t in [(1, 2, F(3)), (2, 2, F(2)), (2, 3, F(3, 2)), (3, 2, F(5)), (2, 3, F(1))]:
        vals = {meth: relaxed_distortion(n, m, t, method=meth).value for meth in ("joint", "posterior", "levels")}
        assert set(vals.values()) == {h(None, n, m, exp_eps=t)}, vals
    post = relaxed_distortion(2, 2, 3, method="posterior").posterior
    # optimal posterior (61): 3^{-d}/(1 + 1/3)^2, i.e. 9/16, 3/16, 3/16, 1/16
    assert post == {(0, 0): F(9, 16), (0, 1): F(3, 16), (1, 0): F(3, 16), (1, 1): F(1, 16)}


def test_relaxed_dual_certificate_all_eps():
    for n, m in [(1, 2), (2, 2), (2, 3), (3, 2), (3, 3)]:
        d = relaxed_dual_certificate(n, m)
        assert d.is_true, d


def test_kkt_interior_boundary_and_posterior_convention():
    """(94) with λ = ε, μ(x) = p_X(x) ln[p_X(x)(1 + (m-1)e^{-ε})^n], η = 0 holds exactly for ε > ε̃_X;
    at ε = ε̃_X (t = 4 for (1/2, 1/3, 1/6)) p_Y vanishes on the outputs containing the value 2 and (94)
    contains ln(0/0) — the continuous extension by the posterior (61) holds."""
    S = Hamming(range(3), 1)
    p = Prior(S, SKEW3)
    k = kkt_check_pdmip(p, 5)
    assert k.decision.is_true and not k.undefined
    assert k.multipliers["lambda"] == LOG(5) and k.D == F(2, 7)
    # mu(x) = p(x) ln(p(x) (7/5)) at x = 0: (1/2) ln(7/10)
    assert k.multipliers["mu"][(0,)] == LOG(F(7, 10)) / 2
    kb = kkt_check_pdmip(p, 4)
    assert kb.decision.is_false and len(kb.undefined) == 3
    assert {y for _, y in kb.undefined} == {(2,)}
    assert kkt_check_pdmip(p, 4, convention="posterior").decision.is_true


def test_rate_distortion_of_product_prior_by_hand():
    """Theorem 2 for one record p = (1/2, 1/3, 1/6), e^ε = 4 (= t̃, so p_Y(2) = 0): D = h = 1/3 and
    R(D) = H(X) - ln(1 + 2/4) - (1/3) ln 4 = ln 2 - (1/2) ln 3 (computed by hand; also the binary
    ... closed form of I under the posterior (61))."""
    p = Prior(Hamming(range(3), 1), SKEW3)
    r = rate_distortion_certificate(p, 4)
    assert r.decision.is_true and r.D == F(1, 3)
    assert r.value == LOG(2) - LOG(3) / 2
    p2 = Prior.product(Hamming(range(3), 2), [SKEW3] * 2)
    assert rate_distortion_certificate(p2, 4).value == 2 * LOG(2) - LOG(3)


# ----------------------------------------------------------------------------- (b) brute force
def _brute_distortion(M, prior):
    total = F(0)
    for x, p in zip(M.inputs.points, prior.pmf):
        for y, w in zip(M.outputs, M.rows[M.inputs.index(x)]):
            total += p * w * sum(a != b for a, b in zip(x, y))
    return total


def test_expected_distortion_matches_direct_summation_on_random_instances():
    rng = random.Random(2016)
    count = 0
    for vals, n in [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]:
        S = Hamming(vals, n)
        for _ in range(120):
            M = _random_mechanism(rng, S)
            prior = _random_prior(rng, S, zeros=True)
            assert expected_distortion(M, prior) == _brute_distortion(M, prior)
            count += 1
    assert count == 600


def test_exp_eps_X_matches_all_pairs_brute_force():
    rng = random.Random(18)
    for vals, n in [(range(2), 2), (range(3), 2), (range(2), 3)]:
        S = Hamming(vals, n)
        for _ in range(100):
            prior = _random_prior(rng, S, zeros=rng.random() < 0.3)
            best = F(1)
            for x, y in itertools.permutations(S.points, 2):
                if sum(a != b for a, b in zip(x, y)) != 1:
                    continue
                px, py = prior.prob(x), prior.prob(y)
                if py == 0 and px > 0:
                    best = sympy.oo
                    break
                if py > 0:
                    best = max(best, px / py)
            assert exp_eps_X(prior) == best
            if best != sympy.oo:
                assert eps_X(prior).value == LOG(best)


def _feasible_by_linear_solve(prior, t):
    """Independent path: solve K_t p_Y = p_X with python-flint's exact fmpq_mat (no Kronecker structure)."""
    import flint

    S = prior.space
    m, n = len(S.alphabets[0]), S.n
    K = flint.fmpq_mat(S.size, S.size, [flint.fmpq(t.numerator, t.denominator) ** (n - S.distance(x, y))
                                        / flint.fmpq(t.numerator + (m - 1) * t.denominator, t.denominator) ** n
                                        for x in S.points for y in S.points])
    b = flint.fmpq_mat(S.size, 1, [flint.fmpq(v.numerator, v.denominator) for v in prior.pmf])
    py = K.solve(b)
    return all(py[i, 0] >= 0 for i in range(S.size))


def test_eps_tilde_threshold_matches_linear_solves_and_is_upward_closed():
    """On random correlated full-support priors the feasible set is [t̃, oo) (upward closed, as Lemma 4
    silently needs): feasible at rationals above the enclosure, infeasible below it (independent
    sympy solves), and eps_tilde_X >= eps_X (Lemma 3 applied to E_i at ε̃_X)."""
    rng = random.Random(7)
    for vals, n in [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]:
        S = Hamming(vals, n)
        for _ in range(6):
            prior = _random_prior(rng, S)
            e = eps_tilde_X(prior)
            assert e.upward_closed and e.attained
            lo, hi = e.exp_enclosure
            assert hi >= exp_eps_X(prior)
            for t in (hi, hi + F(1, 3), 2 * hi + 1):
                assert _feasible_by_linear_solve(prior, t) and e.feasible_at(t)
            if lo > 1:
                below = [q for q in ((1 + lo) / 2, lo - (lo - 1) / 100) if q > 1]
                for t in below:
                    assert not _feasible_by_linear_solve(prior, t) and not e.feasible_at(t)


def test_dp_lp_optimum_beats_every_grid_mechanism():
    """Definition (7) of D*_d: no ε-DP mechanism on a grid (entries k/12, n = 1, m = 2) has smaller
    distortion than the certified LP optimum, and the LP's own mechanism is ε-DP and attains it."""
    S = Hamming(range(2), 1)
    grid = [F(k, 12) for k in range(13)]
    for prior in [Prior(S, [F(1, 3), F(2, 3)]), Prior(S, [F(1, 10), F(9, 10)])]:
        for t in (F(2), F(3)):
            opt = optimal_distortion_dp(prior, t)
            assert compare(pure_dp(opt.mechanism).value, "<=", LOG(t)).is_true
            for a, b in itertools.product(grid, repeat=2):
                rows = [[1 - a, a], [b, 1 - b]]
                if all(rows[0][y] <= t * rows[1][y] and rows[1][y] <= t * rows[0][y] for y in range(2)):
                    M = Mechanism(S, list(S.points), rows)
                    assert expected_distortion(M, prior) >= opt.value


def test_csiszar_bound_is_a_lower_bound_on_random_mechanisms():
    """Weak duality behind Theorem 2: with s = ε and λ(x) = 1/(p(x)(1+(m-1)e^{-ε})^n) the bound is valid
    (c(y) = 1 for every y), so every mechanism W has I(X;Y) >= -ε E_W[d] + Σ p ln λ; checked exactly on
    random mechanisms and on mixtures of E_i with them (nearly tight)."""
    rng = random.Random(31)
    S = Hamming(range(2), 2)
    checked = 0
    for _ in range(30):
        prior = _random_prior(rng, S)
        t = F(rng.randint(2, 9))
        if not eps_tilde_X(prior).feasible_at(t):
            continue
        Z = ((t + 1) / t) ** 2
        lam = [1 / (p * Z) for p in prior.pmf]
        E = wang_E_i(prior, exp_eps=t)
        R = _random_mechanism(rng, S, zeros=True)
        a = F(rng.randint(0, 10), 10)
        mix = Mechanism(S, list(S.points), [[a * e + (1 - a) * r for e, r in zip(er, rr)]
                                           for er, rr in zip(E.rows, R.rows)])
        for M in (R, mix):
            bound, feas, c = rate_distortion_dual_bound(prior, expected_distortion(M, prior), exp_s=t, lam=lam)
            assert feas.is_true and all(v == 1 for v in c)
            assert compare(mi_privacy(M, prior=prior).value, ">=", bound).is_true
            checked += 1
    assert checked >= 20


# ----------------------------------------------------------------------------- (c) bad input
S2 = Hamming(range(2), 2)
U2 = Prior.uniform(S2)


@pytest.mark.parametrize("call,exc", [
    (lambda: h(None, 2, 2, exp_eps=1.5), NotExactError),
    (lambda: h(None, 2, 2, exp_eps=F(1, 2)), InvalidArgument),
    (lambda: h(1, 2, 2, exp_eps=2), InvalidArgument),
    (lambda: h(-1, 2, 2), InvalidArgument),
    (lambda: h(1, 0, 2), InvalidArgument),
    (lambda: h(1, 2, 1), InvalidArgument),
    (lambda: h(1, 2.0, 2), InvalidArgument),
    (lambda: h_inverse(3, 2, 2), InvalidArgument),
    (lambda: h_inverse(0.5, 2, 2), NotExactError),
    (lambda: optimal_distortion_dp(U2, 0.5), NotExactError),
    (lambda: optimal_distortion_dp("prior", 2), InvalidArgument),
    (lambda: optimal_distortion_dp(Prior.uniform(Subsets([1, 2])), 2), InvalidArgument),
    (lambda: optimal_distortion_dp(Prior.uniform(Hamming([0], 2)), 2), InvalidArgument),
    (lambda: optimal_distortion_identifiability(Prior.uniform(Hamming(range(3), 3)), 2, max_variables=100),
     SpaceTooLargeError),
    (lambda: relaxed_distortion(2, 2, 2, method="simplex"), InvalidArgument),
    (lambda: relaxed_distortion(0, 2, 2), InvalidArgument),
    (lambda: eps_tilde_X([F(1, 2), F(1, 2)]), InvalidArgument),
    (lambda: kkt_check_pdmip(Prior.product(Hamming(range(3), 1), [SKEW3]), 3), SupportError),
    (lambda: kkt_check_pdmip(Prior(Hamming(range(2), 1), [0, 1]), 3), SupportError),
    (lambda: kkt_check_pdmip(U2, 2, convention="limit"), InvalidArgument),
    (lambda: rate_distortion_certificate(U2, 1), InvalidArgument),
    (lambda: rate_distortion_dual_bound(U2, F(1, 2), exp_s=2, lam=[1, 1, 1]), InvalidArgument),
    (lambda: rate_distortion_dual_bound(U2, F(1, 2), exp_s=2, lam=[1, 1, 1, 0]), InvalidArgument),
    (lambda: expected_distortion(randomized_response(p=F(3, 4)), Prior.uniform(Hamming(range(2), 1))),
     InvalidArgument),
    (lambda: expected_distortion(wang_E_d(range(2), 2, exp_eps=2), Prior.uniform(Hamming(range(2), 3))),
     SpaceMismatchError),
    (lambda: expected_distortion("M", U2), InvalidArgument),
], ids=["float-exp-eps", "exp-eps-below-1", "eps-and-exp-eps", "negative-eps", "n-zero", "m-one", "float-n",
        "D-above-n", "float-D", "lp-float", "prior-not-prior", "subsets-space", "one-value-alphabet",
        "lp-too-large", "bad-method", "relaxed-n-zero", "pmf-list", "kkt-below-threshold",
        "kkt-no-full-support", "kkt-bad-convention", "rd-eps-zero", "lam-wrong-length", "lam-zero",
        "outputs-not-databases", "prior-space-mismatch", "mechanism-not-mechanism"])
def test_bad_input_raises_typed_errors(call, exc):
    with pytest.raises(exc) as info:
        call()
    assert str(info.value)
