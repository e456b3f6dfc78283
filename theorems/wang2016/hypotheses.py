"""Named hypotheses of Wang, Ying and Zhang's readings (where e^ε sits relative to the prior's thresholds).

Theorem 1 and Theorem 2 are stated for ε >= ε̃_X, Lemma 3's infeasibility for ε < ε_X, E_i needs K_t
invertible (ε > 0), the range of (20)'s first line is D <= h(ε̃_X).  Each is a
:class:`~exactpriv.claims.Hypothesis`, decided exactly (ε̃_X may be an irrational algebraic number: the
comparison is exact, :meth:`exactpriv.measures.distortion.EpsTilde.exp_compare`).
"""

from __future__ import annotations

from exactpriv.claims import Hypothesis, param_domain
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.distortion import exp_h_inverse

from theorems.wang2016.measured import eps_tilde, exp_eps_x
from theorems.wang2016.steps import exp_eps_of, shape


__all__ = ["D_AT_MOST_H_TILDE", "EPS_ABOVE_TILDE", "EPS_AT_LEAST_TILDE", "EPS_BELOW_EPS_X", "EPS_POSITIVE",
           "T_DOMAIN", "UNIFORM_PRIOR"]


def _needs(inst, *keys):
    # the instance carries a prior and the parameters; a parameter t must be e^ε with ε >= 0 (a drawn t may not be)
    return inst.prior is not None and all(k in inst.params for k in keys) and ("t" not in keys or _t_ok(inst))


def _t_ok(inst) -> bool:
    return T_DOMAIN.check(inst)


#: t = e^ε >= 1: the privacy level ε >= 0 of Definitions 1-2 (declared, so a search may draw t — issue 23)
T_DOMAIN = param_domain("t", lo=1, text="t = e^ε with ε >= 0 (the privacy level of Definitions 1 and 2)")


EPS_AT_LEAST_TILDE = Hypothesis(
    "eps>=eps~_X", "ε >= ε̃_X (the posterior family (61) is feasible)",
    lambda inst: _needs(inst, "t") and eps_tilde(inst.prior).exp_compare(exp_eps_of(inst)) >= 0, params=("t",))
EPS_ABOVE_TILDE = Hypothesis(
    "eps>eps~_X", "ε > ε̃_X strictly (then p_Y > 0 at every output of E_i)",
    lambda inst: _needs(inst, "t") and eps_tilde(inst.prior).exp_compare(exp_eps_of(inst)) > 0, params=("t",))
EPS_POSITIVE = Hypothesis("eps>0", "ε > 0 (K_ε is invertible, so (29) defines E_i)",
                          lambda inst: "t" in inst.params and _t_ok(inst) and exp_eps_of(inst) > 1, params=("t",))
EPS_BELOW_EPS_X = Hypothesis(
    "eps<eps_X", "ε < ε_X",
    lambda inst: _needs(inst, "t") and exp_eps_x(inst.prior) != OO and exp_eps_of(inst) < exp_eps_x(inst.prior),
    params=("t",))
UNIFORM_PRIOR = Hypothesis("uniform-prior", "p_X is uniform on D^n",
                           lambda inst: inst.prior is not None and len(set(inst.prior.pmf)) == 1)


def _d_in_range(inst) -> bool:
    if not _needs(inst, "D"):
        return False
    n, m = shape(inst.prior)
    D = as_rational(inst.params["D"], "D")
    if not 0 < D <= n:
        return False
    t_D = exp_h_inverse(D, n, m)  # e^{h^-1(D)}: D <= h(eps~_X) iff e^{h^-1(D)} >= e^{eps~_X}
    return t_D >= 1 and eps_tilde(inst.prior).exp_compare(t_D) >= 0


#: D's domain depends on the prior (h(ε̃_X)): declared as this hypothesis's parameter, so a search draws D around
#: the families' values and the guard keeps only the draws inside the range
D_AT_MOST_H_TILDE = Hypothesis("D<=h(eps~_X)", "0 < D <= h(ε̃_X) (the range of (20)'s first line and of Theorem 2)",
                               _d_in_range, params=("D",))
