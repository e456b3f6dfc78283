"""Tests of exactpriv.exact.lp.sparse_solve: exact sparse solves by numeric lifting.

Every solution is compared with python-flint's dense exact solver (``fmpq_mat.solve``,
an independent algorithm: fraction-free LU / p-adic Dixon lifting), in each regime that
picks another code path: int64 residuals, Python-int residuals (entries >= 2^31), the
big-step start for right-hand sides beyond float range, the transposed solve, and an
ill-conditioned (Hilbert) matrix.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import flint
import pytest

from exactpriv.exact.lp.sparse_solve import SingularSystemError, SparseIntegerSystem, simplest_between


def _random_sparse(n, rng, *, density=0.15, entry=9):
    """A random sparse integer matrix with a nonzero diagonal (nonsingular with high probability)."""
    entries = {}
    for i in range(n):
        entries[i, i] = rng.choice([v for v in range(-entry, entry + 1) if v])
        for j in range(n):
            if i != j and rng.random() < density:
                entries[i, j] = rng.randint(-entry, entry) or 1
    return entries


def _flint_solve(entries, n, rhs, transpose=False):
    M = flint.fmpq_mat(n, n)
    for (i, j), v in entries.items():
        if transpose:
            i, j = j, i
        M[i, j] = v
    B = flint.fmpq_mat(n, 1, [flint.fmpq(F(v).numerator, F(v).denominator) for v in rhs])
    return [F(int(e.p), int(e.q)) for e in M.solve(B).entries()]


def _system(entries, n):
    keys = list(entries)
    return SparseIntegerSystem([i for i, _ in keys], [j for _, j in keys], [entries[k] for k in keys], n)


def _flint_det(entries, n):
    M = flint.fmpz_mat(n, n)
    for (i, j), v in entries.items():
        M[i, j] = v
    return M.det()


@pytest.mark.parametrize("seed", range(12))
def test_random_systems_match_flint(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 40)
    entries = _random_sparse(n, rng)
    while _flint_det(entries, n) == 0:  # singular draws are redrawn (tested separately below)
        entries = _random_sparse(n, rng)
    S = _system(entries, n)
    rhs = [F(rng.randint(-50, 50), rng.randint(1, 7)) for _ in range(n)]
    assert S.solve(rhs) == _flint_solve(entries, n, rhs)
    assert S.solve(rhs, transpose=True) == _flint_solve(entries, n, rhs, transpose=True)


def test_large_entries_use_python_integers():
    """Entries of 2^40 and more take the object-array (Python int) residual path."""
    rng = random.Random(7)
    n = 15
    entries = {k: v * 2**40 + rng.randint(0, 99) for k, v in _random_sparse(n, rng).items()}
    assert _flint_det(entries, n) != 0
    rhs = [rng.randint(-(2**70), 2**70) for _ in range(n)]
    assert _system(entries, n).solve(rhs) == _flint_solve(entries, n, rhs)


def test_right_hand_side_beyond_float_range():
    """|b| ~ 2^3000 overflows float64: the big-step start shrinks the residual first."""
    rng = random.Random(3)
    n = 20
    entries = _random_sparse(n, rng)
    assert _flint_det(entries, n) != 0
    rhs = [rng.randint(-(2**3000), 2**3000) for _ in range(n)]
    assert _system(entries, n).solve(rhs) == _flint_solve(entries, n, rhs)
    assert _system(entries, n).solve(rhs, transpose=True) == _flint_solve(entries, n, rhs, transpose=True)


def test_ill_conditioned_hilbert():
    """The 8x8 Hilbert matrix scaled to integers (condition number ~1.5e10)."""
    n = 8
    L = 1
    for k in range(1, 2 * n):
        L = L * k // __import__("math").gcd(L, k)
    entries = {(i, j): L // (i + j + 1) for i in range(n) for j in range(n)}
    rhs = list(range(1, n + 1))
    assert _system(entries, n).solve(rhs) == _flint_solve(entries, n, rhs)


def test_zero_right_hand_side_and_identity():
    S = _system({(0, 0): 1, (1, 1): 1}, 2)
    assert S.solve([0, 0]) == [0, 0]
    assert S.solve([F(1, 3), -5]) == [F(1, 3), -5]


def test_singular_matrix_raises():
    with pytest.raises(SingularSystemError):
        _system({(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 4}, 2)


def test_simplest_between_is_simplest():
    """Brute force over denominators: no fraction with a smaller denominator lies in the interval."""
    rng = random.Random(11)
    for _ in range(200):
        a, b = sorted(F(rng.randint(-300, 300), rng.randint(1, 60)) for _ in range(2))
        p, q = simplest_between(a.numerator, a.denominator, b.numerator, b.denominator)
        assert a <= F(p, q) <= b
        for qq in range(1, q):
            lo = -((-a.numerator * qq) // a.denominator)  # ceil(a·qq)
            assert F(lo, qq) > b
