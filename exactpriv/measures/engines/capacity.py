"""Certified channel capacity C = max_P I(P; W) of an exact channel (Cuff–Yu (58)).

Floats only *choose* a prior and an output pmf; the verdict is the certificate

    I(P̂; W)  <=  C  <=  max_x D(W_x || q̂)                                              (*)

evaluated in arb at an exact rational prior P̂ and an exact rational output pmf q̂ (Cover &
Thomas, Elements of Information Theory, Thm 13.1.1).  The float search (accelerated
Blahut–Arimoto, active-set Newton, primal-dual interior point) and why each step is there are
described in :mod:`exactpriv.measures.engines.information.shannon`.  Timings: ``bench/bench_capacity.py``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import flint
import numpy as np

from exactpriv.effort import note_stop
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.engines.information.channel import (
    DEFAULT_PREC,
    ExactChannel,
    IntegerLogs,
    ball_bounds,
    check_precision,
    mutual_information_ball,
    to_fmpq,
)

__all__ = ["CapacityResult", "capacity_enclosure"]

# The float search stops short of the requested gap by this factor, so that the rounding of
# P̂ and q̂ and the arb radii fit in the rest.  # Empirically determined parameter.
_FLOAT_TARGET_FACTOR = 0.25
# Below this float gap (relative to max(1, C)) the double-precision search is at its noise
# floor (D is a sum of |Y| rounded terms).  # Empirically determined parameter.
_FLOAT_NOISE = 2e-14
# Plain/over-relaxed BA iterations before the first Newton polish; doubled after each
# unsuccessful polish.  # Empirically determined parameter.
_BA_CHUNK = 200
_NEWTON_MAX_STEPS = 20
_IPM_MAX_STEPS = 60
# The active-set Newton is tried first only when BA's prior has at most this many
# non-negligible masses (each step costs O(k^2 |Y|)); otherwise the interior point method.
# Empirically determined parameter.
_POLISH_MAX_SUPPORT = 256
_TINY = 1e-300  # floor of floats under log, so that no -inf/nan reaches the float search
_MAX_PREC = 4096


# ======================================================================================
# Capacity
# ======================================================================================
@dataclass(frozen=True)
class CapacityResult:
    """Certified capacity enclosure ``lower <= C = max_P I(P;W) <= upper`` (nats).

    ``lower`` = lower end of an arb ball of I(prior; W) (clamped at 0 since C >= 0);
    ``upper`` = upper end of an arb ball of max_x D(W_x || output).  Both are exact
    Fractions; ``prior`` and ``output`` are the exact pmfs of the certificate, so anyone can
    re-check the bounds with :func:`mutual_information_arb` and :func:`kl_arb`.
    ``converged`` is False when the requested gap was not reached within the budget (the
    bounds are still valid); ``note`` says why.  ``timings`` holds wall-clock seconds of the
    phases: ``setup`` (validation), ``float`` (search) and ``certificate`` (arb).
    """

    lower: Fraction
    upper: Fraction
    prior: list[Fraction]
    output: list[Fraction]
    method: str
    precision: int
    iterations: int
    converged: bool = True
    note: str = ""
    timings: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def width(self) -> Fraction:
        return self.upper - self.lower

    def enclosure(self) -> Enclosure:
        return Enclosure(self.lower, self.upper, method=self.method, precision=self.precision, note=self.note)

    def __repr__(self):
        return (
            f"CapacityResult([{float(self.lower):.17g}, {float(self.upper):.17g}], width={float(self.width):.3g}, "
            f"iterations={self.iterations}, precision={self.precision}, converged={self.converged})"
        )


class _FloatSearch:
    """Double-precision search for a capacity-achieving prior (guides only, never decides)."""

    def __init__(self, Wf: np.ndarray, deadline: float | None):
        self.W = Wf
        with np.errstate(divide="ignore", invalid="ignore"):
            self.negh = np.where(Wf > 0, Wf * np.log(np.where(Wf > 0, Wf, 1.0)), 0.0).sum(axis=1)
        self.deadline = deadline
        self.steps = 0

    def timed_out(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    # The mat-vecs use np.einsum, not BLAS: on a loaded machine multithreaded OpenBLAS gemv
    # spun for 3-15 ms per 729x729 product against 0.5 ms for einsum (measured; a 200-step
    # BA took 6 s instead of 0.24 s).
    def evaluate(self, p):
        q = np.einsum("i,ij->j", p, self.W)
        D = self.negh - np.einsum("ij,j->i", self.W, np.log(np.maximum(q, _TINY)))
        return q, D, float(p @ D)

    # -- (1) Blahut–Arimoto with adaptive over-relaxation ---------------------------------
    def blahut_arimoto(self, state, n_steps: int, target: float, budget: int):
        p, q, D, I, mu = state
        for _ in range(min(n_steps, budget)):
            if D.max() - I <= target or self.timed_out():
                break
            self.steps += 1
            lp = np.log(np.maximum(p, _TINY)) + mu * (D - D.max())
            pn = np.maximum(np.exp(lp - lp.max()), _TINY)
            pn /= pn.sum()
            qn, Dn, In = self.evaluate(pn)
            if In >= I or mu == 1.0:  # mu = 1 is plain BA, monotone in exact arithmetic
                p, q, D, I = pn, qn, Dn, In
                mu = min(mu * 1.25, 1e4)
            else:
                mu = max(1.0, mu / 2)
        return (p, q, D, I, mu)

    # -- (2) active-set Newton on D(W_x||pW) = C, x in the support -----------------------
    def _newton_direction(self, q, D, S):
        import scipy.linalg as sla  # here, not at module level: 0.4 s of import (bench_first_call)

        used = q > 0
        WS = self.W[S][:, used]
        # minus the Hessian of I(p) on the face; einsum below 256 rows for the reason given
        # at evaluate(), BLAS above (einsum is a naive loop).  # Empirically determined parameter.
        WSq = WS / q[used]
        H = np.einsum("iy,jy->ij", WSq, WS) if len(S) <= 256 else WSq @ WS.T
        one = np.ones(len(S))
        ridge, scale = 0.0, max(float(np.trace(H)) / len(S), 1.0)
        for _ in range(6):
            try:
                cf = sla.cho_factor(H + ridge * np.eye(len(S)), check_finite=True)
                a, b = sla.cho_solve(cf, D[S]), sla.cho_solve(cf, one)
                nu = a.sum() / b.sum()
                d = a - nu * b
                return d if np.all(np.isfinite(d)) else None
            except (sla.LinAlgError, ValueError):
                ridge = scale * 1e-13 if ridge == 0 else ridge * 100
        return None

    @staticmethod
    def _normalised(v):
        t = v.sum()
        return v / t if t > 0 and np.isfinite(t) else None

    def _clipped(self, S, values, X):
        v = np.zeros(X)
        v[S] = np.maximum(values, 0.0)
        return self._normalised(v)

    def newton_polish(self, p, target: float, budget: int):
        """Return (best p, its float gap); p is a starting prior (e.g. from BA)."""
        X = len(p)
        p = np.where(p > 1e-10 * p.max(), p, 0.0)
        p /= p.sum()
        q, D, I = self.evaluate(p)
        best_gap, best_p = D.max() - I, p
        banned: dict[int, int] = {}
        for it in range(min(_NEWTON_MAX_STEPS, budget)):
            gap = D.max() - I
            if gap < best_gap:
                best_gap, best_p = gap, p
            if gap <= target or self.timed_out() or not np.isfinite(gap):
                break
            self.steps += 1
            S = np.flatnonzero(p > 0)
            spread = D[S].max() - D[S].min()
            out = np.setdiff1d(np.arange(X), S)
            added = set()
            if len(out):
                viol = [int(j) for j in out[D[out] > I + max(2 * spread, 1e-15)] if banned.get(int(j), -1) < it]
                if viol:
                    added = set(sorted(viol, key=lambda j: -D[j])[:10])
                    S = np.union1d(S, sorted(added))
            d = self._newton_direction(q, D, S)
            if d is None:
                break
            pS = p[S]
            # Candidates: (a) the full Newton step with negative masses clipped to 0 (drops
            # many inputs at once, which BA's leftovers need), (b) the ratio-test step that
            # stops where the first mass reaches 0 and drops the blocking inputs (inputs of
            # negligible mass are dropped without a step), (c) damped clipped steps.  The
            # candidate with the largest I(p) is taken; when none increases I, (b) still
            # changes the face.
            cands = [self._clipped(S, pS + d, X)]
            ratios = np.full(len(S), np.inf)
            neg = d < 0
            ratios[neg] = pS[neg] / -d[neg]
            t = min(1.0, float(ratios.min()))
            if t < 1.0:
                if t < 1e-3:
                    block, t = S[ratios < 1e-3], 0.0
                else:
                    block = S[ratios <= t * (1 + 1e-9)]
                pb = np.zeros(X)
                pb[S] = np.maximum(pS + t * d, 0.0)
                pb[block] = 0.0
                cands.append(self._normalised(pb))
            cands = [c for c in cands if c is not None]
            if not cands:
                break
            evals = [(self.evaluate(c), c) for c in cands]
            (q1, D1, I1), p1 = max(evals, key=lambda e: e[0][2])
            damp = 0.5
            while I1 < I and damp > 0.1:
                c = self._clipped(S, pS + damp * d, X)
                if c is not None:
                    e = self.evaluate(c)
                    if e[2] > I1:
                        (q1, D1, I1), p1 = e, c
                damp /= 2
            if I1 < I and t < 1.0:
                (q1, D1, I1), p1 = evals[-1]
            for j in added:
                if p1[j] == 0:
                    banned[j] = it + 5
            p, q, D, I = p1, q1, D1, I1
        gap = D.max() - I
        if gap < best_gap:
            best_gap, best_p = gap, p
        return best_p, float(best_gap)


    # -- (3) primal-dual interior point (Mehrotra predictor-corrector) -------------------
    def interior_point(self, p, target: float, budget: int):
        """Return (best p, its float gap) from a primal-dual interior-point method.

        KKT of max I(p) s.t. Σp = 1, p >= 0, with c the capacity estimate and slacks
        s = c - D(W_x||pW) >= 0: D - c + s = 0, p∘s = 0, Σp = 1.  Newton on the perturbed
        system p∘s = σμ reduces, per step, to one Cholesky factorisation of
        W diag(1/q) W^T + diag(s/p) (X x X), used twice (predictor and corrector).  Used when
        the active-set Newton cannot find the support (degenerate or near-symmetric
        channels: 10-20 steps where BA took > 10^4).
        """
        import scipy.linalg as sla  # here, not at module level (see _newton_direction)

        X = len(p)
        p = 0.99 * p + 0.01 / X
        q, D, I = self.evaluate(p)
        c = D.max() + (D.max() - I) + 1e-6
        sl = c - D
        best_gap, best_p = D.max() - I, p
        one = np.ones(X)

        def maxstep(v, dv):
            neg = dv < 0
            return float(np.min(v[neg] / -dv[neg])) if neg.any() else np.inf

        for _ in range(min(_IPM_MAX_STEPS, budget)):
            gap = D.max() - I
            if gap < best_gap:
                best_gap, best_p = gap, p
            if gap <= target or self.timed_out() or not np.isfinite(gap):
                break
            self.steps += 1
            mu = float(p @ sl) / X
            rd = D - c + sl
            rp = p.sum() - 1.0
            Wq = self.W / np.maximum(q, _TINY)
            M = Wq @ self.W.T
            M[np.diag_indices(X)] += sl / p
            try:
                cf = sla.cho_factor(M, check_finite=True)
            except (sla.LinAlgError, ValueError):
                break
            b = sla.cho_solve(cf, one)

            def solve(rc):
                a = sla.cho_solve(cf, rd - rc / p)
                dc = (a.sum() + rp) / b.sum()
                dp = a - dc * b
                return dp, dc, (-rc - sl * dp) / p

            dp, dc, ds = solve(p * sl)  # predictor (affine scaling)
            a_aff = min(1.0, maxstep(p, dp), maxstep(sl, ds))
            mu_aff = float((p + a_aff * dp) @ (sl + a_aff * ds)) / X
            sigma = (mu_aff / mu) ** 3 if mu > 0 else 0.0
            dp, dc, ds = solve(p * sl + dp * ds - sigma * mu)  # corrector
            alpha = min(1.0, 0.99 * maxstep(p, dp), 0.99 * maxstep(sl, ds))
            if not np.isfinite(alpha) or alpha <= 0:
                break
            p = np.maximum(p + alpha * dp, _TINY)
            p /= p.sum()
            c, sl = c + alpha * dc, np.maximum(sl + alpha * ds, _TINY)
            q, D, I = self.evaluate(p)
        gap = D.max() - I
        if gap < best_gap:
            best_gap, best_p = gap, p
        # Interior points keep every mass positive; zero the negligible ones (a sparser
        # certificate prior) when that does not widen the gap.
        clean = np.where(best_p > 1e-14 * best_p.max(), best_p, 0.0)
        clean /= clean.sum()
        _, Dc, Ic = self.evaluate(clean)
        if Dc.max() - Ic <= best_gap:
            best_gap, best_p = Dc.max() - Ic, clean
        return best_p, float(best_gap)


def _normalised_fractions(v: np.ndarray) -> list[Fraction]:
    """The exact pmf f/Σf where f are the (exact binary) values of the float vector v >= 0."""
    f = [Fraction(float(t)) if t > 0 else Fraction(0) for t in v]
    s = sum(f, Fraction(0))
    return [t / s for t in f]


def _certify(ch: ExactChannel, p: np.ndarray, q: np.ndarray, used_out: np.ndarray, prec: int):
    """Certificate (*) at P̂ = normalised p, q̂ = normalised q (floored on used outputs).

    Returns (lower, upper, P̂, q̂, radius) with radius the arb contribution to the width."""
    # Masses below 1e-30 of the largest (BA keeps every mass >= 1e-300) change I(P̂) by far
    # less than any requested gap; zeroing them keeps the certificate prior readable.
    P_hat = _normalised_fractions(np.where(p >= 1e-30 * p.max(), p, 0.0))
    logs = IntegerLogs(prec)
    I = mutual_information_ball(ch, P_hat, prec, logs)
    # q̂: exact float values on the used outputs, floored so that q̂ > 0 wherever some
    # W(y|x) > 0 (otherwise max_x D(W_x||q̂) = +oo), then normalised exactly.
    qf = np.zeros(ch.n_out)
    qf[used_out] = q
    pos = qf[used_out][qf[used_out] > 0]
    floor = float(pos.min()) * 1e-3 if len(pos) else 1.0
    qf[used_out] = np.maximum(qf[used_out], max(floor, _TINY))
    f = [Fraction(float(t)) if t > 0 else Fraction(0) for t in qf]
    s = sum(f, Fraction(0))
    q_hat = [t / s for t in f]
    h = ch.row_entropies(prec, logs)
    with flint.ctx.workprec(prec):
        logf = flint.arb_mat(ch.n_out, 1, [flint.arb(float(t)).log() if t > 0 else flint.arb(0) for t in qf])
        T = (ch.arb_matrix(prec) * logf).entries()
        log_s = flint.arb(to_fmpq(s)).log()
        # D(W_x||q̂) = Σ_y W log W - Σ_y W log f_y + log s   (Σ_y W(y|x) = 1)
        Ds = [log_s - hx - Tx / d for hx, Tx, d in zip(h, T, ch.dens)]
    lo_b = ball_bounds(I)
    ups = [ball_bounds(Dx) for Dx in Ds]
    if lo_b is None or any(u is None for u in ups):
        return None
    lower = max(lo_b[0], Fraction(0))  # C >= 0
    upper = max(u[1] for u in ups)
    if upper < lower:  # impossible: lower <= I(P̂) <= C <= D(W_x||q̂) <= upper
        raise AssertionError(f"inconsistent capacity certificate: lower={lower} > upper={upper}")
    radius = (lo_b[1] - lo_b[0]) + max(u[1] - u[0] for u in ups)
    return lower, upper, P_hat, q_hat, radius


def capacity_enclosure(
    W,
    *,
    gap=Fraction(1, 10**12),
    max_seconds=None,
    max_iterations: int = 100_000,
    prec: int | None = None,
) -> CapacityResult:
    """Certified enclosure of the capacity C = max_P I(P; W) (nats) of an exact channel.

    C = max over priors P of I(X;Y), I as in :func:`mutual_information_arb` (Cuff–Yu (58)).
    Certificate: I(P̂;W) <= C <= max_x D(W_x||q̂) for the returned exact pmfs P̂ = ``prior``,
    q̂ = ``output`` (Cover & Thomas Thm 13.1.1), evaluated in arb; see the module comment
    for the float search that chooses them.

    Parameters
    ----------
    W : list of rows of Fractions, each row an exact pmf.
    gap : requested width ``upper - lower`` (exact positive rational; default 1e-12).
        Widths below ~1e-13·max(1, C) are beyond the double-precision search.
    max_seconds : time limit of the search, a safety net (None: none; a stop is noted, see
        :func:`exactpriv.effort.note_stop`); max_iterations : the effort
        of BA iterations plus Newton and interior-point steps.  When a budget runs out, the certified
        bounds are returned with ``converged=False``.
    prec : arb working precision in bits; None chooses 128 and doubles it while the arb
        radii exceed gap/1000.
    """
    g = as_rational(gap, "gap")
    if g <= 0:
        raise InvalidArgument(f"gap={gap!r} must be a positive exact rational")
    if max_seconds is not None:
        if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0:
            raise InvalidArgument(f"max_seconds={max_seconds!r} of type {type(max_seconds).__name__} must be a positive number or None")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 0:
        raise InvalidArgument(f"max_iterations={max_iterations!r} must be a nonnegative int")
    fixed_prec = prec is not None
    prec = check_precision(prec) if fixed_prec else DEFAULT_PREC
    start = time.perf_counter()
    deadline = None if max_seconds is None else start + float(max_seconds)
    ch = ExactChannel.of(W)
    timings = {"setup": time.perf_counter() - start, "float": 0.0, "certificate": 0.0}

    # Exact shortcut: all rows equal -> I(P;W) = 0 for every P (Y independent of X).
    if ch.rows_equal():
        return CapacityResult(
            Fraction(0), Fraction(0), [Fraction(1, ch.n_in)] * ch.n_in, [Fraction(a, ch.dens[0]) for a in ch.nums[0]],
            "exact: all rows equal, so I(P;W) = 0 for every prior", prec, 0, timings=timings,
        )

    t0 = time.perf_counter()
    used_out = np.flatnonzero(ch.support.any(axis=0))
    search = _FloatSearch(ch.floats[:, used_out], deadline)
    X = ch.n_in
    p0 = np.full(X, 1.0 / X)
    ba_state = (p0, *search.evaluate(p0), 1.0)
    target = float(g) * _FLOAT_TARGET_FACTOR
    chunk = _BA_CHUNK
    best = None  # (lower, upper, P̂, q̂) of the narrowest certificate so far
    best_float = math.inf
    used = {"BA"}
    note = ""

    def left() -> int:
        return max_iterations - search.steps

    while True:
        # Float search: BA, then (if BA is slow) active-set Newton or interior point.
        ba_state = search.blahut_arimoto(ba_state, chunk, target, left())
        p, q, D, I, _ = ba_state
        cand_p, cand_gap = p, float(D.max() - I)
        if cand_gap > target and left() > 0 and not search.timed_out():
            if int((p > 1e-10 * p.max()).sum()) <= _POLISH_MAX_SUPPORT:
                pp, pg = search.newton_polish(p, target, left())
                used.add("active-set Newton")
                if pg < cand_gap:
                    cand_p, cand_gap = pp, pg
            if cand_gap > target and left() > 0 and not search.timed_out():
                pp, pg = search.interior_point(p, target, left())
                used.add("interior point")
                if pg < cand_gap:
                    cand_p, cand_gap = pp, pg
        cq, _, cI = search.evaluate(cand_p)
        scale = max(1.0, abs(cI))
        t1 = time.perf_counter()
        timings["float"] += t1 - t0
        # Certificate (decides).
        if best is None or cand_gap < best_float:
            while True:
                cert = _certify(ch, cand_p, cq, used_out, prec)
                if not fixed_prec and prec < _MAX_PREC and (cert is None or cert[4] > g / 1000):
                    prec *= 2
                    continue
                break
            if cert is not None and (best is None or cert[1] - cert[0] < best[1] - best[0]):
                best = cert[:4]
        t0 = time.perf_counter()
        timings["certificate"] += t0 - t1
        if best is not None and best[1] - best[0] <= g:
            break
        if left() <= 0:
            note = (f"effort spent (max_iterations={max_iterations}) before the requested gap {float(g):.3g}; "
                    f"the bounds are valid")
            break
        if search.timed_out():  # a time limit is a safety net: noted as a stop, never read as spent effort
            note = (f"stopped by the time limit (max_seconds={max_seconds}) before the requested gap "
                    f"{float(g):.3g}; the bounds are valid")
            note_stop(note)
            break
        if cand_gap <= 4 * _FLOAT_NOISE * scale and target < _FLOAT_NOISE * scale:
            note = (f"requested gap {float(g):.3g} is below the resolution of the double-precision "
                    f"search (~{_FLOAT_NOISE * scale:.1g}); the bounds are valid")
            break
        if cand_gap >= best_float / 2:  # no real progress since the previous round
            note = f"float search stalled at gap {cand_gap:.3g}; the bounds are valid"
            break
        best_float = min(best_float, cand_gap)
        if cand_gap <= target:
            target /= 16  # the float gap was met but not the certified width: search further
        chunk *= 2
    if best is None:  # pragma: no cover - only at absurdly low fixed precision
        raise InvalidArgument(f"prec={prec} is too low to certify any bound on this channel")
    lower, upper, P_hat, q_hat = best
    names = ["BA"] + [m for m in ("active-set Newton", "interior point") if m in used]
    method = (
        " + ".join(names).replace("BA", "accelerated Blahut-Arimoto (adaptive over-relaxation)")
        + f" in floats; arb certificate I(P;W) <= C <= max_x D(W_x||q) at {prec} bits"
    )
    converged = upper - lower <= g
    return CapacityResult(lower, upper, P_hat, q_hat, method, prec, search.steps, converged, note, timings)
