"""MI-DP on large rational mechanisms: which sub-channels can hold the maximum.

MI-DP is max over records i and values x_{-i} of the capacity C(W_{i,x_{-i}}) of the
sub-channel x_i -> P(.|x_i, x_{-i}) (the reduction is proved in
:func:`exactpriv.measures.channel_capacity.mi_dp`).  A 2,187-input mechanism on {0,1,2}^7 has
5,103 sub-channels of 3 x 2,187 entries; certifying each (arb sandwich, ~10-25 ms) took
129 s, while only the few sub-channels near the maximum matter.  This module selects them,
deciding nothing by float:

1. **Exact deduplication** (tie-heavy mechanisms).  When the matrix has at most 256 distinct
   values (value codes over a common denominator, :mod:`exactpriv.measures.engines.scan.engine`), each
   sub-channel's columns are encoded as integers and sorted: equal keys mean channels equal up
   to a permutation of the outputs, hence equal capacities, and one representative is kept.
   The exponential mechanism's 5,103 sub-channels collapse to one.
2. **Float search** (guides only): Blahut–Arimoto with over-relaxation p <- p·exp(2·D),
   batched over all sub-channels of a record with numpy, gives an output pmf q per sub-channel.
3. **Certified upper bound with a proved margin.**  For *any* sub-probability vector q' > 0
   on the support, C <= max_x D(W_x || q'/Σq') = max_x [Σ_y W log W - Σ_y W log q'_y] + log Σq'
   (Cover & Thomas Thm 13.1.1).  We take q'_y = 2^(j_y / 2^s) with integers j_y near
   2^s·log2 q_y, so that Σ_y W(y|x) log q'_y = (ln 2 / 2^s)·J_x / d_x with the *exact* int64
   dot product J_x = Σ_y a_xy j_y (W(y|x) = a_xy / d_x): no float logarithm is trusted.
   Σ_y W log W comes from the certified arb row entropies; Σq' is bounded above from two
   tables of 2^(r / 2^12) and 2^(r / 2^24) computed in arb and rounded up, summed with
   Higham's bound (Σ t <= fl(Σ t) / (1 - γ_{n-1}) for t >= 0), and log Σq' <= Σq' - 1.  The
   remaining float operations (a product, a division, three additions) are covered by a
   relative margin of 16u on each term.  Rounding j_y loosens the bound by <= 2^-24·ln 2.
4. **Filter.**  The sub-channel with the largest float I(p) is measured by the exact path
   (closed form or certified enclosure); its certified lower bound L* rules out every
   sub-channel whose certified upper bound is below L*.  The survivors get more iterations
   and are filtered again; the last survivors go to the exact path of
   :func:`~exactpriv.measures.channel_capacity.mi_dp`, which returns the maximum exactly as
   before (an exact LogForm when closed forms decide it, else a certified enclosure).

Measured (bench/bench_mi_dp.py): see the README's benchmark table.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import flint
import numpy as np

from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.measures.engines.information.channel import ExactChannel, IntegerLogs
from exactpriv.measures.engines.scan.codes import unique_rows

__all__: list[str] = []  # private module: used by exactpriv.measures.channel_capacity

_U = 2.0 ** -53  # unit roundoff of binary64
#: Fractional bits of the exponents j_y (q'_y = 2^(j_y / 2^_S)).
_S = 24
_HALF = _S // 2
#: q_y is floored at 2^-_QMIN_EXP on the support (any positive floor keeps the bound valid).
_QMIN_EXP = 60
#: Mechanisms with at least this many entries take the filter (below, the exact path alone is
#: as fast).  Empirically determined parameter: at 65,536 the random 81- and 243-input mechanisms of
#: bench/bench_mi_dp.py (--d 4, --d 5) took the exact path alone, 2.0 s and 17.9 s, against 0.4 s and
#: 0.7 s filtered with the same enclosure; at 27 inputs (729 entries) both take 2.5 s (issue 24).
FILTER_MIN_ENTRIES = 1 << 12
#: Sub-channel counts at or below this go to the exact path without filtering.
_FEW = 8
#: Float entries per batch of the float search (sub-channels x rows x outputs).
_BATCH = 1 << 22
#: Blahut–Arimoto rounds: iterations per round, and rounds before the survivors go exact.
_ROUND_STEPS = (0, 4, 16, 64, 160)
_MU = 2.0  # over-relaxation of the float search


# ======================================================================================
# sub-channels
# ======================================================================================
def subchannel_index(codes: np.ndarray, i: int) -> np.ndarray | None:
    """(K, k) array of inputs: row r holds the k inputs sharing one x_{-i}, sorted by x_i;
    rows ordered by their smallest input.  None if the groups differ in size."""
    N = codes.shape[0]
    others = np.delete(codes, i, axis=1)
    keys = [codes[:, i]] + [others[:, j] for j in range(others.shape[1] - 1, -1, -1)]
    order = np.lexsort(keys)
    so = others[order]
    starts = np.flatnonzero(np.concatenate([[True], (so[1:] != so[:-1]).any(axis=1)])) if N > 1 else np.array([0])
    sizes = np.diff(np.append(starts, N))
    k = int(sizes[0])
    if (sizes != k).any():
        return None
    idx = order.reshape(-1, k)
    return idx[np.argsort(idx.min(axis=1), kind="stable")]


def _dedupe(idx: np.ndarray, value_codes) -> np.ndarray:
    """Indices of rows of ``idx`` with distinct keys (first of each), see step 1."""
    if value_codes is None or idx.shape[1] > 7 or idx.shape[0] <= 1:
        return np.arange(idx.shape[0])
    c = value_codes.codes
    base = np.int64(max(value_codes.K, 2))
    keys = np.zeros((idx.shape[0], c.shape[1]), dtype=np.int64)
    for r in range(idx.shape[1]):
        keys = keys * base + c[idx[:, r]].astype(np.int64)
    keys.sort(axis=1)
    _, first = unique_rows(keys)
    return np.sort(first)


# ======================================================================================
# certified tables
# ======================================================================================
@lru_cache(maxsize=1)
def _exp2_tables():
    """Floats T_hi[r] >= 2^(r / 2^_HALF) and T_lo[r] >= 2^(r / 2^_S), r < 2^_HALF (arb, rounded up)."""
    def up(ball):
        f = float(ball.mid()) + float(ball.rad())
        return math.nextafter(math.nextafter(f, math.inf), math.inf)
    n = 1 << _HALF
    with flint.ctx.workprec(80):
        hi = [up(flint.arb(2) ** flint.arb(flint.fmpq(r, n))) for r in range(n)]
        lo = [up(flint.arb(2) ** flint.arb(flint.fmpq(r, 1 << _S))) for r in range(n)]
        c = flint.arb(2).log() / (1 << _S)
        c_up = up(c)
    return np.array(hi), np.array(lo), c_up


def _neg_entropy_upper(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """Floats >= Σ_y W(y|x) log W(y|x) for every row (arb row entropies, rounded outwards)."""
    ch = ExactChannel.from_integers(num, den)
    h = ch.row_entropies(128, IntegerLogs(128))
    out = np.empty(len(h))
    for x, ball in enumerate(h):
        # -h_x <= -(mid - rad); the float of the bound is moved up by two ulps
        v = -(float(ball.mid()) - float(ball.rad()))
        out[x] = math.nextafter(math.nextafter(v, math.inf), math.inf)
    return out


def certified_upper(num, den, negH_up, idx, q) -> np.ndarray:
    """Floats U_k >= C(sub-channel k) for the sub-channels ``idx`` (K, k) and float output pmfs
    ``q`` (K, m): the bound of step 3 of the module docstring, with its margin."""
    T_hi, T_lo, c_up = _exp2_tables()
    A = num[idx]  # (K, k, m) int64 numerators
    supp = (A > 0).any(axis=1)  # (K, m)
    m = A.shape[2]
    with np.errstate(divide="ignore"):
        lq = np.log2(np.maximum(q, 2.0 ** -_QMIN_EXP))  # guides the choice of j only
    j = np.floor(lq * (1 << _S))
    j = np.clip(j, -_QMIN_EXP * (1 << _S), 0).astype(np.int64)
    j[~supp] = 0
    # 2^(j / 2^S) = 2^e · 2^(r_hi / 2^HALF) · 2^(r_lo / 2^S),  j = e·2^S + r_hi·2^HALF + r_lo
    e, r = np.divmod(j, 1 << _S)
    r_hi, r_lo = np.divmod(r, 1 << _HALF)
    terms = np.ldexp(T_hi[r_hi] * T_lo[r_lo], e.astype(np.int32))
    terms[~supp] = 0.0
    # each term >= its true value / (1 + u) (one rounded product of rounded-up factors);
    # Σ t <= fl(Σ t)/(1 - γ_{m-1}) for t >= 0
    n = max(m, 2)
    gamma = n * _U / (1 - n * _U)
    Z_up = terms.sum(axis=1) * (1 + _U) / (1 - gamma) * (1 + 8 * _U)
    logZ_up = (Z_up - 1.0) * (1 + 2 * _U) + 2 * _U * np.abs(Z_up)  # log t <= t - 1
    # J_x = Σ_y a_xy j_y exactly: |J| <= d_x · _QMIN_EXP · 2^S < 2^63 (checked by the caller)
    J = np.einsum("krm,km->kr", A, j)
    d = den[idx].astype(np.float64)
    t2 = (-J.astype(np.float64) / d) * c_up * (1 + 8 * _U)  # >= -Σ_y W log q'_y >= 0
    nh = negH_up[idx]
    U = nh + t2 + logZ_up[:, None]
    U = U + 16 * _U * (np.abs(nh) + t2 + np.abs(logZ_up)[:, None]) + 1e-300
    return U.max(axis=1)


# ======================================================================================
# float search (guides only)
# ======================================================================================
class _Batch:
    """Batched over-relaxed Blahut–Arimoto on sub-channels W[K, k, m] (floats)."""

    def __init__(self, F: np.ndarray, negH_float: np.ndarray, idx: np.ndarray):
        self.idx = idx
        self.W = F[idx]
        self.negH = negH_float[idx]
        self.p = np.full(idx.shape, 1.0 / idx.shape[1])

    def evaluate(self):
        q = np.einsum("kr,krm->km", self.p, self.W)
        with np.errstate(divide="ignore"):
            lq = np.log(np.maximum(q, 1e-300))
        D = self.negH - np.einsum("krm,km->kr", self.W, lq)
        return q, D, (self.p * D).sum(axis=1)

    def steps(self, n: int):
        for _ in range(n):
            _, D, _ = self.evaluate()
            p = self.p * np.exp(_MU * (D - D.max(axis=1, keepdims=True)))
            self.p = np.maximum(p / p.sum(axis=1, keepdims=True), 1e-300)

    def keep(self, sel: np.ndarray):
        self.idx, self.W, self.negH, self.p = self.idx[sel], self.W[sel], self.negH[sel], self.p[sel]


# ======================================================================================
# the filter
# ======================================================================================
def applicable(M) -> bool:
    """Whether the filter applies: integer-backed int64 rows small enough for exact int64 J."""
    num, den = M.integer_rows()
    return (num.dtype == np.int64 and int(den.max()) < (1 << 32) and M.shape[0] * M.shape[1] >= FILTER_MIN_ENTRIES)


def candidate_subchannels(M, codes: np.ndarray, value_codes, leader_lower) -> list[tuple[int, np.ndarray]] | None:
    """The sub-channels (record i, inputs xs) that may hold MI-DP's maximum, or None when the
    filter does not apply (then every sub-channel goes to the exact path).

    ``leader_lower(i, xs)`` returns a certified rational lower bound of the capacity of one
    sub-channel (the exact path at a coarse gap)."""
    num, den = M.integer_rows()
    subs = []
    for i in range(codes.shape[1]):
        idx = subchannel_index(codes, i)
        if idx is None:
            return None
        subs.append((i, idx[_dedupe(idx, value_codes)]))
    if sum(len(idx) for _, idx in subs) <= _FEW:
        return [(i, xs) for i, idx in subs for xs in idx]
    F = M.to_numpy()
    negH_up = _neg_entropy_upper(num, den)
    negH_f = negH_up  # within ~1e-15 of Σ W log W: good enough to guide the search
    # Round 0, batch by batch: float I at the uniform prior (picks the leader) and the certified
    # upper bound U of every sub-channel.  Only (idx, U) is kept: the float sub-channels of a
    # 6,561-input mechanism would take 2.7 GB.
    kept, best = [], (-math.inf, None, None)
    for i, idx in subs:
        step = max(1, _BATCH // (idx.shape[1] * F.shape[1]))
        for s in range(0, len(idx), step):
            b = _Batch(F, negH_f, idx[s:s + step])
            b.steps(_ROUND_STEPS[0])
            q, _, I = b.evaluate()
            k = int(np.argmax(I))
            if I[k] > best[0]:
                best = (float(I[k]), i, b.idx[k])
            kept.append((i, b.idx, certified_upper(num, den, negH_up, b.idx, q)))
    _, i0, lead = best
    L = leader_lower(i0, lead)
    L_float = float(L) - 4 * _U * abs(float(L)) - 1e-300  # <= L
    # Later rounds: only the survivors (U >= L) are gathered again, get more float steps and a
    # new certified bound.
    batches = []
    for i in range(codes.shape[1]):
        alive = [idx[U >= L_float] for r, idx, U in kept if r == i]
        alive = [a for a in alive if len(a)]
        if alive:
            surv = np.concatenate(alive)
            step = max(1, _BATCH // (surv.shape[1] * F.shape[1]))
            batches.extend((i, _Batch(F, negH_f, surv[s:s + step])) for s in range(0, len(surv), step))
    for n_steps in _ROUND_STEPS[1:]:
        if sum(len(b.idx) for _, b in batches) <= _FEW:
            break
        alive = []
        for i, b in batches:
            b.steps(n_steps)
            q, _, _ = b.evaluate()
            sel = np.flatnonzero(certified_upper(num, den, negH_up, b.idx, q) >= L_float)
            if len(sel):
                b.keep(sel)
                alive.append((i, b))
        batches = alive
    out = [(i, xs) for i, b in batches for xs in b.idx]
    if not any(i == i0 and np.array_equal(xs, lead) for i, xs in out):
        out.append((i0, lead))  # its lower bound L is part of the answer's lower end
    return out


def lower_of(cap) -> Fraction:
    """Certified lower end of a sub-channel capacity from the exact path (``ChannelCapacity``)."""
    if cap.value is None:
        return cap.lower
    if isinstance(cap.value, Fraction):
        return cap.value
    return arb_to_fractions(cap.value.arb(128))[0]
