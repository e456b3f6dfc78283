"""Tests of exactpriv.measures.coupling: BMI laws, Lemma 4.9 couplings by exact max flow, and
the exact sup of membership privacy over D_B (Li et al. §4.2, Families 4.6/4.7, Lemma 4.9, Thm 4.8).

(a) hand-worked BMI laws and couplings; (b) the max-flow decision against a definitional brute
force — Hall's condition over *every* subset of T1's (the supply–demand theorem) — on random
product (BMI) and non-product laws; the regular-bipartite-matching core of the module's proof of
Lemma 4.9; the D_B sup against explicit BMI members (brute force over events); (c) bad input.
"""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import networkx as nx
import pytest
import sympy

from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError, SupportError
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.coupling import (
    bmi_conditionals,
    bmi_pmf,
    bmi_ratio_certificate,
    find_coupling,
    lemma4_9,
)
from exactpriv.measures.membership import bmi_membership, is_bmi_membership, negative_membership, positive_membership
from exactpriv.measures.udp import bounded_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets

F = Fraction
fs = frozenset


# ----------------------------------------------------------------------------- (a) hand values
def test_bmi_pmf_by_hand():
    """Family 4.6: p = (t: 1/2, a: 1/2, b: 1/3), k = 2.  Product weights of the size-2 sets:
    {t,a}: 1/2·1/2·2/3 = 1/6, {t,b}: 1/2·1/2·1/3 = 1/12, {a,b}: 1/2·1/2·1/3 = 1/12; total 1/3."""
    D = bmi_pmf("tab", [F(1, 2), F(1, 2), F(1, 3)], 2)
    assert D == {fs("ta"): F(1, 2), fs("tb"): F(1, 4), fs("ab"): F(1, 4)}
    P1, P2, pt = bmi_conditionals("tab", [F(1, 2), F(1, 2), F(1, 3)], 2, "t")
    assert pt == F(3, 4)
    assert P1 == {fs("ab"): F(1)}
    assert P2 == {fs("a"): F(2, 3), fs("b"): F(1, 3)}


def test_lemma4_9_by_hand():
    """With T1 forced to {a, b}, the coupling is unique: π({a,b}, {a}) = 2/3, π({a,b}, {b}) = 1/3."""
    res = lemma4_9("tab", [F(1, 2), F(1, 2), F(1, 3)], 2, "t")
    assert res.decision.is_true
    assert res.joint == {(fs("ab"), fs("a")): F(2, 3), (fs("ab"), fs("b")): F(1, 3)}


def test_certain_entities_and_impossible_sizes():
    assert bmi_pmf("abc", {"a": 1, "b": 0, "c": F(1, 2)}, 1) == {fs("a"): F(1)}
    with pytest.raises(SupportError, match=re.escape("Pr[|T| = 3] = 0")):
        bmi_pmf("abc", [1, 0, F(1, 2)], 3)
    with pytest.raises(SupportError, match=re.escape("0 < Pr[t] < 1")):
        bmi_conditionals("abc", [1, F(1, 2), F(1, 2)], 2, "a")  # a always present


def test_hall_violation_without_independence():
    """A correlated (non-BMI) law: given ¬t the dataset is {a, b}, given t it is {c, t}: no coupling."""
    res = find_coupling({fs("ab"): F(1)}, {fs("c"): F(1)})
    assert res.decision.is_false
    assert res.violator["set"] == [fs("ab")] and res.violator["neighbours"] == []
    assert res.violator["mass"] == 1 and res.violator["neighbour_mass"] == 0


def test_custom_relation():
    """Couple two pmfs on {0,1,2} under |a - b| <= 1: feasible for these masses, infeasible under a = b."""
    P, Q = {0: F(1, 2), 2: F(1, 2)}, {1: F(1)}
    assert find_coupling(P, Q, related=lambda a, b: abs(a - b) <= 1).decision.is_true
    assert find_coupling(P, Q, related=lambda a, b: a == b).decision.is_false


