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
