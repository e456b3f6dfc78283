"""Tests of semantic privacy and Bayesian semantic privacy (exactpriv.measures.semantic).

The measures are suprema over *all* beliefs; the module computes them by a proved two-point
reduction.  These tests check that reduction against brute force: (i) no belief — random
beliefs on the full space and fine grids on small simplices — ever exceeds the exact sup
(decided exactly, through the increasing inverse H^{-1}(s) = ((1+s)/(1-s))^2 of
H(R) = (sqrt R - 1)/(sqrt R + 1)), and (ii) the sup is approached within 10^-6 by rational
beliefs near the witness.  Plus hand values (Zhao) and bad input.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError
from exactpriv.exact.kernel import compare
from exactpriv.measures.semantic import (
    bayesian_semantic_privacy,
    is_bayesian_semantic_privacy,
    is_semantic_privacy,
    semantic_privacy,
    sd_from_cross_ratio,
    sup_posterior_sd,
)
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import count_query_geometric, randomized_response
from exactpriv.spaces import Hamming

RR = randomized_response(p=Fraction(3, 4))
DELTA = Fraction(1, 10**6)


# ----------------------------------------------------------------------------- helpers
def _ints(vec):
    """Integer vector proportional to a vector of rationals (SD is invariant under scaling u, v, b)."""
    vec = [q if isinstance(q, Fraction) else Fraction(q) for q in vec]
    d = math.lcm(*(q.denominator for q in vec))
    return [q.numerator * (d // q.denominator) for q in vec]


def sd_of_belief(b, u, v):
    """SD(b_0, b_i) = 1/2 Σ_x |b_x u_x/U - b_x v_x/V| for b_0 ∝ b u, b_i ∝ b v (Zhao eqs.
    (2)-(4)), in exact integer arithmetic; None if a posterior is undefined (U = 0 or V = 0)."""
    b, u, v = _ints(b), _ints(u), _ints(v)
    U = sum(bx * ux for bx, ux in zip(b, u))
    V = sum(bx * vx for bx, vx in zip(b, v))
    if U == 0 or V == 0:
        return None
    return Fraction(sum(abs(bx * (ux * V - vx * U)) for bx, ux, vx in zip(b, u, v)), 2 * U * V)


def h_inverse(s: Fraction):
    """((1+s)/(1-s))^2, the inverse of the increasing map R -> (sqrt R - 1)/(sqrt R + 1); oo at s = 1."""
    return sympy.oo if s >= 1 else ((1 + s) / (1 - s)) ** 2


def at_most_sup(sd: Fraction, R) -> bool:
    """sd <= H(R), decided exactly."""
    if R == sympy.oo:
        return sd <= 1
    inv = h_inverse(sd)
    return inv != sympy.oo and inv <= R


def approaches(sd: Fraction, R) -> bool:
    """sd >= H(R) - DELTA, decided exactly."""
    s = sd + DELTA
    inv = h_inverse(s)
    return inv == sympy.oo or inv >= R


def rand_belief(rng, k):
    while True:
        w = [rng.randint(0, 6) for _ in range(k)]
        if sum(w):
            return [Fraction(a, sum(w)) for a in w]


def near_optimal_beliefs(witness, labels):
    """Rational beliefs close to the witness's optimal two-point belief (floats only pick the
    rational points; every assertion is exact)."""
    x, z = witness["pair"]
    out = []
    bel = witness["belief"]
    if isinstance(bel, dict) and all(isinstance(w, Fraction) for w in bel.values()):
        cands = [bel[x]]  # exact optimal weights
    elif isinstance(bel, dict) and all(isinstance(w, sympy.Basic) for w in bel.values()):
        cands = [Fraction(float(bel[x])).limit_denominator(10**9)]
    else:
        cands = [Fraction(1, 10**8), Fraction(1, 2), 1 - Fraction(1, 10**8)]
    for wx in cands:
        b = [Fraction(0)] * len(labels)
        b[labels.index(x)] += wx
        b[labels.index(z)] += 1 - wx
        out.append(b)
    return out


# ----------------------------------------------------------------------------- (a) hand values
def test_rr_semantic_privacy_by_hand():
    """RR(3/4) on one bit, ⊥ = 0: v_x = P(y|⊥) for both x; at y = 0, u = (3/4, 1/4), v = (3/4, 3/4),
    slopes v/u = (1, 3), R = 3, so SP = (sqrt 3 - 1)/(sqrt 3 + 1) = 2 - sqrt 3 = tanh(log(3)/4).
    Zhao's uniform two-point belief (Zhao, proof of Thm 2) gives only 1/2 - 1/(3+1) = 1/4."""
    m = semantic_privacy(RR)
    assert compare(m.value, "==", 2 - sympy.sqrt(3)).is_true
    assert m.witness["cross_ratio"] == 3 and m.witness["attained"]
    assert sd_of_belief([Fraction(1, 2)] * 2, [Fraction(3, 4), Fraction(1, 4)], [Fraction(3, 4)] * 2) == Fraction(1, 4)
    assert is_semantic_privacy(RR, Fraction(27, 100)).is_true
    assert is_semantic_privacy(RR, Fraction(1, 4)).is_false


