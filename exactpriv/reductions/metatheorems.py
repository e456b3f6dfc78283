"""The trusted meta-theorems: what a proof "by reduction" takes from the literature without re-proving it.

A reduction proves an implication "given(M) ≤ ε ⇒ measure(M) ≤ f(ε)" for EVERY mechanism M by three links:
an extremal family of ``given`` (every pair it allows is a post-processing of the family's pair at the same
level), the monotonicity of ``measure`` under post-processing (data processing), and a certified proof that
measure(extremal(ε)) ≤ f(ε) for every ε.  The first two links are the theorems below; they are the axioms of
the reduction prover, listed here in one place (and in docs/reductions.md), each with its hypotheses, a
reference and a proof sketch.  The first link is in addition *confirmed on every instance* a claim is checked
on: :mod:`exactpriv.reductions.dominance` constructs the post-processing kernel exactly and checks it.

Main definitions
----------------
* :class:`MetaTheorem` — an id, a statement, its hypotheses, references, a proof sketch;
* :data:`METATHEOREMS` — the trusted list, by id.

Conventions: divergences in nats; 0·log 0 = 0, p·log(p/0) = +∞ for p > 0; e^∞ = ∞, so ε = ∞ allows every pair.
"""

from __future__ import annotations

from dataclasses import dataclass

from exactpriv.errors import InvalidArgument

__all__ = ["METATHEOREMS", "MetaTheorem", "metatheorem"]


@dataclass(frozen=True)
class MetaTheorem:
    """A theorem the reduction prover trusts.

    id : a short stable name, used in certificates (``"rr-dominance"``)
    title : one line
    statement : the theorem in words and symbols
    hypotheses : what must hold for a use of it to be valid (checked by the prover, listed in the certificate)
    references : where it is proved (papers, never file names)
    sketch : a one-paragraph proof sketch
    confirmable : True when each use can also be confirmed on an instance by a construction
        (:mod:`exactpriv.reductions.dominance` builds the kernel)
    """

    id: str
    title: str
    statement: str
    hypotheses: tuple[str, ...]
    references: tuple[str, ...]
    sketch: str
    confirmable: bool = False

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "statement": self.statement,
                "hypotheses": list(self.hypotheses), "references": list(self.references)}


_KOV = ("Peter Kairouz, Sewoong Oh, Pramod Viswanath. \u201cThe Composition Theorem for Differential Privacy.\u201d "
        "ICML 2015; IEEE Transactions on Information Theory 63(6), 2017")
_BLACKWELL = ("David Blackwell. \u201cEquivalent Comparisons of Experiments.\u201d Annals of Mathematical Statistics "
              "24(2), 1953")
_CSISZAR = ("Imre Csisz\u00e1r. \u201cInformation-type measures of difference of probability distributions and "
            "indirect observations.\u201d Studia Scientiarum Mathematicarum Hungarica 2, 1967")
_LIESE_VAJDA = ("Friedrich Liese, Igor Vajda. \u201cOn Divergences and Informations in Statistics and Information "
                "Theory.\u201d IEEE Transactions on Information Theory 52(10), 2006")
_VEH = ("Tim van Erven, Peter Harremo\u00ebs. \u201cR\u00e9nyi Divergence and Kullback-Leibler Divergence.\u201d IEEE "
        "Transactions on Information Theory 60(7), 2014. arXiv:1206.2459")
_DR = ("Cynthia Dwork, Aaron Roth. \u201cThe Algorithmic Foundations of Differential Privacy.\u201d Foundations and "
       "Trends in Theoretical Computer Science 9(3-4), 2014")


RR_DOMINANCE = MetaTheorem(
    "rr-dominance",
    "every ε-close pair is a post-processing of binary randomized response RR(ε)",
    "If P, Q are distributions on a finite set with P ≤ e^ε·Q and Q ≤ e^ε·P pointwise (ε ∈ [0, ∞]), there is a "
    "stochastic matrix K with p_ε·K = P and q_ε·K = Q, where p_ε = (e^ε, 1)/(1 + e^ε), q_ε = (1, e^ε)/(1 + e^ε) "
    "are the rows of RR(ε) (at ε = ∞: p = (1, 0), q = (0, 1)).  In closed form, for 0 < ε < ∞: "
    "K = [(e^ε·P − Q)/(e^ε − 1); (e^ε·Q − P)/(e^ε − 1)]; at ε = 0 (then P = Q): K = [P; P]; at ε = ∞: K = [P; Q].",
    ("P and Q are probability vectors on the same finite set",
     "P ≤ e^ε·Q and Q ≤ e^ε·P pointwise (both directions: zeros of P and Q coincide when ε < ∞)"),
    (_KOV + ", Thm 2.1 (privacy regions) with Blackwell's theorem; the dominance is the first step of the "
            "proof of their Thm 3.3", _BLACKWELL),
    "The rows of K are non-negative exactly when e^ε·P ≥ Q and e^ε·Q ≥ P, which is the hypothesis; each row sums "
    "to (e^ε − 1)/(e^ε − 1) = 1.  With a = e^ε/(1+e^ε), b = 1/(1+e^ε): a·(e^εP − Q) + b·(e^εQ − P) = "
    "(e^{2ε} − 1)/(1+e^ε)·P = (e^ε − 1)·P, so p_ε·K = P, and symmetrically q_ε·K = Q.  (KOV prove the general "
    "statement through privacy regions and Blackwell's theorem; the closed form is a direct construction.)",
    confirmable=True,
)

