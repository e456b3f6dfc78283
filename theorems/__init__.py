"""The theorem bank: every claim of the five seed papers, one module per paper.

Each module defines ``CLAIMS: list[exactpriv.claims.Claim]``.  :func:`all_claims` collects
them in paper order; :func:`get_claim` finds one by id.
"""

from __future__ import annotations

import importlib

from exactpriv.errors import InvalidArgument

__all__ = ["PAPERS", "all_claims", "get_claim", "claims_of"]

#: module name -> seed file
PAPERS = {
    "wang2016": "000_ac51e572e2d31a77.txt",
    "cuff2016": "001_949fae51fe6a8fd3.txt",
    "li2013": "002_4dd28a520f8aff24.txt",
    "zhao2019": "003_0ace9223eb283908.txt",
    "identitydp": "004_8c27f358b326ed94.txt",
}


def claims_of(paper: str):
    if paper not in PAPERS:
        raise InvalidArgument(f"paper={paper!r} is not one of {sorted(PAPERS)}")
    mod = importlib.import_module(f"theorems.{paper}")
    return _with_all_eps_proofs(list(mod.CLAIMS))


def _with_all_eps_proofs(claims):
    """Attach the all-eps tightness/value proofs of theorems/_tightness.py ("forall-..."
    readings) to the bank claims with the same id (once)."""
    from theorems._tightness import FORALL_VALUES, TIGHTNESS

    extra = {}
    for t in list(TIGHTNESS) + list(FORALL_VALUES):
        extra.setdefault(t.id, []).extend(t.readings)
    for c in claims:
        names = {r.name for r in c.readings}
        for r in extra.get(c.id, []):
            if r.name not in names:
                c.readings.append(r)
                names.add(r.name)
    return claims


def all_claims():
    out = []
    for p in PAPERS:
        out.extend(claims_of(p))
    return out


def get_claim(claim_id: str):
    paper = claim_id.split(".")[0]
    for c in claims_of(paper) if paper in PAPERS else all_claims():
        if c.id == claim_id:
            return c
    raise InvalidArgument(f"no claim with id {claim_id!r} in the bank")
