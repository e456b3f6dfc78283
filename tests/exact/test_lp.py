"""Tests of exactpriv.exact.lp: certified exact LP.

Expected optima are worked by hand (docstrings show the working), by Cramer's rule, or by
brute-force vertex enumeration in exact arithmetic (python-flint); returned certificates
are re-verified by an independent KKT check written here, not by the module's own code.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction as F

import flint
import numpy as np
import pytest
import scipy.sparse
import sympy

from exactpriv.errors import InvalidArgument, NotExactError, ShapeError
from exactpriv.exact.lp import LPResult, solve_lp
from exactpriv.exact.lp.sparse_solve import simplest_between as _simplest_between

# ---------------------------------------------------------------------------------------
# Independent verification (KKT: feasibility, sign conditions, complementary slackness)
# ---------------------------------------------------------------------------------------


def _bounds_list(bounds, n):
    if bounds is None:
        return [(F(0), None)] * n
    if len(bounds) == 2 and not isinstance(bounds[0], (list, tuple)):
        bounds = [bounds] * n
    return [(None if lo is None else F(lo), None if hi is None else F(hi)) for lo, hi in bounds]


def kkt_verify(res, c, A_ub=None, b_ub=None, A_eq=None, b_eq=None, bounds=None, sense="min"):
    """Re-check an "optimal" result with the KKT conditions, in the user's sense.

    For min (max: all inequalities on multipliers flipped): x feasible; duals_ub <= 0;
    r = c - A_ubᵀ y_ub - A_eqᵀ y_eq equals res.reduced_costs; y_ub,i != 0 only on tight
    rows; r_j > 0 only where x_j = lower_j, r_j < 0 only where x_j = upper_j.  These imply
    optimality (c·x = Lagrangian bound), independently of how the module certifies.
    """
    n = len(c)
    s = 1 if sense == "min" else -1
    c = [F(v) for v in c]
    A_ub = [[F(v) for v in row] for row in (A_ub or [])]
    A_eq = [[F(v) for v in row] for row in (A_eq or [])]
    b_ub = [F(v) for v in (b_ub or [])]
    b_eq = [F(v) for v in (b_eq or [])]
    bl = _bounds_list(bounds, n)
    x, yu, ye = res.x, res.duals_ub, res.duals_eq
    assert len(x) == n and len(yu) == len(b_ub) and len(ye) == len(b_eq)
    for j, (lo, hi) in enumerate(bl):
        assert lo is None or x[j] >= lo
        assert hi is None or x[j] <= hi
    for row, bi, yi in zip(A_ub, b_ub, yu):
        act = sum(a * xj for a, xj in zip(row, x))
        assert act <= bi
        assert s * yi <= 0
        assert yi == 0 or act == bi  # complementary slackness
    for row, bi in zip(A_eq, b_eq):
        assert sum(a * xj for a, xj in zip(row, x)) == bi
    r = list(c)
    for row, yi in itertools.chain(zip(A_ub, yu), zip(A_eq, ye)):
        for j, a in enumerate(row):
            r[j] -= a * yi
    assert r == list(res.reduced_costs)
    for j, (lo, hi) in enumerate(bl):
        if s * r[j] > 0:
            assert x[j] == lo
        if s * r[j] < 0:
            assert x[j] == hi
    assert res.objective == sum(a * b for a, b in zip(c, x))


def farkas_verify(res, n, A_ub=None, b_ub=None, A_eq=None, b_eq=None, bounds=None):
    """y_ub <= 0, y_eq free with d = -A_ubᵀy_ub - A_eqᵀy_eq and b·y + min_{l<=x<=u} d·x > 0."""
    cert = res.certificate
    yu, ye = cert["farkas_ub"], cert["farkas_eq"]
    assert all(v <= 0 for v in yu)
    d = [F(0)] * n
    for row, yi in itertools.chain(zip(A_ub or [], yu), zip(A_eq or [], ye)):
        for j, a in enumerate(row):
            d[j] -= F(a) * yi
    total = sum(F(b) * y for b, y in zip(b_ub or [], yu)) + sum(F(b) * y for b, y in zip(b_eq or [], ye))
    for (lo, hi), dj in zip(_bounds_list(bounds, n), d):
        if dj > 0:
            assert lo is not None
            total += dj * lo
        elif dj < 0:
            assert hi is not None
            total += dj * hi
    assert total > 0


def ray_verify(res, c, A_ub=None, b_ub=None, A_eq=None, b_eq=None, bounds=None, sense="min"):
    """x feasible, ray r with A_ub r <= 0, A_eq r = 0, sign-compatible with bounds, improving."""
    n = len(c)
    x, r = res.x, res.certificate["ray"]
    for row, bi in zip(A_ub or [], b_ub or []):
        assert sum(F(a) * xj for a, xj in zip(row, x)) <= F(bi)
        assert sum(F(a) * rj for a, rj in zip(row, r)) <= 0
    for row, bi in zip(A_eq or [], b_eq or []):
        assert sum(F(a) * xj for a, xj in zip(row, x)) == F(bi)
        assert sum(F(a) * rj for a, rj in zip(row, r)) == 0
    for (lo, hi), xj, rj in zip(_bounds_list(bounds, n), x, r):
        assert lo is None or (xj >= lo and rj >= 0)
        assert hi is None or (xj <= hi and rj <= 0)
    slope = sum(F(a) * rj for a, rj in zip(c, r))
    assert slope < 0 if sense == "min" else slope > 0


# ---------------------------------------------------------------------------------------
# Hand-worked LPs
# ---------------------------------------------------------------------------------------

LP_73 = dict(c=[1, 1], A_ub=[[1, 2], [2, 1]], b_ub=[4, 3], sense="max")


@pytest.mark.parametrize("method", ["auto", "basis"])
def test_two_variables_optimum_7_over_3(method):
    """max x+y s.t. x+2y<=4, 2x+y<=3, x,y>=0.

    Vertices: (0,0)->0, (3/2,0)->3/2, (0,2)->2, and x+2y=4 ∩ 2x+y=3 = (2/3, 5/3) -> 7/3.
    Duals: y1 + 2 y2 = 1, 2 y1 + y2 = 1 give y = (1/3, 1/3); dual value 4/3 + 3/3 = 7/3.
    """
    kw = dict(LP_73)
    res = solve_lp(kw.pop("c"), method=method, **kw)
    assert res.status == "optimal" and res.certified
    assert res.objective == F(7, 3)
    assert res.x == [F(2, 3), F(5, 3)]
    assert res.duals_ub == [F(1, 3), F(1, 3)]
    assert res.certificate["dual_objective"] == F(7, 3)
    expected = "rationalised-duals" if method == "auto" else "exact-basis-solve"
    assert res.certificate["method"] == expected
    kkt_verify(res, **LP_73)


def test_dual_is_sensitivity_of_optimum():
    """Raising b_1 from 4 to 4 + 1/100 moves the vertex to x+2y=401/100, 2x+y=3: x+y=(401/100+3)/3,
    a change of (1/100)·(1/3): the reported dual 1/3 is ∂(optimum)/∂b_1."""
    base = solve_lp([1, 1], A_ub=[[1, 2], [2, 1]], b_ub=[4, 3], sense="max")
    bumped = solve_lp([1, 1], A_ub=[[1, 2], [2, 1]], b_ub=[F(401, 100), 3], sense="max")
    assert bumped.objective == (F(401, 100) + 3) / 3
    assert bumped.objective - base.objective == base.duals_ub[0] * F(1, 100)


def test_min_sense_duals_nonpositive():
    """min -(x+y) on the same polytope: optimum -7/3 with duals -1/3 (scipy marginals convention)."""
    res = solve_lp([-1, -1], A_ub=[[1, 2], [2, 1]], b_ub=[4, 3])
    assert res.objective == F(-7, 3)
    assert res.duals_ub == [F(-1, 3), F(-1, 3)]


def test_degenerate_vertex():
    """min -x-y s.t. x<=1, y<=1, x+y<=2, x+2y<=3: the optimum -2 is at (1,1), where all four
    constraints are tight (a degenerate vertex in R^2); the dual optimum is not unique."""
    kw = dict(c=[-1, -1], A_ub=[[1, 0], [0, 1], [1, 1], [1, 2]], b_ub=[1, 1, 2, 3])
    res = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"])
    assert res.status == "optimal" and res.objective == -2 and res.x == [1, 1]
    kkt_verify(res, **kw)


def test_degenerate_dependent_equalities():
    """min x s.t. x+y=1, 2x+2y=2 (a redundant copy), x,y>=0: optimum 0 at (0, 1)."""
    kw = dict(c=[1, 0], A_eq=[[1, 1], [2, 2]], b_eq=[1, 2])
    for method in ("auto", "basis"):
        res = solve_lp(kw["c"], A_eq=kw["A_eq"], b_eq=kw["b_eq"], method=method)
        assert res.status == "optimal" and res.objective == 0 and res.x == [0, 1]
        kkt_verify(res, **kw)


def test_equality_constrained():
    """min x1+2x2+3x3 s.t. x1+x2+x3=1, x1-x2=0, x>=0.  With x1=x2=t, x3=1-2t the objective is
    3-3t, decreasing, and t<=1/2, so the optimum is 3/2 at (1/2, 1/2, 0)."""
    kw = dict(c=[1, 2, 3], A_eq=[[1, 1, 1], [1, -1, 0]], b_eq=[1, 0])
    res = solve_lp(kw["c"], A_eq=kw["A_eq"], b_eq=kw["b_eq"])
    assert res.status == "optimal" and res.objective == F(3, 2)
    assert res.x == [F(1, 2), F(1, 2), 0]
    kkt_verify(res, **kw)


def test_free_and_upper_bounded_variables():
    """min x - y with x free, y <= 3 (no lower bound) and -x <= 2: optimum -2 - 3 = -5."""
    kw = dict(c=[1, -1], A_ub=[[-1, 0]], b_ub=[2], bounds=[(None, None), (None, 3)])
    res = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"], bounds=kw["bounds"])
    assert res.objective == -5 and res.x == [-2, 3]
    kkt_verify(res, **kw)


def test_common_bounds_pair_and_no_constraints():
    """max 2x - y over the box [-1/2, 1]^2 (one pair for all variables): 2·1 - (-1/2) = 5/2."""
    res = solve_lp([2, -1], bounds=(F(-1, 2), 1), sense="max")
    assert res.objective == F(5, 2) and res.x == [1, F(-1, 2)]
    assert res.reduced_costs == [2, -1]


def test_large_denominators_use_exact_basis():
    """max x+y s.t. a x + b y <= e, c x + d y <= e with (a,b,c,d) = (1234567, 7654321, 7654329,
    1234577), e = 1000003.  (1,1) lies between the two row normals, so the optimum is their
    intersection; Cramer's rule gives x = e(d-b)/det, y = e(a-c)/det, det = ad - bc."""
    a, b, c, d, e = 1234567, 7654321, 7654329, 1234577, 1000003
    det = a * d - b * c
    x, y = F(e * (d - b), det), F(e * (a - c), det)
    assert x > 0 and y > 0 and (x + y).denominator > 10**12
    kw = dict(c=[1, 1], A_ub=[[a, b], [c, d]], b_ub=[e, e], sense="max")
    res = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"], sense="max")
    assert res.status == "optimal" and res.objective == x + y and res.x == [x, y]
    assert res.certificate["method"] == "exact-basis-solve"
    kkt_verify(res, **kw)
    # Rationalisation alone cannot find a denominator > 10^12: never "optimal", and any
    # enclosure it could still certify contains the true optimum.
    only = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"], sense="max", method="rationalise")
    assert only.status == "uncertified" and not only.certified and only.objective is None
    assert only.reason
    lo, hi = only.certificate.get("enclosure", (None, None))
    assert (lo is None or lo <= x + y) and (hi is None or x + y <= hi)


