"""``python -m exactpriv``: the command line."""

from exactpriv.cli import main

raise SystemExit(main())
