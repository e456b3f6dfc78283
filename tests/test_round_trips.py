"""Round trips between the commands (issue 26): a hunt --json output is measurable, and a witness of a
claim the installed banks do not hold points at --bank."""

from __future__ import annotations

import json

from counterexamples.archive import FOUND
from exactpriv.cli import main

WITNESS = FOUND / "identitydp.prop4--literal.json"


def _hunt_output(tmp_path, *extra):
    rows = [{"claim": "identitydp.prop4", "reading": "literal", "verdict": "REFUTED",
             "witness": json.loads(WITNESS.read_text())}]
    rows += [dict(r) for r in extra]
    path = tmp_path / "hunt.json"
    path.write_text(json.dumps(rows))
    return path


def test_measure_reads_a_hunt_json_output(tmp_path, capsys):
    path = _hunt_output(tmp_path, {"claim": "identitydp.prop4", "reading": "other", "verdict": "CHECKED"})
    assert main(["measure", str(path), "--only", "pure_dp"]) == 0
    assert "log(3)" in capsys.readouterr().out


def test_measure_of_a_hunt_output_with_two_witnesses_asks_which(tmp_path, capsys):
    second = {"claim": "identitydp.prop4", "reading": "again", "verdict": "REFUTED",
              "witness": json.loads(WITNESS.read_text())}
    path = _hunt_output(tmp_path, second)
    assert main(["measure", str(path), "--only", "pure_dp"]) == 1
    assert "--reading NAME" in capsys.readouterr().err
    assert main(["measure", str(path), "--only", "pure_dp", "--reading", "again"]) == 0


def test_replay_of_an_unknown_claim_points_at_bank(tmp_path, capsys):
    doc = json.loads(WITNESS.read_text())
    doc["claim"] = "mypaper.thm9"
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 1
    assert "--bank FILE" in capsys.readouterr().err