# ----------------------------------------------------------------------------- (b) brute force
def hall_holds(P1, P2, related):
    """Supply–demand theorem, literally: for every set X of T1's, P1(X) <= P2(N(X))."""
    A = [a for a, v in P1.items() if v]
    for r in range(1, len(A) + 1):
        for X in itertools.combinations(A, r):
            N = {b for b in P2 if any(related(a, b) for a in X)}
            if sum(P1[a] for a in X) > sum(P2[b] for b in N):
                return False
    return True


def random_pmf(rng, keys):
    w = [0 if rng.random() < 0.3 else rng.randint(1, 4) for _ in keys]
    if not sum(w):
        w[0] = 1
    return {k: F(x, sum(w)) for k, x in zip(keys, w) if x}


def test_max_flow_matches_hall_on_random_laws():
    rng = random.Random(49)
    seen = {True: 0, False: 0}
    for _ in range(150):
        n = rng.randint(3, 5)
        U = "abcde"[:n]
        k = rng.randint(1, n - 1)
        t = U[0]
        T1s = [fs(c) for c in itertools.combinations(U[1:], k)]
        T2s = [fs(c) for c in itertools.combinations(U[1:], k - 1)]
        P1, P2 = random_pmf(rng, T1s), random_pmf(rng, T2s)  # arbitrary (non-product) conditionals
        res = find_coupling(P1, P2)
        want = hall_holds(P1, P2, lambda a, b: b < a)
        assert res.decision.is_true == want and res.decision.is_false == (not want)
        seen[want] += 1
    assert seen[True] > 10 and seen[False] > 10  # both outcomes exercised


def test_lemma4_9_on_random_bmi_laws():
    """Lemma 4.9 on random product laws (n <= 6, rational p, some p in {0, 1}); the coupling's
    marginals and support are re-checked here independently of the module."""
    rng = random.Random(409)
    vals = [F(a, b) for b in (2, 3, 5, 7) for a in range(1, b)] + [F(0), F(1)]
    n_checked = 0
    for _ in range(120):
        n = rng.randint(2, 6)
        U = "abcdef"[:n]
        p = [rng.choice(vals) for _ in U]
        k = rng.randint(1, n - 1)
        t = rng.choice(U)
        try:
            P1, P2, _ = bmi_conditionals(U, p, k, t)
        except SupportError:
            continue
        res = lemma4_9(U, p, k, t)
        assert res.decision.is_true
        rows, cols = {}, {}
        for (T1, T2), w in res.joint.items():
            assert T2 < T1 and len(T1) == k and len(T2) == k - 1 and t not in T1 and w > 0
            rows[T1] = rows.get(T1, 0) + w
            cols[T2] = cols.get(T2, 0) + w
        assert rows == P1 and cols == P2
        n_checked += 1
    assert n_checked > 60


@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_regular_bipartite_graph_of_the_proof_has_a_perfect_matching(m):
    """Core of the module's proof of Lemma 4.9: on a set S of 2m - 1 simple elements, X ⊆ S with
    |X| = m is joined to Y = (S ∖ X) ∪ {s}, s ∈ X; the graph is m-regular and has a perfect matching."""
    S = range(2 * m - 1)
    left = [fs(c) for c in itertools.combinations(S, m)]
    G = nx.Graph()
    G.add_nodes_from(("X", x) for x in left)
    G.add_nodes_from(("Y", y) for y in left)
    for X in left:
        for s in X:
            G.add_edge(("X", X), ("Y", (fs(S) - X) | {s}))
    assert all(d == m for _, d in G.degree())
    M = nx.bipartite.maximum_matching(G, top_nodes=[("X", x) for x in left])
    assert len(M) == 2 * len(left)


