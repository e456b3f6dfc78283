"""Mutation benchmark (not a test): false variants of true bank claims must be refuted fast,
and the true originals must survive the same budget.

Each row: (bank claim it weakens, given, measure, space, prior kind, true bound, false bound).
Variants either weaken a constant or drop a hypothesis (independent -> correlated priors).
Prints time-to-refute per mutant, median and max (goal: median <= 2 s, max <= 30 s on 2
cores), and confirms no original is refuted within the same budget.

    python bench/bench_mutations.py [--seconds 30] [--seed N]

``--bank`` instead measures the recall of the search on the bank itself (issue 23): every true implication
or inequality reading's mechanical mutants (:mod:`counterexamples.mutation`: constant tightened by 10%,
≤ swapped for ≥, one hypothesis dropped), each hunted with ``--effort`` drawn instances; prints the kill rate,
the survivors (with how close the search came) and the readings that have no mutant.  The verdicts of the
originals come from ``--from-json verify.json`` (default: checked here, which takes minutes).

    python bench/bench_mutations.py --bank [--only PREFIX] [--effort 10] [--from-json verify.json]
"""

from __future__ import annotations

import argparse
import statistics
import time

from counterexamples.conjecture import conjecture

H1 = "hamming:m=2,n=1"
H3 = "hamming:m=3,n=1"
H22 = "hamming:m=2,n=2"

MUTANTS = [
    # claim, given, measure, space, prior, true bound, weakened bound
    ("cuff2016.lemma1 (21)", "pure_dp", "kl_dp", H1, "any", "Min(eps, eps**2)", "eps**2/3"),
    ("cuff2016.prop1_tight (11)", "pure_dp", "kl_dp", H1, "any", "eps*tanh(eps/2)", "99*eps*tanh(eps/2)/100"),
    ("cuff2016.eq9", "pure_dp", "kl_dp", H3, "any", "eps", "eps/4"),
    ("cuff2016.prop2 Pinsker", "kl_dp", "tv_dp", H1, "any", "sqrt(eps/2)", "sqrt(eps/8)"),
    ("cuff2016 tv under pure DP", "pure_dp", "tv_dp", H3, "any", "tanh(eps/2)", "tanh(eps/2)/2"),
    ("cuff2016 tv <= eps/2", "pure_dp", "tv_dp", H1, "any", "eps/2", "eps/4"),
    ("cuff2016.lemma2 (27)", "mi_dp", "tv_dp", H1, "any", "sqrt(2*eps)", "sqrt(eps)/4"),
    ("cuff2016.lemma1 (23)", "pure_dp", "mi_dp", H1, "any", "Min(eps, eps**2)", "eps**2/16"),
    ("cuff2016.lemma1 (22)", "kl_dp", "mi_dp", H1, "any", "eps", "eps/8"),
    ("cuff2016.eq53 n=1", "pure_dp", "capacity", H1, "any", "Min(eps, eps**2)", "eps**2/16"),
    ("cuff2016.prop7 free lunch n=2", "pure_dp", "free_lunch", H22, "any", "2*eps", "eps"),
    ("cuff2016 Renyi <= max divergence", "pure_dp", "renyi_dp", H3, "any", "eps", "eps/3"),
    ("cuff2016.lemma9 Sibson", "pure_dp", "sibson_mi", H1, "any", "eps", "eps/8"),
    ("cuff2016.sec6_4 adversarial", "pure_dp", "adversarial_privacy", H3, "any", "eps", "eps/2"),
    ("wang2016 MI privacy", "pure_dp", "mi_privacy", H1, "any", "Min(eps, eps**2)", "eps**2/16"),
    ("zhao2019.thm2_fwd", "pure_dp", "semantic_privacy", H1, "any", "exp(2*eps) - 1", "eps/10"),
    ("identitydp.prop2 (constant)", "pure_dp", "identity_dp", H22, "independent", "eps", "eps/2"),
    ("identitydp.prop2 (independence dropped)", "pure_dp", "identity_dp", H22, "correlated", None, "eps"),
    ("zhao2019 BDP under independence", "pure_dp", "bayesian_dp", H22, "independent", "eps", "eps/2"),
    ("identitydp.thm3", "identity_dp", "conditional_mi", H22, "independent", "eps", "eps/8"),
    ("cuff2016.prop12_strict (tv does not bound pure)", "tv_dp", "pure_dp", H1, "any", None, "100*eps"),
    ("cuff2016 KL <= pure", "pure_dp", "kl_dp", H22, "any", "eps", "eps/3"),
]


