"""Proves the conversions out of pure ε-DP for every ε (KL, TV, Rényi), and checks zCDP and RDP ⇒ (ε, δ).

* ``dworkroth2014.kl_bound`` — ε-DP ⇒ KL ≤ ε(e^ε − 1) (the lemma behind advanced composition);
* ``folklore.kl_rr`` — ε-DP ⇒ KL ≤ ε·tanh(ε/2), attained by binary randomized response;
* ``kov2015.tv`` — ε-DP ⇒ TV ≤ (e^ε − 1)/(e^ε + 1) = tanh(ε/2), attained by binary RR;
* ``bunsteinke2016.prop1_4`` — ε-DP ⇒ ½ε²-zCDP: its Rényi form D_α ≤ αε²/2 PROVED on the families for α in a grid,
  zCDP itself CHECKED (sup over α has no closed form over a family);
* ``mironov2017.rdp_of_dp`` — ε-DP ⇒ (α, ε)-RDP (Rényi divergences grow with the order, D_∞ is the max);
* ``mironov2017.prop3`` — (α, ρ)-RDP ⇒ (ρ + log(1/δ)/(α − 1), δ)-DP, CHECKED (the tightest ε at δ has no closed
  form over a family);
* ``kov2015.approx_region`` — (ε, δ)-DP ⇒ TV ≤ δ + (1 − δ)(e^ε − 1)/(e^ε + 1) and δ(ε') ≤ δ + (1 − δ)(e^ε − e^ε')/
  (1 + e^ε) for ε' ≤ ε, attained by the four-output extremal pair: PROVED for every mechanism by reduction with the
  given notion a δ (family proofs in δ, :mod:`exactpriv.reductions.approx`).
"""

from __future__ import annotations

from fractions import Fraction as F

import sympy

from exactpriv.claims import (Instance, Notion, Param, implication_claim, instances, random_mechanisms, symbolic_family,
                              tightness_claim)
from exactpriv.reductions.approx import extremal_family
from exactpriv.reductions.dominance import extremal_pair
from exactpriv.mechanisms.base import Mechanism

from theorems.classics._common import BIT, NUMERIC_RR, RANDOM_BITS, RANDOM_FEW, RR, RR2, TG, TG2, VARIANT, claim

__all__ = ["CLAIMS"]

kl_bound = claim(
    "dworkroth2014.kl_bound", "ε-DP ⇒ KL ≤ ε(e^ε − 1)",
    "Dwork, Roth 2014, §3.5.2 [section number not verified against the text] (the KL bound used for advanced "
    "composition; Dwork–Rothblum–Vadhan 2010)",
    "If D∞(Y‖Z) ≤ ε and D∞(Z‖Y) ≤ ε, then D(Y‖Z) ≤ ε(e^ε − 1).",
    "implication", {
        "rr-and-geometric": implication_claim("x", given="pure_dp", measure="kl_dp", bound="eps*(exp(eps) - 1)",
                                              families=[RR, TG], expected="PROVED"),
        "every-mechanism": implication_claim(
            "x", given="pure_dp", measure="kl_dp", bound="eps*(exp(eps) - 1)", families=[NUMERIC_RR, RANDOM_BITS],
            expected="PROVED", notes="every ε-DP mechanism, by reduction to binary RR (dominance + data processing + "
                                     "the family proof, exactpriv.claims.by_reduction); the random instances confirm "
                                     "the dominance kernels exactly"),
        "variant-quarter": implication_claim(
            "x", given="pure_dp", measure="kl_dp", bound="eps**2/4", families=[RR2], **VARIANT,
            why="KL of binary RR is ε·tanh(ε/2) ≈ ε²/2 near 0, above ε²/4"),
    })

