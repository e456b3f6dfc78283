"""Speed-up of the dask runner (--workers 2) against the serial run of the same shards, measured in the same
run, and the times of the two conjectures of issue 14 with default settings (no --space).

    python bench/bench_distributed.py [--claim zhao2019.thm1_conv] [--max-examples 60] [--seconds 600]

The hunt is bounded by --max-examples (not the clock), so both runs do the same work and must give the same
verdicts and witnesses; the ratio includes the cluster's start-up (about 2–5 s on this machine).
"""

from __future__ import annotations

import argparse
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--claim", default="zhao2019.thm1_conv")
    ap.add_argument("--max-examples", type=int, default=60)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--skip-conjectures", action="store_true")
    args = ap.parse_args()

    from counterexamples.conjecture import conjecture
    from counterexamples.distributed import run_hunt
    from exactpriv.claims.banks import find_claim

    claim = find_claim(args.claim)

    def sig(rs):
        return [(r.reading, r.verdict.value, None if r.witness is None else r.witness.label) for r in rs]

    t = time.perf_counter()
    serial = run_hunt(claim, seconds=args.seconds, seed=0, max_examples=args.max_examples)
    t_serial = time.perf_counter() - t
    t = time.perf_counter()
    parallel = run_hunt(claim, seconds=args.seconds, seed=0, max_examples=args.max_examples, workers=2)
    t_parallel = time.perf_counter() - t
    print(f"hunt {args.claim} ({len(serial)} readings, max_examples={args.max_examples}):")
    print(f"  serial (in-process shards) {t_serial:.1f} s   --workers 2 {t_parallel:.1f} s   "
          f"speed-up x{t_serial / t_parallel:.2f}   same verdicts and witnesses: {sig(serial) == sig(parallel)}")

    if args.skip_conjectures:
        return
    for label, kw in (("pure_dp => capacity <= eps", dict(given="pure_dp", measure="capacity", bound="eps")),
                      ("renyi_dp(alpha=2) => approx_dp(delta=1/1000) <= eps + log(1/delta)/alpha",
                       dict(given="renyi_dp", measure="approx_dp", bound="eps + log(1/delta)/alpha",
                            params={"alpha": 2, "delta": "1/1000"}))):
        t = time.perf_counter()
        res = conjecture(seconds=60, **kw)
        took = time.perf_counter() - t
        w = res.witness or {}
        print(f"conjecture {label}: {res.verdict.value} in {took:.1f} s (default settings, no --space); "
              f"witness: {w.get('label')}")


if __name__ == "__main__":
    main()
