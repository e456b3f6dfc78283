"""``exactpriv report``: run the bank and write the HTML/Markdown report (index + claim pages).

    exactpriv report [--only PAPERS_OR_IDS] [--out DIR] [--slow] [--from-json verify.json]
                     [--tight-seconds S] [--entry-seconds S] [--no-tightness] [--derived-length L]
                     [--latex PATH]

Steps: check every reading (or read ``verify.json`` rows and the archived witnesses), build
the implication atlas, compose and re-check derived implications, run the tightness explorer
on the central implications and a short search on every implication of the atlas table
(stated map vs best witness found), then write ``DIR/index.{html,md}``, one page per claim and
``DIR/verdicts.tex`` (the LaTeX table of verdicts per paper; ``--latex PATH`` writes it there too).
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from exactpriv.cli._common import (EXIT_INTERRUPTED, add_bank_argument, add_effort_argument,
                                   add_reading_budget_argument, add_workers_arguments, banks_of, int_option,
                                   rarer_full_collections, seconds_option, workers_of)
from exactpriv.cli._output import esc, write_output
from exactpriv.cli._evidence_run import read_verify_json
from exactpriv.errors import InvalidArgument

__all__ = ["add_parser", "cmd_report"]


def add_parser(subparsers, name: str = "report"):
    p = subparsers.add_parser(name, help="run the bank and write an HTML/Markdown report with the implication atlas")
    add_bank_argument(p)
    p.add_argument("--only", help="comma-separated papers (cuff2016) or claim ids / id prefixes; default: every claim")
    p.add_argument("--out", default="report", help="output directory (default ./report)")
    p.add_argument("--slow", action="store_true", help="also run the slow exhaustive families (default off)")
    add_reading_budget_argument(p)
    add_effort_argument(p)
    p.add_argument("--from-json", dest="from_json", metavar="FILE",
                   help="use the results of a previous 'exactpriv verify' (verify.json) instead of re-running "
                        "(default: run the bank now)")
    p.add_argument("--tight-seconds", dest="tight_seconds", type=seconds_option, default=300.0,
                   help="time limit of the tightness explorer per central implication: it only stops the search "
                        "(levels it stops are marked stopped); the effort's examples decide (default 300)")
    p.add_argument("--entry-seconds", dest="entry_seconds", type=seconds_option, default=60.0,
                   help="time limit per implication of the atlas table (stated map vs best witness), a safety "
                        "net like --tight-seconds (default 60)")
    p.add_argument("--no-tightness", dest="no_tightness", action="store_true", help="skip the tightness explorer (default: run it)")
    p.add_argument("--derived-length", dest="derived_length", type=int_option, default=2,
                   help="longest path composed into a derived implication (default 2)")
    p.add_argument("--latex", metavar="PATH",
                   help="also write the LaTeX table of verdicts per paper to PATH (it is always written to "
                        "DIR/verdicts.tex; default: only there)")
    add_workers_arguments(p)
    p.set_defaults(func=cmd_report)
    return p


def cmd_report(args) -> int:
    from rich.console import Console

    from exactpriv.io import StagedDirectory

    console = Console(soft_wrap=True)  # piped output: one line per message, never wrapped mid-word
    if args.latex and not Path(args.latex).resolve().parent.is_dir():
        raise InvalidArgument(f"--latex {args.latex!r}: the directory {str(Path(args.latex).parent)!r} does not exist")
    # the report is built beside --out and swapped in whole: an unwritable place fails now, before any work,
    # and a reader (or a Ctrl-C) never sees a mix of two runs
    staged = StagedDirectory(args.out)
    staged.open()
    try:
        with rarer_full_collections():  # as verify: the bank run's workers inherit it
            return _report(args, console, staged)
    finally:
        staged.discard()


def _report(args, console, staged) -> int:
    from rich.text import Text

    from counterexamples.atlas import bank_entries, build_atlas, derive, recheck
    from counterexamples.report import claim_report, index_report, latex_verdicts, run_bank, summary
    from counterexamples.report.pages import summary_text
    from exactpriv.cli.verify import select_claims as _select_claims

    out = staged.path
    t0 = time.perf_counter()
    banks = banks_of(args)
    claims = _select_claims(args.only, banks)
    papers = {k: p for b in banks for k, p in getattr(b, "papers", {}).items()}
    points: dict = {}
    errors = []
    interrupted = False
    if args.from_json:
        results = read_verify_json(args.from_json, claims, banks=banks, seconds_per_reading=args.seconds_per_reading,
                                   console=console)
        bank_seconds = sum(r.seconds for r in results)
        console.print(Text(f"read {len(results)} results from {args.from_json}"))
    else:
        workers, scheduler = workers_of(args)
        with console.status("checking the bank") as status:
            if workers or scheduler:  # one shard a claim × reading on the dask runner: the same run
                from counterexamples.distributed import run_bank_sharded

                run = run_bank_sharded(claims, workers=workers, scheduler=scheduler, include_slow=args.slow,
                                       seconds_per_reading=args.seconds_per_reading, banks=list(args.bank) or None,
                                       progress=lambda d, n, _: status.update(f"checking the bank: {d}/{n} readings"))
            else:
                run = run_bank(claims, include_slow=args.slow, seconds_per_reading=args.seconds_per_reading,
                               progress=lambda c, r: status.update(esc(f"checking {c.id} [{r.name}]")))
        results, points, errors, bank_seconds = run.results, run.points, run.errors, run.seconds
        interrupted = run.interrupted
        console.print(f"checked {len(results)} readings in {bank_seconds:.1f} s")
    for line in summary_text(summary(results, claims)):  # the summary first, as verify prints it
        console.print(Text(line))
    G = build_atlas(results, table=bank_entries(claims))
    derived, explorations, entry_explorations = [], [], []
    try:
        if not interrupted:
            with console.status("composing and re-checking derived implications"):
                derived = recheck(derive(G, max_length=args.derived_length))
            console.print(f"atlas: {G.number_of_nodes()} notions, {G.number_of_edges()} edges, {len(derived)} "
                          f"derived ({sum(d.status == 'FAILS' for d in derived)} failing)")
            if not args.no_tightness:
                _tightness(console, args, claims, G, explorations, entry_explorations)
    except KeyboardInterrupt:  # first Ctrl-C: write the pages of what is complete, marked partial
        interrupted = True
    done = {r.claim_id for r in results}
    pages = [c for c in claims if c.id in done] if interrupted else claims
    implications = None
    if explorations:  # built once, not once a page (its stated maps are read from the claims)
        from counterexamples.tightness import bank_implications

        implications = bank_implications()
    figures: dict = {}  # the exploration figures drawn, by name: one shown on several pages is drawn once
    for c in pages:
        claim_report(c, results, out_dir=out, points=points, explorations=explorations,
                     entry_explorations=entry_explorations, papers=papers, implications=implications,
                     figures=figures)
    title = "exactpriv report" + (f" (PARTIAL: interrupted after {len(results)} readings)" if interrupted else "")
    tex = latex_verdicts(results, claims=pages, papers=papers, title=title)
    write_output(out / "verdicts.tex", tex)
    if args.latex:
        write_output(Path(args.latex), tex)
    md, html_path = index_report(results, out_dir=out, claims=pages, atlas=G, derived=derived,
                                 explorations=explorations, entry_explorations=entry_explorations,
                                 seconds=bank_seconds, title=title, papers=papers, latex="verdicts.tex",
                                 figures=figures)
    final = Path(args.out)
    if interrupted and final.exists():  # a partial run never replaces a complete earlier report
        staged.destination = final.with_name(final.name + ".partial")
        console.print(Text(f"kept the earlier report in {final}; the partial one goes to {staged.destination}"))
    final = staged.commit()
    md, html_path = final / Path(md).name, final / Path(html_path).name
    console.print(Text(f"wrote {html_path} and {md} (+ {len(pages)} claim pages, verdicts.tex"
                       + (f", {args.latex}" if args.latex else "") + f") in {time.perf_counter() - t0:.1f} s"
                       + (" (partial)" if interrupted else "")))
    for cid, rname, msg in errors:
        console.print("[red]error[/] " + esc(f"{cid} [{rname}]: {msg}"))
    if interrupted:
        console.print(Text("interrupted: pages of the completed readings written, marked partial"))
        return EXIT_INTERRUPTED
    return 1 if errors else 0


def _tightness(console, args, claims, G, explorations, entry_explorations) -> None:
    from counterexamples.tightness import bank_implications, explore_entry, explore_implication

    ids = {c.id for c in claims}
    for imp in bank_implications():
        _check_stop()
        if args.only and not ids.intersection(imp.claims):
            continue
        with console.status(esc(f"tightness explorer: {imp.key}")):
            explorations.append(explore_implication(imp, seconds=args.tight_seconds))
    for _, _, d in G.edges(data=True):
        for e in d["entries"]:
            _check_stop()
            if e["status"] in ("holds", "refuted") and e["entry"].is_composable:
                with console.status(esc(f"stated map vs best witness: {e['claim']} [{e['reading']}]")):
                    entry = dataclasses.replace(e["entry"], reading=e["reading"])
                    ex = explore_entry(entry, seconds=args.entry_seconds)
                if ex is not None:
                    entry_explorations.append((entry, ex))
    viol = [f"{e.claim}[{e.reading}]" for e, ex in entry_explorations if ex.violated]
    console.print(esc(f"tightness: {len(explorations)} central implications, {len(entry_explorations)} table "
                      f"entries explored" + (f"; stated map violated by a witness found: {', '.join(viol)}"
                                             if viol else "")))


def _check_stop() -> None:
    from exactpriv import effort

    if effort.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed inside a search
        raise KeyboardInterrupt
