"""Identity DP, Sec. 4 (theorems.identitydp.sec4_relation_with_dp): the independence-structure helpers
on named priors, and broken variants (Prop. 2 with ε/2, Prop. 3 with ε/(k−1)) that must be REFUTED."""

from fractions import Fraction

from exactpriv.claims import Hypothesis, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.spaces import Hamming
from theorems import get_claim
from theorems.identitydp.definitions import DATASET_MECHANISM, k_joint, k_pairwise, max_tv
from theorems.identitydp.instances import xor_prior
from theorems.identitydp.steps import scaled, implication_check
from theorems.identitydp.measured import id_of, pure_of

B2 = Hamming((0, 1), 2)


def _refuted(claim_id, reading_name, check, hypotheses=None):
    c = get_claim(claim_id)
    r = c.reading(reading_name)
    broken = Reading("broken", "deliberately broken variant", check=check, families=r.families,
                     hypotheses=r.hypotheses if hypotheses is None else hypotheses)
    return check_reading(c, broken).verdict == Verdict.REFUTED


def test_broken_prop2_half_eps():
    chk = implication_check(id_of, lambda i: scaled(Fraction(1, 2), pure_of(i)), "identity_dp <= pure_dp / 2")
    assert _refuted("identitydp.prop2", "literal", chk)


def test_broken_prop3_eps_over_k_minus_1():
    chk = implication_check(id_of, lambda i: scaled(k_joint(i.prior) - 1, pure_of(i)),
                             "identity_dp <= (k-1) pure_dp")
    k2 = Hypothesis("k-at-least-2", "k >= 2", lambda i: k_joint(i.prior) >= 2)
    assert _refuted("identitydp.prop3", "literal", chk, hypotheses=(DATASET_MECHANISM, k2))


def test_independence_structure_helpers():
    xor = xor_prior()
    assert k_pairwise(xor) == 1 and k_joint(xor) == 2
    assert max_tv(Prior.uniform(B2)) == 0
    assert max_tv(Prior.from_dict(B2, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})) == 1
