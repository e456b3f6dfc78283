"""Evidence as data: what ``verify`` writes so that a referee can re-check each verdict without trusting us.

The format is docs/certificates.md (``exactpriv-evidence``, version 1); its reader is the independent checker
:mod:`exactpriv.checker`, which imports nothing of this package.  This module is the producing side:

* :func:`~exactpriv.claims.bank_binding.bank_binding` (its own module) — the bank a row comes from: name,
  version and the SHA-256 of its source files, computed from the files as the checker computes it;
* :func:`statement_of` — a reading's statement as data: its declarative ``form`` (measures, hypotheses,
  claim formula) or ``{"custom": why}`` when the reading is Python code the checker cannot read;
* :func:`evidence_row` — one result as a row: the binding, the verdict, the statement, and the evidence of
  the verdict (REFUTED: the exact witness and the decisive values; PROVED: the certificate; CHECKED: the
  instances, or the families and their counts; UNDECIDED: the reason), with the run's effort;
* :func:`evidence_document` — the rows of a run with the bank binding and the list of readings they cover;
* :func:`manifest` — the bank's manifest (``MANIFEST.json``): every reading's statement and kind, what the
  checker trusts about the bank.

Nothing here decides a verdict: the rows carry what the engine computed, and the checker re-computes it.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

# the bank binding, witnesses as JSON and the certificate search have modules of their own; the names other code
# reads stay importable from here
from exactpriv.claims.bank_binding import (MANIFEST, bank_binding, bank_source, bank_version, document_banks,
                                           source_sha256)
from exactpriv.claims.certificate_search import (DEFAULT_MAX_PREC, accepted, converted_certificate,
                                                 engine_certificate, family_refutation)
from exactpriv.claims.witness_json import exact_text, jsonable, point_json, space_json, witness_of

__all__ = ["DEFAULT_MAX_PREC", "FORMAT", "FORMAT_VERSION", "MANIFEST", "bank_binding", "bank_source", "custom_count",
           "is_built_form", "keep_built_form",
           "document_banks", "evidence_document", "evidence_json", "evidence_row", "manifest", "manifest_entry", "manifest_json", "manifest_path", "point_json",
           "reading_form", "reading_id", "reading_kind", "source_sha256", "space_json", "statement_of", "witness_of",
           "write_manifest"]

FORMAT, FORMAT_VERSION = "exactpriv-evidence", 1


# ----------------------------------------------------------------------------- statements

def reading_id(claim, reading=None) -> str:
    """``claim/reading`` (``claim/-`` for a claim that is not encodable)."""
    return f"{claim.id}/{reading.name if reading is not None else '-'}"


def reading_kind(reading) -> str:
    """What the reading is, as the bank declares it: ``convention`` (fixed to a convention), ``variant``
    (a deliberately altered statement) or ``paper`` (the paper's own statement)."""
    finding = getattr(reading.finding, "value", reading.finding)
    if finding in ("convention", "variant"):
        return finding
    if finding in ("as-written", "boundary"):
        return "paper"
    if reading.convention:
        return "convention"
    return "paper"


def statement_of(claim, reading=None) -> dict:
    """The reading's statement as data: its declarative ``form``, or ``{"custom": why}`` (Python code the
    checker cannot read), or ``{"not_encodable": reason}`` for a claim that is not encodable."""
    if reading is None:
        return {"not_encodable": claim.reason}
    form = reading_form(reading)
    if form is not None:
        return json.loads(json.dumps(form))
    return {"custom": f"{claim.kind} checked by Python code (the reading's check function; no declarative form)"}


#: lazy forms already built in this process, by their builder (building one compiles programs or lists instances)
_BUILT_FORMS: dict = {}


def keep_built_form(builder, form: dict) -> None:
    """Keep ``form`` as what the lazy form ``builder`` builds, when it was built elsewhere (``verify``'s checking
    worker builds it after the reading's check); ``reading_form`` then hands out copies of it.  The first one
    kept stays."""
    _BUILT_FORMS.setdefault(builder, copy.deepcopy(form))


def is_built_form(builder) -> bool:
    """Whether the lazy form ``builder`` has been built (or kept) in this process."""
    return builder in _BUILT_FORMS


def reading_form(reading) -> dict | None:
    """The reading's declarative form; a form given as a function (built on first use, e.g. over compiled
    programs: statement_forms.listed_inequality_form) is built once per process, each caller getting its own
    copy."""
    form = getattr(reading, "form", None)
    if not callable(form):
        return form
    if form not in _BUILT_FORMS:
        _BUILT_FORMS[form] = form()
    return copy.deepcopy(_BUILT_FORMS[form])


def custom_count(rows: Iterable[Mapping]) -> int:
    """How many rows state their reading only as custom code."""
    return sum(1 for r in rows if isinstance(r.get("statement"), dict) and "custom" in r["statement"])


def manifest_entry(claim, reading) -> dict:
    """What the bank declares about one reading: its id, kind, statement and (when it declares one) the finding
    class of its expected refutation — the checker requires a REFUTED row's class to equal it."""
    entry = {"id": reading_id(claim, reading), "kind": reading_kind(reading), "statement": statement_of(claim, reading)}
    finding = getattr(reading.finding, "value", reading.finding)
    if finding is not None:
        entry["finding"] = finding
    return entry


def manifest(bank, claims: Sequence | None = None) -> dict:
    """The bank's manifest: its name and version and, per reading in the bank's order, its kind and statement."""
    claims = list(bank.claims()) if claims is None else list(claims)
    entries = []
    for c in claims:
        if not c.encodable:
            entries.append({"id": reading_id(c), "kind": "paper", "statement": statement_of(c)})
            continue
        for r in c.readings:
            entries.append(manifest_entry(c, r))
    return {"format": "exactpriv-bank-manifest", "format_version": 1,
            "bank": {"name": bank.name, "version": bank_version(bank)}, "readings": entries}


def manifest_path(bank) -> Path | None:
    """Where ``bank``'s manifest lives: ``MANIFEST.json`` in its package directory, ``<stem>.manifest.json``
    beside a bank file (None for a bank without files)."""
    src = bank_source(bank)
    if src is None:
        return None
    return src / MANIFEST if src.is_dir() else src.with_name(src.stem + ".manifest.json")


def write_manifest(bank) -> Path:
    """(Re)write ``bank``'s manifest from the loaded bank (after a reading is added, renamed or given a form)."""
    from exactpriv.files import write_atomic

    path = manifest_path(bank)
    if path is None:
        raise ValueError(f"bank {bank.name!r} has no source files to put a manifest beside")
    write_atomic(path, manifest_json(bank))
    return path


def manifest_json(bank, claims: Sequence | None = None) -> str:
    """The manifest as the text of ``MANIFEST.json`` (stable: sorted keys, one-space indent, final newline)."""
    return json.dumps(manifest(bank, claims), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# ----------------------------------------------------------------------------- rows


#: Names under which checks record a notion's value (besides the notion's own name).
_VALUE_ALIASES = {"bayesian_semantic_privacy": ("bsp",), "semantic_privacy": ("sp",)}


def _values(statement: dict, witness_values: Mapping) -> dict:
    """The decisive values of a REFUTED witness that the statement names: each measure's value as the check
    recorded it (under the measure's name, its notion's name, or the notion's usual short name)."""
    out = {}
    measures = statement.get("measures") or {}
    notions = [spec.get("notion") if isinstance(spec, dict) else None for spec in measures.values()]
    for name, spec in sorted(measures.items()):
        notion = spec.get("notion") if isinstance(spec, dict) else None
        # a notion measured twice (on two mechanisms, two neighbour relations): only the measure's own name is
        # unambiguous
        keys = (name, notion, *_VALUE_ALIASES.get(notion, ())) if notions.count(notion) == 1 else (name,)
        v = next((witness_values[k] for k in keys if k is not None and k in witness_values), None)
        if v is None:
            continue
        value = getattr(v, "value", v)
        try:
            out[name] = exact_text(value)
        except Exception:  # noqa: BLE001 - a value with no exact text (an enclosure only) is not stated
            continue
    return out


def _checked(reading, evidence: Mapping, statement: dict, *, instances: Mapping | None) -> dict:
    fams, skipped = [], []
    for fam in reading.families:
        counts = (evidence.get("families") or {}).get(fam.name)
        if counts is None:
            continue
        if isinstance(counts, dict) and "skipped" in counts:  # not run (a slow family): not evidence
            skipped.append(fam.name)
            continue
        entry: dict[str, Any] = {"name": fam.name}
        if isinstance(counts, dict):
            entry.update({k: counts[k] for k in ("true", "outside", "undecided", "false") if k in counts})
        listed = (instances or {}).get(fam.name)
        if listed is not None and "custom" not in statement:
            entry["instances"] = listed
        else:
            entry["generator"] = f"bank family {fam.name!r} of {reading.name!r}" + (
                " (exhaustive)" if fam.exhaustive else "")
        fams.append(entry)
    out: dict[str, Any] = {"families": fams}
    if skipped:
        out["skipped"] = skipped
    return out


#: Most instances a CHECKED row lists (beyond that it names its families only).
MAX_LISTED_INSTANCES = 400


def _listed_instances(reading, result) -> dict | None:
    """For a CHECKED reading with a declarative statement over instances: every instance of each family it
    checked, as witnesses (the families are deterministic: built again here), so the checker re-runs them."""
    form = reading_form(reading)
    if result.verdict.value != "CHECKED" or not form or form.get("quantifier") != "forall-instances":
        return None
    out, total = {}, 0
    for fam in reading.families:
        counts = (result.evidence.get("families") or {}).get(fam.name)
        if not isinstance(counts, dict) or "skipped" in counts:
            continue
        listed = []
        for inst in fam.build():
            w = witness_of(inst)
            total += 1
            if w is None or total > MAX_LISTED_INSTANCES:
                return None
            listed.append(w)
        out[fam.name] = listed
    return out


def evidence_row(result, claim, reading, binding: Mapping, *, effort: Mapping | None = None,
                 instances: Mapping | None = None) -> dict:
    """One reading's result as a row of the evidence document (docs/certificates.md, "A row").

    ``instances`` : family name -> the instances checked, as witnesses (for a CHECKED row of a declarative
        reading; without them the row names its families and counts only)."""
    statement = statement_of(claim, reading)
    verdict = result.verdict.value
    row: dict[str, Any] = {"id": claim.id, "reading": reading.name, "bank": dict(binding), "verdict": verdict,
                           "statement": statement}
    evidence = result.evidence or {}
    if verdict == "REFUTED":
        row["finding"] = result.finding or "unclassified"
        proof = evidence.get("proof")
        cert = (family_refutation(statement, result.witness)
                if statement.get("quantifier") == "forall-family" else None)
        if cert is not None and result.witness is not None and not accepted(cert, statement, proves=False):
            cert = None  # the checker cannot derive the measure on the family: it re-measures the member instead
        if cert is not None:  # refuted at a member: the family's point, derived by the checker
            row["certificate"] = cert
        elif result.witness is not None:  # (over a family: a member the checker re-measures from its entries)
            row["witness"] = witness_of(result.witness)
            row["values"] = _values(statement, result.witness_values or {})
        elif proof:
            row["certificate"] = engine_certificate(proof, statement)
    elif verdict == "PROVED":
        row["certificate"] = (converted_certificate(statement, evidence.get("proof"), reading)
                              or engine_certificate(evidence.get("proof"), statement))
    elif verdict == "CHECKED":
        row["checked"] = _checked(reading, evidence, statement, instances=instances)
        if evidence.get("quantifier") == "exists" and result.witness is not None:
            row["witness"] = witness_of(result.witness)
    row["effort"] = dict(effort or {"max_prec": DEFAULT_MAX_PREC})
    for key in ("stopped_by", "budget"):
        if key in evidence:
            row["effort"][key] = jsonable(evidence[key])
    why = result.why or ""
    stopped = evidence.get("stopped")
    if isinstance(stopped, dict):  # the time limit stopped the work (issue 19's STOPPED): said in the effort
        row["effort"]["stopped"] = jsonable(stopped)
    if verdict in ("UNDECIDED", "STOPPED") and not why:
        reasons = ([stopped.get("reason")] if isinstance(stopped, dict) and stopped.get("reason") else
                   evidence.get("undecided_reasons") or [evidence.get("error") or verdict.lower()])
        why = str(reasons[0])
    if why:
        row["why"] = why
    # the engine's own account (shown, never trusted: the checker and report --from-json ignore it)
    row["evidence"], row["timing"] = jsonable(evidence), {"seconds": round(result.seconds, 3)}
    return row


def not_encodable_row(claim, binding: Mapping) -> dict:
    return {"id": claim.id, "reading": None, "bank": dict(binding), "verdict": "NOT_ENCODABLE",
            "statement": statement_of(claim), "why": claim.reason}


def evidence_document(entries: Sequence[tuple], bank, *, effort: Mapping | None = None,
                      partial: Mapping | None = None) -> dict:
    """The evidence document of a run over ``bank``.

    entries : in the bank's order, ``(claim, reading, result)`` for each reading checked and
        ``(claim, None, None)`` for a claim that is not encodable; a reading of the selection that was not
        checked (an interrupted run) is absent, and ``partial`` says why."""
    binding = bank_binding(bank)
    effort = dict(effort or {"max_prec": DEFAULT_MAX_PREC})
    rows, ids = [], []
    for claim, reading, result in entries:
        if reading is None:
            rows.append(not_encodable_row(claim, binding))
        else:
            rows.append(evidence_row(result, claim, reading, binding, effort=effort,
                                     instances=_listed_instances(reading, result)))
        ids.append(reading_id(claim, reading))
    doc: dict[str, Any] = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "bank": {**binding, "readings_sha256": hashlib.sha256("\n".join(ids).encode("utf-8")).hexdigest()},
        "readings": ids, "effort": effort, "rows": rows,
    }
    if partial is not None:
        doc["partial"] = dict(partial)
    return doc


def evidence_json(banks, claims, results, *, seconds_per_reading, partial=None) -> dict:
    """A run as an evidence document (:func:`evidence_document`; one per bank, in an ``exactpriv-evidence-set``
    when the run spans several banks), rows in each bank's order as the checker and ``report --from-json``
    expect them."""
    effort = {"max_prec": DEFAULT_MAX_PREC, "seconds_per_reading": seconds_per_reading}
    by_key = {(res.claim_id, res.reading): res for res in results}
    docs = []
    banks = document_banks(banks)
    for bank in banks:
        selected = {c.id for c in claims}
        entries = []
        for c in bank.claims():
            if c.id not in selected:
                continue
            if not c.encodable:
                entries.append((c, None, None))
                continue
            entries += [(c, r, by_key[(c.id, r.name)]) for r in c.readings if (c.id, r.name) in by_key]
        if entries or len(banks) == 1:
            docs.append(evidence_document(entries, bank, effort=effort, partial=partial))
    if len(docs) == 1:
        return docs[0]
    return {"format": FORMAT + "-set", "format_version": FORMAT_VERSION, "documents": docs}
