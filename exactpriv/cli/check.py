"""``exactpriv check FILE``: re-check an evidence file with the independent checker (docs/certificates.md).

The console script and ``python -m exactpriv`` run ``check`` through :mod:`exactpriv.checker.cli` before this
package (and with it the engine and sympy) is imported; this module registers the same arguments in the full
parser so that ``exactpriv --help`` lists the command and ``exactpriv.cli.main(["check", ...])`` works too.
"""

from __future__ import annotations

__all__ = ["add_parser", "cmd_check"]


def add_parser(sub, name: str = "check"):
    from exactpriv.checker.cli import DESCRIPTION, add_arguments

    p = sub.add_parser(name, help="re-check an evidence file (verify.json) with the independent checker",
                       description=DESCRIPTION)
    add_arguments(p)
    p.set_defaults(func=cmd_check)
    return p


def cmd_check(args) -> int:
    from exactpriv.checker.cli import run

    return run(args)
