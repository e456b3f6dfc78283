"""Identity DP, Sec. 3 (theorems.identitydp.sec3_identity_dp): the composition witness by hand and
Theorem 1 without the prior odds (broken variant, REFUTED)."""

from fractions import Fraction

from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identity_dp
from theorems import get_claim
from theorems.identitydp.definitions import OUTPUTS_INDEPENDENT_GIVEN_EACH_SOURCE, _conditionally_independent
from theorems.identitydp.sec3_identity_dp import _prop1_witness, _thm1_broken_check


def test_prop1_witness_by_hand():
    """Uniform bits: M1 levels log(6/5) (output 0: 5/12 vs 1/2), M2 log(3/2) (output 1: 1/3 vs
    1/2); the pair: output (0,1) has 5/36 vs 5/18, level log 2 > log(9/5)."""
    inst = _prop1_witness().build()[0]
    P, M1, M2 = inst.prior, inst.mechanism, inst.extra["M2"]
    assert identity_dp(M1, prior=P).value == LogForm.log(Fraction(6, 5))
    assert identity_dp(M2, prior=P).value == LogForm.log(Fraction(3, 2))
    assert identity_dp(M1.product(M2), prior=P).value == LogForm.log(2)
    assert not _conditionally_independent(M1, M2, P)
    assert not OUTPUTS_INDEPENDENT_GIVEN_EACH_SOURCE.check(inst)


def test_broken_thm1_without_prior_odds():
    c = get_claim("identitydp.thm1")
    r = c.reading("literal")
    broken = Reading("broken", "deliberately broken variant", check=_thm1_broken_check, families=r.families,
                     hypotheses=r.hypotheses)
    assert check_reading(c, broken).verdict == Verdict.REFUTED
