"""KL and Rényi scans of the exact scan engine (a mixin of :class:`exactpriv.measures.engines.scan.engine.ScanEngine`).

max over ordered pairs of D(P_x ‖ P_x') (KL) and of Σ_y P_x(y)^k P_x'(y)^{1−k} (Rényi of integer
order k >= 2), exactly:

* value codes (few distinct entries): exact per-pair histograms over code pairs; the sum of a
  certified float table (arb at 80 bits rounded to binary64, error per entry stated) selects
  candidates under Higham's summation bound, whose exact LogForms are compared;
* float filter (generic matrices): logs of the integers of the matrix computed in arb and
  rounded with an explicit error bound (never ``numpy.log``, whose accuracy is not specified),
  summed with |fl(Σ t) − Σ t| <= γ_n Σ|t|; candidates decided exactly.

Timings: bench/bench_kl.py (2,187 x 2,187 random and exponential mechanisms).
"""

from __future__ import annotations

import math
from fractions import Fraction

import flint
import numpy as np

from exactpriv.exact.logforms import LogForm

from exactpriv.measures.engines.scan.codes import BLOCK_ENTRIES, UNIT_ROUNDOFF, ValueCodes, pair_codes, exact_max, unique_rows
from exactpriv.exact.numbers import OO

__all__: list[str] = []  # private module


def _certified_logs(values) -> tuple[np.ndarray, float]:
    """ln v for each positive int v (0 gives 0): arb at 80 bits rounded to binary64, one log per distinct
    value, with ζ0 such that |logs[k] − ln v_k| <= ζ0 for every k."""
    logs = np.zeros(len(values))
    zeta0 = 0.0
    old = flint.ctx.prec
    flint.ctx.prec = 80
    try:
        for k, v in enumerate(values):
            if v > 0:
                ball = flint.arb(int(v)).log()
                f = float(ball)
                logs[k] = f
                zeta0 = max(zeta0, 2 * UNIT_ROUNDOFF * abs(f) + 2 * float(ball.rad()))
    finally:
        flint.ctx.prec = old
    return logs, zeta0


def _kl_table(c: ValueCodes) -> tuple[np.ndarray, float]:
    """The float table t_ab ≈ (V_a/L) ln(V_a/V_b) over code pairs (0 where V_a or V_b is 0) and ζ with
    |t_ab − true| <= ζ for every entry.

    One certified log per distinct value (K of them; not two per pair of values, which cost K² arb logs:
    81% of kl_dp on tie-heavy mechanisms with hundreds of values), then three float operations per entry.
    Error: with |l_a − ln V_a| <= ζ0, w = V_a/L <= 1 and each operation rounding by (1 + δ), |δ| <= u,
    fl(fl(w)·fl(l_a − l_b)) = w (ln V_a − ln V_b + e)(1 + δ1)(1 + δ2)(1 + δ3) with |e| <= 2ζ0, so
    |t^ − t| <= 2ζ0(1 + 4u) + 3.01u(|t| + 2ζ0) <= 2.1ζ0 + 4u|t^| (|t| <= |t^| + 2.1ζ0; u = 2^-53)."""
    V = [int(v) for v in c.V[:c.K]]
    logs, zeta0 = _certified_logs(V)
    pos = np.array([v > 0 for v in V])
    w = np.array([v / c.L for v in V])  # correctly rounded V_a/L (int / int division)
    sub = w[:, None] * (logs[:, None] - logs[None, :])
    sub[~pos, :] = 0.0
    sub[:, ~pos] = 0.0
    tab = np.zeros((c.base, c.base))
    tab[:c.K, :c.K] = sub
    zeta = 2.1 * zeta0 + 4 * UNIT_ROUNDOFF * float(np.abs(sub).max(initial=0.0)) + 1e-300
    return tab.ravel(), zeta


