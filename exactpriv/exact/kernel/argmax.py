"""Exact argmax/argmin of many fractions, with a float pre-filter under a proved error margin.

A vectorised float argmax selects *candidates*: every index within a margin of the float maximum
(the margin is proved in the comment above ``_TOL``), so a true maximiser is always among them; an
exact integer tournament (cross-multiplication) then decides.  Floats only filter here, never decide.
Why: the measures take maxima over very many likelihood ratios; the filter leaves the exact
comparisons only for the few near-maximal candidates.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from exactpriv.errors import InvalidArgument, NotExactError


__all__ = ["exact_argmax_fractions", "exact_argmin_fractions", "exact_max_ratio"]


# --------------------------------------------------------------------------------------
# exact argmax of many fractions with a proved float pre-filter
# --------------------------------------------------------------------------------------
# Error margin (round-to-nearest binary64, unit roundoff u = 2^-53):
#   int64 path: numpy's true division of int64 arrays converts n and d to binary64 (exact when
#   |v| < 2^53, relative error ≤ u otherwise) and divides (one more rounding), so
#       r̂ = n(1+δ1) / (d(1+δ2)) · (1+δ3),  |δi| ≤ u   ⇒   |r̂ − r| ≤ ((1+u)²/(1−u) − 1)|r| < 3.01u|r|.
#   No underflow/overflow: 2^-63 ≤ |r| ≤ 2^63 unless r = 0 (then r̂ = 0 exactly).
#   object path (Python ints): CPython's ``int / int`` is correctly rounded, so |r̂ − r| ≤ u|r|
#   for normal results and ≤ 2^-1075 in the subnormal range; an OverflowError (|r| ≥ 2^1024)
#   sends the whole array to the exact tournament without a pre-filter.
# So r̂_k = r_k(1 + θ_k) + η_k with |θ_k| ≤ e := 3.01u and |η_k| ≤ η := 2^-1075 (η = 0 for int64).
# Let j be a true maximiser, i the float argmax, M̂ = r̂_i.  Since r_j ≥ r_i:
#   * r_i ≥ 0:          M̂ ≤ r_j(1+e) + η and r̂_j ≥ r_j(1−e) − η, so r̂_j ≥ M̂(1−e)/(1+e) − 2η ≥ M̂ − 2e|M̂| − 2η;
#   * r_i < 0 ≤ r_j:    M̂ ≤ r_i(1−e) + η < η and r̂_j ≥ −η, so r̂_j > M̂ − 2η;
#   * r_i ≤ r_j < 0:    M̂ ≤ r_j(1−e) + η and r̂_j ≥ r_j(1+e) − η, so
#                       r̂_j ≥ (M̂ − η)(1+e)/(1−e) − η ≥ M̂ − 2.01e(|M̂| + η) − η.
# In every case  r̂_j ≥ M̂ − 6.1u·|M̂| − 2^-1073.
# We keep every index with r̂_k ≥ thr := M̂ − TOL·|M̂| − ABS, TOL = 2^-46 = 128u, ABS = 2^-1060.
# Computing thr in floating point: TOL·|M̂| is an exact power-of-two scaling (or off by one
# subnormal ulp), and the two subtractions round by at most u(1+TOL)|M̂| + 2^-1074 each, which
# is far inside the (128 − 6.1)u|M̂| + ABS slack.  So a true maximiser is always a candidate;
# exact ties among candidates are expected and fine.
_TOL = 2.0 ** -46

_ABS = 2.0 ** -1060

_INT64_SAFE = 1 << 62  # |n|·d < 2^62 keeps every cross product inside int64


def _as_int_array(x, name):
    arr = np.asarray(x)
    if arr.dtype == object:
        flat = arr.ravel()
        for v in flat:
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                if isinstance(v, (float, np.floating)):
                    raise NotExactError(f"{name} contains the float {v!r}; exact integers are required")
                raise InvalidArgument(f"{name} contains {v!r} of type {type(v).__name__}; integers are required")
        if all(-(1 << 62) < int(v) < (1 << 62) for v in flat):
            return arr.astype(np.int64)
        return np.array([int(v) for v in flat], dtype=object).reshape(arr.shape)
    if arr.dtype.kind in "iu":
        if arr.dtype.kind == "u" and arr.size and int(arr.max()) >= (1 << 63):
            return np.array([int(v) for v in arr.ravel()], dtype=object).reshape(arr.shape)
        return arr.astype(np.int64, copy=False)
    if arr.dtype.kind in "fc":
        raise NotExactError(f"{name} has dtype {arr.dtype}; exact integer numerators/denominators are required")
    raise InvalidArgument(f"{name} has dtype {arr.dtype}; integer arrays are required")


def _tournament(cn, cd):
    """Exact maximum of cn/cd (cd > 0) by pairwise rounds of vectorised cross-multiplication;
    returns (n*, d*).  Works on int64 arrays (caller checked the 2^62 bound) or object arrays."""
    while cn.shape[0] > 1:
        half = cn.shape[0] // 2
        an, ad = cn[:half], cd[:half]
        bn, bd = cn[half:2 * half], cd[half:2 * half]
        a_wins = an * bd >= bn * ad
        nn = np.where(a_wins, an, bn)
        nd = np.where(a_wins, ad, bd)
        if cn.shape[0] % 2:
            nn = np.concatenate([nn, cn[-1:]])
            nd = np.concatenate([nd, cd[-1:]])
        cn, cd = nn, nd
    return cn[0], cd[0]


def exact_argmax_fractions(num, den):
    """Index and exact value of the largest fraction num[k]/den[k].

    Parameters
    ----------
    num, den : array_like of integers, same shape
        numpy integer arrays (int64 fast path) or object arrays of Python ints; ``den > 0``.

    Returns
    -------
    (index, Fraction)
        ``index`` is the smallest flat position of a maximum, as an int for 1-d input and a
        tuple (``np.unravel_index``) otherwise; the Fraction is num[index]/den[index].

    Method: float ratios select candidates within the proved margin documented above; the
    exact maximum among candidates is found by a vectorised cross-multiplication tournament
    (int64 when max|num|·max(den) < 2^62, Python ints otherwise), and its smallest index by
    one more vectorised exact comparison.  Floats never decide.
    """
    n = _as_int_array(num, "num")
    d = _as_int_array(den, "den")
    if n.shape != d.shape:
        raise InvalidArgument(f"num shape {n.shape} and den shape {d.shape} differ")
    if n.size == 0:
        raise InvalidArgument("num and den are empty; the maximum of no fractions is undefined")
    shape = n.shape
    n, d = n.ravel(), d.ravel()
    if (d <= 0).any():
        k = int(np.flatnonzero(d <= 0)[0])
        raise InvalidArgument(f"den must be positive; den[{np.unravel_index(k, shape)}] = {d[k]}")
    obj = n.dtype == object or d.dtype == object
    try:
        if obj:
            r = (n.astype(object) / d.astype(object)).astype(np.float64)  # correctly rounded int/int
        else:
            r = n / d  # int64 true division: cast each to binary64, one division
    except OverflowError:
        cand = np.arange(n.size)  # ratio beyond float range: exact scan of everything
        pivot = 0
    else:
        i = int(np.argmax(r))
        m = float(r[i])
        cand = np.flatnonzero(r >= m - _TOL * abs(m) - _ABS)
        pivot = int(np.searchsorted(cand, i))  # position of the float argmax among candidates
    if cand.size == n.size:
        cn, cd = n, d
    else:
        cn, cd = n[cand], d[cand]
    small = False
    if not obj:
        lo, hi = int(cn.min()), int(cn.max())
        small = max(hi, -lo) * int(cd.max()) < _INT64_SAFE
    if not small:
        cn, cd = cn.astype(object), cd.astype(object)
    # One exact pass against the float argmax settles the common case (it is a maximum, often
    # with many exact ties); only candidates exceeding it go through the tournament.
    bn, bd = cn[pivot], cd[pivot]
    lhs, rhs = cn * bd, bn * cd
    above = lhs > rhs
    if above.any():
        bn, bd = _tournament(cn[above], cd[above])
        lhs, rhs = cn * bd, bn * cd
    # smallest index attaining the maximum (exact equality by cross-multiplication)
    k = int(cand[int(np.argmax(lhs == rhs))])
    index = k if len(shape) == 1 else tuple(int(v) for v in np.unravel_index(k, shape))
    return index, Fraction(int(n[k]), int(d[k]))


def exact_argmin_fractions(num, den):
    """Index and exact value of the smallest fraction num[k]/den[k] (see :func:`exact_argmax_fractions`)."""
    n = _as_int_array(num, "num")
    neg = -(n.astype(object)) if n.dtype == object or (n.size and n.min() == np.iinfo(np.int64).min) else -n
    index, value = exact_argmax_fractions(neg, den)
    return index, -value


def exact_max_ratio(num, den) -> Fraction:
    """The exact maximum of num[k]/den[k] (see :func:`exact_argmax_fractions`)."""
    return exact_argmax_fractions(num, den)[1]