def test_geometric_count_semantic_privacy_by_hand():
    """count + truncated geometric, n = 2, e^eps = 2 (rows c=0: (2/3,1/6,1/6), c=1: (1/3,1/3,1/3),
    c=2: (1/6,1/6,2/3)).  Record 0, ⊥ = 0, y = 1: x = (1,0): u = 1/3, v = P(1|(0,0)) = 1/6;
    z = (1,1): u = 1/6, v = 1/3; R = (1/2)^-1 * 2 = 4 = e^{2 eps}, SP = (2-1)/(2+1) = 1/3, attained by
    the uniform belief on {x, z} (weights ∝ sqrt(u_z v_z) = sqrt(u_x v_x))."""
    M = count_query_geometric(2, exp_eps=2)
    m = semantic_privacy(M)
    assert m.value == Fraction(1, 3)
    assert m.witness["cross_ratio"] == 4
    assert set(m.witness["belief"].values()) == {Fraction(1, 2)} or set(m.witness["belief"].values()) == {
        sympy.Rational(1, 2)}


def test_identity_channel_sup_is_one_not_attained():
    """Y = X on one bit, ⊥ = 0: at y = 0, u = (1, 0), v = (1, 1): x=1 has u = 0 < v (slope oo), so
    SD -> 1 as the belief concentrates on x = 1 but b_0 = δ_0 is never at distance 1 from b_i."""
    M = Mechanism(Hamming((0, 1), 1), [0, 1], [[1, 0], [0, 1]])
    m = semantic_privacy(M)
    assert m.value == 1 and m.witness["attained"] is False and "not attained" in m.method


def test_sup_attained_at_one():
    """u = (1, 0), v = (0, 1): b_0 = δ_x and b_i = δ_z for every two-point belief: SD = 1, attained."""
    val, wit = sup_posterior_sd([1, 0], [0, 1])
    assert val == 1 and wit["attained"] is True
    assert sd_of_belief([Fraction(1, 3), Fraction(2, 3)], [1, 0], [0, 1]) == 1


def test_no_valid_belief():
    assert sup_posterior_sd([0, 0], [1, 2]) == (None, {})
    assert sup_posterior_sd([1, 2], [0, 0]) == (None, {})


def test_sd_from_cross_ratio_values():
    assert sd_from_cross_ratio(1) == 0
    assert sd_from_cross_ratio(9) == Fraction(1, 2)
    assert sd_from_cross_ratio(sympy.oo) == 1
    # (sqrt 2 - 1)/(sqrt 2 + 1) = (sqrt 2 - 1)^2 = 3 - 2 sqrt 2
    assert compare(sd_from_cross_ratio(2), "==", (sympy.sqrt(2) - 1) / (sympy.sqrt(2) + 1)).is_true


# ----------------------------------------------------------------------------- (b) brute force
def test_reduction_against_beliefs_on_random_likelihoods():
    """sup_posterior_sd: 300 random likelihood vectors (length 2-4, with zeros); 40 random beliefs
    each plus a grid of step 1/12 on the simplex never exceed the sup; rational beliefs near the
    witness come within 10^-6 of it."""
    rng = random.Random(3)
    for _ in range(300):
        k = rng.randint(2, 4)
        u = [Fraction(rng.randint(0, 5), 5) for _ in range(k)]
        v = [Fraction(rng.randint(0, 5), 5) for _ in range(k)]
        val, wit = sup_posterior_sd(u, v)
        if val is None:
            assert all(sd_of_belief(rand_belief(rng, k), u, v) is None for _ in range(20))
            continue
        R = wit["cross_ratio"]
        assert sd_from_cross_ratio(R) == val
        beliefs = [rand_belief(rng, k) for _ in range(40)]
        if k <= 3:
            beliefs += [[Fraction(a, 12), Fraction(b, 12), Fraction(12 - a - b, 12)][:k] for a in range(13)
                        for b in range(13 - a) if k == 3 or a + b == 12]
        for b in beliefs:
            sd = sd_of_belief(b, u, v)
            if sd is not None:
                assert at_most_sup(sd, R), (u, v, b, sd, R)
        best = max(sd_of_belief(b, u, v) or 0 for b in near_optimal_beliefs(wit, list(range(k))))
        assert approaches(best, R), (u, v, wit)


