"""Exact channel reduction and closed-form capacity detection.

The capacity side of :mod:`exactpriv.measures.information` (``capacity``, ``mi_dp``); the
integer reduction is also used by :mod:`exactpriv.measures.sibson`.  A channel is a list of
rows W(.|x) with exact entries (Fractions, or sympy expressions compared through their
canonical rational form, :func:`_key`), or, for rational channels, integer rows N/d.

Algorithm and why
-----------------
The channel is first reduced without changing its capacity (duplicate rows removed, zero
columns dropped, proportional columns merged -- a merged column is a sufficient statistic,
so I(X;Y) is unchanged for *every* prior).  On the reduced channel, closed forms are
*detected exactly* (no float involved):
one row or one column -> 0; rows that are permutations of each other with equal column
sums (weakly symmetric: BSC, k-ary randomized response, identity/permutation channels) ->
log|Y| - H(row), attained by the uniform input; a column constant across rows with value
1 - δ (an erasure symbol) -> δ·C(rest), recursively (erasure channel: δ log N; Cuff–Yu
Ex. 5.1: e·log(N+1) comes out of this recursion, it is not hard-coded).  Rational channels
are handled as integer matrices S/L (rows summing to L), where all these tests are
vectorised integer comparisons: the Fraction version took 119 s for the 1,458 sub-channels
of E_d on {0,1,2}^6, the integer one 0.6 s (measured).  Anything else goes to the
information core's certified ``capacity_enclosure`` (accelerated Blahut–Arimoto + Newton,
certificate I(P) <= C <= max_x D(W_x || q) in arb; PITFALLS: plain BA stalls).

Channels equal up to row and column permutations get equal keys (:func:`canonical_rows`,
:func:`canonical_channel`), so that MI-DP measures each of its sub-channels once.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.logforms import LogForm, logform_from_sympy
from exactpriv.exact.numbers import to_sympy
from exactpriv.measures.engines.capacity import capacity_enclosure
from exactpriv.measures.engines.information.channel import ExactChannel

__all__: list[str] = []  # private module: its names are imported by information and sibson

#: Target gap of numeric capacity certificates (nats).
DEFAULT_GAP = Fraction(1, 10**12)


# ======================================================================================
# exact entries
# ======================================================================================
def is_zero_entry(v) -> bool:
    """Whether an exact entry is 0 (sympy: after cancellation)."""
    if isinstance(v, (int, Fraction)):
        return v == 0
    return v == 0 or sympy.cancel(v) == 0


def symbolic_value(expr) -> object:
    """A closed sympy value, as a LogForm when it is one."""
    lf = logform_from_sympy(expr)
    return lf if lf is not None else expr


# ======================================================================================
# reduction and closed forms on exact rows (Fractions or sympy)
# ======================================================================================
def _key(v):
    """Hashable key with key(a) == key(b) only if a == b (sympy: canonical rational form)."""
    if isinstance(v, Fraction):
        return v
    return sympy.cancel(v)


def reduce_channel(rows: list[tuple], reps: list[int]):
    """Capacity-preserving reduction: drop duplicate rows, zero columns, merge proportional
    columns (summing them).  Each step preserves I(X;Y) for every prior supported on the kept
    rows (duplicate rows can share their mass; a merged column is a sufficient statistic), and
    also Sibson's α-MI (Σ_x P W^α is additive over duplicates and scales as (1+λ)^α)."""
    seen, r1, p1 = set(), [], []
    for row, i in zip(rows, reps):
        k = tuple(_key(v) for v in row)
        if k not in seen:
            seen.add(k)
            r1.append(row)
            p1.append(i)
    groups: dict = {}
    order = []
    for col in zip(*r1):
        s = sum(col, 0) if all(isinstance(v, Fraction) for v in col) else sympy.Add(*col)
        if is_zero_entry(s):
            continue
        k = tuple(_key(v / s) for v in col)
        if k in groups:
            groups[k] = tuple(a + b for a, b in zip(groups[k], col))
        else:
            groups[k] = tuple(col)
            order.append(k)
    cols = [groups[k] for k in order]
    rows2 = [tuple(c[r] for c in cols) for r in range(len(r1))]
    return rows2, p1


def _sort_key(v):
    return sympy.default_sort_key(to_sympy(v))


def _multiset(row):
    return tuple(sorted((_key(v) for v in row), key=_sort_key))


