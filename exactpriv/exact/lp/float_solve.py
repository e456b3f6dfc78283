"""The guiding float solve of the certified LP: HiGHS, and a crossover through the optimal faces.

Algorithm and why
-----------------
:mod:`exactpriv.exact.lp` certifies exactly whatever a float solver suggests; this module
produces the suggestions.  Small LPs use HiGHS's dual simplex, whose optimal basis is what
the exact basis solve needs.  Large LPs use HiGHS's interior-point method, whose own
crossover (interior point -> basis) fails on degenerate LPs with nearly parallel rows:
on the privacy–distortion LP with 6,561 variables at e^ε = 101/100 it ran 50 s and
returned no basis ("Crossover imprecise", then dual simplex stalling), and the simplex
alone did not finish in 45 s.  So for large LPs we run the IPM *without* crossover
(0.3 s there) and cross over ourselves, through the optimal faces:

1. The interior solution (x̂, ŷ, d̂) approximates a strictly complementary pair, which
   identifies the optimal faces: a column with reduced cost |d̂_j| larger than its
   distance to the bound it leans on is at that bound in every optimal solution, and an
   inequality row with |ŷ_i| larger than its slack is tight in every optimal solution.
2. *Primal face LP*: the same LP with those columns fixed at their bound and those rows
   made equalities.  Every feasible point of it is optimal for the original (complementary
   slackness with the strictly complementary dual), and it is nearly nondegenerate, so
   dual simplex finds a vertex quickly (0.05 s at 6,561 variables).  Its basis gives the
   primal exactly, and the dual as a *projection*: the IPM's ŷ (zero on the rows off the
   face, rationalised) on the rows outside the basis, and on the basis rows the exact
   solution of Bᵀ y_R = c_B − (the other rows' part), which makes d_B = 0 exactly while
   keeping y within float error of ŷ, whose margins (|ŷ_i| ≥ 1e-4 against errors of
   1e-8 on that LP) keep every sign.  One factorisation serves both solves.
3. *Dual face LP*, only if the projection does not certify: the same LP with the columns
   away from their bounds made free (forcing d_j = 0) and the slack rows dropped
   (forcing y_i = 0).  Its dual is the original dual restricted to the dual optimal face,
   so its optimal basis gives an optimal dual of the original.  Simplex can stall on it
   (it did not finish in 20 s at e^ε = 101/100), hence its iteration limit.
4. The bases go to the exact basis solve (numeric lifting,
   :mod:`exactpriv.exact.lp.sparse_solve`) and then to the exact certificate check.  A
   misidentified face only makes a face LP infeasible or its solution fail the exact
   checks, never a wrong certificate; then HiGHS's own crossover is tried.

HiGHS is called through ``highspy`` (no simplex or IPM is hand-written; only the face
identification above, which no library exposes).

Effort, not time (issue 19): every HiGHS run is bounded by HiGHS' deterministic iteration limits
(``simplex_iteration_limit`` and ``ipm_iteration_limit``, from the effort's ``lp_iterations``; the
face LPs get :data:`_FACE_LP_ITERATION_SHARE` of it), never by its ``time_limit``, and runs serially
(``parallel = off``), so the same LP gets the same bases — and the same certificate — on a busy
machine as on an idle one.  The iterations of each run are recorded (``FloatSolution.notes``) and the
certificate names them.
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np

__all__ = []  # internal to exactpriv.exact.lp

#: HighsBasisStatus values used below (kLower=0, kBasic=1, kUpper=2, kZero=3, kNonbasic=4).
BASIC = 1
AT_UPPER = 2

#: With float_solver="auto", the interior-point method is used from this many constraint
#: nonzeros on, dual simplex below.  On the privacy–distortion LP: 9.5e3 nonzeros,
#: simplex 0.17 s vs IPM 0.46 s; 1.1e5 nonzeros, simplex 31 s vs IPM 5.2 s.
#: Empirically determined parameter.
IPM_MIN_NNZ = 50_000

#: Face identification needs the IPM's complementarity products far below the margins;
#: HiGHS's default IPM tolerance (1e-8) gives products ~1e-13 on the LPs we met.
#: A column (row) counts as *away* from its bound when its distance exceeds this many
#: times its reduced cost (dual).  Empirically determined parameter.
_FACE_RATIO = 1.0

#: Iteration limit of the face LPs (steps 2, 3) as a share of the effort's ``lp_iterations``.  Simplex can
#: stall on the dual face LP (e^ε = 101/100 above), and it is only a second route after the projected
#: dual.  Empirically determined parameter: the primal face LPs of the 6,561-variable PD-DP LP at
#: e^ε = 2, 3/2, 11/10, 101/100 take at most a few thousand iterations (bench/bench_pd_lp.py --effort).
_FACE_LP_ITERATION_SHARE = 0.05

#: Primal and dual feasibility tolerance of the face LPs (HiGHS's default is 1e-7).  The
#: face of the privacy–distortion LP at e^ε = 101/100 has condition number ~1e10: at 1e-7
#: HiGHS returned a basis with 21 columns at 0 that is feasible only within tolerance, at
#: 1e-10 the exact basis.  Empirically determined parameter.
_FACE_LP_TOLERANCE = 1e-10


class Basis:
    """A basis to solve exactly, with the bounds of the LP it is a basis of.

    ``col_status`` / ``row_status`` follow HiGHS; ``lower`` / ``upper`` are the bounds
    nonbasic columns sit at (None = infinite); ``role`` is "primal", "dual" or "both":
    which side of it may be dual/primal feasible for the *original* LP.
    """

    __slots__ = ("col_status", "row_status", "lower", "upper", "role", "label", "y_hint")

    def __init__(self, col_status, row_status, lower, upper, role, label):
        self.col_status = col_status
        self.row_status = row_status
        self.lower = lower
        self.upper = upper
        self.role = role
        self.label = label
        self.y_hint = None  # float duals to project (see lp_basis.basis_solve), or None


class FloatSolution:
    """HiGHS's answer: status, objective, x and row duals y (floats), and bases to try."""

    __slots__ = ("status", "x", "y", "objective", "seconds", "solver", "bases", "more_bases", "notes")

    def __init__(self):
        self.status = "not run"
        self.x = self.y = self.objective = None
        self.seconds = 0.0
        self.solver = ""
        self.bases = []
        self.more_bases = None  # a callable giving further bases, tried only if needed
        self.notes = []


