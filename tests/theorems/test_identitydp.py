"""Theorem bank, seed 004 (identity differential privacy): every reading's verdict, broken
variants of the central claims, and hand-worked values from the seed.

Broken variants (each must be REFUTED by the same families that CHECK the claim): Prop. 2 with
eps/2; Prop. 3 with the eps/(k-1)-DP hypothesis; Theorem 1 without the prior odds; Lemma 4 with
e^{eps/2}; Theorem 2 with eps/2; Theorem 3 with eps/8; Lemma 5 without "+ log 2".  (Prop. 1
without (14), Corollaries 1-2 without independence and Prop. 3 with pairwise independence are
readings of the module, REFUTED there.)
"""

from fractions import Fraction

import pytest
import sympy

from counterexamples.archive import witness_path
from exactpriv.claims import Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.mechanisms import zoo
from exactpriv.measures.bayesian import identity_dp
from exactpriv.measures.information import conditional_mi
from exactpriv.spaces import Hamming
from theorems import claims_of, get_claim
from theorems import identitydp as T

CLAIMS = claims_of("identitydp")
PAIRS = [(c, r) for c in CLAIMS for r in c.readings]


def test_every_claims_md_id_is_encoded_in_paper_order():
    ids = ["ex1", "ex2", "model", "def2", "lemma1", "lemma2", "def3", "thm1", "prop1", "prop2", "prop3",
           "nonreversible", "lemma3", "eq23_24", "lemma4", "thm2", "cor1", "thm3", "cor2", "prop4", "lemma5",
           "thm4", "dp_special_case", "remark1"]
    assert [c.id for c in CLAIMS] == [f"identitydp.{i}" for i in ids]
    for c in CLAIMS:
        assert c.source.startswith("seed 004_8c27f358b326ed94.txt")
        assert c.readings and c.quote


@pytest.mark.parametrize("claim,reading", PAIRS, ids=[f"{c.id}--{r.name}" for c, r in PAIRS])
def test_reading_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, (res.verdict, res.evidence)
    if reading.expected == Verdict.CHECKED:
        assert res.evidence["instances_true"] > 0
    if reading.expected == Verdict.REFUTED and reading.prove is None:
        assert witness_path(claim.id, reading.name).exists()


# --------------------------------------------------------------------------- broken variants
def _refuted(claim_id, reading_name, check, hypothesis="same"):
    c = get_claim(claim_id)
    r = c.reading(reading_name)
    broken = Reading("broken", "deliberately broken variant", check=check, families=r.families,
                     hypothesis=r.hypothesis if hypothesis == "same" else hypothesis)
    return check_reading(c, broken).verdict


def _half(v):
    return T._scale(Fraction(1, 2), v)


def test_broken_prop2_half_eps():
    chk = T._implication_check(T._id_of, lambda i: _half(T._pure_of(i)), "identity_dp <= pure_dp / 2")
    assert _refuted("identitydp.prop2", "literal", chk) == Verdict.REFUTED


def test_broken_prop3_eps_over_k_minus_1():
    chk = T._implication_check(T._id_of, lambda i: T._scale(T._k_joint(i.prior) - 1, T._pure_of(i)),
                               "identity_dp <= (k-1) pure_dp")
    hyp = lambda i: T._k_joint(i.prior) >= 2 and T._multiset_hypothesis(i)  # noqa: E731
    assert _refuted("identitydp.prop3", "literal", chk, hypothesis=hyp) == Verdict.REFUTED


def test_broken_thm1_without_prior_odds():
    assert _refuted("identitydp.thm1", "literal", T._thm1_broken_check) == Verdict.REFUTED


def test_broken_lemma4_half_eps():
    def chk(inst):
        lhs = T._lemma4_ratio(inst.mechanism, inst.prior)
        return compare(lhs, "<=", _half(T._id_of(inst)))

    assert _refuted("identitydp.lemma4", "literal", chk) == Verdict.REFUTED


def test_broken_thm2_half_eps():
    chk = T._implication_check(lambda i: T._KL(i.mechanism, i.prior), lambda i: _half(T._id_of(i)), "KL <= eps/2")
    assert _refuted("identitydp.thm2", "literal", chk) == Verdict.REFUTED


def test_broken_thm3_eps_over_8():
    chk = T._implication_check(lambda i: T._MI(i.mechanism, i.prior), lambda i: T._scale(Fraction(1, 8), T._id_of(i)),
                               "MI <= eps/8")
    assert _refuted("identitydp.thm3", "literal", chk) == Verdict.REFUTED


