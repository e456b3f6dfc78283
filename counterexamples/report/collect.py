"""The rows behind a report: checking the bank (recording the values behind the plots), reading a
previous ``verify.json``, the summary counts, and the papers the claims cite.

* :func:`run_bank` checks every reading as ``exactpriv verify`` does and records, per instance, the float
  values of the notions a plot can show (the atlas notions of the claim, ``A``/``B``/``measure``/``bound``).
  The floats are for the eye; the verdicts come from :func:`exactpriv.claims.check_reading`, exact.
* :func:`results_from_json` turns ``verify.json`` rows back into results; refuted readings get their
  archived witness (so a report from JSON still shows the witness and its values).
* :func:`summary` counts verdicts and finding classes exactly as ``verify`` prints them (claims that are
  not encodable are counted as such, so both say the same number of claims).
* :func:`papers_of` finds each claim's :class:`~exactpriv.claims.banks.Paper` through the installed banks'
  registration (never by importing a bank by name).
"""

from __future__ import annotations

import dataclasses
import functools
import time
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from exactpriv.claims import Claim, ReadingResult, Verdict, check_reading
from exactpriv.errors import ExactPrivError, InvalidArgument

from .mathml import float_of

__all__ = ["FINDING_ORDER", "VERDICT_ORDER", "BankRun", "evidence_text", "finding_of", "papers_of", "reading_evidence",
           "results_from_json", "run_bank", "searched_text", "summary",
           "witness_file_label"]

VERDICT_ORDER = ("REFUTED", "UNDECIDED", "STOPPED", "PROVED", "CHECKED", "not encodable")
FINDING_ORDER = ("as-written", "boundary", "convention", "variant", "unclassified")
#: values an instance's Outcome may carry that the plots can draw (besides the atlas notions)
PLOT_KEYS = frozenset({"A", "B", "bound", "measure", "lhs", "rhs"})  # lhs/rhs: a tightness claim's two sides


@dataclass
class BankRun:
    """The results of a bank run, with the per-instance values recorded for the plots."""

    results: list
    points: dict = field(default_factory=dict)  # (claim, reading) -> list of dict(name -> float)
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
            vals = {k: float_of(res.values[k]) for k in keys | PLOT_KEYS if k in res.values}
            vals = {k: v for k, v in vals.items() if v is not None}
            if vals:
                vals["_truth"] = res.decision.truth.value
                sink.append(vals)
        return res

    return dataclasses.replace(reading, check=check)


