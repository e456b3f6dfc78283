"""The report's figures (matplotlib, drawn to SVG text that the HTML page inlines): a picture for every
verdict.

* :func:`evidence_figure` — per reading of a claim, the instances the bank decided: holds, outside the
  reading's hypotheses, undecided, violated; and the all-parameter proof's result.  Every checked reading
  has a bar or a proof mark, whatever its verdict.
* :func:`witness_figure` — a REFUTED reading: the value at the witness against the stated bound (one pair
  of bars per stated comparison), or the witness's values when the reading states no bound.
* :func:`margin_figure` — a CHECKED/UNDECIDED reading whose instances report a value and its bound: value
  against bound per instance, with the diagonal value = bound (the margins are the distances to it).
* :func:`implication_figure` — an implication of the atlas table: B against A for the instances checked,
  the stated map, the refuting witness.
* :func:`exploration_figure` — the tightness explorer: stated map, tight map, best witnesses found.

Figures are built on :class:`matplotlib.figure.Figure` (no pyplot state, so nothing leaks between
pages) with text kept as SVG text (``svg.fonttype = "none"``: smaller files, searchable labels) and a
per-figure hash salt (ids of two figures inlined in one page never clash).  Values are floats — for the eye
only; the verdicts and the exact values on the page are exact.  An infinite value is drawn on the frame and
labelled ∞.  A figure with nothing to draw is not made (the functions return None).
"""

from __future__ import annotations

import io
import math
import re
import textwrap

import sympy

from .document import Figure
from .figure_math import mathtext, name_mathtext
from .mathml import float_of, text_of

__all__ = ["atlas_figure", "curve", "evidence_figure", "exploration_figure", "implication_figure", "margin_figure",
           "witness_figure"]

_COLOURS = ["#c0392b", "#1b7a2e", "#8e44ad", "#d08a00"]
#: The report's palette (the proof pages draw with the same colours).
BLUE, RED, GREY, ORANGE, GREEN = "#1f4e9c", "#c0392b", "#9a9a9a", "#d08a00", "#1b7a2e"


def _eps():
    from exactpriv.exact.numbers import EPS

    return EPS


def new_figure(figsize=(6.4, 4.2)):
    """A matplotlib figure and its one axes, made without pyplot (no global state, no display)."""
    from matplotlib.figure import Figure as MplFigure

    fig = MplFigure(figsize=figsize)
    return fig, fig.subplots()


