"""Validation of LP input for :func:`exactpriv.exact.lp.solve_lp`: exact coefficients, sparse rows.

Every coefficient becomes an exact rational (floats are refused by :func:`as_rational`);
rows are stored sparsely as {column: value} and scaled to integers once
(:meth:`LPProblem.scaled`), so the exact certificate checks of
:mod:`exactpriv.exact.lp.certificate` run on Python ints.  Bad input raises a typed error that
names the argument and echoes the bad value.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, ShapeError
from exactpriv.exact.numbers import as_rational

__all__: list[str] = []  # private module of exactpriv.exact.lp

class LPProblem:
    """A validated LP in *minimisation* form with sparse Fraction rows.

    rows[i] is a list of (column, nonzero Fraction); rows 0..m_ub-1 are ``<=`` rows,
    the rest ``=`` rows; ``b`` has one entry per row; ``lower``/``upper`` use None for ∓∞.
    """

    __slots__ = ("n", "c", "rows", "b", "m_ub", "m_eq", "lower", "upper", "_scaled")

    def __init__(self, c, rows_ub, b_ub, rows_eq, b_eq, lower, upper):
        self.n = len(c)
        self.c = c
        self.rows = rows_ub + rows_eq
        self.b = b_ub + b_eq
        self.m_ub = len(rows_ub)
        self.m_eq = len(rows_eq)
        self.lower = lower
        self.upper = upper
        self._scaled = None

    @property
    def m(self):
        return self.m_ub + self.m_eq

    def scaled(self):
        """Integer rows: (rows', b', L) with row i multiplied by L_i, the lcm of its denominators."""
        if self._scaled is None:
            irows, ib, L = [], [], []
            for row, bi in zip(self.rows, self.b):
                Li = math.lcm(bi.denominator, *(a.denominator for _, a in row))
                irows.append([(j, a.numerator * (Li // a.denominator)) for j, a in row])
                ib.append(bi.numerator * (Li // bi.denominator))
                L.append(Li)
            self._scaled = (irows, ib, L)
        return self._scaled


#: Types taken as exact matrix entries without conversion (bool is excluded: type(True) is bool).
_FAST = (int, Fraction)


def _is_sequence(obj):
    return isinstance(obj, (list, tuple, np.ndarray))


def _index(value, size, what):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ShapeError(f"{what}={value!r} of type {type(value).__name__} is not an integer index")
    value = int(value)
    if not 0 <= value < size:
        raise ShapeError(f"{what}={value!r} is out of range 0..{size - 1}")
    return value


def _vector(values, name, length=None, *, keep_int=False):
    if not _is_sequence(values):
        raise InvalidArgument(
            f"{name}={values!r} of type {type(values).__name__} must be a list/tuple of exact numbers"
        )
    # ints and Fractions are exact already; right-hand sides may stay ints (like matrix entries:
    # 52,488 Fraction(0) cost 0.3 s on the 6,561-variable LP)
    out = [(v if keep_int else Fraction(v)) if type(v) is int else v if type(v) is Fraction
           else as_rational(v, f"{name}[{i}]") for i, v in enumerate(values)]
    if length is not None and len(out) != length:
        raise ShapeError(f"{name} has {len(out)} entries, expected {length}")
    return out


def _matrix(A, n_rows, n_cols, name):
    """Sparse rows [(column, nonzero int/Fraction)] from a dense, dict-of-keys, row-dict or scipy.sparse matrix."""
    rows = [dict() for _ in range(n_rows)]
    if hasattr(A, "tocoo") and not _is_sequence(A):  # scipy.sparse
        if tuple(A.shape) != (n_rows, n_cols):
            raise ShapeError(f"{name} has shape {tuple(A.shape)}, expected {(n_rows, n_cols)}")
        coo = A.tocoo()
        if coo.dtype.kind not in "iuO":
            raise_value = coo.data[0] if coo.nnz else coo.dtype
            as_rational(raise_value, f"{name} entry")  # raises NotExactError for floats
            raise InvalidArgument(f"{name} has dtype {coo.dtype}; use an integer or object dtype")
        for i, j, v in zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist()):
            q = as_rational(v, f"{name}[{i},{j}]")
            rows[i][j] = rows[i].get(j, 0) + q  # COO may hold duplicates: they add up
    elif isinstance(A, Mapping):  # dict of keys {(i, j): value}
        for key, v in A.items():
            if not (isinstance(key, tuple) and len(key) == 2):
                raise ShapeError(f"{name} key {key!r} is not a (row, column) pair")
            i = _index(key[0], n_rows, f"{name} row index")
            j = _index(key[1], n_cols, f"{name} column index")
            rows[i][j] = as_rational(v, f"{name}[{i},{j}]")
    elif _is_sequence(A):
        if len(A) != n_rows:
            raise ShapeError(f"{name} has {len(A)} rows but its right-hand side has {n_rows} entries")
        for i, row in enumerate(A):
            if isinstance(row, Mapping):  # sparse row {j: value}
                for j, v in row.items():
                    if type(j) is not int or not 0 <= j < n_cols:
                        j = _index(j, n_cols, f"{name}[{i}] column index")
                    rows[i][j] = v if type(v) in _FAST else as_rational(v, f"{name}[{i},{j}]")
            elif _is_sequence(row):
                if len(row) != n_cols:
                    raise ShapeError(f"{name} is ragged: row {i} has {len(row)} entries, expected {n_cols}")
                for j, v in enumerate(row):
                    rows[i][j] = v if type(v) in _FAST else as_rational(v, f"{name}[{i},{j}]")
            else:
                raise ShapeError(
                    f"{name}[{i}]={row!r} of type {type(row).__name__} is neither a list nor a dict row"
                )
    else:
        raise InvalidArgument(
            f"{name} of type {type(A).__name__} must be a list of rows, a dict {{(i, j): value}} "
            f"or a scipy.sparse matrix"
        )
    # Entries stay int or Fraction: both are exact and int arithmetic is faster.
    out = []
    for r in rows:
        items = [(j, r[j]) for j in sorted(r)]  # sort the int keys only (no tuple comparisons)
        if 0 in r.values():  # explicit zeros are dropped (rare)
            items = [(j, v) for j, v in items if v]
        out.append(items)
    return out


def _bound(value, name, infinite):
    if value is None:
        return None
    if (isinstance(value, float) and math.isinf(value)) or (
        isinstance(value, sympy.Basic) and value in (sympy.oo, -sympy.oo)
    ):
        sign = 1 if value > 0 else -1
        if sign != infinite:
            raise InvalidArgument(f"{name}={value!r}: this side of a bound cannot be {value!r}")
        return None
    return as_rational(value, name)


def _bounds(bounds, n):
    if bounds is None:
        return [Fraction(0)] * n, [None] * n
    if not _is_sequence(bounds):
        raise InvalidArgument(f"bounds={bounds!r} must be None, a (lower, upper) pair or a list of pairs")
    if len(bounds) == 2 and not any(_is_sequence(bd) for bd in bounds):
        pairs = [bounds] * n
    else:
        pairs = bounds
        if len(pairs) != n:
            raise ShapeError(f"bounds has {len(pairs)} pairs, expected {n} (one per variable)")
    lower, upper = [], []
    for j, pair in enumerate(pairs):
        if not _is_sequence(pair) or len(pair) != 2:
            raise ShapeError(f"bounds[{j}]={pair!r} is not a (lower, upper) pair")
        lower.append(_bound(pair[0], f"bounds[{j}][0]", -1))
        upper.append(_bound(pair[1], f"bounds[{j}][1]", +1))
    return lower, upper


def validated_problem(c, A_ub, b_ub, A_eq, b_eq, bounds, sense):
    """The arguments of :func:`solve_lp` checked and converted to one :class:`LPProblem` (minimisation form)."""
    if sense not in ("min", "max"):
        raise InvalidArgument(f"sense={sense!r} must be 'min' or 'max'")
    c = _vector(c, "c")
    n = len(c)
    if n == 0:
        raise ShapeError("c=[] has no entries: an LP needs at least one variable")
    parts = []
    for A, b, tag in ((A_ub, b_ub, "ub"), (A_eq, b_eq, "eq")):
        if (A is None) != (b is None):
            raise InvalidArgument(f"A_{tag} and b_{tag} must be given together (got A_{tag}={A!r:.60}, b_{tag}={b!r:.60})")
        if A is None:
            parts.append(([], []))
            continue
        b = _vector(b, f"b_{tag}", keep_int=True)
        parts.append((_matrix(A, len(b), n, f"A_{tag}"), b))
    lower, upper = _bounds(bounds, n)
    if sense == "max":
        c = [-v for v in c]
    return LPProblem(c, parts[0][0], parts[0][1], parts[1][0], parts[1][1], lower, upper)


# ---------------------------------------------------------------------------------------
# Exact checks (the certificate)
# ---------------------------------------------------------------------------------------


def common_denominator(values):
    """(D, [v·D as int]) for Fractions/ints ``values`` with D the lcm of their denominators."""
    D = math.lcm(*(v.denominator for v in values)) if values else 1
    return D, [v.numerator * (D // v.denominator) for v in values]
