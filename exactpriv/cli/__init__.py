"""Command line: ``exactpriv verify | measure | replay | hunt | conjecture | prove | report | list``.

One module per subcommand (``exactpriv.cli.<name>``, each with ``add_parser``); this module only dispatches.

Every subcommand exits 0 on success (refutations are findings, not errors), 1 when the
input is bad (an ExactPrivError, printed without a traceback), 2 on usage errors.
"""

from __future__ import annotations

import argparse
import sys

from exactpriv.errors import ExactPrivError

__all__ = ["main"]


# ----------------------------------------------------------------------------- entry point

def build_parser() -> argparse.ArgumentParser:
    from exactpriv import __version__

    p = argparse.ArgumentParser(prog="exactpriv", description="Exact checking of privacy theorems.")
    p.add_argument("--version", action="version", version=f"exactpriv {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    for name, mod in (("verify", "exactpriv.cli.verify"), ("replay", "exactpriv.cli.replay"),
                      ("measure", "exactpriv.cli.measure"), ("hunt", "exactpriv.cli.hunt"),
                      ("conjecture", "exactpriv.cli.hunt"), ("prove", "exactpriv.cli.prove"),
                      ("report", "exactpriv.cli.report"), ("list", "exactpriv.cli.listing")):
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
