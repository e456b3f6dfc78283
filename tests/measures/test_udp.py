"""Tests of the directed UDP halves and bounded DP (exactpriv.measures.udp; Li et al. §4, li2013.def_udp).

(a) hand values; (b) agreement with the definitions taken literally — the max over *every output
event S* of Pr[A(a) ∈ S]/Pr[A(b) ∈ S] over the directed pairs of the relation — on 1,200 seeded
random exact mechanisms, and the decomposition pure_dp = max(positive, negative) on Subsets;
(c) bad input -> typed errors.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.udp import (
    add_pairs,
    bounded_dp,
    is_bounded_dp,
    is_negative_udp,
    is_positive_udp,
    negative_udp,
    positive_udp,
    swap_pairs,
)
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets

F = Fraction


def one_entity():
    """A(∅) = (1/2, 1/2), A({a}) = (3/4, 1/4): adding a multiplies y=0 by 3/2, removing it y=1 by 2."""
    return Mechanism(Subsets(["a"]), [0, 1], [[F(1, 2), F(1, 2)], [F(3, 4), F(1, 4)]])


def count_geometric(universe, a):
    sp = Subsets(universe)
    geo = zoo.truncated_geometric(len(sp.universe), exp_eps=a)
    return Mechanism(sp, list(range(len(sp.universe) + 1)), [geo.rows[len(T)] for T in sp.points])


def member_report(space, a):
    rows = []
    for T in space.points:
        w = [a if u in T else F(1) for u in space.universe]
        rows.append([x / sum(w) for x in w])
    return Mechanism(space, list(space.universe), rows)


# ----------------------------------------------------------------------------- (a) hand values
def test_one_entity_hand_values():
    M = one_entity()
    pos, neg = positive_udp(M), negative_udp(M)
    assert pos.value == LogForm.log(F(3, 2)) and pos.witness["pair"] == [frozenset({"a"}), frozenset()]
    assert pos.witness["entity"] == "a" and pos.witness["output"] == 0
    assert neg.value == LogForm.log(2) and neg.witness["pair"] == [frozenset(), frozenset({"a"})]
    assert neg.witness["output"] == 1
    assert pure_dp(M).value == LogForm.log(2)  # unbounded DP = the larger half
    assert is_positive_udp(M, sympy.log(F(3, 2))).is_true
    assert is_positive_udp(M, sympy.log(F(7, 5))).is_false
    assert is_negative_udp(M, sympy.log(F(3, 2))).is_false
    assert is_negative_udp(M, sympy.log(2)).is_true


def test_count_with_geometric_noise():
    """Li et al. §4.1 (finite analogue): a count with e^eps = 2 noise is ln 2-positive and -negative
    UDP, and 0-BDP (swaps keep |T|)."""
    M = count_geometric("abc", F(2))
    assert positive_udp(M).value == LogForm.log(2)
    assert negative_udp(M).value == LogForm.log(2)
    assert bounded_dp(M).value == LogForm.rational(0)
    assert is_bounded_dp(M, 0).is_true


def test_member_report_bounded():
    """P(y|T) ∝ 2 if y ∈ T else 1 on Bounded(abcd, 2): a swap changes two weights, ratio 2."""
    M = member_report(Bounded("abcd", 2), F(2))
    b = bounded_dp(M)
    assert b.value == LogForm.log(2) and b.value == pure_dp(M).value
    t, s = b.witness["swap"]
    assert b.witness["output"] == t and t in b.witness["pair"][0] and s in b.witness["pair"][1]


def test_kmax_support_gaps():
    """k-Max (Li et al. Def. 5.2) changes its output support when the max changes: +oo both ways."""
    M = zoo.k_max(3, 2)
    assert positive_udp(M).value == OO and negative_udp(M).value == OO and bounded_dp(M).value == OO
    assert is_positive_udp(M, 100).is_false


def test_vacuous_relation():
    M = Mechanism(Bounded("ab", 0), [0], [[F(1)]])  # one dataset, no swap pair
    assert bounded_dp(M).value == LogForm.rational(0) and bounded_dp(M).method == "vacuous"


def test_pair_relations():
    sp = Subsets("ab")
    pairs = add_pairs(sp)
    assert len(pairs) == 4  # (T ∪ {t}, T) for T ∌ t: 2 entities x 2 datasets each
    for a, b, t in pairs:
        assert sp.points[a] == sp.points[b] | {t} and t not in sp.points[b]
    sw = swap_pairs(Bounded("abc", 1))
    assert len(sw) == 6 and {(b, a) for a, b, _ in sw} == {(a, b) for a, b, _ in sw}


# ----------------------------------------------------------------------------- (b) brute force
def rand_mech(rng, space):
    ny = rng.randint(2, 3)
    rows = []
    for _ in space.points:
        while True:
            w = [0 if rng.random() < 0.15 else rng.randint(1, 5) for _ in range(ny)]
            if sum(w):
                break
        rows.append([F(x, sum(w)) for x in w])
    return Mechanism(space, list(range(ny)), rows)


def brute(M, pairs):
    """max over directed pairs (point a, point b) and every event S of Pr[S|a]/Pr[S|b]."""
    best = None
    ny = len(M.outputs)
    for a, b in pairs:
        ra, rb = M.row(a), M.row(b)
        for r in range(1, ny + 1):
            for S in itertools.combinations(M.outputs, r):
                x, y = sum(ra[s] for s in S), sum(rb[s] for s in S)
                if y == 0:
                    if x > 0:
                        return OO
                    continue
                best = x / y if best is None or x / y > best else best
    return best


def as_ratio(m):
    return m.witness.get("ratio", F(1))


@pytest.mark.parametrize("seed", range(4))
def test_udp_halves_agree_with_event_definition(seed):
    rng = random.Random(1000 + seed)
    for _ in range(100):
        sp = Subsets("abc"[:rng.randint(1, 2)])
        M = rand_mech(rng, sp)
        pts = sp.points
        add = [(T | {t}, T) for T in pts for t in sp.universe if t not in T]
        assert as_ratio(positive_udp(M)) == brute(M, add)
        assert as_ratio(negative_udp(M)) == brute(M, [(b, a) for a, b in add])
        # unbounded DP is the conjunction of the two halves
        pos, neg = as_ratio(positive_udp(M)), as_ratio(negative_udp(M))
        big = OO if OO in (pos, neg) else max(pos, neg)
        dp = pure_dp(M)
        assert (dp.value == OO) if big == OO else dp.value == LogForm.log(big)


@pytest.mark.parametrize("seed", range(4))
def test_bounded_dp_agrees_with_event_definition(seed):
    rng = random.Random(2000 + seed)
    for _ in range(100):
        sp = rng.choice([Bounded("abc", 1), Bounded("abcd", 2), Subsets("ab"), Subsets("abc")])
        M = rand_mech(rng, sp)
        swaps = [(T, (T - {t}) | {s}) for T in sp.points for t in T for s in sp.universe if s not in T]
        assert as_ratio(bounded_dp(M)) == (brute(M, swaps) or F(1))
        if isinstance(sp, Bounded):
            assert bounded_dp(M).value == pure_dp(M).value


# ----------------------------------------------------------------------------- (c) bad input
BAD = [
    ("not-a-mechanism", lambda: positive_udp("M"), InvalidArgument),
    ("hamming-space", lambda: positive_udp(zoo.randomized_response(2, exp_eps=3)), SpaceMismatchError),
    ("bounded-space-for-add", lambda: negative_udp(member_report(Bounded("abc", 1), F(2))), SpaceMismatchError),
    ("hamming-for-bdp", lambda: bounded_dp(zoo.randomized_response(2, exp_eps=3)), SpaceMismatchError),
    ("symbolic", lambda: positive_udp(Mechanism(Subsets(["a"]), [0, 1],
                                                 [[1 / (1 + sympy.exp(EPS)), sympy.exp(EPS) / (1 + sympy.exp(EPS))],
                                                  [F(1, 2), F(1, 2)]])), InvalidArgument),
    ("float-level", lambda: is_positive_udp(one_entity(), 0.5), NotExactError),
    ("negative-level", lambda: is_negative_udp(one_entity(), -1), InvalidArgument),
    ("bool-level", lambda: is_bounded_dp(one_entity(), True), InvalidArgument),
    ("unknown-symbol", lambda: is_positive_udp(one_entity(), sympy.Symbol("z")), InvalidArgument),
]


@pytest.mark.parametrize("name,call,err", BAD, ids=[b[0] for b in BAD])
def test_bad_input(name, call, err):
    with pytest.raises(err):
        call()


def test_error_messages_echo_the_value():
    with pytest.raises(InvalidArgument, match="-1"):
        is_negative_udp(one_entity(), -1)
    with pytest.raises(SpaceMismatchError, match="Hamming"):
        positive_udp(zoo.randomized_response(2, exp_eps=3))

