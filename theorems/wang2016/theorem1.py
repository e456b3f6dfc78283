"""Wang–Ying–Zhang Theorem 1: at equal distortion the optimal ε of identifiability and DP differ by ≤ ε_X.

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016): §3, Theorem 1 and its consequences.

Main claims
-----------
* ``wang2016.thm1`` — Theorem 1, (20)-(21), in distortion form (D*_i, D*_d as certified LP optima) and
  in privacy form (ε*(D) via the monotonicity of D* and the all-ε relaxation certificate);
* ``wang2016.thm1.gap`` — 0 <= ε*_i(D) − ε*_d(D) <= ε_X on [0, h(ε̃_X)];
* ``wang2016.uniform`` — under a uniform prior DP and identifiability coincide;
* ``wang2016.relaxation`` — R-PD relaxes PD-I and PD-DP (Fig. 3, (28)); the implication
  ε-DP ⇒ (ε + ε_X)-identifiability read by the atlas.

Privacy-form statements are reduced to distortion form: D* is non-increasing in ε (the feasible sets
nest), so ε*(D) <= ln t iff D*(t) <= D (the LP optimum is attained), and ε*(D) >= h^{-1}(D) for every D
follows from D*(ε) >= h(ε) for every ε, which the relaxation and the closed-form dual certificate of R-PD
(:func:`~exactpriv.measures.distortion.relaxed_dual_certificate`, symbolic in t) give for all ε at once.
"""

from __future__ import annotations

import random

import sympy

from exactpriv.claims import Claim, Hypothesis, Instance, Outcome, Reading, Verdict, full_support_prior, implies
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, OO, as_rational
from exactpriv.measures.bayesian import eps_X
from exactpriv.measures.distortion import exp_h_inverse, h, h_inverse
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms import zoo

from theorems.wang2016.hypotheses import D_AT_MOST_H_TILDE, EPS_AT_LEAST_TILDE, T_DOMAIN, UNIFORM_PRIOR
from theorems.wang2016.instances import (
    FAM_ABOVE,
    FAM_ABOVE_MORE,
    FAM_ABOVE_SLOW,
    FAM_BELOW_X,
    FAM_BETWEEN,
    FAM_GRID,
    FAM_GRID_MORE,
    FAM_GRID_SLOW,
    FAM_GRID_ZEROS,
    GRID,
    above_tilde,
    cached_family,
    prior_t_family,
    priors,
    random_mechanism,
)
from theorems.wang2016.measured import eps_tilde, exp_eps_x, lower_bound_all_eps, pd_dp, pd_i, pd_relaxed, uncertified
from theorems.wang2016.search import (
    ALL_PRIORS_ANY_EPS,
    FULL_SUPPORT_ANY_EPS,
    FULL_SUPPORT_D_UP_TO_H_TILDE,
    FULL_SUPPORT_EPS_FROM_TILDE,
)
from theorems.wang2016.steps import F, compare_step, exp_eps_of, h_or_zero, shape, times


__all__ = [
    "EPS_X",
    "FAM_D",
    "FAM_DP_MECH",
    "FAM_D_SLOW",
    "FINITE_DP",
    "GAP",
    "OUTPUTS_ARE_DATABASES",
    "RELAXATION",
    "THM1",
    "UNIFORM",
    "dp_bounds_check",
    "gap_check",
    "relaxation_dp_check",
    "relaxation_pdi_check",
    "thm1_dp_check",
    "thm1_equality_check",
    "thm1_lower_check",
    "thm1_privacy_form_check",
    "uniform_check",
]


def dp_bounds_check(factor):
    """(21) with e^{ε_X} replaced by ``factor(prior)`` — for deliberately broken variants."""
    return lambda inst: _dp_bounds(inst.prior, exp_eps_of(inst), factor)


def _D_instances(prior):
    n, m = shape(prior)
    return [h(None, n, m, exp_eps=t) for t in above_tilde(prior)]


