"""The checker dedupes candidate likelihood ratios by a key (lowest terms, monic denominator) instead of
comparing every pair: the key must agree with the pairwise comparison N_a·D_b = N_b·D_a on every pair."""

import random
from fractions import Fraction

from exactpriv.checker import polys


def _random_rf(rng):
    n = [Fraction(rng.randint(-3, 3), rng.randint(1, 3)) for _ in range(rng.randint(0, 3))]
    d = [Fraction(rng.randint(-3, 3), rng.randint(1, 3)) for _ in range(rng.randint(1, 3))]
    if not any(d):
        d[-1] = Fraction(1)
    return n, d


def _scaled(rf, rng):
    """The same function written differently: numerator and denominator times a common polynomial factor."""
    f = [Fraction(rng.randint(1, 4), rng.randint(1, 4)), Fraction(rng.randint(-2, 2))]
    return polys.pmul(rf[0], f), polys.pmul(rf[1], f)


def test_the_key_agrees_with_the_pairwise_comparison():
    rng = random.Random(5)
    rfs = []
    for _ in range(60):
        a = _random_rf(rng)
        rfs += [a, _scaled(a, rng)]
    rfs += [([], [Fraction(1)]), ([Fraction(0)], [Fraction(2), Fraction(1)])]  # zero written two ways
    for a in rfs:
        for b in rfs:
            assert (polys.rf_key(a) == polys.rf_key(b)) == polys.rf_same(a, b), (a, b)
    assert polys.rf_key(([Fraction(1)], [])) is None  # zero denominator: the caller compares pairwise
