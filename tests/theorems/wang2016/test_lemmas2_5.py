"""Lemmas 3–5 of Wang, Ying and Zhang (theorems/wang2016/lemmas2_5.py): deliberately broken variants must be
refuted — Lemma 3 with 2ε_X, Lemma 4 with level ε/2, Lemma 5 with distortion h(ε)/2 (on the grid) and with
m instead of m − 1 in h (in the all-ε proof)."""

from fractions import Fraction

import sympy

from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.distortion import h
from theorems.wang2016 import lemmas2_5 as L
from theorems.wang2016.exponential_mechanism import prove_e_d
from theorems.wang2016.instances import FAM_ABOVE_STRICT, FAM_GRID, FAM_PRIORS_FULL
from theorems.wang2016.measured import exp_eps_x, pd_i


def _refuted(claim, check, families):
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families))
    return check_reading(claim, reading).verdict is Verdict.REFUTED


def test_broken_lemma3_twice_eps_X_is_refuted():
    """'PD-I is infeasible for e^ε < e^{2ε_X}' fails at e^ε = e^{ε_X}, where the constant mechanism works."""
    def check(inst):
        p = inst.prior
        tx = exp_eps_x(p)
        if tx == 1:
            return Decision.true("vacuous", "eps_X = 0")
        return Decision.of(pd_i(p, tx).value == sympy.oo, "exact", f"PD-I infeasible at e^eps = {tx} < e^(2 eps_X)")

    assert _refuted(L.LEMMA3, check, [FAM_PRIORS_FULL])


def test_broken_lemma4_half_level_is_refuted():
    assert _refuted(L.LEMMA4, lambda inst: L.lemma4_check(inst, level=lambda t: LogForm.log(t) / 2), [FAM_ABOVE_STRICT])


def test_broken_lemma5_half_distortion_is_refuted():
    assert _refuted(L.LEMMA5, lambda inst: L.lemma5_check(inst, distortion=lambda n, m, t: h(None, n, m, exp_eps=t) / 2),
                    [FAM_GRID])


def test_broken_lemma5_all_eps_with_m_instead_of_m_minus_1_is_refuted():
    assert prove_e_d("lemma5", distortion=lambda n, m: n / (1 + sympy.exp(EPS) / m)).is_false


def test_lemma5_literal_is_checked_not_proved():
    """The all-ε proof covers four small spaces, not the literal statement (every n, m): it lives in its
    own reading, whose statement names the spaces."""
    assert L.LEMMA5.reading("literal").prove is None
    scoped = L.LEMMA5.reading("all-eps-small-spaces")
    assert scoped.prove is not None and "(1, 2)" in scoped.statement


def test_e_d_distortion_by_hand():
    """D^1, m = 2, e^ε = 2: E_d = [[2/3, 1/3], [1/3, 2/3]], distortion 1/3 = h = 1/(1 + 2)."""
    from exactpriv.mechanisms import zoo
    E = zoo.wang_E_d([0, 1], 1, exp_eps=2)
    assert E.rows[0] == (Fraction(2, 3), Fraction(1, 3)) and h(None, 1, 2, exp_eps=2) == Fraction(1, 3)
