"""A user's claim file (tests/user_bank/outside_claims.py: zCDP bound, RDP conversion, Bretagnolle–Huber, amplification by
subsampling, group privacy, KOV composition, each with a false mis-statement) through verify, hunt, report
and pytest, with the expected verdicts."""

import json
from pathlib import Path

import pytest

from exactpriv.cli import main

BANK = Path(__file__).parent / "user_bank" / "outside_claims.py"
TRUE = ["bunsteinke2016.prop1_4", "mironov2017.prop3", "tsybakov2009.bh", "bbg2018.poisson", "dworkroth2014.group", "kov2015.thm3_3"]


@pytest.fixture(scope="module")
def verified(tmp_path_factory):
    out = tmp_path_factory.mktemp("verify")
    assert main(["verify", str(BANK), "--json", str(out / "v.json"), "--markdown", str(out / "v.md")]) == 0
    return {r["id"]: r for r in json.loads((out / "v.json").read_text())["rows"]}


def test_verify_gives_the_expected_verdicts(verified):
    assert set(verified) == set(TRUE) | {f"{t}-misstated" for t in TRUE}
    for cid in TRUE:
        assert verified[cid]["verdict"] == "CHECKED", verified[cid]
        bad = verified[f"{cid}-misstated"]
        assert bad["verdict"] == "REFUTED" and bad["finding"] == "variant" and bad["why"], bad


@pytest.mark.parametrize("cid,verdict", [("tsybakov2009.bh-misstated", "REFUTED"),
                                         ("bbg2018.poisson-misstated", "REFUTED"),
                                         ("tsybakov2009.bh", "CHECKED")])
def test_hunt_takes_the_user_bank(cid, verdict, tmp_path):
    out = tmp_path / "h.json"
    assert main(["hunt", cid, "--bank", str(BANK), "--max-examples", "20", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [r["verdict"] for r in rows] == [verdict]


def test_report_takes_the_user_bank(tmp_path):
    assert main(["report", "--bank", str(BANK), "--only", "tsybakov2009", "--out", str(tmp_path),
                 "--no-tightness"]) == 0
    assert (tmp_path / "index.html").exists()
    assert (tmp_path / "tsybakov2009.bh-misstated.html").exists()


def test_pytest_runs_the_user_bank(bank_files_under_pytest):
    # `pytest outside_claims.py` in a fresh interpreter (one run for all the user banks: tests/conftest.py)
    assert bank_files_under_pytest.outcomes("outside_claims.py") == {"passed": 12}


# ---------------------------------------------------------------- a user's bank over symbolic families
FAMILY_BANK = Path(__file__).parent / "user_bank" / "family_claims.py"
PROVED = ["mine.kl", "mine.tv", "mine.kfold"]


def test_family_bank_is_proved_for_every_eps_and_its_misstatements_refuted(tmp_path):
    out = tmp_path / "v.json"
    assert main(["verify", str(FAMILY_BANK), "--json", str(out), "--markdown", ""]) == 0
    rows = {r["id"]: r for r in json.loads(out.read_text())["rows"]}
    assert set(rows) == set(PROVED) | {f"{c}-misstated" for c in PROVED}
    for cid in PROVED:
        assert rows[cid]["verdict"] == "PROVED", rows[cid]
        assert rows[cid]["evidence"]["proof"]["truth"] == "TRUE"
        bad = rows[f"{cid}-misstated"]
        assert bad["verdict"] == "REFUTED" and bad["finding"] == "variant" and bad["why"], bad


def test_family_bank_hunt_archives_a_member_that_replays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["hunt", "mine.kl-misstated", "--bank", str(FAMILY_BANK), "--seconds", "10", "--archive"]) == 0
    (witness,) = (tmp_path / "counterexamples" / "found").glob("*.json")
    doc = json.loads(witness.read_text())
    assert "at_eps" in doc["instance"]["extra"]       # a concrete member of the family, with rational entries
    assert all("/" in q or q.isdigit() for row in doc["instance"]["mechanism"]["matrix"] for q in row)
    assert main(["replay", str(witness), "--bank", str(FAMILY_BANK)]) == 0


def test_family_bank_report_and_pytest(tmp_path, bank_files_under_pytest):
    assert main(["report", "--bank", str(FAMILY_BANK), "--only", "mine.kl", "--out", str(tmp_path / "r"),
                 "--no-tightness"]) == 0
    assert (tmp_path / "r" / "mine.kl.html").exists()
    assert bank_files_under_pytest.outcomes("family_claims.py") == {"passed": 6}