APPROX_DOMINANCE = MetaTheorem(
    "approx-dominance",
    "every (ε, δ)-close pair is a post-processing of the four-output extremal pair",
    "If E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ (ε ∈ [0, ∞), δ ∈ [0, 1]), there is a stochastic K with "
    "P̃·K = P and Q̃·K = Q, where P̃ = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0) and "
    "Q̃ = (0, (1−δ)/(1+e^ε), (1−δ)e^ε/(1+e^ε), δ).  Closed form: P' = min(P, e^ε Q), Q' = min(Q, e^ε P) "
    "(masses 1−δ₁, 1−δ₂ ≥ 1−δ); equalise the masses by mixing the heavier one towards the other divided by "
    "e^ε (P₁ = (1−a)P' + a·Q'/e^ε), scale both to mass 1−δ (P'', Q''); then K's rows are (P − P'')/δ, "
    "(e^ε P'' − Q'')/((e^ε − 1)(1 − δ)), (e^ε Q'' − P'')/((e^ε − 1)(1 − δ)), (Q − Q'')/δ.",
    ("P and Q are probability vectors on the same finite set",
     "E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ (both directions)"),
    (_KOV + ", Thm 2.1 with Blackwell's theorem (the four-output mechanism of their proof of Thm 3.3)", _BLACKWELL),
    "P' ≤ e^ε Q' and Q' ≤ e^ε P' pointwise (check the two cases P ≥ e^εQ and P < e^εQ), and the cone "
    "{(p, q): p ≤ e^ε q, q ≤ e^ε p} is convex and closed under scaling, so mixing P' with Q'/e^ε ≤ P' and "
    "scaling keep the pair in it while lowering masses; hence P'' ≤ P, Q'' ≤ Q, |P''| = |Q''| = 1 − δ and the "
    "middle rows are non-negative as in rr-dominance.  The outer rows are non-negative with mass δ.  Then "
    "P̃·K = (P − P'') + P'' = P and Q̃·K = Q.",
    confirmable=True,
)

DATA_PROCESSING_F = MetaTheorem(
    "data-processing-f",
    "f-divergences do not increase under post-processing",
    "For a convex f with f(1) = 0, D_f(P·K ‖ Q·K) ≤ D_f(P ‖ Q) for every stochastic matrix K.  Instances: "
    "KL (f = t log t), total variation (f = |t − 1|/2), χ² (f = (t − 1)²), squared Hellinger (f = (√t − 1)²), "
    "the hockey-stick divergence E_γ (f = (t − γ)₊, γ ≥ 1), hence δ(ε) of (ε, δ)-closeness.",
    ("the divergence is an f-divergence with f convex, f(1) = 0",
     "the same kernel K is applied to both distributions"),
    (_CSISZAR, _LIESE_VAJDA + " (monotonicity of f-divergences)"),
    "Write D_f(P‖Q) = Σ_x q(x) f(p(x)/q(x)).  For the image pair, (PK)(y)/(QK)(y) = Σ_x w_y(x)·p(x)/q(x) with "
    "weights w_y(x) = q(x)K(x, y)/(QK)(y) summing to 1, so by Jensen f((PK)(y)/(QK)(y)) ≤ Σ_x w_y(x) f(p(x)/q(x)); "
    "multiplying by (QK)(y) and summing over y gives D_f(PK‖QK) ≤ Σ_x q(x) f(p(x)/q(x)).  Zeros of Q are handled "
    "by the perspective convention 0·f(p/0) = p·lim_{t→∞} f(t)/t.",
)

