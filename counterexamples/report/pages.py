"""A claim's page: the paper's reference and the location of the statement, the summary first (counts per
verdict and finding class, one row per reading), a picture of the evidence of every reading, the statement
as in the paper, then each reading with its verdict, finding class, evidence, and for a refuted reading the
witness (exact tables, exact margins, the witness against the bound), plus the atlas and tightness pictures
of the implications the claim states.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from exactpriv.claims import Claim, ReadingResult, Verdict
from exactpriv.errors import InvalidArgument

from .collect import finding_of, papers_of, reading_evidence, summary
from .document import Cell, Doc, Link, Prose, page_name, slug
from .mathml import float_of
from .output import write_page
from .proof import proof_section
from .reduction import reduction_section
from .plots import evidence_figure, implication_figure, margin_figure, witness_figure
from .tightness_sections import entry_table, exploration_section
from .witness import stated_margins, witness_section

__all__ = ["claim_report", "paper_anchor", "reference_text", "summary_text"]


def paper_anchor(key: str) -> str:
    """The id of a paper's section on the index page."""
    return "paper-" + slug(key)


def reference_text(key: str, paper) -> str:
    """The full reference of a paper (authors, title, venue, year, arXiv/doi), or what is known of it."""
    if paper is None:
        return f"{key} (its bank registers no reference for this paper key)"
    return paper.citation()


def summary_text(s: dict) -> list[str]:
    """The summary lines as ``verify`` prints them (verdicts, then REFUTED by finding class)."""
    def n(k: int, word: str) -> str:
        return f"{k} {word}" + ("" if k == 1 else "s")

    lines = [f"{n(s['readings'], 'reading')} of {n(s['claims'], 'claim')} — verdicts: "
             + ", ".join(f"{k} {v}" for k, v in s["verdicts"].items())]
    if s["findings"]:
        lines.append("REFUTED by finding class: " + ", ".join(f"{k} {v}" for k, v in s["findings"].items())
                     + " (as-written = errors of the papers as stated)")
    if s.get("statements"):
        st = s["statements"]
        lines.append(f"statements: {st['declarative']} declarative (re-checkable by `exactpriv check` from the "
                     f"definitions), {st['custom']} custom Python code (not independently re-checkable)")
    return lines


def _verdict_cell(res: ReadingResult) -> Cell:
    return Cell(res.verdict.value, res.verdict.value)


def _finding_line(res: ReadingResult) -> str:
    f = finding_of(res)
    if f is None:
        return ""
    return f"Finding class: {f}" + (f" — {res.why}" if res.why else "") + "."


def _entries_of(claim_id: str):
    from counterexamples.atlas import bank_entries

    return [e for e in bank_entries() if e.claim == claim_id]


def _entry_reading(e, claim) -> str | None:
    if e.reading is not None:
        return e.reading
    return claim.readings[0].name if claim is not None and claim.readings else None


def _tight_claims(imp) -> list[str]:
    import re

    return re.findall(r"[a-z]+\d{4}\.[a-z0-9_]+|identitydp\.[a-z0-9_]+", imp.tight_source)


def _reading_section(doc: Doc, claim: Claim, rd, res: ReadingResult | None, entries, points: dict) -> None:
    doc.h(2, f"Reading “{rd.name}”", anchor="reading-" + slug(rd.name))
    doc.p(Prose(rd.statement))
    if rd.notes:
        doc.p(Prose(rd.notes), note=True)
    if res is None:
        doc.p("Not run in this report.", note=True)
        return
    doc.p([Cell(res.verdict.value, res.verdict.value), f" (expected: {rd.expected.value if rd.expected is not None else '—'}); "
           f"{reading_evidence(res)}; {res.seconds:.2f} s."])
    if res.verdict == Verdict.REFUTED:
        doc.p(Cell(Prose(_finding_line(res)), "finding"))
    elif res.why:
        doc.p(Prose(res.why), note=True)
    fams = res.evidence.get("families", {})
    if fams:
        doc.table(["family", "holds", "undecided", "outside hypotheses", "violated"],
                  [[k, v.get("true", ""), v.get("undecided", ""), v.get("outside", ""),
                    v.get("false", "")] if "true" in v else [k, v.get("skipped", ""), "", "", ""]
                   for k, v in fams.items() if isinstance(v, dict)])
    name = f"{page_name(claim.id)}--{slug(rd.name)}"
    if "proof" in res.evidence and not reduction_section(doc, res.evidence):
        pr = res.evidence["proof"]
        doc.p(f"All-parameter argument: {pr.get('truth')} by {pr.get('method')} — {pr.get('reason')}")
    if res.verdict == Verdict.PROVED:
        doc.h(3, "Proof", anchor=f"proof-{slug(rd.name)}")
        proof_section(doc, res, claim, rd, name)
    if res.evidence.get("undecided_reasons"):
        doc.items(res.evidence["undecided_reasons"])
    if res.verdict == Verdict.REFUTED:
        doc.h(3, "Witness", anchor=f"witness-{slug(rd.name)}")
        mine = [e for e in entries if _entry_reading(e, claim) == rd.name]
        witness_section(doc, res, mine)
        doc.figure(witness_figure(res, stated_margins(res.witness_values or {}, mine), name + "--witness",
                                  f"[{rd.name}]: the witness against the bound"))
    elif res.verdict != Verdict.PROVED:
        doc.figure(margin_figure(points.get((claim.id, rd.name), []), name + "--margins",
                                 f"[{rd.name}]: value against bound per instance"))