def test_large_denominator_duals_only():
    """max a x + b y on the 7/3 polytope with a = 1000000007/999999937, b = 1000000009/999999929.
    a/b lies in (1/2, 2), between the row normals (1,2) and (2,1), so the vertex (2/3, 5/3) stays
    optimal (value (2a + 5b)/3) while the duals solve y1 + 2 y2 = a, 2 y1 + y2 = b:
    y = ((2b - a)/3, (2a - b)/3), with denominators near 10^18 that no rationalisation finds."""
    a, b = F(1000000007, 999999937), F(1000000009, 999999929)
    kw = dict(c=[a, b], A_ub=[[1, 2], [2, 1]], b_ub=[4, 3], sense="max")
    res = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"], sense="max")
    assert res.status == "optimal" and res.objective == (2 * a + 5 * b) / 3
    assert res.duals_ub == [(2 * b - a) / 3, (2 * a - b) / 3]
    assert res.certificate["method"] == "exact-basis-solve"
    assert res.certificate["primal_source"].startswith("rationalised")
    assert res.certificate["dual_source"].startswith("basis-solve")
    kkt_verify(res, **kw)


def test_input_forms_agree():
    """Dense rows, sparse row dicts, dict-of-keys, scipy.sparse (int) and sympy/str entries
    describe the same 7/3 LP and give the same certified answer."""
    forms = [
        [[1, 2], [2, 1]],
        [{0: 1, 1: 2}, {0: 2, 1: 1}],
        {(0, 0): 1, (0, 1): 2, (1, 0): 2, (1, 1): 1},
        scipy.sparse.csr_array(np.array([[1, 2], [2, 1]], dtype=np.int64)),
        [[sympy.Integer(1), "2"], [F(2), np.int64(1)]],
    ]
    for A in forms:
        res = solve_lp([1, 1], A_ub=A, b_ub=[4, 3], sense="max")
        assert res.objective == F(7, 3), type(A)


