"""Benchmark: pure ε and δ(ε') of structured families — formula, dispatch, scan, and OpenDP's privacy map.

exactpriv/measures/closed_forms.py answers the truncated geometric mechanism on counts 0..n, k-ary randomized
response, the exponential mechanism E_d on {0,1}^n and RAPPOR from their formulas, and ``pure_dp`` / ``approx_dp``
dispatch a mechanism the zoo tagged with its family to them (tests/measures/test_closed_forms.py differential-tests
each against the scans in every regime).  Measured in the same run, CPU time (process_time, best of 3), per family:

* formula: from the parameters alone (no mechanism);
* dispatch: ``pure_dp(M)`` / ``approx_dp(M).value.delta`` on the built, tagged mechanism (the formula, plus the
  witness's ratio or the profile's line re-read from M's entries);
* scan: the same call on an untagged copy of the same object — the path every call took before the dispatch (the
  shift-structure engine for the geometric, the product engine for RAPPOR, the matrix scan for RR and E_d);
* OpenDP: building the measurement and calling its privacy map (float ε; the reference of issue 24: "OpenDP answers
  the geometric mechanism on 0..10⁴ and RAPPOR ... from formulas"), when the optional ``opendp`` extra is installed;
* build: the zoo's constructor, paid once per mechanism by both exactpriv paths (the truncated geometric is built
  lazily: its window and tails, 35,000-bit integers at 0..10⁴, are made on first use; the scan column's mechanism has
  them made outside the timing, and the eager build is printed on its own line).

For the geometric the line below it compares build + dispatch with OpenDP's build + map (both sides from nothing).

Ratios printed: scan/dispatch (the gain of the dispatch) and dispatch/OpenDP (how far from a float formula).  The
values of formula, dispatch and scan are compared exactly (the run stops otherwise).

Also group privacy at distance <= 3 on counts 0..500 and 0..10⁴ (formula / shift structure / dense scan at 500),
the count query with geometric noise on {0,1}^12 (build from integer rows vs per-entry Fractions; pure ε),
``group_approx_dp`` of tagged families (the worst pair's profile against the scans over every pair at distance <= k),
and ``pure_dp`` of the 1,000-fold composition of randomized response (k times the factor's worst ratio against the
product engine over 1,000 distinct equal factors, and ``conjecture(..., operator="compose")`` at k = 1,000).

Run:  python bench/bench_closed_forms.py [--geometric 10000] [--rr 1000] [--hamming 8] [--rappor-items 1000]
                                         [--count-query 12]
"""

from __future__ import annotations

import argparse
import copy
import math
import os
import random
import time
from fractions import Fraction

import sympy

from exactpriv.measures.approx import approx_dp
from exactpriv.measures.closed_forms import (rappor_pure_dp, rr_delta, rr_pure_dp, truncated_geometric_delta,
                                             truncated_geometric_pure_dp)
from exactpriv.measures.divergence import group_privacy, pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import (exponential_mechanism_hamming, geometric_family, randomized_response, rappor,
                                      truncated_geometric)
from exactpriv.spaces import Hamming

try:
    import opendp.prelude as dp

    dp.enable_features("contrib")
except ImportError:  # the optional extra: the OpenDP column is left out
    dp = None


def _best(fn, build=None, repeat=3):
    """(value, best CPU seconds of ``repeat`` runs); ``build()`` makes a fresh input outside the timing."""
    best, out = math.inf, None
    for _ in range(repeat):
        arg = build() if build is not None else None
        t0 = time.process_time()
        out = fn(arg) if build is not None else fn()
        best = min(best, time.process_time() - t0)
    return out, best


def _untagged(M):
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


def _made(M):
    """M with a lazily built geometric's integers made (the cost the scans paid before the lazy build)."""
    getattr(M, "window", None)
    return M


def _same(a, b):
    return a == b or sympy.simplify(sympy.exp(sympy.sympify(a) - sympy.sympify(b))) == 1


