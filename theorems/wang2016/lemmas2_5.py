"""Wang–Ying–Zhang Lemmas 2–5: the lower bounds (82)–(83), ε*_i ≥ ε_X, and E_i, E_d attain h(ε).

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016): Appendix A, Lemmas 2–5.

Main claims
-----------
* ``wang2016.lemma2`` — the lower bounds (82), (83) in distortion form;
* ``wang2016.lemma3`` — ε*_i(D) >= ε_X (PD-I infeasible below ε_X, Farkas certificates);
* ``wang2016.lemma4`` — E_i (29) is ε-identifiable with distortion h(ε) for ε >= ε̃_X;
* ``wang2016.lemma5`` — E_d (30) is ε-DP with distortion h(ε): checked on a grid of e^ε and priors; proved
  for every ε on the small spaces of :mod:`theorems.wang2016.exponential_mechanism` (not for general n, m).
"""

from __future__ import annotations

import random

import sympy

from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.errors import SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.measures.bayesian import eps_X, identifiability
from exactpriv.measures.distortion import expected_distortion, h
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import prove_zero
from exactpriv.spaces import Hamming

from theorems.wang2016.exponential_mechanism import SMALL_SPACES, e_d_form, prove_e_d
from theorems.wang2016.hypotheses import EPS_AT_LEAST_TILDE, EPS_BELOW_EPS_X, EPS_POSITIVE, T_DOMAIN
from theorems.wang2016.instances import (
    FAM_ABOVE,
    FAM_BELOW_X,
    FAM_BETWEEN,
    FAM_BOUNDARY,
    FAM_GRID,
    FAM_GRID_MORE,
    FAM_GRID_SLOW,
    FAM_GRID_ZEROS,
    cached_family,
    random_mechanism,
    random_prior,
)
from theorems.wang2016.measured import exp_eps_x, pd_dp, pd_i, uncertified
from theorems.wang2016.search import ALL_PRIORS_ANY_EPS, FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE
from theorems.wang2016.steps import compare_step, exp_eps_of, h_or_zero, shape, times


__all__ = [
    "FAM_ANY_OUTPUT",
    "LEMMA2",
    "LEMMA3",
    "LEMMA4",
    "LEMMA5",
    "lemma2_d_check",
    "lemma2_i_check",
    "lemma3_any_output_check",
    "lemma3_lp_check",
    "lemma4_check",
    "lemma5_check",
    "prove_lemma5",
    "prove_lemma5_small_spaces",
]


def lemma2_i_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    r = pd_i(p, t)
    und = uncertified((r, "PD-I"))
    return und if und is not None else Outcome(compare_step(r.value, ">=", h(None, n, m, exp_eps=t), "D*_i(eps) >= h(eps)"),
                                               {"D*_i": r.value})


def lemma2_d_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    r = pd_dp(p, t)
    lo = h_or_zero(n, m, times(t, exp_eps_x(p)))
    und = uncertified((r, "PD-DP"))
    return und if und is not None else Outcome(compare_step(r.value, ">=", lo, "D*_d(eps) >= h(eps + eps_X)"),
                                               {"D*_d": r.value, "bound": lo})


LEMMA2 = Claim(
    "wang2016.lemma2", "Lemma 2: lower bounds on ε*_i and ε*_d",
    "Appendix A, Lemma 2, eqs. (82), (83)",
    "The optimal value D*_relaxed(ε) = h(ε) of R-PD implies the following lower bounds for any D with 0 <= D <= n: "
    "ε*_i(D) >= h^{-1}(D), (82) ε*_d(D) >= max{h^{-1}(D) - ε_X, 0}. (83)",
    "inequality",
    [Reading("identifiability", "D*_i(eps) >= h(eps) for every eps (equivalent to (82): eps*(D) >= h^-1(D) for all "
                                "D iff D*(eps) >= h(eps) for all eps)",
             lemma2_i_check, [FAM_GRID, FAM_BETWEEN, FAM_GRID_MORE, FAM_GRID_SLOW], expected=Verdict.CHECKED,
             hypotheses=(T_DOMAIN,)),
     Reading("dp", "D*_d(eps) >= h(eps + eps_X) for every eps (equivalent to (83))", lemma2_d_check,
             [FAM_GRID, FAM_GRID_ZEROS, FAM_GRID_MORE, FAM_GRID_SLOW], expected=Verdict.CHECKED, hypotheses=(T_DOMAIN,))],
)


