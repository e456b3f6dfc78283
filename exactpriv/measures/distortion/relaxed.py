"""The relaxed privacy–distortion problem R-PD (22)–(27) and its dual certificate.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016, Fig. 3.

R-PD is PD-I in the joint with the marginal constraint (12) replaced by Σ q(x,y) = 1, an exact LP
(``method`` picks the joint, per-output posterior or distance-level formulation); the bound
D*_relaxed(ε) >= h(ε) for every ε is proved by :func:`relaxed_dual_certificate`, an explicit dual
solution checked symbolically in t = e^ε.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument, SpaceTooLargeError
from exactpriv.exact.decisions import Decision
from exactpriv.spaces import Hamming, describe_size
from .eps_tilde import sign_at_rational, roots_above_one
from .inputs import check_lp_size, check_exp_eps, check_n_m, EXP_EPS_SYMBOL, MAX_LP_VARIABLES
from .optimal_lp import lp_measured, ratio_rows, solve_certified, OptimalDistortion

__all__ = ["relaxed_distortion", "relaxed_dual_certificate"]


_RELAXED_METHODS = ("joint", "posterior", "levels")


def relaxed_distortion(n, m, exp_eps, *, method: str = "joint",
                       max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_relaxed(ε): the optimal value of R-PD (Wang–Ying–Zhang, (22)–(27)) on D^n, |D| = m; Lemma 1 says
    it equals h(ε).

    ``method``:
      * "joint" — R-PD itself, linearised in q(x, y) = p_Y(y) p(x|y): min Σ q d s.t.
        q(x,y) <= e^ε q(x',y), Σ_{x,y} q = 1, q >= 0  (N^2 variables);
      * "posterior" — one output y0 = (first value)^n: min Σ_x p(x|y0) d(x,y0) over posteriors
        satisfying (23)–(25) (N variables).  Equal to "joint" because the objective of R-PD is
        Σ_y p_Y(y) f_y, minimised by putting p_Y on the best y, and D^n is vertex-transitive
        (coordinate-wise cyclic shifts preserve d), so every f_y is the same;
      * "levels" — the posterior problem reduced by the stabiliser of y0 (coordinate permutations
        and permutations of D fixing y0's values act transitively on each sphere N_l(y0), and the
        LP is convex, so a symmetric optimum exists): variables r_l = p(x|y0) for d(x, y0) = l,
        min Σ_l l N_l r_l s.t. Σ_l N_l r_l = 1, r_{l-1} <= e^ε r_l, r_l <= e^ε r_{l-1}, r >= 0
        (n + 1 variables; N_l = C(n,l)(m-1)^l).
    ``posterior`` (methods "posterior"/"levels") is the optimal posterior p(·|y0) as a dict.
    """
    n, m = check_n_m(n, m)
    t = check_exp_eps(exp_eps)
    if method not in _RELAXED_METHODS:
        raise InvalidArgument(f"method={method!r} must be one of {_RELAXED_METHODS}")
    witness = {"n": n, "m": m, "exp_eps": str(t), "method": method}
    if method == "levels":
        Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
        c = [l * Nl[l] for l in range(n + 1)]
        A_ub = []
        for l in range(1, n + 1):
            A_ub.append({l - 1: 1, l: -t})
            A_ub.append({l: 1, l - 1: -t})
        res = solve_certified(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[dict(enumerate(Nl))], b_eq=[1])
        post = None
        if res.status == "optimal":
            post = {l: res.x[l] for l in range(n + 1)}
        return lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                            "R-PD (22)-(27) reduced to distance levels by symmetry", posterior=post)
    if m ** n > max_variables:
        raise SpaceTooLargeError(f"D^{n} with m = {m} has {describe_size(m ** n)} points, above "
                                 f"max_variables={max_variables:,}")
    space = Hamming(range(m), n)
    N = space.size
    if method == "posterior":
        check_lp_size(N, max_variables, "R-PD (posterior)")
        dist0 = space.distance_matrix()[:, 0].tolist()
        A_ub = [{a: 1, b: -t} for a, b in space.directed_edges().tolist()]
        res = solve_certified(dist0, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[{x: 1 for x in range(N)}], b_eq=[1])
        post = None
        if res.status == "optimal":
            post = {space.points[x]: res.x[x] for x in range(N)}
        return lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                            "R-PD (22)-(27) for one output y0 (vertex-transitivity)", posterior=post)
    check_lp_size(N * N, max_variables, "R-PD")
    dist = space.distance_matrix().tolist()
    c = [d for drow in dist for d in drow]
    A_ub = ratio_rows(space, N, t)
    res = solve_certified(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[{k: 1 for k in range(N * N)}], b_eq=[1])
    joint = None
    if res.status == "optimal":
        joint = {(space.points[x], space.points[y]): res.x[x * N + y] for x in range(N) for y in range(N)
                 if res.x[x * N + y] != 0}
    return lp_measured("relaxed_distortion", "R-PD", res, t, witness,
                        "R-PD (22)-(27) linearised in the joint q(x,y) = p_Y(y)p(x|y)", joint=joint)


