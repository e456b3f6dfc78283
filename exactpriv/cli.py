"""Command line: ``exactpriv verify | measure | replay | hunt | conjecture | prove | report``.

Every subcommand exits 0 on success (refutations are findings, not errors), 1 when the
input is bad (an ExactPrivError, printed without a traceback), 2 on usage errors.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from exactpriv.errors import ExactPrivError

__all__ = ["main"]


def _console():
    from rich.console import Console

    return Console(stderr=False)


# ----------------------------------------------------------------------------- verify

def _select_claims(only: str | None):
    from theorems import PAPERS, all_claims

    claims = all_claims()
    if not only:
        return claims
    keys = [k.strip() for k in only.split(",") if k.strip()]
    out = [c for c in claims if any(c.id == k or c.id.startswith(k + ".") or c.id.split(".")[0] == k for k in keys)]
    if not out:
        raise ExactPrivError(f"--only {only!r} matches no claim (papers: {', '.join(PAPERS)})")
    return out


def _evidence_text(res) -> str:
    ev = res.evidence
    if res.verdict.value == "REFUTED":
        w = ev.get("witness_file") or ev.get("witness") or "proof refutes"
        return f"witness: {w}"
    if res.verdict.value == "PROVED":
        pr = ev.get("proof", {})
        return f"proved ({pr.get('method', '?')})"
    fams = ev.get("families", {})
    parts = [f"{k}: {v.get('true', 0)}" for k, v in fams.items() if isinstance(v, dict) and "true" in v]
    text = f"{ev.get('instances_true', 0)} instances ({', '.join(parts)})" if parts else ""
    if ev.get("instances_undecided"):
        text += f"; {ev['instances_undecided']} undecided"
    if ev.get("undecided_reasons") and res.verdict.value == "UNDECIDED":
        text += f"; {ev['undecided_reasons'][0]}"
    return text


def cmd_verify(args) -> int:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from counterexamples.archive import witness_path
    from exactpriv.claims import ReadingResult, Verdict, check_reading

    console = _console()
    claims = _select_claims(args.only)
    results: list[ReadingResult] = []
    not_encodable = []
    errors = []
    unexpected = []  # (id, reading, expected, got): a regression against the recorded status
    total = sum(len(c.readings) for c in claims if c.encodable)
    t0 = time.perf_counter()
    with Progress(TextColumn("[bold]verify"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  TextColumn("{task.description}"), TimeElapsedColumn(), console=console,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task("", total=total)
        for c in claims:
            if not c.encodable:
                not_encodable.append(c)
                continue
            for r in c.readings:
                progress.update(task, description=f"{c.id} [{r.name}]")
                try:
                    res = check_reading(c, r, include_slow=args.slow)
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
    elapsed = time.perf_counter() - t0

    table = Table(title=f"exactpriv verify — {len(results)} readings of {len(claims)} claims in {elapsed:.1f} s")
    for col in ("id", "reading", "verdict", "evidence"):
        table.add_column(col, overflow="fold")
    colours = {"REFUTED": "red", "PROVED": "green", "CHECKED": "cyan", "UNDECIDED": "yellow"}
    for res in results:
        v = res.verdict.value
        table.add_row(res.claim_id, res.reading, f"[{colours[v]}]{v}[/]", _evidence_text(res))
    for c in not_encodable:
        table.add_row(c.id, "-", "[dim]not encodable[/]", c.reason)
    console.print(table)
    counts = {}
    for res in results:
        counts[res.verdict.value] = counts.get(res.verdict.value, 0) + 1
    console.print("  ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + f"  not encodable: {len(not_encodable)}")

    doc = [res.to_json() for res in results]
    doc += [{"id": c.id, "reading": None, "verdict": None, "evidence": {"not_encodable": c.reason}}
            for c in not_encodable]
    json_path = Path(args.json)
    json_path.write_text(json.dumps(doc, indent=1, default=str) + "\n", encoding="utf-8")
    md_path = Path(args.markdown)
    md_path.write_text(_verify_markdown(results, not_encodable, claims, elapsed), encoding="utf-8")
    console.print(f"wrote {json_path} and {md_path}")
    for cid, rname, exp, got in unexpected:
        console.print(f"[yellow]unexpected[/] {cid} ({rname}): recorded {exp}, got {got}")
    if errors:
        for cid, rname, msg in errors:
            console.print(f"[red]error[/] {cid} [{rname}]: {msg}")
        return 1
    return 0


def _verify_markdown(results, not_encodable, claims, elapsed) -> str:
    by_id = {c.id: c for c in claims}
    lines = ["# exactpriv verify report", "",
             f"{len(results)} readings of {len(claims)} claims checked in {elapsed:.1f} s.", "",
             "| id | reading | verdict | evidence |", "|---|---|---|---|"]
    for res in results:
        lines.append(f"| `{res.claim_id}` | {res.reading} | **{res.verdict.value}** | "
                     f"{_evidence_text(res).replace('|', '/')} |")
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


# ----------------------------------------------------------------------------- replay

def cmd_replay(args) -> int:
    from counterexamples.archive import replay

    console = _console()
    doc, decision = replay(args.file)
    if decision.is_false:
        console.print(f"[red]REFUTED[/] {doc['claim']} [{doc['reading']}] — the witness still violates the claim "
                      f"({decision.method}: {decision.reason})")
        return 0
    console.print(f"[yellow]witness does not refute[/] {doc['claim']} [{doc['reading']}]: "
                  f"{decision.truth.value} ({decision.method}: {decision.reason})")
    return 3


# ----------------------------------------------------------------------------- entry point

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="exactpriv", description="Exact checking of privacy theorems.")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="check every claim of the theorem bank")
    v.add_argument("--only", help="comma-separated papers (cuff2016) or claim ids / id prefixes")
    v.add_argument("--json", default="verify.json", help="where to write the JSON results (default verify.json)")
    v.add_argument("--markdown", default="verify.md", help="where to write the Markdown report (default verify.md)")
    v.add_argument("--slow", action="store_true", help="also run the slow exhaustive families")
    v.set_defaults(func=cmd_verify)

    r = sub.add_parser("replay", help="re-check an archived witness file from scratch")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)

    for name, mod in (("measure", "exactpriv.cli_measure"), ("hunt", "counterexamples.cli_hunt"),
                      ("conjecture", "counterexamples.cli_hunt"), ("prove", "exactpriv.cli_prove"),
                      ("report", "counterexamples.cli_report")):
        m = __import__(mod, fromlist=["add_parser"])
        m.add_parser(sub, name)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ExactPrivError as exc:
        print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: cannot read or write {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
