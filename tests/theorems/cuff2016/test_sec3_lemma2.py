"""Cuff–Yu §3.3: Lemma 2 with its tight form (28), Appendix C, Remark (33).

Broken variants: (27) with sqrt(ε)/4 instead of sqrt(2ε); (28) with δ' shrunk by 1/100.
"""

from fractions import Fraction

from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.mechanisms import zoo
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import instances, measured
from theorems.cuff2016 import sec3_lemma2 as S

L = LogForm.log


def test_broken_lemma2_27_is_refuted():
    # claimed delta = sqrt(eps)/4, i.e. delta^2 = eps/16
    assert is_refuted(S.lemma2_27_check(S.LinearSq(Fraction(1, 16))), instances.MECH_FAMILIES + (instances.MECHS_BSC,))


def test_broken_lemma2_28_is_refuted():
    assert is_refuted(S.lemma2_28_check(Fraction(99, 100)), (instances.MECHS_BSC,))


def test_bsc_mi_dp_by_hand():
    """BSC(1/4): capacity ln 2 − h(1/4) = (3/4) ln 3 − ln 2 ((98) of Appendix C)."""
    m = measured.sharp_mi_dp(zoo.binary_symmetric_channel(Fraction(1, 4)))
    assert m.value == L(3) * Fraction(3, 4) - L(2)


def test_capacity_certificate_exact_cases():
    """Slices where mi_dp alone gives an enclosure: a noiseless pair of rows gives exactly ln 2;
    a BSC(1/3)-like pair with the midpoint row gives ln 2 − h(1/3) = (5/3) ln 2 − ln 3."""
    F = Fraction
    lo, hi = measured._capacity_certificate([(F(0), F(1)), (F(1), F(0)), (F(3, 5), F(2, 5))])
    assert lo == hi == L(2)
    lo, hi = measured._capacity_certificate([(F(1, 2), F(1, 2)), (F(2, 3), F(1, 3)), (F(1, 3), F(2, 3))])
    assert lo == hi == L(2) * F(5, 3) - L(3)
    # a generic slice: the bounds straddle the capacity (strictly)
    lo, hi = measured._capacity_certificate([(F(1, 2), F(1, 2)), (F(1, 5), F(4, 5)), (F(1), F(0))])
    assert compare(lo, "<", hi).is_true


def test_bsc_checks_are_undecided_not_crashing_on_an_enclosed_channel():
    """A generic channel (mi_dp only enclosed) is not a BSC: the equality checks say UNDECIDED."""
    from exactpriv.claims import Instance
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    F = Fraction
    M = Mechanism(Hamming([0, 1, 2], 1), [0, 1], [[F(1, 2), F(1, 2)], [F(1, 5), F(4, 5)], [F(1), F(0)]])
    assert measured.sharp_mi_dp(M).value is None
    inst = Instance("generic", mechanism=M, params={"p": F(1, 5)})
    assert S._lemma2_asym_check(inst).decision.is_undecided
    assert S._lemma2_bsc_check(inst).decision.is_undecided
