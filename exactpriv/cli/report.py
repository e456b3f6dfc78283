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

from exactpriv.cli._common import (EXIT_INTERRUPTED, add_bank_argument, add_reading_budget_argument, banks_of, esc,
                                   int_option, seconds_option, write_output)
from exactpriv.errors import InvalidArgument

__all__ = ["add_parser", "cmd_report"]


def add_parser(subparsers, name: str = "report"):
    p = subparsers.add_parser(name, help="run the bank and write an HTML/Markdown report with the implication atlas")
    add_bank_argument(p)
    p.add_argument("--only", help="comma-separated papers (cuff2016) or claim ids / id prefixes")
    p.add_argument("--out", default="report", help="output directory (default ./report)")
    p.add_argument("--slow", action="store_true", help="also run the slow exhaustive families")
    add_reading_budget_argument(p)
    p.add_argument("--from-json", dest="from_json", metavar="FILE",
                   help="use the results of a previous 'exactpriv verify' (verify.json) instead of re-running")
    p.add_argument("--tight-seconds", dest="tight_seconds", type=seconds_option, default=2.0,
                   help="search budget of the tightness explorer per central implication (default 2)")
    p.add_argument("--entry-seconds", dest="entry_seconds", type=seconds_option, default=0.4,
                   help="search budget per implication of the atlas table (stated map vs best witness; default "
                        "0.4)")
    p.add_argument("--no-tightness", dest="no_tightness", action="store_true", help="skip the tightness explorer")
    p.add_argument("--derived-length", dest="derived_length", type=int_option, default=2,
                   help="longest path composed into a derived implication (default 2)")
    p.add_argument("--latex", metavar="PATH",
                   help="also write the LaTeX table of verdicts per paper to PATH (it is always written to "
                        "DIR/verdicts.tex)")
    p.set_defaults(func=cmd_report)
    return p


def cmd_report(args) -> int:
    from rich.console import Console
    from rich.text import Text

    from counterexamples.atlas import bank_entries, build_atlas, derive, recheck
    from counterexamples.report import claim_report, index_report, latex_verdicts, run_bank, summary
    from counterexamples.report.pages import summary_text
    from exactpriv.cli.verify import select_claims as _select_claims

    console = Console(soft_wrap=True)  # piped output: one line per message, never wrapped mid-word
    out = Path(args.out)
    if args.latex and not Path(args.latex).resolve().parent.is_dir():
        raise InvalidArgument(f"--latex {args.latex!r}: the directory {str(Path(args.latex).parent)!r} does not exist")
    t0 = time.perf_counter()
    banks = banks_of(args)
    claims = _select_claims(args.only, banks)
    papers = {k: p for b in banks for k, p in getattr(b, "papers", {}).items()}
    points: dict = {}
    errors = []
    interrupted = False
    if args.from_json:
        results = _read_verify_json(args.from_json, claims, console)
        bank_seconds = sum(r.seconds for r in results)
        console.print(Text(f"read {len(results)} results from {args.from_json}"))
    else:
        with console.status("checking the bank") as status:
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
    for c in pages:
        claim_report(c, results, out_dir=out, points=points, explorations=explorations,
                     entry_explorations=entry_explorations, papers=papers)
    title = "exactpriv report" + (f" (PARTIAL: interrupted after {len(results)} readings)" if interrupted else "")
    tex = latex_verdicts(results, claims=pages, papers=papers, title=title)
    write_output(out / "verdicts.tex", tex)
    if args.latex:
        write_output(Path(args.latex), tex)
    md, html_path = index_report(results, out_dir=out, claims=pages, atlas=G, derived=derived,
                                 explorations=explorations, entry_explorations=entry_explorations,
                                 seconds=bank_seconds, title=title, papers=papers, latex="verdicts.tex")
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
    from exactpriv.exact import budget

    if budget.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed inside a search
        raise KeyboardInterrupt


