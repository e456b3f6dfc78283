"""Reading an evidence document (docs/certificates.md, "The document") and refusing bad structure."""

from __future__ import annotations

import json
from pathlib import Path

from exactpriv.checker.bank import readings_sha256
from exactpriv.checker.errors import CheckerError

__all__ = ["FORMAT", "FORMAT_VERSION", "VERDICTS", "load", "reading_id", "validate", "validate_header"]

FORMAT = "exactpriv-evidence"
FORMAT_SET = "exactpriv-evidence-set"  # a run over several banks: {"format": ..., "documents": [one per bank]}
FORMAT_VERSION = 1
VERDICTS = ("REFUTED", "PROVED", "CHECKED", "UNDECIDED", "STOPPED", "NOT_ENCODABLE")
MAX_BYTES = 256 * 2**20


def reading_id(row: dict) -> str:
    return f"{row.get('id')}/{row.get('reading') if row.get('reading') is not None else '-'}"


def load(path) -> dict:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise CheckerError(f"{path} is larger than {MAX_BYTES // 2**20} MB")
        doc = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except FileNotFoundError:
        raise CheckerError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CheckerError(f"{path} is not a JSON evidence file: {exc}") from None
    if isinstance(doc, dict) and doc.get("format") == FORMAT_SET:
        if doc.get("format_version") != FORMAT_VERSION or not isinstance(doc.get("documents"), list) \
                or not doc["documents"]:
            raise CheckerError(f"an {FORMAT_SET} needs format_version {FORMAT_VERSION} and a non-empty 'documents' list")
        for d in doc["documents"]:
            validate_header(d)
        return doc
    validate_header(doc)
    return doc


def _no_constant(name):
    raise ValueError(f"{name} is not exact (write numbers as strings)")


def validate_header(doc) -> None:
    """Refuse what is not an evidence document of this format version at all."""
    if isinstance(doc, list):
        raise CheckerError("this is a verify.json without evidence (a bare list of rows, format version 0); "
                           "re-run `exactpriv verify` with an exactpriv that writes evidence")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise CheckerError(f"not an {FORMAT} document (no \"format\": \"{FORMAT}\")")
    if doc.get("format_version") != FORMAT_VERSION:
        raise CheckerError(f"format version {doc.get('format_version')!r} is not supported (this checker reads "
                           f"version {FORMAT_VERSION})")


def validate(doc) -> None:
    """Refuse a document whose header or row list is malformed (missing, repeated or reordered rows)."""
    validate_header(doc)
    bank = doc.get("bank")
    if not isinstance(bank, dict) or not all(isinstance(bank.get(k), str) for k in
                                             ("name", "version", "source_sha256", "readings_sha256")):
        raise CheckerError("the document's 'bank' needs string name, version, source_sha256, readings_sha256")
    readings, rows = doc.get("readings"), doc.get("rows")
    if not isinstance(readings, list) or not all(isinstance(r, str) for r in readings):
        raise CheckerError("'readings' must be a list of reading ids")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise CheckerError("'rows' must be a list of objects")
    if len(set(readings)) != len(readings):
        seen = set()
        dup = next(r for r in readings if r in seen or seen.add(r))
        raise CheckerError(f"reading {dup} is listed twice in 'readings'")
    if readings_sha256(readings) != bank["readings_sha256"]:
        raise CheckerError("'readings' does not hash to the bank's readings_sha256 (readings dropped, added or "
                           "reordered)")
    for k, (want, row) in enumerate(zip(readings, rows)):
        got = reading_id(row)
        if got != want:
            where = "repeated" if got in readings[:k] else "out of order" if got in readings else "foreign"
            raise CheckerError(f"row {k} is {got} ({where}), but the document lists {want} there")
    if len(rows) < len(readings):
        raise CheckerError(f"reading {readings[len(rows)]} has no row (rows missing)")
    if len(rows) > len(readings):
        raise CheckerError(f"row {len(readings)} ({reading_id(rows[len(readings)])}) is not in 'readings'")
    effort = doc.get("effort", {})
    if not isinstance(effort, dict):
        raise CheckerError("'effort' must be an object")
