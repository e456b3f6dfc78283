"""Checks the noisy histogram, its inverted-scale variant and the truncated geometric mechanism, as programs.

* ``dwork2006.noisy_hist`` — a histogram plus Lap(1/ε) per bin is ε-DP (one bin changes by one): CHECKED;
  Ding et al. 2018's variant with Lap(ε) per bin: REFUTED (it is (1/ε)-DP);
* ``wang2020.prefix_sum`` — the running sums of Lap(1/ε)-noised answers (CheckDP's PrefixSum) are ε-DP: CHECKED;
* ``grs2012.truncated_geometric`` — the truncated geometric mechanism written as a program is ε-DP: CHECKED (and
  its matrix equals the zoo's ``truncated_geometric``: tests/theorems/programs).

Noisy counts are revealed on [−2, 3] (values outside merged into two labels): a post-processing, so the ε measured
is at most the program's; it can only miss a violation outside the window, never invent one.

Each claim also has an ``all-eps`` reading: the program compiled with β = e^{−ε/4} symbolic, PROVED for every ε > 0
on its declared space.
"""

from __future__ import annotations

from exactpriv.spaces import GraphSpace

from theorems.programs._common import HIST_SPACE, VARIANT, all_eps_reading, claim, dp_reading
from theorems.programs.algorithms import noisy_hist1, noisy_hist2, prefix_sum, truncated_geometric_program

__all__ = ["CLAIMS"]

#: counts 0..3 of a bound of n = 3, neighbours one apart
COUNTS = GraphSpace.from_edges([(c, 3) for c in range(4)], [((c, 3), (c + 1, 3)) for c in range(3)])

noisy_hist = claim(
    "dwork2006.noisy_hist", "The noisy histogram is ε-DP",
    "Dwork, McSherry, Nissim, Smith 2006 (the Laplace mechanism; histogram sensitivity 1); the variant is "
    "Ding et al. 2018's NoisyHist2",
    "Adding Lap(1/ε) noise to each count of a histogram (sensitivity 1) is ε-differentially private.",
    "inequality", {
        "literal": dp_reading(noisy_hist1, HIST_SPACE, "eps", expected="CHECKED",
                              notes="counts revealed on [-2, 3]"),
        "all-eps": all_eps_reading(noisy_hist1, HIST_SPACE, "eps", expected="PROVED",
                                   notes="counts revealed on [-2, 3]"),
        "variant-inverted-scale": dp_reading(
            noisy_hist2, HIST_SPACE, "eps", **VARIANT,
            why="Lap(ε) noise (scale ε = 0.1, not 1/ε) is nearly no noise: one count moving by one changes a "
                "revealed value's probability by the factor 1/α = e^{1/ε}"),
    })

truncated_geometric = claim(
    "grs2012.truncated_geometric", "The truncated geometric mechanism, written as a program, is ε-DP",
    "Ghosh, Roughgarden, Sundararajan 2012 (the α-geometric mechanism, clamped to the range of the count)",
    "The range-restricted α-geometric mechanism with α = e^{−ε} is ε-differentially private for count queries.",
    "inequality", {
        "literal": dp_reading(truncated_geometric_program, COUNTS, "eps", expected="CHECKED"),
        "all-eps": all_eps_reading(truncated_geometric_program, COUNTS, "eps", expected="PROVED"),
    })

prefix = claim(
    "wang2020.prefix_sum", "The noisy prefix sum is ε-DP",
    "Wang, Ding, Kifer, Zhang 2020 (CheckDP's benchmark PrefixSum)",
    "(PrefixSum: add Lap(1/ε) to each query answer and release the running sums:) ε-DP when one answer changes by "
    "at most one.", "inequality", {
        "literal": dp_reading(prefix_sum, HIST_SPACE, "eps", expected="CHECKED",
                              notes="noisy answers revealed on [-2, 3]; outside it the release is one label"),
        "all-eps": all_eps_reading(prefix_sum, HIST_SPACE, "eps", expected="PROVED",
                                   notes="noisy answers revealed on [-2, 3]; outside it the release is one label"),
    })

CLAIMS = [noisy_hist, prefix, truncated_geometric]