def _read_verify_json(path, claims, console=None):
    """Rows of a previous ``exactpriv verify`` run, refused when partial, malformed, or when a
    verdict does not survive a re-check (:func:`_recheck`): the file is input, not evidence."""
    from counterexamples.report import results_from_json
    from exactpriv.io import read_json

    rows = read_json(path, what="--from-json")
    where = f"--from-json {str(path)!r}"
    if not isinstance(rows, list):
        raise InvalidArgument(f"{where}: expected a JSON list of result rows (verify.json)")
    for k, row in enumerate(rows):
        if not isinstance(row, dict):
            raise InvalidArgument(f"{where}: row {k} is a {type(row).__name__}, not a result row")
        if row.get("partial"):
            raise InvalidArgument(f"{where} holds a partial run ({row['partial']!r}); run 'exactpriv verify' to "
                                  f"completion first")
        seconds = row.get("seconds", 0)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
            raise InvalidArgument(f"{where}: row {k} has seconds={seconds!r}, not a number of seconds")
        for key in ("id", "reading"):
            if row.get(key) is not None and not isinstance(row[key], str):
                raise InvalidArgument(f"{where}: row {k} has {key}={row[key]!r}, not a string")
    results = results_from_json(rows, claims)
    _recheck(results, claims, where, console)
    return results


def _recheck(results, claims, where: str, console=None) -> None:
    """Re-derive every verdict that claims something (issue 10: an edited verify.json must not be
    republished).  PROVED: the reading's proof is re-run and must hold (PROVED is given only by a
    proof).  REFUTED: the archived witness must replay FALSE, or the proof be refuted, or a fresh
    check of the reading must refute it.  CHECKED / UNDECIDED: an archived witness that replays
    FALSE contradicts them.  Any mismatch refuses the whole file, naming the rows."""
    from counterexamples.archive import replay, witness_path
    from exactpriv.claims import Verdict, check_reading

    by_id = {c.id: c for c in claims}
    mismatches, counts = [], {"proofs re-run": 0, "witnesses replayed": 0, "readings re-checked": 0}
    for res in results:
        claim = by_id.get(res.claim_id)
        try:
            reading = claim.reading(res.reading)
        except Exception:  # noqa: BLE001 - an unknown reading is itself a mismatch
            mismatches.append(f"{res.claim_id} [{res.reading}]: no such reading")
            continue
        label = f"{res.claim_id} [{res.reading}] {res.verdict.value}"
        wp = witness_path(claim.id, reading.name)
        replayed = None
        if wp.exists() and reading.check is not None:
            _, decision = replay(wp)
            counts["witnesses replayed"] += 1
            replayed = decision.is_false
        if res.verdict == Verdict.PROVED:
            if reading.prove is None:
                mismatches.append(f"{label}: the reading has no proof, so it cannot be PROVED")
                continue
            counts["proofs re-run"] += 1
            proof = reading.prove()
            if not proof.is_true:
                mismatches.append(f"{label}: its proof now gives {proof.truth.value}")
            elif replayed:
                mismatches.append(f"{label}: the archived witness {wp.name} refutes it")
        elif res.verdict == Verdict.REFUTED:
            if replayed:
                continue
            counts["readings re-checked"] += 1
            fresh = check_reading(claim, reading)
            if fresh.verdict != Verdict.REFUTED:
                mismatches.append(f"{label}: a fresh check gives {fresh.verdict.value}")
        elif replayed:
            mismatches.append(f"{label}: the archived witness {wp.name} refutes it")
    if mismatches:
        shown = "; ".join(mismatches[:5]) + (f"; and {len(mismatches) - 5} more" if len(mismatches) > 5 else "")
        raise InvalidArgument(f"{where}: {len(mismatches)} verdict(s) do not survive a re-check, so the file was "
                              f"edited or comes from another version of the bank: {shown}. Run 'exactpriv verify' "
                              f"again")
    if console is not None:
        from rich.text import Text

        console.print(Text(f"re-checked the verdicts of {where}: " + ", ".join(f"{v} {k}" for k, v in counts.items())))