def run_bank(claims: Iterable[Claim], *, include_slow: bool = False, collect_points: bool = True,
             max_points: int = 400, progress=None, seconds_per_reading: float | None = None) -> BankRun:
    """Check every reading of ``claims`` (as ``exactpriv verify`` does) and record, per instance, the values
    the plots draw (the atlas notions of the claim, ``A``/``B``/``measure``/``bound``).

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
        _run_claims(list(claims), run, keys, include_slow, max_points, progress, collect_points, seconds_per_reading)
    except KeyboardInterrupt:  # keep the completed readings; the caller marks its output partial
        run.interrupted = True
    run.seconds = time.perf_counter() - t0
    return run


def witness_file_label(path) -> str:
    """How a report names an archived witness file (the archive's directory name and the file name)."""
    return f"counterexamples/found/{path.name}"


def _run_claims(claims, run: BankRun, keys: dict, include_slow: bool, max_points: int, progress,
                collect_points: bool, seconds_per_reading=None) -> None:
    from exactpriv.claims.check import ReadingChecker

    def prepare(c, r):
        if r.check is not None and collect_points:
            sink: list = []
            return _recording(r, sink, keys.get(c.id, set()), max_points), sink
        return r, None

    if seconds_per_reading is None:
        return _run_readings(claims, run, include_slow, progress, prepare, None)
    with ReadingChecker(claims, seconds=seconds_per_reading, include_slow=include_slow, prepare=prepare) as checker:
        return _run_readings(claims, run, include_slow, progress, prepare, checker)


def _run_readings(claims, run: BankRun, include_slow: bool, progress, prepare, checker) -> None:
    from counterexamples.archive import witness_path
    from exactpriv import effort

    for c in claims:
        if not c.encodable:  # as ``exactpriv verify``: listed, not run
            run.not_encodable.append(c)
            continue
        for r in c.readings:
            if effort.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed mid-reading
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
                    res.evidence["witness_file"] = witness_file_label(wp)
            run.results.append(res)


def results_from_json(rows: list, claims: Iterable[Claim] | None = None) -> list[ReadingResult]:
    """``verify.json`` rows -> ReadingResults; REFUTED ones get their witness from the archive
    (``counterexamples/found``) when a file exists (values then stay in their JSON form)."""
    from counterexamples.archive import load_witness, witness_path

    by_id = None if claims is None else {c.id: c for c in claims}
    out = []
    for k, row in enumerate(rows):
        if not isinstance(row, dict) or "id" not in row or "verdict" not in row:
            raise InvalidArgument(f"verify.json row {k} = {row!r:.80} is not a result row (id, reading, verdict)")
        if row.get("reading") is None or (by_id is not None and row["id"] not in by_id):
            continue
        try:
            verdict = Verdict(row["verdict"])
        except ValueError:
            raise InvalidArgument(f"verify.json row {k}: verdict={row['verdict']!r} is not a verdict") from None
        finding = row.get("finding") if verdict == Verdict.REFUTED else None
        res = ReadingResult(row["id"], row["reading"], verdict, dict(row.get("evidence") or {}),
                            seconds=float((row.get("timing") or {}).get("seconds") or row.get("seconds") or 0),
                            finding=finding if isinstance(finding, str) and finding != "unclassified" else None,
                            why=row["why"] if isinstance(row.get("why"), str) else "")
        if by_id is not None and verdict == Verdict.REFUTED and res.finding is None:
            res.finding, res.why = _declared_finding(by_id[row["id"]], row["reading"], res.why)
        if verdict == Verdict.REFUTED:
            wp = witness_path(row["id"], row["reading"])
            if wp.exists():
                doc = load_witness(wp)
                res.witness, res.witness_values = doc["instance"], dict(doc.get("values") or {})
                res.evidence.setdefault("witness_file", witness_file_label(wp))
        out.append(res)
    return out


def _declared_finding(claim: Claim, reading_name: str, why: str) -> tuple[str | None, str]:
    """The finding class a reading declares (for rows of an older verify.json without one)."""
    for r in claim.readings:
        if r.name == reading_name and r.finding is not None:
            return r.finding.value, why or r.why
    return None, why


def finding_of(res: ReadingResult) -> str | None:
    """The finding class of a REFUTED result ("unclassified" when its reading declares none)."""
    if res.verdict != Verdict.REFUTED:
        return None
    return res.finding or "unclassified"


def summary(results: Iterable[ReadingResult], claims: Iterable[Claim] | None = None) -> dict:
    """Counts as ``verify`` prints them: readings, claims, per verdict (with "not encodable" claims) and per
    finding class of the REFUTED readings."""
    results = list(results)
    verdicts: dict[str, int] = {}
    findings: dict[str, int] = {}
    for r in results:
        verdicts[r.verdict.value] = verdicts.get(r.verdict.value, 0) + 1
        f = finding_of(r)
        if f is not None:
            findings[f] = findings.get(f, 0) + 1
    ids = {r.claim_id for r in results}
    not_encodable = [c for c in claims or () if not c.encodable]
    if not_encodable:
        verdicts["not encodable"] = len(not_encodable)
    ids |= {c.id for c in not_encodable}
    out = {"readings": len(results), "claims": len(ids),
           "verdicts": {k: verdicts[k] for k in VERDICT_ORDER if k in verdicts},
           "findings": {k: findings[k] for k in FINDING_ORDER if k in findings}}
    if claims:  # readings stated as data (re-checkable by `exactpriv check`) vs custom Python code
        declared = {(c.id, r.name): r.form is not None for c in claims for r in c.readings}
        forms = [declared[(r.claim_id, r.reading)] for r in results if (r.claim_id, r.reading) in declared]
        out["statements"] = {"declarative": forms.count(True), "custom": forms.count(False)}
    return out


def papers_of(claims: Iterable, papers: Mapping | None = None) -> dict:
    """paper key -> :class:`~exactpriv.claims.banks.Paper` (or None) for the claims' paper keys (claims, or
    paper keys as strings), in the order they come.  ``papers`` (e.g. the union of the banks' ``papers``)
    wins; otherwise the installed banks' registrations are asked."""
    keys = list(dict.fromkeys(c if isinstance(c, str) else c.id.split(".")[0] for c in claims))
    known = dict(papers or {})
    if any(k not in known for k in keys):
        for k, p in _installed_papers().items():
            known.setdefault(k, p)
    return {k: known.get(k) for k in keys}


@functools.lru_cache(maxsize=1)
def _installed_papers() -> dict:
    """The papers of every installed bank (entry points are fixed for the life of the process, and reading
    them costs tens of milliseconds: once per process, not once per page)."""
    from exactpriv.claims.banks import installed_banks

    out: dict = {}
    try:
        for bank in installed_banks().values():
            for k, p in bank.papers.items():
                out.setdefault(k, p)
    except ExactPrivError:  # a broken third-party bank must not stop the report
        pass
    return out


def reading_evidence(res) -> str:
    """:func:`evidence_text`, or the error of a check that crashed."""
    return res.evidence["error"] if "error" in res.evidence else evidence_text(res)


def evidence_text(res) -> str:
    """One line of evidence for a result (what ``verify`` shows in its table)."""
    ev = res.evidence
    if res.verdict.value == "REFUTED":
        w = ev.get("witness_file") or ev.get("witness") or "proof refutes"
        shown = ev.get("shown")  # what the reading shows of its witness: a program's exact ε, pair and output
        text = shown.get("text") if isinstance(shown, dict) else None
        return f"witness: {w}" + (f"; {text}" if text else "")
    if res.verdict.value == "PROVED":
        pr = ev.get("proof", {})
        return "; ".join(filter(None, [f"proved ({pr.get('method', '?')})", shown_text(ev)]))
    fams = ev.get("families", {})
    parts = [f"{k}: {v.get('true', 0)}" for k, v in fams.items() if isinstance(v, dict) and "true" in v]
    pieces = [f"{ev.get('instances_true', 0)} instances ({', '.join(parts)})"] if parts else []
    if ev.get("instances_undecided"):
        pieces.append(f"{ev['instances_undecided']} undecided")
    if ev.get("undecided_reasons") and res.verdict.value == "UNDECIDED":
        pieces.append(str(ev["undecided_reasons"][0]))
    text = "; ".join(pieces)  # never a leading "; " when there are no instance counts
    if res.verdict.value == "STOPPED":
        reason = (ev.get("stopped") or {}).get("reason") or "stopped by the time limit"
        text = reason + (f"; shown so far: {text}" if text else "")
    if res.verdict.value == "CHECKED":
        text = "; ".join(filter(None, [text, searched_text(ev)]))
    return "; ".join(filter(None, [text, shown_text(ev)]))


def shown_text(ev: dict) -> str:
    """The values a reading shows of its passing instances (``Outcome.values["shown"]``: the exact ε of a
    program bank's mechanism, say), one ``label: text`` per instance."""
    out = []
    for fam in (ev.get("families") or {}).values():
        if isinstance(fam, dict):
            for label, shown in (fam.get("shown") or {}).items():
                text = shown.get("text") if isinstance(shown, dict) else shown
                out.append(f"{label}: {text}")
    return "; ".join(out)


def searched_text(ev: dict) -> str:
    """What a CHECKED verdict searched, in words (issue 23): the spaces, prior and mechanism kinds of the
    instances checked, and the deterministic search of ``verify --search`` when it ran."""
    out = []
    rec = ev.get("searched")
    if isinstance(rec, dict):
        def kinds(d):
            return ", ".join(f"{k} {v}" for k, v in d.items())
        # a space's name has blanks and "=" in it ("D^1, |D| = 2"): its count in parentheses, not glued to it
        spaces = "; ".join(f"{k} ({v})" for k, v in rec.get("spaces", {}).items())
        out.append(f"searched {rec.get('instances', 0)} instances on {spaces}; priors: "
                   f"{kinds(rec.get('prior_kinds', {}))}; mechanisms: {kinds(rec.get('mechanism_kinds', {}))}")
    search = ev.get("search")
    if isinstance(search, dict):
        text = (f"verify --search: {search.get('tried', 0)} instances ({search.get('drawn', 0)} drawn, effort "
                f"{search.get('effort')}, seed {search.get('seed')}, {search.get('stopped_by')})")
        space = search.get("search_space")
        if isinstance(space, dict) and space:
            text += (f" over {', '.join(space.get('spaces', []))}; prior kinds "
                     f"{', '.join(space.get('prior_kinds', [])) or 'none'}; mechanism kinds "
                     f"{', '.join(space.get('mechanism_kinds', []))}")
        out.append(text)
    return "; ".join(out)