def test_privacy_distortion_small():
    """Wang–Ying–Zhang, Theorem 1 with the uniform prior (ε_X = 0): the minimal
    expected Hamming distortion of an ε-DP mechanism on D^n is h(ε) = n/(1 + e^ε/(m-1)).
    n = 2, m = 3, e^ε = 2: h = 2/(1 + 2/2) = 1."""
    res = solve_lp(**_pd_lp(2, 3, 2))
    assert res.status == "optimal" and res.objective == 1


@pytest.mark.slow
def test_privacy_distortion_729_variables():
    """As above with n = m = 3 (729 variables): h = 3/(1 + 2/2) = 3/2 (sympy 1.14 said 1/27)."""
    res = solve_lp(**_pd_lp(3, 3, 2))
    assert res.status == "optimal" and res.objective == F(3, 2)
    res = solve_lp(**_pd_lp(3, 3, 2), method="basis")
    assert res.status == "optimal" and res.objective == F(3, 2)


def _pd_lp(n, m, t):
    X = list(itertools.product(range(m), repeat=n))
    N = len(X)
    idx = {x: k for k, x in enumerate(X)}
    c = [F(1, N) * sum(a != b for a, b in zip(x, y)) for x in X for y in X]
    A_eq = [{i * N + k: 1 for k in range(N)} for i in range(N)]
    A_ub = []
    for x in X:
        for pos, val in itertools.product(range(n), range(m)):
            if val != x[pos]:
                xp = idx[x[:pos] + (val,) + x[pos + 1 :]]
                A_ub += [{idx[x] * N + k: 1, xp * N + k: -t} for k in range(N)]
    return dict(c=c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=A_eq, b_eq=[1] * N)


