"""Theorem 1 of Wang, Ying and Zhang (theorems/wang2016/theorem1.py): deliberately broken variants, built
with the same checks and families, must be refuted; the named hypotheses put the right instances outside.

* (21) with the lower bound h(ε + ε_X/2) instead of h(ε + ε_X) (priors whose neighbour ratios are squares,
  so e^{ε_X/2} is rational);
* (20) with its hypothesis weakened from ε >= ε̃_X to ε >= ε_X;
* (20) with h(ε) replaced by (99/100) h(ε).
"""

from fractions import Fraction

import sympy

from exactpriv.claims import Family, Instance, Reading, Verdict, check_reading, unmet_hypotheses
from exactpriv.distributions import Prior
from exactpriv.measures.distortion import h
from exactpriv.spaces import Hamming
from theorems.wang2016 import instances as I
from theorems.wang2016 import theorem1 as T1
from theorems.wang2016.hypotheses import D_AT_MOST_H_TILDE, EPS_AT_LEAST_TILDE
from theorems.wang2016.measured import exp_eps_x, pd_i
from theorems.wang2016.steps import compare_step, exp_eps_of, shape

F = Fraction


def _refuted(check, families, name="broken"):
    reading = Reading(name, "deliberately broken variant", check=check, families=tuple(families))
    return check_reading(T1.THM1, reading).verdict == Verdict.REFUTED


def _square_ratio_priors():
    S1, S2 = Hamming(range(2), 1), Hamming(range(2), 2)
    for label, p in [("(1/5,4/5)", Prior(S1, [F(1, 5), F(4, 5)])),
                     ("(1/5,4/5)^2", Prior.product(S2, [[F(1, 5), F(4, 5)]] * 2))]:
        for t in (F(1), F(3, 2), F(2)):
            yield Instance(f"{label}, e^eps={t}", prior=p, params={"t": t})


def _sqrt_rational(q):
    a, b = sympy.integer_nthroot(q.numerator, 2), sympy.integer_nthroot(q.denominator, 2)
    assert a[1] and b[1], q
    return F(int(a[0]), int(b[0]))


def test_broken_theorem1_half_eps_X_lower_bound_is_refuted():
    """With e^{ε_X} = 4, (1/5, 4/5) on D^1 at ε = 0: D*_d(0) = 1/5 = h(ε_X) < h(ε_X/2) = 1/3."""
    fam = Family("square-ratio priors", _square_ratio_priors)
    assert _refuted(T1.dp_bounds_check(lambda p: _sqrt_rational(exp_eps_x(p))), [fam])
    assert not _refuted(T1.dp_bounds_check(lambda p: exp_eps_x(p)), [fam])  # the true bound survives


def test_broken_theorem1_hypothesis_eps_X_instead_of_eps_tilde_is_refuted():
    """Between ε_X and ε̃_X the PD-I optimum exceeds h (e.g. (1/2,1/3,1/6)^2 at e^ε = 7/2)."""
    assert _refuted(T1.thm1_equality_check, [I.FAM_BETWEEN])


def test_the_equality_reading_puts_those_instances_outside():
    """The same instances do not meet the reading's hypothesis ε >= ε̃_X, so they can never refute it."""
    between = list(I.FAM_BETWEEN.build())
    reading = T1.THM1.reading("identifiability-equality")
    assert between and all(EPS_AT_LEAST_TILDE.name in unmet_hypotheses(reading, inst) for inst in between)
    res = check_reading(T1.THM1, Reading("outside", "", T1.thm1_equality_check, [I.FAM_BETWEEN],
                                         hypotheses=reading.hypotheses))
    assert res.verdict is Verdict.UNDECIDED and res.evidence["instances_outside"] == len(between)


def test_broken_theorem1_shrunk_h_is_refuted():
    def check(inst):
        n, m = shape(inst.prior)
        t = exp_eps_of(inst)
        return compare_step(pd_i(inst.prior, t).value, "==", F(99, 100) * h(None, n, m, exp_eps=t))

    assert _refuted(check, [I.FAM_ABOVE])


def test_range_hypothesis_of_the_privacy_form_by_hand():
    """D^1, m = 2, p = (1/3, 2/3): e^{ε̃_X} = 2 (p_Y = K^{-1}p_X = (0, 1) there), so h(ε̃_X) = 1/3;
    D = 1/3 is in range, D = 2/5 is not."""
    p = Prior(Hamming(range(2), 1), [F(1, 3), F(2, 3)])
    assert D_AT_MOST_H_TILDE.check(Instance("in", prior=p, params={"D": F(1, 3)}))
    assert not D_AT_MOST_H_TILDE.check(Instance("out", prior=p, params={"D": F(2, 5)}))
