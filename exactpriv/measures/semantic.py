"""Semantic privacy (Kasiviswanathan–Smith) and Bayesian semantic privacy (Zhao), exactly.

Both notions are a supremum over *all* beliefs b — an infinite set — of the statistical
difference between two posteriors.  This module replaces that supremum by an exact finite
formula, proved in :func:`sup_posterior_sd`:

    sup_b SD(b_0[.|y], b_i[.|y]) = (sqrt(R) - 1) / (sqrt(R) + 1),   R = max_{x,z} (u_x v_z)/(v_x u_z),

where u_x = P[Y(x) = y] and v_x = P[Y(x_{-i}) = y] are the Game-0 and Game-i likelihoods.
R is the largest cross-ratio of likelihood ratios (rational, or +oo giving the value 1), so the
measure is an explicit algebraic number q0 + q1*sqrt(R) with rational q0, q1; the maximum over
(i, y) — and over S for BSP — is taken on R, because the map R -> (sqrt R - 1)/(sqrt R + 1) is
increasing.  The supremum is attained by a belief on two points with weights proportional to
sqrt(u_z v_z) and sqrt(u_x v_x) (irrational in general; given exactly in the witness).

Why this algorithm: a grid or optimiser over beliefs would only give lower bounds; the
reduction is exact and costs one pass over (points x outputs) per record (and per S for BSP),
with exact integer comparisons (:func:`exactpriv.exact.kernel.exact_argmax_fractions`).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.arguments import (
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
    conditional_tensors,
    larger_ratio,
    object_ints,
)
from exactpriv.measures.family_dispatch import closed_form_for
from exactpriv.measures.result import Measured, at_most
from exactpriv.spaces import check_enumerable

__all__ = [
    "bayesian_semantic_privacy",
    "is_bayesian_semantic_privacy",
    "is_semantic_privacy",
    "semantic_privacy",
    "sd_from_cross_ratio",
    "sup_posterior_sd",
]


# ----------------------------------------------------------------------------- the reduction
def _sqrt_rational(q: Fraction):
    """sqrt(q) for a rational q >= 0, exactly: a Fraction when q is a square, else s*sqrt(k)/d
    with k squarefree (the canonical sympy form).  The square part is extracted with FLINT's
    factorisation (sympy's own sqrt of a Rational factorises too, with far more overhead)."""
    if q == 0:
        return Fraction(0)
    m = q.numerator * q.denominator  # sqrt(p/d) = sqrt(p d)/d
    r = math.isqrt(m)
    if r * r == m:
        return Fraction(r, q.denominator)
    s, k = 1, 1
    for p, e in flint.fmpz(m).factor():
        p, e = int(p), int(e)
        s *= p ** (e // 2)
        k *= p ** (e % 2)
    return sympy.Rational(s, q.denominator) * sympy.Pow(sympy.Integer(k), sympy.S.Half, evaluate=False)


def sd_from_cross_ratio(R):
    """H(R) = (sqrt(R) - 1)/(sqrt(R) + 1) = tanh(ln(R)/4) for R >= 1; H(+oo) = 1.

    Returned exactly: a Fraction when rational, else the sympy number
    (R + 1)/(R - 1) - 2 sqrt(R)/(R - 1).
    """
    if R == sympy.oo:
        return Fraction(1)
    R = as_rational(R, "R")
    if R < 1:
        raise InvalidArgument(f"R={R} must be >= 1 (a maximal cross-ratio)")
    if R == 1:
        return Fraction(0)
    s = _sqrt_rational(R)
    if isinstance(s, Fraction):
        return (s - 1) / (s + 1)
    return sympy.Rational((R + 1).numerator * (R - 1).denominator, (R + 1).denominator * (R - 1).numerator) \
        - 2 * s / sympy.Rational((R - 1).numerator, (R - 1).denominator)


_INT64_SAFE = 1 << 62


def _column_argext(n, d, valid, larger: bool):
    """Per column of the (X, Y) integer arrays, the row index of the largest (``larger``) or
    smallest fraction n/d among rows with ``valid`` (d > 0 there), by a pairwise tournament down
    axis 0 with exact cross-multiplication; returns (index per column, any valid per column)."""
    X = n.shape[0]
    idx = np.broadcast_to(np.arange(X)[:, None], n.shape).copy()
    v = valid.copy()
    while n.shape[0] > 1:
        h = n.shape[0] // 2
        an, ad, ai, av = n[:h], d[:h], idx[:h], v[:h]
        bn, bd, bi, bv = n[h:2 * h], d[h:2 * h], idx[h:2 * h], v[h:2 * h]
        cmp = (an * bd >= bn * ad) if larger else (an * bd <= bn * ad)
        a_wins = av & (~bv | np.asarray(cmp, dtype=bool))
        nn, nd = np.where(a_wins, an, bn), np.where(a_wins, ad, bd)
        ni, nv = np.where(a_wins, ai, bi), av | bv
        if n.shape[0] % 2:
            nn, nd = np.concatenate([nn, n[-1:]]), np.concatenate([nd, d[-1:]])
            ni, nv = np.concatenate([ni, idx[-1:]]), np.concatenate([nv, v[-1:]])
        n, d, idx, v = nn, nd, ni, nv
    return idx[0], v[0]


def _best_cross_ratio(vn, vd, un, ud, valid=None):
    """Largest cross-ratio R over the columns (transcripts) of likelihood arrays, exactly.

    ``un, vn``: (X, Y) non-negative integer arrays; ``ud, vd``: (X,) positive integers, so that
    u[x, y] = un[x, y]/ud[x] = P[Y(x) = y] and v[x, y] = vn[x, y]/vd[x] = P[Y(x_{-i}) = y].
    ``valid``: (X,) bool mask of admissible points (default all).  Per column, slopes
    s = v/u in [0, +oo] (points with u = v = 0 ignored) give R_y = s_max/s_min (+oo when a slope
    is +oo or 0 next to a positive one); columns where no belief defines both posteriors (no
    point with u > 0 or none with v > 0) are skipped.  Returns (R, y, x, z, attained) for the
    best column (x: least slope, z: greatest slope; attained: the sup of sup_posterior_sd is
    attained), or None.  Vectorised over columns; int64 when the products provably fit.
    """
    sn = vn * np.asarray(ud)[:, None]  # slope numerator   (v up to the factor 1/(vd ud))
    sd = un * np.asarray(vd)[:, None]  # slope denominator
    big = max(int(sn.max()), int(sd.max()), 1)
    if big * big < _INT64_SAFE:
        sn, sd = sn.astype(np.int64), sd.astype(np.int64)
    up, vp = np.asarray(sd > 0, dtype=bool), np.asarray(sn > 0, dtype=bool)
    if valid is not None:
        up &= valid[:, None]
        vp &= valid[:, None]
    inf, zero, fin = vp & ~up, up & ~vp, up & vp
    col_ok = (zero | fin).any(axis=0) & (inf | fin).any(axis=0)
    if not col_ok.any():
        return None
    has_inf, has_zero = inf.any(axis=0), zero.any(axis=0)
    ones = np.ones_like(sd)
    imax, fmax = _column_argext(sn, np.where(fin, sd, ones), fin, larger=True)
    imin, fmin = _column_argext(sn, np.where(fin, sd, ones), fin, larger=False)
    cols = np.flatnonzero(col_ok)
    # infinite columns first: attained (a zero-slope and an infinite-slope point) beats not attained
    inf_cols = cols[(has_inf | has_zero)[cols]]
    if len(inf_cols):
        both = inf_cols[(has_inf & has_zero)[inf_cols]]
        y = int(both[0]) if len(both) else int(inf_cols[0])
        x = int(np.flatnonzero(zero[:, y])[0]) if has_zero[y] else int(imin[y])
        z = int(np.flatnonzero(inf[:, y])[0]) if has_inf[y] else int(imax[y])
        return sympy.oo, y, x, z, bool(has_inf[y] and has_zero[y])
    # finite columns: R_y = (sn[zmax] sd[xmin]) / (sd[zmax] sn[xmin])
    c = cols
    rn = object_ints(sn[imax[c], c]) * object_ints(sd[imin[c], c])
    rd = object_ints(sd[imax[c], c]) * object_ints(sn[imin[c], c])
    k, R = exact_argmax_fractions(rn, rd)
    y = int(c[k])
    return R, y, int(imin[y]), int(imax[y]), True


def _better_result(res, best) -> bool:
    """Is the cross-ratio result ``res`` = (R, ..., attained) strictly better than ``best`` (a
    tuple (R, attained, ...) or None)?  An attained +oo beats a non-attained one."""
    if best is None:
        return True
    R, attained = res[0], res[-1]
    bR, battained = best[0], best[1]
    if R == sympy.oo and bR == sympy.oo:
        return attained and not battained
    return larger_ratio(R, bR)


def sup_posterior_sd(u, v):
    """Exact sup over beliefs b of SD(b_0, b_i) for likelihood vectors u, v (one transcript y).

    Setting (Zhao, eqs. (2)-(4); Kasiviswanathan–Smith Def. 2.1): for a belief b on a finite
    set X, b_0[x] ∝ u_x b_x and b_i[x] ∝ v_x b_x, with u_x = P[Y(x) = y], v_x = P[Y(x_{-i}) = y].
    Only beliefs for which both posteriors are defined count (<b, u> > 0 and <b, v> > 0): for the
    others the defining inequality has no content.  ``u``, ``v``: sequences of exact
    non-negative rationals of equal length.

    Returns (value, witness): value = (sqrt(R*) - 1)/(sqrt(R*) + 1) with
    R* = max over x, z of (u_x v_z) / (v_x u_z) (slopes s = v/u in [0, +oo], R* = s_max/s_min,
    points with u = v = 0 ignored; R* = +oo gives value 1), or value None if no belief defines
    both posteriors.  witness = {"pair": [x, z], "belief": {x: w, z: 1 - w}, "attained": bool,
    "cross_ratio": R*}.

    Proof.  Write H(σ) = (sqrt σ - 1)/(sqrt σ + 1) (increasing, H(1) = 0, H(+oo) = 1).
    (1) SD(P, Q) = max_A P(A) - Q(A).  Fix A and a valid belief b; write U_A = Σ_A b u,
    V_A = Σ_A b v, U_B, V_B for the complement B, U = U_A + U_B, V = V_A + V_B, and
    F = U_A/U - V_A/V = V_B/V - U_B/U.  If U_A = 0 or V_B = 0 then F <= 0.  Otherwise, if
    V_A = 0 or U_B = 0, then F <= 1 = H(+oo) and R* = +oo: A holds a point with u > 0, B one
    with v > 0, and either some point of A has v = 0 < u (slope 0) or some point of B has
    u = 0 < v (slope +oo).  Otherwise all four sums are positive; put t = U_B/U_A and
    σ = (V_B/U_B)/(V_A/U_A): F = 1/(1+t) - 1/(1+tσ).  For σ <= 1, F <= 0; for σ > 1,
    F -> 0 as t -> 0 or +oo and F'(t) = 0 only at t = 1/sqrt(σ), so max_t F = H(σ).  (2) The slope
    V_B/U_B of a conical combination Σ_B b_z (u_z, v_z) lies between the least and greatest
    slopes v_z/u_z of its generators (mediant inequality, Wu–Xia–He Lemma 2), so
    V_B/U_B <= s_max and V_A/U_A >= s_min, hence σ <= R* and F <= H(R*).  (3) Conversely the
    belief on {x, z} (x of least slope, z of greatest) with b_x/b_z = 1/sqrt(αβ), α = u_x/u_z,
    β = v_x/v_z, i.e. b_x ∝ sqrt(u_z v_z), b_z ∝ sqrt(u_x v_x), gives exactly H(R*) (A = {x}).
    If R* = +oo: either v_x = 0 < u_x and v_z > 0, and SD -> 1 as b_x -> 1 (attained, with
    b_0 = δ_x, b_i = δ_z, iff also u_z = 0), or u_z = 0 < v_z and u_x > 0, and SD -> 1 as
    b_z -> 1.  Hence sup = H(R*).  ∎
    """
    try:
        u = [as_rational(q, f"u[{k}]") for k, q in enumerate(u)]
        v = [as_rational(q, f"v[{k}]") for k, q in enumerate(v)]
    except TypeError:
        raise InvalidArgument("u and v must be sequences of exact probabilities") from None
    if len(u) != len(v) or not u:
        raise InvalidArgument(f"u and v must be non-empty and of equal length (got {len(u)} and {len(v)})")
    if any(q < 0 for q in u + v):
        raise InvalidArgument("likelihoods u, v must be non-negative")
    un = np.array([q.numerator for q in u], dtype=object)
    ud = np.array([q.denominator for q in u], dtype=object)
    vn = np.array([q.numerator for q in v], dtype=object)
    vd = np.array([q.denominator for q in v], dtype=object)
    res = _best_cross_ratio(vn[:, None], vd, un[:, None], ud)
    if res is None:
        return None, {}
    R, _, x, z, attained = res
    return sd_from_cross_ratio(R), _belief_witness(R, x, z, attained, u[x], v[x], u[z], v[z], lambda k: k)


def _belief_witness(R, x, z, attained, ux, vx, uz, vz, label):
    if R == sympy.oo:
        if attained:
            belief = {label(x): "any w in (0, 1)", label(z): "1 - w"}
        elif vx == 0:
            belief = {label(x): "w -> 1", label(z): "1 - w"}
        else:
            belief = {label(x): "1 - w", label(z): "w -> 1"}
        return {"pair": [label(x), label(z)], "belief": belief, "attained": attained, "cross_ratio": sympy.oo}
    if R == 1:
        return {"pair": [label(x), label(z)], "belief": "every belief (b_0 = b_i)", "attained": True,
                "cross_ratio": Fraction(1)}
    # b_x : b_z = sqrt(A) : sqrt(B) with A = u_z v_z, B = u_x v_x (proof in sup_posterior_sd);
    # rationalised by hand: sqrt(A)/(sqrt(A) + sqrt(B)) = (A - sqrt(AB))/(A - B)  (A != B)
    A, B = uz * vz, ux * vx
    root = _sqrt_rational(A * B)
    if A == B:
        wx = wz = Fraction(1, 2)
    elif isinstance(root, Fraction):
        wx, wz = (A - root) / (A - B), (root - B) / (A - B)
    else:
        d = sympy.Rational((A - B).numerator, (A - B).denominator)
        wx = sympy.Rational(A.numerator, A.denominator) / d - root / d
        wz = root / d - sympy.Rational(B.numerator, B.denominator) / d
    return {"pair": [label(x), label(z)], "belief": {label(x): wx, label(z): wz},
            "attained": True, "cross_ratio": R}


# ----------------------------------------------------------------------------- defaults
def _default_codes(space, default):
    """Code of the default value ⊥ in each record alphabet (Zhao: ⊥ ∈ D)."""
    codes = []
    for i, alph in enumerate(space.records):
        d = alph[0] if default is None else default
        if isinstance(d, float):
            raise InvalidArgument(f"default={default!r} is a float; use a value of the record alphabet")
        try:
            codes.append(alph.index(d))
        except ValueError:
            raise InvalidArgument(
                f"default={default!r} is not in the alphabet {list(alph)!r} of record {i}; Zhao requires "
                f"the default value ⊥ to lie in D") from None
    return codes


# ----------------------------------------------------------------------------- semantic privacy
@closed_form_for("semantic_privacy")
def semantic_privacy(M, *, prior=None, default=None) -> Measured:
    """Tightest eps of eps-semantic privacy (Kasiviswanathan–Smith; Zhao, Definition 1, eq. (4)).

    SP(M) = sup over beliefs b on D^n, transcripts y and records i of SD(b_0[.|y], b_i[.|y]),
    b_0[x|y] ∝ P[Y(x) = y] b[x],  b_i[x|y] ∝ P[Y(x_{-i}) = y] b[x],  x_{-i} = x with record i
    replaced by the default value ⊥ (``default``, which must lie in every record alphabet; None
    means the first value of each alphabet — Zhao: "any valid value in D will do").

    Computed exactly by the finite reduction of :func:`sup_posterior_sd` (proof there), per
    (i, y), then maximised through the cross-ratio R.  Convention: beliefs for which b_0[.|y] or
    b_i[.|y] is undefined (<b, u> = 0 or <b, v> = 0, e.g. P[Y(x_{-i}) = y] = 0 on the whole
    support of b) are excluded — the defining inequality says nothing about them.  SP quantifies
    over all beliefs, so ``prior`` must be None.  Inputs: Hamming or Subsets spaces (for Subsets,
    ``default=0`` removes entity i).  Witness: "record", "output", "pair" (support of the
    optimal belief), "belief" (exact weights), "attained", "cross_ratio", "default".
    """
    M = check_mechanism(M, "semantic_privacy", rational=True)
    if prior is not None:
        raise InvalidArgument(
            f"prior={prior!r}: semantic privacy quantifies over all beliefs and uses no prior "
            f"(for a data prior see bayesian_semantic_privacy)")
    check_records_space(M.inputs, "semantic_privacy")
    dcodes = _default_codes(M.inputs, default)
    J = PriorTensors(M, None)
    Pt = J.tensor(J.P)  # P(y|x) * L, axes (records..., y)
    X = M.inputs.size
    one = np.ones(X, dtype=object)
    best = None
    for i in range(J.n):
        U = Pt.reshape(X, -1)
        V = np.ascontiguousarray(np.broadcast_to(np.take(Pt, [dcodes[i]], axis=i), Pt.shape)).reshape(X, -1)
        res = _best_cross_ratio(V, one, U, one)
        if res is not None and _better_result(res, best):
            R, y, x, z, attained = res
            best = (R, attained, i, y, x, z, U[:, y], V[:, y])
    R, attained, i, y, x, z, U, V = best
    label = J.point_at
    L = J.L
    wit = _belief_witness(R, x, z, attained, Fraction(int(U[x]), L), Fraction(int(V[x]), L),
                          Fraction(int(U[z]), L), Fraction(int(V[z]), L), label)
    wit.update(**J.record_witness(i), output=M.outputs[y],
               default=[a[c] for a, c in zip(M.inputs.records, dcodes)])
    return Measured("semantic_privacy", sd_from_cross_ratio(R), witness=wit,
                    method="exact (two-point reduction)" if attained else "exact sup (not attained)",
                    note="sup_b SD(b_0, b_i) = (sqrt R - 1)/(sqrt R + 1), R = max cross-ratio of likelihood "
                         "ratios (proof: sup_posterior_sd); beliefs with an undefined posterior excluded"
                         + ("" if attained else "; the sup is a limit of two-point beliefs, not attained"))


def is_semantic_privacy(M, level, *, default=None, max_prec: int = 2048) -> Decision:
    """Decide whether M is ``level``-semantically private (Zhao, Definition 1)."""
    exact_level(level, allow_symbols=True)
    return at_most(semantic_privacy(M, default=default), level, max_prec=max_prec)


# ----------------------------------------------------------------------------- Bayesian semantic privacy
def bayesian_semantic_privacy(M, *, prior=None, default=None, game_i: str = "resample",
                              null_events: str = "skip_undefined") -> Measured:
    """Tightest eps of eps-Bayesian semantic privacy (Zhao, Definition 2, eqs. (7)-(17)).

    BSP(M, p) = sup over records i, S ⊆ N∖{i}, beliefs b on the partial configurations
    x_{i+S} = (X_i = x_i, X_S = x_S) and transcripts y of SD(b_0[.|y], b_i[.|y]), with
        b_0[x_{i+S}|y] ∝ P[Y(x_{i+S}) = y] b[x_{i+S}]   (9),
        b_i[x_{i+S}|y] ∝ P[Y(x_{-i+S}) = y] b[x_{i+S}]   (15).
    Reading of the likelihoods (the one under which Zhao's proof of Theorem 1 uses (19)):
    the unknown records K = N∖({i} ∪ S) are integrated out under the data prior ``prior``,
        P[Y(x_{i+S}) = y] = Σ_{x_K} p(x_K | x_i, x_S) P[Y(x) = y]   (the BDP likelihood),
    and in Game i, with ``game_i="resample"`` (default), x_{-i+S} = [X_i = ⊥, X_S = x_S, X_K random]
    is the BDP configuration with x_i' = ⊥: P[Y(x_{-i+S}) = y] = Σ_{x_K} p(x_K | ⊥, x_S) P[Y(⊥, x_S, x_K) = y];
    with ``game_i="replace"`` the database is drawn given (x_i, x_S) and record i is then
    replaced by ⊥: Σ_{x_K} p(x_K | x_i, x_S) P[Y(⊥, x_S, x_K) = y].  (A third reading —
    likelihoods integrated under the belief b itself — makes BSP equal to SP: the posteriors
    are then marginals of SP's, SD can only shrink, and S = N∖{i} recovers SP.)

    Beliefs on D^n induce every belief on configurations, so the sup is over all beliefs on
    D_i x D_S, and :func:`sup_posterior_sd` gives it exactly per (i, S, y).

    Conventions for undefined quantities.  (a) The likelihood P[Y(x_{i+S}) = y] is undefined
    when the prior gives its conditioning event probability 0 and some record is integrated out
    (K ≠ ∅): p(x_K | x_i, x_S) for (9) and ``game_i="replace"``, and p(x_K | ⊥, x_S) for
    ``game_i="resample"``.  With S = N∖{i} nothing is integrated out and the likelihoods are
    P[Y(x) = y] and P[Y(x_{-i}) = y], defined for every prior.  ``null_events`` (one of
    :data:`~exactpriv.measures.bayesian.NULL_EVENTS`) says which configurations leave the
    beliefs' support: ``"skip_undefined"`` (default) only those with an undefined likelihood —
    then S = N∖{i} is exactly Definition 1, as Zhao states, and BSP ≥ SP for every prior;
    ``"skip_null"`` every configuration of prior probability 0, also fully known databases
    (exactpriv before issue 9; BSP ≥ SP then only for full-support priors).  (b) The posteriors
    b_0[.|y], b_i[.|y] are undefined when the belief gives y probability 0 in Game 0 or Game i
    (<b, u> = 0 or <b, v> = 0); such beliefs are excluded, as in :func:`semantic_privacy`.
    Witness: "record", "known_records" (S), "output", "pair" (two configurations (x_i, x_S)),
    "belief", "attained", "cross_ratio", "default", "null_events".
    """
    null_events = check_null_events(null_events)
    M = check_mechanism(M, "bayesian_semantic_privacy", rational=True)
    prior = check_prior(M, prior, "bayesian_semantic_privacy")
    check_records_space(M.inputs, "bayesian_semantic_privacy")
    if game_i not in ("resample", "replace"):
        raise InvalidArgument(f"game_i={game_i!r} must be 'resample' or 'replace'")
    dcodes = _default_codes(M.inputs, default)
    J = PriorTensors(M, prior)
    n = J.n
    check_enumerable(n * 2 ** (n - 1), "the (i, S) pairs of Bayesian semantic privacy")
    lik = Likelihoods(J, null_events)
    At = lik.At
    best = None
    for i in range(n):
        others = [j for j in range(n) if j != i]
        if game_i == "replace":
            # H[x, y] = a_x P(y | x with record i := ⊥), same scale as G
            Pt = J.tensor(J.P)
            Pbot = np.broadcast_to(np.take(Pt, [dcodes[i]], axis=i), Pt.shape)
            Ht = J.tensor(J.a)[..., None] * Pbot
        for r in range(len(others) + 1):
            for S in itertools.combinations(others, r):
                g, a, order = lik.g_a(i, S)  # (m_i, cS, Y), (m_i, cS)
                m_i, cS, nY = g.shape
                if game_i == "replace" and lik.known_all(i, S):
                    # nothing integrated out: Game i sees the row of x with record i := ⊥
                    gb = np.broadcast_to(g[dcodes[i]][None], g.shape)
                    ok = np.asarray(a > 0, dtype=bool).reshape(-1)
                    vn_all, vd = gb.reshape(m_i * cS, nY), a.reshape(-1)
                elif game_i == "resample":
                    gb = np.broadcast_to(g[dcodes[i]][None], g.shape)  # G at (⊥, x_S)
                    ab = np.broadcast_to(a[dcodes[i]][None], a.shape)
                    ok = np.asarray((a > 0) & (ab > 0), dtype=bool).reshape(-1)
                    vn_all, vd = gb.reshape(m_i * cS, nY), ab.reshape(-1)
                else:
                    h, _, _ = conditional_tensors(Ht, At, i, S, n)
                    ok = np.asarray(a > 0, dtype=bool).reshape(-1)
                    vn_all, vd = h.reshape(m_i * cS, nY), a.reshape(-1)
                un_all, ud = g.reshape(m_i * cS, nY), a.reshape(-1)
                # zero-probability configurations: give them harmless denominators, then mask
                vd_safe = np.where(ok, vd, 1)
                ud_safe = np.where(ok, ud, 1)
                res = _best_cross_ratio(vn_all, vd_safe, un_all, ud_safe, valid=ok)
                if res is not None and _better_result(res, best):
                    R, y, x, z, attained = res
                    best = (R, attained, i, S, order, y, x, z,
                            (un_all[:, y], ud_safe, vn_all[:, y], vd_safe))
    if best is None:
        return Measured("bayesian_semantic_privacy", Fraction(0), witness={"prior": repr(prior)},
                        note="no belief defines both posteriors for any (i, S, y)")
    R, attained, i, S, order, y, x, z, (un, ud, vn, vd) = best
    sshape = tuple(J.radices[j] for j in order)

    def label(k):
        ci, cs = divmod(k, int(np.prod(sshape, dtype=object)) if sshape else 1)
        s_codes = np.unravel_index(cs, sshape) if sshape else ()
        cfg = {i: M.inputs.records[i][ci]}
        cfg.update({j: M.inputs.records[j][int(c)] for j, c in zip(order, s_codes)})
        return tuple(sorted(cfg.items()))

    wit = _belief_witness(R, x, z, attained, Fraction(int(un[x]), int(ud[x])), Fraction(int(vn[x]), int(vd[x])),
                          Fraction(int(un[z]), int(ud[z])), Fraction(int(vn[z]), int(vd[z])), label)
    wit.update(**J.record_witness(i), known_records=list(S), output=M.outputs[y],
               default=[a_[c] for a_, c in zip(M.inputs.records, dcodes)], prior=repr(prior), game_i=game_i,
               null_events=null_events)
    return Measured("bayesian_semantic_privacy", sd_from_cross_ratio(R), witness=wit,
                    method="exact (two-point reduction)" if attained else "exact sup (not attained)",
                    note="per (i, S, y): sup_b SD = (sqrt R - 1)/(sqrt R + 1) (proof: sup_posterior_sd); "
                         "likelihoods integrated under the data prior; " + null_events_note(null_events)
                         + ("" if attained else "; the sup is a limit, not attained"))


def is_bayesian_semantic_privacy(M, level, *, prior=None, default=None, game_i: str = "resample",
                                 null_events: str = "skip_undefined", max_prec: int = 2048) -> Decision:
    """Decide whether M is ``level``-Bayesian-semantically private (Zhao, Definition 2)."""
    exact_level(level, allow_symbols=True)
    return at_most(bayesian_semantic_privacy(M, prior=prior, default=default, game_i=game_i,
                                             null_events=null_events), level, max_prec=max_prec)
