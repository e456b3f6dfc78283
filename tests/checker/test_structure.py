"""Forgeries of a document's structure and binding are refused by `exactpriv check`, naming the reading."""

import json

import pytest

from exactpriv.checker import FAILED, RE_VERIFIED, check_document, check_file
from exactpriv.cli import main

from .evidence import make_bank, make_document, rehash, write

UNDECIDED_STATEMENT = {"custom": "a statement in Python"}


@pytest.fixture
def bank(tmp_path):
    entries = [{"id": f"toy.c{k}/{r}", "kind": "paper", "statement": UNDECIDED_STATEMENT} for k in range(3) for r in "rs"]
    return make_bank(tmp_path / "bank", entries)


def _rows():
    """Three claims of two readings each (r, s)."""
    return [{"id": f"toy.c{k}", "reading": r, "verdict": "UNDECIDED", "statement": UNDECIDED_STATEMENT,
             "why": "enclosure too wide at 2048 bits", "effort": {"max_prec": 2048}} for k in range(3) for r in "rs"]


def _doc(bank):
    return make_document(bank, _rows(), effort={"max_prec": 2048})


def test_the_honest_document_passes(bank):
    report = check_document(_doc(bank), bank=bank)
    assert report.refused is None, report.refused
    assert [r.status for r in report.rows] == [RE_VERIFIED] * 6
    assert "covers all 6 readings" in report.bank


def test_a_dropped_row_is_refused_naming_the_reading(bank):
    doc = _doc(bank)
    del doc["rows"][3]  # toy.c1/s: its claim keeps toy.c1/r
    assert "toy.c1/s" in check_document(doc, bank=bank).refused
    # dropping it from the reading list too (consistently re-hashed) is caught by the bank's manifest
    report = check_document(rehash(doc), bank=bank)
    assert "toy.c1/s" in report.refused and "no row" in report.refused


def test_a_run_over_whole_claims_is_checked_and_said_partial(bank):
    doc = _doc(bank)
    del doc["rows"][2:4]  # every reading of toy.c1 (verify --only toy.c0,toy.c2)
    report = check_document(rehash(doc), bank=bank)
    assert report.refused is None and "PARTIAL: covers 4 of the bank's 6 readings (2 of 3 claims" in report.bank


def test_a_repeated_row_is_refused(bank):
    doc = _doc(bank)
    doc["rows"].insert(1, json.loads(json.dumps(doc["rows"][0])))
    assert "repeated" in check_document(doc, bank=bank).refused
    assert "twice" in check_document(rehash(doc), bank=bank).refused


def test_reordered_rows_are_refused(bank):
    doc = _doc(bank)
    doc["rows"].reverse()
    assert "out of order" in check_document(doc, bank=bank).refused
    assert "order" in check_document(rehash(doc), bank=bank).refused


def test_a_foreign_bank_is_refused(bank, tmp_path):
    other = make_bank(tmp_path / "other", [{"id": f"toy.c{k}/r", "kind": "paper", "statement": UNDECIDED_STATEMENT}
                                           for k in range(3)])
    (other / "claims.py").write_text("# a user's bank re-using the ids\n")
    doc = make_document(other, _rows(), effort={"max_prec": 2048})
    report = check_document(doc, bank=bank)
    assert report.refused and "another bank" in report.refused


def test_a_foreign_row_reusing_an_id_fails_naming_it(bank, tmp_path):
    other = make_bank(tmp_path / "other", [])
    (other / "claims.py").write_text("# a user's bank re-using the id toy.c1\n")
    doc = _doc(bank)
    foreign = make_document(other, _rows())["rows"][1]
    doc["rows"][1] = foreign
    report = check_document(doc, bank=bank)
    assert report.rows[1].status == FAILED and "foreign row" in report.rows[1].why
    assert report.rows[1].reading == "toy.c0/s"


def test_an_edited_bank_binding_fails(bank):
    doc = _doc(bank)
    doc["rows"][2]["bank"]["version"] = "2"
    report = check_document(doc, bank=bank)
    assert report.rows[2].status == FAILED and "foreign row" in report.rows[2].why


