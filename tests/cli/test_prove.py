"""``exactpriv prove``: verdicts, the JSON shape, exit codes (through exactpriv.cli.main)."""

import json
from fractions import Fraction

import pytest

from exactpriv.cli import main


def test_prove_writes_json_for_a_proved_statement(tmp_path, capsys):
    """Cuff–Yu Property 1 on [0, oo)."""
    out = tmp_path / "out.json"
    rc = main(["prove", "eps*tanh(eps/2) <= Min(eps, eps**2)", "--domain", "[0, oo)", "--json", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert doc["verdict"] == "PROVED"
    assert doc["point"] is None
    assert doc["method"] and isinstance(doc["certificate"]["steps"], list) and doc["certificate"]["steps"]
    assert doc["domain"] == "[0, oo)"
    assert "PROVED" in capsys.readouterr().out


def test_prove_refuted_has_a_point_that_violates(tmp_path, capsys):
    out = tmp_path / "r.json"
    rc = main(["prove", "eps**2 <= eps", "--domain", "[0, 2)", "--json", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert doc["verdict"] == "REFUTED"
    p = Fraction(doc["point"])
    assert 1 < p < 2 and p * p > p
    assert Fraction(doc["values"]["lhs"][0]) > Fraction(doc["values"]["rhs"][1])
    text = capsys.readouterr().out
    assert "REFUTED" in text and f"eps = {p}" in text


def test_prove_undecided_at_a_small_effort_exits_zero(tmp_path):
    out = tmp_path / "u.json"
    rc = main(["prove", "exp(2*eps) - 2*exp(eps+1) + exp(2) + 10**(-30) > 0", "--domain", "[0, 2]",
               "--max-prec", "64", "--json", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())
    assert doc["verdict"] == "UNDECIDED" and "precision limit 64 bits" in doc["reason"]
    assert doc["certificate"]["effort"]["proof_steps"] == 20_000 and "seconds" in doc["timing"]
    assert main(["prove", "exp(2*eps) - 2*exp(eps+1) + exp(2) + 10**(-30) > 0", "--domain", "[0, 2]",
                 "--max-prec", "64", "--strict"]) == 5


def test_prove_stopped_by_the_time_limit_is_its_own_status(tmp_path):
    """Issue 19: a time limit that stops a proof says so (STOPPED, exit 7 with --strict), never UNDECIDED."""
    out = tmp_path / "s.json"
    rc = main(["prove", "exp(2*eps) - 2*exp(eps+1) + exp(2) + 10**(-30) > 0", "--domain", "[0, 2]",
               "--seconds", "0.000001", "--strict", "--json", str(out)])
    doc = json.loads(out.read_text())
    assert rc == 7 and doc["verdict"] == "STOPPED" and "stopped by the time limit" in doc["reason"]


def test_prove_effort_levels_are_named_in_the_certificate(tmp_path):
    out = tmp_path / "e.json"
    assert main(["prove", "log(1+eps) <= eps", "--effort", "low", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["certificate"]["effort"]["proof_steps"] == 5_000
    assert main(["prove", "log(1+eps) <= eps", "--effort", "lots"]) == 1  # InvalidArgument, one line


@pytest.mark.parametrize(
    "argv",
    [
        ["prove", "eps <= 0.5"],  # float literal
        ["prove", "eps <= y"],  # unknown symbol
        ["prove", "eps <= 1", "--domain", "[2, 1]"],  # reversed interval
        ["prove", "eps <= 1", "--seconds", "-1"],
        ["prove", "open('x') <= 1"],  # outside the grammar
    ],
    ids=["float", "unknown-symbol", "reversed-domain", "negative-seconds", "call"],
)
def test_prove_bad_input_exits_one(argv, capsys):
    assert main(argv) == 1
    assert "error:" in capsys.readouterr().err
