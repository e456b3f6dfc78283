"""Mechanism.from_integer_rows: bulk validation, canonical storage, lazy rows, and the exact
scans on integer-backed mechanisms compared with a plain Fraction evaluation from the
definition (pure ε = max over neighbours x ~ x' and outputs y of ln P(y|x)/P(y|x'))."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, NotStochasticError, ShapeError
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms import _integer
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming


def _definition_pure_ratio(rows, edges):
    """max over ordered neighbours and outputs of P(y|x)/P(y|x') in Fractions (None = infinite)."""
    best = F(0)
    for a, b in edges:
        for x, x2 in ((a, b), (b, a)):
            for p, q in zip(rows[x], rows[x2]):
                if q == 0:
                    if p:
                        return None
                    continue
                best = max(best, p / q)
    return best


def _random_integer_mechanism(rng, S, *, zeros):
    N = S.size
    num = [[rng.randint(0 if zeros else 1, 9) for _ in range(N)] for _ in range(N)]
    for r in num:
        if not any(r):
            r[0] = 1
    return num, [sum(r) for r in num]


@pytest.mark.parametrize("seed", range(8))
def test_pure_dp_matches_definition(seed):
    """Random integer-backed mechanisms on D^2 (|D| = 3), with and without zero entries: the
    scan's no-zero and zero regimes both agree with the Fraction definition."""
    rng = random.Random(seed)
    S = Hamming(range(3), 2)
    num, den = _random_integer_mechanism(rng, S, zeros=seed % 2 == 1)
    M = Mechanism.from_integer_rows(S, list(range(S.size)), np.array(num), np.array(den))
    rows = [[F(v, d) for v in r] for r, d in zip(num, den)]
    expected = _definition_pure_ratio(rows, [tuple(e) for e in S.edges])
    got = pure_dp(M).value
    if expected is None:
        assert got == math.inf or str(got) == "oo"
    else:
        assert got == LogForm.log(expected)
    # the same mechanism built from Fractions is equal and measures the same
    M2 = Mechanism(S, list(range(S.size)), rows)
    assert M == M2 and hash(M) == hash(M2)
    assert pure_dp(M2).value == got


def test_rows_are_lazy_and_canonical():
    S = Hamming([0, 1], 1)
    M = Mechanism.from_integer_rows(S, ["a", "b"], np.array([[2, 6], [3, 3]]), np.array([8, 6]))
    assert M._rows is None  # nothing materialised yet
    assert M.prob("a", (0,)) == F(1, 4) and M.row((1,)) == {"a": F(1, 2), "b": F(1, 2)}
    num, den = M.integer_rows()
    assert num.tolist() == [[1, 3], [1, 1]] and den.tolist() == [4, 2]  # gcd-reduced
    assert M.rows == ((F(1, 4), F(3, 4)), (F(1, 2), F(1, 2)))
    assert M.shape == (2, 2) and M.is_rational and not M.is_symbolic


def test_python_int_entries_beyond_int64():
    S = Hamming([0, 1], 1)
    big = 2**200
    num = np.empty((2, 2), dtype=object)
    num[:] = [[1, big - 1], [big - 1, 1]]
    M = Mechanism.from_integer_rows(S, [0, 1], num, [big, big])
    assert M.prob(0, (0,)) == F(1, big)
    assert pure_dp(M).witness["ratio"] == big - 1


@pytest.mark.parametrize(
    "num, den, error",
    [
        pytest.param([[0.5, 0.5], [1, 0]], [1, 1], NotExactError, id="float-entries"),
        pytest.param([[1, 1], [1, 0]], [2, 2], NotStochasticError, id="row-sum"),
        pytest.param([[2, -1], [1, 0]], [1, 1], EntryRangeError, id="negative"),
        pytest.param([[1, 1], [1, 1]], [2, 0], EntryRangeError, id="zero-denominator"),
        pytest.param([[1, 1, 0], [1, 1, 0]], [2, 2], ShapeError, id="shape"),
        pytest.param([["1", 1], [1, 1]], [2, 2], InvalidArgument, id="strings"),
    ],
)
def test_bad_input_raises_typed_error(num, den, error):
    arr = np.array(num, dtype=object) if any(isinstance(v, str) for r in num for v in r) else np.array(num)
    with pytest.raises(error):
        Mechanism.from_integer_rows(Hamming([0, 1], 1), [0, 1], arr, np.array(den))


def test_digit_limit_is_a_typed_error(monkeypatch):
    monkeypatch.setattr(_integer, "_MAX_BITS", 64)
    num = np.empty((2, 2), dtype=object)
    num[:] = [[1, 2**70], [1, 2**70]]
    with pytest.raises(InvalidArgument, match="digits"):
        Mechanism.from_integer_rows(Hamming([0, 1], 1), [0, 1], num, [2**70 + 1, 2**70 + 1])
