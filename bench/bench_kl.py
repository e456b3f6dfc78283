"""Benchmark: exact KL-DP (max over neighbours of D(P_x‖P_x')) on 2,187-input mechanisms.

Two regimes of the exact scan (exactpriv/measures/engines/scan/engine.py): a random rational mechanism
(generic: float filter + exact LogForm decision on the candidates) and the exponential
mechanism E_d on D^7 (tie-heavy: few distinct values), each next to numpy float64 computing
the same max of Σ_y P log(P/Q) over neighbouring pairs in the same run.  Target (issue 15):
<= 5x float.

Run:  python bench/bench_kl.py [--d 7]
"""

from __future__ import annotations

import argparse
import os
import time
from fractions import Fraction

import numpy as np

from exactpriv.measures.divergence import kl_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming
from exactpriv.spaces import Hamming, set_enumeration_limit


def float_kl(M, edges, block=1 << 22):
    F = M.to_numpy()
    L = np.log(F)
    best = 0.0
    step = max(1, block // F.shape[1])
    for s in range(0, len(edges), step):
        a, b = edges[s:s + step, 0], edges[s:s + step, 1]
        D = L[a] - L[b]
        best = max(best, float((F[a] * D).sum(axis=1).max()), float((-F[b] * D).sum(axis=1).max()))
    return best


def circulant(S, values: int = 200):
    """A tie-heavy mechanism with many distinct values: row x is the cyclic shift by x of one row whose
    N entries take ``values`` distinct values (the value-code path, up to 256 values)."""
    N = S.size
    w = np.array([1 + (j * 7919) % values for j in range(N)], dtype=np.int64)
    num = np.stack([np.roll(w, x) for x in range(N)])
    return Mechanism.from_integer_rows(S, list(range(N)), num, num.sum(axis=1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--d", type=int, default=7)
    ap.add_argument("--circulant-only", action="store_true", help="only the circulant case (issue 24)")
    args = ap.parse_args()
    S = Hamming(range(3), args.d)
    N = S.size
    set_enumeration_limit(max(10**6, N * N))
    rng = np.random.default_rng(0)
    num = rng.integers(1, 1000, size=(N, N), dtype=np.int64)
    cases = [("random rational", Mechanism.from_integer_rows(S, list(range(N)), num, num.sum(axis=1))),
             ("exponential mechanism E_d, e^eps = 2 (tie-heavy)",
              exponential_mechanism_hamming(range(3), args.d, exp_eps=Fraction(2))),
             ("circulant, 200 distinct values (tie-heavy, many values)", circulant(S))]
    if args.circulant_only:
        cases = cases[-1:]
    edges = np.asarray(S.edges, dtype=np.int64)
    for label, M in cases:
        t0 = time.perf_counter()
        fval = float_kl(M, edges)
        fdt = time.perf_counter() - t0
        t0 = time.perf_counter()
        res = kl_dp(M)
        edt = time.perf_counter() - t0
        print(f"== kl_dp, {label}, {N} x {N}: exact {edt:.2f}s | numpy float64 {fdt:.2f}s -> ratio x{edt / fdt:.2f} "
              f"(target <= 5; tie-heavy <= 3) [load {os.getloadavg()[0]:.1f}]; exact ~{float(res.value.arb(64).mid()):.15f}, "
              f"float {fval:.15f}", flush=True)


if __name__ == "__main__":
    main()
