"""The lazily built truncated geometric (``ClampedFamily.at(..., lazy=True)``, what ``truncated_geometric`` returns for
a rational e^ε) against the eager build of the same family: every entry read before and after the integers are made,
the rows, the integers, equality, pickling, the measures on untagged copies, and the count space as a path graph made
on first use against the one ``GraphSpace.from_edges`` builds."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.errors import InvalidArgument
from exactpriv.measures.approx import approx_dp, group_approx_dp
from exactpriv.measures.divergence import group_privacy, pure_dp
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism, FamilyAt, count_space
from exactpriv.mechanisms.zoo import _geometric_rows, geometric_family, truncated_geometric
from exactpriv.spaces import GraphSpace

CASES = [(1, F(1)), (1, F(3)), (2, F(11, 10)), (3, F(7, 3)), (6, F(2)), (9, F(1)), (12, F(100, 7))]


def eager(n, t):
    return geometric_family(F(1)).at(t, n)


def untagged(M):
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


@pytest.mark.parametrize("n,t", CASES)
def test_lazy_entries_equal_the_eager_build_before_and_after_the_integers_are_made(n, t):
    M, E = truncated_geometric(n, exp_eps=t), eager(n, t)
    assert isinstance(M._deferred, FamilyAt) and M._parts is None
    before = [[M.prob(z, c) for z in range(n + 1)] for c in range(n + 1)]
    assert M._parts is None  # reading entries did not make the integers
    want = [[E.prob(z, c) for z in range(n + 1)] for c in range(n + 1)]
    assert before == want
    assert before == [list(r) for r in _geometric_rows(n, t)]  # and the per-entry definition
    assert (M.window, M.lower, M.upper, M.denominator) == (E.window, E.lower, E.upper, E.denominator)
    assert M._parts is not None
    assert [[M.prob(z, c) for z in range(n + 1)] for c in range(n + 1)] == want
    assert M.rows == E.rows and M == E and E == M
    for a, b in zip(M.integer_rows(), E.integer_rows()):
        assert (a == b).all()
    assert M.outputs == E.outputs == tuple(range(n + 1))


@pytest.mark.parametrize("n,t", CASES)
def test_measures_of_the_lazy_build_equal_the_eager_build(n, t):
    M, E = truncated_geometric(n, exp_eps=t), eager(n, t)
    for a, b in ((pure_dp(M), pure_dp(E)), (pure_dp(untagged(M)), pure_dp(E)),
                 (group_privacy(M, 2), group_privacy(E, 2))):
        assert a.value == b.value
    P, Q = approx_dp(untagged(M)).value, approx_dp(E).value
    assert [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in P.pieces] == [(p.gamma_lo, p.gamma_hi, p.A, p.B)
                                                                       for p in Q.pieces]
    g = F(21, 20)
    assert group_approx_dp(M, 2).value.delta(exp_eps=g) == group_approx_dp(E, 2).value.delta(exp_eps=g)


def test_lazy_build_pickles_and_copies_as_the_same_mechanism():
    M = truncated_geometric(5, exp_eps=F(3, 2))
    R, C = pickle.loads(pickle.dumps(M)), copy.copy(M)
    assert R._parts is None and C._parts is None
    assert [R.prob(z, 2) for z in range(6)] == [C.prob(z, 2) for z in range(6)] == [M.prob(z, 2) for z in range(6)]
    assert R == M and C.rows == M.rows


def test_lazy_build_refuses_bad_points_as_the_eager_build_does():
    M, E = truncated_geometric(4, exp_eps=F(2)), eager(4, F(2))
    for y, x in ((0, 5), (0, -1), (5, 0), ("a", 0), (0, "a"), (0, 1.5)):
        with pytest.raises(InvalidArgument):
            E.prob(y, x)
        with pytest.raises(InvalidArgument):
            M.prob(y, x)
    assert M.prob(True, 0) == E.prob(True, 0) and M.prob(0, True) == E.prob(0, True)  # bool: the index dict's 1


def test_large_lazy_entries_equal_the_eager_integers():
    """At counts 0..2,000 and e^ε = 11/10 (7,000-bit integers): entries across the window and both tails."""
    n, t = 2_000, F(11, 10)
    M, E = truncated_geometric(n, exp_eps=t), eager(n, t)
    for c, z in ((0, 0), (0, 1), (1, 0), (0, n), (n, 0), (n, n), (1_000, 3), (7, 1_999), (1_999, 1_000), (1, 1)):
        assert M.prob(z, c) == F(E._rational_row(c)[z], E.denominator)
    assert M._parts is None


def test_a_denominator_above_the_digit_limit_is_built_eagerly_and_refused_at_construction():
    """The bound on the denominator's bits exceeds the limit: the build is eager, so its typed error comes at once."""
    huge = F(2 ** 4_000 + 1, 2 ** 4_000)
    assert FamilyAt(geometric_family(F(1)), huge, 84).denominator_bits() > 332_193
    with pytest.raises(InvalidArgument, match="digits"):
        truncated_geometric(84, exp_eps=huge)
    M = truncated_geometric(2, exp_eps=huge)  # within the limit: lazy, and equal to the eager build
    assert M._parts is None and M.rows == eager(2, huge).rows


@pytest.mark.parametrize("n", [1, 2, 5])
def test_count_space_is_the_path_graph_from_edges_builds(n):
    S, G = count_space(n), GraphSpace.from_edges(list(range(n + 1)), [(c, c + 1) for c in range(n)])
    assert S == G and G == S and hash(S) == hash(G)
    assert repr(S) == repr(G) and S.to_json() == G.to_json()
    assert np.array_equal(S.edges, G.edges) and S.points == G.points
    assert list(S.graph().edges) == list(G.graph().edges) and list(S.graph().nodes) == list(G.graph().nodes)
    assert S.distance(0, n) == G.distance(0, n) == n and S.index(n) == G.index(n) == n
    assert np.array_equal(S.distance_matrix(), G.distance_matrix())
    assert GraphSpace.path(["a", "b", "c"]) == GraphSpace.from_edges(["a", "b", "c"], [("a", "b"), ("b", "c")])
    with pytest.raises(InvalidArgument):
        GraphSpace.path([])
    with pytest.raises(InvalidArgument):
        GraphSpace.path([0, 0])


def test_clamped_mechanism_from_integers_is_unchanged():
    M = ClampedNoiseMechanism.from_integers(2, window=[1, 2, 1], lower_tail=1, upper_tail=1, denominator=6)
    assert M._deferred is None and M.prob(0, 0) == F(4, 6) and M.denominator == 6  # P(Z <= 0)
