"""The exact helpers of Cuff–Yu §§4–7 (entropies and conditional mutual informations of rational joint
pmfs, decisions on certified enclosures) agree with hand values and with the library's measures."""

import random
from fractions import Fraction

from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO
from exactpriv.measures import information as info
from exactpriv.measures.result import Measured
from exactpriv.spaces import Hamming
from theorems.cuff2016 import closeness
from theorems.cuff2016 import exact_information as X
from theorems.cuff2016 import random_objects as R


def test_entropy_and_binary_entropy_hand_values():
    sp = Hamming.product([range(2), range(2)])
    j = X.prior_joint(Prior.uniform(sp))
    assert X.marginal_entropy(j, (0,)) == LogForm.log(2)
    assert X.marginal_entropy(j, (0, 1)) == LogForm.log(4)
    assert X.marginal_entropy(j, ()) == 0
    # h(1/4) = (1/4) ln 4 + (3/4) ln(4/3) = 2 ln 2 - (3/4) ln 3
    assert closeness.binary_entropy(Fraction(1, 4)) == 2 * LogForm.log(2) - LogForm.log(3) * Fraction(3, 4)
    assert closeness.binary_entropy(Fraction(0)) == 0 and closeness.binary_entropy(Fraction(1)) == 0


def test_cmi_helper_agrees_with_the_information_measures():
    """I(X_i;Y|X^-i), I(X_i;Y) and I(X;Y) from the joint-pmf helper equal the measures' values
    exactly on random rational mechanisms and priors (zeros allowed)."""
    rng = random.Random(2024)
    for _ in range(40):
        sp = Hamming.product([range(rng.choice((2, 3))), range(2)])
        M = R.mech(rng, sp, rng.choice((2, 3)))
        P = R.random_prior(rng, sp)
        j = X.mech_joint(M, P)
        n = 2
        assert X.cmi(j, (0, 1), (n,)) == info.mi_privacy(M, prior=P, method="exact").value
        for i in range(2):
            other = (1 - i,)
            assert X.cmi(j, (i,), (n,), other) == info.conditional_mi(M, prior=P, record=i, method="exact").value
            assert X.cmi(j, (i,), (n,)) == info.record_mi(M, prior=P, record=i, method="exact").value


def test_chain_rule_on_the_measures():
    """Property 6 with U = X_1, V = Y, W = X_2 read through the measures: I(X_1; Y, X_2) =
    I(X_1; X_2) + I(X_1; Y | X_2)  (a cross-check independent of the bank's readings)."""
    rng = random.Random(7)
    for _ in range(10):
        sp = Hamming((0, 1), 2)
        M = R.mech(rng, sp, 3)
        P = R.random_prior(rng, sp)
        j = X.mech_joint(M, P)
        lhs = X.cmi(j, (0,), (1, 2))
        rhs = X.cmi(j, (0,), (1,)) + info.conditional_mi(M, prior=P, record=0, method="exact").value
        assert lhs == rhs


def test_le_on_enclosures():
    a = Measured("a", None, Fraction(1, 10), Fraction(2, 10))
    assert X.le(a, Fraction(1, 2)).is_true
    assert X.le(a, Fraction(1, 20)).is_false
    assert X.le(a, Fraction(15, 100)).is_undecided
    assert X.le(a, OO).is_true
    assert compare(X.measured_sum(a, Fraction(1)).upper, "==", Fraction(12, 10)).is_true
