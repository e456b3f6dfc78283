"""Exact candidates for the LP certificate: rationalised floats and exact basis solves.

Algorithm and why
-----------------
Two ways turn HiGHS's float answer into exact candidates for :mod:`exactpriv.exact.lp`:

* :func:`rationalise`: each float becomes the simplest rational within a relative
  tolerance (vertex coordinates are ratios of small determinants, so the simplest nearby
  rational is usually the true value).  Free, and enough when denominators are small.
* :func:`basis_solve`: the square systems of an optimal basis, B x_B = b_R − A_N x_N for
  the primal and Bᵀ y_R = c_B for the dual, solved exactly.  Rows are scaled to integers
  (row i times the lcm L_i of its denominators, so Bᵀ y = c becomes B'ᵀ z = c with
  y_i = L_i z_i), and the integer systems go to the sparse numeric-lifting solver
  (:mod:`exactpriv.exact.lp.sparse_solve`: SuperLU + exact integer residuals + rational
  reconstruction, one factorisation for both sides).  Measured on the 6,561×6,561 basis
  of the privacy–distortion LP at e^ε = 11/10: 0.3 s, where python-flint's dense
  ``fmpq_mat.solve`` took 475 s.  Dense flint is still used for bases of at most
  ``_DENSE_MAX`` columns when lifting fails (near-singular float factorisation), where
  it costs milliseconds; larger bases never fall back to a dense rational solve.

Everything returned here is a *candidate*: lp.py checks it exactly before it certifies.
"""

from __future__ import annotations

import math
from fractions import Fraction

from exactpriv.errors import InvalidArgument
from exactpriv.exact.lp.float_solve import AT_UPPER, BASIC, to_float
from exactpriv.exact.lp.sparse_solve import LiftingError, SingularSystemError, SparseIntegerSystem, simplest_between

__all__ = []  # internal to exactpriv.exact.lp

#: Largest basis solved by python-flint's dense fmpq_mat.solve when lifting fails.
#: A 200×200 dense rational solve takes about 10 ms.  Empirically determined parameter.
_DENSE_MAX = 200

#: The float duals that the projected dual keeps are rounded to multiples of 1/_HINT_SCALE
#: (any nearby rational is correct; a common power-of-two denominator keeps the exact
#: arithmetic cheap).  2^-40 is below the IPM's accuracy.
_HINT_SCALE = 2**40


def rationalise(values, tol: Fraction):
    """Each float v -> the simplest rational within tol·max(1, |v|) of v."""
    T = tol.denominator // tol.numerator if tol.numerator == 1 else None
    out = []
    memo: dict = {}  # LP solutions repeat few distinct values (0, 1/81, ...): each is rationalised once
    if hasattr(values, "tolist"):  # numpy array: Python floats are faster dict keys
        values = values.tolist()
    for v in values:
        r = memo.get(v)
        if r is not None:
            out.append(r)
            continue
        if v == 0:
            out.append(memo.setdefault(v, Fraction(0)))
            continue
        n, d = float(v).as_integer_ratio()  # exact binary value n/d
        if d == 1:
            out.append(memo.setdefault(v, Fraction(n)))
            continue
        if T is not None:  # w = max(d, |n|) / (d T):  lo, hi = (n T ∓ max(d, |n|)) / (d T)
            w = max(d, abs(n))
            p, q = simplest_between(n * T - w, d * T, n * T + w, d * T)
        else:
            q0 = Fraction(n, d)
            w = tol * max(1, abs(q0))
            lo, hi = q0 - w, q0 + w
            p, q = simplest_between(lo.numerator, lo.denominator, hi.numerator, hi.denominator)
        r = memo[v] = Fraction(p, q)
        out.append(r)
    return out


class BasisSystem:
    """The integer square systems of a basis (module head).

    ``triplets`` (rows, cols, values) hold B' (active rows scaled to integers);
    ``rhs_primal`` the scaled right-hand side b'_R − A'_N x_N; ``rhs_dual`` c_B;
    ``scale`` the row multipliers L_i of the active rows.
    """

    __slots__ = ("triplets", "size", "rhs_primal", "rhs_dual", "basic", "active", "x_fixed", "scale")