def lemma3_lp_check(inst):
    p, t = inst.prior, exp_eps_of(inst)
    r = pd_i(p, t)
    und = uncertified((r, "PD-I"))
    return und if und is not None else Outcome(
        Decision.of(r.value == OO and r.lp.certificate.get("method") == "farkas", "exact", f"e^eps = {t} < e^eps_X = {exp_eps_x(p)}: PD-I infeasible with a Farkas certificate (D*_i = {r.value})"),
        {"D*_i": r.value})


def lemma3_any_output_check(inst):
    M, p = inst.mechanism, inst.prior
    return Outcome(compare_step(identifiability(M, prior=p).value, ">=", eps_X(p).value, "identifiability >= eps_X"),
                   {"identifiability": identifiability(M, prior=p)})


def _any_output_build():
    rng = random.Random(84)
    for vals, n in [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]:
        S = Hamming(vals, n)
        for j in range(5):
            k = rng.randint(1, 4)
            outs = [f"o{i}" for i in range(k)]
            M = random_mechanism(rng, S, outs)
            yield Instance(f"random mechanism #{j} with {k} outputs on D^{n},m={len(vals)}", M,
                           random_prior(rng, S, zeros=rng.random() < 0.3))


FAM_ANY_OUTPUT = cached_family("random mechanisms with 1-4 arbitrary outputs", _any_output_build)


LEMMA3 = Claim(
    "wang2016.lemma3", "Lemma 3: ε*_i(D) >= ε_X",
    "Appendix A, Lemma 3, eqs. (84)-(87)",
    "The privacy–distortion function ε*_i of a database X is bounded from below as ε*_i(D) >= ε_X (84) for any D "
    "with 0 <= D <= n ... multiplying both sides of (85) by p_Y(y) and taking summation over y ∈ D^n yield ... "
    "p_X(x) <= e^ε p_X(x'). (87)",
    "inequality",
    [Reading("literal-lp", "for eps < eps_X no mechanism is eps-identifiable: PD-I is infeasible (Farkas "
                           "certificate)",
             lemma3_lp_check, [FAM_BELOW_X], expected=Verdict.CHECKED, hypotheses=(EPS_BELOW_EPS_X,)),
     Reading("any-output-alphabet", "every mechanism, with any finite output alphabet, has identifiability >= "
                                    "eps_X (= +oo without full support)",
             lemma3_any_output_check, [FAM_ANY_OUTPUT], expected=Verdict.CHECKED)],
)


def lemma4_check(inst, *, level=lambda t: LogForm.log(t)):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    try:
        E = zoo.wang_E_i(p, exp_eps=t)
    except SupportError as exc:
        return Decision.false("exact", f"E_i is not a mechanism at e^eps = {t}: {exc}")
    return Outcome(Decision.all_of([compare_step(identifiability(E, prior=p).value, "<=", level(t), "E_i is eps-identifiable"),
                           compare_step(expected_distortion(E, p), "==", h(None, n, m, exp_eps=t), "E[d] = h(eps)")], f"Lemma 4 at e^eps = {t}"), {"identifiability": identifiability(E, prior=p)})


LEMMA4 = Claim(
    "wang2016.lemma4", "Lemma 4: E_i is ε-identifiable with distortion h(ε) for ε >= ε̃_X",
    "§3 (29); Appendix A, Lemma 4, eq. (88)",
    "For ε >= ε̃_X, the mechanism E_i defined in (29) satisfies ε-identifiability, and the distortion of E_i is "
    "given by E[d(X,Y)] = h(ε). [(29):] p_{Y|X}(y|x) = p_Y(y)e^{-εd(x,y)}/(p_X(x)(1+(m-1)e^{-ε})^n).",
    "construction",
    [Reading("literal", "for eps >= eps~_X (incl. eps = eps~_X), eps > 0, E_i is a valid mechanism, "
                        "identifiability(E_i) <= eps and E[d] = h(eps)",
             lemma4_check, [FAM_BOUNDARY, FAM_ABOVE], expected=Verdict.CHECKED,
             hypotheses=(EPS_AT_LEAST_TILDE, EPS_POSITIVE),
             notes="eps = 0 (uniform prior) is excluded: (29) then needs K_1^{-1}, which does not exist.",
             strategy=FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE)],
)


