"""``python -m exactpriv``: the command line.

``python -m`` imports the package (``exactpriv/__init__.py``: sympy, flint, the measures) before this
file runs, so a Ctrl-C in that first second can still show Python's traceback here; the ``exactpriv``
console script starts from :mod:`exactpriv_launcher`, which handles Ctrl-C from the first instant.
"""

try:
    from exactpriv.cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line is still importing: no traceback either
    raise SystemExit(130) from None

raise SystemExit(main())
