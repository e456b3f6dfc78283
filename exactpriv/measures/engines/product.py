"""Worst pair of a factored (product) mechanism from its factors' structure.

Algorithm and why
-----------------
For a :class:`~exactpriv.mechanisms.base.ProductMechanism` with factors P_1..P_m, the
pure-DP ratio of an ordered pair (x, x') is Π_j R_j(x, x') with R_j(x, x') =
max_y P_j(y|x)/P_j(y|x') (independent coordinates: the max over joint outputs factorises).
The pairwise route (``symbolic_pure_dp.product_worst_ratio_pairwise``) multiplies exact integers
for every pair and factor: 45 s for RAPPOR with 1,000 candidates and 20 bits, not done
after 18 minutes at 128 bits.  Here:

1. *Classes.*  A factor's rows take few distinct values (a RAPPOR bit: "set" or "not
   set"), so R_j(x, x') = T_j[c_j(x), c_j(x')] for a small exact table T_j over the
   classes c_j.  Tables are computed exactly once per factor.
2. *Float filter.*  S(x, x') = Σ_j ln T_j[c_j(x), c_j(x')] for all pairs at once as one
   matrix product Φ·diag-blocks(ln T)·Φᵀ (Φ the one-hot class indicator, n × Σ_j k_j):
   milliseconds for 1,000 inputs.  Margin, proved: each table entry ln T is computed as
   log(float(T)), within 2u(1 + |ln T|) of the truth (u = 2^-53: float(T) has relative
   error u, log then adds one rounding), and the m nonzero terms of each sum are added in
   any order (BLAS), within γ_m·Σ|terms| (Higham, Accuracy and Stability, Thm 4.4, valid
   for any summation order), γ_m = m·u/(1 − m·u).  So with
   Δ = Σ_j 2u(1 + max|ln T_j|) + γ_m·Σ_j max|ln T_j|, every float score is within Δ of
   its exact value, and every pair whose exact value is the maximum has float score
   ≥ max(float scores) − 2Δ.  Only those pairs are candidates.
3. *Exact decision by signature.*  The exact value of a pair is Π_v r_v^{n_v(x, x')}
   over the distinct ratio values r_v ≠ 1 of all tables, with n_v the number of factors
   whose entry equals r_v: integer counts, again one matrix product per value (exact in
   float64: counts ≤ m < 2^53).  Candidates are grouped by their count vectors, and each
   distinct vector's product is computed once in exact rationals; the largest decides.
   Infinite ratios (an output impossible under x' only) are counted the same way.  With a
   single ratio value r (RAPPOR: r = (1 − f/2)/(f/2) for every bit) the count is read off
   the score itself, round(S/ln r), exact because |S − n_r ln r| ≤ Δ < ln(r)/4.
   On tie-heavy structures (RAPPOR: 90% of pairs tie at the maximum) this is what keeps
   the exact step small: a handful of distinct signatures instead of 450,000 products.

Used by :func:`exactpriv.measures.divergence.pure_dp` and relatives on product mechanisms;
differential tests compare it with the pairwise exact route and with the expanded mechanism
(``tests/measures/test_product_fast.py``).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from exactpriv.spaces import pairs_array

__all__ = []  # internal: used by exactpriv.measures.divergence

_U = 2.0**-53

#: Above this many inputs the all-pairs score matrix (n² floats) is not built; the scores
#: are gathered per pair in chunks instead.  Empirically determined parameter.
_DENSE_MAX_INPUTS = 4000

#: Above this many distinct ratio values the signature step would need too many matrix
#: products; candidates are then multiplied out pair by pair.
_MAX_SIGNATURE_VALUES = 64

#: Factors with at most this many distinct row objects are grouped by identity.
_SHARED_ROWS_MAX = 64

#: Candidates multiplied out pair by pair when signatures are not used, per chunk.
_CHUNK = 200_000


class _Factor:
    """Classes of one factor's rows and the exact ratio table between classes."""

    __slots__ = ("codes", "table", "arg_y", "k")

    def __init__(self, f):
        # classes of equal rows.  Constructors share row objects (rappor: two rows for
        # every bit), so group by identity first and merge equal representatives; else use
        # the canonical (numerators, per-row lcm) integer form.
        uniq_ids, first_idx, ids = np.unique(np.fromiter(map(id, f.rows), dtype=np.int64, count=len(f.rows)),
                                             return_index=True, return_inverse=True)
        ids = ids.reshape(-1)
        if len(uniq_ids) <= _SHARED_ROWS_MAX:
            reps, index, remap = [], {}, np.empty(len(uniq_ids), dtype=np.int64)
            for k, i in enumerate(first_idx.tolist()):
                row = f.rows[i]
                c = index.get(row)
                if c is None:
                    c = index[row] = len(reps)
                    reps.append(row)
                remap[k] = c
            codes = remap[ids]
        else:
            num, den = f.integer_rows()
            key = np.concatenate([num, den[:, None]], axis=1)
            _, first, codes = np.unique(key, axis=0, return_index=True, return_inverse=True)
            reps = [f.rows[int(i)] for i in first]
            codes = np.asarray(codes, dtype=np.int64).reshape(-1)
        self.codes, self.k = codes, len(reps)
        # table[a][b] = max_y reps[a][y] / reps[b][y]  (None = infinite), with its argmax y
        self.table, self.arg_y = [], []
        for a in reps:
            trow, yrow = [], []
            for b in reps:
                best, best_y, inf_y = Fraction(0), 0, None
                for y, (pa, pb) in enumerate(zip(a, b)):
                    if pb == 0:
                        if pa != 0 and inf_y is None:
                            inf_y = y
                        continue
                    r = pa / pb
                    if r > best:
                        best, best_y = r, y
                trow.append(None if inf_y is not None else best)
                yrow.append(inf_y if inf_y is not None else best_y)
            self.table.append(trow)
            self.arg_y.append(yrow)


