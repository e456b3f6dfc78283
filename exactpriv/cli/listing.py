"""``exactpriv list claims|readings|notions|banks``: what the installed banks and the registry hold.

One line per item, plain text (readable when piped); ``--only`` filters claims by id prefix, ``--json``
prints JSON instead.
"""

from __future__ import annotations

import json

from exactpriv.cli._common import add_bank_argument, banks_of
from exactpriv.cli._output import output_width
from exactpriv.cli._witness_text import wrap

__all__ = ["add_parser", "cmd_list"]

WHAT = ("claims", "readings", "notions", "banks")


def add_parser(subparsers, name: str = "list"):
    p = subparsers.add_parser(name, help="list the claims, readings, notions or banks exactpriv knows")
    p.add_argument("what", choices=WHAT, help="what to list")
    add_bank_argument(p)
    p.add_argument("--only", help="comma-separated claim ids or id prefixes (claims, readings; default: all)")
    p.add_argument("--json", action="store_true", help="print JSON instead of one line per item (default: lines)")
    p.set_defaults(func=cmd_list)
    return p


def _rows(args) -> list[dict]:
    from exactpriv.claims.banks import select_claims

    if args.what == "notions":
        from exactpriv.measures import REGISTRY

        return [{"name": s.name, "needs_prior": s.needs_prior, "defaults": s.defaults,
                 "description": s.description} for s in REGISTRY.values()]
    banks = banks_of(args)
    if args.what == "banks":
        return [{"name": b.name, "title": b.title, "claims": len(b.claims()),
                 "papers": {k: p.citation() for k, p in b.papers.items()}} for b in banks]
    claims = select_claims(banks, args.only)
    if args.what == "claims":
        return [{"id": c.id, "kind": c.kind, "title": c.title, "readings": len(c.readings),
                 "encodable": c.encodable} for c in claims]
    return [{"id": c.id, "reading": r.name, "expected": r.expected.value if r.expected is not None else None,
             "finding": r.finding.value if r.finding else None, "statement": r.statement}
            for c in claims for r in c.readings]


def _plural(n: int, word: str) -> str:
    return f"{n:>2} {word}" + (" " if n == 1 else "s")


def _line(what: str, row: dict) -> str:
    """One row; a long description is wrapped at blanks under its own column (piped output stays within
    :func:`output_width` columns)."""
    if what == "notions":
        head, text = f"{row['name']:<28} ", row["description"]
    elif what == "banks":
        head, text = f"{row['name']:<12} {_plural(row['claims'], 'claim'):>9}  ", row["title"]
    elif what == "claims":
        head, text = f"{row['id']:<28} {row['kind']:<16} {_plural(row['readings'], 'reading')}  ", row["title"]
    else:
        exp = row["expected"] or "-"
        if row["finding"]:
            exp += f" ({row['finding']})"
        head, text = f"{row['id']:<28} {row['reading']:<36} ", exp
    return "\n".join(wrap(str(text), output_width(), head, hanging=" " * len(head)))


def cmd_list(args) -> int:
    rows = _rows(args)
    if args.json:
        print(json.dumps(rows, indent=1, default=str))
    else:
        for row in rows:
            print(_line(args.what, row))
    return 0
