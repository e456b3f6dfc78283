"""A user's claim bank: well-known results from outside the five papers, each with a false mis-statement.

The zCDP bound, the RDP ⇒ (ε,δ) conversion, Bretagnolle–Huber, amplification by subsampling, group privacy and the
k-fold composition of randomized response against Kairouz–Oh–Viswanath's formula.

Written as a user would, with the declarative forms of :mod:`exactpriv.claims` (plus one custom check), and
run by ``exactpriv verify tests/user_bank/outside_claims.py``, ``exactpriv hunt ID --bank FILE``,
``exactpriv report --bank FILE`` and ``pytest tests/user_bank/outside_claims.py`` (tests/test_user_bank.py
drives all four).  Every mis-statement's expected REFUTED says why in words; they are ``variant`` findings
(deliberately altered statements), not errors of the cited papers.

References
----------
* Bun, Steinke, "Concentrated Differential Privacy: Simplifications, Extensions, and Lower Bounds", TCC 2016,
  Proposition 1.4.
* Mironov, "Rényi Differential Privacy", CSF 2017, Proposition 3.
* Kairouz, Oh, Viswanath, "The Composition Theorem for Differential Privacy", ICML 2015, Theorem 3.3.
* Balle, Barthe, Gaboardi, "Privacy Amplification by Subsampling", NeurIPS 2018, Theorem 9 (Poisson, add/remove).
* Dwork, Roth, "The Algorithmic Foundations of Differential Privacy", 2014, Theorem 2.2 (group privacy).
* Tsybakov, "Introduction to Nonparametric Estimation", 2009, Lemma 2.6 (Bretagnolle–Huber).
"""

from fractions import Fraction as F
from math import comb

from exactpriv.claims import (
    Claim,
    Family,
    Instance,
    Notion,
    Outcome,
    Param,
    Reading,
    Verdict,
    implication_claim,
    instances,
    random_mechanisms,
    randomized_responses,
)
from exactpriv.exact.kernel import compare
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.operators import group, k_fold, poisson_subsample
from exactpriv.mechanisms.zoo import randomized_response
from exactpriv.spaces import Hamming, Subsets

BIT = Hamming(["0", "1"], 1)
THREE_BITS = Hamming(["0", "1"], 3)
TWO_PEOPLE = Subsets(["a", "b"])
RR = randomized_responses(["3/2", 2, 3])
RANDOM = random_mechanisms(BIT, count=10, seed=3)
MISSTATED = dict(expected=Verdict.REFUTED, finding="variant")

# a rare output (1e-7 against 1e-3) carries δ, a likelihood ratio of 10 on y0 carries ε: the shape that breaks
# a conversion with log(1/δ)/α in place of log(1/δ)/(α − 1)
SKEWED = Mechanism(BIT, ["y0", "y1", "y2"], [[F(1, 10), 1 - F(1, 10) - F(1, 10**7), F(1, 10**7)],
                                             [F(1, 100), F(989, 1000), F(1, 1000)]])

# ---------------------------------------------------------------- ε-DP => ½ε²-zCDP (Bun–Steinke 2016, Prop. 1.4)
zcdp = implication_claim(
    "bunsteinke2016.prop1_4", given="pure_dp", measure="zcdp", bound="eps**2/2", families=[RR, RANDOM],
    title="ε-DP ⇒ ½ε²-zCDP", source="Bun, Steinke 2016, Proposition 1.4")
zcdp_misstated = implication_claim(
    "bunsteinke2016.prop1_4-misstated", given="pure_dp", measure="zcdp", bound="eps**2/4", families=[RR], **MISSTATED,
    why="ρ ≥ KL = ε·tanh(ε/2) for randomized response (the α → 1 limit), above ε²/4 at e^ε = 3/2",
    title="ε-DP ⇒ ¼ε²-zCDP (false)")

# ---------------------------------------------------------------- Rényi DP => (ε, δ)-DP (Mironov 2017, Prop. 3)
RDP_PARAMS = [Param("alpha", [2, 3], "(1, oo)"), Param("delta", ["1/10", "1/10000"], "(0, 1)")]
RDP = Notion("renyi_dp", alpha="alpha")
EPS_AT_DELTA = Notion("approx_dp", at="epsilon", delta="delta")

rdp_conversion = implication_claim(
    "mironov2017.prop3", given=RDP, measure=EPS_AT_DELTA, bound="eps + log(1/delta)/(alpha - 1)",
    params=RDP_PARAMS, families=[RR, RANDOM, instances("skewed", [SKEWED])],
    title="(α, ρ)-RDP ⇒ (ρ + log(1/δ)/(α−1), δ)-DP", source="Mironov 2017, Proposition 3")
rdp_misstated = implication_claim(
    "mironov2017.prop3-misstated", given=RDP, measure=EPS_AT_DELTA, bound="eps + log(1/delta)/alpha",
    params=RDP_PARAMS, families=[RR, instances("skewed", [SKEWED])], **MISSTATED,
    why="log(1/δ)/α instead of /(α−1): a rare output carrying δ makes ε_δ exceed it (α = 2, δ = 10⁻⁴)",
    title="mis-stated RDP conversion", source="Mironov 2017, Proposition 3, with α in place of α − 1")

# ---------------------------------------------------------------- Bretagnolle–Huber (Tsybakov 2009, Lemma 2.6)
bretagnolle_huber = implication_claim(
    "tsybakov2009.bh", given="kl_dp", measure="tv_dp", bound="sqrt(1 - exp(-eps))", families=[RR, RANDOM],
    title="TV ≤ √(1 − e^{−KL})", source="Tsybakov 2009, Lemma 2.6, over neighbouring pairs")
