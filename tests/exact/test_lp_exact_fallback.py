"""The exact fallback of the privacy–distortion LPs (issue 24): a prior skewed 1,000:1 at e^ε = 2·10⁶ leaves
HiGHS' vertices feasible only within its tolerance (no float-guided certificate, UNDECIDED before); the
16-variable LP is then solved by exact rational simplex and certified by the same exact duality checks.
The value is Wang–Ying–Zhang's Theorem 1 (20), D*_i(ε) = h(ε) for ε >= ε̃_X; and on well-conditioned LPs
the exact simplex and the float-guided certificate give the same optimum (two computations)."""

from fractions import Fraction as F

import pytest

from exactpriv.distributions import Prior
from exactpriv.exact.lp import solve_lp
from exactpriv.exact.lp.exact_simplex import MAX_EXACT_VARIABLES, MAX_WARM_ENTRIES, solve_lp_exactly
from exactpriv.measures.distortion import h
from exactpriv.measures.distortion.optimal_lp import ratio_rows, optimal_distortion_identifiability
from exactpriv.spaces import Hamming


@pytest.mark.parametrize("skew", [1000, 10**4])
def test_skewed_prior_identifiability_lp_is_decided_exactly(skew):
    S = Hamming(range(2), 2)
    p = Prior.product(S, [[F(skew, skew + 1), F(1, skew + 1)]] * 2)
    t = F(2 * skew * skew)
    r = optimal_distortion_identifiability(p, t)
    assert r.lp.status == "optimal" and r.lp.certificate["method"] == "exact-simplex", r.lp
    assert "retried_after" in r.lp.certificate  # HiGHS' answers were tried first and failed
    assert r.value == h(None, 2, 2, exp_eps=t) == F(2, 2 * skew * skew + 1)


def _pd_i_lp(prior, t):
    S = prior.space
    N = S.size
    dist = S.distance_matrix().tolist()
    c = [d for drow in dist for d in drow]
    A_eq = [{x * N + y: 1 for y in range(N)} for x in range(N)]
    A_ub = ratio_rows(S, N, t)
    return c, dict(A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=list(prior.pmf))


@pytest.mark.parametrize("w,t", [((1, 2, 3, 4), F(3)), ((1, 1, 1, 1), F(2)), ((5, 1, 2, 9), F(20))])
def test_exact_simplex_agrees_with_the_float_guided_certificate(w, t):
    p = Prior(Hamming(range(2), 2), [F(v, sum(w)) for v in w])
    c, kw = _pd_i_lp(p, t)
    guided, exact = solve_lp(c, **kw), solve_lp_exactly(c, **kw)
    assert guided.status == "optimal" and exact is not None and exact.certified
    assert exact.objective == guided.objective


def test_large_lps_are_left_to_the_float_guided_path():
    # 81 variables: beyond the from-scratch simplex, within the warm start (the same optimum as the guided
    # certificate); 256 variables on {0,1}^4: a 1,040-row tableau, beyond both
    p = Prior.uniform(Hamming(range(3), 2))
    c, kw = _pd_i_lp(p, F(2))
    warm = solve_lp_exactly(c, **kw)
    assert len(c) > MAX_EXACT_VARIABLES and warm is not None and warm.objective == solve_lp(c, **kw).objective
    c, kw = _pd_i_lp(Prior.uniform(Hamming(range(2), 4)), F(2))
    assert len(kw["A_ub"]) * len(c) > MAX_WARM_ENTRIES and solve_lp_exactly(c, **kw) is None


def test_an_empty_dual_from_highs_is_no_candidate_and_the_lp_is_still_decided():
    """A 10⁵:1 prior at e^ε = 10¹⁵: HiGHS 1.16 reports an empty row_dual as valid; the certificate search
    raised IndexError on it.  Now a wrong-length vector is no candidate, and the exact fallback decides the LP
    at Theorem 1 (20)'s value."""
    skew = 10**5
    S = Hamming(range(2), 2)
    p = Prior.product(S, [[F(skew, skew + 1), F(1, skew + 1)]] * 2)
    t = F(10**15)
    r = optimal_distortion_identifiability(p, t)
    assert r.lp.status == "optimal" and r.lp.certificate["method"] == "exact-simplex", r.lp
    assert r.value == h(None, 2, 2, exp_eps=t) == F(2, 10**15 + 1)


