"""The decision kernel: exact comparisons, certified signs, UNDECIDED when honest, exact argmax."""

import json
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational, log, oo, pi

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError
from exactpriv.exact.decisions import Enclosure, Truth
from exactpriv.exact.kernel import (
    compare,
    decide_sign,
    exact_argmax_fractions,
    exact_argmin_fractions,
    exact_max_ratio,
    is_equal,
    is_le,
    is_lt,
)
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS

L = LogForm.log
N = sympy.Integer(10) ** 30


# ---------------------------------------------------------------- log identities (exact)
@pytest.mark.parametrize(
    "lhs, rhs",
    [
        (L(6) - L(2) - L(3), 0),
        (log(6) - log(2) - log(3), 0),
        (2 * L(2), L(4)),
        (2 * log(2), log(4)),
        (log(sympy.sqrt(8)), Rational(3, 2) * log(2)),
    ],
    ids=["logform-log6", "sympy-log6", "logform-2log2", "sympy-2log2", "sympy-log-sqrt8"],
)
def test_log_identities_are_true_by_prime_factorisation(lhs, rhs):
    d = is_equal(lhs, rhs)
    assert d.truth is Truth.TRUE and d.method == "logform-primes"
    assert compare(lhs, "!=", rhs).is_false


def test_log3_over_2_is_less_than_log2():
    # log(3)/2 < log(2)  <=>  3 < 4
    assert is_equal(L(3) / 2, L(2)).is_false
    assert is_equal(L(3) / 2, L(2)).method == "logform-primes"  # non-zero: no precision needed
    d = is_lt(L(3) / 2, L(2))
    assert d.is_true and d.method == "arb" and d.precision == 64
    assert compare(log(3) / 2, ">=", log(2)).is_false


# ---------------------------------------------------------------- near ties (30th digit)
def test_log_ratio_vs_reciprocal_needs_more_than_100_bits():
    # log(1 + 1/N) = 1/N - 1/(2N^2) + ... < 1/N, the gap being 5e-61.
    d = compare(log(N + 1) - log(N), "<", 1 / N)
    assert d.is_true and d.method == "arb" and d.precision > 100
    lo, hi = d.certificate["enclosure"]
    assert hi < 0 and lo > -Fraction(1, 10**60)  # a − b ∈ (−1e-60, 0): about −1/(2N²)


def test_exp_of_tiny_vs_one_plus_tiny():
    # exp(1/N) = 1 + 1/N + 1/(2N^2) + ... > 1 + 1/N by 5e-61
    d = compare(sympy.exp(1 / N), ">", 1 + 1 / N)
    assert d.is_true and d.method == "arb" and d.precision > 200
    lo, hi = d.certificate["enclosure"]
    assert Fraction(4, 10**61) < lo <= hi < Fraction(6, 10**61)


def test_small_budget_undecided_larger_budget_decided():
    t = Rational(1, 10**20)
    a, b = sympy.exp(t), 1 + t  # differ by about 5e-41
    small = compare(a, ">", b, max_prec=64, symbolic=False)
    assert small.is_undecided and small.precision == 64
    assert "no symbolic proof" in small.reason and "2^-" in small.reason
    big = compare(a, ">", b, max_prec=256)
    assert big.is_true and big.precision in (128, 256)
    with pytest.raises(Exception, match="undecided"):
        small.require()


def test_true_zeros_simplify_cannot_prove_stay_undecided():
    # atan(1/2) + atan(1/3) = pi/4 (tan addition formula): true, but sympy.simplify does not
    # reduce it to 0, so the honest verdict is UNDECIDED.
    for lhs, rhs in [
        (sympy.atan(Rational(1, 2)) + sympy.atan(Rational(1, 3)), pi / 4),
    ]:
        d = is_equal(lhs, rhs, max_prec=256)
        assert d.is_undecided and "no symbolic proof" in d.reason and d.precision == 256
        assert compare(lhs, "<=", rhs, max_prec=256).is_undecided


def test_hyperbolic_identities_proved_by_exact_exp_rewrite():
    """tanh(1/2) = (e - 1)/(e + 1): rewriting tanh via exp and cancelling is an exact proof."""
    d = is_equal(sympy.tanh(Rational(1, 2)), (sympy.E - 1) / (sympy.E + 1), max_prec=256)
    assert d.is_true
    wrong = is_equal(sympy.tanh(Rational(1, 2)), (sympy.E - 1) / (sympy.E + 2), max_prec=256)
    assert wrong.is_false


