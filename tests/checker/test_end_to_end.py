"""Evidence written by `exactpriv verify` and read back by `exactpriv check`, end to end: an in-order subset of
the built-in bank (`verify --only`), and a run over two banks (a set of documents) with a reading the time limit
stopped (a STOPPED row).  Nothing here is hand-written evidence: the engine writes it, the checker re-reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exactpriv.checker import FAILED, RE_VERIFIED, check_file
from exactpriv.checker.cli import main as check_main
from exactpriv.cli import main

SLOW_BANK = Path(__file__).parents[1] / "robustness" / "slow_bank.py"


def test_a_verify_only_subset_of_the_builtin_bank_is_checked_in_order(tmp_path, capsys):
    path = tmp_path / "verify.json"
    assert main(["verify", "--only", "zhao2019.lemma1,identitydp.cor2", "--json", str(path), "--markdown", ""]) == 0
    capsys.readouterr()
    report = check_file(path)  # against the installed built-in bank and its manifest
    assert report.refused is None and "PARTIAL" in report.bank
    assert {r.reading.split("/")[0] for r in report.rows} == {"zhao2019.lemma1", "identitydp.cor2"}
    refuted = [r for r in report.rows if r.verdict == "REFUTED"]
    assert refuted and all(r.status == RE_VERIFIED for r in refuted), [r.line() for r in refuted]
    assert not any(r.status == FAILED for r in report.rows)
    assert check_main(["check", str(path), "--json", str(tmp_path / "check.json")]) == 0
    out = capsys.readouterr().out
    assert "statements:" in out and "custom Python code" in out
    doc = json.loads((tmp_path / "check.json").read_text())
    assert doc["statements"]["declarative"] >= len(refuted)
    assert doc["statements"]["custom"] == sum(1 for r in doc["rows"] if r["custom"])


@pytest.mark.slow
def test_a_run_over_two_banks_with_a_stopped_reading_is_checked_bank_by_bank(tmp_path, capsys):
    path = tmp_path / "verify.json"
    code = main(["verify", "--bank", str(SLOW_BANK), "--bank", "papers", "--only",
                 "slow.hang,slow.deadline,zhao2019.lemma1", "--seconds-per-reading", "1", "--json", str(path),
                 "--markdown", ""])
    capsys.readouterr()
    assert code == 7  # a reading was stopped by the time limit
    doc = json.loads(path.read_text())
    assert doc["format"] == "exactpriv-evidence-set" and len(doc["documents"]) == 2
    report = check_file(path, bank=None)
    assert report.refused is None
    stopped = [r for r in report.rows if r.verdict == "STOPPED"]
    assert stopped and all(r.status == RE_VERIFIED for r in stopped)  # each carries its stop and its reason
    assert all(r.status == RE_VERIFIED for r in report.rows if r.verdict == "REFUTED")
    assert not any(r.status == FAILED for r in report.rows)
    # against the installed bank, the user bank's document is refused by name; the built-in rows are still checked
    report = check_file(path)
    assert report.refused is not None and "bank slow" in report.refused
    assert any(r.reading.startswith("zhao2019.lemma1/") and r.status == RE_VERIFIED for r in report.rows)