def to_float(v: Fraction) -> float:
    return v.numerator / v.denominator  # correctly rounded, raises OverflowError if huge


class _Model:
    """The LP in float arrays, ready for highspy (built once, re-bounded for the face LPs)."""

    def __init__(self, P, c):
        import highspy

        self.inf = highspy.kHighsInf
        inf = self.inf
        self.n, self.m, self.m_ub = P.n, P.m, P.m_ub
        self.c = np.array([to_float(v) for v in c], dtype=np.float64)
        self.lower = np.array([-inf if v is None else to_float(v) for v in P.lower], dtype=np.float64)
        self.upper = np.array([inf if v is None else to_float(v) for v in P.upper], dtype=np.float64)
        starts, index, value = [], [], []
        memo = {}  # rows repeat few distinct coefficients; Fraction -> float is the cost
        for row in P.rows:
            starts.append(len(index))
            for j, a in row:
                index.append(j)
                if type(a) is int and -(1 << 53) < a < (1 << 53):
                    value.append(float(a))  # exact; hashing a Fraction for the memo costs more
                    continue
                f = memo.get(a)
                if f is None:
                    f = memo[a] = to_float(a)
                value.append(f)
        self.starts = np.array(starts, dtype=np.int32)
        self.index = np.array(index, dtype=np.int32)
        self.value = np.array(value, dtype=np.float64)
        self.b = np.array([to_float(v) for v in P.b], dtype=np.float64)
        self.row_lo = np.concatenate([np.full(P.m_ub, -inf), self.b[P.m_ub :]])
        self.row_hi = self.b.copy()
        self.runs = []  # (solver, crossover, seconds) of each HiGHS run, for the timings
        self.iterations = []  # (solver, crossover, simplex iterations, IPM iterations, limit): the effort used

    def run(self, solver, *, crossover=True, lower=None, upper=None, row_lo=None, row_hi=None, iterations=None,
            tolerance=None, presolve=True):
        """One HiGHS run within ``iterations`` simplex (and IPM) iterations (default: the effort's
        ``lp_iterations``); deterministic: serial, no time limit."""
        import highspy

        from exactpriv.effort.knobs import current as current_effort

        limit = current_effort().lp_iterations if iterations is None else max(1, int(iterations))
        t0 = time.perf_counter()
        h = highspy.Highs()
        h.silent()
        h.setOptionValue("solver", solver)
        h.setOptionValue("run_crossover", "on" if crossover else "off")
        h.setOptionValue("parallel", "off")
        h.setOptionValue("simplex_iteration_limit", min(limit, 2**31 - 1))
        h.setOptionValue("ipm_iteration_limit", min(limit, 2**31 - 1))
        if not presolve:  # (HiGHS' presolve called skewed PD-I LPs infeasible that its simplex solves)
            h.setOptionValue("presolve", "off")
        if tolerance is not None:
            h.setOptionValue("primal_feasibility_tolerance", tolerance)
            h.setOptionValue("dual_feasibility_tolerance", tolerance)
        lower = self.lower if lower is None else lower
        upper = self.upper if upper is None else upper
        h.addCols(self.n, self.c, lower, upper, 0, np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32),
                  np.zeros(0, dtype=np.float64))
        if self.m:
            h.addRows(self.m, self.row_lo if row_lo is None else row_lo, self.row_hi if row_hi is None else row_hi,
                      len(self.index), self.starts, self.index, self.value)
        h.run()
        info = h.getInfo()
        self.runs.append((solver, crossover, time.perf_counter() - t0))
        self.iterations.append((solver, crossover, int(info.simplex_iteration_count), int(info.ipm_iteration_count),
                                limit))
        return h, f"highspy {h.version()} ({solver}{'' if crossover else ', no crossover'})"


