"""mi_dp of tagged randomized response and E_d (closed_forms.tagged_mi_dp: RR's capacity, the first sub-channel's
witness) against the sub-channel scan on an untagged copy: the same Measured in every field, below and above the
sub-channel filter's threshold (4,096 entries), for two- to four-valued alphabets and e^ε small and large; e^ε = 1 and
method="numeric" are left to the scan."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from exactpriv.measures.channel_capacity import mi_dp
from exactpriv.measures.engines import mi_dp_filter
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming, randomized_response


def untagged(M):
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


CASES = [(f"RR k={k} t={t}", lambda k=k, t=t: randomized_response(k, exp_eps=t)) for k in (2, 3, 5)
         for t in (F(11, 10), F(3))] + [
    (f"E_d {vals}^{n} t={t}", lambda vals=vals, n=n, t=t: exponential_mechanism_hamming(vals, n, exp_eps=t))
    for vals, n in (((0, 1), 2), (("a", "b", "c"), 2), ((0, 1, 2), 4), ((0, 1), 6), ((0, 1, 2, 3), 2))
    for t in (F(2), F(7, 3))]


@pytest.mark.parametrize("label,build", CASES, ids=[c[0] for c in CASES])
def test_tagged_mi_dp_is_the_scan_in_every_field(label, build):
    M = build()
    fast, plain = mi_dp(M), mi_dp(untagged(M))
    for field in ("name", "value", "lower", "upper", "witness", "method", "note"):
        assert getattr(fast, field) == getattr(plain, field), (label, field)
    assert repr(fast.value) == repr(plain.value)


def test_the_filter_regime_is_covered():
    assert mi_dp_filter.applicable(exponential_mechanism_hamming((0, 1, 2), 4, exp_eps=F(2)))
    assert not mi_dp_filter.applicable(exponential_mechanism_hamming((0, 1), 2, exp_eps=F(2)))


def test_e_eps_one_and_numeric_go_to_the_scan(monkeypatch):
    from exactpriv.measures import closed_forms

    calls = []
    real = closed_forms.tagged_mi_dp
    monkeypatch.setattr("exactpriv.measures.channel_capacity.tagged_mi_dp",
                        lambda M, note: calls.append(1) or real(M, note))
    M = exponential_mechanism_hamming((0, 1), 2, exp_eps=F(1))
    assert mi_dp(M).value == mi_dp(untagged(M)).value == 0
    assert real(M, lambda: "") is None
    E = exponential_mechanism_hamming((0, 1), 2, exp_eps=F(2))
    calls.clear()
    assert mi_dp(E, method="numeric").method != "closed-form" and not calls


def test_a_tag_that_does_not_describe_the_entries_leaves_mi_dp_to_the_scan():
    """Review: the formula was read from the tag alone.  A mechanism carrying RR's tag over other entries (two
    equal rows: capacity 0) is answered by the scan."""
    from exactpriv.mechanisms import Mechanism

    M = randomized_response(2, exp_eps=F(3))
    fake = Mechanism(M.inputs, M.outputs, [[F(1, 4), F(3, 4)], [F(1, 4), F(3, 4)]])
    fake.closed_form = M.closed_form
    assert mi_dp(fake).value == mi_dp(untagged(fake)).value == 0  # the tag's formula: log 2 - H(3/4, 1/4) > 0


def test_the_integer_rows_a_mechanism_hands_out_are_read_only_and_its_own():
    """Review: integer_rows() handed out the mechanism's own writable arrays, so a caller's write changed the
    matrix under every remembered answer; from_integer_rows kept the caller's int64 array when no gcd reduced it."""
    import numpy as np

    from exactpriv.mechanisms import Mechanism

    M = exponential_mechanism_hamming((0, 1), 1, exp_eps=F(3))
    num, den = M.integer_rows()
    assert not num.flags.writeable and not den.flags.writeable
    with pytest.raises(ValueError):
        num[0, 0] = 0
    given_n, given_d = np.array([[1, 3], [3, 1]], dtype=np.int64), np.array([4, 4], dtype=np.int64)
    N = Mechanism.from_integer_rows(M.inputs, M.outputs, given_n, given_d)
    given_n[0, 0], given_n[0, 1] = 3, 1  # the caller's array, changed afterwards
    assert N.rows[0] == (F(1, 4), F(3, 4))
    assert not N.integer_rows()[0].flags.writeable


@pytest.mark.parametrize("build", [
    lambda: exponential_mechanism_hamming((0, 1), 2, exp_eps=F(3)),
    lambda: __import__("exactpriv.mechanisms.zoo", fromlist=["x"]).count_query_geometric(2, exp_eps=F(2)),
], ids=["E_d", "lazy count query"])
def test_integer_rows_stay_read_only_in_every_copy(build):
    """Review: the lazy count query built its own writable rows, and pickle / deepcopy rebuilt read-only rows
    writable while the closed-form tag travelled with the copy."""
    import pickle

    M = build()
    for C in (M, pickle.loads(pickle.dumps(M)), copy.deepcopy(M), copy.copy(M)):
        num, den = C.integer_rows()
        assert not num.flags.writeable and not den.flags.writeable
        assert C == M
