"""Shared pieces of the exact scan engine (:mod:`exactpriv.measures.engines.scan.engine`): integer value codes,
their packed pair indices, blocked bincounts, and the exact maximum of candidate values.

The algorithm and the margin arguments are described in the head comment of
:mod:`exactpriv.measures.engines.scan.engine`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from exactpriv.errors import UndecidedError
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm


__all__: list[str] = []  # the scan package's own helpers, used by its engine and KL/Rényi scans

#: The unit roundoff of binary64: the float filters' error bounds are multiples of it.
UNIT_ROUNDOFF = 2.0 ** -53
#: Entries per vectorised block (pairs x outputs).  Empirically determined parameter:
#: 4M float64 entries = 32 MB per temporary keeps the 729 x 729 scans in one block.
BLOCK_ENTRIES = 1 << 22
#: Largest number of distinct matrix values handled by the code path (uint8 codes).
MAX_CODES = 256


@dataclass
class ValueCodes:
    """A rational matrix as small integer codes: entry (x, y) = V[codes[x, y]] / L, K distinct values."""

    codes: np.ndarray  # (N, Y) uint8, ordered like the values
    V: np.ndarray  # (K,) int64 ascending; entry value = V[code] / L
    L: int
    K: int
    base: int  # 16 (pack two codes in one uint8) or K


def pair_codes(c: ValueCodes, pi, pj):
    """One index per (row pi, row pj) entry pair: the two codes packed together (base 16 or K)."""
    ci, cj = c.codes[pi], c.codes[pj]
    if c.base == 16:
        return (ci << 4) | cj  # uint8: both codes < 16
    return ci.astype(np.uint16) * np.uint16(c.base) + cj


def chunked_bincount(flat, minlength):
    """``np.bincount`` in cache-sized pieces: bincount first widens its input to intp, and
    doing that 64k entries at a time is 2.5x faster on the 3.2M-entry scans (measured)."""
    out = np.zeros(minlength, dtype=np.int64)
    step = 1 << 16  # Empirically determined parameter.
    for s in range(0, flat.size, step):
        out += np.bincount(flat[s:s + step], minlength=minlength)
    return out


#: Fixed odd 64-bit weights: a row's hash is its (wrapping) dot product with them.
_HASH_WEIGHTS = np.random.default_rng(20261124).integers(1, 1 << 62, size=1 << 16, dtype=np.int64) | 1


def unique_rows(H: np.ndarray):
    """(distinct rows, index of the first occurrence of each) of an int matrix.

    Grouped by a 64-bit hash of each row and then *verified*: every row must equal its group's
    first row, else the exact ``np.unique(axis=0)`` is used.  Tie-heavy scans (the exponential
    mechanism: 30,618 candidate pairs, all with one histogram; the 5,103 MI-DP sub-channel keys) spent most of their time in
    np.unique's lexicographic sort of whole rows (measured: 0.64 of 1.4 s)."""
    if H.shape[1] > _HASH_WEIGHTS.size:
        return np.unique(H, axis=0, return_index=True)
    keys = H @ _HASH_WEIGHTS[:H.shape[1]]
    _, first, inv = np.unique(keys, return_index=True, return_inverse=True)
    if not (H == H[first][inv.ravel()]).all():  # a hash collision: fall back to the exact grouping
        return np.unique(H, axis=0, return_index=True)
    return H[first], first


def exact_max(items):
    """Exact max of [(value, witness)] with values Fraction/LogForm (dedupe equal values,
    arb pre-screen at 64 bits, then kernel comparisons, which are exact here)."""
    uniq = {}
    for v, w in items:
        uniq.setdefault(v, w)
    vals = list(uniq.items())
    if len(vals) == 1:
        return vals[0]
    balls = []
    for v, _ in vals:
        lf = v if isinstance(v, LogForm) else LogForm.rational(v)
        balls.append(arb_to_fractions(lf.arb(64)))
    top_lo = max(lo for lo, _ in balls)
    cand = [vw for vw, (lo, hi) in zip(vals, balls) if hi >= top_lo]
    best = cand[0]
    for v, w in cand[1:]:
        d = compare(v, ">", best[0])
        if d.is_undecided:  # pragma: no cover - distinct LogForms always separate
            raise UndecidedError(f"could not order {v} and {best[0]}: {d.reason}")
        if d.is_true:
            best = (v, w)
    return best
