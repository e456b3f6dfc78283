"""Seeded random exact objects for Cuff–Yu §§4–7: pmfs, mechanisms, circulant channels, priors.

Seeded random exact objects for Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM
CCS 2016), §§4–7: pmfs with small denominators (zeros allowed unless asked otherwise), mechanisms, circulant
channels (whose capacities have closed forms), priors, product priors and the "all entries equal" prior of
Example 4.1."""

from __future__ import annotations

import random
from fractions import Fraction

from exactpriv.distributions import Prior
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

# ======================================================================================
# random exact objects (seeded; small denominators; zeros allowed unless asked otherwise)
# ======================================================================================
def random_pmf(rng: random.Random, m: int, *, den: int = 6, zeros: bool = True) -> list[Fraction]:
    lo = 0 if zeros else 1
    while True:
        w = [rng.randint(lo, den) for _ in range(m)]
        if sum(w):
            return [Fraction(v, sum(w)) for v in w]


def mech(rng, space, m: int, *, den: int = 6, zeros: bool = True) -> Mechanism:
    return Mechanism(space, list(range(m)), [random_pmf(rng, m, den=den, zeros=zeros) for _ in space.points])


def random_circulant(rng, k: int, *, den: int = 6) -> Mechanism:
    """A k x k circulant channel (rows are cyclic shifts of one random pmf): rows and columns
    are permutations of each other, so its capacities have exact closed forms."""
    r = random_pmf(rng, k, den=den, zeros=False)
    return Mechanism(Hamming(range(k), 1), list(range(k)), [r[-s:] + r[:-s] for s in range(k)])


def random_prior(rng, space, *, den: int = 6, zeros: bool = True) -> Prior:
    return Prior(space, random_pmf(rng, space.size, den=den, zeros=zeros))


def product_prior(rng, space, *, den: int = 5) -> Prior:
    return Prior.product(space, [random_pmf(rng, len(a), den=den, zeros=False) for a in space.records])


def all_equal_prior(space) -> Prior:
    """X_1 = ... = X_n = X ~ uniform on the common alphabet (Example 4.1's 'maximally correlated')."""
    vals = space.records[0]
    return Prior.from_dict(space, {(v,) * space.n: Fraction(1, len(vals)) for v in vals})
