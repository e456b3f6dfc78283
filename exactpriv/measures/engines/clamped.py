"""Pure ε and the δ(ε) profile of clamped-noise mechanisms on counts, from their shift structure.

A :class:`~exactpriv.mechanisms.clamped.ClampedNoiseMechanism` releases clamp(c + Z, 0, n); along
an edge (c, c+1) of the path of counts the two rows are the same window shifted by one, so in
output column z the likelihood ratio is

    interior 0 < z < n:  P(z|c)/P(z|c+1) = W[k]/W[k−1]         (k = z − c, one ratio per k),
    z = 0:               L[c]/L[c+1],        z = n:  U[n−c]/U[n−c−1].

Algorithm and why
-----------------
*Pure ε* (max over ordered neighbours and outputs of the ratio): the interior ratios depend on k
only, so the (n+1)·n·2 ratios of the dense scan collapse to the 2(2n−2) consecutive window
ratios and 4n tail ratios.  Entries are integers over one denominator with up to n·log2(e^ε)
bits (10^4 digits at n = 10^4), far beyond float range, and exact products of two of them cost
~0.5 ms; so the maximum is found by a float filter in log2 space with a proved margin
(``math.log2`` of a Python int is within 2.5u + u·|log2 n| of the truth, u = 2^-53: frexp rounds
the mantissa correctly, libm's log2 of it errs by < 1 ulp, adding the exponent rounds once), and the
candidates are decided exactly against the best one *reduced to lowest terms* p/q: a candidate
a/b beats it iff a·q > p·b — big-by-small products, cheap even when all 4n ratios tie (the
geometric mechanism, where every ratio is e^{±ε}).

*δ(γ)* (γ = e^ε rational) for the ordered pair (c, c+1) is
    Σ_{k=1−c}^{n−1−c} max(0, W[k] − γW[k−1]) + max(0, L[c] − γL[c+1]) + max(0, U[n−c] − γU[n−c−1])
(and symmetrically for (c+1, c)); the interior part is a difference of two prefix sums of the
per-k terms, so all 2n ordered pairs cost O(n) big-integer operations, all exact over the common
denominator D·γ_den: the maximum is an exact integer maximum.  The profile's pieces come from
the chord method of :class:`exactpriv.measures.approx.ApproxDPProfile` run on this oracle.

*Symbolic families* (entries C_kind(t)·t^e, t = e^{s·ε}, each C certified > 0 for ε > 0 when the
mechanism was built): the ratio in a column is t^{Δe} exactly, so pure ε is max |Δe|·s·ε — an
integer maximum, valid for every ε > 0 (no per-entry sympy work).

The structured path is taken for the pairs (c, c+j), 1 <= j <= k, of the path of counts: the neighbours
(pure_dp, approx_dp; k = 1) and the pairs at distance <= k (group_privacy, group_approx_dp): a pair at
distance j compares the window with itself shifted by j (ratio W[k]/W[k−j] in column c + k, tails L[c]/L[c+j]
and U[n−c]/U[n−c−j]), O(n·k) in all.  Other pair sets read the dense matrix (size-checked).
Differential tests against the dense engine and the reference evaluator:
``tests/measures/test_clamped.py``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.exact.numbers import EPS, OO
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism
from exactpriv.spaces import pairs_array

__all__ = ["ClampedEngine", "clamped_engine", "shifted_pairs"]

_U = 2.0 ** -53  # unit roundoff of binary64


def clamped_engine(M, pairs) -> "ClampedEngine | None":
    """The structured engine when M is a ClampedNoiseMechanism and ``pairs`` are exactly the
    neighbour pairs (c, c+1) of its counts (either orientation, any order); else None."""
    if not isinstance(M, ClampedNoiseMechanism):
        return None
    arr = pairs_array(pairs)
    if len(arr) == 0:
        return None
    lo, hi = arr.min(axis=1), arr.max(axis=1)
    gap = hi - lo
    k = int(gap.max())
    if int(gap.min()) < 1 or k >= M.n + 1 or len(arr) != sum(M.n + 1 - j for j in range(1, k + 1)):
        return None
    # exactly the pairs (c, c + j), 1 <= j <= k (group privacy at distance <= k; k = 1: the neighbours)
    key = np.sort(lo * (M.n + 1) + gap)
    want = np.sort(np.concatenate([np.arange(M.n + 1 - j) * (M.n + 1) + j for j in range(1, k + 1)]))
    if not np.array_equal(key, want):
        return None
    return ClampedEngine(M, shifts=k)


def shifted_pairs(n: int, k: int) -> np.ndarray:
    """The pairs (c, c + j), 1 <= j <= k, of counts 0..n: those at distance <= k on the path of counts,
    without its (n+1)² distance matrix."""
    return np.concatenate([np.stack([np.arange(n + 1 - j), np.arange(j, n + 1)], axis=1)
                           for j in range(1, k + 1)]).astype(np.int64)


class ClampedEngine:
    """Exact max ratio and E_γ oracle over the neighbour pairs of a clamped-noise mechanism
    (module doc); same contracts as the dense :class:`exactpriv.measures.engines.scan.engine.ScanEngine`."""

    method = ("exact: shift structure of clamped noise (O(n) consecutive ratios, log2 filter with a proved "
              "margin, exact big-by-small comparisons)")
    symbolic_method = "symbolic: shift structure of a certified family (each neighbour ratio is a power of t)"

    def __init__(self, M: ClampedNoiseMechanism, *, shifts: int = 1):
        self.M, self.n, self.shifts = M, M.n, shifts

    # ----- the columns of the pairs (c, c+j), 1 <= j <= shifts: (entry at c, entry at c+j, c, z, j).  In an
    # interior column z = c + k the ratio is W[k]/W[k−j] whatever c (the shift structure, module doc), so one
    # column per k (k = 1−(n−j) .. n−1, witness c = max(0, 1−k)); at z = 0 and z = n one per c.
    def _forward(self, W, L, U):
        n = self.n
        for j in range(1, self.shifts + 1):
            for k in range(1 - (n - j), n):
                c = max(0, 1 - k)
                yield W[k + n - 1], W[k - j + n - 1], c, k + c, j
            for c in range(n + 1 - j):
                yield L[c], L[c + j], c, 0, j
            for c in range(n + 1 - j):
                yield U[n - c], U[n - c - j], c, n, j

    # ----- pure ε
    def max_ratio(self, pairs=None):
        """(value, (x, x', y)): exact max over ordered neighbours and outputs of P(y|x)/P(y|x')
        (a Fraction, or sympy.oo on a support gap)."""
        M = self.M
        nums, dens, wit = [], [], []
        for a, b, c, z, j in self._forward(M.window, M.lower, M.upper):
            for p, q, x, x2 in ((a, b, c, c + j), (b, a, c + j, c)):
                if p == 0:
                    continue  # 0/0 ignored; 0/q never exceeds the max (some ratio is >= 1)
                if q == 0:
                    return OO, (x, x2, z)
                nums.append(p)
                dens.append(q)
                wit.append((x, x2, z))
        est = np.array([math.log2(p) - math.log2(q) for p, q in zip(nums, dens)])
        # Margin (module doc): each log2 is within 2.5u + u·B (B >= 1 the largest bit length:
        # frexp rounding 1.45u, libm log2 of the mantissa <= 1u, adding the exponent u·B), the
        # difference within 2(2.5u + uB) + uB = 5u + 3uB <= 8u(B + 1); candidates are those within
        # twice the margin of the float max, so every exact maximiser is among them.
        B = max(max(p.bit_length() for p in nums), max(q.bit_length() for q in dens), 1)
        margin = 8 * _U * (B + 1)
        top = float(est.max())
        cand = np.flatnonzero(est >= top - 2 * margin)
        cand = cand[np.argsort(-est[cand], kind="stable")]
        best = None
        for i in cand.tolist():
            p, q = nums[i], dens[i]
            if best is None or p * best[1] > best[0] * q:
                g = math.gcd(p, q)
                best = (p // g, q // g, i)
        p, q, i = best
        # smallest index among the exact maxima (the same witness whatever the float order)
        i = min(j for j in cand.tolist() if nums[j] * q == p * dens[j])
        return Fraction(p, q), wit[i]

    def symbolic_max_log_ratio(self):
        """(closed form in eps, witness, how) for a certified symbolic family (module doc)."""
        fam, n = self.M.family, self.n
        ew = lambda k: fam.exponent("window", k)  # noqa: E731
        el = lambda j: fam.exponent("lower", j)  # noqa: E731
        eu = lambda j: fam.exponent("upper", j)  # noqa: E731
        W = [ew(k) for k in range(-(n - 1), n)]
        L = [el(j) for j in range(n + 1)]
        U = [eu(j) for j in range(n + 1)]
        best = None
        for a, b, c, z, j in self._forward(W, L, U):
            for d, x, x2 in ((a - b, c, c + j), (b - a, c + j, c)):
                if best is None or d > best[0]:
                    best = (d, x, x2, z)
        d, x, x2, z = best
        s = fam.scale * d
        value = sympy.Rational(s.numerator, s.denominator) * EPS
        return value, {"pair": [x, x2], "output": z}, (
            f"closed form valid for eps > 0: every neighbour ratio is t^e, t = exp({fam.scale}*eps), "
            f"max e = {d}; family certified: {'; '.join(fam.certificates)}")

    # ----- δ(γ)
    def _best_pair(self, term):
        """Max over ordered pairs (c, c+j), 1 <= j <= shifts, of Σ_y term(P(y|x)·D, P(y|x')·D) (integers):
        (value, (x, x')) with the interior part from prefix sums (module doc)."""
        M, n = self.M, self.n
        W, L, U = M.window, M.lower, M.upper
        best, arg = -1, None
        for j in range(1, self.shifts + 1):
            pf, pb = [0], [0]
            for k in range(1 - (n - j), n):  # k - (1 - (n - j)) is the index
                a, b = W[k + n - 1], W[k - j + n - 1]
                pf.append(pf[-1] + term(a, b))
                pb.append(pb[-1] + term(b, a))
            for c in range(n + 1 - j):
                # interior z = 1 .. n−1, i.e. k = 1−c .. n−1−c: prefix indices (1−c) − (1−(n−j)) ..
                lo, hi = n - j - c, 2 * n - 1 - j - c
                vf = pf[hi] - pf[lo] + term(L[c], L[c + j]) + term(U[n - c], U[n - c - j])
                vb = pb[hi] - pb[lo] + term(L[c + j], L[c]) + term(U[n - c - j], U[n - c])
                if vf > best:
                    best, arg = vf, (c, c + j)
                if vb > best:
                    best, arg = vb, (c + j, c)
        return best, arg

    def hockey(self, pairs, g: Fraction):
        """(value, (x, x'), event, A, B): exact max over ordered neighbours of E_g(P_x‖P_x'),
        S = {y : P(y|x) > g P(y|x')}, A = P_x(S), B = P_x'(S), value = A − gB."""
        g = Fraction(g)
        gn, gd = g.numerator, g.denominator

        def term(a, b):
            v = gd * a - gn * b
            return v if v > 0 else 0

        best, (x, x2) = self._best_pair(term)
        D = self.M.denominator
        value = Fraction(best, D * gd)
        rx, rx2 = self.M._rational_row(x), self.M._rational_row(x2)
        S = [y for y in range(self.n + 1) if gd * rx[y] > gn * rx2[y]]
        A, B = Fraction(sum(rx[y] for y in S), D), Fraction(sum(rx2[y] for y in S), D)
        if A - g * B != value:  # two computations of one number: the prefix sums and the event
            raise RuntimeError(f"clamped-noise E_gamma: prefix sums give {value}, the event gives {A - g * B}")
        return value, (x, x2), S, A, B

    def hockey_limit(self, pairs):
        """(value, (x, x'), event): max over ordered neighbours of P_x({y : P(y|x') = 0})."""
        best, (x, x2) = self._best_pair(lambda a, b: a if b == 0 else 0)
        rx, rx2 = self.M._rational_row(x), self.M._rational_row(x2)
        ev = [y for y in range(self.n + 1) if rx[y] > 0 and rx2[y] == 0]
        return Fraction(best, self.M.denominator), (x, x2), ev
