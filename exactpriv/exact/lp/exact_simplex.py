"""An exact fallback for small LPs whose float-guided certificate failed: rational simplex, then the same checks.

:func:`~exactpriv.exact.lp.solve.solve_lp` certifies what HiGHS finds; when HiGHS' answer is feasible only
within its float tolerance (badly scaled data: the privacy–distortion LPs of priors skewed beyond 1,000:1
at large e^ε), no rationalisation or basis solve of it is exactly feasible and the result is
"uncertified".  For small LPs this module solves the LP by an exact rational simplex
(Bland's rule over Fractions, duals from the optimal basis by python-flint; no float anywhere) and then
checks the pair with the checks every certificate passes (:func:`~exactpriv.exact.lp.certificate.check_primal`,
:func:`~exactpriv.exact.lp.certificate.check_dual`, equal objectives: optimal by weak duality), so the
simplex is trusted for nothing.  Dense and slow (a pivot is O(rows × columns) Fraction operations), hence
only up to :data:`MAX_EXACT_VARIABLES` variables.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.exact.lp.certificate import check_dual, check_primal, objective_value
from exactpriv.exact.lp.problem import validated_problem
from exactpriv.exact.lp.solve import LPResult

__all__ = ["MAX_EXACT_VARIABLES", "solve_lp_exactly"]

#: Largest LP (variables) given to the exact simplex: the 16-variable PD-I LPs of {0,1}^2 take about a
#: second; the 81-variable one of {0,1,2}^2 did not finish in 300 s with sympy's simplex (dense
#: pivots).  Empirically determined parameter.
MAX_EXACT_VARIABLES = 32


def _bland_simplex(P):
    """Optimal basis (column indices of [A | slacks], one per row, or -1 - i for the artificial of a redundant
    row i) and the primal point of min c·x over P in equality form, by a two-phase dense simplex with Bland's
    rule over Fractions (terminates: Bland's rule never cycles); None if infeasible or unbounded.

    Hand-written: sympy 1.14's rational simplex (lpmin) returned different, wrong optima on these LPs
    depending on PYTHONHASHSEED (17/20 and 4/5 for the PD-I LP of prior (1,2,3,4)/10 at e^eps = 2) and
    called their bounded duals unbounded; the exact-LP libraries (cddlib, SoPlex) are not installable
    wheels here.  Nothing is trusted: solve_lp_exactly checks the result exactly."""
    m, n = len(P.rows), P.n
    width = n + P.m_ub  # structural columns, then one slack per inequality row
    T = []  # rows [coefficients over width + m artificials | rhs], rhs made >= 0
    for i, row in enumerate(P.rows):
        r = [Fraction(0)] * (width + m + 1)
        for j, a in row:
            r[j] += a
        if i < P.m_ub:
            r[n + i] = Fraction(1)
        r[-1] = Fraction(P.b[i])
        if r[-1] < 0:
            r = [-v for v in r]
        r[width + i] = Fraction(1)
        T.append(r)
    basis = [width + i for i in range(m)]

    def pivot(r, k):
        pr = T[r]
        f = pr[k]
        T[r] = pr = [v / f for v in pr]
        for i in range(m):
            if i != r and T[i][k]:
                g = T[i][k]
                T[i] = [a - g * b for a, b in zip(T[i], pr)]
        basis[r] = k

    def run(cost, allowed):
        while True:
            cb = [cost[b] for b in basis]
            entering = None
            for k in range(allowed):  # Bland: the lowest-index column with negative reduced cost
                if k in basis:
                    continue
                if cost[k] - sum(cb[i] * T[i][k] for i in range(m) if T[i][k]) < 0:
                    entering = k
                    break
            if entering is None:
                return True
            best = None
            for i in range(m):
                if T[i][entering] > 0:
                    ratio = T[i][-1] / T[i][entering]
                    if best is None or ratio < best[0] or (ratio == best[0] and basis[i] < basis[best[1]]):
                        best = (ratio, i)
            if best is None:
                return False  # unbounded
            pivot(best[1], entering)

    phase1 = [Fraction(0)] * width + [Fraction(1)] * m
    run(phase1, width + m)
    if any(T[i][-1] for i in range(m) if basis[i] >= width):
        return None  # infeasible
    for i in range(m):  # drive zero-level artificials out of the basis where a structural column can enter
        if basis[i] >= width:
            k = next((k for k in range(width) if T[i][k] and k not in basis), None)
            if k is not None:
                pivot(i, k)
    cost = [Fraction(v) for v in P.c] + [Fraction(0)] * (P.m_ub + m)
    if not run(cost, width):  # artificials never re-enter
        return None
    x = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            x[b] = T[i][-1]
    return [b if b < width else -1 - (b - width) for b in basis], x


def _duals(P, basis):
    """y with B^T y = c_B for the optimal basis B of the equality form (exact, python-flint's fmpq_mat)."""
    import flint

    m, n = len(P.rows), P.n
    cols = [[Fraction(0)] * m for _ in range(n)]
    for i, row in enumerate(P.rows):
        for j, a in row:
            cols[j][i] += a
    BT, cB = [], []
    for b in basis:
        if b >= n + P.m_ub or b < 0:  # the artificial of redundant row i: its cost 0 forces y_i = 0
            i = -1 - b
            col = [Fraction(int(r == i)) for r in range(m)]
            cB.append(Fraction(0))
        elif b >= n:  # the slack of inequality row b - n
            col = [Fraction(int(r == b - n)) for r in range(m)]
            cB.append(Fraction(0))
        else:
            col = cols[b]
            cB.append(Fraction(P.c[b]))
        BT.append([flint.fmpq(v.numerator, v.denominator) for v in col])
    y = flint.fmpq_mat(BT).solve(flint.fmpq_mat([[flint.fmpq(v.numerator, v.denominator)] for v in cB]))
    return [Fraction(int(y[i, 0].p), int(y[i, 0].q)) for i in range(m)]


def solve_lp_exactly(c, *, A_ub=None, b_ub=None, A_eq=None, b_eq=None) -> LPResult | None:
    """min c·x s.t. A_ub x <= b_ub, A_eq x = b_eq, x >= 0 by exact rational simplex (primal point and the
    duals of its optimal basis), certified by the exact duality checks; None when the LP is too large, is not
    optimal (infeasible, unbounded: those keep HiGHS' certificates) or the pair does not pass the checks."""
    P = validated_problem(c, A_ub, b_ub, A_eq, b_eq, None, "min")
    if P.n > MAX_EXACT_VARIABLES or any(lo != 0 for lo in P.lower) or any(up is not None for up in P.upper):
        return None
    found = _bland_simplex(P)
    if found is None:
        return None
    basis, x = found
    try:
        y = _duals(P, basis)
    except (ZeroDivisionError, ValueError):  # a singular basis matrix: no dual from it
        return None
    why = check_primal(P, x)
    g, d = check_dual(P, P.c, y)
    obj = objective_value(P.c, x)
    if why is not None or g is None or g != obj:
        return None
    return LPResult(
        "optimal", obj, x=x, duals_ub=y[:P.m_ub], duals_eq=y[P.m_ub:], reduced_costs=d, certified=True,
        certificate={"method": "exact-simplex", "solver": "two-phase rational simplex, Bland's rule (exactpriv.exact.lp.exact_simplex)",
                     "objective": obj, "dual_objective": g,
                     "checks": [f"primal feasibility: {P.m_ub} inequality rows, {P.m_eq} equality rows and "
                                f"{P.n} bounds hold exactly",
                                "dual feasibility (minimisation form): inequality multipliers <= 0, reduced "
                                "costs >= 0",
                                f"c·x = b·y = {obj}: both optimal by weak duality"]})
