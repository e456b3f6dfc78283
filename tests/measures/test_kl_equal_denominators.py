"""Regression for issue 9 (part 1): the exact KL of two rows with one common denominator.

``ScanEngine._kl_pair`` (the float-filter and exhaustive KL paths of ``exactpriv.measures.engines.scan.engine``)
built its coefficient map as ``{D2: 1, D1: -1}``; when the two rows share the denominator D this
collapses to ``{D: -1}`` and the "exact" KL-DP came out as KL − log D (negative).  Every case here
is compared with KL evaluated from its definition D(P‖Q) = Σ_y P(y) log(P(y)/Q(y)) as a plain
LogForm sum, and the test asserts which scan path ran, so that a future change of thresholds
cannot silently turn it into a test of another path.
"""

import random
from fractions import Fraction as F

import pytest

from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.engines.scan.engine import MAX_CODES, ScanEngine
from exactpriv.measures.divergence import kl_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming


def _kl_definition(p, q) -> LogForm:
    total = LogForm(0)
    for a, b in zip(p, q):
        if a:
            total = total + a * LogForm.log(a / b)
    return total


def _exact_max(a, b):
    d = compare(a, ">=", b)
    assert not d.is_undecided
    return a if d.is_true else b


def _two_rows(p, q) -> Mechanism:
    return Mechanism(Hamming([0, 1], 1), [f"y{k}" for k in range(len(p))], [p, q])


def _permuted_pair(rng, n, lo, hi):
    ints = [rng.randint(lo, hi) for _ in range(n)]
    s = sum(ints)
    other = ints[:]
    rng.shuffle(other)
    return [F(v, s) for v in ints], [F(v, s) for v in other]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kl_float_filter_path_common_denominator(seed):
    """Issue 9 reproduction: 300 outputs, the same 300 random integers in two orders over their sum."""
    p, q = _permuted_pair(random.Random(seed), 300, 1, 10**6)
    M = _two_rows(p, q)
    eng = ScanEngine(M)
    assert eng.codes is None, "expected the float-filter path (more than 256 distinct entries)"
    assert len(set(eng.den.tolist())) == 1, "both rows must share one denominator"
    want = _exact_max(_kl_definition(p, q), _kl_definition(q, p))
    got = kl_dp(M).value
    assert got == want
    assert compare(got, ">", 0).is_true


@pytest.mark.parametrize("seed", [0, 1])
def test_kl_exhaustive_path_common_denominator(seed):
    """Entries above int64 take the exact all-pairs path, which uses the same per-pair sum."""
    rng = random.Random(seed)
    ints = [rng.randint(2**70, 2**71) for _ in range(12)]
    s = sum(ints)
    other = ints[::-1]
    p, q = [F(v, s) for v in ints], [F(v, s) for v in other]
    M = _two_rows(p, q)
    eng = ScanEngine(M)
    assert not eng.int64, "expected the object-dtype (exact all-pairs) path"
    want = _exact_max(_kl_definition(p, q), _kl_definition(q, p))
    assert kl_dp(M).value == want


@pytest.mark.parametrize("n,seed", [(5, 0), (40, 1), (200, 2)])
def test_kl_code_path_common_denominator(n, seed):
    """Below 256 distinct entries the value-code path runs; equal denominators there too."""
    rng = random.Random(seed)
    p, q = _permuted_pair(rng, n, 1, 50)
    M = _two_rows(p, q)
    eng = ScanEngine(M)
    assert eng.codes is not None and eng.codes.K <= MAX_CODES
    want = _exact_max(_kl_definition(p, q), _kl_definition(q, p))
    assert kl_dp(M).value == want


def test_kl_float_path_distinct_denominators_still_exact():
    """The accumulation must not change the distinct-denominator case."""
    rng = random.Random(7)
    a = [rng.randint(1, 10**6) for _ in range(300)]
    b = [rng.randint(1, 10**6) for _ in range(300)]
    p, q = [F(v, sum(a)) for v in a], [F(v, sum(b)) for v in b]
    M = _two_rows(p, q)
    assert ScanEngine(M).codes is None
    want = _exact_max(_kl_definition(p, q), _kl_definition(q, p))
    assert kl_dp(M).value == want
