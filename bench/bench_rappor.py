"""Benchmark: exact pure ε of RAPPOR-like product mechanisms over 1,000 candidate inputs.

RAPPOR (Erlingsson, Pihur, Korolova, CCS 2014) reports each of m Bloom-filter bits through
randomized response: a set bit is reported 1 w.p. 1 − f/2, an unset bit w.p. f/2.  Items hash
to h bits; two items with disjoint filters differ in 2h bits, so
    ε = 2h · ln((1 − f/2)/(f/2))                         (closed form)
whenever two candidates have disjoint filters.  exactpriv keeps the mechanism factored
(``ProductMechanism``) and finds the worst pair from the factors (exactpriv/measures/engines/product.py).

In the same run: the closed form, and numpy float64 computing max over pairs of
(number of differing bits) · ln ρ with one matrix product (the float reference, no exactness).
Target (issues 14/15): m = 128, h = 4, f = 1/2, 1,000 candidates: exact ε equal to the closed
form in <= 1 s.

Run:  python bench/bench_rappor.py [--pairwise]   (--pairwise adds the old pair-by-pair exact route at m = 20)
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

import numpy as np

from exactpriv.exact.logforms import LogForm
from exactpriv.measures.divergence import all_pairs
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.engines.symbolic_pure_dp import product_worst_ratio_pairwise
from exactpriv.mechanisms.zoo import rappor


def float_reference(hashes, items, bits, rho):
    """max over pairs of Σ_bits ln(ratio) in float64 via B(1−B)ᵀ (seconds, value)."""
    t0 = time.perf_counter()
    B = np.zeros((len(items), bits))
    for i, x in enumerate(items):
        B[i, list(hashes[x])] = 1.0
    D = B @ (1 - B).T + (1 - B) @ B.T
    np.fill_diagonal(D, 0)
    value = float(D.max()) * np.log(float(rho))
    return time.perf_counter() - t0, value


def run(bits, h, f, n_items, seed, pairwise):
    rng = random.Random(seed)
    items = list(range(n_items))
    hashes = {x: rng.sample(range(bits), h) for x in items}
    t0 = time.perf_counter()
    R = rappor(items, bits, hashes, f=f)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = pure_dp(R)
    exact_s = time.perf_counter() - t0
    rho = (1 - f / 2) / (f / 2)
    closed = 2 * h * LogForm.log(rho)
    fdt, fval = float_reference(hashes, items, bits, rho)
    print(f"\n== RAPPOR m={bits} bits, h={h}, f={f}, {n_items} candidate inputs ({n_items * (n_items - 1) // 2:,} pairs)")
    print(f"   build {build:.3f}s | exact pure_dp {exact_s:.3f}s [{'within' if exact_s <= 1 else 'OVER'} the 1 s target]"
          f" | numpy float64 {fdt:.3f}s -> ratio x{exact_s / fdt:.1f}")
    print(f"   exact eps = {res.value} (~{float(res.value.arb(64).mid()):.12f}); closed form 2h ln((1-f/2)/(f/2)) = "
          f"{closed}: equal={res.value == closed}; float reference {fval:.12f}")
    print(f"   witness pair {res.witness.get('pair')}")
    if pairwise:
        t0 = time.perf_counter()
        val = product_worst_ratio_pairwise(R, all_pairs(n_items))[0]
        print(f"   pairwise exact route (before): {time.perf_counter() - t0:.2f}s, ratio {val} == rho^(2h): "
              f"{val == rho ** (2 * h)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairwise", action="store_true", help="also time the pair-by-pair exact route at m = 20")
    args = ap.parse_args()
    for bits in (20, 128):
        run(bits, 4, Fraction(1, 2), 1000, 0, args.pairwise and bits == 20)


if __name__ == "__main__":
    main()
