"""Clamped-noise mechanisms on counts (truncated geometric of Ghosh–Roughgarden–Sundararajan):
the shift-structured pure ε and δ(ε) against the dense engine, the reference evaluator, the
per-entry symbolic path and the closed forms; validation errors."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from exactpriv import EPS
from exactpriv.errors import EntryRangeError, ExactPrivError, InvalidArgument, NotStochasticError, SpaceTooLargeError
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.approx import approx_dp, group_approx_dp
from exactpriv.measures.divergence import group_privacy, kl_dp, pure_dp
from exactpriv.measures.reference import agree, reference
from exactpriv.mechanisms.base import Mechanism, prove_zero
from exactpriv.mechanisms.clamped import T, ClampedNoiseMechanism, Exponent, ClampedFamily, count_space
from exactpriv.mechanisms.zoo import _geometric_rows, truncated_geometric

GEOMETRIC_EXPONENTS = {"window": Exponent(-1, absolute=True), "lower": Exponent(-1), "upper": Exponent(-1)}
GAMMAS = [F(1), F(21, 20), F(11, 10), F(3, 2), F(2), F(3), F(7)]


def dense(M):
    """The same matrix as a plain integer-backed Mechanism (the dense engine's path)."""
    num, den = M.integer_rows()
    return Mechanism.from_integer_rows(M.inputs, M.outputs, num, den)


def untagged(M):
    """M without the zoo's closed-form tag, so that pure_dp / approx_dp take the shift-structure engine (a tagged
    truncated geometric is answered from its formula: tests/measures/test_closed_forms.py)."""
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


def profile_key(P):
    return [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in P.pieces]


def check_against_dense_and_reference(M):
    Md = dense(M)
    fast, slow = pure_dp(M), pure_dp(Md)
    assert fast.value == slow.value
    assert agree(fast, reference("pure_dp", Md)).is_true
    w = fast.witness
    if fast.value != sympy.oo:  # the witness attains the value
        x, x2, y = w["pair"][0], w["pair"][1], w["output"]
        assert abs(x - x2) == 1 and M.prob(y, x) / M.prob(y, x2) == w["ratio"]
    P, Pd = approx_dp(M), approx_dp(Md)
    for g in GAMMAS:
        assert P.value.delta(exp_eps=g) == Pd.value.delta(exp_eps=g)
        wit = P.value.delta_witness(exp_eps=g)
        x, x2 = (M.inputs.index(v) for v in wit["pair"])
        S = wit["event"]
        assert abs(x - x2) == 1
        assert sum((M.prob(y, x) - g * M.prob(y, x2) for y in S), F(0)) == wit["value"]
    assert profile_key(P.value) == profile_key(Pd.value)
    assert agree(P, reference("approx_dp", Md), gammas=GAMMAS).is_true
    for d in (F(0), F(1, 100), F(1, 7)):
        assert P.value.epsilon(d) == Pd.value.epsilon(d)


@pytest.mark.parametrize("n, a", [(1, F(2)), (2, F(3)), (3, F(3, 2)), (5, F(11, 10)), (6, F(7))])
def test_truncated_geometric_structured_equals_dense_and_reference(n, a):
    M = truncated_geometric(n, exp_eps=a)
    assert isinstance(M, ClampedNoiseMechanism)
    # the materialised matrix is the per-entry Fraction construction of the definition
    assert M.rows == tuple(tuple(r) for r in _geometric_rows(n, a))
    check_against_dense_and_reference(M)  # the closed form
    U = untagged(M)
    assert pure_dp(U).method.startswith("exact: shift structure")
    check_against_dense_and_reference(U)  # the shift structure


@st.composite
def noises(draw):
    n = draw(st.integers(1, 6))
    support = draw(st.lists(st.integers(-(n + 2), n + 2), min_size=1, max_size=8, unique=True))
    weights = draw(st.lists(st.integers(0, 9), min_size=len(support), max_size=len(support)))
    if sum(weights) == 0:
        weights[0] = 1
    s = sum(weights)
    return n, {k: F(w, s) for k, w in zip(support, weights)}


@settings(max_examples=60, deadline=None)
@given(noises())
def test_random_noise_structured_equals_dense_and_reference(case):
    """Finite noises with zero masses (support gaps: pure ε = oo; 0/0 ignored) and lumped tails."""
    n, noise = case
    check_against_dense_and_reference(ClampedNoiseMechanism.from_noise(n, noise))


@pytest.mark.parametrize("n", [1, 2, 5, 40])
@pytest.mark.parametrize("a", [F(2), F(3, 2), F(11, 10)])
def test_closed_forms_of_the_truncated_geometric(n, a):
    """pure ε = ε, boundary columns included: P(0|c)/P(0|c+1) = P(n|c+1)/P(n|c) = e^ε for every c;
    δ(ε') = (e^ε − e^ε')/(e^ε + 1) for ε' <= ε, 0 beyond (one-sided tail mass 1/(1 + e^-ε) of the
    rows, scaled by 1 − e^(ε'−ε))."""
    M = truncated_geometric(n, exp_eps=a)
    assert pure_dp(untagged(M)).value == LogForm.log(a)  # the shift structure against the formula
    for c in range(n):
        assert M.prob(0, c) / M.prob(0, c + 1) == a
        assert M.prob(n, c + 1) / M.prob(n, c) == a
    P = approx_dp(untagged(M)).value
    for g in GAMMAS:
        expected = (a - g) / (a + 1) if g <= a else F(0)
        assert P.delta(exp_eps=g) == expected


def test_beyond_float_range_at_two_thousand_counts():
    """Counts 0..2000 at e^ε = 2: entries near 2^-2000 (no float64), the dense matrix above the
    enumeration limit; exact pure ε and δ come from the structure."""
    M = truncated_geometric(2000, exp_eps=2)
    assert M.denominator.bit_length() > 2000
    for m in (M, untagged(M)):  # the closed form, the shift structure
        assert pure_dp(m).value == LogForm.log(2)
        assert approx_dp(m).value.delta(exp_eps=F(3, 2)) == F(1, 6)
    assert pure_dp(untagged(M)).method.startswith("exact: shift structure")
    with pytest.raises(SpaceTooLargeError):
        M.integer_rows()
    with pytest.raises(ExactPrivError):
        kl_dp(M)  # needs the dense matrix: a typed size error, not an attempt


def test_group_privacy_agrees_with_the_definition():
    M = truncated_geometric(4, exp_eps=F(3, 2))
    ratios = [M.prob(y, x) / M.prob(y, x2) for x in range(5) for x2 in range(5) if 1 <= abs(x - x2) <= 2
              for y in range(5)]
    for m, how in ((group_privacy(untagged(M), 2), "exact: shift structure"), (group_privacy(M, 2), "closed form")):
        assert m.value == LogForm.log(max(ratios))
        assert m.method.startswith(how) and m.witness["distance"] <= 2


def check_group_against_dense(M, k):
    """group_privacy and group_approx_dp at distance <= k from the shift structure (pairs (c, c+j), j <= k)
    against the dense matrix's scan over the same pairs (the distance matrix of the path of counts)."""
    Md = dense(M)
    M = untagged(M)  # a tagged truncated geometric's group privacy is its formula (test_closed_forms.py)
    fast, slow = group_privacy(M, k), group_privacy(Md, k)
    assert fast.method.startswith("exact: shift structure") and not slow.method.startswith("exact: shift")
    assert fast.value == slow.value
    if fast.value != sympy.oo:
        x, x2, y = fast.witness["pair"][0], fast.witness["pair"][1], fast.witness["output"]
        assert 1 <= abs(x - x2) <= k and M.prob(y, x) / M.prob(y, x2) == fast.witness["ratio"]
    P, Pd = group_approx_dp(M, k).value, group_approx_dp(Md, k).value
    for g in GAMMAS:
        assert P.delta(exp_eps=g) == Pd.delta(exp_eps=g)
        wit = P.delta_witness(exp_eps=g)
        x, x2 = (M.inputs.index(v) for v in wit["pair"])
        assert 1 <= abs(x - x2) <= k
        assert sum((M.prob(y, x) - g * M.prob(y, x2) for y in wit["event"]), F(0)) == wit["value"]
    assert profile_key(P) == profile_key(Pd)


@pytest.mark.parametrize("n, a, k", [(3, F(2), 1), (3, F(2), 2), (5, F(3, 2), 2), (6, F(7), 3), (6, F(11, 10), 5)])
def test_group_measures_of_the_truncated_geometric_from_the_shift_structure(n, a, k):
    M = truncated_geometric(n, exp_eps=a)
    check_group_against_dense(M, k)
    for m in (M, untagged(M)):  # the closed form, the shift structure
        assert group_privacy(m, k).value == LogForm.log(a**k)  # Cuff–Yu Property 7 (45) is tight here


@settings(max_examples=30, deadline=None)
@given(noises(), st.integers(1, 5))
def test_group_measures_of_random_noise_from_the_shift_structure(case, k):
    """Zero masses (support gaps: +oo), lumped tails, every shift up to k < n."""
    n, noise = case
    if k >= n:  # k >= the diameter: all pairs (free lunch), not the shift path
        k = max(1, n - 1)
    if n == 1:
        return
    check_group_against_dense(ClampedNoiseMechanism.from_noise(n, noise), k)


@pytest.mark.parametrize("n", [2000, pytest.param(10**4, marks=pytest.mark.slow)])
def test_group_privacy_of_thousands_of_counts_without_the_distance_matrix(n):
    """Counts 0..n at e^ε = 2, entries beyond float range: the (n+1)² distance matrix is never built (the dense
    path refuses n = 10^4).  Closed forms, α = e^-ε = 1/2: ε_3 = 3ε; for the pair (c, c+k) at 1 <= γ <= α^-k the
    event is {z <= c} (ratio α^-k there, <= 1 elsewhere), of mass P(Z <= 0) = 1/(1+α) under c and
    P(Z <= −k) = α^k/(1+α) under c+k, so δ_k(γ) = (1 − γα^k)/(1 + α): 1/6 at k = 2, γ = 3 (k = 1 is the
    (e^ε − γ)/(e^ε + 1) of test_closed_forms_of_the_truncated_geometric)."""
    M = truncated_geometric(n, exp_eps=2)
    assert group_privacy(M, 3).value == group_privacy(untagged(M), 3).value == LogForm.log(8)
    alpha = F(1, 2)
    for k, g in ((2, F(3)), (2, F(1)), (3, F(7)), (3, F(5, 2))):
        assert group_approx_dp(M, k).value.delta(exp_eps=g) == (1 - g * alpha**k) / (1 + alpha)


# ----- symbolic families
@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_symbolic_family_equals_the_per_entry_path(n):
    """Entries equal the per-entry sympy construction; pure ε (structure) equals pure ε of the dense
    symbolic mechanism (real-root isolation over all entries)."""
    M = truncated_geometric(n, eps=EPS)
    per_entry = _geometric_rows(n, sympy.exp(EPS))
    for r1, r2 in zip(M.rows, per_entry):
        for v1, v2 in zip(r1, r2):
            assert prove_zero(sympy.sympify(v1) - sympy.sympify(v2))
    D = Mechanism(count_space(n), list(range(n + 1)), M.rows)
    fast, slow = pure_dp(M), pure_dp(D)
    assert fast.value == slow.value == EPS
    assert fast.method != slow.method


@pytest.mark.parametrize("scale", [F(1), F(1, 2), F(3)])
@pytest.mark.parametrize("a", [F(2), F(3, 2), F(11, 10)])
def test_symbolic_family_at_rational_points_is_the_rational_mechanism(scale, a):
    """eps = s·EPS substituted with e^(s·eps) = a gives the rational construction; pure ε = s·eps
    there equals ln a."""
    n = 4
    e = sympy.Rational(scale.numerator, scale.denominator) * EPS
    M = truncated_geometric(n, eps=e)
    assert pure_dp(M).value == e
    val = sympy.log(sympy.Rational(a.numerator, a.denominator)) / sympy.Rational(scale.numerator, scale.denominator)
    R = M.subs(eps=val)
    assert isinstance(R, ClampedNoiseMechanism) and R == truncated_geometric(n, exp_eps=a)
    assert R.rows == dense(truncated_geometric(n, exp_eps=a)).rows
    assert pure_dp(R).value == LogForm.log(a)


def test_symbolic_family_is_certified_once_for_all_eps():
    M = truncated_geometric(30, eps=EPS)
    certs = M.family.certificates
    assert any(k.startswith("lower tails") for k in certs) and any(k.startswith("row total") for k in certs)
    assert all(v.endswith("PROVED") for v in certs.values())


def test_family_with_a_negative_factor_is_refused():
    bad = ClampedFamily(scale=F(1), label="negative window",
                  factors={"window": (1 - T) / (T + 1), "lower": T / (T + 1), "upper": T / (T + 1)},
                  exponents=GEOMETRIC_EXPONENTS)
    with pytest.raises(EntryRangeError, match="window"):
        bad.certify(3)


def test_family_whose_tails_are_not_the_window_tails_is_refused():
    bad = ClampedFamily(scale=F(1), label="wrong tails",
                  factors={"window": (T - 1) / (T + 1), "lower": 1 / (T + 1), "upper": T / (T + 1)},
                  exponents=GEOMETRIC_EXPONENTS)
    with pytest.raises(NotStochasticError):
        bad.certify(3)


# ----- equality and validation
def test_equal_to_the_dense_mechanism_both_ways():
    M = truncated_geometric(3, exp_eps=2)
    D = Mechanism(count_space(3), [0, 1, 2, 3], _geometric_rows(3, F(2)))
    assert M == D and D == M
    assert M != truncated_geometric(3, exp_eps=3)


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(window=[1, -1, 4], lower_tail=0, upper_tail=0, denominator=4), EntryRangeError, "negative"),
    (dict(window=[1, 2], lower_tail=0, upper_tail=1, denominator=4), InvalidArgument, "2n - 1"),
    (dict(window=[1, 2, 1], lower_tail=0, upper_tail=1, denominator=4), NotStochasticError, "sum to 5/4"),
    (dict(window=[1, 2.0, 1], lower_tail=0, upper_tail=0, denominator=4), InvalidArgument, "must be an int"),
    (dict(window=[1, 2, 1], lower_tail=0, upper_tail=0, denominator=0), EntryRangeError, "positive"),
    (dict(window=[1, 2, 1], lower_tail=-1, upper_tail=1, denominator=4), EntryRangeError, "lower_tail"),
], ids=["negative", "length", "sum", "float", "denominator", "tail"])
def test_invalid_integers_are_refused(kwargs, error, match):
    with pytest.raises(error, match=match):
        ClampedNoiseMechanism.from_integers(2, **kwargs)


