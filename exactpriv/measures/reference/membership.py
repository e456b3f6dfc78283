"""Reference values of membership privacy (Li et al., Li et al.; Zhao, Zhao Def. 3).

For one distribution D over datasets, an entity t and an output set S with Pr[S] > 0, the PMP level
is the least γ with Pr[t|S] ≤ γ Pr[t] and Pr[¬t|S] ≥ Pr[¬t]/γ (NMP: Pr[t|S] ≥ Pr[t]/γ and
Pr[¬t|S] ≤ γ Pr[¬t]).  Which reduction the reference uses, per family:

* "uniform" (D_N, one distribution): the definition itself — every entity and every output *set*
  (all 2^|Y| − 1 of them when |Y| ≤ 6; single outputs beyond, by the mediant inequality), with
  Pr[t|S] computed by summing the uniform law.
* "independent", "one_of_two", "two_point" (Pr[t] free in (0, 1)): sup over p of the level at a
  likelihood ratio A is A (approached as p → 0), so the sup over the family is the largest
  single-output likelihood ratio over the family's extreme members: add/remove pairs for D_I,
  swap pairs for D^2_B, the BDP-style conditionals (or prior marginals) of Zhao's D_{i,K}.  These
  ratios are enumerated here from the datasets; the reduction itself is the fast module's theorem.
* "bounded" (D_B): a certified enclosure [D^2_B value, max over t and sizes of
  max_{T ∋ t} P(y|T) / min_{T ∌ t} P(y|T)] (a ratio of mixtures lies between its extreme ratios).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.reference._common import Records, Reference, flat, ratio_max, require_records, rows
from exactpriv.measures.reference.bayesian import likelihood
from exactpriv.measures.reference.udp import add_remove_pairs, swap_pairs
from exactpriv.spaces import Hamming, Subsets
from exactpriv.exact.numbers import OO

__all__ = ["negative_membership", "positive_membership"]


def _form(g, form):
    if form == "gamma" or g == OO:
        return g
    return LogForm.log(g)


def _level(pt, pts_given_s, positive):
    """Least γ for one (D, t, S): pt = Pr[t], pts_given_s = Pr[t|S]."""
    cands = []
    nt, nts = 1 - pt, 1 - pts_given_s
    if positive:
        cands.append(pts_given_s / pt)
        cands.append(OO if nts == 0 else nt / nts)
    else:
        cands.append(OO if pts_given_s == 0 else pt / pts_given_s)
        cands.append(nts / nt)
    return OO if OO in cands else max(cands)


def _uniform(M, positive):
    if not isinstance(M.inputs, Subsets):
        raise InvalidArgument("family 'uniform' needs a Subsets space")
    P = rows(M, "membership")
    pts = list(M.inputs.points)
    ny = len(M.outputs)
    events = ([S for r in range(1, ny + 1) for S in itertools.combinations(range(ny), r)] if ny <= 6
              else [(y,) for y in range(ny)])
    w = Fraction(1, len(pts))
    best = Fraction(1)
    for t in M.inputs.universe:
        pt = sum((w for T in pts if t in T), Fraction(0))
        for S in events:
            ps = sum((w * P[k][y] for k in range(len(pts)) for y in S), Fraction(0))
            if ps == 0:
                continue
            pts_s = sum((w * P[k][y] for k, T in enumerate(pts) if t in T for y in S), Fraction(0)) / ps
            g = _level(pt, pts_s, positive)
            if g == OO:
                return OO
            best = max(best, g)
    return best


def _ratio_or_one(r):
    return Fraction(1) if r is None else r


def _independent(M, positive):
    P = rows(M, "membership")
    pairs = add_remove_pairs(M.inputs)
    if not positive:
        pairs = [(b, a) for a, b in pairs]
    return _ratio_or_one(ratio_max((P[a][y], P[b][y]) for a, b in pairs for y in range(len(M.outputs))))


def _one_of_two(M, positive):
    P = rows(M, "membership")
    pairs = swap_pairs(M.inputs)
    if not positive:
        pairs = [(b, a) for a, b in pairs]
    return ratio_max((P[a][y], P[b][y]) for a, b in pairs for y in range(len(M.outputs)))


def _bounded(M, positive):
    lo = _one_of_two(M, positive)
    P = rows(M, "membership")
    pts = list(M.inputs.points)
    hi = None
    for t in M.inputs.universe:
        for k in sorted({len(T) for T in pts}):
            has = [j for j, T in enumerate(pts) if len(T) == k and t in T]
            hasnt = [j for j, T in enumerate(pts) if len(T) == k and t not in T]
            if not has or not hasnt:
                continue
            A, B = (has, hasnt) if positive else (hasnt, has)
            r = ratio_max((max(P[j][y] for j in A), min(P[j][y] for j in B)) for y in range(len(M.outputs)))
            if r is not None and (hi is None or r == OO or (hi != OO and r > hi)):
                hi = r
    if lo is None and hi is None:
        return Fraction(1), Fraction(1)  # no entity is uncertain at any size: level 1
    lo = _ratio_or_one(lo)
    hi = _ratio_or_one(hi)
    return lo, hi


def _two_point(M, prior, remaining, null_events):
    if not isinstance(M.inputs, (Hamming, Subsets)):
        raise InvalidArgument("family 'two_point' needs a Hamming space")
    if prior is None:
        raise InvalidArgument("family 'two_point' needs a prior")
    require_records(M.inputs, "membership")
    p = list(prior.pmf)
    W = rows(M, "membership")
    R = Records(M.inputs)
    ratios = []
    for i in range(R.n):
        others = [j for j in range(R.n) if j != i]
        for r in range(len(others) + 1):
            for K in itertools.combinations(others, r):
                Kbar = [j for j in others if j not in K]
                for xk in R.assignments(K):
                    for a, b in itertools.permutations(R.alphabets[i], 2):
                        for y in range(len(M.outputs)):
                            if remaining == "conditional":
                                la = likelihood(R, p, W, {**xk, i: a}, y, null_events)
                                lb = likelihood(R, p, W, {**xk, i: b}, y, null_events)
                                if la is None or lb is None:
                                    continue
                            else:
                                la = lb = Fraction(0)
                                for xkb in R.assignments(Kbar):
                                    m = sum((p[z] for z in R.completions(xkb)), Fraction(0))
                                    la += m * W[R.point({**xk, **xkb, i: a})][y]
                                    lb += m * W[R.point({**xk, **xkb, i: b})][y]
                            ratios.append((la, lb))
    return _ratio_or_one(ratio_max(ratios))


def _membership(M, positive, family, form, prior, remaining, null_events):
    name = "positive_membership" if positive else "negative_membership"
    M = flat(M, name)
    if form not in ("gamma", "eps"):
        raise InvalidArgument(f"form={form!r} must be 'gamma' or 'eps'")
    if family == "uniform":
        return Reference(name, _form(_uniform(M, positive), form), how="definition over output sets")
    if family == "independent":
        return Reference(name, _form(_independent(M, positive), form), how="add/remove pairs")
    if family == "one_of_two":
        return Reference(name, _form(_ratio_or_one(_one_of_two(M, positive)), form), how="swap pairs")
    if family == "bounded":
        lo, hi = _bounded(M, positive)
        if hi is not None and lo == hi:
            return Reference(name, _form(lo, form), how="D^2_B value meets the max/min bound")
        if form == "eps":
            raise InvalidArgument("the reference gives D_B enclosures in form='gamma' only")
        return Reference(name, enclosure=Enclosure(lo, None if hi in (None, OO) else hi, "max/min bound"),
                         how="[D^2_B value, max/min bound]")
    if family == "two_point":
        if remaining not in ("conditional", "marginal"):
            raise InvalidArgument(f"remaining={remaining!r} must be 'conditional' or 'marginal'")
        return Reference(name, _form(_two_point(M, prior, remaining, null_events), form),
                         how=f"D_(i,K) likelihood ratios ({remaining})")
    raise InvalidArgument(f"family={family!r} is not a membership family")


def positive_membership(M, *, family: str = "uniform", form: str = "gamma", prior=None,
                        remaining: str = "conditional", null_events: str = "skip_undefined") -> Reference:
    """Tightest γ of (D, γ)-PMP over ``family`` (module docstring)."""
    return _membership(M, True, family, form, prior, remaining, null_events)


def negative_membership(M, *, family: str = "uniform", form: str = "gamma", prior=None,
                        remaining: str = "conditional", null_events: str = "skip_undefined") -> Reference:
    """Tightest γ of (D, γ)-NMP over ``family`` (module docstring)."""
    return _membership(M, False, family, form, prior, remaining, null_events)
