"""R(D) = I(E_i) certified by Csiszár's dual bound.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016, Theorem 2.

R(D) >= −sD + Σ_x p(x) ln λ(x) whenever Σ_x p(x)λ(x)e^{−s d(x,y)} <= 1 for every y (Csiszár 1974;
Berger 1971, Thm 2.5.3).  With s = ε and λ(x) = 1/(p(x)(1+(m−1)e^{−ε})^n) the condition holds with
equality and the bound equals I(E_i) exactly, so I(E_i) = R(h(ε)) — also at ε = ε̃_X, where (94) is
undefined.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.result import Measured
from .hfunction import expected_distortion, h
from .inputs import check_exp_eps, check_prior_on_Dn

__all__ = ["rate_distortion_dual_bound", "RateDistortion", "rate_distortion_certificate"]


def rate_distortion_dual_bound(prior, D, *, exp_s, lam):
    """Csiszár's lower bound on the rate–distortion function R(D) of p_X on D^n, Hamming distortion.

    For any s >= 0 and λ(x) > 0 with c(y) = Σ_x p(x) λ(x) e^{-s d(x,y)} <= 1 for every y:
        R(D) >= -s D + Σ_x p(x) ln λ(x)
    (Csiszár 1974; Berger 1971, Thm 2.5.3: I(W) + s E_W[d] - Σ p ln λ = D(p_X W || μ) >= -ln μ(total)
    >= 0 for μ(x,y) = p_Y(y)p(x)λ(x)e^{-sd}, whose total mass Σ_y p_Y(y)c(y) is <= 1).

    ``exp_s`` = e^s (rational >= 1), ``lam`` a sequence of positive rationals aligned with the
    prior's points.  Returns (bound: LogForm, feasible: Decision, c: list of Fractions).
    """
    space, n, m = check_prior_on_Dn(prior, "rate_distortion_dual_bound")
    ts = check_exp_eps(exp_s, "exp_s")
    d = as_rational(D, "D")
    lam = [as_rational(v, f"lam[{k}]") for k, v in enumerate(lam)]
    if len(lam) != space.size:
        raise InvalidArgument(f"lam has {len(lam)} entries, expected {space.size}")
    if any(v <= 0 for v in lam):
        raise InvalidArgument("every lam[x] must be > 0")
    dist = space.distance_matrix().tolist()
    N = space.size
    c = [sum((prior.pmf[x] * lam[x] / ts ** dist[x][y] for x in range(N)), Fraction(0)) for y in range(N)]
    worst = max(range(N), key=lambda y: c[y])
    feas = (Decision.true("rational", f"max_y c(y) = {c[worst]} <= 1") if c[worst] <= 1 else
            Decision.false("rational", f"c({space.points[worst]}) = {c[worst]} > 1"))
    bound = -d * LogForm.log(ts) + sum((p * LogForm.log(l) for p, l in zip(prior.pmf, lam) if p != 0),
                                       LogForm.rational(0))
    return bound, feas, c


@dataclass(frozen=True, repr=False)
class RateDistortion(Measured):
    """R(D) at D = h(ε), certified (see :func:`rate_distortion_certificate`).

    Extra attributes: ``D``, ``exp_eps``, ``mechanism`` (E_i), ``mutual_information`` (I(X;Y) of E_i by
    definition (4), a LogForm), ``dual_bound`` (LogForm), ``decision`` (TRUE iff the bound is valid and
    equals I(E_i), so R(D) = I(E_i) exactly), ``c`` (the dual feasibility values c(y)).
    """

    D: Any = None
    exp_eps: Any = None
    mechanism: Any = None
    mutual_information: Any = None
    dual_bound: Any = None
    decision: Any = None
    c: tuple = ()

    def __repr__(self):
        return f"RateDistortion(D={self.D}, value={self.value}, decision={self.decision.truth.value})"


def rate_distortion_certificate(prior, exp_eps) -> RateDistortion:
    """R(h(ε)) = I(X;Y) under E_i (Wang–Ying–Zhang, Theorem 2), certified without a convex solver.

    Primal: E_i (29) is a mechanism with E[d] = h(ε) (checked exactly), so R(h(ε)) <= I(E_i), with
    I(E_i) computed from definition (4) as an exact LogForm
    (:func:`exactpriv.measures.information.mi_privacy`, method "exact").  Dual: Csiszár's bound
    (:func:`rate_distortion_dual_bound`) with s = ε and λ(x) = 1/(p_X(x)(1+(m-1)e^{-ε})^n).
    The value is R(D) (a LogForm) when both meet exactly; ``decision`` says whether they did.
    Needs ε >= ε̃_X (else SupportError) and ε > 0.
    """
    from exactpriv.mechanisms.zoo import wang_E_i
    from exactpriv.measures.information import mi_privacy

    space, n, m = check_prior_on_Dn(prior, "rate_distortion_certificate")
    t = check_exp_eps(exp_eps)
    if t == 1:
        raise InvalidArgument("exp_eps = 1 (eps = 0): E_i is undefined; use exp_eps > 1")
    prior.require_full_support("E_i divides by p_X(x)")
    E = wang_E_i(prior, exp_eps=t)
    D = h(None, n, m, exp_eps=t)
    dE = expected_distortion(E, prior)
    Z = ((t + m - 1) / t) ** n
    lam = [1 / (p * Z) for p in prior.pmf]
    bound, feas, c = rate_distortion_dual_bound(prior, D, exp_s=t, lam=lam)
    mi = mi_privacy(E, prior=prior, method="exact")
    I = mi.value
    parts = []
    if dE != D:
        parts.append(f"E[d] under E_i is {dE} != h = {D}")
    if not feas.is_true:
        parts.append(f"dual infeasible: {feas.reason}")
    if I is None or not (I - bound if isinstance(I, LogForm) else None) == 0:
        parts.append(f"I(E_i) = {I} differs from the dual bound {bound}")
    if parts:
        dec = Decision.false("logform-exact", "; ".join(parts))
        value, lo, hi = None, bound if feas.is_true else None, I
    else:
        dec = Decision.true("logform-exact",
                            f"R({D}) = I(E_i) = {bound}: dual bound (s = eps, lambda(x) = 1/(p(x) Z)) valid with "
                            f"c(y) <= 1 for all y, and equal to I(E_i) exactly",
                            certificate={"exp_s": str(t), "max_c": str(max(c)), "bound": str(bound)})
        value, lo, hi = I, None, None
    return RateDistortion("rate_distortion", value, lo, hi, witness={"prior": repr(prior), "exp_eps": str(t)},
                          method="primal E_i + Csiszar dual certificate", note="Wang–Ying–Zhang Theorem 2",
                          D=D, exp_eps=t, mechanism=E, mutual_information=I, dual_bound=bound, decision=dec,
                          c=tuple(c))
