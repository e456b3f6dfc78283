"""User banks on the command line and in pytest: verify FILE, --bank, list, and `pytest FILE`."""

import json
from pathlib import Path

import pytest

from exactpriv.cli import main

pytest_plugins = ["pytester"]

BANK = (Path(__file__).resolve().parents[1] / "user_bank" / "option_claims.py").read_text(encoding="utf-8")


@pytest.fixture
def bank_file(tmp_path):
    path = tmp_path / "my_claims.py"
    path.write_text(BANK, encoding="utf-8")
    return path


def test_verify_runs_a_bank_file(bank_file, tmp_path, capsys):
    out = tmp_path / "v.json"
    assert main(["verify", str(bank_file), "--json", str(out), "--markdown", str(tmp_path / "v.md")]) == 0
    rows = {r["id"]: r for r in json.loads(out.read_text())["rows"]}
    assert set(rows) == {"mine.kl", "mine.kl3"}
    assert rows["mine.kl"]["verdict"] == "PROVED"  # for every mechanism, by reduction to RR(eps) (issue 27)
    assert rows["mine.kl3"]["verdict"] == "REFUTED" and rows["mine.kl3"]["finding"] == "unclassified"


def test_list_takes_a_bank_and_a_plain_prefix(bank_file, capsys):
    assert main(["list", "claims", "--bank", str(bank_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines] == ["mine.kl", "mine.kl3"]
    assert main(["list", "claims", "--only", "zhao"]) == 0
    # a long title continues on indented lines under its column
    ids = [ln.split()[0] for ln in capsys.readouterr().out.splitlines() if not ln[:1].isspace()]
    assert ids and all(i.startswith("zhao2019.") for i in ids)


def test_list_banks_and_notions(capsys):
    assert main(["list", "banks"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert "papers" in names
    assert main(["list", "notions", "--json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)}
    assert {"pure_dp", "kl_dp", "renyi_dp"} <= names


def test_unknown_bank_is_a_typed_error(capsys):
    assert main(["list", "claims", "--bank", "paperz"]) == 1
    assert "did you mean papers" in capsys.readouterr().err


@pytest.mark.parametrize("source, fragment", [
    ("from exactpriv.claims import implication_claim\nCLAIMS = [\n", "syntax error in {path}, line 2"),
    ("import no_such_module_of_the_user\nCLAIMS = []\n",
     "ModuleNotFoundError: No module named 'no_such_module_of_the_user' ({path}, line 1)"),
    ("X = 1\nCLAIMS = [1 / 0]\n", "ZeroDivisionError: division by zero ({path}, line 2)"),
], ids=["syntax-error", "missing-import", "raises-while-importing"])
def test_a_broken_bank_file_is_the_banks_error_not_an_internal_one(source, fragment, tmp_path, capsys):
    path = tmp_path / "broken_bank.py"
    path.write_text(source)
    assert main(["verify", str(path), "--json", "", "--markdown", ""]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err and "BankLoadError" in err
    assert fragment.format(path=path) in err


def test_pytest_collects_a_bank_file(bank_files_under_pytest):
    # the file is run by pytest in a fresh interpreter, together with the other user banks (tests/conftest.py)
    assert bank_files_under_pytest.outcomes("option_claims.py") == {"passed": 1, "failed": 1}
    bank_files_under_pytest.lines.fnmatch_lines(["*mine.kl3*REFUTED*", "*witness: RR(k=2, e^eps=3/2)*",
                                                "*mechanism = randomized_response(k=2, exp_eps='3/2')*"])


def test_a_bank_file_imports_a_module_next_to_it(tmp_path, monkeypatch):
    import sys

    (tmp_path / "helpers_next_to_bank.py").write_text(
        "from exactpriv.claims import randomized_responses\nRR = randomized_responses(['2'])\n")
    (tmp_path / "bank_with_helper.py").write_text(
        "from helpers_next_to_bank import RR\nfrom exactpriv.claims import implication_claim\n"
        "CLAIMS = [implication_claim('h.kl', given='pure_dp', measure='kl_dp', bound='eps', families=[RR])]\n")
    monkeypatch.chdir(tmp_path.parent)            # not the bank's directory, and no PYTHONPATH
    before = list(sys.path)
    assert main(["verify", str(tmp_path / "bank_with_helper.py"), "--json", "", "--markdown", ""]) == 0
    assert sys.path == before                     # the directory was on the path only while the file loaded


def test_an_expression_option_takes_a_value_starting_with_a_minus():
    from exactpriv.cli import _join_expression_values

    assert _join_expression_values(["conjecture", "--bound", "-2*log(1-eps)", "--seconds", "5"]) == \
        ["conjecture", "--bound=-2*log(1-eps)", "--seconds", "5"]
    assert _join_expression_values(["prove", "x", "--domain", "--json"]) == ["prove", "x", "--domain", "--json"]
