"""What verify prints: summary first, only the rows needing attention, four formats, ≤ 120 columns piped,
documented exit codes, and no third-party banner on stdout."""

import json
import subprocess
import sys
import textwrap

import pytest

from exactpriv.cli import main
from exactpriv.cli._common import EXIT_UNEXPECTED

BANK = textwrap.dedent('''
    from exactpriv.claims import Verdict, implication_claim, randomized_responses

    CLAIMS = [
        implication_claim("mine.kl", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)",
                          families=[randomized_responses(["3/2", 3])]),
        implication_claim("mine.kl3_with_a_rather_long_identifier_to_cut", given="pure_dp", measure="kl_dp",
                          bound="eps**2/3", families=[randomized_responses(["3/2", 3])],
                          expected=Verdict.REFUTED, finding="variant",
                          why="a deliberately " + "much " * 40 + "too strong constant"),
    ]
''')


@pytest.fixture
def bank_file(tmp_path):
    path = tmp_path / "my_claims.py"
    path.write_text(BANK, encoding="utf-8")
    return path


def _verify(bank_file, capsys, *extra):
    code = main(["verify", str(bank_file), "--json", "", "--markdown", "", *extra])
    return code, capsys.readouterr().out


def test_summary_first_then_only_attention_rows_within_120_columns(bank_file, capsys):
    code, out = _verify(bank_file, capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("exactpriv verify: 2 readings of 2 claims")
    assert lines[1] == "verdicts: REFUTED 1, PROVED 1"  # mine.kl: proved for every mechanism by reduction
    assert lines[2].startswith("REFUTED by finding class: variant 1")
    assert all(len(line) <= 120 for line in lines)
    body = [ln for ln in lines if ln.startswith("mine.")]
    assert len(body) == 1 and "REFUTED (variant)" in body[0]
    # the long id, the reason and every word of it are wrapped onto continuation lines, never cut with "…"
    assert "…" not in out
    assert out.count("much") == 40 and "too strong constant" in out and "a deliberately" in out
    id_column = "".join(ln[:34].strip() for ln in lines[lines.index(body[0]):] if not ln.startswith("("))
    assert id_column.startswith("mine.kl3_with_a_rather_long_identifier_to_cut")
    assert "--all" in lines[-1]


def test_all_lists_every_reading_one_line_each(bank_file, capsys):
    _, out = _verify(bank_file, capsys, "--all")
    body = [ln for ln in out.splitlines() if ln.startswith("mine.")]
    assert len(body) == 2 and any("PROVED" in ln for ln in body)


def test_json_markdown_and_latex_formats_carry_the_finding_counts(bank_file, capsys):
    _, out = _verify(bank_file, capsys, "--format", "json")
    doc = json.loads(out)
    assert doc["summary"]["verdicts"] == {"REFUTED": 1, "PROVED": 1}
    assert doc["summary"]["findings"] == {"variant": 1}
    assert [r["finding"] for r in doc["rows"]] == ["variant"]
    _, out = _verify(bank_file, capsys, "--format", "markdown", "--all")
    assert "| variant | 1 |" in out and out.count("| `mine.") == 2
    _, out = _verify(bank_file, capsys, "--format", "latex")
    assert out.startswith("\\begin{table}") and "\\texttt{mine.kl3\\_with" in out and "variant" in out


def test_a_verdict_differing_from_its_expectation_exits_4(tmp_path, capsys):
    path = tmp_path / "wrong.py"
    path.write_text(BANK.replace("expected=Verdict.REFUTED", "expected=Verdict.CHECKED"), encoding="utf-8")
    code, out = _verify(path, capsys)
    assert code == EXIT_UNEXPECTED == 4
    assert "!expected CHECKED" in out and "differ from their expected verdict: 1" in out


def test_highs_banner_never_reaches_stdout():
    script = ("from exactpriv.cli._output import quiet_third_party\n"
              "quiet_third_party()\nimport highspy\nhighspy.Highs()\nprint('clean')\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out == "clean\n"


def test_prove_strict_exit_codes_and_one_verdict_type(capsys):
    from exactpriv import prove
    from exactpriv.claims import Verdict

    assert main(["prove", "eps <= eps**2", "--domain", "[0, 2]"]) == 0
    assert main(["prove", "eps <= eps**2", "--domain", "[0, 2]", "--strict"]) == 4
    assert "REFUTED" in capsys.readouterr().out
    res = prove("eps <= eps**2", domain="[0, 2]")
    assert res.verdict is Verdict.REFUTED and len(repr(res)) < 200 and res.certificate["steps"]


@pytest.mark.parametrize("what", ["claims", "readings", "notions", "banks"])
def test_list_stays_within_120_columns_and_names_everything(what, capsys):
    from exactpriv.claims.banks import resolve_banks
    from exactpriv.measures import REGISTRY

    assert main(["list", what]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 120
    if what in ("claims", "readings"):
        ids = {c.id for b in resolve_banks() for c in b.claims() if c.readings or what == "claims"}
        assert ids <= {line.split()[0] for line in out.splitlines() if line and not line[0].isspace()}
        assert " 1 readings " not in out
    if what == "notions":
        assert set(REGISTRY) <= {line.split()[0] for line in out.splitlines() if line and not line[0].isspace()}
