"""The measures Zhao's claims compare, cached per (mechanism, prior), and the readings' hypotheses.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761).  Notions: ε-DP
(:func:`~exactpriv.measures.divergence.pure_dp`), ε-Bayesian DP (Yang et al., Zhao (19);
:func:`~exactpriv.measures.bayesian.bayesian_dp`), ε-semantic privacy (Kasiviswanathan–Smith, Zhao
Def. 1; :func:`~exactpriv.measures.semantic.semantic_privacy`), ε-Bayesian semantic privacy (Zhao
Def. 2; :func:`~exactpriv.measures.semantic.bayesian_semantic_privacy`) and <D*, ε>-membership privacy
(Zhao Def. 3; :func:`~exactpriv.measures.membership.positive_membership` with ``family="two_point"``).
The default value ⊥ is the first value of each record alphabet (the paper: "any valid value in D will
do"; the instance families vary which row plays ⊥ instead).

Readings of Bayesian semantic privacy (Def. 2 does not say how the unknown records X_K of x_{i+S} are
distributed in Game i): ``resample`` — X_K drawn from the prior given (⊥, x_S) (the reading under which
the proof of Theorem 1 works); ``replace`` — the database drawn from the prior given (x_i, x_S), then
record i replaced by ⊥; ``belief`` — X_K drawn from the adversary's belief itself, which makes BSP
equal to SP (the posteriors are marginals of SP's and S = N∖{i} recovers SP).

Null events: a configuration (x_i, x_S) of prior probability 0 has an undefined likelihood only when
some record is integrated out; the paper's remark that S = N∖{i} reduces Definition 2 to Definition 1
fixes the convention for fully known databases (they count, for every prior).  Readings that depend on
the convention name it, and the old rule of exactpriv ("skip_null") is a reading of its own where it
changes a verdict.

The measures are cached because the instance families are shared by many readings (instances are
immutable and hashable).
"""

from __future__ import annotations

import functools

from exactpriv.claims import Instance, full_support_prior, has_prior, independent_records, positive_mechanism
from exactpriv.measures.bayesian import bayesian_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.membership import positive_membership
from exactpriv.measures.semantic import bayesian_semantic_privacy, semantic_privacy

__all__ = ["FULL_SUPPORT", "HAS_PRIOR", "INDEPENDENT_FULL", "OLD_NULL_EVENTS", "PAPER_NULL_EVENTS", "POSITIVE",
           "POSITIVE_FULL", "bdp", "bsp_measure", "bsp_of_game", "dp_measure", "mp", "sp_measure"]


#: the null-event conventions of :data:`exactpriv.measures.bayesian.NULL_EVENTS`: "skip_undefined" (the
#: paper's reading and the default: a configuration of prior probability 0 is skipped only where records are
#: integrated out, so S = N∖{i} gives the fully known databases — "Definition 2 would reduce to Definition 1")
#: and "skip_null" (exactpriv before issue 9: every configuration of prior probability 0 skipped)
PAPER_NULL_EVENTS, OLD_NULL_EVENTS = "skip_undefined", "skip_null"


@functools.lru_cache(maxsize=None)
def bdp(M, prior, null_events: str = PAPER_NULL_EVENTS):
    return bayesian_dp(M, prior=prior, null_events=null_events)


@functools.lru_cache(maxsize=None)
def bsp_measure(M, prior, game_i, null_events: str = PAPER_NULL_EVENTS):
    return bayesian_semantic_privacy(M, prior=prior, game_i=game_i, null_events=null_events)


@functools.lru_cache(maxsize=None)
def sp_measure(M):
    return semantic_privacy(M)


@functools.lru_cache(maxsize=None)
def dp_measure(M):
    return pure_dp(M)


@functools.lru_cache(maxsize=None)
def mp(M, prior, remaining, null_events: str = PAPER_NULL_EVENTS):
    return positive_membership(M, family="two_point", form="gamma", prior=prior, remaining=remaining,
                               null_events=null_events)


def bsp_of_game(inst: Instance, game_i: str, null_events: str = PAPER_NULL_EVENTS):
    """The BSP measure of a Game-i reading: resample/replace (data prior) or belief (= SP)."""
    if game_i == "belief":
        return sp_measure(inst.mechanism)
    return bsp_measure(inst.mechanism, inst.prior, game_i, null_events)


#: the mechanism-level readings need a data prior (BDP, BSP and D* are defined relative to it)
HAS_PRIOR = has_prior
#: Game i and every BDP adversary are defined (no conditioning event of prior probability 0)
FULL_SUPPORT = full_support_prior
#: no output is impossible on any database (every Game-i posterior is defined)
POSITIVE = positive_mechanism
POSITIVE_FULL = (positive_mechanism, full_support_prior)
#: independent records with a full-support prior (where the Game-i readings and BDP/DP coincide)
INDEPENDENT_FULL = (full_support_prior, independent_records)
