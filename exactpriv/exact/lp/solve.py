"""Certified exact linear programming: a float solver guides, exact rational arithmetic decides.

Algorithm and why
-----------------
No exact LP solver we can depend on is both correct and fast: sympy 1.14's ``linprog``
returns wrong answers (sympy issue #28089; measured here: objective 1/27 instead of 3/2 on the
729-variable privacy–distortion LP) and pycddlib took 265 s there.  So we do not solve
exactly; we *certify* exactly:

1. HiGHS solves the LP in floating point (:mod:`exactpriv.exact.lp.float_solve`: dual simplex on
   small LPs; on large ones interior point *without* HiGHS's crossover, then our own
   crossover through the primal and dual optimal faces, which stays fast on the
   degenerate LPs where HiGHS's crossover stalls) and returns floats ``x``, row duals
   ``y`` and optimal bases.
2. ``x`` and ``y`` are rationalised: each float ``v`` becomes the *simplest* rational in
   ``[v - tol·max(1,|v|), v + tol·max(1,|v|)]`` (tolerances ``_RATIONALISE_TOLS``).
   Vertex coordinates are ratios of small determinants, so the simplest nearby rational
   is usually the true value.
3. Weak duality is checked exactly (:func:`check_primal`, :func:`check_dual`; rows are
   scaled to integers and vectors put over a common denominator, so the inner loops
   are Python-int arithmetic, ~100x faster than Fraction arithmetic).
   For  min c·x  s.t.  A_ub x <= b_ub,  A_eq x = b_eq,  l <= x <= u  and multipliers
   y_ub <= 0, y_eq free, put d = c - A_ubᵀ y_ub - A_eqᵀ y_eq (reduced costs).  If
   d_j > 0 only where l_j is finite and d_j < 0 only where u_j is finite, then
       g(y) = b_ub·y_ub + b_eq·y_eq + Σ_{d_j>0} d_j l_j + Σ_{d_j<0} d_j u_j
   is a lower bound on c·x for every feasible x (Lagrangian bound).  A feasible x with
   c·x == g(y) is therefore optimal, and y is an optimal dual: the *certificate*.
4. If rationalisation fails, each basis is solved exactly (:mod:`exactpriv.exact.lp.basis`):
   basic columns B and nonbasic (active) rows R give a square system
   A[R,B] x_B = b_R - A[R,N] x_N for the primal and A[R,B]ᵀ y_R = c_B for the dual, solved
   by sparse numeric lifting (:mod:`exactpriv.exact.lp.sparse_solve`: float LU + exact integer
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

Modules: input validation in :mod:`exactpriv.exact.lp.problem`, the exact checks and the
certificate search (steps 2-4) in :mod:`exactpriv.exact.lp.certificate`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from exactpriv.errors import InvalidArgument
from exactpriv.exact.lp.certificate import (  # noqa: F401  (the checks were importable from here)
    FLOAT_SOLVERS,
    certify_optimum,
    check_dual,
    check_primal,
    objective_value,
)
from exactpriv.exact.lp.float_solve import highs_solve
from exactpriv.exact.lp.problem import LPProblem, validated_problem

__all__ = ["LPResult", "solve_lp"]


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


def _solve_min(P: LPProblem, c, method, float_solver):
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
    best_p, best_d, ok, failures, info = certify_optimum(P, c, fs, method)
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


def _phase_one(P: LPProblem):
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
    Q = LPProblem(c, rows[: P.m_ub], P.b[: P.m_ub], rows[P.m_ub :], P.b[P.m_ub :],
                 P.lower + [Fraction(0)] * extra, P.upper + [None] * extra)
    return Q, c


def _certify_infeasible(P: LPProblem, method, float_solver):
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
    g_orig, why = check_dual(P, zero, y)
    if g_orig is None or g_orig <= 0:
        return None, f"Farkas check failed: {why if g_orig is None else g_orig}", pay
    return (y, g_orig), "", pay


def _certify_unbounded(P: LPProblem, c, method, float_solver):
    """(feasible x, ray r) both checked exactly, or None with a reason."""
    zero = [Fraction(0)] * P.n
    status, pay = _solve_min(P, zero, method, float_solver)
    if status != "optimal":
        return None, f"feasibility LP not certified ({pay.get('reason')})", pay
    x0 = pay["best_primal"][1]
    lower = [Fraction(0) if lo is not None else Fraction(-1) for lo in P.lower]
    upper = [Fraction(0) if up is not None else Fraction(1) for up in P.upper]
    R = LPProblem(c, P.rows[: P.m_ub], [Fraction(0)] * P.m_ub, P.rows[P.m_ub :], [Fraction(0)] * P.m_eq,
                 lower, upper)
    status, pay_r = _solve_min(R, c, method, float_solver)
    if status != "optimal":
        return None, f"ray LP not certified ({pay_r.get('reason')})", pay_r
    r = pay_r["best_primal"][1]
    if check_primal(R, r) is not None or objective_value(c, r) >= 0:
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
    if float_solver not in FLOAT_SOLVERS:
        raise InvalidArgument(f"float_solver={float_solver!r} must be one of {FLOAT_SOLVERS}")
    P = validated_problem(c, A_ub, b_ub, A_eq, b_eq, bounds, sense)
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
                ray_slope=sign * objective_value(c_min, r),
                checks=[
                    "x is exactly feasible",
                    "ray r: A_ub r <= 0, A_eq r = 0, r >= 0 at finite lower bounds, r <= 0 at finite "
                    "upper bounds, so x + t r is feasible for all t >= 0",
                    f"c·r = {sign * objective_value(c_min, r)} {'<' if sign == 1 else '>'} 0, so the objective "
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
