"""Reports: one page per claim and an index page for the whole bank, in Markdown and
self-contained HTML.

Design
------
* One document model (:class:`Doc`: headings, paragraphs, quotes, tables, images) is rendered
  twice — Markdown (images written next to it under ``img/``) and HTML (inline CSS, images
  embedded as base64 PNG) — so both formats always say the same thing.
* A claim page states the claim as in the paper (quote, seed, equation), each reading with its
  verdict and evidence, and for a refuted reading the witness: the mechanism matrix and the
  prior as tables of exact fractions, the exact parameters, the measured values (exact value,
  certified bounds, the pair/output/record attaining them), the exact margin against the
  stated bound, and how the witness was found (family, archived file, hunt seed).
* Pictures where one helps: for an implication of the atlas table, B(M) against A(M) for the
  instances the bank checked (recorded while it ran, see :func:`run_bank`), the stated map
  f(A) as a curve and the refuting witness as a red star; for a central implication, the
  tightness explorer's best witnesses against the stated and the tight curves.  Curves and
  points are floats — for the eye only; every verdict on the page is exact.
* :func:`index_report` adds the bank table, the implication atlas (figure, edge table,
  derived implications with their re-checks) and the tightness explorer's table of stated
  map vs best witness found for every central implication.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import io as _io
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Iterable

import sympy

from exactpriv.claims import Claim, ReadingResult, Verdict, check_reading
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.io import write_atomic

__all__ = ["Doc", "BankRun", "run_bank", "claim_report", "index_report", "results_from_json", "page_name"]

# --------------------------------------------------------------------------------------
# document model
# --------------------------------------------------------------------------------------
_CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1150px;margin:2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{font-size:1.6em;border-bottom:2px solid #ddd;padding-bottom:.2em}h2{font-size:1.3em;margin-top:1.6em;
border-bottom:1px solid #eee}h3{font-size:1.1em;margin-top:1.3em}
blockquote{margin:.8em 0;padding:.5em 1em;background:#f7f5ee;border-left:4px solid #c9b98f}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .55em;
text-align:left;vertical-align:top}th{background:#f0f0f0}td.num{text-align:right;font-family:monospace}
code,pre{font-family:SFMono-Regular,Consolas,monospace;font-size:.9em}pre{background:#f6f6f6;padding:.6em;
overflow-x:auto;white-space:pre-wrap}
.REFUTED{color:#b00020;font-weight:bold}.PROVED{color:#1b7a2e;font-weight:bold}.CHECKED{color:#1f4e9c;
font-weight:bold}.UNDECIDED{color:#a66b00;font-weight:bold}img{max-width:100%;border:1px solid #eee}
.note{color:#555;font-size:.92em}
"""


@dataclass
class Link:
    """A link to another page of the report (``target`` without extension) or a file."""

    text: str
    target: str
    page: bool = True


@dataclass
class Cell:
    """A table cell with a CSS class (e.g. a verdict) or right-aligned numbers."""

    text: str
    cls: str = ""


@dataclass
class Doc:
    """Headings, paragraphs, quotes, tables and images, rendered to Markdown and HTML."""

    title: str
    blocks: list = field(default_factory=list)

    def h(self, level: int, text: str):
        self.blocks.append(("h", level, text))

    def p(self, text: str, *, note: bool = False):
        self.blocks.append(("p", text, note))

    def quote(self, text: str):
        self.blocks.append(("quote", text))

    def pre(self, text: str):
        self.blocks.append(("pre", text))

    def items(self, items: list):
        self.blocks.append(("list", list(items)))

    def table(self, headers: list, rows: list):
        self.blocks.append(("table", list(headers), [list(r) for r in rows]))

    def image(self, name: str, png: bytes, alt: str):
        self.blocks.append(("img", name, png, alt))

    # ----- Markdown
    def to_markdown(self, img_dir: Path, img_prefix: str = "img") -> str:
        out = [f"# {self.title}", ""]
        for b in self.blocks:
            kind = b[0]
            if kind == "h":
                out += [f"{'#' * (b[1] + 1)} {b[2]}", ""]
            elif kind == "p":
                out += [f"_{b[1]}_" if b[2] else b[1], ""]
            elif kind == "quote":
                out += ["> " + line for line in b[1].splitlines()] + [""]
            elif kind == "pre":
                out += ["```", b[1], "```", ""]
            elif kind == "list":
                out += [f"- {_md_inline(i)}" for i in b[1]] + [""]
            elif kind == "table":
                out.append("| " + " | ".join(_md_cell(h) for h in b[1]) + " |")
                out.append("|" + "---|" * len(b[1]))
                for r in b[2]:
                    out.append("| " + " | ".join(_md_cell(c) for c in r) + " |")
                out.append("")
            elif kind == "img":
                img_dir.mkdir(parents=True, exist_ok=True)
                write_atomic(img_dir / f"{b[1]}.png", b[2])
                out += [f"![{b[3]}]({img_prefix}/{b[1]}.png)", ""]
        return "\n".join(out) + "\n"

    # ----- HTML
    def to_html(self) -> str:
        e = html.escape
        out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
               f"<title>{e(self.title)}</title><style>{_CSS}</style></head><body>", f"<h1>{e(self.title)}</h1>"]
        for b in self.blocks:
            kind = b[0]
            if kind == "h":
                out.append(f"<h{b[1] + 1}>{e(b[2])}</h{b[1] + 1}>")
            elif kind == "p":
                out.append(f'<p class="note">{e(b[1])}</p>' if b[2] else f"<p>{e(b[1])}</p>")
            elif kind == "quote":
                out.append(f"<blockquote>{e(b[1])}</blockquote>")
            elif kind == "pre":
                out.append(f"<pre>{e(b[1])}</pre>")
            elif kind == "list":
                out.append("<ul>" + "".join(f"<li>{_html_cell(i)}</li>" for i in b[1]) + "</ul>")
            elif kind == "table":
                out.append("<table><thead><tr>" + "".join(f"<th>{_html_cell(h)}</th>" for h in b[1]) + "</tr></thead>")
                out.append("<tbody>")
                for r in b[2]:
                    out.append("<tr>" + "".join(_html_td(c) for c in r) + "</tr>")
                out.append("</tbody></table>")
            elif kind == "img":
                data = base64.b64encode(b[2]).decode("ascii")
                out.append(f'<p><img alt="{e(b[3])}" src="data:image/png;base64,{data}"></p>')
        out.append("</body></html>")
        return "\n".join(out) + "\n"