def _row(what, values, t_formula, t_dispatch, t_scan, t_opendp, t_build):
    assert all(_same(values[0], v) for v in values[1:]), (what, values)
    od = f"{t_opendp * 1e3:8.2f} ms" if t_opendp is not None else "       —   "
    vs_od = f"{t_dispatch / t_opendp:8.1f}x" if t_opendp else "      — "
    print(f"{what:44} formula {t_formula * 1e3:7.2f} ms  dispatch {t_dispatch * 1e3:8.2f} ms  scan {t_scan * 1e3:9.1f} ms"
          f"  OpenDP {od}  build {t_build * 1e3:8.1f} ms  | scan/dispatch {t_scan / max(t_dispatch, 1e-7):9.0f}x"
          f"  dispatch/OpenDP {vs_od}  value {sympy.sstr(values[0])[:24]}", flush=True)


def _opendp_geometric(n, t):
    m = dp.m.make_geometric(dp.atom_domain(bounds=(0, n), T=int), dp.absolute_distance(T=int), scale=1 / math.log(t))
    return m.map(1)


def _opendp_rappor(h, f):
    m = dp.m.make_randomized_response_bitvec(dp.bitvector_domain(max_weight=h), dp.discrete_distance(), f=f)
    return m.map(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--geometric", type=int, default=10_000)
    ap.add_argument("--rr", type=int, default=1_000)
    ap.add_argument("--hamming", type=int, default=8)
    ap.add_argument("--rappor-items", type=int, default=1_000)
    ap.add_argument("--count-query", type=int, default=12, help="records of the count query on {0,1}^n")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores shared); CPU seconds per computation, best of 3"
          f"{'' if dp else '; OpenDP not installed (pip install exactpriv[opendp])'}")
    t, g = Fraction(11, 10), Fraction(21, 20)
    log_g = sympy.log(sympy.Rational(g.numerator, g.denominator))

    n = args.geometric
    build = lambda: truncated_geometric(n, exp_eps=t)  # noqa: E731
    made = lambda: _made(_untagged(build()))  # noqa: E731  (the integers made outside the timing)
    _, tb = _best(build)
    _, te = _best(lambda: geometric_family(Fraction(1)).at(t, n))
    c, tc = _best(lambda: truncated_geometric_pure_dp(n, t).value)
    d, td = _best(lambda M: pure_dp(M).value, build)
    d2, tbd = _best(lambda: pure_dp(build()).value)
    s, ts = _best(lambda M: pure_dp(M).value, made)
    _, to = _best(lambda: _opendp_geometric(n, float(t))) if dp else (None, None)
    _row(f"truncated geometric 0..{n:,}: pure ε", [c, d, d2, s], tc, td, ts, to, tb)
    print(f"   (build + dispatch {tbd * 1e3:.2f} ms" + (f" vs OpenDP build + map {to * 1e3:.2f} ms: x{tbd / to:.1f}" if to
                                                        else "") +
          f"; the eager build of the same mechanism, its integers made: {te * 1e3:.1f} ms)")
    c, tc = _best(lambda: truncated_geometric_delta(n, t, g))
    d, td = _best(lambda M: approx_dp(M).value.delta(log_g), build)
    s, ts = _best(lambda M: approx_dp(M).value.delta(log_g), made)
    _row(f"truncated geometric 0..{n:,}: δ(ln 21/20)", [c, d, s], tc, td, ts, None, tb)

    k = args.rr
    build = lambda: randomized_response(k, exp_eps=t)  # noqa: E731
    _, tb = _best(build)
    c, tc = _best(lambda: rr_pure_dp(k, t).value)
    d, td = _best(lambda M: pure_dp(M).value, build)
    s, ts = _best(lambda M: pure_dp(_untagged(M)).value, build, repeat=1)
    _row(f"randomized response k = {k:,}: pure ε", [c, d, s], tc, td, ts, None, tb)
    c, tc = _best(lambda: rr_delta(k, t, g))
    d, td = _best(lambda M: approx_dp(M).value.delta(log_g), build)
    s, ts = _best(lambda M: approx_dp(_untagged(M)).value.delta(log_g), build, repeat=1)
    _row(f"randomized response k = {k:,}: δ(ln 21/20)", [c, d, s], tc, td, ts, None, tb)

    h = args.hamming
    build = lambda: exponential_mechanism_hamming(range(2), h, exp_eps=t)  # noqa: E731
    _, tb = _best(build)
    c, tc = _best(lambda: rr_pure_dp(2, t).value)
    d, td = _best(lambda M: pure_dp(M).value, build)
    s, ts = _best(lambda M: pure_dp(_untagged(M)).value, build)
    _row(f"exponential mechanism E_d on {{0,1}}^{h}: pure ε", [c, d, s], tc, td, ts, None, tb)

    # group privacy at distance <= 3 (issue 24: "group privacy on clamped mechanisms expands the full matrix"): the
    # formula min(k, n)·ε against the shift structure over the pairs (c, c+j), j <= 3, on counts 0..n; at 0..500
    # also the dense scan over the distance matrix of the materialised mechanism
    for n in (500, args.geometric):
        build = lambda: truncated_geometric(n, exp_eps=t)  # noqa: E731
        _, tb = _best(build)
        d, td = _best(lambda M: group_privacy(M, 3).value, build)
        s, ts = _best(lambda M: group_privacy(M, 3).value, lambda: _made(_untagged(build())), repeat=1)
        values = [3 * sympy.log(sympy.Rational(t.numerator, t.denominator)), d, s]
        if n <= 1_000:
            dense = lambda M: Mechanism.from_integer_rows(M.inputs, M.outputs, *M.integer_rows())  # noqa: E731
            s2, ts2 = _best(lambda D: group_privacy(D, 3).value, lambda: dense(build()), repeat=1)
            values.append(s2)
            print(f"   (counts 0..{n:,}: dense scan over the distance matrix {ts2 * 1e3:.1f} ms, "
                  f"dense/dispatch {ts2 / max(td, 1e-7):.0f}x)")
        _row(f"truncated geometric 0..{n:,}: group privacy k = 3", values, 0.0, td, ts, None, tb)

    # the count query with geometric noise on {0,1}^n (issue 24: "count_query_geometric builds rows per entry"):
    # build from one integer row per count against the per-entry Fraction construction of the same matrix, and
    # pure ε from the formula against the scan
    cq = args.count_query
    from exactpriv.mechanisms.zoo import _geometric_rows, count_query_geometric

    build = lambda: count_query_geometric(cq, exp_eps=t)  # noqa: E731
    _, tb = _best(build)

    def per_entry():
        space = Hamming((0, 1), cq)
        geo = _geometric_rows(cq, t)
        return Mechanism(space, list(range(cq + 1)), [list(geo[sum(x)]) for x in space.points])

    _, tpe = _best(per_entry, repeat=1)
    print(f"   (count query on {{0,1}}^{cq}: build {tb * 1e3:.1f} ms (its integer rows made on first use), "
          f"{tpe * 1e3:.1f} ms per entry (Fractions), per-entry/build {tpe / max(tb, 1e-7):.1f}x)")
    c, tc = _best(lambda: truncated_geometric_pure_dp(cq, t).value)
    d, td = _best(lambda M: pure_dp(M).value, build)
    s, ts = _best(lambda M: pure_dp(_untagged(M)).value, build)
    _row(f"count query + geometric on {{0,1}}^{cq}: pure ε", [c, d, s], tc, td, ts, None, tb)

    rnd = random.Random(0)
    items, bits, hh = list(range(args.rappor_items)), 128, 4
    hashes = {x: set(rnd.sample(range(bits), hh)) for x in items}
    sets = [hashes[x] for x in items]
    build = lambda: rappor(items, bits, hashes, f=Fraction(1, 2))  # noqa: E731
    _, tb = _best(build)
    c, tc = _best(lambda: rappor_pure_dp(sets, Fraction(3, 4), Fraction(1, 4)).value)
    d, td = _best(lambda M: pure_dp(M).value, build)
    s, ts = _best(lambda M: pure_dp(_untagged(M)).value, build)
    _, to = _best(lambda: _opendp_rappor(hh, 0.5)) if dp else (None, None)
    _row(f"RAPPOR {len(items):,} items, {bits} bits, h = {hh}: pure ε", [c, d, s], tc, td, ts, to, tb)

    # δ(ε') of RAPPOR: the composed privacy-loss distributions of the frontier's pairs (one per maximal set-difference
    # counts) against those of every pair (untagged), at 100 items (4,950 pairs) and the frontier alone at all items
    g3 = sympy.log(3)
    for n_items in (100, len(items)):
        sub = items[:n_items]
        build = lambda: rappor(sub, bits, {x: hashes[x] for x in sub}, f=Fraction(1, 2))  # noqa: E731
        _, tb = _best(build)
        d, td = _best(lambda M: approx_dp(M).value.delta(g3), build)
        if n_items <= 100:
            s, ts = _best(lambda M: approx_dp(_untagged(M)).value.delta(g3), build, repeat=1)
        else:
            s, ts = d, float("nan")
        _row(f"RAPPOR {n_items:,} items, {bits} bits, h = {hh}: δ(ln 3)", [d, s], 0.0, td, ts, None, tb)

    group_and_composition_rows(t, g)