def _implication_pictures(doc: Doc, claim: Claim, entries, by_name: dict, points: dict) -> None:
    pairs: dict = {}
    for e in entries:
        pairs.setdefault((e.source, e.target), []).append(e)
    for (src, tgt), es in pairs.items():
        if all(e.kind != "implication" for e in es):
            continue
        es = [dataclasses.replace(e, reading=_entry_reading(e, claim)) for e in es]
        pts = {e.reading: points.get((claim.id, e.reading), []) for e in es}
        wits = {}
        for e in es:
            res = by_name.get(e.reading)
            if res is not None and res.verdict == Verdict.REFUTED and res.witness_values:
                x, y = float_of(res.witness_values.get(src)), float_of(res.witness_values.get(tgt))
                if x is not None and y is not None:
                    wits[e.reading] = (x, y)
        fig = implication_figure(es, pts, wits, f"{claim.id}: {src} ⇒ {tgt}", f"{page_name(claim.id)}--{src}--{tgt}")
        if fig is not None:
            doc.h(1, f"Picture: {src} ⇒ {tgt}")
            doc.figure(fig)


def claim_report(claim: Claim, results, *, out_dir, points: dict | None = None, explorations: list | None = None,
                 entry_explorations=None, paper=None, papers=None, implications=None,
                 figures: dict | None = None) -> tuple[Path, Path]:
    """Write ``<out_dir>/<claim id>.md`` and ``.html`` for one claim; returns both paths.

    ``results``: the ReadingResults of the claim (others are ignored); ``points``: the recorded values of
    :func:`~.collect.run_bank` (for plots); ``explorations``: tightness explorer runs
    (:class:`counterexamples.tightness.Exploration`) — those of implications stated by this claim are shown;
    ``entry_explorations``: (Entry, Exploration) pairs of :func:`counterexamples.tightness.explore_entry` —
    those of this claim's entries are shown; ``paper``: the claim's
    :class:`~exactpriv.claims.banks.Paper` (default: from ``papers`` — paper key -> Paper — or the installed
    banks); ``implications``: the :class:`~counterexamples.tightness.BankImplication` list the explorations
    ran (default: :func:`counterexamples.tightness.bank_implications`, built again for each page);
    ``figures``: the exploration figures already drawn in this report, by name (filled here; pass one dict to
    every page and the index of a report so that each is drawn once).
    """
    from counterexamples.tightness import bank_implications

    if not isinstance(claim, Claim):
        raise InvalidArgument(f"claim={claim!r} must be an exactpriv Claim")
    key = claim.id.split(".")[0]
    if paper is None:
        paper = papers_of([claim], papers).get(key)
    points = points or {}
    mine = [r for r in results if r.claim_id == claim.id]
    entries = _entries_of(claim.id)
    doc = Doc(f"{claim.id} — {claim.title}", heading=Prose(f"{claim.id} — {claim.title}"))
    doc.nav = [Link("← all papers and claims", "index"), Link(f"{key}: all claims of this paper",
                                                              f"index#{paper_anchor(key)}")]
    doc.reference(["Paper: ", reference_text(key, paper)]
                  + (["  Location in the paper: ", claim.source, "."] if claim.source else []))  # none given: no ": ."
    doc.h(1, "Summary")
    if mine:
        for line in summary_text(summary(mine)):
            doc.p(line)
        expected = {r.name: r.expected for r in claim.readings}
        doc.table(["reading", "verdict", "finding class", "expected", "evidence"],
                  [[Link(r.reading, f"#reading-{slug(r.reading)}"), _verdict_cell(r),
                    Cell(finding_of(r) or "", "finding"),
                    expected.get(r.reading).value if expected.get(r.reading) is not None else "—", reading_evidence(r)]
                   for r in mine])
        doc.figure(evidence_figure(mine, f"{page_name(claim.id)}--evidence", f"{claim.id}: evidence per reading"))
    elif claim.encodable:
        doc.p("No reading of this claim was run in this report.", note=True)
    if not claim.encodable:
        doc.p(f"Not (fully) encodable: {claim.reason}", note=True)
    doc.h(1, "Statement (as in the paper)")
    doc.quote(Prose(claim.quote))
    by_name = {r.reading: r for r in mine}
    if claim.readings:
        doc.h(1, "Readings")
    for rd in claim.readings:
        _reading_section(doc, claim, rd, by_name.get(rd.name), entries, points)
    _implication_pictures(doc, claim, entries, by_name, points)
    mine_entries = [(e, ex) for e, ex in (entry_explorations or []) if e.claim == claim.id]
    if mine_entries:
        doc.h(1, "Stated map vs best witness found")
        entry_table(doc, mine_entries)
    if implications is None and explorations:
        implications = bank_implications()
    imps = {i.key: i for i in implications or ()} if explorations else {}
    for ex in explorations or []:
        imp = imps.get(ex.key)
        if imp is not None and claim.id in imp.claims + tuple(_tight_claims(imp)):
            exploration_section(doc, ex, imp, level=1, figures=figures)
    return write_page(doc, out_dir, page_name(claim.id))
