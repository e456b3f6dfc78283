"""Archive and replay refutation witnesses (counterexamples/found/<id>--<reading>.json)."""

from __future__ import annotations

import json
from pathlib import Path

from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv import io
from exactpriv.claims import Outcome, ReadingResult
from exactpriv.errors import FormatError
from exactpriv.exact.decisions import Decision

__all__ = ["FOUND", "witness_path", "archive", "replay", "load_witness"]

FOUND = Path(__file__).resolve().parent / "found"


def witness_path(claim_id: str, reading: str, *, directory: Path | None = None) -> Path:
    return (directory or FOUND) / f"{claim_id}--{reading}.json"


def _values_json(values: dict) -> dict:
    from exactpriv.measures.result import Measured, _jsonable

    out = {}
    for k, v in values.items():
        out[k] = v.to_json() if isinstance(v, Measured) else _jsonable(v)
    return out


def archive(result: ReadingResult, *, seed=None, found_by="bank families", directory: Path | None = None,
            margin=None) -> Path:
    """Write the witness of a REFUTED reading result; returns the path."""
    if result.witness is None:
        raise FormatError(f"{result.claim_id}/{result.reading} has no witness to archive")
    doc = io.witness_to_json(result.claim_id, result.reading, result.witness,
                             values=_values_json(result.witness_values), margin=margin, seed=seed,
                             found_by=found_by)
    path = witness_path(result.claim_id, result.reading, directory=directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return path


def load_witness(path) -> dict:
    doc = io.load(path)
    if not isinstance(doc, dict) or doc.get("kind") != "witness":
        raise FormatError(f"{path} is not a witness file (kind must be 'witness')")
    return doc


def replay(path, *, banks=None) -> tuple[dict, Decision]:
    """Re-check an archived witness from scratch: returns (witness doc, decision of the
    reading's check on the instance). A valid witness gives a FALSE decision."""
    from exactpriv.claims.banks import find_claim as get_claim

    doc = load_witness(path)
    claim = get_claim(doc["claim"], banks)
    reading = claim.reading(doc["reading"])
    if reading.check is None:
        raise FormatError(f"{doc['claim']}/{doc['reading']} has no instance check to replay")
    inst = doc["instance"]
    if unmet_hypotheses(reading, inst):
        return doc, Decision.undecided("hypothesis", f"the witness does not satisfy the hypotheses of "
                                                     f"{doc['claim']} [{doc['reading']}]")
    res = reading.check(inst)
    decision = res.decision if isinstance(res, Outcome) else res
    return doc, decision
