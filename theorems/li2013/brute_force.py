"""Li et al.'s PMP/NMP levels and DP-style ratios by brute force over every event (the second computation).

Definitional brute force for Li, Qardaji, Su, Wu and Yang,
"Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): the least γ of (D, γ)-PMP / NMP at an explicit
law over datasets, over *every* output event and entity, and DP-style ratios over every event.

Nothing here uses the reductions of :mod:`exactpriv.measures.membership` or :mod:`exactpriv.measures.udp`
(single outputs, vertex laws, couplings): it is the second, independent computation the bank's checks
compare those measures with.  Integer arithmetic over common denominators; one Fraction at the end.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from exactpriv.exact.numbers import OO
from exactpriv.mechanisms.base import Mechanism


__all__ = ["add_pairs", "best_event_ratio", "membership_level_at", "product_dist", "swap_pairs", "uniform_dist"]


def _events(n_out: int):
    return [S for r in range(1, n_out + 1) for S in itertools.combinations(range(n_out), r)]


def _int_rows(M: Mechanism):
    """Rows as integers over one common denominator (exact; avoids Fraction churn in the
    brute-force loops): P(y|x) = R[x][y] / Dn."""
    Dn = math.lcm(*(v.denominator for row in M.rows for v in row))
    return {T: [int(v * Dn) for v in row] for T, row in zip(M.inputs.points, M.rows)}, Dn


def _event_probs(M: Mechanism):
    """(events, {point: {event: Dn·Pr[A(point) ∈ event]}}) over all non-empty events, integers."""
    evs = _events(len(M.outputs))
    R, _Dn = _int_rows(M)
    return evs, {T: {S: sum(row[y] for y in S) for S in evs} for T, row in R.items()}


def membership_level_at(M: Mechanism, dist: dict, *, negative: bool = False):
    """Definitional brute force (``li2013.def_pmp`` / ``def_nmp``): the least γ such that the
    distribution ``dist`` ({dataset: probability}, datasets points of ``M.inputs``) satisfies
    PMP (``negative``: NMP) for every entity t with 0 < Pr[t] < 1 and *every* output event S
    with Pr[S] > 0:
        PMP: Pr[t|S] <= γ Pr[t] and Pr[¬t|S] >= Pr[¬t]/γ;  NMP: Pr[t|S] >= Pr[t]/γ and Pr[¬t|S] <= γ Pr[¬t].
    The least γ for (t, S) is max(Pr[t|S]/Pr[t], Pr[¬t]/Pr[¬t|S]) (PMP) or max(Pr[t]/Pr[t|S],
    Pr[¬t|S]/Pr[¬t]) (NMP).  Returns (γ as Fraction or oo, witness dict).  No reduction to single
    outputs is used.  Integer arithmetic: weights and rows over common denominators, candidate
    ratios compared by cross-multiplication, one Fraction at the end.
    """
    evs, PS = _event_probs(M)
    Dw = math.lcm(*(Fraction(w).denominator for w in dist.values()))
    W = {T: int(Fraction(w) * Dw) for T, w in dist.items() if w}
    Wtot = sum(W.values())
    best_n, best_d, wit = 1, 1, {}
    for t in M.inputs.universe:
        a = sum(w for T, w in W.items() if t in T)  # Pr[t] = a / Wtot
        if not 0 < a < Wtot:
            continue
        for S in evs:
            d = sum(w * PS[T][S] for T, w in W.items())
            if d == 0:
                continue
            c = sum(w * PS[T][S] for T, w in W.items() if t in T)  # Pr[t|S] = c / d
            if not negative:
                if c == d:
                    return OO, {"entity": t, "event": [M.outputs[y] for y in S], "posterior": Fraction(1)}
                cands = ((c * Wtot, d * a), ((Wtot - a) * d, Wtot * (d - c)))
            else:
                if c == 0:
                    return OO, {"entity": t, "event": [M.outputs[y] for y in S], "posterior": Fraction(0)}
                cands = ((a * d, Wtot * c), ((d - c) * Wtot, d * (Wtot - a)))
            for n_, d_ in cands:
                if n_ * best_d > best_n * d_:
                    best_n, best_d = n_, d_
                    wit = {"entity": t, "event": [M.outputs[y] for y in S], "prior": Fraction(a, Wtot),
                           "posterior": Fraction(c, d)}
    return Fraction(best_n, best_d), wit


def uniform_dist(space) -> dict:
    w = Fraction(1, space.size)
    return {T: w for T in space.points}


def product_dist(space, p: dict) -> dict:
    out = {}
    for T in space.points:
        w = Fraction(1)
        for u in space.universe:
            w *= p[u] if u in T else 1 - p[u]
        if w:
            out[T] = w
    return out


def best_event_ratio(M: Mechanism, pairs):
    """max over (a, b) in pairs (points) and events S of Pr[S|a]/Pr[S|b] (Fraction/oo/None)."""
    evs, PS = _event_probs(M)
    best = None
    for a, b in pairs:
        for S in evs:
            x, y = PS[a][S], PS[b][S]
            if y == 0:
                if x > 0:
                    return OO
                continue
            r = Fraction(x, y)  # both scaled by the same common denominator
            if best is None or r > best:
                best = r
    return best


def add_pairs(space, negative):
    out = []
    for T in space.points:
        for t in space.universe:
            if t not in T:
                out.append((T, T | {t}) if negative else (T | {t}, T))
    return out


def swap_pairs(space):
    return [(T, (T - {t}) | {s}) for T in space.points for t in T for s in space.universe if s not in T]

