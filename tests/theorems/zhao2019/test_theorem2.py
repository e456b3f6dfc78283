"""Zhao, Theorem 2, the comparison with ε/6 and the cited lemma (theorems.zhao2019.theorem2).

Hand-worked values pin the measures on the witnesses; broken variants must be REFUTED: Theorem 2
(forward) with e^{2ε} − 1 replaced by ε/10; Theorem 2 (converse, breach convention) with s doubled;
[3, Lemma 3.3] with SD ≤ (e^ε − 1)/4; ½ − 1/(e^ε+1) > ε/3 (instead of ε/6) on (0, 1.35]; RR's SP
claimed to be tanh(ε/3) for all ε.
"""

from fractions import Fraction

import sympy

from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.result import value_to_sympy
from exactpriv.measures.semantic import semantic_privacy
from exactpriv.mechanisms import zoo
from theorems.zhao2019 import CLAIMS
from theorems.zhao2019.steps import cross_ratio, ratio_of
from theorems.zhao2019.instances import MECH_FAMILIES, ZOO, _minimal_instances
from theorems.zhao2019.measured import dp_measure, sp_measure, bdp
from theorems.zhao2019.theorem2 import (
    KS_PAIRS,
    _check_map_not_attained,
    _prove_sp_rr,
    check_ks,
    check_sp_converse,
    prove_improve,
)


def _minimal(label_part):
    return next(i for i in _minimal_instances() if label_part in i.label)


def _refuted(check, families, *, prove=None):
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families), prove=prove)
    return check_reading(CLAIMS[0], reading).verdict == Verdict.REFUTED


def test_randomized_response_values_by_hand():
    """Binary RR with P(y = x) = 3/4 (e^ε = 3), uniform prior, ⊥ = 0.  DP = BDP = ln 3.  SP: the
    likelihood slopes P(y|⊥)/P(y|x) are 1 and 1/3 (or 3), so R = 3 and SP = (√3 − 1)/(√3 + 1) =
    2 − √3 = tanh(ln 3 / 4)."""
    inst = _minimal("min/rr(3/4)/uniform")
    assert ratio_of(dp_measure(inst.mechanism).value) == 3
    assert ratio_of(bdp(inst.mechanism, inst.prior).value) == 3
    sp = sp_measure(inst.mechanism)
    assert cross_ratio(sp) == 3
    assert sympy.simplify(value_to_sympy(sp.value) - (2 - sympy.sqrt(3))) == 0
    # converse (Thm 2): s(ln 3) = 1/2 - 1/4 = 1/4 <= 2 - √3 ≈ 0.268: holds, with little room
    assert check_sp_converse()(inst).decision.is_true
    assert check_sp_converse(scale=Fraction(11, 10))(inst).decision.is_false  # 0.275 > 0.268
    # ... and the paper's map is not attained: 2 - √3 = tanh(ln 3/4) > 1/4
    assert _check_map_not_attained(inst).decision.is_true


def test_zero_column_witness_by_hand():
    """P(.|⊥=0) = (0, 1), P(.|1) = (1/2, 1/2): output 0 is impossible when the record is ⊥, so no
    belief defines b_i[.|y=0]; at y = 1 the slopes are 1 and 2, so SP = (√2 − 1)/(√2 + 1) = 3 − 2√2,
    while DP = ln((1/2)/0) = +oo: the converse of Theorem 2 fails (g(3 − 2√2) < oo)."""
    inst = _minimal("zero-column")
    assert dp_measure(inst.mechanism).value == sympy.oo
    sp = sp_measure(inst.mechanism)
    assert cross_ratio(sp) == 2
    assert sympy.simplify(value_to_sympy(sp.value) - (3 - 2 * sympy.sqrt(2))) == 0
    assert check_sp_converse()(inst).decision.is_false
    assert check_sp_converse(breach=True)(inst).decision.is_true


def test_sp_of_rr_is_tanh_quarter_not_the_papers_map():
    """e^ε = 9: SP(RR) = (3 − 1)/(3 + 1) = 1/2 = tanh(ln 9/4), while ½ − 1/(e^ε + 1) = 2/5."""
    M = zoo.randomized_response(2, exp_eps=9)
    assert semantic_privacy(M).value == Fraction(1, 2)
    assert Fraction(1, 2) - Fraction(1, 10) == Fraction(2, 5)
    assert compare(pure_dp(M).value, "==", sympy.log(9)).is_true


def _sp_le_dp_over_10(inst):
    d, s = dp_measure(inst.mechanism), sp_measure(inst.mechanism)
    level = sympy.oo if d.value == sympy.oo else value_to_sympy(d.value) / 10
    return compare(s.value, "<=", level)


def test_broken_thm2_forward_eps_over_10_is_refuted():
    assert _refuted(_sp_le_dp_over_10, (ZOO,))


def test_broken_thm2_converse_s_doubled_is_refuted():
    assert _refuted(check_sp_converse(breach=True, scale=Fraction(2)), MECH_FAMILIES)


def test_broken_rr_map_tanh_third_is_refuted():
    assert _prove_sp_rr(sympy.tanh(EPS / 3)).is_false


def test_broken_ks_lemma_quarter_is_refuted():
    assert _refuted(check_ks("sd", sd_bound=lambda g: (g - 1) / 4), (KS_PAIRS,))


def test_broken_improve_eps_over_3_is_refuted():
    assert _refuted(None, (), prove=prove_improve(Fraction(27, 20), rhs=EPS / 3))
