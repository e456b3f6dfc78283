"""The checker trusts nothing else: importing it (and running `exactpriv check`) loads no sympy and no other
exactpriv module, in a fresh interpreter."""

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
{imports}
bad = sorted(m for m in sys.modules if m == "sympy" or m.startswith("sympy.")
             or (m.startswith("exactpriv.") and not m.startswith("exactpriv.checker")))
print(repr(bad))
"""


def _loaded(imports: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(imports=imports)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    return ast.literal_eval(out.stdout.strip().splitlines()[-1])


def test_importing_the_checker_loads_no_sympy_and_no_other_exactpriv_module():
    assert _loaded("import exactpriv.checker\nimport exactpriv.checker.verdicts\nimport exactpriv.checker.notions\n"
                   "import exactpriv.checker.statements") == []


def test_the_check_command_loads_no_sympy_and_no_engine(tmp_path):
    """Both entry points (the console script's launcher and python -m exactpriv) run check without the engine."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "x"}]))
    launcher = (f"import sys\nsys.argv = ['exactpriv', 'check', {str(bad)!r}]\nfrom exactpriv_launcher import main\n"
                f"assert main() == 1")
    assert _loaded(launcher) == []
    runpy = (f"import sys, runpy\nsys.argv = ['exactpriv', 'check', {str(bad)!r}]\ntry:\n"
             f"    runpy.run_module('exactpriv', run_name='__main__')\nexcept SystemExit as e:\n    assert e.code == 1")
    assert _loaded(runpy) == []
