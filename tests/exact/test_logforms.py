"""LogForm: exact canonical form q0 + Σ c_p log p and its zero test."""

from fractions import Fraction

import flint
import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.logforms import LogForm, logform_from_sympy, prime_factorization

L = LogForm.log


def test_log6_minus_log2_minus_log3_is_exactly_zero():
    x = L(6) - L(2) - L(3)
    assert x.is_zero
    assert x == 0
    assert not x  # bool() is the exact non-zero test


def test_two_log2_equals_log4_and_log_of_power():
    assert 2 * L(2) == L(4)
    assert L(Fraction(1, 8)) == -3 * L(2)
    assert L(Fraction(9, 4)) / 2 == L(3) - L(2)


def test_canonical_coefficients_of_log_1_over_12():
    # 1/12 = 2^-2 · 3^-1
    assert L(Fraction(1, 12)).coefficients == {2: Fraction(-2), 3: Fraction(-1)}
    assert L(1).is_zero


def test_prime_factorization_rational_and_large_semiprime():
    assert prime_factorization(Fraction(360, 7)) == {2: 3, 3: 2, 5: 1, 7: -1}
    p, q = 2**61 - 1, 2**31 - 1  # Mersenne primes
    assert prime_factorization(p * q) == {q: 1, p: 1}


def test_nonzero_with_rational_part_and_equalities():
    # log(3)/2 and log(2) differ (3 != 4); q0 + c log p != 0 when both non-zero.
    assert L(3) / 2 != L(2)
    assert (L(3) / 2 - L(2)).coefficients == {2: Fraction(-1), 3: Fraction(1, 2)}
    assert not (LogForm.rational(1) + L(2)).is_zero
    assert (LogForm.rational(1) + L(2) - 1).coefficients == {2: Fraction(1)}


def test_constructor_with_mapping():
    x = LogForm(Fraction(-1, 3), logs={Fraction(9, 4): Fraction(3, 2)})  # -1/3 + (3/2) log(9/4)
    assert x.q0 == Fraction(-1, 3)
    assert x.coefficients == {2: Fraction(-3), 3: Fraction(3)}


def test_repr_reads_like_the_value():
    assert repr(L(3) / 2) == "log(3)/2"
    assert repr(LogForm.rational(Fraction(-1, 3)) - 3 * L(2) + 3 * L(3)) == "-1/3 - 3*log(2) + 3*log(3)"
    assert repr(LogForm.rational(0)) == "0"


def test_hash_and_equality_follow_canonical_form():
    assert hash(2 * L(2)) == hash(L(4))
    assert {L(4): "x"}[2 * L(2)] == "x"
    # a rational LogForm equals and hashes like its Fraction
    half = LogForm.rational(Fraction(1, 2))
    assert half == Fraction(1, 2) and hash(half) == hash(Fraction(1, 2))


def test_to_sympy_value():
    e = (L(12) + Fraction(1, 3)).to_sympy()
    assert sympy.expand(e - (2 * sympy.log(2) + sympy.log(3) + sympy.Rational(1, 3))) == 0


def test_arb_ball_contains_mpmath_value():
    x = L(3) / 2 - 5 * L(Fraction(7, 10)) + Fraction(2, 9)
    lo, hi = arb_to_fractions(x.arb(200))
    assert hi - lo < Fraction(1, 2**190)
    with mpmath.workdps(80):
        ref = mpmath.log(3) / 2 - 5 * mpmath.log(mpmath.mpf(7) / 10) + mpmath.mpf(2) / 9
        assert mpmath.mpf(lo.numerator) / lo.denominator <= ref <= mpmath.mpf(hi.numerator) / hi.denominator
    assert flint.ctx.prec == 53  # restored


@pytest.mark.parametrize(
    "expr, expected",
    [
        (sympy.log(6) - sympy.log(2) - sympy.log(3), LogForm.rational(0)),
        (sympy.log(sympy.sqrt(8)) * 3 + 1, 1 + Fraction(9, 2) * L(2)),
        (sympy.Mul(3, sympy.log(2) + 1, evaluate=False), 3 + 3 * L(2)),
        (sympy.log(sympy.Rational(9, 4)), 2 * L(3) - 2 * L(2)),
        (sympy.Rational(5, 7), LogForm.rational(Fraction(5, 7))),
    ],
    ids=["log6-log2-log3", "log-sqrt8", "unexpanded-mul", "log-9/4", "rational"],
)
def test_logform_from_sympy_recognises(expr, expected):
    assert logform_from_sympy(expr) == expected


@pytest.mark.parametrize(
    "expr",
    [sympy.log(2) / sympy.log(3), sympy.sqrt(2), sympy.log(2) ** 2, sympy.exp(1), sympy.log(-2), sympy.pi],
    ids=["ratio-of-logs", "sqrt2", "log-squared", "e", "log-negative", "pi"],
)
def test_logform_from_sympy_rejects(expr):
    assert logform_from_sympy(expr) is None
    with pytest.raises(InvalidArgument):
        LogForm.from_sympy(expr)


@pytest.mark.parametrize(
    "bad, err",
    [(0, EntryRangeError), (-3, EntryRangeError), (0.5, NotExactError), (sympy.sqrt(2), InvalidArgument)],
    ids=["zero", "negative", "float", "irrational"],
)
def test_log_of_bad_argument(bad, err):
    with pytest.raises(err) as info:
        LogForm.log(bad)
    assert f"r={bad!r}" in str(info.value)  # the message echoes the bad value


def test_product_of_two_logs_is_refused():
    with pytest.raises(TypeError):
        L(2) * L(3)
    assert L(2) * LogForm.rational(3) == L(8)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-4, 4), st.integers(1, 30)), min_size=1, max_size=5))
def test_zero_test_agrees_with_multiplicative_identity(terms):
    """Σ k_i log r_i = 0 (integer k_i)  iff  Π r_i^{k_i} = 1: brute force with Fractions."""
    form = LogForm.rational(0)
    prod = Fraction(1)
    for k, r in terms:
        form = form + k * L(r)
        prod *= Fraction(r) ** k
    assert form.is_zero == (prod == 1)
