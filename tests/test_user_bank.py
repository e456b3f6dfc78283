"""A user's claim file (tests/user_bank/outside_claims.py: zCDP bound, RDP conversion, Bretagnolle–Huber, amplification by
subsampling, group privacy, KOV composition, each with a false mis-statement) through verify, hunt, report
and pytest, with the expected verdicts."""

import json
from pathlib import Path

import pytest

from exactpriv.cli import main

pytest_plugins = ["pytester"]

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
    assert main(["hunt", cid, "--bank", str(BANK), "--seconds", "3", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [r["verdict"] for r in rows] == [verdict]


def test_report_takes_the_user_bank(tmp_path):
    assert main(["report", "--bank", str(BANK), "--only", "tsybakov2009", "--out", str(tmp_path),
                 "--no-tightness"]) == 0
    assert (tmp_path / "index.html").exists()
    assert (tmp_path / "tsybakov2009.bh-misstated.html").exists()


def test_pytest_runs_the_user_bank(pytester, monkeypatch):
    # the subprocess imports this checkout, not whatever copy is installed
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    pytester.copy_example(str(BANK))
    result = pytester.runpytest_subprocess("outside_claims.py", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=12)
