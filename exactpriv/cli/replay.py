"""``exactpriv replay FILE``: re-check an archived witness from scratch."""

from __future__ import annotations

from exactpriv.cli._common import console as _console
from exactpriv.cli._common import esc

__all__ = ["cmd_replay"]


def cmd_replay(args) -> int:
    from counterexamples.archive import replay

    console = _console()
    doc, decision = replay(args.file)
    if decision.is_false:
        console.print("[red]REFUTED[/] " + esc(f"{doc['claim']} [{doc['reading']}] — the witness still violates "
                                                f"the claim ({decision.method}: {decision.reason})"))
        return 0
    console.print("[yellow]witness does not refute[/] " + esc(f"{doc['claim']} [{doc['reading']}]: "
                                                             f"{decision.truth.value} ({decision.method}: "
                                                             f"{decision.reason})"))
    return 3