bretagnolle_huber_misstated = implication_claim(
    "tsybakov2009.bh-misstated", given="kl_dp", measure="tv_dp", bound="sqrt(1 - exp(-eps))/2", families=[RR],
    **MISSTATED, why="halving the bound: randomized response at e^ε = 3/2 already exceeds it",
    title="Bretagnolle–Huber halved")

# ---------------------------------------------------------------- amplification by subsampling (BBG 2018)
SUBSETS_RANDOM = random_mechanisms(TWO_PEOPLE, count=6, seed=5, zeros=False)
Q = [Param("q", ["1/2", "1/10"], "(0, 1]")]
SUBSAMPLED = Notion("pure_dp", on=lambda inst: poisson_subsample(inst.mechanism, inst.params["q"]))
amplification = implication_claim(
    "bbg2018.poisson", given="pure_dp", measure=SUBSAMPLED, bound="log(1 + q*(exp(eps) - 1))", params=Q,
    families=[SUBSETS_RANDOM], title="ε-DP ⇒ log(1 + q(e^ε − 1))-DP after Poisson subsampling",
    source="Balle, Barthe, Gaboardi 2018, Theorem 9 (add/remove neighbours)")
amplification_misstated = implication_claim(
    "bbg2018.poisson-misstated", given="pure_dp", measure=SUBSAMPLED, bound="q*eps", params=Q,
    families=[SUBSETS_RANDOM], **MISSTATED,
    why="q·ε is below log(1 + q(e^ε − 1)) for every ε > 0 (concavity in q); random add/remove mechanisms exceed it",
    title="subsampling amplifies ε to qε (false)")

# ---------------------------------------------------------------- group privacy (Dwork–Roth 2014, Thm 2.2)
K = [Param("k", [2, 3], "[1, oo)", integer=True)]
GROUP = Notion("pure_dp", on=lambda inst: group(inst.mechanism, inst.params["k"]))
THREE_RANDOM = random_mechanisms(THREE_BITS, count=4, seed=7, zeros=False)
group_privacy = implication_claim(
    "dworkroth2014.group", given="pure_dp", measure=GROUP, bound="k*eps", params=K, families=[THREE_RANDOM],
    title="ε-DP ⇒ kε-DP for groups of size k", source="Dwork, Roth 2014, Theorem 2.2")
group_misstated = implication_claim(
    "dworkroth2014.group-misstated", given="pure_dp", measure=GROUP, bound="eps", params=K, families=[THREE_RANDOM],
    **MISSTATED, why="groups of size k ≥ 2 are not ε-DP in general: the pure ε of pairs at distance 2 adds up",
    title="group privacy without the factor k")


# ---------------------------------------------------------------- k-fold composition of RR (KOV 2015, Thm 3.3)
def kov_delta(exp_eps, k: int, i: int):
    """δ_i of Kairouz–Oh–Viswanath at ε' = (k − 2i)ε for the k-fold composition of RR(ε) (t = e^ε)."""
    t = F(exp_eps)
    return sum((comb(k, l) * (t ** (k - l) - t ** (k - 2 * i + l)) for l in range(i)), F(0)) / (1 + t) ** k


def kov_misstated_delta(exp_eps, k: int, i: int):
    """The same with e^{(k−2i)ε} in place of e^{(k−2i+l)ε} (the shift by l forgotten)."""
    t = F(exp_eps)
    return sum((comb(k, l) * (t ** (k - l) - t ** (k - 2 * i)) for l in range(i)), F(0)) / (1 + t) ** k


def _kov_check(formula):
    def check(inst: Instance) -> Outcome:
        from exactpriv.measures.approx import approx_dp

        t, k, i = inst.params["exp_eps"], inst.params["k"], inst.params["i"]
        profile = approx_dp(k_fold(inst.mechanism, k)).value
        exact = profile.delta(exp_eps=F(t) ** (k - 2 * i))
        return Outcome(compare(exact, "==", formula(t, k, i)), {"delta": exact})
    return check


def _kov_family():
    for t in (F(3, 2), F(2), F(3)):
        for k in (2, 3, 5):
            for i in range(0, k // 2 + 1):
                yield Instance(f"RR(e^eps={t}), k={k}, i={i}", mechanism=randomized_response(2, exp_eps=t),
                               params={"exp_eps": t, "k": k, "i": i})


KOV = Family("rr-k-fold", _kov_family, "RR(ε)^{⊗k} at ε' = (k − 2i)ε for k = 2, 3, 5")
kov = Claim("kov2015.thm3_3", "δ of the k-fold composition of RR", "Kairouz, Oh, Viswanath 2015, Theorem 3.3",
            "The k-fold composition of ε-RR has δ((k−2i)ε) = Σ_{l<i} C(k,l)(e^{(k−l)ε} − e^{(k−2i+l)ε})/(1+e^ε)^k.",
            "tightness", [Reading("exact-delta", "δ of RR(ε)^{⊗k} at (k−2i)ε equals the KOV formula, exactly",
                                  _kov_check(kov_delta), (KOV,), open_search=False)])
kov_misstated = Claim(
    "kov2015.thm3_3-misstated", "KOV without the shift by l", "Kairouz, Oh, Viswanath 2015, Theorem 3.3, altered",
    "The same with e^{(k−2i)ε} in place of e^{(k−2i+l)ε}.", "tightness",
    [Reading("exact-delta", "δ equals the altered formula", _kov_check(kov_misstated_delta), (KOV,),
             open_search=False, **MISSTATED,
             why="the terms with l ≥ 1 change: δ differs first at k = 5, i = 2 (ε' = ε)")])

CLAIMS = [zcdp, zcdp_misstated, rdp_conversion, rdp_misstated, bretagnolle_huber, bretagnolle_huber_misstated, amplification,
          amplification_misstated, group_privacy, group_misstated, kov, kov_misstated]
