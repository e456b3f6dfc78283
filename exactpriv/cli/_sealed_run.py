"""verify.json as evidence: ``verify`` seals the rows it writes, ``report --from-json`` trusts only its own.

Why: ``report --from-json verify.json`` republishes the verdicts of a file, and a file is input — an
edit (REFUTED turned CHECKED, UNDECIDED turned PROVED) must not come out as a verdict of exactpriv.
A plain content hash does not help: whoever edits the file recomputes it.  So the seal is a keyed
hash (HMAC-SHA256, :mod:`hmac`) under a key of this installation, made on first use and kept
readable by its owner only in ``$XDG_CACHE_HOME/exactpriv/verify.key`` (default
``~/.cache/exactpriv``).  ``verify`` seals every row together with its position, the number of
rows and the exactpriv version (``"seal": {"row": k, "rows": N, "exactpriv": V, "hmac": ...}``), so
removed, added or reordered rows show too.  ``report --from-json`` then decides:

* every seal valid: the rows are what this installation's ``verify`` computed; they get the cheap
  re-checks (proofs re-run, archived witnesses replayed, REFUTED re-derived) against a bank that
  changed since;
* some rows' seals invalid, others valid: those rows were edited — refused, naming the readings;
* every seal valid but positions or counts that do not match: rows were removed or reordered — refused;
* no seal, another installation's (no row verifies under our key), or another exactpriv version:
  the verdicts were not computed here, so every reading is checked afresh (within the per-reading
  budget) and the file is refused, naming the readings, unless every verdict is reproduced.

What the seal does not do: stop someone who can read the key file (the user's own account).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from exactpriv.errors import InvalidArgument

__all__ = ["key_path", "read_verify_json", "seal_rows", "seal_status"]

_KEY_BYTES = 32


def key_path() -> Path:
    """Where this installation's sealing key lives (``$XDG_CACHE_HOME/exactpriv/verify.key``)."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "exactpriv" / "verify.key"


def _key(*, create: bool) -> bytes | None:
    """The key (created with mode 0600 when ``create`` and absent; concurrent creators agree: the first
    link wins and the others read it)."""
    path = key_path()
    with contextlib.suppress(OSError):
        data = path.read_bytes()
        if len(data) == _KEY_BYTES:
            return data
    if not create:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, secrets.token_bytes(_KEY_BYTES))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, path)  # fails if another process made the key first: then use theirs
    except FileExistsError:
        pass
    finally:
        os.unlink(tmp)
    data = path.read_bytes()
    if len(data) != _KEY_BYTES:
        raise InvalidArgument(f"the sealing key {str(path)!r} is damaged ({len(data)} bytes); delete it and run "
                              f"'exactpriv verify' again")
    return data


def _canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def _mac(key: bytes, value) -> str:
    return hmac.new(key, _canonical(value), hashlib.sha256).hexdigest()


def _version() -> str:
    from exactpriv import __version__

    return __version__


def _signed(row: dict, index: int, rows: int, version: str) -> dict:
    return {"row": {k: v for k, v in row.items() if k != "seal"}, "index": index, "rows": rows, "exactpriv": version}


def seal_rows(rows: list) -> list:
    """``rows`` (verify's JSON document) with a ``seal`` on every row (see the module head).  Without a
    key (the cache directory cannot be written) the rows go out unsealed, with a note: the results are
    not lost, and ``report --from-json`` will check them afresh."""
    rows = json.loads(json.dumps(rows, default=str))  # sealed exactly as it will be read back
    try:
        key = _key(create=True)
    except OSError as exc:
        import sys

        print(f"note: verify.json is written unsealed (no sealing key at {str(key_path())!r}: "
              f"{exc.strerror or exc}); 'report --from-json' will check its readings afresh", file=sys.stderr)
        return rows
    n, version = len(rows), _version()
    return [{**{k: v for k, v in row.items() if k != "seal"},
             "seal": {"row": k, "rows": n, "exactpriv": version, "hmac": _mac(key, _signed(row, k, n, version))}}
            for k, row in enumerate(rows)]


def _label(row) -> str:
    if not isinstance(row, dict):
        return repr(row)[:40]
    return f"{row.get('id')} [{row.get('reading')}]" if row.get("reading") is not None else str(row.get("id"))


