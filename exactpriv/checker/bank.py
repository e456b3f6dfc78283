"""The bank binding: a bank's source hash and its manifest, read from files, never from imported code.

``source_sha256`` (docs/certificates.md, "The document"): every ``.py``/``.json`` file under the bank directory
except ``__pycache__``, ``MANIFEST.json`` and ``*.manifest.json``, in order of POSIX relative path, fed as path + NUL + bytes + NUL.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from pathlib import Path

from exactpriv.checker.errors import CheckerError

__all__ = ["MANIFEST", "builtin_bank_dir", "load_manifest", "readings_sha256", "source_sha256"]

MANIFEST = "MANIFEST.json"


def builtin_bank_dir() -> Path | None:
    """The directory of the installed ``theorems`` package, located without importing it."""
    spec = importlib.util.find_spec("theorems")  # a top-level find_spec imports nothing
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _bank_files(root: Path) -> list[tuple[str, Path]]:
    if root.is_file():
        return [(root.name, root)]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if name.endswith((".py", ".json")) and name != MANIFEST and not name.endswith(".manifest.json"):
                path = Path(dirpath) / name
                out.append((path.relative_to(root).as_posix(), path))
    return sorted(out)


def source_sha256(root: Path) -> str:
    h = hashlib.sha256()
    for rel, path in _bank_files(root):
        h.update(rel.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def readings_sha256(readings: list[str]) -> str:
    return hashlib.sha256("\n".join(readings).encode("utf-8")).hexdigest()


def load_manifest(root: Path) -> dict:
    """The bank's manifest: {"bank": {...}, "readings": {id: {"kind", "statement"}}, "order": [ids]}."""
    path = (root.parent if root.is_file() else root) / MANIFEST
    if root.is_file():
        path = root.with_name(root.stem + ".manifest.json")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CheckerError(f"the bank at {root} has no manifest {path.name} (docs/certificates.md; 'exactpriv "
                           f"verify {root} --write-manifest' writes a bank file's manifest beside it)") from None
    except (OSError, ValueError) as exc:
        raise CheckerError(f"cannot read the bank manifest {path}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != "exactpriv-bank-manifest" or doc.get("format_version") != 1:
        raise CheckerError(f"{path} is not an exactpriv-bank-manifest of format version 1")
    entries = doc.get("readings")
    if not isinstance(entries, list):
        raise CheckerError(f"{path}: 'readings' must be a list")
    table, order = {}, []
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            raise CheckerError(f"{path}: every reading needs a string 'id'")
        if e["id"] in table:
            raise CheckerError(f"{path}: reading {e['id']} listed twice")
        table[e["id"]] = e
        order.append(e["id"])
    return {"bank": doc.get("bank") or {}, "readings": table, "order": order}
