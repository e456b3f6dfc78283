"""Which bank an evidence document is about: the bank's source files, their SHA-256, its version, and the banks
that share one source (one document, one manifest).

The hash is computed from the files, never from imported code, exactly as the independent checker
(:mod:`exactpriv.checker`) computes it (docs/certificates.md, "The document"), so a row binds the bank a referee
can read.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from typing import Sequence

__all__ = ["MANIFEST", "bank_binding", "bank_source", "bank_version", "document_banks", "source_sha256"]

#: The bank's manifest file (every reading's statement and kind), beside its source and not part of its hash.
MANIFEST = "MANIFEST.json"


def bank_source(bank) -> Path | None:
    """The file or directory holding ``bank``'s source: a bank file's path, or the package directory of the
    modules of a registered bank (found without importing them); None for a bank built in memory."""
    src = getattr(bank, "source", None)
    if src is not None:
        return Path(src)
    modules = list(getattr(bank, "modules", {}).values())
    if modules:
        top = modules[0].split(".")[0]
        spec = importlib.util.find_spec(top)
        if spec is not None and spec.submodule_search_locations:
            return Path(list(spec.submodule_search_locations)[0])
        if spec is not None and spec.origin:
            return Path(spec.origin)
    return None


def _bank_files(root: Path) -> list[tuple[str, Path]]:
    if root.is_file():
        return [(root.name, root)]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in filenames:
            if name.endswith((".py", ".json")) and name != MANIFEST and not name.endswith(".manifest.json"):
                path = Path(dirpath) / name
                out.append((path.relative_to(root).as_posix(), path))
    return sorted(out)


def source_sha256(root: Path | None) -> str:
    """SHA-256 of a bank's source (docs/certificates.md, "The document"): each ``.py``/``.json`` file but the
    manifest, in order of relative POSIX path, fed as path, NUL, bytes, NUL.  "" for a bank without files."""
    if root is None:
        return ""
    h = hashlib.sha256()
    for rel, path in _bank_files(root):
        h.update(rel.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def bank_version(bank) -> str:
    """The bank's own version, else the library's."""
    version = getattr(bank, "version", None)
    if version:
        return str(version)
    from exactpriv.version import __version__

    return __version__


def document_banks(banks: Sequence) -> list:
    """The banks one evidence document each: banks whose source is the same directory (the built-in
    ``papers`` and ``classics`` both live in the ``theorems`` package) are joined into one bank named
    ``a+b`` (names sorted) with their claims in that order — one source hash, one manifest."""
    from exactpriv.claims.banks import Bank

    groups: dict = {}
    for bank in banks:
        src = bank_source(bank)
        key = str(src.resolve()) if src is not None and src.is_dir() else id(bank)
        groups.setdefault(key, []).append(bank)
    out = []
    for members in groups.values():
        if len(members) == 1:
            out.append(members[0])
            continue
        members = sorted(members, key=lambda b: b.name)
        claims = [c for b in members for c in b.claims()]
        versions = {bank_version(b) for b in members}
        out.append(Bank("+".join(b.name for b in members), " and ".join(b.title for b in members if b.title),
                        {k: p for b in members for k, p in b.papers.items()}, claims_list=claims,
                        version=versions.pop() if len(versions) == 1 else "+".join(sorted(versions)),
                        source=bank_source(members[0])))
    return out


def bank_binding(bank) -> dict:
    """``{"name", "version", "source_sha256"}`` of ``bank``."""
    return {"name": bank.name, "version": bank_version(bank), "source_sha256": source_sha256(bank_source(bank))}
