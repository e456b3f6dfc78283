"""``exactpriv measure FILE [--prior PRIOR_FILE] [--only NAME,...] [--param NAME=VALUE ...] [--json PATH]``.

Every file the loader reads is measured: a mechanism with rational entries, a *symbolic family* (entries
in ``eps``: its closed forms for every ε come from :mod:`exactpriv.measures.symbolic`), a product
mechanism (kept factored; the measures that understand products never build the joint output space), a
witness file (``hunt --archive`` / ``hunt --json``) or a ``conjecture --json`` output (their mechanism and
prior).  Notion parameters use one form, ``--param NAME=VALUE`` (as in ``conjecture``): ``alpha`` is the
order of ``renyi_dp`` and ``sibson_mi``; for ``approx_dp``, ``epsilon`` gives δ at that ε and ``delta`` the
tightest ε at that δ (a symbolic family needs ``epsilon``: its δ at ε as a closed form in the family's ε).
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import time
from fractions import Fraction
from pathlib import Path

from exactpriv.cli._common import EXIT_STOPPED, add_effort_argument, seconds_option
from exactpriv.cli._output import output_width, write_output
from exactpriv.cli._witness_text import point_text, wrap
from exactpriv.errors import (BudgetExceededError, ExactPrivError, FormatError, InvalidArgument, TimeLimitReached,
                              did_you_mean)

__all__ = ["add_parser", "measure_all", "parse_measure_params"]


#: Default budget of one measure (``--seconds``).
DEFAULT_SECONDS = 600.0  # a safety net for the whole command: the effort decides every value
#: approx_dp's views: δ at ε (``epsilon``) and the tightest ε at δ (``delta``), as in ``conjecture``.
_APPROX_VIEWS = ("epsilon", "delta")
#: Arguments of the measure functions that are not notion parameters a user sets with --param.
_NOT_PARAMS = {"M", "prior", "method", "family", "form", "null_events", "gap", "tolerance", "pair", "default",
               "remaining", "variant"}


def _notion_params(name: str) -> set[str]:
    """The --param names the measure ``name`` takes (from its signature; approx_dp: epsilon, delta)."""
    from exactpriv.measures import REGISTRY

    if name == "approx_dp":
        return set(_APPROX_VIEWS)
    sig = inspect.signature(REGISTRY[name].load())
    return {p for p in list(sig.parameters)[1:] if p not in _NOT_PARAMS}


def parse_measure_params(specs) -> dict[str, Fraction]:
    """``["alpha=3", "epsilon=1/2"]`` -> ``{"alpha": Fraction(3), ...}``: one exact value a name."""
    out: dict[str, Fraction] = {}
    for spec in specs or []:
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*=\s*(-?\d{1,12}(?:/\d{1,12})?)\s*", spec or "")
        if not m:
            raise InvalidArgument(f"--param {spec!r}: expected NAME=VALUE with an exact integer or fraction, "
                                  f"e.g. alpha=3 or epsilon=1/2")
        if m.group(1) in out:
            raise InvalidArgument(f"--param {m.group(1)} given twice ({spec!r})")
        try:
            out[m.group(1)] = Fraction(m.group(2))
        except ZeroDivisionError:
            raise InvalidArgument(f"--param {spec!r}: division by zero") from None
    return out


def _check_params(params: dict, names: list[str]) -> None:
    from exactpriv.measures import REGISTRY

    takes = {n: _notion_params(n) for n in names}
    known = set().union(*[_notion_params(n) for n in REGISTRY])
    for p in params:
        if not any(p in t for t in takes.values()):
            users = sorted(n for n in REGISTRY if p in _notion_params(n))
            if users:
                raise InvalidArgument(f"--param {p}: none of the measures asked for takes it (it is a parameter "
                                      f"of {', '.join(users)}; add them with --only)")
            hint = did_you_mean(p, sorted(known))
            raise InvalidArgument(f"--param {p}: unknown notion parameter"
                                  + (f" — {hint}" if hint else "")
                                  + f" (known: {', '.join(sorted(known))})")
    if "epsilon" in params and "delta" in params:
        raise InvalidArgument("--param epsilon and --param delta: give one (approx_dp's δ at ε, or its ε at δ)")


def _is_symbolic(M) -> bool:
    return bool(getattr(M, "is_symbolic", False))


def _measure_json(name, M, prior, params) -> dict:
    """One measure as JSON (runs in a killable worker)."""
    from exactpriv.measures import compute
    from exactpriv.measures.family_dispatch import delta_at, is_family

    kw = {k: v for k, v in params.items() if k in _notion_params(name) and k not in _APPROX_VIEWS}
    if name == "approx_dp" and is_family(M):   # the measures layer's dispatch: a closed form of delta at eps
        if "epsilon" not in params:
            raise InvalidArgument("approx_dp of a symbolic family: give --param epsilon=E for its δ at ε = E "
                                  "as a closed form in the family's eps")
        doc = delta_at(M, params["epsilon"]).to_json()
        doc["at"] = {"epsilon": str(params["epsilon"])}
        return doc
    # symbolic families: compute -> the public measure, which returns its closed form (family_dispatch)
    m = compute(name, M, prior=prior, **kw)
    doc = m.to_json()
    if name == "approx_dp" and any(v in params for v in _APPROX_VIEWS):
        import sympy

        profile = m.value
        if "epsilon" in params:
            value = profile.delta(params["epsilon"])
            doc["at"] = {"epsilon": str(params["epsilon"]), "delta": sympy.sstr(_sympy(value))}
        else:
            value = profile.epsilon(params["delta"])
            doc["at"] = {"delta": str(params["delta"]), "epsilon": sympy.sstr(_sympy(value))}
    return doc


def _sympy(v):
    from exactpriv.measures.result import value_to_sympy

    return value_to_sympy(v)


def _user_message(exc: Exception, M) -> str:
    """An error message for a CLI user: the mechanism's repr (which can be huge) and Python hints replaced."""
    text = f"{type(exc).__name__}: {exc}"
    for r in {repr(M), repr(getattr(M, "inputs", ""))} - {""}:
        if len(r) > 40:
            text = text.replace(r, "the mechanism")
    text = re.sub(r"give prior=\.\.\. \(e\.g\. prior=Prior\.uniform\(M\.inputs\)\)", "give --prior PRIOR.json", text)
    text = re.sub(r";? ?substitute a value[^;]*M\.subs\(eps=sympy\.log\(3\)\)\)?",
                  " (no closed form for a symbolic family: write the mechanism at a value of eps)", text)
    return text


