"""Shared pieces of the subcommands."""

from __future__ import annotations

__all__ = ["add_bank_argument", "banks_of", "console"]


def console():
    from rich.console import Console

    return Console(stderr=False)


def add_bank_argument(p) -> None:
    """``--bank NAME|FILE`` (repeatable): the claim banks to use (default: every installed bank)."""
    p.add_argument("--bank", action="append", default=[], metavar="NAME|FILE",
                   help="an installed bank's name or a Python file/module of claims; repeatable "
                        "(default: every installed bank — see 'exactpriv list banks')")


def banks_of(args) -> list:
    """The banks named by ``--bank`` (and positional bank files), else every installed bank."""
    from exactpriv.claims.banks import resolve_banks

    return resolve_banks(list(getattr(args, "bank", []) or []) + list(getattr(args, "banks", []) or []))