def rand_mech(rng, space, ny=None):
    ny = ny or rng.randint(2, 3)
    rows = []
    for _ in space.points:
        w = [0 if rng.random() < 0.1 else rng.randint(1, 6) for _ in range(ny)]
        if not sum(w):
            w[0] = 1
        rows.append([F(x, sum(w)) for x in w])
    return Mechanism(space, list(range(ny)), rows)


def level_at(M, dist):
    """PMP level of one explicit law, brute force over all output events (li2013.def_pmp)."""
    best = F(1)
    for t in M.inputs.universe:
        p = sum((w for T, w in dist.items() if t in T), F(0))
        if not 0 < p < 1:
            continue
        for r in range(1, len(M.outputs) + 1):
            for S in itertools.combinations(M.outputs, r):
                tot = sum((w * sum(M.prob(y, T) for y in S) for T, w in dist.items()), F(0))
                if tot == 0:
                    continue
                post = sum((w * sum(M.prob(y, T) for y in S) for T, w in dist.items() if t in T), F(0)) / tot
                if post == 1:
                    return sympy.oo
                best = max(best, post / p, (1 - p) / (1 - post))
    return best


def test_bmi_membership_against_explicit_members():
    """The exact D_B sup: >= every explicit BMI member (brute force), approached by a D^2_B member
    with small Pr[t], equal to the D^2_B value and inside the membership module's enclosure."""
    rng = random.Random(48)
    vals = [F(a, b) for b in (2, 3, 5) for a in range(1, b)] + [F(1, 100), F(99, 100)]
    for _ in range(25):
        sp = rng.choice([Bounded("abcd", 2), Bounded("abcde", 2), Bounded("abcde", 3)])
        M = rand_mech(rng, sp)
        m = bmi_membership(M)
        assert m.value is not None
        enc = positive_membership(M, family="bounded", method="enclosure")
        assert enc.lower == m.value and (enc.upper == sympy.oo or m.value <= enc.upper)
        assert m.value == negative_membership(M, family="one_of_two").value
        for _ in range(3):
            p = [rng.choice(vals) for _ in sp.universe]
            lvl = level_at(M, bmi_pmf(sp.universe, p, sp.k))
            assert m.value == sympy.oo or (lvl != sympy.oo and lvl <= m.value)
        if m.value != sympy.oo and m.value > 1:
            a, b = bounded_dp(M).witness["pair"]
            g = (1 + m.value) / 2
            d = (m.value / g - 1) / (2 * (m.value - 1))
            assert level_at(M, {a: d, b: 1 - d}) > g


def test_certificate_at_and_below_the_bdp_level():
    """A count of T ∩ {a,b} with e^eps = 2 geometric noise on Bounded(abcd, 2): BDP ratio 2, but
    datasets two swaps apart have ratio 4, so the max/min enclosure is [2, 4]; the coefficient
    certificate proves the D_B sup is 2; at level 3/2 < 2 no certificate exists."""
    sp = Bounded("abcd", 2)
    geo = zoo.truncated_geometric(2, exp_eps=2)
    M = Mechanism(sp, [0, 1, 2], [geo.rows[len(T & {"a", "b"})] for T in sp.points])
    enc = positive_membership(M, family="bounded", method="enclosure")
    assert (enc.lower, enc.upper) == (F(2), F(4))
    assert bmi_ratio_certificate(M, 2).is_true
    assert bmi_ratio_certificate(M, 2, negative=True).is_true
    assert bmi_ratio_certificate(M, F(3, 2)).is_undecided
    m = bmi_membership(M)
    assert m.value == 2 and m.method.startswith("exact")
    assert bmi_membership(M, form="eps").value == LogForm.log(2)
    assert is_bmi_membership(M, 2).is_true and is_bmi_membership(M, F(19, 10)).is_false
    assert is_bmi_membership(M, sympy.log(2), form="eps").is_true


