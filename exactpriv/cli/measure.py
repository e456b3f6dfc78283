"""``exactpriv measure FILE [--prior PRIOR_FILE] [--only NAME,...] [--json PATH]``."""

from __future__ import annotations

import json
import time
from pathlib import Path

from exactpriv.cli._common import seconds_option, write_output
from exactpriv.errors import BudgetExceededError, ExactPrivError, FormatError, InvalidArgument

__all__ = ["add_parser", "measure_all"]


#: Default budget of one measure (``--seconds``).
DEFAULT_SECONDS = 60.0


def _measure_json(name, M, prior) -> dict:
    from exactpriv.measures import compute

    return compute(name, M, prior=prior).to_json()


def measure_all(M, prior=None, only=None, *, seconds: float = DEFAULT_SECONDS) -> dict:
    """Every applicable measure (or the ``only`` ones) as JSON-ready dicts, keyed by name.

    Each measure runs in a killable worker (:func:`exactpriv.exact.budget.run_bounded`) within
    ``seconds``; one that overruns is listed with ``"undecided"`` and the reason."""
    from exactpriv.exact.budget import run_bounded
    from exactpriv.measures import REGISTRY, applicable_measures

    names = applicable_measures(M, prior) if not only else only
    for n in names:
        if n not in REGISTRY:
            import difflib

            close = [m for m in REGISTRY if m.startswith(n)] or difflib.get_close_matches(n, list(REGISTRY), n=3)
            hint = f" — did you mean {' or '.join(close)}?" if close else ""
            raise InvalidArgument(f"unknown measure {n!r}{hint} (see 'exactpriv list notions')")
    if only and prior is None:
        for n in names:
            if REGISTRY[n].needs_prior:
                raise InvalidArgument(f"{n} depends on the prior: give --prior PRIOR.json (a file of kind 'prior')")
    out = {}
    for n in names:
        t0 = time.perf_counter()
        try:
            res = run_bounded(_measure_json, n, M, prior, seconds=seconds, what=f"the measure {n}")
        except BudgetExceededError as exc:
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "undecided": str(exc)}
        except ExactPrivError as exc:
            if only:
                raise
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "not_applicable": f"{type(exc).__name__}: {exc}"}
        res["seconds"] = round(time.perf_counter() - t0, 4)
        out[n] = res
    return out


def _conjecture_witness(path):
    """The witness a ``conjecture --json`` output carries, as a witness-like dict (None: not such a file)."""
    from exactpriv import io

    if not Path(path).is_file():
        return None
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None  # io.load names the problem
    w = doc.get("witness") if isinstance(doc, dict) and "kind" not in doc else None
    if not isinstance(w, dict) or not isinstance(w.get("mechanism"), dict):
        return None
    from types import SimpleNamespace

    prior = io.from_json(w["prior"], "$.witness.prior") if isinstance(w.get("prior"), dict) else None
    return {"kind": "witness",
            "instance": SimpleNamespace(mechanism=io.from_json(w["mechanism"], "$.witness.mechanism"), prior=prior)}


def _run(args) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from exactpriv import io
    from exactpriv.mechanisms.base import Mechanism

    try:
        M = io.load(args.file)
    except FormatError:
        M = _conjecture_witness(args.file)   # a 'conjecture --json' output has no "kind"
        if M is None:
            raise
    witness_prior = None
    if isinstance(M, dict) and M.get("kind") == "witness":  # a witness file ('hunt --archive' / 'hunt --json')
        inst = M["instance"]
        M, witness_prior = inst.mechanism, getattr(inst, "prior", None)
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
    elif witness_prior is not None:
        prior = witness_prior
    only = [s.strip() for s in args.only.split(",")] if args.only else None
    results = measure_all(M, prior, only, seconds=args.seconds)
    console = Console()
    table = Table(title=Text(f"measures of {args.file}"))
    for col in ("measure", "exact", "certified bounds", "≈", "witness"):
        table.add_column(col, overflow="fold")
    # cells are Text, never markup: output labels and values come from the user's file
    for name, r in results.items():
        if "not_applicable" in r or "undecided" in r:
            why = r.get("not_applicable") or "UNDECIDED: " + r["undecided"]
            table.add_row(Text(name), Text("-"), Text("-"), Text("-"), Text(why, style="dim"))
            continue
        bounds = "" if r["exact"] is not None else f"[{r['lower']}, {r['upper']}]"
        fl = "" if r["float"] is None else f"{r['float']:.6g}"
        table.add_row(*(Text(c) for c in (name, r["exact"] or "", bounds, fl, json.dumps(r["witness"])[:200])))
    console.print(table)
    if args.json:
        write_output(args.json, json.dumps({"file": str(args.file), "measures": results}, indent=1) + "\n")
        console.print(Text(f"wrote {args.json}"))
    return 0


def add_parser(subparsers, name="measure"):
    p = subparsers.add_parser(name, help="compute every applicable measure of a mechanism file")
    p.add_argument("file", help="mechanism JSON file, or a witness file (its mechanism and prior are used)")
    p.add_argument("--prior", help="prior JSON file (for prior-dependent measures; default: none, which skips "
                                   "them)")
    p.add_argument("--only", help="comma-separated measure names (default: every applicable measure; see "
                                  "'exactpriv list notions')")
    p.add_argument("--json", help="write the results as JSON here (default: none)")
    p.add_argument("--seconds", type=seconds_option, default=DEFAULT_SECONDS,
                   help=f"budget of each measure in seconds (default {DEFAULT_SECONDS:g}); one that overruns is "
                        f"listed as UNDECIDED")
    p.set_defaults(func=_run)
    return p
