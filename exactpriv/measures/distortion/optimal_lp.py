"""Optimal distortion under ε-DP (PD-DP (14)–(17)) and ε-identifiability (PD-I (8)–(13)) as exact LPs.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016.

PD-DP is linear in p(y|x).  PD-I is bilinear in (p(x|y), p_Y) but linear in the joint
q(x, y) = p_Y(y)p(x|y): the posterior-ratio constraint (9) becomes q(x,y) <= t q(x',y).  Each LP is
solved by :func:`exactpriv.exact.lp.solve_lp` (HiGHS in floating point, then an exact certificate or
an exact re-solve on the optimal basis); an infeasible PD-I (below ε_X, Lemma 3) gives D* = +oo with
a checked Farkas certificate.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from exactpriv.exact.lp import LPResult, solve_lp
from exactpriv.exact.lp.exact_simplex import solve_lp_exactly
from exactpriv.mechanisms.base import Mechanism
from exactpriv.measures.result import Measured
from .inputs import check_lp_size, check_exp_eps, check_prior_on_Dn, MAX_LP_VARIABLES

__all__ = ["OptimalDistortion", "optimal_distortion_dp", "optimal_distortion_identifiability"]


# ======================================================================================
# privacy–distortion linear programs
# ======================================================================================
@dataclass(frozen=True, repr=False)
class OptimalDistortion(Measured):
    """An exactly certified optimal distortion D*(ε) (a :class:`Measured` whose value is a Fraction,
    ``sympy.oo`` when the problem is infeasible, or None with LP bounds when uncertified).

    Extra attributes: ``problem`` ("PD-DP", "PD-I", "R-PD"), ``exp_eps``, ``mechanism`` (an optimal
    mechanism when meaningful), ``joint`` (optimal q(x, y) for PD-I/R-PD, as a dict), ``posterior``
    (for the per-output R-PD forms), ``lp`` (the :class:`~exactpriv.exact.lp.LPResult` with its
    certificate).
    """

    problem: str = ""
    exp_eps: Any = None
    mechanism: Any = None
    joint: Any = None
    posterior: Any = None
    lp: Any = None

    @property
    def certified(self) -> bool:
        return self.lp is not None and self.lp.certified

    def __repr__(self):
        v = "uncertified" if self.value is None else self.value
        return f"OptimalDistortion({self.problem}, exp_eps={self.exp_eps}, value={v})"


def ratio_rows(space, N: int, t: Fraction):
    """Rows z[a, y] - t z[b, y] <= 0 for every directed neighbour pair (a, b) and output y."""
    rows = []
    for a, b in space.directed_edges().tolist():
        ra, rb = a * N, b * N
        for y in range(N):
            rows.append({ra + y: 1, rb + y: -t})
    return rows


def solve_certified(c, **kw) -> LPResult:
    """:func:`solve_lp`, retried once with the other HiGHS algorithm when the first answer cannot be
    certified.  Near-degenerate instances (e^ε just above ε̃_X, where p_Y almost vanishes) can make
    dual simplex return a basis that is feasible only within float tolerance, so that neither the
    rationalised point nor the exact basis solve is exactly feasible; interior point + crossover
    usually lands on an exactly certifiable vertex (and vice versa).  Both answers are certified
    the same way, so the retry cannot weaken anything."""
    res = solve_lp(c, **kw)
    if res.status != "uncertified":
        return res
    first = res.certificate.get("solver", "")
    other = "simplex" if "ipm" in first else "ipm"
    res2 = solve_lp(c, float_solver=other, **kw)
    if res2.status != "uncertified":
        res2.certificate["retried_after"] = f"{first}: {res.reason[:200]}"
        return res2
    # badly scaled data (priors skewed beyond 1,000:1 at large e^eps): HiGHS' vertices are feasible only
    # within its tolerance; small LPs are then solved by exact rational simplex and checked the same way
    exact = solve_lp_exactly(c, **kw)
    if exact is not None:
        exact.certificate["retried_after"] = f"{first} and {other}: {res.reason[:200]}"
        return exact
    return res


def lp_measured(name, problem, res: LPResult, t, witness, note, **extra) -> OptimalDistortion:
    """The measured value of one privacy–distortion LP: its certified optimum, or the LP's status with the reason."""
    if res.status == "optimal":
        value = res.objective
        method = f"certified LP ({res.certificate.get('method')})"
        lo = hi = None
    elif res.status == "infeasible":
        value, lo, hi = sympy.oo, None, None
        method = "certified LP infeasibility (Farkas)"
        note = (note + "; " if note else "") + "infeasible: D* = inf of the empty set = +oo"
    else:
        value = None
        enc = res.certificate.get("enclosure") or (None, None)
        lo, hi = enc
        method = "uncertified LP"
        note = (note + "; " if note else "") + f"uncertified: {res.reason}"
    return OptimalDistortion(name, value, lo, hi, witness=witness, method=method, note=note, problem=problem,
                             exp_eps=t, lp=res, **extra)


