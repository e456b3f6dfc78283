"""``exactpriv check FILE``: re-check an evidence file with the independent checker (docs/certificates.md).

Arguments are parsed, then only :mod:`exactpriv.checker` is imported: neither sympy nor the engine runs, so what
must be trusted is the checker alone.  Exit codes: 0 every row re-verified or not independently checkable;
6 a row FAILED or the file is refused as a whole; 1 the file cannot be read; 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["EXIT_CHECK_FAILED", "add_parser", "cmd_check", "main"]

#: ``check``: a row FAILED, or the file was refused (missing, repeated, reordered or foreign rows).
EXIT_CHECK_FAILED = 6


def add_parser(sub, name: str = "check") -> argparse.ArgumentParser:
    p = sub.add_parser(name, help="re-check an evidence file (verify.json) with the independent checker",
                       description="Re-check every row of an evidence file with exactpriv.checker, a small kernel "
                                   "that trusts nothing else (docs/certificates.md). Exit 0: every row re-verified "
                                   "or not independently checkable; 6: a row FAILED or the file is refused.")
    p.add_argument("file", metavar="FILE", help="an evidence file written by `exactpriv verify` (verify.json)")
    p.add_argument("--bank", default="builtin", metavar="DIR|none",
                   help="the bank to check the binding against: its directory (with MANIFEST.json), 'builtin' "
                        "(default: the installed built-in bank) or 'none' (rows checked against their own "
                        "statements only, said in the summary)")
    p.add_argument("--all", action="store_true", help="list every row (default: every row that is not re-verified)")
    p.add_argument("--json", metavar="PATH", default=None, help="also write the results as JSON to PATH")
    p.set_defaults(func=cmd_check)
    return p


def cmd_check(args) -> int:
    from exactpriv.checker import FAILED, RE_VERIFIED, check_file

    bank = None if args.bank == "none" else args.bank
    report = check_file(args.file, bank=bank)
    out = sys.stdout
    if report.refused is not None:
        print(f"REFUSED: {report.refused}", file=out)
        _write_json(args.json, report)
        return 1 if report.unreadable else EXIT_CHECK_FAILED
    counts = report.counts()
    failed = sum(c[FAILED] for c in counts.values())
    print(f"{len(report.rows)} rows: " + "; ".join(
        f"{v} {sum(c.values())} ({c[RE_VERIFIED]} re-verified, {c['not independently checkable']} not "
        f"independently checkable, {c[FAILED]} FAILED)" for v, c in counts.items()), file=out)
    print(report.bank, file=out)
    for row in report.rows:
        if args.all or row.status != RE_VERIFIED:
            print(row.line(), file=out)
    _write_json(args.json, report)
    return EXIT_CHECK_FAILED if failed else 0


def _write_json(path, report) -> None:
    if not path:
        return
    doc = {"refused": report.refused, "bank": report.bank, "counts": report.counts(),
           "rows": [{"reading": r.reading, "verdict": r.verdict, "status": r.status, "why": r.why}
                    for r in report.rows]}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


def main(argv: list[str]) -> int:
    """Run ``check`` without building the whole command line (whose parser loads the engine)."""
    p = argparse.ArgumentParser(prog="exactpriv")
    sub = p.add_subparsers(dest="command", required=True)
    sp = add_parser(sub, "check")
    sp.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    p.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    return args.func(args)
