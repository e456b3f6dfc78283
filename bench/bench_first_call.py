"""Benchmark: first call vs repeat call of pure_dp, kl_dp and mi_dp on a 729-input mechanism.

Each measure runs in a fresh Python process (``python -X importtime`` is not needed: the
import is timed separately), on a random rational mechanism on {0,1,2}^6 built from integer
rows and on the exponential mechanism E_d (e^ε = 2):

* import   -- ``import exactpriv`` plus the measure's module;
* first    -- the first call in the process on a new mechanism;
* repeat   -- the same call again on the same mechanism object (per-mechanism caches warm);
* new      -- the call on a second, newly built mechanism of the same kind (process warm,
  mechanism cold): what a user measuring many mechanisms pays per mechanism.

Ratios printed: first/repeat and new/repeat (medians of RUNS processes, default 3).
Run:  python bench/bench_first_call.py [RUNS]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

CHILD = r'''
import json, sys, time
t0 = time.perf_counter()
import numpy as np
import exactpriv
from exactpriv.measures.divergence import kl_dp, pure_dp
from exactpriv.measures.channel_capacity import mi_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming
from exactpriv.spaces import Hamming
from fractions import Fraction
t_import = time.perf_counter() - t0
name, kind, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
fn = {"pure_dp": pure_dp, "kl_dp": kl_dp, "mi_dp": mi_dp}[name]
S = Hamming(range(3), 6)
def build(s):
    if kind == "random":
        num = np.random.default_rng(s).integers(1, 1000, size=(S.size, S.size), dtype=np.int64)
        return Mechanism.from_integer_rows(S, list(range(S.size)), num, num.sum(axis=1))
    return exponential_mechanism_hamming(range(3), 6, exp_eps=Fraction(2 + s, 1 + s))
def timed(M):
    t = time.perf_counter(); fn(M); return time.perf_counter() - t
M = build(seed)
first = timed(M)
repeat = min(timed(M) for _ in range(3))
M2 = build(seed + 1)
new = timed(M2)
print(json.dumps({"import": t_import, "first": first, "repeat": repeat, "new": new}))
'''


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"first call vs repeat, 729 inputs, each measure in {runs} fresh processes (medians) "
          f"[load {os.getloadavg()[0]:.1f}]")
    for kind in ("random", "exponential"):
        for name in ("pure_dp", "kl_dp", "mi_dp"):
            rs = []
            for _ in range(runs):
                out = subprocess.run([sys.executable, "-c", CHILD, name, kind, "0"], capture_output=True, text=True,
                                     check=True, env=dict(os.environ))
                rs.append(json.loads(out.stdout.strip().splitlines()[-1]))
            r = {k: statistics.median(x[k] for x in rs) for k in rs[0]}
            print(f"{name:>8} {kind:>11}: import {r['import']:.2f}s | first {r['first']:.3f}s  repeat {r['repeat']:.3f}s "
                  f"new mechanism {r['new']:.3f}s -> first/repeat x{r['first'] / r['repeat']:.1f}, "
                  f"new/repeat x{r['new'] / r['repeat']:.1f} [load {os.getloadavg()[0]:.1f}]", flush=True)


if __name__ == "__main__":
    main()
