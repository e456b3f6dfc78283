"""The report's index page: the summary first (counts per verdict and per finding class, as ``verify``
prints them), a table of contents, one section per paper (its full reference, its counts, one row per
reading with the location in the paper and the finding class), the implication atlas with the derived
implications and their exact re-checks, the tightness explorer's tables, and the LaTeX export.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from .collect import finding_of, papers_of, reading_evidence, summary
from .document import Cell, Doc, Link, Math, page_name
from .pages import paper_anchor, reference_text, summary_text
from .output import write_page
from .plots import atlas_figure
from .tightness_sections import entry_table, exploration_section, explore_all

__all__ = ["index_report"]

_VERDICT_NOTE = ("REFUTED: an exact, replayable witness or a refuting certificate; PROVED: an all-parameter "
                 "certificate; CHECKED: every instance of the listed families decided exactly; UNDECIDED: some "
                 "instance could not be decided (never a pass).  Finding classes of a REFUTED reading: as-written "
                 "(fails under every hypothesis the paper states), boundary (only where a quantity degenerates), "
                 "convention (depends on a convention for a quantity the paper leaves undefined), variant (a "
                 "deliberately altered statement, not the paper's claim).")


def _summary_tables(doc: Doc, s: dict) -> None:
    doc.table(["verdict", "readings"], [[Cell(k, k), v] for k, v in s["verdicts"].items()], cls="summary")
    if s["findings"]:
        doc.table(["REFUTED: finding class", "readings"], [[Cell(k, "finding"), v] for k, v in s["findings"].items()],
                  cls="summary")


def _paper_sections(doc: Doc, results, claims, papers) -> None:
    by_paper: dict = {}
    for r in results:
        by_paper.setdefault(r.claim_id.split(".")[0], []).append(r)
    claim_list = list(claims or [])
    keys = list(dict.fromkeys([c.id.split(".")[0] for c in claim_list] + list(by_paper)))
    known = {c.id: c for c in claim_list}
    papers = papers_of(keys, papers)
    for key in keys:
        paper = papers.get(key)
        heading = f"{paper.short()}: {paper.title}" if paper is not None else key
        doc.h(2, heading, anchor=paper_anchor(key), toc=True)
        doc.reference(["Reference: ", reference_text(key, paper)])
        mine = by_paper.get(key, [])
        mine_claims = [c for c in claim_list if c.id.split(".")[0] == key]
        for line in summary_text(summary(mine, mine_claims)):
            doc.p(line)
        rows, last = [], None
        for r in mine:
            c = known.get(r.claim_id)
            first = r.claim_id != last
            last = r.claim_id
            rows.append([Link(r.claim_id, page_name(r.claim_id)) if first else "",
                         (c.source if c is not None else "") if first else "", r.reading,
                         Cell(r.verdict.value, r.verdict.value), Cell(finding_of(r) or "", "finding"),
                         reading_evidence(r) + (f" — {r.why}" if r.why and r.verdict.value != "CHECKED" else "")])
        for c in mine_claims:
            if not c.encodable:
                rows.append([Link(c.id, page_name(c.id)), c.source, "—", "not encodable", "", c.reason])
        doc.table(["claim", "location in the paper", "reading", "verdict", "finding class", "evidence"], rows)


def _atlas_sections(doc: Doc, G, derived) -> None:
    from counterexamples.atlas import CONDITIONS, edge_table, unchecked_entries

    doc.h(1, "Implication atlas", toc=True)
    doc.figure(atlas_figure(G))
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
    doc.h(2, "Derived implications (path composition, re-checked exactly)", toc=True)
    if derived:
        fails = [d for d in derived if d.status == "FAILS"]
        doc.p(f"{len(derived)} derived implications; {len(fails)} fail their re-check."
              + (" FAILING: " + "; ".join(" → ".join(d.path) for d in fails) if fails else ""))
        doc.table(["path", "composed map", "hypotheses", "from", "re-check"],
                  [[" → ".join(d.path), Math(d.map), ", ".join(CONDITIONS[c] for c in d.conditions) or "—",
                    "; ".join(d.claims),
                    Cell(f"{d.status}: {d.instances} instances" + (f", {d.undecided} undecided" if d.undecided else "")
                         + (f" — {d.reason}" if d.status == "FAILS" else ""),
                         "REFUTED" if d.status == "FAILS" else "")] for d in derived])
    else:
        doc.p("No composable paths of implication edges in this run.")


def _tightness_sections(doc: Doc, explorations, entry_explorations, figures) -> None:
    from counterexamples.tightness import bank_implications

    doc.h(1, "Tightness of the central implications", toc=True)
    if explorations:
        imps = {i.key: i for i in bank_implications()}
        rows = []
        for ex in explorations:
            imp = imps.get(ex.key)
            n_att = sum(1 for lv in ex.levels if lv.status == "attained")
            n_viol = sum(1 for lv in ex.levels if lv.status == "violated")
            n_tight = sum(1 for lv in ex.levels if lv.tight_attained is not None and lv.tight_attained.is_true)
            rows.append([f"{ex.given} ⇒ {ex.measure}", imp.stated_label if imp else sympy.sstr(ex.stated),
                         ", ".join(imp.claims) if imp else "", imp.tight_label if imp else "",
                         f"{len(ex.levels)} levels: {n_viol} violated, {n_att} stated attained, "
                         f"{n_tight} tight map attained",
                         {"PROVED": "yes (certified)", "REFUTED": "no", "UNDECIDED": "undecided"}.get(
                             ex.upper_vs_stated.verdict) if ex.upper_vs_stated is not None else "—"])
        doc.table(["implication", "stated map", "claims", "best known map", "explorer",
                   "best known map < stated map for all α > 0"], rows)
        for ex in explorations:
            exploration_section(doc, ex, imps.get(ex.key), level=2, figures=figures)
    else:
        doc.p("Not explored in this run.", note=True)
    if entry_explorations:
        doc.h(2, "Every implication of the bank: stated map vs best witness found", toc=True)
        doc.p("A short search per implication of the atlas table (its hypotheses imposed: product priors, "
              "full-support priors, positive mechanisms): 'violated' is an exact counterexample to the stated map at "
              "that level, 'attained' means the stated map is tight there, 'below' that the best witness found stays "
              "under it (a lower bound on the best possible map, not a proof that the stated map is loose).",
              note=True)
        entry_table(doc, list(entry_explorations))


def index_report(results, *, out_dir, claims=None, atlas=None, derived=None, explorations=None,
                 entry_explorations=None, explore_seconds: float | None = None, seconds: float | None = None,
                 title: str = "exactpriv report", papers=None, latex: str | None = None,
                 figures: dict | None = None) -> tuple[Path, Path]:
    """Write ``<out_dir>/index.md`` and ``index.html``: the summary (counts per verdict and finding class), a
    table of contents, one section per paper (full reference, one row per reading with the location in the
    paper, verdict, finding class, evidence, link to the claim page), the implication atlas (figure, edges,
    derived implications with re-checks, unchecked table entries) and the tightness tables.

    ``papers``: paper key -> :class:`~exactpriv.claims.banks.Paper` (default: the installed banks' papers);
    ``latex``: the file name of the LaTeX table of verdicts written beside the index (linked from it).
    ``atlas``/``derived`` default to being computed here: the atlas from ``results``, derived implications of
    length <= 2 re-checked on the default instances.  The tightness sections need explorer runs: pass
    ``explorations`` (central implications) and ``entry_explorations`` ((Entry, Exploration) pairs), or
    ``explore_seconds`` to run them here (that budget per central implication, a fifth of it per table entry).
    ``figures``: the exploration figures the claim pages drew, by name (each is drawn once per report).
    """
    from counterexamples.atlas import build_atlas, derive, recheck

    out_dir = Path(out_dir)
    results = list(results)
    G = atlas if atlas is not None else build_atlas(results)
    if derived is None:
        derived = recheck(derive(G, max_length=2))
    if explore_seconds is not None:
        explorations, entry_explorations = explore_all(G, explore_seconds, explorations, entry_explorations)
    doc = Doc(title)
    s = summary(results, claims)
    lines = summary_text(s)
    if seconds is not None:
        lines[0] += f" (checked in {seconds:.1f} s)"
    for line in lines:
        doc.p(line)
    _summary_tables(doc, s)
    doc.p(_VERDICT_NOTE, note=True)
    doc.toc()
    doc.h(1, "Papers", toc=True)
    _paper_sections(doc, results, claims, papers)
    _atlas_sections(doc, G, derived)
    _tightness_sections(doc, explorations, entry_explorations, figures)
    if latex:
        doc.h(1, "Export", toc=True)
        doc.p(["A LaTeX table of the verdicts per paper, for the papers' authors: ", Link(latex, latex, page=False),
               " (a standalone document; each paper's table is a longtable with the claim, the location in the "
               "paper, the reading, the verdict and the finding class)."])
    return write_page(doc, out_dir, "index")
