"""The reference evaluator is independent of the fast measures: no module of
exactpriv.measures.reference imports a fast measure module (HELPERS.md layers; issue 9)."""

import ast
from pathlib import Path

import exactpriv.measures.reference as ref

PKG = Path(ref.__file__).parent


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_no_fast_measure_module_is_imported():
    bad = []
    for path in sorted(PKG.glob("*.py")):
        for mod in _imports(path):
            if mod.startswith("exactpriv.measures") and not mod.startswith("exactpriv.measures.reference"):
                bad.append(f"{path.name}: {mod}")
    assert not bad, bad


def test_every_registered_notion_has_a_reference():
    from exactpriv.measures import REGISTRY

    assert set(ref.REFERENCE) == set(REGISTRY)
