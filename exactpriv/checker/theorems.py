"""The meta-theorems a ``reduction`` certificate may cite (issue 27).  They are trusted, not re-proved: each is a
textbook theorem, stated here with its reference so that a referee sees exactly what is assumed."""

__all__ = ["TRUSTED"]

TRUSTED = {
    "post-processing": "a measure that satisfies the data-processing inequality cannot increase under "
                       "post-processing (Dwork–Roth 2014, Prop. 2.1; Cover–Thomas, Thm. 2.8.1)",
    "composition": "pure DP levels add under sequential composition (Dwork–Roth 2014, Thm. 3.14)",
    "group-privacy": "ε-DP gives kε-DP for datasets at distance k (Dwork–Roth 2014, Thm. 2.2)",
    "product-of-pairs": "a measure defined as a maximum over neighbouring pairs of a pair divergence is "
                        "attained on a pair of rows; a row-pair family covers every mechanism of the space",
    "monotone-bound": "if B ≤ f(A) and f is non-decreasing, every bound f(a) with a ≥ A holds",
}