def test_the_exact_checks_refuse_vectors_of_the_wrong_length():
    from exactpriv.exact.lp.certificate import check_dual, check_primal
    from exactpriv.exact.lp.problem import validated_problem

    p = Prior(Hamming(range(2), 2), [F(1, 4)] * 4)
    c, kw = _pd_i_lp(p, F(2))
    P = validated_problem(c, kw["A_ub"], kw["b_ub"], kw["A_eq"], kw["b_eq"], None, "min")
    assert check_dual(P, P.c, [])[1] == f"0 multipliers for {P.m} rows"
    assert "3 values" in check_primal(P, [F(0)] * 3)


@pytest.mark.parametrize("skew", [16, pytest.param(20, marks=pytest.mark.slow)])
def test_a_skewed_prior_beyond_sixteen_to_one_on_three_records_is_decided_from_highs_basis(skew):
    # issue 24: the 64-variable PD-I LP of {0,1}^3 with a prior skewed skew:1 per record at e^ε = skew² — HiGHS'
    # vertices are feasible only within its tolerance (UNDECIDED before), too large for the from-scratch exact
    # simplex: exact dual/primal pivots from HiGHS' final basis, certified by the exact duality checks; the value
    # is Theorem 1 (20)'s h(ε) = n/(1 + e^ε/(m − 1))
    S = Hamming(range(2), 3)
    p = Prior.product(S, [[F(skew, skew + 1), F(1, skew + 1)]] * 3)
    t = F(skew * skew)
    r = optimal_distortion_identifiability(p, t)
    assert r.lp.status == "optimal" and r.lp.certificate["method"] == "exact-simplex", r.lp
    assert "HiGHS' final basis" in r.lp.certificate["solver"] and "retried_after" in r.lp.certificate
    assert r.value == h(None, 3, 2, exp_eps=t) == F(3, skew * skew + 1)


@pytest.mark.parametrize("w,t", [((1, 2, 3, 4, 5, 6, 7, 8), F(20)), ((8, 1, 1, 2, 1, 3, 2, 9), F(50))])
def test_the_warm_started_exact_simplex_agrees_with_the_float_guided_certificate(w, t):
    # two computations on well-conditioned 64-variable LPs (beyond the from-scratch limit: the warm start runs)
    p = Prior(Hamming(range(2), 3), [F(v, sum(w)) for v in w])
    c, kw = _pd_i_lp(p, t)
    assert len(c) > MAX_EXACT_VARIABLES
    guided, exact = solve_lp(c, **kw), solve_lp_exactly(c, **kw)
    assert guided.status == "optimal" and exact is not None and exact.certified
    assert "HiGHS' final basis" in exact.certificate["solver"] and exact.objective == guided.objective


@pytest.mark.slow
@pytest.mark.parametrize("m,n,skew", [(2, 3, 1000), (3, 2, 100)])
def test_larger_skews_are_decided_exactly_too(m, n, skew):
    # a 1,000:1 prior at e^ε = 10^6: HiGHS' presolve calls the LP infeasible (no basis, no Farkas certificate);
    # its simplex without presolve gives the start.  {0,1,2}^2 (81 variables) at 100:1
    S = Hamming(range(m), n)
    p = Prior.product(S, [[F(skew, skew + m - 1)] + [F(1, skew + m - 1)] * (m - 1)] * n)
    t = F(skew * skew)
    r = optimal_distortion_identifiability(p, t)
    assert r.lp.status == "optimal" and r.value == h(None, n, m, exp_eps=t)


# Three of the seven PD-I LPs that `exactpriv hunt wang2016.thm1` (seed 0, default effort) drew on {0,1}^3 and left
# UNDECIDED in session 7 ("not certified": neither HiGHS algorithm's vertex is exactly feasible); the exact fallback
# now decides them, each at Theorem 1 (20)'s h(ε) = 3/(1 + e^ε) (ε >= ε̃_X for each prior).
HUNTED = [
    ([F(2744, 4913), F(588, 4913), F(588, 4913), F(126, 4913), F(588, 4913), F(126, 4913), F(126, 4913),
      F(27, 4913)], F(79517, 17000)),
    ([F(4, 21), F(11, 84), F(3, 28), F(13, 84), F(3, 28), F(3, 28), F(4, 21), F(1, 84)], F(633, 17)),
    ([F(11, 78), F(1, 78), F(4, 39), F(7, 78), F(2, 13), F(1, 78), F(1, 39), F(6, 13)], F(243, 5)),
]


@pytest.mark.parametrize("pmf,t", HUNTED)
def test_the_hunted_pd_i_lps_of_theorem_1_are_decided(pmf, t):
    S = Hamming(range(2), 3)
    r = optimal_distortion_identifiability(Prior(S, pmf), t)
    assert r.lp.status == "optimal", r.lp
    assert r.value == h(None, 3, 2, exp_eps=t) == 3 / (1 + t)
