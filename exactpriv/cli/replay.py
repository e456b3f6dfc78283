"""``exactpriv replay FILE``: re-check an archived witness from scratch."""

from __future__ import annotations

from exactpriv.cli._common import console as _console

__all__ = ["cmd_replay"]


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