def _valid(key: bytes, row) -> bool:
    seal = row.get("seal") if isinstance(row, dict) else None
    if not (isinstance(seal, dict) and isinstance(seal.get("hmac"), str)):
        return False
    expected = _mac(key, _signed(row, seal.get("row"), seal.get("rows"), seal.get("exactpriv")))
    return hmac.compare_digest(seal["hmac"], expected)


def seal_status(rows: list) -> tuple[str, list[str]]:
    """``("sealed" | "edited" | "rows changed" | "foreign", details)`` for verify.json rows (see the
    module head); ``details`` names the edited rows, or says why the file counts as foreign."""
    seals = [r.get("seal") for r in rows if isinstance(r, dict) and isinstance(r.get("seal"), dict)]
    if not seals:
        return "foreign", ["it carries no seal (written by hand, or by a verify older than the seals)"]
    versions = {s.get("exactpriv") for s in seals}
    if versions != {_version()}:
        return "foreign", [f"it was written by exactpriv {', '.join(sorted(map(str, versions)))}, this is "
                           f"{_version()}"]
    key = _key(create=False)
    if key is None:
        return "foreign", [f"this installation has no sealing key yet ({key_path()})"]
    bad = [row for row in rows if not _valid(key, row)]
    if len(bad) == len(rows):
        return "foreign", ["no row carries a seal of this installation (another user or machine, or a new key)"]
    if bad:
        return "edited", [_label(r) for r in bad]
    if [r["seal"]["row"] for r in rows] != list(range(len(rows))) or {r["seal"]["rows"] for r in rows} != {len(rows)}:
        return "rows changed", [f"{len(rows)} rows now, {rows[0]['seal']['rows']} sealed"]
    return "sealed", []


def read_verify_json(path, claims, *, seconds_per_reading: float, console=None):
    """Rows of a previous ``exactpriv verify`` run as ReadingResults, refused when partial, malformed,
    edited, or (for a file this installation did not seal) when a fresh check does not reproduce
    every verdict; sealed rows still get the cheap re-checks of :func:`_recheck`."""
    from counterexamples.report import results_from_json
    from exactpriv.io import read_json

    rows = read_json(path, what="--from-json")
    where = f"--from-json {str(path)!r}"
    _validate(rows, where)
    status, details = seal_status(rows)
    if status == "edited":
        shown = ", ".join(details[:5]) + (f" and {len(details) - 5} more" if len(details) > 5 else "")
        raise InvalidArgument(f"{where}: the row(s) of {shown} were edited after 'exactpriv verify' wrote them (their "
                              f"seal does not match); run 'exactpriv verify' again")
    if status == "rows changed":
        raise InvalidArgument(f"{where}: rows were removed, added or reordered after 'exactpriv verify' wrote the file "
                              f"({details[0]}); run 'exactpriv verify' again")
    body = rows
    results = results_from_json(body, claims)
    if status == "sealed":
        _recheck(results, claims, where, console)
    else:
        _say(console, f"{where} was not sealed by this installation's verify ({details[0]}): checking its "
                      f"{len(results)} readings afresh")
        _reproduce(results, body, claims, where, seconds_per_reading, console)
    return results


def _say(console, text: str) -> None:
    if console is not None:
        from rich.text import Text

        console.print(Text(text))


def _validate(rows, where: str) -> None:
    if not isinstance(rows, list):
        raise InvalidArgument(f"{where}: expected a JSON list of result rows (verify.json)")
    for k, row in enumerate(rows):
        if not isinstance(row, dict):
            raise InvalidArgument(f"{where}: row {k} is a {type(row).__name__}, not a result row")
        if row.get("partial"):
            raise InvalidArgument(f"{where} holds a partial run ({row['partial']!r}); run 'exactpriv verify' to "
                                  f"completion first")
        timing = row.get("timing", {})
        if not isinstance(timing, dict):
            raise InvalidArgument(f"{where}: row {k} has timing={timing!r}, not an object of timings")
        seconds = timing.get("seconds", 0)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
            raise InvalidArgument(f"{where}: row {k} has seconds={seconds!r}, not a number of seconds")
        for key in ("id", "reading"):
            if row.get(key) is not None and not isinstance(row[key], str):
                raise InvalidArgument(f"{where}: row {k} has {key}={row[key]!r}, not a string")


