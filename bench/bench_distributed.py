"""Speed-up of the dask runner (--workers 2) against the serial run of the same shards, measured in the same
run, for ``hunt`` and ``verify``; and the times of the two conjectures of issue 14 with default settings.

    python bench/bench_distributed.py [--claim zhao2019.thm1_conv] [--max-examples 60] [--only PREFIXES]
                                      [--workers 2] [--skip-conjectures]

hunt: bounded by --max-examples (not the clock), so both runs do the same work and must give the same
verdicts and witnesses.  verify: every reading of the selected claims (default: the whole installed bank), one
shard a claim × reading.  Each ratio is serial / parallel wall time *including* the cluster's start-up and
the workers' cold imports (a fresh process loads the banks and warms sympy's caches; the serial run reuses
this process's).  The machine is shared: the load average before and after each measurement is printed,
and a ratio means little when the load is above the number of cores.
"""

from __future__ import annotations

import argparse
import json
import os
import time


def _load() -> str:
    return "load %.1f %.1f %.1f" % os.getloadavg()


def _strip(v):
    """A result's JSON without its timings (also inside certificates)."""
    if isinstance(v, dict):
        return {k: _strip(x) for k, x in v.items() if k != "seconds"}
    return [_strip(x) for x in v] if isinstance(v, list) else v


def _timed(fn):
    before = _load()
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t, f"{before} -> {_load()}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--claim", default="zhao2019.thm1_conv")
    ap.add_argument("--max-examples", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--only", default=None, help="verify only these claims / prefixes (default: every claim)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-conjectures", action="store_true")
    args = ap.parse_args()

    from counterexamples.conjecture import conjecture
    from counterexamples.distributed import run_hunt, run_verify
    from exactpriv.claims.banks import find_claim, resolve_banks, select_claims

    print(f"{os.cpu_count()} cores; {_load()} (1, 5, 15 min)")
    claim = find_claim(args.claim)

    def sig(rs):
        return [(r.reading, r.verdict.value, None if r.witness is None else r.witness.label) for r in rs]

    serial, t_s, load_s = _timed(lambda: run_hunt(claim, seconds=args.seconds, seed=0,
                                                  max_examples=args.max_examples))
    parallel, t_p, load_p = _timed(lambda: run_hunt(claim, seconds=args.seconds, seed=0,
                                                    max_examples=args.max_examples, workers=args.workers))
    print(f"hunt {args.claim} ({len(serial)} readings, max_examples={args.max_examples}):")
    print(f"  serial (in-process shards) {t_s:.1f} s [{load_s}]   --workers {args.workers} {t_p:.1f} s [{load_p}]   "
          f"speed-up x{t_s / t_p:.2f}   same verdicts and witnesses: {sig(serial) == sig(parallel)}")

    claims = [c for c in select_claims(resolve_banks(None), args.only) if c.encodable]
    n = sum(len(c.readings) for c in claims)
    serial, t_s, load_s = _timed(lambda: run_verify(claims))
    parallel, t_p, load_p = _timed(lambda: run_verify(claims, workers=args.workers))
    same = [_strip(r.to_json()) for r in serial] == [_strip(r.to_json()) for r in parallel]
    print(f"verify ({n} readings of {len(claims)} claims):")
    print(f"  serial {t_s:.1f} s [{load_s}]   --workers {args.workers} {t_p:.1f} s [{load_p}]   "
          f"speed-up x{t_s / t_p:.2f}   same JSON (timings aside): {same}")

    if args.skip_conjectures:
        return
    for label, kw in (("pure_dp => capacity <= eps", dict(given="pure_dp", measure="capacity", bound="eps")),
                      ("renyi_dp(alpha=2) => approx_dp(delta=1/1000) <= eps + log(1/delta)/alpha",
                       dict(given="renyi_dp", measure="approx_dp", bound="eps + log(1/delta)/alpha",
                            params={"alpha": 2, "delta": "1/1000"}))):
        res, took, load = _timed(lambda kw=kw: conjecture(**kw))  # the defaults: 30 s budget, no space
        w = res.witness or {}
        print(f"conjecture {label}: {res.verdict.value} in {took:.1f} s [{load}] (default settings, no --space); "
              f"witness: {w.get('label')}; {json.dumps(res.searched)[:160]}")


if __name__ == "__main__":
    main()
