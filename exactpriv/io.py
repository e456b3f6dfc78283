"""Safe JSON I/O for spaces, priors, mechanisms and witnesses.

Format (all exact values are strings "p/q" or JSON integers; symbolic entries are strings in
the safe expression grammar of :mod:`exactpriv.exact.expressions`, symbol ``eps``)::

    SPACE  = {"type": "hamming", "values": ["0", "1"], "n": 3}        # points: itertools.product order
           | {"type": "hamming", "alphabets": [["0", "1"], ["a", "b", "c"]]}
           | {"type": "subsets", "universe": ["a", "b"]}               # add/remove neighbours
           | {"type": "bounded", "universe": ["a", "b", "c"], "k": 2}  # swap neighbours
           | {"type": "graph", "points": ["a", "b"], "edges": [["a", "b"]]}
    {"kind": "mechanism", "space": SPACE, "outputs": ["y0", "y1"], "matrix": [["1/2", "1/2"], ...]}
    {"kind": "product_mechanism", "space": SPACE, "factors": [{"outputs": [...], "matrix": [...]}, ...]}
    {"kind": "prior", "space": SPACE, "pmf": ["1/4", ...]}
    {"kind": "witness", "claim": ID, "reading": R, "instance": {...}, ...}

Rows / pmf entries follow the space's point order.  Output labels that are JSON lists are
read as tuples (product outputs).  Subsets/bounded points are written as sorted lists.

Safety: the text is parsed by :func:`json.loads` only; JSON floats, NaN and Infinity are
refused with the JSON path of the offending value; strings become numbers only through
:func:`exactpriv.exact.expressions.parse_expression` (an ``ast`` allow-list walk) — never
``eval``, ``sympify``, ``parse_expr`` or ``pickle``.  Files above :data:`MAX_BYTES` are refused.

Budget: each symbolic entry's checks run in a killable worker with their own budget
(:mod:`exactpriv.mechanisms.base`), and the whole document loads under one deadline of
:data:`LOAD_SECONDS` (``load(path, seconds=...)``; :mod:`exactpriv.effort`): 300 entries
that each stay just under their own budget would otherwise take 300 times as long.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import sympy

from exactpriv.distributions import Prior
from exactpriv.files import StagedDirectory, write_atomic
from exactpriv.errors import BudgetExceededError, ExactPrivError, FormatError, NotExactError, UnsafeInputError
from exactpriv import effort
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.object_json import instance_to_json, to_json
from exactpriv.spaces import Bounded, GraphSpace, Hamming, QueryAnswers, Subsets

__all__ = ["load", "loads", "dump", "dumps", "from_json", "to_json", "parse_value", "read_json", "write_atomic",
           "StagedDirectory", "LOAD_SECONDS", "MAX_BYTES", "instance_to_json"]

MAX_BYTES = 50_000_000
#: Default budget of loading one whole document (every entry's parsing and checks together).
LOAD_SECONDS = 60.0
# ASCII digits only: int() also reads look-alikes such as the Bengali four "\u09ea" (which
# looks like 8), so "\u09ea/8" would be read as 1/2
_RATIONAL = re.compile(r"^[ ]*[+-]?[0-9]+([ ]*/[ ]*[0-9]+)?[ ]*$", re.ASCII)


class _FloatLiteral(str):
    """Marks a JSON float literal so it can be refused with its path."""


def _reject_constant(name):
    return _FloatLiteral(name)


def _unique_keys(pairs):
    """object_pairs_hook: a key given twice is refused (json would silently keep the last)."""
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise FormatError(f"duplicate key {_short(key)!r} in a JSON object: the document is ambiguous")
        obj[key] = value
    return obj


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _parse(text, *, floats: bool = False, what: str = "document"):
    """Strict JSON: duplicate keys refused; floats, NaN and Infinity marked (refused where a
    value is read) unless ``floats``; every failure a :class:`FormatError`."""
    if not isinstance(text, (str, bytes)):
        raise FormatError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise FormatError(f"{what} has {len(text):,} bytes, above the limit of {MAX_BYTES:,}")
    kw = {} if floats else {"parse_float": _FloatLiteral, "parse_constant": _reject_constant}
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, **kw)
    except json.JSONDecodeError as exc:
        raise FormatError(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise FormatError(f"{what}: JSON nested too deeply") from None
    except ValueError as exc:  # e.g. an integer literal beyond Python's 4300-digit limit
        raise FormatError(f"{what} is not a valid JSON document: {_short(str(exc), 200)}") from None


def loads(text: str, *, seconds: float | None = LOAD_SECONDS):
    """Parse a JSON document in the exactpriv format into exactpriv objects, within ``seconds``
    for the whole document (None: only the deadline in force, if any); past it
    :class:`~exactpriv.errors.BudgetExceededError` names the step."""
    with effort.deadline(seconds, what="loading"):
        return from_json(_parse(text))


def _read_text(path, what: str) -> str:
    """The UTF-8 text of ``path``, reading at most :data:`MAX_BYTES` + 1 bytes (so a device or
    pipe such as /dev/zero is refused after 50 MB instead of exhausting memory)."""
    p = Path(path)
    shown = _short(str(path), 200)
    if p.is_dir():
        raise FormatError(f"{what} {shown!r} is a directory, not a JSON file")
    try:
        with open(p, "rb") as fh:
            blob = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"cannot read {what} {shown!r}: {exc.strerror or exc}") from None
    if len(blob) > MAX_BYTES:
        raise FormatError(f"{what} {shown!r} has more than {MAX_BYTES:,} bytes, above the limit of {MAX_BYTES:,}")
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{what} {shown!r} is not UTF-8 text (byte {exc.start}): not a JSON file") from None


def load(path, *, seconds: float | None = LOAD_SECONDS):
    """Read a JSON file (never executes anything in it), within ``seconds`` for the whole file."""
    if seconds is not None:
        seconds = effort.validate_seconds(seconds, "seconds")
    try:
        return loads(_read_text(path, "file"), seconds=seconds)
    except BudgetExceededError as exc:  # the same type: a time limit's stop stays a TimeLimitReached
        raise type(exc)(f"file {_short(str(path), 200)!r}: {exc}") from None


def read_json(path, *, what: str = "file", floats: bool = True):
    """A plain JSON file (e.g. ``verify.json``), read with the same limits and strictness as
    :func:`load` (size, UTF-8, duplicate keys) but not converted to exactpriv objects."""
    return _parse(_read_text(path, what), floats=floats, what=f"{what} {_short(str(path), 200)!r}")


def dumps(obj, *, indent=None) -> str:
    return json.dumps(to_json(obj), indent=indent)


def dump(obj, path, *, indent=1) -> None:
    write_atomic(path, dumps(obj, indent=indent) + "\n")


# ----------------------------------------------------------------------------- reading

def _require(obj, key, path, kind=None):
    if not isinstance(obj, dict):
        raise FormatError(f"{path} must be a JSON object, got {type(obj).__name__}")
    if key not in obj:
        raise FormatError(f"{path} is missing the key {key!r}")
    v = obj[key]
    if kind is not None and not isinstance(v, kind):
        raise FormatError(f"{path}.{key} must be a {kind.__name__ if isinstance(kind, type) else kind}, "
                          f"got {type(v).__name__}")
    return v


def _label(v, path):
    if isinstance(v, _FloatLiteral):
        raise NotExactError(f"{path} is the float {str(v)!r}; labels must be strings or integers")
    if isinstance(v, bool) or v is None:
        raise FormatError(f"{path}={v!r} is not a valid label")
    if isinstance(v, (str, int)):
        return v
    if isinstance(v, list):
        return tuple(_label(u, f"{path}[{k}]") for k, u in enumerate(v))
    raise FormatError(f"{path}={v!r} is not a valid label (string, integer or list)")


def _labels(v, path):
    if not isinstance(v, list):
        raise FormatError(f"{path} must be a list")
    return [_label(u, f"{path}[{k}]") for k, u in enumerate(v)]


def parse_value(v, path="$", *, symbols=(EPS,)):
    """A JSON number or string -> exact Fraction or sympy expression (safe grammar)."""
    if isinstance(v, _FloatLiteral):
        raise NotExactError(f"{path} is the float literal {str(v)!r}; write exact values as strings like \"1/2\"")
    if isinstance(v, bool) or v is None:
        raise FormatError(f"{path}={v!r} is not a number")
    if isinstance(v, int):
        return Fraction(v)
    if not isinstance(v, str):
        raise FormatError(f"{path} must be a string or integer, got {type(v).__name__}")
    if _RATIONAL.fullmatch(v):
        num, _, den = v.partition("/")
        try:
            n, d = int(num), (int(den) if den.strip() else 1)
        except ValueError:  # more digits than Python converts (4300)
            raise FormatError(f"{path}: {len(v):,}-character number is too long") from None
        if d == 0:
            raise FormatError(f"{path}={v!r} divides by zero")
        return Fraction(n, d)
    from exactpriv.exact.expressions import parse_expression

    try:
        expr = parse_expression(v, symbols={s.name: s for s in symbols})
    except ExactPrivError as exc:
        raise type(exc)(f"{path}: {exc}") from None
    return Fraction(int(expr.p), int(expr.q)) if expr.is_Rational else expr


def _space(obj, path):
    t = _require(obj, "type", path, str)
    if t == "hamming":
        if "alphabets" in obj:
            alphs = _require(obj, "alphabets", path, list)
            return Hamming.product([_labels(a, f"{path}.alphabets[{k}]") for k, a in enumerate(alphs)])
        values = _labels(_require(obj, "values", path, list), f"{path}.values")
        n = _require(obj, "n", path)
        if not isinstance(n, int) or isinstance(n, bool):
            raise FormatError(f"{path}.n must be an integer, got {n!r}")
        return Hamming(values, n)
    if t == "query_answers":
        values = _labels(_require(obj, "values", path, list), f"{path}.values")
        n = _require(obj, "n", path)
        if not isinstance(n, int) or isinstance(n, bool):
            raise FormatError(f"{path}.n must be an integer, got {n!r}")
        return QueryAnswers(values, n)
    if t == "subsets":
        return Subsets(_labels(_require(obj, "universe", path, list), f"{path}.universe"))
    if t == "bounded":
        k = _require(obj, "k", path)
        if not isinstance(k, int) or isinstance(k, bool):
            raise FormatError(f"{path}.k must be an integer")
        return Bounded(_labels(_require(obj, "universe", path, list), f"{path}.universe"), k)
    if t == "graph":
        pts = _labels(_require(obj, "points", path, list), f"{path}.points")
        edges = _require(obj, "edges", path, list)
        es = []
        for k, e in enumerate(edges):
            if not isinstance(e, list) or len(e) != 2:
                raise FormatError(f"{path}.edges[{k}] must be a pair [u, v]")
            es.append((_label(e[0], f"{path}.edges[{k}][0]"), _label(e[1], f"{path}.edges[{k}][1]")))
        return GraphSpace.from_edges(pts, es)
    raise FormatError(f"{path}.type={t!r} is not one of 'hamming', 'subsets', 'bounded', 'graph'")


def _symbols(obj, path):
    names = obj.get("symbols", ["eps"])
    if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
        raise FormatError(f"{path}.symbols must be a list of names")
    out = []
    for s in names:
        if s == "eps":
            out.append(EPS)
        elif re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", s) and s not in ("exp", "log", "sqrt", "pi", "E", "oo"):
            out.append(sympy.Symbol(s, nonnegative=True))
        else:
            raise UnsafeInputError(f"{path}.symbols contains the invalid name {s!r}")
    return tuple(out)


def _matrix(rows, path, symbols):
    if not isinstance(rows, list):
        raise FormatError(f"{path} must be a list of rows")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, list):
            raise FormatError(f"{path}[{i}] must be a list")
        out.append([_entry(v, f"{path}[{i}][{j}]", symbols) for j, v in enumerate(row)])
    return out


def _entry(v, path, symbols):
    effort.check(f"reading {path}")  # the whole document's deadline, between entries
    return parse_value(v, path, symbols=symbols)


def _mechanism_from(obj, path, space=None):
    if not isinstance(obj, dict):
        raise FormatError(f"{path} must be a JSON object, got {type(obj).__name__}")
    space = space if space is not None else _space(_require(obj, "space", path, dict), f"{path}.space")
    symbols = _symbols(obj, path)
    outputs = _labels(_require(obj, "outputs", path, list), f"{path}.outputs")
    matrix = _matrix(_require(obj, "matrix", path, list), f"{path}.matrix", symbols)
    return Mechanism(space, outputs, matrix, symbols=symbols)


def _point(v, space, path):
    lab = _label(v, path)
    if isinstance(space, (Subsets, Bounded)) and isinstance(lab, tuple):
        return frozenset(lab)
    return lab


def from_json(obj, path="$"):
    """JSON-compatible dict (already parsed) -> exactpriv object."""
    kind = _require(obj, "kind", path, str)
    if kind == "space":
        return _space(obj, path)
    if kind == "mechanism":
        return _mechanism_from(obj, path)
    if kind == "product_mechanism":
        space = _space(_require(obj, "space", path, dict), f"{path}.space")
        factors = _require(obj, "factors", path, list)
        return ProductMechanism([_mechanism_from(f, f"{path}.factors[{k}]", space) for k, f in enumerate(factors)])
    if kind == "prior":
        space = _space(_require(obj, "space", path, dict), f"{path}.space")
        pmf = _require(obj, "pmf", path, list)
        return Prior(space, [_entry(v, f"{path}.pmf[{k}]", ()) for k, v in enumerate(pmf)])
    if kind == "witness":
        return _witness(obj, path)
    raise FormatError(f"{path}.kind={kind!r} is not one of 'space', 'mechanism', 'product_mechanism', 'prior', 'witness'")


# ----------------------------------------------------------------------------- witnesses


def instance_from_json(obj, path="$.instance"):
    from exactpriv.claims import Instance

    def val(v, p):
        if isinstance(v, bool):  # a boolean is never a number here (Fraction(True) == 1)
            raise FormatError(f"{p}={str(v).lower()} is a boolean; write numbers as {{\"value\": \"p/q\"}} and "
                              f"flags as {{\"flag\": {str(v).lower()}}}")
        if isinstance(v, dict) and set(v) == {"flag"} and isinstance(v["flag"], bool):
            return v["flag"]
        if isinstance(v, dict) and "kind" in v:
            return from_json(v, p)
        if isinstance(v, dict) and "value" in v:
            return parse_value(v["value"], f"{p}.value")
        if isinstance(v, dict) and "list" in v:
            if not isinstance(v["list"], list):
                raise FormatError(f"{p}.list must be a JSON list, got {type(v['list']).__name__}")
            return tuple(val(u, f"{p}.list[{k}]") for k, u in enumerate(v["list"]))
        if isinstance(v, dict) and "label" in v:
            if not isinstance(v["label"], str):
                raise FormatError(f"{p}.label must be a string, got {type(v['label']).__name__}")
            return v["label"]
        raise FormatError(f"{p} is not a valid instance parameter (an object with 'value', 'label', 'list', "
                          f"'flag' or 'kind')")

    label = _require(obj, "label", path, str)
    mech = obj.get("mechanism")
    prior = obj.get("prior")
    params = obj.get("params", {}) or {}
    extra = obj.get("extra", {}) or {}
    if not isinstance(params, dict) or not isinstance(extra, dict):
        raise FormatError(f"{path}.params and {path}.extra must be objects")
    return Instance(
        label,
        None if mech is None else from_json(mech, f"{path}.mechanism"),
        None if prior is None else from_json(prior, f"{path}.prior"),
        {k: val(v, f"{path}.params.{k}") for k, v in params.items()},
        {k: val(v, f"{path}.extra.{k}") for k, v in extra.items()},
    )


def _witness(obj, path):
    claim = _require(obj, "claim", path, str)
    reading = _require(obj, "reading", path, str)
    inst = instance_from_json(_require(obj, "instance", path, dict), f"{path}.instance")
    return {"kind": "witness", "claim": claim, "reading": reading, "instance": inst,
            "values": obj.get("values", {}), "margin": obj.get("margin"), "seed": obj.get("seed"),
            "found_by": obj.get("found_by")}


def witness_to_json(claim_id, reading, inst, *, values=None, margin=None, seed=None, found_by=None) -> dict:
    return {"kind": "witness", "claim": claim_id, "reading": reading, "instance": instance_to_json(inst),
            "values": values or {}, "margin": margin, "seed": seed, "found_by": found_by}
