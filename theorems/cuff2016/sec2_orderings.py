"""Cuff–Yu §§2.3–2.4: ε-DP, (δ)-DP, KL-DP equal their definitions; the ordering ⪰; Example 1.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §§2.3–2.4:
Definitions 5–8 and Example 1.

Main claims
-----------
* ``cuff2016.def5_6_7`` — ε-DP, (δ)-DP and ε-KL-DP equal their definitions by brute force;
* ``cuff2016.def8`` — the ordering "stronger than": on a finite family of mechanisms α ⪰ β iff
  α(M) = 0 ⇒ β(M) = 0, and the zero sets of the notions of (20) coincide;
* ``cuff2016.ex1`` — Example 1: ε-DP ⪰ (ε, δ)-DP, (δ)-DP ⪰ (ε, δ)-DP, and (ε, δ)-DP = (δ)-DP through
  Property 3 with δ₀ → 0 (PROVED).

Orderings only constrain parameter *sequences* tending to 0, so the finite readings check the explicit
parameter maps and witness sequences indexed by the parameter.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.claims.by_reduction import confirm_approx, reduction_reading
from exactpriv.claims import Claim, Family, Instance, Outcome
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO

from theorems.cuff2016.closeness import GAMMAS, log_form, event_masses, exp_of
from theorems.cuff2016.steps import prove_for_all_eps, combine, prove_identity
from theorems.cuff2016.instances import MECH_FAMILIES
from theorems.cuff2016.measured import kl_dp_of, sharp_mi_dp, pure_dp_of, tv_dp_of, approx_delta, hamming_pairs
from theorems.cuff2016.sec2_property3 import prove_prop3_by_reduction, prop3_delta_prime
from theorems.cuff2016._common import CHECKED, PROVED, reading_of

__all__ = ["CLAIMS"]


# ======================================================================================
# Definitions 5–7
# ======================================================================================
def _def567_check(inst: Instance) -> Outcome:
    """pure_dp, tv_dp, kl_dp equal their definitions by brute force (events over Hamming-
    distance-1 ordered pairs; KL summed by hand)."""
    M = inst.mechanism
    rows = M.rows
    pairs = hamming_pairs(M)
    parts = []
    # Def. 5: smallest ε with P(A) <= e^ε Q(A) for all events A and ordered pairs
    ratio, infinite = Fraction(1), False
    for a, b in pairs:
        for pa, qa in event_masses(rows[a], rows[b]):
            if pa > 0 and qa == 0:
                infinite = True
            elif qa > 0:
                ratio = max(ratio, pa / qa)
    pv = pure_dp_of(M).value
    parts.append(Decision.true("exact", "pure_dp = oo") if infinite and pv == OO else
                 compare(pv, "==", log_form(ratio)) if not infinite else Decision.false("exact", f"pure_dp={pv}, brute=oo"))
    # Def. 6
    brute_tv = max((max(pa - qa for pa, qa in event_masses(rows[a], rows[b])) for a, b in pairs), default=Fraction(0))
    parts.append(compare(tv_dp_of(M).value, "==", brute_tv))
    # Def. 7
    best = Fraction(0)
    for a, b in pairs:
        P, Q = rows[a], rows[b]
        if any(p > 0 and q == 0 for p, q in zip(P, Q)):
            best = OO
            break
        d = LogForm(0, logs=[(p / q, p) for p, q in zip(P, Q) if p > 0])
        if compare(d, ">", best).is_true:
            best = d
    kv = kl_dp_of(M).value
    parts.append(Decision.true("exact", "kl_dp = oo") if best is OO and kv == OO else compare(kv, "==", best)
                 if best is not OO and kv != OO else Decision.false("exact", f"kl_dp={kv}, brute={best}"))
    return Outcome(combine(parts, "Defs. 5-7 by brute force"))


DEF5_6_7 = Claim(
    "cuff2016.def5_6_7", "Definitions 5, 6, 7 (ε-DP, (δ)-DP, ε-KL-DP)", "§2.3, Definitions 5-7, eq. (14)",
    "A randomized mechanism satisfies ε-DP if it satisfies (ε,0)-DP. ... satisfies (δ)-DP if it satisfies "
    "(0,δ)-DP. ... satisfies ε-KL-DP if for all neighboring database instances x^n and x~^n, "
    "D(P_{Y|X^n=x^n} ‖ P_{Y|X^n=x~^n}) <= ε nats.",
    "definition",
    [reading_of("brute-force", "pure_dp = ln max_A P_x(A)/P_x'(A) (oo if some P_x(A) > 0 = P_x'(A)), tv_dp = max_A "
                       "P_x(A) − P_x'(A), kl_dp = max Σ p ln(p/q), all over ordered pairs at Hamming distance 1",
        _def567_check, MECH_FAMILIES, expected=CHECKED)],
)


# ======================================================================================
# Definition 8 (orderings): finite-family collapse
# ======================================================================================
def _def8_check(inst: Instance) -> Outcome:
    """On a finite family, α ⪰ β (Def. 8) iff α(M) = 0 ⇒ β(M) = 0.  For the notions of (20)
    the zero sets coincide: pure_dp = 0 ⟺ kl_dp = 0 ⟺ mi_dp = 0 ⟺ tv_dp = 0."""
    M = inst.mechanism
    zs = {}
    for name, m in (("pure_dp", pure_dp_of(M)), ("kl_dp", kl_dp_of(M)), ("tv_dp", tv_dp_of(M)), ("mi_dp", sharp_mi_dp(M))):
        if m.value is not None:
            z = compare(m.value, "==", 0)
            if z.is_undecided:
                return Outcome(Decision.undecided(z.method, f"{name} = 0 not decided: {z.reason}"))
            zs[name] = z.is_true
        else:
            if compare(m.lower, ">", 0).is_true:
                zs[name] = False
            else:
                return Outcome(Decision.undecided("enclosure", f"{name} enclosure touches 0"))
    same = len(set(zs.values())) == 1
    return Outcome(Decision.true("exact", f"zero sets agree: {zs}") if same else
                   Decision.false("exact", f"zero sets differ: {zs}"), {"zero": zs})


DEF8 = Claim(
    "cuff2016.def8", "Definition 8 (stronger privacy metric)", "§2.4, Definition 8, eqs. (15)-(16)",
    "We say that α-DP is stronger than β-DP, denoted α-DP ⪰ β-DP, if for all β' > 0 there exists an α' > 0 "
    "such that α'-DP ⟹ β'-DP. If the parameters are vectors, then β' > 0 and α' > 0 should be interpreted "
    "as inequalities on each coordinate.",
    "definition",
    [reading_of("finite-family-collapse",
        "On a finite family of mechanisms, α ⪰ β iff α(M) = 0 ⇒ β(M) = 0 (take α' below the least positive "
        "α(M)); for the notions of (20) the zero sets coincide: pure_dp = 0 ⟺ kl_dp = 0 ⟺ mi_dp = 0 ⟺ tv_dp = 0",
        _def8_check, MECH_FAMILIES, expected=CHECKED,
        notes="Consequence: every ordering of (20) holds in both directions on any finite family; Def. 8 has "
              "content only for parameter sequences tending to 0, so the orderings are checked through their "
              "explicit parameter maps (ex1, thm1, lemma1-3) and the strictness claims through witness "
              "sequences (strict_AB, prop12_strict).  The quantifier 'for all β' there is α'' over all "
              "mechanisms is not finitely checkable.")],
)


# ======================================================================================
# Example 1
# ======================================================================================
def _ex1_pure_check(inst: Instance) -> Outcome:
    """ε-DP ⇒ (ε,δ)-DP for every δ >= 0: at e^ε = e^{pure_dp} (and above), δ(γ) = 0."""
    M = inst.mechanism
    pv = pure_dp_of(M).value
    g = exp_of(pv)
    if g is None:
        return Outcome(Decision.true("vacuous", "pure_dp = oo"))
    parts = [compare(approx_delta(M, g * k), "==", 0) for k in (1, 2)]
    return Outcome(combine(parts, "eps-DP => (eps,0)-DP"))


def _ex1_tv_check(inst: Instance) -> Outcome:
    """(δ)-DP ⇒ (ε,δ)-DP: δ(γ) <= δ(1) = tv_dp for every γ >= 1."""
    M = inst.mechanism
    t = tv_dp_of(M).value
    return Outcome(combine([compare(approx_delta(M, g), "<=", t) for g in GAMMAS], "(delta)-DP => (eps,delta)-DP"))


def _ex1_prop3_check(inst: Instance) -> Outcome:
    """(D): (ε,δ)-DP ⇒ (0, δ₀)-DP with δ₀ = 1 − 2(1 − δ)/(e^ε + 1) (Property 3 with ε' = 0)."""
    M = inst.mechanism
    t = tv_dp_of(M).value
    parts = []
    for g in GAMMAS:
        d0 = prop3_delta_prime(approx_delta(M, g), g, Fraction(1))
        parts.append(compare(t, "<=", d0))
    return Outcome(combine(parts, "(eps,delta)-DP => (delta0)-DP"))


@functools.lru_cache(maxsize=None)
def _ex1_limit_instances():
    out = []
    for g in (Fraction(1), Fraction(101, 100), Fraction(3, 2), Fraction(2), Fraction(10)):
        for d in (Fraction(0), Fraction(1, 1000), Fraction(1, 10), Fraction(1, 2), Fraction(1)):
            out.append(Instance(f"e^eps={g}, delta={d}", params={"gamma": g, "delta": d}))
    return tuple(out)


def _ex1_limit_check(inst: Instance) -> Outcome:
    """δ₀ = (e^ε − 1 + 2δ)/(e^ε + 1) <= ε/2 + δ, so δ₀ → 0 as ε, δ → 0 (finite quantitative form;
    uses tanh(ε/2) <= ε/2 at ε = ln γ, decided exactly)."""
    g, d = inst.params["gamma"], inst.params["delta"]
    d0 = prop3_delta_prime(d, g, Fraction(1))
    return Outcome(compare(d0, "<=", log_form(g) / 2 + d), {"delta0": d0})


def _prove_ex1_limit() -> Decision:
    """δ₀ = tanh(ε/2) + 2δ/(e^ε + 1) (identity) <= ε/2 + δ: tanh(ε/2) <= ε/2 for all ε >= 0
    (certifier) and 2/(e^ε + 1) <= 1 (e^ε >= 1); hence δ₀ -> 0 as (ε, δ) -> 0."""
    d = sympy.Symbol("d", nonnegative=True)
    t = sympy.exp(EPS)
    d0 = 1 - 2 * (1 - d) / (t + 1)
    return combine([
        prove_identity(d0 - ((t - 1) / (t + 1) + 2 * d / (t + 1)), "delta0 = tanh(eps/2) + 2 delta/(e^eps+1)"),
        prove_for_all_eps((t - 1) / (t + 1), "<=", EPS / 2, "tanh(eps/2) <= eps/2"),
        prove_for_all_eps(2 / (t + 1), "<=", sympy.Integer(1), "2/(e^eps + 1) <= 1"),
    ], "delta0 <= eps/2 + delta")


_EPS_DELTA_RANGES = Hypothesis("parameter-ranges", "ε >= 0 (e^ε >= 1) and 0 <= δ <= 1",
                               lambda inst: inst.params["gamma"] >= 1 and 0 <= inst.params["delta"] <= 1,
                               params=("gamma", "delta"))


EX1 = Claim(
    "cuff2016.ex1", "Example 1 (orderings of ε-DP, (δ)-DP and (ε, δ)-DP)", "§2.4, Example 1",
    "It is clear that ε-DP ⪰ (ε,δ)-DP and (δ)-DP ⪰ (ε,δ)-DP, since ε-DP implies (ε,δ)-DP for any non-negative "
    "δ, and likewise for (δ)-DP, by definition. Also, (ε,δ)-DP = (δ)-DP by Property 3. Notice that even if we "
    "set ε' = 0, the quantity δ', as defined in the property, goes to zero as ε and δ go to zero.",
    "equivalence",
    [reading_of("eps-DP-implies-eps-delta", "At e^ε = e^{pure_dp(M)} (and 2e^ε) the hockey-stick profile is 0",
        _ex1_pure_check, MECH_FAMILIES, expected=CHECKED),
     reading_of("delta-DP-implies-eps-delta", "δ(e^ε) <= tv_dp for e^ε in {1, 3/2, 2, 3}",
        _ex1_tv_check, MECH_FAMILIES, expected=CHECKED),
     reading_of("equality-D-via-prop3", "(ε,δ)-DP ⇒ (0, δ₀)-DP, δ₀ = 1 − 2(1−δ)/(e^ε+1): tv_dp <= δ₀(δ(e^ε)) on the grid",
        _ex1_prop3_check, MECH_FAMILIES, expected=CHECKED),
     reduction_reading(
         "equality-D-by-reduction", given="approx_dp", measure="tv_dp", bound=None, families=MECH_FAMILIES,
         check=_ex1_prop3_check,
         statement="(D) for EVERY mechanism and every ε >= 0: tv_dp(M) <= δ₀ = 1 − 2(1 − δ)/(e^ε + 1), δ the "
                   "mechanism's tightest δ at ε: proved by reduction (each neighbouring pair is a post-processing "
                   "of the four-output (ε, δ) pair, TV = E_1 does not increase under post-processing, and its value "
                   "on the four-output pair is δ₀: Property 3 at ε' = 0); the listed mechanisms' kernels are "
                   "confirmed at every e^ε of the grid",
         prove=lambda: prove_prop3_by_reduction("pair of rows of a mechanism"), confirm=confirm_approx(GAMMAS),
         form={"quantifier": "forall-instances", "hypotheses": ["range:0 <= eps"],
               "measures": {"D": {"notion": "approx_dp", "epsilon": "eps"}, "T": {"notion": "tv_dp"}},
               "claim": "T <= 1 - 2*(1 - D)/(exp(eps) + 1)"}),
     reading_of("delta0-vanishes", "δ₀ <= ε/2 + δ for all ε, δ >= 0 (so δ₀ -> 0 as ε, δ -> 0), δ₀ = tanh(ε/2) + 2δ/(e^ε+1)",
        _ex1_limit_check, [Family("eps-delta-grid", _ex1_limit_instances, "e^ε in {1..10}, δ in {0..1}")],
        prove=_prove_ex1_limit, expected=PROVED,
        hypotheses=(_EPS_DELTA_RANGES,),
        form={"quantifier": "forall-params", "domain": {"eps": "[0, oo)", "delta": "[0, oo)"},
              "claim": "1 - 2*(1 - delta)/(exp(eps) + 1) <= eps/2 + delta "
                       "and 1 - 2*(1 - delta)/(exp(eps) + 1) == tanh(eps/2) + 2*delta/(exp(eps) + 1)"})],
)


CLAIMS = [DEF5_6_7, DEF8, EX1]
