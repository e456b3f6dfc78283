"""Paths a user expects: shipped witnesses from any directory, archiving to a chosen directory without
overwriting, never into site-packages, hypothesis' database outside the cwd; hunt --json is replayable."""

import json
from pathlib import Path
import textwrap

import pytest

from exactpriv.cli import main

ROOT = Path(__file__).resolve().parents[2]
BANK = textwrap.dedent('''
    from exactpriv.claims import implication_claim, randomized_responses

    CLAIMS = [implication_claim("mine.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3",
                                families=[randomized_responses(["3/2", 3])])]
''')


def test_replay_of_a_shipped_witness_works_from_the_root_directory(monkeypatch, capsys):
    # in-process (the path's resolution is the library's, not the interpreter's): a fresh `python -m exactpriv`
    # cost ~1.7 s of CPU for its imports and bank loading (issue 24)
    name = sorted(p.name for p in (ROOT / "counterexamples" / "found").glob("zhao2019.thm1_conv--*.json"))[0]
    shipped = f"counterexamples/found/{name}"
    monkeypatch.chdir("/")
    assert not Path(shipped).exists()  # the path names the shipped witness only through the package
    assert main(["replay", shipped]) == 0
    assert capsys.readouterr().out.startswith("REFUTED zhao2019.thm1_conv")


def test_archive_refuses_site_packages():
    from exactpriv.cli._common import archive_directory
    from exactpriv.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="inside an installed package"):
        archive_directory("/usr/lib/python3/site-packages/counterexamples/found")


def test_hunt_archives_to_a_chosen_directory_without_overwriting_and_json_replays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    bank = tmp_path / "my_claims.py"
    bank.write_text(BANK, encoding="utf-8")
    out = tmp_path / "w"
    args = ["hunt", "mine.kl3", "--bank", str(bank), "--archive", str(out), "--json", "h.json"]
    assert main(args) == 0
    witness = out / "mine.kl3--eq.json" if (out / "mine.kl3--eq.json").exists() else next(out.glob("*.json"))
    first = witness.read_text(encoding="utf-8")
    witness.write_text(first.replace('"seed"', '"seed" '), encoding="utf-8")   # mark it
    assert main(args) == 0
    assert witness.read_text(encoding="utf-8") != first   # kept the marked file: not overwritten
    assert "not archived" in json.loads((tmp_path / "h.json").read_text())[0]["note"]
    capsys.readouterr()
    assert main(["replay", "h.json", "--bank", str(bank)]) == 0
    assert capsys.readouterr().out.startswith("REFUTED mine.kl3")
    assert main(["measure", str(witness), "--only", "pure_dp"]) == 0
    assert not (tmp_path / ".hypothesis").exists()


def test_measure_names_get_a_did_you_mean(tmp_path, capsys):
    mech = tmp_path / "m.json"
    mech.write_text(json.dumps({"kind": "mechanism", "space": {"type": "hamming", "values": ["0", "1"], "n": 1},
                                "outputs": ["y0", "y1"], "matrix": [["3/4", "1/4"], ["1/4", "3/4"]]}))
    assert main(["measure", str(mech), "--only", "renyi"]) == 1
    assert "did you mean renyi_dp" in capsys.readouterr().err
    assert main(["measure", str(mech), "--only", "mi_privacy"]) == 1
    err = capsys.readouterr().err
    assert "--prior" in err and "Prior.uniform" not in err


def test_conjecture_json_is_read_by_measure(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["conjecture", "--given", "pure_dp", "--measure", "kl_dp", "--bound", "eps**2/3",
                 "--space", "hamming:m=2,n=1", "--json", "c.json"]) == 0
    found = json.loads((tmp_path / "c.json").read_text())
    assert found["verdict"] == "REFUTED"
    assert main(["measure", "c.json", "--only", "kl_dp", "--json", "m.json"]) == 0
    # measure recomputes the witness's KL-DP from the file: it must be the value the conjecture reported
    assert json.loads((tmp_path / "m.json").read_text())["measures"]["kl_dp"]["exact"] == found["measure_value"]
    assert not (tmp_path / ".hypothesis").exists()
