"""``exactpriv replay FILE``: re-check an archived witness from scratch.

``FILE`` is a witness file, a ``hunt --json`` / ``conjecture --json`` output (each witness it carries is
replayed), or the name of a witness shipped with the package (``counterexamples/found/NAME.json``), which
is read through :mod:`importlib.resources` from any directory.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from exactpriv.cli._common import EXIT_NOT_REFUTED, add_bank_argument, banks_of, shipped_witness
from exactpriv.cli._common import console as _console
from exactpriv.errors import InvalidArgument

__all__ = ["add_parser", "cmd_replay"]


def _embedded_witnesses(path: Path) -> list[dict] | None:
    """The witness documents a ``hunt --json`` or ``conjecture --json`` output carries (None: not one)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None  # io.load will name the problem
    if isinstance(doc, dict) and isinstance(doc.get("results"), list):  # a partial (interrupted) hunt
        doc = doc["results"]
    if not isinstance(doc, list) or not all(isinstance(d, dict) and "verdict" in d for d in doc):
        return None
    return [d["witness"] for d in doc if isinstance(d.get("witness"), dict) and d["witness"].get("kind") == "witness"]


def _replay_one(console, file, args) -> int:
    from counterexamples.archive import replay

    doc, decision = replay(file, banks=banks_of(args) if args.bank else None)
    from rich.markup import escape

    where = escape(f"{doc['claim']} [{doc['reading']}]")
    if decision.is_false:
        console.print(f"[red]REFUTED[/] {where} — the witness still violates the claim "
                      + escape(f"({decision.method}: {decision.reason})"))
        return 0
    console.print(f"[yellow]witness does not refute[/] {where}: "
                  + escape(f"{decision.truth.value} ({decision.method}: {decision.reason})"))
    return EXIT_NOT_REFUTED


def cmd_replay(args) -> int:
    from importlib import resources

    console = _console()
    path = Path(args.file)
    if not path.exists():
        ship = shipped_witness(args.file)
        if ship is None:
            raise InvalidArgument(f"no witness file {args.file!r} (neither a path nor a witness shipped in "
                                  f"counterexamples/found/; see 'exactpriv list readings')")
        with resources.as_file(ship) as real:
            return _replay_one(console, real, args)
    embedded = _embedded_witnesses(path)
    if embedded is None:
        return _replay_one(console, path, args)
    if not embedded:
        raise InvalidArgument(f"{args.file} carries no witness (no reading was REFUTED)")
    code = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, w in enumerate(embedded):
            one = Path(tmp) / f"witness{i}.json"
            one.write_text(json.dumps(w), encoding="utf-8")
            code = max(code, _replay_one(console, one, args))
    return code


def add_parser(subparsers, name: str = "replay"):
    r = subparsers.add_parser(name, help="re-check an archived witness file from scratch")
    r.add_argument("file", help="a witness JSON file (from 'hunt --archive'), a 'hunt --json' output, or a "
                                "shipped witness such as counterexamples/found/zhao2019.thm1_conv--replace.json "
                                "(found from any directory)")
    add_bank_argument(r)
    r.set_defaults(func=cmd_replay)
    return r
