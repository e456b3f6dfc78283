"""Reports: one page per claim and an index page for the whole bank, in Markdown and self-contained HTML,
and the verdicts per paper as a LaTeX document.

The package, one concept a module:

* :mod:`.collect` — the rows: checking the bank (recording the values behind the plots), reading
  ``verify.json``, the summary counts, the papers the claims cite;
* :mod:`.document` — the page model (headings with anchors, paragraphs, tables, figures, a table of
  contents) rendered by :mod:`.html_render` (inline CSS, MathML, inline SVG: no network) and
  :mod:`.markdown` (figures as files under ``img/``);
* :mod:`.mathml` — exact values and the papers' formula fragments as MathML (sympy's presentation printer,
  latex2mathml), offline;
* :mod:`.plots` — a picture for every verdict (evidence per reading, the witness against the bound, value
  against bound per instance, the atlas and tightness pictures);
* :mod:`.witness` — a refuting witness as exact tables with exact margins;
* :mod:`.pages`, :mod:`.index`, :mod:`.tightness_sections` — the claim pages and the index page, written by
  :mod:`.output`;
* :mod:`.latex` — the LaTeX table of verdicts per paper.

Every verdict on a page is exact; curves and points in the figures are floats, for the eye only.
"""

from .collect import BankRun, evidence_text, papers_of, results_from_json, run_bank, summary
from .document import Cell, Doc, Figure, Link, Math, Prose, page_name
from .index import index_report
from .latex import latex_verdicts, tex_escape
from .pages import claim_report

__all__ = ["BankRun", "Cell", "Doc", "Figure", "Link", "Math", "Prose", "claim_report", "evidence_text",
           "index_report", "latex_verdicts", "page_name", "papers_of", "results_from_json", "run_bank",
           "summary", "tex_escape"]
