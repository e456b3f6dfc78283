"""Database spaces with neighbour relations (replace-one, add/remove, bounded swap, any graph).

Each space knows its size *before* enumerating (so a 10^9-point space is refused with a
clear error instead of exhausting memory), enumerates its points in a documented order,
exposes its neighbour relation as a :class:`networkx.Graph`, and gives graph distance for
group privacy.  Product-structured spaces (D^n, subsets of a universe) also expose their
*records* (coordinates), which per-record notions (MI-DP, identity DP, Bayesian DP) need.

For the structured spaces, neighbour edges are produced by vectorised index arithmetic
(mixed-radix strides) rather than by networkx, because the pure-DP scan on D^6 (729 points,
4,374 edges) must run at numpy speed; ``graph()`` builds the networkx view on demand.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable
from functools import cached_property
from typing import Any

import networkx as nx
import numpy as np

from exactpriv.errors import InvalidArgument, SpaceTooLargeError

__all__ = [
    "Space",
    "Hamming",
    "Subsets",
    "Bounded",
    "GraphSpace",
    "QueryAnswers",
    "get_enumeration_limit",
    "pairs_array",
    "set_enumeration_limit",
]

_LIMIT = {"points": 1_000_000}


def pairs_array(pairs) -> np.ndarray:
    """Pairs (i, j) of point indices — any iterable of pairs, or an array — as an (n, 2) int64 array."""
    return np.asarray(pairs, dtype=np.int64).reshape(-1, 2)


def get_enumeration_limit() -> int:
    """Largest number of points (or enumerated objects) exactpriv will enumerate."""
    return _LIMIT["points"]


def set_enumeration_limit(limit: int) -> int:
    """Set the enumeration limit; returns the previous value."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InvalidArgument(f"limit={limit!r} must be a positive int")
    old = _LIMIT["points"]
    _LIMIT["points"] = limit
    return old


#: Most records (coordinates) a structured space may have: with two values per record 4,096
#: records are already 2^4096 points, and larger counts only cost memory before any check.
MAX_RECORDS = 4096


def describe_size(size: int) -> str:
    """``size`` as text that cannot itself fail: exact with separators up to 10^15, else
    "about 10^k" (Python refuses to print integers of more than 4,300 digits)."""
    if size < 10**15:
        return f"{size:,}"
    return f"about 10^{int((size.bit_length() - 1) * math.log10(2))}"


def check_records(n: int, what: str) -> None:
    """Refuse a structured space of more than :data:`MAX_RECORDS` records before it is built."""
    if n > MAX_RECORDS:
        raise SpaceTooLargeError(f"{what} would have {describe_size(n)} records, above the limit of "
                                 f"{MAX_RECORDS:,} (such a space is far too large to enumerate)")


def check_enumerable(size: int, what, *, limit: int | None = None) -> None:
    """Raise :class:`SpaceTooLargeError` if ``size`` exceeds the enumeration limit.  ``what`` names the culprit:
    a str, or a callable returning one (a large space's repr is only built when the error is raised)."""
    limit = get_enumeration_limit() if limit is None else limit
    if size > limit:
        what = what() if callable(what) else what
        if len(what) > 200:
            what = what[:197] + "..."
        raise SpaceTooLargeError(
            f"{what} has {describe_size(size)} points, above the enumeration limit of {limit:,}. "
            f"Use a smaller space (fewer records or values), or raise the limit with "
            f"exactpriv.spaces.set_enumeration_limit(n) if you have the memory and time."
        )


