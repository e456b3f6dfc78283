"""Exact certificates of LP optimality (steps 2-4 of :mod:`exactpriv.exact.lp`).

A float solution is turned into exact rationals (simplest rationals within a tolerance, or the
exact solution of an optimal basis by sparse lifting, :mod:`exactpriv.exact.lp.basis`), and
weak duality is checked exactly: a feasible x and multipliers y with c·x = g(y) (the
Lagrangian bound) prove optimality.  The checks scale rows to integers and vectors to a
common denominator so that the inner loops are Python-int arithmetic (~100x faster than
Fraction arithmetic).  Hand-written because no library checks an LP certificate.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction


from exactpriv.exact.lp.basis import basis_solve, rationalise
from exactpriv.exact.lp.float_solve import FloatSolution
from exactpriv.exact.lp.problem import LPProblem, common_denominator

__all__: list[str] = []  # private module of exactpriv.exact.lp

#: Relative tolerances tried, in order, when rationalising HiGHS's floats.  1e-9 recovers
#: denominators up to ~3e4 from a sloppy solution; 1e-12 recovers up to ~1e6 from an
#: accurate one.  Empirically determined parameter.
_RATIONALISE_TOLS = (Fraction(1, 10**9), Fraction(1, 10**12))

#: The float solvers that may guide the exact certification (HiGHS: either method, or its choice).
FLOAT_SOLVERS = ("auto", "simplex", "ipm")

#: Rationalised vectors whose common denominator exceeds this many bits are not offered
#: (see certify_optimum).  A vertex's coordinates share the basis determinant as a
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


def check_primal(P: LPProblem, x):
    """None if x is exactly feasible, else a sentence naming the first violation.

    Rows are compared in integers: row i scaled by L_i (see :meth:`LPProblem.scaled`) and
    x written as X/D with integer X, so ``A_i x <= b_i`` iff ``Σ a'_ij X_j <= b'_i D``.
    """
    if len(x) != P.n:  # a solver's vector of the wrong length is no candidate (HiGHS may return none)
        return f"{len(x)} values for {P.n} variables"
    for j in range(P.n):
        if P.lower[j] is not None and x[j] < P.lower[j]:
            return f"x[{j}]={x[j]} < lower bound {P.lower[j]}"
        if P.upper[j] is not None and x[j] > P.upper[j]:
            return f"x[{j}]={x[j]} > upper bound {P.upper[j]}"
    irows, ib, L = P.scaled()
    D, X = common_denominator(x)
    for i, row in enumerate(irows):
        act = sum([a * X[j] for j, a in row])
        rhs = ib[i] * D
        if i < P.m_ub:
            if act > rhs:
                return f"inequality row {i}: {Fraction(act, L[i] * D)} > {P.b[i]}"
        elif act != rhs:
            return f"equality row {i - P.m_ub}: {Fraction(act, L[i] * D)} != {P.b[i]}"
    return None


def check_dual(P: LPProblem, c, y):
    """(dual objective g(y), reduced costs d) if y is dual feasible, else (None, sentence).

    Integer form: w_i = y_i / L_i = W_i / E multiplies the scaled row i, c = c'/C, so
    d_j = (c'_j E - C Σ_i a'_ij W_i) / (C E) and  b·y = Σ_i b'_i W_i / E.
    """
    if len(y) != len(P.rows):  # HiGHS reported an empty row_dual as valid (10^5:1 prior, e^eps = 10^15)
        return None, f"{len(y)} multipliers for {len(P.rows)} rows"
    for i in range(P.m_ub):
        if y[i] > 0:
            return None, f"multiplier of inequality row {i} is {y[i]} > 0"
    irows, ib, L = P.scaled()
    nz = [i for i, yi in enumerate(y) if yi]
    E = math.lcm(*(y[i].denominator * L[i] for i in nz)) if nz else 1
    C, cint = common_denominator(c)
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


def objective_value(c, x):
    """The exact objective c·x (zero entries of x skipped)."""
    return sum((a * b for a, b in zip(c, x) if b), Fraction(0))


# ---------------------------------------------------------------------------------------
# Certification of an optimum
# ---------------------------------------------------------------------------------------


def certify_optimum(P: LPProblem, c, fs: FloatSolution, method: str):
    """Search exact primal/dual candidates until c·x == g(y).  Returns a dict."""
    best_p = None  # (objective, x, source)
    best_d = None  # (g, y, d, source)
    failures = []
    info = {}

    def offer_primal(x, source):
        nonlocal best_p
        why = check_primal(P, x)
        if why is not None:
            failures.append(f"primal from {source} infeasible: {why}")
            return
        obj = objective_value(c, x)
        if best_p is None or obj < best_p[0]:
            best_p = (obj, x, source)

    def offer_dual(y, source):
        nonlocal best_d
        g, d = check_dual(P, c, y)
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
