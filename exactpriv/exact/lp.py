"""Certified exact linear programming: a float solver guides, exact rational arithmetic decides.

Algorithm and why
-----------------
No exact LP solver we can depend on is both correct and fast: sympy 1.14's ``linprog``
returns wrong answers (sympy issue #28089; measured here: objective 1/27 instead of 3/2 on the
729-variable privacy–distortion LP) and pycddlib took 265 s there.  So we do not solve
exactly; we *certify* exactly:

1. HiGHS solves the LP in floating point (:mod:`exactpriv.exact.lp_float`: dual simplex on
   small LPs; on large ones interior point *without* HiGHS's crossover, then our own
   crossover through the primal and dual optimal faces, which stays fast on the
   degenerate LPs where HiGHS's crossover stalls) and returns floats ``x``, row duals
   ``y`` and optimal bases.
2. ``x`` and ``y`` are rationalised: each float ``v`` becomes the *simplest* rational in
   ``[v - tol·max(1,|v|), v + tol·max(1,|v|)]`` (tolerances ``_RATIONALISE_TOLS``).
   Vertex coordinates are ratios of small determinants, so the simplest nearby rational
   is usually the true value.
3. Weak duality is checked exactly (:func:`_check_primal`, :func:`_check_dual`; rows are
   scaled to integers and vectors put over a common denominator, so the inner loops
   are Python-int arithmetic, ~100x faster than Fraction arithmetic).
   For  min c·x  s.t.  A_ub x <= b_ub,  A_eq x = b_eq,  l <= x <= u  and multipliers
   y_ub <= 0, y_eq free, put d = c - A_ubᵀ y_ub - A_eqᵀ y_eq (reduced costs).  If
   d_j > 0 only where l_j is finite and d_j < 0 only where u_j is finite, then
       g(y) = b_ub·y_ub + b_eq·y_eq + Σ_{d_j>0} d_j l_j + Σ_{d_j<0} d_j u_j
   is a lower bound on c·x for every feasible x (Lagrangian bound).  A feasible x with
   c·x == g(y) is therefore optimal, and y is an optimal dual: the *certificate*.
4. If rationalisation fails, each basis is solved exactly (:mod:`exactpriv.exact.lp_basis`):
   basic columns B and nonbasic (active) rows R give a square system
   A[R,B] x_B = b_R - A[R,N] x_N for the primal and A[R,B]ᵀ y_R = c_B for the dual, solved
   by sparse numeric lifting (:mod:`exactpriv.exact.sparse_solve`: float LU + exact integer
   residuals + rational reconstruction).  The dense rational solve it replaces
   (python-flint ``fmpq_mat.solve``) took 475 s on the 6,561-column basis of the
   privacy–distortion LP at e^ε = 11/10; lifting takes about 0.3 s
   (``bench/bench_lp.py --large``).  The exact solution is re-checked by step 3; a
   float-optimal basis that is not exactly optimal yields status "uncertified", never
   "optimal".
5. Infeasibility is certified by a Farkas vector: the phase-one LP
   min Σ s  s.t.  A_ub x - s_ub <= b_ub,  A_eq x + s⁺ - s⁻ = b_eq,  l <= x <= u,  s >= 0
   is certified by steps 1–4; its optimal dual y satisfies the dual conditions above with
   c = 0 and g(y) = optimum > 0, which proves that no x is feasible.  Unboundedness is
   certified by an exactly feasible point (the LP with c = 0) plus a ray r with
   A_ub r <= 0, A_eq r = 0, r_j >= 0 where l_j is finite, r_j <= 0 where u_j is finite and
   c·r < 0 (from the LP  min c·r  over those cones intersected with the box [-1,1]^n).

Hand-written parts, and why: the sparse exact checks (no library checks an LP
certificate); the others are explained in the modules named above.  No simplex is
hand-written.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, ShapeError
from exactpriv.exact.lp_basis import basis_solve, rationalise
from exactpriv.exact.lp_float import FloatSolution, highs_solve
from exactpriv.exact.numbers import as_rational
from exactpriv.exact.sparse_solve import simplest_between as _simplest_between  # noqa: F401 (tests)

__all__ = ["LPResult", "solve_lp"]

#: Relative tolerances tried, in order, when rationalising HiGHS's floats.  1e-9 recovers
#: denominators up to ~3e4 from a sloppy solution; 1e-12 recovers up to ~1e6 from an
#: accurate one.  Empirically determined parameter.
_RATIONALISE_TOLS = (Fraction(1, 10**9), Fraction(1, 10**12))

_FLOAT_SOLVERS = ("auto", "simplex", "ipm")

#: Rationalised vectors whose common denominator exceeds this many bits are not offered
#: (see _certify_optimum).  A vertex's coordinates share the basis determinant as a
#: denominator.  Empirically determined parameter.
_RATIONALISED_MAX_BITS = 2048


def _common_denominator_bits(values):
    """Bits of the lcm of the denominators, stopping early once above the cap."""
    D = 1
    for v in values:
        if D % v.denominator:
            D = math.lcm(D, v.denominator)
            if D.bit_length() > _RATIONALISED_MAX_BITS:
                return D.bit_length()
    return D.bit_length()


@dataclass(frozen=True, repr=False)
class LPResult:
    """Outcome of :func:`solve_lp`.

    Attributes
    ----------
    status : str
        "optimal", "infeasible" or "unbounded" -- only ever with an exactly checked
        certificate -- or "uncertified" (the float solver's claim is then in
        ``certificate["float_status"]`` and the reason in ``reason``).
    objective : Fraction | None
        The exact optimal value (status "optimal" only).
    x : list[Fraction]
        An exactly optimal point ("optimal"), an exactly feasible point ("unbounded"),
        or ``[]``.
    duals_ub, duals_eq : list[Fraction]
        Exact optimal multipliers, in scipy's ``marginals`` convention: the sensitivity
        ∂(optimal value)/∂b of the objective to each right-hand side.  For ``sense="min"``
        ``duals_ub <= 0``; for ``sense="max"`` ``duals_ub >= 0``.
    reduced_costs : list[Fraction]
        ``c - A_ubᵀ duals_ub - A_eqᵀ duals_eq`` (the bound multipliers).
    certificate : dict
        What was checked exactly: ``method`` ("rationalised-duals", "exact-basis-solve",
        "farkas", "ray", "inconsistent-bounds"), ``checks`` (list of sentences), the
        dual objective, and for "uncertified" results any exact ``enclosure`` (lower,
        upper) of the optimum that could still be certified.
    certified : bool
        True iff status is not "uncertified".
    reason : str
        Why the result is uncertified (empty otherwise).
    timings : dict
        Seconds spent in the float solve (``float_solve_s``) and exact certification
        (``certify_s``).
    """

    status: str
    objective: Fraction | None
    x: list = field(default_factory=list)
    duals_ub: list = field(default_factory=list)
    duals_eq: list = field(default_factory=list)
    reduced_costs: list = field(default_factory=list)
    certificate: dict = field(default_factory=dict)
    certified: bool = False
    reason: str = ""
    timings: dict = field(default_factory=dict)

    def __repr__(self):
        method = self.certificate.get("method")
        extra = f", reason={self.reason!r}" if self.reason else ""
        return (
            f"LPResult(status={self.status!r}, objective={self.objective!r}, "
            f"certified={self.certified}, method={method!r}, n={len(self.x)}{extra})"
        )


# ---------------------------------------------------------------------------------------
# Input validation
# ---------------------------------------------------------------------------------------


class _Problem:
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


def _vector(values, name, length=None):
    if not _is_sequence(values):
        raise InvalidArgument(
            f"{name}={values!r} of type {type(values).__name__} must be a list/tuple of exact numbers"
        )
    out = [as_rational(v, f"{name}[{i}]") for i, v in enumerate(values)]
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
    return [sorted((j, v) for j, v in r.items() if v) for r in rows]


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


def _problem(c, A_ub, b_ub, A_eq, b_eq, bounds, sense):
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
        b = _vector(b, f"b_{tag}")
        parts.append((_matrix(A, len(b), n, f"A_{tag}"), b))
    lower, upper = _bounds(bounds, n)
    if sense == "max":
        c = [-v for v in c]
    return _Problem(c, parts[0][0], parts[0][1], parts[1][0], parts[1][1], lower, upper)


# ---------------------------------------------------------------------------------------
# Exact checks (the certificate)
# ---------------------------------------------------------------------------------------


def _common(values):
    """(D, [v·D as int]) for Fractions/ints ``values`` with D the lcm of their denominators."""
    D = math.lcm(*(v.denominator for v in values)) if values else 1
    return D, [v.numerator * (D // v.denominator) for v in values]


def _check_primal(P: _Problem, x):
    """None if x is exactly feasible, else a sentence naming the first violation.

    Rows are compared in integers: row i scaled by L_i (see :meth:`_Problem.scaled`) and
    x written as X/D with integer X, so ``A_i x <= b_i`` iff ``Σ a'_ij X_j <= b'_i D``.
    """
    for j in range(P.n):
        if P.lower[j] is not None and x[j] < P.lower[j]:
            return f"x[{j}]={x[j]} < lower bound {P.lower[j]}"
        if P.upper[j] is not None and x[j] > P.upper[j]:
            return f"x[{j}]={x[j]} > upper bound {P.upper[j]}"
    irows, ib, L = P.scaled()
    D, X = _common(x)
    for i, row in enumerate(irows):
        act = sum([a * X[j] for j, a in row])
        rhs = ib[i] * D
        if i < P.m_ub:
            if act > rhs:
                return f"inequality row {i}: {Fraction(act, L[i] * D)} > {P.b[i]}"
        elif act != rhs:
            return f"equality row {i - P.m_ub}: {Fraction(act, L[i] * D)} != {P.b[i]}"
    return None


def _check_dual(P: _Problem, c, y):
    """(dual objective g(y), reduced costs d) if y is dual feasible, else (None, sentence).

    Integer form: w_i = y_i / L_i = W_i / E multiplies the scaled row i, c = c'/C, so
    d_j = (c'_j E - C Σ_i a'_ij W_i) / (C E) and  b·y = Σ_i b'_i W_i / E.
    """
    for i in range(P.m_ub):
        if y[i] > 0:
            return None, f"multiplier of inequality row {i} is {y[i]} > 0"
    irows, ib, L = P.scaled()
    nz = [i for i, yi in enumerate(y) if yi]
    E = math.lcm(*(y[i].denominator * L[i] for i in nz)) if nz else 1
    C, cint = _common(c)
    s = [0] * P.n
    by = 0
    for i in nz:
        Wi = y[i].numerator * (E // (y[i].denominator * L[i]))
        by += ib[i] * Wi
        for j, a in irows[i]:
            s[j] += a * Wi
    t = [cj * E - C * sj for cj, sj in zip(cint, s)]  # t_j = d_j · C · E
    bound_terms = Fraction(0)
    for j, tj in enumerate(t):
        if tj > 0:
            if P.lower[j] is None:
                return None, f"reduced cost d[{j}]={Fraction(tj, C * E)} > 0 but x[{j}] has no lower bound"
            if P.lower[j]:
                bound_terms += tj * P.lower[j]
        elif tj < 0:
            if P.upper[j] is None:
                return None, f"reduced cost d[{j}]={Fraction(tj, C * E)} < 0 but x[{j}] has no upper bound"
            if P.upper[j]:
                bound_terms += tj * P.upper[j]
    g = Fraction(by, E) + bound_terms / (C * E)
    return g, [Fraction(tj, C * E) for tj in t]


def _objective(c, x):
    return sum((a * b for a, b in zip(c, x) if b), Fraction(0))


# ---------------------------------------------------------------------------------------
# Certification of an optimum
# ---------------------------------------------------------------------------------------


def _certify_optimum(P: _Problem, c, fs: FloatSolution, method: str):
    """Search exact primal/dual candidates until c·x == g(y).  Returns a dict."""
    best_p = None  # (objective, x, source)
    best_d = None  # (g, y, d, source)
    failures = []
    info = {}

    def offer_primal(x, source):
        nonlocal best_p
        why = _check_primal(P, x)
        if why is not None:
            failures.append(f"primal from {source} infeasible: {why}")
            return
        obj = _objective(c, x)
        if best_p is None or obj < best_p[0]:
            best_p = (obj, x, source)

    def offer_dual(y, source):
        nonlocal best_d
        g, d = _check_dual(P, c, y)
        if g is None:
            failures.append(f"dual from {source} infeasible: {d}")
            return
        if best_d is None or g > best_d[0]:
            best_d = (g, y, d, source)

    def done():
        return best_p is not None and best_d is not None and best_p[0] == best_d[0]

    if method in ("auto", "rationalise") and fs.x is not None and fs.y is not None:
        for tol in _RATIONALISE_TOLS:
            label = f"rationalised(tol={tol})"
            for values, offer, best in ((fs.x, offer_primal, best_p), (fs.y, offer_dual, best_d)):
                if best is not None and done():
                    continue
                candidate = rationalise(values, tol)
                if _common_denominator_bits(candidate) > _RATIONALISED_MAX_BITS:
                    # an interior (IPM) point: unrelated denominators, whose lcm would make
                    # the exact check slow (minutes at 6,561 variables); not a vertex anyway
                    failures.append(f"{label}: no common denominator below 2^{_RATIONALISED_MAX_BITS}")
                    continue
                offer(candidate, label)
            if done():
                break
    if not done() and method in ("auto", "basis"):
        t0 = time.perf_counter()

        def bases():
            yield from fs.bases
            if not done() and fs.more_bases is not None:
                yield from fs.more_bases()

        for basis in bases():
            # Solve only the side(s) still missing (each side is one exact square solve);
            # if that does not close the gap, solve the other side too.
            can_p, can_d = basis.role in ("primal", "both"), basis.role in ("dual", "both")
            need_p, need_d = can_p and best_p is None, can_d and best_d is None
            if not (need_p or need_d):
                need_p, need_d = can_p, can_d
            for primal, dual in ((need_p, need_d), (can_p and not need_p, can_d and not need_d)):
                if done() or not (primal or dual):
                    continue
                try:
                    xb, yb, size = basis_solve(P, c, basis, fs.x, primal=primal, dual=dual)
                except (ValueError, ArithmeticError) as exc:
                    failures.append(f"exact solve of the {basis.label} basis failed: {exc}")
                    break
                info["basis_size"] = size
                info["linear_solver"] = "sparse numeric lifting (SuperLU + exact residuals)"
                if primal:
                    offer_primal(xb, f"basis-solve ({basis.label})")
                if dual:
                    offer_dual(yb, f"basis-solve ({basis.label})")
            if done():
                break
        info["basis_solve_s"] = time.perf_counter() - t0
    return best_p, best_d, done(), failures, info


def _solve_min(P: _Problem, c, method, float_solver):
    """Certify min c·x over P.  Returns (status, payload dict)."""
    timings = {}
    try:
        fs = highs_solve(P, c, float_solver)
    except OverflowError as exc:
        return "uncertified", {"reason": f"data too large for the float solver: {exc}", "timings": timings,
                               "float_status": "not run"}
    timings["float_solve_s"] = fs.seconds
    t0 = time.perf_counter()
    payload = {"float_status": fs.status, "timings": timings, "solver": fs.solver}
    if fs.notes:
        payload["float_notes"] = list(fs.notes)
    if fs.status != "optimal":
        payload["reason"] = f"HiGHS status {fs.status}"
        timings["certify_s"] = time.perf_counter() - t0
        return fs.status, payload
    best_p, best_d, ok, failures, info = _certify_optimum(P, c, fs, method)
    timings["certify_s"] = time.perf_counter() - t0
    payload.update(info)
    payload["float_objective"] = fs.objective
    payload["best_primal"] = best_p
    payload["best_dual"] = best_d
    if ok:
        return "optimal", payload
    enclosure = (best_d[0] if best_d else None, best_p[0] if best_p else None)
    payload["enclosure"] = enclosure
    payload["reason"] = "; ".join(failures) if failures else "primal and dual objectives differ"
    if best_p and best_d:
        payload["reason"] += f"; exact bounds {best_d[0]} <= optimum <= {best_p[0]}"
    return "uncertified", payload


# ---------------------------------------------------------------------------------------
# Infeasibility and unboundedness certificates
# ---------------------------------------------------------------------------------------


def _phase_one(P: _Problem):
    """min Σ slacks with slack columns appended; returns (problem, cost)."""
    n = P.n
    rows, extra = [], 0
    for i, row in enumerate(P.rows):
        if i < P.m_ub:
            rows.append(row + [(n + extra, Fraction(-1))])
            extra += 1
        else:
            rows.append(row + [(n + extra, Fraction(1)), (n + extra + 1, Fraction(-1))])
            extra += 2
    c = [Fraction(0)] * n + [Fraction(1)] * extra
    Q = _Problem(c, rows[: P.m_ub], P.b[: P.m_ub], rows[P.m_ub :], P.b[P.m_ub :],
                 P.lower + [Fraction(0)] * extra, P.upper + [None] * extra)
    return Q, c


def _certify_infeasible(P: _Problem, method, float_solver):
    """A checked Farkas vector y, or None with a reason."""
    Q, cq = _phase_one(P)
    status, pay = _solve_min(Q, cq, method, float_solver)
    if status != "optimal":
        return None, f"phase-one LP not certified ({pay.get('reason')})", pay
    g, y = pay["best_dual"][0], pay["best_dual"][1]
    if g <= 0:
        return None, f"phase-one optimum is {g}, so the LP is feasible", pay
    # Independent re-check of the Farkas conditions on the original data (c = 0).
    zero = [Fraction(0)] * P.n
    g_orig, why = _check_dual(P, zero, y)
    if g_orig is None or g_orig <= 0:
        return None, f"Farkas check failed: {why if g_orig is None else g_orig}", pay
    return (y, g_orig), "", pay


def _certify_unbounded(P: _Problem, c, method, float_solver):
    """(feasible x, ray r) both checked exactly, or None with a reason."""
    zero = [Fraction(0)] * P.n
    status, pay = _solve_min(P, zero, method, float_solver)
    if status != "optimal":
        return None, f"feasibility LP not certified ({pay.get('reason')})", pay
    x0 = pay["best_primal"][1]
    lower = [Fraction(0) if lo is not None else Fraction(-1) for lo in P.lower]
    upper = [Fraction(0) if up is not None else Fraction(1) for up in P.upper]
    R = _Problem(c, P.rows[: P.m_ub], [Fraction(0)] * P.m_ub, P.rows[P.m_ub :], [Fraction(0)] * P.m_eq,
                 lower, upper)
    status, pay_r = _solve_min(R, c, method, float_solver)
    if status != "optimal":
        return None, f"ray LP not certified ({pay_r.get('reason')})", pay_r
    r = pay_r["best_primal"][1]
    if _check_primal(R, r) is not None or _objective(c, r) >= 0:
        return None, "no improving ray: the ray LP has optimum 0", pay_r
    return (x0, r), "", pay_r


# ---------------------------------------------------------------------------------------
# Public entry point
# ---------------------------------------------------------------------------------------


def _signed(values, sign):
    return list(values) if sign == 1 else [-v for v in values]


def solve_lp(
    c,
    *,
    A_ub=None,
    b_ub=None,
    A_eq=None,
    b_eq=None,
    bounds=None,
    sense="min",
    method="auto",
    float_solver="auto",
):
    """Solve  min/max c·x  s.t.  A_ub x <= b_ub,  A_eq x = b_eq,  bounds,  with an exact certificate.

    Parameters
    ----------
    c : sequence of exact numbers (int, Fraction, sympy Rational, "p/q")
        Objective coefficients; floats raise :class:`~exactpriv.errors.NotExactError`.
    A_ub, A_eq : matrix, optional
        Given together with ``b_ub`` / ``b_eq`` (whose length fixes the number of rows).
        Accepted forms: a dense list of rows; a list of sparse rows ``{column: value}``;
        a dict of keys ``{(row, column): value}`` (turn ``(i, j, v)`` triples into one with
        ``{(i, j): v for i, j, v in triples}``); or a ``scipy.sparse`` matrix of integer
        or object dtype.  Ragged rows / out-of-range indices raise ShapeError.
    bounds : None, (lower, upper), or a list of one pair per variable
        None in a pair (or ±inf) means unbounded on that side; the default is x >= 0.
    sense : "min" or "max"
    method : "auto", "rationalise" or "basis"
        Which exact candidates to try: rationalised floats, then the exact basis solve
        ("auto"); only the former; only the latter.  Every certificate is checked the same way.
    float_solver : "auto", "simplex" or "ipm"
        HiGHS algorithm for the guiding float solve ("auto": dual simplex below
        ``lp_float.IPM_MIN_NNZ`` constraint nonzeros, interior point with the optimal-face
        crossover above).

    Returns
    -------
    LPResult
        status "optimal" means: x is exactly feasible, the multipliers are exactly dual
        feasible, and c·x equals the dual objective, so by weak duality both are optimal.
        Statuses "infeasible" and "unbounded" likewise carry exact Farkas / ray
        certificates.  Anything HiGHS claims that cannot be checked is "uncertified".

    The privacy–distortion LP of Wang–Ying–Zhang (Wang–Ying–Zhang, (7) with the ε-DP constraints
    (2)) is the motivating instance; see ``bench/bench_lp.py``.
    """
    if method not in ("auto", "rationalise", "basis"):
        raise InvalidArgument(f"method={method!r} must be 'auto', 'rationalise' or 'basis'")
    if float_solver not in _FLOAT_SOLVERS:
        raise InvalidArgument(f"float_solver={float_solver!r} must be one of {_FLOAT_SOLVERS}")
    P = _problem(c, A_ub, b_ub, A_eq, b_eq, bounds, sense)
    sign = -1 if sense == "max" else 1
    c_min = P.c

    for j in range(P.n):
        lo, up = P.lower[j], P.upper[j]
        if lo is not None and up is not None and lo > up:
            return LPResult(
                "infeasible", None, certified=True,
                certificate={"method": "inconsistent-bounds",
                             "checks": [f"bounds of x[{j}]: lower {lo} > upper {up}"]},
            )

    status, pay = _solve_min(P, c_min, method, float_solver)
    if status == "uncertified" and float_solver == "auto":
        # a basis that is feasible only within HiGHS' float tolerance certifies neither way;
        # the other algorithm usually lands on an exactly certifiable vertex (seen on PD-I at
        # e^eps just above the feasibility threshold, D^3, m=2)
        other = "simplex" if "(ipm" in str(pay.get("solver")) else "ipm"
        status2, pay2 = _solve_min(P, c_min, method, other)
        if status2 != "uncertified":
            status, pay = status2, pay2
            pay.setdefault("timings", {})["retried_with"] = other
    timings = dict(pay.get("timings", {}))
    float_status = pay.get("float_status")
    base = {"float_status": float_status, "solver": pay.get("solver", "highspy")}
    if pay.get("float_notes"):
        base["float_notes"] = pay["float_notes"]

    if status == "optimal":
        obj, x, psrc = pay["best_primal"]
        g, y, d, dsrc = pay["best_dual"]
        rationalised = psrc.startswith("rationalised") and dsrc.startswith("rationalised")
        cert = dict(base)
        cert.update(
            method="rationalised-duals" if rationalised else "exact-basis-solve",
            primal_source=psrc,
            dual_source=dsrc,
            objective=sign * obj,
            dual_objective=sign * g,
            float_objective=None if pay["float_objective"] is None else sign * pay["float_objective"],
            checks=[
                f"primal feasibility: {P.m_ub} inequality rows, {P.m_eq} equality rows and "
                f"{P.n} bounds hold exactly",
                f"dual feasibility (minimisation form): {P.m_ub} inequality multipliers <= 0; "
                f"reduced costs > 0 only at finite lower bounds, < 0 only at finite upper bounds",
                f"strong duality: c·x == dual objective == {sign * obj}",
            ],
        )
        for key in ("basis_size", "basis_solve_s", "linear_solver"):
            if key in pay:
                cert[key] = pay[key]
        return LPResult(
            "optimal", sign * obj, x=x,
            duals_ub=_signed(y[: P.m_ub], sign),
            duals_eq=_signed(y[P.m_ub :], sign),
            reduced_costs=_signed(d, sign),
            certificate=cert, certified=True, timings=timings,
        )

    if status == "uncertified":
        cert = dict(base)
        cert["method"] = "none"
        enc = pay.get("enclosure")
        if enc is not None:
            lo, up = enc
            cert["enclosure"] = (lo, up) if sign == 1 else (None if up is None else -up, None if lo is None else -lo)
        return LPResult("uncertified", None, certificate=cert, reason=pay.get("reason", ""), timings=timings)

    # HiGHS says infeasible / unbounded / unbounded-or-infeasible (or failed): certify.
    t0 = time.perf_counter()
    reasons = []
    if status in ("infeasible", "unbounded-or-infeasible"):
        farkas, why, _ = _certify_infeasible(P, method, float_solver)
        if farkas is not None:
            y, g = farkas
            timings["certify_s"] = time.perf_counter() - t0
            cert = dict(base)
            cert.update(
                method="farkas",
                farkas_ub=y[: P.m_ub], farkas_eq=y[P.m_ub :], farkas_value=g,
                checks=[
                    "Farkas vector y: inequality multipliers <= 0; d = -A_ubᵀy_ub - A_eqᵀy_eq is > 0 only "
                    "at finite lower bounds and < 0 only at finite upper bounds",
                    f"b·y + Σ bound terms = {g} > 0, so no x satisfies the constraints",
                ],
            )
            return LPResult("infeasible", None, certificate=cert, certified=True, timings=timings)
        reasons.append(why)
    if status in ("unbounded", "unbounded-or-infeasible"):
        pair, why, _ = _certify_unbounded(P, c_min, method, float_solver)
        if pair is not None:
            x0, r = pair
            timings["certify_s"] = time.perf_counter() - t0
            cert = dict(base)
            cert.update(
                method="ray",
                ray=r,
                ray_slope=sign * _objective(c_min, r),
                checks=[
                    "x is exactly feasible",
                    "ray r: A_ub r <= 0, A_eq r = 0, r >= 0 at finite lower bounds, r <= 0 at finite "
                    "upper bounds, so x + t r is feasible for all t >= 0",
                    f"c·r = {sign * _objective(c_min, r)} {'<' if sign == 1 else '>'} 0, so the objective "
                    f"is unbounded",
                ],
            )
            return LPResult("unbounded", None, x=x0, certificate=cert, certified=True, timings=timings)
        reasons.append(why)
    if not reasons:
        reasons.append(pay.get("reason", f"HiGHS status {float_status}"))
    timings["certify_s"] = time.perf_counter() - t0
    cert = dict(base)
    cert["method"] = "none"
    return LPResult("uncertified", None, certificate=cert, reason="; ".join(reasons), timings=timings)