def group_and_composition_rows(t, g):
    """group_approx_dp of tagged families, and pure ε of a 1,000-fold composition (module doc)."""
    from exactpriv.measures.approx import group_approx_dp
    from exactpriv.mechanisms.base import ProductMechanism
    from exactpriv.mechanisms.operators import k_fold
    from exactpriv.mechanisms.zoo import count_query_geometric

    for label, build, k in ((f"truncated geometric 0..200, k = 200", lambda: truncated_geometric(200, exp_eps=t), 200),
                            ("count query + geometric on {0,1}^10, k = 3",
                             lambda: count_query_geometric(10, exp_eps=t), 3),
                            ("exponential mechanism E_d on {0,1}^8, k = 3",
                             lambda: exponential_mechanism_hamming(range(2), 8, exp_eps=t), 3)):
        d, td = _best(lambda M: group_approx_dp(M, k).value.delta(exp_eps=g), build)
        s, ts = _best(lambda M: group_approx_dp(_untagged(M), k).value.delta(exp_eps=g), build, repeat=1)
        _row(f"{label}: group δ_k(ln 21/20)", [d, s], 0.0, td, ts, None, 0.0)
    R = randomized_response(2, exp_eps=Fraction(3))
    d, td = _best(lambda: pure_dp(k_fold(R, 1000)).value)
    s, ts = _best(lambda: pure_dp(ProductMechanism([randomized_response(2, exp_eps=Fraction(3))
                                                    for _ in range(1000)])).value, repeat=1)
    _row("RR^1,000 (k_fold): pure ε = 1,000·ln 3", [d, s, 1000 * sympy.log(3)], 0.0, td, ts, None, 0.0)
    from counterexamples.conjecture import conjecture

    kw = dict(given="pure_dp", measure="pure_dp", bound="k*eps", params={"k": [1000]}, operator="compose",
              space="hamming:m=2,n=1", max_examples=3)
    conjecture(**kw)  # imports and tables once
    v, tcj = _best(lambda: conjecture(**kw).verdict)
    print(f"   (conjecture(..., operator='compose', k = 1,000, pure ε <= k·ε): {v}, {tcj * 1e3:.0f} ms CPU)")


if __name__ == "__main__":
    main()
