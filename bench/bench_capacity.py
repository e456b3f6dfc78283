"""Benchmark: certified capacity of 729x729 channels (run: ``python bench/bench_capacity.py``).

Channels
--------
* the exponential mechanism on D^6 with |D| = m = 3 (Wang–Ying–Zhang, the optimal mechanism of
  Theorem 1): p(y|x) = α^{-d_H(x,y)} / (1 + (m-1)/α)^n with α = e^ε = 2, exact rows
  (each row is 2^{-d}/2^6);
* random rational channels: rows of random integers in [0, 100) (at least one positive),
  divided exactly by their sums; seeds 0..2.

For each, ``capacity_enclosure(W, gap=1e-12)`` is timed, split into setup (validation of the
Fraction matrix), the float search and the arb certificate (``CapacityResult.timings``).
Building the Fraction matrices is not timed.  The certificate is then re-checked
independently: ``mutual_information_arb`` at the returned prior and ``kl_arb`` of every row
against the returned output pmf.

Goal (PITFALLS, brief): gap <= 1e-12 in <= 5 s per channel.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from fractions import Fraction

from exactpriv.measures.engines.information.shannon import capacity_enclosure, kl_arb, mutual_information_arb


def exponential_mechanism(n: int = 6, m: int = 3, alpha: int = 2) -> list[list[Fraction]]:
    pts = list(itertools.product(range(m), repeat=n))
    norm = (1 + Fraction(m - 1, alpha)) ** n
    weight = [Fraction(1, alpha**d) / norm for d in range(n + 1)]
    return [[weight[sum(a != b for a, b in zip(x, y))] for y in pts] for x in pts]


def random_channel(N: int = 729, seed: int = 0, hi: int = 100) -> list[list[Fraction]]:
    rng = random.Random(seed)
    rows = []
    for _ in range(N):
        a = [rng.randrange(hi) for _ in range(N)]
        if not any(a):
            a[0] = 1
        s = sum(a)
        rows.append([Fraction(v, s) for v in a])
    return rows


def _exact(ball) -> Fraction:
    man, exp = ball.man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def _upper_end(ball) -> Fraction:
    return _exact(ball.mid()) + _exact(ball.rad())


def _lower_end(ball) -> Fraction:
    return _exact(ball.mid()) - _exact(ball.rad())


def run(name: str, W, gap: Fraction, recheck: bool) -> float:
    t = time.perf_counter()
    r = capacity_enclosure(W, gap=gap)
    total = time.perf_counter() - t
    tm = r.timings
    print(
        f"{name:>22}: total {total:6.2f} s  (setup {tm['setup']:.2f}, float {tm['float']:.2f}, "
        f"arb certificate {tm['certificate']:.2f})  C in [{float(r.lower):.15f}, {float(r.upper):.15f}]  "
        f"width {float(r.width):.2e}  iterations {r.iterations}  prec {r.precision}  "
        f"support {sum(1 for p in r.prior if p)}  converged {r.converged}"
    )
    if recheck:
        t = time.perf_counter()
        lo = mutual_information_arb(r.prior, W)
        up = max((kl_arb(row, r.output) for row in W), key=lambda b: float(b.upper()))
        # certified consistency: lower <= I(prior) and max_x D(W_x||output) <= upper must be
        # possible, i.e. the re-computed balls reach the returned bounds
        ok = _upper_end(lo) >= r.lower and _lower_end(up) <= r.upper
        print(f"{'':>22}  re-check {'OK' if ok else 'FAILED'}: I(prior) = {lo.str(20)}, "
              f"max_x D(W_x||output) = {up.str(20)} ({time.perf_counter() - t:.2f} s)")
        if not ok:
            raise SystemExit("certificate re-check failed")
    return total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gap", default="1/1000000000000", help="requested certified gap (exact rational)")
    ap.add_argument("--seeds", type=int, default=3, help="number of random channels")
    ap.add_argument("--recheck", action="store_true", help="re-check each certificate independently")
    args = ap.parse_args(argv)
    gap = Fraction(args.gap)
    print(f"capacity_enclosure, gap <= {float(gap):.1e}")
    t = time.perf_counter()
    W = exponential_mechanism()
    print(f"(built exponential mechanism 729x729 in {time.perf_counter() - t:.2f} s, not timed)")
    worst = run("exp. mechanism n=6 m=3", W, gap, args.recheck)
    for seed in range(args.seeds):
        t = time.perf_counter()
        W = random_channel(seed=seed)
        print(f"(built random channel seed {seed} in {time.perf_counter() - t:.2f} s, not timed)")
        worst = max(worst, run(f"random seed {seed}", W, gap, args.recheck))
    print(f"worst total: {worst:.2f} s (goal <= 5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
