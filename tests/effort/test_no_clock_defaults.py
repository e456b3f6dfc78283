"""No proof or decision path of the library has a time limit by default (issue 19: the effort decides, the clock
only stops).  A 10 s default on the reduction prover's family proof turned PROVED into a search under load; this
scan finds any such default (a parameter ``seconds``/``max_seconds``/``time_limit`` whose default is a number, or a
module constant ``DEFAULT_SECONDS`` that is not None) outside the two safety nets that only stop and say so."""

from __future__ import annotations

import ast
from pathlib import Path

import exactpriv

ROOT = Path(exactpriv.__file__).parent
#: time limits that only stop work and report STOPPED: reading a file, and the `measure` command as a whole
SAFETY_NETS = {"io.py", "cli/measure.py"}
NAMES = {"seconds", "max_seconds", "time_limit"}


def _constant(node, names: dict) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id, "unknown")
    return "expression"


def _clock_defaults(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    consts = {t.id: _constant(n.value, {}) for n in tree.body if isinstance(n, ast.Assign)
              for t in n.targets if isinstance(t, ast.Name)}
    found = [f"{name} = {value!r}" for name, value in consts.items()
             if name == "DEFAULT_SECONDS" and value is not None]
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        a = fn.args
        pos = a.posonlyargs + a.args
        pairs = list(zip(pos[len(pos) - len(a.defaults):], a.defaults)) + list(zip(a.kwonlyargs, a.kw_defaults))
        for arg, default in pairs:
            if arg.arg in NAMES and default is not None:
                value = _constant(default, consts)
                if value is not None and value != "unknown":  # imported names are checked where they live
                    found.append(f"{fn.name}({arg.arg}={ast.unparse(default)})")
    return found


def test_no_decision_path_has_a_time_limit_by_default():
    offenders = {}
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel in SAFETY_NETS:
            continue
        found = _clock_defaults(path)
        if found:
            offenders[rel] = found
    assert not offenders, offenders


def test_the_scan_sees_a_clock_default(tmp_path):
    """The scan is not vacuous: the reduction prover's old default is found."""
    bad = tmp_path / "bad.py"
    bad.write_text("DEFAULT_SECONDS = 10.0\n\ndef prove(x, *, seconds: float = DEFAULT_SECONDS):\n    pass\n\n"
                   "def hunt(x, seconds=20):\n    pass\n")
    assert _clock_defaults(bad) == ["DEFAULT_SECONDS = 10.0", "prove(seconds=DEFAULT_SECONDS)",
                                    "hunt(seconds=20)"]