def _D_family(name, kinds=("product", "uniform", "correlated"), slow=False):
    def build():
        groups = priors("slow") if slow else sum((priors(k) for k in kinds), ())
        for label, p in groups:
            for D in _D_instances(p):
                yield Instance(f"{label}, D={D}", prior=p, params={"D": D})
    return cached_family(name, build, "rational D = h(t) for t >= t~", slow)


FAM_D = _D_family("prior x rational D <= h(eps~_X)")
FAM_D_SLOW = _D_family("D^3,m=3 prior x D <= h(eps~_X)", slow=True)


def thm1_equality_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    r = pd_i(p, t)
    und = uncertified((r, "PD-I"))
    if und is not None:
        return und
    return Outcome(compare_step(r.value, "==", h(None, n, m, exp_eps=t), f"D*_i = h at e^eps = {t} >= t~"),
                   {"D*_i": r.value})


def thm1_lower_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    r = pd_i(p, t)
    und = uncertified((r, "PD-I"))
    if und is not None:
        return und
    hh = h(None, n, m, exp_eps=t)
    if exp_eps_x(p) != OO and t < exp_eps_x(p):
        return Outcome(Decision.of(r.value == OO, "farkas", f"eps < eps_X: PD-I infeasible (D*_i = {r.value})"),
                       {"D*_i": r.value})
    return Outcome(compare_step(r.value, ">=", hh, f"D*_i >= h at e^eps = {t} >= e^eps_X"), {"D*_i": r.value, "h": hh})


def _dp_bounds(p, t, factor=None):
    """h(ε + ε_X) <= D*_d(ε) <= h(ε); ``factor`` replaces e^{ε_X} (for broken variants)."""
    n, m = shape(p)
    r = pd_dp(p, t)
    und = uncertified((r, "PD-DP"))
    if und is not None:
        return und
    lo = h_or_zero(n, m, times(t, exp_eps_x(p) if factor is None else factor(p)))
    return Outcome(Decision.all_of([compare_step(lo, "<=", r.value, "h(eps+eps_X) <= D*_d"),
                           compare_step(r.value, "<=", h(None, n, m, exp_eps=t), "D*_d <= h(eps)")], "(21)"),
                   {"D*_d": r.value, "lower": lo})


def thm1_dp_check(inst):
    return _dp_bounds(inst.prior, exp_eps_of(inst))


def thm1_privacy_form_check(inst):
    """At rational D <= h(ε̃_X): ε*_i(D) = h^{-1}(D) and max(h^{-1}(D) - ε_X, 0) <= ε*_d(D) <= max(h^{-1}(D), 0)."""
    p, D = inst.prior, as_rational(inst.params["D"], "D")
    n, m = shape(p)
    tD = exp_h_inverse(D, n, m)
    if eps_tilde(p).exp_compare(tD) < 0:
        return Decision.true("vacuous", f"D = {D} > h(eps~_X): outside (20)'s first line")
    ri, rd = pd_i(p, tD), pd_dp(p, max(tD, F(1)))
    und = uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    parts = [lower_bound_all_eps(n, m),
             compare_step(ri.value, "<=", D, f"D*_i(h^-1(D)) <= D, so eps*_i(D) <= h^-1(D) = ln {tD}"),
             compare_step(rd.value, "<=", D, "D*_d(max(h^-1(D),0)) <= D, so eps*_d(D) <= max(h^-1(D), 0)")]
    if ri.value > D:
        t2 = tD + F(1, 1000)
        if pd_i(p, t2).value > D:
            return Decision.false("lp+monotonicity", f"D*_i({t2}) = {pd_i(p, t2).value} > D = {D}: eps*_i(D) >= ln {t2} "
                                                     f"> h^-1(D) (D*_i is non-increasing)")
    return Outcome(Decision.all_of(parts, f"(20)-(21) at D = {D}"), {"D*_i(h^-1(D))": ri.value, "D*_d": rd.value})


