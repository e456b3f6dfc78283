"""Command line: ``exactpriv verify | measure | replay | hunt | conjecture | prove | report``.

Every subcommand exits 0 on success (refutations are findings, not errors), 1 when the
input is bad (an ExactPrivError, printed without a traceback), 2 on usage errors.
"""

from __future__ import annotations

import argparse
import sys

from exactpriv.errors import ExactPrivError

__all__ = ["main"]


def _lazy(module: str, name: str):
    def run(args):
        import importlib

        return getattr(importlib.import_module(module), name)(args)

    return run


# ----------------------------------------------------------------------------- entry point

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="exactpriv", description="Exact checking of privacy theorems.")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("verify", help="check every claim of the theorem bank")
    v.add_argument("--only", help="comma-separated papers (cuff2016) or claim ids / id prefixes")
    v.add_argument("--json", default="verify.json", help="where to write the JSON results (default verify.json)")
    v.add_argument("--markdown", default="verify.md", help="where to write the Markdown report (default verify.md)")
    v.add_argument("--slow", action="store_true", help="also run the slow exhaustive families")
    v.set_defaults(func=_lazy('exactpriv.cli.verify', 'cmd_verify'))

    r = sub.add_parser("replay", help="re-check an archived witness file from scratch")
    r.add_argument("file")
    r.set_defaults(func=_lazy('exactpriv.cli.replay', 'cmd_replay'))

    for name, mod in (("measure", "exactpriv.cli.measure"), ("hunt", "exactpriv.cli.hunt"),
                      ("conjecture", "exactpriv.cli.hunt"), ("prove", "exactpriv.cli.prove"),
                      ("report", "exactpriv.cli.report")):
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