def test_support_gap_gives_infinity():
    sp = Bounded([1, 2, 3, 4], 2)
    K = zoo.k_max(4, 2)
    M = Mechanism(sp, list(K.outputs), [list(K.row(T).values()) for T in sp.points])
    assert bmi_membership(M).value == sympy.oo
    assert bmi_ratio_certificate(M, sympy.oo).is_true


def test_subsets_space_all_sizes():
    rng = random.Random(7)
    for _ in range(10):
        M = rand_mech(rng, Subsets("abc"))
        m = bmi_membership(M)
        assert m.value == positive_membership(M, family="one_of_two").value


# ----------------------------------------------------------------------------- (c) bad input
M0 = Mechanism(Bounded("abc", 1), [0, 1], [[F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)], [F(1), F(0)]])
BAD = [
    ("p-out-of-range", lambda: bmi_pmf("ab", [F(3, 2), F(1, 2)], 1), InvalidArgument),
    ("p-float", lambda: bmi_pmf("ab", [0.5, F(1, 2)], 1), NotExactError),
    ("p-length", lambda: bmi_pmf("ab", [F(1, 2)], 1), InvalidArgument),
    ("p-dict-keys", lambda: bmi_pmf("ab", {"a": F(1, 2)}, 1), InvalidArgument),
    ("k-range", lambda: bmi_pmf("ab", [F(1, 2)] * 2, 3), InvalidArgument),
    ("k-bool", lambda: bmi_pmf("ab", [F(1, 2)] * 2, True), InvalidArgument),
    ("repeated-entities", lambda: bmi_pmf("aa", [F(1, 2)] * 2, 1), InvalidArgument),
    ("t-unknown", lambda: bmi_conditionals("ab", [F(1, 2)] * 2, 1, "z"), InvalidArgument),
    ("pmf-not-summing-to-1", lambda: find_coupling({1: F(1, 2)}, {1: F(1)}), InvalidArgument),
    ("pmf-negative", lambda: find_coupling({1: F(-1), 2: F(2)}, {1: F(1)}), InvalidArgument),
    ("pmf-empty", lambda: find_coupling({}, {1: F(1)}), InvalidArgument),
    ("related-not-callable", lambda: find_coupling({1: F(1)}, {1: F(1)}, related=3), InvalidArgument),
    ("hamming-mechanism", lambda: bmi_ratio_certificate(zoo.randomized_response(2, exp_eps=3), 3), SpaceMismatchError),
    ("negative-level", lambda: bmi_ratio_certificate(M0, -1), InvalidArgument),
    ("float-level", lambda: bmi_ratio_certificate(M0, 1.5), NotExactError),
    ("bad-form", lambda: bmi_membership(M0, form="delta"), InvalidArgument),
    ("not-a-mechanism", lambda: bmi_membership([[1]]), InvalidArgument),
]


@pytest.mark.parametrize("name,call,err", BAD, ids=[b[0] for b in BAD])
def test_bad_input(name, call, err):
    with pytest.raises(err):
        call()


def test_error_messages_echo_the_value():
    with pytest.raises(InvalidArgument, match="3/2"):
        bmi_pmf("ab", [F(3, 2), F(1, 2)], 1)
    with pytest.raises(InvalidArgument, match="sums to 1/2"):
        find_coupling({1: F(1, 2)}, {1: F(1)})


def test_bounded_family_is_exact_by_default_when_certified():
    """positive_membership(family="bounded") is exact when the coefficient certificate holds
    (the D^2_B value e^{eps-BDP}); the enclosure is still available with method="enclosure"."""
    sp = Bounded("abcd", 2)
    geo = zoo.truncated_geometric(2, exp_eps=2)
    M = Mechanism(sp, [0, 1, 2], [geo.rows[len(T & {"a", "b"})] for T in sp.points])
    exact = positive_membership(M, family="bounded")
    assert exact.value == F(2) and "certificate" in exact.method
    enc = positive_membership(M, family="bounded", method="enclosure")
    assert exact.value == enc.lower and enc.upper == F(4)
