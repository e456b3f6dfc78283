"""Mechanisms: the exact Mechanism class, the zoo of mechanisms the five papers use, and exact
operators on mechanisms (composition, post-processing, subsampling, group pairs, shuffling)."""

from exactpriv.mechanisms.base import AnyMechanism, Mechanism, ProductMechanism
from exactpriv.mechanisms.operators import (
    compose,
    group,
    k_fold,
    poisson_subsample,
    post_process,
    shuffle,
    subsample_without_replacement,
)

__all__ = [
    "AnyMechanism",
    "Mechanism",
    "ProductMechanism",
    "compose",
    "group",
    "k_fold",
    "poisson_subsample",
    "post_process",
    "shuffle",
    "subsample_without_replacement",
]
