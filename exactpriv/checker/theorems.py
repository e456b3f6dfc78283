"""The meta-theorems a ``reduction`` certificate may cite (issue 27).  They are trusted, not re-proved: each is a
published theorem, stated here with its reference so that a referee sees exactly what is assumed.  The reduction
prover's ids are those of exactpriv.reductions.metatheorems (docs/reductions.md), restated here because the checker
imports no other exactpriv module; a new id is added in both places."""

__all__ = ["TRUSTED"]

TRUSTED = {
    "post-processing": "a measure that satisfies the data-processing inequality cannot increase under "
                       "post-processing (Dwork–Roth 2014, Prop. 2.1; Cover–Thomas, Thm. 2.8.1)",
    "composition": "pure DP levels add under sequential composition (Dwork–Roth 2014, Thm. 3.14)",
    "group-privacy": "ε-DP gives kε-DP for datasets at distance k (Dwork–Roth 2014, Thm. 2.2)",
    "product-of-pairs": "a measure defined as a maximum over neighbouring pairs of a pair divergence is "
                        "attained on a pair of rows; a row-pair family covers every mechanism of the space",
    "monotone-bound": "if B ≤ f(A) and f is non-decreasing, every bound f(a) with a ≥ A holds",
    # the axioms of exactpriv.reductions (docs/reductions.md), by the ids its certificates use
    "rr-dominance": "every pair with P ≤ e^ε Q and Q ≤ e^ε P is a post-processing of binary randomized response "
                    "RR(ε) (Kairouz–Oh–Viswanath 2015, Thm 2.1 with Blackwell 1953)",
    "approx-dominance": "every (ε, δ)-close pair is a post-processing of the four-output extremal pair "
                        "(Kairouz–Oh–Viswanath 2015, Thm 2.1 with Blackwell 1953)",
    "data-processing-f": "f-divergences (KL, TV, χ², squared Hellinger, hockey-stick) do not increase under "
                         "post-processing (Csiszár 1967; Liese–Vajda 2006)",
    "data-processing-renyi": "Rényi divergences of every order α ∈ [0, ∞] do not increase under post-processing "
                             "(van Erven–Harremoës 2014, Thm 9)",
    "pairwise-maximum": "a maximum over neighbouring pairs of a monotone divergence is at most its value on a "
                        "pair that dominates every neighbouring pair (Dwork–Roth 2014, Prop. 2.1, pattern)",
    "additivity": "KL and Rényi divergences add over independent composition (van Erven–Harremoës 2014, Thm 28)",
    "quasi-convexity": "Rényi divergences are jointly quasi-convex (van Erven–Harremoës 2014)",
    # closed forms of sums (kind binomial, exactpriv.checker.binomial)
    "binomial-theorem": "Σ_{l=0}^{n} C(n, l) X^l = (1 + X)^n for every integer n >= 0, and (its derivative in X "
                        "times X) Σ_{l=0}^{n} l C(n, l) X^l = n X (1 + X)^(n−1) for n >= 1 (Newton; Graham–Knuth–"
                        "Patashnik, Concrete Mathematics, (5.13))",
}
