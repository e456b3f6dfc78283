"""Writing a page: ``name.md`` (figures as SVG files under ``img/``) and ``name.html`` (self-contained), each
all-or-nothing (:func:`exactpriv.io.write_atomic`: a full disk or a kill leaves the previous file or the new
one, complete)."""

from __future__ import annotations

from pathlib import Path

from exactpriv.io import write_atomic

from .document import Doc
from .html_render import to_html
from .markdown import to_markdown

__all__ = ["write_page"]


def write_page(doc: Doc, out_dir, name: str) -> tuple[Path, Path]:
    """Write ``<out_dir>/<name>.md`` and ``<out_dir>/<name>.html``; returns both paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    md, ht = out_dir / f"{name}.md", out_dir / f"{name}.html"
    write_atomic(md, to_markdown(doc, out_dir / "img"))
    write_atomic(ht, to_html(doc))
    return md, ht