def bank_mutations(args) -> None:
    import json

    from counterexamples.mutation import mutation_run
    from exactpriv.claims import check_reading
    from theorems import all_claims

    claims = [c for c in all_claims() if c.id.startswith(args.only or "")]
    if args.from_json:
        verdicts = {(r["id"], r["reading"]): r["verdict"] for r in json.load(open(args.from_json)) if r.get("reading")}
    else:
        verdicts = {(c.id, r.name): check_reading(c, r).verdict.value for c in claims
                    if c.kind in ("implication", "inequality") for r in c.readings}
    t0 = time.perf_counter()
    out = mutation_run(claims, verdicts, effort=args.effort, seed=args.seed,
                       progress=lambda m: print(f"{'killed ' if m['killed'] else 'equivalent' if m.get('equivalent') else 'SURVIVED'} {m['claim']}/"
                                                f"{m['reading']} [{m['operator']}] {m['tried']} instances", flush=True))
    dt = time.perf_counter() - t0
    print()
    rate = "n/a" if out["kill_rate"] is None else f"{100 * out['kill_rate']:.1f}%"
    rate_in = "n/a" if out["kill_rate_in_scope"] is None else f"{100 * out['kill_rate_in_scope']:.1f}%"
    counted = out["total"] - out["equivalent"]
    print(f"mutation kill rate: {out['killed']}/{counted} non-equivalent mutants = {rate} at effort {args.effort} "
          f"(seed {args.seed}), {dt:.0f} s; {out['total']} mutants, {out['equivalent']} equivalent (true statements, "
          f"each with its reason); {out['readings']} true implication/inequality readings, {len(out['not_mutated'])} "
          "without a mechanical mutant")
    print(f"  without the {out['true_in_scope']} mutants true on every instance the search can draw (each with "
          f"its proof; false only on alphabets beyond any matrix): {out['killed']}/{counted - out['true_in_scope']} = {rate_in}")
    for m in out["mutants"]:
        if not m["killed"] and m.get("equivalent"):
            print(f"  equivalent [{m['equivalent']['rule']}] {m['claim']}/{m['reading']} [{m['operator']}]: "
                  f"{m['equivalent']['why']}")
    for m in out["mutants"]:
        if not m["killed"] and not m.get("equivalent"):
            outside = m.get("outside", {}).get("outside")
            print(f"  SURVIVOR {m['claim']}/{m['reading']} [{m['operator']}] {m['statement'][:70]}: {m['verdict']}, "
                  f"{m['tried']} instances, best margin {m['best_margin']}"
                  + (f", outside the dropped hypothesis: {outside}" if outside else "")
                  + (f"; {m['survivor_note']}" if m.get("survivor_note") else ""))
    if out["not_mutated"]:
        print("  not mutated:", ", ".join(out["not_mutated"]))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1, default=str)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bank", action="store_true", help="mutants of the bank's own readings (issue 23)")
    ap.add_argument("--only", default="", help="with --bank: claim-id prefix")
    ap.add_argument("--effort", type=int, default=10, help="with --bank: drawn instances per mutant")
    ap.add_argument("--from-json", default=None, help="with --bank: the originals' verdicts from verify.json")
    ap.add_argument("--json", default=None, help="with --bank: write every mutant's row to this file")
    args = ap.parse_args()
    if args.bank:
        bank_mutations(args)
        return
    times, failures, survivors = [], [], []
    print(f"{'claim':48} {'mutant':28} {'verdict':9} {'time':>7}  {'found by':34} original (same budget)")
    for claim, given, measure, space, prior, true_bound, false_bound in MUTANTS:
        t0 = time.perf_counter()
        res = conjecture(given=given, measure=measure, bound=false_bound, space=space, seconds=args.seconds,
                         seed=args.seed, prior=prior)
        dt = time.perf_counter() - t0
        if res.verdict.value == "REFUTED":
            times.append(dt)
        else:
            failures.append(claim)
        orig = "-"
        if true_bound is not None:
            o = conjecture(given=given, measure=measure, bound=true_bound, space=space,
                           seconds=args.seconds, seed=args.seed, prior=prior)
            orig = f"{o.verdict.value} ({o.tried} instances)"
            if o.verdict.value == "REFUTED":
                survivors.append(claim)
        print(f"{claim:48} {false_bound:28} {res.verdict.value:9} {dt:7.2f}  {res.extra.get('found_by', '-'):34} {orig}")
    print()
    if times:
        print(f"refuted {len(times)}/{len(MUTANTS)} mutants; time to refute: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s")
    if failures:
        print("NOT refuted:", failures)
    print("originals refuted (should be none):", survivors or "none")


if __name__ == "__main__":
    main()
