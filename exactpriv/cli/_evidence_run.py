"""``report --from-json verify.json``: publish only what the independent checker re-verified, or what is
recomputed here.

A ``verify.json`` is input: whoever sends it may have edited it.  It used to be sealed with a key of the
producing installation (an HMAC), which said which machine wrote a row, not that the verdict is right, and
let nobody else check anything; the checker (:mod:`exactpriv.checker`, docs/certificates.md) makes that seal
redundant, so it is gone.  The file is read as follows:

* it must be an evidence document (``exactpriv-evidence``); a partial run is refused;
* every reading of the selected claims must have exactly one row, in the bank's order, bound to the bank as
  it is installed here (name, version, hash of its source files) with the bank's statement of the reading —
  a missing, repeated, reordered or foreign row (another bank re-using a claim id) refuses the file, naming
  the reading;
* each row goes to the checker: ``FAILED`` refuses the file, naming the reading and what failed;
  ``re-verified`` rows are published from their checked evidence; the others (a custom-code statement, a
  family given by its generator, UNDECIDED) are checked afresh here and published from the fresh result —
  the file's verdict must be reproduced, else the file is refused naming the reading.

The verdict, class, reason, witness text and counts of the report never come from the file's words: the
class and reason are the installed bank's, the witness text is written from the witness's numbers, the
counts are the checked rows'.
"""

from __future__ import annotations

import json

from exactpriv.errors import InvalidArgument

__all__ = ["read_verify_json"]


def _say(console, text: str) -> None:
    if console is not None:
        from rich.text import Text

        console.print(Text(text))


def _documents(doc, where: str) -> list[dict]:
    from exactpriv.claims.evidence import FORMAT

    if isinstance(doc, list):
        raise InvalidArgument(f"{where} is a verify.json without evidence (rows only, from an older exactpriv); "
                              f"run 'exactpriv verify' again")
    if isinstance(doc, dict) and doc.get("format") == FORMAT + "-set" and isinstance(doc.get("documents"), list):
        docs = doc["documents"]
    else:
        docs = [doc]
    for d in docs:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise InvalidArgument(f"{where} is not an exactpriv evidence file (no \"format\": \"{FORMAT}\")")
        if d.get("partial"):
            raise InvalidArgument(f"{where} holds a partial run ({d['partial']!r}); run 'exactpriv verify' to "
                                  f"completion first")
    return docs


def _expected(banks, claims) -> list[tuple]:
    """(bank, claim, reading or None) for every selected reading, in the banks' order."""
    selected = {c.id for c in claims}
    out = []
    for bank in banks:
        for c in bank.claims():
            if c.id not in selected:
                continue
            if not c.encodable:
                out.append((bank, c, None))
            else:
                out += [(bank, c, r) for r in c.readings]
    return out