def _entropy(row):
    """H(row) exactly: LogForm for rationals, sympy otherwise (0 log 0 = 0)."""
    if all(isinstance(v, Fraction) for v in row):
        return LogForm(0, logs=[(1 / v, v) for v in row if v != 0])
    return -sympy.Add(*[to_sympy(v) * sympy.log(to_sympy(v)) for v in row if not is_zero_entry(v)])


@dataclass
class ChannelCapacity:
    """Capacity of one channel: exact ``value`` or certified [lower, upper]; ``prior`` is a pmf
    over the channel's rows attaining the value (or the lower bound); ``how`` says why."""

    value: object
    lower: object
    upper: object
    prior: tuple
    how: str
    method: str
    output: tuple | None = None
    extra: dict = field(default_factory=dict)


def _closed_form(rows: list[tuple], reps: list[int], scale=Fraction(1), hows=()):
    """Detect an exact closed form of the capacity of ``rows`` (restricted to ``reps``).

    Returns ("closed", value, {rep: prob}, how) or ("residual", reduced rows, reps, scale, how)
    with C(original) = scale·C(residual)."""
    rows, reps = reduce_channel(rows, reps)
    k, m = len(rows), len(rows[0]) if rows else 0
    if k == 1 or m <= 1:
        how = hows + ("identical rows: Y independent of X",)
        return ("closed", Fraction(0), {reps[0]: Fraction(1)}, how)
    ms0 = _multiset(rows[0])
    if all(_multiset(r) == ms0 for r in rows[1:]):
        sums = [_key(sum(c, 0) if all(isinstance(v, Fraction) for v in c) else sympy.Add(*c)) for c in zip(*rows)]
        if all(s == sums[0] for s in sums[1:]):
            h = _entropy(rows[0])
            if isinstance(h, LogForm):
                val = (LogForm.log(m) - h) * scale if isinstance(scale, Fraction) else None
            else:
                val = None
            if val is None:
                val = to_sympy(scale) * (sympy.log(m) - to_sympy(h) if not isinstance(h, LogForm) else
                                         sympy.log(m) - h.to_sympy())
            how = hows + (f"weakly symmetric {k}x{m} channel: C = log {m} - H(row), uniform input",)
            return ("closed", val, {r: Fraction(1, k) for r in reps}, how)
    for j in range(m):
        col = [r[j] for r in rows]
        c0 = _key(col[0])
        if all(_key(v) == c0 for v in col[1:]):
            c = col[0]
            d = 1 - c
            inner = [tuple(v / d for jj, v in enumerate(r) if jj != j) for r in rows]
            new_scale = scale * d if isinstance(d, Fraction) and isinstance(scale, Fraction) else \
                sympy.cancel(to_sympy(scale) * to_sympy(d))
            how = hows + (f"erasure factor: output column with constant probability {c} factors C = {d}·C(rest)",)
            return _closed_form(inner, reps, new_scale, how)
    return ("residual", rows, reps, scale, hows)


# ======================================================================================
# integer rows (rational channels, the fast path)
# ======================================================================================
# The same reduction and detection on integer rows:
#    W(y|x) = N[x, y] / d[x] with each row in lowest terms (d[x] the least common denominator
#    of the row, so equal rows have equal (d[x], N[x]); int64 when it fits, else Python ints
#    in object arrays).  Equal rows, proportional columns (equal primitive integer column
#    vectors: d[x] is a common row factor), constant columns (cross-multiplication) and column
#    sums are then vectorised integer tests.  A common denominator for all rows is avoided on
#    purpose: for rows with unrelated denominators it has thousands of bits (measured: 16 s of
#    object-array gcds on a random 729x729 channel).
def channel_integer_rows(num, den):
    """Rows (N, d) in lowest terms."""
    N, d = np.asarray(num), np.asarray(den)
    if N.dtype == object or d.dtype == object:
        N = np.array(N.tolist(), dtype=object).reshape(N.shape)
        d = np.array(d.tolist(), dtype=object)
    g = np.gcd.reduce(np.concatenate([N, d[:, None]], axis=1), axis=1)
    if (g != 1).any():
        N, d = N // g[:, None], d // g
    return N, d


def _row_key(v):
    return v.tobytes() if v.dtype != object else tuple(v.tolist())


