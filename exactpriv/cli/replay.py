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


def _conjecture_document(path: Path) -> dict | None:
    """A ``conjecture --json`` output (statement + witness), or None when ``path`` holds something else."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    keys = {"given", "measure", "bound", "witness", "verdict"}
    return doc if isinstance(doc, dict) and keys <= set(doc) and "kind" not in doc else None


def _replay_conjecture(console, doc: dict) -> int:
    """Re-check a conjecture's witness from scratch: the conjecture's claim is rebuilt from the statement in the
    document and its reading decides the witness (mechanism, prior, parameter point) exactly, as the search
    did — nothing of the stored values is trusted."""
    from rich.markup import escape

    from counterexamples.conjecture import conjecture_claim  # the conjecture's own claim: one definition of the statement
    from counterexamples.guard import Evaluator
    from exactpriv import io
    from exactpriv.claims import Instance

    w = doc.get("witness")
    measured = f"{doc['measure']}({doc['operator']}(M))" if doc.get("operator") else doc["measure"]
    statement = f"{doc['given']} => {measured} <= {doc['bound']}"
    if not isinstance(w, dict) or not isinstance(w.get("mechanism"), dict):
        raise InvalidArgument(f"the conjecture output ({statement}) carries no witness (its verdict is "
                              f"{doc.get('verdict')})")
    point = {str(k): str(v) for k, v in (w.get("params") or {}).items()}
    operator = doc.get("operator")
    extra = {}
    if w.get("kernel") is not None:  # a post-processing conjecture: the witness's kernel is part of the instance
        from counterexamples.conjecture_operators import read_kernel

        extra["kernel"] = read_kernel(w["kernel"])
    M = io.from_json(w["mechanism"], "$.witness.mechanism")
    prior = io.from_json(w["prior"], "$.witness.prior") if isinstance(w.get("prior"), dict) else None
    space = doc.get("space") or "hamming:m=2,n=1"
    _, reading, _, _ = conjecture_claim(given=doc["given"], measure=doc["measure"], bound=doc["bound"],
                              params=[f"{k}={v}" for k, v in point.items()] or None, space=space, prior="any",
                              max_outputs=3, seeds_only=True, operator=operator)
    ev = Evaluator(reading).evaluate(Instance(str(w.get("label") or "conjecture witness"), M, prior,
                                              params=dict(point), extra=extra))
    where = escape(f"conjecture {statement}")
    decision = ev.outcome.decision if ev.status not in ("outside", "error") else None
    if decision is not None and decision.is_false:
        console.print(f"[red]REFUTED[/] {where} — the witness still violates it "
                      + escape(f"({decision.method}: {decision.reason})"))
        return 0
    why = f"{decision.truth.value} ({decision.method}: {decision.reason})" if decision is not None else \
        (ev.error if ev.status == "error" else "outside the hypotheses: " + ", ".join(ev.unmet))
    console.print(f"[yellow]witness does not refute[/] {where}: " + escape(why))
    return EXIT_NOT_REFUTED


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

    from rich.console import Console

    console = Console(soft_wrap=True)   # one line per witness, however long its reason: never wrapped mid-text
    path = Path(args.file)
    if not path.exists():
        ship = shipped_witness(args.file)
        if ship is None:
            raise InvalidArgument(f"no witness file {args.file!r} (neither a path nor a witness shipped in "
                                  f"counterexamples/found/; see 'exactpriv list readings')")
        with resources.as_file(ship) as real:
            return _replay_one(console, real, args)
    conjecture_doc = _conjecture_document(path)
    if conjecture_doc is not None:
        return _replay_conjecture(console, conjecture_doc)
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
    r.add_argument("file", help="a witness JSON file (from 'hunt --archive'), a 'hunt --json' or 'conjecture --json' "
                                "output, or a "
                                "shipped witness such as counterexamples/found/zhao2019.thm1_conv--replace.json "
                                "(found from any directory)")
    add_bank_argument(r)
    r.set_defaults(func=cmd_replay)
    return r