def svg_text(fig, name: str) -> str:
    """``fig`` as inline SVG text, byte-identical on every run (no date, hash salt from ``name``)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": name, "font.size": 9}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]                      # drop the XML prolog and doctype (inline SVG)
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.S)
    return text


def curve(expr, xs):
    """Float samples of a map for plotting (lambdified to plain Python math; display only)."""
    try:
        fn = sympy.lambdify(_eps(), expr, modules=["math"])
    except (TypeError, ValueError, NameError, SyntaxError):
        fn = None
    ys = []
    for x in xs:
        try:
            y = fn(x) if fn is not None else complex(sympy.N(expr.subs(_eps(), sympy.Float(x, 20)), 15)).real
            y = float(y)
            ys.append(y if math.isfinite(y) else math.nan)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, NameError):
            ys.append(math.nan)
    return ys


def _short(text: str, limit: int = 22) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ----------------------------------------------------------------------------------------------
# every verdict: the evidence per reading
# ----------------------------------------------------------------------------------------------
def _counts(res) -> dict:
    fams = res.evidence.get("families", {}) or {}
    total = {"holds": 0, "outside hypotheses": 0, "undecided": 0, "violated": 0}
    for v in fams.values():
        if isinstance(v, dict):
            total["holds"] += int(v.get("true", 0) or 0)
            total["outside hypotheses"] += int(v.get("outside", 0) or 0)
            total["undecided"] += int(v.get("undecided", 0) or 0)
            total["violated"] += int(v.get("false", 0) or 0)
    if res.verdict.value == "REFUTED" and total["violated"] == 0 and (res.witness is not None
                                                                      or res.evidence.get("witness_file")):
        total["violated"] = 1  # a witness read from the archive (verify.json rows keep no per-family counts)
    return total


def evidence_figure(results, name: str, title: str) -> Figure | None:
    """Horizontal stacked bars, one per reading: instances that hold / are outside the hypotheses / are
    undecided / violate it, with the proof's result written at the bar's end."""
    rows = []
    for res in results:
        counts = _counts(res)
        proof = res.evidence.get("proof") or {}
        mark = {"TRUE": "proof: holds for all parameters", "FALSE": "proof: refuted",
                "UNDECIDED": "proof: undecided"}.get(proof.get("truth"), "")
        if sum(counts.values()) or mark:
            rows.append((res, counts, mark))
    if not rows:
        return None
    height = 1.25 + 0.42 * len(rows)  # inches: 0.8 below the bars (axis label, legend), 0.35 above
    fig, ax = new_figure((7.2, height))
    colours = {"holds": BLUE, "outside hypotheses": GREY, "undecided": ORANGE, "violated": RED}
    width = max([sum(c.values()) for _, c, _ in rows] + [1])
    least = width * 0.012  # a count of 1 next to 300 must stay visible: bars get at least this width
    segments: dict = {key: ([], [], []) for key in colours}  # per outcome: ys, widths, lefts (one bar call each)
    for y, (res, counts, mark) in enumerate(rows):
        left = 0.0
        for key, n in counts.items():
            if n:
                ys, widths, lefts = segments[key]
                ys.append(y)
                widths.append(max(n, least))
                lefts.append(left)
                left += max(n, least)
        said = ", ".join(f"{n} {'hold' if k == 'holds' else k}" for k, n in counts.items() if n)
        ax.text(left + width * 0.015, y, res.verdict.value + (f" ({said})" if said else "")
                + (f"; {mark}" if mark else ""), va="center", fontsize=7.5,
                color={"REFUTED": RED, "PROVED": GREEN, "UNDECIDED": ORANGE}.get(res.verdict.value, "#333"))
    labelled = [key for key, (ys, _, _) in segments.items() if ys]
    for key in labelled:
        ys, widths, lefts = segments[key]
        ax.barh(ys, widths, left=lefts, color=colours[key], height=0.6, label=key)
    ax.set_yticks(range(len(rows)), [_short(r.reading, 30) for r, _, _ in rows], fontsize=8)
    ax.set_ylim(len(rows) - 0.4, -0.6)  # first reading on top, room around the outer bars
    ax.set_xlim(0, width * 2.2)
    ax.set_xlabel("instances decided exactly")
    # y=1.0 is where matplotlib's automatic placement puts it here (no tick labels above the axes, no offset
    # text on the reading labels), said outright so that it skips that search: it lays out every tick twice
    ax.set_title(title, fontsize=10, y=1.0)
    if labelled:
        fig.legend(fontsize=7.5, loc="lower center", ncol=4, frameon=False)
    ax.grid(axis="x", alpha=0.3)
    fig.subplots_adjust(left=0.3, right=0.98, bottom=0.8 / height, top=1 - 0.35 / height)
    return Figure(name, svg_text(fig, name), f"evidence per reading: {title}",
                  "Instances per reading (exact decisions): holds, outside the reading's hypotheses (skipped, "
                  "never a witness), undecided, violated; the proof's result is written after the bar.")


# ----------------------------------------------------------------------------------------------
# REFUTED: the witness against the bound
# ----------------------------------------------------------------------------------------------
def witness_figure(res, margins, name: str, title: str) -> Figure | None:
    """Bars: for each stated comparison at the witness (:class:`.witness.Margin`) the stated bound and the
    witness's value, with their difference written above; without one, the witness's numeric values."""
    groups = []
    for m in margins:
        groups.append((m, [("stated bound", float_of(m.bound)), (m.value_name, float_of(m.value))]))
    if not groups:
        from counterexamples.report.witness import value_names

        names = value_names(res.witness_values or {})
        vals = [(names.get(k, k), float_of(v)) for k, v in (res.witness_values or {}).items()
                if k not in ("decision", "names", "relation")]
        vals = [(k, x) for k, x in vals if x is not None][:8]
        if not vals:
            fig = _mechanism_figure(res, name, title)
            if fig is not None:
                return fig
            # a witness point of a parametrised statement: its exact parameters
            params = getattr(res.witness, "params", None) or {}
            vals = [(k, float_of(v)) for k, v in params.items() if not isinstance(v, (list, tuple, dict))]
            vals = [(k, x) for k, x in vals if x is not None][:8]
            title = title.replace("the witness against the bound", "the witness's parameters")
        if not vals:
            return None
        groups = [(None, vals)]
    finite = [abs(v) for _, g in groups for _, v in g if v is not None and math.isfinite(v)]
    top = (max(finite + [0.0]) * 1.45) or 1.0
    fig, ax = new_figure((6.4, 3.8))
    xs, heights, colours, texts, ticks = [], [], [], [], []
    x = 0.0
    for margin, pairs in groups:
        start = x
        for lab, v in pairs:
            if v is None:
                continue
            inf = not math.isfinite(v)
            xs.append(x)
            heights.append(math.copysign(top * 0.8, v) if inf else v)
            colours.append(BLUE if margin is None else GREY if lab == "stated bound" else RED)
            texts.append(("∞ (on the frame)" if v > 0 else "−∞ (on the frame)") if inf else f"{v:.6g}".replace("-", "−"))
            tick = name_mathtext(lab)  # a recorded name's formula typeset as the page typesets it
            ticks.append(tick if tick.startswith("$") else
                         "\n".join(textwrap.wrap(tick, 24)[:2]) if len(tick) <= 48 else _short(tick, 46))
            x += 1.0
        d = float_of(margin.margin) if margin is not None else None
        if d is not None and x > start:
            # the difference may be invisible in the bars (2.7726 vs 2.7996): say it in words
            ax.text((start + x - 1) / 2, top * 0.92, f"bound − value ≈ {d:.4g}".replace("-", "−") if math.isfinite(d) else
                    f"bound − value = {'∞' if d > 0 else '−∞'}", ha="center", fontsize=8.5, color=RED)
        x += 0.6
    ax.bar(xs, heights, color=colours, width=0.75)
    for xi, h, t in zip(xs, heights, texts):
        ax.text(xi, h + (top * 0.02 if h >= 0 else -top * 0.06), t, ha="center", fontsize=8)
    low = min(heights + [0.0])
    ax.set_ylim(low * 1.3 if low < 0 else 0, top)
    ax.set_xticks(xs, ticks, fontsize=7.5)
    ax.axhline(0, color="#555", lw=0.8)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.subplots_adjust(left=0.1, right=0.98, bottom=0.22, top=0.9)
    return Figure(name, svg_text(fig, name), f"witness against the bound: {title}",
                  "The refuting witness: its value against the stated bound (bars are floats for the eye; the "
                  "exact values and the exact margin are in the table above).")


def _mechanism_figure(res, name: str, title: str) -> Figure | None:
    """The witness mechanism P(y | x) as a heat map with its exact entries written in the cells (for a
    witness whose reading records no value to set against a bound)."""
    M = getattr(res.witness, "mechanism", None)
    rows = getattr(M, "rows", None)
    if not rows or len(rows) > 16 or len(rows[0]) > 16:
        return None
    grid = [[float_of(p) for p in row] for row in rows]
    if any(v is None for row in grid for v in row):
        return None
    fig, ax = new_figure((max(3.6, 1.6 + 0.75 * len(rows[0])), 1.5 + 0.5 * len(rows)))
    ax.imshow(grid, cmap="Blues", vmin=0, vmax=1, aspect="auto")
    for i, row in enumerate(rows):
        for j, p in enumerate(row):
            cell = mathtext(p, limit=16)  # as the table above typesets it; a long entry is cut, in plain text
            typeset = cell.startswith("$")  # a typeset fraction needs a larger size to stay legible
            ax.text(j, i, cell if typeset else _short(cell, 9), ha="center", va="center", fontsize=11 if typeset else 8,
                    color="white" if grid[i][j] > 0.6 else "#222")
    from counterexamples.report.witness import point_label

    labels = [point_label(x) for x in M.inputs.points]  # as the table above writes them: (0), not (0,)
    ax.set_yticks(range(len(rows)), [_short(x, 14) for x in labels], fontsize=7.5)
    ax.set_xticks(range(len(rows[0])), [_short(point_label(y), 8) for y in M.outputs], fontsize=7.5)
    ax.set_xlabel("output y")
    ax.set_ylabel("input x")
    heading = title.replace("the witness against the bound", "the witness mechanism P(y | x)")
    # wrapped: a narrow map cut its title; y=1.0 as in evidence_figure (both axes carry fixed labels)
    ax.set_title("\n".join(textwrap.wrap(heading, 48)), fontsize=9, y=1.0)
    fig.tight_layout()
    return Figure(name, svg_text(fig, name), f"witness against the bound: the witness mechanism, {title}",
                  "The refuting witness's mechanism P(y | x), exact entries in the cells (its reading records no "
                  "value to set against a bound; the decision on the witness is stated above).")


# ----------------------------------------------------------------------------------------------
# CHECKED: value against bound per instance
# ----------------------------------------------------------------------------------------------
def margin_figure(points: list, name: str, title: str) -> Figure | None:
    """Value against bound for each instance that reported both (``measure``/``B`` and ``bound``)."""
    pts = []
    tight = False
    for p in points or []:
        v = p.get("measure", p.get("B"))
        b = p.get("bound")
        if v is None and b is None and "lhs" in p and "rhs" in p:  # a tightness claim: value = the stated form
            v, b, tight = p["lhs"], p["rhs"], True
        if v is not None and b is not None and math.isfinite(v) and math.isfinite(b):
            pts.append((b, v, p.get("_truth")))
    if not pts:
        return None
    if tight:
        title = title.replace("value against bound", "value against the stated form")
    fig, ax = new_figure((5.6, 4.0))
    holds = [(b, v) for b, v, t in pts if t != "FALSE"]
    fails = [(b, v) for b, v, t in pts if t == "FALSE"]
    if holds:
        ax.scatter([b for b, _ in holds], [v for _, v in holds], s=14, c=BLUE, alpha=0.6,
                   label=f"instances reporting both ({len(holds)})")
    if fails:
        ax.scatter([b for b, _ in fails], [v for _, v in fails], s=90, marker="*", c=RED, label="violation")
    lo = min(min(b, v) for b, v, _ in pts)
    hi = max(max(b, v) for b, v, _ in pts)
    pad = (hi - lo) * 0.08 or 0.5
    ax.plot([lo - pad, hi + pad], [lo - pad, hi + pad], "--", c=GREY, lw=1, label="value = bound")
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_ylim(lo - pad, hi + pad)
    ax.set_xlabel("stated form at the instance" if tight else "stated bound at the instance")
    ax.set_ylabel("value at the instance")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7.5, loc="upper left")
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.13, right=0.97, bottom=0.13, top=0.91)
    if tight:
        return Figure(name, svg_text(fig, name), f"value against the stated form per instance: {title}",
                      "Each dot is an instance the bank checked: the measured value against the value the claim "
                      "states it attains (floats, for the eye); an instance off the dashed diagonal does not "
                      "attain it.")
    return Figure(name, svg_text(fig, name), f"value against bound per instance: {title}",
                  "Each dot is an instance the bank checked: its value against its stated bound (floats, for the "
                  "eye); the distance to the dashed diagonal is the instance's margin.")


# ----------------------------------------------------------------------------------------------
# implications of the atlas table and the tightness explorer
# ----------------------------------------------------------------------------------------------
def implication_figure(entries, pts_by_reading: dict, witnesses: dict, title: str, name: str) -> Figure | None:
    """B against A for the readings of one (source, target) pair, with the stated maps."""
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
    if not xs_pts and not wit:
        return None  # a curve alone says nothing about this run
    finite_x = [x for x in xs_pts + [w[0] for w in wit] if math.isfinite(x)]
    xmax = max(finite_x + [0.0]) * 1.15 or 2.0
    xmax = min(max(xmax, 0.5), 12.0)
    fig, ax = new_figure()
    if xs_pts:
        ax.scatter(xs_pts, ys_pts, s=12, c=BLUE, alpha=0.55, label=f"instances checked ({len(xs_pts)})")
    grid = [xmax * k / 200 for k in range(201)]
    styles = ["-", "--", ":", "-."]
    seen = set()
    for k, e in enumerate(curves):
        if e.label in seen:
            continue
        seen.add(e.label)
        ax.plot(grid, curve(e.map, grid), styles[k % 4], lw=1.6, c=_COLOURS[k % 4],
                label=f"stated: {mathtext(e.map) if e.map is not None else e.label} ({e.claim})")
    ax.set_xlim(0, xmax)
    finite_y = [y for y in ys_pts + [w[1] for w in wit] if math.isfinite(y)]
    finite_y += [v for e in curves for v in curve(e.map, [xmax * 0.5]) if math.isfinite(v)]
    ytop = (max(finite_y) * 1.25 if finite_y else 1.0) or 1.0
    ax.set_ylim(0, ytop)
    for wname, (x, y) in witnesses.items():
        # an infinite coordinate (e.g. pure_dp = oo) is drawn on the frame with a triangle
        xx = x if math.isfinite(x) else xmax * 0.98
        yy = y if math.isfinite(y) else ytop * 0.97
        inf = [n for n, v in (("A", x), ("B", y)) if not math.isfinite(v)]
        ax.scatter([xx], [yy], marker="^" if inf else "*", s=160, c=RED, zorder=5,
                   label=f"witness [{wname}]" + (f" ({' and '.join(inf)} = ∞, on the frame)" if inf else ""))
    ax.set_xlabel(f"{src} (A)")
    ax.set_ylabel(f"{tgt} (B)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7.5, loc="upper left")
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.12, top=0.92)  # tight_layout costs ~0.3 s a figure
    return Figure(name, svg_text(fig, name), f"{tgt} against {src} for the instances checked, with the stated map",
                  "Each dot is an instance the bank checked (floats, for the eye); the curve is the stated map; a "
                  "red star is a refuting witness.  The verdicts above are exact.")


def exploration_figure(ex, imp, name: str) -> Figure:
    """Stated map vs tight map vs best witnesses found (tightness explorer)."""
    alphas = [float_of(lv.alpha) for lv in ex.levels]
    xmax = max(a for a in alphas if a is not None) * 1.25
    grid = [xmax * k / 200 for k in range(1, 201)]
    fig, ax = new_figure()
    ax.plot(grid, curve(ex.stated, grid), "-", lw=1.8, c=RED, label=f"stated f: {mathtext(ex.stated)}")
    if ex.tight is not None:
        ax.plot(grid, curve(ex.tight, grid), "--", lw=1.6, c=GREEN, label=f"tight: {mathtext(ex.tight)}")
    elif imp is not None and imp.tight_parametric is not None:
        sym, a_expr, v_expr, lo, hi = imp.tight_parametric
        ps = [float(lo) + (float(hi) - float(lo)) * k / 200 for k in range(1, 200)]
        xa, yv = curve(a_expr.subs(sym, _eps()), ps), curve(v_expr.subs(sym, _eps()), ps)
        pts = sorted((x, y) for x, y in zip(xa, yv) if math.isfinite(x) and math.isfinite(y) and x <= xmax)
        ax.plot([x for x, _ in pts], [y for _, y in pts], "--", lw=1.6, c=GREEN, label=f"tight: {imp.tight_label}")
    elif imp is not None and imp.tight is not None:
        tv = [(a, float_of(lv.tight)) for a, lv in zip(alphas, ex.levels) if lv.tight is not None]
        if tv:
            ax.plot([a for a, _ in tv], [t for _, t in tv], "s", mfc="none", c=GREEN, ms=9,
                    label=f"tight map at the levels: {imp.tight_label}")
    bx = [(a, float_of(lv.best_lower), lv.status) for a, lv in zip(alphas, ex.levels) if lv.best_lower is not None]
    fin = [(a, b) for a, b, st in bx if b is not None and math.isfinite(b) and st != "violated"]
    if fin:
        ax.plot([a for a, _ in fin], [b for _, b in fin], "o", c=BLUE, ms=6, label="best witness found (exact)")
    ys = [b for _, b in fin] + [b for _, b, st in bx if st == "violated" and b is not None and math.isfinite(b)]
    top = max(ys + [v for v in curve(ex.stated, [xmax * 0.8]) if math.isfinite(v)] + [0.1]) * 1.3
    ax.set_ylim(0, top)
    viol = [(a, b) for a, b, st in bx if st == "violated" and b is not None]
    if viol:
        # a violating witness; an infinite value is drawn on the frame
        ax.scatter([a for a, _ in viol], [b if math.isfinite(b) else top * 0.97 for _, b in viol], marker="^", s=120,
                   c=RED, zorder=5, label="witness violating the stated map" +
                   (" (∞ on the frame)" if any(not math.isfinite(b) for _, b in viol) else ""))
    ax.set_xlim(0, xmax)
    ax.set_xlabel(f"α = {ex.given}")
    ax.set_ylabel(f"{ex.measure}")
    ax.set_title(f"{ex.given} ⇒ {ex.measure}: stated map vs f*(α) estimates", fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.12, top=0.92)
    return Figure(name, svg_text(fig, name), f"{ex.given} => {ex.measure}: stated vs best found")


def atlas_figure(G) -> Figure:
    """The implication atlas (drawn by :func:`counterexamples.atlas.draw_atlas`) as an SVG figure."""
    import matplotlib.pyplot as plt

    from counterexamples.atlas import draw_atlas

    fig = draw_atlas(G)
    try:
        return Figure("atlas", svg_text(fig, "atlas"), "implication atlas",
                      "Nodes are notions (measures of exactpriv); an edge A → B carries the parameter map of a claim "
                      "'α-A ⇒ f(α)-B' of the bank, drawn solid blue when it holds for all mechanisms, orange when "
                      "it holds only under a hypothesis (a refuted unconditional reading may sit on the same edge), "
                      "dashed red for a non-implication (a witness family, or a refuted implication).  Numbers "
                      "refer to the table.")
    finally:
        plt.close(fig)
