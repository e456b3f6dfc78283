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
