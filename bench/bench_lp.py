"""Benchmark of exactpriv.exact.lp on the privacy–distortion LP of Wang–Ying–Zhang.

Variables p(y|x) for x, y in D^n (|D| = m), minimise the expected Hamming distortion
    Σ_x p_X(x) Σ_y p(y|x) d_H(x, y)                                   (Wang–Ying–Zhang, (5), (7))
subject to Σ_y p(y|x) = 1, p >= 0 and the ε-DP constraints (Wang–Ying–Zhang, (2))
    p(y|x) <= e^ε p(y|x')   for all Hamming neighbours x ~ x' and all y.
With e^ε rational the LP is rational.  Theorem 1 of Wang–Ying–Zhang says
    h(ε + ε_X) <= D*_d(ε) <= h(ε),   h(ε) = n / (1 + e^ε/(m-1)),
so for the uniform prior (ε_X = 0) the optimum is exactly h(ε) = 3/2 at n = m = 3, e^ε = 2.

Run:  python bench/bench_lp.py            (n = m = 3: 729 variables, 4,374 DP rows)
      python bench/bench_lp.py --large    (adds n = 4, m = 3: 6,561 variables, 52,488 DP rows,
                                           at e^eps in {2, 3/2, 11/10, 101/100}; target <= 5 s each)
      python bench/bench_lp.py --compare-solvers
                                          (sparse lifting vs flint's dense solve on the exact basis systems)

Each certified solve is timed next to scipy.optimize.linprog(method="highs-ipm") on the same LP in
float64 only (no certificate; at most 60 s), measured in the same run: the printed ratio is what
exactness costs.
"""

from __future__ import annotations

import argparse
import os
import itertools
import time
from fractions import Fraction

import numpy as np
import scipy.optimize
import scipy.sparse

from exactpriv.exact.lp import problem as lpmod
from exactpriv.exact.lp import solve_lp
from exactpriv.exact.lp.basis import basis_system, solve_square
from exactpriv.exact.lp.float_solve import highs_solve


def privacy_distortion_lp(n, m, t, prior):
    """(c, A_ub, b_ub, A_eq, b_eq) of the DP privacy–distortion LP with e^ε = t.

    ``prior`` maps each database (a tuple in range(m)^n) to its probability.
    Rows are given as sparse dicts {column: value}.
    """
    X = list(itertools.product(range(m), repeat=n))
    N = len(X)
    index = {x: k for k, x in enumerate(X)}

    def var(ix, iy):
        return ix * N + iy

    c = [prior[x] * sum(a != b for a, b in zip(x, y)) for x in X for y in X]
    A_eq = [{var(ix, iy): 1 for iy in range(N)} for ix in range(N)]
    b_eq = [1] * N
    A_ub = []
    for x in X:
        ix = index[x]
        for pos in range(n):
            for val in range(m):
                if val == x[pos]:
                    continue
                ixp = index[x[:pos] + (val,) + x[pos + 1 :]]
                for iy in range(N):
                    A_ub.append({var(ix, iy): 1, var(ixp, iy): -t})
    b_ub = [0] * len(A_ub)
    return c, A_ub, b_ub, A_eq, b_eq


def h(n, m, t):
    """h(ε) = n / (1 + e^ε/(m-1)) of Wang–Ying–Zhang (19), with t = e^ε."""
    return Fraction(n) / (1 + Fraction(t) / (m - 1))


def product_prior(n, marginal):
    return {x: _prod(marginal[a] for a in x) for x in itertools.product(range(len(marginal)), repeat=n)}


def _prod(values):
    out = Fraction(1)
    for v in values:
        out *= v
    return out


def eps_x_exp(prior, n, m):
    """e^{ε_X} = max over neighbours of p_X(x)/p_X(x') (Wang–Ying–Zhang (18))."""
    best = Fraction(1)
    for x, px in prior.items():
        for pos in range(n):
            for val in range(m):
                if val != x[pos]:
                    best = max(best, px / prior[x[:pos] + (val,) + x[pos + 1 :]])
    return best


#: The float-only reference gives up after this long (HiGHS's crossover stalls at e^eps = 101/100).
FLOAT_TIME_LIMIT_S = 60.0


