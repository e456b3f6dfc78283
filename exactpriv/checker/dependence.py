"""Notions of the dependence between records under the prior (Wu, Xia, He: the k of Proposition 3 and Theorem 4,
the η* of (40)), each from its definition on an exact finite instance."""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.checker.errors import Failed
from exactpriv.checker.witness import Instance

__all__ = ["joint_k", "pairwise_k", "source_tv"]

_ZERO = Fraction(0)


def _prior(inst: Instance):
    if inst.prior is None:
        raise Failed("the notion needs a prior and the witness has none")
    return inst.prior


def pairwise_k(inst: Instance, **_):
    """k = 1 + the largest degree of the pairwise dependency graph of the prior's records (records i, j joined when
    X_i and X_j are not independent): Wu–Xia–He's "independent to at least n − k other sources" read pairwise."""
    p = _prior(inst)
    degree = [0] * inst.n
    for i, j in itertools.combinations(range(inst.n), 2):
        mi, mj, mij = {}, {}, {}
        for x, q in enumerate(p):
            a, b = inst.code(x, i), inst.code(x, j)
            mi[a] = mi.get(a, _ZERO) + q
            mj[b] = mj.get(b, _ZERO) + q
            mij[(a, b)] = mij.get((a, b), _ZERO) + q
        if any(mij.get((a, b), _ZERO) != mi[a] * mj[b] for a in mi for b in mj):
            degree[i] += 1
            degree[j] += 1
    return Fraction(1 + max(degree, default=0))


def _joint_independent(inst: Instance, i: int, S: tuple) -> bool:
    """X_i independent of (X_j)_{j ∈ S} jointly under the prior."""
    p = inst.prior
    mi, ms, mis = {}, {}, {}
    for x, q in enumerate(p):
        a, b = inst.code(x, i), tuple(inst.code(x, j) for j in S)
        mi[a] = mi.get(a, _ZERO) + q
        ms[b] = ms.get(b, _ZERO) + q
        mis[(a, b)] = mis.get((a, b), _ZERO) + q
    return all(mis.get((a, b), _ZERO) == mi[a] * ms[b] for a in mi for b in ms)


def joint_k(inst: Instance, **_):
    """The least k such that every source X_i is jointly independent of at least n − k other sources (Wu, Xia,
    He, Proposition 3 and Theorem 4: "for any one source X_i, there are at least n − k sources in X which are
    independent to X_i", read jointly): n − min_i max{|S| : X_i ⟂ X_S}."""
    _prior(inst)
    best = []
    for i in range(inst.n):
        others = [j for j in range(inst.n) if j != i]
        best.append(max(len(S) for r in range(len(others) + 1) for S in itertools.combinations(others, r)
                        if _joint_independent(inst, i, S)))
    return Fraction(inst.n - min(best))


def source_tv(inst: Instance, **_):
    """η* of Wu, Xia, He (40): max over sources i and values t ≠ t' of positive prior marginal of
    1 − Σ_{x(i)} min{Pr[X(i) = x(i) | X_i = t], Pr[X(i) = x(i) | X_i = t']} (the total variation of the
    conditional laws of the other records)."""
    p = _prior(inst)
    best = _ZERO
    for i in range(inst.n):
        cond: dict = {}
        for x, q in enumerate(p):
            rest = inst.inputs[x][:i] + inst.inputs[x][i + 1:]
            c = cond.setdefault(inst.code(x, i), {})
            c[rest] = c.get(rest, _ZERO) + q
        laws = []
        for c in cond.values():
            mass = sum(c.values(), _ZERO)
            if mass:
                laws.append({k: v / mass for k, v in c.items()})
        for a, b in itertools.combinations(laws, 2):
            tv = 1 - sum((min(a.get(k, _ZERO), b.get(k, _ZERO)) for k in set(a) | set(b)), _ZERO)
            best = max(best, tv)
    return best