def _status_name(h):
    import highspy

    S = highspy.HighsModelStatus
    status = h.getModelStatus()
    return {
        S.kOptimal: "optimal",
        S.kInfeasible: "infeasible",
        S.kUnbounded: "unbounded",
        S.kUnboundedOrInfeasible: "unbounded-or-infeasible",
    }.get(status, h.modelStatusToString(status))


def _basis_of(h, lower, upper, role, label, m_ub):
    basis = h.getBasis()
    if not basis.valid:
        return None
    rows = [int(s) for s in basis.row_status]
    # an inequality row made an equality may be reported at its (finite) lower bound;
    # in the original LP it is at its upper bound b_i either way
    rows = [AT_UPPER if i < m_ub and s != BASIC else s for i, s in enumerate(rows)]
    return Basis([int(s) for s in basis.col_status], rows, lower, upper, role, label)


def highs_solve(P, c, float_solver="auto") -> FloatSolution:
    """Run HiGHS on min c·x over P (see the module head); never raises for solver trouble."""
    t0 = time.perf_counter()
    out = FloatSolution()
    if float_solver == "auto":
        nnz = sum(len(row) for row in P.rows)
        float_solver = "ipm" if nnz >= IPM_MIN_NNZ else "simplex"
    model = _Model(P, c)
    if float_solver == "ipm":
        _ipm_with_face_crossover(P, model, out)
        if out.bases:
            out.seconds = time.perf_counter() - t0
            out.notes.append(_iterations_note(model))
            return out
    h, out.solver = model.run(float_solver)
    out.status = _status_name(h)
    if out.status == "optimal":
        out.objective = h.getObjectiveValue()
        sol = h.getSolution()
        # vectors of the wrong length are no solution to offer (HiGHS 1.16 gave an empty row_dual, flagged
        # valid, on a 10^5:1 prior at e^eps = 10^15)
        out.x = list(sol.col_value) if len(sol.col_value) == P.n else None
        out.y = list(sol.row_dual) if sol.dual_valid and len(sol.row_dual) == len(P.rows) else None
        b = _basis_of(h, P.lower, P.upper, "both", out.solver, P.m_ub)
        if b is not None:
            out.bases.append(b)
    out.notes.append(_iterations_note(model))
    out.seconds = time.perf_counter() - t0
    return out


def highs_basis_without_presolve(P, c):
    """HiGHS' final dual-simplex basis of min c·x over P with presolve off, or None: a start for the exact
    simplex when presolve misjudges a badly scaled LP (it called skewed PD-I LPs infeasible that its simplex then
    solves).  Only a start: nothing here is trusted."""
    h, label = _Model(P, c).run("simplex", presolve=False)
    return _basis_of(h, P.lower, P.upper, "both", label, P.m_ub)


def _iterations_note(model) -> str:
    """The effort the HiGHS runs used (deterministic; their seconds are in the timings, not here)."""
    return "HiGHS runs (iterations used of the limit): " + ", ".join(
        f"{s}{'' if x else '-nox'} {n_simplex + n_ipm:,} of {limit:,}" for s, x, n_simplex, n_ipm, limit in
        model.iterations)


