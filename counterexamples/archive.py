"""Archive and replay refutation witnesses (counterexamples/found/<id>--<reading>.json)."""

from __future__ import annotations

import json
from pathlib import Path

from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv import io
from exactpriv.claims import Outcome, ReadingResult
from exactpriv.errors import ExactPrivError, FormatError, OutputError
from exactpriv.exact.decisions import Decision

__all__ = ["FOUND", "witness_path", "archive", "witness_document", "replay", "load_witness"]

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
    """Write the witness of a REFUTED reading result; returns the path.

    The file is written atomically (:func:`exactpriv.io.write_atomic`): a crash, SIGKILL or a
    full disk leaves the previous witness or the new one, complete; concurrent archivers of
    the same witness each rename a complete file.  Callers print the witness first
    (:func:`witness_document`), so a failed write loses nothing."""
    if result.witness is None:
        raise FormatError(f"{result.claim_id}/{result.reading} has no witness to archive")
    doc = witness_document(result, seed=seed, found_by=found_by, margin=margin)
    path = witness_path(result.claim_id, result.reading, directory=directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the directory {str(path.parent)!r}: {exc.strerror or exc}") from None
    return io.write_atomic(path, json.dumps(doc, indent=1) + "\n")


def witness_document(result: ReadingResult, *, seed=None, found_by="bank families", margin=None) -> dict:
    """The JSON document :func:`archive` writes (print it before writing it)."""
    if result.witness is None:
        raise FormatError(f"{result.claim_id}/{result.reading} has no witness to archive")
    return io.witness_to_json(result.claim_id, result.reading, result.witness,
                              values=_values_json(result.witness_values), margin=margin, seed=seed,
                              found_by=found_by)


def load_witness(path) -> dict:
    doc = io.load(path)
    if not isinstance(doc, dict) or doc.get("kind") != "witness":
        raise FormatError(f"{path} is not a witness file (kind must be 'witness')")
    return doc


def replay(path) -> tuple[dict, Decision]:
    """Re-check an archived witness from scratch: returns (witness doc, decision of the
    reading's check on the instance). A valid witness gives a FALSE decision.

    The file is user input: an unknown claim or reading, or an instance the reading's check
    cannot take (a parameter deleted, renamed or of the wrong type) is a :class:`FormatError`
    naming the file, never an exception from inside the check."""
    from exactpriv.claims.banks import find_claim as get_claim

    doc = load_witness(path)
    claim = get_claim(doc["claim"])
    reading = claim.reading(doc["reading"])
    if reading.check is None:
        raise FormatError(f"{doc['claim']}/{doc['reading']} has no instance check to replay")
    inst = doc["instance"]
    try:
        if unmet_hypotheses(reading, inst):
            return doc, Decision.undecided("hypothesis", f"the witness does not satisfy the hypotheses of "
                                                         f"{doc['claim']} [{doc['reading']}]")
        res = reading.check(inst)
    except ExactPrivError:
        raise
    except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError, IndexError, ArithmeticError) as exc:
        raise FormatError(f"{path}: the witness instance does not fit {doc['claim']} [{doc['reading']}] "
                          f"({type(exc).__name__}: {str(exc)[:200]}); was a parameter deleted, renamed or "
                          f"given the wrong type? params: {sorted(inst.params)}") from None
    decision = res.decision if isinstance(res, Outcome) else res
    if not isinstance(decision, Decision):
        raise FormatError(f"{path}: the check of {doc['claim']} [{doc['reading']}] did not return a decision "
                          f"on this instance")
    return doc, decision
