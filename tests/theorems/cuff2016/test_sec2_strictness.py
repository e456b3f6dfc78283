"""Cuff–Yu §2.2, the claim that Properties 1 and 2 are strict: the refuting certificate of its finite-set
reading, and the witness constructions of the other readings."""

from fractions import Fraction

import sympy

from exactpriv.measures.divergence import kl
from theorems.cuff2016 import closeness
from theorems.cuff2016 import sec2_strictness as S


def test_finite_set_certificate_refutes_with_a_per_point_table():
    d = S._prove_finiteness_fails_on_finite_spaces()
    assert d.is_false
    table = d.certificate["point_kinds (KL term, mirror term, log-ratio finite)"]
    assert len(table) == 4
    assert not any(kl_ok and mirror_ok and not ratio_ok for kl_ok, mirror_ok, ratio_ok in table.values())
    # 4 + 16 + 64 + 256 support patterns of 1-4 points, minus those where P or Q is identically 0
    assert d.certificate["support_patterns_cross_checked"] == sum(4 ** k - 2 * 2 ** k + 1 for k in range(1, 5))


def test_point_kinds_by_hand():
    """P(y) > 0 = Q(y): D(P‖Q) infinite, D(Q‖P)'s term 0, log-ratio infinite (and the mirror case)."""
    assert S._point_term_finite(True, False) == (False, True, False)
    assert S._point_term_finite(False, True) == (True, False, False)
    assert S._point_term_finite(True, True) == (True, True, True)


def test_the_one_sided_witness_by_hand():
    """P = (1, 0), Q = (1/2, 1/2): D(P‖Q) = ln 2 is finite, D(Q‖P) = oo and ε = oo."""
    P, Q = (Fraction(1), Fraction(0)), (Fraction(1, 2), Fraction(1, 2))
    assert kl(P, Q).to_sympy() == sympy.log(2)
    assert kl(Q, P) is sympy.oo and closeness.pair_eps(P, Q) is sympy.oo
