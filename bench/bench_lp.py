"""Benchmark of exactpriv.exact.lp on the privacy–distortion LP of Wang–Ying–Zhang (seed 000).

Variables p(y|x) for x, y in D^n (|D| = m), minimise the expected Hamming distortion
    Σ_x p_X(x) Σ_y p(y|x) d_H(x, y)                                   (seed 000, (5), (7))
subject to Σ_y p(y|x) = 1, p >= 0 and the ε-DP constraints (seed 000, (2))
    p(y|x) <= e^ε p(y|x')   for all Hamming neighbours x ~ x' and all y.
With e^ε rational the LP is rational.  Theorem 1 of seed 000 says
    h(ε + ε_X) <= D*_d(ε) <= h(ε),   h(ε) = n / (1 + e^ε/(m-1)),
so for the uniform prior (ε_X = 0) the optimum is exactly h(ε) = 3/2 at n = m = 3, e^ε = 2.

Run:  python bench/bench_lp.py            (n = m = 3: 729 variables, 4,374 DP rows)
      python bench/bench_lp.py --large    (adds n = 4, m = 3: 6,561 variables)
      python bench/bench_lp.py --compare-solvers [--with-sparse-sympy]
                                          (flint vs sympy on the exact basis systems)
"""

from __future__ import annotations

import argparse
import itertools
import time
from fractions import Fraction

from exactpriv.exact import lp as lpmod
from exactpriv.exact.lp import solve_lp


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
    """h(ε) = n / (1 + e^ε/(m-1)) of seed 000 (19), with t = e^ε."""
    return Fraction(n) / (1 + Fraction(t) / (m - 1))


def product_prior(n, marginal):
    return {x: _prod(marginal[a] for a in x) for x in itertools.product(range(len(marginal)), repeat=n)}


def _prod(values):
    out = Fraction(1)
    for v in values:
        out *= v
    return out


def eps_x_exp(prior, n, m):
    """e^{ε_X} = max over neighbours of p_X(x)/p_X(x') (seed 000 (18))."""
    best = Fraction(1)
    for x, px in prior.items():
        for pos in range(n):
            for val in range(m):
                if val != x[pos]:
                    best = max(best, px / prior[x[:pos] + (val,) + x[pos + 1 :]])
    return best


def run(n, m, t, prior, label, *, compare_solvers=None):
    t0 = time.perf_counter()
    c, A_ub, b_ub, A_eq, b_eq = privacy_distortion_lp(n, m, t, prior)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = solve_lp(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq)
    total = time.perf_counter() - t0
    N = m**n
    print(f"\n== {label}: n={n}, m={m}, e^eps={t}, {N * N} variables, {len(A_ub)} DP rows, {N} row sums")
    print(f"   build {build:.3f}s | solve_lp total {total:.3f}s "
          f"(float solve {res.timings.get('float_solve_s', 0):.3f}s, "
          f"exact certification {res.timings.get('certify_s', 0):.3f}s; rest = input validation)")
    print(f"   status={res.status} certified={res.certified} method={res.certificate.get('method')} "
          f"objective={res.objective} (float {res.certificate.get('float_objective')})")
    lo = h(n, m, t * eps_x_exp(prior, n, m))
    hi = h(n, m, t)
    ok = res.certified and lo <= res.objective <= hi
    print(f"   Theorem 1 bounds: h(eps+eps_X)={lo} <= D* <= h(eps)={hi}: {'holds' if ok else 'FAILS'}")

    if N * N > 1000:
        return res  # the exact basis solve of a 6,561-column basis is dense and slow
    t0 = time.perf_counter()
    res_b = solve_lp(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, method="basis")
    total_b = time.perf_counter() - t0
    print(f"   method='basis': total {total_b:.3f}s, certify {res_b.timings.get('certify_s', 0):.3f}s, "
          f"basis size {res_b.certificate.get('basis_size')}, objective={res_b.objective}, "
          f"certified={res_b.certified}")
    if compare_solvers:
        P = lpmod._problem(c, A_ub, b_ub, A_eq, b_eq, None, "min")
        fs = lpmod._highs_solve(P, P.c, "auto")
        entries, size, rp, rd, *_ = lpmod._basis_system(P, P.c, fs)
        solvers = ("flint", "sympy-dense") + (("sympy-sparse",) if compare_solvers == "all" else ())
        times = {}
        for solver in solvers:
            t0 = time.perf_counter()
            sol = lpmod._solve_square(entries, size, rp, rd, solver=solver)
            times[solver] = (time.perf_counter() - t0, sol)
        same = all(sol == times["flint"][1] for _, sol in times.values())
        shown = ", ".join(f"{k} {v[0]:.3f}s" for k, v in times.items())
        print(f"   exact square solves of the {size}x{size} basis (primal + dual): {shown}; agree={same}")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--large", action="store_true", help="also run n=4, m=3 (6,561 variables)")
    ap.add_argument("--compare-solvers", action="store_true",
                    help="time flint vs sympy DomainMatrix (dense) on the exact basis systems")
    ap.add_argument("--with-sparse-sympy", action="store_true",
                    help="with --compare-solvers, also sympy's sparse DomainMatrix (about 2 minutes)")
    args = ap.parse_args()
    compare = ("all" if args.with_sparse_sympy else "dense") if args.compare_solvers else None
    n, m, t = 3, 3, 2
    uniform = {x: Fraction(1, m**n) for x in itertools.product(range(m), repeat=n)}
    res = run(n, m, t, uniform, "uniform prior", compare_solvers=compare)
    expected = h(n, m, t)
    print(f"   certified optimum == h(eps) = {expected}: {res.objective == expected}")
    skew = product_prior(n, [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    run(n, m, t, skew, "product prior (1/2, 1/3, 1/6)^3", compare_solvers=compare)
    if args.large:
        n = 4
        uniform = {x: Fraction(1, m**n) for x in itertools.product(range(m), repeat=n)}
        res = run(n, m, t, uniform, "uniform prior, large")
        print(f"   certified optimum == h(eps) = {h(n, m, t)}: {res.objective == h(n, m, t)}")


if __name__ == "__main__":
    main()