# ---------------------------------------------------------------------------------------
# Infeasible and unbounded
# ---------------------------------------------------------------------------------------


def test_infeasible_inequalities():
    """x + y <= -1 with x, y >= 0 is empty: Farkas y = -1 gives d = (1, 1) and b·y = 1 > 0."""
    kw = dict(A_ub=[[1, 1]], b_ub=[-1])
    res = solve_lp([1, 1], **kw)
    assert res.status == "infeasible" and res.certified and res.certificate["method"] == "farkas"
    assert res.objective is None
    farkas_verify(res, 2, **kw)


def test_infeasible_equalities_free_variables():
    """x + y = 1 and x + y = 2 with free x, y: y_eq = (1, -1) (up to scale) is a Farkas vector."""
    kw = dict(A_eq=[[1, 1], [1, 1]], b_eq=[1, 2], bounds=(None, None))
    res = solve_lp([0, 1], **kw)
    assert res.status == "infeasible"
    farkas_verify(res, 2, **kw)


def test_inconsistent_bounds():
    res = solve_lp([1], bounds=[(2, 1)])
    assert res.status == "infeasible" and res.certificate["method"] == "inconsistent-bounds"


def test_unbounded():
    """min -x s.t. x - y <= 1: along (1, 1) from (0, 0) the objective falls without bound."""
    kw = dict(c=[-1, 0], A_ub=[[1, -1]], b_ub=[1])
    res = solve_lp(kw["c"], A_ub=kw["A_ub"], b_ub=kw["b_ub"])
    assert res.status == "unbounded" and res.certified and res.objective is None
    ray_verify(res, **kw)


