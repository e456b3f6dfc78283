"""The document model of a report page, rendered twice (Markdown and HTML) so both say the same thing.

A :class:`Doc` is a title and a list of blocks (headings with anchors, paragraphs, quotes, lists, tables,
figures, a table of contents); :func:`.output.write_page` writes it.  Text inside blocks is a plain string or an *inline* object —
:class:`Link` (to another page or an anchor), :class:`Cell` (a table cell with a CSS class),
:class:`Math` (an exact value: MathML in HTML, its exact text in Markdown), :class:`Prose` (a statement
whose formula fragments become MathML in HTML) — or a list of those, concatenated.  The renderers live in
:mod:`.html_render` and :mod:`.markdown`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Cell", "Doc", "Figure", "Link", "Math", "Prose", "page_name", "slug"]


@dataclass
class Link:
    """A link to another page of the report (``target`` without extension, ``#anchor`` allowed) or a file."""

    text: str
    target: str
    page: bool = True


@dataclass
class Cell:
    """A table cell with a CSS class (a verdict, ``num`` for right-aligned numbers) around inline content."""

    text: object
    cls: str = ""


@dataclass
class Math:
    """An exact value (Fraction, LogForm, sympy, Measured, archived JSON value), shown exactly."""

    value: object


@dataclass
class Prose:
    """Text from the bank (a quote, a statement) whose formula fragments are typeset in HTML."""

    text: str


@dataclass
class Figure:
    """A plot: SVG text (inline in HTML, a file next to the Markdown), alt text and a caption."""

    name: str
    svg: str
    alt: str
    caption: str = ""


def slug(text: str) -> str:
    """An HTML id from a heading or key (letters, digits, ``-``; never empty)."""
    s = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return s or "section"


def page_name(claim_id: str) -> str:
    """File stem of a claim's page (claim ids are ``[a-z0-9_.]``; anything else is replaced)."""
    return "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in claim_id)


@dataclass
class Doc:
    """Headings, paragraphs, quotes, tables and figures of one page."""

    title: str
    blocks: list = field(default_factory=list)
    nav: list = field(default_factory=list)  # links shown at the top of the page (Link objects)
    heading: object = None  # inline content of the page's first heading (default: the title)

    def h(self, level: int, text: str, *, anchor: str | None = None, toc: bool = False) -> str:
        """A heading (level 1 = the page's sections); ``toc=True`` lists it in the table of contents."""
        anchor = anchor or slug(text)
        used = {b[3] for b in self.blocks if b[0] == "h"}
        base, k = anchor, 2
        while anchor in used:
            anchor, k = f"{base}-{k}", k + 1
        self.blocks.append(("h", level, text, anchor, toc))
        return anchor

    def p(self, text, *, note: bool = False):
        self.blocks.append(("p", text, note))

    def quote(self, text):
        self.blocks.append(("quote", text))

    def reference(self, text):
        """A paper's reference, set apart from the text."""
        self.blocks.append(("reference", text))

    def pre(self, text: str):
        self.blocks.append(("pre", text))

    def items(self, items: list):
        self.blocks.append(("list", list(items)))

    def table(self, headers: list, rows: list, *, cls: str = ""):
        self.blocks.append(("table", list(headers), [list(r) for r in rows], cls))

    def figure(self, fig: Figure | None):
        if fig is not None:
            self.blocks.append(("figure", fig))

    def toc(self, title: str = "Contents"):
        """Where the table of contents (every heading added with ``toc=True``) is drawn."""
        self.blocks.append(("toc", title))

    def toc_entries(self) -> list[tuple[int, str, str]]:
        return [(b[1], b[2], b[3]) for b in self.blocks if b[0] == "h" and b[4]]
