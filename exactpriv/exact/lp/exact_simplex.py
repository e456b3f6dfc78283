"""An exact fallback for small LPs whose float-guided certificate failed: rational simplex, then the same checks.

:func:`~exactpriv.exact.lp.solve.solve_lp` certifies what HiGHS finds; when HiGHS' answer is feasible only
within its float tolerance (badly scaled data: the privacy–distortion LPs of priors skewed beyond 1,000:1
at large e^ε), no rationalisation or basis solve of it is exactly feasible and the result is
"uncertified".  For small LPs this module solves the primal and the dual with sympy's exact rational
simplex (:func:`sympy.solvers.simplex.linprog`; no float anywhere) and then checks the pair with the
checks every certificate passes (:func:`~exactpriv.exact.lp.certificate._check_primal`,
:func:`~exactpriv.exact.lp.certificate._check_dual`, equal objectives: optimal by weak duality), so the
simplex is trusted for nothing.  Dense and slow (a pivot is O(rows × columns) of sympy Rationals), hence
only up to :data:`MAX_EXACT_VARIABLES` variables.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.exact.lp.certificate import _check_dual, _check_primal, _objective
from exactpriv.exact.lp.problem import _problem
from exactpriv.exact.lp.solve import LPResult

__all__ = ["MAX_EXACT_VARIABLES", "solve_lp_exactly"]

#: Largest LP (variables) given to the exact simplex: the 16-variable PD-I LPs of {0,1}^2 take about a
#: second; the 81-variable one of {0,1,2}^2 did not finish in 300 s (sympy pivots dense Rational
#: matrices).  Empirically determined parameter.
MAX_EXACT_VARIABLES = 32


def _fraction(v) -> Fraction:
    """A sympy Rational (or a plain int, which linprog returns for free variables at 0) as a Fraction."""
    if isinstance(v, int):
        return Fraction(v)
    if not v.is_Rational:  # pragma: no cover - the rational simplex returns rationals only
        raise ArithmeticError(f"the exact simplex returned {v!r}")
    return Fraction(int(v.p), int(v.q))


def solve_lp_exactly(c, *, A_ub=None, b_ub=None, A_eq=None, b_eq=None) -> LPResult | None:
    """min c·x s.t. A_ub x <= b_ub, A_eq x = b_eq, x >= 0 by exact rational simplex on the primal and the
    dual, certified by the exact duality checks; None when the LP is too large, is not optimal (infeasible,
    unbounded: those keep HiGHS' certificates) or the pair does not pass the checks."""
    import sympy
    from sympy.solvers.simplex import InfeasibleLPError, UnboundedLPError, lpmin

    P = _problem(c, A_ub, b_ub, A_eq, b_eq, None, "min")
    if P.n > MAX_EXACT_VARIABLES or any(lo != 0 for lo in P.lower) or any(up is not None for up in P.upper):
        return None

    def q(v):
        return sympy.Rational(v.numerator, v.denominator)

    # sympy 1.14's matrix interface (linprog) returned infeasible points and ignored (None, 0) bounds on
    # these LPs; lpmin on relations solved them (and the checks below trust neither)
    xs = sympy.symbols(f"x0:{P.n}", nonnegative=True)  # with only "x >= 0" relations lpmin erred here
    ys = sympy.symbols(f"y0:{P.m}")
    primal = [v >= 0 for v in xs]
    for i, row in enumerate(P.rows):
        lhs = sympy.Add(*[q(a) * xs[j] for j, a in row])
        primal.append(lhs <= q(P.b[i]) if i < P.m_ub else sympy.Eq(lhs, q(P.b[i])))
    # the dual in minimisation form: max b·y s.t. Aᵀy <= c, y_ub <= 0, y_eq free
    cols: list = [[] for _ in range(P.n)]
    for i, row in enumerate(P.rows):
        for j, a in row:
            cols[j].append(q(a) * ys[i])
    dual = [ys[i] <= 0 for i in range(P.m_ub)]
    dual += [sympy.Add(*cols[j]) <= q(P.c[j]) for j in range(P.n)]
    try:
        _, xsol = lpmin(sympy.Add(*[q(cj) * v for cj, v in zip(P.c, xs)]), primal)
        _, ysol = lpmin(-sympy.Add(*[q(b) * v for b, v in zip(P.b, ys)]), dual)
    except (InfeasibleLPError, UnboundedLPError):
        return None
    x = [xsol.get(v, 0) for v in xs]
    y = [ysol.get(v, 0) for v in ys]
    x = [_fraction(v) for v in x]
    y = [_fraction(v) for v in y]
    why = _check_primal(P, x)
    g, d = _check_dual(P, P.c, y)
    obj = _objective(P.c, x)
    if why is not None or g is None or g != obj:
        return None
    return LPResult(
        "optimal", obj, x=x, duals_ub=y[:P.m_ub], duals_eq=y[P.m_ub:], reduced_costs=d, certified=True,
        certificate={"method": "exact-simplex", "solver": "sympy.solvers.simplex.linprog (rational)",
                     "objective": obj, "dual_objective": g,
                     "checks": [f"primal feasibility: {P.m_ub} inequality rows, {P.m_eq} equality rows and "
                                f"{P.n} bounds hold exactly",
                                "dual feasibility (minimisation form): inequality multipliers <= 0, reduced "
                                "costs >= 0",
                                f"c·x = b·y = {obj}: both optimal by weak duality"]})
