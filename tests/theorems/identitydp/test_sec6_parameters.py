"""Identity DP, Sec. 6 (theorems.identitydp.sec6_parameters): the Theorem 4 witnesses by hand, the
reduction of Lemma 5's bound, and Lemma 5 without "+ log 2" (broken variant, REFUTED)."""

from fractions import Fraction

import sympy

from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identity_dp
from theorems import get_claim
from theorems.identitydp.definitions import k_joint, max_tv
from theorems.identitydp.sec6_parameters import _eta_bound, _lemma5_check_factory, _thm4_witnesses


def test_thm4_witness_by_hand():
    """Pr[Y=1|X1=1] = 1/3*27c + 2/3*(9c/10 + 27c/10) = 11.4c, Pr[Y=1|X1=0] = 1/3*3c + 2/3*(3c/10 +
    9c/10) = 1.8c: ratio 19/3 > 6 = 2 e^{eps - b} with eps = 2 log 3, b = log 3."""
    inst = _thm4_witnesses()[1]
    assert k_joint(inst.prior) == 2
    assert max_tv(inst.prior) == Fraction(1, 3)
    assert identity_dp(inst.mechanism, prior=inst.prior).value == LogForm.log(Fraction(19, 3))
    assert _eta_bound(2, LogForm.log(3), Fraction(1, 3)) == LogForm.log(6)


def test_thm4_full_support_witness_keeps_k_and_fails():
    """With (X_1, X_2) = (0, 1), (1, 0) at probability 1/1000 each when X_3 = 1 the prior has full support,
    X_1 and X_2 stay independent of X_3 (k = 2), and the level still exceeds log 6."""
    inst = _thm4_witnesses()[0]
    assert all(p > 0 for p in inst.prior.pmf)
    assert k_joint(inst.prior) == 2
    level = identity_dp(inst.mechanism, prior=inst.prior).value
    assert compare(level, ">", sympy.log(6)).is_true


def test_lemma5_bound_formula_reduction():
    """log 2 + max(k pure + log eta, pure): eta = 0 gives log 2 + pure; k pure + log eta wins
    when eta > e^{-(k-1) pure}."""
    p = LogForm.log(2)
    assert _eta_bound(3, p, Fraction(0)) == p + LogForm.log(2)
    assert _eta_bound(2, p, Fraction(1, 2)) == LogForm.log(4)
    assert _eta_bound(2, p, Fraction(1, 8)) == LogForm.log(4)  # max(log(1/2), log 2) = log 2
    assert _eta_bound(2, sympy.oo, Fraction(1, 2)) == sympy.oo


def test_broken_lemma5_without_log2():
    c = get_claim("identitydp.lemma5")
    r = c.reading("literal")
    broken = Reading("broken", "deliberately broken variant", check=_lemma5_check_factory(drop_log2=True),
                     families=r.families, hypotheses=r.hypotheses)
    assert check_reading(c, broken).verdict == Verdict.REFUTED
