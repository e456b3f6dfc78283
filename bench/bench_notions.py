"""Benchmark of the issue-11 notions (zCDP, f-DP, PLD, probabilistic DP) against float64 references.

Mechanism: E_d = exponential_mechanism_hamming([0, 1, 2], n, exp_eps=2) on D^n (27 x 27 for n = 3,
81 x 81 for n = 4), and a seeded random rational mechanism of the same shape.

Timed (each repetition interleaves the exact call and its float reference, same machine load):
  * zcdp(M) (certified enclosure, width <= 1e-12)   vs  float grid max of D_a/a over 400 orders;
  * f_dp(M) (exact lower hull)                        vs  float hull of all pairs' likelihood-ratio
                                                          vertices (numpy sort + cumsum);
  * privacy_loss_distribution(M).value.delta(exp_eps=3/2)  vs  float max_pairs sum (p - g q)_+;
  * probabilistic_dp(M) (+ delta at e^eps = 3/2)      vs  float max_x sum of disclosing outputs.
Printed: median seconds of each and the ratio exact / float.  No target: these notions are new
and measured here so that regressions show.

Run:  python bench/bench_notions.py [--n 3] [--reps 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction

import numpy as np

from exactpriv.measures.pld import privacy_loss_distribution
from exactpriv.measures.probabilistic import probabilistic_dp
from exactpriv.measures.tradeoff import f_dp
from exactpriv.measures.zcdp import zcdp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming
from exactpriv.spaces import Hamming


def _random(n, seed=0):
    rng = random.Random(seed)
    sp = Hamming([0, 1, 2], n)
    rows = []
    for _ in range(sp.size):
        w = [rng.randint(1, 1000) for _ in range(sp.size)]
        rows.append([Fraction(v, sum(w)) for v in w])
    return Mechanism(sp, list(range(sp.size)), rows)


def _directed(M):
    e = np.asarray(M.inputs.edges)
    return np.concatenate([e, e[:, ::-1]])


def float_zcdp(M):
    P, E = M.to_numpy(), _directed(M)
    best = 0.0
    for a in np.linspace(1.0025, 20, 400):
        s = (P[E[:, 0]] ** a * P[E[:, 1]] ** (1 - a)).sum(axis=1)
        best = max(best, float((np.log(s) / (a - 1) / a).max()))
    return best


def float_fdp(M):
    P, E = M.to_numpy(), _directed(M)
    pts = []
    for x, x2 in E:
        p, q = P[x], P[x2]
        order = np.argsort(-(q / p))
        pts.append(np.stack([np.cumsum(p[order]), 1 - np.cumsum(q[order])], axis=1))
    pts = np.concatenate(pts)
    return pts[np.lexsort((pts[:, 1], pts[:, 0]))][:1]


def float_delta(M, g=1.5):
    P, E = M.to_numpy(), _directed(M)
    return float(np.maximum(P[E[:, 0]] - g * P[E[:, 1]], 0).sum(axis=1).max())


def float_pdp(M, g=1.5):
    P, E = M.to_numpy(), _directed(M)
    r = np.maximum(P[E[:, 0]] / P[E[:, 1]], P[E[:, 1]] / P[E[:, 0]])
    disc = np.zeros_like(P, dtype=bool)
    np.logical_or.at(disc, E[:, 0], r > g)
    return float((P * disc).sum(axis=1).max())


CASES = [
    ("zcdp", lambda M: zcdp(M), float_zcdp),
    ("f_dp", lambda M: f_dp(M), float_fdp),
    ("pld delta", lambda M: privacy_loss_distribution(M).value.delta(exp_eps=Fraction(3, 2)), float_delta),
    ("probabilistic_dp", lambda M: probabilistic_dp(M).value.delta(exp_eps=Fraction(3, 2)), float_pdp),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    for label, M in (("E_d", exponential_mechanism_hamming([0, 1, 2], args.n, exp_eps=2)),
                     ("random", _random(args.n))):
        M.to_numpy()
        print(f"{label} on D^{args.n} ({M.shape[0]} x {M.shape[1]})")
        for name, exact, ref in CASES:
            te, tf = [], []
            for _ in range(args.reps):
                t0 = time.perf_counter()
                exact(M)
                te.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                ref(M)
                tf.append(time.perf_counter() - t0)
            me, mf = statistics.median(te), statistics.median(tf)
            print(f"  {name:18s} exact {me:8.3f} s   float {mf:8.4f} s   ratio {me / mf:8.1f}x")


if __name__ == "__main__":
    main()
