"""A refuting witness on a page: how it was found, the mechanism and prior as tables of exact fractions,
the exact parameters, the measured values (exact, certified bounds, where they are attained) and the
exact margins against the stated bound.

Every number is an exact value (shown as MathML in HTML); floats appear only in "≈" columns.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import sympy

from exactpriv.claims import ReadingResult
from exactpriv.errors import ExactPrivError

from .document import Cell, Doc, Math
from .mathml import approx, text_of, to_expr

__all__ = ["Margin", "instance_words", "mechanism_table", "point_label", "prior_table", "space_words", "stated_margins",
           "value_names", "witness_section"]

_MAX_ROWS, _MAX_COLS = 40, 16


def point_label(x) -> str:
    """A point of a space written plainly (``(0, 1)``, ``{a, b}``), never its Python repr (``(0,)``)."""
    if isinstance(x, tuple):
        return "(" + ", ".join(map(str, x)) + ")"
    if isinstance(x, frozenset):
        return "{" + ", ".join(sorted(map(str, x))) + "}"
    return str(x)


def space_words(space) -> str:
    """A space of inputs in words (never its repr): ``{0, 1}^2 (Hamming: neighbours differ in one record)``."""
    try:
        d = space.to_json()
    except Exception:  # noqa: BLE001 - a space without a JSON form: its size only
        d = {}
    size = len(space.points) if hasattr(space, "points") else None
    kind = d.get("type")

    def braces(values) -> str:
        shown = ", ".join(map(str, values[:8])) + (", …" if len(values) > 8 else "")
        return "{" + shown + "}"

    if kind == "hamming" and "values" in d:
        return f"{braces(d['values'])}^{d['n']} (neighbours differ in one record)"
    if kind == "hamming":
        return " × ".join(braces(a) for a in d["alphabets"]) + " (neighbours differ in one record)"
    if kind == "subsets":
        return f"the subsets of {braces(d['universe'])} (neighbours differ by one element)"
    if kind == "bounded":
        return f"the multisets of {braces(d['universe'])} of size {d['k']} (neighbours replace one element)"
    if kind == "graph":
        return f"a graph on {len(d['points'])} points with {len(d['edges'])} edges (neighbours joined by an edge)"
    return f"{size} inputs" if size is not None else type(space).__name__


_REPR = re.compile(r"\b(?:Product)?Mechanism\(")


def instance_words(label: str) -> str:
    """An instance's label as the page says it: a label that is a ``Mechanism(...)`` repr (a family that
    labels its instances by their construction) becomes "the mechanism and parameters below", keeping the
    parameters the label ends with (``[alpha=2,delta=1/10000]``)."""
    if not _REPR.search(label):
        return f"‘{label}’"
    params = re.search(r"\[([^\[\]]*=[^\[\]]*)\]\s*$", label)
    return "the mechanism below" + (f", at {params.group(1).replace(',', ', ')}" if params else "") + \
        " (its exact tables and parameters follow)"


def _mechanism_words(M) -> str:
    name = getattr(M, "_built", None)
    return (f"“{name}”, " if isinstance(name, str) and len(name) <= 120 else "") + \
        f"{len(M.inputs.points)} inputs × {len(M.outputs)} outputs"


def mechanism_table(doc: Doc, M, title: str) -> None:
    """P(y | x) of a mechanism, exact, rows = inputs, columns = outputs (the first 40 × 16)."""
    from exactpriv.mechanisms.base import Mechanism

    if not isinstance(M, Mechanism):
        factors = getattr(M, "factors", None)
        if factors is not None:  # a product: its factors, each as a table (the product's rows are their products)
            doc.p(f"{title}: the product of {len(factors)} mechanisms, one per record (tables below).")
            for k, f in enumerate(factors, 1):
                mechanism_table(doc, f, f"{title}, factor {k}")
        else:
            doc.p(f"{title}: {type(M).__name__}")
        return
    rows, outs = M.rows, M.outputs
    doc.p(f"{title} {_mechanism_words(M)}: P(y | x), exact (rows: the inputs x of {space_words(M.inputs)}; "
          f"columns: the outputs y).")
    cols = list(range(min(len(outs), _MAX_COLS)))
    body = []
    for i, (x, row) in enumerate(zip(M.inputs.points, rows)):
        if i >= _MAX_ROWS:
            body.append([f"… {len(rows) - _MAX_ROWS} more rows"] + [""] * len(cols))
            break
        body.append([point_label(x)] + [Cell(Math(row[j]), "num") for j in cols])
    headers = ["x \\ y"] + [point_label(outs[j]) for j in cols]
    if len(outs) > _MAX_COLS:
        headers[-1] += f" (… {len(outs) - _MAX_COLS} more)"
    doc.table(headers, body)


def prior_table(doc: Doc, P, title: str = "Prior") -> None:
    from exactpriv.distributions import Prior

    if not isinstance(P, Prior):
        doc.p(f"{title}: {type(P).__name__}")
        return
    doc.p(f"{title} on {space_words(P.space)}: P(x), exact.")
    shown = list(zip(P.space.points, P.pmf))[:_MAX_ROWS]
    doc.table(["x", "P(x)"], [[point_label(x), Cell(Math(p), "num")] for x, p in shown])


def _params_table(doc: Doc, params: dict, title: str) -> None:
    rows = []
    for k, v in (params or {}).items():
        if isinstance(v, (tuple, list)) and all(isinstance(u, (Fraction, int)) for u in v):
            rows.append([k, "(" + ", ".join(str(u) for u in v) + ")", ""])
        elif isinstance(v, (tuple, list)) and all(isinstance(u, (tuple, list)) for u in v):
            rows.append([k, "; ".join("(" + ", ".join(text_of(w) for w in u) + ")" for u in v), ""])
        elif hasattr(v, "rows") or hasattr(v, "pmf"):
            continue
        else:
            rows.append([k, Math(v), approx(v)])
    if rows:
        doc.p(title)
        doc.table(["parameter", "exact value", "float (display)"], rows)


def _witness_text(w) -> str:
    if not isinstance(w, dict) or not w:
        return ""
    parts = []
    for key in ("pair", "output", "event", "record", "entity", "known", "prior", "belief", "input_prior"):
        if key in w:
            v = w[key]
            if key == "pair" and isinstance(v, (list, tuple)) and len(v) == 2:
                parts.append(f"pair {point_label(v[0])} vs {point_label(v[1])}")
            elif isinstance(v, dict):
                parts.append(f"{key} " + ", ".join(f"{point_label(a)}: {text_of(b)}" for a, b in list(v.items())[:8]))
            else:
                parts.append(f"{key} {point_label(v) if not isinstance(v, (list, tuple)) else text_of(v)}")
    return "; ".join(parts)


def _values_table(doc: Doc, values: dict) -> None:
    from exactpriv.measures.result import Measured

    rows = []
    names = value_names(values)
    for key, v in values.items():
        if key in ("decision", "names", "relation"):
            continue
        k = names.get(key, key)
        if isinstance(v, Measured):
            rows.append([k, Math(v), approx(v), _witness_text(v.witness), v.method])
        elif isinstance(v, dict) and "exact" in v:
            rows.append([k, Math(v), approx(v), _witness_text(v.get("witness", {})), v.get("method", "")])
        elif isinstance(v, str) and to_expr(v) is None:
            rows.append([k, v, "", "", ""])  # a word ("non-increasing"), not a number
        else:
            rows.append([k, Math(v), approx(v), "", ""])
    if rows:
        doc.table(["value", "exact", "float (display)", "attained at", "method"], rows)


def _eps():
    from exactpriv.exact.numbers import EPS

    return EPS


@dataclass(frozen=True)
class Margin:
    """An exact comparison at a witness: ``bound`` (the stated bound there), ``value`` (the witness's value
    of ``value_name``) and ``margin`` = bound − value; ``label`` names the difference."""

    label: str
    value_name: str
    bound: object
    value: object
    margin: object


def value_names(values: dict) -> dict[str, str]:
    """What the witness's values are, as the check recorded it (:func:`exactpriv.claims.forms.name_values`:
    ``{"B": "kl_dp(M)", "bound": "eps**2/3 at ε = pure_dp(M)"}``); empty when it recorded none."""
    names = values.get("names")
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}


def stated_margins(values: dict, entries) -> list[Margin]:
    """Exact margins "stated bound − value" at a witness, for ``B`` against ``bound``, ``measure`` against
    ``bound``, and each implication entry f(source) against target; values are called by their recorded
    names (``bound − kl_dp(M)``)."""
    def exact(v):
        try:
            return to_expr(v)
        except (TypeError, ValueError, ExactPrivError, sympy.SympifyError):
            return None

    out = []
    for value_key in ("B", "measure"):
        if value_key in values and "bound" in values:
            b, f = exact(values[value_key]), exact(values["bound"])
            if b is not None and f is not None:
                name = value_names(values).get(value_key, value_key)
                out.append(Margin(f"bound − {name}", name, f, b, _difference(f, b)))
    for e in entries:
        if e.map is None or e.source not in values or e.target not in values:
            continue
        a, b = exact(values[e.source]), exact(values[e.target])
        if a is None or b is None or e.map.free_symbols - {_eps()}:
            continue
        f = e.map.subs(_eps(), a)
        out.append(Margin(f"{e.label}({e.source}) − {e.target}", e.target, f, b, _difference(f, b)))
    return out


def _difference(f, b):
    oo = sympy.oo
    if b == oo and f != oo:
        return -oo
    if f == oo and b != oo:
        return oo
    return f - b


def _how_found(res: ReadingResult) -> list[str]:
    ev = res.evidence
    how = []
    fams = [k for k, v in ev.get("families", {}).items() if isinstance(v, dict) and v.get("false")]
    if fams:
        how.append(f"found in the bank family {fams[0]!r} (after {ev.get('instances_true', 0)} instances that hold)")
    if ev.get("witness"):
        how.append(f"instance {instance_words(str(ev['witness']))}")
    if ev.get("witness_file"):
        how.append(f"archived as {ev['witness_file']} (replay: exactpriv replay {ev['witness_file']})")
        try:
            from counterexamples.archive import FOUND, load_witness

            doc_w = load_witness(FOUND / Path(ev["witness_file"]).name)
            if doc_w.get("found_by"):
                how.append(f"archived found_by: {doc_w['found_by']}")
            if doc_w.get("seed") is not None:  # the search's random state, to reproduce the hunt
                how.append(f"hunt random state {doc_w['seed']}")
        except (ExactPrivError, OSError):
            pass
    if "proof" in ev and ev["proof"].get("truth") == "FALSE":
        pr = ev["proof"]
        how.append(f"refuted by the all-parameter argument ({pr.get('method')}): {pr.get('reason')}")
    return how


def witness_section(doc: Doc, res: ReadingResult, entries) -> None:
    """How the witness was found, its mechanism/prior/parameters, its values and the exact margins."""
    how = _how_found(res)
    if how:
        doc.p("How it was found: " + "; ".join(how) + ".")
    w = res.witness
    if w is None:
        return
    doc.p(f"Witness instance: {instance_words(w.label)}")
    if w.mechanism is not None:
        mechanism_table(doc, w.mechanism, "Mechanism")
    if w.prior is not None:
        prior_table(doc, w.prior)
    _params_table(doc, w.params, "Parameters (exact)")
    for k, v in w.extra.items():
        if hasattr(v, "rows"):
            mechanism_table(doc, v, f"extra {k}")
        elif hasattr(v, "pmf"):
            prior_table(doc, v, f"extra {k}")
    vals = res.witness_values or {}
    dec = vals.get("decision")
    if isinstance(dec, dict):
        doc.p(f"Decision on the witness: {dec.get('truth')} by {dec.get('method')} — {dec.get('reason')}")
    _values_table(doc, vals)
    for m in stated_margins(vals, entries):
        doc.p(["Exact margin: ", f"{m.label} = ", Math(m.bound), " − (", Math(m.value), ") = ", Math(m.margin),
               f"  ({approx(m.margin)})" if approx(m.margin) else ""])