def _refuse(where: str, mismatches: list[str], what: str) -> None:
    shown = "; ".join(mismatches[:5]) + (f"; and {len(mismatches) - 5} more" if len(mismatches) > 5 else "")
    raise InvalidArgument(f"{where}: {len(mismatches)} verdict(s) {what}, so the file was edited or comes from "
                          f"another version of the bank: {shown}. Run 'exactpriv verify' again")


def _ran_slow(body, claims) -> bool:
    """Whether the file's run included the slow families (a slow family with counts, not 'skipped')."""
    slow = {(c.id, r.name, f.name) for c in claims for r in c.readings for f in r.families if f.slow}
    for row in body:
        for fam, counts in ((row.get("evidence") or {}).get("families") or {}).items():
            if (row.get("id"), row.get("reading"), fam) in slow and isinstance(counts, dict) \
                    and "skipped" not in counts:
                return True
    return False


def _reproduce(results, body, claims, where: str, seconds_per_reading: float, console) -> None:
    """Every reading checked afresh (one warm killable worker, each within its budget); any verdict
    not reproduced — an edit, another bank, or a budget too small here — refuses the file."""
    from exactpriv.claims.check import ReadingChecker

    by_id = {c.id: c for c in claims}
    mismatches = []
    with ReadingChecker(claims, seconds=seconds_per_reading, include_slow=_ran_slow(body, claims)) as checker:
        for res in results:
            claim = by_id[res.claim_id]
            try:
                reading = claim.reading(res.reading)
            except InvalidArgument:
                mismatches.append(f"{res.claim_id} [{res.reading}]: no such reading")
                continue
            fresh = checker.check(claim, reading)
            if fresh.verdict != res.verdict:
                why = f" ({fresh.evidence['stopped']['reason']})" if "stopped" in fresh.evidence else ""
                mismatches.append(f"{res.claim_id} [{res.reading}]: the file says {res.verdict.value}, a fresh check "
                                  f"gives {fresh.verdict.value}{why}")
    if mismatches:
        _refuse(where, mismatches, "are not reproduced by a fresh check")
    _say(console, f"checked the {len(results)} readings of {where} afresh: every verdict reproduced")


def _recheck(results, claims, where: str, console=None) -> None:
    """Cheap re-checks of sealed rows against the bank as it is now.  PROVED: the reading's proof is
    re-run and must hold (PROVED is given only by a proof).  REFUTED: the archived witness must replay
    FALSE, or the proof be refuted, or a fresh check of the reading must refute it.  CHECKED /
    UNDECIDED: an archived witness that replays FALSE contradicts them.  Any mismatch refuses the
    whole file, naming the rows."""
    from counterexamples.archive import replay, witness_path
    from exactpriv.claims import Verdict, check_reading

    by_id = {c.id: c for c in claims}
    mismatches, counts = [], {"proofs re-run": 0, "witnesses replayed": 0, "readings re-checked": 0}
    for res in results:
        claim = by_id.get(res.claim_id)
        try:
            reading = claim.reading(res.reading)
        except Exception:  # noqa: BLE001 - an unknown reading is itself a mismatch
            mismatches.append(f"{res.claim_id} [{res.reading}]: no such reading")
            continue
        label = f"{res.claim_id} [{res.reading}] {res.verdict.value}"
        wp = witness_path(claim.id, reading.name)
        replayed = None
        if wp.exists() and reading.check is not None:
            _, decision = replay(wp)
            counts["witnesses replayed"] += 1
            replayed = decision.is_false
        if res.verdict == Verdict.PROVED:
            if reading.prove is None:
                mismatches.append(f"{label}: the reading has no proof, so it cannot be PROVED")
                continue
            counts["proofs re-run"] += 1
            proof = reading.prove()
            if not proof.is_true:
                mismatches.append(f"{label}: its proof now gives {proof.truth.value}")
            elif replayed:
                mismatches.append(f"{label}: the archived witness {wp.name} refutes it")
        elif res.verdict == Verdict.REFUTED:
            if replayed:
                continue
            counts["readings re-checked"] += 1
            fresh = check_reading(claim, reading)
            if fresh.verdict != Verdict.REFUTED:
                mismatches.append(f"{label}: a fresh check gives {fresh.verdict.value}")
        elif replayed:
            mismatches.append(f"{label}: the archived witness {wp.name} refutes it")
    if mismatches:
        _refuse(where, mismatches, "do not survive a re-check")
    _say(console, f"the rows of {where} carry this installation's seal; re-checked: "
                  + ", ".join(f"{v} {k}" for k, v in counts.items()))
