"""Archive and replay refutation witnesses (counterexamples/found/<id>--<reading>.json)."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

from exactpriv import io
from exactpriv.claims import ReadingResult
from exactpriv.errors import ExactPrivError, FormatError, OutputError
from exactpriv.exact.decisions import Decision

__all__ = ["FOUND", "ArchiveOutcome", "RunArchive", "archive", "archive_found", "load_witness", "replay", "witness_document",
           "witness_path"]

FOUND = Path(__file__).resolve().parent / "found"


def _file_part(label: str) -> str:
    """A claim id or reading name as part of a file name: characters other than letters, digits and
    ``._()=+-`` become ``_`` ("extension-to-5/2" -> "extension-to-5_2"), so no label can name a
    directory; the names of the shipped witnesses are unchanged."""
    return "".join(ch if (ch.isascii() and ch.isalnum()) or ch in "._()=+-" else "_" for ch in label)


def witness_path(claim_id: str, reading: str, *, directory: Path | None = None) -> Path:
    """Where the witness of ``claim_id``/``reading`` is archived: always directly inside ``directory``
    (default :data:`FOUND`), whatever the labels hold."""
    base = directory or FOUND
    name = f"{_file_part(claim_id)}--{_file_part(reading)}.json"
    if name.startswith(".") or ".." in name:
        raise FormatError(f"claim {claim_id!r} reading {reading!r} cannot name a witness file")
    return base / name


def values_json(values: dict) -> dict:
    """A witness's measured values as JSON (a Measured by its own to_json, exact numbers as exact text)."""
    from exactpriv.exact.json_values import json_value
    from exactpriv.measures.result import Measured

    out = {}
    for k, v in values.items():
        out[k] = v.to_json() if isinstance(v, Measured) else json_value(v)
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


@dataclass(frozen=True)
class ArchiveOutcome:
    """What :func:`archive_found` did with a witness: the file written (or None) and a note saying why not."""

    path: Path | None = None
    note: str = ""
    error: str = ""


def archive_found(result: ReadingResult, *, directory: Path | None = None, overwrite: bool = False, seed=None,
                  found_by="exactpriv hunt", margin=None) -> ArchiveOutcome:
    """The archive policy of a hunt (serial or sharded): write the witness of a REFUTED result unless its
    file already exists and ``overwrite`` is False; a failed write is reported, never raised (the caller
    has printed the witness already, so nothing is lost)."""
    target = witness_path(result.claim_id, result.reading, directory=directory)
    if target.exists() and not overwrite:
        return ArchiveOutcome(note=f"not archived: {target} exists (--overwrite replaces it)")
    try:
        return ArchiveOutcome(path=archive(result, seed=seed, found_by=found_by, directory=directory,
                                           margin=margin))
    except ExactPrivError as exc:
        return ArchiveOutcome(note=f"not archived: {exc}", error=f"{type(exc).__name__}: {exc}")


class RunArchive:
    """The archive policy of one run (a hunt, serial or on workers — decided here only): each reading's
    witness is written the moment it arrives, by :func:`archive_found`; a later witness of the same reading
    that the run prefers (a lower-index shard's) replaces the file *this run* wrote, so the final file is
    the deterministic one; a file from before the run is kept unless ``overwrite``."""

    def __init__(self, *, directory: Path | None = None, overwrite: bool = False, seed=None):
        self.directory, self.overwrite, self.seed = directory, overwrite, seed
        self.outcomes: dict = {}

    def offer(self, result: ReadingResult, *, found_by: str) -> ArchiveOutcome:
        key = (result.claim_id, result.reading)
        ours = key in self.outcomes and self.outcomes[key].path is not None
        out = archive_found(result, directory=self.directory, overwrite=self.overwrite or ours, seed=self.seed,
                            found_by=found_by)
        self.outcomes[key] = out
        return out

    def outcome(self, claim_id: str, reading: str) -> ArchiveOutcome | None:
        """What was done with the reading's witness (None: none was offered)."""
        return self.outcomes.get((claim_id, reading))


def witness_document(result: ReadingResult, *, seed=None, found_by="bank families", margin=None) -> dict:
    """The JSON document :func:`archive` writes (print it before writing it)."""
    if result.witness is None:
        raise FormatError(f"{result.claim_id}/{result.reading} has no witness to archive")
    return io.witness_to_json(result.claim_id, result.reading, result.witness,
                              values=values_json(result.witness_values), margin=margin, seed=seed,
                              found_by=found_by)


def load_witness(path) -> dict:
    doc = io.load(path)
    if not isinstance(doc, dict) or doc.get("kind") != "witness":
        raise FormatError(f"{path} is not a witness file (kind must be 'witness')")
    return doc


