"""``python -m exactpriv``: the command line.

``python -m`` imports the package (``exactpriv/__init__.py``, which loads its names lazily) before this
file runs; the package installs a one-line Ctrl-C handler for that window and the command line's import
below, restored here to Python's default (the command line's own interrupt protocol then applies).  The ``exactpriv`` console script
starts from :mod:`exactpriv_launcher`, which handles Ctrl-C from the first instant.
"""
import signal
import sys

from exactpriv.checker.cli import main as _check, wants_check

if wants_check(sys.argv[1:]):  # the independent checker runs without the engine (issue 20)
    raise SystemExit(_check(sys.argv[1:]))

try:
    from exactpriv.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line is still importing: no traceback either
    raise SystemExit(130) from None

signal.signal(signal.SIGINT, signal.default_int_handler)
raise SystemExit(main())
