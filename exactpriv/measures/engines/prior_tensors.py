"""Integer tensors of a prior and a mechanism on a record-structured space, and exact likelihood-ratio scans.

The engine behind the prior-dependent notions (:mod:`exactpriv.measures.bayesian`, :mod:`~exactpriv.measures.semantic`,
:mod:`~exactpriv.measures.membership`): the prior p and the rows P(y|x) are brought to common denominators, giving
integer arrays G[x, y] ∝ p(x) P(y|x) and A[x] ∝ p(x) on one scale; scattered into tensors with one axis per record,
the likelihood of a partial configuration P[y | X_T = c] is a ratio of two tensor sums (numpy sums of Python ints:
exact, no overflow), and the maximum of such ratios is found by
:func:`exactpriv.exact.kernel.exact_argmax_fractions` (float pre-filter with a proved margin, exact integers).
Conventions: 0/0 is ignored, a/0 = +oo for a > 0.
"""

from __future__ import annotations

import math

import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming, Subsets

__all__ = ["Likelihoods", "PriorTensors", "conditional_tensors", "larger_ratio", "leakage_scan", "max_ratio",
           "object_ints"]


def max_ratio(num: np.ndarray, den: np.ndarray):
    """Exact maximum of num/den over all entries (non-negative integer arrays, same shape).

    Conventions: entries with num = den = 0 are ignored; num > 0 = den gives +oo.
    Returns (value, index) with value a Fraction or ``sympy.oo`` and index a tuple into the
    arrays, or (None, None) when every entry is ignored.
    """
    num = np.asarray(num)
    den = np.asarray(den)
    inf = np.asarray((den == 0) & (num > 0), dtype=bool)
    if inf.any():
        k = int(np.flatnonzero(inf.ravel())[0])
        return sympy.oo, tuple(int(v) for v in np.unravel_index(k, num.shape))
    valid = np.asarray(den > 0, dtype=bool)
    if not valid.any():
        return None, None
    flat = np.flatnonzero(valid.ravel())
    k, value = exact_argmax_fractions(num.ravel()[flat], den.ravel()[flat])
    return value, tuple(int(v) for v in np.unravel_index(int(flat[k]), num.shape))


def larger_ratio(a, b) -> bool:
    """a > b for values Fraction | oo | None (None = nothing yet)."""
    if a is None:
        return False
    if b is None:
        return True
    if a == sympy.oo:
        return b != sympy.oo
    if b == sympy.oo:
        return False
    return a > b


def object_ints(a) -> np.ndarray:
    """Integer array as an object array of Python ints (exact, unbounded)."""
    a = np.asarray(a)
    if a.dtype == object:
        return np.array([int(v) for v in a.ravel()], dtype=object).reshape(a.shape)
    return a.astype(object)


