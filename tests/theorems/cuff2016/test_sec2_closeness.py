"""Cuff–Yu §2.2: Definition 4, (9), Property 1 and its tight form (11), Property 2 (Pinsker).

Broken variants (same families, each must be REFUTED): Property 1 with ε²/3 instead of min{ε, ε²}; the
tight form (11) shrunk by 1/100; Pinsker with sqrt(ε/8); the all-ε proof of (11) with tanh(ε/3).
"""

from fractions import Fraction

import sympy

from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.divergence import kl_dp
from exactpriv.mechanisms import zoo
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import closeness, instances
from theorems.cuff2016 import sec2_closeness as S
from exactpriv.claims import Family

L = LogForm.log


def test_broken_property1_eps_squared_over_3_is_refuted():
    """ε tanh(ε/2) > ε²/3 at e^ε = 3 (log 3 · 1/2 = 0.549 > (log 3)²/3 = 0.402)."""
    assert is_refuted(S.pair_kl_bound_check(lambda e: closeness.sym(e) ** 2 / 3), instances.PAIR_FAMILIES)


def test_broken_tight_form_shrunk_is_refuted():
    assert is_refuted(S.pair_kl_bound_check(lambda e: S._tanh_bound(e) * Fraction(99, 100)), (instances.PAIRS_RR,))


def test_broken_pinsker_is_refuted():
    assert is_refuted(S.pinsker_check(Fraction(1, 8)), (Family("pinsker-binary", S._pinsker_tight_instances),))


def test_broken_all_eps_tight_form_is_refuted():
    assert S._prove_prop1_tight(bound=EPS * sympy.tanh(EPS / 3)).is_false


def test_tight_form_at_log3_is_half_log3():
    """Binary RR with p = 3/4: ε = log 3, tanh(ε/2) = (3−1)/(3+1) = 1/2, so (11) = log(3)/2, which is
    exactly D(P‖Q) (Appendix A: the binary pair attains (11))."""
    assert S._tanh_bound(L(3)) == L(3) / 2
    P, Q = (Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 4), Fraction(3, 4))
    assert closeness.pair_eps(P, Q) == L(3)


def test_rr_kl_at_rational_point_matches_eq11():
    """e^ε = 3: D = ln(3)/2 = ε tanh(ε/2) at ε = ln 3 (the library's kl_dp, not the symbolic machinery)."""
    M = zoo.randomized_response(2, exp_eps=3)
    assert compare(kl_dp(M).value, "==", sympy.log(3) * sympy.tanh(sympy.log(3) / 2)).is_true


def test_binary_entropy_values():
    assert closeness.binary_entropy(Fraction(1, 2)) == L(2)
    assert closeness.binary_entropy(0) == 0 and closeness.binary_entropy(1) == 0
    # h(1/4) = (1/4) ln 4 + (3/4) ln(4/3) = 2 ln 2 − (3/4) ln 3
    assert closeness.binary_entropy(Fraction(1, 4)) == 2 * L(2) - L(3) * Fraction(3, 4)


def test_min_eps_eps2_switches_at_one():
    assert closeness.min_eps_eps2(L(2)) == L(2).to_sympy() ** 2  # ln 2 < 1: eps^2
    assert closeness.min_eps_eps2(L(3)) == L(3)  # ln 3 > 1: eps
    assert sympy.simplify(closeness.sym(Fraction(1, 2)) - sympy.Rational(1, 2)) == 0
