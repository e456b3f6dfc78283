"""Spaces: sizes, neighbour graphs against hand counts, distances, enumeration limits."""

import itertools
import math

import networkx as nx
import pytest

from exactpriv.errors import InvalidArgument, SpaceTooLargeError
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets, set_enumeration_limit


@pytest.mark.parametrize("m,n", [(2, 1), (2, 3), (3, 2), (3, 4), (4, 3)])
def test_hamming_size_and_degree(m, n):
    """|D^n| = m^n and every point has n(m-1) replace-one neighbours (Wang–Ying–Zhang §2)."""
    s = Hamming(range(m), n)
    g = s.graph()
    assert s.size == m**n == g.number_of_nodes()
    assert set(dict(g.degree).values()) == {n * (m - 1)}
    assert g.number_of_edges() == m**n * n * (m - 1) // 2
    # neighbours are exactly the pairs at Hamming distance 1
    for x, y in itertools.islice(itertools.combinations(s.points, 2), 500):
        assert g.has_edge(x, y) == (sum(a != b for a, b in zip(x, y)) == 1)


def test_hamming_distance_matches_graph_distance():
    s = Hamming("abc", 3)
    d = s.distance_matrix()
    g = s.graph()
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    for i, x in enumerate(s.points):
        for j, y in enumerate(s.points):
            assert d[i, j] == lengths[x][y] == s.distance(x, y)


def test_product_alphabets():
    s = Hamming.product([[0, 1], ["a", "b", "c"]])
    assert s.size == 6 and s.points[0] == (0, "a") and s.points[-1] == (1, "c")
    assert s.graph().degree[(0, "a")] == 1 + 2


def test_subsets_add_remove():
    s = Subsets("abcd")
    assert s.size == 16
    g = s.graph()
    assert set(dict(g.degree).values()) == {4}
    assert g.has_edge(frozenset("ab"), frozenset("abc"))
    assert not g.has_edge(frozenset("ab"), frozenset("cd"))
    assert s.distance({"a"}, {"b", "c"}) == 3


def test_bounded_swap():
    s = Bounded("abcde", 2)
    assert s.size == math.comb(5, 2)
    g = s.graph()
    # swap one of 2 members for one of 3 non-members
    assert set(dict(g.degree).values()) == {2 * 3}
    assert g.has_edge(frozenset("ab"), frozenset("ac"))
    assert s.distance({"a", "b"}, {"c", "d"}) == 2


def test_graph_space_distance_and_disconnected():
    s = GraphSpace.from_edges(["x", "y", "z", "w"], [("x", "y"), ("y", "z")])
    assert s.distance("x", "z") == 2
    assert s.distance("x", "w") == math.inf
    assert s.edges.shape == (2, 2)


def test_too_large_space_is_refused_before_enumeration():
    s = Hamming(range(10), 9)  # 10^9 points
    assert s.size == 10**9
    with pytest.raises(SpaceTooLargeError, match="1,000,000,000"):
        s.points


def test_enumeration_limit_is_configurable():
    old = set_enumeration_limit(10)
    try:
        with pytest.raises(SpaceTooLargeError):
            Hamming([0, 1], 4).points
    finally:
        set_enumeration_limit(old)
    assert Hamming([0, 1], 4).size == 16


@pytest.mark.parametrize(
    "make",
    [
        lambda: Hamming([], 2),
        lambda: Hamming([0, 1], 0),
        lambda: Hamming([0, 0], 2),
        lambda: Hamming([0.5, 1], 2),
        lambda: Bounded("abc", 5),
        lambda: GraphSpace.from_edges(["a"], [("a", "b")]),
        lambda: GraphSpace(nx.DiGraph([(1, 2)])),
    ],
    ids=["empty-values", "n=0", "repeated-values", "float-values", "k>universe", "edge-to-unknown", "directed"],
)
def test_bad_spaces(make):
    with pytest.raises(InvalidArgument):
        make()


def test_unknown_point():
    with pytest.raises(InvalidArgument, match="not a point"):
        Hamming([0, 1], 2).index((0, 2))


def test_record_codes_are_remembered_read_only_and_still_checked_against_the_limit():
    import pickle

    import numpy as np

    from exactpriv.errors import SpaceTooLargeError
    from exactpriv.spaces import Hamming, Subsets, set_enumeration_limit

    for space in (Hamming([0, 1, 2], 3), Hamming.product([["a", "b"], [0, 1, 2], [5]]), Subsets(["u", "v"])):
        codes = space.record_codes()
        plain = np.array([[list(a).index(v) for a, v in zip(space.alphabets, p)] for p in space.points]) \
            if isinstance(space, Hamming) else np.array([[int(u in p) for u in space.universe] for p in space.points])
        assert codes.tolist() == plain.tolist() and space.record_codes() is codes
        with pytest.raises(ValueError):
            codes[0, 0] = 1  # a caller cannot change what every later caller reads
        copy = pickle.loads(pickle.dumps(space))
        assert copy == space and "_record_codes" not in vars(copy) and copy.record_codes().tolist() == plain.tolist()
    old = set_enumeration_limit(5)
    try:
        with pytest.raises(SpaceTooLargeError):
            Hamming([0, 1, 2], 3).record_codes()  # a remembered result never skips the size check
        space = Hamming([0, 1, 2], 3)
        set_enumeration_limit(old)
        space.record_codes()
        set_enumeration_limit(5)
        with pytest.raises(SpaceTooLargeError):
            space.record_codes()
    finally:
        set_enumeration_limit(old)
