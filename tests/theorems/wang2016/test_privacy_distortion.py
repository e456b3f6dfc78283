"""§3 constants of Wang, Ying and Zhang (theorems/wang2016/privacy_distortion.py): ε̃_X by hand, and the
boundary finding's restricted reading on the same families."""

from fractions import Fraction

from exactpriv.claims import Instance, Verdict, check_reading, unmet_hypotheses
from exactpriv.distributions import Prior
from exactpriv.spaces import Hamming
from theorems.wang2016 import privacy_distortion as PD

F = Fraction


def test_eps_tilde_of_a_prior_without_full_support_is_infinite():
    """p_X = (0, 1): p_X(0) = Σ_y p(0|y)p_Y(y) > 0 for every finite ε — the archived boundary witness."""
    inst = Instance("(0, 1)", prior=Prior(Hamming(range(2), 1), [0, 1]))
    assert PD.epstilde_finite_check(inst).decision.is_false
    restricted = PD.DEF_EPS_TILDE.reading("finite-full-support")
    assert unmet_hypotheses(restricted, inst) == ["full-support-prior"]


def test_finite_full_support_runs_on_the_families_of_the_boundary_finding():
    lit, restricted = PD.DEF_EPS_TILDE.reading("finite-any-prior"), PD.DEF_EPS_TILDE.reading("finite-full-support")
    assert set(f.name for f in lit.families) <= set(f.name for f in restricted.families)
    res = check_reading(PD.DEF_EPS_TILDE, restricted)
    assert res.verdict is Verdict.CHECKED and res.evidence["instances_outside"] > 0


def test_eps_tilde_by_hand():
    """D^1, m = 2, p = (1/3, 2/3): K_t = [[t, 1], [1, t]]/(t+1), p_Y = K_t^{-1}p_X has first entry
    (t/3 - 2/3)/(t - 1) >= 0 iff t >= 2: e^{ε̃_X} = 2."""
    from theorems.wang2016.measured import eps_tilde
    p = Prior(Hamming(range(2), 1), [F(1, 3), F(2, 3)])
    assert eps_tilde(p).exp_value == 2
    assert PD._solve_feasible(p, F(2)) and not PD._solve_feasible(p, F(19, 10))


def test_upward_closed_proof_certifies_the_coefficient_signs():
    d = PD.prove_upward_closed()
    assert d.is_true and "t'" in d.reason
