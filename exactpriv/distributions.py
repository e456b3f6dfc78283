"""Exact priors on database spaces: pmfs, product priors, correlated priors, independence.

All probabilities are :class:`fractions.Fraction`; sums are checked to be exactly 1.
Independence questions ("is record i independent of records S?") are answered exactly by
comparing the joint marginal with the product of marginals, and the pairwise answers are
collected in a networkx dependency graph.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any, Sequence
from functools import cached_property

import networkx as nx
import numpy as np

from exactpriv.errors import (
    EntryRangeError,
    InvalidArgument,
    NotStochasticError,
    ShapeError,
    SpaceMismatchError,
    SupportError,
)
from exactpriv.exact.numbers import as_rational, check_denominators, describe_number
from exactpriv.spaces import Hamming, Space

__all__ = ["Prior", "check_pmf"]


def check_pmf(values, *, name="pmf") -> tuple[Fraction, ...]:
    """Validate an exact pmf: every entry an exact rational in [0, 1], summing to exactly 1."""
    try:
        items = list(values)
    except TypeError:
        raise ShapeError(f"{name}={values!r} must be a sequence of probabilities") from None
    if all(type(v) is Fraction and 0 <= v.numerator <= v.denominator for v in items):
        # the common case (priors of the bank: ~76,000 pmfs in one `verify`): exact and in range already; the sum
        # over the lcm of the denominators in integers (Fraction.__add__ normalises by a gcd at every step)
        check_denominators(items, name)
        d = math.lcm(*(v.denominator for v in items))
        if sum(v.numerator * (d // v.denominator) for v in items) != d:
            raise NotStochasticError(f"{name} sums to {describe_number(sum(items, Fraction(0)))}, not exactly 1")
        return tuple(items)
    out = []
    for k, v in enumerate(items):
        q = as_rational(v, f"{name}[{k}]")
        if q < 0 or q > 1:
            raise EntryRangeError(f"{name}[{k}]={q} is outside [0, 1]")
        out.append(q)
    check_denominators(out, name)
    total = sum(out, Fraction(0))
    if total != 1:
        raise NotStochasticError(f"{name} sums to {describe_number(total)}, not exactly 1")
    return tuple(out)


class Prior:
    """An exact probability mass function on the points of a :class:`Space`.

    ``pmf[k]`` is the probability of ``space.points[k]``.  Build with ``Prior(space, pmf)``,
    ``Prior.uniform(space)``, ``Prior.product(space, marginals)`` (independent records),
    ``Prior.from_dict(space, {point: p})`` or ``Prior.point_mass(space, point)``.
    """

    def __init__(self, space: Space, pmf: Sequence[Any], *, name: str | None = None, _built=None, _roundtrip=False):
        if not isinstance(space, Space):
            raise InvalidArgument(f"space={space!r} must be an exactpriv Space")
        pmf = check_pmf(pmf)
        if len(pmf) != space.size:
            raise ShapeError(f"pmf has {len(pmf)} entries but {space!r} has {space.size} points")
        self.space = space
        self.pmf = pmf
        if name is not None and not isinstance(name, str):
            raise InvalidArgument(f"name={name!r} of type {type(name).__name__} must be a str (a provenance label)")
        self._built = name if name is not None else _built
        self._roundtrip = bool(_roundtrip) and self._built is not None

    # ----- constructors
    @classmethod
    def uniform(cls, space: Space) -> "Prior":
        n = space.size
        space.points  # size check before allocating
        return cls(space, [Fraction(1, n)] * n, _built=f"Prior.uniform({space!r})", _roundtrip=True)

    @classmethod
    def point_mass(cls, space: Space, point) -> "Prior":
        k = space.index(point)
        pmf = [Fraction(0)] * space.size
        pmf[k] = Fraction(1)
        return cls(space, pmf, _built=f"Prior.point_mass({space!r}, {point!r})", _roundtrip=True)

    @classmethod
    def from_dict(cls, space: Space, mapping) -> "Prior":
        pmf = [Fraction(0)] * space.size
        for point, p in dict(mapping).items():
            pmf[space.index(point)] = as_rational(p, f"mapping[{point!r}]")
        return cls(space, pmf)

    @classmethod
    def product(cls, space: Space, marginals) -> "Prior":
        """Independent records: ``P(x) = prod_i marginals[i][x_i]``.

        ``marginals[i]`` is a sequence aligned with ``space.records[i]`` or a dict
        value -> probability.
        """
        if space.records is None or not isinstance(space, Hamming) and type(space).__name__ != "Subsets":
            raise InvalidArgument(f"Prior.product needs a product space (Hamming or Subsets), got {space!r}")
        marginals = list(marginals)
        if len(marginals) != len(space.records):
            raise ShapeError(f"{len(marginals)} marginals given for {len(space.records)} records")
        cols = []
        for i, (m, alphabet) in enumerate(zip(marginals, space.records)):
            if isinstance(m, dict):
                unknown = set(m) - set(alphabet)
                if unknown:
                    raise InvalidArgument(f"marginals[{i}] names values {sorted(map(str, unknown))} not in {alphabet!r}")
                m = [m.get(v, 0) for v in alphabet]
            col = check_pmf(m, name=f"marginals[{i}]")
            if len(col) != len(alphabet):
                raise ShapeError(f"marginals[{i}] has {len(col)} entries for {len(alphabet)} values")
            cols.append(col)
        codes = space.record_codes()
        pmf = [math.prod((cols[i][c] for i, c in enumerate(row)), start=Fraction(1)) for row in codes.tolist()]
        p = cls(space, pmf, _built=f"Prior.product({space!r}, {[[str(q) for q in c] for c in cols]!r})",
                _roundtrip=True)
        p._factors = tuple(cols)
        return p

    # ----- basic access
    def __repr__(self):
        """A constructor call that rebuilds an equal prior after ``from exactpriv import *``:
        the named constructor when it round-trips, else ``Prior(space, ['p1', ...], name=label)``."""
        if self._roundtrip:
            return self._built
        name = f", name={self._built!r}" if self._built else ""
        return f"Prior({self.space!r}, {[str(q) for q in self.pmf]!r}{name})"

    @property
    def label(self) -> str | None:
        return self._built

    def __eq__(self, other):
        return isinstance(other, Prior) and self.space == other.space and self.pmf == other.pmf

    def __hash__(self):
        return hash((self.space, self.pmf))

    def prob(self, point) -> Fraction:
        return self.pmf[self.space.index(point)]

    @cached_property
    def support(self) -> tuple[int, ...]:
        return tuple(k for k, p in enumerate(self.pmf) if p != 0)

    @property
    def has_full_support(self) -> bool:
        return len(self.support) == len(self.pmf)

    def require_full_support(self, why: str = "") -> None:
        if not self.has_full_support:
            k = next(k for k, p in enumerate(self.pmf) if p == 0)
            raise SupportError(
                f"the prior gives probability 0 to {self.space.points[k]!r}"
                + (f"; {why}" if why else "; this notion needs full support")
            )

    def check_space(self, space: Space, what: str = "mechanism") -> None:
        if self.space != space:
            raise SpaceMismatchError(f"prior lives on {self.space!r} but the {what} on {space!r}")

    # ----- records: marginals, conditionals, independence
    def _codes(self) -> np.ndarray:
        if self.space.records is None:
            raise InvalidArgument(f"{self.space!r} has no records; marginals need a product-structured space")
        return self.space.record_codes()

    def marginal(self, records) -> dict[tuple, Fraction]:
        """Joint pmf of the records ``records`` (indices), keyed by tuples of values."""
        records = tuple(records)
        codes = self._codes()
        n = codes.shape[1]
        for i in records:
            if not isinstance(i, int) or not 0 <= i < n:
                raise InvalidArgument(f"record index {i!r} out of range 0..{n - 1}")
        # A pure function of the (immutable) prior and the records, asked again and again by the independence
        # tests (is_independent, independent_of, is_mutually_independent): computed once per records tuple, summed
        # in integers over the lcm of the pmf's denominators (the same values, in the same key order); each caller
        # gets its own dict.
        memo = self.__dict__.setdefault("_marginals", {})
        got = memo.get(records)
        if got is None:
            alphs = self.space.records
            common, numerators = self._integer_pmf
            acc: dict[tuple, int] = {}
            for row, k in zip(codes.tolist(), numerators):
                if k == 0:
                    continue
                key = tuple(alphs[i][row[i]] for i in records)
                acc[key] = acc.get(key, 0) + k
            got = memo[records] = {key: Fraction(k, common) for key, k in acc.items()}
        return dict(got)

    @cached_property
    def _integer_pmf(self) -> tuple[int, tuple[int, ...]]:
        """(L, numerators): the pmf as numerators over L, the lcm of its denominators."""
        common = math.lcm(*(p.denominator for p in self.pmf))
        return common, tuple(p.numerator * (common // p.denominator) for p in self.pmf)

    def record_marginal(self, i: int) -> tuple[Fraction, ...]:
        """Pmf of record i aligned with ``space.records[i]``."""
        m = self.marginal((i,))
        return tuple(m.get((v,), Fraction(0)) for v in self.space.records[i])

    def conditional_pmf(self, given: dict) -> tuple[Fraction, ...]:
        """P(x | X_j = v for (j, v) in given), as a pmf over all points (zeros off the event)."""
        codes = self._codes()
        alphs = self.space.records
        want = {}
        for j, v in given.items():
            if v not in alphs[j]:
                raise InvalidArgument(f"value {v!r} is not in the alphabet of record {j}")
            want[j] = alphs[j].index(v)
        mask = [all(row[j] == c for j, c in want.items()) for row in codes.tolist()]
        mass = sum((p for p, m in zip(self.pmf, mask) if m), Fraction(0))
        if mass == 0:
            raise SupportError(f"the conditioning event {given!r} has prior probability 0")
        return tuple(p / mass if m else Fraction(0) for p, m in zip(self.pmf, mask))

    def conditional(self, given: dict) -> "Prior":
        return Prior(self.space, self.conditional_pmf(given))

    def is_independent(self, a, b) -> bool:
        """Exact test that the record groups ``a`` and ``b`` (index sets) are independent."""
        a, b = tuple(sorted(set(a))), tuple(sorted(set(b)))
        if set(a) & set(b):
            raise InvalidArgument(f"record groups {a} and {b} overlap")
        if not a or not b:
            return True
        joint = self.marginal(a + b)
        ma, mb = self.marginal(a), self.marginal(b)
        for ka, pa in ma.items():
            for kb, pb in mb.items():
                if joint.get(ka + kb, Fraction(0)) != pa * pb:
                    return False
        return True

    def dependency_graph(self) -> nx.Graph:
        """Records as nodes; an edge i–j iff X_i and X_j are (pairwise) dependent."""
        n = len(self.space.records)
        g = nx.Graph()
        g.add_nodes_from(range(n))
        for i, j in itertools.combinations(range(n), 2):
            if not self.is_independent((i,), (j,)):
                g.add_edge(i, j)
        return g

    def independent_of(self, i: int) -> tuple[int, ...]:
        """A largest set S of other records with X_i independent of X_S jointly.

        Found exactly by trying sets in decreasing size (records are few; the space size
        already bounds the work)."""
        n = len(self.space.records)
        others = [j for j in range(n) if j != i]
        for r in range(len(others), 0, -1):
            for s in itertools.combinations(others, r):
                if self.is_independent((i,), s):
                    return s
        return ()

    def is_mutually_independent(self) -> bool:
        """Exact test that the joint pmf equals the product of the record marginals."""
        codes = self._codes()
        margs = [self.record_marginal(i) for i in range(codes.shape[1])]
        return all(
            p == math.prod((margs[i][c] for i, c in enumerate(row)), start=Fraction(1))
            for row, p in zip(codes.tolist(), self.pmf)
        )

    def _repr_latex_(self):
        if len(self.pmf) > 64:
            return None
        import sympy

        cells = " & ".join(sympy.latex(sympy.Rational(p.numerator, p.denominator)) for p in self.pmf)
        return rf"$p_X = \left(\begin{{matrix}} {cells} \end{{matrix}}\right)$"

    def to_json(self) -> dict:
        return {"kind": "prior", "space": self.space.to_json(), "pmf": [str(p) for p in self.pmf]}
