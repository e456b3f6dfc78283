"""``exactpriv replay FILE``: re-check an archived witness from scratch."""

from __future__ import annotations

from exactpriv.cli._common import add_bank_argument, banks_of
from exactpriv.cli._common import console as _console
from exactpriv.cli._common import esc

__all__ = ["add_parser", "cmd_replay"]


def cmd_replay(args) -> int:
    from counterexamples.archive import replay

    console = _console()
    doc, decision = replay(args.file, banks=banks_of(args) if args.bank else None)
    if decision.is_false:
        console.print("[red]REFUTED[/] " + esc(f"{doc['claim']} [{doc['reading']}] — the witness still violates "
                                                f"the claim ({decision.method}: {decision.reason})"))
        return 0
    console.print("[yellow]witness does not refute[/] " + esc(f"{doc['claim']} [{doc['reading']}]: "
                                                             f"{decision.truth.value} ({decision.method}: "
                                                             f"{decision.reason})"))
    return 3


def add_parser(subparsers, name: str = "replay"):
    r = subparsers.add_parser(name, help="re-check an archived witness file from scratch")
    r.add_argument("file", help="a witness JSON file (as written by 'exactpriv hunt --archive')")
    add_bank_argument(r)
    r.set_defaults(func=cmd_replay)
    return r
