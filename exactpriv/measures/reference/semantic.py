"""Reference values of semantic privacy (Kasiviswanathan–Smith; Zhao Def. 1) and Bayesian
semantic privacy (Zhao Def. 2), by a reduction other than the fast path's.

Both are suprema over beliefs b of SD(b_0[.|y], b_i[.|y]) with b_0 ∝ b·u, b_i ∝ b·v for likelihood
vectors u, v (one record i, one transcript y, and for BSP one set S).  The fast module proves that
the sup is approached by beliefs on two points and evaluates it through the largest cross-ratio of
slopes.  The reference instead maximises SD over every two-point belief directly: on {x, z} with
odds t = b_x / b_z the difference is

    f(t) = t u_x / (t u_x + u_z) − t v_x / (t v_x + v_z),     SD = |f(t)|,

and sup_t f is the largest of the limits t → 0, t → ∞ and the value at the stationary point.
When u_x, u_z, v_x, v_z > 0, f'(t) = 0 reads u_x u_z/(t u_x + u_z)² = v_x v_z/(t v_x + v_z)², linear in t
after square roots, with root t* = u_z v_z (r_2 − r_1)/(√(u_x u_z) v_x − √(v_x v_z) u_x), r_1 = √(u_x/u_z),
r_2 = √(v_x/v_z) (positive whenever r_1 ≠ r_2); substituting gives t* u_x + u_z = √(u_x u_z)(u_z v_x − u_x v_z)/den,
t* v_x + v_z = √(v_x v_z)(u_z v_x − u_x v_z)/den and so

    f(t*) = (r_1 − r_2)/(r_1 + r_2) = (√σ − 1)/(√σ + 1),   σ = u_x v_z / (u_z v_x).

Otherwise A = t u_x/(t u_x + u_z) and B are each constant or monotone and the sup is a limit, with
value −1, 0 or 1 = the same map at σ = 0, 1, +oo.  So every candidate is H(σ) with H increasing, and the
reference keeps the exact rational σ of every candidate, takes the largest exactly and returns it as
a :class:`SupSD` (value H(σ_max); compared with a fast value through σ, see ``agree``).  Ordered pairs (x, z) cover −f as well (swapping x and z maps f to
−f); point masses give SD = 0 (σ = 1).  Beliefs with an undefined posterior (<b, u> = 0 or <b, v> = 0)
are excluded.  The reduction to two points is the fast module's theorem (proved there by the mediant
inequality); the calculus on each pair is this module's own.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.measures.reference._common import Records, Reference, flat, require_records, rows
from exactpriv.measures.reference.bayesian import likelihood
from exactpriv.exact.numbers import OO

__all__ = ["SupSD", "bayesian_semantic_privacy", "sd_of_sigma", "semantic_privacy", "two_point_sup"]


def _sigma_of_limit(d: int):
    return {-1: Fraction(0), 0: Fraction(1), 1: OO}[d]


def _sigma_gt(a, b) -> bool:
    if a == OO:
        return b != OO
    return b != OO and a > b


def two_point_sup(ux, vx, uz, vz):
    """sup over t in (0, oo) of f(t) (module docstring) as its σ (H(σ) = sup), or None when no t
    defines both posteriors."""
    if not (ux or uz) or not (vx or vz):
        return None
    # limits of A = t u_x/(t u_x + u_z) and B = t v_x/(t v_x + v_z) at t -> 0 and t -> oo
    A0, B0 = (0 if uz else 1), (0 if vz else 1)
    Ainf, Binf = (1 if ux else 0), (1 if vx else 0)
    best = max(_sigma_of_limit(A0 - B0), _sigma_of_limit(Ainf - Binf), key=lambda s: (s == OO, s if s != OO else 0))
    if ux and uz and vx and vz and ux * vz != uz * vx:
        sig = Fraction(ux * vz) / (uz * vx)  # the stationary value (√σ − 1)/(√σ + 1)
        if _sigma_gt(sig, best):
            best = sig
    return best


class SupSD:
    """A supremum of SD, H(σ) = (√σ − 1)/(√σ + 1), held by its exact σ (rational or +oo).

    H is strictly increasing, so two such numbers are equal iff their σ are; keeping σ avoids
    extracting square roots of long rationals (which factors them).  ``value`` is H(σ) exactly."""

    def __init__(self, sigma):
        self.sigma = sigma

    @property
    def value(self):
        return sd_of_sigma(self.sigma)

    def __repr__(self):
        return f"SupSD(sigma={self.sigma})"


def sd_of_sigma(sig):
    """H(σ) = (√σ − 1)/(√σ + 1) exactly (H(+oo) = 1, H(0) = −1)."""
    if sig == OO:
        return Fraction(1)
    r = sympy.sqrt(sympy.Rational(sig.numerator, sig.denominator))
    if r.is_Rational:
        q = Fraction(int(r.p), int(r.q))
        return (q - 1) / (q + 1)
    return sympy.radsimp((r - 1) / (r + 1))


def _sup_over_beliefs(u, v):
    """σ of the sup over beliefs on the listed points of SD (None: no belief defines both posteriors)."""
    best = None
    for k in range(len(u)):
        if u[k] and v[k] and best is None:
            best = Fraction(1)  # a point mass: b_0 = b_i, SD = 0
    for x, z in itertools.permutations(range(len(u)), 2):
        s = two_point_sup(u[x], v[x], u[z], v[z])
        if s is not None and (best is None or _sigma_gt(s, best)):
            best = s
    return best


def _max_sigma(vals):
    best = None
    for s in vals:
        if s is not None and (best is None or _sigma_gt(s, best)):
            best = s
    return best


def _default(R: Records, default):
    out = []
    for i, alph in enumerate(R.alphabets):
        d = alph[0] if default is None else default
        if d not in alph:
            raise InvalidArgument(f"default={default!r} is not in the alphabet {list(alph)!r} of record {i}")
        out.append(d)
    return out


def semantic_privacy(M, *, default=None) -> Reference:
    """sup over beliefs b on D^n, transcripts y and records i of SD(b_0[.|y], b_i[.|y]) with
    b_0[x|y] ∝ P[Y(x) = y] b[x] and b_i[x|y] ∝ P[Y(x_{-i}) = y] b[x] (Zhao Def. 1, (2)-(4))."""
    M = flat(M, "semantic_privacy")
    require_records(M.inputs, "semantic_privacy")
    W = rows(M, "semantic_privacy")
    R = Records(M.inputs)
    bot = _default(R, default)
    vals = []
    for i in range(R.n):
        for y in range(len(M.outputs)):
            u = [W[x][y] for x in range(len(W))]
            v = []
            for x in range(len(W)):
                vals_x = dict(enumerate(R.values[x]))
                vals_x[i] = bot[i]
                v.append(W[R.point(vals_x)][y])
            vals.append(_sup_over_beliefs(u, v))
    return Reference("semantic_privacy", SupSD(_max_sigma(vals)), how="two-point beliefs by calculus")


def bayesian_semantic_privacy(M, *, prior=None, default=None, game_i: str = "resample",
                              null_events: str = "skip_undefined") -> Reference:
    """sup over i, S ⊆ N∖{i}, beliefs on the configurations (x_i, x_S) and y of SD of (9) and (15)
    (Zhao Def. 2): P[Y(x_{i+S}) = y] integrates the unknown records under the prior; Game i uses
    (⊥, x_S) with its own conditional law ("resample") or the law given (x_i, x_S) with record i set
    to ⊥ ("replace").  Configurations with an undefined likelihood leave the belief's support."""
    M = flat(M, "bayesian_semantic_privacy")
    if prior is None:
        raise InvalidArgument("the reference bayesian_semantic_privacy needs a prior")
    prior.check_space(M.inputs, "mechanism")
    if game_i not in ("resample", "replace"):
        raise InvalidArgument(f"game_i={game_i!r} must be 'resample' or 'replace'")
    if null_events not in ("skip_undefined", "skip_null"):
        raise InvalidArgument(f"null_events={null_events!r} is not a convention")
    require_records(M.inputs, "bayesian_semantic_privacy")
    p = list(prior.pmf)
    W = rows(M, "bayesian_semantic_privacy")
    R = Records(M.inputs)
    bot = _default(R, default)
    vals = []
    for i in range(R.n):
        others = [j for j in range(R.n) if j != i]
        for r in range(len(others) + 1):
            for S in itertools.combinations(others, r):
                configs = [{**xs, i: a} for xs in R.assignments(S) for a in R.alphabets[i]]
                for y in range(len(M.outputs)):
                    u, v = [], []
                    for c in configs:
                        uc = likelihood(R, p, W, c, y, null_events)
                        if game_i == "resample":
                            vc = likelihood(R, p, W, {**c, i: bot[i]}, y, null_events)
                        else:
                            vc = likelihood(R, p, W, c, y, null_events, replace_with=(i, bot[i]))
                        if uc is None or vc is None:
                            continue
                        u.append(uc)
                        v.append(vc)
                    vals.append(_sup_over_beliefs(u, v))
    best = _max_sigma(vals)
    return Reference("bayesian_semantic_privacy", SupSD(Fraction(1) if best is None else best),
                     how="two-point beliefs by calculus, per (i, S, y)")
