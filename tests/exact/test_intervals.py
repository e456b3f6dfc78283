"""Certified arb evaluation of sympy expressions, checked by exact rational inequalities."""

from fractions import Fraction

import flint
import mpmath
import pytest
import sympy
from sympy import E, Rational, log, pi, sqrt

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UnknownSymbolError
from exactpriv.exact.intervals import (
    NonFiniteBallError,
    arb_eval,
    arb_from_rational,
    arb_to_fractions,
    working_precision,
)
from exactpriv.exact.logforms import LogForm

x = sympy.Symbol("x")


def bounds(expr, prec=128, **kw):
    return arb_to_fractions(arb_eval(expr, prec, **kw))


def test_sqrt2_bounds_checked_by_squaring():
    lo, hi = bounds(sqrt(2), 200)
    assert 0 < lo and lo**2 <= 2 <= hi**2
    assert hi - lo < Fraction(1, 2**190)


def test_cube_root_rational_power_checked_by_cubing():
    lo, hi = bounds(Rational(5, 3) ** Rational(2, 3), 128)  # (5/3)^(2/3): t^3 = 25/9
    assert lo**3 <= Fraction(25, 9) <= hi**3


def test_exact_rational_is_enclosed():
    lo, hi = bounds(Rational(1, 3))
    assert lo <= Fraction(1, 3) <= hi
    lo, hi = arb_to_fractions(arb_from_rational(Fraction(10**30 + 1, 7), 64))
    assert lo <= Fraction(10**30 + 1, 7) <= hi


def test_pi_against_archimedes_and_zu_chongzhi():
    lo, hi = bounds(pi, 64)
    assert Fraction(223, 71) < lo and hi < Fraction(22, 7)  # Archimedes
    assert hi < Fraction(355, 113)  # 355/113 exceeds pi by 2.7e-7


@pytest.mark.parametrize(
    "expr, ref",
    [
        (sqrt(2) * pi - sympy.exp(Rational(1, 3)) + sympy.Max(1, log(3)) + sympy.tanh(2) ** -2 + sympy.Abs(-E),
         lambda: mpmath.sqrt(2) * mpmath.pi - mpmath.exp(mpmath.mpf(1) / 3) + mpmath.log(3)
         + mpmath.tanh(2) ** -2 + mpmath.e),
        (sympy.Min(log(2), Rational(7, 10)) * sympy.sinh(Rational(1, 2)) - sympy.cosh(Rational(3, 2)),
         lambda: mpmath.log(2) * mpmath.sinh(0.5) - mpmath.cosh(1.5)),
        (Rational(3, 2) ** sqrt(2), lambda: mpmath.mpf(1.5) ** mpmath.sqrt(2)),
        (E ** Rational(1, 7) + sympy.atan(2) + sympy.cos(1), lambda: mpmath.exp(mpmath.mpf(1) / 7) + mpmath.atan(2)
         + mpmath.cos(1)),
    ],
    ids=["mixed", "min-sinh-cosh", "irrational-power", "exp-atan-cos"],
)
def test_balls_contain_the_mpmath_value(expr, ref):
    lo, hi = bounds(expr, 200)
    assert hi - lo < Fraction(1, 2**180)
    with mpmath.workdps(90):
        v = ref()
        assert mpmath.mpf(lo.numerator) / lo.denominator <= v <= mpmath.mpf(hi.numerator) / hi.denominator


def test_identity_sinh_plus_cosh_is_exp_balls_overlap():
    a = arb_eval(sympy.sinh(Rational(2, 3)) + sympy.cosh(Rational(2, 3)), 128)
    b = arb_eval(sympy.exp(Rational(2, 3)), 128)
    assert a.overlaps(b)


def test_precision_shrinks_the_ball():
    w64 = (lambda b: b[1] - b[0])(bounds(log(3), 64))
    w256 = (lambda b: b[1] - b[0])(bounds(log(3), 256))
    assert w64 < Fraction(1, 2**55) and w256 < Fraction(1, 2**245) and w256 < w64


def test_env_binds_symbols_to_rationals_and_balls():
    lo, hi = bounds(x**2 + sqrt(x), 64, env={x: Fraction(1, 4)})
    assert lo <= Fraction(9, 16) <= hi
    with working_precision(64):
        ball = flint.arb(flint.fmpq(1, 2), flint.fmpq(1, 10))  # [0.4, 0.6]
    lo, hi = bounds(2 * x, 64, env={x: ball})
    assert lo <= Fraction(4, 5) and Fraction(6, 5) <= hi


