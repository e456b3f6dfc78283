"""Benchmark of exact pure DP and δ(ε) against numpy float64 on 729 x 729 mechanisms.

Mechanisms (D^6 with |D| = 3: 729 databases, 4,374 neighbour pairs, 8,748 ordered):
  * E_d = exponential_mechanism_hamming([0,1,2], 6, exp_eps=2) (Wang–Ying–Zhang eq. (30)): 7 distinct
    values, massive exact ties -- the engine's value-code path;
  * a seeded random rational mechanism (rows of random integers 1..1000 over their sum):
    distinct row denominators, no ties -- the float-filter + exact-decision path.

Timed (each repetition interleaves the exact call and the float reference, so both see the
same machine load; the medians of the times and of the per-repetition ratios are printed):
  * exact:  ``pure_dp(M)`` and ``approx_dp(M).value.delta(exp_eps=3/2)`` -- everything they do
    inside (value codes, engine, float copies, exact decisions, LogForm) is included.
    Not included: the mechanism's own cached representations ``M.integer_rows()`` and
    ``M.to_numpy()`` (cached_property on the Mechanism; their one-off cost is printed).
  * float64 reference (straightforward vectorised numpy on the same matrix):
        pure:  max over directed edges (x, x') and y of P[x, y] / P[x', y]
        delta: max over directed edges of Σ_y max(0, P[x, y] − g P[x', y])
Targets (issues): pure ε within 1.5x of float64; δ(ε) at rational e^ε within 3x.

Run:  python bench/bench_pure_dp.py [--reps 9]
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

import numpy as np

from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.result import value_to_float
from exactpriv.spaces import Hamming


def random_rational_mechanism(seed=0, m=3, n=6, hi=1000) -> Mechanism:
    rng = np.random.default_rng(seed)
    space = Hamming(list(range(m)), n)
    N = space.size
    W = rng.integers(1, hi + 1, size=(N, N))
    rows = [[Fraction(v, s) for v in r] for r, s in zip(W.tolist(), W.sum(axis=1).tolist())]
    return Mechanism(space, list(range(N)), rows, _built=f"random_rational_mechanism(seed={seed})")


def ref_pure(P, d):
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.max(P[d[:, 0]] / P[d[:, 1]]))


def ref_delta(P, d, g):
    return float(np.max(np.maximum(P[d[:, 0]] - g * P[d[:, 1]], 0.0).sum(axis=1)))


def clock(f):
    t = time.perf_counter()
    out = f()
    return time.perf_counter() - t, out


def compare(name, exact, ref, reps):
    te, tr, ratios = [], [], []
    ev = rv = None
    for _ in range(reps):
        a, ev = clock(exact)
        b, rv = clock(ref)
        te.append(a)
        tr.append(b)
        ratios.append(a / b)
    me, mr, mq = statistics.median(te), statistics.median(tr), statistics.median(ratios)
    print(f"  {name:<28} exact {me * 1e3:8.1f} ms   float64 {mr * 1e3:8.1f} ms   "
          f"ratio {mq:5.2f}x (min {min(te) * 1e3:.1f} / {min(tr) * 1e3:.1f} ms)")
    return ev, rv, mq


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=9)
    args = ap.parse_args()
    g = Fraction(3, 2)
    results = []
    for label, build in (("E_d (exp mech, 7 values)", lambda: exponential_mechanism_hamming([0, 1, 2], 6, exp_eps=2)),
                         ("random rational (no ties)", random_rational_mechanism)):
        t, M = clock(build)
        print(f"{label}: {M!r}  {M.shape[0]}x{M.shape[1]}")
        print(f"  construction {t:.2f} s;", end=" ")
        t1, _ = clock(M.integer_rows)
        t2, P = clock(M.to_numpy)
        print(f"cached M.integer_rows() {t1:.2f} s, M.to_numpy() {t2 * 1e3:.1f} ms (not timed below)")
        d = M.inputs.directed_edges()
        M.inputs.edges  # the space's cached edge array
        pure_dp(M)  # warm-up (imports, first-touch of the arrays); not timed
        ev, rv, q1 = compare("pure eps", lambda: pure_dp(M), lambda: ref_pure(P, d), args.reps)
        print(f"    exact {ev.value} = {value_to_float(ev.value):.15g};  float64 log(max ratio) = {np.log(rv):.15g}")
        ev2, rv2, q2 = compare(f"delta at e^eps = {g}", lambda: approx_dp(M).value.delta(exp_eps=g),
                               lambda: ref_delta(P, d, float(g)), args.reps)
        print(f"    exact {ev2} = {float(ev2):.15g};  float64 {rv2:.15g}")
        results.append((label, q1, q2))
    print("\nsummary (median ratio exact / float64; targets: pure <= 1.5x, delta <= 3x)")
    for label, q1, q2 in results:
        print(f"  {label:<28} pure {q1:5.2f}x [{'ok' if q1 <= 1.5 else 'MISSED'}]   "
              f"delta {q2:5.2f}x [{'ok' if q2 <= 3 else 'MISSED'}]")


if __name__ == "__main__":
    main()