def read_verify_json(path, claims, *, banks, seconds_per_reading: float, console=None):
    """The ReadingResults of ``path`` for ``claims`` (of ``banks``), each re-verified by the checker or
    recomputed here; refused (InvalidArgument naming the reading) when a row is missing, repeated, reordered,
    foreign, fails the checker, or states a verdict a fresh check does not reproduce."""
    from exactpriv.checker.document import validate
    from exactpriv.checker.errors import CheckerError
    from exactpriv.checker.run import FAILED, RE_VERIFIED, check_row
    from exactpriv.claims.checked_view import recording
    from exactpriv.claims.bank_binding import bank_binding
    from exactpriv.claims.evidence import manifest_entry, reading_id, statement_of
    from exactpriv.io import read_json

    where = f"--from-json {str(path)!r}"
    docs = _documents(read_json(path, what="--from-json"), where)
    rows_by_id: dict[str, tuple[dict, dict]] = {}
    for d in docs:
        try:
            validate(d)  # rows vs the document's own list: missing, repeated, reordered rows
        except CheckerError as exc:
            raise InvalidArgument(f"{where}: refused: {exc}") from None
        for row in d["rows"]:
            rid = f"{row.get('id')}/{row.get('reading') if row.get('reading') is not None else '-'}"
            if rid in rows_by_id:
                raise InvalidArgument(f"{where}: refused: reading {rid} has two rows")
            rows_by_id[rid] = (row, d)
    from exactpriv.claims.bank_binding import document_banks

    banks = document_banks(banks)
    expected = _expected(banks, claims)
    bank_ids = {reading_id(c, r) for b in banks for c in b.claims() for r in (c.readings or [None])}
    order = [reading_id(c, r) for _, c, r in expected]
    present = [rid for rid in rows_by_id if rid in set(order)]
    for rid in rows_by_id:
        if rid not in bank_ids:
            raise InvalidArgument(f"{where}: refused: the row of {rid} is not a reading of the bank (a foreign row)")
    for rid in order:
        if rid not in rows_by_id:
            raise InvalidArgument(f"{where}: refused: reading {rid} has no row (rows missing)")
    if present != order:
        bad = next(a for a, b in zip(present, order) if a != b)
        raise InvalidArgument(f"{where}: refused: the row of {bad} is out of the bank's order (rows reordered)")

    bindings = {id(b): bank_binding(b) for b in banks}
    to_recompute, trusted = [], {}
    for bank, claim, reading in expected:
        rid = reading_id(claim, reading)
        row, d = rows_by_id[rid]
        binding = bindings[id(bank)]
        if row.get("bank") != binding or {k: d["bank"].get(k) for k in binding} != binding:
            raise InvalidArgument(f"{where}: refused: the row of {rid} is bound to bank {_short(row.get('bank'))}, "
                                  f"not to the installed bank {binding['name']} {binding['version']} "
                                  f"(source {binding['source_sha256'][:12]}…): a foreign row")
        statement = statement_of(claim, reading)
        if json.dumps(row.get("statement"), sort_keys=True) != json.dumps(statement, sort_keys=True):
            raise InvalidArgument(f"{where}: refused: the row of {rid} states another statement than the bank's")
        if reading is None:
            if row.get("verdict") != "NOT_ENCODABLE":
                raise InvalidArgument(f"{where}: refused: {rid} is not encodable, the file says {row.get('verdict')}")
            continue
        entry = manifest_entry(claim, reading)
        # the certificate as objects that note what the checker reads: only that is published (checked_view)
        row = dict(row, certificate=recording(row["certificate"])) if isinstance(row.get("certificate"), dict) \
            else row
        result = check_row(row, binding=binding, manifest={"readings": {rid: entry}}, effort=d.get("effort") or {})
        if result.status == FAILED:
            raise InvalidArgument(f"{where}: refused: {rid} {result.verdict}: {result.why}")
        declared = reading.finding.value if reading.finding is not None else "unclassified"
        if row.get("verdict") == "REFUTED" and row.get("finding") != declared:
            raise InvalidArgument(f"{where}: refused: {rid} is REFUTED with class {row.get('finding')!r}, the bank "
                                  f"classes it {declared!r}")
        if result.status == RE_VERIFIED and row["verdict"] not in ("UNDECIDED", "STOPPED"):
            trusted[rid] = _result_from_row(row, claim, reading)
        else:
            to_recompute.append((claim, reading, row))
    fresh = _recompute(to_recompute, claims, where, seconds_per_reading, console)
    out = []
    for _, claim, reading in expected:
        if reading is None:
            continue
        rid = reading_id(claim, reading)
        out.append(trusted[rid] if rid in trusted else fresh[rid])
    _say(console, f"{where}: {len(trusted)} readings re-verified by the independent checker, {len(fresh)} "
                  f"checked afresh (custom-code statements, families given by their generator, UNDECIDED)")
    return out


def _short(value) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) < 100 else text[:97] + "..."


def witness_text(w) -> str:
    """A witness written from its numbers (never its label): space, mechanism rows, prior, parameters."""
    if not isinstance(w, dict):
        return "no witness"
    parts = []
    space = w.get("space") or {}
    if space.get("type") == "hamming" and "alphabets" in space:
        parts.append(" x ".join("{" + ",".join(map(str, a)) + "}" for a in space["alphabets"]))
    elif space.get("type") == "hamming":
        parts.append(f"{{{','.join(map(str, space.get('values', [])))}}}^{space.get('n')}")
    elif space.get("type") == "subsets":
        parts.append(f"subsets of {{{','.join(map(str, space.get('universe', [])))}}}")
    elif space:
        parts.append(f"{len(space.get('inputs', []))} inputs")
    if w.get("mechanism") is not None:
        parts.append("M = [" + "; ".join(" ".join(row) for row in w["mechanism"]) + "]")
    if w.get("prior") is not None:
        parts.append("prior (" + ", ".join(w["prior"]) + ")")
    if w.get("params"):
        parts.append(", ".join(f"{k}={v}" for k, v in w["params"].items()))
    return "; ".join(parts) or "empty witness"


