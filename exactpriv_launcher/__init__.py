"""The ``exactpriv`` console script's entry point: Ctrl-C is handled before anything heavy is imported.

Why a package of its own: the generated console script runs ``from <module> import main`` before any
of our code, and importing the command line loads part of the engine (a fraction of a second;
``exactpriv/__init__.py`` itself loads lazily).  A Ctrl-C in that window would
print a ``KeyboardInterrupt`` traceback from the script's import line, before the command line's own
two-stage protocol (:func:`exactpriv.cli._common.interrupt_protocol`) exists.  This module imports
only the standard library, installs a handler that exits 130 with one line, then imports the command
line, whose :func:`exactpriv.cli.main` replaces the handler with the full protocol.
"""

import os
import signal

__all__ = ["main"]

#: Exit status after Ctrl-C (128 + SIGINT), as :data:`exactpriv.cli._common.EXIT_INTERRUPTED`.
EXIT_INTERRUPTED = 130


def _interrupted_while_starting(signum, frame):  # pragma: no cover - exercised in a subprocess test
    os.write(2, b"interrupted while starting\n")
    os._exit(EXIT_INTERRUPTED)  # nothing has been computed or written yet


def main():
    """Run the command line (``exactpriv.cli.main``) with Ctrl-C handled from the first instant."""
    signal.signal(signal.SIGINT, _interrupted_while_starting)
    import sys

    from exactpriv.checker.cli import main as check, wants_check

    if wants_check(sys.argv[1:]):  # the independent checker runs without the engine (issue 20)
        return check(sys.argv[1:])
    from exactpriv.cli import main as run

    return run()
