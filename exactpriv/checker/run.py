"""Checking a whole evidence document: the bank binding, then one result per row."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from exactpriv.checker import bank as _bank
from exactpriv.checker.document import VERDICTS, load, reading_id
from exactpriv.checker.errors import CheckerError, Failed, NotCheckable

__all__ = ["RE_VERIFIED", "NOT_CHECKABLE", "FAILED", "Report", "RowResult", "check_document", "check_file"]

RE_VERIFIED, NOT_CHECKABLE, FAILED = "re-verified", "not independently checkable", "FAILED"


@dataclass
class RowResult:
    reading: str
    verdict: str
    status: str
    why: str = ""

    note: str = ""  # e.g. the verdict differs from the one the bank expects (not an error of the evidence)
    custom: bool = False  # the row states its reading as custom Python code (no declarative form)
    declarative: bool = False  # the row states its reading as a declarative statement
    trusted: str = ""  # the meta-theorems a re-verified proof rests on (trusted, not re-proved)

    def line(self) -> str:
        tail = self.status if self.status == RE_VERIFIED else f"{self.status} ({self.why})"
        if self.trusted:
            tail += f" (trusting {self.trusted})"
        return f"{self.reading:<60} {self.verdict:<13} {tail}" + (f"; {self.note}" if self.note else "")


@dataclass
class Report:
    rows: list[RowResult] = field(default_factory=list)
    refused: str | None = None
    bank: str = ""
    unreadable: bool = False  # refused because the file is not an evidence document at all

    @property
    def ok(self) -> bool:
        return self.refused is None and all(r.status != FAILED for r in self.rows)

    def statements(self) -> dict[str, int]:
        """How many rows state their reading declaratively and how many as custom Python code (a claim that is not
        encodable has neither)."""
        return {"declarative": sum(1 for r in self.rows if r.declarative),
                "custom": sum(1 for r in self.rows if r.custom)}

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for r in self.rows:
            per = out.setdefault(r.verdict, {RE_VERIFIED: 0, NOT_CHECKABLE: 0, FAILED: 0})
            per[r.status] += 1
        return out


def check_file(path, *, bank="builtin") -> Report:
    """Check an evidence file; ``bank`` is "builtin" (the installed ``theorems``), a directory or file of a
    bank with its manifest, or None to skip the bank binding (said in the report).  A set of documents (a run
    over several banks) is checked document by document, each against its own bank; one refused document refuses
    the file, naming its bank, and the rows of the others are still listed."""
    try:
        doc = load(path)
    except CheckerError as exc:
        return Report(refused=str(exc), unreadable=True)
    if doc.get("format") != "exactpriv-evidence-set":
        return check_document(doc, bank=bank)
    out = Report()
    banks, refusals = [], []
    for d in doc["documents"]:
        name = d.get("bank", {}).get("name") if isinstance(d.get("bank"), dict) else None
        sub = check_document(d, bank=_bank_of(name, bank))
        out.rows.extend(sub.rows)
        banks.append(sub.bank or f"bank {name}: refused")
        if sub.refused is not None:
            refusals.append(f"bank {name}: {sub.refused}")
    out.bank = "; ".join(banks)
    out.refused = "; ".join(refusals) or None
    return out


def _bank_of(name, bank):
    """The directory of the bank ``name`` under ``bank`` ("builtin": the installed theorems package, whose
    sub-packages are the other built-in banks; a directory; None: no binding)."""
    if bank is None:
        return None
    root = _bank.builtin_bank_dir() if bank == "builtin" else Path(bank)
    if root is None or not isinstance(name, str):
        return bank
    try:
        if _bank.load_manifest(root)["bank"].get("name") == name:
            return root
    except CheckerError:
        pass
    return root / name if (root / name).is_dir() else root


def check_document(doc: dict, *, bank="builtin") -> Report:
    from exactpriv.checker.document import validate

    try:
        validate(doc)
    except CheckerError as exc:
        return Report(refused=str(exc))
    report = Report()
    manifest = None
    binding = doc["bank"]
    if bank is None:
        report.bank = "bank binding not checked (--bank none): rows are checked against their own statements"
    else:
        root = _bank.builtin_bank_dir() if bank == "builtin" else Path(bank)
        if root is None or not root.exists():
            report.refused = f"the bank to check against is not installed ({bank})"
            return report
        installed = _bank.source_sha256(root)
        if installed != binding["source_sha256"]:
            report.refused = (f"the file is bound to bank {binding['name']} {binding['version']} with source "
                              f"{binding['source_sha256'][:12]}…, the installed bank at {root} has source "
                              f"{installed[:12]}… (another bank or version: name the bank that wrote the file with --bank, "
                              f"its directory or its file, e.g. --bank {binding['name']}.py)")
            return report
        try:
            manifest = _bank.load_manifest(root)
        except CheckerError as exc:
            report.refused = str(exc)
            return report
        what = _coverage(manifest["order"], doc["readings"])
        if what.startswith("refused: "):
            report.refused = what[len("refused: "):]
            return report
        report.bank = f"bank {binding['name']} {binding['version']} (source {installed[:12]}…) matches {root}; {what}"
    effort = doc.get("effort") or {}
    for row in doc["rows"]:
        report.rows.append(check_row(row, binding=binding, manifest=manifest, effort=effort))
    return report


def _claim_of(reading: str) -> str:
    return reading.split("/", 1)[0]


def _coverage(order: list[str], readings: list[str]) -> str:
    """The file may cover the whole bank or whole claims of it (``verify --only``), in the bank's order; a claim
    with some of its readings missing, a reading the bank does not have, or another order refuses the file."""
    known = {r: k for k, r in enumerate(order)}
    for r in readings:
        if r not in known:
            return f"refused: reading {r} is not in the bank (a foreign row)"
    positions = [known[r] for r in readings]
    for a, b, r in zip(positions, positions[1:], readings[1:]):
        if b <= a:
            return f"refused: reading {r} is out of the bank's order"
    present = set(readings)
    claims = {_claim_of(r) for r in readings}
    for r in order:
        if _claim_of(r) in claims and r not in present:
            return f"refused: reading {r} of the bank has no row (its claim {_claim_of(r)} is covered, so every " \
                   f"reading of it must be)"
    if len(readings) == len(order):
        return f"covers all {len(order)} readings of the bank"
    all_claims = {_claim_of(r) for r in order}
    return (f"PARTIAL: covers {len(readings)} of the bank's {len(order)} readings ({len(claims)} of "
            f"{len(all_claims)} claims, every reading of each)")


def check_row(row: dict, *, binding: dict, manifest: dict | None, effort: dict) -> RowResult:
    out = _check_row(row, binding=binding, manifest=manifest, effort=effort)
    statement = row.get("statement")
    out.custom = isinstance(statement, dict) and "custom" in statement
    out.declarative = isinstance(statement, dict) and "quantifier" in statement
    return out


def _check_row(row: dict, *, binding: dict, manifest: dict | None, effort: dict) -> RowResult:
    rid = reading_id(row)
    verdict = row.get("verdict")
    shown = verdict if isinstance(verdict, str) else repr(verdict)
    entry = None
    try:
        if verdict not in VERDICTS:
            raise Failed(f"unknown verdict {verdict!r}")
        if row.get("bank") != {k: binding[k] for k in ("name", "version", "source_sha256")}:
            raise Failed(f"foreign row: its bank binding {_short(row.get('bank'))} is not the document's")
        if manifest is not None:
            entry = manifest["readings"].get(rid)
            if entry is None:
                raise Failed(f"foreign row: reading {rid} is not in the bank")
            if json.dumps(entry.get("statement"), sort_keys=True) != json.dumps(row.get("statement"), sort_keys=True):
                raise Failed(f"the statement differs from the bank's statement of {rid}")
        from exactpriv.checker import verdicts

        trusted = verdicts.check(row, entry=entry, effort=effort)
    except Failed as exc:
        return RowResult(rid, shown, FAILED, str(exc))
    except NotCheckable as exc:
        return RowResult(rid, shown, NOT_CHECKABLE, str(exc))
    except CheckerError as exc:
        return RowResult(rid, shown, FAILED, f"malformed evidence: {exc}")
    except (ArithmeticError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        # malformed evidence reaching arithmetic (a missing key, a row that is not a list): the row fails,
        # the checker goes on
        return RowResult(rid, shown, FAILED, f"malformed evidence: {type(exc).__name__}: {exc}")
    out = RowResult(rid, shown, RE_VERIFIED, trusted=", ".join(trusted or ()))
    if entry is not None and entry.get("expected") not in (None, verdict):
        out.note = f"the bank expects {entry['expected']}"
    return out


def _short(value) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) < 120 else text[:117] + "..."
