"""Benchmark: truncated geometric mechanisms on counts (Ghosh–Roughgarden–Sundararajan).

* rational e^ε = 2 on counts 0..n (n + 1 inputs and outputs): build from integer rows, exact
  pure ε (= ln 2) and δ(ε) at e^ε' = 3/2, next to numpy float64 computing the same max ratio
  over neighbouring counts (where float64 can still represent the entries);
* symbolic ε on counts 0..n: build (family validated once) and pure ε for all ε (= ε).

Targets (issue 15): symbolic 0..100 built and measured <= 10 s; rational 0..1000 measured
exactly; (issue 14) pure ε and δ(ε) up to 10^4 outputs.

Run:  python bench/bench_geometric.py [--rational 100,500,1000] [--symbolic 20,100]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

import numpy as np

from exactpriv import EPS
from exactpriv.errors import ExactPrivError
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.zoo import truncated_geometric
from exactpriv.spaces import set_enumeration_limit


def float_reference(M):
    """max over neighbouring counts and outputs of P(z|c)/P(z|c') in float64 (seconds, value or None)."""
    num, den = M.integer_rows()
    t0 = time.perf_counter()
    try:
        F = np.array([[v / d for v in r] for r, d in zip(num.tolist(), den.tolist())])
    except OverflowError:
        return time.perf_counter() - t0, None
    with np.errstate(divide="ignore", invalid="ignore"):
        R = F[:-1] / F[1:]
        value = float(np.nanmax(np.maximum(R, 1 / R)))
    return time.perf_counter() - t0, value


def rational(n):
    t0 = time.perf_counter()
    M = truncated_geometric(n, exp_eps=Fraction(2))
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    eps = pure_dp(M).value
    pure_s = time.perf_counter() - t0
    fdt, fval = float_reference(M)
    t0 = time.perf_counter()
    try:
        delta = approx_dp(M).value.delta(exp_eps=Fraction(3, 2))
        delta_txt = f"delta(eps'=ln 3/2) = {delta} in {time.perf_counter() - t0:.2f}s"
    except ExactPrivError as exc:
        delta_txt = f"delta(eps) not computed: {str(exc)[-60:]}"
    fl = "float64 underflows (entries below 2^-1074)" if fval is None or fval != fval or fval == float("inf") else \
        f"{np.log(fval):.12f}"
    print(f"== rational e^eps = 2, counts 0..{n}: build {build:.2f}s, exact pure eps = {eps} in {pure_s:.2f}s "
          f"| numpy float64 {fdt:.3f}s ({fl}) -> ratio x{pure_s / max(fdt, 1e-9):.1f}; {delta_txt}")


def symbolic(n):
    t0 = time.perf_counter()
    M = truncated_geometric(n, eps=EPS)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    eps = pure_dp(M).value
    dt = time.perf_counter() - t0
    total = build + dt
    print(f"== symbolic eps, counts 0..{n}: build {build:.2f}s, pure eps for all eps = {eps} in {dt:.2f}s; "
          f"total {total:.2f}s [{'within' if total <= 10 else 'OVER'} the 10 s target]")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rational", default="100,500,1000")
    ap.add_argument("--symbolic", default="20,100")
    args = ap.parse_args()
    set_enumeration_limit(10**8)
    for n in [int(v) for v in args.rational.split(",") if v]:
        rational(n)
    for n in [int(v) for v in args.symbolic.split(",") if v]:
        symbolic(n)


if __name__ == "__main__":
    main()
