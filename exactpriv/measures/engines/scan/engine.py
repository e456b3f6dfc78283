"""The exact scan engine of the divergence measures: max over pairs of rows of a rational
mechanism, decided without floating point.

Users: :mod:`exactpriv.measures.divergence` (pure DP, TV-DP, KL-DP, Rényi-DP, group privacy,
free lunch) and :mod:`exactpriv.measures.approx` (the exact δ(ε) profile).

Algorithm and why
-----------------
Every measure built on it is  max over ordered pairs (x, x') of a divergence between the rows
P(.|x) and P(.|x') of a rational mechanism.  Rows are read through
``Mechanism.integer_rows()``: P(y|x) = num[x, y] / den[x] with int64 numerators.  Two scan
strategies, both exact, are chosen per mechanism (:class:`ScanEngine`):

* **value codes** (few distinct entries, e.g. the exponential mechanism E_d: 7 values in a
  729 x 729 matrix).  Entries are scaled to a common denominator L and replaced by their
  rank among the K ≤ 256 distinct values (a uint8 "code"; codes are ordered like the values).
  A pair of rows is then a row of code pairs (a, b); pure DP needs only *which* code pairs
  occur (one ``bincount``), and the exact max of V_a/V_b over those K² candidates;
  E_γ needs per-pair sums of an exact integer table f(a, b) = max(0, V_a·g_d − g_n·V_b)
  (common denominator L·g_d, so the argmax is an exact integer argmax).  No float at all,
  and no tie problem: exponential mechanisms have massive exact ties (PITFALLS.md), which
  this representation collapses instead of comparing them one by one.
* **float filter + exact decision** (generic matrices, e.g. random rationals with distinct
  row denominators).  Float ratios/sums select candidates under a *proved* error margin
  (stated next to each use: every float entry is num/den correctly rounded, relative error
  ≤ u = 2^-53, and the arithmetic after it adds a bounded number of roundings); the exact
  value of every candidate is computed with int64 cross-multiplication (Python ints when
  int64 could overflow) and the maximum is decided by
  :func:`exactpriv.exact.kernel.exact_argmax_fractions`.  Floats never decide.

Divergences involving logarithms (KL, Rényi) are exact :class:`LogForm` s for the
candidates, compared by :func:`exactpriv.exact.kernel.compare` (exact equality by prime
factorisation, order by certified ``arb``); the float filter uses logs of integers computed
in ``arb`` and rounded with an explicit error bound, summed with Higham's bound
|fl(Σ t) − Σ t| ≤ γ_n Σ|t|, never ``numpy.log`` (whose accuracy is not specified).

Timings (bench/bench_pure_dp.py, 729 x 729 on D^6, loaded 2-core machine, medians): pure DP
of E_d 42 ms vs 79 ms for the float64 reference scan (0.5x; codes path), of a random rational
mechanism 116 ms vs 112 ms (1.05x; float filter path); δ at e^ε = 3/2: 70 vs 105 ms and
203 vs 184 ms.

Conventions: 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.mechanisms.base import Mechanism

from exactpriv.measures.engines.scan.codes import BLOCK_ENTRIES, MAX_CODES, UNIT_ROUNDOFF, chunked_bincount, ValueCodes, pair_codes
from exactpriv.errors import refuse_symbolic
from exactpriv.measures.engines.scan.kl_renyi import DivergenceScans
from exactpriv.exact.numbers import OO

__all__: list[str] = []  # private module: its names are imported by divergence and approx


class ScanEngine(DivergenceScans):
    """Exact max-over-pairs scans of one rational Mechanism (see the module docstring)."""

    def __init__(self, M: Mechanism):
        refuse_symbolic(M, "this measure")
        self.M = M
        self.num, self.den = M.integer_rows()
        self.N, self.Y = self.num.shape
        self.int64 = self.num.dtype == np.int64
        self.dmax = int(self.den.max())
        # every float entry num/den is a normal binary64 number (>= 2^-1000) when den < 2^1000
        self.F = M.to_numpy() if self.dmax.bit_length() < 1000 else None
        self._codes = False
        self._zero = None
        self._no_zero = None

    # ----- representation helpers
    @property
    def codes(self) -> ValueCodes | None:
        if self._codes is False:
            self._codes = self._build_codes()
        return self._codes

    def _build_codes(self):
        if not self.int64:
            return None
        num, den = self.num, self.den
        if (den == den[0]).all():
            L, V = int(den[0]), num
        else:
            L = 1
            for d in np.unique(den).tolist():
                L = math.lcm(L, int(d))
                if L >= 1 << 40:
                    return None
            V = num * (L // den)[:, None]  # = P(y|x)·L <= L < 2^40
        if L < (1 << 22) and L < 8 * V.size:
            # a table over 0..L when L is not far above the number of entries; otherwise sorting the entries
            # (below) is the cheaper way to the same codes (the table's cumsum over a few million places took
            # ~2% of verify for a few hundred entries); tests/measures/test_scan_codes.py compares both
            present = np.zeros(L + 1, dtype=bool)
            present[V.ravel()] = True
            K = int(present.sum())
            if K > MAX_CODES:
                return None
            table = (np.cumsum(present) - 1).astype(np.uint8)
            codes = table[V]
            vals = np.flatnonzero(present).astype(np.int64)
        else:
            if np.unique(V[0]).size > MAX_CODES:
                return None
            vals, inv = np.unique(V, return_inverse=True)
            K = int(vals.size)
            if K > MAX_CODES:
                return None
            codes = inv.reshape(V.shape).astype(np.uint8)
            vals = vals.astype(np.int64)
        return ValueCodes(codes, vals, L, K, 16 if K <= 16 else K)

    @property
    def no_zero(self) -> bool:
        """True when no entry is 0 (then no float ratio is 0/0)."""
        if self._no_zero is None:
            self._no_zero = not bool(self.zero.any())
        return self._no_zero

    @property
    def zero(self) -> np.ndarray:
        if self._zero is None:
            self._zero = self.num == 0
        return self._zero

    def chunks(self, pairs):
        step = max(1, BLOCK_ENTRIES // max(self.Y, 1))
        for s in range(0, len(pairs), step):
            yield s, pairs[s:s + step, 0], pairs[s:s + step, 1]

    def prob(self, x, y) -> Fraction:
        return Fraction(int(self.num[x, y]), int(self.den[x]))

    def row(self, x) -> list[Fraction]:
        d = int(self.den[x])
        return [Fraction(int(v), d) for v in self.num[x].tolist()]

    # ----- support gaps: some y with P(y|x) > 0 = P(y|x')
    def support_gap(self, pairs):
        """First ordered (x, x', y) with P(y|x) > 0 = P(y|x'), or None."""
        Z = self.zero
        for _, pi, pj in self.chunks(pairs):
            zi, zj = Z[pi], Z[pj]
            for a, b, fwd in ((zi, zj, True), (zj, zi, False)):
                hit = np.flatnonzero((~a & b).ravel())
                if hit.size:
                    r, y = divmod(int(hit[0]), self.Y)
                    return (int(pi[r]), int(pj[r]), y) if fwd else (int(pj[r]), int(pi[r]), y)
        return None

    # ----- pure DP: max ratio
    def max_ratio(self, pairs):
        """(value, (x, x', y)): exact max over ordered pairs and outputs of P(y|x)/P(y|x')
        (Fraction, or sympy.oo on a support gap); (None, None) for no pairs."""
        if len(pairs) == 0:
            return None, None
        c = self.codes
        if c is not None:
            return self._max_ratio_codes(c, pairs)
        return self._max_ratio_float(pairs)

    def _max_ratio_codes(self, c: ValueCodes, pairs):
        KK = c.base * c.base
        counts = np.zeros(KK, dtype=np.int64)
        kept = []  # idx blocks kept for locating the witness without recomputing them
        for s, pi, pj in self.chunks(pairs):
            idx = pair_codes(c, pi, pj)
            counts += chunked_bincount(idx.ravel(), KK)
            if len(kept) < 4:
                kept.append((s, idx))
        pres = counts.reshape(c.base, c.base)[:c.K, :c.K] > 0
        pres = pres | pres.T  # both orientations of every pair
        a, b = np.nonzero(pres)
        Va, Vb = c.V[a], c.V[b]
        inf = (Vb == 0) & (Va > 0)
        if inf.any():
            k = int(np.argmax(inf))
            value = OO
        else:
            ok = np.flatnonzero(Vb > 0)
            kk, value = exact_argmax_fractions(Va[ok], Vb[ok])  # V/L: the common L cancels
            k = int(ok[kk])
        return value, self._locate_codes(c, pairs, int(a[k]), int(b[k]), kept)

    def _locate_codes(self, c: ValueCodes, pairs, a, b, kept=()):
        """First ordered (x, x', y) of ``pairs`` with codes (a, b) at y."""
        kept = dict(kept)
        for target, fwd in ((a * c.base + b, True), (b * c.base + a, False)):
            for s, pi, pj in self.chunks(pairs):
                idx = kept[s] if s in kept else pair_codes(c, pi, pj)
                flat = idx.ravel() == target
                h = int(np.argmax(flat))  # first True (argmax of a bool array stops there)
                if flat[h]:
                    r, y = divmod(h, self.Y)
                    return (int(pi[r]), int(pj[r]), y) if fwd else (int(pj[r]), int(pi[r]), y)
        raise AssertionError("code pair vanished")  # pragma: no cover

    def _exact_ratio_arrays(self, xs, x2s, ys):
        """Exact fractions P(y|x)/P(y|x') as (n, d) integer arrays."""
        if self.dmax < (1 << 31) and self.int64:
            n = self.num[xs, ys] * self.den[x2s]
            d = self.num[x2s, ys] * self.den[xs]
        else:
            n = self.num[xs, ys].astype(object) * self.den[x2s].astype(object)
            d = self.num[x2s, ys].astype(object) * self.den[xs].astype(object)
        return n, d

    def _max_ratio_log2(self, pairs):
        """The float filter in log2 space, for entries below float range (denominators >= 2^1000).

        Margin: ``math.log2`` of a Python int n = m·2^e (frexp, m correctly rounded) is within
        2u + u·|log2 n| of the truth, so an entry's L = log2(num) − log2(den) is within
        ε_L = 2(2u + u·B) + u·B with B the largest |log2| of a numerator or denominator, and a
        difference L_x − L_x' within 2ε_L + u·2B.  Candidates are the entries with difference
        >= (float max) − 2·(2ε_L + 2uB)·(1 + 2^-20); the exact maximum is among them.
        """
        num, den = self.num, self.den
        log2 = np.frompyfunc(lambda v: math.log2(v) if v > 0 else -math.inf, 1, 1)
        L = (log2(num).astype(np.float64) - log2(den).astype(np.float64)[:, None])
        B = max(float(max(int(v).bit_length() for v in den.tolist())), 1.0)
        eps_L = 2 * (2 * UNIT_ROUNDOFF + UNIT_ROUNDOFF * B) + UNIT_ROUNDOFF * B
        delta = 2 * (2 * eps_L + 2 * UNIT_ROUNDOFF * B) * (1 + 2.0 ** -20)
        best = None
        for _, pi, pj in self.chunks(pairs):
            Li, Lj = L[pi], L[pj]
            fin_i, fin_j = np.isfinite(Li), np.isfinite(Lj)
            gap = (fin_i & ~fin_j) | (fin_j & ~fin_i)
            if gap.any():  # exact: L is -inf iff the numerator is 0
                return OO, self.support_gap(pairs)
            with np.errstate(invalid="ignore"):
                D = np.where(fin_i & fin_j, Li - Lj, np.nan)
            m = max(float(np.fmax.reduce(D, axis=None)), float(-np.fmin.reduce(D, axis=None)))
            xs, x2s, ys = [], [], []
            for sign, fwd in ((1.0, True), (-1.0, False)):
                rr, yy = np.nonzero(sign * D >= m - delta)
                xs.append(pi[rr] if fwd else pj[rr])
                x2s.append(pj[rr] if fwd else pi[rr])
                ys.append(yy)
            xs, x2s, ys = np.concatenate(xs), np.concatenate(x2s), np.concatenate(ys)
            n, d = self._exact_ratio_arrays(xs, x2s, ys)
            k, val = exact_argmax_fractions(n, d)
            if best is None or val > best[0]:
                best = (val, (int(xs[k]), int(x2s[k]), int(ys[k])))
        return best

    def _max_ratio_float(self, pairs):
        if self.F is None:
            return self._max_ratio_log2(pairs)
        F = self.F
        best = None
        # Margin: each F entry is num/den correctly rounded (relative error <= u); one more
        # rounding in the division gives |r^ - r| <= 3.01u r.  If r* is the true maximum and m
        # the float maximum, r^* >= m (1 - 3.01u)/(1 + 3.01u) >= m (1 - 6.1u), and the computed
        # threshold m (1 - 2^-40)(1 + u) is below that: every true maximiser is a candidate.
        # One division per entry: max_y Fj/Fi = 1/min_y Fi/Fj (one more rounding, so the
        # reverse direction has |r^ - r| <= 4.01u r, still far inside the 2^-40 slack).  With
        # no zero entry there is no 0/0 NaN and the plain max/min reductions are used.
        no_zero = self.no_zero
        for _, pi, pj in self.chunks(pairs):
            Fi, Fj = F[pi], F[pj]
            with np.errstate(divide="ignore", invalid="ignore"):
                R1 = Fi / Fj
                if no_zero:
                    m1 = R1.max(axis=1)
                    m2 = 1.0 / R1.min(axis=1)
                else:
                    m1 = np.fmax.reduce(R1, axis=1)  # fmax ignores the NaN of 0/0 (ignored ratios)
                    m2 = 1.0 / np.fmin.reduce(R1, axis=1)
            m = max(float(np.fmax.reduce(m1)), float(np.fmax.reduce(m2)))
            if m == math.inf:  # exact: F == 0 iff num == 0 (no underflow, see __init__)
                return OO, self.support_gap(pairs)
            thr = m * (1.0 - 2.0 ** -40)
            xs, x2s, ys = [], [], []
            for mm, fwd in ((m1, True), (m2, False)):
                rows = np.flatnonzero(mm >= thr)
                if rows.size:
                    with np.errstate(divide="ignore", invalid="ignore"):
                        R = R1[rows] if fwd else Fj[rows] / Fi[rows]
                    rr, yy = np.nonzero(R >= thr)
                    rr = rows[rr]
                    xs.append(pi[rr] if fwd else pj[rr])
                    x2s.append(pj[rr] if fwd else pi[rr])
                    ys.append(yy)
            xs, x2s, ys = np.concatenate(xs), np.concatenate(x2s), np.concatenate(ys)
            n, d = self._exact_ratio_arrays(xs, x2s, ys)
            k, val = exact_argmax_fractions(n, d)
            if best is None or val > best[0]:
                best = (val, (int(xs[k]), int(x2s[k]), int(ys[k])))
        return best

    # ----- free lunch: all pairs via column extremes
    def column_extremes(self):
        """Exact (argmax row, argmin row) of every column of P, as two int arrays."""
        c = self.codes
        if c is not None:
            return np.argmax(c.codes, axis=0), np.argmin(c.codes, axis=0)
        hi, lo = np.empty(self.Y, np.int64), np.empty(self.Y, np.int64)
        F = self.F
        cmax, cmin = F.max(axis=0), F.min(axis=0)
        # Margin: F has relative error <= u per entry, so the true column max has float value
        # >= cmax (1-u)/(1+u) > cmax (1 - 2^-50); symmetric for the min.
        for y in range(self.Y):
            col = F[:, y]
            for out, extreme, sel in ((hi, 1, col >= cmax[y] * (1 - 2.0 ** -50)),
                                      (lo, -1, col <= cmin[y] * (1 + 2.0 ** -50))):
                rows = np.flatnonzero(sel)
                n = self.num[rows, y] if extreme == 1 else -self.num[rows, y].astype(object)
                k, _ = exact_argmax_fractions(n, self.den[rows])
                out[y] = rows[k]
        return hi, lo

    # ----- hockey-stick divergence E_gamma
    def hockey(self, pairs, g: Fraction):
        """(value, (x, x'), event, A, B): exact max over ordered pairs of E_g(P_x‖P_x') with
        the event S = {y : P(y|x) > g P(y|x')}, A = P_x(S), B = P_x'(S), value = A − gB."""
        if len(pairs) == 0:
            return Fraction(0), None, [], Fraction(0), Fraction(0)
        g = Fraction(g)
        c = self.codes
        if c is not None and c.L * max(g.numerator, g.denominator) < (1 << 62):
            x, x2 = self._hockey_codes(c, pairs, g)
        else:
            x, x2 = self._hockey_float(pairs, g)
        return self._hockey_pair(x, x2, g)

    def _hockey_pair(self, x, x2, g):
        p, q = self.row(x), self.row(x2)
        S = [y for y in range(self.Y) if p[y] > g * q[y]]
        A = sum((p[y] for y in S), Fraction(0))
        B = sum((q[y] for y in S), Fraction(0))
        return A - g * B, (x, x2), S, A, B

    def _hockey_codes(self, c: ValueCodes, pairs, g):
        gn, gd = g.numerator, g.denominator
        V = c.V
        KK = c.base * c.base
        fwd = np.zeros(KK, dtype=np.int64)
        bwd = np.zeros(KK, dtype=np.int64)
        a, b = np.divmod(np.arange(KK), c.base)
        ok = (a < c.K) & (b < c.K)
        Va, Vb = V[a[ok]], V[b[ok]]
        # exact numerators over the common denominator L·g_d; sums <= L·g_d < 2^62
        fwd[ok] = np.maximum(Va * gd - gn * Vb, 0)
        bwd[ok] = np.maximum(Vb * gd - gn * Va, 0)
        best, arg = -1, None
        for _, pi, pj in self.chunks(pairs):
            idx = pair_codes(c, pi, pj)
            for table, orient in ((fwd, True), (bwd, False)):
                s = table[idx].sum(axis=1)
                k = int(np.argmax(s))
                if int(s[k]) > best:
                    best = int(s[k])
                    arg = (int(pi[k]), int(pj[k])) if orient else (int(pj[k]), int(pi[k]))
        return arg

    def _hockey_float(self, pairs, g):
        # Entries below float range (denominators >= 2^1000) are correctly rounded to
        # subnormals or 0 by int/int division: absolute error <= 2^-1075 each, which the
        # bound below absorbs (the ratio scans cannot, hence self.F is None there).
        underflow = self.F is None
        F = self.M.to_numpy() if underflow else self.F
        try:
            gf = float(g)  # correctly rounded: relative error <= u
        except OverflowError:
            gf = math.inf
        if not math.isfinite(gf) or gf > 2.0 ** 900:
            return self._hockey_exact_scan(pairs, g)
        # Margin: P^ = p(1+θ), Q^ = q(1+θ), g^ = g(1+θ) (|θ| <= u); fl(g^Q^) errs by <= 3.01u g q,
        # the subtraction by <= u(p + g q); max(0, .) is 1-Lipschitz; the sum of Y terms adds
        # <= 1.01 Y u Σ|term| <= 1.01 Y u Σ p.  With Σp = Σq = 1 the total error of a pair's
        # value is <= u (Y + 3 + 4.1 g) (1.01); we use twice that.
        bound = 2.0 * UNIT_ROUNDOFF * (self.Y + 8.0 + 8.0 * gf)
        if underflow:  # each term max(0, p - g q) moves by <= 2^-1075 (1 + g) more
            bound += 2.0 * self.Y * (1.0 + gf) * 2.0 ** -1074
        T1, T2 = [], []
        for _, pi, pj in self.chunks(pairs):
            Fi, Fj = F[pi], F[pj]
            T1.append(np.maximum(Fi - gf * Fj, 0.0).sum(axis=1))
            T2.append(np.maximum(Fj - gf * Fi, 0.0).sum(axis=1))
        T1, T2 = np.concatenate(T1), np.concatenate(T2)
        m = max(float(T1.max()), float(T2.max()))
        thr = m - 2.0 * bound
        r1, r2 = np.flatnonzero(T1 >= thr), np.flatnonzero(T2 >= thr)
        xs = np.concatenate([pairs[r1, 0], pairs[r2, 1]])
        x2s = np.concatenate([pairs[r1, 1], pairs[r2, 0]])
        k = self._exact_hockey_argmax(xs, x2s, g)
        return int(xs[k]), int(x2s[k])

    def _exact_hockey_argmax(self, xs, x2s, g):
        """Index k of the exact max of E_g(P_xs[k] ‖ P_x2s[k]) (vectorised integers)."""
        gn, gd = g.numerator, g.denominator
        safe = self.int64 and self.dmax * self.dmax * max(gn, gd) < (1 << 62)
        best_k, best = None, None
        step = max(1, BLOCK_ENTRIES // max(self.Y, 1))
        for s in range(0, len(xs), step):
            xa, xb = xs[s:s + step], x2s[s:s + step]
            a, b = self.num[xa], self.num[xb]
            D1, D2 = self.den[xa][:, None], self.den[xb][:, None]
            if not safe:
                a, b, D1, D2 = (v.astype(object) for v in (a, b, D1, D2))
                gn_, gd_ = gn, gd
            else:
                gn_, gd_ = np.int64(gn), np.int64(gd)
            t = a * D2 * gd_ - gn_ * b * D1  # numerator of P(y) - g Q(y) over D1·D2·g_d
            S = np.where(t > 0, t, 0).sum(axis=1)
            dd = (D1 * D2)[:, 0] * gd_
            k, val = exact_argmax_fractions(S, dd)
            if best is None or val > best:
                best, best_k = val, s + k
        return best_k

    def _hockey_exact_scan(self, pairs, g):
        xs = np.concatenate([pairs[:, 0], pairs[:, 1]])
        x2s = np.concatenate([pairs[:, 1], pairs[:, 0]])
        k = self._exact_hockey_argmax(xs, x2s, g)
        return int(xs[k]), int(x2s[k])

    def hockey_limit(self, pairs):
        """(value, (x, x'), event): max over ordered pairs of P_x({y : P(y|x') = 0}), the
        limit of E_γ as γ → ∞ (0 iff all pairs are mutually absolutely continuous)."""
        if len(pairs) == 0:
            return Fraction(0), None, []
        xs = np.concatenate([pairs[:, 0], pairs[:, 1]])
        x2s = np.concatenate([pairs[:, 1], pairs[:, 0]])
        best, arg = None, None
        step = max(1, BLOCK_ENTRIES // max(self.Y, 1))
        for s in range(0, len(xs), step):
            xa, xb = xs[s:s + step], x2s[s:s + step]
            S = np.where(self.zero[xb], self.num[xa], 0).sum(axis=1)
            k, val = exact_argmax_fractions(S, self.den[xa])
            if best is None or val > best:
                best, arg = val, (int(xa[k]), int(xb[k]))
        x, x2 = arg
        ev = [y for y in range(self.Y) if self.num[x, y] > 0 and self.num[x2, y] == 0]
        return best, arg, ev