def test_symbolic_proof_of_equality():
    d = is_equal(sympy.sinh(log(2)), Rational(3, 4), max_prec=128)  # (2 - 1/2)/2
    assert d.is_true and d.method in ("sympy-simplify", "rational")
    cardano = (sympy.sqrt(5) + 2) ** Rational(1, 3) - (sympy.sqrt(5) - 2) ** Rational(1, 3)
    assert is_equal(cardano, 1, max_prec=128).method == "sympy-simplify"
    assert is_equal(cardano, 1, max_prec=128, symbolic=False).is_undecided


def test_auto_cancellation_is_exact():
    d = is_equal(sympy.exp(Rational(2, 3)) + pi, pi + sympy.exp(Rational(2, 3)))
    assert d.is_true and d.method == "rational"  # sympy cancels a − b to 0


# ---------------------------------------------------------------- rationals, signs
@settings(max_examples=100, deadline=None)
@given(st.fractions(max_denominator=50), st.sampled_from(["<", "<=", "==", "!=", ">=", ">"]),
       st.fractions(max_denominator=50))
def test_rational_compare_agrees_with_fraction(a, op, b):
    expected = {"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b, ">=": a >= b, ">": a > b}[op]
    d = compare(a, op, b)
    assert d.method == "rational" and d.truth is (Truth.TRUE if expected else Truth.FALSE)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(2, 12)), min_size=1, max_size=4),
       st.fractions(min_value=-3, max_value=3, max_denominator=7))
def test_logform_sign_agrees_with_mpmath(terms, q0):
    x = LogForm.rational(q0)
    for k, r in terms:
        x = x + k * L(r)
    s, d = decide_sign(x)
    assert d.is_true and s in (-1, 0, 1)
    with mpmath.workdps(60):
        v = mpmath.mpf(q0.numerator) / q0.denominator + sum(k * mpmath.log(r) for k, r in terms)
        if x.is_zero:
            assert s == 0
        else:
            assert abs(v) > mpmath.mpf(10) ** -40  # such small sums are not zero in disguise here
            assert s == (1 if v > 0 else -1)


def test_decide_sign_cases():
    s, d = decide_sign(pi - Rational(355, 113))
    assert s == -1 and d.is_true and d.method == "arb"
    s, d = decide_sign(0)
    assert s == 0 and d.is_true and d.method == "rational"
    assert decide_sign(-oo)[0] == -1
    s, d = decide_sign(sympy.atan(Rational(1, 2)) + sympy.atan(Rational(1, 3)) - pi / 4, max_prec=128)
    assert s is None and d.is_undecided
    assert decide_sign(Enclosure(Fraction(1, 3), Fraction(1, 2)))[0] == 1
    assert decide_sign(Enclosure(Fraction(-1, 3), Fraction(1, 2)))[0] is None


# ---------------------------------------------------------------- infinities
@pytest.mark.parametrize(
    "a, op, b, truth",
    [
        (oo, ">", log(3), True),
        (-oo, "<", -(sympy.Integer(10) ** 100), True),
        (oo, "==", oo, True),
        (oo, ">", oo, False),
        (-oo, "<", oo, True),
        (L(2), "<=", oo, True),
        (Enclosure(Fraction(1), None), "<", oo, True),
        (oo, "<=", Fraction(10**9), False),
    ],
)
def test_infinite_comparisons(a, op, b, truth):
    d = compare(a, op, b)
    assert d.truth is (Truth.TRUE if truth else Truth.FALSE) and d.method == "infinity"


# ---------------------------------------------------------------- enclosures
def test_enclosure_vs_numbers():
    e12 = Enclosure(Fraction(1), Fraction(2))
    assert compare(e12, "<", pi).is_true
    assert compare(pi, ">", e12).is_true
    d = compare(Enclosure(Fraction(1), Fraction(4)), "<", pi)
    assert d.is_undecided and "[1, 4]" in d.reason
    assert compare(Enclosure(Fraction(1, 2), Fraction(7, 10)), "<", L(3)).is_true  # log 3 ≈ 1.0986
    assert compare(Enclosure(Fraction(1, 2), Fraction(7, 10)), "<", L(2)).is_undecided  # contains log 2
    assert compare(Enclosure(None, Fraction(3)), "<", 4).is_true
    assert compare(Enclosure(Fraction(1, 2), Fraction(1, 2)), "==", Fraction(1, 2)).is_true
    assert compare(Enclosure(Fraction(0), Fraction(1)), "==", Fraction(1, 2)).is_undecided
    # the closed lower bound touches b: a >= b is certain, a > b is not
    assert compare(Enclosure(Fraction(1), Fraction(2)), ">=", 1).is_true
    assert compare(Enclosure(Fraction(1), Fraction(2)), ">", 1).is_undecided