kl_rr = claim(
    "folklore.kl_rr", "ε-DP ⇒ KL ≤ ε·tanh(ε/2), attained by binary RR",
    "Folklore (binary randomized response is the extremal ε-DP pair; see Kairouz–Oh–Viswanath 2015)",
    "KL(RR(ε)) = ε·tanh(ε/2), and every ε-DP mechanism has KL ≤ ε·tanh(ε/2).",
    "implication", {
        "rr-attains": tightness_claim("x", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)",
                                      families=[RR2], expected="PROVED"),
        "families": implication_claim("x", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)",
                                      families=[RR, TG], expected="PROVED"),
        "every-mechanism": implication_claim(
            "x", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)", families=[NUMERIC_RR, RANDOM_BITS],
            expected="PROVED", notes="every ε-DP mechanism, by reduction to binary RR; the random instances confirm the "
                                     "dominance kernels exactly"),
        "variant-square": implication_claim(
            "x", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=[RR2], **VARIANT,
            why="ε·tanh(ε/2) ≈ ε²/2 near 0 exceeds ε²/3"),
    })

tv = claim(
    "kov2015.tv", "ε-DP ⇒ TV ≤ (e^ε − 1)/(e^ε + 1), attained by binary RR",
    "Kairouz, Oh, Viswanath 2015 (the privacy region of ε-DP is that of binary randomized response)",
    "Every ε-DP mechanism is (0, (e^ε − 1)/(e^ε + 1))-DP, and binary randomized response attains it.",
    "implication", {
        "rr-attains": tightness_claim("x", given="pure_dp", measure="tv_dp", bound="(exp(eps) - 1)/(exp(eps) + 1)",
                                      families=[RR2], expected="PROVED"),
        "families": implication_claim("x", given="pure_dp", measure="tv_dp", bound="tanh(eps/2)",
                                      families=[RR, TG], expected="PROVED"),
        "every-mechanism": implication_claim(
            "x", given="pure_dp", measure="tv_dp", bound="(exp(eps) - 1)/(exp(eps) + 1)",
            families=[NUMERIC_RR, RANDOM_BITS], expected="PROVED",
            notes="every ε-DP mechanism, by reduction to binary RR; at ε = ∞ (a zero entry) the bound is its limit 1"),
        "variant-quarter-eps": implication_claim(
            "x", given="pure_dp", measure="tv_dp", bound="tanh(eps/4)", families=[RR2], **VARIANT,
            why="TV of binary RR is tanh(ε/2) > tanh(ε/4) for every ε > 0"),
    })

ALPHA = [Param("alpha", [2, 3], "(1, oo)")]
RDP = Notion("renyi_dp", alpha="alpha")

zcdp = claim(
    "bunsteinke2016.prop1_4", "ε-DP ⇒ ½ε²-zCDP",
    "Bun, Steinke 2016, Proposition 1.4",
    "If M satisfies ε-DP, then M satisfies (½ε²)-zCDP, i.e. D_α(M(x)‖M(x')) ≤ ½ε²α for every α > 1.",
    "implication", {
        "renyi-form": implication_claim(
            "x", given="pure_dp", measure=RDP, bound="alpha*eps**2/2", params=ALPHA, families=[RR2, TG2],
            expected="PROVED", notes="the statement for each α of the grid; zCDP is the supremum over every α > 1"),
        "zcdp": implication_claim(
            "x", given="pure_dp", measure="zcdp", bound="eps**2/2", families=[NUMERIC_RR, RANDOM_FEW],
            expected="CHECKED", notes="zCDP = sup_α D_α/α has no closed form over a family: certified enclosures on "
                                      "numeric mechanisms"),
        "variant-quarter": implication_claim(
            "x", given="pure_dp", measure=RDP, bound="alpha*eps**2/4", params=ALPHA, families=[RR2], **VARIANT,
            why="D_α of binary RR tends to its KL ε·tanh(ε/2) ≈ ε²/2 as α → 1 and exceeds αε²/4 for small ε"),
    })

