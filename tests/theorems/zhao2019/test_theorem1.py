"""Zhao, Theorem 1 and BSP ⇒ SP (theorems.zhao2019.theorem1): hand-worked witnesses, the exact
rational rewritings against the kernel, and broken variants that must be REFUTED.

Broken variants: Theorem 1 (forward) with e^{2ε} − 1 replaced by (e^{2ε} − 1)/16; Theorem 1 (converse)
with s(ε) = ½ − 1/(e^ε + 1) doubled (resample reading, positive mechanisms, full-support priors —
where the true statement holds).
"""

from fractions import Fraction

import pytest
import sympy

from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.exact.kernel import compare
from exactpriv.measures.result import value_to_sympy
from theorems.zhao2019 import CLAIMS
from theorems.zhao2019.steps import H_ge, H_le, cross_ratio, ratio_of
from theorems.zhao2019.instances import MECH_FAMILIES, _minimal_instances, _random_instances, _zoo_instances
from theorems.zhao2019.measured import OLD_NULL_EVENTS, POSITIVE_FULL, bsp_measure, bsp_of_game, bdp
from theorems.zhao2019.theorem1 import check_bsp_sp, check_converse, check_forward


def _minimal(label_part):
    return next(i for i in _minimal_instances() if label_part in i.label)


def _refuted(check, families, *, hypotheses=()):
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families),
                      hypotheses=hypotheses)
    return check_reading(CLAIMS[0], reading).verdict == Verdict.REFUTED


def test_count_witness_of_the_replace_reading_by_hand():
    """Two-output noisy count on {0,1}^2 (P(Y=1 | c) = 3/4, 1/2, 1/4 for c = 0, 1, 2 ones), prior
    9/20 on (0,0) and (1,1), 1/20 on (0,1) and (1,0).  Record 0, S = ∅:
    P[Y=1 | x_0=0] = (9/20·3/4 + 1/20·1/2)/(1/2) = 29/40 and P[Y=1 | x_0=1] = 11/40, so BDP = ln(29/11).
    Game i 'replace' with S = {1} has slopes {1, 1/2, 2/3} at Y = 0: R = 2, BSP = 3 − 2√2; and
    g(3 − 2√2) = ln((7 − 4√2)/(4√2 − 5)) ≈ 0.715 < ln(29/11) ≈ 0.969."""
    inst = _minimal("count-2-outputs")
    assert ratio_of(bdp(inst.mechanism, inst.prior).value) == Fraction(29, 11)
    rep = bsp_measure(inst.mechanism, inst.prior, "replace")
    assert cross_ratio(rep) == 2
    g = sympy.log((1 + 2 * value_to_sympy(rep.value)) / (1 - 2 * value_to_sympy(rep.value)))
    assert compare(sympy.log(sympy.Rational(29, 11)), ">", g).is_true
    assert check_converse("replace")(inst).decision.is_false
    assert check_converse("resample")(inst).decision.is_true


def _g_expr(s):
    s = value_to_sympy(s)
    if compare(s, ">=", sympy.Rational(1, 2)).is_true:
        return sympy.oo
    return sympy.log((1 + 2 * s) / (1 - 2 * s))


def _sample_instances():
    return (list(_minimal_instances()) + list(_zoo_instances())[:8]
            + list(_random_instances(13, 30, "positive-full"))[:6])


@pytest.mark.parametrize("game_i", ["resample", "replace", "belief"])
def test_rational_rewritings_agree_with_the_kernel(game_i):
    """BDP <= g(BSP) and BSP <= e^{2 BDP} - 1 decided on the raw expressions by the kernel agree with
    the R-vs-rational-square decisions of the module."""
    for inst in _sample_instances():
        b = bdp(inst.mechanism, inst.prior)
        s = bsp_of_game(inst, game_i)
        conv = compare(b.value, "<=", _g_expr(s.value))
        fwd = compare(s.value, "<=", sympy.oo if b.value == sympy.oo else sympy.exp(2 * value_to_sympy(b.value)) - 1)
        assert conv.is_true == check_converse(game_i)(inst).decision.is_true, inst.label
        assert fwd.is_true == check_forward(game_i)(inst).decision.is_true, inst.label
        assert not conv.is_undecided and not fwd.is_undecided


def test_H_helpers_on_squares():
    """H(9) = (3 − 1)/(3 + 1) = 1/2 exactly; H(+oo) = 1."""
    assert H_le(Fraction(9), Fraction(1, 2)) and H_ge(Fraction(9), Fraction(1, 2))
    assert not H_le(Fraction(9), Fraction(49, 100)) and not H_ge(Fraction(9), Fraction(51, 100))
    assert H_ge(sympy.oo, Fraction(1)) and not H_le(sympy.oo, Fraction(99, 100))


