"""Time limits that hold (issues 10, 19): one reading that never returns costs its limit, not the run, and
a reading the time limit stopped is STOPPED (its own status, never UNDECIDED or CHECKED).

The readings of ``slow_bank.py`` misbehave on purpose: one never returns and never looks at the clock
(only the kill of its worker ends it; a measure that spins in pure Python is killed the same way), one is
slow instance after instance (the cooperative deadline ends it), one finds its witness before running out of
time.  Every assertion is about the outcome — the verdict, the reason, what was kept — never about how long
something took; each run sits under a hang guard (:func:`run_bounded` at several times its budget), so a
regression that hangs fails instead of stalling the suite.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exactpriv.claims import Verdict, check_reading
from exactpriv.claims.banks import resolve_banks, select_claims
from exactpriv.claims.check import ReadingChecker
from exactpriv.cli import main
from exactpriv.errors import InvalidArgument, TimeLimitReached
from exactpriv import effort
from exactpriv.effort import run_bounded

BANK = Path(__file__).parent / "slow_bank.py"


@pytest.fixture(scope="module")
def claims():
    return {c.id: c for c in select_claims(resolve_banks([str(BANK)]))}


def _guarded(fn, *args, **kwargs):
    return run_bounded(fn, *args, seconds=60, what="the hang guard", **kwargs)


def _check_all(claims, seconds):
    with ReadingChecker(list(claims.values()), seconds=seconds) as checker:
        return {(c.id, r.name): checker.check(c, r) for c in claims.values() for r in c.readings}


@pytest.fixture(scope="module")
def checked_at_one_second(claims):
    """One run of the whole slow bank with a 1 s limit per reading (the three tests below read its results;
    each used to make the same ~3.6 s run of its own)."""
    return _guarded(_check_all, claims, 1.0)


def test_a_reading_that_never_returns_is_stopped_and_the_run_goes_on(checked_at_one_second):
    results = checked_at_one_second
    hung = results[("slow.hang", "never-returns")]
    assert hung.verdict is Verdict.STOPPED
    assert hung.evidence["stopped"]["by"] == "time limit" and hung.evidence["stopped"]["limit_seconds"] == 1
    assert hung.evidence["stopped"]["reason"] == "stopped by the time limit of 1 s"
    assert "seconds" not in hung.to_json() and "seconds" in hung.to_json()["timing"]
    # the readings after it were checked by a fresh worker
    assert results[("slow.quick", "fast")].verdict is Verdict.CHECKED


def test_the_cooperative_deadline_keeps_the_counts_and_never_says_checked(checked_at_one_second):
    res = checked_at_one_second[("slow.deadline", "slow-instances")]
    assert res.verdict is Verdict.STOPPED  # CHECKED would claim all 40 instances, UNDECIDED a spent effort
    assert res.evidence["instances_true"] < 40
    assert res.evidence["stopped"]["reason"] == "stopped by the time limit of 1 s"


def test_a_witness_found_before_the_deadline_is_kept(checked_at_one_second):
    res = checked_at_one_second[("slow.deadline", "witness-then-slow")]
    assert res.verdict is Verdict.CHECKED and res.evidence["witness"] == "i0"
    assert "stopped" not in res.evidence


def test_check_reading_takes_a_budget(claims):
    claim, cooperative = claims["slow.hang"], claims["slow.deadline"]
    res = _guarded(lambda: check_reading(claim, claim.reading("never-returns"), seconds=0.5))
    assert res.verdict is Verdict.STOPPED and res.evidence["stopped"]["limit_seconds"] == 0.5
    # an enclosing deadline bounds an in-process check cooperatively (between instances)
    with effort.deadline(0.5, what="test"):
        res = check_reading(cooperative, cooperative.reading("slow-instances"))
    assert res.verdict is Verdict.STOPPED and res.evidence["stopped"]["reason"] == "stopped by the time limit of 0.5 s"
    # check_claim passes the budget on to each reading: each of the two is stopped at its own 0.5 s (the witness
    # of the second, found first, is kept)
    from exactpriv.claims import check_claim

    verdicts = _guarded(lambda: [r.verdict for r in check_claim(cooperative, seconds=0.5)])
    assert verdicts == [Verdict.STOPPED, Verdict.CHECKED]
    for bad in (0, -1, float("inf"), float("nan"), True, "5"):
        with pytest.raises(InvalidArgument):
            check_reading(claim, claim.reading("never-returns"), seconds=bad)


def test_verify_gives_the_hanging_reading_stopped_and_writes_every_row(tmp_path):
    out = tmp_path / "v.json"
    # the reading that never returns and the one after it (the cooperative readings: the fixture above)
    rc = _guarded(main, ["verify", str(BANK), "--only", "slow.hang,slow.quick", "--seconds-per-reading", "1",
                         "--json", str(out), "--markdown", str(tmp_path / "v.md")])
    assert rc == 7  # the time limit stopped readings (none of this bank declares an expected verdict)
    rows = {(r["id"], r["reading"]): r for r in json.loads(out.read_text())["rows"] if r.get("reading")}
    assert rows[("slow.hang", "never-returns")]["verdict"] == "STOPPED"
    assert rows[("slow.hang", "never-returns")]["evidence"]["stopped"]["by"] == "time limit"
    assert rows[("slow.quick", "fast")]["verdict"] == "CHECKED"
    assert "stopped by the time limit of 1 s" in (tmp_path / "v.md").read_text()


def test_report_gives_the_hanging_reading_stopped(tmp_path):
    rc = _guarded(main, ["report", "--bank", str(BANK), "--only", "slow.hang,slow.quick", "--seconds-per-reading",
                         "1", "--out", str(tmp_path), "--no-tightness"])
    assert rc == 0
    index = (tmp_path / "index.md").read_text()
    assert "stopped by the time limit" in index and (tmp_path / "slow.quick.html").exists()


def _spinning_measure_with_budget(seconds):
    from exactpriv import randomized_response
    from exactpriv.measures import REGISTRY, MeasureSpec, compute

    REGISTRY["spin"] = MeasureSpec("spin", "tests.robustness.slow_bank", "spinning_measure")
    try:
        return compute("spin", randomized_response(p="3/4"), seconds=seconds)
    finally:
        del REGISTRY["spin"]


def test_a_python_measure_takes_a_budget():
    from exactpriv import measure, randomized_response

    assert str(measure("pure_dp", randomized_response(p="3/4"), seconds=30).value) == "log(3)"
    with pytest.raises(TimeLimitReached, match="the measure spin was stopped by its time limit of 0.5 s"):
        _guarded(_spinning_measure_with_budget, 0.5)


def _load_slow_entries(seconds):
    from exactpriv import io

    e = "eps"
    for _ in range(5):
        e = f"exp({e})"
    # every entry's range check runs out its own budget (4 s): 8 entries would take over 30 s
    doc = {"kind": "mechanism", "space": {"type": "hamming", "values": ["a", "b", "c", "d"], "n": 1},
           "outputs": ["y0", "y1"], "matrix": [[f"({e})/(1 + {e})", f"1/(1 + {e})"]] * 4}
    return io.loads(json.dumps(doc), seconds=seconds)


def test_loading_a_file_has_one_deadline_for_the_whole_document():
    # the entries' range checks never finish within a budget (in a worker burning a core until stopped): the
    # document's deadline stops them whatever its length, so 0.5 s (was 2 s of CPU, issue 24)
    with pytest.raises(TimeLimitReached, match=r"stopped by the time limit of the loading \(0.5 s\)"):
        _guarded(_load_slow_entries, 0.5)
