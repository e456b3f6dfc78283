"""Checks report noisy max, Ding et al. 2018 Algorithms 5–8 (five queries of sensitivity 1 in the benchmark).

* ``ding2018.rnm1`` — argmax of q_i + Lap(2/ε) is ε-DP: CHECKED, and PROVED for every ε > 0 on {0, 1}^3;
* ``ding2018.rnm2`` — argmax of q_i + Exp(2/ε) is ε-DP: CHECKED, and PROVED for every ε > 0 on {0, 1}^3;
* ``ding2018.rnm3`` — the noisy maximum *value* with Laplace noise, ε-DP as claimed for the index: REFUTED;
* ``ding2018.rnm4`` — the noisy maximum value with exponential noise: REFUTED, ε = ∞ (the value is at least the
  largest answer, so "max < m" is impossible on a neighbour whose answers are all ≥ m).

Default readings on {0, 1}^3 with ℓ∞ neighbours; the literal readings' slow family (``verify --slow``): the
StatDP pairs with five queries.  Ties go to the lowest index (discrete noise ties with positive probability; the
rule is part of the program).
"""

from __future__ import annotations

from theorems.programs._common import (
    SVT_SPACE, VARIANT, all_eps_reading, benchmark_reading, claim, dp_reading, statdp_pairs,
)
from theorems.programs.algorithms import rnm1, rnm2, rnm3, rnm4

__all__ = ["CLAIMS"]

BENCH = statdp_pairs(5)
BENCH_LABEL = "the StatDP pairs, n = 5"
#: the digests of the benchmark instances (sha256 of the compiled matrix, the checker's instance digest) that slow
#: families bind in their statements without compiling them (a slow test compiles each and compares)
BENCH_SHA256 = {
    "rnm1": "284f284d8f410438b9f00fc1856ffcb0025f32689f0d01d1a8045086c221a453",
    "rnm2": "da7b590bc11b0c1737f399a78b1399c4cd63a73a15773b4e67bd4c23f1fe5558",
}
SOURCE = "Ding, Wang, Wang, Zhang, Kifer 2018, §6.1 (Algorithms 5–8, report noisy max and its incorrect variants)"

rnm1_claim = claim(
    "ding2018.rnm1", "Report noisy max with Laplace noise (Alg. 5) is ε-DP", SOURCE,
    "(Alg. 5: return argmax_i q_i + Lap(2/ε):) ε-DP.", "inequality", {
        "literal": dp_reading(rnm1, SVT_SPACE, "eps", bench=BENCH, bench_label=BENCH_LABEL,
                              bench_sha256=BENCH_SHA256["rnm1"], expected="CHECKED"),
        "all-eps": all_eps_reading(rnm1, SVT_SPACE, "eps", expected="PROVED"),
    })

rnm2_claim = claim(
    "ding2018.rnm2", "Report noisy max with exponential noise (Alg. 6) is ε-DP", SOURCE,
    "(Alg. 6: return argmax_i q_i + Exp(2/ε):) ε-DP.", "inequality", {
        "literal": dp_reading(rnm2, SVT_SPACE, "eps", bench=BENCH, bench_label=BENCH_LABEL,
                              bench_sha256=BENCH_SHA256["rnm2"], expected="CHECKED"),
        "all-eps": all_eps_reading(rnm2, SVT_SPACE, "eps", expected="PROVED"),
    })

rnm3_claim = claim(
    "ding2018.rnm3", "Report noisy max returning the value, Laplace noise (Alg. 7)", SOURCE,
    "(Alg. 7: return max_i q_i + Lap(2/ε), the value instead of the index — an incorrect variant.)",
    "inequality", {
        "literal": dp_reading(
            rnm3, SVT_SPACE, "eps", bench=BENCH, bench_label=BENCH_LABEL, **VARIANT,
            why="the value reveals every answer's noise below it: pair (0,0,0), (1,1,1), output '<-3' has ratio "
                "e^{1.5ε} (all three noises must fall one step further), above e^ε"),
        "at-benchmark-size": benchmark_reading(
            rnm3, BENCH, BENCH_LABEL, **VARIANT,
            why="its exact ε on the 18 StatDP pairs with 5 queries is 2.500ε: pair all-ones vs all-twos, output "
                "'<-3' (all five noises one step further down)"),
    })

rnm4_claim = claim(
    "ding2018.rnm4", "Report noisy max returning the value, exponential noise (Alg. 8)", SOURCE,
    "(Alg. 8: return max_i q_i + Exp(2/ε), the value — an incorrect variant; not DP for any ε.)",
    "inequality", {
        "literal": dp_reading(
            rnm4, SVT_SPACE, "eps", bench=BENCH, bench_label=BENCH_LABEL, **VARIANT,
            why="exponential noise is non-negative: the value 0 has positive probability on (0,0,0) and probability "
                "0 on (0,0,1), whose maximum is at least 1 — ε = ∞"),
        "at-benchmark-size": benchmark_reading(
            rnm4, BENCH, BENCH_LABEL, **VARIANT,
            why="ε = ∞ on the 18 StatDP pairs with 5 queries: the value 1 has positive probability on (1,1,1,1,1) "
                "and 0 on (2,1,1,1,1), whose maximum is at least 2"),
    })

CLAIMS = [rnm1_claim, rnm2_claim, rnm3_claim, rnm4_claim]
