"""What a report may publish of a re-verified certificate: only what the independent checker read (issue 20).

``report --from-json`` re-verifies each row with :mod:`exactpriv.checker` and then renders the row's evidence. A
certificate is JSON written by whoever sent the file, and the checker ignores keys it does not read — a step's
``"text"``, an engine's ``"reason"``, a forger's ``"reason": "FORGED"`` — so copying the certificate whole would
publish words nobody checked. Here the certificate is handed to the checker as :class:`ReadRecorder` objects
(plain dicts to the checker, which imports nothing of ours) that note each key it reads; :func:`checked_view`
keeps those keys only, less the prose keys the checker reads only to compare one step's words with the next
(:data:`PROSE`), and writes each cited meta-theorem from the installed registries
(:data:`exactpriv.reductions.metatheorems.METATHEOREMS`, else the checker's own ``TRUSTED`` list), never from
the file.

Main definitions
----------------
* :func:`recording` — a JSON value with every object a :class:`ReadRecorder`;
* :func:`checked_view` — the recorded value pruned to what was read, meta-theorems from the registries.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PROSE", "ReadRecorder", "checked_view", "recording"]

#: keys whose values are words, never decided by the checker (it compares a reduction's "shown" links for
#: equality, which proves nothing about the words): not published from a file
PROSE = frozenset({"text", "shown", "reason", "method", "label", "why", "notes", "description", "statement_text",
                   "theorems", "title"})


class ReadRecorder(dict):
    """A JSON object that records which keys were read (``[]``, ``get``, and every key when iterated by
    ``items``/``values``/``keys``, as ``json.dumps`` does)."""

    __slots__ = ("read",)

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.read: set = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def items(self):
        self.read.update(super().keys())
        return super().items()

    def values(self):
        self.read.update(super().keys())
        return super().values()

    def keys(self):
        self.read.update(super().keys())
        return super().keys()


def recording(value: Any) -> Any:
    """``value`` with every JSON object a :class:`ReadRecorder` (lists stay lists)."""
    if isinstance(value, dict):
        return ReadRecorder({k: recording(v) for k, v in dict.items(value)})
    if isinstance(value, list):
        return [recording(v) for v in value]
    return value


def _theorem(theorem_id: str) -> dict | None:
    """A cited meta-theorem as the installed registries state it (None for an id neither knows)."""
    from exactpriv.checker.theorems import TRUSTED
    from exactpriv.reductions.metatheorems import METATHEOREMS

    if theorem_id in METATHEOREMS:
        t = METATHEOREMS[theorem_id]
        return {"id": t.id, "statement": t.statement, "references": list(t.references)}
    if theorem_id in TRUSTED:
        return {"id": theorem_id, "statement": TRUSTED[theorem_id], "references": []}
    return None


def checked_view(value: Any) -> Any:
    """The recorded ``value`` pruned to the keys the checker read, less :data:`PROSE`; a reduction's steps
    name their meta-theorem with its statement from the installed registries."""
    if isinstance(value, ReadRecorder):
        out = {k: checked_view(v) for k, v in dict.items(value) if k in value.read and k not in PROSE}
        if out.get("kind") == "reduction" and isinstance(out.get("steps"), list):
            cited = {}
            for step in out["steps"]:
                thm = _theorem(step.get("theorem")) if isinstance(step, dict) else None
                if thm is not None:
                    step["text"] = f"{thm['id']}: {thm['statement']}"
                    cited[thm["id"]] = thm
            out["theorems"] = cited
        return out
    if isinstance(value, list):
        return [checked_view(v) for v in value]
    return value
