"""What Wang, Ying and Zhang's statements quantify over, declared for the search tools.

Theorem 1, Lemmas 4 and 5 and Theorem 2 are stated for *every* prior p_X on D^n (with full support where
ε_X or ε̃_X must be finite) and every privacy level ε in a range fixed by the prior (ε >= 0, ε >= ε̃_X, or the
distortion D <= h(ε̃_X)), not only for the bank's listed priors.  A :class:`PriorLevelDomain` declares that
domain as data: which priors (full support or zeros allowed), the least e^ε (exact, or a certified enclosure
of an irrational t̃ = e^{ε̃_X}), where the statement changes (e^{ε_X}, t̃: drawn near), how e^ε becomes the
instance's parameters, and the reading's own hypotheses (every drawn instance must meet them).  The search
tools (layer 5, :func:`counterexamples.strategies.prior_level_instances`) turn it into a hypothesis strategy;
nothing here draws anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from exactpriv.exact.numbers import OO
from exactpriv.measures.distortion import h

from theorems.wang2016.hypotheses import D_AT_MOST_H_TILDE, EPS_AT_LEAST_TILDE, EPS_POSITIVE
from theorems.wang2016.measured import eps_tilde, exp_eps_x
from theorems.wang2016.steps import shape


__all__ = ["ALL_PRIORS_ANY_EPS", "FULL_SUPPORT_ANY_EPS", "FULL_SUPPORT_D_UP_TO_H_TILDE",
           "FULL_SUPPORT_EPS_FROM_TILDE", "FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE", "PriorLevelDomain", "anchors",
           "tilde_bound"]

#: the spaces D^n searched, as (n, m): at most 9 databases (PD-I/PD-DP are exact LPs in (m^n)^2 variables)
SPACES = ((1, 2), (1, 3), (2, 2), (2, 3), (3, 2))


@dataclass(frozen=True)
class PriorLevelDomain:
    """Priors on D^n (n, m in ``spaces``) × e^ε = t >= the least level ``lower(prior)``.

    lower : prior -> (bound, closed); bound a Fraction, a rational enclosure (lo, hi) of an irrational bound,
        or ``oo`` (no level for this prior)
    anchors : prior -> exact points (Fractions or enclosures) where the statement changes, drawn near
    to_params : (prior, t) -> the instance's params
    hypotheses : the reading's hypotheses (a drawn instance outside them is redrawn inside)
    """

    name: str
    full_support: bool
    lower: Callable
    anchors: Callable
    hypotheses: tuple = ()
    to_params: Callable = staticmethod(lambda prior, t: {"t": t})
    spaces: tuple = SPACES


def tilde_bound(prior):
    """t̃ = e^{ε̃_X} as a level bound: the Fraction, or the enclosure of an irrational root; oo without it."""
    e = eps_tilde(prior)
    if e.exp_value == OO:
        return OO
    return e.exp_value if isinstance(e.exp_value, Fraction) else tuple(e.exp_enclosure)


def anchors(prior) -> list:
    """e^{ε_X} and t̃ (where Theorem 1's cases change), when finite."""
    out = [Fraction(1)]
    tx = exp_eps_x(prior)
    if tx != OO:
        out.append(tx)
    t = tilde_bound(prior)
    if t != OO:
        out.append(t)
    return out


def _from_tilde(prior):
    return tilde_bound(prior), True


def _positive_from_tilde(prior):
    b = tilde_bound(prior)
    return (b, True) if b == OO or isinstance(b, tuple) or b > 1 else (Fraction(1), False)


def _d_of(prior, t):
    n, m = shape(prior)
    return {"D": h(None, n, m, exp_eps=t)}


ALL_PRIORS_ANY_EPS = PriorLevelDomain("every prior (zeros allowed) × e^eps >= 1", False,
                                      lambda p: (Fraction(1), True), anchors)
FULL_SUPPORT_ANY_EPS = PriorLevelDomain("full-support priors × e^eps >= 1", True, lambda p: (Fraction(1), True),
                                        anchors)
FULL_SUPPORT_EPS_FROM_TILDE = PriorLevelDomain("full-support priors × e^eps >= t~", True, _from_tilde, anchors,
                                               (EPS_AT_LEAST_TILDE,))
FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE = PriorLevelDomain(
    "full-support priors × e^eps >= t~, e^eps > 1", True, _positive_from_tilde, anchors,
    (EPS_AT_LEAST_TILDE, EPS_POSITIVE))
FULL_SUPPORT_D_UP_TO_H_TILDE = PriorLevelDomain(
    "full-support priors × D = h(eps) for e^eps >= t~", True, _from_tilde, anchors,
    (D_AT_MOST_H_TILDE,), to_params=_d_of)
