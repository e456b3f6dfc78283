"""group_approx_dp of tagged zoo families (closed_forms.tagged_group_pair: the profile of the one worst pair at
distance min(k, n)) against the same call on an untagged copy (the shift structure for k < n on counts, else the scan
over every pair at distance <= k), in every regime: k below, at and above the diameter, e^ε = 1, two- and
three-valued alphabets; the witness pair is at distance <= k in M and its E_γ, recomputed from M's own rows, is δ."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from exactpriv.measures.approx import group_approx_dp
from exactpriv.mechanisms.zoo import (count_query_geometric, exponential_mechanism_hamming, randomized_response,
                                      truncated_geometric)

GAMMAS = [F(1), F(21, 20), F(11, 10), F(3, 2), F(2), F(3), F(9), F(30)]


def untagged(M):
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


def cases():
    for n in (1, 2, 5):
        for t in (F(1), F(11, 10), F(3)):
            for k in range(1, n + 2):
                yield f"geometric n={n} t={t} k={k}", truncated_geometric(n, exp_eps=t), k
    for values in ((0, 1), ("a", "b", "c")):
        for k in (1, 2, 3, 4):
            yield f"count query {values} k={k}", count_query_geometric(3, exp_eps=F(2), values=values), k
    for values, n in (((0, 1), 3), ((0, 1, 2), 2)):
        for k in (1, 2, 3):
            yield f"E_d {values}^{n} k={k}", exponential_mechanism_hamming(values, n, exp_eps=F(5, 2)), k
    for kk in (2, 4):
        for k in (1, 2):
            yield f"RR k={kk} group {k}", randomized_response(kk, exp_eps=F(7, 3)), k
    yield "E_d at e^eps = 1", exponential_mechanism_hamming((0, 1), 2, exp_eps=F(1)), 2


CASES = list(cases())


@pytest.mark.parametrize("label,M,k", CASES, ids=[c[0] for c in CASES])
def test_group_approx_dp_of_a_tagged_family_equals_the_scan(label, M, k):
    fast, plain = group_approx_dp(M, k), group_approx_dp(untagged(M), k)
    shift = label.startswith("geometric") and k < M.n  # the shift structure answers the tagged geometric too
    assert ("closed form" in fast.method) is not shift and "closed form" not in plain.method
    P, Q = fast.value, plain.value
    breaks = {p.gamma_lo for p in P.pieces} | {p.gamma_lo for p in Q.pieces}
    for g in sorted(set(GAMMAS) | breaks):
        d = P.delta(exp_eps=g)
        assert d == Q.delta(exp_eps=g), (label, g)
        w = P.delta_witness(exp_eps=g)
        if not w:
            assert d == 0
            continue
        x, x2 = w["pair"]
        assert M.inputs.distance(x, x2) <= k
        e = sum((max(F(0), M.prob(y, x) - g * M.prob(y, x2)) for y in M.outputs), F(0))
        assert e == d == w["value"]
    assert P.epsilon(F(1, 100)) == Q.epsilon(F(1, 100))
