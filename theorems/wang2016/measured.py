"""Certified optima of the privacy–distortion programs, cached per (prior, e^ε).

PD-I, PD-DP and R-PD (Wang, Ying and Zhang, §3, (8)–(17), (22)–(27)) are exact linear programs at rational
e^ε = t (:mod:`exactpriv.measures.distortion`: HiGHS, then rational primal/dual or Farkas certificates);
ε̃_X and ε_X are exact.  Priors are hashable by value, so replayed instances hit the cache too.
"""

from __future__ import annotations

import functools

from exactpriv.exact.decisions import Decision
from exactpriv.measures.distortion import (
    eps_tilde_X,
    exp_eps_X,
    optimal_distortion_dp,
    optimal_distortion_identifiability,
    relaxed_distortion,
    relaxed_dual_certificate,
)


__all__ = ["eps_tilde", "exp_eps_x", "lower_bound_all_eps", "pd_dp", "pd_i", "pd_relaxed", "uncertified"]


@functools.lru_cache(maxsize=None)
def pd_i(prior, t):
    return optimal_distortion_identifiability(prior, t)


@functools.lru_cache(maxsize=None)
def pd_dp(prior, t):
    return optimal_distortion_dp(prior, t)


@functools.lru_cache(maxsize=None)
def pd_relaxed(n, m, t, method="joint"):
    return relaxed_distortion(n, m, t, method=method)


@functools.lru_cache(maxsize=None)
def eps_tilde(prior):
    return eps_tilde_X(prior)


@functools.lru_cache(maxsize=None)
def exp_eps_x(prior):
    return exp_eps_X(prior)


def uncertified(*pairs):
    """None when every LP result is certified, else an UNDECIDED Decision naming the first that is not."""
    for r, what in pairs:
        if r.value is None:
            return Decision.undecided("lp", f"{what}: LP not certified ({r.note})")
    return None


def lower_bound_all_eps(n, m) -> Decision:
    """D*_i(ε) >= h(ε) and D*_d(ε) >= h(ε + ε_X) for *every* ε: PD-I and PD-DP solutions are R-PD
    solutions (structural, see ``relaxation``) and R-PD >= h(ε) by a dual certificate symbolic in t."""
    d = relaxed_dual_certificate(n, m)
    return Decision(d.truth, d.method, "lower bound for all eps: " + d.reason, d.precision, d.certificate)