rdp_of_dp = claim(
    "mironov2017.rdp_of_dp", "ε-DP ⇒ (α, ε)-RDP for every α",
    "Mironov 2017 (ε-DP is (∞, ε)-RDP, and D_α is non-decreasing in α: van Erven–Harremoës 2014)",
    "An ε-differentially private mechanism is (α, ε)-RDP for every α ≥ 1.",
    "implication", {
        "families": implication_claim("x", given="pure_dp", measure=RDP, bound="eps", params=ALPHA,
                                      families=[RR, TG], expected="PROVED"),
        "variant-over-alpha": implication_claim(
            "x", given="pure_dp", measure=RDP, bound="eps/alpha", params=ALPHA, families=[RR2], **VARIANT,
            why="D_α(RR) ≈ αε²/2 for small ε but approaches ε for large ε: above ε/α once ε is large"),
    })

# a rare output (1e-7 against 1e-3) carries δ, a likelihood ratio of 10 on y0 carries ε: the shape that breaks
# a conversion with log(1/δ)/α in place of log(1/δ)/(α − 1)
SKEWED = instances("skewed", [Mechanism(BIT, ["y0", "y1", "y2"], [[F(1, 10), 1 - F(1, 10) - F(1, 10**7), F(1, 10**7)],
                                                                  [F(1, 100), F(989, 1000), F(1, 1000)]])])
RDP_PARAMS = [Param("alpha", [2, 3], "(1, oo)"), Param("delta", ["1/10", "1/10000"], "(0, 1)")]
RDP_A = Notion("renyi_dp", alpha="alpha")
EPS_AT_DELTA = Notion("approx_dp", at="epsilon", delta="delta")

rdp_conversion = claim(
    "mironov2017.prop3", "(α, ρ)-RDP ⇒ (ρ + log(1/δ)/(α − 1), δ)-DP",
    "Mironov 2017, Proposition 3",
    "If f is (α, ε)-RDP then it satisfies (ε + log(1/δ)/(α − 1), δ)-differential privacy for any 0 < δ < 1.",
    "implication", {
        "checked": implication_claim(
            "x", given=RDP_A, measure=EPS_AT_DELTA, bound="eps + log(1/delta)/(alpha - 1)", params=RDP_PARAMS,
            families=[NUMERIC_RR, RANDOM_BITS, SKEWED], expected="CHECKED",
            notes="the tightest ε at δ has no closed form over a family (it inverts a piecewise δ(ε)): checked on "
                  "exact mechanisms"),
        "variant-over-alpha": implication_claim(
            "x", given=RDP_A, measure=EPS_AT_DELTA, bound="eps + log(1/delta)/alpha", params=RDP_PARAMS,
            families=[SKEWED], **VARIANT,
            why="log(1/δ)/α instead of /(α − 1): a rare output carrying δ makes ε_δ exceed it (α = 2, δ = 10⁻⁴)"),
    })


def _extremal_pair(g, d) -> Mechanism:
    P, Q = extremal_pair(g, d)
    return Mechanism(BIT, ["only-P", "P-likely", "Q-likely", "only-Q"], [list(P), list(Q)],
                     name=f"(eps, delta) extremal pair (e^eps={g}, delta={d})")


#: δ of (ε, δ)-DP at the fixed ε = epsilon (a Param); in a bound over it, ``eps`` is that δ (the given value)
APPROX = Notion("approx_dp", at="delta", eps="epsilon")
LEVELS = [Param("epsilon", [sympy.log(2), 1], "[0, oo)")]
#: exact mechanisms with zero entries (δ > 0 at every ε) and the extremal pairs themselves (where the bound is met)
APPROX_INSTANCES = [random_mechanisms(BIT, outputs=3, count=6, seed=3, zeros=True),
                    instances("(ε, δ) extremal pairs", [Instance(f"extremal pair (e^eps={g}, delta={d})",
                                                                 _extremal_pair(g, d))
                                                        for g, d in [(2, F(1, 10)), (2, F(1, 2)), (3, F(1, 3))]])]