def _listed(reading, inst) -> bool:
    """Whether ``inst`` is one of the reading's own instances (same label and the same exact numbers):
    a reading about its listed instances only (open_search=False) is refuted by those alone."""
    import sympy
    from fractions import Fraction

    def numbers(obj):
        rows = getattr(obj, "rows", None)
        if rows is not None:
            return tuple(tuple(r) for r in rows)
        pmf = getattr(obj, "pmf", None)
        if pmf is not None:
            return tuple(pmf)
        factors = getattr(obj, "factors", None)
        if factors is not None and not callable(factors):  # a product mechanism (sympy numbers have .factors())
            return tuple(numbers(f) for f in factors)
        if isinstance(obj, (list, tuple)):
            return tuple(numbers(u) for u in obj)
        if isinstance(obj, int) and not isinstance(obj, bool):
            return Fraction(obj)
        if isinstance(obj, sympy.Rational):
            return Fraction(int(obj.p), int(obj.q))
        return obj

    def content(i):
        return (numbers(i.mechanism), numbers(i.prior),
                tuple(sorted((k, numbers(v)) for k, v in i.params.items())),
                tuple(sorted((k, numbers(v)) for k, v in i.extra.items())))

    from exactpriv.claims.symbolic import family_symbol, is_symbolic_instance, member

    target = content(inst)
    for fam in reading.families:
        for candidate in fam.build():
            if is_symbolic_instance(candidate):
                # a member of a listed symbolic family: the family at the witness's recorded point
                try:
                    at = inst.extra.get(f"at_{family_symbol(candidate)}")
                    if at is not None and content(member(candidate, at)) == target:
                        return True
                except Exception:  # not a member of this family
                    continue
            if candidate.label == inst.label:
                try:
                    if content(candidate) == target:
                        return True
                except Exception:  # incomparable content is not a match
                    continue
    return False


def _check_parameter_names(reading, inst, path, where: str) -> None:
    """A witness of a reading that searches only its families (no ``strategy``) names the same parameters
    as one of their instances: a parameter deleted or renamed in the file is bad input, not a witness that
    "no longer refutes" (issue 25)."""
    if reading.strategy is not None or not reading.families:
        return
    names = frozenset(inst.params)
    known = set()
    for fam in reading.families:
        for candidate in itertools.islice(fam.build(), _NAME_SAMPLE):
            known.add(frozenset(candidate.params))
            if names in known:
                return
    raise FormatError(f"{path}: malformed witness for {where}: its parameters {sorted(names)} are not those of "
                      f"the reading's instances ({' or '.join(str(sorted(k)) for k in sorted(known, key=sorted))})")


#: Instances per family whose parameter names a witness is compared with (families are uniform in practice).
_NAME_SAMPLE = 200


def replay(path, *, banks=None) -> tuple[dict, Decision]:
    """Re-check an archived witness from scratch: returns (witness doc, decision).  A valid witness gives a
    FALSE decision.  The rules of :mod:`counterexamples.guard` apply: a witness outside the reading's
    hypotheses, of an "exists" reading, or — for a reading only its listed instances can refute
    (:func:`counterexamples.hunt.searchable`) — not one of them, is UNDECIDED with the reason; a check that
    raises is UNDECIDED naming the error.  ``banks``: where to find the claim (default: every installed
    bank)."""
    from counterexamples.guard import Evaluator
    from counterexamples.hunt import searchable
    from exactpriv.claims.banks import find_claim as get_claim

    doc = load_witness(path)
    claim = get_claim(doc["claim"], banks)
    reading = claim.reading(doc["reading"])
    if reading.check is None:
        raise FormatError(f"{doc['claim']}/{doc['reading']} has no instance check to replay")
    inst = doc["instance"]
    where = f"{doc['claim']} [{doc['reading']}]"
    if reading.quantifier == "exists":
        return doc, Decision.undecided("quantifier", f"{where} is an 'exists' reading: one instance cannot refute "
                                                     "it (only exhausting its stated finite scope can)")
    _check_parameter_names(reading, inst, path, where)
    closed = searchable(reading, claim)
    if closed and not _listed(reading, inst):
        return doc, Decision.undecided("scope", f"only the listed instances of {where} can refute it ({closed}), "
                                                f"and the witness {inst.label!r} is not one of them")
    ev = Evaluator(reading).evaluate(inst)
    if ev.status == "outside":
        return doc, Decision.undecided("hypothesis", f"the witness does not satisfy the hypotheses of {where}: "
                                                     f"{', '.join(ev.unmet)}")
    if ev.status == "error":
        return doc, Decision.undecided("error", f"the check of {where} raised on the witness: {ev.error}")
    return doc, ev.outcome.decision