def _md_inline(c) -> str:
    if isinstance(c, Link):
        return f"[{c.text}]({c.target + '.md' if c.page else c.target})"
    if isinstance(c, Cell):
        return f"**{c.text}**" if c.cls in {v.value for v in Verdict} else c.text
    return str(c)


def _md_cell(c) -> str:
    return _md_inline(c).replace("|", "\\|").replace("\n", "<br>")


def _html_cell(c) -> str:
    if isinstance(c, Link):
        return f'<a href="{html.escape(c.target + ".html" if c.page else c.target)}">{html.escape(c.text)}</a>'
    if isinstance(c, Cell):
        return html.escape(c.text).replace("\n", "<br>")
    return html.escape(str(c)).replace("\n", "<br>")


def _html_td(c) -> str:
    cls = f' class="{html.escape(c.cls)}"' if isinstance(c, Cell) and c.cls else ""
    return f"<td{cls}>{_html_cell(c)}</td>"


def _write(doc: Doc, out_dir: Path, name: str) -> tuple[Path, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    md, ht = out_dir / f"{name}.md", out_dir / f"{name}.html"
    # all-or-nothing: a full disk or a kill leaves the previous page or the new one, complete
    write_atomic(md, doc.to_markdown(out_dir / "img"))
    write_atomic(ht, doc.to_html())
    return md, ht


def page_name(claim_id: str) -> str:
    """File stem of a claim's page (claim ids are ``[a-z0-9_.]``; anything else is replaced)."""
    return "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in claim_id)


# --------------------------------------------------------------------------------------
# exact values as text
# --------------------------------------------------------------------------------------
def _s(v) -> str:
    """Exact text of a value (Fraction, LogForm, sympy, Measured, JSON-measured dict, ...)."""
    from exactpriv.measures.result import Measured, value_to_sympy

    if v is None:
        return "—"
    if isinstance(v, Measured):
        if v.value is not None:
            return sympy.sstr(value_to_sympy(v.value))
        return f"in [{_s(v.lower)}, {_s(v.upper)}]"
    if isinstance(v, dict) and "exact" in v:
        return v["exact"] if v.get("exact") else f"in [{v.get('lower')}, {v.get('upper')}]"
    if isinstance(v, (Fraction, int)) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(_s(x) for x in v) + ")"
    try:
        return sympy.sstr(value_to_sympy(v))
    except (TypeError, ValueError, ExactPrivError, sympy.SympifyError):
        return str(v)


def _f(v) -> float | None:
    """Float for display/plots only (never decides)."""
    from exactpriv.measures.result import Measured, value_to_float

    try:
        if v is None:
            return None
        if isinstance(v, Measured):
            return v.float
        if isinstance(v, dict):  # an archived Measured (JSON): its "float" field is for display
            x = v.get("float")
            return None if x is None or isinstance(x, bool) else float(x)
        if isinstance(v, str):
            return {"oo": math.inf, "-oo": -math.inf}.get(v)
        if isinstance(v, bool):
            return None
        return value_to_float(v)
    except (TypeError, ValueError, ExactPrivError, AttributeError):
        return None


def _approx(v) -> str:
    x = _f(v)
    if x is None:
        return ""
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return f"≈ {x:.6g}"


def _exact_and_float(v) -> str:
    s, a = _s(v), _approx(v)
    return f"{s}  ({a})" if a and a.replace("≈ ", "") != s else s


# --------------------------------------------------------------------------------------
# running the bank (with the points behind the plots)
# --------------------------------------------------------------------------------------
@dataclass
class BankRun:
    """The results of a bank run, with the (A, B) points recorded for the plots."""

    results: list
    points: dict = field(default_factory=dict)  # (claim, reading) -> list of dict(notion -> float)
    errors: list = field(default_factory=list)
    seconds: float = 0.0
    not_encodable: list = field(default_factory=list)
    interrupted: bool = False  # Ctrl-C: ``results`` holds the readings completed before it


def _plot_keys(table) -> dict:
    keys: dict = {}
    for e in table:
        if e.kind == "implication":
            keys.setdefault(e.claim, set()).update({e.source, e.target})
    return keys


def _recording(reading, sink: list, keys: set, cap: int):
    """The reading with its check wrapped to record float values of the notions in ``keys``."""
    from exactpriv.claims import Outcome

    inner = reading.check

    def check(inst):
        res = inner(inst)
        if len(sink) < cap and isinstance(res, Outcome):
            vals = {k: _f(res.values[k]) for k in keys | {"A", "B", "bound"} if k in res.values}
            if vals:
                vals["_truth"] = res.decision.truth.value
                sink.append(vals)
        return res

    return dataclasses.replace(reading, check=check)


def run_bank(claims: Iterable[Claim], *, include_slow: bool = False, collect_points: bool = True,
             max_points: int = 400, progress=None, seconds_per_reading: float | None = None) -> BankRun:
    """Check every reading of ``claims`` (as ``exactpriv verify`` does) and record, for the
    readings of the atlas table, the notion values of each instance checked (for plots).

    With ``seconds_per_reading`` each reading runs within that budget in a killable worker
    (:class:`~exactpriv.claims.check.ReadingChecker`); past it the reading is UNDECIDED.

    A reading whose check raises is reported UNDECIDED with the error in its evidence (a bug in
    one encoding must not hide the others); the errors are listed in ``BankRun.errors``.
    """
    from counterexamples.atlas import bank_entries

    keys = _plot_keys(bank_entries()) if collect_points else {}
    run = BankRun([])
    t0 = time.perf_counter()
    try:
        _run_claims(list(claims), run, keys, include_slow, max_points, progress, seconds_per_reading)
    except KeyboardInterrupt:  # keep the completed readings; the caller marks its output partial
        run.interrupted = True
    run.seconds = time.perf_counter() - t0
    return run


def _run_claims(claims, run: BankRun, keys: dict, include_slow: bool, max_points: int, progress,
                seconds_per_reading=None) -> None:
    from exactpriv.claims.check import ReadingChecker

    def prepare(c, r):
        if r.check is not None and c.id in keys:
            sink: list = []
            return _recording(r, sink, keys[c.id], max_points), sink
        return r, None

    if seconds_per_reading is None:
        return _run_readings(claims, run, include_slow, progress, prepare, None)
    with ReadingChecker(claims, seconds=seconds_per_reading, include_slow=include_slow, prepare=prepare) as checker:
        return _run_readings(claims, run, include_slow, progress, prepare, checker)


def _run_readings(claims, run: BankRun, include_slow: bool, progress, prepare, checker) -> None:
    from counterexamples.archive import witness_path
    from exactpriv.exact import budget

    for c in claims:
        if not c.encodable:  # as ``exactpriv verify``: listed, not run
            run.not_encodable.append(c)
            continue
        for r in c.readings:
            if budget.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed mid-reading
                raise KeyboardInterrupt
            if progress is not None:
                progress(c, r)
            try:
                if checker is None:
                    reading, sink = prepare(c, r)
                    if sink is not None:
                        run.points[(c.id, r.name)] = sink
                    res = check_reading(c, reading, include_slow=include_slow)
                else:  # in a killable worker, within the reading's budget
                    res, sink = checker.check_collecting(c, r)
                    if sink is not None:
                        run.points[(c.id, r.name)] = sink
            except Exception as exc:  # noqa: BLE001 - reported, never hidden
                kind = "" if isinstance(exc, ExactPrivError) else "internal error "
                run.errors.append((c.id, r.name, f"{type(exc).__name__}: {exc}"))
                res = ReadingResult(c.id, r.name, Verdict.UNDECIDED, {"error": f"{kind}{type(exc).__name__}: {exc}"})
            if res.verdict == Verdict.REFUTED:
                wp = witness_path(c.id, r.name)
                if wp.exists():
                    res.evidence["witness_file"] = f"counterexamples/found/{wp.name}"
            run.results.append(res)


def results_from_json(rows: list, claims: Iterable[Claim] | None = None) -> list[ReadingResult]:
    """``verify.json`` rows -> ReadingResults; REFUTED ones get their witness from the archive
    (``counterexamples/found``) when a file exists (values then stay in their JSON form)."""
    from counterexamples.archive import load_witness, witness_path

    ids = None if claims is None else {c.id for c in claims}
    out = []
    for k, row in enumerate(rows):
        if not isinstance(row, dict) or "id" not in row or "verdict" not in row:
            raise InvalidArgument(f"verify.json row {k} = {row!r:.80} is not a result row (id, reading, verdict)")
        if row.get("reading") is None or (ids is not None and row["id"] not in ids):
            continue
        try:
            verdict = Verdict(row["verdict"])
        except ValueError:
            raise InvalidArgument(f"verify.json row {k}: verdict={row['verdict']!r} is not a verdict") from None
        res = ReadingResult(row["id"], row["reading"], verdict, dict(row.get("evidence") or {}),
                            seconds=float(row.get("seconds") or 0))
        if verdict == Verdict.REFUTED:
            wp = witness_path(row["id"], row["reading"])
            if wp.exists():
                doc = load_witness(wp)
                res.witness, res.witness_values = doc["instance"], dict(doc.get("values") or {})
                res.evidence.setdefault("witness_file", f"counterexamples/found/{wp.name}")
        out.append(res)
    return out


# --------------------------------------------------------------------------------------
# witness rendering
# --------------------------------------------------------------------------------------
_MAX_ROWS, _MAX_COLS = 40, 16


def _label(x) -> str:
    if isinstance(x, tuple):
        return "(" + ", ".join(map(str, x)) + ")"
    if isinstance(x, frozenset):
        return "{" + ", ".join(sorted(map(str, x))) + "}"
    return str(x)


def _mechanism_table(doc: Doc, M, title: str):
    from exactpriv.mechanisms.base import Mechanism

    if not isinstance(M, Mechanism):
        doc.p(f"{title}: {M!r}")
        return
    rows, outs = M.rows, M.outputs
    doc.p(f"{title}: {M!r} — P(y | x), exact (rows: inputs x of {M.inputs!r}; columns: outputs y).")
    cols = list(range(min(len(outs), _MAX_COLS)))
    body = []
    for i, (x, row) in enumerate(zip(M.inputs.points, rows)):
        if i >= _MAX_ROWS:
            body.append([f"… {len(rows) - _MAX_ROWS} more rows"] + [""] * len(cols))
            break
        body.append([_label(x)] + [Cell(_s(row[j]), "num") for j in cols])
    headers = ["x \\ y"] + [_label(outs[j]) for j in cols]
    if len(outs) > _MAX_COLS:
        headers[-1] += f" (… {len(outs) - _MAX_COLS} more)"
    doc.table(headers, body)


def _prior_table(doc: Doc, P, title: str = "Prior"):
    from exactpriv.distributions import Prior

    if not isinstance(P, Prior):
        doc.p(f"{title}: {P!r}")
        return
    doc.p(f"{title}: {P!r}")
    pts = P.space.points
    shown = list(zip(pts, P.pmf))[:_MAX_ROWS]
    doc.table(["x", "P(x)"], [[_label(x), Cell(_s(p), "num")] for x, p in shown])


def _params_table(doc: Doc, params: dict, title: str):
    if not params:
        return
    rows = []
    for k, v in params.items():
        if isinstance(v, (tuple, list)) and all(isinstance(u, (Fraction, int)) for u in v):
            rows.append([k, "(" + ", ".join(str(u) for u in v) + ")"])
        elif isinstance(v, (tuple, list)) and all(isinstance(u, (tuple, list)) for u in v):
            rows.append([k, "; ".join("(" + ", ".join(_s(w) for w in u) + ")" for u in v)])
        elif hasattr(v, "rows") or hasattr(v, "pmf"):
            continue
        else:
            rows.append([k, _exact_and_float(v)])
    if rows:
        doc.p(title)
        doc.table(["parameter", "exact value"], rows)


def _values_table(doc: Doc, values: dict):
    from exactpriv.measures.result import Measured

    rows = []
    for k, v in values.items():
        if k == "decision":
            continue
        if isinstance(v, Measured):
            rows.append([k, _s(v), _approx(v), _witness_text(v.witness), v.method])
        elif isinstance(v, dict) and "exact" in v:
            rows.append([k, _s(v), _approx(v), _witness_text(v.get("witness", {})), v.get("method", "")])
        else:
            rows.append([k, _s(v), _approx(v), "", ""])
    if rows:
        doc.table(["value", "exact", "float (display)", "attained at", "method"], rows)


def _witness_text(w) -> str:
    if not isinstance(w, dict) or not w:
        return ""
    parts = []
    for key in ("pair", "output", "event", "record", "entity", "known", "prior", "belief", "input_prior"):
        if key in w:
            v = w[key]
            if key == "pair" and isinstance(v, (list, tuple)) and len(v) == 2:
                parts.append(f"pair {_label(v[0])} vs {_label(v[1])}")
            elif isinstance(v, dict):
                parts.append(f"{key} " + ", ".join(f"{_label(a)}: {_s(b)}" for a, b in list(v.items())[:8]))
            else:
                parts.append(f"{key} {_label(v) if not isinstance(v, (list, tuple)) else _s(v)}")
    return "; ".join(parts)


def _margin(values: dict, entries) -> list[str]:
    """Exact margins "stated bound − value" for the implication entries of the reading."""
    from exactpriv.measures.result import Measured, value_to_sympy

    def exact(v):
        if isinstance(v, Measured):
            return None if v.value is None else value_to_sympy(v.value)
        if isinstance(v, dict):
            return None
        try:
            return value_to_sympy(v)
        except (TypeError, ValueError, ExactPrivError, sympy.SympifyError):
            return None

    out = []
    if "B" in values and "bound" in values:
        b, f = exact(values["B"]), exact(values["bound"])
        if b is not None and f is not None:
            out.append(_margin_text("bound − B", f, b))
    for e in entries:
        if e.map is None or e.source not in values or e.target not in values:
            continue
        a, b = exact(values[e.source]), exact(values[e.target])
        if a is None or b is None or e.map.free_symbols - {_eps()}:
            continue
        f = e.map.subs(_eps(), a)
        out.append(_margin_text(f"{e.label}({e.source}) − {e.target}", f, b))
    return out


def _margin_text(name, f, b) -> str:
    oo = sympy.oo
    if b == oo and f != oo:
        d = -oo
    elif f == oo and b != oo:
        d = oo
    else:
        d = f - b
    return f"{name} = {sympy.sstr(f)} − ({sympy.sstr(b)}) = {_exact_and_float(d)}"


def _witness_section(doc: Doc, res: ReadingResult, entries):
    w = res.witness
    ev = res.evidence
    how = []
    fams = [k for k, v in ev.get("families", {}).items() if isinstance(v, dict) and v.get("false")]
    if fams:
        how.append(f"found in the bank family {fams[0]!r} (after {ev.get('instances_true', 0)} instances that hold)")
    if ev.get("witness"):
        how.append(f"instance {ev['witness']!r}")
    if ev.get("witness_file"):
        how.append(f"archived as {ev['witness_file']} (replay: exactpriv replay {ev['witness_file']})")
        try:
            from counterexamples.archive import FOUND, load_witness

            doc_w = load_witness(FOUND / Path(ev["witness_file"]).name)
            if doc_w.get("found_by"):
                how.append(f"archived found_by: {doc_w['found_by']}")
            if doc_w.get("seed") is not None:
                how.append(f"seed {doc_w['seed']}")
        except (ExactPrivError, OSError):
            pass
    if "proof" in ev and ev["proof"].get("truth") == "FALSE":
        pr = ev["proof"]
        how.append(f"refuted by the all-parameter argument ({pr.get('method')}): {pr.get('reason')}")
    if how:
        doc.p("How it was found: " + "; ".join(how) + ".")
    if w is None:
        return
    doc.p(f"Witness instance: {w.label}")
    if w.mechanism is not None:
        _mechanism_table(doc, w.mechanism, "Mechanism")
    if w.prior is not None:
        _prior_table(doc, w.prior)
    _params_table(doc, w.params, "Parameters (exact)")
    for k, v in w.extra.items():
        if hasattr(v, "rows"):
            _mechanism_table(doc, v, f"extra {k}")
        elif hasattr(v, "pmf"):
            _prior_table(doc, v, f"extra {k}")
    vals = res.witness_values or {}
    dec = vals.get("decision")
    if isinstance(dec, dict):
        doc.p(f"Decision on the witness: {dec.get('truth')} by {dec.get('method')} — {dec.get('reason')}")
    _values_table(doc, vals)
    for m in _margin(vals, entries):
        doc.p("Exact margin: " + m)


# --------------------------------------------------------------------------------------
# plots
# --------------------------------------------------------------------------------------
def _curve(expr, xs):
    """Float samples of a map for plotting (lambdified to plain Python math; display only)."""
    from exactpriv.exact.numbers import EPS

    try:
        fn = sympy.lambdify(EPS, expr, modules=["math"])
    except (TypeError, ValueError, NameError, SyntaxError):
        fn = None
    ys = []
    for x in xs:
        try:
            y = fn(x) if fn is not None else complex(sympy.N(expr.subs(EPS, sympy.Float(x, 20)), 15)).real
            y = float(y)
            ys.append(y if math.isfinite(y) else math.nan)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
            ys.append(math.nan)
    return ys


def _png(fig) -> bytes:
    import matplotlib.pyplot as plt

    buf = _io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()


_COLOURS = ["#c0392b", "#1b7a2e", "#8e44ad", "#d08a00"]


def _plot_implication(entries, pts_by_reading: dict, witnesses: dict, title: str) -> bytes | None:
    """B against A for the readings of one (source, target) pair, with the stated maps."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    src, tgt = entries[0].source, entries[0].target
    xs_pts, ys_pts = [], []
    for e in entries:
        for p in pts_by_reading.get(e.reading, []):
            x, y = p.get(src, p.get("A")), p.get(tgt, p.get("B"))
            if x is not None and y is not None and math.isfinite(x) and math.isfinite(y):
                xs_pts.append(x)
                ys_pts.append(y)
    wit = [(x, y) for x, y in witnesses.values() if x is not None and y is not None]
    curves = [e for e in entries if e.map is not None and not (e.map.free_symbols - {_eps()})]
    if not xs_pts and not wit and not curves:
        return None
    finite_x = [x for x in xs_pts + [w[0] for w in wit] if math.isfinite(x)]
    xmax = max(finite_x + [0.0]) * 1.15 or 2.0
    xmax = min(max(xmax, 0.5), 12.0)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    if xs_pts:
        ax.scatter(xs_pts, ys_pts, s=12, c="#1f4e9c", alpha=0.55, label=f"instances checked ({len(xs_pts)})")
    grid = [xmax * k / 200 for k in range(201)]
    styles = ["-", "--", ":", "-."]
    seen = set()
    for k, e in enumerate(curves):
        if e.label in seen:
            continue
        seen.add(e.label)
        ax.plot(grid, _curve(e.map, grid), styles[k % 4], lw=1.6, c=_COLOURS[k % 4],
                label=f"stated: {e.label} ({e.claim})")
    ax.set_xlim(0, xmax)
    finite_y = [y for y in ys_pts + [w[1] for w in wit] if math.isfinite(y)]
    finite_y += [v for e in curves for v in _curve(e.map, [xmax * 0.5]) if math.isfinite(v)]
    ytop = (max(finite_y) * 1.25 if finite_y else 1.0) or 1.0
    ax.set_ylim(0, ytop)
    for name, (x, y) in witnesses.items():
        # an infinite coordinate (e.g. pure_dp = oo) is drawn on the frame with a triangle
        xx = x if math.isfinite(x) else xmax * 0.98
        yy = y if math.isfinite(y) else ytop * 0.97
        inf = [n for n, v in (("A", x), ("B", y)) if not math.isfinite(v)]
        ax.scatter([xx], [yy], marker="^" if inf else "*", s=160, c="#c0392b", zorder=5,
                   label=f"witness [{name}]" + (f" ({' and '.join(inf)} = ∞, on the frame)" if inf else ""))
    ax.set_xlabel(f"{src} (A)")
    ax.set_ylabel(f"{tgt} (B)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7.5, loc="upper left")
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.12, top=0.92)  # tight_layout costs ~0.3 s a figure
    return _png(fig)


def _eps():
    from exactpriv.exact.numbers import EPS

    return EPS


def _plot_exploration(ex, imp) -> bytes:
    """Stated map vs tight map vs best witnesses found (tightness explorer)."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    alphas = [_f(l.alpha) for l in ex.levels]
    xmax = max(a for a in alphas if a is not None) * 1.25
    grid = [xmax * k / 200 for k in range(1, 201)]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(grid, _curve(ex.stated, grid), "-", lw=1.8, c="#c0392b", label=f"stated f: {imp.stated_label if imp else ''}")
    if ex.tight is not None:
        ax.plot(grid, _curve(ex.tight, grid), "--", lw=1.6, c="#1b7a2e",
                label=f"tight: {imp.tight_label if imp else ''}")
    elif imp is not None and imp.tight_parametric is not None:
        sym, a_expr, v_expr, lo, hi = imp.tight_parametric
        ps = [float(lo) + (float(hi) - float(lo)) * k / 200 for k in range(1, 200)]
        xa, yv = _curve(a_expr.subs(sym, _eps()), ps), _curve(v_expr.subs(sym, _eps()), ps)
        pts = sorted((x, y) for x, y in zip(xa, yv) if math.isfinite(x) and math.isfinite(y) and x <= xmax)
        ax.plot([x for x, _ in pts], [y for _, y in pts], "--", lw=1.6, c="#1b7a2e",
                label=f"tight: {imp.tight_label}")
    elif imp is not None and imp.tight is not None:
        tv = [(a, _f(l.tight)) for a, l in zip(alphas, ex.levels) if l.tight is not None]
        if tv:
            ax.plot([a for a, _ in tv], [t for _, t in tv], "s", mfc="none", c="#1b7a2e", ms=9,
                    label=f"tight map at the levels: {imp.tight_label}")
    bx = [(a, _f(l.best_lower), l.status) for a, l in zip(alphas, ex.levels) if l.best_lower is not None]
    fin = [(a, b) for a, b, st in bx if b is not None and math.isfinite(b) and st != "violated"]
    if fin:
        ax.plot([a for a, _ in fin], [b for _, b in fin], "o", c="#1f4e9c", ms=6, label="best witness found (exact)")
    ys = [b for _, b in fin] + [b for _, b, st in bx if st == "violated" and b is not None and math.isfinite(b)]
    top = max(ys + [v for v in _curve(ex.stated, [xmax * 0.8]) if math.isfinite(v)] + [0.1]) * 1.3
    ax.set_ylim(0, top)
    viol = [(a, b) for a, b, st in bx if st == "violated" and b is not None]
    if viol:
        # a violating witness; an infinite value is drawn on the frame
        ax.scatter([a for a, _ in viol], [b if math.isfinite(b) else top * 0.97 for _, b in viol], marker="^", s=120,
                   c="#c0392b", zorder=5, label="witness violating the stated map" +
                   (" (∞ on the frame)" if any(not math.isfinite(b) for _, b in viol) else ""))
    ax.set_xlim(0, xmax)
    ax.set_xlabel(f"α = {ex.given}")
    ax.set_ylabel(f"{ex.measure}")
    ax.set_title(f"{ex.given} ⇒ {ex.measure}: stated map vs f*(α) estimates", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.12, top=0.92)
    return _png(fig)


# --------------------------------------------------------------------------------------
# pages
# --------------------------------------------------------------------------------------
def _evidence_text(res: ReadingResult) -> str:

    if "error" in res.evidence:
        return res.evidence["error"]
    return evidence_text(res)


def _entries_of(claim_id: str):
    from counterexamples.atlas import bank_entries

    return [e for e in bank_entries() if e.claim == claim_id]


def _entry_reading(e, claim) -> str | None:
    if e.reading is not None:
        return e.reading
    return claim.readings[0].name if claim is not None and claim.readings else None


def claim_report(claim: Claim, results, *, out_dir, points: dict | None = None,
                 explorations: list | None = None, entry_explorations=None) -> tuple[Path, Path]:
    """Write ``<out_dir>/<claim id>.md`` and ``.html`` for one claim; returns both paths.

    ``results``: the ReadingResults of the claim (others are ignored); ``points``: the
    recorded values of :func:`run_bank` (for plots); ``explorations``: tightness explorer
    runs (:class:`counterexamples.tightness.Exploration`) — those of implications stated by this
    claim are shown; ``entry_explorations``: (Entry, Exploration) pairs of
    :func:`counterexamples.tightness.explore_entry` — those of this claim's entries are shown.
    """
    from counterexamples.tightness import bank_implications

    if not isinstance(claim, Claim):
        raise InvalidArgument(f"claim={claim!r} must be an exactpriv Claim")
    out_dir = Path(out_dir)
    mine = [r for r in results if r.claim_id == claim.id]
    entries = _entries_of(claim.id)
    doc = Doc(f"{claim.id} — {claim.title}")
    doc.p(f"Source: {claim.source}.  Kind: {claim.kind}.")
    doc.h(1, "Statement (as in the paper)")
    doc.quote(claim.quote)
    if not claim.encodable:
        doc.p(f"Not (fully) encodable: {claim.reason}", note=True)
    if mine:
        doc.table(["reading", "verdict", "evidence"],
                  [[r.reading, Cell(r.verdict.value, r.verdict.value), _evidence_text(r)] for r in mine])
    by_name = {r.reading: r for r in mine}
    for rd in claim.readings:
        doc.h(2, f"Reading “{rd.name}”")
        doc.p(rd.statement)
        if rd.notes:
            doc.p(rd.notes, note=True)
        res = by_name.get(rd.name)
        if res is None:
            doc.p("Not run in this report.", note=True)
            continue
        doc.p(f"Verdict: {res.verdict.value} (expected: {rd.expected.value if rd.expected else '—'}); "
              f"{_evidence_text(res)}; {res.seconds:.2f} s.")
        fams = res.evidence.get("families", {})
        if fams:
            doc.table(["family", "holds", "undecided", "outside hypotheses", "violated"],
                      [[k, v.get("true", ""), v.get("undecided", ""), v.get("outside", ""),
                        v.get("false", "")] if "true" in v else [k, v.get("skipped", ""), "", "", ""]
                       for k, v in fams.items() if isinstance(v, dict)])
        if "proof" in res.evidence:
            pr = res.evidence["proof"]
            doc.p(f"All-parameter argument: {pr.get('truth')} by {pr.get('method')} — {pr.get('reason')}")
        if res.evidence.get("undecided_reasons"):
            doc.items(res.evidence["undecided_reasons"])
        if res.verdict == Verdict.REFUTED:
            doc.h(3, "Witness")
            _witness_section(doc, res, [e for e in entries if _entry_reading(e, claim) == rd.name])
    # plots: one per (source, target) pair of the claim's implication entries
    pairs: dict = {}
    for e in entries:
        pairs.setdefault((e.source, e.target), []).append(e)
    for (src, tgt), es in pairs.items():
        if all(e.kind != "implication" for e in es):
            continue
        es = [dataclasses.replace(e, reading=_entry_reading(e, claim)) for e in es]
        pts = {e.reading: (points or {}).get((claim.id, e.reading), []) for e in es}
        wits = {}
        for e in es:
            res = by_name.get(e.reading)
            if res is not None and res.verdict == Verdict.REFUTED and res.witness_values:
                x, y = _f(res.witness_values.get(src)), _f(res.witness_values.get(tgt))
                if x is not None and y is not None:
                    wits[e.reading] = (x, y)
        png = _plot_implication(es, pts, wits, f"{claim.id}: {src} ⇒ {tgt}")
        if png is not None:
            doc.h(2, f"Picture: {src} ⇒ {tgt}")
            doc.image(f"{page_name(claim.id)}--{src}--{tgt}", png,
                      f"{tgt} against {src} for the instances checked, with the stated map")
            doc.p("Each dot is an instance the bank checked (floats, for the eye); the curve is the stated "
                  "map; a red star is a refuting witness.  The verdicts above are exact.", note=True)
    mine_entries = [(e, ex) for e, ex in (entry_explorations or []) if e.claim == claim.id]
    if mine_entries:
        doc.h(2, "Stated map vs best witness found")
        _entry_table(doc, mine_entries)
    imps = {i.key: i for i in bank_implications()}
    for ex in explorations or []:
        imp = imps.get(ex.key)
        if imp is not None and claim.id in imp.claims + tuple(_tight_claims(imp)):
            _exploration_section(doc, ex, imp, level=1)
    return _write(doc, out_dir, page_name(claim.id))


def _tight_claims(imp) -> list[str]:
    import re

    return re.findall(r"[a-z]+\d{4}\.[a-z0-9_]+|identitydp\.[a-z0-9_]+", imp.tight_source)


def _exploration_section(doc: Doc, ex, imp, *, level: int = 2, show_witness: bool = True):
    title = f"Tightness: {ex.given} ⇒ {ex.measure}" + (f" — stated {imp.stated_label}" if imp else "")
    doc.h(level, title)
    if imp is not None:
        doc.p(f"Stated by {', '.join(imp.claims)}.  Best known map: {imp.tight_label or '—'} "
              f"({imp.tight_source or 'none known'})." + (f"  {imp.note}" if imp.note else ""))
        if imp.paper_says_tight:
            doc.p("The paper claims tightness here.  Per level: 'attained' = the stated map is reached exactly by "
                  "the witness; 'best found equals the tight map exactly' = the paper's tight form is reached "
                  "exactly; 'violated' = an exact counterexample to the stated map.", note=True)
    if ex.upper_vs_stated is not None:
        pr = ex.upper_vs_stated
        doc.p(f"Certified comparison of the best known map with the stated one for every α > 0: "
              f"{pr.statement} on {pr.domain}: {pr.verdict} ({pr.method}).")
    rows = []
    for l in ex.levels:
        rows.append([_exact_and_float(l.alpha), _exact_and_float(l.stated), _exact_and_float(l.best_lower),
                     _approx(l.gap).replace("≈ ", "") if l.gap is not None else "—",
                     _exact_and_float(l.tight) if l.tight is not None else "—",
                     Cell(l.status, "REFUTED" if l.status == "violated" else ""), "; ".join(l.flags),
                     l.found_by])
    doc.table(["α", "stated f(α)", "best found (certified lower bound on f*)", "gap f(α) − best (≈)",
               "tight map", "status", "flags", "witness found by"], rows)
    doc.image(f"tight--{ex.key or ex.given + '--' + ex.measure}".replace("=>", "--").replace(">", ""),
              _plot_exploration(ex, imp), f"{ex.given} => {ex.measure}: stated vs best found")
    doc.p(f"Search: {ex.space}, seed {ex.seed}, {ex.seconds:.1f} s; per level: structured randomized-response "
          f"queries at the exact level, random exact mechanisms projected onto A <= α, local search.  "
          f"Feasibility A(M) <= α and every relation in the table are exact decisions; the plot is floats.",
          note=True)
    if show_witness:
        l = next((l for l in ex.levels if l.witness is not None and
                  (l.status == "violated" or (l.tight_attained is not None and l.tight_attained.is_true)
                   or l.status == "attained")), None) or next((l for l in ex.levels if l.witness is not None), None)
        if l is not None:
            doc.p(f"Witness at α = {_exact_and_float(l.alpha)}: {l.found_by}; {ex.given} = {_s(l.given_value)}, "
                  f"{ex.measure} = {_exact_and_float(l.best)}.")
            _mechanism_table(doc, l.witness.mechanism, "Witness mechanism")
            if l.witness.prior is not None:
                _prior_table(doc, l.witness.prior, "Witness prior")


def _entry_table(doc: Doc, items: list):
    """items: (Entry, Exploration) pairs -> one row per level: stated vs best witness found."""
    rows = []
    for e, ex in items:
        for l in ex.levels:
            rows.append([f"{e.source} ⇒ {e.target}", Link(f"{e.claim} [{ex.key.split('[')[-1].rstrip(']')}]",
                                                          page_name(e.claim)),
                         e.label, _exact_and_float(l.alpha), _exact_and_float(l.stated), _exact_and_float(l.best_lower),
                         Cell(l.status, "REFUTED" if l.status == "violated" else
                              ("PROVED" if l.status == "attained" else "")),
                         l.found_by + (f"; {ex.space}" if l.witness is not None else "")])
    doc.table(["implication", "claim [reading]", "stated map", "α", "stated f(α)",
               "best witness found (certified lower bound on f*)", "status", "witness"], rows)


def _explore_all(G, seconds: float, explorations, entry_explorations):
    """Tightness explorer on the central implications and every checked composable table entry."""
    from counterexamples.tightness import bank_implications, explore_entry, explore_implication

    if not isinstance(seconds, (int, float)) or seconds <= 0:
        raise InvalidArgument(f"explore_seconds={seconds!r} must be a positive number")
    if explorations is None:
        explorations = [explore_implication(i, seconds=seconds) for i in bank_implications()]
    if entry_explorations is None:
        entry_explorations = []
        for _, _, d in G.edges(data=True):
            for e in d["entries"]:
                if e["status"] in ("holds", "refuted") and e["entry"].is_composable:
                    entry = dataclasses.replace(e["entry"], reading=e["reading"])
                    ex = explore_entry(entry, seconds=seconds / 5)
                    if ex is not None:
                        entry_explorations.append((entry, ex))
    return explorations, entry_explorations


def index_report(results, *, out_dir, claims=None, atlas=None, derived=None, explorations=None,
                 entry_explorations=None, explore_seconds: float | None = None, seconds: float | None = None,
                 title: str = "exactpriv report") -> tuple[Path, Path]:
    """Write ``<out_dir>/index.md`` and ``index.html``: the bank table (id, reading, verdict,
    evidence, link to the claim page), the implication atlas (figure, edges, derived
    implications with re-checks, unchecked table entries) and the tightness table (stated map
    vs best witness found).

    ``atlas``/``derived`` default to being computed here: the atlas from ``results``, derived
    implications of length <= 2 re-checked on the default instances.  The tightness sections
    need explorer runs: pass ``explorations`` (central implications) and
    ``entry_explorations`` ((Entry, Exploration) pairs), or ``explore_seconds`` to run them
    here (that budget per central implication, a fifth of it per table entry).
    """
    from counterexamples.atlas import CONDITIONS, atlas_png, build_atlas, derive, edge_table, recheck, unchecked_entries
    from counterexamples.tightness import bank_implications

    out_dir = Path(out_dir)
    results = list(results)
    G = atlas if atlas is not None else build_atlas(results)
    if derived is None:
        derived = recheck(derive(G, max_length=2))
    if explore_seconds is not None:
        explorations, entry_explorations = _explore_all(G, explore_seconds, explorations, entry_explorations)
    doc = Doc(title)
    counts: dict = {}
    for r in results:
        counts[r.verdict.value] = counts.get(r.verdict.value, 0) + 1
    n_claims = len({r.claim_id for r in results})
    doc.p(f"{len(results)} readings of {n_claims} claims"
          + (f" checked in {seconds:.1f} s" if seconds is not None else "") + ": "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + ".")
    doc.p("REFUTED: an exact, replayable witness; PROVED: an all-parameter certificate; CHECKED: every instance "
          "of the listed families decided exactly; UNDECIDED: some instance could not be decided (never a pass).",
          note=True)
    doc.h(1, "Theorem bank")
    doc.table(["id", "reading", "verdict", "evidence"],
              [[Link(r.claim_id, page_name(r.claim_id)), r.reading, Cell(r.verdict.value, r.verdict.value),
                _evidence_text(r)] for r in results])
    if claims:
        ne = [c for c in claims if not c.encodable]
        if ne:
            doc.h(2, "Claims not (fully) encodable")
            doc.table(["id", "reason"], [[Link(c.id, page_name(c.id)), c.reason] for c in ne])

    doc.h(1, "Implication atlas")
    doc.image("atlas", atlas_png(G), "implication atlas")
    doc.p("Nodes are notions (measures of exactpriv); an edge A → B carries the parameter map of a claim "
          "'α-A ⇒ f(α)-B' of the bank, drawn solid blue when it holds for all mechanisms, orange when it holds "
          "only under a hypothesis (a refuted unconditional reading may sit on the same edge), dashed red for a "
          "non-implication (a witness family, or a refuted implication).  Numbers refer to the table.", note=True)
    rows = []
    for e in edge_table(G):
        rows.append([e["number"], f"{e['source']} → {e['target']}", e["map"],
                     Link(f"{e['claim']} [{e['reading']}]", page_name(e["claim"])),
                     Cell(e["verdict"], e["verdict"]), e["status"], e["conditions"] or "—",
                     e["witness_file"] or ""])
    doc.table(["#", "edge", "map", "claim [reading]", "verdict", "status", "hypotheses", "witness"], rows)
    un = unchecked_entries(G)
    if un:
        doc.p("Table entries not in this run (claims not run or not yet in the bank): "
              + ", ".join(sorted({e.claim for e in un})) + ".", note=True)
    doc.h(2, "Derived implications (path composition, re-checked exactly)")
    if derived:
        fails = [d for d in derived if d.status == "FAILS"]
        doc.p(f"{len(derived)} derived implications; {len(fails)} fail their re-check."
              + (" FAILING: " + "; ".join(" → ".join(d.path) for d in fails) if fails else ""))
        doc.table(["path", "composed map", "hypotheses", "from", "re-check"],
                  [[" → ".join(d.path), sympy.sstr(d.map), ", ".join(CONDITIONS[c] for c in d.conditions) or "—",
                    "; ".join(d.claims),
                    Cell(f"{d.status}: {d.instances} instances" + (f", {d.undecided} undecided" if d.undecided else "")
                         + (f" — {d.reason}" if d.status == "FAILS" else ""),
                         "REFUTED" if d.status == "FAILS" else "")] for d in derived])
    else:
        doc.p("No composable paths of implication edges in this run.")

    doc.h(1, "Tightness of the central implications")
    if explorations:
        imps = {i.key: i for i in bank_implications()}
        summary = []
        for ex in explorations:
            imp = imps.get(ex.key)
            n_att = sum(1 for l in ex.levels if l.status == "attained")
            n_viol = sum(1 for l in ex.levels if l.status == "violated")
            n_tight = sum(1 for l in ex.levels if l.tight_attained is not None and l.tight_attained.is_true)
            summary.append([f"{ex.given} ⇒ {ex.measure}", imp.stated_label if imp else sympy.sstr(ex.stated),
                            ", ".join(imp.claims) if imp else "", imp.tight_label if imp else "",
                            f"{len(ex.levels)} levels: {n_viol} violated, {n_att} stated attained, "
                            f"{n_tight} tight map attained",
                            {"PROVED": "yes (certified)", "REFUTED": "no", "UNDECIDED": "undecided"}.get(
                                ex.upper_vs_stated.verdict) if ex.upper_vs_stated is not None else "—"])
        doc.table(["implication", "stated map", "claims", "best known map", "explorer",
                   "best known map < stated map for all α > 0"], summary)
        for ex in explorations:
            _exploration_section(doc, ex, imps.get(ex.key), level=2)
    else:
        doc.p("Not explored in this run.", note=True)
    if entry_explorations:
        doc.h(2, "Every implication of the bank: stated map vs best witness found")
        doc.p("A short search per implication of the atlas table (its hypotheses imposed: product priors, "
              "full-support priors, positive mechanisms): 'violated' is an exact counterexample to the stated map at "
              "that level, 'attained' means the stated map is tight there, 'below' that the best witness found stays "
              "under it (a lower bound on the best possible map, not a proof that the stated map is loose).",
              note=True)
        _entry_table(doc, list(entry_explorations))
    return _write(doc, out_dir, "index")


def evidence_text(res) -> str:
    ev = res.evidence
    if res.verdict.value == "REFUTED":
        w = ev.get("witness_file") or ev.get("witness") or "proof refutes"
        return f"witness: {w}"
    if res.verdict.value == "PROVED":
        pr = ev.get("proof", {})
        return f"proved ({pr.get('method', '?')})"
    fams = ev.get("families", {})
    parts = [f"{k}: {v.get('true', 0)}" for k, v in fams.items() if isinstance(v, dict) and "true" in v]
    text = f"{ev.get('instances_true', 0)} instances ({', '.join(parts)})" if parts else ""
    if ev.get("instances_undecided"):
        text += f"; {ev['instances_undecided']} undecided"
    if ev.get("undecided_reasons") and res.verdict.value == "UNDECIDED":
        text += f"; {ev['undecided_reasons'][0]}"
    return text
