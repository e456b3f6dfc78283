"""The compiler's split of a lazy noise's interval: the integer fast path against the general one.

``Rng._split`` takes a fast path when the ends are in Z ∪ {±inf} and the threshold is an int (most splits);
the general path builds both sides with ``Rng._sides`` (ends that may be tail values, compared through
``Rng._less``).  For every combination of ends, thresholds, asked side, constraint or branch, and branch taken, both
must give the same answer, the same interval (types included), the same choice trace, and die on the same paths."""

import itertools
import math
from fractions import Fraction

from exactpriv.mechanisms.programs.compiler import Rng, _Dead, _Noise
from exactpriv.mechanisms.programs.noise import DiscreteLaplace

ENDS = [-math.inf, -3, -2, -1, 0, 1, 2, 3, math.inf]


def _reference_split(rng, nz, t, want_at_least, force):
    """The general path of Rng._split (from Rng._sides), which the fast path must reproduce."""
    return rng._split_by_sides(nz, t, want_at_least=want_at_least, force=force)


def _run(split, lo, hi, t, want, force, prefix):
    rng = Rng(list(prefix), K=4)
    nz = _Noise(0, DiscreteLaplace(Fraction(1, 2)))
    nz.lo, nz.hi = lo, hi
    try:
        got = split(rng, nz, t, want, force)
    except _Dead:
        got = "dead"
    return got, (nz.lo, type(nz.lo), nz.hi, type(nz.hi)), rng._trace


def test_fast_split_equals_the_general_split():
    fast = lambda rng, nz, t, want, force: rng._split(nz, t, want_at_least=want, force=force)  # noqa: E731
    seen = set()
    for lo, hi in itertools.product(ENDS, ENDS):
        for t in range(-5, 6):
            for want, force, prefix in itertools.product((True, False), (False, True), ((0,), (1,))):
                a = _run(fast, lo, hi, t, want, force, prefix)
                b = _run(_reference_split, lo, hi, t, want, force, prefix)
                assert a == b, (lo, hi, t, want, force, prefix)
                seen.add("dead" if a[0] == "dead" else ("branch" if a[2] else "one side"))
    assert seen == {"dead", "branch", "one side"}  # every regime was exercised


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