def basis_system(P, c, basis, x_float=None) -> BasisSystem:
    """Build :class:`BasisSystem` for ``basis`` (an lp_float.Basis); ValueError if not square."""
    basic = [j for j, s in enumerate(basis.col_status) if s == BASIC]
    active = [i for i, s in enumerate(basis.row_status) if s != BASIC]
    if len(basic) != len(active):
        raise ValueError(f"basis is not square: {len(basic)} basic columns, {len(active)} active rows")
    for i in active:
        if i < P.m_ub and basis.row_status[i] != AT_UPPER:
            raise ValueError(f"inequality row {i} is nonbasic at its infinite lower bound")
    x_fixed = [Fraction(0)] * P.n
    for j, s in enumerate(basis.col_status):
        if s == BASIC:
            continue
        lo, up = basis.lower[j], basis.upper[j]
        if s == 0 and lo is not None:
            x_fixed[j] = lo
        elif s == AT_UPPER and up is not None:
            x_fixed[j] = up
        elif s == 3 or (lo is None and up is None):
            x_fixed[j] = Fraction(0)
        else:  # kNonbasic or a status at an infinite bound: the finite bound nearest x
            options = [v for v in (lo, up) if v is not None]
            ref = x_float[j] if x_float is not None else 0.0
            x_fixed[j] = min(options, key=lambda v: abs(to_float(v) - ref))
    irows, ib, L = P.scaled()
    pos = {j: k for k, j in enumerate(basic)}
    I, J, V = [], [], []
    rhs_primal = []
    for r, i in enumerate(active):
        rhs = Fraction(ib[i])
        for j, a in irows[i]:
            k = pos.get(j)
            if k is None:
                if x_fixed[j]:
                    rhs -= a * x_fixed[j]
            else:
                I.append(r)
                J.append(k)
                V.append(a)
        rhs_primal.append(rhs)
    out = BasisSystem()
    out.triplets = (I, J, V)
    out.size = len(basic)
    out.rhs_primal = rhs_primal
    out.rhs_dual = [c[j] for j in basic]
    out.basic, out.active, out.x_fixed = basic, active, x_fixed
    out.scale = [L[i] for i in active]
    return out


def solve_square(system: BasisSystem, *, primal=True, dual=True, solver="lifting"):
    """(x_B, z) solving B' x_B = rhs_primal and B'ᵀ z = rhs_dual exactly (None where skipped).

    ``solver``: "lifting" (sparse numeric lifting; dense flint for at most ``_DENSE_MAX``
    columns if lifting fails) or "flint" (python-flint's dense ``fmpq_mat.solve`` only, for
    comparisons).  Raises ZeroDivisionError if B' is singular, ArithmeticError if lifting
    fails on a large basis.
    """
    if solver not in ("lifting", "flint"):
        raise InvalidArgument(f"solver={solver!r} must be 'lifting' or 'flint'")
    n = system.size
    if solver == "lifting":
        try:
            S = SparseIntegerSystem(*system.triplets, n)
            xb = S.solve(system.rhs_primal) if primal else None
            z = S.solve(system.rhs_dual, transpose=True) if dual else None
            return xb, z
        except SingularSystemError as exc:
            raise ZeroDivisionError(str(exc)) from None
        except LiftingError:
            if n > _DENSE_MAX:
                raise
    import flint

    M = flint.fmpq_mat(n, n)
    for i, j, v in zip(*system.triplets):
        M[i, j] = v
    out = []
    for rhs, wanted, A in ((system.rhs_primal, primal, M), (system.rhs_dual, dual, None)):
        if not wanted:
            out.append(None)
            continue
        A = M.transpose() if A is None else A
        B = flint.fmpq_mat(n, 1, [flint.fmpq(v.numerator, v.denominator) for v in rhs])
        X = A.solve(B)  # raises ZeroDivisionError when singular
        out.append([Fraction(int(e.p), int(e.q)) for e in X.entries()])
    return tuple(out)


def basis_solve(P, c, basis, x_float=None, *, primal=True, dual=True, solver="lifting"):
    """Exact (x, y, basis size) of ``basis``; x or y is None when not requested."""
    system = basis_system(P, c, basis, x_float)
    hint = None
    if dual and basis.y_hint is not None:
        hint, system.rhs_dual = _project_dual(P, c, basis, system)
    if system.size == 0:
        xb, z = [], []
    else:
        xb, z = solve_square(system, primal=primal, dual=dual, solver=solver)
    x = y = None
    if primal:
        x = list(system.x_fixed)
        for k, j in enumerate(system.basic):
            x[j] = xb[k]
    if dual:
        y = [Fraction(0)] * P.m if hint is None else hint
        for r, i in enumerate(system.active):
            y[i] = z[r] * system.scale[r]
    return x, y, system.size


def _project_dual(P, c, basis, system):
    """(fixed y off the basis rows, rhs c_B − Σ_{i∉R} a_{i,B} y_i) for the projected dual.

    The float duals ``basis.y_hint`` are rounded (and clipped to y_i <= 0 on
    inequality rows) on the rows outside the basis; lp_float's module head says why the
    result is dual feasible when the optimal faces were identified correctly.
    """
    active = set(system.active)
    fixed = [Fraction(0)] * P.m
    irows, _, L = P.scaled()
    pos = {j: k for k, j in enumerate(system.basic)}
    # dyadic rounding keeps one common denominator (rationalising each value separately
    # made the lcm, and so the right-hand side, astronomically large); the sums run in
    # integers over the common denominator _HINT_SCALE·lcm(L_i)
    kept = []
    for i, v in enumerate(basis.y_hint):
        Y = round(v * _HINT_SCALE)
        if not Y or i in active or (i < P.m_ub and Y > 0):
            continue
        kept.append((i, Y))
        fixed[i] = Fraction(Y, _HINT_SCALE)
    Lc = math.lcm(*(L[i] for i, _ in kept)) if kept else 1
    acc = [0] * len(system.basic)
    for i, Y in kept:
        w = Y * (Lc // L[i])
        for j, a in irows[i]:
            k = pos.get(j)
            if k is not None:
                acc[k] += a * w
    D = _HINT_SCALE * Lc
    rhs = [cb - Fraction(t, D) if t else cb for cb, t in zip(system.rhs_dual, acc)]
    return fixed, rhs
