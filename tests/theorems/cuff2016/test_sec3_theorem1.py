"""Cuff–Yu §3: Theorem 1, the strictness of orderings (A) and (B), Lemma 1.

Broken variants: Lemma 1 (21) with ε²/3; (22) with ε/8.
"""

from fractions import Fraction

import sympy

from exactpriv.exact.kernel import compare
from exactpriv.measures.divergence import kl_dp, pure_dp
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import closeness, instances
from theorems.cuff2016 import sec3_theorem1 as S


def test_broken_lemma1_21_is_refuted():
    assert is_refuted(S.lemma1_21_check(lambda e: closeness.sym(e) ** 2 / 3), instances.MECH_FAMILIES)


def test_broken_lemma1_22_is_refuted():
    assert is_refuted(S.lemma1_22_check(Fraction(1, 8)), instances.MECH_FAMILIES)


def test_strictness_of_A_witnesses_by_hand():
    """Rows (1 − u, u), (1 − u/8, u/8): pure DP = ln 8 whatever u, while KL-DP shrinks with u."""
    for inst in S._strict_a_instances():
        assert sympy.simplify(pure_dp(inst.mechanism).value.to_sympy() - sympy.log(8)) == 0
        assert compare(kl_dp(inst.mechanism).value, "<=", inst.params["alpha"]).is_true