def _instance_from_witness(w):
    """The checked witness as an Instance for the report's pages (read by the safe loader of exactpriv.io):
    its mechanism and prior on a Hamming or subsets space, and its parameters; None for a mechanism on another
    space."""
    from exactpriv import io
    from exactpriv.claims import Instance

    space = w.get("space")
    if (w.get("mechanism") is not None or w.get("prior") is not None) and \
            not (isinstance(space, dict) and space.get("type") in ("hamming", "subsets")):
        return None
    mech = prior = None
    if w.get("mechanism") is not None:
        mech = io.from_json({"kind": "mechanism", "space": space, "outputs": w["outputs"], "matrix": w["mechanism"]})
    if w.get("prior") is not None:
        prior = io.from_json({"kind": "prior", "space": space, "pmf": w["prior"]})
    params = {}
    for k, v in (w.get("params") or {}).items():
        try:
            params[k] = io.parse_value(v, f"$.witness.params.{k}")
        except Exception:  # noqa: BLE001 - a parameter the loader does not read is left out of the page
            continue
    return Instance(witness_text(w), mech, prior, params)


def _result_from_row(row: dict, claim, reading):
    """A re-verified row as a ReadingResult: verdict and evidence from the checked data, class and reason
    from the installed bank; of the certificate, only the keys the checker read (claims.checked_view)."""
    from exactpriv.claims import ReadingResult, Verdict
    from exactpriv.claims.checked_view import checked_view

    verdict = Verdict(row["verdict"])
    witness = None
    evidence: dict = {"families": {}, "re-verified": "exactpriv.checker"}
    if verdict == Verdict.REFUTED:
        if row.get("witness") is not None:
            evidence["witness"] = witness_text(row["witness"])
            witness = _instance_from_witness(row["witness"])
        else:
            kind = checked_view(row["certificate"]).get("kind")
            evidence["proof"] = {"truth": "FALSE", "method": f"certificate {kind}"}
    elif verdict == Verdict.PROVED:
        cert = checked_view(row["certificate"])
        evidence["proof"] = {"truth": "TRUE", "method": f"certificate {cert.get('kind')}",
                             "reason": "re-verified by exactpriv.checker"}
        if cert.get("kind") == "reduction":  # the report's chain of meta-theorems, stated by the registries
            evidence["proof"]["certificate"] = cert
        # what the checker read of the certificate, and the statement it proves (the bank's): the proof section
        evidence["certificate"], evidence["statement"] = cert, row["statement"]
    elif verdict == Verdict.CHECKED:
        total = 0
        for fam in row["checked"]["families"]:
            n = len(fam.get("instances") or [])
            evidence["families"][str(fam.get("name"))] = {"true": n, "undecided": 0, "outside": 0}
            total += n
        evidence["instances_true"] = total
    finding = reading.finding.value if (verdict == Verdict.REFUTED and reading.finding is not None) else None
    why = reading.why if verdict in (Verdict.REFUTED, Verdict.UNDECIDED) else ""
    return ReadingResult(claim.id, reading.name, verdict, evidence, witness=witness, finding=finding, why=why)


def _recompute(items, claims, where: str, seconds_per_reading: float, console) -> dict:
    """Fresh results of the readings the checker cannot re-verify; each must reproduce the file's verdict."""
    from exactpriv.claims.check import ReadingChecker
    from exactpriv.claims.evidence import reading_id

    if not items:
        return {}
    _say(console, f"checking {len(items)} readings of {where} afresh (the checker cannot re-verify them "
                  f"from the file)")
    out, mismatches = {}, []
    with ReadingChecker(claims, seconds=seconds_per_reading) as checker:
        for claim, reading, row in items:
            fresh = checker.check(claim, reading)
            rid = reading_id(claim, reading)
            if fresh.verdict.value != row.get("verdict"):
                why = f" ({fresh.evidence['budget']})" if "budget" in fresh.evidence else ""
                mismatches.append(f"{rid}: the file says {row.get('verdict')}, a fresh check gives "
                                  f"{fresh.verdict.value}{why}")
            out[rid] = fresh
    if mismatches:
        shown = "; ".join(mismatches[:5]) + (f"; and {len(mismatches) - 5} more" if len(mismatches) > 5 else "")
        raise InvalidArgument(f"{where}: refused: {len(mismatches)} verdict(s) are not reproduced by a fresh check, "
                              f"so the file was edited or comes from another bank: {shown}")
    return out
