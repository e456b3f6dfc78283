"""The tightness explorer: how good is a stated parameter map of an implication?

For an implication "α-A ⇒ f(α)-B" the best possible map is

    f*(α) = sup { B(M) : A(M) <= α }   over finite mechanisms M (and priors of the allowed kind).

:func:`explore` estimates f* at a grid of levels α by search and reports, per α, a
**certified lower bound** on f* (a witness M with A(M) <= α decided exactly and B(M) exact or
certified from below), the stated f(α), the exact gap f(α) − B(M), and — where the bank
knows one — the tight map and a proved/cited upper bound.

Algorithm and why
-----------------
1. **Structured families at level α** (the extremal mechanisms of the papers are of this kind:
   binary randomized response for Cuff–Yu (11), BSCs for (28), randomized response of the
   parity for semantic privacy): k-ary randomized response of a query, M_t = (1 − t)·δ_{f(x)} +
   t·U_k, for every query f (canonical surjections of the points onto k outputs that separate
   some neighbours) and k = 2..max_outputs.  For ``pure_dp`` with a rational e^α = a the level
   is hit exactly: t = k/(a + k − 1).
2. **Random exact mechanisms projected to the boundary**: seeded random rational rows R, then
   the mixture (1 − t)R + tU with the smallest t such that A <= α.  For ``pure_dp`` with
   rational e^α this t is solved exactly (each ratio is a ratio of affine functions of t); for
   other notions by bisection on dyadic t with exact decisions.  Mixing with the uniform
   mechanism decreases every jointly convex divergence (A(t) <= (1 − t)A(0)), so the
   bisection is sound as a search; and whatever it returns has A <= α *decided exactly*.
3. **Local search**: exact rational moves of probability mass inside rows of the best
   witness, re-projected to the boundary, kept when B grows.
Floats (``Measured.float``) only steer the search; the best candidate is chosen by exact
kernel comparisons, and every reported relation (violated / attained / below, equality with
the tight map) is a :func:`~exactpriv.exact.kernel.compare` decision.  When B is only
enclosed, its certified lower end is the lower bound on f*.

An upper bound on f* needs a proof for *all* mechanisms, which search cannot give.  Each
:class:`BankImplication` therefore records the best known map with its source (a paper's
proof, or an exact reduction of a measure) and :func:`explore` certifies, with
:func:`exactpriv.certify.prove_inequality`, whether that map lies strictly below the stated
one for every α > 0 — the stated constant is then not tight *given the cited upper bound*.

Modules of this package (one concept each; their public names are re-exported here):

* ``families`` — Candidate mechanisms and priors for the tightness explorer: query randomized response and
  random rows.
* ``results`` — What the tightness explorer reports: one :class:`LevelResult` per level α, gathered in an
  :class:`Exploration`.
* ``search`` — The search at one level α: projection of random mechanisms to the boundary A = α, and local
  search.
* ``explore`` — :func:`explore`: estimate f*(α) = sup {B(M) : A(M) <= α} at a grid of levels, with certified
  lower bounds.
* ``presets`` — Explorer presets for the bank's central implications, and exploration of an atlas entry.
"""

from __future__ import annotations

from .families import LevelResult, exp_levels, query_mechanism, random_mechanism, random_prior
from .results import Exploration
from .explore import BankImplication, explore
from .presets import bank_implications, explore_implication, explore_entry, default_levels

__all__ = [
    "BankImplication",
    "LevelResult",
    "Exploration",
    "bank_implications",
    "explore",
    "explore_implication",
    "explore_entry",
    "default_levels",
    "exp_levels",
    "query_mechanism",
    "random_mechanism",
    "random_prior",
]
