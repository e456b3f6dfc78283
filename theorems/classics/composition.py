"""Proves the composition theorems on randomized response for every ε: basic, Rényi and Kairouz–Oh–Viswanath's.

* ``dworkroth2014.composition`` — the k-fold composition of an ε-DP mechanism is kε-DP (basic composition);
* ``mironov2017.composition`` — Rényi DP adds up under composition: (α, ρ)-RDP k times is (α, kρ)-RDP;
* ``kov2015.thm3_3`` — the optimal composition: for k-fold binary RR(ε), δ at ε' = (k − 2i)ε is
  Σ_{l<i} C(k,l)(e^{(k−l)ε} − e^{(k−2i+l)ε})/(1 + e^ε)^k (readings for i = 1 and i = 2).
"""

from __future__ import annotations

from exactpriv.claims import Notion, Param, implication_claim, inequality_claim
from exactpriv.mechanisms.operators import k_fold

from theorems.classics._common import RR, RR2, TG2, VARIANT, claim

__all__ = ["CLAIMS"]

K = [Param("k", [2, 3], "[1, oo)", integer=True)]


def _k_fold(inst):
    return k_fold(inst.mechanism, inst.params["k"])


K_FOLD = {"k_fold": "k"}  # the operator _k_fold as data for the independent checker
COMPOSED = Notion("pure_dp", on=_k_fold, on_form=K_FOLD)

composition = claim(
    "dworkroth2014.composition", "Basic composition: k ε-DP mechanisms are kε-DP",
    "Dwork, Roth 2014, §3.5 [section number not verified against the text] (composition theorems; the pure-DP "
    "case of basic composition)",
    "The composition of k ε-differentially private mechanisms is kε-differentially private.",
    "implication", {
        "rr-and-geometric": implication_claim("x", given="pure_dp", measure=COMPOSED, bound="k*eps", params=K,
                                              families=[RR2, TG2], expected="PROVED"),
        "variant-sqrt-k": implication_claim(
            "x", given="pure_dp", measure=COMPOSED, bound="sqrt(k)*eps", params=K, families=[RR], **VARIANT,
            why="pure DP adds up exactly for a k-fold product of RR (the same output k times): kε > √k·ε"),
    })

ALPHA = [Param("alpha", [2, 3], "(1, oo)")]
RDP = Notion("renyi_dp", alpha="alpha")
RDP_COMPOSED = Notion("renyi_dp", alpha="alpha", on=_k_fold, on_form=K_FOLD)

rdp_composition = claim(
    "mironov2017.composition", "Rényi DP composes additively",
    "Mironov 2017 (composition of Rényi DP)",
    "If f is (α, ε₁)-RDP and g is (α, ε₂)-RDP then (f, g) is (α, ε₁ + ε₂)-RDP.",
    "implication", {
        "rr": implication_claim("x", given=RDP, measure=RDP_COMPOSED, bound="k*eps", params=K + ALPHA,
                                families=[RR], expected="PROVED"),
        "variant-no-growth": implication_claim(
            "x", given=RDP, measure=RDP_COMPOSED, bound="eps", params=K + ALPHA, families=[RR2], **VARIANT,
            why="Rényi divergences of product distributions add up (tensorisation): D_α of RR^{⊗k} is k·D_α(RR)"),
    })

KOV_I1 = "(exp(k*eps) - exp((k-2)*eps))/(1 + exp(eps))**k"
KOV_I2 = "(exp(k*eps) - exp((k-4)*eps) + k*(exp((k-1)*eps) - exp((k-3)*eps)))/(1 + exp(eps))**k"
KOV_I2_NO_SHIFT = "(exp(k*eps) - exp((k-4)*eps) + k*(exp((k-1)*eps) - exp((k-4)*eps)))/(1 + exp(eps))**k"
DELTA_I1 = Notion("approx_dp", at="delta", eps="(k-2)*eps", on=_k_fold, on_form=K_FOLD)
DELTA_I2 = Notion("approx_dp", at="delta", eps="(k-4)*eps", on=_k_fold, on_form=K_FOLD)

kov = claim(
    "kov2015.thm3_3", "Optimal composition: δ of the k-fold composition of RR",
    "Kairouz, Oh, Viswanath 2015, Theorem 3.3 (attained by binary randomized response)",
    "For the k-fold composition of ε-RR, δ((k−2i)ε) = Σ_{l=0}^{i−1} C(k,l)(e^{(k−l)ε} − e^{(k−2i+l)ε})/(1+e^ε)^k.",
    "tightness", {
        "i=1": inequality_claim("x", measure=DELTA_I1, op="==", bound=KOV_I1, families=[RR2],
                                params=[Param("k", [2, 3, 4], "[2, oo)", integer=True)], expected="PROVED"),
        "i=2": inequality_claim("x", measure=DELTA_I2, op="==", bound=KOV_I2, families=[RR2],
                                params=[Param("k", [4, 5], "[4, oo)", integer=True)], expected="PROVED"),
        "variant-no-shift": inequality_claim(
            "x", measure=DELTA_I2, op="==", bound=KOV_I2_NO_SHIFT, families=[RR2],
            params=[Param("k", [4, 5], "[4, oo)", integer=True)], **VARIANT,
            why="the l = 1 term with e^{(k−4)ε} in place of e^{(k−2i+l)ε} = e^{(k−3)ε}: the sum changes for every "
                "ε > 0"),
    })

CLAIMS = [composition, rdp_composition, kov]