def _ipm_with_face_crossover(P, model, out):
    """IPM without crossover, then the primal and dual face LPs (module head, steps 1–3)."""
    h, solver = model.run("ipm", crossover=False)
    status = _status_name(h)
    if status != "optimal":
        out.notes.append(f"IPM without crossover: {status}")
        return
    sol = h.getSolution()
    if not sol.dual_valid:
        out.notes.append("IPM without crossover returned no duals")
        return
    x = np.array(sol.col_value)
    d = np.array(sol.col_dual)
    y = np.array(sol.row_dual)
    act = np.array(sol.row_value)
    if len(x) != P.n or len(d) != P.n or len(y) != P.m or len(act) != P.m:
        out.notes.append(f"IPM without crossover returned vectors of the wrong length ({len(x)} values for "
                         f"{P.n} variables, {len(y)} multipliers for {P.m} rows)")
        return
    inf = model.inf
    # step 1: which bounds hold in every optimal solution, which rows are tight
    to_lo = x - model.lower
    to_hi = model.upper - x
    at_lo = (d > 0) & (to_lo < _FACE_RATIO * d)
    at_hi = (d < 0) & (to_hi < -_FACE_RATIO * d)
    slack = model.b[: P.m_ub] - act[: P.m_ub]
    tight = np.abs(y[: P.m_ub]) > _FACE_RATIO * slack
    # step 2: primal face LP
    away = ~(at_lo | at_hi)
    from exactpriv.effort.knobs import current as current_effort

    face_limit = max(1, int(current_effort().lp_iterations * _FACE_LP_ITERATION_SHARE))
    out.status = "optimal"  # the IPM's; the face LPs only supply bases
    out.objective = h.getObjectiveValue()
    out.x, out.y = list(x), list(y)
    out.solver = f"{solver}; face crossover by dual simplex"
    hint = y.copy()  # the projected dual keeps ŷ, zero on the rows off the face
    hint[: P.m_ub][~tight] = 0.0

    def primal_face_basis(free):
        lo1, hi1 = model.lower.copy(), model.upper.copy()
        hi1[at_lo] = lo1[at_lo]
        lo1[at_hi] = hi1[at_hi]
        if free:
            lo1[away], hi1[away] = -inf, inf
        rlo1 = model.row_lo.copy()
        rlo1[: P.m_ub][tight] = model.b[: P.m_ub][tight]
        h1, _ = model.run("simplex", lower=lo1, upper=hi1, row_lo=rlo1, iterations=face_limit,
                          tolerance=_FACE_LP_TOLERANCE)
        label = "primal face LP" + (", free columns" if free else "")
        if _status_name(h1) != "optimal":
            out.notes.append(f"{label}: {_status_name(h1)}")
            return []
        lower = [P.lower[j] if at_lo[j] else (P.upper[j] if at_hi[j] else (None if free else P.lower[j]))
                 for j in range(P.n)]
        upper = [P.upper[j] if at_hi[j] else (P.lower[j] if at_lo[j] else (None if free else P.upper[j]))
                 for j in range(P.n)]
        b1 = _basis_of(h1, lower, upper, "both", label, P.m_ub)
        if b1 is None:
            return []
        b1.y_hint = hint
        sol1 = h1.getSolution()  # a vertex: the floats to rationalise
        out.x = list(sol1.col_value)
        if sol1.dual_valid:
            out.y = list(sol1.row_dual)
        return [b1]

    # Free columns first: when the optimum is unique (the face is a point) every column away
    # from its bounds must be basic, and freeing them lets the simplex put them there
    # rather than at a bound that is feasible only within its tolerance.
    out.bases.extend(primal_face_basis(free=True))
    if not out.bases:
        out.bases.extend(primal_face_basis(free=False))

    def dual_face_basis():
        """Step 3, run only if the projected dual does not certify."""
        lo2, hi2 = model.lower.copy(), model.upper.copy()
        lo2[away], hi2[away] = -inf, inf
        rlo2, rhi2 = model.row_lo.copy(), model.row_hi.copy()
        rhi2[: P.m_ub][~tight] = inf
        h2, _ = model.run("simplex", lower=lo2, upper=hi2, row_lo=rlo2, row_hi=rhi2,
                          iterations=face_limit, tolerance=_FACE_LP_TOLERANCE)
        if _status_name(h2) != "optimal":
            out.notes.append(f"dual face LP: {_status_name(h2)}")
            return []
        lower = [None if away[j] else P.lower[j] for j in range(P.n)]
        upper = [None if away[j] else P.upper[j] for j in range(P.n)]
        b2 = _basis_of(h2, lower, upper, "dual", "dual face LP", P.m_ub)
        return [] if b2 is None else [b2]

    def more_bases():
        done_bounded = any(b.label == "primal face LP" for b in out.bases)
        return ([] if done_bounded else primal_face_basis(free=False)) + dual_face_basis()

    out.more_bases = more_bases
