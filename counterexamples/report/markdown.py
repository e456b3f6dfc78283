"""A :class:`~.document.Doc` as Markdown: figures written as SVG files under ``img/``, exact values as text.

The Markdown page says what the HTML page says (same blocks); formulas stay in the bank's plain notation
(``e^{ε'}``) and exact values in sympy's text form (``3 - 2*sqrt(2)``), which every Markdown viewer shows.
"""

from __future__ import annotations

from pathlib import Path

from exactpriv.claims import Verdict

from .document import Cell, Doc, Figure, Link, Math, Prose
from .mathml import text_of

__all__ = ["inline_markdown", "to_markdown"]

_VERDICTS = frozenset(v.value for v in Verdict)


def inline_markdown(c) -> str:
    """Markdown of inline content (text, Link, Cell, Math, Prose, or a list of them)."""
    if c is None:
        return ""
    if isinstance(c, (list, tuple)):
        return "".join(inline_markdown(x) for x in c)
    if isinstance(c, Link):
        if c.page and not c.target.startswith("#"):
            page, sep, anchor = c.target.partition("#")
            return f"[{c.text}]({page}.md{sep}{anchor})"
        return f"[{c.text}]({c.target})"
    if isinstance(c, Cell):
        text = inline_markdown(c.text)
        return f"**{text}**" if c.cls in _VERDICTS else text
    if isinstance(c, Math):
        return text_of(c.value)
    if isinstance(c, Prose):
        return c.text
    return str(c)


def _cell(c) -> str:
    return inline_markdown(c).replace("|", "\\|").replace("\n", "<br>")


def _toc(doc: Doc, title: str) -> list[str]:
    entries = doc.toc_entries()
    if not entries:
        return []
    base = min(level for level, _, _ in entries)
    out = [f"**{title}**", ""]
    out += [f"{'  ' * (level - base)}- [{text}](#{anchor})" for level, text, anchor in entries]
    return out + [""]


def _figure(f: Figure, img_dir: Path, img_prefix: str) -> list[str]:
    from exactpriv.io import write_atomic

    img_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(img_dir / f"{f.name}.svg", f.svg)
    out = [f"![{f.alt}]({img_prefix}/{f.name}.svg)", ""]
    return out + ([f"_{f.caption}_", ""] if f.caption else [])


def to_markdown(doc: Doc, img_dir: Path, img_prefix: str = "img") -> str:
    out = []
    if doc.nav:
        out += [" · ".join(inline_markdown(n) for n in doc.nav), ""]
    out += [f"# {doc.title}", ""]
    for b in doc.blocks:
        kind = b[0]
        if kind == "h":
            out += [f'{"#" * min(b[1] + 1, 6)} {b[2]} <a id="{b[3]}"></a>', ""]
        elif kind == "p":
            out += [f"_{inline_markdown(b[1])}_" if b[2] else inline_markdown(b[1]), ""]
        elif kind in ("quote", "reference"):
            out += ["> " + line for line in inline_markdown(b[1]).splitlines()] + [""]
        elif kind == "pre":
            out += ["```", b[1], "```", ""]
        elif kind == "list":
            out += [f"- {inline_markdown(i)}" for i in b[1]] + [""]
        elif kind == "table":
            out.append("| " + " | ".join(_cell(h) for h in b[1]) + " |")
            out.append("|" + "---|" * len(b[1]))
            out += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in b[2]]
            out.append("")
        elif kind == "figure":
            out += _figure(b[1], img_dir, img_prefix)
        elif kind == "toc":
            out += _toc(doc, b[1])
    return "\n".join(out) + "\n"
