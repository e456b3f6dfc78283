"""Cuff–Yu Appendix D: Lemma 11 and the continuity bound (105).

Broken variants: Lemma 11 without its h-term; (105) without h(T) (under the same range hypothesis).
"""

import functools

from exactpriv.claims import Family
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import appendix_d as S


def test_broken_lemma11_without_h_term_is_refuted():
    assert is_refuted(functools.partial(S._check_lemma11, variant="no-h"), S._F_L11)


def test_broken_105_without_h_term_is_refuted():
    assert is_refuted(functools.partial(S._check_105_pairs, variant="no-h"),
                      [Family("pmf pairs (seed 33)", S._fam_105_pairs)], hypotheses=(S.TV_AT_MOST_Y_RATIO,))