def test_unbounded_max_free():
    """max x + y s.t. x - y = 0, x, y free: the ray (1, 1)."""
    kw = dict(c=[1, 1], A_eq=[[1, -1]], b_eq=[0], bounds=(None, None), sense="max")
    res = solve_lp(kw["c"], A_eq=kw["A_eq"], b_eq=kw["b_eq"], bounds=kw["bounds"], sense="max")
    assert res.status == "unbounded"
    ray_verify(res, **kw)


# ---------------------------------------------------------------------------------------
# Random LPs against brute-force vertex enumeration
# ---------------------------------------------------------------------------------------


def _brute_force(c, rows, b, eq_rows, eq_b, box, sense):
    """Exact optimum over a nonempty polytope by enumerating all vertices with flint."""
    n = len(c)
    ineq = list(zip(rows, b))
    for r, v in zip(eq_rows, eq_b):
        ineq += [(r, v), ([-a for a in r], -v)]
    for j, (lo, hi) in enumerate(box):
        e = [0] * n
        e[j] = 1
        ineq += [(e, hi), ([-a for a in e], -lo)]
    best = None
    for subset in itertools.combinations(ineq, n):
        M = flint.fmpq_mat(n, n, [a for r, _ in subset for a in r])
        if M.det() == 0:
            continue
        sol = M.solve(flint.fmpq_mat(n, 1, [flint.fmpq(F(v).numerator, F(v).denominator) for _, v in subset]))
        x = [F(int(q.p), int(q.q)) for q in sol.entries()]
        if all(sum(a * xj for a, xj in zip(r, x)) <= v for r, v in ineq):
            val = sum(a * xj for a, xj in zip(c, x))
            if best is None or (val < best if sense == "min" else val > best):
                best = val
    return best


def _random_lp(rng):
    n = rng.choice([2, 3])
    box = [(rng.randint(-3, 0), rng.randint(2, 6)) for _ in range(n)]
    x0 = [F(rng.randint(lo * 4, hi * 4), 4) for lo, hi in box]
    k = rng.randint(1, 5)
    rows = [[rng.randint(-5, 5) for _ in range(n)] for _ in range(k)]
    b = [sum(a * xj for a, xj in zip(r, x0)) + F(rng.randint(0, 6), rng.randint(1, 3)) for r in rows]
    eq_rows, eq_b = [], []
    if rng.random() < 0.35:
        r = [rng.randint(-3, 3) for _ in range(n)]
        eq_rows, eq_b = [r], [sum(a * xj for a, xj in zip(r, x0))]
    c = [rng.randint(-5, 5) for _ in range(n)]
    sense = rng.choice(["min", "max"])
    return c, rows, b, eq_rows, eq_b, box, sense


def test_random_feasible_lps_match_vertex_enumeration():
    """220 seeded random LPs, feasible by construction (b = A x0 + slack), bounded by a box."""
    rng = random.Random(20240611)
    for _ in range(220):
        c, rows, b, eq_rows, eq_b, box, sense = _random_lp(rng)
        kw = dict(A_ub=rows, b_ub=b, bounds=box, sense=sense)
        if eq_rows:
            kw.update(A_eq=eq_rows, b_eq=eq_b)
        res = solve_lp(c, **kw)
        assert res.status == "optimal" and res.certified, res
        assert res.objective == _brute_force(c, rows, b, eq_rows, eq_b, box, sense)
        kkt_verify(res, c, **kw)