def _rand_mech(rng, space, n_out):
    rows = []
    for _ in range(space.size):
        while True:
            w = [rng.randint(0, 3) for _ in range(n_out)]
            if sum(w):
                rows.append([Fraction(a, sum(w)) for a in w])
                break
    return Mechanism(space, list(range(n_out)), rows)


def test_semantic_privacy_against_beliefs_on_the_whole_space():
    """Definition 1 of Zhao by brute force on D^n: for 120 random mechanisms on {0,1}^2 or
    {0,1,2}^1, the posteriors b_0, b_i are built from the rows of P(y|x) and P(y|x_{-i}) directly;
    random beliefs on all of D^n never exceed SP(M), and the witness belief approaches it."""
    rng = random.Random(11)
    spaces = [Hamming((0, 1), 2), Hamming((0, 1, 2), 1), Hamming((0, 1), 1)]
    for _ in range(120):
        space = rng.choice(spaces)
        M = _rand_mech(rng, space, rng.randint(2, 3))
        default = rng.choice(space.records[0])
        m = semantic_privacy(M, default=default)
        R = m.witness["cross_ratio"]
        assert sd_from_cross_ratio(R) == m.value
        pts = list(space.points)
        best = Fraction(0)
        for i in range(space.n):
            for y in M.outputs:
                u = [M.prob(y, x) for x in pts]
                v = [M.prob(y, x[:i] + (default,) + x[i + 1:]) for x in pts]
                for _ in range(25):
                    sd = sd_of_belief(rand_belief(rng, len(pts)), u, v)
                    if sd is not None:
                        assert at_most_sup(sd, R)
                if i == m.witness["record"] and y == m.witness["output"]:
                    for b in near_optimal_beliefs(m.witness, pts):
                        best = max(best, sd_of_belief(b, u, v) or 0)
        assert approaches(best, R)


def test_semantic_privacy_at_most_tanh_half_pure_dp():
    """x and x_{-i} are equal or neighbours, so R <= e^{2 eps} and SP <= (e^eps - 1)/(e^eps + 1)
    for an eps-DP mechanism (pure DP computed naively here)."""
    rng = random.Random(5)
    for _ in range(100):
        space = rng.choice([Hamming((0, 1), 2), Hamming((0, 1, 2), 1)])
        M = _rand_mech(rng, space, 3)
        ratios = [M.rows[a][y] / M.rows[b][y] if M.rows[b][y] else (sympy.oo if M.rows[a][y] else None)
                  for a, b in space.directed_edges().tolist() for y in range(3)]
        ratios = [r for r in ratios if r is not None]
        sp = semantic_privacy(M).value
        if any(r == sympy.oo for r in ratios):
            continue
        e = max(ratios)
        assert compare(sp, "<=", (e - 1) / (e + 1)).is_true


def naive_bsp_likelihoods(M, prior, i, S, y, default, game_i, null_events="skip_undefined"):
    """(configs, u, v) of Zhao (9), (15) computed by summing over x_K with prior conditionals
    (with S = N∖{i} and "skip_undefined" nothing is integrated: the rows of x and x_{-i})."""
    sp = M.inputs
    pts = sp.points
    n = sp.n

    def cond(fix, y, swap_default=False):
        if len(fix) == n and null_events == "skip_undefined":
            x = tuple(fix[j] for j in range(n))
            xx = x[:i] + (default,) + x[i + 1:] if swap_default else x
            return M.prob(y, xx)
        num = den = Fraction(0)
        for x, p in zip(pts, prior.pmf):
            if p and all(x[j] == v for j, v in fix.items()):
                den += p
                xx = x[:i] + (default,) + x[i + 1:] if swap_default else x
                num += p * M.prob(y, xx)
        return None if den == 0 else num / den

    configs, u, v = [], [], []
    for xi in sp.records[i]:
        for xS in itertools.product(*(sp.records[j] for j in S)):
            fix = dict(zip(S, xS))
            fix[i] = xi
            uu = cond(fix, y)
            if game_i == "resample":
                fb = dict(fix)
                fb[i] = default
                vv = cond(fb, y)
            else:
                vv = cond(fix, y, swap_default=True)
            if uu is None or vv is None:
                continue  # configuration with undefined likelihood: excluded
            configs.append((xi, xS))
            u.append(uu)
            v.append(vv)
    return configs, u, v