DATA_PROCESSING_RENYI = MetaTheorem(
    "data-processing-renyi",
    "Rényi divergences of every order α ∈ [0, ∞] do not increase under post-processing",
    "D_α(P·K ‖ Q·K) ≤ D_α(P ‖ Q) for every stochastic K and every α ∈ [0, ∞]; α = 1 is KL and α = ∞ is the max "
    "divergence D_∞(P‖Q) = log max_x p(x)/q(x) (so pure ε-DP and ε-closeness are preserved).",
    ("the divergence is D_α for one fixed order α ∈ [0, ∞]", "the same kernel K is applied to both distributions"),
    (_VEH + ", Thm 9 (data processing inequality)",),
    "For α ∈ (1, ∞), exp((α − 1)D_α) = Σ q (p/q)^α is an f-divergence plus one (f = t^α − 1, convex), so "
    "data-processing-f applies and log is increasing; α ∈ (0, 1) likewise with f = 1 − t^α and a sign flip; "
    "α = 1 is KL; α = ∞: (PK)(y) = Σ_x p(x)K(x,y) ≤ max_x(p/q)·Σ_x q(x)K(x,y); α = 0 by limits.",
)

PAIRWISE_MAXIMUM = MetaTheorem(
    "pairwise-maximum",
    "a notion that is a maximum of a divergence over neighbouring pairs inherits its monotonicity pairwise",
    "If N(M) = max over ordered neighbouring pairs (x, x') of D(M_x ‖ M_x') for a divergence D, and every such "
    "pair (M_x, M_x') is a post-processing of one fixed pair (p, q), then N(M) ≤ D(p ‖ q) ≤ N(E) for any "
    "mechanism E having (p, q) as an ordered neighbouring pair.",
    ("the notion is a function of each neighbouring pair of rows alone (no prior, no other rows)",
     "the divergence does not increase under post-processing (data-processing-f or data-processing-renyi)",
     "the neighbour relation is symmetric (pure DP then bounds both directions of every pair)"),
    (_DR + ", Prop. 2.1 (post-processing) for the pattern",),
    "Take the maximising pair (x, x') of M; D(M_x‖M_x') = D(pK‖qK) ≤ D(p‖q) by data processing, and D(p‖q) "
    "is one of the terms of the maximum defining N(E).  This is why mutual-information notions (which depend "
    "on a prior and on every row of a record's channel at once) are NOT reduced this way.",
)

ADDITIVITY = MetaTheorem(
    "additivity",
    "KL and Rényi divergences add over independent composition",
    "D_α(P₁ ⊗ P₂ ‖ Q₁ ⊗ Q₂) = D_α(P₁‖Q₁) + D_α(P₂‖Q₂) for every α ∈ [0, ∞] (α = 1: KL).",
    ("the two outputs are independent given the input (non-adaptive composition of product form)",),
    (_VEH + ", Thm 28 (additivity)",),
    "Σ_{y,z} (p₁p₂)^α (q₁q₂)^{1−α} factorises into the product of the two sums; take logs and divide by α − 1 "
    "(α = 1 and α = ∞ by limits, or directly: log of a product of ratios is a sum).",
)

QUASI_CONVEXITY = MetaTheorem(
    "quasi-convexity",
    "Rényi divergences are jointly quasi-convex",
    "D_α((1−λ)P₀ + λP₁ ‖ (1−λ)Q₀ + λQ₁) ≤ max(D_α(P₀‖Q₀), D_α(P₁‖Q₁)) for α ∈ [0, ∞] and λ ∈ [0, 1] (jointly "
    "convex for α ∈ [0, 1]); used for mixtures of mechanisms.",
    ("the same mixing weight λ on both arguments",),
    (_VEH + ", joint quasi-convexity of Rényi divergence (section on convexity)",),
    "The mixture pair is the image of the pair (P₀ ⊕ P₁, Q₀ ⊕ Q₁) of distributions on two copies of the set "
    "weighted (1−λ, λ) under the kernel that forgets the copy; data processing and the formula for D_α of such "
    "a disjoint weighted union (a power mean of the two, ≤ its maximum) give the claim.",
)

#: the trusted meta-theorems, by id — the axioms of every proof "by reduction"
METATHEOREMS: dict[str, MetaTheorem] = {t.id: t for t in (
    RR_DOMINANCE, APPROX_DOMINANCE, DATA_PROCESSING_F, DATA_PROCESSING_RENYI, PAIRWISE_MAXIMUM, ADDITIVITY,
    QUASI_CONVEXITY)}


def metatheorem(id: str) -> MetaTheorem:
    """The meta-theorem ``id`` (a typed error naming the known ids otherwise)."""
    try:
        return METATHEOREMS[id]
    except KeyError:
        raise InvalidArgument(f"unknown meta-theorem {id!r}; known: {', '.join(METATHEOREMS)}") from None
