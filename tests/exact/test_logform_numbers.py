"""LogForm behaves like a number where that is safe: float() correctly rounded, comparisons decided
exactly (equal values by the prime test) or by a certified arb ball, .evalf(n) — each differential-tested
against sympy's own evaluation of the same exact expression and against the decision kernel."""

from fractions import Fraction

import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from exactpriv.errors import NotExactError, UndecidedError
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm

small_q = st.fractions(min_value=-5, max_value=5, max_denominator=12)
pos_q = st.fractions(min_value=Fraction(1, 30), max_value=50, max_denominator=30).filter(lambda q: q > 0)


@st.composite
def logforms(draw):
    terms = draw(st.lists(st.tuples(pos_q, small_q), max_size=3))
    return LogForm(draw(small_q), logs={} if not terms else _accumulate(terms))


def _accumulate(terms):
    acc = {}
    for r, c in terms:  # keys can coincide: accumulate, never assign
        acc[r] = acc.get(r, 0) + c
    return acc


def _sympy_float(v: LogForm) -> float:
    """sympy's evaluation at 200 bits, then rounded to a double (double rounding is harmless at that margin)."""
    with mpmath.workprec(200):
        return float(mpmath.mpf(sympy.N(v.to_sympy(), 60)))


@settings(max_examples=200, deadline=None)
@given(logforms())
def test_float_matches_sympy(v):
    assert float(v) == _sympy_float(v)


@settings(max_examples=200, deadline=None)
@given(logforms(), logforms())
def test_comparisons_match_sympy_and_the_kernel(a, b):
    diff = sympy.N(a.to_sympy() - b.to_sympy(), 80)
    if a == b:
        expected = 0
    else:
        assert diff != 0  # non-zero by the prime test, so 80 digits see its sign for these small forms
        expected = 1 if diff > 0 else -1
    assert (a < b) == (expected < 0) == compare(a, "<", b).is_true
    assert (a <= b) == (expected <= 0) == compare(a, "<=", b).is_true
    assert (a > b) == (expected > 0)
    assert (a >= b) == (expected >= 0)


def test_equal_values_written_differently_compare_equal():
    a = LogForm.log(6)
    b = LogForm.log(2) + LogForm.log(3)
    assert a <= b and a >= b and not a < b and not a > b


def test_comparisons_with_ints_fractions_and_sympy_rationals_on_either_side():
    v = LogForm.log(3) / 2            # 0.5493...
    assert v < 1 and 1 > v and v > Fraction(1, 2) and Fraction(1, 2) < v
    assert v < sympy.Rational(3, 5) and bool(sympy.Rational(3, 5) > v)   # the right one is sympy's own
    assert not v < sympy.Rational(1, 2)
    assert max([LogForm.log(2), v, Fraction(1, 3)]) == LogForm.log(2)
    assert sorted([LogForm.log(2), v, 0]) == [0, v, LogForm.log(2)]


def test_sympify_keeps_the_exact_form():
    v = LogForm.log(3) / 2 - 1
    assert sympy.sympify(v) == sympy.log(3) / 2 - 1 and not sympy.sympify(v).has(sympy.Float)


def test_float_operands_are_refused_not_guessed():
    with pytest.raises(NotExactError, match="Fraction"):
        _ = LogForm.log(3) < 1.5


def test_uncertified_sympy_operands_are_refused():
    with pytest.raises(TypeError, match="exactpriv.compare"):
        _ = LogForm.log(3) < sympy.pi


def test_sign_beyond_the_budget_is_a_typed_error():
    # log(2^k+1) - log(2^k) ~ 2^-k: not separated at 64 bits when k = 200
    k = 200
    tiny = LogForm.log(2**k + 1) - LogForm.log(2**k)
    assert tiny.sign() == 1  # the default budget settles it
    with pytest.raises(UndecidedError, match="non-zero"):
        tiny.sign(max_prec=64)


def test_evalf_and_format():
    v = LogForm.log(3) / 2
    assert v.evalf(30) == sympy.N(sympy.log(3) / 2, 30)
    assert f"{v:.4f}" == "0.5493"
    assert f"{v}" == "log(3)/2"
    assert abs(-v) == v and abs(v - 1) == 1 - v


def test_float_of_tiny_and_rational_values():
    k = 200
    tiny = LogForm.log(2**k + 1) - LogForm.log(2**k)
    assert float(tiny) == _sympy_float(tiny)
    assert float(LogForm.rational(Fraction(1, 3))) == 1 / 3
    assert float(LogForm(0)) == 0.0


def test_measured_evalf_agrees_with_the_value():
    from exactpriv import kl_dp, randomized_response, tv_dp

    M = randomized_response(2, p="3/4")
    assert kl_dp(M).evalf(25) == (LogForm.log(3) / 2).evalf(25)
    assert tv_dp(M).evalf(10) == sympy.Float("0.5", 10)
