"""The scan engine's value codes (ScanEngine._build_codes) against the codes from their definition: the distinct
values L·P(y|x) in ascending order, each entry coded by its rank — on both of its paths (a table over 0..L when L
is small next to the number of entries, sorting otherwise), at their boundary, beyond 2^22 and beyond MAX_CODES."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from exactpriv.measures.engines.scan.codes import MAX_CODES
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.mechanisms import Mechanism
from exactpriv.spaces import Hamming


def _mechanism(rng, n_inputs, n_outputs, dens):
    rows, ds = [], []
    for _ in range(n_inputs):
        d = rng.choice(dens)
        cuts = sorted(rng.randrange(d + 1) for _ in range(n_outputs - 1))
        rows.append([b - a for a, b in zip([0, *cuts], [*cuts, d])])
        ds.append(d)
    n = 2
    while n ** 2 < n_inputs:
        n += 1
    space = Hamming(range(n), 2)
    rows += [rows[0]] * (space.size - n_inputs)
    ds += [ds[0]] * (space.size - n_inputs)
    return Mechanism.from_integer_rows(space, list(range(n_outputs)), np.array(rows, dtype=np.int64),
                                       np.array(ds, dtype=np.int64))


def _from_the_definition(M):
    num, den = M.integer_rows()
    L = math.lcm(*(int(d) for d in np.unique(den)))
    V = [[int(v) * (L // int(d)) for v in row] for row, d in zip(num.tolist(), den.tolist())]
    vals = sorted({v for row in V for v in row})
    if len(vals) > MAX_CODES:
        return None
    rank = {v: k for k, v in enumerate(vals)}
    return [[rank[v] for v in row] for row in V], vals, L, len(vals)


@pytest.mark.parametrize("dens", [[4], [12, 8], [997], [1000, 999], [(1 << 21) + 1], [(1 << 22) + 3],
                                  [2 ** 20, 3 ** 12], [60, 7]])
@pytest.mark.parametrize("shape", [(4, 3), (9, 40), (16, 300)])
def test_codes_are_the_ranks_of_the_distinct_values_on_both_paths(dens, shape):
    rng = random.Random(hash((tuple(dens), shape)) & 0xFFFF)
    M = _mechanism(rng, *shape, dens)
    got, want = ScanEngine(M)._build_codes(), _from_the_definition(M)
    if want is None or want[2] >= 1 << 40:
        assert got is None
        return
    codes, vals, L, K = want
    assert got.codes.dtype == np.uint8 and got.V.dtype == np.int64
    assert got.codes.tolist() == codes and got.V.tolist() == vals and (got.L, got.K) == (L, K)
    assert got.base == (16 if K <= 16 else K)
