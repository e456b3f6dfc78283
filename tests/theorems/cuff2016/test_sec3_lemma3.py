"""Cuff–Yu §3.3: Lemma 3 with the bounds (105)–(127), Example 3.3.

Broken variants: Lemma 3 (35) with ε'/4; Lemma 3 with its cardinality hypothesis dropped (m = 2 fixed).
"""

from fractions import Fraction

from exactpriv.claims import Family
from exactpriv.exact.logforms import LogForm
from exactpriv.mechanisms import zoo
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import measured
from theorems.cuff2016 import sec3_lemma3 as S

L = LogForm.log
ERASURE = Family("erasure", S._erasure_instances)


def test_broken_lemma3_quarter_is_refuted():
    assert is_refuted(S.lemma3_check(lambda d, m: S.lemma3_bound(d, m) / 4), (ERASURE,))


def test_broken_lemma3_without_cardinality_is_refuted():
    assert is_refuted(S.lemma3_check(lambda d, m: S.lemma3_bound(d, 2)), (ERASURE,))


def test_lemma3_bound_by_hand():
    """δ = 1/2, m = 3: 2h(1/2) + 2·(1/2)·ln 3 = 2 ln 2 + ln 3."""
    assert S.lemma3_bound(Fraction(1, 2), 3) == 2 * L(2) + L(3)


def test_erasure_channel_capacity_by_hand():
    """Example 3.3: N = 4, δ = 1/2 gives C = (1/2) ln 4 = ln 2."""
    assert measured.sharp_mi_dp(zoo.erasure_channel(4, Fraction(1, 2))).value == L(2)
