"""``exactpriv report``: run the bank and write the HTML/Markdown report (index + claim pages).

    exactpriv report [--only PAPERS_OR_IDS] [--out DIR] [--slow] [--from-json verify.json]
                     [--tight-seconds S] [--entry-seconds S] [--no-tightness] [--derived-length L]

Steps: check every reading (or read ``verify.json`` rows and the archived witnesses), build
the implication atlas, compose and re-check derived implications, run the tightness explorer
on the central implications and a short search on every implication of the atlas table
(stated map vs best witness found), then write ``DIR/index.{html,md}`` and one page per claim.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from exactpriv.cli._common import add_bank_argument, banks_of
from exactpriv.errors import InvalidArgument

__all__ = ["add_parser", "cmd_report"]


def add_parser(subparsers, name: str = "report"):
    p = subparsers.add_parser(name, help="run the bank and write an HTML/Markdown report with the implication atlas")
    add_bank_argument(p)
    p.add_argument("--only", help="comma-separated papers (cuff2016) or claim ids / id prefixes")
    p.add_argument("--out", default="report", help="output directory (default ./report)")
    p.add_argument("--slow", action="store_true", help="also run the slow exhaustive families")
    p.add_argument("--from-json", dest="from_json", metavar="FILE",
                   help="use the results of a previous 'exactpriv verify' (verify.json) instead of re-running")
    p.add_argument("--tight-seconds", dest="tight_seconds", type=float, default=2.0,
                   help="search budget of the tightness explorer per central implication (default 2)")
    p.add_argument("--entry-seconds", dest="entry_seconds", type=float, default=0.4,
                   help="search budget per implication of the atlas table (stated map vs best witness; default "
                        "0.4)")
    p.add_argument("--no-tightness", dest="no_tightness", action="store_true", help="skip the tightness explorer")
    p.add_argument("--derived-length", dest="derived_length", type=int, default=2,
                   help="longest path composed into a derived implication (default 2)")
    p.set_defaults(func=cmd_report)
    return p


def cmd_report(args) -> int:
    from rich.console import Console

    from counterexamples.report import claim_report, index_report, results_from_json, run_bank
    from counterexamples.atlas import bank_entries, build_atlas, derive, recheck
    from exactpriv.cli.verify import select_claims as _select_claims
    from counterexamples.tightness import bank_implications, explore_entry, explore_implication

    console = Console()
    if args.tight_seconds <= 0 or args.entry_seconds <= 0:
        raise InvalidArgument(f"--tight-seconds={args.tight_seconds!r} and --entry-seconds={args.entry_seconds!r} "
                              f"must be positive")
    if args.derived_length < 2:
        raise InvalidArgument(f"--derived-length={args.derived_length!r} must be >= 2")
    out = Path(args.out)
    t0 = time.perf_counter()
    claims = _select_claims(args.only, banks_of(args))
    points: dict = {}
    errors = []
    if args.from_json:
        try:
            rows = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise InvalidArgument(f"--from-json {args.from_json!r}: {exc}") from None
        if not isinstance(rows, list):
            raise InvalidArgument(f"--from-json {args.from_json!r}: expected a JSON list of result rows")
        results = results_from_json(rows, claims)
        bank_seconds = sum(r.seconds for r in results)
        console.print(f"read {len(results)} results from {args.from_json}")
    else:
        with console.status("checking the bank") as status:
            run = run_bank(claims, include_slow=args.slow,
                           progress=lambda c, r: status.update(f"checking {c.id} [{r.name}]"))
        results, points, errors, bank_seconds = run.results, run.points, run.errors, run.seconds
        console.print(f"checked {len(results)} readings in {bank_seconds:.1f} s")
    G = build_atlas(results, table=bank_entries(claims))
    with console.status("composing and re-checking derived implications"):
        derived = recheck(derive(G, max_length=args.derived_length))
    console.print(f"atlas: {G.number_of_nodes()} notions, {G.number_of_edges()} edges, {len(derived)} derived "
                  f"({sum(d.status == 'FAILS' for d in derived)} failing)")
    explorations, entry_explorations = [], []
    if not args.no_tightness:
        ids = {c.id for c in claims}
        for imp in bank_implications():
            if args.only and not ids.intersection(imp.claims):
                continue
            with console.status(f"tightness explorer: {imp.key}"):
                explorations.append(explore_implication(imp, seconds=args.tight_seconds))
        for _, _, d in G.edges(data=True):
            for e in d["entries"]:
                if e["status"] in ("holds", "refuted") and e["entry"].is_composable:
                    with console.status(f"stated map vs best witness: {e['claim']} [{e['reading']}]"):
                        entry = dataclasses.replace(e["entry"], reading=e["reading"])
                        ex = explore_entry(entry, seconds=args.entry_seconds)
                    if ex is not None:
                        entry_explorations.append((entry, ex))
        viol = [f"{e.claim}[{e.reading}]" for e, ex in entry_explorations if ex.violated]
        console.print(f"tightness: {len(explorations)} central implications, {len(entry_explorations)} table entries "
                      f"explored" + (f"; stated map violated by a witness found: {', '.join(viol)}" if viol else ""))
    for c in claims:
        claim_report(c, results, out_dir=out, points=points, explorations=explorations,
                     entry_explorations=entry_explorations)
    md, html_path = index_report(results, out_dir=out, claims=claims, atlas=G, derived=derived,
                                 explorations=explorations, entry_explorations=entry_explorations,
                                 seconds=bank_seconds)
    console.print(f"wrote {html_path} and {md} (+ {len(claims)} claim pages) in {time.perf_counter() - t0:.1f} s")
    for cid, rname, msg in errors:
        console.print(f"[red]error[/] {cid} [{rname}]: {msg}")
    return 1 if errors else 0
