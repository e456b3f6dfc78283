"""The compiler's split of a lazy noise's interval: the integer fast path against the general one.

``_int_sides`` (ends in Z ∪ {±inf}, an int threshold) replaces ``Rng._sides`` (ends that may be tail values,
compared through ``Rng._less``) on most splits; both must give the same sides, with the same empty ones, for every
combination of ends and thresholds, including infinite ends and empty intervals."""

import itertools
import math

from exactpriv.mechanisms.programs.compiler import Rng, _int_sides

ENDS = [-math.inf, -3, -2, -1, 0, 1, 2, 3, math.inf]


def test_integer_sides_equal_the_general_sides():
    rng = Rng([], K=4)
    seen_empty = seen_both = 0
    for lo, hi in itertools.product(ENDS, ENDS):
        for t in range(-5, 6):
            fast, plain = _int_sides(lo, hi, t), rng._sides(lo, hi, t)
            assert fast == plain, (lo, hi, t)
            assert [type(v) for s in fast if s[1] for v in s[1]] == [type(v) for s in plain if s[1] for v in s[1]]
            seen_empty += any(s[1] is None for s in fast)
            seen_both += all(s[1] is not None for s in fast)
    assert seen_empty and seen_both


def test_rational_law_objects_and_remembered_tails():
    """_law's table of rational α gives the very law object of the general cache (memo keys compare laws by
    identity), a new α its own; DiscreteLaplace.at_least, remembered per law and t, equals the closed form
    α^t/(1+α) (t ≥ 0) and 1 − α^(1−t)/(1+α) (t < 0) on first and later calls."""
    from fractions import Fraction

    from exactpriv.mechanisms.programs.compiler import _cached_law, _law
    from exactpriv.mechanisms.programs.noise import DiscreteLaplace, Geometric

    a = Fraction(2, 7)
    law = _law(DiscreteLaplace, a)
    assert law is _cached_law(DiscreteLaplace, a) is _law(DiscreteLaplace, Fraction(4, 14))
    assert _law(Geometric, a) is not law and _law(DiscreteLaplace, Fraction(3, 7)) is not law
    for _ in range(2):
        for t in range(-6, 7):
            want = a ** t / (1 + a) if t >= 0 else 1 - a ** (1 - t) / (1 + a)
            assert law.at_least(t) == want and type(law.at_least(t)) is Fraction
    assert law.at_least(-math.inf) == 1 and law.at_least(math.inf) == 0
