"""Proves the local-privacy facts about binary randomized response for every ε: capacity, the DJW bound, δ(ε/2).

* ``covertthomas2006.bsc`` — binary RR is the binary symmetric channel with crossover 1/(1 + e^ε): its capacity is
  log 2 − h(1/(1 + e^ε)) nats;
* ``djw2013.kl_bound`` — Duchi–Jordan–Wainwright: an ε-LDP channel has KL(M₁‖M₂) + KL(M₂‖M₁) ≤ 4(e^ε − 1)²·TV(P₁, P₂)²;
  on RR(k, ε), whose ordered pairs all have the same KL, the symmetrised KL is 2·KL and TV(δ_x, δ_x') = 1; the
  per-pair form (:func:`exactpriv.claims.pair_claim`) states it for every ordered pair of inputs;
* ``folklore.rr_profile`` — the privacy profile of binary RR at ε' = ε/2: δ(ε/2) = (e^ε − e^{ε/2})/(1 + e^ε).
"""

from __future__ import annotations

from exactpriv.claims import Notion, implication_claim, inequality_claim, pair_claim

from theorems.classics._common import NUMERIC_RR, RANDOM_BITS, RR, RR2, RR23, VARIANT, claim

__all__ = ["CLAIMS"]

H = "(-(1/(1 + exp(eps)))*log(1/(1 + exp(eps))) - (exp(eps)/(1 + exp(eps)))*log(exp(eps)/(1 + exp(eps))))"

bsc = claim(
    "coverthomas2006.bsc", "Capacity of binary RR = log 2 − h(1/(1 + e^ε))",
    "Cover, Thomas 2006, §7.1.4 [section number not verified against the text] (the binary symmetric channel "
    "has capacity 1 − H(p) bits)",
    "The binary symmetric channel with crossover probability p has capacity C = 1 − H(p) bits (log 2 − h(p) nats).",
    "value", {
        "rr": inequality_claim("x", measure="capacity", op="==", bound=f"log(2) - {H}", families=[RR2],
                               expected="PROVED"),
        "variant-half-eps": inequality_claim(
            "x", measure="capacity", op="==",
            bound="log(2) + (1/(1 + exp(eps/2)))*log(1/(1 + exp(eps/2)))"
                  " + (exp(eps/2)/(1 + exp(eps/2)))*log(exp(eps/2)/(1 + exp(eps/2)))",
            families=[RR2], **VARIANT,
            why="crossover 1/(1 + e^{ε/2}) instead of 1/(1 + e^ε): a noisier channel, with smaller capacity for ε > 0"),
    })

djw = claim(
    "djw2013.kl_bound", "Duchi–Jordan–Wainwright: symmetrised KL ≤ 4(e^ε − 1)²·TV²",
    "Duchi, Jordan, Wainwright 2013 (FOCS; JASA 2018), the strong data-processing bound for ε-LDP",
    "For an ε-LDP channel Q and inputs P₁, P₂: D(M₁‖M₂) + D(M₂‖M₁) ≤ 4(e^ε − 1)²·‖P₁ − P₂‖²_TV.",
    "implication", {
        "rr-point-masses": inequality_claim(
            "x", measure="kl_dp", op="<=", bound="2*(exp(eps) - 1)**2", families=[RR], expected="PROVED",
            notes="point masses δ_x, δ_x' (TV = 1); RR's ordered pairs all have the same KL, so the symmetrised sum "
                  "is 2·KL and the bound reads KL ≤ 2(e^ε − 1)²"),
        "every-pair": pair_claim(
            "x", lhs="kl + kl_rev", rhs="4*(exp(eps) - 1)**2", pairs="all", families=[RR23], expected="PROVED",
            notes="the per-pair statement itself (exactpriv.claims.pair_claim): for every ordered pair of inputs "
                  "(x, x'), point masses with TV(δ_x, δ_x') = 1, KL(P_x‖P_x') + KL(P_x'‖P_x) ≤ 4(e^ε − 1)², "
                  "each pair's closed forms decided for every ε by the certifier"),
        "every-pair-every-mechanism": pair_claim(
            "x", lhs="kl + kl_rev", rhs="4*(exp(eps) - 1)**2", given="pure_dp", pairs="all",
            families=[NUMERIC_RR, RANDOM_BITS], expected="CHECKED",
            notes="every mechanism, with ε its pure-DP level (local model: every pair of inputs); checked on "
                  "seeded random channels, searchable by hunt"),
        "variant-no-factor-4": inequality_claim(
            "x", measure="kl_dp", op="<=", bound="(exp(eps) - 1)**2/4", families=[RR2], **VARIANT,
            why="KL of binary RR ≈ ε²/2 near 0 while (e^ε − 1)²/4 ≈ ε²/4"),
    })

DELTA_HALF = Notion("approx_dp", at="delta", eps="eps/2")

profile = claim(
    "folklore.rr_profile", "Privacy profile of binary RR: δ(ε') = (e^ε − e^{ε'})/(1 + e^ε)",
    "Folklore (the hockey-stick divergence of binary RR; cf. Balle, Barthe, Gaboardi 2018, privacy profiles)",
    "Binary RR(ε) is (ε', δ)-DP with δ = (e^ε − e^{ε'})/(1 + e^ε) for 0 ≤ ε' ≤ ε, and no smaller δ.",
    "value", {
        "at-half-eps": inequality_claim("x", measure=DELTA_HALF, op="==",
                                        bound="(exp(eps) - exp(eps/2))/(1 + exp(eps))", families=[RR2],
                                        expected="PROVED"),
        "variant-swapped": inequality_claim(
            "x", measure=DELTA_HALF, op="==", bound="(exp(eps/2) - 1)/(1 + exp(eps))", families=[RR2], **VARIANT,
            why="e^{ε'} − 1 instead of e^ε − e^{ε'}: differs from the exact δ(ε/2) for every ε > 0"),
    })

CLAIMS = [bsc, djw, profile]