def measure_all(M, prior=None, only=None, *, seconds: float | None = DEFAULT_SECONDS, params=None) -> dict:
    """Every applicable measure (or the ``only`` ones) as JSON-ready dicts, keyed by name.

    ``params`` are notion parameters ({"alpha": 3, "epsilon": Fraction(1, 2)}), each passed to the measures
    that take it.  Each measure runs in a killable worker (:func:`exactpriv.effort.run_bounded`) within
    ``seconds`` (None: the deadline in force) — a time limit, a safety net: one that overruns is listed
    with ``"stopped"`` and the reason ("stopped by the time limit ..."), never as a value."""
    from exactpriv.effort import run_bounded
    from exactpriv.measures import REGISTRY, applicable_measures

    params = dict(params or {})
    names = applicable_measures(M, prior) if not only else only
    for n in names:
        if n not in REGISTRY:
            hint = did_you_mean(n, REGISTRY, prefixes=True)
            hint = f" — {hint}" if hint else ""
            raise InvalidArgument(f"unknown measure {n!r}{hint} (see 'exactpriv list notions')")
    _check_params(params, names)
    if only and prior is None:
        for n in names:
            if REGISTRY[n].needs_prior:
                raise InvalidArgument(f"{n} depends on the prior: give --prior PRIOR.json (a file of kind 'prior')")
    out = {}
    for n in names:
        t0 = time.perf_counter()
        try:
            res = run_bounded(_measure_json, n, M, prior, params, seconds=seconds, what=f"the measure {n}")
        except TimeLimitReached as exc:
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "stopped": str(exc)}
        except BudgetExceededError as exc:  # the worker died (out of memory)
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "undecided": str(exc)}
        except ExactPrivError as exc:
            if only:
                raise InvalidArgument(_user_message(exc, M)) from None
            res = {"exact": None, "lower": None, "upper": None, "float": None, "witness": {},
                   "not_applicable": _user_message(exc, M)}
        res["timing"] = {"seconds": round(time.perf_counter() - t0, 4)}
        out[n] = res
    return out