THM1 = Claim(
    "wang2016.thm1", "Theorem 1",
    "§3, Theorem 1, eqs. (20), (21)",
    "For identifiability, the privacy–distortion function ε*_i of a database X with ε_X < +∞ satisfies "
    "ε*_i(D) = h^{-1}(D), 0 <= D <= h(ε̃_X); ε*_i(D) >= max{h^{-1}(D), ε_X}, h(ε̃_X) < D <= n. (20) For "
    "differential privacy, the privacy–distortion function ε*_d of a database X satisfies the following bounds for "
    "any D with 0 <= D <= n: max{h^{-1}(D) - ε_X, 0} <= ε*_d(D) <= max{h^{-1}(D), 0}. (21)",
    "value",
    [Reading("identifiability-equality", "for full-support p_X and eps >= eps~_X: D*_i(eps) = h(eps) (distortion "
                                         "form of (20), first line)",
             thm1_equality_check, [FAM_ABOVE, FAM_ABOVE_MORE, FAM_ABOVE_SLOW], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior, EPS_AT_LEAST_TILDE), strategy=FULL_SUPPORT_EPS_FROM_TILDE),
     Reading("identifiability-lower", "for full-support p_X: D*_i(eps) >= h(eps) for eps >= eps_X and "
                                      "D*_i(eps) = +oo for eps < eps_X (distortion form of (20), second line)",
             thm1_lower_check, [FAM_BETWEEN, FAM_BELOW_X, FAM_ABOVE], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior, T_DOMAIN),
             notes="Between eps_X and eps~_X the optimum is strictly above h (e.g. (1/2,1/3,1/6)^2 at e^eps = 7/2).",
             strategy=FULL_SUPPORT_ANY_EPS),
     Reading("dp-bounds", "h(eps + eps_X) <= D*_d(eps) <= h(eps) for every prior (h(oo) = 0 when eps_X = oo)",
             thm1_dp_check, [FAM_GRID, FAM_GRID_ZEROS, FAM_GRID_MORE, FAM_GRID_SLOW], expected=Verdict.CHECKED,
             hypotheses=(T_DOMAIN,), strategy=ALL_PRIORS_ANY_EPS),
     Reading("privacy-form", "for full-support p_X, at rational D <= h(eps~_X): eps*_i(D) = h^-1(D) and "
                             "max(h^-1(D) - eps_X, 0) <= eps*_d(D) <= max(h^-1(D), 0), via monotonicity of D* and "
                             "the all-eps certificate",
             thm1_privacy_form_check, [FAM_D, FAM_D_SLOW], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior, D_AT_MOST_H_TILDE),
             notes="eps*(D) <= ln t iff D*(t) <= D (D* non-increasing, optimum attained); the lower bounds hold "
                   "for all eps by the relaxation and relaxed_dual_certificate.",
             strategy=FULL_SUPPORT_D_UP_TO_H_TILDE)],
)


def gap_check(inst):
    """0 <= ε*_i(D) - ε*_d(D) <= ε_X at rational D <= h(ε̃_X)."""
    p, D = inst.prior, as_rational(inst.params["D"], "D")
    n, m = shape(p)
    tD = exp_h_inverse(D, n, m)
    ri, rd = pd_i(p, tD), pd_dp(p, tD)
    und = uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    parts = [lower_bound_all_eps(n, m),
             compare_step(ri.value, "<=", D, "eps*_i(D) <= h^-1(D) (with the lower bound: eps*_i(D) = h^-1(D))"),
             compare_step(rd.value, "<=", D, "eps*_d(D) <= h^-1(D) = eps*_i(D)")]
    tx = exp_eps_x(p)
    if tD / tx >= 1:  # sample of the other side: D*_d at h^-1(D) - eps_X is >= D (not below)
        parts.append(compare_step(pd_dp(p, tD / tx).value, ">=", D, f"D*_d(h^-1(D) - eps_X) >= D (e^eps = {tD / tx})"))
    return Outcome(Decision.all_of(parts, f"gap at D = {D}"), {"eps*_i": h_inverse(D, n, m)})