@pytest.mark.parametrize("n, noise, error", [
    (0, {0: 1}, InvalidArgument),
    (2, {}, InvalidArgument),
    (2, {0.5: 1}, InvalidArgument),
    (2, {0: 0.5, 1: 0.5}, ExactPrivError),
    (2, {0: F(1, 2)}, NotStochasticError),
    (2, {0: F(3, 2), 1: F(-1, 2)}, EntryRangeError),
], ids=["n0", "empty", "float-key", "float-mass", "sum", "negative"])
def test_invalid_noise_is_refused(n, noise, error):
    with pytest.raises(error):
        ClampedNoiseMechanism.from_noise(n, noise)


def test_mechanisms_pickle_for_dask_workers():
    import pickle

    for M in (truncated_geometric(4, exp_eps=F(3, 2)), truncated_geometric(4, eps=EPS / 2)):
        back = pickle.loads(pickle.dumps(M))
        assert back == M and pure_dp(back).value == pure_dp(M).value


@pytest.mark.parametrize("seed", range(6))
def test_near_ties_beyond_float_resolution_are_decided_exactly(seed):
    """Window and tails of 3000-bit integers whose consecutive ratios differ from 1 (and from each
    other) by ~2^-3000: every log2 estimate ties, the exact comparison decides; against the
    definition (max over neighbours and outputs of the Fraction ratios)."""
    import random

    rng = random.Random(seed)
    n = 3
    big = 1 << 3000
    window = [big + rng.randint(0, 50) for _ in range(2 * n - 1)]
    lower, upper = big + rng.randint(0, 50), big + rng.randint(0, 50)
    M = ClampedNoiseMechanism.from_integers(n, window=window, lower_tail=lower, upper_tail=upper,
                                            denominator=sum(window) + lower + upper)
    expected = max(M.prob(y, x) / M.prob(y, x2) for x in range(n + 1) for x2 in (x - 1, x + 1)
                   if 0 <= x2 <= n for y in range(n + 1))
    m = pure_dp(M)
    assert m.witness["ratio"] == expected
    # (not the reference evaluator: it factors the 3000-bit ratio into a LogForm)
    assert pure_dp(dense(M)).witness["ratio"] == expected
