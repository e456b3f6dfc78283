"""Identity DP, Sec. 5 (theorems.identitydp.sec5_information): the Proposition 4 witnesses by hand
(exact and noisy parity), and broken variants (Lemma 4 with e^{ε/2}, Theorem 2 with ε/2, Theorem 3
with ε/8) that must be REFUTED."""

from fractions import Fraction

import sympy

from exactpriv.claims import Reading, Verdict, check_reading, positive_mechanism
from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identity_dp
from exactpriv.measures.information import conditional_mi
from exactpriv.spaces import Hamming
from theorems import get_claim
from theorems.identitydp.steps import scaled, implication_check
from theorems.identitydp.measured import KL, MI, id_of
from theorems.identitydp.sec5_information import _dp_special_witnesses, _lemma4_ratio, _prop4_witnesses

B2 = Hamming((0, 1), 2)


def _half(v):
    return scaled(Fraction(1, 2), v)


def _refuted(claim_id, reading_name, check):
    c = get_claim(claim_id)
    r = c.reading(reading_name)
    broken = Reading("broken", "deliberately broken variant", check=check, families=r.families,
                     hypotheses=r.hypotheses)
    return check_reading(c, broken).verdict == Verdict.REFUTED


def test_prop4_parity_witnesses_by_hand():
    """Y = X1 xor X2 (flipped with probability q), X1, X2 independent uniform: Pr[Y=r | X_i=t] = 1/2 for
    every t (level 0), I(X1;Y|X2) = ln 2 − h(q): ln 2 for the parity, ln 2 − h(1/4) > 0 for the noisy one."""
    U = Prior.uniform(B2)
    noisy, exact = (i.mechanism for i in _prop4_witnesses())
    assert positive_mechanism.check(_prop4_witnesses()[0])
    assert identity_dp(exact, prior=U).value == 0 and identity_dp(noisy, prior=U).value == 0
    assert conditional_mi(exact, prior=U).value == LogForm.log(2)
    q = sympy.Rational(1, 4)
    h = -q * sympy.log(q) - (1 - q) * sympy.log(1 - q)
    assert compare(conditional_mi(noisy, prior=U).value, "==", sympy.log(2) - h).is_true


def test_dp_special_case_full_support_witness_by_hand():
    """Records equal with probability 98/100: Pr[Y=0 | X1=0] = (49·3/4 + 1·1/2)/50 = 149/200 and
    Pr[Y=0 | X1=1] = (1·1/2 + 49·1/4)/50 = 51/200: level ln(149/51) > ln 2 although the mechanism is
    log 2-DP."""
    inst = _dp_special_witnesses()[0]
    assert all(p > 0 for p in inst.prior.pmf)
    assert identity_dp(inst.mechanism, prior=inst.prior).value == LogForm.log(Fraction(149, 51))


def test_broken_lemma4_half_eps():
    def chk(inst):
        return compare(_lemma4_ratio(inst.mechanism, inst.prior), "<=", _half(id_of(inst)))

    assert _refuted("identitydp.lemma4", "literal", chk)


def test_broken_thm2_half_eps():
    chk = implication_check(lambda i: KL(i.mechanism, i.prior), lambda i: _half(id_of(i)), "KL <= eps/2")
    assert _refuted("identitydp.thm2", "literal", chk)


def test_broken_thm3_eps_over_8():
    chk = implication_check(lambda i: MI(i.mechanism, i.prior), lambda i: scaled(Fraction(1, 8), id_of(i)),
                             "MI <= eps/8")
    assert _refuted("identitydp.thm3", "literal", chk)
