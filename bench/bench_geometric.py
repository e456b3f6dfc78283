"""Benchmark: truncated geometric mechanisms on counts (Ghosh–Roughgarden–Sundararajan).

``truncated_geometric`` returns a ClampedNoiseMechanism: the O(n) window and tails of the noise,
pure ε and δ(ε) over neighbouring counts from the shift structure
(``exactpriv/measures/engines/clamped.py``).  Printed in the same run, for each size:

* rational e^ε on counts 0..n: build, exact pure ε, exact δ(ε') at one e^ε', the full δ profile
  (its pieces); each checked against the closed forms pure ε = ε (boundary columns included)
  and δ(ε') = (e^ε − e^ε')/(e^ε + 1) for ε' <= ε; next to
  - numpy float64: a dense log-domain scan of the neighbour log-ratios and a dense float δ(ε')
    (chunked rows; the naive float computation a user would write), and float64 with the same
    shift structure (O(n) vectors), each with the ratio exact/float;
  - the dense exact engine on the materialised integer matrix (``--dense-up-to``), the path every
    rational mechanism took before;
* symbolic ε on counts 0..n: build (family certified once for all ε) and pure ε for all ε, next to
  the per-entry path (sympy entries, dense symbolic scan with real-root isolation; ``--per-entry``).

Targets (issue 15): symbolic 0..100 built and measured <= 10 s; rational 0..1000 measured exactly;
(issue 14) exact pure ε and δ(ε) up to 10^4 outputs.

Run:  python bench/bench_geometric.py [--rational 1000,10000] [--bases 2,11/10] [--symbolic 100,1000,10000]
                                      [--per-entry 20,100] [--dense-up-to 300]
"""

from __future__ import annotations

import argparse
import math
import os
import time
from fractions import Fraction

import numpy as np
import sympy

from exactpriv import EPS
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms import clamped, zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.clamped import count_space
from exactpriv.mechanisms.zoo import _geometric_family_rows, truncated_geometric
from exactpriv.spaces import set_enumeration_limit


def load():
    return "load %.2f %.2f %.2f" % os.getloadavg()


def timed(f):
    t0 = time.perf_counter()
    v = f()
    return time.perf_counter() - t0, v


def float_reference(n, a: Fraction, g: Fraction, block=512):
    """numpy float64, dense rows in blocks: max neighbour log-ratio and δ at e^ε' = g."""
    al = 1.0 / float(a)
    lal = math.log(al)
    z = np.arange(n + 1)
    gf = float(g)
    best_lr, best_delta = -np.inf, 0.0

    def log_rows(cs):
        k = np.abs(z[None, :] - cs[:, None]).astype(np.float64)
        inner = np.log1p(-al) - np.log1p(al)
        ends = -np.log1p(al)
        L = k * lal + inner
        L[:, 0] = k[:, 0] * lal + ends
        L[:, -1] = k[:, -1] * lal + ends
        return L

    for s in range(0, n, block):
        cs = np.arange(s, min(s + block, n) + 1)  # one extra row for the edge to the next block
        L = log_rows(cs)
        D = L[:-1] - L[1:]
        best_lr = max(best_lr, float(np.abs(D).max()))
        P = np.exp(L)  # underflows to 0 far from the diagonal
        fwd = np.maximum(P[:-1] - gf * P[1:], 0).sum(axis=1)
        bwd = np.maximum(P[1:] - gf * P[:-1], 0).sum(axis=1)
        best_delta = max(best_delta, float(fwd.max()), float(bwd.max()))
    return best_lr, best_delta


def float_structured(n, a: Fraction, g: Fraction):
    """numpy float64 with the same shift structure (O(n) vectors): consecutive log-ratios of the
    window and tails, δ at e^ε' = g from prefix sums of the per-shift terms."""
    al = 1.0 / float(a)
    k = np.arange(-(n - 1), n, dtype=np.float64)
    logW = np.abs(k) * math.log(al) + np.log1p(-al) - np.log1p(al)
    j = np.arange(n + 1, dtype=np.float64)
    logT = j * math.log(al) - np.log1p(al)  # P(Z <= -j) = P(Z >= j)
    lr = max(float(np.abs(np.diff(logW)).max()) if n > 1 else 0.0, float(np.abs(np.diff(logT)).max()))
    W, T = np.exp(logW), np.exp(logT)
    gf = float(g)
    tf = np.concatenate([[0.0], np.cumsum(np.maximum(W[1:] - gf * W[:-1], 0))])
    tb = np.concatenate([[0.0], np.cumsum(np.maximum(W[:-1] - gf * W[1:], 0))])
    c = np.arange(n)
    lo, hi = n - 1 - c, 2 * n - 2 - c
    ends_f = np.maximum(T[c] - gf * T[c + 1], 0) + np.maximum(T[n - c] - gf * T[n - c - 1], 0)
    ends_b = np.maximum(T[c + 1] - gf * T[c], 0) + np.maximum(T[n - c - 1] - gf * T[n - c], 0)
    delta = max(float((tf[hi] - tf[lo] + ends_f).max()), float((tb[hi] - tb[lo] + ends_b).max()))
    return lr, delta


