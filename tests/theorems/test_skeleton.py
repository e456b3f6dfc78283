"""Every paper package of the built-in bank has one skeleton.

* the same file names for the same roles: ``definitions`` (the paper's definitions), ``instances`` (the instance
  families), ``measured`` (the quantities its claims compare), ``steps`` (how a check's exact steps combine), and
  the claims by section;
* each ``Claim`` is a module-level constant standing directly after the checks only it uses (statement beside
  proof: a reader finds a claim's check just above it);
* each module's docstring opens with a one-line summary of what the file proves (or, for a shared module, holds);
* names shared between a paper's modules are public (no ``from theorems.<paper>.x import _name``).

The source is read with :mod:`ast`; nothing is imported.
"""

import ast
from pathlib import Path

import pytest

THEOREMS = Path(__file__).resolve().parents[2] / "theorems"


def _is_paper(package: Path) -> bool:
    """A package of one paper names its claims after itself (``zhao2019.thm1_fwd``); the banks of standard results
    from many sources (``classics``, ``programs``) name each claim after its own source and are declarative."""
    return (package / "__init__.py").exists() and any(f'"{package.name}.' in f.read_text(encoding="utf-8")
                                                       for f in package.glob("*.py"))


#: the papers with checks of their own
PAPERS = sorted(p.name for p in THEOREMS.iterdir() if p.is_dir() and _is_paper(p))
ROLES = ("definitions", "instances", "measured", "steps")
MODULES = sorted(p for p in THEOREMS.rglob("*.py"))


def test_the_papers_are_found():
    assert {"cuff2016", "identitydp", "li2013", "wang2016", "zhao2019"} <= set(PAPERS)
    assert "classics" not in PAPERS


@pytest.mark.parametrize("paper", PAPERS)
def test_same_file_names_for_the_same_roles(paper):
    missing = [r for r in ROLES if not (THEOREMS / paper / f"{r}.py").exists()]
    assert not missing, f"theorems/{paper} has no {', '.join(m + '.py' for m in missing)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(THEOREMS)))
def test_docstring_opens_with_a_one_line_summary(path):
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
    assert doc and doc.strip(), f"{path.name} has no module docstring"
    lines = doc.splitlines()
    assert len(lines) == 1 or not lines[1].strip(), \
        f"{path.name}: the docstring's first line must be the whole summary (a blank line follows it): {lines[0]!r}"


def _is_claim(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Claim"


def _claims_not_beside_their_checks(path: Path) -> list[str]:
    """Claims that are not module-level ``NAME = Claim(...)`` constants, or whose own checks (top-level
    definitions no other claim uses, directly or through other definitions) do not stand between the previous
    claim and it."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    defined, claims, bad = {}, [], []
    for k, st in enumerate(body):
        if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
            defined[st.name] = k
        elif isinstance(st, (ast.Assign, ast.AnnAssign)):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if _is_claim(st.value):
                claims.append((names[0], k))
            elif isinstance(st.value, ast.List) and any(_is_claim(e) for e in st.value.elts):
                bad.append(f"{names[0]} holds Claim(...) calls: give each claim a constant of its own")
            else:
                defined.update((n, k) for n in names)
    uses = {k: {defined[n.id] for n in ast.walk(body[k]) if isinstance(n, ast.Name) and n.id in defined} - {k}
            for k in set(defined.values()) | {k for _, k in claims}}
    users: dict[int, set[int]] = {}
    for _, k in claims:
        seen, todo = set(), list(uses[k])
        while todo:
            j = todo.pop()
            if j not in seen:
                seen.add(j)
                todo.extend(uses[j] - seen)
        for j in seen:
            users.setdefault(j, set()).add(k)
    for k, st in enumerate(body):  # a definition other module-level code uses is shared, not a claim's own
        own_code = k in users or k in {c for _, c in claims} or isinstance(st, (ast.FunctionDef, ast.ClassDef))
        if not own_code:
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and n.id in defined:
                    users.setdefault(defined[n.id], set()).add(-1)
    previous = -1
    for name, k in claims:
        far = sorted(body[j].name if hasattr(body[j], "name") else f"line {body[j].lineno}"
                     for j, u in users.items() if u == {k} and not previous < j < k)
        if far:
            bad.append(f"{name}: its own checks {far} do not stand directly above it")
        previous = k
    return bad


@pytest.mark.parametrize("path", [p for p in MODULES if p.parent.name in PAPERS],
                         ids=lambda p: str(p.relative_to(THEOREMS)))
def test_each_claim_stands_beside_its_check(path):
    bad = _claims_not_beside_their_checks(path)
    assert not bad, f"{path.relative_to(THEOREMS)}:\n" + "\n".join(bad)


def test_the_beside_check_can_fail(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Doc."""\n\n\ndef check_a(i):\n    return i\n\n\ndef check_b(i):\n    return i\n\n\n'
                      'A = Claim("a", check_a)\nB = Claim("b", check_b)\n')
    assert _claims_not_beside_their_checks(module) == ["B: its own checks ['check_b'] do not stand directly above it"]
    module.write_text('"""Doc."""\n\n\ndef check_a(i):\n    return i\n\n\nCLAIMS = [Claim("a", check_a)]\n')
    assert _claims_not_beside_their_checks(module)[0].startswith("CLAIMS holds Claim(...) calls")


def test_no_private_name_is_shared_between_a_papers_modules():
    found = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("theorems"):
                found += [f"{path.relative_to(THEOREMS)} imports {a.name} from {node.module}"
                          for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert not found, "\n".join(found)
