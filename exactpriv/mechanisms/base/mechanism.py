""":class:`Mechanism` (an exact row-stochastic matrix) and :class:`ProductMechanism` (independent factors).

A Mechanism maps each point of an input :class:`~exactpriv.spaces.Space` to an exact pmf over a
finite output alphabet; rational mechanisms keep integer numerators with per-row denominators (the
fast path of the measures).  Closure operations (post-processing, product, restriction,
substitution) build new exact mechanisms.  ProductMechanism keeps independent output coordinates
factored (RAPPOR-style per-bit randomisation), so its joint output space (2^k outputs) is never built
unless asked.  Both classes live in one module because each builds the other (``product`` /
``expand``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable, Sequence, TypeAlias

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, NotStochasticError, ShapeError, SpaceMismatchError, refuse_symbolic
from exactpriv.exact.numbers import EPS, as_exact, check_denominators, describe_number, to_sympy
from exactpriv.spaces import GraphSpace, Space, check_enumerable
from exactpriv.mechanisms._integer import read_only
from exactpriv.mechanisms.base.entries import check_entry, prove_zero
from .printing import constructor_text, label_text, REPR_MAX_ENTRIES

__all__ = ["Mechanism", "ProductMechanism"]


class Mechanism:
    """An exact conditional pmf P(y | x) for x in ``inputs`` (a Space), y in ``outputs``.

    Parameters
    ----------
    inputs : Space
    outputs : sequence of hashable labels (distinct)
    matrix : rows aligned with ``inputs.points``, each aligned with ``outputs``; entries
        exact (int, Fraction, "p/q" strings, sympy expressions in ``symbols``).
    symbols : symbols expressions may use (default: ``eps``, declared nonnegative).
    """

    def __init__(self, inputs: Space, outputs: Sequence[Any], matrix: Sequence[Sequence[Any]], *,
                 symbols: Sequence[sympy.Symbol] = (EPS,), name: str | None = None, _built=None, _validated=None,
                 _roundtrip=False, _integer=None, _stochastic_by_construction=False):
        if not isinstance(inputs, Space):
            raise InvalidArgument(f"inputs={inputs!r} must be an exactpriv Space (e.g. Hamming([0, 1], n=2))")
        try:
            outputs = tuple(outputs)
        except TypeError:
            raise InvalidArgument(f"outputs={outputs!r} must be a sequence of labels") from None
        if not outputs:
            raise InvalidArgument("outputs must not be empty")
        try:
            if len(set(outputs)) != len(outputs):
                raise InvalidArgument(f"outputs={list(outputs)!r} has repeated labels")
        except TypeError:
            raise InvalidArgument(f"outputs={outputs!r} must contain hashable labels") from None
        self.inputs = inputs
        self.outputs = outputs
        self.symbols = tuple(symbols)
        if name is not None and not isinstance(name, str):
            raise InvalidArgument(f"name={name!r} of type {type(name).__name__} must be a str (a provenance label)")
        self._built = name if name is not None else _built
        # the label is itself a Python expression that rebuilds an equal mechanism under
        # ``from exactpriv import *`` (set only by constructors that guarantee it)
        self._roundtrip = bool(_roundtrip) and self._built is not None
        points = inputs.points  # raises SpaceTooLargeError before we touch the matrix
        check_enumerable(len(points) * len(outputs), f"a {len(points)}x{len(outputs)} matrix")
        if _integer is not None:  # validated by from_integer_rows; rows materialise on demand
            self._rows = None
            self.__dict__["_integer_rows"] = read_only(*_integer)
            return
        if _validated is not None:
            self._rows = _validated
        elif _stochastic_by_construction:
            self._rows = self._normalise_constructed(matrix, len(points), len(outputs))
        else:
            self._rows = self._validate(matrix, len(points), len(outputs))

    @property
    def rows(self):
        """The matrix as a tuple of rows of exact entries (Fractions / sympy expressions).

        Mechanisms built by :meth:`from_integer_rows` keep integer arrays and build this
        only when it is asked for (measures read :meth:`integer_rows` instead)."""
        if self._rows is None:
            num, den = self._integer_rows
            self._rows = tuple(tuple(Fraction(int(v), int(d)) for v in r) for r, d in zip(num.tolist(), den.tolist()))
        return self._rows

    @property
    def _integer_backed(self) -> bool:
        return self._rows is None

    @classmethod
    def from_integer_rows(cls, inputs: Space, outputs, numerators, denominators, *, name=None) -> "Mechanism":
        """A rational mechanism from integers: P(y|x) = numerators[x, y] / denominators[x].

        ``numerators`` is an (inputs × outputs) integer array (numpy int64, or object of Python
        ints for larger values) and ``denominators`` one positive integer per row.  Validation is
        in bulk (numerators >= 0, each row sums exactly to its denominator); the matrix is kept
        as these integer arrays (reduced by the gcd of each row) and rows of Fractions are only
        built if ``M.rows`` is read.  This is the constructor for large mechanisms: a random
        6,561 × 6,561 one is built in seconds (``bench/bench_lean.py``).
        """
        from exactpriv.mechanisms._integer import validate_integer_rows

        num, den = validate_integer_rows(numerators, denominators, len(inputs.points), len(tuple(outputs)))
        return cls(inputs, outputs, None, name=name, _integer=read_only(num, den, numerators, denominators))

    def _validate(self, matrix, n_rows, n_cols):
        try:
            rows = list(matrix)
        except TypeError:
            raise ShapeError(f"matrix of type {type(matrix).__name__} is not a sequence of rows") from None
        if len(rows) != n_rows:
            raise ShapeError(f"matrix has {len(rows)} rows but the input space has {n_rows} points")
        out = []
        for i, row in enumerate(rows):
            try:
                row = list(row)
            except TypeError:
                raise ShapeError(f"row {i} ({row!r}) is not a sequence") from None
            if len(row) != n_cols:
                raise ShapeError(f"row {i} has {len(row)} entries but there are {n_cols} outputs (ragged matrix)")
            point = self.inputs.points[i]
            if all(type(v) is Fraction for v in row) and all(0 <= v.numerator <= v.denominator for v in row):
                # fast path: exact and in range; sum over a common denominator in integers
                # (Fraction.__add__ normalises by gcd at every step: 10x slower at 729 columns)
                check_denominators(row, f"row {i}")
                d = math.lcm(*(v.denominator for v in row))
                if sum(v.numerator * (d // v.denominator) for v in row) != d:
                    raise NotStochasticError(f"row {i} (x={point!r}) sums to "
                                             f"{describe_number(sum(row, Fraction(0)))}, not exactly 1")
                out.append(tuple(row))
                continue
            else:
                vals = tuple(check_entry(v, f"P(y={self.outputs[j]!r} | x={point!r}) [row {i}, col {j}]",
                                          self.symbols) for j, v in enumerate(row))
            if all(isinstance(v, Fraction) for v in vals):
                check_denominators(vals, f"row {i}")
                total = sum(vals, Fraction(0))
                if total != 1:
                    raise NotStochasticError(f"row {i} (x={point!r}) sums to {describe_number(total)}, not exactly 1")
            else:
                total = sympy.Add(*map(to_sympy, vals))
                if not prove_zero(total - 1):
                    raise NotStochasticError(
                        f"row {i} (x={point!r}) sums to {total}, which could not be proved equal to 1"
                    )
            out.append(vals)
        return tuple(out)

    def _normalise_constructed(self, matrix, n_rows, n_cols):
        """Rows built by an operation on validated mechanisms that keeps rows stochastic by construction
        (:meth:`product`, :meth:`post_process`, :meth:`ProductMechanism.expand`): every entry is a product, or
        a sum of products, of entries in [0, 1] whose total over the row is exactly 1 — the sum over (y1, y2)
        of P1(y1|x)·P2(y2|x) is (Σ P1)(Σ P2) = 1, and Σ_z Σ_y P(y|x)·K(z|y) = Σ_y P(y|x) = 1 — so the range of
        each entry and the row sums hold and are not proved again (for symbolic entries that was a certifier
        run and a zero test per row).  What is still checked here as in :meth:`_validate`: each entry's exact
        form (a rational entry becomes a Fraction, an undeclared symbol is refused) and the size of the
        denominators of a rational row.  Anything unusual is handed to :meth:`_validate`, which gives its
        error; tests/mechanisms/test_constructed_rows.py compares both on products, post-processings and
        expansions of rational and symbolic mechanisms."""
        from exactpriv.errors import ExactPrivError

        try:
            rows = [tuple(v if type(v) is Fraction else as_exact(v, "entry", symbols=self.symbols) for v in row)
                    for row in matrix]
            if len(rows) != n_rows or any(len(r) != n_cols for r in rows):
                raise ShapeError("shape")
            for i, row in enumerate(rows):
                if all(type(v) is Fraction for v in row):
                    check_denominators(row, f"row {i}")
        except ExactPrivError:
            return self._validate(matrix, n_rows, n_cols)
        return tuple(rows)

    # ----- identity and display
    @property
    def label(self) -> str | None:
        """How the mechanism was built (a provenance label, e.g. ``randomized_response(k=2, p='3/4')``)."""
        return self._built

    def __repr__(self):
        """A constructor call that rebuilds an equal mechanism when pasted after
        ``from exactpriv import *``: the short zoo form when it round-trips, else
        ``Mechanism(space, outputs, [[exact entries as strings]], name=label)``.  Matrices above
        :data:`REPR_MAX_ENTRIES` entries are summarised (``to_json()`` always has them)."""
        if self._roundtrip:
            return self._built
        if self.shape[0] * self.shape[1] > REPR_MAX_ENTRIES:
            what = self._built or f"Mechanism({self.inputs!r}, ...)"
            return f"<{what}: {self.shape[0]}x{self.shape[1]} matrix not shown; M.to_json() has it>"
        return constructor_text("Mechanism", self.inputs, self.outputs, self.rows, self.symbols, self._built)

    def __setstate__(self, state):
        # pickle and deepcopy rebuild numpy arrays writable: a copy's integer rows are read-only as the original's
        # (integer_rows() hands them out, and the closed-form tag travels with the copy)
        self.__dict__.update(state)
        rows = self.__dict__.get("_integer_rows")
        if rows is not None:
            self.__dict__["_integer_rows"] = read_only(*rows)

    def __eq__(self, other):
        if not (isinstance(other, Mechanism) and self.inputs == other.inputs and self.outputs == other.outputs):
            return False
        if self._integer_backed and other._integer_backed:  # both canonical (gcd-reduced rows)
            (n1, d1), (n2, d2) = self._integer_rows, other._integer_rows
            return bool(np.array_equal(d1, d2) and np.array_equal(n1, n2))
        return self.rows == other.rows

    def __hash__(self):
        # equal mechanisms may be stored differently (integer arrays or rows): hash what
        # both forms share without materialising rows
        return hash((self.inputs, self.outputs))

    def _repr_latex_(self):
        if self.shape[0] * self.shape[1] > 400:
            return None
        return "$" + sympy.latex(self.to_sympy_matrix()) + "$"

    # ----- access
    @property
    def shape(self) -> tuple[int, int]:
        return (len(self.inputs.points), len(self.outputs))

    @cached_property
    def _distinct_rows(self):
        """The row objects, each once (constructors share equal rows: a RAPPOR bit has two)."""
        return list({id(row): row for row in self.rows}.values())

    @cached_property
    def is_rational(self) -> bool:
        if self._integer_backed:
            return True
        return all(isinstance(v, Fraction) for row in self._distinct_rows for v in row)

    @property
    def is_symbolic(self) -> bool:
        return bool(self.free_symbols)

    @cached_property
    def free_symbols(self) -> frozenset:
        if self._integer_backed:
            return frozenset()
        syms = set()
        for row in self._distinct_rows:
            for v in row:
                if not isinstance(v, Fraction):
                    syms |= v.free_symbols
        return frozenset(syms)

    def output_index(self, y) -> int:
        try:
            return self._out_index[y]
        except (KeyError, TypeError):
            raise InvalidArgument(f"y={y!r} is not an output of {self!r}") from None

    @cached_property
    def _out_index(self):
        return {y: j for j, y in enumerate(self.outputs)}

    def prob(self, y, x):
        """P(Y = y | X = x)."""
        if self._integer_backed:
            num, den = self._integer_rows
            i = self.inputs.index(x)
            return Fraction(int(num[i, self.output_index(y)]), int(den[i]))
        return self.rows[self.inputs.index(x)][self.output_index(y)]

    def row(self, x) -> dict:
        if self._integer_backed:
            num, den = self._integer_rows
            i = self.inputs.index(x)
            d = int(den[i])
            return dict(zip(self.outputs, (Fraction(int(v), d) for v in num[i].tolist())))
        return dict(zip(self.outputs, self.rows[self.inputs.index(x)]))

    def to_sympy_matrix(self) -> sympy.Matrix:
        return sympy.Matrix([[to_sympy(v) for v in row] for row in self.rows])

    def require_rational(self, what: str = "this operation") -> None:
        refuse_symbolic(self, what)

    @cached_property
    def _integer_rows(self):
        # per-row common denominator: P(y|x) = num[x, y] / den[x]
        dens = [math.lcm(*(v.denominator for v in row)) for row in self.rows]
        nums = [[v.numerator * (d // v.denominator) for v in row] for row, d in zip(self.rows, dens)]
        biggest = max(max(dens), max((max(r) for r in nums), default=0))
        dtype = np.int64 if biggest < 2**62 else object
        return read_only(np.array(nums, dtype=dtype), np.array(dens, dtype=dtype))

    def integer_rows(self) -> tuple[np.ndarray, np.ndarray]:
        """(num, den) with P(y|x) = num[x, y] / den[x] exactly; int64 when it fits, else object.  The
        mechanism's own arrays, read-only: copy them to change them."""
        self.require_rational("integer_rows()")
        return self._integer_rows

    @cached_property
    def _float_matrix(self):
        if self.is_rational:
            num, den = self._integer_rows
            if num.dtype == np.int64 and int(den.max()) < 2**53 and int(num.max()) < 2**53:
                return num.astype(np.float64) / den.astype(np.float64)[:, None]
            # int / int is correctly rounded in Python (no Fractions built)
            return np.array([[v / d for v in r] for r, d in zip(num.tolist(), den.tolist())], dtype=np.float64)
        if self.free_symbols:
            raise InvalidArgument(f"{self!r} is symbolic; substitute values before numeric work")
        return np.array([[float(to_sympy(v)) for v in row] for row in self.rows], dtype=np.float64)

    def to_numpy(self) -> np.ndarray:
        """Float64 copy of the matrix — for filters and plots only, never for verdicts."""
        return self._float_matrix.copy()

    # ----- operations
    def subs(self, values=None, **kw) -> "Mechanism":
        """Substitute values for symbols (``M.subs(eps=sympy.log(3))``); re-validated exactly."""
        mapping = {}
        for k, v in {**(values or {}), **kw}.items():
            sym = next((s for s in self.symbols if s.name == str(k)), None)
            if sym is None:
                raise InvalidArgument(f"{k!r} is not a symbol of {self!r} (symbols: {[s.name for s in self.symbols]})")
            val = as_exact(v, str(k), symbols=())
            if not isinstance(val, Fraction) and val.is_negative and sym.is_nonnegative:
                raise InvalidArgument(f"{k}={v!r} violates the assumption {k} >= 0")
            mapping[sym] = to_sympy(val)
        # rows repeat their entries (randomized response: two distinct ones in every row), so each distinct entry
        # is substituted once in this call (sympy's subs is a pure function of the expression and the mapping)
        done: dict = {}

        def substituted(v):
            if isinstance(v, Fraction):
                return v
            if v not in done:
                done[v] = to_sympy(v).subs(mapping)
            return done[v]

        rows = [[substituted(v) for v in row] for row in self.rows]
        built = f"{short_label(self)}.subs({', '.join(f'{k}={v}' for k, v in mapping.items())})"
        return Mechanism(self.inputs, self.outputs, rows, symbols=self.symbols, _built=built)

    def post_process(self, channel, *, outputs=None) -> "Mechanism":
        """The mechanism x -> K(M(x)): ``channel`` is a Mechanism whose input points are this
        mechanism's outputs, or a matrix with rows aligned with ``self.outputs`` (then give
        ``outputs``)."""
        if isinstance(channel, Mechanism):
            if tuple(channel.inputs.points) != self.outputs:
                raise SpaceMismatchError(
                    f"channel inputs {list(channel.inputs.points)!r} differ from outputs {list(self.outputs)!r}"
                )
            k_rows, k_out = channel.rows, channel.outputs
        else:
            if outputs is None:
                raise InvalidArgument("post_process(matrix) needs outputs=[...] for the channel's outputs")
            k = Mechanism(GraphSpace.from_edges(list(self.outputs), []), outputs, channel)
            k_rows, k_out = k.rows, k.outputs
        rows = []
        for row in self.rows:
            new = []
            for j in range(len(k_out)):
                acc = [row[y] * k_rows[y][j] for y in range(len(row)) if row[y] != 0 and k_rows[y][j] != 0]
                new.append(exact_sum(acc))
            rows.append(new)
        return Mechanism(self.inputs, k_out, rows, symbols=self.symbols, _built=f"{short_label(self)}.post_process(...)",
                         _stochastic_by_construction=True)

    def product(self, other: "Mechanism") -> "Mechanism":
        """Independent composition on the same inputs: outputs (y1, y2), P = P1 * P2."""
        if not isinstance(other, Mechanism) or other.inputs != self.inputs:
            raise SpaceMismatchError("product() needs two mechanisms on the same input space")
        outs = [(a, b) for a in self.outputs for b in other.outputs]
        rows = [[p * q for p in r1 for q in r2] for r1, r2 in zip(self.rows, other.rows)]
        return Mechanism(self.inputs, outs, rows, symbols=tuple(dict.fromkeys(self.symbols + other.symbols)),
                         _built=f"{short_label(self)}.product({short_label(other)})", _stochastic_by_construction=True)

    def restrict(self, points) -> "Mechanism":
        """The mechanism on a subset of the inputs, with the induced neighbour graph."""
        pts = list(points)
        idx = [self.inputs.index(p) for p in pts]
        g = self.inputs.graph().subgraph([self.inputs.points[i] for i in idx])
        space = GraphSpace(g.copy()) if list(g.nodes) == [self.inputs.points[i] for i in idx] else GraphSpace.from_edges(
            [self.inputs.points[i] for i in idx], list(g.edges))
        order = [space.points.index(self.inputs.points[i]) for i in idx]
        rows = [None] * len(idx)
        for k, i in zip(order, idx):
            rows[k] = self.rows[i]
        return Mechanism(space, self.outputs, rows, symbols=self.symbols,
                         _built=f"{short_label(self)}.restrict({pts!r})", _validated=tuple(rows))

    def to_json(self) -> dict:
        from exactpriv.exact.numbers import to_sympy as _ts

        def enc(v):
            return str(v) if isinstance(v, Fraction) else sympy.sstr(_ts(v))

        return {
            "kind": "mechanism",
            "space": self.inputs.to_json(),
            "outputs": [label_text(y) for y in self.outputs],
            "matrix": [[enc(v) for v in row] for row in self.rows],
        }


