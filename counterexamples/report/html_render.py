"""A :class:`~.document.Doc` as one self-contained HTML page: inline CSS, MathML, inline SVG figures.

Nothing is fetched when the page is opened (no script, font, stylesheet or image from the network), so a
report can be mailed or archived as it is.  Every piece of text from the bank or the results is escaped
(:func:`html.escape`); the only markup that is not ours is the MathML of :mod:`.mathml`, built from exact
values by sympy's printer and from statement fragments by latex2mathml, and the SVG that matplotlib writes.
"""

from __future__ import annotations

import html

from .document import Cell, Doc, Figure, Link, Math, Prose
from .mathml import formulas_html, prose_html, value_html

__all__ = ["CSS", "inline_html", "to_html"]

CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1150px;margin:2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{font-size:1.6em;border-bottom:2px solid #ddd;padding-bottom:.2em}h2{font-size:1.3em;margin-top:1.6em;
border-bottom:1px solid #eee}h3{font-size:1.1em;margin-top:1.3em}h4{font-size:1em}
blockquote{margin:.8em 0;padding:.5em 1em;background:#f7f5ee;border-left:4px solid #c9b98f}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .55em;
text-align:left;vertical-align:top}th{background:#f0f0f0}td.num{text-align:right;font-family:monospace}
table.summary{display:inline-table;margin-right:1.5em;vertical-align:top}table.summary td{min-width:3em}
code,pre{font-family:SFMono-Regular,Consolas,monospace;font-size:.9em}pre{background:#f6f6f6;padding:.6em;
overflow-x:auto;white-space:pre-wrap}
.REFUTED{color:#b00020;font-weight:bold}.PROVED{color:#1b7a2e;font-weight:bold}.CHECKED{color:#1f4e9c;
font-weight:bold}.UNDECIDED{color:#a66b00;font-weight:bold}.finding{color:#7a1f1f;font-style:italic}
figure{margin:1em 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}
figcaption{color:#555;font-size:.9em}
.note{color:#555;font-size:.92em}.scroll{overflow-x:auto;max-width:100%}td{overflow-wrap:break-word}
.reference{background:#f3f6fb;border-left:4px solid #7d9bd1;padding:.5em 1em;margin:.8em 0}
nav.toc{background:#fafafa;border:1px solid #e3e3e3;padding:.4em 1.2em;margin:1em 0}
nav.toc ol{margin:.3em 0;padding-left:1.4em}nav.toc li{margin:.1em 0}
nav.top{font-size:.9em;margin-bottom:.5em}
math{font-size:1.1em;math-style:normal}td.num math{font-size:1.15em}
"""


def inline_html(c) -> str:
    """HTML of inline content (text, Link, Cell, Math, Prose, or a list of them)."""
    if c is None:
        return ""
    if isinstance(c, (list, tuple)):
        return "".join(inline_html(x) for x in c)
    if isinstance(c, Link):
        target = c.target if not c.page or c.target.startswith("#") else _page_href(c.target)
        return f'<a href="{html.escape(target)}">{html.escape(c.text)}</a>'
    if isinstance(c, Cell):
        return inline_html(c.text)
    if isinstance(c, Math):
        return value_html(c.value)
    if isinstance(c, Prose):
        return prose_html(c.text).replace("\n", "<br>")
    return formulas_html(str(c)).replace("\n", "<br>")  # the engines' sympy-text formulas as MathML too


def _page_href(target: str) -> str:
    page, sep, anchor = target.partition("#")
    return page + ".html" + (sep + anchor if sep else "")


def _td(c) -> str:
    cls = f' class="{html.escape(c.cls)}"' if isinstance(c, Cell) and c.cls else ""
    return f"<td{cls}>{inline_html(c)}</td>"


def _toc(doc: Doc, title: str) -> str:
    """Nested ordered lists of the headings marked for the contents (a deeper heading's list sits inside the
    list item of the heading above it)."""
    entries = doc.toc_entries()
    if not entries:
        return ""
    out = [f'<nav class="toc" aria-label="{html.escape(title)}"><strong>{html.escape(title)}</strong><ol>']
    base = entries[0][0]
    depth = base
    open_item = False
    for level, text, anchor in entries:
        level = max(level, base)
        if level > depth:  # open the sub-list inside the item still open
            out.append("<ol>" * (level - depth))
            depth = level
        else:
            if open_item:
                out.append("</li>")
            while depth > level:
                out.append("</ol></li>")
                depth -= 1
        out.append(f'<li><a href="#{html.escape(anchor)}">{html.escape(text)}</a>')
        open_item = True
    out.append("</li>")
    while depth > base:
        out.append("</ol></li>")
        depth -= 1
    out.append("</ol></nav>")
    return "".join(out)


def _figure(f: Figure) -> str:
    caption = f"<figcaption>{html.escape(f.caption)}</figcaption>" if f.caption else ""
    return f'<figure role="img" aria-label="{html.escape(f.alt)}">{f.svg}{caption}</figure>'


def to_html(doc: Doc) -> str:
    """The page: one HTML5 file, styles inline, math as MathML, figures as inline SVG."""
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{e(doc.title)}</title><style>{CSS}</style></head><body>"]
    if doc.nav:
        out.append('<nav class="top">' + " · ".join(inline_html(n) for n in doc.nav) + "</nav>")
    out.append(f"<h1>{inline_html(doc.heading) if doc.heading is not None else e(doc.title)}</h1>")
    for b in doc.blocks:
        kind = b[0]
        if kind == "h":
            tag = f"h{min(b[1] + 1, 6)}"
            out.append(f'<{tag} id="{e(b[3])}">{e(b[2])}</{tag}>')
        elif kind == "p":
            out.append(f'<p class="note">{inline_html(b[1])}</p>' if b[2] else f"<p>{inline_html(b[1])}</p>")
        elif kind == "quote":
            out.append(f"<blockquote>{inline_html(b[1])}</blockquote>")
        elif kind == "pre":
            out.append(f"<pre>{e(b[1])}</pre>")
        elif kind == "list":
            out.append("<ul>" + "".join(f"<li>{inline_html(i)}</li>" for i in b[1]) + "</ul>")
        elif kind == "table":
            cls = f' class="{e(b[3])}"' if b[3] else ""
            wide = b[3] != "summary"  # a wide table scrolls inside the page instead of running off its edge
            out.append(('<div class="scroll">' if wide else "") + f"<table{cls}><thead><tr>"
                       + "".join(f"<th>{inline_html(h)}</th>" for h in b[1]) + "</tr></thead><tbody>")
            out.extend("<tr>" + "".join(_td(c) for c in r) + "</tr>" for r in b[2])
            out.append("</tbody></table>" + ("</div>" if wide else ""))
        elif kind == "figure":
            out.append(_figure(b[1]))
        elif kind == "toc":
            out.append(_toc(doc, b[1]))
        elif kind == "reference":
            out.append(f'<div class="reference">{inline_html(b[1])}</div>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"

