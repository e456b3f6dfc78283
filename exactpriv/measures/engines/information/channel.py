"""A validated exact channel and its certified arb evaluations (shared by the information core
and the capacity certificate).

A *channel* is a list of rows of :class:`~fractions.Fraction` (row x is the pmf W(.|x), each
row summing to exactly 1), or integer rows W(y|x) = a_xy / d_x (:meth:`ExactChannel.from_integers`,
for large rational mechanisms: no Fraction is built).  Only logs of *integers* are ever
needed: h_x = log d_x - (1/d_x) Σ_y a_xy log a_xy.  Row entropies are computed in fixed point
(the integer sum Σ_y a_xy·⌊2^F·log a_xy⌋ in exact int64 limbs, one arb ball per row),
because a per-row arb loop over the distinct numerators took 1.8 s on a 2,187 x 2,187 random
channel and this takes ~0.1 s (measured, bench/bench_capacity.py).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import flint
import numpy as np

from exactpriv.errors import EntryRangeError, InvalidArgument, NotStochasticError, ShapeError
from exactpriv.exact.numbers import as_rational

__all__: list[str] = []  # private module: the information core and the capacity certificate use it

#: Default working precision (bits) of the arb evaluations.
DEFAULT_PREC = 128
#: Channels with at least this many entries get their row entropies in fixed point (below,
#: the per-row arb loop is as fast).  Empirically determined parameter.
_FIXED_MIN_ENTRIES = 1 << 14

# ======================================================================================
# Validation: exact channels and pmfs
# ======================================================================================
def rational_entry(v, name: str) -> Fraction:
    """``v`` as an exact probability in [0, 1] (EntryRangeError outside it, NotExactError for a float)."""
    r = v if type(v) is Fraction else as_rational(v, name)
    if r < 0 or r > 1:
        raise EntryRangeError(f"{name}={r} ({v!r}) is not a probability in [0, 1]")
    return r


def check_precision(prec) -> int:
    if isinstance(prec, bool) or not isinstance(prec, int) or not 2 <= prec <= 1 << 20:
        raise InvalidArgument(f"prec={prec!r} of type {type(prec).__name__} must be an int in [2, 2**20] (bits)")
    return prec


def check_exact_pmf(P, name: str) -> list[Fraction]:
    """Exact pmf: a non-empty sequence of rationals in [0, 1] summing to exactly 1."""
    if isinstance(P, (str, bytes)) or not isinstance(P, (Sequence, np.ndarray)):
        raise InvalidArgument(f"{name}={P!r} of type {type(P).__name__} must be a list of exact probabilities")
    if len(P) == 0:
        raise ShapeError(f"{name}={P!r} is empty")
    out = [rational_entry(v, f"{name}[{i}]") for i, v in enumerate(P)]
    total = sum(out, Fraction(0))
    if total != 1:
        raise NotStochasticError(f"{name}={_short(out)} sums to {total}, not exactly 1")
    return out


def _short(seq, k: int = 6) -> str:
    items = [str(v) for v in list(seq)[:k]]
    return "[" + ", ".join(items) + (", ...]" if len(seq) > k else "]")


class ExactChannel:
    """A validated exact channel: rows of Fractions, each row as integers a_xy over d_x.

    Invariants: ``sum(nums[x]) == dens[x]`` and ``rows[x][y] == Fraction(nums[x][y], dens[x])``.
    """

    __slots__ = ("_rows", "_nums", "_N", "dens", "n_in", "n_out", "_support", "_float", "_arbmat", "_h", "_i64")

    def __init__(self, W, name: str = "W"):
        if isinstance(W, (str, bytes)) or not isinstance(W, (Sequence, np.ndarray)):
            raise InvalidArgument(f"{name}={W!r} of type {type(W).__name__} must be a list of rows of exact probabilities")
        if len(W) == 0:
            raise ShapeError(f"{name}={W!r} has no rows")
        rows, nums, dens = [], [], []
        n_out = None
        for x, row in enumerate(W):
            if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
                raise ShapeError(f"{name}[{x}]={row!r} of type {type(row).__name__} is not a row (list of probabilities)")
            if n_out is None:
                n_out = len(row)
                if n_out == 0:
                    raise ShapeError(f"{name}[0]={row!r} is an empty row")
            elif len(row) != n_out:
                raise ShapeError(f"{name} is ragged: row {x} has {len(row)} entries, row 0 has {n_out}")
            r = [v if type(v) is Fraction else rational_entry(v, f"{name}[{x}][{y}]") for y, v in enumerate(row)]
            # Hand-written fast path: the slots of Fraction are read directly because the
            # public properties and Fraction comparisons cost ~0.3-1 us each (over a second at
            # 729x729).  Entries >= 0 with an exact row sum of 1 are automatically <= 1.
            num = [v._numerator for v in r]
            den = [v._denominator for v in r]
            if min(num) < 0:
                y = next(y for y, n in enumerate(num) if n < 0)
                raise EntryRangeError(f"{name}[{x}][{y}]={r[y]} ({row[y]!r}) is not a probability in [0, 1]")
            dset = set(den)
            d = math.lcm(*dset)
            if len(dset) == 1:
                a = num
            else:
                mult = {e: d // e for e in dset}
                a = [n * mult[e] for n, e in zip(num, den)]
            if sum(a) != d:
                raise NotStochasticError(f"{name}[{x}]={_short(r)} sums to {Fraction(sum(a), d)}, not exactly 1")
            rows.append(r)
            nums.append(a)
            dens.append(d)
        self._rows, self._nums, self.dens = rows, nums, dens
        self._N = None
        self.n_in, self.n_out = len(rows), n_out
        self._support = None
        self._i64 = None
        self._float = None
        self._arbmat = {}
        self._h = {}

    @classmethod
    def from_integers(cls, N: np.ndarray, d: np.ndarray) -> "ExactChannel":
        """The channel W(y|x) = N[x, y] / d[x] from an integer matrix whose rows sum exactly to
        d (callers pass validated mechanism rows; checked here in bulk).  No Fraction is built
        unless :attr:`rows` is read."""
        N, d = np.asarray(N), np.asarray(d)
        if N.ndim != 2 or N.shape[0] != d.shape[0] or N.shape[0] == 0 or N.shape[1] == 0:
            raise ShapeError(f"integer channel of shape {N.shape} with {d.shape} denominators")
        if (N < 0).any() or (N.sum(axis=1) != d).any():
            raise NotStochasticError("integer channel rows must be >= 0 and sum exactly to their denominators")
        ch = cls.__new__(cls)
        ch._rows = None
        ch._nums = None  # Python-int rows, built on first use (4.8M entries: ~1 s)
        ch._N = N
        ch.dens = [int(v) for v in d.tolist()]
        ch.n_in, ch.n_out = N.shape
        ch._support = None
        ch._float = None
        ch._arbmat = {}
        ch._h = {}
        # int64 view when every d_x < 2^62 (then every a_xy <= d_x fits), as _int64() builds it
        ch._i64 = N.astype(np.int64, copy=False) if N.dtype != object and all(v < (1 << 62) for v in ch.dens) else False
        return ch

    @property
    def nums(self) -> list[list[int]]:
        """The numerators a_xy as lists of Python ints."""
        if self._nums is None:
            self._nums = self._N.tolist()
        return self._nums

    @property
    def rows(self) -> list[list[Fraction]]:
        """The rows as Fractions (built on first use for integer channels)."""
        if self._rows is None:
            self._rows = [[Fraction(a, d) for a in r] for r, d in zip(self.nums, self.dens)]
        return self._rows

    def rows_equal(self) -> bool:
        """Whether all rows are equal (exactly: equal integer rows over equal denominators,
        rows being in the same scaling only when denominators agree, so compare cross-products)."""
        A = self._int64()
        if A is not None and all(d == self.dens[0] for d in self.dens):
            return bool((A == A[0]).all())
        d0, r0 = self.dens[0], self.nums[0]
        return all(all(a * d0 == b * d for a, b in zip(r, r0)) for r, d in zip(self.nums, self.dens))

    @classmethod
    def of(cls, W, name: str = "W") -> "ExactChannel":
        return W if isinstance(W, ExactChannel) else cls(W, name)

    def _int64(self):
        """(a_xy) as an int64 array when every d_x < 2^62 (each a_xy <= d_x), else None."""
        if self._i64 is None:
            big = 1 << 62
            self._i64 = np.array(self.nums, dtype=np.int64) if all(d < big for d in self.dens) else False
        return None if self._i64 is False else self._i64

    @property
    def support(self) -> np.ndarray:
        """Boolean matrix W(y|x) > 0, decided on the integers a_xy (exact)."""
        if self._support is None:
            A = self._int64()
            if A is not None:
                self._support = A > 0
            else:
                self._support = np.array([[a > 0 for a in r] for r in self.nums], dtype=bool)
        return self._support

    @property
    def floats(self) -> np.ndarray:
        """W in double precision (guides the search only; never decides)."""
        if self._float is None:
            A = self._int64()
            if A is not None and all(d < (1 << 53) for d in self.dens):
                F = A.astype(np.float64) / np.array(self.dens, dtype=np.float64)[:, None]
            else:  # int / int true division is correctly rounded for any size
                F = np.array([[a / d for a in r] for r, d in zip(self.nums, self.dens)], dtype=np.float64)
            self._float = F
        return self._float

    def arb_matrix(self, prec: int):
        """The integer matrix (a_xy) as an arb_mat at ``prec`` bits (exact while entries fit)."""
        M = self._arbmat.get(prec)
        if M is None:
            with flint.ctx.workprec(prec):
                Z = self._arbmat.get("fmpz")
                if Z is None:
                    Z = self._arbmat["fmpz"] = flint.fmpz_mat(self.nums)  # noqa: E501
                M = flint.arb_mat(Z)
            self._arbmat[prec] = M
        return M

    def row_entropies(self, prec: int, logs: "IntegerLogs") -> list:
        """arb balls of h_x = H(W(.|x)) = log d_x - (1/d_x) Σ_y a_xy log a_xy."""
        h = self._h.get(prec)
        if h is not None:
            return h
        A = self._int64()
        if A is not None and max(self.dens) < (1 << 39) and self.n_in * self.n_out >= _FIXED_MIN_ENTRIES:
            h = self._row_entropies_fixed(A, prec, logs)
        else:
            h = self._row_entropies_arb(prec, logs)
        self._h[prec] = h
        return h

    def _row_entropies_fixed(self, A: np.ndarray, prec: int, logs: "IntegerLogs") -> list:
        # Σ_y a log a = Σ_y a·T(a) / 2^F + e, T(a) = ⌊2^F·log a⌋ >= 0, cut into 24-bit limbs
        # T = Σ_k t_k·2^(24k); each Σ_y a·t_k <= d_x·2^24 < 2^63 is an exact int64 row sum
        # (d_x < 2^39 is checked by the caller), recombined exactly in Python ints.
        # 2^F·log a ∈ [T, T + 1 + 2^-58] (floor of the mid of a ball at F + 64 bits), so
        # Σ_y a log a ∈ [S, S + 1.01·d_x] / 2^F with S = Σ_y a·T(a).
        F = max(prec, 64)
        top = int(A.max())
        if top < (1 << 22):
            # small numerators: index the limb tables by value (np.unique's sort of the whole
            # matrix was most of the cost, measured)
            present = np.zeros(top + 1, dtype=bool)
            present[A.ravel()] = True
            vals = np.flatnonzero(present)
            inv = None
        else:
            vals, inv = np.unique(A, return_inverse=True)
            inv = inv.reshape(A.shape)
        with flint.ctx.workprec(F + 64):
            T = [int((flint.arb(v).log() * (1 << F)).mid().floor().unique_fmpz()) if v > 1 else 0
                 for v in vals.tolist()]
        n_limbs = (F + 7 + 23) // 24  # log a < 2^6 for a < 2^62, so T < 2^(F+6)
        S = [0] * A.shape[0]
        for k in range(n_limbs):
            limbs = np.array([(t >> (24 * k)) & 0xFFFFFF for t in T], dtype=np.int64)
            if inv is None:
                table = np.zeros(top + 1, dtype=np.int64)
                table[vals] = limbs
                limb = table[A]
            else:
                limb = limbs[inv]
            part = np.einsum("ij,ij->i", A, limb).tolist()
            S = [s + (v << (24 * k)) for s, v in zip(S, part)]
        out, seen = [], {}
        with flint.ctx.workprec(prec):
            for d, Sx in zip(self.dens, S):
                key = (d, Sx)
                val = seen.get(key)
                if val is None:
                    s_ball = flint.arb(flint.fmpq(2 * Sx + d, 1 << (F + 1)), flint.fmpq(d, 1 << F))
                    val = logs(d) - s_ball / d
                    seen[key] = val
                out.append(val)
        return out

    def _row_entropies_arb(self, prec: int, logs: "IntegerLogs") -> list:
        seen = {}
        h = []
        A = self._int64()
        with flint.ctx.workprec(prec):
            for x, (a_row, d) in enumerate(zip(self.nums, self.dens)):
                if A is not None:  # numpy grouping of equal numerators (a = 1 has log 1 = 0)
                    vals, cnts = np.unique(A[x][A[x] > 1], return_counts=True)
                    key = (d, vals.tobytes(), cnts.tobytes())
                    items = None
                else:
                    items = Counter(a for a in a_row if a > 1)
                    key = (d, frozenset(items.items()))
                val = seen.get(key)
                if val is None:
                    if items is None:
                        items = zip(vals.tolist(), cnts.tolist())
                    else:
                        items = items.items()
                    s = flint.arb(0)
                    for a, c in items:
                        s += flint.arb(a * c) * logs(a)
                    val = logs(d) - s / d
                    seen[key] = val
                h.append(val)
        return h


class IntegerLogs:
    """Cache of arb balls of log n for positive integers n, at one precision.

    Hand-written because flint has no memoised log table; logs of the few distinct integers
    of a mechanism are the whole cost (PITFALLS: exact mutual information)."""

    __slots__ = ("prec", "_cache")

    def __init__(self, prec: int):
        self.prec = prec
        self._cache = {}

    def __call__(self, n: int):
        v = self._cache.get(n)
        if v is None:
            with flint.ctx.workprec(self.prec):
                v = flint.arb(n).log()
            self._cache[n] = v
        return v

    def rational(self, r: Fraction):
        """log r = log p - log q for r = p/q > 0."""
        with flint.ctx.workprec(self.prec):
            return self(r.numerator) - self(r.denominator)


def to_fmpq(r: Fraction):
    return flint.fmpq(r.numerator, r.denominator)


def _dyadic(exact_ball) -> Fraction:
    man, exp = exact_ball.man_exp()
    man, exp = int(man), int(exp)
    return Fraction(man << exp) if exp >= 0 else Fraction(man, 1 << -exp)


def ball_bounds(ball) -> tuple[Fraction, Fraction] | None:
    """Exact endpoints mid -/+ rad of a finite arb ball (both dyadic, read exactly), or None."""
    if not ball.is_finite():
        return None
    mid, rad = _dyadic(ball.mid()), _dyadic(ball.rad())
    return mid - rad, mid + rad


def mutual_information_ball(ch: ExactChannel, P: list[Fraction], prec: int, logs: IntegerLogs):
    h = ch.row_entropies(prec, logs)
    used_in = np.array([p > 0 for p in P], dtype=bool)
    used_out = np.flatnonzero(ch.support[used_in].any(axis=0))  # q_y > 0, decided exactly
    with flint.ctx.workprec(prec):
        cond = flint.arb(0)
        for x in np.flatnonzero(used_in):
            cond += flint.arb(to_fmpq(P[x])) * h[x]
        v = flint.arb_mat(1, ch.n_in, [flint.arb(flint.fmpq(p.numerator, p.denominator * d)) for p, d in zip(P, ch.dens)])
        q = (v * ch.arb_matrix(prec)).entries()
        out = flint.arb(0)
        for y in used_out:
            qy = q[y]
            if not qy > 0:  # ball touches 0 at this precision: use the exact rational instead
                qy = flint.arb(to_fmpq(output_probability(ch, P, int(y))))
            out -= qy * qy.log()
        return out - cond


def output_probability(ch: ExactChannel, P, y: int) -> Fraction:
    """P(Y = y) = Σ_x P(x) W(y|x), exactly."""
    return sum((p * Fraction(ch.nums[x][y], ch.dens[x]) for x, p in enumerate(P) if p), Fraction(0))