def short_label(M) -> str:
    """A short label for derived labels (never the full matrix)."""
    if M._built:
        return M._built
    if isinstance(M, ProductMechanism):
        return f"ProductMechanism(<{len(M.factors)} factors>)"
    return f"Mechanism(<{len(M.rows)}x{len(M.outputs)} on {M.inputs!r}>)"


def exact_sum(terms):
    if all(isinstance(t, Fraction) for t in terms):
        return sum(terms, Fraction(0))
    s = sympy.Add(*map(to_sympy, terms))
    if s.free_symbols:
        s = sympy.cancel(s)
    return Fraction(int(s.p), int(s.q)) if s.is_Rational else s


class ProductMechanism:
    """Independent output coordinates: P(y_1..y_k | x) = prod_j P_j(y_j | x), kept factored.

    ``factors`` are Mechanisms on the same input space.  The joint output space has
    prod_j |Y_j| points and is never built by the measures that understand products
    (pure DP: max over edges of sum_j max_y log ratio_j; KL: sum_j KL_j).  ``expand()``
    builds it, with the usual size check.
    """

    def __init__(self, factors: Iterable[Mechanism], *, name: str | None = None, _built=None, _roundtrip=False):
        factors = tuple(factors)
        if not factors or not all(isinstance(f, Mechanism) for f in factors):
            raise InvalidArgument("ProductMechanism needs a non-empty sequence of Mechanisms")
        first = factors[0].inputs
        if any(f.inputs is not first and f.inputs != first for f in factors):  # a k-fold product: one space object
            raise SpaceMismatchError("all factors of a ProductMechanism must share the input space")
        self.factors = factors
        self.inputs = factors[0].inputs
        self._built = name if name is not None else _built
        self._roundtrip = bool(_roundtrip) and self._built is not None

    def __repr__(self):
        """``ProductMechanism([factor reprs])`` (each factor's repr rebuilds it), with the label."""
        if self._roundtrip:
            return self._built
        name = f", name={self._built!r}" if self._built else ""
        return f"ProductMechanism({list(self.factors)!r}{name})"

    @property
    def label(self) -> str | None:
        return self._built

    def __eq__(self, other):
        return isinstance(other, ProductMechanism) and self.factors == other.factors

    def __hash__(self):
        return hash(self.factors)

    @property
    def n_outputs(self) -> int:
        return math.prod(len(f.outputs) for f in self.factors)

    def prob(self, y, x):
        if len(y) != len(self.factors):
            raise InvalidArgument(f"y={y!r} must have {len(self.factors)} coordinates")
        out = Fraction(1)
        for f, yj in zip(self.factors, y):
            out = out * f.prob(yj, x)
        return out

    def expand(self) -> Mechanism:
        """The joint mechanism (outputs are tuples), after an enumeration-size check."""
        check_enumerable(self.n_outputs * self.inputs.size, f"the expanded product of {len(self.factors)} factors")
        m = self.factors[0]
        joint_outputs = [(y,) for y in m.outputs]
        rows = [list(r) for r in m.rows]
        for f in self.factors[1:]:
            joint_outputs = [a + (b,) for a in joint_outputs for b in f.outputs]
            rows = [[p * q for p in r1 for q in r2] for r1, r2 in zip(rows, f.rows)]
        return Mechanism(self.inputs, joint_outputs, rows, _built=f"{short_label(self)}.expand()",
                         _stochastic_by_construction=True)


AnyMechanism: TypeAlias = Mechanism | ProductMechanism
"""Every kind of mechanism the measures, operators and claims accept: a :class:`Mechanism` (an exact matrix,
including its subclasses such as ``ClampedNoiseMechanism``) or a :class:`ProductMechanism` (independent
factors, what ``compose`` and ``k_fold`` return).  Annotate user code with it: ``def audit(M: AnyMechanism) ->
None``; ``isinstance(M, AnyMechanism)`` works at run time too."""