class Space:
    """A finite set of databases with a symmetric neighbour relation.

    Subclasses define ``size``, ``_enumerate()``, ``_edge_array()`` and ``distance``.
    Points are hashable; ``index(point)`` is the row of that point in every mechanism on
    this space.
    """

    #: record alphabets for product-structured spaces, else None
    records: tuple[tuple, ...] | None = None

    @property
    def size(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def __len__(self):
        return self.size

    @cached_property
    def points(self) -> tuple:
        check_enumerable(self.size, lambda: repr(self))
        return tuple(self._enumerate())

    @cached_property
    def _index(self) -> dict:
        return {p: i for i, p in enumerate(self.points)}

    def index(self, point) -> int:
        try:
            return self._index[self._normalise(point)]
        except (KeyError, TypeError):
            raise InvalidArgument(f"point={point!r} is not a point of {self!r}") from None

    def _normalise(self, point):
        return point

    def __contains__(self, point):
        try:
            return self._normalise(point) in self._index
        except TypeError:
            return False

    @cached_property
    def edges(self) -> np.ndarray:
        """Unordered neighbour pairs as an (E, 2) int array of point indices, i < j."""
        check_enumerable(self.size, lambda: repr(self))
        return pairs_array(self._edge_array())

    def directed_edges(self) -> np.ndarray:
        """Both orientations of every neighbour pair, shape (2E, 2)."""
        e = self.edges
        return np.concatenate([e, e[:, ::-1]], axis=0)

    def graph(self) -> nx.Graph:
        """The neighbour relation as a networkx Graph on the points."""
        g = nx.Graph()
        pts = self.points
        g.add_nodes_from(pts)
        g.add_edges_from((pts[i], pts[j]) for i, j in self.edges)
        return g

    def are_neighbours(self, x, y) -> bool:
        return self.distance(x, y) == 1

    def distance(self, x, y):
        """Graph distance between two points (math.inf if disconnected)."""
        i, j = self.index(x), self.index(y)
        return self._distance_matrix[i, j] if self._distance_matrix is not None else math.inf

    @cached_property
    def _distance_matrix(self):
        g = nx.Graph()
        g.add_nodes_from(range(self.size))
        g.add_edges_from(map(tuple, self.edges))
        n = self.size
        d = np.full((n, n), -1, dtype=np.int64)
        for s, lengths in nx.all_pairs_shortest_path_length(g):
            for t, l in lengths.items():
                d[s, t] = l
        return d

    def distance_matrix(self) -> np.ndarray:
        """All-pairs graph distances as an int array (-1 where disconnected)."""
        return self._distance_matrix

    @property
    def n_records(self) -> int | None:
        return None if self.records is None else len(self.records)

    def record_codes(self) -> np.ndarray:
        """(size, n_records) int array: code of record i of each point in ``records[i]``."""
        raise InvalidArgument(f"{self!r} has no record structure")

    def to_json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _repr_latex_(self):
        return f"${self._latex()}$"

    def _latex(self):
        return r"\text{" + repr(self) + "}"

    def __eq__(self, other):
        return type(self) is type(other) and self._key() == other._key()

    def __hash__(self):
        return hash((type(self).__name__, self._key()))


def _label(v):
    """JSON form of a point label: ints and strings as they are, anything else as str."""
    return v if isinstance(v, (int, str)) and not isinstance(v, bool) else str(v)


def _check_values(values, name):
    try:
        vals = tuple(values)
    except TypeError:
        raise InvalidArgument(f"{name}={values!r} must be a sequence of values") from None
    if len(vals) == 0:
        raise InvalidArgument(f"{name}={values!r} must not be empty")
    try:
        if len(set(vals)) != len(vals):
            raise InvalidArgument(f"{name}={values!r} has repeated values")
    except TypeError:
        raise InvalidArgument(f"{name}={values!r} must contain hashable values") from None
    for v in vals:
        if isinstance(v, float):
            raise InvalidArgument(f"{name} contains the float {v!r}; use ints or strings as values")
    return vals


class Hamming(Space):
    """D_1 x ... x D_n with replace-one neighbours (Hamming distance 1).

    ``Hamming(values, n)`` is D^n (Wang–Ying–Zhang §2, Cuff–Yu Def. 3); ``Hamming.product([D1, D2,
    ...])`` allows a different alphabet per record.  Points are tuples in
    ``itertools.product`` order of the alphabets.  |D^n| = m^n and every point has degree
    n(m-1).
    """

    def __init__(self, values: Iterable[Hashable], n: int | None = None, *, _alphabets: Any = None) -> None:
        if _alphabets is not None:
            self.alphabets = _alphabets
            self._built = f"Hamming.product({[list(a) for a in _alphabets]!r})"
        else:
            vals = _check_values(values, "values")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise InvalidArgument(f"n={describe_size(n) if isinstance(n, int) else repr(n)} must be a positive int")
            check_records(n, "Hamming space")
            self.alphabets = (vals,) * n
            self._built = f"Hamming({list(vals)!r}, n={n})"
        self.records = self.alphabets
        self.radices = tuple(len(a) for a in self.alphabets)
        # strides of the mixed-radix index (last record varies fastest, as itertools.product)
        strides = [1] * len(self.radices)
        for k in range(len(self.radices) - 2, -1, -1):
            strides[k] = strides[k + 1] * self.radices[k + 1]
        self.strides = tuple(strides)

    @classmethod
    def product(cls, alphabets: Iterable[Iterable[Hashable]]) -> Hamming:
        if hasattr(alphabets, "__len__"):
            check_records(len(alphabets), "Hamming space")
        alphs = tuple(_check_values(a, f"alphabets[{i}]") for i, a in enumerate(alphabets))
        check_records(len(alphs), "Hamming space")
        if not alphs:
            raise InvalidArgument("alphabets must contain at least one alphabet")
        return cls((), None, _alphabets=alphs)

    @property
    def n(self) -> int:
        return len(self.alphabets)

    @property
    def size(self) -> int:
        return math.prod(self.radices)

    def _key(self):
        return self.alphabets

    def __repr__(self):
        return self._built

    def _latex(self):
        if len(set(self.alphabets)) == 1:
            return rf"\{{{', '.join(map(str, self.alphabets[0]))}\}}^{{{self.n}}}"
        return r" \times ".join(rf"\{{{', '.join(map(str, a))}\}}" for a in self.alphabets)

    def _normalise(self, point):
        return tuple(point)

    def _enumerate(self):
        return itertools.product(*self.alphabets)

    def __getstate__(self):  # what pickles and copies carry: not the remembered codes (rebuilt on demand)
        state = dict(self.__dict__)
        state.pop("_record_codes", None)
        return state

    def record_codes(self) -> np.ndarray:
        check_enumerable(self.size, lambda: repr(self))  # every call: the limit may have been lowered since
        # a pure function of the (immutable) space, asked by every marginal of a prior on it: built once, read-only
        codes = self.__dict__.get("_record_codes")
        if codes is None:
            idx = np.arange(self.size, dtype=np.int64)
            codes = np.stack([(idx // s) % r for s, r in zip(self.strides, self.radices)], axis=1)
            codes.setflags(write=False)
            self.__dict__["_record_codes"] = codes
        return codes

    def _edge_array(self):
        idx = np.arange(self.size, dtype=np.int64)
        codes = self.record_codes()
        out = []
        for k, (s, r) in enumerate(zip(self.strides, self.radices)):
            c = codes[:, k]
            for delta in range(1, r):
                sel = c + delta < r
                out.append(np.stack([idx[sel], idx[sel] + delta * s], axis=1))
        return np.concatenate(out) if out else np.zeros((0, 2), dtype=np.int64)

    def distance(self, x, y):
        x, y = self._normalise(x), self._normalise(y)
        if x not in self or y not in self:
            raise InvalidArgument(f"points {x!r}, {y!r} must both lie in {self!r}")
        return sum(a != b for a, b in zip(x, y))

    def distance_matrix(self) -> np.ndarray:
        codes = self.record_codes()
        return (codes[:, None, :] != codes[None, :, :]).sum(axis=2)

    def to_json(self) -> dict:
        if len(set(self.alphabets)) == 1:
            return {"type": "hamming", "values": [_label(v) for v in self.alphabets[0]], "n": self.n}
        return {"type": "hamming", "alphabets": [[_label(v) for v in a] for a in self.alphabets]}


class Subsets(Space):
    """All subsets of a finite universe, with add/remove-one neighbours (unbounded DP).

    Points are frozensets, enumerated in the order of membership vectors in
    ``itertools.product((0, 1), repeat=n)`` over the universe's order; records are the
    membership indicators of the entities (so this space is {0,1}^n with Hamming
    neighbours, and distance is |T Δ T'|).
    """

    def __init__(self, universe: Iterable[Hashable]) -> None:
        self.universe = _check_values(universe, "universe")
        check_records(len(self.universe), "Subsets space")
        self._cube = Hamming((0, 1), len(self.universe))
        self.records = ((0, 1),) * len(self.universe)

    @property
    def size(self):
        return 2 ** len(self.universe)

    def _key(self):
        return self.universe

    def __repr__(self):
        return f"Subsets({list(self.universe)!r})"

    def _normalise(self, point):
        return frozenset(point)

    def _enumerate(self):
        for bits in itertools.product((0, 1), repeat=len(self.universe)):
            yield frozenset(u for u, b in zip(self.universe, bits) if b)

    def record_codes(self):
        return self._cube.record_codes()

    def _edge_array(self):
        return self._cube._edge_array()

    def distance(self, x, y):
        x, y = self._normalise(x), self._normalise(y)
        if x not in self or y not in self:
            raise InvalidArgument(f"points {set(x)!r}, {set(y)!r} must both lie in {self!r}")
        return len(x ^ y)

    def distance_matrix(self):
        return self._cube.distance_matrix()

    def to_json(self):
        return {"type": "subsets", "universe": [_label(u) for u in self.universe]}


class Bounded(Space):
    """Subsets of a fixed size k of a universe, with swap neighbours (bounded DP).

    T ~ T' iff |T| = |T'| = k and |T Δ T'| = 2 (one entity replaced by another);
    distance is |T Δ T'| / 2.  Points are frozensets in ``itertools.combinations`` order.
    """

    def __init__(self, universe: Iterable[Hashable], k: int) -> None:
        self.universe = _check_values(universe, "universe")
        check_records(len(self.universe), "Bounded space")
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= len(self.universe):
            raise InvalidArgument(f"k={k!r} must be an int in [0, {len(self.universe)}]")
        self.k = k
        self.records = ((0, 1),) * len(self.universe)  # membership indicators (not a product)

    @property
    def size(self):
        return math.comb(len(self.universe), self.k)

    def _key(self):
        return (self.universe, self.k)

    def __repr__(self):
        return f"Bounded({list(self.universe)!r}, k={self.k})"

    def _normalise(self, point):
        return frozenset(point)

    def _enumerate(self):
        for c in itertools.combinations(self.universe, self.k):
            yield frozenset(c)

    def record_codes(self):
        pts = self.points
        return np.array([[int(u in p) for u in self.universe] for p in pts], dtype=np.int64).reshape(
            len(pts), len(self.universe)
        )

    def _edge_array(self):
        pts = self.points
        index = self._index
        out = []
        for i, p in enumerate(pts):
            for out_e in p:
                for in_e in self.universe:
                    if in_e in p:
                        continue
                    j = index[(p - {out_e}) | {in_e}]
                    if i < j:
                        out.append((i, j))
        return out

    def distance(self, x, y):
        x, y = self._normalise(x), self._normalise(y)
        if x not in self or y not in self:
            raise InvalidArgument(f"points {set(x)!r}, {set(y)!r} must both lie in {self!r}")
        return len(x ^ y) // 2

    def distance_matrix(self):
        codes = self.record_codes()
        return (codes[:, None, :] != codes[None, :, :]).sum(axis=2) // 2

    def to_json(self):
        return {"type": "bounded", "universe": [_label(u) for u in self.universe], "k": self.k}


class GraphSpace(Space):
    """Any finite set of databases with a user-given neighbour graph.

    ``GraphSpace(graph)`` takes a networkx Graph (nodes are the points, in node order);
    ``GraphSpace.from_edges(points, edges)`` builds one.  Distance is shortest-path length.
    """

    def __init__(self, graph: nx.Graph) -> None:
        if not isinstance(graph, nx.Graph) or graph.is_directed():
            raise InvalidArgument(f"graph={graph!r} must be an undirected networkx.Graph")
        if graph.number_of_nodes() == 0:
            raise InvalidArgument("graph must have at least one node")
        if any(u == v for u, v in graph.edges):
            raise InvalidArgument("graph must not have self-loops (a point is not its own neighbour)")
        self._graph = nx.Graph(graph)
        self._nodes = tuple(graph.nodes)

    @classmethod
    def from_edges(cls, points: Iterable[Hashable], edges: Iterable[tuple[Hashable, Hashable]]) -> GraphSpace:
        pts = _check_values(points, "points")
        g = nx.Graph()
        g.add_nodes_from(pts)
        for e in edges:
            try:
                u, v = e
            except (TypeError, ValueError):
                raise InvalidArgument(f"edge {e!r} must be a pair of points") from None
            for w in (u, v):
                if w not in g:
                    raise InvalidArgument(f"edge {e!r} names {w!r}, which is not among the points")
            g.add_edge(u, v)
        return cls(g)

    @classmethod
    def path(cls, points: Iterable[Hashable]) -> GraphSpace:
        """The path graph points[0] — points[1] — … (neighbours: consecutive points): equal to
        ``from_edges(points, consecutive pairs)``, but its networkx graph is built on first use (building it for
        the counts 0..10^4 took 30 ms, a hundred times a closed-form answer on that space)."""
        space = cls.__new__(cls)
        if isinstance(points, range) and len(points) and points.step == 1:  # distinct ints: nothing to check
            space._nodes = points  # a range stands for its tuple (``_key`` compares the tuple)
        else:
            space._nodes = _check_values(points, "points")
        return space

    @cached_property
    def _graph(self) -> nx.Graph:
        """Reached only by a space made by :meth:`path` (``__init__`` sets the graph): the path graph, built as
        :meth:`from_edges` builds it (the same node and edge order)."""
        g = nx.Graph()
        g.add_nodes_from(self._nodes)
        g.add_edges_from(zip(self._nodes, self._nodes[1:]))
        return g

    @property
    def size(self):
        return len(self._nodes)

    def _key(self):
        return (tuple(self._nodes), frozenset(frozenset(e) for e in self._graph.edges))

    def __repr__(self):
        return f"GraphSpace.from_edges({list(self._nodes)!r}, {[list(e) for e in self._graph.edges]!r})"

    def _enumerate(self):
        return iter(self._nodes)

    def _edge_array(self):
        idx = self._index
        out = [tuple(sorted((idx[u], idx[v]))) for u, v in self._graph.edges]
        return sorted(out) if out else np.zeros((0, 2), dtype=np.int64)

    def graph(self):
        return nx.Graph(self._graph)

    def distance(self, x, y):
        self.index(x), self.index(y)
        try:
            return nx.shortest_path_length(self._graph, x, y)
        except nx.NetworkXNoPath:
            return math.inf

    def to_json(self):
        return {
            "type": "graph",
            "points": [_label(p) for p in self._nodes],
            "edges": [[_label(u), _label(v)] for u, v in self._graph.edges],
        }


class QueryAnswers(Space):
    """Vectors of n answers of sensitivity-1 queries, each in a range of consecutive integers, with neighbours that
    differ by at most 1 in every entry (ℓ∞ distance 1): the input space of the sparse vector technique and report
    noisy max (a database change moves every query answer by at most its sensitivity, 1).

    ``QueryAnswers(range(0, 2), n=3)`` is {0, 1}^3 in ``itertools.product`` order; every two distinct points of
    it are neighbours.  Distance is the ℓ∞ distance.  (Neighbours that differ in one entry only: :class:`Hamming`.)
    """

    def __init__(self, values: Iterable[int], n: int) -> None:
        vals = _check_values(values, "values")
        if any(isinstance(v, bool) or not isinstance(v, int) for v in vals) or \
                list(vals) != list(range(min(vals), min(vals) + len(vals))):
            raise InvalidArgument(f"values={values!r} must be consecutive integers in increasing order "
                                  f"(e.g. range(0, 3))")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidArgument(f"n={n!r} must be a positive int")
        check_records(n, "QueryAnswers space")
        self.values = vals
        self._cube = Hamming(vals, n)

    @property
    def n(self) -> int:
        return self._cube.n

    @property
    def size(self) -> int:
        return self._cube.size

    def _key(self):
        return (self.values, self.n)

    def __repr__(self):
        return f"QueryAnswers(range({self.values[0]}, {self.values[-1] + 1}), n={self.n})"

    def _normalise(self, point):
        return tuple(point)

    def _enumerate(self):
        return self._cube._enumerate()

    def _edge_array(self):
        codes = self._cube.record_codes()
        idx = np.arange(self.size, dtype=np.int64)
        strides = np.array(self._cube.strides, dtype=np.int64)
        r = len(self.values)
        out = []
        # each unordered pair once: moves in {-1, 0, 1}^n whose first non-zero entry is +1
        for delta in itertools.product((-1, 0, 1), repeat=self.n):
            nz = next((d for d in delta if d), 0)
            if nz != 1:
                continue
            d = np.array(delta, dtype=np.int64)
            moved = codes + d
            ok = ((moved >= 0) & (moved < r)).all(axis=1)
            out.append(np.stack([idx[ok], idx[ok] + int(d @ strides)], axis=1))
        arr = np.concatenate(out) if out else np.zeros((0, 2), dtype=np.int64)
        return np.sort(arr, axis=1)

    def distance(self, x, y):
        x, y = self._normalise(x), self._normalise(y)
        if x not in self or y not in self:
            raise InvalidArgument(f"points {x!r}, {y!r} must both lie in {self!r}")
        return max(abs(a - b) for a, b in zip(x, y))

    def distance_matrix(self) -> np.ndarray:
        codes = self._cube.record_codes()
        return np.abs(codes[:, None, :] - codes[None, :, :]).max(axis=2)

    def to_json(self) -> dict:
        return {"type": "query_answers", "values": list(self.values), "n": self.n}
