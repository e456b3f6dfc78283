"""Every claim id of the bank's claim list (copied to theorems/claim_ids.txt) is in the bank,
with at least one reading or an explicit not-encodable reason; claims carry their sources."""

from pathlib import Path

import pytest

from exactpriv.claims import KINDS, Verdict
from theorems import all_claims

IDS = [line.strip() for line in (Path(__file__).resolve().parents[2] / "theorems" / "claim_ids.txt")
       .read_text().splitlines() if line.strip()]
BANK = {c.id: c for c in all_claims()}


def test_claim_id_list_is_complete():
    assert len(IDS) == 133 and len(set(IDS)) == 133


@pytest.mark.parametrize("claim_id", IDS)
def test_claim_is_in_the_bank(claim_id):
    assert claim_id in BANK, f"{claim_id} is missing from theorems/"
    c = BANK[claim_id]
    assert c.kind in KINDS and c.source and c.quote
    assert c.readings or (not c.encodable and c.reason)
    for r in c.readings:
        assert r.statement, f"{claim_id}/{r.name} has no statement"
        assert r.expected in set(Verdict), f"{claim_id}/{r.name} has no recorded expected verdict"


def test_no_unknown_ids_in_the_bank():
    assert set(BANK) <= set(IDS), sorted(set(BANK) - set(IDS))