def _conjecture_witness(path):
    """The witness a ``conjecture --json`` output carries, as a witness-like dict (None: not such a file)."""
    from exactpriv import io

    if not Path(path).is_file() or Path(path).stat().st_size > io.MAX_BYTES:
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


def _plain(value, *, top: bool = False) -> str:
    """A witness value written plainly: tuples as (0, 1), no quotes from Python reprs."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        if top and value and all(isinstance(v, (list, tuple)) for v in value):
            return ", ".join(_plain(v) for v in value)      # a pair of points: (0), (1)
        return "(" + ", ".join(_plain(v) for v in value) + ")"
    return re.sub(r"'([^']*)'", r"\1", str(value))


def _outward(text: str, digits: int, *, down: bool) -> str:
    """A long exact rational end of an enclosure as a decimal rounded outward (so the shown interval still
    contains the value); other texts unchanged."""
    m = re.fullmatch(r"(-?\d+)(?:/(\d+))?", text or "")
    if not m or len(text) <= 24:
        return text
    q = Fraction(int(m.group(1)), int(m.group(2) or 1))
    scale = 10 ** digits
    n = (q * scale).__floor__() if down else (q * scale).__ceil__()
    sign, n = ("-" if n < 0 else ""), abs(n)
    return f"{sign}{n // scale}.{n % scale:0{digits}d}"   # exact decimal of n / 10^digits, no float


def _witness_text(witness: dict) -> str:
    return "; ".join(f"{k} {_plain(v, top=True)}" for k, v in (witness or {}).items()
                     if k not in ("valid_on", "variable"))


def _value_text(r: dict) -> str:
    if "not_applicable" in r:
        return "not applicable: " + r["not_applicable"]
    if "undecided" in r:
        return "UNDECIDED: " + r["undecided"]
    if "stopped" in r:
        return "STOPPED: " + r["stopped"]
    text = r["exact"] if r["exact"] is not None else \
        f"in [{_outward(r['lower'], 15, down=True)}, {_outward(r['upper'], 15, down=False)}]"
    if r.get("at"):
        text += "; at " + ", ".join(f"{k} = {v}" for k, v in r["at"].items())
    if isinstance(r.get("float"), (int, float)):
        text += f" ≈ {r['float']:.6g}"
    return text


def _table(results: dict, title: str, width: int) -> str:
    """One block per measure: its name and value on the first line (wrapped at blanks), then its witness."""
    lines = wrap(title, width)
    name_w = max([len(n) for n in results] + [7])
    for name, r in results.items():
        lines += wrap(_value_text(r), width, f"{name:<{name_w}}  ", hanging=" " * (name_w + 4))
        wt = _witness_text(r.get("witness") or {})
        if wt:
            lines += wrap(f"witness: {wt}", width, " " * (name_w + 2), hanging=" " * (name_w + 4))
    return "\n".join(lines) + "\n"


def _markdown(results: dict, title: str) -> str:
    def cell(text):
        return " ".join(str(text).split()).replace("|", "\\|")

    out = [f"# {title}", "", "| measure | value | witness |", "|---|---|---|"]
    out += [f"| `{n}` | {cell(_value_text(r))} | {cell(_witness_text(r.get('witness') or {}))} |"
            for n, r in results.items()]
    return "\n".join(out) + "\n"


def _hunt_witness(path, reading: str | None):
    """The witness of a ``hunt --json`` output (a list of reading results, or a partial run's
    ``{"results": [...]}``), as a witness-like dict; None when ``path`` holds something else.  With
    several witnesses, ``--reading NAME`` picks one."""
    from exactpriv import io

    try:
        if not Path(path).is_file() or Path(path).stat().st_size > io.MAX_BYTES:  # /dev/zero, a FIFO, a huge file
            return None  # io.load names the problem
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if isinstance(doc, dict) and isinstance(doc.get("results"), list):
        doc = doc["results"]
    if not isinstance(doc, list) or not all(isinstance(d, dict) and "verdict" in d for d in doc):
        return None
    found = {d.get("reading"): d["witness"] for d in doc
             if isinstance(d.get("witness"), dict) and d["witness"].get("kind") == "witness"}
    if reading is not None:
        if reading not in found:
            raise InvalidArgument(f"{path}: no witness for reading {reading!r}; it holds witnesses for "
                                  f"{sorted(map(str, found)) or 'no reading'}")
        found = {reading: found[reading]}
    if not found:
        raise InvalidArgument(f"{path} is a hunt output without a witness (no reading was refuted)")
    if len(found) > 1:
        raise InvalidArgument(f"{path} holds witnesses of {len(found)} readings ({', '.join(map(str, found))}): "
                              "pick one with --reading NAME")
    (w,) = found.values()
    return io.from_json(w, "$.witness")


def _load_mechanism(path, reading: str | None = None):
    from exactpriv import io
    from exactpriv.mechanisms.base import Mechanism, ProductMechanism

    try:
        M = io.load(path)
    except FormatError:
        # a 'conjecture --json' output has no "kind"; a 'hunt --json' output is a list of results
        M = _conjecture_witness(path) or _hunt_witness(path, reading)
        if M is None:
            raise
    witness_prior = None
    if isinstance(M, dict) and M.get("kind") == "witness":  # a witness file ('hunt --archive' / 'hunt --json')
        inst = M["instance"]
        M, witness_prior = inst.mechanism, getattr(inst, "prior", None)
    if not isinstance(M, (Mechanism, ProductMechanism)):
        raise InvalidArgument(f"{path} does not hold a mechanism (kind 'mechanism' or 'product_mechanism'), it "
                              f"holds a {type(M).__name__}")
    return M, witness_prior


def _run(args) -> int:
    from exactpriv import effort

    # --seconds bounds the whole command, loading included (issue 19): each measure gets what is left
    with effort.deadline(args.seconds, what="measure command"):
        return _run_within(args)


def _run_within(args) -> int:
    from exactpriv import io

    try:
        M, witness_prior = _load_mechanism(args.file, args.reading)
    except TimeLimitReached as exc:  # not an error of the file: the time limit stopped the command (issue 19)
        print(f"STOPPED: {args.file} was not measured: {exc}", file=sys.stderr)
        return EXIT_STOPPED
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
    params = parse_measure_params(args.param)
    results = measure_all(M, prior, only, seconds=None, params=params)
    kind = "a symbolic family in eps, closed forms for every eps >= 0" if _is_symbolic(M) else \
        "a product mechanism" if type(M).__name__ == "ProductMechanism" else "a mechanism"
    title = f"measures of {args.file} ({kind})" + (f", {', '.join(args.param)}" if args.param else "")
    if args.format == "json":
        text = json.dumps({"file": str(args.file), "measures": results}, indent=1) + "\n"
    elif args.format == "markdown":
        text = _markdown(results, title)
    else:
        text = _table(results, title, output_width())
    sys.stdout.write(text)
    sys.stdout.flush()
    if args.json:
        write_output(args.json, json.dumps({"file": str(args.file), "measures": results}, indent=1) + "\n")
        print(f"wrote {args.json}", file=sys.stderr)
    # a measure the time limit stopped is no value: say so in the exit status too (as verify, hunt)
    return EXIT_STOPPED if any(isinstance(r, dict) and r.get("stopped") for r in results.values()) else 0


def add_parser(subparsers, name="measure"):
    p = subparsers.add_parser(name, help="compute every applicable measure of a mechanism file")
    p.add_argument("file", help="a mechanism, symbolic-family or product-mechanism JSON file, a witness file or a "
                                "'conjecture --json' output (their mechanism and prior are used)")
    p.add_argument("--prior", help="prior JSON file (for prior-dependent measures; default: none, which skips "
                                   "them)")
    p.add_argument("--only", help="comma-separated measure names (default: every applicable measure; see "
                                  "'exactpriv list notions')")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="a notion parameter (repeatable): alpha=3 (the order of renyi_dp and sibson_mi; default "
                        "2), epsilon=1/2 (approx_dp: its delta at that eps), delta=1/1000 (approx_dp: its tightest "
                        "eps at that delta); default: none")
    p.add_argument("--reading", help="for a hunt --json FILE with witnesses of several readings: the one to measure "
                                       "(default: the only witness)")
    p.add_argument("--json", help="write the results as JSON here (default: none)")
    p.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                   help="how to print the results on stdout (default table: one block per measure, at most 120 "
                        "columns)")
    p.add_argument("--seconds", type=seconds_option, default=DEFAULT_SECONDS,
                   help=f"time limit of the whole command in seconds, loading included (default "
                        f"{DEFAULT_SECONDS:g}); a safety net: a measure it stops is listed as STOPPED")
    add_effort_argument(p)
    p.set_defaults(func=_run)
    return p
