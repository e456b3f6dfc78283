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
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "x"}]))
    code = (f"from exactpriv.cli import main\ntry:\n    main(['check', {str(bad)!r}])\nexcept SystemExit:\n    pass")
    loaded = _loaded(code)
    # the command line's own dispatch and error modules are allowed; nothing that computes
    assert [m for m in loaded if not m.startswith(("exactpriv.cli", "exactpriv.errors", "exactpriv.exact.budget"))
            and m != "exactpriv.exact"] == []
    assert not [m for m in loaded if m.startswith("sympy")]
