"""The MI-DP sub-channel filter (exactpriv.measures.engines.mi_dp_filter) against the independent
reference evaluator and against the unfiltered exact path, in every regime that picks another
code path: generic positive rows, rows with zeros, exact ties (value codes, deduplication),
large denominators (no filter: int64 bound), mixed alphabets, membership spaces, symbolic
mechanisms (never filtered).  The filter is forced on small mechanisms by lowering its
thresholds; the certified upper bound itself is checked against the reference capacity."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exactpriv.measures.engines import mi_dp_filter as filt
from exactpriv.measures.channel_capacity import mi_dp
from exactpriv.measures.reference import agree, reference
from exactpriv.measures.reference.capacity import capacity_enclosure as reference_capacity
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming, randomized_response
from exactpriv.exact.numbers import EPS
from exactpriv.spaces import Hamming, Subsets

_SETTINGS = dict(derandomize=True, deadline=None, database=None, max_examples=12,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.function_scoped_fixture])


@pytest.fixture
def forced(monkeypatch):
    """Run the filter on every rational mechanism, however small."""
    monkeypatch.setattr(filt, "FILTER_MIN_ENTRIES", 0)
    monkeypatch.setattr(filt, "_FEW", 0)
    calls = []
    real = filt.candidate_subchannels

    def spy(*a, **k):
        out = real(*a, **k)
        calls.append(out)
        return out
    monkeypatch.setattr(filt, "candidate_subchannels", spy)
    return calls


def _unfiltered(M):
    saved = filt.FILTER_MIN_ENTRIES
    filt.FILTER_MIN_ENTRIES = 1 << 62
    try:
        return mi_dp(M)
    finally:
        filt.FILTER_MIN_ENTRIES = saved


def _same(fast, slow):
    """Exact values equal; enclosures overlap (both certified)."""
    if fast.value is not None and slow.value is not None:
        return fast.value == slow.value
    lo_f, hi_f = (fast.lower, fast.upper) if fast.value is None else (None, None)
    lo_s, hi_s = (slow.lower, slow.upper) if slow.value is None else (None, None)
    if lo_f is None or lo_s is None:
        return False  # one exact, one enclosure: the paths disagree on the form
    return lo_f <= hi_s and lo_s <= hi_f


def _check(M, forced):
    fast = mi_dp(M)
    assert forced and forced[-1] is not None, "the filter did not run"
    assert agree(fast, reference("mi_dp", M)).is_true
    assert _same(fast, _unfiltered(M))
    return fast


SPACES = [Hamming(range(3), 2), Hamming(range(2), 3), Hamming.product([[0, 1], [0, 1, 2]])]


@settings(**_SETTINGS)
@given(data=st.data())
def test_generic_positive_rows(forced, data):
    S = data.draw(st.sampled_from(SPACES), label="space")
    hi = data.draw(st.sampled_from([5, 1000, 1 << 20]), label="entry bound")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    num = np.random.default_rng(seed).integers(1, hi, size=(S.size, S.size), dtype=np.int64)
    _check(Mechanism.from_integer_rows(S, list(range(S.size)), num, num.sum(axis=1)), forced)


@settings(**_SETTINGS)
@given(data=st.data())
def test_rows_with_zeros(forced, data):
    S = data.draw(st.sampled_from(SPACES), label="space")
    m = data.draw(st.integers(2, 6), label="outputs")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = np.random.default_rng(seed)
    num = rng.integers(0, 4, size=(S.size, m), dtype=np.int64) * rng.integers(0, 2, size=(S.size, m))
    num[num.sum(axis=1) == 0, 0] = 1
    _check(Mechanism.from_integer_rows(S, list(range(m)), num, num.sum(axis=1)), forced)


@pytest.mark.parametrize("values, n, a", [(range(3), 2, F(2)), (range(2), 3, F(3)), (range(3), 3, F(3, 2))])
def test_exponential_mechanism_ties(forced, values, n, a):
    """Tie-heavy: every sub-channel equal up to output permutations (deduplicated), closed form.  On an untagged
    copy: the zoo's tagged E_d is answered from RR's capacity before the filter (closed_forms.tagged_mi_dp,
    tests/measures/test_closed_form_mi_dp.py), so the filter is exercised on the same matrix without the tag."""
    import copy

    E = exponential_mechanism_hamming(values, n, exp_eps=a)
    U = copy.copy(E)
    U.__dict__.pop("closed_form", None)
    fast = _check(U, forced)
    assert fast.value is not None  # weakly symmetric sub-channels: an exact LogForm
    assert mi_dp(E).value == fast.value


@settings(**_SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_duplicate_and_repeated_rows(forced, seed):
    """Few distinct rows repeated: value codes, deduplication, identical-row sub-channels (C = 0)."""
    rng = np.random.default_rng(seed)
    S = Hamming(range(2), 3)
    base = rng.integers(1, 4, size=(3, 4), dtype=np.int64)
    num = base[rng.integers(0, 3, size=S.size)]
    _check(Mechanism.from_integer_rows(S, list(range(4)), num, num.sum(axis=1)), forced)


def test_membership_space(forced):
    S = Subsets(["a", "b", "c"])
    num = np.random.default_rng(7).integers(1, 50, size=(S.size, 5), dtype=np.int64)
    _check(Mechanism.from_integer_rows(S, list(range(5)), num, num.sum(axis=1)), forced)


def test_large_denominators_skip_the_filter(forced):
    """Row sums >= 2^32 would overflow the exact int64 dot products: no filter, same answer."""
    S = Hamming(range(2), 2)
    num = np.random.default_rng(3).integers(1 << 40, 1 << 41, size=(S.size, 3), dtype=np.int64)
    M = Mechanism.from_integer_rows(S, list(range(3)), num, num.sum(axis=1))
    assert not filt.applicable(M)
    fast = mi_dp(M)
    assert not forced
    assert agree(fast, reference("mi_dp", M)).is_true


def test_symbolic_mechanisms_are_never_filtered(forced):
    M = randomized_response(2, eps=EPS)
    out = mi_dp(M)
    assert not forced
    assert out.value is not None and out.value.free_symbols


@settings(**_SETTINGS)
@given(data=st.data())
def test_certified_upper_bound_is_sound(data):
    """U_k >= C_k for any guiding pmf q (even a poor one): U is never below the reference's
    certified lower bound of the capacity."""
    k = data.draw(st.integers(2, 4), label="rows")
    m = data.draw(st.integers(2, 7), label="outputs")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = np.random.default_rng(seed)
    num = rng.integers(0, 30, size=(k, m), dtype=np.int64)
    num[num.sum(axis=1) == 0, 0] = 1
    den = num.sum(axis=1)
    q = rng.dirichlet(np.ones(m)) if data.draw(st.booleans(), label="random q") else (num / den[:, None]).mean(axis=0)
    U = filt.certified_upper(num, den, filt._neg_entropy_upper(num, den), np.arange(k)[None, :], q[None, :])
    ref = reference_capacity([[F(int(a), int(d)) for a in r] for r, d in zip(num, den)])
    assert U[0] >= float(ref.lower)


@settings(**_SETTINGS)
@given(data=st.data())
def test_integer_channel_capacity_against_reference(data):
    """capacity() of an integer-backed mechanism: the certificate reads integer rows (no Fraction
    per entry) and fixed-point row entropies; checked against the reference sandwich."""
    from exactpriv.measures.channel_capacity import capacity

    k = data.draw(st.integers(2, 12), label="inputs")
    m = data.draw(st.integers(2, 12), label="outputs")
    hi = data.draw(st.sampled_from([3, 1000, 1 << 30]), label="entry bound")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = np.random.default_rng(seed)
    num = rng.integers(0, hi, size=(k, m), dtype=np.int64)
    num[num.sum(axis=1) == 0, 0] = 1
    S = Hamming(range(k), 1)
    M = Mechanism.from_integer_rows(S, list(range(m)), num, num.sum(axis=1))
    assert agree(capacity(M), reference("capacity", M)).is_true


@settings(**_SETTINGS)
@given(data=st.data())
def test_fixed_point_row_entropies_match_arb(monkeypatch, data):
    """The fixed-point row entropies (exact int64 limbs) overlap the per-row arb evaluation."""
    from exactpriv.measures.engines.information import channel as _info_channel

    monkeypatch.setattr(_info_channel, "_FIXED_MIN_ENTRIES", 0)
    k = data.draw(st.integers(1, 6), label="rows")
    m = data.draw(st.integers(1, 9), label="outputs")
    hi = data.draw(st.sampled_from([2, 50, 1 << 21, 1 << 23, 1 << 36]), label="entry bound")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    num = np.random.default_rng(seed).integers(0, hi, size=(k, m), dtype=np.int64)
    num[num.sum(axis=1) == 0, 0] = 1
    ch = _info_channel.ExactChannel.from_integers(num, num.sum(axis=1))
    fixed = ch.row_entropies(128, _info_channel.IntegerLogs(128))
    plain = ch._row_entropies_arb(128, _info_channel.IntegerLogs(128))
    assert all(a.overlaps(b) and a.rad() < 2.0 ** -100 for a, b in zip(fixed, plain))


@pytest.mark.parametrize("seed", range(4))
def test_closed_form_and_numeric_subchannels_mixed(forced, seed):
    """Some sub-channels weakly symmetric (exact closed form), others numeric: the maximum may sit
    on either kind and must match the reference and the unfiltered path."""
    rng = np.random.default_rng(seed)
    S = Hamming(range(2), 3)
    sym = np.array([[3, 1, 2, 2], [1, 3, 2, 2]], dtype=np.int64) * (seed + 1)  # BSC-like with an erasure part
    num = rng.integers(1, 9, size=(S.size, 4), dtype=np.int64)
    codes = S.record_codes()
    mask = codes[:, 0] == 0  # records with x_0 = 0: sub-channels along record 2 get the symmetric pair
    num[mask] = sym[codes[mask, 2]]
    _check(Mechanism.from_integer_rows(S, list(range(4)), num, num.sum(axis=1)), forced)