def test_enclosure_vs_enclosure():
    a, b = Enclosure(Fraction(1), Fraction(2)), Enclosure(Fraction(2), Fraction(3))
    assert is_le(a, b).is_true
    d = is_lt(a, b)
    assert d.is_undecided and "[1, 2]" in d.reason and "[2, 3]" in d.reason
    assert is_lt(a, Enclosure(Fraction(3), Fraction(4))).is_true
    assert compare(Enclosure(Fraction(5), None), ">", a).is_true


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "a, b, err, fragment",
    [
        (EPS, 1, InvalidArgument, "certifier"),
        (sympy.exp(EPS) - 1, log(2), InvalidArgument, "eps"),
        (0.5, Fraction(1, 2), NotExactError, "0.5"),
        (sympy.Float(0.25), 1, NotExactError, "0.25"),
        (np.float64(0.5), 1, NotExactError, "0.5"),
        (True, 1, InvalidArgument, "True"),
        (sympy.nan, 1, EntryRangeError, "nan"),
        (sympy.zoo, 1, EntryRangeError, "zoo"),
        (float("inf"), 1, EntryRangeError, "inf"),
        (sympy.Add(log(2), oo, evaluate=False), 1, EntryRangeError, "infinity"),
    ],
    ids=["free-eps", "free-eps-expr", "float", "sympy-float", "numpy-float", "bool", "nan", "zoo", "float-inf",
         "inf-inside"],
)
def test_bad_operands_raise_typed_errors(a, b, err, fragment):
    with pytest.raises(err, match=fragment):
        compare(a, "<", b)


def test_bad_op_and_budget():
    with pytest.raises(InvalidArgument, match="'=<'"):
        compare(1, "=<", 2)
    with pytest.raises(InvalidArgument, match="max_prec=0"):
        compare(1, "<", 2, max_prec=0)


def test_decision_is_json_and_refuses_bool():
    d = compare(sympy.exp(1 / N), ">", 1 + 1 / N)
    json.dumps(d.to_json())
    with pytest.raises(TypeError):
        bool(d)


# ---------------------------------------------------------------- exact argmax
def brute_max(num, den):
    vals = [Fraction(int(n), int(d)) for n, d in zip(np.ravel(num), np.ravel(den))]
    m = max(vals)
    return vals.index(m), m


@pytest.mark.parametrize("seed", range(6))
def test_argmax_agrees_with_brute_force(seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(1, 400))
    hi = [10, 1000, 2**31, 2**40][seed % 4]  # small ranges force many exact ties
    num = rng.integers(-hi, hi, size=size)
    den = rng.integers(1, hi, size=size)
    assert exact_argmax_fractions(num, den) == brute_max(num, den)
    k, v = exact_argmin_fractions(num, den)
    assert v == min(Fraction(int(n), int(d)) for n, d in zip(num, den)) and Fraction(int(num[k]), int(den[k])) == v


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-6, 6), st.integers(1, 6)), min_size=1, max_size=30))
def test_argmax_with_ties_returns_first_maximum(pairs):
    num = np.array([p[0] for p in pairs], dtype=np.int64)
    den = np.array([p[1] for p in pairs], dtype=np.int64)
    assert exact_argmax_fractions(num, den) == brute_max(num, den)


def test_near_ties_that_defeat_float():
    # (2^52+1)/2^52 > (2^52+2)/(2^52+1), but both round to the same binary64
    num = np.array([2**52 + 2, 2**52 + 1, 5], dtype=np.int64)
    den = np.array([2**52 + 1, 2**52, 7], dtype=np.int64)
    assert float(Fraction(2**52 + 1, 2**52)) == float(Fraction(2**52 + 2, 2**52 + 1))
    assert exact_argmax_fractions(num, den) == (1, Fraction(2**52 + 1, 2**52))
    # numerators above 2^53 whose conversions to float all collapse to 2^60
    num = np.array([2**60 + k for k in (3, 100, 7, 99)], dtype=np.int64)
    den = np.full(4, 2**60, dtype=np.int64)
    assert exact_argmax_fractions(num, den) == (1, Fraction(2**60 + 100, 2**60))


