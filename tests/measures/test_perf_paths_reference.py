"""The perf fast paths against the independent reference evaluator (exactpriv.measures.reference):
integer-backed mechanisms (the pure-DP scan with one division per entry, with and without
zero entries), product mechanisms (worst pair from the factors), and the truncated geometric
built from integers (pure ε and the δ(ε) profile)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import kl_dp, pure_dp
from exactpriv.measures.reference import agree, reference
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import rappor, truncated_geometric
from exactpriv.spaces import Hamming


def untagged(M):
    """M without the zoo's closed-form tag: pure_dp / approx_dp take the engines under test, not the family's
    formula (tests/measures/test_closed_forms.py)."""
    import copy

    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


@pytest.mark.parametrize("seed", range(6))
def test_integer_backed_against_reference(seed):
    rng = np.random.default_rng(seed)
    S = Hamming(range(3), 2)
    num = rng.integers(0 if seed % 2 else 1, 9, size=(S.size, S.size), dtype=np.int64)
    num[:, 0] += 1
    M = Mechanism.from_integer_rows(S, list(range(S.size)), num, num.sum(axis=1))
    for name, fast in (("pure_dp", pure_dp), ("kl_dp", kl_dp)):
        assert agree(fast(M), reference(name, M)).is_true, name


@pytest.mark.parametrize("seed", range(4))
def test_rappor_against_reference(seed):
    rng = random.Random(seed)
    items = list(range(6))
    hashes = {x: rng.sample(range(5), 2) for x in items}
    R = rappor(items, 5, hashes, f=F(1, 2))
    for m in (R, untagged(R)):  # the closed form, the product engine
        assert agree(pure_dp(m), reference("pure_dp", R.expand())).is_true


@pytest.mark.parametrize("n, a", [(6, F(2)), (9, F(11, 10))])
def test_truncated_geometric_against_reference(n, a):
    M = truncated_geometric(n, exp_eps=a)
    for m in (M, untagged(M)):  # the closed form, the shift structure
        assert agree(pure_dp(m), reference("pure_dp", M)).is_true
        assert agree(approx_dp(m), reference("approx_dp", M)).is_true
