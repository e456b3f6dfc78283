"""Directed halves of unbounded DP (positive / negative UDP) and bounded DP (Li et al., Li et al.).

Definitions (Li et al. §4, reconstructed in CLAIMS.md ``li2013.def_udp``; the fragment uses
them but does not state them).  For a mechanism A on the subsets of a universe U, every
T ⊆ U, entity t ∉ T and output set S:

    ε-positive UDP:  Pr[A(T ∪ {t}) ∈ S] <= e^ε Pr[A(T) ∈ S]       (adding t)
    ε-negative UDP:  Pr[A(T) ∈ S] <= e^ε Pr[A(T ∪ {t}) ∈ S]       (removing t)
    ε-BDP:           Pr[A(T1) ∈ S] <= e^ε Pr[A(T2) ∈ S] for |T1| = |T2|, |T1 Δ T2| = 2
                     (T2 obtained from T1 by replacing one entity).

Unbounded DP (add/remove neighbours, :func:`exactpriv.measures.divergence.pure_dp` on
``Subsets``) is the conjunction of the two UDP halves; BDP is symmetric (the swap relation
is closed under reversal), so it has no positive/negative split (``li2013.bdp_symmetry``).

Algorithm and why: on a finite output set the worst event is a singleton (mediant
inequality: Pr[S|a]/Pr[S|b] = Σ_y P(y|a) / Σ_y P(y|b) <= max_y P(y|a)/P(y|b)), so each level
is ln of the exact maximum of P(y|a)/P(y|b) over the *directed* pairs (a, b) of the relation.
:func:`exactpriv.measures.divergence.pure_dp` cannot be reused: its scans treat every pair in
both orientations, which is exactly what the directed UDP halves must not do.  The maximum is
found with integer cross-multiplication (rows from ``Mechanism.integer_rows()``, Python ints,
no overflow) and :func:`exactpriv.exact.kernel.exact_argmax_fractions` (float pre-filter with
a proved margin, exact integer decision).  Sizes are tiny here (2^|U| rows), so simplicity
wins over the vectorised engine of ``divergence``.

Conventions: 0/0 ratios are ignored; P(y|a) > 0 = P(y|b) gives ε = +oo; the maximum over no
pair is 0 (ε = 0 for a relation without pairs, e.g. a one-point space).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from exactpriv.errors import InvalidArgument, SpaceMismatchError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, as_exact, to_sympy
from exactpriv.measures.arguments import check_mechanism
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets

__all__ = [
    "add_pairs",
    "bounded_dp",
    "is_bounded_dp",
    "is_negative_udp",
    "is_positive_udp",
    "negative_udp",
    "positive_udp",
    "swap_pairs",
]



# ----------------------------------------------------------------------------- validation
def _level(eps, name: str = "eps"):
    v = as_exact(eps, name, symbols=())
    if to_sympy(v).is_negative:
        raise InvalidArgument(f"{name}={eps!r} must be >= 0")
    return v


# ----------------------------------------------------------------------------- pair relations
def add_pairs(space) -> list[tuple[int, int, object]]:
    """Directed add pairs of a ``Subsets`` space: (index of T ∪ {t}, index of T, t) for all T ∌ t."""
    if not isinstance(space, Subsets):
        raise SpaceMismatchError(f"add/remove neighbours need a Subsets space (datasets = sets of entities), "
                                 f"got {space!r}")
    pts = space.points
    out = []
    for b, T in enumerate(pts):
        for t in space.universe:
            if t not in T:
                out.append((space.index(T | {t}), b, t))
    return out


def swap_pairs(space) -> list[tuple[int, int, tuple]]:
    """Ordered swap pairs (index of F ∪ {t}, index of F ∪ {s}, (t, s)), t ≠ s, both ∉ F, of a
    ``Subsets`` or ``Bounded`` space (both orientations of every bounded-DP neighbour pair)."""
    if not isinstance(space, (Subsets, Bounded)):
        raise SpaceMismatchError(f"swap neighbours need a Subsets or Bounded space, got {space!r}")
    out = []
    for a, T in enumerate(space.points):
        for t in T:
            for s in space.universe:
                if s not in T:
                    out.append((a, space.index((T - {t}) | {s}), (t, s)))
    return out


def _max_directed_ratio(M: Mechanism, pairs):
    """Exact max over (a, b, tag) in ``pairs`` and outputs y of P(y|a)/P(y|b).

    Returns (value, (pair, y)) with value a Fraction or ``sympy.oo``; (None, None) when every
    ratio is 0/0 or there is no pair.
    """
    if not pairs:
        return None, None
    num, den = M.integer_rows()
    num = [[int(v) for v in row] for row in num.tolist()]
    den = [int(d) for d in den.tolist()]
    ns, ds, where = [], [], []
    for k, (a, b, _tag) in enumerate(pairs):
        ra, rb = num[a], num[b]
        for y in range(len(ra)):
            n_, d_ = ra[y] * den[b], rb[y] * den[a]
            if d_ == 0:
                if n_ > 0:
                    return OO, (k, y)
                continue  # 0/0: ignored
            ns.append(n_)
            ds.append(d_)
            where.append((k, y))
    if not ns:
        return None, None
    i, value = exact_argmax_fractions(np.array(ns, dtype=object), np.array(ds, dtype=object))
    return value, where[i]


def _measured(name, M, pairs, value, loc, note):
    if value is None:
        return Measured(name, LogForm.rational(0), witness={}, method="vacuous",
                        note=note + "; no pair with a defined ratio: level 0")
    k, y = loc
    a, b, tag = pairs[k]
    pts = M.inputs.points
    wit = {"pair": [pts[a], pts[b]], "output": M.outputs[y], "ratio": value}
    if isinstance(tag, tuple):
        wit["swap"] = list(tag)
    else:
        wit["entity"] = tag
    val = OO if value == OO else LogForm.log(value)
    return Measured(name, val, witness=wit, method="exact: integer cross-multiplication over directed pairs",
                    note=note)


# ----------------------------------------------------------------------------- public measures
def positive_udp(M) -> Measured:
    """Tightest ε of ε-positive UDP (Li et al. §4, ``li2013.def_udp``, reconstructed):

        ε* = max over T ⊆ U, t ∉ T, outputs y of  ln P(y | T ∪ {t}) / P(y | T)

    (equal to the max over all output *sets* S by the mediant inequality).  ``M`` must live on
    ``Subsets(U)``.  Value: LogForm ``ln r`` (or ``sympy.oo``); witness ``pair`` = [T ∪ {t}, T],
    ``entity`` t, ``output`` y, ``ratio`` r.
    """
    M = check_mechanism(M, "positive_udp", rational=True)
    pairs = add_pairs(M.inputs)
    value, loc = _max_directed_ratio(M, pairs)
    return _measured("positive_udp", M, pairs, value, loc,
                     "Pr[A(T ∪ {t}) ∈ S] <= e^ε Pr[A(T) ∈ S] (adding one entity)")


def negative_udp(M) -> Measured:
    """Tightest ε of ε-negative UDP (Li et al. §4, ``li2013.def_udp``, reconstructed):

        ε* = max over T ⊆ U, t ∉ T, outputs y of  ln P(y | T) / P(y | T ∪ {t}).

    Witness ``pair`` = [T, T ∪ {t}].  ``max(positive_udp, negative_udp) = pure_dp`` on
    ``Subsets(U)`` (unbounded DP).
    """
    M = check_mechanism(M, "negative_udp", rational=True)
    pairs = [(b, a, t) for a, b, t in add_pairs(M.inputs)]
    value, loc = _max_directed_ratio(M, pairs)
    return _measured("negative_udp", M, pairs, value, loc,
                     "Pr[A(T) ∈ S] <= e^ε Pr[A(T ∪ {t}) ∈ S] (removing one entity)")


def bounded_dp(M) -> Measured:
    """Tightest ε of ε-BDP (Li et al. §4.2, ``li2013.def_udp``): max over same-size datasets
    T1 = F ∪ {t}, T2 = F ∪ {s} (t ≠ s, both ∉ F) and outputs y of ln P(y|T1)/P(y|T2).

    On ``Bounded(U, k)`` this is :func:`~exactpriv.measures.divergence.pure_dp`; on ``Subsets(U)``
    it ranges over the swap pairs of every size.  Witness ``pair`` [T1, T2], ``swap`` [t, s].
    """
    M = check_mechanism(M, "bounded_dp", rational=True)
    pairs = swap_pairs(M.inputs)
    value, loc = _max_directed_ratio(M, pairs)
    return _measured("bounded_dp", M, pairs, value, loc,
                     "Pr[A(T1) ∈ S] <= e^ε Pr[A(T2) ∈ S] for T1, T2 of equal size differing in one entity")


def is_positive_udp(M, eps) -> Decision:
    """Decide ε-positive UDP: ``positive_udp(M) <= eps`` (exact)."""
    lv = _level(eps)
    return at_most(positive_udp(M), lv)


def is_negative_udp(M, eps) -> Decision:
    """Decide ε-negative UDP: ``negative_udp(M) <= eps`` (exact)."""
    lv = _level(eps)
    return at_most(negative_udp(M), lv)


def is_bounded_dp(M, eps) -> Decision:
    """Decide ε-BDP: ``bounded_dp(M) <= eps`` (exact)."""
    lv = _level(eps)
    return at_most(bounded_dp(M), lv)