def test_logform_and_fraction_inputs():
    lo, hi = bounds(LogForm.log(2) * 3 - LogForm.log(8) + Fraction(1, 5))  # exactly 1/5
    assert lo <= Fraction(1, 5) <= hi
    assert bounds(Fraction(2, 3))[0] <= Fraction(2, 3)


def test_precision_is_restored_even_after_errors():
    assert flint.ctx.prec == 53
    arb_eval(log(5), 300)
    assert flint.ctx.prec == 53
    with pytest.raises(EntryRangeError):
        arb_eval(sympy.oo, 300)
    assert flint.ctx.prec == 53


def test_too_low_precision_reports_the_subexpression():
    """exp(t) - 1 - t with t = 10^-30 is about 5e-61: at 64 bits its ball straddles 0."""
    t = Rational(1, 10**30)
    expr = log(sympy.exp(t) - 1 - t)
    with pytest.raises(NonFiniteBallError) as info:
        arb_eval(expr, 64)
    assert info.value.prec == 64 and "contains 0" in str(info.value)
    lo, hi = bounds(expr, 256)  # log(t^2/2 + t^3/6 + ...) ≈ log(5e-61); radius ~1e-16 here
    with mpmath.workdps(120):
        v = mpmath.log(mpmath.expm1(mpmath.mpf(10) ** -30) - mpmath.mpf(10) ** -30)
        assert mpmath.mpf(lo.numerator) / lo.denominator <= v <= mpmath.mpf(hi.numerator) / hi.denominator


@pytest.mark.parametrize(
    "expr, err",
    [
        (sympy.oo, EntryRangeError),
        (-sympy.oo, EntryRangeError),
        (1 / (x - x), EntryRangeError),  # sympy makes this zoo
        (sympy.Float(1.5) + sqrt(2), NotExactError),
        (x + 1, UnknownSymbolError),
        (sympy.Piecewise((1, x > 0), (0, True)), UnknownSymbolError),
        (sympy.gamma(Rational(1, 3)), UnknownSymbolError),
        (log(-1), EntryRangeError),  # sympy: I*pi
        (log(sqrt(2) - 2), EntryRangeError),  # certainly negative argument
        (sqrt(sqrt(2) - 2), EntryRangeError),
        (1.5, NotExactError),
        (True, InvalidArgument),
        ("1/2", InvalidArgument),
    ],
    ids=["oo", "-oo", "zoo", "float", "free-symbol", "piecewise", "gamma", "log-minus-one", "log-negative",
         "sqrt-negative", "py-float", "bool", "string"],
)
def test_bad_expressions_raise_typed_errors(expr, err):
    with pytest.raises(err):
        arb_eval(expr, 64)


def test_bad_precision_and_env():
    with pytest.raises(InvalidArgument, match="prec=1"):
        arb_eval(log(2), 1)
    with pytest.raises(NotExactError, match="0.25"):
        arb_eval(x, 64, env={x: 0.25})
    with pytest.raises(InvalidArgument, match="'x'"):
        arb_eval(x, 64, env={"x": 1})


def test_arb_to_fractions_refuses_nonfinite_and_non_arb():
    with pytest.raises(NonFiniteBallError):
        arb_to_fractions(flint.arb("nan"))
    with pytest.raises(InvalidArgument):
        arb_to_fractions(0.5)


def test_a_finite_ball_beyond_any_integer_has_no_exact_endpoints():
    """exp(2^40) is a finite arb ball whose exponent no Fraction can hold: the endpoints are refused as a
    NonFiniteBallError (callers then have no bound), not an OverflowError from ``1 << exp`` (it crashed
    ``conjecture --bound "eps**eps**eps**eps"`` with an internal error)."""
    import flint
    import pytest as _pytest

    from exactpriv.exact.intervals import NonFiniteBallError, arb_to_fractions

    huge = flint.arb(2 ** 40).exp()
    assert huge.is_finite()
    with _pytest.raises(NonFiniteBallError):
        arb_to_fractions(huge)
    lo, hi = arb_to_fractions(flint.arb(1000).exp())  # large but readable: e^1000 still gets exact endpoints
    assert 0 < lo <= hi and lo > 2 ** 1442
