"""The ``programs`` bank: mechanisms written as programs — the sparse vector technique and report noisy max.

Registered as the bank ``programs`` under the ``exactpriv.banks`` entry-point group (pyproject.toml), exactly as
``classics``.  Each algorithm is a plain Python function (:mod:`~theorems.programs.algorithms`) with discrete noise,
compiled exactly by :func:`exactpriv.mechanisms.programs.program_mechanism` (no sampling; geometric tails in closed
form), and each claim is the guarantee its source states, checked on declared input spaces of query answers:

* :mod:`~theorems.programs.svt` — Lyu, Su, Li 2017, Algorithms 1–6 (the sparse vector technique and its published
  variants): 1 and 2 are ε-DP (CHECKED; PROVED for all ε on {0, 1}^3); 3, 4, 5 and 6 are not what their sources
  claim (REFUTED, ``as-written``, with the pair and output), 4 is within Lyu–Su–Li's (1 + 6c)/4·ε (PROVED for all
  ε on {0, 1}^3); and NumericalSVT (Wang et al. 2019) is ε-DP;
* :mod:`~theorems.programs.noisy_max` — Ding et al. 2018, Algorithms 5–8 (report noisy max): the argmax versions are
  ε-DP (CHECKED), the versions that return the noisy maximum value are not (REFUTED, ``variant``: the paper built
  them as incorrect test cases);
* :mod:`~theorems.programs.histograms` — the noisy histogram (and Ding et al.'s inverted-scale variant), CheckDP's
  noisy prefix sum and the truncated geometric mechanism written as a program.

CHECKED and PROVED: the claims are about every input of any size and every ε.  The ``literal`` readings decide them
on the declared finite spaces (named in each reading's statement) at the one rational ε = 4·ln(40/39) ≈ 0.1013 the
discrete noise has (:data:`~theorems.programs.algorithms.BETA`): CHECKED, with the exact ε shown.  The ``all-eps``
readings compile the program with its noise base β = e^{−ε/4} as a formal variable — every probability an exact
rational function of β — and are PROVED for every ε > 0 on the declared space (their statement names it: a proof
for all ε on {0, 1}^3, not for every input size).  A refutation needs only one pair: it stands for the claim.
"""

from __future__ import annotations

from exactpriv.claims.banks import Bank, Paper

__all__ = ["BANK", "CLAIMS", "PAPERS"]

PAPERS: dict[str, Paper] = {
    "lyu2017": Paper("lyu2017", "Min Lyu, Dong Su, Ninghui Li", "Understanding the Sparse Vector Technique for "
                     "Differential Privacy", "Proceedings of the VLDB Endowment 10(6)", 2017, arxiv="1603.01699"),
    "ding2018": Paper("ding2018", "Zeyu Ding, Yuxin Wang, Guanhong Wang, Danfeng Zhang, Daniel Kifer",
                      "Detecting Violations of Differential Privacy", "ACM CCS 2018", 2018,
                      doi="10.1145/3243734.3243818"),
    "dwork2006": Paper("dwork2006", "Cynthia Dwork, Frank McSherry, Kobbi Nissim, Adam Smith", "Calibrating Noise "
                       "to Sensitivity in Private Data Analysis", "TCC 2006", 2006, doi="10.1007/11681878_14"),
    "wang2020": Paper("wang2020", "Yuxin Wang, Zeyu Ding, Daniel Kifer, Danfeng Zhang", "CheckDP: An Automated "
                      "and Integrated Approach for Proving Differential Privacy or Finding Precise Counterexamples",
                      "ACM CCS 2020", 2020, doi="10.1145/3372297.3417282"),
    "wang2019": Paper("wang2019", "Yuxin Wang, Zeyu Ding, Guanhong Wang, Daniel Kifer, Danfeng Zhang", "Proving "
                      "Differential Privacy with Shadow Execution", "ACM PLDI 2019", 2019),
    "grs2012": Paper("grs2012", "Arpita Ghosh, Tim Roughgarden, Mukund Sundararajan", "Universally Utility-"
                     "maximizing Privacy Mechanisms", "SIAM Journal on Computing 41(6)", 2012,
                     doi="10.1137/09076828X"),
}

from theorems.programs import histograms, noisy_max, svt  # noqa: E402

#: every claim, module by module
CLAIMS = [c for m in (svt, noisy_max, histograms) for c in m.CLAIMS]

BANK = Bank("programs", "Mechanisms written as programs (sparse vector, noisy max), decided exactly with discrete "
            "noise", PAPERS, claims_list=CLAIMS)