def test_overflow_fallback_with_huge_ints():
    num = np.array([10**40 + 1, 10**40, 3], dtype=object)
    den = np.array([10**40, 10**40 - 1, 7], dtype=object)
    # 10^40/(10^40-1) = 1 + 1/(10^40-1) > 1 + 1/10^40
    assert exact_argmax_fractions(num, den) == (1, Fraction(10**40, 10**40 - 1))
    # int64 input whose cross products exceed 2^62: exact tournament in Python ints
    num = np.array([2**61 + 1, 2**61 + 3, 2**61 + 2], dtype=np.int64)
    den = np.array([2**61, 2**61 + 1, 2**61 - 1], dtype=np.int64)
    assert exact_argmax_fractions(num, den) == brute_max(num, den)
    # ratios beyond the float range
    num = np.array([10**400, 10**400 + 1, 1], dtype=object)
    den = np.array([1, 1, 1], dtype=object)
    assert exact_argmax_fractions(num, den) == (1, Fraction(10**400 + 1))
    # ratios in the subnormal range
    num = np.array([1, 2, 0], dtype=object)
    den = np.array([10**320, 10**320 + 1, 1], dtype=object)
    assert exact_argmax_fractions(num, den) == (1, Fraction(2, 10**320 + 1))


def test_argmax_matrix_index_and_exact_max_ratio():
    num = np.array([[1, 5], [5, 2]])
    den = np.array([[3, 7], [7, 3]])
    assert exact_argmax_fractions(num, den) == ((0, 1), Fraction(5, 7))
    assert exact_max_ratio(num, den) == Fraction(5, 7)


@pytest.mark.parametrize(
    "num, den, err",
    [
        (np.array([0.5, 1.0]), np.array([1, 2]), NotExactError),
        (np.array([1, 2]), np.array([1, 0]), InvalidArgument),
        (np.array([1, 2]), np.array([1, 2, 3]), InvalidArgument),
        (np.array([], dtype=np.int64), np.array([], dtype=np.int64), InvalidArgument),
        (np.array([1, 0.5], dtype=object), np.array([1, 2], dtype=object), NotExactError),
    ],
    ids=["float-dtype", "zero-den", "shape", "empty", "float-in-object"],
)
def test_argmax_bad_input(num, den, err):
    with pytest.raises(err):
        exact_argmax_fractions(num, den)


# ---------------------------------------------------------------- big log ratios: exponentiated, no factoring
def _smooth(rng, bits):
    """A rational of more than ``bits`` bits made of small primes (fast to factor: the prime path can run)."""
    num = den = 1
    while max(num.bit_length(), den.bit_length()) <= bits:
        if rng.random() < 0.5:
            num *= rng.choice([2, 3, 5])
        else:
            den *= rng.choice([7, 11, 13])  # distinct primes: nothing cancels
    return Fraction(num, den)


def test_big_log_ratios_decided_by_exponentiation_agree_with_prime_forms():
    # a likelihood ratio of a compiled program (issue 28: 400-bit numerator and denominator) against 7/4 of
    # 4·log(40/39): factoring it never ended; the exponentiated product decides at once
    import random

    big = Rational(143145405235921868859305601306919624464211633963532944167774563985384255011796126657212383255514558023960879700575833456640000000,
                   120268162401267069658491138288298444015819489578737554467161586935475217655003224259237075861121059081553631534383404238392062359)
    d = compare(log(big), "<=", 7 * log(Rational(40, 39)))
    assert d.is_true and d.method == "log-power-product"
    # differential: the same comparisons by canonical prime forms on smooth numbers (cheap to factor)
    rng = random.Random(28)
    for _ in range(12):
        r1, r2 = _smooth(rng, 140), _smooth(rng, 20)
        c1 = Rational(rng.choice([-5, -3, -1, 1, 2, 5]), rng.randint(1, 4))  # non-zero: the big ratio stays
        c2 = Rational(rng.randint(-5, 5), rng.randint(1, 4))
        a, b = c1 * log(Rational(r1.numerator, r1.denominator)), c2 * log(Rational(r2.numerator, r2.denominator))
        for op in ("<", "<=", "==", ">"):
            fast = compare(a, op, b)
            slow = compare(LogForm.rational(0) + c1 * L(r1), op, LogForm.rational(0) + c2 * L(r2))
            assert fast.truth is slow.truth, (a, op, b, fast, slow)
        assert compare(a, "<", b).method == "log-power-product"
