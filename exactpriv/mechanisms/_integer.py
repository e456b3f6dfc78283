"""Bulk validation of integer-backed mechanisms (``Mechanism.from_integer_rows``).

Algorithm and why
-----------------
A mechanism given as integer numerators with one denominator per row,
P(y|x) = num[x, y] / den[x], is validated with array operations instead of one Fraction per
entry (a random 6,561 × 6,561 mechanism built from 43 million Fractions took 80 s and
6.4 GB): numerators must be nonnegative integers, denominators positive, and each row must
sum *exactly* to its denominator.  Sums run in int64 when no partial sum can overflow
(outputs × largest numerator < 2^63), else in Python integers.  Rows are then reduced by the
gcd of their numerators and denominator, so the stored form is canonical (equal mechanisms
have equal arrays) and ``integer_rows()`` can return it unchanged.

Size limit: numbers are Python integers of any size; the only limit is memory, stated in
digits by :data:`MAX_DIGITS` per entry (a typed error names the first entry above it).
"""

from __future__ import annotations

import math

import numpy as np

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, NotStochasticError, ShapeError

__all__ = ["MAX_DIGITS", "validate_integer_rows"]

#: Largest integer accepted in a numerator or denominator, in decimal digits.  A 1001 × 1001
#: truncated geometric mechanism at e^ε = 2 has 300-digit entries; 100,000 digits per entry
#: keeps a 1,000 × 1,000 matrix within ~40 GB in the worst case, so larger inputs are refused
#: with a clear error rather than exhausting memory.
MAX_DIGITS = 100_000
_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))


def _as_integer_array(values, name, shape):
    arr = np.asarray(values)
    if arr.dtype.kind == "f" or arr.dtype.kind == "c":
        raise NotExactError(f"{name} has dtype {arr.dtype}: give integers (numpy int64 or Python ints), not floats")
    if arr.shape != shape:
        raise ShapeError(f"{name} has shape {arr.shape}, expected {shape}")
    if arr.dtype.kind in "iu":
        if arr.dtype.kind == "u" and arr.dtype.itemsize >= 8 and arr.size and int(arr.max()) >= 2**63:
            arr = arr.astype(object)
        else:
            return arr.astype(np.int64, copy=False)
    if arr.dtype != object:
        raise InvalidArgument(f"{name} has dtype {arr.dtype}; use an integer or object (Python int) array")
    flat = arr.ravel()
    for k, v in enumerate(flat.tolist()):
        if type(v) is not int:
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
                idx = np.unravel_index(k, shape)
                raise NotExactError(f"{name}[{', '.join(map(str, idx))}]={v!r} of type {type(v).__name__} "
                                    f"is not an integer")
        if abs(int(v)).bit_length() > _MAX_BITS:
            idx = np.unravel_index(k, shape)
            raise InvalidArgument(f"{name}[{', '.join(map(str, idx))}] has more than {MAX_DIGITS:,} digits "
                                  f"(exactpriv.mechanisms._integer.MAX_DIGITS): too large to store")
    out = np.empty(shape, dtype=object)
    out.ravel()[:] = [int(v) for v in flat.tolist()]
    if out.size and max(abs(v) for v in out.ravel().tolist()) < 2**62:
        return out.astype(np.int64)
    return out


def validate_integer_rows(numerators, denominators, n_rows, n_cols):
    """(num, den) validated and gcd-reduced (see the module head); raises typed errors."""
    num = _as_integer_array(numerators, "numerators", (n_rows, n_cols))
    den = _as_integer_array(denominators, "denominators", (n_rows,))
    bad = np.flatnonzero(den <= 0) if den.dtype != object else [i for i, d in enumerate(den.tolist()) if d <= 0]
    if len(bad):
        i = int(bad[0])
        raise EntryRangeError(f"denominators[{i}]={den[i]!r} is not positive")
    if num.dtype != object:
        neg = np.argwhere(num < 0)
    else:
        neg = [(i, j) for i, r in enumerate(num.tolist()) for j, v in enumerate(r) if v < 0][:1]
    if len(neg):
        i, j = (int(v) for v in neg[0])
        raise EntryRangeError(f"numerators[{i}, {j}]={num[i, j]!r} is negative: P(y|x) must be >= 0")
    if num.dtype != object and n_cols * (int(num.max()) if num.size else 0) < 2**63:
        sums = num.sum(axis=1)
        if den.dtype == object:
            ok = [int(s) == d for s, d in zip(sums.tolist(), den.tolist())]
        else:
            ok = (sums == den).tolist()
    else:
        sums = [sum(int(v) for v in r) for r in num.tolist()]
        ok = [s == int(d) for s, d in zip(sums, den.tolist())]
    if not all(ok):
        i = ok.index(False)
        raise NotStochasticError(f"row {i} sums to {sums[i]}/{den[i]}, not exactly 1")
    return reduce_rows(num, den)


def read_only(num, den, *given):
    """(num, den) as a mechanism keeps them: read-only (``integer_rows()`` hands out these very arrays, and every
    remembered answer about the mechanism — closed forms, scans — assumes they never change), and sharing no
    memory with the caller's arrays ``given`` (``astype(copy=False)`` and a gcd of 1 keep the caller's array)."""
    out = []
    for a in (num, den):
        if any(isinstance(g, np.ndarray) and np.may_share_memory(a, g) for g in given):
            a = a.copy()
        a.flags.writeable = False
        out.append(a)
    return tuple(out)


def reduce_rows(num, den):
    """Divide each row and its denominator by their gcd (the canonical form)."""
    if num.dtype != object and den.dtype != object:
        g = np.gcd.reduce(num, axis=1) if num.shape[1] else np.ones_like(den)
        g = np.gcd(g, den)
        if np.any(g > 1):
            num = num // g[:, None]
            den = den // g
        return num, den
    rows, dens = [], []
    for r, d in zip(num.tolist(), den.tolist()):
        g = math.gcd(d, *r)
        rows.append([v // g for v in r])
        dens.append(d // g)
    biggest = max(max(dens), max((max(r) for r in rows), default=0))
    dtype = np.int64 if biggest < 2**62 else object
    out_n = np.empty((len(rows), num.shape[1]), dtype=object)
    for i, r in enumerate(rows):
        out_n[i, :] = r
    out_d = np.empty(len(dens), dtype=object)
    out_d[:] = dens
    return (out_n.astype(np.int64), out_d.astype(np.int64)) if dtype is np.int64 else (out_n, out_d)