class PriorTensors:
    """Integer forms of prior and mechanism on a record-structured space.

    ``P[x, y]`` with P(y|x) = P[x, y] / L; ``a[x]`` with p(x) = a[x] / Dp; ``G = a * P`` and
    ``A = a * L`` (common scale Dp*L).  Tensors (``*_t``) have one axis per record, then outputs.
    """

    def __init__(self, M: Mechanism, prior: Prior | None):
        space = M.inputs
        self.M, self.space = M, space
        num, den = M.integer_rows()
        num, den = object_ints(num), object_ints(den)
        L = math.lcm(*(int(d) for d in den))
        scale = np.array([L // int(d) for d in den], dtype=object)
        self.L = L
        self.P = num * scale[:, None]
        if prior is not None:
            Dp = math.lcm(*(q.denominator for q in prior.pmf))
            self.a = np.array([q.numerator * (Dp // q.denominator) for q in prior.pmf], dtype=object)
            self.G = self.a[:, None] * self.P
            self.A = self.a * L
        if space.records is not None and isinstance(space, (Hamming, Subsets)):
            self.radices = tuple(len(r) for r in space.records)
            self.codes = space.record_codes()
            self.n = len(self.radices)

    def point_at(self, k: int):
        """The point whose record codes are the flat tensor index ``k``."""
        codes = tuple(int(c) for c in np.unravel_index(k, self.radices))
        if isinstance(self.space, Subsets):
            return frozenset(u for u, c in zip(self.space.universe, codes) if c)
        return tuple(a[c] for a, c in zip(self.space.records, codes))

    def record_witness(self, i: int) -> dict:
        """{"record": i}, plus the entity for Subsets spaces (record i = membership of universe[i])."""
        if isinstance(self.space, Subsets):
            return {"record": i, "entity": self.space.universe[i]}
        return {"record": i}

    def tensor(self, flat: np.ndarray) -> np.ndarray:
        """Scatter a (points, ...) array into (m_1, ..., m_n, ...) by record codes."""
        t = np.zeros(self.radices + flat.shape[1:], dtype=object)
        t[tuple(self.codes.T)] = flat
        return t

    def value_label(self, i: int, code: int):
        return self.space.records[i][code]


def conditional_tensors(Gt: np.ndarray, At: np.ndarray, i: int, S: tuple[int, ...], n: int):
    """Sum the tensors over the records K = N minus ({i} u S); axes become (x_i, x_S..., [y])."""
    K = tuple(j for j in range(n) if j != i and j not in S)
    g = Gt.sum(axis=K) if K else Gt
    a = At.sum(axis=K) if K else At
    kept = sorted((i,) + tuple(S))
    pos = kept.index(i)
    g = np.moveaxis(g, pos, 0)
    a = np.moveaxis(a, pos, 0)
    order = [j for j in kept if j != i]  # the order of the S axes after moving i first
    m_i = g.shape[0]
    cs = int(np.prod(g.shape[1:-1], dtype=object)) if g.ndim > 2 else 1
    return g.reshape(m_i, cs, g.shape[-1]), a.reshape(m_i, cs), order


class Likelihoods:
    """The scaled tensors behind P[y | x_i, x_S] under a ``null_events`` convention.

    ``g_a(i, S)`` gives (g, a, order) as :func:`conditional_tensors` with P[y | c] = g[c, y] / a[c] and a[c] = 0
    exactly where the configuration is skipped.  With "skip_undefined" and S = N∖{i} (nothing
    integrated out) the tensors are the mechanism's own rows P·L over the constant L, so that
    configurations of prior probability 0 keep their (defined) likelihood.
    """

    def __init__(self, J: "PriorTensors", null_events: str):
        self.J, self.null_events = J, null_events
        self.Gt, self.At = J.tensor(J.G), J.tensor(J.A)
        self._rows = None

    def known_all(self, i: int, S) -> bool:
        return self.null_events == "skip_undefined" and len(S) == self.J.n - 1

    def rows(self):
        """(P·L tensor, constant-L tensor): likelihoods of fully known databases, prior-free."""
        if self._rows is None:
            J = self.J
            X = J.P.shape[0]
            self._rows = (J.tensor(J.P), J.tensor(np.full(X, J.L, dtype=object)))
        return self._rows

    def g_a(self, i: int, S):
        n = self.J.n
        if self.known_all(i, S):
            Pt, Lt = self.rows()
            return conditional_tensors(Pt, Lt, i, S, n)
        return conditional_tensors(self.Gt, self.At, i, S, n)


def leakage_scan(g: np.ndarray, a: np.ndarray):
    """Max over (x_i = a_, x_i' = b_, x_S, y) of P[y|a_,x_S]/P[y|b_,x_S] with admissibility.

    ``g`` has shape (m_i, cS, Y) and ``a`` (m_i, cS).  Returns (value, (a_, b_, s, y)).
    """
    m = g.shape[0]
    # num[a_, b_, s, y] = g[a_, s, y] * a[b_, s];  den = g[b_, s, y] * a[a_, s]
    num = g[:, None, :, :] * a[None, :, :, None]
    den = g[None, :, :, :] * a[:, None, :, None]
    admissible = (a[:, None, :] > 0) & (a[None, :, :] > 0)
    admissible &= ~np.eye(m, dtype=bool)[:, :, None]
    admissible = np.broadcast_to(np.asarray(admissible, dtype=bool)[..., None], num.shape)
    num = np.where(admissible, num, 0)
    den = np.where(admissible, den, 0)
    return max_ratio(num, den)
