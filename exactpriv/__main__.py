"""``python -m exactpriv``: the command line."""

try:
    from exactpriv.cli import main
except KeyboardInterrupt:  # Ctrl-C while the package is still importing: no traceback either
    raise SystemExit(130) from None

raise SystemExit(main())
