"""Per-mechanism measures of Cuff–Yu, cached; MI-DP sharpened by exact capacity certificates.

Per-mechanism measures of Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS
2016), cached, with exact capacity certificates.

MI-DP is :func:`exactpriv.measures.information.mi_dp` — exact when a closed form is detected, else a
certified enclosure.  Equality cases (a slice containing a noiseless or BSC-like pair of rows, where (28) or
(105) hold with equality) straddle any enclosure, so :func:`sharp_mi_dp` sharpens it with the Csiszár–Körner bounds
I(P) <= C <= max_x D(W_x‖PW) at simple inputs P (uniform on all rows / on a pair of rows), which meet
exactly in those cases.  The (ε, δ) profile comes from :func:`exactpriv.measures.approx.approx_dp`, with
an independent pairwise recomputation over Hamming-distance-1 pairs (Def. 3) for the tests of Def. 1.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import hockey_stick, kl_dp, pure_dp, tv_dp
from exactpriv.measures.information import mi_dp
from exactpriv.measures.result import Measured

# ---- per-mechanism measures, cached (mechanisms are hashable by value)
def _slices(M):
    """The sub-channels x_i -> P(.|x_i, x_{-i}) of Def. 2's reduction (one per record i and
    value x_{-i}), as lists of rows."""
    return [rows for _, _, _, rows in _slices_at(M)]


def _slices_at(M):
    """The sub-channels of :func:`_slices` with where they sit: (record i, x_{-i}, the input points, rows)."""
    pts = M.inputs.points
    out = []
    for i in range(M.inputs.n):
        groups: dict = {}
        for x, row in zip(pts, M.rows):
            groups.setdefault(x[:i] + x[i + 1:], ([], []))
            groups[x[:i] + x[i + 1:]][0].append(x)
            groups[x[:i] + x[i + 1:]][1].append(row)
        out.extend((i, rest, xs, rows) for rest, (xs, rows) in groups.items())
    return out


def _kl_rows(w, q):
    """D(w‖q) as an exact LogForm, or None (= +oo) when w(y) > 0 = q(y)."""
    if any(a > 0 and b == 0 for a, b in zip(w, q)):
        return None
    return LogForm(0, logs=[(a / b, a) for a, b in zip(w, q) if a > 0])


def _capacity_certificate(rows):
    """Exact bounds I(P) <= C <= max_x D(W_x ‖ PW) (Csiszár–Körner: C = min_q max_x D(W_x‖q))
    at simple candidate inputs P: uniform on all rows and uniform on each pair of distinct
    rows.  Returns (best lower, best upper) as LogForms (upper None if every candidate has an
    infinite divergence).  Exact when the capacity is attained by such a P, e.g. a slice
    containing a BSC-like or a noiseless pair of rows, where the enclosure of mi_dp cannot
    decide an equality case."""
    return _certificate(rows)[:2]


def _certificate(rows):
    """:func:`_capacity_certificate` with the input attaining the best lower bound: (lower, upper, P) with
    P the exact pmf over ``rows`` (uniform on the chosen distinct rows, each on its first occurrence)."""
    distinct = list(dict.fromkeys(tuple(r) for r in rows))
    cands = [list(range(len(distinct)))] + [list(c) for c in itertools.combinations(range(len(distinct)), 2)]
    lower, upper, best = LogForm(0), None, cands[0]
    for sup in cands:
        k = len(sup)
        q = [sum((distinct[x][y] for x in sup), Fraction(0)) / k for y in range(len(distinct[0]))]
        ds = [_kl_rows(r, q) for r in distinct]
        lo = sum((ds[x] / k for x in sup), LogForm(0))  # rows in sup have q > 0 wherever they are > 0
        if compare(lo, ">", lower).is_true:
            lower, best = lo, sup
        if all(d is not None for d in ds):
            hi = ds[0]
            for d in ds[1:]:
                if compare(d, ">", hi).is_true:
                    hi = d
            if upper is None or compare(hi, "<", upper).is_true:
                upper = hi
    first = {r: j for j, r in reversed(list(enumerate(tuple(r) for r in rows)))}
    pmf = [Fraction(0)] * len(rows)
    for x in best:
        pmf[first[distinct[x]]] = Fraction(1, len(best))
    return lower, upper, pmf


def _max_exact(values):
    best = values[0]
    for v in values[1:]:
        if compare(v, ">", best).is_true:
            best = v
    return best


@functools.lru_cache(maxsize=None)
def sharp_mi_dp(M) -> Measured:
    """mi_dp(M), sharpened (when it is only an enclosure) by the exact capacity certificates of
    :func:`_capacity_certificate` on every slice; exact when the bounds meet."""
    m = mi_dp(M)
    if m.value is not None:
        return m
    slices = _slices_at(M)
    certs = [_certificate(rows) for _, _, _, rows in slices]
    lo_c = _max_exact([c[0] for c in certs])
    lower = lo_c if compare(lo_c, ">", m.lower).is_true else m.lower
    upper = m.upper
    if all(c[1] is not None for c in certs):
        up_c = _max_exact([c[1] for c in certs])
        if compare(up_c, "<", upper).is_true:
            upper = up_c
    if compare(lower, ">", upper).is_true:  # pragma: no cover - would be a bug in a certificate
        raise AssertionError(f"inconsistent MI-DP bounds for {M!r}: [{lower}, {upper}]")
    if compare(lower, "==", upper).is_true:
        # the value is the certificate's, so is the witness: the exact input attaining it on its slice (mi_dp's
        # own witness is the numeric enclosure's prior, a float-born approximation of the maximiser — e.g.
        # 4e-13 on an input the exact maximiser leaves out, which no exact attainment check accepts)
        k = next(j for j, c in enumerate(certs) if compare(c[0], "==", lower).is_true)
        i, rest, xs, _ = slices[k]
        pmf = certs[k][2]
        others = {j: v for j, v in zip([j for j in range(M.inputs.n) if j != i], rest)}
        witness = {"record": i, "others": others,
                   "input_prior": {repr(x[i]): str(p) for x, p in zip(xs, pmf) if p != 0},
                   "prior": {repr(x): str(p) for x, p in zip(xs, pmf) if p != 0}}
        return Measured("mi_dp", lower, witness=witness, note=m.note,
                        method="exact capacity certificate (I(P) = max_x D(W_x||PW))")
    return Measured("mi_dp", None, lower, upper, m.witness, m.method + " + exact candidate-prior certificates", m.note)


@functools.lru_cache(maxsize=None)
def kl_dp_of(M) -> Measured:
    return kl_dp(M)


@functools.lru_cache(maxsize=None)
def tv_dp_of(M) -> Measured:
    return tv_dp(M)


@functools.lru_cache(maxsize=None)
def pure_dp_of(M) -> Measured:
    return pure_dp(M)


def hamming_pairs(M):
    """Ordered pairs (x, x') of input indices at Hamming distance exactly 1, computed from
    the points themselves (Def. 3), not from the space's edge list."""
    pts = M.inputs.points
    return [(a, b) for a in range(len(pts)) for b in range(len(pts))
            if sum(u != v for u, v in zip(pts[a], pts[b])) == 1]


@functools.lru_cache(maxsize=None)
def _profile(M):
    return approx_dp(M).value


def approx_delta(M, gamma: Fraction) -> Fraction:
    """Tightest δ of (ln γ, δ)-DP, δ(γ) = max over ordered neighbour pairs of E_γ(P_x‖P_x')
    (Defs. 1 and 4 with the E_γ remark): the library's exact profile ``approx_dp``."""
    return _profile(M).delta(exp_eps=Fraction(gamma))


def pairwise_delta(M, gamma: Fraction) -> Fraction:
    """The same δ(γ) from the pair-level hockey_stick over Hamming-distance-1 pairs."""
    rows = M.rows
    return max((hockey_stick(rows[a], rows[b], gamma) for a, b in hamming_pairs(M)), default=Fraction(0))


def max_alphabet(M) -> int:
    return max(len(a) for a in M.inputs.records)
