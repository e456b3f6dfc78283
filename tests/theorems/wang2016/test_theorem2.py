"""Theorem 2 of Wang, Ying and Zhang (theorems/wang2016/theorem2.py): the KKT and consistency witnesses by
hand, a broken KKT variant (λ = 2ε) that must be refuted, and the MI-optimality hypothesis."""

from fractions import Fraction

from exactpriv.claims import Instance, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identifiability
from exactpriv.measures.distortion import exp_h_inverse, expected_distortion, h
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming
from theorems.wang2016 import theorem2 as T2
from theorems.wang2016.instances import FAM_ABOVE_STRICT, random_mechanism
from theorems.wang2016.measured import eps_tilde, pd_i

F = Fraction


def test_kkt_witness_by_hand():
    """p = (1/3, 2/3), e^ε = 2 = t̃: p_Y = K^{-1}p_X = ((3·1/3 - 1), (3·2/3 - 1)) = (0, 1), so E_i is the
    constant mechanism Y = 1 (E[d] = 1/3 = h) and (94) is ln(0/0) at y = 0."""
    p = Prior(Hamming(range(2), 1), [F(1, 3), F(2, 3)])
    E = zoo.wang_E_i(p, exp_eps=2)
    assert E.rows == ((F(0), F(1)), (F(0), F(1)))
    assert expected_distortion(E, p) == F(1, 3) == h(None, 1, 2, exp_eps=2)
    inst = Instance("boundary", prior=p, params={"t": F(2)})
    assert T2._kkt_check("literal")(inst).decision.is_false
    assert T2._kkt_check("posterior")(inst).decision.is_true  # the other reading of ln(0/0)
    assert T2.KKT.reading("interior").hypotheses[0].check(inst) is False  # eps = eps~_X: outside 'interior'


def test_consistency_witness_by_hand():
    """The archived refutation of consistency/all-D: W tilted with e^s = 2 and q = (1/2, 1/6, 1/3, 0) on
    (00, 01, 10, 11); for p = (5/16, 1/4, 5/16, 1/8): D = 31/48, c(11) = 15/16 < 1, identifiability ln 3,
    and PD-I already reaches D = 31/48 at e^ε = 35/12."""
    first = next(iter(T2._consistency_all_D_build()))
    p, Wm = first.prior, first.mechanism
    assert expected_distortion(Wm, p) == F(31, 48)
    assert identifiability(Wm, prior=p).value == LogForm.log(3)
    assert pd_i(p, F(35, 12)).value <= F(31, 48) < pd_i(p, F(11, 4)).value
    t_D = exp_h_inverse(F(31, 48), 2, 2)
    assert t_D == F(65, 31) and eps_tilde(p).exp_compare(t_D) < 0  # D > h(eps~_X): outside Theorem 2's range
    assert T2.MI_OPTIMAL.check(first)


def test_a_mechanism_that_is_not_mi_optimal_is_outside_all_D():
    import random
    first = next(iter(T2._consistency_all_D_build()))
    W = random_mechanism(random.Random(5), first.prior.space)
    other = Instance("random W", W, first.prior, dict(first.params))
    assert not T2.MI_OPTIMAL.check(other)


def test_broken_kkt_twice_lambda_is_refuted():
    reading = Reading("broken", "deliberately broken variant", check=T2._kkt_check("literal", lam_factor=2),
                      families=(FAM_ABOVE_STRICT,))
    assert check_reading(T2.KKT, reading).verdict is Verdict.REFUTED


def test_stationarity_identity_is_a_separate_proved_reading():
    """The symbolic identity proves the stationarity equation only; 'interior' is checked on instances."""
    assert T2.KKT.reading("interior").prove is None
    assert T2.prove_kkt_interior().is_true
