"""Reference values of the prior-dependent per-record notions: identifiability, Bayesian DP
(Yang et al., as restated by Zhao, seed 003 (19)) and identity DP (seed 004 (11)).

Each likelihood of a partial configuration is summed from the definition,

    P[y | X_T = c] = Σ_{x : x_T = c} p(x) P(y|x) / Σ_{x : x_T = c} p(x),

point by point.  Conventions (the same words as the fast measures, implemented separately):
0/0 ratios ignored, a/0 = +oo, max over no ratio = 0; a conditional given a prior-null event is
undefined when some record is integrated out, and ``null_events`` says what happens when nothing
is ("skip_undefined": the likelihood is the row P(y|x) of the fully known database; "skip_null":
the configuration is skipped too).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.errors import InvalidArgument
from exactpriv.measures.reference._common import (
    Reference,
    Records,
    flat,
    log_of,
    ordered_neighbours,
    ratio_max,
    require_records,
    rows,
)

__all__ = ["bayesian_dp", "identifiability", "identity_dp", "likelihood"]

_CONVENTIONS = ("skip_undefined", "skip_null")


def _prior(M, prior, what):
    if prior is None:
        raise InvalidArgument(f"the reference {what} needs a prior")
    prior.check_space(M.inputs, "mechanism")
    return list(prior.pmf)


def _convention(null_events):
    if null_events not in _CONVENTIONS:
        raise InvalidArgument(f"null_events={null_events!r} must be one of {_CONVENTIONS}")
    return null_events


def likelihood(R: Records, p, W, fixed: dict, y: int, null_events: str, *, replace_with=None):
    """P[Y = y | X_T = fixed] under the prior, or None when undefined.

    ``replace_with`` = (i, v): evaluate the mechanism at the database with record i set to v while
    the law of the unknown records stays the one given ``fixed`` (Zhao's Game i, "replace")."""
    def at(x):
        if replace_with is None:
            return W[x][y]
        i, v = replace_with
        vals = dict(enumerate(R.values[x]))
        vals[i] = v
        return W[R.point(vals)][y]

    if len(fixed) == R.n and null_events == "skip_undefined":
        return at(R.point(fixed))  # nothing integrated out: the row of the database itself
    group = R.completions(fixed)
    mass = sum((p[x] for x in group), Fraction(0))
    if mass == 0:
        return None
    return sum((p[x] * at(x) for x in group), Fraction(0)) / mass


def identifiability(M, *, prior=None) -> Reference:
    """max over y with p_Y(y) > 0 and neighbours x ~ x' of ln p(x|y)/p(x'|y) (seed 000 Def. 2), with
    p(x|y) = p(x) P(y|x) / p_Y(y) by Bayes' rule."""
    M = flat(M, "identifiability")
    p = _prior(M, prior, "identifiability")
    W = rows(M, "identifiability")
    pairs = []
    for y in range(len(M.outputs)):
        py = sum((p[x] * W[x][y] for x in range(len(p))), Fraction(0))
        if py == 0:
            continue
        post = [p[x] * W[x][y] / py for x in range(len(p))]
        pairs += [(post[a], post[b]) for a, b in ordered_neighbours(M.inputs)]
    return Reference("identifiability", log_of(ratio_max(pairs)), how="posterior ratios by Bayes")


def _leakage(M, prior, subsets, null_events, what):
    p = _prior(M, prior, what)
    require_records(M.inputs, what)
    W = rows(M, what)
    R = Records(M.inputs)
    ratios = []
    for i in range(R.n):
        others = [j for j in range(R.n) if j != i]
        for S in subsets(others):
            for xs in R.assignments(S):
                for a, b in itertools.permutations(R.alphabets[i], 2):
                    for y in range(len(M.outputs)):
                        la = likelihood(R, p, W, {**xs, i: a}, y, null_events)
                        lb = likelihood(R, p, W, {**xs, i: b}, y, null_events)
                        if la is None or lb is None:
                            continue
                        ratios.append((la, lb))
    return log_of(ratio_max(ratios))


def _all_subsets(others):
    for r in range(len(others) + 1):
        yield from itertools.combinations(others, r)


def bayesian_dp(M, *, prior=None, null_events: str = "skip_undefined") -> Reference:
    """sup over records i, S ⊆ N∖{i}, x_i ≠ x_i', x_S and outputs y of
    ln P[Y(x_{i+S}) = y] / P[Y(x'_{i+S}) = y]  (seed 003 (19), unknown records integrated out under
    the prior)."""
    M = flat(M, "bayesian_dp")
    v = _leakage(M, prior, _all_subsets, _convention(null_events), "bayesian_dp")
    return Reference("bayesian_dp", v, how="(19) over all (i, S, x_S, y)")


def identity_dp(M, *, prior=None, null_events: str = "skip_null") -> Reference:
    """max over sources i, t ≠ t' and outputs r of ln Σ_{x_(i)} Pr[M(t, x_(i)) = r] Pr[x_(i) | X_i = t]
    / Σ_{x_(i)} Pr[M(t', x_(i)) = r] Pr[x_(i) | X_i = t']  (seed 004 Def. 3, (11))."""
    M = flat(M, "identity_dp")
    v = _leakage(M, prior, lambda others: [()], _convention(null_events), "identity_dp")
    return Reference("identity_dp", v, how="(11) for every (i, t, t', r)")
