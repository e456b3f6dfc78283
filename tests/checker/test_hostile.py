"""Hostile evidence never crashes the checker or makes it run away: a malformed row FAILS naming what is wrong,
the next rows are still checked, and resource limits answer 'not independently checkable'."""

import json

import pytest

from exactpriv.checker import FAILED, NOT_CHECKABLE, RE_VERIFIED, check_document, check_file
from exactpriv.checker.errors import CheckerError
from exactpriv.checker.grammar import parse

from .evidence import make_document, write

STATEMENT = {"quantifier": "forall-instances", "hypotheses": [], "claim": "DP <= 0",
             "measures": {"DP": {"notion": "pure_dp"}}}
GOOD = {"id": "h.c", "reading": "ok", "verdict": "REFUTED", "finding": "variant", "statement": STATEMENT,
        "witness": {"space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
                    "mechanism": [["3/4", "1/4"], ["1/4", "3/4"]]}}


def _rows_after(bad_witness, tmp_path):
    rows = [dict(GOOD, reading="bad", witness=bad_witness), GOOD]
    return check_document(make_document(tmp_path, rows), bank=None).rows


@pytest.mark.parametrize("witness, what", [
    ({"space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
      "mechanism": [["3/4", "1/2"], ["1/4", "3/4"]]}, "not a probability vector"),
    ({"space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
      "mechanism": [[0.75, 0.25], ["1/4", "3/4"]]}, "not an exact rational"),
    ({"space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0], "mechanism": "[[1]]"},
     "one row per input"),
    ({"space": {"type": "klein-bottle"}}, "not known"),
    ("a string", "no witness"),
])
def test_a_malformed_witness_fails_its_row_only(witness, what, tmp_path):
    bad, good = _rows_after(witness, tmp_path)
    assert bad.status in (FAILED, NOT_CHECKABLE) and what in bad.why
    assert good.status == RE_VERIFIED


def test_an_enormous_space_is_not_enumerated(tmp_path):
    bad, good = _rows_after({"space": {"type": "hamming", "values": [0, 1], "n": 40}, "outputs": [0],
                             "mechanism": []}, tmp_path)
    assert bad.status == NOT_CHECKABLE and "at most" in bad.why and good.status == RE_VERIFIED


@pytest.mark.parametrize("text", ["(" * 200 + "1" + ")" * 200, "1 +" * 3000 + "1", "2 ** 10 ** 10 ** 10",
                                  "__import__('os')", "1; 2"])
def test_hostile_expressions_are_refused_or_bounded(text):
    try:
        node = parse(text)
    except CheckerError:
        return
    from exactpriv.checker.errors import Failed, NotCheckable
    from exactpriv.checker.expressions import evaluate

    with pytest.raises((Failed, NotCheckable)):
        evaluate(node, {})


def test_non_json_and_nan_are_unreadable(tmp_path):
    (tmp_path / "nan.json").write_text('{"format": "exactpriv-evidence", "x": NaN}')
    assert check_file(tmp_path / "nan.json").unreadable
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    assert check_file(tmp_path / "bin.json").unreadable
    assert check_file(write(tmp_path / "list.json", [1, 2])).unreadable
