"""The log2-space float filter of the pure-DP scan (ScanEngine._max_ratio_log2), used when
denominators leave float range (>= 2^1000), compared with the Fraction definition
(max over neighbours and outputs of P(y|x)/P(y|x')) and with the float64 filter; and the
integer construction of the truncated geometric mechanism against its Fraction rows."""

from __future__ import annotations

import random
from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.exact.logforms import LogForm
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.measures.divergence import space_edges
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import _geometric_rows, truncated_geometric
from exactpriv.spaces import Hamming
from exactpriv.exact.numbers import OO


def untagged(M):
    """M without the zoo's closed-form tag: pure_dp / approx_dp take the engines under test, not the family's
    formula (tests/measures/test_closed_forms.py)."""
    import copy

    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


def _definition(rows, edges):
    best = F(0)
    for a, b in edges:
        for x, x2 in ((a, b), (b, a)):
            for p, q in zip(rows[x], rows[x2]):
                if q == 0:
                    if p:
                        return OO
                    continue
                best = max(best, p / q)
    return best


@pytest.mark.parametrize("seed", range(8))
def test_log2_filter_matches_definition(seed):
    rng = random.Random(seed)
    S = Hamming(range(3), 2)
    zeros = seed % 3 == 0
    rows = []
    for _ in range(S.size):
        w = [rng.randint(0 if zeros else 1, 30) for _ in range(S.size)]
        w[rng.randrange(S.size)] += 1
        rows.append([F(v, sum(w)) for v in w])
    M = Mechanism(S, list(range(S.size)), rows)
    eng = ScanEngine(M)
    pairs = space_edges(S)
    expected = _definition(rows, [tuple(e) for e in pairs.tolist()])
    val, _ = eng._max_ratio_log2(pairs)
    assert val == expected
    assert eng._max_ratio_float(pairs)[0] == expected


@pytest.mark.parametrize("n, a", [(1, F(2)), (5, F(3, 2)), (12, F(11, 10)), (30, F(7))])
def test_truncated_geometric_integer_rows(n, a):
    """Integer construction == Fraction rows (Ghosh–Roughgarden–Sundararajan); pure ε = ln a."""
    M = truncated_geometric(n, exp_eps=a)
    assert M.rows == tuple(tuple(r) for r in _geometric_rows(n, a))
    assert pure_dp(untagged(M)).value == LogForm.log(a)


def test_truncated_geometric_beyond_float_range():
    """n = 400 at e^ε = 7: row denominators 7^400·8 > 2^1000, so the log2 filter decides."""
    M = truncated_geometric(400, exp_eps=F(7))
    assert int(M.integer_rows()[1].max()).bit_length() > 1000
    assert pure_dp(untagged(M)).value == LogForm.log(7)


def test_delta_beyond_float_range_matches_definition():
    """δ(ε') = max over ordered neighbours of Σ_y max(0, P(y|x) − e^ε' P(y|x')) (Cuff–Yu's
    hockey-stick divergence) for counts 0..360 at e^ε = 7 (denominators 7^360·8 > 2^1000:
    entries underflow float64, the filter's bound absorbs it), against a plain integer
    evaluation of the definition."""
    from exactpriv.measures.approx import approx_dp

    n, g = 360, F(3, 2)
    M = truncated_geometric(n, exp_eps=F(7))
    num, den = M.integer_rows()
    assert int(den.max()).bit_length() > 1000
    rows = [(list(map(int, r)), int(d)) for r, d in zip(num.tolist(), den.tolist())]
    best = F(0)
    for c in range(n):
        for (p, dp), (q, dq) in ((rows[c], rows[c + 1]), (rows[c + 1], rows[c])):
            t = sum(max(0, a * dq * g.denominator - g.numerator * b * dp) for a, b in zip(p, q))
            best = max(best, F(t, dp * dq * g.denominator))
    assert approx_dp(untagged(M)).value.delta(exp_eps=g) == best
    assert approx_dp(M).value.delta(exp_eps=g) == best  # the closed form


@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_symbolic_truncated_geometric_family_rows(n):
    """The family-validated symbolic rows equal the per-entry construction (sympy cancel of
    every entry) and the mechanism is validated the same way when built entry by entry."""
    import sympy

    from exactpriv import EPS

    M = truncated_geometric(n, eps=EPS)
    expected = tuple(tuple(r) for r in _geometric_rows(n, sympy.exp(EPS)))
    assert M.rows == expected
    assert Mechanism(M.inputs, M.outputs, [list(r) for r in expected]).rows == expected  # per-entry validation accepts them
    assert pure_dp(M).value == EPS