def rational(n, a: Fraction, dense_up_to: int):
    g = Fraction(3, 2) if a >= 2 else (1 + a) / 2  # an e^ε' strictly between 1 and e^ε
    tb, M = timed(lambda: truncated_geometric(n, exp_eps=a))
    # the shift-structure engine measured here: without the zoo's tag (a tagged mechanism is answered from the
    # family's formula, measured by bench/bench_closed_forms.py)
    M.__dict__.pop("closed_form", None)
    tp, m = timed(lambda: pure_dp(M))
    td, d = timed(lambda: approx_dp(M).value.delta(exp_eps=g))
    tpr, pieces = timed(lambda: approx_dp(M).value.pieces)
    closed_d = (a - g) / (a + 1)
    bound_ok = all(M.prob(0, c) / M.prob(0, c + 1) == a and M.prob(n, c + 1) / M.prob(n, c) == a
                   for c in (0, n // 2, n - 1))
    ok = m.value == LogForm.log(a) and d == closed_d and bound_ok
    tf, (flr, fd) = timed(lambda: float_reference(n, a, g))
    exact_total = tp + td
    print(f"== rational e^eps = {a}, counts 0..{n} ({M.denominator.bit_length()}-bit denominator): "
          f"build {tb:.2f}s | pure eps = {m.value} in {tp:.2f}s | delta(e^eps'={g}) = {d} in {td:.2f}s | "
          f"profile {len(pieces)} pieces in {tpr:.2f}s")
    print(f"   closed forms (pure eps = ln {a}, boundary columns ratio {a}, delta = (e^eps - e^eps')/(e^eps + 1) "
          f"= {closed_d}): {'EQUAL' if ok else 'DIFFERENT'}")
    print(f"   numpy float64 dense log-domain scan + float delta: {tf:.2f}s (pure eps {flr:.15f}, "
          f"|err| {abs(flr - math.log(a)):.1e}; delta {fd:.15f}, |err| {abs(fd - float(closed_d)):.1e}) "
          f"-> exact/float x{exact_total / max(tf, 1e-9):.2f} (pure eps + delta)")
    ts, (slr, sd) = timed(lambda: float_structured(n, a, g))
    print(f"   numpy float64 with the same shift structure (O(n)): {ts:.4f}s (pure eps |err| "
          f"{abs(slr - math.log(a)):.1e}, delta |err| {abs(sd - float(closed_d)):.1e}) "
          f"-> exact/float x{exact_total / max(ts, 1e-9):.0f}")
    if n <= dense_up_to:
        tm, (num, den) = timed(lambda: M.integer_rows())
        D = Mechanism.from_integer_rows(M.inputs, M.outputs, num, den)
        tdp, md = timed(lambda: pure_dp(D))
        tdd, dd = timed(lambda: approx_dp(D).value.delta(exp_eps=g))
        same = md.value == m.value and dd == d
        print(f"   dense exact engine on the materialised {n + 1}x{n + 1} matrix: materialise {tm:.2f}s, "
              f"pure eps {tdp:.2f}s, delta {tdd:.2f}s ({'same values' if same else 'DIFFERENT VALUES'}) "
              f"-> structured is x{(tdp + tdd) / max(exact_total, 1e-9):.0f} faster")


def symbolic(n):
    # cold: the family and its proofs are cached after the first build; clear them so each size
    # pays the certification
    zoo._GEOMETRIC.clear()
    clamped._prove_identity_cached.cache_clear()
    clamped._prove_positive.cache_clear()
    tb, M = timed(lambda: truncated_geometric(n, eps=EPS))
    tp, m = timed(lambda: pure_dp(M))
    total = tb + tp
    print(f"== symbolic eps, counts 0..{n}: build (family certified for all eps) {tb:.2f}s, pure eps for all "
          f"eps = {m.value} in {tp:.2f}s; total {total:.2f}s [{'within' if total <= 10 else 'OVER'} the 10 s "
          f"target; closed form eps: {'EQUAL' if m.value == EPS else 'DIFFERENT'}]")
    return total


def per_entry(n, structured_total):
    """The path before the structure: sympy entries, dense symbolic scan with root isolation."""
    def run():
        rows = _geometric_family_rows(n, sympy.exp(EPS))
        D = Mechanism(count_space(n), list(range(n + 1)), None, _validated=rows)
        return pure_dp(D)
    t, m = timed(run)
    print(f"   per-entry path (sympy entries, dense symbolic scan), counts 0..{n}: {t:.2f}s, value {m.value} "
          f"-> structured is x{t / max(structured_total, 1e-9):.0f} faster")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rational", default="100,1000,10000")
    ap.add_argument("--bases", default="2,11/10")
    ap.add_argument("--symbolic", default="20,100,1000,10000")
    ap.add_argument("--per-entry", default="20,100")
    ap.add_argument("--dense-up-to", type=int, default=300)
    args = ap.parse_args()
    set_enumeration_limit(10**8)
    print(load())
    for a in [Fraction(v) for v in args.bases.split(",") if v]:
        for n in [int(v) for v in args.rational.split(",") if v]:
            rational(n, a, args.dense_up_to)
    pe = {int(v) for v in args.per_entry.split(",") if v}
    for n in [int(v) for v in args.symbolic.split(",") if v]:
        total = symbolic(n)
        if n in pe:
            per_entry(n, total)
    print(load())


if __name__ == "__main__":
    main()