def reduce_integer_rows(N, d, reps):
    """Integer version of :func:`reduce_channel` (same three capacity-preserving steps); rows stay in
    lowest terms."""
    seen, keep = set(), []
    for x in range(N.shape[0]):
        key = (int(d[x]), _row_key(N[x]))
        if key not in seen:
            seen.add(key)
            keep.append(x)
    if len(keep) < N.shape[0]:
        N, d = N[keep], d[keep]
        reps = [reps[x] for x in keep]
    nz = np.flatnonzero((N != 0).any(axis=0))
    if nz.size < N.shape[1]:
        N = N[:, nz]
    g = np.gcd.reduce(N, axis=0)
    prim = np.ascontiguousarray((N // g).T)
    if N.dtype != object:
        # group equal primitive columns: lexicographic sort + run boundaries (faster than
        # np.unique(axis=0), which sorts a void view)
        order = np.lexsort(prim.T[::-1])
        sp = prim[order]
        labels = np.concatenate([[0], np.cumsum(np.any(sp[1:] != sp[:-1], axis=1))])
        inv = np.empty_like(labels)
        inv[order] = labels
        n_groups = int(labels[-1]) + 1
        if n_groups < N.shape[1]:
            merged = np.zeros((n_groups, N.shape[0]), dtype=N.dtype)
            np.add.at(merged, inv, N.T)  # partial row sums stay <= d[x]
            N = np.ascontiguousarray(merged.T)
            N, d = channel_integer_rows(N, d)
        return N, d, reps
    groups: dict = {}
    for j in range(prim.shape[0]):
        groups.setdefault(_row_key(prim[j]), []).append(j)
    if len(groups) < N.shape[1]:
        N = np.stack([N[:, js].sum(axis=1) for js in groups.values()], axis=1)
        N, d = channel_integer_rows(N, d)
    return N, d, reps


def _wide(N, d):
    """(N, d) as arrays whose pairwise products cannot overflow (object arrays if needed)."""
    if N.dtype != object and int(d.max()) < (1 << 31):
        return N, d
    return np.array(N.tolist(), dtype=object).reshape(N.shape), np.array(d.tolist(), dtype=object)


def _closed_form_rows(N, d, reps, scale=Fraction(1), hows=()):
    """Integer version of :func:`_closed_form`; the residual is (N, d, reps, scale, hows)."""
    N, d, reps = reduce_integer_rows(N, d, reps)
    k, m = N.shape
    if k == 1 or m <= 1:
        return ("closed", Fraction(0), {reps[0]: Fraction(1)}, hows + ("identical rows: Y independent of X",))
    if (d == d[0]).all():
        srt = np.sort(N, axis=1)
        cs = N.sum(axis=0)
        if (srt == srt[0]).all() and (cs == cs[0]).all():
            d0 = int(d[0])
            counts: dict = {}
            for v in N[0].tolist():
                if v:
                    counts[int(v)] = counts.get(int(v), 0) + 1
            H = LogForm(0, logs=[(Fraction(d0, v), Fraction(v * c, d0)) for v, c in counts.items()])
            how = hows + (f"weakly symmetric {k}x{m} channel: C = log {m} - H(row), uniform input",)
            return ("closed", (LogForm.log(m) - H) * scale, {r: Fraction(1, k) for r in reps}, how)
    Nw, dw = _wide(N, d)
    const = np.flatnonzero((Nw * dw[0] == Nw[0][None, :] * dw[:, None]).all(axis=0))
    if const.size:
        j = int(const[0])
        c = Fraction(int(N[0, j]), int(d[0]))
        how = hows + (f"erasure factor: output column with constant probability {c} factors C = {1 - c}·C(rest)",)
        N2, d2 = channel_integer_rows(np.delete(N, j, axis=1), d - N[:, j])
        return _closed_form_rows(N2, d2, reps, scale * (1 - c), how)
    return ("residual", N, d, reps, scale, hows)


# ======================================================================================
# capacity of one channel: closed form if detected, else a certified enclosure
# ======================================================================================
def capacity_of_integer_rows(N, d, *, gap: Fraction, method: str) -> ChannelCapacity:
    """Capacity of the rational channel W = N/d (rows x outputs): closed form if detected
    (unless method="numeric"), else a certified enclosure read from the integer rows (no
    Fraction per entry).  The prior is over the rows."""
    k = N.shape[0]
    if method == "numeric":
        red, dr, reps = reduce_integer_rows(N, d, list(range(k)))
        det = ("residual", red, dr, reps, Fraction(1), ("closed-form detection skipped (method='numeric')",))
    else:
        det = _closed_form_rows(N, d, list(range(k)))
    if det[0] == "closed":
        _, val, pri, how = det
        return ChannelCapacity(val, None, None, tuple(pri.get(x, Fraction(0)) for x in range(k)), "; ".join(how), "closed-form")
    _, red, dr, reps, scale, how = det
    # the certificate reads the integer rows directly (no Fraction per entry: building them
    # took 9.5 s of the 17 s of a 2,187 x 2,187 capacity, measured)
    lo, hi, pri, out, meth, prec, iters, cnote = _numeric_capacity(ExactChannel.from_integers(red, dr), gap / scale)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, pri):
        pmf[r] += p
    how = "; ".join(how + (f"reduced {red.shape[0]}x{red.shape[1]} channel: {meth}",) + ((cnote,) if cnote else ()))
    return ChannelCapacity(None, lo * scale, hi * scale, tuple(pmf), how, meth, None, {"precision": prec, "iterations": iters})


def _numeric_capacity(rows, gap: Fraction):
    """Certified capacity enclosure of a rational channel (list of Fraction rows, or an integer
    ``ExactChannel``), from the information core: (lower, upper, prior, output, method, precision,
    iterations, note)."""
    res = capacity_enclosure(rows if isinstance(rows, ExactChannel) else [list(r) for r in rows], gap=gap)
    note = "" if res.converged else res.note
    return (res.lower, res.upper, tuple(res.prior), tuple(res.output), res.method, res.precision,
            res.iterations, note)


def reduced_capacity(rows: list[tuple], *, gap: Fraction = DEFAULT_GAP, method: str = "auto") -> ChannelCapacity:
    """Capacity of the channel ``rows`` (exact values): closed form if detected (unless
    method="numeric"), else a certified enclosure.  The prior is over the given rows."""
    k = len(rows)
    sym = not all(isinstance(v, Fraction) for r in rows for v in r)
    if method == "numeric":
        red, reps = reduce_channel(list(rows), list(range(k)))
        det = ("residual", red, reps, Fraction(1), ("closed-form detection skipped (method='numeric')",))
    else:
        det = _closed_form(list(rows), list(range(k)))
    if det[0] == "closed":
        _, val, pri, how = det
        pmf = tuple(pri.get(x, Fraction(0)) for x in range(k))
        val = symbolic_value(val) if isinstance(val, sympy.Basic) else val
        return ChannelCapacity(val, None, None, pmf, "; ".join(how), "closed-form")
    _, red, reps, scale, how = det
    if sym or not isinstance(scale, Fraction):
        raise InvalidArgument(
            "the capacity of this channel has no closed form the detector recognises and its entries are "
            "symbolic/irrational; substitute a value first (M.subs(eps=...))")
    lo, hi, pri, out, method, prec, iters, cnote = _numeric_capacity(red, gap / scale if scale else gap)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, pri):
        pmf[r] += p
    how = "; ".join(how + (f"reduced {len(red)}x{len(red[0])} channel: {method}",) + ((cnote,) if cnote else ()))
    return ChannelCapacity(None, lo * scale, hi * scale, tuple(pmf), how, method, None, {"precision": prec, "iterations": iters})


