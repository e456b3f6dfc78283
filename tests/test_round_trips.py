"""Round trips between the commands (issue 26): a hunt --json output is measurable, and a witness of a
claim the installed banks do not hold points at --bank."""

from __future__ import annotations

import json
from pathlib import Path

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


SMALL_BANK = '''
from exactpriv.claims import Verdict, implication_claim, randomized_responses

CLAIMS = [implication_claim("mine.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3",
                            families=[randomized_responses(["3/2"])], expected=Verdict.REFUTED,
                            finding="variant", why="eps**2/3 is below KL-DP of RR")]
'''


def test_the_evidence_of_a_user_bank_is_re_checked_against_its_manifest(tmp_path, capsys):
    # a new user's round trip: verify mybank.py, then `exactpriv check verify.json`; the bank file needs its
    # manifest beside it, which verify writes only when asked (--write-manifest), and every refusal says how
    bank = tmp_path / "mybank.py"
    bank.write_text(SMALL_BANK, encoding="utf-8")
    evidence = str(tmp_path / "verify.json")
    assert main(["verify", str(bank), "--json", evidence, "--markdown", ""]) == 0
    assert f"write the bank's manifest first: add --write-manifest" in capsys.readouterr().err
    assert not (tmp_path / "mybank.manifest.json").exists()
    assert main(["check", evidence]) == 6                          # bound to mybank, not the built-in bank
    assert "e.g. --bank mybank.py" in capsys.readouterr().out
    assert main(["check", evidence, "--bank", str(bank)]) == 6
    assert "--write-manifest' writes a bank file's manifest" in capsys.readouterr().out
    assert main(["verify", str(bank), "--json", evidence, "--markdown", "", "--write-manifest"]) == 0
    err = capsys.readouterr().err
    assert "mybank.manifest.json (the bank's statements" in err and f"exactpriv check {evidence} --bank" in err
    assert main(["check", evidence, "--bank", str(bank)]) == 0
    assert "matches" in capsys.readouterr().out


def test_verify_of_the_built_in_banks_says_check_needs_nothing_more(tmp_path, capsys):
    # the three built-in banks share the theorems package and one MANIFEST.json: verify said three times that
    # it was "out of date" and told the user to --write-manifest into the installed package (each bank compared
    # alone with the joined manifest); now one line, the command that works, and the package is never written
    from exactpriv.claims.evidence import MANIFEST
    import theorems

    manifest = Path(theorems.__file__).parent / MANIFEST
    before = manifest.read_bytes()
    evidence = str(tmp_path / "verify.json")
    assert main(["verify", "--only", "dworkroth2014.rr", "--json", evidence, "--markdown", "",
                 "--write-manifest"]) == 0
    err = capsys.readouterr().err
    assert f"re-check the evidence: exactpriv check {evidence}\n" in err
    assert "out of date" not in err and "add --write-manifest" not in err and err.count("re-check the evidence") == 1
    assert manifest.read_bytes() == before
    assert main(["check", evidence]) == 0