class DivergenceScans:
    """KL and integer-order Rényi scans; mixed into ``ScanEngine`` (uses its codes, chunks, rows)."""

    # ----- KL and Rényi: float filter with certified bounds, exact LogForm / Fraction
    def _code_histograms(self, c: ValueCodes, xs, x2s):
        """Exact per-ordered-pair histograms over code pairs (a, b) = (code at x, code at x'),
        deduplicated: returns (list of unique histograms, each [(a·base + b, count), ...] over its
        non-zero bins, list of (x, x') representatives).

        Few codes: dense bincounts (base² bins a pair).  Many codes (base² > 2Y, up to 65,536 bins): the
        pair's code-pair indices sorted, a canonical row of width Y for the same multiset — dense
        histograms of 65,536 bins per candidate pair made kl_dp on tie-heavy mechanisms with hundreds of
        values grow like N^3 (issue 24)."""
        KK = c.base * c.base
        seen: dict = {}
        sparse = KK > 2 * self.Y
        step = max(1, BLOCK_ENTRIES // max(self.Y if sparse else KK, self.Y))
        for s in range(0, len(xs), step):
            xa, xb = xs[s:s + step], x2s[s:s + step]
            idx = pair_codes(c, xa, xb).astype(np.int64)
            if sparse:
                U, first = unique_rows(np.sort(idx, axis=1))
            else:
                off = (np.arange(len(xa), dtype=np.int64) * KK)[:, None]
                H = np.bincount((idx + off).ravel(), minlength=len(xa) * KK).reshape(len(xa), KK)
                U, first = unique_rows(H)
            for row, f in zip(U, first):
                key = row.tobytes()
                if key not in seen:
                    if sparse:
                        ks, counts = np.unique(row, return_counts=True)
                        hist = list(zip(ks.tolist(), counts.tolist()))
                    else:
                        nz = np.flatnonzero(row)
                        hist = list(zip(nz.tolist(), row[nz].tolist()))
                    seen[key] = (hist, (int(xa[f]), int(xb[f])))
        return [v[0] for v in seen.values()], [v[1] for v in seen.values()]

    def kl(self, pairs):
        """(LogForm | oo, (x, x')): exact max over ordered pairs of D(P_x ‖ P_x')."""
        if len(pairs) == 0:
            return None, None
        gap = self.support_gap(pairs)
        if gap is not None:
            return OO, gap[:2]
        c = self.codes
        if c is not None:
            return self._kl_codes(c, pairs)
        return self._kl_float(pairs)

    def _kl_codes(self, c: ValueCodes, pairs):
        L = c.L
        KK = c.base * c.base
        tab, zeta = _kl_table(c)
        perm = np.arange(KK).reshape(c.base, c.base).T.ravel()  # (a, b) -> (b, a)
        bwd = tab[perm]
        cmax = float(np.abs(tab).max())
        # Per pair: Y table errors plus summation (Higham: <= γ_Y Σ|t| <= 1.01 Y u · Y cmax).
        err = 2.0 * (self.Y * zeta + 1.01 * (self.Y + 2) * UNIT_ROUNDOFF * self.Y * cmax) + 1e-300
        S1, S2 = [], []
        for _, pi, pj in self.chunks(pairs):
            idx = pair_codes(c, pi, pj)
            S1.append(tab[idx].sum(axis=1))
            S2.append(bwd[idx].sum(axis=1))
        S1, S2 = np.concatenate(S1), np.concatenate(S2)
        m = max(float(S1.max()), float(S2.max()))
        r1, r2 = np.flatnonzero(S1 >= m - 2 * err), np.flatnonzero(S2 >= m - 2 * err)
        xs = np.concatenate([pairs[r1, 0], pairs[r2, 1]])
        x2s = np.concatenate([pairs[r1, 1], pairs[r2, 0]])
        hists, reps = self._code_histograms(c, xs, x2s)
        items = []
        for h, rep in zip(hists, reps):
            coef = {}
            for k, n in h:
                a, b = divmod(k, c.base)
                Va, Vb = int(c.V[a]), int(c.V[b])
                if Va == 0:
                    continue
                w = Fraction(n * Va, L)
                coef[Va] = coef.get(Va, 0) + w
                coef[Vb] = coef.get(Vb, 0) - w
            items.append((LogForm(0, logs=coef), rep))
        return exact_max(items)

    def _log_table(self):
        """Certified float logs of the integers in num and den: (sorted ints, logs, zeta)
        with |logs[k] − ln ints[k]| <= zeta for every k."""
        ints = np.unique(np.concatenate([self.num[self.num > 0].ravel(), self.den.ravel()]))
        logs = np.empty(ints.size)
        zeta = 0.0
        old = flint.ctx.prec
        flint.ctx.prec = 80
        try:
            for k, v in enumerate(ints.tolist()):
                ball = flint.arb(int(v)).log()
                f = float(ball)
                logs[k] = f
                zeta = max(zeta, 2 * UNIT_ROUNDOFF * abs(f) + 2 * float(ball.rad()))
        finally:
            flint.ctx.prec = old
        return ints, logs, zeta

    def _kl_float(self, pairs):
        if self.F is None or not self.int64:
            return self._kl_exact_all(pairs)
        F = self.F
        ints, logs, zeta = self._log_table()
        lnum = logs[np.searchsorted(ints, self.num)]
        lden = logs[np.searchsorted(ints, self.den)]
        Lp = np.where(self.num > 0, lnum - lden[:, None], 0.0)  # ln P(y|x), 0 where P = 0
        Lam = float(np.abs(Lp).max())
        dL = 2 * zeta + 2 * UNIT_ROUNDOFF * Lam  # |Lp^ − ln p| <= dL
        # Per pair: Σ_y p_y · 2dL (Σp = 1) from the log errors, plus <= 4u|t| per term and
        # the summation bound γ_Y Σ|t|: err <= 2.02 dL + 1.02 (Y + 6) u Σ|t^|; twice that.
        S1, S2, A1, A2 = [], [], [], []
        for _, pi, pj in self.chunks(pairs):
            d = Lp[pi] - Lp[pj]
            t1 = F[pi] * d
            t2 = F[pj] * (-d)
            S1.append(t1.sum(axis=1))
            S2.append(t2.sum(axis=1))
            A1.append(np.abs(t1).sum(axis=1))
            A2.append(np.abs(t2).sum(axis=1))
        S1, S2, A1, A2 = map(np.concatenate, (S1, S2, A1, A2))
        e1 = 2 * (2.02 * dL + 1.02 * (self.Y + 6) * UNIT_ROUNDOFF * A1)
        e2 = 2 * (2.02 * dL + 1.02 * (self.Y + 6) * UNIT_ROUNDOFF * A2)
        lo = max(float((S1 - e1).max()), float((S2 - e2).max()))
        r1, r2 = np.flatnonzero(S1 + e1 >= lo), np.flatnonzero(S2 + e2 >= lo)
        cand = [(int(pairs[r, 0]), int(pairs[r, 1])) for r in r1] + [(int(pairs[r, 1]), int(pairs[r, 0])) for r in r2]
        return exact_max(self._dedupe_pairs(cand, self._kl_pair))

    def _kl_exact_all(self, pairs):
        cand = [(int(a), int(b)) for a, b in pairs] + [(int(b), int(a)) for a, b in pairs]
        return exact_max(self._dedupe_pairs(cand, self._kl_pair))

    def _signature(self, x, x2):
        """Canonical multiset {(P(y|x), P(y|x'))}: equal signatures give equal divergences."""
        p, q = self.row(x), self.row(x2)
        return tuple(sorted((a, b) for a, b in zip(p, q) if a or b))

    def _dedupe_pairs(self, cand, fn):
        if len(cand) > 1:
            seen = {}
            for pr in cand:
                seen.setdefault(self._signature(*pr), pr)
            cand = list(seen.values())
        return [(fn(x, x2), (x, x2)) for x, x2 in cand]

    def _kl_pair(self, x, x2):
        a, b = self.num[x].tolist(), self.num[x2].tolist()
        D1, D2 = int(self.den[x]), int(self.den[x2])
        # D(P‖Q) = Σ_y (u/D1)·(log u − log D1 − log v + log D2).  Accumulate every coefficient:
        # the keys D1, D2, u, v coincide often (equal row denominators, equal entries), and a
        # dict literal {D2: 1, D1: -1} silently kept only one of them when D1 == D2 (issue 9).
        coef: dict[int, Fraction] = {}
        for key, c in ((D2, Fraction(1)), (D1, Fraction(-1))):
            coef[key] = coef.get(key, Fraction(0)) + c
        for u, v in zip(a, b):
            if u:
                w = Fraction(u, D1)
                coef[u] = coef.get(u, Fraction(0)) + w
                coef[v] = coef.get(v, Fraction(0)) - w
        return LogForm(0, logs=coef)

    # Rényi of integer order k >= 2: Σ_y p^k q^{1-k} is rational
    def renyi_int(self, pairs, k: int):
        """(R | oo, (x, x')): exact max over ordered pairs of Σ_y P_x(y)^k P_x'(y)^{1−k}."""
        if len(pairs) == 0:
            return None, None
        gap = self.support_gap(pairs)
        if gap is not None:
            return OO, gap[:2]
        c = self.codes
        if c is not None:
            return self._renyi_int_codes(c, pairs, k)
        return self._renyi_int_float(pairs, k)

    def _renyi_int_codes(self, c: ValueCodes, pairs, k):
        L, KK = c.L, c.base * c.base
        exact = {}
        tab = np.zeros(KK)
        for a in range(c.K):
            for b in range(c.K):
                Va, Vb = int(c.V[a]), int(c.V[b])
                if Va and Vb:
                    v = Fraction(Va ** k, Vb ** (k - 1) * L)
                    exact[a * c.base + b] = v
                    try:
                        tab[a * c.base + b] = float(v)  # relative error <= u
                    except OverflowError:
                        tab[a * c.base + b] = math.inf
        perm = np.arange(KK).reshape(c.base, c.base).T.ravel()
        bwd = tab[perm]
        if np.isfinite(tab).all():
            S1, S2 = [], []
            for _, pi, pj in self.chunks(pairs):
                idx = pair_codes(c, pi, pj)
                S1.append(tab[idx].sum(axis=1))
                S2.append(bwd[idx].sum(axis=1))
            S1, S2 = np.concatenate(S1), np.concatenate(S2)
            m = max(float(S1.max()), float(S2.max()))
        else:
            m = math.inf
        if math.isfinite(m):
            # positive terms, table error <= u each, summation <= 1.01 Y u: relative error
            # eta = 1.02 (Y + 2) u of every pair sum; keep S (1 + eta) >= m (1 - eta), twice.
            eta = 2 * 1.02 * (self.Y + 2) * UNIT_ROUNDOFF
            thr = m * (1 - eta) / (1 + eta)
            r1, r2 = np.flatnonzero(S1 >= thr), np.flatnonzero(S2 >= thr)
        else:
            r1 = r2 = np.arange(len(pairs))
        xs = np.concatenate([pairs[r1, 0], pairs[r2, 1]])
        x2s = np.concatenate([pairs[r1, 1], pairs[r2, 0]])
        hists, reps = self._code_histograms(c, xs, x2s)
        best = None
        for h, rep in zip(hists, reps):
            s = sum((n * exact[i] for i, n in h if i in exact), Fraction(0))
            if best is None or s > best[0]:
                best = (s, rep)
        return best

    def _renyi_pair_int(self, x, x2, k):
        p, q = self.row(x), self.row(x2)
        acc = {}
        for a, b in zip(p, q):
            if a:
                acc[b] = acc.get(b, 0) + a ** k
        return sum((s / b ** (k - 1) for b, s in acc.items()), Fraction(0))

    def _renyi_int_float(self, pairs, k):
        F = self.F
        if F is None:
            return self._renyi_int_exact(pairs, k)
        S1, S2 = [], []
        for _, pi, pj in self.chunks(pairs):
            Fi, Fj = F[pi], F[pj]
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                for R_, Fa, out in ((Fi / Fj, Fi, S1), (Fj / Fi, Fj, S2)):
                    R_ = np.where(Fa > 0, R_, 0.0)
                    acc = Fa.copy()
                    for _ in range(k - 1):
                        acc = acc * R_
                    out.append(acc.sum(axis=1))
        S1, S2 = np.concatenate(S1), np.concatenate(S2)
        m = max(float(S1.max()), float(S2.max()))
        if not math.isfinite(m):
            return self._renyi_int_exact(pairs, k)
        # term p (p/q)^(k-1): ratio 3.01u, k-1 products u each, each ratio factor 3.01u:
        # relative error <= (4.02 k + 1) u; summation of positive terms adds 1.01 Y u.
        eta = 2 * (4.02 * k + 2 + 1.01 * self.Y) * UNIT_ROUNDOFF
        thr = m * (1 - eta) / (1 + eta)
        r1, r2 = np.flatnonzero(S1 >= thr), np.flatnonzero(S2 >= thr)
        cand = [(int(pairs[r, 0]), int(pairs[r, 1])) for r in r1] + [(int(pairs[r, 1]), int(pairs[r, 0])) for r in r2]
        items = self._dedupe_pairs(cand, lambda x, x2: self._renyi_pair_int(x, x2, k))
        return max(items, key=lambda it: it[0])

    def _renyi_int_exact(self, pairs, k):
        cand = [(int(a), int(b)) for a, b in pairs] + [(int(b), int(a)) for a, b in pairs]
        items = self._dedupe_pairs(cand, lambda x, x2: self._renyi_pair_int(x, x2, k))
        return max(items, key=lambda it: it[0])

    def distinct_pairs(self, pairs):
        """The distinct ordered pairs as multisets {(P(y|x), P(y|x')): count} (both zero
        omitted), each with a representative (x, x'); equal multisets have equal divergences.
        Value codes: exact histograms of code pairs; otherwise exact row signatures."""
        xs = np.concatenate([pairs[:, 0], pairs[:, 1]])
        x2s = np.concatenate([pairs[:, 1], pairs[:, 0]])
        c = self.codes
        out = []
        if c is not None:
            hists, reps = self._code_histograms(c, xs, x2s)
            for h, rep in zip(hists, reps):
                ms = {}
                for k, n in h:
                    a, b = divmod(k, c.base)
                    p, q = Fraction(int(c.V[a]), c.L), Fraction(int(c.V[b]), c.L)
                    if p or q:
                        ms[(p, q)] = ms.get((p, q), 0) + n
                out.append((ms, rep))
            return out
        seen = {}
        for x, x2 in zip(xs.tolist(), x2s.tolist()):
            ms = {}
            for pq in zip(self.row(x), self.row(x2)):
                if pq[0] or pq[1]:
                    ms[pq] = ms.get(pq, 0) + 1
            seen.setdefault(tuple(sorted(ms.items())), (ms, (x, x2)))
        return list(seen.values())