GAP = Claim(
    "wang2016.thm1.gap", "Corollary: 0 <= ε*_i(D) - ε*_d(D) <= ε_X on [0, h(ε̃_X)]",
    "abstract; §1 (i); §3 after Theorem 1",
    "From the theorem above, we can see that 0 <= ε*_i(D) - ε*_d(D) <= ε_X when 0 <= D <= h(ε̃_X).",
    "inequality",
    [Reading("literal", "for full-support p_X, at rational D <= h(eps~_X): eps*_d(D) <= eps*_i(D) = h^-1(D) <= "
                        "eps*_d(D) + eps_X",
             gap_check, [FAM_D, FAM_D_SLOW], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior, D_AT_MOST_H_TILDE))],
)


def uniform_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    ri, rd = pd_i(p, t), pd_dp(p, t)
    und = uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    hh = h(None, n, m, exp_eps=t)
    return Decision.all_of([compare_step(eps_X(p).value, "==", 0, "eps_X = 0"),
                   compare_step(eps_tilde(p).value, "==", 0, "eps~_X = 0"),
                   compare_step(ri.value, "==", rd.value, "D*_i == D*_d"),
                   compare_step(rd.value, "==", hh, "== h(eps)")], f"uniform prior, e^eps = {t}")


UNIFORM = Claim(
    "wang2016.uniform", "Uniform prior: DP is equivalent to identifiability",
    "§1 (i); §5",
    "When the input database has a uniform distribution, we have that ε*_i = ε*_d, i.e., differential privacy is "
    "equivalent to identifiability.",
    "equivalence",
    [Reading("literal", "uniform p_X: eps_X = eps~_X = 0 and D*_i(eps) = D*_d(eps) (= h(eps)) for every sampled "
                        "eps",
             uniform_check, [prior_t_family("uniform priors x e^eps grid", lambda p: GRID, kinds=("uniform",))],
             expected=Verdict.CHECKED, hypotheses=(UNIFORM_PRIOR, T_DOMAIN))],
)


EPS_X = sympy.Symbol("eps_X", positive=True)  # the prior's constant in the atlas map ε + ε_X


def _finite_dp(inst) -> bool:
    return inst.mechanism is not None and pure_dp(inst.mechanism).value != OO


def _outputs_are_databases(inst) -> bool:
    M = inst.mechanism
    return M is not None and tuple(M.outputs) == tuple(M.inputs.points)


FINITE_DP = Hypothesis("finite-dp", "the mechanism is ε-DP for a finite ε", _finite_dp)
OUTPUTS_ARE_DATABASES = Hypothesis("range-D^n", "the mechanism's range is R = D^n (Definition 1)",
                                   _outputs_are_databases)


def _rpd_feasible(joint, space, t) -> tuple[bool, str]:
    """Exact check that a joint q(x, y) (dict of nonzeros) satisfies (23)-(27) in joint form at e^ε = t."""
    total = sum(joint.values(), F(0))
    if total != 1:
        return False, f"total mass {total} != 1"
    if any(v < 0 for v in joint.values()):
        return False, "negative entry"
    pts = space.points
    for a, b in space.directed_edges().tolist():
        for y in pts:
            qa, qb = joint.get((pts[a], y), F(0)), joint.get((pts[b], y), F(0))
            if qa > t * qb:
                return False, f"q({pts[a]},{y}) = {qa} > {t}·q({pts[b]},{y}) = {t * qb}"
    return True, "(23)-(27) hold exactly"


def relaxation_pdi_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    r = pd_i(p, t)
    und = uncertified((r, "PD-I"))
    if und is not None:
        return und
    if r.value == OO:
        return Decision.true("vacuous", "PD-I infeasible: nothing to relax")
    ok, why = _rpd_feasible(r.joint, p.space, t)
    return Decision.all_of([Decision.of(ok, "exact", f"the PD-I optimum is R-PD feasible at the same eps: {why}"),
                   compare_step(pd_relaxed(n, m, t).value, "<=", r.value, "D*_relaxed(eps) <= D*_i(eps)")], "PD-I ⊆ R-PD")