def optimal_distortion_dp(prior, exp_eps, *, max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_d(ε): the optimal value of PD-DP (Wang–Ying–Zhang, (14)–(17)) at e^ε = ``exp_eps``.

        min Σ_{x,y} p_X(x) p(y|x) d(x,y)  s.t.  p(y|x) <= e^ε p(y|x') (x ~ x', all y),
                                               Σ_y p(y|x) = 1,  p(y|x) >= 0.

    Solved by :func:`~exactpriv.exact.lp.solve_lp` and certified exactly.  ``mechanism`` is an
    optimal ε-DP mechanism (outputs = the points of D^n).  Theorem 1 (21):
    h(ε + ε_X) <= D*_d(ε) <= h(ε).
    """
    space, n, m = check_prior_on_Dn(prior, "optimal_distortion_dp")
    t = check_exp_eps(exp_eps)
    N = space.size
    check_lp_size(N * N, max_variables, "PD-DP")
    dist = space.distance_matrix().tolist()
    c = [p * d for p, drow in zip(prior.pmf, dist) for d in drow]
    A_eq = [{x * N + y: 1 for y in range(N)} for x in range(N)]
    A_ub = ratio_rows(space, N, t)
    res = solve_certified(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=[1] * N)
    mech = None
    if res.status == "optimal":
        rows = [res.x[x * N:(x + 1) * N] for x in range(N)]
        mech = Mechanism(space, list(space.points), rows, _built=f"<PD-DP optimum, exp_eps={t}>")
    return lp_measured("optimal_distortion_dp", "PD-DP", res, t, {"prior": repr(prior), "exp_eps": str(t)},
                        "Wang–Ying–Zhang PD-DP (14)-(17)", mechanism=mech)


def optimal_distortion_identifiability(prior, exp_eps, *, max_variables: int = MAX_LP_VARIABLES) -> OptimalDistortion:
    """D*_i(ε): the optimal value of PD-I (Wang–Ying–Zhang, (8)–(13)) at e^ε = ``exp_eps``.

    Linearised in the joint q(x, y) = p_Y(y) p(x|y) = p_X(x) p(y|x):

        min Σ q(x,y) d(x,y)  s.t.  q(x,y) <= e^ε q(x',y) (x ~ x', all y),  Σ_y q(x,y) = p_X(x),  q >= 0.

    (9) ⟺ the joint-ratio rows because p_Y(y) cancels (outputs with p_Y(y) = 0 have free posteriors,
    which can be chosen feasible).  Infeasible (value ``sympy.oo``, Farkas certificate) when
    ε < ε_X (Lemma 3).  ``mechanism`` is p(y|x) = q(x,y)/p_X(x) (full-support priors).
    Theorem 1 (20): D*_i(ε) = h(ε) for ε >= ε̃_X.
    """
    space, n, m = check_prior_on_Dn(prior, "optimal_distortion_identifiability")
    t = check_exp_eps(exp_eps)
    N = space.size
    check_lp_size(N * N, max_variables, "PD-I")
    dist = space.distance_matrix().tolist()
    c = [d for drow in dist for d in drow]
    A_eq = [{x * N + y: 1 for y in range(N)} for x in range(N)]
    A_ub = ratio_rows(space, N, t)
    res = solve_certified(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=list(prior.pmf))
    mech = joint = None
    if res.status == "optimal":
        joint = {(space.points[x], space.points[y]): res.x[x * N + y] for x in range(N) for y in range(N)
                 if res.x[x * N + y] != 0}
        if prior.has_full_support:
            rows = [[res.x[x * N + y] / prior.pmf[x] for y in range(N)] for x in range(N)]
            mech = Mechanism(space, list(space.points), rows, _built=f"<PD-I optimum, exp_eps={t}>")
    return lp_measured("optimal_distortion_identifiability", "PD-I", res, t,
                        {"prior": repr(prior), "exp_eps": str(t)},
                        "Wang–Ying–Zhang PD-I (8)-(13), linearised in the joint q(x,y)", mechanism=mech, joint=joint)
