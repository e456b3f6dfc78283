"""Reference values of unbounded / bounded DP on datasets of entities (Li et al., seed 002 §4):
maxima of ln P(y|T1)/P(y|T2) over the dataset pairs each notion names, enumerated from the sets."""

from __future__ import annotations

from exactpriv.errors import InvalidArgument
from exactpriv.measures.reference._common import Reference, flat, log_of, ratio_max, rows
from exactpriv.spaces import Bounded, Subsets

__all__ = ["add_remove_pairs", "bounded_dp", "negative_udp", "positive_udp", "swap_pairs"]


def add_remove_pairs(space):
    """(T ∪ {t}, T) as point indices, for every dataset T and entity t ∉ T (Subsets spaces)."""
    if not isinstance(space, Subsets):
        raise InvalidArgument(f"add/remove pairs need a Subsets space, got {space!r}")
    pts = list(space.points)
    where = {T: k for k, T in enumerate(pts)}
    return [(where[T | {t}], k) for k, T in enumerate(pts) for t in space.universe if t not in T]


def swap_pairs(space):
    """(F ∪ {t}, F ∪ {s}) for t ≠ s not in F, both datasets in the space (Subsets or Bounded)."""
    if not isinstance(space, (Subsets, Bounded)):
        raise InvalidArgument(f"swap pairs need a Subsets or Bounded space, got {space!r}")
    pts = list(space.points)
    where = {T: k for k, T in enumerate(pts)}
    out = []
    for k, T in enumerate(pts):
        for t in T:
            for s in space.universe:
                if s not in T and ((T - {t}) | {s}) in where:
                    out.append((k, where[(T - {t}) | {s}]))
    return out


def _max_log(M, pairs, name):
    P = rows(M, name)
    return Reference(name, log_of(ratio_max((P[a][y], P[b][y]) for a, b in pairs for y in range(len(M.outputs)))),
                     how="enumerated dataset pairs")


def positive_udp(M) -> Reference:
    """max over T, t ∉ T, y of ln P(y|T ∪ {t}) / P(y|T) (adding an entity)."""
    M = flat(M, "positive_udp")
    return _max_log(M, add_remove_pairs(M.inputs), "positive_udp")


def negative_udp(M) -> Reference:
    """max over T, t ∉ T, y of ln P(y|T) / P(y|T ∪ {t}) (removing an entity)."""
    M = flat(M, "negative_udp")
    return _max_log(M, [(b, a) for a, b in add_remove_pairs(M.inputs)], "negative_udp")


def bounded_dp(M) -> Reference:
    """max over same-size datasets F ∪ {t}, F ∪ {s} and y of ln P(y|F ∪ t)/P(y|F ∪ s)."""
    M = flat(M, "bounded_dp")
    return _max_log(M, swap_pairs(M.inputs), "bounded_dp")
