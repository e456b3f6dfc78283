"""Cuff–Yu §4: Properties 4–6, Corollary 4, Example 4.1.

Broken variants: Property 4 without independence, Property 5 without the Markov chain, Corollary 4 with
correlated data — each REFUTED on families the true claims also run on.
"""

from fractions import Fraction

from exactpriv.claims import Family, Instance
from exactpriv.exact.logforms import LogForm
from exactpriv.mechanisms import zoo
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import exact_information as X
from theorems.cuff2016 import random_objects as R
from theorems.cuff2016 import sec4_properties as S


def test_broken_property4_without_independence_is_refuted():
    assert is_refuted(S._check_prop4, [S._F_JOINT_RND])


def test_broken_property5_without_markov_chain_is_refuted():
    assert is_refuted(S._check_prop5, [S._F_JOINT_RND])


def test_broken_corollary4_with_correlated_data_is_refuted():
    Ed = zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    fam = Family("E_d with X_1 = X_2", lambda: (Instance("E_d, X_1 = X_2 uniform", Ed, R.all_equal_prior(Ed.inputs)),))
    assert is_refuted(S._check_cor4_correlated, [fam])


def test_xor_is_the_strict_case_of_property_4():
    """U, W iid uniform bits, V = U xor W: I(U;V) = 0 but I(U;V|W) = ln 2 (Property 4 strict;
    Property 5 fails without the Markov chain)."""
    sp = S._uvw_space(2, 2, 2)
    prior = S._joint_prior(sp, lambda u, v, w: Fraction(1, 4) if v == u ^ w else 0)
    j = X.prior_joint(prior)
    assert X.cmi(j, (0,), (1,)) == 0
    assert X.cmi(j, (0,), (1,), (2,)) == LogForm.log(2)
    inst = Instance("xor", prior=prior)
    assert S.U_INDEPENDENT_OF_W.check(inst) and not S.MARKOV_U_V_W.check(inst)


def test_hypotheses_hold_on_their_families_and_fail_on_arbitrary_pmfs():
    assert all(S.U_INDEPENDENT_OF_W.check(i) for i in S._F_INDEP_RND.build())
    assert all(S.MARKOV_U_V_W.check(i) for i in S._F_MARKOV_RND.build())
    arbitrary = list(S._F_JOINT_RND.build())
    assert not all(S.U_INDEPENDENT_OF_W.check(i) for i in arbitrary)
    assert not all(S.MARKOV_U_V_W.check(i) for i in arbitrary)