def naive_cross_ratio(u, v):
    """max over pairs of (u_x v_z)/(v_x u_z) by enumeration (pairs with a 0/0 factor skipped;
    a positive/0 factor gives oo); None when no belief defines both posteriors."""
    if not any(u) or not any(v):
        return None
    best = Fraction(1)
    for (ux, vx), (uz, vz) in itertools.product(zip(u, v), repeat=2):
        if (ux == 0 and vx == 0) or (uz == 0 and vz == 0):
            continue
        num, den = ux * vz, vx * uz
        if den == 0:
            if num > 0:
                return sympy.oo
            continue
        best = max(best, num / den)
    return best


def test_naive_cross_ratio_matches_reduction():
    rng = random.Random(23)
    for _ in range(200):
        k = rng.randint(1, 4)
        u = [Fraction(rng.randint(0, 3), 3) for _ in range(k)]
        v = [Fraction(rng.randint(0, 3), 3) for _ in range(k)]
        val, wit = sup_posterior_sd(u, v)
        assert naive_cross_ratio(u, v) == (wit["cross_ratio"] if val is not None else None)


def test_bayesian_semantic_privacy_against_beliefs():
    """Definition 2 of Zhao by brute force on {0,1}^2 and {0,1}^3 with random (possibly
    correlated, possibly non-full-support) priors, both Game-i readings: random beliefs on the
    configurations x_{i+S} never exceed BSP, the sup of the per-(i,S,y) reductions equals it,
    and with full support BSP >= SP (S = N∖{i} is SP's game)."""
    rng = random.Random(17)
    for trial in range(40):
        space = rng.choice([Hamming((0, 1), 2), Hamming((0, 1), 3)])
        M = _rand_mech(rng, space, 2)
        w = [rng.randint(0 if trial % 2 else 1, 4) for _ in range(space.size)]
        if not sum(w):
            w[0] = 1
        prior = Prior(space, [Fraction(a, sum(w)) for a in w])
        game_i = rng.choice(["resample", "replace"])
        conv = ("skip_undefined", "skip_null")[trial % 4 // 2]
        m = bayesian_semantic_privacy(M, prior=prior, default=0, game_i=game_i, null_events=conv)
        R = m.witness.get("cross_ratio", Fraction(1))
        best_R = None
        for i in range(space.n):
            others = [j for j in range(space.n) if j != i]
            for r in range(len(others) + 1):
                for S in itertools.combinations(others, r):
                    for y in M.outputs:
                        configs, u, v = naive_bsp_likelihoods(M, prior, i, S, y, 0, game_i, conv)
                        if not configs:
                            continue
                        Ry = naive_cross_ratio(u, v)
                        if Ry is None:
                            continue
                        if best_R is None or Ry == sympy.oo or (best_R != sympy.oo and Ry > best_R):
                            best_R = Ry
                        for _ in range(8):
                            sd = sd_of_belief(rand_belief(rng, len(u)), u, v)
                            if sd is not None:
                                assert at_most_sup(sd, R)
        assert best_R == R
        if conv == "skip_undefined" or all(p > 0 for p in prior.pmf):
            assert compare(m.value, ">=", semantic_privacy(M, default=0).value).is_true


# ----------------------------------------------------------------------------- (c) bad input
def test_bad_inputs():
    u = Prior.uniform(RR.inputs)
    with pytest.raises(InvalidArgument, match="all beliefs"):
        semantic_privacy(RR, prior=u)
    with pytest.raises(InvalidArgument, match="default=7"):
        semantic_privacy(RR, default=7)
    with pytest.raises(SpaceMismatchError):
        bayesian_semantic_privacy(RR, prior=Prior.uniform(Hamming((0, 1), 2)))
    with pytest.raises(InvalidArgument, match="prior"):
        bayesian_semantic_privacy(RR)
    with pytest.raises(InvalidArgument, match="game_i"):
        bayesian_semantic_privacy(RR, prior=u, game_i="swap")
    with pytest.raises(NotExactError):
        is_semantic_privacy(RR, 0.3)
    with pytest.raises(NotExactError):
        is_bayesian_semantic_privacy(RR, 0.3, prior=u)
    with pytest.raises(InvalidArgument):
        sup_posterior_sd([1, 2], [1])
    with pytest.raises(NotExactError):
        sup_posterior_sd([0.5, 0.5], [1, 0])
