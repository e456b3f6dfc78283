"""Prior-dependent per-record measures: identifiability, eps_X, Bayesian DP and identity DP.

Algorithm and why
-----------------
All four are maxima of ratios of *exact* likelihoods, so they are computed with integers only:

* The prior p (Fractions) and the mechanism P(y|x) (rows ``num/den``, :meth:`Mechanism.integer_rows`)
  are brought to common denominators, giving an integer array  G[x, y] ∝ p(x) P(y|x)  and
  A[x] ∝ p(x) with the *same* scale (so  Σ_y G[x, y] = A[x]).
* For records the arrays are scattered into a tensor with one axis per record (plus the output
  axis).  The conditional likelihood of a partial configuration,
      P[y | X_T = c] = Σ_{x: x_T = c} p(x) P(y|x) / Σ_{x: x_T = c} p(x),
  is then a ratio of two tensor sums over the unknown records' axes (numpy ``sum`` on object
  arrays of Python ints: exact, no overflow).
* A likelihood ratio P[y|c]/P[y|c'] = (G_c A_c') / (G_c' A_c) is a ratio of integers; the
  maximum over all candidates is found by :func:`exactpriv.exact.kernel.exact_argmax_fractions`
  (float pre-filter with a proved margin, exact integer tournament).  The answer is ``ln`` of a
  rational, returned as a :class:`~exactpriv.exact.logforms.LogForm` (or ``sympy.oo``).

Bayesian DP enumerates all 2^(n-1) adversaries S per record i (the definition quantifies over
them; there is no monotonicity in S to exploit in general: a larger S can lower or raise the
leakage), one tensor marginalisation per (i, S).

Conventions (stated once, used by every function here)
------------------------------------------------------
* ratios a/b of probabilities: 0/0 is ignored (no constraint), a/0 = +oo for a > 0;
* the likelihood of a partial configuration c = (x_i, x_S) integrates the unknown records
  K = N∖({i} ∪ S) out under the prior, P[y | c] = Σ_{x_K} p(x_K | c) P(y | c, x_K).  It is
  *undefined* when p(c) = 0 and K ≠ ∅ (a conditional given a null event).  When K = ∅
  (S = N∖{i}) nothing is integrated out: P[y | c] = P(y | x) is the mechanism's row, defined
  for every prior.  What to do with null configurations is the keyword ``null_events``
  (:data:`NULL_EVENTS`):

  - ``"skip_undefined"`` (default): skip a configuration only where its likelihood is undefined
    (p(c) = 0 and K ≠ ∅).  This is the reading of Zhao's own statements: with S = N∖{i}
    the configurations are the databases x themselves ("Definition 2 would reduce to
    Definition 1"), so BDP ≥ pure DP and BSP ≥ SP for every prior;
  - ``"skip_null"``: skip every configuration of prior probability 0, also when nothing is
    integrated out (a database the prior excludes is not an adversary's hypothesis) — the
    behaviour of exactpriv before issue 9;
* the maximum over an empty set of ratios is 0 (= ln 1).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.arguments import (
    NULL_EVENTS,
    exact_level,
    check_mechanism,
    check_null_events,
    check_prior,
    check_records_space,
    null_events_note,
)
from exactpriv.measures.engines.prior_tensors import (
    Likelihoods,
    PriorTensors,
    larger_ratio,
    leakage_scan,
    max_ratio,
)
from exactpriv.mechanisms.base import Mechanism
from exactpriv.measures.result import Measured, at_most
from exactpriv.spaces import check_enumerable

__all__ = [
    "NULL_EVENTS",
    "bayesian_dp",
    "eps_X",
    "identifiability",
    "identity_dp",
    "identity_dp_posterior_form",
    "is_bayesian_dp",
    "is_identifiability",
    "is_identity_dp",
]

_CONVENTIONS = ("conventions: 0/0 ratios ignored, a/0 = oo for a > 0; conditioning events of prior "
                "probability 0 skipped (conditional undefined); max over no ratio = 0")

def _log_value(r):
    """ln r as a LogForm (r a positive Fraction), oo for oo, 0 for "no ratio"."""
    if r is None:
        return LogForm.rational(0)
    if r == sympy.oo:
        return sympy.oo
    return LogForm.log(r)


# ----------------------------------------------------------------------------- eps_X
def eps_X(prior: Prior, *, require_full_support: bool = False) -> Measured:
    """eps_X = max over neighbours x ~ x' of ln p_X(x)/p_X(x')  (Wang–Ying–Zhang, eq. (18)).

    The maximum prior log-ratio between neighbouring databases.  Wang–Ying–Zhang notes that eps_X is
    finite iff p_X has full support; without full support the value is +oo (some neighbour
    pair has p(x) > 0 = p(x')), or 0 if every neighbour pair has p(x) = p(x') = 0 (0/0 ratios
    are ignored).  ``require_full_support=True`` instead raises :class:`SupportError` — the
    setting of Wang–Ying–Zhang's Theorem 1, which assumes eps_X < +oo.
    """
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior")
    if not isinstance(require_full_support, bool):
        raise InvalidArgument(f"require_full_support={require_full_support!r} must be a bool")
    if require_full_support:
        prior.require_full_support("eps_X (Wang–Ying–Zhang eq. (18)) is finite only for full-support priors")
    space = prior.space
    e = space.directed_edges()
    if len(e) == 0:
        return Measured("eps_X", LogForm.rational(0), witness={}, note="no neighbour pairs")
    Dp = math.lcm(*(q.denominator for q in prior.pmf))
    a = np.array([q.numerator * (Dp // q.denominator) for q in prior.pmf], dtype=object)
    r, idx = max_ratio(a[e[:, 0]], a[e[:, 1]])
    if r is None:
        return Measured("eps_X", LogForm.rational(0), witness={}, note="every neighbour pair has prior 0 (0/0 ignored)")
    k = idx[0]
    x, xp = space.points[int(e[k, 0])], space.points[int(e[k, 1])]
    return Measured("eps_X", _log_value(r), witness={"pair": [x, xp], "prior": [str(prior.pmf[int(e[k, 0])]),
                                                                                  str(prior.pmf[int(e[k, 1])])]},
                    note="max over neighbours of ln p(x)/p(x'); " + _CONVENTIONS)


# ----------------------------------------------------------------------------- identifiability
def identifiability(M, *, prior=None) -> Measured:
    """Tightest eps of eps-identifiability (Wang–Ying–Zhang, Definition 2, eq. (1)).

    eps_i(M, p_X) = max over y with p_Y(y) > 0 and neighbours x ~ x' of ln p_{X|Y}(x|y) / p_{X|Y}(x'|y).

    Since p(x|y) = p(x) P(y|x) / p_Y(y), the ratio is p(x)P(y|x) / (p(x')P(y|x')); outputs with
    p_Y(y) = 0 contribute only 0/0 ratios.  Conventions: 0/0 ignored (both posteriors 0),
    positive/0 = +oo.  Works on any space with a neighbour relation.  Witness: "pair" [x, x'],
    "output" y.
    """
    M = check_mechanism(M, "identifiability", rational=True)
    prior = check_prior(M, prior, "identifiability")
    J = PriorTensors(M, prior)
    e = M.inputs.directed_edges()
    if len(e) == 0:
        return Measured("identifiability", LogForm.rational(0), note="no neighbour pairs")
    r, idx = max_ratio(J.G[e[:, 0], :], J.G[e[:, 1], :])
    if r is None:
        return Measured("identifiability", LogForm.rational(0), note="all posterior ratios are 0/0")
    k, y = idx
    x, xp = M.inputs.points[int(e[k, 0])], M.inputs.points[int(e[k, 1])]
    return Measured("identifiability", _log_value(r),
                    witness={"pair": [x, xp], "output": M.outputs[y], "prior": repr(prior)},
                    note="max_{y, x~x'} ln p(x|y)/p(x'|y); " + _CONVENTIONS)


def is_identifiability(M, level, *, prior=None, max_prec: int = 2048) -> Decision:
    """Decide whether M is ``level``-identifiable under ``prior`` (Wang–Ying–Zhang, Definition 2)."""
    exact_level(level, allow_symbols=True)
    return at_most(identifiability(M, prior=prior), level, max_prec=max_prec)


# ----------------------------------------------------------------------------- Bayesian DP
def _bdp_scan(M: Mechanism, prior: Prior, subsets_of, null_events: str):
    J = PriorTensors(M, prior)
    n = J.n
    lik = Likelihoods(J, null_events)
    best, wit = None, None
    for i in range(n):
        others = [j for j in range(n) if j != i]
        for S in subsets_of(others):
            g, a, order = lik.g_a(i, S)
            r, idx = leakage_scan(g, a)
            if larger_ratio(r, best):
                best = r
                ai, bi, s, y = idx
                s_codes = np.unravel_index(s, tuple(J.radices[j] for j in order)) if order else ()
                wit = {
                    **J.record_witness(i),
                    "known": {j: J.value_label(j, int(c)) for j, c in zip(order, s_codes)},
                    "pair": [J.value_label(i, ai), J.value_label(i, bi)],
                    "output": M.outputs[y],
                }
    return best, wit


def _all_subsets(others):
    for r in range(len(others) + 1):
        yield from itertools.combinations(others, r)


def bayesian_dp(M, *, prior=None, null_events: str = "skip_undefined") -> Measured:
    """Tightest eps of eps-Bayesian DP (Yang et al.; Zhao, def. of BDP and eq. (19)).

    BDP(M, p) = sup over adversaries A(i, S), S ⊆ N∖{i}, values x_i, x_i', x_S and output
    events E of  ln P[Y ∈ E | x_i, x_S] / P[Y ∈ E | x_i', x_S],  where
        P[Y ∈ E | x_i, x_S] = Σ_{x_K} p(x_K | x_i, x_S) P[Y(x) ∈ E],   K = N∖({i} ∪ S),
    the unknown records being integrated out under the prior.  By the mediant inequality
    (Σa_y / Σb_y ≤ max_y a_y/b_y) the sup over events is attained at a single output y, which is
    the form (19); all 2^(n-1) sets S are enumerated per record.

    Conventions.  P[Y ∈ E | x_i, x_S] is undefined when p(x_i, x_S) = 0 and some record is
    integrated out (K ≠ ∅): the conditional p(x_K | x_i, x_S) is a conditional given a null
    event.  ``null_events="skip_undefined"`` (default) skips exactly those configurations; with
    S = N∖{i} nothing is integrated out, the likelihood is the row P(y | x) for every prior, so the
    adversary S = N∖{i} compares every neighbour pair and BDP ≥ pure DP for every prior (Zhao
    reduces x_{i+S} to the database x when S = N∖{i}).  ``null_events="skip_null"`` skips every
    configuration of prior probability 0, also fully known databases (exactpriv before issue 9;
    then BDP ≥ pure DP only for full-support priors).  0/0 ratios are ignored; a/0 = +oo.
    Inputs: Hamming or Subsets spaces.  Witness: "record" i, "known" {j: x_j} (S and its values),
    "pair" [x_i, x_i'], "output" y.
    """
    null_events = check_null_events(null_events)
    M = check_mechanism(M, "bayesian_dp", rational=True)
    prior = check_prior(M, prior, "bayesian_dp")
    check_records_space(M.inputs, "bayesian_dp")
    n = M.inputs.n_records
    check_enumerable(n * 2 ** (n - 1), "the adversaries (i, S) of Bayesian DP")
    best, wit = _bdp_scan(M, prior, _all_subsets, null_events)
    return Measured("bayesian_dp", _log_value(best), witness=dict(wit or {}, prior=repr(prior)),
                    note="sup over (i, S, x_i, x_i', x_S, y) of ln P[y|x_i,x_S]/P[y|x_i',x_S]; "
                         "0/0 ratios ignored, a/0 = oo; " + null_events_note(null_events))


def is_bayesian_dp(M, level, *, prior=None, null_events: str = "skip_undefined", max_prec: int = 2048) -> Decision:
    """Decide whether M is ``level``-Bayesian-DP under ``prior`` (Zhao, eq. (19))."""
    exact_level(level, allow_symbols=True)
    return at_most(bayesian_dp(M, prior=prior, null_events=null_events), level, max_prec=max_prec)


# ----------------------------------------------------------------------------- identity DP
def identity_dp(M, *, prior=None, null_events: str = "skip_null") -> Measured:
    """Tightest eps of eps-identity DP (Wu–Xia–He, Definition 3, eq. (11)).

    ID(M, X) = max over sources i, records t, t' with Pr[X_i = t], Pr[X_i = t'] > 0, and outputs r of
        ln [Σ_{x_(i)} Pr[M(t, x_(i)) = r] Pr[X_(i) = x_(i) | X_i = t]] /
           [Σ_{x_(i)} Pr[M(t', x_(i)) = r] Pr[X_(i) = x_(i) | X_i = t']]
      = ln Pr[Y = r | X_i = t] / Pr[Y = r | X_i = t'],
    i.e. the Bayesian-DP leakage of the adversaries with S = ∅.  The conditional
    Pr[X_(i) = x_(i) | X_i = t] in (11) is undefined when Pr[X_i = t] = 0 and n ≥ 2; such values t
    are skipped.  With n = 1 there is nothing to condition (X_(i) is empty) and (11) is the row
    ratio, defined for every prior: ``null_events="skip_null"`` (default) still skips every t of
    prior marginal 0, because Wu–Xia–He's own restatement (12) (Theorem 1) divides by Pr[X_i = t]
    and so quantifies over the prior's support only; ``"skip_undefined"`` keeps those t when
    n = 1 (the convention of Bayesian DP, module docstring).  0/0 ratios ignored; a/0 = +oo.  Inputs: Hamming or Subsets spaces (a record sequence per source).
    Witness: "record" i, "pair" [t, t'], "output" r.
    """
    null_events = check_null_events(null_events)
    M = check_mechanism(M, "identity_dp", rational=True)
    prior = check_prior(M, prior, "identity_dp")
    check_records_space(M.inputs, "identity_dp")
    best, wit = _bdp_scan(M, prior, lambda others: [()], null_events)
    if wit:
        wit.pop("known", None)
    return Measured("identity_dp", _log_value(best), witness=dict(wit or {}, prior=repr(prior)),
                    note="max_{i,t,t',r} ln Pr[Y=r|X_i=t]/Pr[Y=r|X_i=t'] (Wu–Xia–He (11)); "
                         "0/0 ratios ignored, a/0 = oo; " + null_events_note(null_events))


def is_identity_dp(M, level, *, prior=None, null_events: str = "skip_null", max_prec: int = 2048) -> Decision:
    """Decide whether M is ``level``-identity-DP with respect to ``prior`` (Wu–Xia–He, Def. 3)."""
    exact_level(level, allow_symbols=True)
    return at_most(identity_dp(M, prior=prior, null_events=null_events), level, max_prec=max_prec)


def identity_dp_posterior_form(M, *, prior=None) -> Measured:
    """The right side of Wu–Xia–He's Theorem 1, eq. (12), as a level:

        max over i, t, t' (prior marginals > 0), r with Pr[Y = r] > 0 of
            ln [Pr[X_i = t | Y = r] / Pr[X_i = t' | Y = r]] / [Pr[X_i = t] / Pr[X_i = t']].

    Computed from the posteriors directly (Bayes' rule on the joint pmf, in Fractions) — an
    independent path from :func:`identity_dp`, so that the claim "(11) ⟺ (12)" can compare
    the two.  Conventions: posterior ratios 0/0 ignored, positive/0 = +oo.
    """
    M = check_mechanism(M, "identity_dp_posterior_form", rational=True)
    prior = check_prior(M, prior, "identity_dp_posterior_form")
    check_records_space(M.inputs, "identity_dp_posterior_form")
    space = M.inputs
    codes = space.record_codes().tolist()
    n = space.n_records
    best, wit = None, None
    for i in range(n):
        alph = space.records[i]
        joint = [[Fraction(0)] * len(M.outputs) for _ in alph]  # P(X_i = t, Y = r)
        marg = [Fraction(0)] * len(alph)
        for k, (row, p) in enumerate(zip(M.rows, prior.pmf)):
            if p == 0:
                continue
            t = codes[k][i]
            marg[t] += p
            jr = joint[t]
            for r, q in enumerate(row):
                if q:
                    jr[r] += p * q
        for r in range(len(M.outputs)):
            py = sum((joint[t][r] for t in range(len(alph))), Fraction(0))
            if py == 0:
                continue
            post = [joint[t][r] / py for t in range(len(alph))]
            for t, tp in itertools.permutations(range(len(alph)), 2):
                if marg[t] == 0 or marg[tp] == 0:
                    continue
                if post[t] == 0 and post[tp] == 0:
                    continue
                v = sympy.oo if post[tp] == 0 else (post[t] / post[tp]) / (marg[t] / marg[tp])
                if larger_ratio(v, best):
                    best = v
                    wit = {"record": i, "pair": [alph[t], alph[tp]], "output": M.outputs[r]}
    return Measured("identity_dp_posterior_form", _log_value(best), witness=dict(wit or {}, prior=repr(prior)),
                    note="max ln [post(t|r)/post(t'|r)]/[p(t)/p(t')] (Wu–Xia–He (12)); " + _CONVENTIONS)