def scipy_float_seconds(c, A_ub, b_ub, A_eq, b_eq):
    """(seconds, objective) of the same LP in float64 only (scipy linprog, HiGHS interior point + crossover)."""
    t0 = time.perf_counter()
    n = len(c)

    def sparse(rows):
        r, k, v = [], [], []
        for i, row in enumerate(rows):
            for j, a in row.items():
                r.append(i)
                k.append(j)
                v.append(float(a))
        return scipy.sparse.csr_matrix((v, (r, k)), shape=(len(rows), n))

    res = scipy.optimize.linprog(np.array([float(v) for v in c]), A_ub=sparse(A_ub), b_ub=np.array(b_ub, float),
                                 A_eq=sparse(A_eq), b_eq=np.array(b_eq, float), bounds=(0, None),
                                 method="highs-ipm", options={"time_limit": FLOAT_TIME_LIMIT_S})
    return time.perf_counter() - t0, (res.fun if res.status == 0 else f"not solved: {res.message}")


def run(n, m, t, prior, label, *, compare_solvers=False):
    t0 = time.perf_counter()
    c, A_ub, b_ub, A_eq, b_eq = privacy_distortion_lp(n, m, t, prior)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = solve_lp(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq)
    total = time.perf_counter() - t0
    fdt, fobj = scipy_float_seconds(c, A_ub, b_ub, A_eq, b_eq)
    N = m**n
    print(f"\n== {label}: n={n}, m={m}, e^eps={t}, {N * N} variables, {len(A_ub)} DP rows, {N} row sums")
    print(f"   certified solve_lp {total:.3f}s (float solve {res.timings.get('float_solve_s') or 0:.3f}s, "
          f"exact certification {res.timings.get('certify_s') or 0:.3f}s; rest = input validation) | "
          f"scipy linprog(highs-ipm) float64 only {fdt:.3f}s (objective {fobj}) -> ratio x{total / fdt:.2f}")
    print(f"   status={res.status} certified={res.certified} method={res.certificate.get('method')} "
          f"objective={res.objective} | primal from {res.certificate.get('primal_source')}, "
          f"dual from {res.certificate.get('dual_source')}")
    print(f"   float solver: {res.certificate.get('solver')}")
    lo = h(n, m, t * eps_x_exp(prior, n, m))
    hi = h(n, m, t)
    ok = res.certified and lo <= res.objective <= hi
    print(f"   Theorem 1 bounds: h(eps+eps_X)={lo} <= D* <= h(eps)={hi}: {'holds' if ok else 'FAILS'}")
    if compare_solvers:
        P = lpmod.validated_problem(c, A_ub, b_ub, A_eq, b_eq, None, "min")
        fs = highs_solve(P, P.c, "auto")
        system = basis_system(P, P.c, fs.bases[0], fs.x)
        times = {}
        for solver in ("lifting", "flint"):
            t0 = time.perf_counter()
            sol = solve_square(system, solver=solver)
            times[solver] = (time.perf_counter() - t0, sol)
        same = times["lifting"][1] == times["flint"][1]
        print(f"   exact square solves of the {system.size}x{system.size} basis (primal + dual): sparse lifting "
              f"{times['lifting'][0]:.3f}s, flint dense {times['flint'][0]:.3f}s; identical={same}")
    return res, total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--large", action="store_true", help="also run n=4, m=3 (6,561 variables) at four e^eps")
    ap.add_argument("--only-large", action="store_true", help="run only the 6,561-variable cases")
    ap.add_argument("--compare-solvers", action="store_true",
                    help="time sparse lifting vs flint's dense fmpq_mat.solve on the exact basis systems (729)")
    args = ap.parse_args()
    m = 3
    if not args.only_large:
        n, t = 3, 2
        uniform = {x: Fraction(1, m**n) for x in itertools.product(range(m), repeat=n)}
        res, _ = run(n, m, t, uniform, "uniform prior", compare_solvers=args.compare_solvers)
        print(f"   certified optimum == h(eps) = {h(n, m, t)}: {res.objective == h(n, m, t)}")
        skew = product_prior(n, [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
        run(n, m, t, skew, "product prior (1/2, 1/3, 1/6)^3")
    if args.large or args.only_large:
        n = 4
        uniform = {x: Fraction(1, m**n) for x in itertools.product(range(m), repeat=n)}
        summary = []
        for t in (Fraction(2), Fraction(3, 2), Fraction(11, 10), Fraction(101, 100)):
            res, total = run(n, m, t, uniform, "uniform prior, large")
            ok = res.objective == h(n, m, t)
            print(f"   certified optimum == h(eps) = {h(n, m, t)}: {ok}")
            summary.append((t, total, ok, os.getloadavg()[0]))
        print("\n== 6,561 variables: " + ", ".join(
            f"e^eps={t}: {dt:.2f}s [load {ld:.1f}]{'' if ok else ' (NOT certified = h)'}" for t, dt, ok, ld in summary)
            + " (target <= 5 s each)")


if __name__ == "__main__":
    main()
