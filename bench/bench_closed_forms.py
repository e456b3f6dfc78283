"""Benchmark: pure ε and δ(ε') from the families' formulas against building and scanning the mechanism.

exactpriv/measures/closed_forms.py answers the truncated geometric mechanism on counts 0..n, k-ary randomized
response, the exponential mechanism E_d on {0,1}^n and RAPPOR from their parameters (tests/measures/
test_closed_forms.py differential-tests each against the scans in every regime).  Measured in the same run, CPU
time (process_time), for each family:

* closed form: from the parameters (the RAPPOR one reads the items' Bloom bits: one integer matrix product);
* scan: build the mechanism with the zoo and measure it — the path every call took before (the shift-structure
  engine for the geometric, the product engine for RAPPOR, the matrix scan for RR and E_d) —

and the ratio scan/closed.  Both values are printed and must be equal (the run stops otherwise).

Run:  python bench/bench_closed_forms.py [--geometric 10000] [--rr 1000] [--hamming 8] [--rappor-items 1000]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from fractions import Fraction

import sympy

from exactpriv.measures.approx import approx_dp
from exactpriv.measures.closed_forms import (rappor_pure_dp, rr_delta, rr_pure_dp, truncated_geometric_delta,
                                             truncated_geometric_pure_dp)
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming, randomized_response, rappor, truncated_geometric


def _timed(fn):
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def _row(what, closed, scan, tc, ts):
    assert closed == scan or sympy.simplify(sympy.exp(closed - scan)) == 1, (what, closed, scan)
    print(f"{what:52} closed {tc * 1e3:9.2f} ms   scan {ts * 1e3:10.1f} ms   ratio {ts / max(tc, 1e-6):9.0f}x   "
          f"value {sympy.sstr(closed)[:40]}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--geometric", type=int, default=10_000)
    ap.add_argument("--rr", type=int, default=1_000)
    ap.add_argument("--hamming", type=int, default=8)
    ap.add_argument("--rappor-items", type=int, default=1_000)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores shared); CPU seconds per computation")
    t, g = Fraction(11, 10), Fraction(21, 20)
    log = lambda r: sympy.log(sympy.Rational(r.numerator, r.denominator))  # noqa: E731

    n = args.geometric
    c, tc = _timed(lambda: truncated_geometric_pure_dp(n, t).value)
    s, ts = _timed(lambda: pure_dp(truncated_geometric(n, exp_eps=t)).value)
    _row(f"truncated geometric 0..{n:,}: pure ε", c, s, tc, ts)
    c, tc = _timed(lambda: truncated_geometric_delta(n, t, g))
    s, ts = _timed(lambda: approx_dp(truncated_geometric(n, exp_eps=t)).value.delta(log(g)))
    _row(f"truncated geometric 0..{n:,}: δ(ln 21/20)", c, s, tc, ts)

    k = args.rr
    c, tc = _timed(lambda: rr_pure_dp(k, t).value)
    s, ts = _timed(lambda: pure_dp(randomized_response(k, exp_eps=t)).value)
    _row(f"randomized response k = {k:,}: pure ε", c, s, tc, ts)
    c, tc = _timed(lambda: rr_delta(k, t, g))
    s, ts = _timed(lambda: approx_dp(randomized_response(k, exp_eps=t)).value.delta(log(g)))
    _row(f"randomized response k = {k:,}: δ(ln 21/20)", c, s, tc, ts)

    h = args.hamming
    c, tc = _timed(lambda: rr_pure_dp(2, t).value)
    s, ts = _timed(lambda: pure_dp(exponential_mechanism_hamming(range(2), h, exp_eps=t)).value)
    _row(f"exponential mechanism E_d on {{0,1}}^{h}: pure ε", c, s, tc, ts)

    rnd = random.Random(0)
    items, bits = list(range(args.rappor_items)), 128
    hashes = {x: set(rnd.sample(range(bits), 4)) for x in items}
    sets = [hashes[x] for x in items]
    c, tc = _timed(lambda: rappor_pure_dp(sets, Fraction(3, 4), Fraction(1, 4)).value)
    s, ts = _timed(lambda: pure_dp(rappor(items, bits, hashes, f=Fraction(1, 2))).value)
    _row(f"RAPPOR {len(items):,} items, 128 bits, h = 4: pure ε", c, s, tc, ts)


if __name__ == "__main__":
    main()