@functools.lru_cache(maxsize=32)
def relaxed_dual_certificate(n, m) -> Decision:
    """Prove D*_relaxed(ε) >= h(ε) for *every* ε >= 0 on D^n, |D| = m, by an explicit dual certificate.

    For one output y (all are alike), the posterior LP min Σ_x p(x) d(x,y) s.t. p(u) <= t p(v) on
    every edge u ~ v, Σ p = 1, p >= 0 (t = e^ε) has the Lagrangian lower bound μ whenever
        d(u, y) - μ + Σ_{edges (u,v)} w_{uv} - t Σ_{edges (v,u)} w_{vu} >= 0 for every u,  w >= 0.
    Certificate: μ = h(ε); w = λ_l / E_l on each edge from level l-1 to level l (E_l = l N_l such
    edges), 0 elsewhere, with λ_l = t^{l-1} Σ_{k<l} (μ - k) N_k t^{-k}.  The check is symbolic in t:
    every reduced cost cancels to exactly 0 (sympy ``cancel``) and every λ_l (t+m-1) is a
    polynomial with no sign change on (1, oo) and nonnegative there (exact root isolation).
    R-PD's objective Σ_y p_Y(y) Σ_x p(x|y) d(x,y) is then >= μ as Σ_y p_Y(y) = 1.
    (General n, m: Σ_{k<l}(μ - k) w_k >= 0 because μ is the w-weighted mean of k.)
    """
    n, m = check_n_m(n, m)
    t = EXP_EPS_SYMBOL
    Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
    mu = sympy.Integer(n * (m - 1)) / (t + m - 1)
    lam = [sympy.Integer(0)] * (n + 2)
    for l in range(1, n + 1):
        lam[l] = sympy.cancel(sum(t ** (l - 1 - k) * (mu - k) * Nl[k] for k in range(l)))
    space = Hamming(range(m), n)
    N = space.size
    d0 = space.distance_matrix()[:, 0].tolist()
    red = [sympy.Integer(d0[u]) - mu for u in range(N)]
    for a, b in space.directed_edges().tolist():
        la, lb = d0[a], d0[b]
        if lb == la + 1:  # edge constraint p(a) <= t p(b), a at level l-1, b at level l
            l = lb
            w = lam[l] / (l * Nl[l])
            red[a] += w
            red[b] -= t * w
    bad = [space.points[u] for u in range(N) if sympy.cancel(red[u]) != 0]
    if bad:
        return Decision.false("symbolic-dual", f"reduced cost of {bad[0]} does not cancel", certificate={})
    for l in range(1, n + 1):
        P = sympy.Poly(sympy.cancel(lam[l] * (t + m - 1)), t)
        roots = roots_above_one([P])
        # sign on (1, oo): constant between roots; check at a sample in each gap
        pts = [Fraction(1) + (roots[0].lo - 1) / 2 if roots else Fraction(2)]
        pts += [(r1.hi + r2.lo) / 2 for r1, r2 in zip(roots, roots[1:])] + ([roots[-1].hi + 1] if roots else [])
        if any(sign_at_rational(P, q) < 0 for q in pts):
            return Decision.false("symbolic-dual", f"lambda_{l} is negative somewhere on t > 1", certificate={})
    return Decision.true(
        "symbolic-dual",
        f"R-PD >= h(eps) for all eps >= 0 on D^{n}, m = {m}: closed-form dual certificate verified symbolically",
        certificate={"mu": str(mu), "lambda": [str(v) for v in lam[1:n + 1]], "reduced_costs": "all cancel to 0",
                     "lambda_nonnegative_on": "t >= 1 (exact root isolation)"})