def test_broken_thm1_forward_divided_by_16_is_refuted():
    assert _refuted(check_forward("resample", bound=lambda r: (r * r - 1) / 16), MECH_FAMILIES)


def test_broken_thm1_converse_s_doubled_is_refuted():
    assert _refuted(check_converse("resample", scale=Fraction(2)), MECH_FAMILIES, hypotheses=POSITIVE_FULL)


# ----------------------------------------------------------------------------- the null-event convention, by hand
def _old(check_factory, *args, **kw):
    return check_factory(*args, null_events=OLD_NULL_EVENTS, **kw)


def test_forward_replace_witness_fails_only_under_the_old_null_event_rule():
    """{0,1}^2, rows (1/2,1/2), (3/4,1/4), (1/4,3/4), (1/2,1/2), prior 1/2 on (0,0) and (1,1).  Old rule:
    every adversary compares only (0,0) with (1,1) (equal rows) — BDP = 0 — while Game i 'replace' at
    S = {1} runs Y on (⊥, 1) = (0, 1): slopes 1 and (2/3, 2), R = 2, BSP = 3 − 2√2 > e^0 − 1.  Paper's
    rule: the fully known neighbours (0,0), (1,0) count, BDP = ln 2 (rows (1/2,1/2) vs (1/4,3/4)), and
    BSP ≤ 2² − 1 = 3 holds."""
    inst = _minimal("2-output-n2/diagonal")
    assert bdp(inst.mechanism, inst.prior, OLD_NULL_EVENTS).value == 0
    assert ratio_of(bdp(inst.mechanism, inst.prior).value) == 2
    assert cross_ratio(bsp_measure(inst.mechanism, inst.prior, "replace", OLD_NULL_EVENTS)) == 2
    assert _old(check_forward, "replace")(inst).decision.is_false
    assert check_forward("replace")(inst).decision.is_true


def test_forward_belief_witness_fails_only_under_the_old_null_event_rule():
    """RR(3/4) on one record, point mass on 1: the old rule skips x = 0 (prior 0), BDP = 0, while
    SP = 2 − √3 > 0; with the fully known database 0 counted BDP = DP = ln 3 and SP ≤ 8."""
    inst = _minimal("rr(3/4)/point-mass")
    assert bdp(inst.mechanism, inst.prior, OLD_NULL_EVENTS).value == 0
    assert ratio_of(bdp(inst.mechanism, inst.prior).value) == 3
    assert _old(check_forward, "belief")(inst).decision.is_false
    assert check_forward("belief")(inst).decision.is_true


def test_converse_positive_mechanism_witness_fails_only_under_the_old_rule():
    """D = {0,1,2}, ⊥ = 0, rows (1/2,1/2), (1/2,1/2), (1/4,3/4), prior (0, 1/2, 1/2).  Old rule: Game i
    needs X_1 = ⊥, of prior probability 0, so BSP = 0 < s(ln 2) = 1/6 with BDP = ln 2.  Paper's rule:
    BSP = SP with slopes u/v = (1,1), (1,1), (1/2, 3/2): R = 2, BSP = 3 − 2√2 ≈ 0.172 ≥ 1/6."""
    inst = _minimal("D3/zero-at-bot")
    assert ratio_of(bdp(inst.mechanism, inst.prior, OLD_NULL_EVENTS).value) == 2
    assert bsp_measure(inst.mechanism, inst.prior, "resample", OLD_NULL_EVENTS).value == 0
    assert ratio_of(bdp(inst.mechanism, inst.prior).value) == 2
    assert cross_ratio(bsp_measure(inst.mechanism, inst.prior, "resample")) == 2
    assert _old(check_converse, "resample")(inst).decision.is_false
    assert check_converse("resample")(inst).decision.is_true


def test_bsp_sp_point_mass_holds_with_the_papers_remark():
    """S = N∖{i} gives Definition 1 for every prior: under a point mass BSP = SP = 2 − √3 for RR(3/4)
    (the old rule gave BSP = 0)."""
    inst = _minimal("rr(3/4)/point-mass")
    assert cross_ratio(bsp_measure(inst.mechanism, inst.prior, "resample")) == 3
    assert bsp_measure(inst.mechanism, inst.prior, "resample", OLD_NULL_EVENTS).value == 0
    assert check_bsp_sp("resample")(inst).decision.is_true
