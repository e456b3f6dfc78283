"""Zhao, Lemma 1, the shape of g and Corollary 1 (theorems.zhao2019.lemma1): the boundary witness and
the break point by hand; broken variants (Lemma 1 without the branch (23b), Corollary 1 with e^{2ε})
must be REFUTED."""

from fractions import Fraction

import sympy

from exactpriv.claims import Instance, Reading, Verdict, check_reading
from theorems.zhao2019 import CLAIMS
from theorems.zhao2019.lemma1 import (
    INTERIOR,
    LEMMA1_GRID,
    _g_of,
    _mp_conditions,
    check_cor1,
    check_lemma1,
    cor1_hypothesis,
)


def _refuted(check, families, *, hypotheses=()):
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families),
                      hypotheses=hypotheses)
    return check_reading(CLAIMS[0], reading).verdict == Verdict.REFUTED


def test_lemma1_boundary_witness_by_hand():
    """e^ε = 2, P_D[x_i] = 0, P[Y|x_i] = 1/2, P[Y|x̄_i] = 1/6: A = 3 > g(0) = 2, yet (21) reads
    0 ≤ 0 and (22) reads 1 ≥ 1/2 — MP holds, so 'MP ⟺ A ≤ g' fails at the boundary."""
    inst = Instance("t", None, None, {"gamma": Fraction(2), "p": Fraction(0), "a": Fraction(1, 2), "b": Fraction(1, 6)})
    assert _mp_conditions(Fraction(2), Fraction(0), Fraction(1, 2), Fraction(1, 6)) == (True, True)
    assert _g_of(Fraction(2), Fraction(0)) == 2
    assert check_lemma1("lemma")(inst).decision.is_false
    assert not INTERIOR.check(inst)
    assert check_cor1()(inst).decision.is_true  # hypothesis A <= e^eps fails: vacuous


def test_g_at_the_break_point_by_hand():
    """(26) at e^ε = 3: break point b = 1/4, g1(1/4) = (3/4)/(1/3 − 1/4) = 9 = g2(1/4) = (2 + 1/4)/(1/4)."""
    assert _g_of(Fraction(3), Fraction(1, 4)) == 9
    assert (Fraction(3) - 1 + Fraction(1, 4)) / Fraction(1, 4) == 9


def test_broken_lemma1_without_branch_23b_is_refuted():
    def g1_only(gamma, b):
        return (1 - b) / (1 / gamma - b) if b < 1 / gamma else sympy.oo

    assert _refuted(check_lemma1("lemma", g=g1_only), (LEMMA1_GRID,), hypotheses=(INTERIOR,))


def test_broken_cor1_with_e_2eps_is_refuted():
    level = lambda g: g * g  # noqa: E731
    assert _refuted(check_cor1(level=level), (LEMMA1_GRID,), hypotheses=(cor1_hypothesis(level=level),))
