"""Proves that randomized response, the geometric and the exponential mechanism are exactly ε-DP, for every ε.

* ``dworkroth2014.rr`` — k-ary randomized response RR(k, ε) has pure DP exactly ε (Dwork–Roth §3.2: binary RR with
  a fair coin is (ln 3)-DP; the ε-parametrised form is the same computation);
* ``grs2012.geometric`` — the truncated geometric mechanism is exactly ε-DP (Ghosh–Roughgarden–Sundararajan);
* ``mcsherrytalwar2007.exponential`` — the exponential mechanism with a score of sensitivity 1 is 2ε-DP (here
  exactly ε, since the normaliser does not depend on the input).
"""

from __future__ import annotations

from exactpriv.claims import inequality_claim

from theorems.classics._common import EM, RR, TG, VARIANT, claim

__all__ = ["CLAIMS"]

rr = claim(
    "dworkroth2014.rr", "Randomized response is exactly ε-DP",
    "Dwork, Roth 2014, §3.2 [section number not verified against the text] (randomized response; with a fair "
    "coin it is (ln 3, 0)-DP)",
    "Randomized response reporting the true value with probability e^ε/(e^ε + k − 1) is ε-differentially private.",
    "tightness", {
        "exact": inequality_claim("x", measure="pure_dp", op="==", bound="eps", families=[RR], expected="PROVED"),
        "variant-half": inequality_claim(
            "x", measure="pure_dp", op="<=", bound="eps/2", families=[RR], **VARIANT,
            why="the likelihood ratio e^ε of the reported value is attained: pure DP is ε, above ε/2 for every ε > 0"),
    })

geometric = claim(
    "grs2012.geometric", "The truncated geometric mechanism is exactly ε-DP",
    "Ghosh, Roughgarden, Sundararajan 2012 (the α-geometric mechanism with α = e^{−ε})",
    "The (truncated) α-geometric mechanism, α = e^{−ε}, is ε-differentially private for counting queries.",
    "tightness", {
        "exact": inequality_claim("x", measure="pure_dp", op="==", bound="eps", families=[TG], expected="PROVED"),
        "variant-double-noise": inequality_claim(
            "x", measure="pure_dp", op="<=", bound="eps/2", families=[TG], **VARIANT,
            why="neighbouring counts shift the two-sided geometric by one step: the ratio e^ε is attained inside"),
    })

exponential = claim(
    "mcsherrytalwar2007.exponential", "The exponential mechanism is 2εΔ-DP",
    "McSherry, Talwar 2007 (the exponential mechanism; score sensitivity Δ = 1 here)",
    "The exponential mechanism, sampling y with probability ∝ exp(ε·u(x, y)), is 2εΔu-differentially private.",
    "implication", {
        "two-eps": inequality_claim("x", measure="pure_dp", op="<=", bound="2*eps", families=[EM],
                                    expected="PROVED"),
        "exact-for-hamming": inequality_claim(
            "x", measure="pure_dp", op="==", bound="eps", families=[EM], expected="PROVED",
            notes="score −d_H: the normaliser (1 + e^{−ε})^n is the same for every input, so the factor 2 is not "
                  "needed here"),
        "variant-half": inequality_claim(
            "x", measure="pure_dp", op="<=", bound="eps/2", families=[EM], **VARIANT,
            why="changing one record moves d_H(x, y) by one for some y: the ratio e^ε is attained"),
    })

CLAIMS = [rr, geometric, exponential]