def test_random_basis_method_matches():
    """The exact-basis-solve path alone certifies the same optima (60 seeded LPs)."""
    rng = random.Random(7)
    for _ in range(60):
        c, rows, b, eq_rows, eq_b, box, sense = _random_lp(rng)
        kw = dict(A_ub=rows, b_ub=b, bounds=box, sense=sense)
        if eq_rows:
            kw.update(A_eq=eq_rows, b_eq=eq_b)
        res = solve_lp(c, method="basis", **kw)
        assert res.status == "optimal" and res.certificate["method"] == "exact-basis-solve"
        assert res.objective == _brute_force(c, rows, b, eq_rows, eq_b, box, sense)
        kkt_verify(res, c, **kw)


def test_random_lps_through_the_face_crossover():
    """float_solver="ipm" runs the interior point without HiGHS's crossover and crosses over
    through the optimal faces (lp_float); the certified optima are the vertex-enumeration
    ones (60 seeded LPs, many with several optimal vertices)."""
    rng = random.Random(17)
    for _ in range(60):
        c, rows, b, eq_rows, eq_b, box, sense = _random_lp(rng)
        kw = dict(A_ub=rows, b_ub=b, bounds=box, sense=sense)
        if eq_rows:
            kw.update(A_eq=eq_rows, b_eq=eq_b)
        res = solve_lp(c, float_solver="ipm", **kw)
        assert res.status == "optimal" and res.certified, res
        assert res.objective == _brute_force(c, rows, b, eq_rows, eq_b, box, sense)
        kkt_verify(res, c, **kw)


@pytest.mark.parametrize("t", [F(2), F(3, 2), F(11, 10), F(101, 100)])
def test_privacy_distortion_face_crossover(t):
    """Wang–Ying–Zhang Theorem 1, uniform prior: D* = h(ε) = n/(1 + e^ε/(m-1)), here n = 2, m = 3
    (81 variables) through the IPM + face-crossover path.  At e^ε = 101/100 the optimal face
    is a single, ill-conditioned point (HiGHS's own crossover fails there on n = 4)."""
    kw = _pd_lp(2, 3, t)
    res = solve_lp(**kw, float_solver="ipm")
    assert res.status == "optimal" and res.objective == F(2) / (1 + t / 2)
    assert "no crossover" in res.certificate["solver"]
    kkt_verify(res, kw["c"], A_ub=[_dense(r, 81) for r in kw["A_ub"]], b_ub=kw["b_ub"],
               A_eq=[_dense(r, 81) for r in kw["A_eq"]], b_eq=kw["b_eq"])


def _dense(row, n):
    out = [0] * n
    for j, v in row.items():
        out[j] = v
    return out


def test_random_infeasible_lps():
    """40 seeded LPs made infeasible by adding a·x <= β and a·x >= β + 1 for a random row a."""
    rng = random.Random(99)
    for _ in range(40):
        c, rows, b, eq_rows, eq_b, box, sense = _random_lp(rng)
        a = [rng.randint(-4, 4) for _ in c]
        if not any(a):
            a[0] = 1
        beta = F(rng.randint(-5, 5), rng.randint(1, 4))
        rows = rows + [a, [-v for v in a]]
        b = b + [beta, -beta - 1]
        res = solve_lp(c, A_ub=rows, b_ub=b, bounds=box, sense=sense)
        assert res.status == "infeasible" and res.certified
        farkas_verify(res, len(c), A_ub=rows, b_ub=b, bounds=box)


def test_random_unbounded_lps():
    """40 seeded LPs made unbounded by a new variable z >= 0 entering the rows with
    coefficients <= 0 and improving the objective."""
    rng = random.Random(5)
    for _ in range(40):
        c, rows, b, eq_rows, eq_b, box, sense = _random_lp(rng)
        rows = [r + [-rng.randint(0, 3)] for r in rows]
        c = c + [-1 if sense == "min" else 1]
        box = box + [(0, None)]
        kw = dict(A_ub=rows, b_ub=b, bounds=box, sense=sense)
        res = solve_lp(c, **kw)
        assert res.status == "unbounded" and res.certified
        ray_verify(res, c, **kw)