def test_a_budget_starved_undecided_spliced_from_another_run_fails(bank):
    doc = _doc(bank)
    doc["rows"][0]["effort"] = {"max_prec": 64}
    report = check_document(doc, bank=bank)
    assert report.rows[0].status == FAILED and "effort below the run's" in report.rows[0].why


def test_a_statement_differing_from_the_banks_fails(bank):
    doc = _doc(bank)
    doc["rows"][0]["statement"] = {"custom": "something else"}
    report = check_document(doc, bank=bank)
    assert report.rows[0].status == FAILED and "statement differs" in report.rows[0].why


def test_check_command_exit_codes(bank, tmp_path, capsys):
    good = write(tmp_path / "good.json", _doc(bank))
    assert main(["check", str(good), "--bank", str(bank)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("6 rows: UNDECIDED 6 (6 re-verified")
    doc = _doc(bank)
    doc["rows"].pop()
    assert main(["check", str(write(tmp_path / "dropped.json", rehash(doc))), "--bank", str(bank)]) == 6
    assert "REFUSED" in capsys.readouterr().out
    assert main(["check", str(write(tmp_path / "old.json", [{"id": "x"}]))]) == 1
    assert main(["check", str(tmp_path / "missing.json")]) == 1


def test_a_file_written_elsewhere_is_checked_the_same_way(bank, tmp_path):
    # no key, no machine-specific state: the same bytes at another path, on another machine, give the same result
    (tmp_path / "elsewhere").mkdir()
    path = write(tmp_path / "elsewhere" / "verify.json", _doc(bank))
    assert check_file(path, bank=bank).ok


def test_a_verdict_other_than_the_banks_expectation_is_noted(tmp_path, capsys):
    entries = [{"id": "toy.c0/r", "kind": "paper", "statement": UNDECIDED_STATEMENT, "expected": "REFUTED"}]
    bank = make_bank(tmp_path / "bank", entries)
    doc = make_document(bank, _rows()[:1], effort={"max_prec": 2048})
    report = check_document(doc, bank=bank)
    assert report.rows[0].status == RE_VERIFIED and report.rows[0].note == "the bank expects REFUTED"
    out = tmp_path / "out.json"
    assert main(["check", str(write(tmp_path / "d.json", doc)), "--bank", str(bank), "--json", str(out)]) == 0
    assert "the bank expects REFUTED" in capsys.readouterr().out
    assert json.loads(out.read_text())["rows"][0]["note"] == "the bank expects REFUTED"


def test_a_set_of_documents_is_checked_bank_by_bank(bank, tmp_path, capsys):
    other = make_bank(tmp_path / "other", [{"id": "o.c/r", "kind": "paper", "statement": UNDECIDED_STATEMENT}],
                      name="other")
    row = dict(_rows()[0], id="o.c", reading="r")
    docs = {"format": "exactpriv-evidence-set", "format_version": 1,
            "documents": [_doc(bank), make_document(other, [row], name="other")]}
    path = write(tmp_path / "set.json", docs)
    report = check_file(path, bank=None)
    assert report.refused is None and len(report.rows) == 7
    # against the toy bank's directory, the other bank's document is refused by name; the toy rows are still listed
    assert main(["check", str(path), "--bank", str(bank)]) == 6
    out = capsys.readouterr().out
    assert out.startswith("REFUSED: bank other:") and "6 rows" in out  # the toy bank's rows, checked


def test_a_stopped_row_states_its_stop(bank):
    doc = _doc(bank)
    doc["rows"][0].update(verdict="STOPPED", why="stopped by the time limit after 60 s")
    assert "states the stop" in check_document(doc, bank=bank).rows[0].why
    doc["rows"][0]["effort"]["stopped"] = {"by": "seconds", "limit_seconds": 60, "reason": "time limit"}
    assert check_document(doc, bank=bank).rows[0].status == RE_VERIFIED
