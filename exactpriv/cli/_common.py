"""Shared pieces of the subcommands: exit codes, the ``--bank`` option, witness paths."""

from __future__ import annotations

from pathlib import Path

__all__ = ["EXIT_ERROR", "EXIT_NOT_REFUTED", "EXIT_UNDECIDED", "EXIT_UNEXPECTED", "EXIT_USAGE",
           "add_bank_argument", "banks_of", "console", "shipped_witness", "witness_label"]

# Exit codes (documented in exactpriv.cli and docs/cli.md).
EXIT_ERROR = 1          # bad input, or a check crashed
EXIT_USAGE = 2          # argparse: unknown option, missing argument
EXIT_NOT_REFUTED = 3    # replay: the witness no longer refutes its reading
EXIT_UNEXPECTED = 4     # verify: a verdict differs from its reading's expectation; prove --strict: REFUTED
EXIT_UNDECIDED = 5      # prove --strict: UNDECIDED


def shipped_witness(name: str):
    """The witness file ``name`` shipped inside the package (``counterexamples/found/``), or None.

    Read through :mod:`importlib.resources`, so it works from any directory and from an installed wheel.
    """
    from importlib import resources

    base = Path(str(name).replace("\\", "/")).name
    if not base.endswith(".json"):
        return None
    entry = resources.files("counterexamples").joinpath("found", base)
    return entry if entry.is_file() else None


def witness_label(path) -> str:
    """How a witness path is shown and stored in JSON: ``counterexamples/found/NAME`` for a shipped witness
    (which ``exactpriv replay`` finds from any directory), else the absolute path."""
    p = Path(path)
    ship = shipped_witness(p.name)
    if ship is not None and Path(str(ship)).resolve() == p.resolve():
        return f"counterexamples/found/{p.name}"
    return str(p.resolve())


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