def test_simplest_rational_in_interval():
    """1/3 is the simplest fraction in [33/100, 34/100]; 0 lies in [-1/7, 1/7]; 2 in [3/2, 5/2]."""
    assert _simplest_between(33, 100, 34, 100) == (1, 3)
    assert _simplest_between(-1, 7, 1, 7) == (0, 1)
    assert _simplest_between(3, 2, 5, 2) == (2, 1)
    assert _simplest_between(-34, 100, -33, 100) == (-1, 3)
    # Against brute force: the least denominator with a fraction inside the interval.
    rng = random.Random(1)
    for _ in range(300):
        lo = F(rng.randint(-500, 500), rng.randint(1, 200))
        hi = lo + F(rng.randint(0, 50), rng.randint(1, 5000))
        p, q = _simplest_between(lo.numerator, lo.denominator, hi.numerator, hi.denominator)
        assert lo <= F(p, q) <= hi
        q_min = next(d for d in itertools.count(1) if math.ceil(lo * d) <= math.floor(hi * d))
        assert q == q_min


def test_result_repr_and_fields():
    res = solve_lp(**{k: v for k, v in LP_73.items()})
    assert isinstance(res, LPResult)
    assert "status='optimal'" in repr(res) and "Fraction(7, 3)" in repr(res)
    assert res.timings["float_solve_s"] >= 0 and res.timings["certify_s"] >= 0


# ---------------------------------------------------------------------------------------
# Invalid input
# ---------------------------------------------------------------------------------------

BAD = [
    ("float-c", dict(c=[1.0, 2]), NotExactError),
    ("float-A", dict(c=[1, 1], A_ub=[[0.5, 1]], b_ub=[1]), NotExactError),
    ("float-b", dict(c=[1, 1], A_ub=[[1, 1]], b_ub=[0.1]), NotExactError),
    ("numpy-float-c", dict(c=np.array([1.0, 2.0])), NotExactError),
    ("float-bound", dict(c=[1], bounds=[(0.5, 1)]), NotExactError),
    ("scipy-float", dict(c=[1, 1], A_ub=scipy.sparse.csr_array(np.array([[1.5, 1.0]])), b_ub=[1]), NotExactError),
    ("ragged", dict(c=[1, 1], A_ub=[[1, 1], [1]], b_ub=[1, 1]), ShapeError),
    ("rows-vs-b", dict(c=[1, 1], A_ub=[[1, 1]], b_ub=[1, 2]), ShapeError),
    ("dok-out-of-range", dict(c=[1, 1], A_ub={(0, 2): 1}, b_ub=[1]), ShapeError),
    ("dok-bad-key", dict(c=[1, 1], A_ub={0: 1}, b_ub=[1]), ShapeError),
    ("row-dict-out-of-range", dict(c=[1, 1], A_eq=[{5: 1}], b_eq=[1]), ShapeError),
    ("bounds-length", dict(c=[1, 1], bounds=[(0, 1)] * 3), ShapeError),
    ("empty-c", dict(c=[]), ShapeError),
    ("A-without-b", dict(c=[1], A_ub=[[1]]), InvalidArgument),
    ("bad-sense", dict(c=[1], sense="minimise"), InvalidArgument),
    ("bad-method", dict(c=[1], method="simplex"), InvalidArgument),
    ("bad-float-solver", dict(c=[1], float_solver="glpk"), InvalidArgument),
    ("bool-entry", dict(c=[True]), InvalidArgument),
    ("lower-plus-inf", dict(c=[1], bounds=[(float("inf"), None)]), InvalidArgument),
]


@pytest.mark.parametrize("kwargs,error", [(kw, err) for _, kw, err in BAD], ids=[name for name, _, _ in BAD])
def test_invalid_input(kwargs, error):
    kwargs = dict(kwargs)
    c = kwargs.pop("c")
    with pytest.raises(error):
        solve_lp(c, **kwargs)


def test_error_message_echoes_value():
    with pytest.raises(NotExactError, match=r"c\[0\]=0\.5"):
        solve_lp([0.5])
    with pytest.raises(ShapeError, match="row 1 has 1 entries, expected 2"):
        solve_lp([1, 1], A_ub=[[1, 1], [1]], b_ub=[1, 1])


def test_infinite_bounds_accepted():
    """±inf (float or sympy.oo) is an infinite bound, not an inexact number."""
    res = solve_lp([1], bounds=[(-float("inf"), float("inf"))], A_ub=[[-1]], b_ub=[3])
    assert res.objective == -3
    res = solve_lp([-1], bounds=[(-sympy.oo, 4)])
    assert res.objective == -4
