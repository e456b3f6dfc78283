"""``hunt`` and ``conjecture`` piped: summary first, at most 120 columns, one line per reading, witnesses
written as readable lines (points as ``(0, 1)``, never Python reprs or JSON), nothing cut inside a value."""

import json

import pytest

from exactpriv.cli import main
from exactpriv.cli._witness_text import witness_lines

NO_REPRS = ("('", "{\"", "\"('", "Fraction(")


def _lines(text):
    return text.rstrip("\n").split("\n")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "hyp"))


def test_hunt_piped_is_summary_first_narrow_and_shows_a_readable_witness(capsys):
    rc = main(["hunt", "identitydp.prop4", "--reading", "literal", "--max-examples", "30"])
    out = capsys.readouterr().out
    assert rc == 0
    lines = _lines(out)
    assert lines[0].startswith("exactpriv hunt identitydp.prop4: 1 reading ")
    assert lines[1] == "verdicts: REFUTED 1"
    assert max(map(len, lines)) <= 120
    row = [ln for ln in lines if ln.startswith("identitydp.prop4 ")]
    assert len(row) == 1 and "REFUTED (as-written)" in row[0]          # one line for the reading
    assert "witness for identitydp.prop4 [literal]: noisy parity" in out
    assert "    (0, 1): 1/4 3/4" in lines                               # a matrix row, point written plainly
    assert "  prior: uniform, 1/4 on each of the 4 inputs" in lines
    assert not any(bad in out for bad in NO_REPRS)