def product_max_ratio(PM, pairs):
    """Exact max over ordered pairs of Π_j max_y P_j(y|x)/P_j(y|x') (Fraction, or None for
    infinity), with the maximising ordered pair (indices) and output tuple; (None, None,
    None, False) when ``pairs`` is empty.  Returns (value, pair, outputs, found)."""
    pairs = pairs_array(pairs)
    if len(pairs) == 0:
        return None, None, None, False
    # one _Factor per distinct factor object (a k-fold composition repeats one mechanism k times); the _Factor is
    # read only, and this dict lives for this call only
    built: dict = {}
    factors = [built[id(f)] if id(f) in built else built.setdefault(id(f), _Factor(f)) for f in PM.factors]
    n = len(PM.inputs.points)
    m = len(factors)
    # distinct ratio values r != 1 across all tables, and the infinite entries
    values = {}
    for fc in factors:
        for row in fc.table:
            for r in row:
                if r is not None and r != 1 and r not in values:
                    values[r] = len(values)
    xs = np.concatenate([pairs[:, 0], pairs[:, 1]])
    x2s = np.concatenate([pairs[:, 1], pairs[:, 0]])
    dense = n <= _DENSE_MAX_INPUTS
    Phi = _one_hot(factors, n) if dense else None

    def pair_scores(tables):
        """Σ_j tables_j[c_j(x), c_j(x')] for every ordered pair in (xs, x2s), float64."""
        if dense:
            # Φ·diag-blocks(T)·Φᵀ: the block j of Φ·diag-blocks(T) is row c_j(x) of T_j, gathered by index (Φ is one-hot,
            # so these are the very numbers the dense K × K product gave, without its K² matrix: K = 2,000 for a
            # 1,000-fold composition of a binary mechanism)
            PhiB = np.empty((n, Phi.shape[1]))
            off = 0
            for fc, t in zip(factors, tables):
                PhiB[:, off : off + fc.k] = t[fc.codes]
                off += fc.k
            S = PhiB @ Phi.T
            return S[xs, x2s]
        out = np.zeros(len(xs))
        for fc, t in zip(factors, tables):
            out += t[fc.codes[xs], fc.codes[x2s]]
        return out

    # infinite ratios first: any ordered pair with an impossible output decides at once
    has_inf = any(r is None for fc in factors for row in fc.table for r in row)
    inf_tables = [np.array([[1.0 if r is None else 0.0 for r in row] for row in fc.table]) for fc in factors]
    inf_counts = pair_scores(inf_tables) if has_inf else None
    if has_inf and np.any(inf_counts > 0):
        e = int(np.argmax(inf_counts > 0))
        return None, (int(xs[e]), int(x2s[e])), _outputs(PM, factors, xs[e], x2s[e]), True
    # step 2: float filter with the proved margin
    log_tables = [np.array([[0.0 if r is None else math.log(float(r)) for r in row] for row in fc.table])
                  for fc in factors]
    S = pair_scores(log_tables)
    T = sum(float(np.max(np.abs(t))) for t in log_tables)
    gamma = m * _U / (1 - m * _U)
    delta = 2 * _U * (m + T) + gamma * T
    cand = np.flatnonzero(S >= float(np.max(S)) - 2 * delta * (1 + 1e-6))
    # step 3: exact decision over the candidates, grouped by signature
    if len(values) <= _MAX_SIGNATURE_VALUES:
        vals = list(values)
        counts = np.empty((len(cand), len(vals)), dtype=np.int64)
        if len(vals) == 1 and delta * (1 + 1e-6) < math.log(float(vals[0])) / 4:
            # one ratio value r (RAPPOR): S = n_r·ln r within Δ < ln(r)/4, so the count is
            # the nearest integer to S/ln r (the division adds one relative rounding)
            counts[:, 0] = np.rint(S[cand] / math.log(float(vals[0]))).astype(np.int64)
        else:
            for v, r in enumerate(vals):
                ind = [np.array([[1.0 if q == r else 0.0 for q in row] for row in fc.table]) for fc in factors]
                counts[:, v] = np.rint(pair_scores(ind)[cand]).astype(np.int64)
        sigs, first = np.unique(counts, axis=0, return_index=True)
        best, best_e = None, None
        for sig, k in zip(sigs, first):
            val = Fraction(1)
            for r, c in zip(vals, sig.tolist()):
                if c:
                    val *= r**c
            if best is None or val > best:
                best, best_e = val, int(cand[k])
    else:
        best, best_e = None, None
        for start in range(0, len(cand), _CHUNK):
            for e in cand[start : start + _CHUNK].tolist():
                val = Fraction(1)
                for fc in factors:
                    val *= fc.table[fc.codes[xs[e]]][fc.codes[x2s[e]]]
                if best is None or val > best:
                    best, best_e = val, e
    x, x2 = int(xs[best_e]), int(x2s[best_e])
    return best, (x, x2), _outputs(PM, factors, x, x2), True


def _one_hot(factors, n):
    K = sum(fc.k for fc in factors)
    Phi = np.zeros((n, K))
    off = 0
    rows = np.arange(n)
    for fc in factors:
        Phi[rows, off + fc.codes] = 1.0
        off += fc.k
    return Phi


def _outputs(PM, factors, x, x2):
    return tuple(f.outputs[fc.arg_y[fc.codes[x]][fc.codes[x2]]] for f, fc in zip(PM.factors, factors))
