"""Witnesses the search found, re-checked by ``verify`` as instances of the bank (regressions).

A refutation found by ``hunt`` is archived as ``counterexamples/found/<claim>--<reading>.json`` (written by the
engine, never by hand).  A reading whose families do not hold that instance lists the archived witness as a
family of its own, so ``verify`` re-checks it from scratch on every run: the file is read by the safe loader
of :mod:`exactpriv.io` (plain JSON, nothing evaluated) and only the instance is used — its recorded values
are not trusted, the reading's check recomputes them.

The path is the sibling ``counterexamples/found`` directory of this package (a source checkout and an
installed wheel have the same layout; ``counterexamples`` ships ``found/*.json`` as package data).  A
missing or unreadable file makes the family fail to build, which ``verify`` reports (UNDECIDED), never a
silent CHECKED.
"""

from __future__ import annotations

import functools
from pathlib import Path

from exactpriv import io
from exactpriv.claims import Family, Instance
from exactpriv.errors import FormatError

__all__ = ["FOUND", "archived_witness", "archived_witness_family"]

#: where hunt archives witnesses (counterexamples/found next to this package)
FOUND = Path(__file__).resolve().parent.parent / "counterexamples" / "found"


@functools.lru_cache(maxsize=None)
def archived_witness(claim_id: str, reading: str) -> Instance:
    """The instance of the archived witness of ``claim_id``/``reading`` (labelled with where it came from)."""
    path = FOUND / f"{claim_id}--{reading}.json"
    doc = io.load(path)
    if not isinstance(doc, dict) or doc.get("kind") != "witness" or doc.get("claim") != claim_id \
            or doc.get("reading") != reading:
        raise FormatError(f"{path.name} is not the witness of {claim_id}/{reading}")
    inst = doc["instance"]
    found_by = doc.get("found_by") or "an archived search"
    return Instance(f"archived witness ({found_by}, seed {doc.get('seed')}): {inst.label}", inst.mechanism,
                    inst.prior, dict(inst.params), dict(inst.extra))


def archived_witness_family(claim_id: str, reading: str) -> Family:
    """A family holding the archived witness of ``claim_id``/``reading`` (see the module head)."""
    return Family(f"archived witness {claim_id}--{reading}", lambda: (archived_witness(claim_id, reading),),
                  f"the witness hunt found and archived (counterexamples/found/{claim_id}--{reading}.json)")
