"""Every installed bank: each reading has its expected verdict, justified; every REFUTED has its archived witness
(tests/theorems/test_witness_replay.py replays each).

One shared test for all banks (ours is the ``papers`` bank, found through its entry point like any other);
per-paper test files keep only what is specific to a paper.
"""

import pytest

from counterexamples.archive import witness_path
from exactpriv.claims import Finding, Verdict, check_reading, installed_banks

BANKS = installed_banks()
CASES = [(bank, c, r) for bank in BANKS.values() for c in bank.claims() if c.encodable for r in c.readings]
IDS = [f"{c.id}/{r.name}" for _, c, r in CASES]

#: papers whose expected verdicts are still being reviewed for their justification (issue 9); a bank
#: helper removes its papers from here once every expected REFUTED/UNDECIDED carries class and reason
UNREVIEWED: set[str] = set()


def test_the_builtin_bank_is_registered_through_its_entry_point():
    assert "papers" in BANKS
    assert len({c.id for c in BANKS["papers"].claims()}) == 133


@pytest.mark.parametrize("bank,claim,reading", CASES, ids=IDS)
def test_expected_verdicts_are_justified(bank, claim, reading):
    assert reading.expected is not None, f"{claim.id}/{reading.name} records no expected verdict"
    if claim.id.split(".")[0] in UNREVIEWED:
        pytest.xfail("expected verdicts of this paper not yet reviewed (issue 9)")
    problems = reading.justification_problems()
    assert not problems, f"{claim.id}/{reading.name}: {problems}"
    if reading.expected is not Verdict.REFUTED:
        assert reading.finding is None, f"{claim.id}/{reading.name}: a finding class on a non-REFUTED reading"


def test_every_claim_cites_a_paper_of_its_bank():
    for bank in BANKS.values():
        for c in bank.claims():
            assert bank.paper_of(c) is not None, f"{c.id}: no paper {c.id.split('.')[0]!r} in bank {bank.name}"


def test_finding_classes_are_the_four_of_the_issue():
    assert {f.value for f in Finding} == {"as-written", "boundary", "convention", "variant"}


@pytest.mark.parametrize("bank,claim,reading", CASES, ids=IDS)
def test_reading_has_expected_verdict(bank, claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.to_json()
    if res.verdict is Verdict.REFUTED and reading.prove is None:
        # the archived witness is replayed by tests/theorems/test_witness_replay.py (every file of the archive, once
        # per run; replaying it here too cost the default run ~8 s of CPU, 6 s for svt6 at the benchmark's size)
        path = witness_path(claim.id, reading.name)
        assert path.exists(), f"REFUTED without an archived witness: {path}"