def lemma5_check(inst, *, distortion=lambda n, m, t: h(None, n, m, exp_eps=t)):
    p, t = inst.prior, exp_eps_of(inst)
    n, m = shape(p)
    E = zoo.wang_E_d(list(p.space.alphabets[0]), n, exp_eps=t)
    return Decision.all_of([compare_step(pure_dp(E).value, "<=", LogForm.log(t), "E_d is eps-DP"),
                   compare_step(expected_distortion(E, p), "==", distortion(n, m, t), "E[d] = h(eps)")], f"Lemma 5 at e^eps = {t}")


def prove_lemma5() -> Decision:
    """E_d(ε) symbolic in ε: every row has distortion h(ε) (so E[d] = h(ε) under every prior) and its
    pure-DP level is exactly ε, on (n, m) in {(1,2),(1,3),(2,2)}."""
    parts = []
    for n, m in [(1, 2), (1, 3), (2, 2)]:
        E = zoo.wang_E_d(list(range(m)), n, eps=EPS)
        S = E.inputs
        rows_ok = all(sympy.cancel(expected_distortion(E, Prior.point_mass(S, x)) - h(EPS, n, m)) == 0
                      for x in S.points)
        parts.append(Decision.of(rows_ok, "sympy-cancel", f"D^{n}, m={m}: every row of E_d has distortion h(eps)"))
        parts.append(Decision.of(prove_zero(pure_dp(E).value - EPS), "sympy-cancel", f"D^{n}, m={m}: pure DP of E_d is exactly eps"))
    return Decision.all_of(parts, "Lemma 5 for all eps")


def prove_lemma5_small_spaces() -> Decision:
    """Two independent all-ε computations on small spaces: :func:`prove_lemma5` (exact cancellation of the
    distortion under point masses, ``prove_zero`` of the DP level) and
    :func:`~theorems.wang2016.exponential_mechanism.prove_e_d` (closed-form measures, certified equalities)."""
    return Decision.all_of([prove_lemma5(), prove_e_d("lemma5")], "Lemma 5 for all eps on small spaces")


LEMMA5 = Claim(
    "wang2016.lemma5", "Lemma 5: E_d is ε-DP with distortion h(ε)",
    "§3 (30); Appendix A, Lemma 5",
    "The mechanism E_d defined in (30) satisfies ε-differential privacy, and the distortion of E_d is given by "
    "E[d(X,Y)] = h(ε). [(30):] p_{Y|X}(y|x) = e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n ... This is the exponential mechanism "
    "with score function q = -d.",
    "construction",
    [Reading("literal", "pure_dp(E_d) <= eps and E[d] = h(eps) under every prior (zeros allowed)", lemma5_check,
             [FAM_GRID, FAM_GRID_ZEROS], expected=Verdict.CHECKED, hypotheses=(T_DOMAIN,),
             notes="Checked on the grid only: the all-eps proof covers the small spaces of all-eps-small-spaces; "
                   "general n, m rest on the sums (71)-(78) (lemma1.claim_ub/sums-71-78, every row of E_d is the "
                   "posterior (61)) and the triangle inequality for d, which are not machine-checked together.",
             strategy=ALL_PRIORS_ANY_EPS),
     Reading("all-eps-small-spaces",
             f"for every eps >= 0 on D^n, (n, m) in {set(SMALL_SPACES)}: pure_dp(E_d) = eps exactly and every row "
             "has distortion h(eps) (so E[d] = h(eps) under every prior)",
             prove=prove_lemma5_small_spaces, expected=Verdict.PROVED,
             form=e_d_form("DP == eps and DIST == n/(1 + exp(eps)/(m - 1))"),
             notes="Replaces the former 'forall-E_d' reading and the proof formerly attached to 'literal' (which "
                   "covered three spaces, not the literal statement).",
             # about its proof only (no instance check): the literal reading above is the one searched
             open_search=False)],
)


