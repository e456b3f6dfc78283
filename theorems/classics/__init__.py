"""The ``classics`` bank: standard results from outside the five papers, PROVED for every ε where a closed form exists.

Registered as the bank ``classics`` under the ``exactpriv.banks`` entry-point group (pyproject.toml), exactly as a
user's bank would be, and written with the same declarative forms a user writes (:mod:`exactpriv.claims`): it is
the field's folklore as a regression suite and the tutorial for writing a bank.

How each classic is decided
---------------------------
Each true statement is stated on *symbolic families* — randomized response RR(k, ε), the truncated geometric
mechanism, the exponential mechanism, their k-fold compositions, group and subsampled versions — declared with
:func:`~exactpriv.claims.symbolic_family`; a reading over such families is decided for every ε ≥ 0 by the closed
forms of the measures and the certifier (:mod:`exactpriv.claims.symbolic`): PROVED with the domain, each other
parameter (k, α, q, δ) ranging over the declared finite grid named in the reading's statement.  A statement about
every mechanism has, beside its family reading, a reading on exact mechanisms: PROVED for every mechanism when a
reduction to binary randomized response applies (ε-DP given, a divergence maximum measured:
:mod:`exactpriv.claims.by_reduction`, the instances confirming the dominance kernels), CHECKED otherwise (Pinsker,
Bretagnolle–Huber: no reduction from a KL level).  Notions without a closed
form over a family (zCDP, the tightest ε at δ) are CHECKED on exact mechanisms, and the reading's notes say so.
Each deliberate mis-statement is a reading named ``variant-…``: expected REFUTED (finding class ``variant``), with
``why`` saying in words what fails; its witness is a concrete member with rational e^ε, confirmed by the exact
check.

Modules (one per topic)
-----------------------
* :mod:`~theorems.classics.mechanisms` — RR, geometric and exponential mechanisms are ε-DP (exactly);
* :mod:`~theorems.classics.composition` — basic, Rényi and optimal (Kairouz–Oh–Viswanath) composition;
* :mod:`~theorems.classics.conversions` — ε-DP ⇒ KL, TV, Rényi, zCDP bounds; RDP ⇒ (ε, δ);
* :mod:`~theorems.classics.divergences` — Pinsker, Bretagnolle–Huber, KL ≤ log(1 + χ²), data processing;
* :mod:`~theorems.classics.operators` — group privacy, amplification by subsampling;
* :mod:`~theorems.classics.local` — binary RR as a channel: capacity, Duchi–Jordan–Wainwright, privacy profile.

References (claim ids are ``<key>.<name>``).  Theorem numbers are given where this bank's authors confirmed them;
elsewhere the reference names the result, and the claim's ``source`` says which part of the work it is.

Citation check (issue 22; public secondary sources found with the project's search tool, no copy of the works
themselves was available): Bun–Steinke 2016 Proposition 1.4 (pure DP ⇒ zCDP; Proposition 1.3 is zCDP ⇒ (ε, δ)),
Mironov 2017 Proposition 3 (RDP ⇒ (ε, δ)), Kairouz–Oh–Viswanath 2015 Theorem 3.3 (the optimal composition theorem,
proved in the paper's supplement under that number) and Dwork–Roth 2014 Proposition 2.1 (post-processing) are
confirmed by sources that quote them.  Not confirmed, and marked "[… not verified against the text]" in their
``source``: Dwork–Roth §3.2, §3.5, §3.5.2 and Theorem 2.2, Tsybakov 2009 §2.4, Cover–Thomas 2006 §7.1.4.
"""

from __future__ import annotations

from exactpriv.claims.banks import Bank, Paper

__all__ = ["BANK", "CLAIMS", "PAPERS"]

PAPERS: dict[str, Paper] = {
    "dworkroth2014": Paper("dworkroth2014", "Cynthia Dwork, Aaron Roth", "The Algorithmic Foundations of Differential "
                           "Privacy", "Foundations and Trends in Theoretical Computer Science 9(3–4)", 2014,
                           doi="10.1561/0400000042"),
    "grs2012": Paper("grs2012", "Arpita Ghosh, Tim Roughgarden, Mukund Sundararajan", "Universally Utility-maximizing "
                     "Privacy Mechanisms", "SIAM Journal on Computing 41(6)", 2012, doi="10.1137/09076828X"),
    "mcsherrytalwar2007": Paper("mcsherrytalwar2007", "Frank McSherry, Kunal Talwar", "Mechanism Design via "
                                "Differential Privacy", "IEEE FOCS 2007", 2007, doi="10.1109/FOCS.2007.66"),
    "kov2015": Paper("kov2015", "Peter Kairouz, Sewoong Oh, Pramod Viswanath", "The Composition Theorem for "
                     "Differential Privacy", "ICML 2015", 2015, arxiv="1311.0776"),
    "mironov2017": Paper("mironov2017", "Ilya Mironov", "Rényi Differential Privacy", "IEEE CSF 2017", 2017,
                         arxiv="1702.07476"),
    "bunsteinke2016": Paper("bunsteinke2016", "Mark Bun, Thomas Steinke", "Concentrated Differential Privacy: "
                            "Simplifications, Extensions, and Lower Bounds", "TCC 2016-B", 2016, arxiv="1605.02065"),
    "folklore": Paper("folklore", "(folklore)", "Direct computations on randomized response",
                      "stated throughout the local-privacy literature", None,
                      note="Each claim's source names where it is used."),
    "tsybakov2009": Paper("tsybakov2009", "Alexandre B. Tsybakov", "Introduction to Nonparametric Estimation",
                          "Springer Series in Statistics", 2009, doi="10.1007/b13794"),
    "bretagnollehuber1979": Paper("bretagnollehuber1979", "Jean Bretagnolle, Catherine Huber", "Estimation des "
                                  "densités : risque minimax", "Zeitschrift für Wahrscheinlichkeitstheorie und "
                                  "verwandte Gebiete 47", 1979, doi="10.1007/BF00535278"),
    "vanerven2014": Paper("vanerven2014", "Tim van Erven, Peter Harremoës", "Rényi Divergence and Kullback-Leibler "
                          "Divergence", "IEEE Transactions on Information Theory 60(7)", 2014, arxiv="1206.2459"),
    "csiszar1967": Paper("csiszar1967", "Imre Csiszár", "Information-type measures of difference of probability "
                         "distributions and indirect observations", "Studia Scientiarum Mathematicarum Hungarica 2",
                         1967),
    "bbg2018": Paper("bbg2018", "Borja Balle, Gilles Barthe, Marco Gaboardi", "Privacy Amplification by Subsampling: "
                     "Tight Analyses via Couplings and Divergences", "NeurIPS 2018", 2018, arxiv="1807.01647"),
    "coverthomas2006": Paper("coverthomas2006", "Thomas M. Cover, Joy A. Thomas", "Elements of Information Theory",
                             "Wiley, 2nd edition", 2006),
    "djw2013": Paper("djw2013", "John C. Duchi, Michael I. Jordan, Martin J. Wainwright", "Local Privacy and "
                     "Statistical Minimax Rates", "IEEE FOCS 2013", 2013, arxiv="1302.3203"),
}

from theorems.classics import composition, conversions, divergences, local, mechanisms, operators  # noqa: E402

#: every classic, topic by topic
CLAIMS = [c for m in (mechanisms, composition, conversions, divergences, operators, local) for c in m.CLAIMS]

BANK = Bank("classics", "Standard results from outside the five papers, proved for every ε where a closed form exists",
            PAPERS, claims_list=CLAIMS)
