"""Rational functions of β (a program compiled for every ε): arithmetic agrees with Fractions at every point."""

from fractions import Fraction as F

import pytest

from exactpriv.exact.ratfunc import RationalFunction

B = RationalFunction.gen()


def test_arithmetic_agrees_with_rationals_at_points():
    f = (1 - B ** 3) / (1 + B ** 3) * B ** 2 + F(1, 7)
    g = B ** 5 / (1 - B ** 2) - 3
    for b in (F(1, 3), F(39, 40), F(5, 2)):
        fb = (1 - b ** 3) / (1 + b ** 3) * b ** 2 + F(1, 7)
        gb = b ** 5 / (1 - b ** 2) - 3
        assert (f + g).at(b) == fb + gb and (f * g).at(b) == fb * gb
        assert (f / g).at(b) == fb / gb and (f - g).at(b) == fb - gb and (g ** -2).at(b) == gb ** -2


def test_canonical_form_makes_equal_functions_equal():
    assert (1 - B ** 2) / (1 - B) == 1 + B
    assert hash((1 - B ** 2) / (1 - B)) == hash(1 + B)
    assert (B - B) == 0 and not (B - B) and (B / B) == 1
    assert (B ** 3 * F(1, 2)).monomial() == (F(1, 2), 3) and (1 + B).monomial() is None


def test_a_pole_is_an_error():
    with pytest.raises(ZeroDivisionError):
        (1 / (1 - B)).at(1)
    with pytest.raises(ZeroDivisionError):
        B / (B - B)


def test_the_key_identifies_the_function_as_the_printed_coefficients_did():
    import random

    def printed(f):  # the key before: every coefficient printed
        return (tuple(str(c) for c in f.N.coeffs()), tuple(str(c) for c in f.D.coeffs()))

    rng = random.Random(3)
    pool = []
    for _ in range(60):
        f = RationalFunction.const(F(rng.randint(-6, 6), rng.randint(1, 4)))
        for _ in range(rng.randint(1, 4)):
            g = (B + F(rng.randint(-3, 3), rng.randint(1, 3))) ** rng.randint(1, 3)
            f = f * g if rng.random() < 0.5 else f / g if g else f
            f = f + F(rng.randint(-2, 2), rng.randint(1, 5))
        pool.append(f)
        pool.append((f * (B + 2)) / (B + 2))  # the same function built another way
        pool.append(f * F(1, 3) * 3)
    for a in pool:
        assert a.D.coeffs()[-1] == 1 and (a.N.is_zero() or a.N.gcd(a.D).degree() == 0)  # canonical: D monic, coprime
        for b in pool[:40]:
            assert (a.key() == b.key()) == (printed(a) == printed(b)) == (a == b)
            if a == b:
                assert hash(a) == hash(b)
