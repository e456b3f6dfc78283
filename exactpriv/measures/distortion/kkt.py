"""The KKT check of PD-MIP with the paper's multipliers.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016, Theorem 2, eq. (94).

Stationarity is verified term by term in exact log-forms
(:class:`~exactpriv.exact.logforms.LogForm`), never by a convex solver; ``convention`` says how the
undefined ln 0/0 terms at ε = ε̃_X are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from .hfunction import expected_distortion, h
from .inputs import check_exp_eps, check_prior_on_Dn

__all__ = ["KKTResult", "kkt_check_pdmip"]


# ======================================================================================
# Theorem 2: KKT (94) and the rate–distortion certificate
# ======================================================================================
@dataclass(frozen=True)
class KKTResult:
    """Outcome of :func:`kkt_check_pdmip`.

    decision : TRUE iff primal feasibility, dual feasibility, complementary slackness and the
        stationarity (94) hold exactly at every (x, y) (with the chosen convention at zero outputs)
    stationarity_violations : (x, y) pairs where (94) evaluates to a non-zero number
    undefined : (x, y) pairs where (94) contains ln(0/0) (p_Y(y) = 0, only at ε = ε̃_X)
    multipliers : {"lambda": LogForm, "mu": {x: LogForm}, "eta": 0}
    D : the distortion constraint h(ε)
    """

    decision: Decision
    stationarity_violations: tuple = ()
    undefined: tuple = ()
    multipliers: dict = field(default_factory=dict)
    D: Any = None
    mechanism: Any = None


def kkt_check_pdmip(prior, exp_eps, *, convention: str = "literal") -> KKTResult:
    """Verify the KKT conditions of PD-MIP ((31)–(34)) at E_i with the multipliers of Wang–Ying–Zhang's
    proof of Theorem 2, exactly.

    Stationarity (94): p_X(x) ln(p(y|x)/p_Y(y)) + λ p_X(x) d(x,y) + μ(x) - η(x,y) = 0 with
    λ = h^{-1}(D) = ε, μ(x) = p_X(x) ln[p_X(x)(1 + (m-1)e^{-ε})^n], η = 0; D = h(ε).  Every term
    is a LogForm, so "= 0" is decided exactly.  Also checked: primal feasibility (E_i is a
    mechanism with E[d] = D), dual feasibility (λ >= 0, η >= 0), complementary slackness.

    ``convention``: "literal" — at outputs with p_Y(y) = 0 (ε = ε̃_X) the term ln(0/0) is
    undefined and the pair is reported in ``undefined`` (the decision is then FALSE: (94) does not
    hold as written); "posterior" — there ln(p(y|x)/p_Y(y)) is read as ln(p(x|y)/p_X(x)) with the
    posterior (88)/(61), its continuous extension.
    Raises SupportError when ε < ε̃_X (E_i is not a mechanism).
    """
    from exactpriv.mechanisms.zoo import wang_E_i

    space, n, m = check_prior_on_Dn(prior, "kkt_check_pdmip")
    t = check_exp_eps(exp_eps)
    if convention not in ("literal", "posterior"):
        raise InvalidArgument(f"convention={convention!r} must be 'literal' or 'posterior'")
    prior.require_full_support("PD-MIP's multipliers mu(x) = p_X(x) ln[p_X(x)(...)] need p_X(x) > 0")
    if t == 1:
        raise InvalidArgument("exp_eps = 1 (eps = 0): E_i is undefined (K singular); use exp_eps > 1")
    E = wang_E_i(prior, exp_eps=t)
    N = space.size
    Z = ((t + m - 1) / t) ** n  # (1 + (m-1)e^{-eps})^n
    D = h(None, n, m, exp_eps=t)
    lam = LogForm.log(t)
    mu = [p * LogForm.log(p * Z) for p in prior.pmf]
    p_y = [sum((prior.pmf[x] * E.rows[x][y] for x in range(N)), Fraction(0)) for y in range(N)]
    dist = space.distance_matrix().tolist()
    viol, undefined = [], []
    for x in range(N):
        px = prior.pmf[x]
        for y in range(N):
            w = E.rows[x][y]
            if p_y[y] == 0:
                if convention == "literal":
                    undefined.append((space.points[x], space.points[y]))
                    continue
                ratio_log = LogForm.log(t ** (-dist[x][y]) / (Z * px))  # ln p(x|y)/p_X(x), (61)
            else:
                ratio_log = LogForm.log(w / p_y[y])
            s = px * ratio_log + px * dist[x][y] * lam + mu[x]
            if not s.is_zero:
                viol.append((space.points[x], space.points[y]))
    dist_E = expected_distortion(E, prior)
    parts = []
    if dist_E != D:
        parts.append(f"primal: E[d] = {dist_E} != D = {D}")
    if viol:
        parts.append(f"stationarity (94) fails at {len(viol)} pairs, e.g. (x, y) = {viol[0]}")
    if undefined:
        parts.append(f"stationarity (94) is undefined (ln 0/0, p_Y(y) = 0) at {len(undefined)} pairs, "
                     f"e.g. (x, y) = {undefined[0]}")
    mult = {"lambda": lam, "mu": {space.points[x]: mu[x] for x in range(N)}, "eta": 0}
    if parts:
        dec = Decision.false("logform-exact", "; ".join(parts),
                             certificate={"undefined": len(undefined), "violations": len(viol)})
    else:
        dec = Decision.true(
            "logform-exact",
            f"E_i at exp_eps={t}: primal feasible (E[d] = h = {D}), lambda = eps >= 0, eta = 0, complementary "
            f"slackness (E[d] = D), stationarity (94) = 0 exactly at all {N * N} pairs",
            certificate={"lambda": str(lam), "D": str(D), "convention": convention})
    return KKTResult(dec, tuple(viol), tuple(undefined), mult, D, E)
