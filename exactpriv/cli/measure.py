"""``exactpriv measure FILE [--prior PRIOR_FILE] [--only NAME,...] [--json PATH]``."""

from __future__ import annotations

import json
import time
from pathlib import Path

from exactpriv.errors import ExactPrivError, InvalidArgument

__all__ = ["add_parser", "measure_all"]


def measure_all(M, prior=None, only=None) -> dict:
    """Every applicable measure (or the ``only`` ones) as JSON-ready dicts, keyed by name."""
    from exactpriv.measures import REGISTRY, applicable_measures, compute

    names = applicable_measures(M, prior) if not only else only
    for n in names:
        if n not in REGISTRY:
            raise InvalidArgument(f"unknown measure {n!r}; known: {', '.join(REGISTRY)}")
    out = {}
    for n in names:
        t0 = time.perf_counter()
        try:
            res = compute(n, M, prior=prior).to_json()
        except ExactPrivError as exc:
            if only:
                raise
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "not_applicable": f"{type(exc).__name__}: {exc}"}
        res["seconds"] = round(time.perf_counter() - t0, 4)
        out[n] = res
    return out


def _run(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from exactpriv import io
    from exactpriv.mechanisms.base import Mechanism

    M = io.load(args.file)
    if not isinstance(M, Mechanism):
        raise InvalidArgument(f"{args.file} does not hold a mechanism (kind 'mechanism')")
    prior = None
    if args.prior:
        from exactpriv.distributions import Prior

        prior = io.load(args.prior)
        if not isinstance(prior, Prior):
            raise InvalidArgument(f"{args.prior} does not hold a prior (kind 'prior'), it holds a "
                                  f"{type(prior).__name__}")
        prior.check_space(M.inputs, "mechanism")
    only = [s.strip() for s in args.only.split(",")] if args.only else None
    results = measure_all(M, prior, only)
    console = Console()
    table = Table(title=f"measures of {args.file}")
    for col in ("measure", "exact", "certified bounds", "≈", "witness"):
        table.add_column(col, overflow="fold")
    for name, r in results.items():
        if "not_applicable" in r:
            table.add_row(name, "-", "-", "-", f"[dim]{r['not_applicable']}[/]")
            continue
        bounds = "" if r["exact"] is not None else f"[{r['lower']}, {r['upper']}]"
        fl = "" if r["float"] is None else f"{r['float']:.6g}"
        table.add_row(name, r["exact"] or "", bounds, fl, json.dumps(r["witness"])[:200])
    console.print(table)
    if args.json:
        Path(args.json).write_text(json.dumps({"file": str(args.file), "measures": results}, indent=1) + "\n",
                                   encoding="utf-8")
        console.print(f"wrote {args.json}")
    return 0


def add_parser(subparsers, name="measure"):
    p = subparsers.add_parser(name, help="compute every applicable measure of a mechanism file")
    p.add_argument("file", help="mechanism JSON file")
    p.add_argument("--prior", help="prior JSON file (for prior-dependent measures)")
    p.add_argument("--only", help="comma-separated measure names")
    p.add_argument("--json", help="write the results as JSON here")
    p.set_defaults(func=_run)
    return p
