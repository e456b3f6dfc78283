"""Lemma 1 of Wang, Ying and Zhang (theorems/wang2016/lemma1.py): hand-worked values of (57) and (61), and a
broken variant that must be refuted."""

from fractions import Fraction

from exactpriv.claims import Instance, Reading, Verdict, check_reading
from exactpriv.measures.distortion import h, relaxed_distortion
from theorems.wang2016 import lemma1 as L1
from theorems.wang2016.instances import FAM_NMT
from theorems.wang2016.measured import pd_relaxed
from theorems.wang2016.steps import compare_step, exp_eps_of

F = Fraction


def test_eq57_as_printed_by_hand():
    """n = 1, m = 2, e^ε = 2: N_1 = 1, (57) as printed gives 1·e^{0}/(1 + 1/2) = 2/3, but h = 1/(1+2) = 1/3;
    with e^{-lε}: (1/2)/(3/2) = 1/3."""
    inst = Instance("n=1, m=2, e^eps=2", params={"n": 1, "m": 2, "t": F(2)})
    assert L1._eq57_check(True)(inst).values["middle"] == F(2, 3)
    assert L1._eq57_check(False)(inst).values["middle"] == F(1, 3) == h(None, 1, 2, exp_eps=2)


def test_relaxed_optimum_is_attained_by_posterior_61():
    """Lemma 1 tightness: the optimal posterior of the one-output R-PD at n = 1, m = 3, e^ε = 2 is
    (61): 2/(2+2) at y, 1/4 elsewhere — distortion 1/2 = h."""
    r = relaxed_distortion(1, 3, 2, method="posterior")
    assert r.value == F(1, 2) and r.posterior == {(0,): F(1, 2), (1,): F(1, 4), (2,): F(1, 4)}


def test_broken_lemma1_h_of_2eps_is_refuted():
    def check(inst):
        n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
        return compare_step(pd_relaxed(n, m, t).value, "==", h(None, n, m, exp_eps=t * t))

    reading = Reading("broken", "deliberately broken variant", check=check, families=(FAM_NMT,))
    assert check_reading(L1.LEMMA1, reading).verdict is Verdict.REFUTED


def test_infeasible_posteriors_are_outside_the_claim_lb_readings():
    """A 'posterior' violating (23) (ratio 3 > e^ε = 2 on an edge) is outside, never a witness of (37)."""
    bad = Instance("ratio 3 on an edge", params={"n": 1, "m": 2, "t": F(2), "posterior": (F(3, 4), F(1, 4))})
    assert not L1.FEASIBLE_POSTERIOR.check(bad)
    ok = Instance("(61)", params={"n": 1, "m": 2, "t": F(2), "posterior": (F(2, 3), F(1, 3))})
    assert L1.FEASIBLE_POSTERIOR.check(ok)
