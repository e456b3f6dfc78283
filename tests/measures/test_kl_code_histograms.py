"""The value-code scans of kl_dp and renyi_dp (exactpriv.measures.engines.scan.kl_renyi) against the
reference evaluator in each regime of their pair histograms (issue 24): few codes (two packed in a byte,
dense bincounts), more codes with base² ≤ 2Y (dense), and many codes with base² > 2Y (each pair's sorted
code-pair indices instead of 65,536-bin histograms) — the last with ties between pairs, as on circulant
mechanisms."""

from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.measures.divergence import kl_dp, renyi_dp
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.measures.reference import agree, reference
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming


def circulant(S, values, *, zeros=False):
    N = S.size
    w = np.array([(j * 7919) % values + (0 if zeros else 1) for j in range(N)], dtype=np.int64)
    w[0] = max(w[0], 1)
    num = np.stack([np.roll(w, x) for x in range(N)])
    return Mechanism.from_integer_rows(S, list(range(N)), num, num.sum(axis=1))


def random_codes(S, values, seed):
    rng = np.random.default_rng(seed)
    N = S.size
    num = rng.integers(1, values + 1, size=(N, N), dtype=np.int64)
    num[:, 0] = values  # one common row sum keeps the number of distinct entries near `values`
    num[:, 1] += (values * N - num.sum(axis=1)) % values
    return Mechanism.from_integer_rows(S, list(range(N)), num, num.sum(axis=1))


def permuted(S, Y, values, seed):
    """Each row a random permutation of one vector of Y entries with ``values`` distinct values (one row
    sum: the matrix has exactly ``values`` distinct probabilities), many outputs for few inputs."""
    rng = np.random.default_rng(seed)
    w = np.array([1 + j % values for j in range(Y)], dtype=np.int64)
    num = np.stack([rng.permutation(w) for _ in range(S.size)])
    return Mechanism.from_integer_rows(S, list(range(Y)), num, num.sum(axis=1))


CASES = [
    ("packed dense", permuted(Hamming(range(2), 2), 130, 10, 0)),
    ("packed sparse", circulant(Hamming(range(3), 2), 5)),
    ("unpacked dense", permuted(Hamming(range(2), 2), 210, 20, 1)),
    ("unpacked sparse, ties", circulant(Hamming(range(3), 3), 20)),
    ("unpacked sparse, zeros", circulant(Hamming(range(3), 3), 20, zeros=True)),
    ("unpacked sparse, random", random_codes(Hamming(range(2), 4), 12, 1)),
]


def regime(M) -> str:
    """Which histogram code path the engine takes on M: (packed | unpacked) and (dense | sparse)."""
    c = ScanEngine(M).codes
    assert c is not None, "the case must exercise the value-code path"
    packed = "packed" if c.base == 16 else "unpacked"
    return f"{packed} {'sparse' if c.base ** 2 > 2 * len(M.outputs) else 'dense'}"


def test_the_cases_cover_every_regime():
    assert {regime(M) for _, M in CASES} == {"packed dense", "packed sparse", "unpacked dense", "unpacked sparse"}


@pytest.mark.parametrize("name,M", CASES, ids=[c[0] for c in CASES])
def test_code_scans_agree_with_the_reference(name, M):
    assert name.startswith(regime(M))
    assert agree(kl_dp(M), reference("kl_dp", M)).is_true
    for alpha in (2, 3, F(3, 2)):
        assert agree(renyi_dp(M, alpha), reference("renyi_dp", M, alpha=alpha)).is_true, alpha
