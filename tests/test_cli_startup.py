"""The command line parses its arguments before the engine loads (issue 24): ``--version``, ``--help`` and
an argument error import no sympy, flint, numpy, hypothesis, bank or counterexamples module — each is a
fresh interpreter, as a user's shell starts one.  (What they cost is measured in bench/, never here.)"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("sympy", "flint", "numpy", "hypothesis", "theorems", "counterexamples", "scipy", "mpmath")

_PROBE = """
import json, sys
args, watched = json.loads(sys.argv[1]), set(json.loads(sys.argv[2]))
sys.argv = ["exactpriv"] + args
try:
    from exactpriv.cli import main
    code = main()
except SystemExit as e:
    code = e.code
heavy = sorted({m.split(".")[0] for m in sys.modules} & watched)
sys.stdout.flush()
sys.__stdout__.write("\\nPROBE " + json.dumps({"code": code, "heavy": heavy}) + "\\n")
"""


def _probe(args):
    run = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args), json.dumps(HEAVY)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    line = [x for x in run.stdout.splitlines() if x.startswith("PROBE ")][-1]
    return json.loads(line[6:]), run


@pytest.mark.parametrize("args,code", [(["--version"], 0), (["--help"], 0), (["verify", "--bogus"], 2),
                                        (["measure", "--help"], 0), (["prove", "--max-prec", "x", "1<2"], 2),
                                        ([], 2)], ids=str)
def test_parsing_loads_no_engine(args, code):
    got, run = _probe(args)
    assert got["code"] == code, run.stderr
    assert got["heavy"] == [], f"exactpriv {' '.join(args)} imported {got['heavy']} before running a command"


def test_a_command_still_loads_what_it_needs():
    """The probe sees imports (not a vacuous pass): running a command does load the engine."""
    got, run = _probe(["prove", "eps >= 0", "--domain", "[0, 1]"])
    assert got["code"] == 0, run.stderr
    assert "sympy" in got["heavy"]