def test_broken_lemma5_without_log2():
    assert _refuted("identitydp.lemma5", "literal", T._lemma5_check_factory(drop_log2=True)) == Verdict.REFUTED


# --------------------------------------------------------------------------- hand-worked values
B2 = Hamming((0, 1), 2)


def test_example2_perfect_dependence_doubles_eps():
    """Seed (3): X1 = X2, geometric count, Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = e^{2 eps} x prior odds;
    with e^eps = 2 the identity-DP level is log 4 while the mechanism is log 2-DP."""
    M = zoo.count_query_geometric(2, exp_eps=2)
    P = Prior.from_dict(B2, {(0, 0): Fraction(9, 10), (1, 1): Fraction(1, 10)})
    assert T._posterior_odds_factor(M, P.pmf, 0, 1, 0, 2) == 4
    assert identity_dp(M, prior=P).value == LogForm.log(4)


def test_prop4_parity_witness_by_hand():
    """Y = X1 xor X2, X1, X2 independent uniform: Pr[Y=r | X_i=t] = 1/2 for every t (level 0),
    I(X1;Y|X2) = H(X1) = log 2."""
    M = T._prop4_witness().build()[0].mechanism
    U = Prior.uniform(B2)
    assert identity_dp(M, prior=U).value == 0
    assert conditional_mi(M, prior=U).value == LogForm.log(2)


def test_thm4_witness_by_hand():
    """Pr[Y=1|X1=1] = 1/3*27c + 2/3*(9c/10 + 27c/10) = 11.4c, Pr[Y=1|X1=0] = 1/3*3c + 2/3*(3c/10 +
    9c/10) = 1.8c: ratio 19/3 > 6 = 2 e^{eps - b} with eps = 2 log 3, b = log 3."""
    inst = T._thm4_witness().build()[0]
    assert T._k_joint(inst.prior) == 2
    assert T._max_tv(inst.prior) == Fraction(1, 3)
    assert identity_dp(inst.mechanism, prior=inst.prior).value == LogForm.log(Fraction(19, 3))
    assert T._eta_bound(2, LogForm.log(3), Fraction(1, 3)) == LogForm.log(6)


def test_prop1_witness_by_hand():
    """Uniform bits: M1 levels log(6/5) (output 0: 5/12 vs 1/2), M2 log(3/2) (output 1: 1/3 vs
    1/2); the pair: output (0,1) has 5/36 vs 5/18, level log 2 > log(9/5)."""
    inst = T._prop1_witness().build()[0]
    P, M1, M2 = inst.prior, inst.mechanism, inst.extra["M2"]
    assert identity_dp(M1, prior=P).value == LogForm.log(Fraction(6, 5))
    assert identity_dp(M2, prior=P).value == LogForm.log(Fraction(3, 2))
    assert identity_dp(M1.product(M2), prior=P).value == LogForm.log(2)
    assert not T._conditionally_independent(M1, M2, P)


def test_dataset_mechanism_predicate():
    assert T.is_multiset_mechanism(zoo.count_query_geometric(3, exp_eps=2))
    assert not T.is_multiset_mechanism(zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2))
    assert T.is_multiset_mechanism(T._gen_mech(__import__("random").Random(0), T._DISJ, 2))


def test_independence_structure_helpers():
    xor = T._xor_prior()
    assert T._k_pairwise(xor) == 1 and T._k_joint(xor) == 2
    assert T._max_tv(Prior.uniform(B2)) == 0
    assert T._max_tv(Prior.from_dict(B2, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})) == 1


def test_lemma5_bound_formula_reduction():
    """log 2 + max(k pure + log eta, pure): eta = 0 gives log 2 + pure; k pure + log eta wins
    when eta > e^{-(k-1) pure}."""
    p = LogForm.log(2)
    assert T._eta_bound(3, p, Fraction(0)) == p + LogForm.log(2)
    assert T._eta_bound(2, p, Fraction(1, 2)) == LogForm.log(4)
    assert T._eta_bound(2, p, Fraction(1, 8)) == LogForm.log(4)  # max(log(1/2), log 2) = log 2
    assert T._eta_bound(2, sympy.oo, Fraction(1, 2)) == sympy.oo


@pytest.mark.slow
def test_example1_family_of_ten():
    c = get_claim("identitydp.ex1")
    res = check_reading(c, c.reading("geometric-finite-analogue"), include_slow=True)
    assert res.verdict == Verdict.CHECKED
    assert res.evidence["families"]["family-size-10"]["true"] == 2
