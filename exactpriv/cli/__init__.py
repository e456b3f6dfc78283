"""Command line: ``exactpriv verify | measure | replay | hunt | conjecture | prove | report | list | check``.

One module per subcommand (``exactpriv.cli.<name>``, each with ``add_parser``); this module only dispatches.

Exit codes (``exactpriv.cli._common``): 0 success (a refutation is a finding, not an error); 1 bad input
or a check failed (one ``error: Type: message`` line, never a traceback); 2 usage errors (argparse);
3 ``replay``: the witness no longer refutes; 4 ``verify``: a reading's verdict differs from its expected
verdict, and ``prove --strict``: REFUTED; 5 ``prove --strict``: UNDECIDED; 6 ``check``: a row FAILED or the
file was refused; 130 after Ctrl-C (what was
complete is written, marked partial).

The error boundary is :func:`main`: every exception becomes one message on stderr and a
non-zero exit; ``--debug`` (before or after the subcommand) prints the traceback as well.  The
``exactpriv`` console script enters through :mod:`exactpriv_launcher`, which handles Ctrl-C while
this package and sympy are still being imported (exit 130, one line).
"""

from __future__ import annotations

import argparse
import sys
import traceback

from exactpriv.cli import check, conjecture, hunt, listing, measure, prove, replay, report, verify
from exactpriv.cli._common import EXIT_ERROR, EXIT_INTERRUPTED, interrupt_protocol, validate_options
from exactpriv.cli._output import printable, safe_streams
from exactpriv.effort.knobs import using
from exactpriv.errors import ExactPrivError

__all__ = ["main"]


# ----------------------------------------------------------------------------- entry point

def build_parser() -> argparse.ArgumentParser:
    from exactpriv.version import __version__

    p = argparse.ArgumentParser(prog="exactpriv", description="Exact checking of privacy theorems.")
    p.add_argument("--version", action="version", version=f"exactpriv {__version__}")
    p.add_argument("--debug", action="store_true", help="print the traceback of an error")
    sub = p.add_subparsers(dest="command", required=True)

    for command in (verify, replay, measure, hunt, conjecture, prove, report, listing, check):
        command.add_parser(sub)
    for sp in sub.choices.values():  # --debug also after the subcommand
        sp.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return p


#: Longest error message printed (a message quoting a huge input is cut, never the exit).
_MESSAGE_LIMIT = 2000


def _message(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - e.g. a message holding an integer too long to print
        text = f"<message of {type(exc).__name__} could not be formatted>"
    if len(text) > _MESSAGE_LIMIT:
        text = text[: _MESSAGE_LIMIT - 40] + f"... ({len(text):,} characters)"
    return text


#: options whose value is an expression or interval that may start with '-' ("-2*log(1-eps)")
_EXPRESSION_OPTIONS = ("--bound", "--param", "--domain")


def _join_expression_values(argv: list[str]) -> list[str]:
    """``--bound -2*log(1-eps)`` as ``--bound=-2*log(1-eps)``: argparse takes a value starting with '-' for an
    option (only negative numbers and values with spaces are exempt), so an expression option followed by a
    token that starts with a single '-' gets that token as its value."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        tok = argv[i]
        nxt = argv[i + 1] if i + 1 < len(argv) else None
        if tok in _EXPRESSION_OPTIONS and nxt is not None and nxt.startswith("-") and not nxt.startswith("--") \
                and len(nxt) > 1:
            out.append(f"{tok}={nxt}")
            i += 2
            continue
        out.append(tok)
        i += 1
    return out


def main(argv=None) -> int:
    argv = _join_expression_values(sys.argv[1:] if argv is None else list(argv))
    debug = "--debug" in argv  # known before parsing: the parser itself loads the banks
    with safe_streams(), interrupt_protocol():  # from the start: a Ctrl-C while the banks load is no traceback either
        try:
            args = build_parser().parse_args(argv)
            validate_options(args)
            with using(getattr(args, "effort", None)):  # --effort reaches every step (and every worker)
                return args.func(args)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            # the reader went away (`exactpriv list claims | head`): stop quietly, as Unix tools do; point
            # stdout at /dev/null so Python's exit-time flush cannot raise again
            import os

            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):  # stdout is not a file (captured, replaced)
                pass
            return EXIT_ERROR
        except Exception as exc:  # noqa: BLE001 - the one error boundary of the command line
            if debug:
                traceback.print_exc()
            print(printable(_describe(exc)), file=sys.stderr)
            return 1


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ExactPrivError):
        return f"error: {type(exc).__name__}: {_message(exc)}"
    if isinstance(exc, OSError):
        where = f" {exc.filename!s}" if exc.filename else ""
        return f"error: cannot read or write{where}: {exc.strerror or _message(exc)}"
    if isinstance(exc, MemoryError):
        return "error: out of memory (the input is too large for this machine; use a smaller one)"
    if isinstance(exc, RecursionError):
        return "error: the input is nested too deeply"
    return (f"internal error: {type(exc).__name__}: {_message(exc)} (a bug in exactpriv; "
            f"run with --debug for the traceback and please report it)")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
