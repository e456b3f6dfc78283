"""Benchmark: large rational mechanisms kept as integer arrays (Mechanism.from_integer_rows).

A random rational mechanism on D^d (|D| = 3, so 3^d inputs and as many outputs) is built from
integer numerators with one denominator per row, then its exact pure ε is computed; in the
same run numpy float64 computes max over neighbouring pairs and outputs of P(y|x)/P(y|x') with
the same blocking (the float reference: no exactness).  Targets (issue 15): 6,561 × 6,561
built in <= 10 s and <= 2 GB; exact pure ε <= 1.5x the float scan.

Run:  python bench/bench_lean.py [--d 8]      (d = 8: 6,561 × 6,561; d = 7: 2,187 × 2,187)
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np

from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming, set_enumeration_limit


def float_max_ratio(F, edges, block=1 << 22):
    """max over ordered neighbouring pairs and outputs of F[x, y]/F[x', y], float64."""
    best = 0.0
    step = max(1, block // F.shape[1])
    for s in range(0, len(edges), step):
        pi, pj = edges[s:s + step, 0], edges[s:s + step, 1]
        Fi, Fj = F[pi], F[pj]
        best = max(best, float((Fi / Fj).max()), float((Fj / Fi).max()))
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--d", type=int, default=8, help="records: 3^d inputs and outputs (default 8: 6,561)")
    args = ap.parse_args()
    S = Hamming(range(3), args.d)
    N = S.size
    set_enumeration_limit(max(10**6, N * N))
    rng = np.random.default_rng(0)
    num = rng.integers(1, 1000, size=(N, N), dtype=np.int64)
    den = num.sum(axis=1)
    t0 = time.perf_counter()
    M = Mechanism.from_integer_rows(S, list(range(N)), num, den)
    build = time.perf_counter() - t0
    rss_build = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    edges = np.asarray(S.edges, dtype=np.int64)
    t0 = time.perf_counter()
    F = num.astype(np.float64) / den.astype(np.float64)[:, None]
    fval = float_max_ratio(F, edges)
    fdt = time.perf_counter() - t0
    del F
    t0 = time.perf_counter()
    res = pure_dp(M)
    edt = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"== random rational mechanism {N} x {N} on D^{args.d}, |D| = 3 ({len(edges):,} neighbouring pairs)")
    print(f"   build from integer rows {build:.2f}s (target <= 10 s), peak memory {rss_build:.0f} MB after build, "
          f"{rss:.0f} MB after the scan (target <= 2 GB)")
    print(f"   exact pure_dp {edt:.2f}s | numpy float64 scan {fdt:.2f}s -> ratio x{edt / fdt:.2f} (target <= 1.5)")
    print(f"   exact eps = {res.value}  (float {np.log(fval):.15f}, exact ~{float(res.value.arb(64).mid()):.15f})")


if __name__ == "__main__":
    main()
