"""``exactpriv verify``: check every reading of the selected claims and write JSON/Markdown."""

from __future__ import annotations

import json
import time

from counterexamples.report import evidence_text
from exactpriv.cli._common import EXIT_INTERRUPTED, add_bank_argument, banks_of, esc, write_output
from exactpriv.cli._common import console as _console
from exactpriv.errors import ExactPrivError

__all__ = ["add_parser", "cmd_verify", "select_claims"]


def select_claims(only: str | None, banks=None):
    """The claims of the given banks (default: every installed bank) matching ``--only``."""
    from exactpriv.claims.banks import resolve_banks
    from exactpriv.claims.banks import select_claims as _select

    return _select(resolve_banks(banks), only)


def add_parser(subparsers, name: str = "verify"):
    v = subparsers.add_parser(name, help="check every reading of the claims of the installed banks (or of FILEs)")
    v.add_argument("banks", nargs="*", metavar="BANK",
                   help="claim-bank files (my_claims.py) or installed bank names; default: every installed bank")
    add_bank_argument(v)
    v.add_argument("--only", help="comma-separated papers (cuff2016), claim ids or id prefixes (zhao)")
    v.add_argument("--json", default="verify.json", help="where to write the JSON results (default verify.json)")
    v.add_argument("--markdown", default="verify.md", help="where to write the Markdown report (default verify.md)")
    v.add_argument("--slow", action="store_true", help="also run the slow exhaustive families")
    v.set_defaults(func=cmd_verify)
    return v


def cmd_verify(args) -> int:
    from rich.table import Table
    from rich.text import Text

    from exactpriv.claims import ReadingResult, summarize

    console = _console()
    claims = select_claims(args.only, banks_of(args))
    results: list[ReadingResult] = []
    not_encodable = []
    errors = []
    unexpected = []  # (id, reading, expected, got): a regression against the recorded status
    total = sum(len(c.readings) for c in claims if c.encodable)
    t0 = time.perf_counter()
    try:
        _check_all(console, claims, total, args.slow, results, not_encodable, errors, unexpected)
        interrupted = False
    except KeyboardInterrupt:  # first Ctrl-C: keep the readings checked so far, marked partial
        interrupted = True
    elapsed = time.perf_counter() - t0

    title = f"exactpriv verify — {len(results)} readings of {len(claims)} claims in {elapsed:.1f} s"
    table = Table(title=title + (f" (PARTIAL: interrupted after {len(results)} of {total})" if interrupted else ""))
    for col in ("id", "reading", "verdict", "evidence"):
        table.add_column(col, overflow="fold")
    colours = {"REFUTED": "red", "PROVED": "green", "CHECKED": "cyan", "UNDECIDED": "yellow"}
    # cells are Text, never markup: claim ids, labels and evidence may come from a user's bank
    for res in results:
        v = res.verdict.value
        table.add_row(Text(res.claim_id), Text(res.reading), Text(v, style=colours[v]), Text(evidence_text(res)))
    for c in not_encodable:
        table.add_row(Text(c.id), Text("-"), Text("not encodable", style="dim"), Text(c.reason))
    console.print(table)
    summary = summarize(results)
    console.print(Text("  ".join(f"{k}: {v}" for k, v in summary["verdicts"].items())
                       + f"  not encodable: {len(not_encodable)}"))
    if summary["findings"]:
        console.print(Text("REFUTED by finding class: "
                           + "  ".join(f"{k}: {v}" for k, v in summary["findings"].items())
                           + "  (as-written = errors of the papers as stated)"))

    doc = [res.to_json() for res in results]
    doc += [{"id": c.id, "reading": None, "verdict": None, "evidence": {"not_encodable": c.reason}}
            for c in not_encodable]
    if interrupted:  # a marker row: report --from-json refuses a partial run
        doc.append({"id": None, "reading": None, "verdict": None,
                    "partial": {"reason": "interrupted", "readings_checked": len(results), "readings_total": total}})
    # all-or-nothing writes; the table above was printed first, so a failed write loses nothing
    json_path = write_output(args.json, json.dumps(doc, indent=1, default=str) + "\n")
    md_path = write_output(args.markdown, _verify_markdown(results, not_encodable, claims, elapsed,
                                                           partial=(len(results), total) if interrupted else None))
    console.print(Text(f"wrote {json_path} and {md_path}" + (" (partial)" if interrupted else "")))
    for cid, rname, exp, got in unexpected:
        console.print("[yellow]unexpected[/] " + esc(f"{cid} ({rname}): recorded {exp}, got {got}"))
    for cid, rname, msg in errors:
        console.print("[red]error[/] " + esc(f"{cid} [{rname}]: {msg}"))
    if interrupted:
        console.print(Text(f"interrupted: {len(results)} of {total} readings checked; results written, marked partial"))
        return EXIT_INTERRUPTED
    return 1 if errors else 0


