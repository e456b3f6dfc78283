"""The third round of hostile inputs and faults (issue 25): one row per item, each failing before its fix.

The command line runs in-process (``exactpriv.cli.main``) in a temporary directory; the rows assert
what a user sees: the exit status, one typed line instead of a traceback, files written or kept.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from counterexamples.archive import witness_path
from exactpriv.claims import Claim, Reading
from exactpriv.cli import main
from exactpriv.cli._output import printable, terminal_safe
from exactpriv.errors import FormatError, InvalidArgument
from exactpriv.measures.tradeoff import pair_tradeoff
from exactpriv.measures.zcdp import pair_zcdp

HOSTILE_TITLE = "title \x1b]0;pwned\x07\x1b[2J here"


def _bank(tmp_path, body: str, name: str = "hostile_bank.py"):
    path = tmp_path / name
    path.write_text("import sys\nfrom exactpriv.claims import Claim, Reading\n" + body)
    return str(path)


# -- item 1: archive paths never escape --archive DIR

@pytest.mark.parametrize("claim_id", ["../evil", "/abs.x", "a..b", "a/b.c", "a\\b.c", ".hidden.x", ""])
def test_claim_ids_that_could_name_a_path_are_refused_at_load(claim_id):
    with pytest.raises(InvalidArgument, match="claim id"):
        Claim(claim_id, "t", "s", "q", "implication", readings=[Reading("r", "s", prove=lambda: None)])


@pytest.mark.parametrize("name", ["../../x", "/etc/passwd", "..", "a\\b", "tab\there", "esc\x1b[2J", "\ud800"])
def test_reading_names_that_could_name_a_path_or_drive_a_terminal_are_refused(name):
    with pytest.raises(InvalidArgument, match="reading name"):
        Reading(name, "s", prove=lambda: None)


@pytest.mark.parametrize("reading", ["extension-to-5/2", "(55)-implies-(56)"])
def test_a_witness_path_stays_directly_inside_its_directory(tmp_path, reading):
    path = witness_path("zhao2019.improve", reading, directory=tmp_path)
    assert path.parent == tmp_path
    assert "/" not in path.name and path.name.endswith(".json")


def test_a_label_with_dot_dot_never_names_a_witness_file(tmp_path):
    # labels from a Bank are validated at load; a label built past that check is still refused here
    with pytest.raises(FormatError):
        witness_path("zhao2019.improve", "x/../../y", directory=tmp_path)


# -- item 2: sys.exit inside a check or a bank is a crashed check, not a silent exit 0

def test_sys_exit_in_a_check_is_a_crashed_check_and_outputs_are_written(tmp_path, monkeypatch, capsys):
    bank = _bank(tmp_path, 'CLAIMS = [Claim("mine.exit", "t", "s", "q", "implication",\n'
                           '    readings=[Reading("literal", "s", prove=lambda: sys.exit(0))])]\n')
    monkeypatch.chdir(tmp_path)
    status = main(["verify", bank, "--all"])
    out = capsys.readouterr().out
    assert status == 1
    assert "crashed check" in out and "sys.exit(" in out  # the code may not survive the worker pipe
    rows = json.loads((tmp_path / "verify.json").read_text())["rows"]
    assert [r["reading"] for r in rows] == ["literal"]


def test_sys_exit_while_a_bank_imports_is_a_typed_bank_error(tmp_path, monkeypatch, capsys):
    bank = _bank(tmp_path, "sys.exit(0)\n")
    monkeypatch.chdir(tmp_path)
    status = main(["verify", bank])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("error: BankLoadError:") and "sys.exit(0)" in err


# -- item 4: control characters and lone surrogates never reach the terminal raw

def test_control_characters_in_a_title_are_escaped_in_list_output(tmp_path, monkeypatch, capsys):
    bank = _bank(tmp_path, f'CLAIMS = [Claim("mine.t", {HOSTILE_TITLE!r}, "s", "q", "implication",\n'
                           '    readings=[Reading("r", "s", prove=lambda: None)])]\n')
    monkeypatch.chdir(tmp_path)
    assert main(["list", "claims", "--bank", bank]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b]0;pwned\\x07" in out


def test_a_lone_surrogate_in_a_title_prints_escaped(tmp_path, monkeypatch, capsys):
    bank = _bank(tmp_path, 'CLAIMS = [Claim("mine.s", "t \\udc80 x", "s", "q", "implication",\n'
                           '    readings=[Reading("r", "s", prove=lambda: None)])]\n')
    monkeypatch.chdir(tmp_path)
    assert main(["list", "claims", "--bank", bank]) == 0
    assert "t \\udc80 x" in capsys.readouterr().out


def test_terminal_safe_keeps_rich_colours_and_escapes_everything_else():
    assert terminal_safe("\x1b[1mbold\x1b[0m") == "\x1b[1mbold\x1b[0m"
    assert terminal_safe("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert terminal_safe("\x1b]0;t\x07") == "\\x1b]0;t\\x07"
    assert printable("\u202eabc") == "\\u202eabc"


# -- item 8: values that claim no more than they are

def test_is_symmetric_for_a_symmetric_tradeoff_with_f0_below_one():
    # max(0, 3/4 - alpha) is its own inverse (the example)
    f = pair_tradeoff(["1/4", "3/4", "0"], ["0", "3/4", "1/4"])
    assert f(0) == Fraction(3, 4)
    assert f.is_symmetric()
    assert not pair_tradeoff(["1/2", "1/2"], ["1/4", "3/4"]).is_symmetric()


_PMF = st.lists(st.integers(0, 5), min_size=3, max_size=3).filter(any)


@settings(max_examples=150, deadline=None)
@given(_PMF, _PMF)
def test_inverse_of_a_pair_tradeoff_is_the_swapped_pair(p, q):
    """T(P, Q)^{-1} = T(Q, P) (Dong, Roth, Su 2022, §2): the inverse is computed from the graph of
    T(P, Q) alone, the reference from the swapped pair by Neyman–Pearson."""
    P = [Fraction(a, sum(p)) for a in p]
    Q = [Fraction(b, sum(q)) for b in q]
    inv, ref = pair_tradeoff(P, Q).inverse(), pair_tradeoff(Q, P)
    xs = {a for a, _ in inv.vertices} | {a for a, _ in ref.vertices}
    assert all(inv(x) == ref(x) for x in xs)


def test_zcdp_says_which_width_it_reached():
    # the sup sits at alpha ~ 1.00008: the bisection's step budget ends before 1e-12 is reached
    m = pair_zcdp(["2/5", "3/5"], ["7/9", "2/9"])
    width = m.upper - m.lower
    if width <= Fraction(1, 10**12):
        assert "reached" in m.note
    else:
        assert "wider than the requested tolerance" in m.note and "step budget" in m.note


# -- item 7: a tampered witness is bad input (exit 1, typed), not "does not refute" (exit 3)

def test_replay_of_a_witness_with_a_parameter_deleted_is_a_typed_error(tmp_path, capsys):
    from counterexamples.archive import FOUND

    doc = json.loads((FOUND / "cuff2016.prop3--delta-prime-exceeds-delta.json").read_text())
    params = doc["instance"]["params"]
    params.pop(sorted(params)[0])
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc))
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("error: FormatError:") and "malformed witness" in err


# -- item 6: whole outputs or none

def test_report_into_an_unwritable_place_fails_before_any_work(tmp_path, monkeypatch, capsys):
    (tmp_path / "afile").write_text("")
    monkeypatch.chdir(tmp_path)
    import counterexamples.report as report_pkg

    def must_not_run(*a, **k):
        raise AssertionError("the bank ran although the output place is unwritable")

    monkeypatch.setattr(report_pkg, "run_bank", must_not_run)
    status = main(["report", "--only", "zhao2019.lemma1", "--out", "afile/r", "--no-tightness"])
    assert status == 1
    assert capsys.readouterr().err.startswith("error: OutputError:")


def test_a_staged_directory_replaces_the_old_one_whole(tmp_path):
    from exactpriv.io import StagedDirectory

    dest = tmp_path / "r"
    dest.mkdir()
    (dest / "old-page.html").write_text("old")
    staged = StagedDirectory(dest)
    work = staged.open()
    assert work.parent == tmp_path and work != dest and (dest / "old-page.html").exists()
    (work / "index.html").write_text("new")
    staged.commit()
    assert sorted(p.name for p in dest.iterdir()) == ["index.html"]  # no page of the earlier run survives
    assert [p.name for p in tmp_path.iterdir()] == ["r"]  # nothing left beside it


def test_an_interrupted_hunt_never_replaces_a_fuller_earlier_json(tmp_path, monkeypatch, capsys):
    import importlib

    hunt_mod = importlib.import_module("counterexamples.hunt_claim")  # where every hunt of a claim runs its shards
    earlier = tmp_path / "h.json"
    earlier.write_text(json.dumps([{"reading": f"r{k}"} for k in range(8)]))

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(hunt_mod, "hunt_reading", interrupted)
    status = main(["hunt", "cuff2016.lemma1", "--json", str(earlier), "--max-examples", "5"])
    assert status == 130
    assert len(json.loads(earlier.read_text())) == 8  # the earlier, complete result is kept
    partial = json.loads((tmp_path / "h.json.partial").read_text())
    assert partial["partial"] is True
    assert "is kept" in capsys.readouterr().err


# -- item 5: a Ctrl-C that lands in a gc callback or finaliser prints no traceback

_FINALISER = """
import gc
from exactpriv.cli._common import interrupt_protocol
class Interrupted:
    def __del__(self):
        raise KeyboardInterrupt
{body}
"""


def _stderr_of(body: str) -> str:
    import subprocess
    import sys

    # a fresh interpreter: pytest installs its own unraisable hook, which would hide what a user sees
    return subprocess.run([sys.executable, "-c", _FINALISER.format(body=body)], capture_output=True, text=True,
                          check=True).stderr


def test_an_interrupt_in_a_finaliser_is_not_printed():
    assert "Exception ignored" in _stderr_of("Interrupted(); gc.collect()")  # what Python prints unguarded
    assert _stderr_of("with interrupt_protocol():\n    Interrupted(); gc.collect()") == ""


# -- item 3: a worker that dies is a crashed check, named as such (not "budget exceeded", not exit 0)

def test_a_reading_whose_worker_dies_is_a_crashed_check(tmp_path, monkeypatch, capsys):
    bank = _bank(tmp_path, 'import os\nCLAIMS = [Claim("mine.dies", "t", "s", "q", "implication",\n'
                           '    readings=[Reading("literal", "s", prove=lambda: os._exit(3))])]\n')
    monkeypatch.chdir(tmp_path)
    status = main(["verify", bank, "--all"])
    out = capsys.readouterr().out
    assert status == 1
    assert "crashed check" in out and "worker process died" in out
    assert "budget" not in out and "time limit" not in out
