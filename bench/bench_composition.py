"""Benchmark: exact δ(ε) and ε(δ) of k-fold randomized response, against dp_accounting and the naive expansion.

Exact: ``approx_dp(k_fold(RR, k))`` through composed privacy-loss distributions
(exactpriv/measures/engines/composition.py: atoms grouped by exact log-ratio, k + 1 of them).
References in the same run: Google's dp_accounting (float PLD, ``from_randomized_response`` then
``self_compose(k)``, default discretisation 1e-4; both the pessimistic and the optimistic estimate, whose
bracket must contain the exact δ), and for small k the matrix scan of the expanded product (2^k outputs).
Each figure is printed with its ratio and the load average (the machine is shared).

Targets (issue 24): k = 1,000 in <= 1 s; at k = 100 no slower than dp_accounting.

Run:  python bench/bench_composition.py [--e0 11/10] [--delta 1e-6]
"""

from __future__ import annotations

import argparse
import math
import os
import time
from fractions import Fraction

from exactpriv.measures.divergence import space_edges
from exactpriv.measures.approx import _profile, approx_dp
from exactpriv.mechanisms import k_fold
from exactpriv.mechanisms.zoo import randomized_response


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def best_of(f, n=3):
    ts, out = [], None
    for _ in range(n):
        t = time.perf_counter()
        out = f()
        ts.append(time.perf_counter() - t)
    return min(ts), out


def exact(e0: Fraction, k: int, gamma: Fraction, delta: Fraction):
    prof = approx_dp(k_fold(randomized_response(exp_eps=e0), k)).value  # fresh: nothing cached
    return prof.delta(exp_eps=gamma), prof.epsilon(delta)


def dp_acc(e0: Fraction, k: int, eps: float, delta: float, pessimistic: bool):
    from dp_accounting.pld import privacy_loss_distribution as pld

    p_true = e0 / (1 + e0)
    noise = float(2 * (1 - p_true))  # dp_accounting: the true value w.p. 1 - noise, else uniform over 2
    d = pld.from_randomized_response(noise, 2, pessimistic_estimate=pessimistic).self_compose(k)
    return d.get_delta_for_epsilon(eps), d.get_epsilon_for_delta(delta)


def naive(e0: Fraction, k: int, gamma: Fraction, delta: Fraction):
    P = k_fold(randomized_response(exp_eps=e0), k)
    prof = _profile(P, space_edges(P.inputs), "neighbour pairs", "approx_dp").value  # expands 2^k outputs
    return prof.delta(exp_eps=gamma), prof.epsilon(delta)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--e0", default="11/10", help="e^eps0 of one randomized response (rational)")
    ap.add_argument("--delta", default="1/1000000")
    args = ap.parse_args()
    e0, delta = Fraction(args.e0), Fraction(args.delta)
    print(f"k-fold RR, e^eps0 = {e0}; delta(eps) at e^eps = e0^(k/4) rounded, eps(delta) at delta = {delta}")
    print(f"{'k':>6} {'exact s':>9} {'dp_acc s':>9} {'ratio':>7} {'naive s':>9} {'ratio':>8}  load  "
          "exact delta in dp_accounting's bracket")
    for k in (10, 16, 50, 100, 1000):
        gamma = Fraction(round(float(e0) ** (k / 4) * 1000), 1000)
        eps = math.log(gamma)
        t_ex, (d_ex, e_ex) = best_of(lambda: exact(e0, k, gamma, delta))
        t_dp, (d_hi, e_hi) = best_of(lambda: dp_acc(e0, k, eps, float(delta), True))
        d_lo, _ = dp_acc(e0, k, eps, float(delta), False)
        inside = d_lo - 1e-12 <= float(d_ex) <= d_hi + 1e-12
        if k <= 16:
            t_nv, (d_nv, e_nv) = best_of(lambda: naive(e0, k, gamma, delta), n=1)
            assert d_nv == d_ex and e_nv == e_ex, "the composed PLD and the expanded scan disagree"
            nv = f"{t_nv:9.3f} {t_nv / t_ex:7.0f}x"
        else:
            nv = f"{'-':>9} {'-':>8}"
        print(f"{k:>6} {t_ex:9.4f} {t_dp:9.4f} {t_ex / t_dp:6.2f}x {nv}  {load():>4}  "
              f"{inside} (delta = {float(d_ex):.6g}; eps(delta) = {float(e_ex.evalf(15)) if hasattr(e_ex, 'evalf') else e_ex} "
              f"vs pessimistic {e_hi:.6g})")


if __name__ == "__main__":
    main()
