"""Instances for Li et al.'s claims: random and structured mechanisms on Subsets(U) and Bounded(U, k).

Instances for Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): seeded random exact mechanisms on Subsets(U) (add/remove
neighbours) and Bounded(U, k) (swap neighbours), and structured ones — a count with truncated geometric
noise (the finite analogue of §4.1's Laplace count), "report a member" exponential mechanisms, counts of
T ∩ A on bounded datasets.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from exactpriv.claims import Family, Instance
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets


__all__ = [
    "BOUNDED",
    "BOUNDED_RANDOM",
    "BOUNDED_ZOO",
    "SUBSETS",
    "SUBSETS_RANDOM",
    "SUBSETS_ZOO",
    "bounded_count",
    "bounded_random",
    "bounded_zoo",
    "count_geometric",
    "member_report",
    "random_p",
]


def _rand_row(rng, ny, zeros):
    """Exact random pmf with entries in {1..6}/sum; with ``zeros`` each entry is 0 w.p. 1/10."""
    while True:
        w = [0 if zeros and rng.random() < 0.1 else rng.randint(1, 6) for _ in range(ny)]
        if sum(w):
            return [Fraction(x, sum(w)) for x in w]


def _rand_mech(rng, space, ny, zeros):
    return Mechanism(space, list(range(ny)), [_rand_row(rng, ny, zeros) for _ in space.points])


def count_geometric(universe, a) -> Mechanism:
    """|T| + truncated geometric noise on {0..n} (e^ε = a): a finite Laplace count (§4.1)."""
    space = Subsets(universe)
    geo = zoo.truncated_geometric(len(space.universe), exp_eps=a)
    return Mechanism(space, list(range(len(space.universe) + 1)), [geo.rows[len(T)] for T in space.points])


def member_report(space, a) -> Mechanism:
    """Output an entity y with probability ∝ a if y ∈ T, 1 otherwise (swap changes two weights)."""
    rows = []
    for T in space.points:
        w = [a if u in T else Fraction(1) for u in space.universe]
        s = sum(w)
        rows.append([x / s for x in w])
    return Mechanism(space, list(space.universe), rows)


def bounded_count(universe, k, A, a) -> Mechanism:
    """|T ∩ A| + truncated geometric noise on Bounded(U, k): a swap moves the count by <= 1, so
    ε-BDP with e^ε = a, while datasets two swaps apart have ratio a^2 (the D_B max/min bound)."""
    space = Bounded(universe, k)
    geo = zoo.truncated_geometric(len(A), exp_eps=a)
    return Mechanism(space, list(range(len(A) + 1)), [geo.rows[len(T & set(A))] for T in space.points])


@functools.lru_cache(maxsize=None)
def _subsets_random():
    rng = random.Random(20130)
    out = []
    for k in range(36):
        n = (1, 2, 2, 3, 3, 3)[k % 6]
        ny = 2 + (k // 6) % 2
        zeros = k >= 24
        sp = Subsets("abc"[:n])
        out.append(Instance(f"subsets-random-{k} (|U|={n}, |Y|={ny}{', zeros' if zeros else ''})",
                            _rand_mech(rng, sp, ny, zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _subsets_zoo():
    out = [
        Instance("k_max(n=3, k=2, empty='lowest')", zoo.k_max(3, 2)),
        Instance("k_max(n=4, k=3, empty='uniform')", zoo.k_max(4, 3, empty="uniform")),
        Instance("count+geometric(U=ab, e^eps=2)", count_geometric("ab", Fraction(2))),
        Instance("count+geometric(U=abc, e^eps=3/2)", count_geometric("abc", Fraction(3, 2))),
        Instance("member-report(Subsets(abc), a=3)", member_report(Subsets("abc"), Fraction(3))),
    ]
    return tuple(out)


@functools.lru_cache(maxsize=None)
def bounded_random():
    rng = random.Random(20131)
    shapes = [("abc", 1), ("abcd", 1), ("abcd", 2), ("abcd", 3), ("abcde", 2), ("abcde", 3)]
    out = []
    for k in range(36):
        U, kk = shapes[k % len(shapes)]
        ny = 2 + (k // len(shapes)) % 2
        zeros = k >= 24
        out.append(Instance(f"bounded-random-{k} (Bounded({U}, {kk}), |Y|={ny}{', zeros' if zeros else ''})",
                            _rand_mech(rng, Bounded(U, kk), ny, zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def bounded_zoo():
    K = zoo.k_max(4, 2)
    B = Bounded([1, 2, 3, 4], 2)
    return (
        Instance("member-report(Bounded(abcd, 2), a=2)", member_report(Bounded("abcd", 2), Fraction(2))),
        Instance("member-report(Bounded(abcde, 3), a=3)", member_report(Bounded("abcde", 3), Fraction(3))),
        Instance("k_max(n=4, k=2) restricted to |T| = 2",
                 Mechanism(B, list(K.outputs), [list(K.row(T).values()) for T in B.points])),
        Instance("|T ∩ {a,b}| + geometric(e^eps=2) on Bounded(abcd, 2)", bounded_count("abcd", 2, "ab", Fraction(2))),
        Instance("|T ∩ {a,b,c}| + geometric(e^eps=3/2) on Bounded(abcde, 3)",
                 bounded_count("abcde", 3, "abc", Fraction(3, 2))),
    )


SUBSETS_RANDOM = Family("subsets-random", _subsets_random,
                        "36 seeded random exact mechanisms on Subsets(U), |U| = 1..3, 2-3 outputs; the last 12 with zeros")
SUBSETS_ZOO = Family("subsets-zoo", _subsets_zoo, "k-Max, count + truncated geometric noise, member report")
BOUNDED_RANDOM = Family("bounded-random", bounded_random,
                        "36 seeded random exact mechanisms on Bounded(U, k), |U| = 3..5, 2-3 outputs; the last 12 with zeros")
BOUNDED_ZOO = Family("bounded-zoo", bounded_zoo,
                     "member-report exponential mechanisms; k-Max on |T| = 2; counts of T ∩ A with geometric noise")
SUBSETS = (SUBSETS_RANDOM, SUBSETS_ZOO)
BOUNDED = (BOUNDED_RANDOM, BOUNDED_ZOO)


def random_p(rng, n, *, boundary: bool):
    choices = [Fraction(a, b) for b in (2, 3, 4, 5, 7) for a in range(1, b)]
    if boundary:
        choices += [Fraction(0), Fraction(1)] * 4
    return tuple(rng.choice(choices) for _ in range(n))

