"""``exactpriv check FILE``: the checker's own command line (stdlib + the checker only; no engine, no sympy).

The console script and ``python -m exactpriv`` hand ``check`` to :func:`main` before the engine's command line is
imported; ``exactpriv.cli.check`` registers the same arguments in the full parser (for ``exactpriv --help``).
Exit codes: 0 every row re-verified or not independently checkable; 6 a row FAILED or the file is refused as a
whole (missing, repeated, reordered or foreign rows, a bank binding that does not match); 1 the file is not an
evidence document (not JSON, another format); 2 usage; 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

__all__ = ["EXIT_CHECK_FAILED", "add_arguments", "main", "run", "wants_check"]

EXIT_CHECK_FAILED = 6
DESCRIPTION = ("Re-check every row of an evidence file with exactpriv.checker, a small kernel that trusts nothing "
               "else (docs/certificates.md). Exit 0: every row re-verified or not independently checkable; 6: a row "
               "FAILED or the file is refused; 1: not an evidence file.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="an evidence file written by `exactpriv verify` (verify.json)")
    p.add_argument("--bank", default="builtin", metavar="DIR|builtin|none",
                   help="the bank to check the binding against: its directory (with MANIFEST.json), 'builtin' "
                        "(default: the installed built-in bank) or 'none' (rows checked against their own "
                        "statements only, said in the summary)")
    p.add_argument("--all", action="store_true", help="list every row (default: only the rows not re-verified)")
    p.add_argument("--json", metavar="PATH", default=None, help="also write the results as JSON to PATH (default: no JSON file)")


def run(args, out=None) -> int:
    from exactpriv.checker import FAILED, NOT_CHECKABLE, RE_VERIFIED, check_file

    out = out or sys.stdout
    report = check_file(args.file, bank=None if args.bank == "none" else args.bank)
    if report.refused is not None:
        print(f"REFUSED: {report.refused}", file=out)
        if not report.rows:  # (a set of documents lists the rows of the documents it could check)
            _write_json(args.json, report)
            return 1 if report.unreadable else EXIT_CHECK_FAILED
    counts = report.counts()
    print(f"{len(report.rows)} rows: " + "; ".join(
        f"{v} {sum(c.values())} ({c[RE_VERIFIED]} re-verified, {c[NOT_CHECKABLE]} not independently checkable, "
        f"{c[FAILED]} FAILED)" for v, c in counts.items()), file=out)
    st = report.statements()
    print(f"statements: {st['declarative']} declarative, {st['custom']} custom Python code (not independently "
          f"checkable)", file=out)
    print(report.bank, file=out)
    for row in report.rows:
        if args.all or row.status != RE_VERIFIED or row.note or row.trusted:
            print(row.line(), file=out)
    _write_json(args.json, report)
    return EXIT_CHECK_FAILED if report.refused is not None or any(c[FAILED] for c in counts.values()) else 0


def _write_json(path, report) -> None:
    if not path:
        return
    doc = {"refused": report.refused, "bank": report.bank, "counts": report.counts(),
           "statements": report.statements(),
           "rows": [{"reading": r.reading, "verdict": r.verdict, "status": r.status, "why": r.why, "note": r.note,
                     "trusted": r.trusted, "custom": r.custom} for r in report.rows]}
    import tempfile

    # all or nothing: a temporary file beside the target, renamed over it (no half-written JSON after a crash)
    fd, tmp = tempfile.mkstemp(prefix=".check-", suffix=".json", dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str]) -> int:
    """``argv`` starts with "check" (``--debug`` anywhere is accepted and ignored: nothing here raises past run)."""
    p = argparse.ArgumentParser(prog="exactpriv check", description=DESCRIPTION)
    add_arguments(p)
    args = p.parse_args([a for a in argv[1:] if a != "--debug"])
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`exactpriv check FILE | head`): stop quietly, as Unix tools do
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # stdout is not a file (captured, replaced)
            pass
        return 1
    except OSError as exc:  # --json could not be written
        print(f"error: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1


def wants_check(argv: list[str]) -> bool:
    """True when the command line is ``[--debug] check ...``: the entry points then call :func:`main`."""
    return [a for a in argv if a != "--debug"][:1] == ["check"]
