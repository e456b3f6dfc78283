"""Which notions a reduction can use, and why the others cannot be reduced.

Two tables, read by the reduction prover (:mod:`exactpriv.reductions.prover`):

* :data:`EXTREMAL` — a *given* notion with an extremal family: every neighbouring pair a mechanism at level ε
  (of this notion) can have is a post-processing of one fixed pair at level ε (a dominance meta-theorem).
  ``pure_dp`` → binary randomized response RR(ε) (``rr-dominance``).  A δ at a fixed ε (approx_dp at='delta',
  and ``tv_dp``, its ε = 0 case) → the four-output pair (``approx-dominance``), with the family proof in δ: that
  chain is :mod:`exactpriv.reductions.approx` (its own table, :data:`~exactpriv.reductions.approx.APPROX_GIVEN`).
* :data:`PAIRWISE` — a *measured* notion that is a maximum over ordered neighbouring pairs of a divergence
  that does not increase under post-processing (``pairwise-maximum`` with ``data-processing-f`` or
  ``data-processing-renyi``).

Every other registered notion is listed with the reason it is not reduced (:func:`why_not_reducible`), so a
report says which link is missing instead of proving something false.  In particular mutual-information
notions depend on a prior and on every row of a record's channel at once: pairwise dominance does not bound
them (``pairwise-maximum``'s first hypothesis fails).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EXTREMAL", "NOT_REDUCIBLE_GIVEN", "NOT_REDUCIBLE_MEASURE", "PAIRWISE", "Extremal", "Pairwise",
           "why_not_reducible"]


@dataclass(frozen=True)
class Extremal:
    """A given notion's extremal family: the family proof runs on ``family`` (a symbolic mechanism in ε)."""

    notion: str
    theorem: str  # the dominance meta-theorem
    family: str  # how the family is built (text for reports)
    text: str  # the referee's sentence


@dataclass(frozen=True)
class Pairwise:
    """A measured notion = max over ordered neighbouring pairs of ``divergence``, monotone by ``theorem``."""

    notion: str
    divergence: str
    theorem: str
    text: str
    params: tuple[str, ...] = ()  # notion parameters the closed form needs (renyi_dp: alpha)


EXTREMAL: dict[str, Extremal] = {
    "pure_dp": Extremal("pure_dp", "rr-dominance", "randomized_response(2, eps=EPS)",
                        "every pair of neighbouring rows of an ε-DP mechanism is a post-processing of RR(ε)"),
}

PAIRWISE: dict[str, Pairwise] = {
    "kl_dp": Pairwise("kl_dp", "KL divergence", "data-processing-f",
                      "KL is an f-divergence, monotone under post-processing (data processing)"),
    "tv_dp": Pairwise("tv_dp", "total variation", "data-processing-f",
                      "total variation is an f-divergence, monotone under post-processing (data processing)"),
    "renyi_dp": Pairwise("renyi_dp", "Rényi divergence D_α", "data-processing-renyi",
                         "the Rényi divergence of each order is monotone under post-processing (data processing)",
                         params=("alpha",)),
    "pure_dp": Pairwise("pure_dp", "max divergence D_∞", "data-processing-renyi",
                        "the max divergence D_∞ is monotone under post-processing (data processing)"),
}

#: given notions without an extremal family the prover can use, and why
NOT_REDUCIBLE_GIVEN: dict[str, str] = {
    "kl_dp": "no extremal pair: the pairs with KL ≤ ε have no Blackwell-maximal element (a reduction would go to "
             "every binary pair, a two-parameter family the univariate certifier does not cover)",
    "tv_dp": "reduced to the (0, δ) extremal pair with the family proof in δ (exactpriv.reductions.approx), "
             "for TV and δ(ε') measured",
    "approx_dp": "reduced to the four-output pair (exactpriv.reductions.approx) as its δ at a fixed ε (family "
                 "proof in δ) or its tightest ε at a fixed δ (family proof in ε), for TV and δ(ε') measured",
    "renyi_dp": "no extremal pair: the pairs with D_α ≤ ε have no Blackwell-maximal element",
    "zcdp": "no extremal pair: zCDP bounds a whole curve of Rényi divergences, not dominated by one pair",
    "mi_dp": "a mutual-information notion: a sup over priors of I(X_i;Y|X_-i), not a constraint on pairs",
    "free_lunch": "compares every pair of inputs, not neighbours (pairwise-maximum needs the same pairs on both "
                  "sides)",
}

#: measured notions that are not reduced by pairwise dominance, and why
NOT_REDUCIBLE_MEASURE: dict[str, str] = {
    "mi_dp": "a mutual-information notion: it depends on a prior and on every row of a record's channel at "
             "once, not on one neighbouring pair (pairwise-maximum's first hypothesis fails)",
    "capacity": "a mutual-information notion (sup over priors of I(X^n;Y)): not a function of one pair",
    "mi_privacy": "depends on the prior: I(X;Y) is not a function of a neighbouring pair",
    "conditional_mi": "depends on the prior and on every row of the record's channel",
    "record_mi": "depends on the prior and on every row of the record's channel",
    "sibson_mi": "depends on the prior and on every row of the channel",
    "adversarial_privacy": "depends on the prior (posterior-to-prior ratios)",
    "identifiability": "depends on the prior (posterior ratios)",
    "bayesian_dp": "depends on the prior (Bayesian DP of Yang et al.)",
    "identity_dp": "depends on the prior (identity DP of Wu–Xia–He)",
    "semantic_privacy": "a sup over beliefs computed from the whole likelihood matrix of a record (Zhao Def. 1), "
                        "not a function of one neighbouring pair",
    "bayesian_semantic_privacy": "depends on the prior and on the whole likelihood matrix",
    "positive_membership": "depends on the distribution family of Li et al. (a prior), not on one pair",
    "negative_membership": "depends on the distribution family of Li et al. (a prior), not on one pair",
    "free_lunch": "a maximum over ALL pairs of inputs, not over neighbours: ε-DP does not constrain non-neighbours",
    "approx_dp": "monotone under post-processing (the hockey-stick divergence is an f-divergence), but its "
                 "closed form on RR(ε) at a second parameter is not among the symbolic measures the prover uses "
                 "(missing family-proof link)",
    "zcdp": "monotone under post-processing (every D_α is), but it has no closed form on RR(ε) among the "
            "symbolic measures (missing family-proof link)",
    "probabilistic_dp": "not monotone under post-processing (probabilistic DP is not closed under "
                        "post-processing), so no data-processing link exists",
    "f_dp": "a trade-off function, not a number: no scalar bound to reduce",
    "privacy_loss_distribution": "a distribution, not a number: no scalar bound to reduce",
    "min_entropy_leakage": "depends on a prior (or a sup over priors) and on the whole channel",
}


def why_not_reducible(given: str, measure: str) -> str | None:
    """None when the pair (given, measure) is reducible by the tables; else the missing link, in words."""
    if given not in EXTREMAL:
        reason = NOT_REDUCIBLE_GIVEN.get(given) or NOT_REDUCIBLE_MEASURE.get(given) or "no extremal family is known"
        return f"no extremal family for the given notion {given}: {reason}"
    if measure not in PAIRWISE:
        reason = NOT_REDUCIBLE_MEASURE.get(measure, "not known to be a maximum over neighbouring pairs of a "
                                                    "divergence monotone under post-processing")
        return f"{measure} is not reduced by pairwise dominance: {reason}"
    return None