def _check_all(console, claims, total, slow, results, not_encodable, errors, unexpected) -> None:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from counterexamples.archive import witness_path
    from exactpriv.claims import ReadingResult, Verdict, check_reading
    from exactpriv.exact import budget

    with Progress(TextColumn("[bold]verify"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TextColumn("{task.description}"), TimeElapsedColumn(), console=console,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task("", total=total)
        for c in claims:
            if not c.encodable:
                not_encodable.append(c)
                continue
            for r in c.readings:
                if budget.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed mid-reading
                    raise KeyboardInterrupt
                progress.update(task, description=esc(f"{c.id} [{r.name}]"))
                try:
                    res = check_reading(c, r, include_slow=slow)
                except ExactPrivError as exc:
                    errors.append((c.id, r.name, f"{type(exc).__name__}: {exc}"))
                    res = ReadingResult(c.id, r.name, Verdict.UNDECIDED,
                                        {"error": f"{type(exc).__name__}: {exc}"})
                except Exception as exc:  # a bug in an encoding must not hide the other results
                    errors.append((c.id, r.name, f"{type(exc).__name__}: {exc}"))
                    res = ReadingResult(c.id, r.name, Verdict.UNDECIDED,
                                        {"error": f"internal error {type(exc).__name__}: {exc}"})
                if r.expected is not None:
                    res.evidence["expected"] = r.expected.value
                    if res.verdict != r.expected:
                        unexpected.append((c.id, r.name, r.expected.value, res.verdict.value))
                if res.verdict == Verdict.REFUTED:
                    wp = witness_path(c.id, r.name)
                    if wp.exists():
                        res.evidence["witness_file"] = str(wp.relative_to(wp.parent.parent.parent))
                results.append(res)
                progress.advance(task)


def _verify_markdown(results, not_encodable, claims, elapsed, *, partial=None) -> str:
    from exactpriv.claims import summarize

    lines = ["# exactpriv verify report", "",
             f"{len(results)} readings of {len(claims)} claims checked in {elapsed:.1f} s.", ""]
    if partial is not None:
        lines += [f"**PARTIAL**: interrupted after {partial[0]} of {partial[1]} readings; the readings not "
                  f"listed were not checked.", ""]
    summary = summarize(results)
    lines += ["| verdict | readings |", "|---|---|"] + [f"| {k} | {v} |" for k, v in summary["verdicts"].items()]
    if summary["findings"]:
        lines += ["", "| REFUTED: finding class | readings |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in summary["findings"].items()]
    lines += ["", "| id | reading | verdict | finding | evidence |", "|---|---|---|---|---|"]
    for res in results:
        finding = (res.finding or "unclassified") if res.verdict.value == "REFUTED" else ""
        why = f" — {res.why}" if res.why else ""
        lines.append(f"| `{res.claim_id}` | {res.reading} | **{res.verdict.value}** | {finding} | "
                     f"{(evidence_text(res) + why).replace('|', '/')} |")
    if not_encodable:
        lines += ["", "## Not encodable", "", "| id | reason |", "|---|---|"]
        lines += [f"| `{c.id}` | {c.reason} |" for c in not_encodable]
    lines += ["", "## Claims", ""]
    for c in claims:
        lines += [f"### `{c.id}` — {c.title}", "", f"*{c.source}*", "", f"> {c.quote}", ""]
        for r in c.readings:
            lines.append(f"- **{r.name}**: {r.statement}" + (f" _{r.notes}_" if r.notes else ""))
        lines.append("")
    return "\n".join(lines) + "\n"


