"""Sections of the tightness explorer (:mod:`counterexamples.tightness`) on the report's pages: for a
central implication, the stated map against the best witnesses found per level (with the certified
comparison of the best known map and the stated one); for every composable implication of the atlas table,
stated map vs best witness found.  Every relation in these tables is an exact decision; the plot is floats.
"""

from __future__ import annotations

import dataclasses

from exactpriv.errors import InvalidArgument

from .document import Cell, Doc, Link, Math, page_name
from .mathml import approx, text_of
from .plots import exploration_figure
from .witness import mechanism_table, prior_table

__all__ = ["entry_table", "explore_all", "exploration_section"]


def _value_cell(v):
    """An exact value with its float, or a dash."""
    if v is None:
        return "—"
    a = approx(v)
    return [Math(v), f"  ({a})"] if a and a.replace("≈ ", "") != text_of(v) else Math(v)


def exploration_section(doc: Doc, ex, imp, *, level: int = 2, show_witness: bool = True,
                        figures: dict | None = None) -> None:
    """The section of one central implication's exploration ``ex`` (``imp``: its BankImplication).

    ``figures``: the figures already drawn in this report, by name — a figure's name is its file under
    ``img/``, so one name is one figure; an exploration shown on several pages and the index is drawn once."""
    title = f"Tightness: {ex.given} ⇒ {ex.measure}" + (f" — stated {imp.stated_label}" if imp else "")
    doc.h(level, title, toc=level == 2)
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
    for lv in ex.levels:
        rows.append([_value_cell(lv.alpha), _value_cell(lv.stated), _value_cell(lv.best_lower),
                     approx(lv.gap).replace("≈ ", "") if lv.gap is not None else "—",
                     _value_cell(lv.tight), Cell(lv.status, "REFUTED" if lv.status == "violated" else ""),
                     "; ".join(lv.flags), lv.found_by])
    doc.table(["α", "stated f(α)", "best found (certified lower bound on f*)", "gap f(α) − best (≈)",
               "tight map", "status", "flags", "witness found by"], rows)
    name = f"tight--{ex.key or ex.given + '--' + ex.measure}".replace("=>", "--").replace(">", "")
    fig = figures.get(name) if figures is not None else None
    if fig is None:
        fig = exploration_figure(ex, imp, name)
        if figures is not None:
            figures[name] = fig
    doc.figure(fig)
    doc.p(f"Search: {ex.space}, random state {ex.seed}, {ex.seconds:.1f} s; per level: structured randomized-response queries at the "
          f"exact level, random exact mechanisms projected onto A <= α, local search.  Feasibility A(M) <= α and "
          f"every relation in the table are exact decisions; the plot is floats.", note=True)
    if show_witness:
        chosen = next((lv for lv in ex.levels if lv.witness is not None and
                       (lv.status == "violated" or (lv.tight_attained is not None and lv.tight_attained.is_true)
                        or lv.status == "attained")), None) or next(
            (lv for lv in ex.levels if lv.witness is not None), None)
        if chosen is not None:
            doc.p(["Witness at α = ", _value_cell(chosen.alpha), f": {chosen.found_by}; {ex.given} = ",
                   Math(chosen.given_value), f", {ex.measure} = ", _value_cell(chosen.best), "."])
            mechanism_table(doc, chosen.witness.mechanism, "Witness mechanism")
            if chosen.witness.prior is not None:
                prior_table(doc, chosen.witness.prior, "Witness prior")


def entry_table(doc: Doc, items: list) -> None:
    """items: (Entry, Exploration) pairs -> one row per level: stated vs best witness found."""
    rows = []
    for e, ex in items:
        for lv in ex.levels:
            rows.append([f"{e.source} ⇒ {e.target}", Link(f"{e.claim} [{ex.key.split('[')[-1].rstrip(']')}]",
                                                          page_name(e.claim)),
                         e.label, _value_cell(lv.alpha), _value_cell(lv.stated), _value_cell(lv.best_lower),
                         Cell(lv.status, "REFUTED" if lv.status == "violated" else
                              ("PROVED" if lv.status == "attained" else "")),
                         lv.found_by + (f"; {ex.space}" if lv.witness is not None else "")])
    doc.table(["implication", "claim [reading]", "stated map", "α", "stated f(α)",
               "best witness found (certified lower bound on f*)", "status", "witness"], rows)


def explore_all(G, seconds: float, explorations, entry_explorations):
    """Tightness explorer on the central implications and every checked composable table entry."""
    from counterexamples.tightness import bank_implications, explore_entry, explore_implication

    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
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