def relaxation_dp_check(inst):
    M, p = inst.mechanism, inst.prior
    n, m = shape(p)
    lvl = pure_dp(M).value
    # (28) multiplies two ratio bounds, e^eps and e^eps_X: an infinite one leaves e^(eps+eps_X)·0 without a value
    # (Definition 1's mechanisms are eps-DP for a finite eps; eps_X is finite only for a full-support prior)
    if lvl == OO:
        raise InvalidArgument(f"mechanism={M.label or M!r} is eps-DP for no finite eps: (28)'s e^(eps+eps_X) has "
                              "no value (the reading assumes 'finite-dp')")
    tm = sympy.exp(lvl.to_sympy())
    t = F(int(tm.p), int(tm.q))
    tx = exp_eps_x(p)
    if tx == OO:
        raise InvalidArgument(f"prior={[str(v) for v in p.pmf]} has a zero next to a positive point: eps_X is infinite and "
                              "(28)'s e^(eps+eps_X)·0 has no value (the reading assumes 'full-support-prior')")
    joint = {(x, y): px * w for x, px, row in zip(p.space.points, p.pmf, M.rows) for y, w in zip(M.outputs, row)
             if px * w != 0}
    ok, why = _rpd_feasible(joint, p.space, t * tx)
    parts = [Decision.of(ok, "exact", f"p_X(x)p(y|x) of an eps-DP mechanism (e^eps = {t}) satisfies (28) with e^(eps+eps_X) = "
                       f"{t * tx}: {why}")]
    rd, rr = pd_dp(p, t), pd_relaxed(n, m, t * tx)
    parts.append(compare_step(rr.value, "<=", rd.value, f"D*_relaxed(eps+eps_X) <= D*_d(eps) at e^eps = {t}"))
    return Decision.all_of(parts, "PD-DP ⊆ R-PD via (28)")


def _dp_mech_build():
    rng = random.Random(28)
    for label, p in priors("product")[:4] + priors("correlated")[:3] + priors("uniform")[1:3]:
        n, m = shape(p)
        vals = list(p.space.alphabets[0])
        yield Instance(f"E_d(e^eps=2) on {label}", zoo.wang_E_d(vals, n, exp_eps=2), p)
        yield Instance(f"random positive mechanism on {label}", random_mechanism(rng, p.space, zeros=False, top=4), p)
        yield Instance(f"PD-DP optimum (e^eps=3) on {label}", pd_dp(p, F(3)).mechanism, p)


FAM_DP_MECH = cached_family("eps-DP mechanisms x full-support priors", _dp_mech_build)


RELAXATION = Claim(
    "wang2016.relaxation", "R-PD relaxes PD-I and PD-DP (Fig. 3, (28))",
    "§3, proof sketch of Theorem 1, (22)-(28), Figure 3",
    "Relaxing the constraint (12) in PD-I to the constraint (26) gives R-PD. ... For any neighboring x, x', "
    "p_X(x) <= e^{ε_X} p_X(x') ..., and a necessary condition for the constraint (15) to be satisfied is "
    "p_X(x)p_{Y|X}(y|x) <= e^{ε_d+ε_X} p_X(x')p_{Y|X}(y|x'). (28) Therefore, replacing constraint (15) with (28) "
    "and letting ε = ε_d + ε_X, we obtain R-PD. So R-PD can be regarded as a relaxation of both PD-I and PD-DP.",
    "implication",
    [Reading("pd-i", "the PD-I optimum (as a joint) is R-PD feasible at the same eps, and D*_relaxed <= D*_i",
             relaxation_pdi_check, [FAM_ABOVE, FAM_BETWEEN], expected=Verdict.CHECKED, hypotheses=(T_DOMAIN,)),
     Reading("pd-dp", "for eps-DP mechanisms with range D^n and full-support priors, the joint p_X(x)p(y|x) "
                      "satisfies (28), i.e. is R-PD feasible at eps + eps_X, and D*_relaxed(eps + eps_X) <= D*_d(eps)",
             relaxation_dp_check, [FAM_DP_MECH], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior, FINITE_DP, OUTPUTS_ARE_DATABASES),
             relations=(implies("pure_dp", "identifiability", EPS + EPS_X, "ε + ε_X",
                                conditions=("prior-constant",), composable=False),))],
)