# ======================================================================================
# keys of channels up to row and column permutations
# ======================================================================================
def canonical_rows(N, d):
    """Key equal for channels equal up to row and column permutations (equal keys imply equal
    capacities; all row orders are tried for <= 4 rows, else the lexicographic one)."""
    k = N.shape[0]
    rows = N.tolist()
    dens = [int(v) for v in d.tolist()]
    perms = itertools.permutations(range(k)) if k <= 4 else [sorted(range(k), key=lambda r: (dens[r], rows[r]))]
    best = None
    for perm in perms:
        key = (tuple(dens[r] for r in perm), tuple(sorted(zip(*(rows[r] for r in perm)))))
        if best is None or key < best:
            best = key
    return best


def canonical_channel(rows: list[tuple]):
    """A key equal for channels equal up to row and column permutations (a sufficient, not
    necessary, condition: equal keys imply equal capacities)."""
    k = len(rows)
    perms = itertools.permutations(range(k)) if k <= 4 else [sorted(range(k), key=lambda r: _multiset(rows[r]))]
    best = None
    for perm in perms:
        cols = sorted((tuple(_key(rows[r][j]) for r in perm) for j in range(len(rows[0]))),
                      key=lambda c: tuple(_sort_key(v) for v in c))
        key = tuple(cols)
        if best is None or [tuple(_sort_key(v) for v in c) for c in key] < [tuple(_sort_key(v) for v in c) for c in best]:
            best = key
    return best
