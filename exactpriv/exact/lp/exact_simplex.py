"""An exact fallback for small LPs whose float-guided certificate failed: rational simplex, then the same checks.

:func:`~exactpriv.exact.lp.solve.solve_lp` certifies what HiGHS finds; when HiGHS' answer is feasible only
within its float tolerance (badly scaled data: the privacy–distortion LPs of priors skewed beyond 1,000:1
at large e^ε), no rationalisation or basis solve of it is exactly feasible and the result is
"uncertified".  For small LPs this module solves the LP by an exact rational simplex
(Bland's rule over Fractions, duals from the optimal basis by python-flint; no float anywhere) and then
checks the pair with the checks every certificate passes (:func:`~exactpriv.exact.lp.certificate.check_primal`,
:func:`~exactpriv.exact.lp.certificate.check_dual`, equal objectives: optimal by weak duality), so the
simplex is trusted for nothing.  Dense and slow (a pivot is O(rows × columns) Fraction operations), hence
only up to :data:`MAX_EXACT_VARIABLES` variables from scratch.

Larger LPs (a dense tableau of at most :data:`MAX_WARM_ENTRIES` entries: the 64-variable PD-I LP of {0,1}^3, the
81-variable one of {0,1,2}^2) start from HiGHS' final basis instead — float-optimal, so usually a few exact pivots
from an exactly optimal one: B⁻¹ once by python-flint, then exact dual simplex pivots while a basic value is
negative and primal ones while a reduced cost is, both by Bland's smallest-index rules, at most
:data:`MAX_WARM_PIVOTS` (an effort, never a clock); the pair is then checked as above.  This decides the PD-I LPs
of priors skewed 16:1 to 1,000:1 per record at e^ε = skew², which HiGHS' own certificates leave "uncertified"
(its presolve even calls the 1,000:1 one infeasible: the start then comes from its simplex without presolve).
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.exact.lp.certificate import check_dual, check_primal, objective_value
from exactpriv.exact.lp.problem import validated_problem
from exactpriv.exact.lp.solve import LPResult

__all__ = ["MAX_EXACT_VARIABLES", "MAX_WARM_ENTRIES", "MAX_WARM_PIVOTS", "solve_lp_exactly"]

#: Largest LP (variables) given to the exact simplex: the 16-variable PD-I LPs of {0,1}^2 take about a
#: second; the 81-variable one of {0,1,2}^2 did not finish in 300 s with sympy's simplex (dense
#: pivots).  Empirically determined parameter.
MAX_EXACT_VARIABLES = 32


def _leaving_row(T, basis, entering):
    """The primal ratio test by Bland's rule: the row of least ratio rhs / T[i][entering] over T[i][entering] > 0,
    a tie going to the least basic index; None when no entry is positive (the LP is unbounded along it)."""
    best = None
    for i, row in enumerate(T):
        if row[entering] > 0:
            ratio = row[-1] / row[entering]
            if best is None or ratio < best[0] or (ratio == best[0] and basis[i] < basis[best[1]]):
                best = (ratio, i)
    return None if best is None else best[1]

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
            leaving = _leaving_row(T, basis, entering)
            if leaving is None:
                return False  # unbounded
            pivot(leaving, entering)

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


#: Largest dense tableau (rows × columns) the warm-started exact simplex pivots on: a pivot is that many Fraction
#: operations (the 200 × 257 tableau of the PD-I LP on {0,1}^3 pivots in about 0.1 s).  Empirically determined.
MAX_WARM_ENTRIES = 150_000
#: Most pivots of the warm-started exact simplex (an effort, never a clock: past it the LP stays uncertified).
#: Empirically determined parameter: HiGHS' bases of the skewed PD-I LPs need a few dozen at most.
MAX_WARM_PIVOTS = 2_000


def _highs_basis(P):
    """HiGHS' final basis of min c·x over P as column indices of [A | slacks] (one per row; −1 − i: the artificial
    of equality row i), or None when HiGHS gives none or it is not square.  Dual simplex as usual, then without
    presolve (which called the PD-I LP of a 1,000:1 prior on {0,1}^3 at e^ε = 10^6 infeasible; only a start here:
    the exact pivots and checks decide)."""
    from exactpriv.exact.lp.float_solve import BASIC, highs_basis_without_presolve, highs_solve

    fs = highs_solve(P, P.c, "simplex")
    b = fs.bases[0] if fs.bases else highs_basis_without_presolve(P, P.c)
    if b is None:
        return None
    cols = [j for j, st in enumerate(b.col_status) if st == BASIC]
    for i, st in enumerate(b.row_status):
        if st == BASIC:
            cols.append(P.n + i if i < P.m_ub else -1 - i)
    return cols if len(cols) == len(P.rows) else None


def _tableau(P, basis):
    """The dense tableau B⁻¹[A | I_ub | b] of ``basis`` over Fractions (B inverted once by python-flint), or None
    when B is singular."""
    import flint

    m, n = len(P.rows), P.n
    width = n + P.m_ub
    full = [[Fraction(0)] * (width + 1) for _ in range(m)]
    for i, row in enumerate(P.rows):
        for j, a in row:
            full[i][j] += a
        if i < P.m_ub:
            full[i][n + i] = Fraction(1)
        full[i][-1] = Fraction(P.b[i])

    def column(k):
        if k < 0:  # the artificial of equality row −1 − k
            return [Fraction(int(r == -1 - k)) for r in range(m)]
        return [full[r][k] for r in range(m)]

    cols = [column(k) for k in basis]
    B = flint.fmpq_mat(m, m, [flint.fmpq(cols[c][r].numerator, cols[c][r].denominator) for r in range(m)
                              for c in range(m)])
    try:
        Binv = B.inv()
    except ZeroDivisionError:
        return None
    F = flint.fmpq_mat(m, width + 1, [flint.fmpq(v.numerator, v.denominator) for r in full for v in r])
    T = Binv * F
    return [[Fraction(int(T[i, j].p), int(T[i, j].q)) for j in range(width + 1)] for i in range(m)]


def _warm_simplex(P, basis, max_pivots):
    """From ``basis`` (HiGHS' final one, optimal in floating point): exact dual simplex pivots while the basis is
    dual feasible but some basic value is negative, then exact primal simplex pivots while a reduced cost is
    negative, both by Bland's smallest-index rules (no cycling); (basis, x) at an exactly optimal basis, or None
    (no tableau, neither side feasible, infeasible, unbounded, or more than ``max_pivots`` pivots)."""
    m, n = len(P.rows), P.n
    width = n + P.m_ub
    T = _tableau(P, basis)
    if T is None:
        return None
    cost = [Fraction(v) for v in P.c] + [Fraction(0)] * P.m_ub
    basis = list(basis)
    basic = set(basis)

    def cost_of(b):
        return cost[b] if 0 <= b < width else Fraction(0)

    # the reduced costs c_k − c_B·B⁻¹A_k as one more tableau row, pivoted with the others
    z = [cost[k] - sum(cost_of(basis[i]) * T[i][k] for i in range(m) if T[i][k]) for k in range(width)]
    z.append(Fraction(0))  # (its right-hand side, −c_B·x_B up to a constant: not used)

    def pivot(r, k):
        f = T[r][k]
        T[r] = pr = [v / f if v else v for v in T[r]]
        nonzero = [(j, v) for j, v in enumerate(pr) if v]  # the pivot row is sparse: update only its support
        for row in [T[i] for i in range(m) if i != r and T[i][k]] + ([z] if z[k] else []):
            g = row[k]
            for j, v in nonzero:
                row[j] -= g * v
        basic.discard(basis[r])
        basis[r] = k
        basic.add(k)

    pivots = 0
    while True:
        d = {k: z[k] for k in range(width) if k not in basic}
        negative_rows = [i for i in range(m) if T[i][-1] < 0]
        if not negative_rows:
            entering = next((k for k in sorted(d) if d[k] < 0), None)  # primal Bland
            if entering is None:
                break
            r, k = _leaving_row(T, basis, entering), entering
            if r is None:
                return None  # unbounded
        else:
            if any(v < 0 for v in d.values()):
                return None  # neither primal nor dual feasible: no warm start from here
            r = min(negative_rows, key=lambda i: basis[i])  # dual Bland: the leaving row of least basic index
            best = None
            for k in sorted(d):
                if T[r][k] < 0:
                    ratio = d[k] / -T[r][k]
                    if best is None or ratio < best[0]:
                        best = (ratio, k)
            if best is None:
                return None  # primal infeasible (that status keeps HiGHS' Farkas certificate)
            k = best[1]
        pivots += 1
        if pivots > max_pivots:
            return None
        pivot(r, k)
    if any(b < 0 and T[i][-1] != 0 for i, b in enumerate(basis)):
        return None  # an artificial at a non-zero level: not a point of the LP
    x = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if 0 <= b < n:
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
    optimal (infeasible, unbounded: those keep HiGHS' certificates) or the pair does not pass the checks.
    Up to :data:`MAX_EXACT_VARIABLES` variables from scratch; larger LPs whose dense tableau has at most
    :data:`MAX_WARM_ENTRIES` entries from HiGHS' final basis (a float-optimal basis is usually a few exact pivots
    from an exactly optimal one), at most :data:`MAX_WARM_PIVOTS` pivots."""
    P = validated_problem(c, A_ub, b_ub, A_eq, b_eq, None, "min")
    if any(lo != 0 for lo in P.lower) or any(up is not None for up in P.upper):
        return None
    if P.n <= MAX_EXACT_VARIABLES:
        found, how = _bland_simplex(P), "two-phase rational simplex, Bland's rule (exactpriv.exact.lp.exact_simplex)"
    elif len(P.rows) * (P.n + P.m_ub + 1) <= MAX_WARM_ENTRIES:
        start = _highs_basis(P)
        found = None if start is None else _warm_simplex(P, start, MAX_WARM_PIVOTS)
        how = ("rational dual then primal simplex from HiGHS' final basis, Bland's rules "
               "(exactpriv.exact.lp.exact_simplex)")
    else:
        return None
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
        certificate={"method": "exact-simplex", "solver": how,
                     "objective": obj, "dual_objective": g,
                     "checks": [f"primal feasibility: {P.m_ub} inequality rows, {P.m_eq} equality rows and "
                                f"{P.n} bounds hold exactly",
                                "dual feasibility (minimisation form): inequality multipliers <= 0, reduced "
                                "costs >= 0",
                                f"c·x = b·y = {obj}: both optimal by weak duality"]})
