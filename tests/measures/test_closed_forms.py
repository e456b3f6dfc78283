"""Closed forms (issue 24): pure ε and δ(ε') of the truncated geometric mechanism, randomized response, the
exponential mechanism E_d and RAPPOR from their formulas, each against the scans of the built mechanism (the
shift-structure / product engines, and the dense matrix scan of an untagged copy) in every regime: ε = 0, small and
large e^ε, γ below, at and above e^ε, the smallest sizes, zero probabilities (RAPPOR's ∞)."""

import random
from fractions import Fraction as F

import pytest
import sympy

from exactpriv.measures.approx import approx_dp
from exactpriv.measures.closed_forms import (closed_form_delta, closed_form_pure_dp, rappor_pure_dp,
                                             truncated_geometric_delta, truncated_geometric_pure_dp)
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming, randomized_response, rappor, truncated_geometric

EXP_EPS = [F(1), F(11, 10), F(2), F(7)]


def _dense(M):
    """An untagged dense copy: the plain matrix scan (a product expanded first)."""
    M = M.expand() if hasattr(M, "factors") else M
    return Mechanism(M.inputs, list(M.outputs), [list(r) for r in M.rows])


def _same_log(a, b):
    return a == b or sympy.simplify(sympy.exp(a) - sympy.exp(b)) == 0


def _gammas(t):
    return sorted({F(1), (1 + t) / 2, t, t + 1})


def _check(M, dense_too=True):
    closed = closed_form_pure_dp(M)
    assert closed is not None and "no matrix built" in closed.method
    scans = [pure_dp(M)] + ([pure_dp(_dense(M))] if dense_too else [])
    assert all(_same_log(closed.value, s.value) for s in scans), (closed, scans)
    w = closed.witness
    if closed.value != sympy.oo and w.get("output") is not None:  # the witness attains the value
        D = _dense(M)
        x, y = (D.inputs.points.index(v) for v in w["pair"])
        z = list(D.outputs).index(w["output"])
        assert _same_log(closed.value, sympy.log(sympy.Rational(D.rows[x][z]) / sympy.Rational(D.rows[y][z])))
    t = sympy.exp(closed.value)
    if closed.value != sympy.oo and closed_form_delta(M, F(1)) is not None:
        for g in _gammas(F(str(sympy.nsimplify(t)))):
            want = closed_form_delta(M, g)
            for s in [M] + ([_dense(M)] if dense_too else []):
                assert approx_dp(s).value.delta(sympy.log(sympy.Rational(g.numerator, g.denominator))) == want


@pytest.mark.parametrize("n", [1, 2, 7])
@pytest.mark.parametrize("t", EXP_EPS)
def test_truncated_geometric(n, t):
    _check(truncated_geometric(n, exp_eps=t))


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("t", EXP_EPS)
def test_randomized_response(k, t):
    _check(randomized_response(k, exp_eps=t))


@pytest.mark.parametrize("m,n", [(2, 1), (2, 3), (3, 2)])
@pytest.mark.parametrize("t", [F(1), F(3, 2), F(5)])
def test_exponential_mechanism_on_hamming_spaces(m, n, t):
    _check(exponential_mechanism_hamming(range(m), n, exp_eps=t))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("law", [dict(f=F(1, 2)), dict(p=F(3, 4), q=F(1, 3)), dict(p=F(1), q=F(1, 5)),
                                 dict(p=F(1, 2), q=F(1, 2))])
def test_rappor(seed, law):
    rnd = random.Random(seed)
    items, bits = list(range(6)), 6
    hashes = {x: set(rnd.sample(range(bits), rnd.randint(0, 3))) for x in items}
    M = rappor(items, bits, hashes, **law)
    _check(M, dense_too=True)


def test_the_geometric_on_ten_thousand_counts_needs_no_mechanism():
    m = truncated_geometric_pure_dp(10**4, F(11, 10))
    assert m.value == sympy.log(sympy.Rational(11, 10))
    assert truncated_geometric_delta(10**4, F(11, 10), F(21, 20)) == F(1, 42)


def test_an_untagged_or_respaced_mechanism_has_no_closed_form():
    M = truncated_geometric(3, exp_eps=2)
    assert closed_form_pure_dp(_dense(M)) is None
    M2 = randomized_response(3, exp_eps=2)
    M2.closed_form = dict(M2.closed_form, k=4)  # a tag that does not fit the space is ignored
    assert closed_form_pure_dp(M2) is None and closed_form_delta(M2, F(1)) is None


def test_rappor_with_one_item_or_equal_filters_is_zero():
    assert rappor_pure_dp([{0, 1}], F(3, 4), F(1, 4)).value == 0
    assert rappor_pure_dp([{0, 1}, {0, 1}], F(3, 4), F(1, 4)).value == 0
