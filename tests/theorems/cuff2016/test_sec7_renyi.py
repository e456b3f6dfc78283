"""Cuff–Yu §7: Sibson's α-mutual information, Lemma 9, Corollary 10, (71)–(73).

Broken variant: Corollary 10 without the factor n.
"""

import functools

import sympy

from exactpriv.claims import Family
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import sec7_renyi as S


def test_broken_corollary10_without_n_is_refuted():
    assert is_refuted(functools.partial(S._check_cor10, factor=1), [Family("E_d etc. (seed 27)", S._fam_cor10)])


def test_same_log_argument_refutes_a_wrong_value():
    """The exact comparison used for (71) says FALSE when the value is off by ln 2."""
    T = sympy.sqrt(2) + sympy.sqrt(3)
    value = 2 * sympy.log(T)  # a = 2: a/(a-1) ln T
    assert S._same_log_argument(value, T, 2, "ok").is_true
    assert S._same_log_argument(value + sympy.log(2), T, 2, "bad").is_false


def test_bracket_check_does_not_refute_on_overlapping_enclosures():
    """A constant channel has every α-MI equal to 0, so both bracket widths are 0: the certified enclosures
    of the widths overlap, which must not count as a refutation (it did: 'width(1/100).upper > 0 = width(1/10)
    .lower' was read as FALSE)."""
    from fractions import Fraction

    from exactpriv.claims import Instance
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    M = Mechanism(Hamming([0, 1, 2], 1), [0, 1], [[Fraction(1), Fraction(0)]] * 3)
    out = S._check_sibson_shannon(Instance("constant channel", mechanism=M, prior=Prior.uniform(M.inputs)))
    assert not out.decision.is_false