approx_region = claim(
    "kov2015.approx_region", "(ε, δ)-DP ⇒ TV ≤ δ + (1 − δ)·tanh(ε/2), and the δ(ε') curve of the extremal pair",
    "Kairouz, Oh, Viswanath 2015 (the privacy region of (ε, δ)-DP is that of the four-output mechanism P̃, Q̃; "
    "Thm 2.1 [theorem number as cited by the reductions' meta-theorems, not verified against the text])",
    "Every (ε, δ)-DP mechanism is a post-processing of the four-output pair P̃ = (δ, (1−δ)e^ε/(1+e^ε), "
    "(1−δ)/(1+e^ε), 0), Q̃ = (0, (1−δ)/(1+e^ε), (1−δ)e^ε/(1+e^ε), δ); hence TV ≤ δ + (1 − δ)(e^ε − 1)/(e^ε + 1) "
    "and, for ε' ≤ ε, (ε', δ + (1 − δ)(e^ε − e^ε')/(1 + e^ε))-DP, both attained by the pair.",
    "implication", {
        "every-mechanism": implication_claim(
            "x", given=APPROX, measure="tv_dp", bound="eps + (1 - eps)*(exp(epsilon) - 1)/(exp(epsilon) + 1)",
            params=LEVELS, families=APPROX_INSTANCES, expected="PROVED",
            notes="eps in the bound is the given δ (at ε = epsilon). Every (ε, δ)-DP mechanism, by reduction to the "
                  "four-output pair with the family proof in δ ∈ [0, 1] at each ε of the grid "
                  "(exactpriv.reductions.approx); the instances confirm the approx-dominance kernels exactly at "
                  "e^ε = 2 (at e^ε = e they are skipped: kernels are built at rational e^ε)"),
        "eps-view-every-mechanism": implication_claim(
            "x", given=Notion("approx_dp", at="epsilon", delta="delta"), measure="tv_dp",
            bound="delta + (1 - delta)*(exp(eps) - 1)/(exp(eps) + 1)",
            params=[Param("delta", [F(1, 10), F(1, 3)], "(0, 1)")], families=APPROX_INSTANCES, expected="PROVED",
            notes="the same region read at a fixed δ: eps is M's tightest ε at δ; every mechanism, by reduction to "
                  "the four-output pair with the family proof in ε (at ε = ∞ the pair has disjoint supports)"),
        "delta-curve-every-mechanism": implication_claim(
            "x", given=Notion("approx_dp", at="delta", eps="log(3)"),
            measure=Notion("approx_dp", at="delta", eps="eps_prime"),
            bound="eps + (1 - eps)*(3 - exp(eps_prime))/4", params=[Param("eps_prime", [0, sympy.log(2)], "[0, oo)")],
            families=APPROX_INSTANCES, expected="PROVED",
            notes="δ at ε = ln 3 given (eps in the bound); δ at ε' ∈ {0, ln 2} ≤ ln 3 measured, for every mechanism "
                  "by reduction (the hockey-stick divergence E_{e^ε'} is monotone under post-processing)"),
        "attained": tightness_claim(
            "x", given=Notion("approx_dp", at="delta", eps="log(2)"), measure="tv_dp", bound="eps + (1 - eps)/3",
            families=[symbolic_family("extremal pair (ln 2, δ)", extremal_family(sympy.log(2)), domain="[0, 1]")],
            expected="PROVED", notes="on the four-output pair at ε = ln 2 the bound is an identity in δ ∈ [0, 1]"),
        "variant-forgets-delta": implication_claim(
            "x", given=APPROX, measure="tv_dp", bound="(exp(epsilon) - 1)/(exp(epsilon) + 1)", params=LEVELS,
            families=APPROX_INSTANCES, **VARIANT,
            why="the pure-DP bound ignores δ: the extremal pair at e^ε = 2, δ = 1/2 has TV = 1/2 + 1/6 = 2/3 > 1/3"),
    })

CLAIMS = [kl_bound, kl_rr, tv, zcdp, rdp_of_dp, rdp_conversion, approx_region]