def test_hunt_json_format_carries_the_witness_document(capsys):
    rc = main(["hunt", "identitydp.prop4", "--reading", "literal", "--max-examples", "30",
               "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 0 and doc["summary"]["verdicts"] == {"REFUTED": 1}
    (row,) = doc["rows"]
    assert row["witness"]["kind"] == "witness" and row["witness"]["claim"] == "identitydp.prop4"


def test_hunt_markdown_format_has_a_table_and_the_witness_block(capsys):
    assert main(["hunt", "identitydp.prop4", "--reading", "literal", "--max-examples", "30",
                 "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# exactpriv hunt identitydp.prop4")
    assert "| `identitydp.prop4` | literal | **REFUTED** | as-written |" in out
    assert "```text\nwitness for identitydp.prop4 [literal]" in out


def test_conjecture_piped_shows_verdict_values_and_witness_readably(capsys):
    rc = main(["conjecture", "--given", "pure_dp", "--measure", "kl_dp", "--bound", "eps**2/3",
               "--space", "hamming:m=2,n=1", "--max-examples", "50"])
    out = capsys.readouterr().out
    lines = _lines(out)
    assert rc == 0
    assert lines[0] == "exactpriv conjecture: pure_dp = eps ⇒ kl_dp <= eps**2/3"
    assert lines[1].startswith("verdict: REFUTED")
    assert lines[2].startswith("  kl_dp = ") and "≈" in lines[2]
    assert lines[3].startswith("  > bound = ")
    assert max(map(len, lines)) <= 120
    assert any(ln.startswith("witness: ") for ln in lines)
    assert any(ln.startswith("    (0): ") for ln in lines)
    assert not any(bad in out for bad in NO_REPRS)


def test_conjecture_json_format_is_the_json_document(capsys):
    assert main(["conjecture", "--given", "pure_dp", "--measure", "kl_dp", "--bound", "eps**2/3",
                 "--space", "hamming:m=2,n=1", "--max-examples", "50", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"] == "REFUTED" and doc["witness"]["mechanism"]["kind"] == "mechanism"


def test_witness_lines_wrap_at_blanks_and_never_cut_a_value():
    big = [f"{7**k}/{7**k + 1}" for k in range(20, 40)]          # 20 long fractions in one row
    doc = {"instance": {"label": "a mechanism with long exact entries " * 4,
                        "mechanism": {"kind": "mechanism", "space": {"type": "hamming", "values": [0, 1], "n": 1},
                                      "outputs": list(range(20)), "matrix": [big, big]},
                        "prior": None, "params": {"alpha": {"value": "3"}}}}
    lines = witness_lines(doc, 80)
    text = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    for entry in big:                       # each value is on one line, whole
        assert any(entry in ln.split() for ln in lines)
    assert "parameters: alpha = 3" in text
    assert any(ln.startswith("  mechanism on hamming {0, 1}^1: 2 inputs × 20 outputs") for ln in lines)


def test_witness_lines_of_a_large_matrix_say_how_many_rows_are_left_out():
    rows = [["1/2", "1/2"]] * 40
    doc = {"mechanism": {"kind": "mechanism", "space": {"type": "hamming", "values": [0, 1], "n": 1},
                         "outputs": [0, 1], "matrix": rows}, "label": "forty rows"}
    lines = witness_lines(doc, 120)
    assert lines[0] == "witness: forty rows"
    assert any("28 more rows" in ln for ln in lines)


def test_conjecture_json_replays_and_a_tampered_witness_does_not(tmp_path, capsys):
    out = tmp_path / "c.json"
    assert main(["conjecture", "--given", "pure_dp", "--measure", "kl_dp", "--bound", "eps**2/3",
                 "--space", "hamming:m=2,n=1", "--max-examples", "50", "--json", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("REFUTED conjecture pure_dp => kl_dp <= eps**2/3") and text.count("\n") == 1
    doc = json.loads(out.read_text())
    doc["witness"]["mechanism"]["matrix"] = [["1/2", "1/2"], ["1/2", "1/2"]]   # KL-DP 0: no longer refutes
    out.write_text(json.dumps(doc))
    assert main(["replay", str(out)]) == 3
    assert "witness does not refute" in capsys.readouterr().out


def test_a_closed_pipe_stops_quietly(monkeypatch, capsys):
    import exactpriv.cli.listing as listing

    def closed(args):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(listing, "cmd_list", closed)
    assert main(["list", "claims"]) == 1
    assert capsys.readouterr().err == ""          # no "error: cannot read or write" for `| head`


def test_hunt_does_not_count_a_proved_reading_it_searched_as_differing(capsys):
    # cuff2016.ex1/delta0-vanishes is expected PROVED; a hunt searches, never proves: CHECKED meets it
    rc = main(["hunt", "cuff2016.ex1", "--reading", "delta0-vanishes", "--max-examples", "5", "--format", "json", "--all"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert doc["summary"]["unexpected"] == 0
    assert [r["verdict"] for r in doc["rows"]] == ["CHECKED"]


IMPLICATION_BANK = '''
from exactpriv.claims import Verdict, implication_claim, randomized_responses

CLAIMS = [implication_claim("mine.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3",
                            families=[randomized_responses(["3/2", 3])], expected=Verdict.REFUTED,
                            finding="variant", why="eps**2/3 is below KL-DP of RR")]
'''


def test_hunt_witness_labels_values_by_their_notions_and_prints_the_violated_statement(tmp_path, capsys):
    bank = tmp_path / "mine.py"
    bank.write_text(IMPLICATION_BANK, encoding="utf-8")
    assert main(["hunt", "mine.kl3", "--bank", str(bank), "--max-examples", "30"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert "  violates: kl_dp(M) ≤ eps**2/3 with ε = pure_dp(M)" in lines
    assert any(ln.startswith("  pure_dp(M) = ") for ln in lines) and any(ln.startswith("  kl_dp(M) = ") for ln in lines)
    assert any(ln.startswith("  eps**2/3 at ε = pure_dp(M) = ") for ln in lines)
    assert any(ln.startswith("  shown: kl_dp(M) > eps**2/3 at ε = pure_dp(M) (") for ln in lines)
    assert not any(ln.startswith(("  A = ", "  B = ", "  bound = ")) for ln in lines)


TIGHTNESS_BANK = '''
from exactpriv.claims import Verdict, inequality_claim, symbolic_family, tightness_claim, randomized_responses
from exactpriv import EPS, randomized_response

CLAIMS = [tightness_claim("mine.tight", given="pure_dp", measure="kl_dp", bound="eps**2/3",
                          families=[randomized_responses(["3/2"])], expected=Verdict.REFUTED,
                          finding="variant", why="KL-DP of RR is not eps**2/3"),
          inequality_claim("mine.half", measure="pure_dp", bound="eps/2",
                           families=[symbolic_family("RR(2, ε)", randomized_response(2, eps=EPS))],
                           expected=Verdict.REFUTED, finding="variant", why="pure DP of RR(ε) is ε")]
'''


def test_hunt_witness_of_a_tightness_reading_names_its_sides_and_shows_the_violated_relation(tmp_path, capsys):
    # issue 26.3: a tightness/inequality witness says what its values are (recorded where they are computed),
    # not "lhs = …"/"B = …", and prints the relation the exact decision showed
    bank = tmp_path / "mine.py"
    bank.write_text(TIGHTNESS_BANK, encoding="utf-8")
    assert main(["hunt", "mine.tight", "--bank", str(bank), "--max-examples", "10"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert any(ln.startswith("  kl_dp(M) = -log(2)/5 + log(3)/5 ≈ 0.0810") for ln in lines)
    assert any(ln.startswith("  eps**2/3 at ε = pure_dp(M) = ") for ln in lines)
    assert any(ln.startswith("  shown: kl_dp(M) ≠ eps**2/3 at ε = pure_dp(M) (0.081093 ≠ 0.0548007") for ln in lines)
    assert not any(ln.startswith(("  lhs = ", "  rhs = ", "  B = ")) for ln in lines)

    assert main(["hunt", "mine.half", "--bank", str(bank), "--max-examples", "10"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert "  pure_dp(M(ε)) = eps" in lines and "  right side: eps/2" in lines
    assert "  shown: pure_dp(M(ε)) > eps/2 at the witness" in lines


def test_witness_lines_read_recorded_names_and_negate_the_recorded_relation():
    values = {"B": {"exact": "1/2", "float": 0.5}, "bound": "1/3", "names": {"B": "tv_dp(M)", "bound": "eps/3"},
              "relation": ["B", "<=", "bound"], "decision": {"truth": "FALSE", "reason": "r"}}
    lines = witness_lines({"instance": {"label": "w"}, "values": values}, 120, names={"B": "ignored"})
    assert "  tv_dp(M) = 1/2 ≈ 0.5" in lines and "  eps/3 = 1/3 ≈ 0.333333" in lines
    assert "  shown: tv_dp(M) > eps/3 (0.5 > 0.333333 in floats; decided exactly)" in lines
    assert not any("names" in ln or "relation" in ln for ln in lines)
    # a relation that held (not a refutation) is not shown as violated; a malformed one is ignored
    for bad in ({**values, "decision": {"truth": "TRUE"}}, {**values, "relation": ["B", "~", "bound"]},
                {**values, "relation": "B <= bound"}):
        assert not any(ln.startswith("  shown:") for ln in witness_lines({"values": bad}, 120))
