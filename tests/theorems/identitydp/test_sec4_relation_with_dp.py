"""Identity DP, Sec. 4 (theorems.identitydp.sec4_relation_with_dp): the independence-structure helpers
on named priors, and broken variants (Prop. 2 with ε/2, Prop. 3 with ε/(k−1)) that must be REFUTED."""

from fractions import Fraction

from exactpriv.claims import Hypothesis, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.spaces import Hamming
from theorems import get_claim
from theorems.identitydp.dependence import DATASET_MECHANISM, _k_joint, _k_pairwise, _max_tv
from theorems.identitydp.instances import _xor_prior
from theorems.identitydp.steps import _implication_check, _scale
from theorems.identitydp.measured import _id_of, _pure_of

B2 = Hamming((0, 1), 2)


def _refuted(claim_id, reading_name, check, hypotheses=None):
    c = get_claim(claim_id)
    r = c.reading(reading_name)
    broken = Reading("broken", "deliberately broken variant", check=check, families=r.families,
                     hypotheses=r.hypotheses if hypotheses is None else hypotheses)
    return check_reading(c, broken).verdict == Verdict.REFUTED


def test_broken_prop2_half_eps():
    chk = _implication_check(_id_of, lambda i: _scale(Fraction(1, 2), _pure_of(i)), "identity_dp <= pure_dp / 2")
    assert _refuted("identitydp.prop2", "literal", chk)


def test_broken_prop3_eps_over_k_minus_1():
    chk = _implication_check(_id_of, lambda i: _scale(_k_joint(i.prior) - 1, _pure_of(i)),
                             "identity_dp <= (k-1) pure_dp")
    k2 = Hypothesis("k-at-least-2", "k >= 2", lambda i: _k_joint(i.prior) >= 2)
    assert _refuted("identitydp.prop3", "literal", chk, hypotheses=(DATASET_MECHANISM, k2))


def test_independence_structure_helpers():
    xor = _xor_prior()
    assert _k_pairwise(xor) == 1 and _k_joint(xor) == 2
    assert _max_tv(Prior.uniform(B2)) == 0
    assert _max_tv(Prior.from_dict(B2, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})) == 1
