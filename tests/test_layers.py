"""The package layers point one way, and no two modules import each other (directly or in a cycle).

Every ``import`` statement counts, including those inside functions: a lazy import of a higher layer is
still an upward dependency.  The graph is built with :mod:`ast` (nothing is imported) and checked with
networkx.
"""

import ast
import functools
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("exactpriv", "theorems", "counterexamples")

#: module-name prefix -> layer (longest prefix wins); lower layers never import higher ones
LAYERS = {
    "exactpriv.errors": 0,
    "exactpriv.version": 0,
    "exactpriv.files": 0,
    "exactpriv.effort": 0,
    "exactpriv.exact": 0,
    "exactpriv.certify": 0,
    "exactpriv.spaces": 1,
    "exactpriv.distributions": 1,
    "exactpriv.mechanisms": 1,
    "exactpriv.measures": 2,
    "exactpriv.object_json": 2,
    "exactpriv.claims": 3,
    "exactpriv.forall": 3,
    "exactpriv.reductions": 3,
    "exactpriv.io": 3.5,  # reads and writes files of the objects below it, claim instances included
    "exactpriv.testing": 3,
    "exactpriv": 3,  # the package's public surface
    "theorems": 4,
    "counterexamples": 5,
    "exactpriv.cli": 6,
    "exactpriv.__main__": 6,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            out[_module_name(path)] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The most specific project module that ``name`` refers to (None: not a project module)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The parsed source of one module: parsed once per process (the graph and the private-name scans share it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", autouse=True)
def _forget_the_trees():
    """The parsed sources (~1.5 M AST nodes) are dropped once this module's tests are done: kept alive, they made
    every later full garbage collection of the pytest process scan them again."""
    yield
    _tree.cache_clear()


def _imports(mod: str, path: Path) -> set[str]:
    tree = _tree(path)
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = mod.split(".")
                base = base[: len(base) - node.level + (1 if is_pkg else 0)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{a.name}" for a in node.names] + [prefix]
            # "from pkg import name": name is a submodule or an attribute of pkg
            targets = [t for t in targets if t in MODULES] or [prefix]
        else:
            continue
        for t in targets:
            r = _resolve(t)
            if r is not None and r != mod:
                out.add(r)
    return out


def _layer(mod: str) -> int:
    best = max((p for p in LAYERS if mod == p or mod.startswith(p + ".")), key=len)
    return LAYERS[best]


@functools.cache
def _graph() -> nx.DiGraph:
    """The import graph, built when a test first needs it (not at collection: every pytest process collects this
    file, and building it parses every module)."""
    graph = nx.DiGraph()
    for m, p in MODULES.items():
        graph.add_node(m)
        for t in _imports(m, p):
            graph.add_edge(m, t)
    return graph


def _is_package_reexport(a: str, b: str) -> bool:
    # a package's __init__ re-exporting its own submodules is not a cycle of concepts
    return b.startswith(a + ".") and (MODULES[a].name == "__init__.py")


def test_no_upward_imports():
    bad = sorted(f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
                 for a, b in _graph().edges if _layer(b) > _layer(a))
    assert not bad, "upward imports:\n" + "\n".join(bad)


def test_no_import_cycles():
    G = nx.DiGraph((a, b) for a, b in _graph().edges if not _is_package_reexport(a, b))
    cycles = list(nx.simple_cycles(G, length_bound=6))
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c + [c[0]]) for c in cycles[:20])


@pytest.mark.parametrize("mod", ["exactpriv", "exactpriv.claims.banks", "exactpriv.measures"])
def test_library_never_names_the_builtin_bank(mod):
    assert not any(t.startswith(("theorems", "counterexamples")) for t in _graph().successors(mod))


def test_graph_is_not_empty():
    assert _graph().number_of_nodes() > 50 and _graph().number_of_edges() > 100


def _package(mod: str) -> str:
    """The package a module belongs to (a package's own ``__init__`` belongs to that package)."""
    return mod if MODULES[mod].name == "__init__.py" else mod.rpartition(".")[0]


@functools.cache
def _private_imports() -> tuple[tuple[str, str, str], ...]:
    """(importer, name, owner) of every ``from X import _name`` where X (or the submodule ``X._name``) is another
    project module than the importer."""
    found = []
    for mod, path in MODULES.items():
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(_tree(path)):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = mod.split(".")
                base = base[: len(base) - node.level + (1 if is_pkg else 0)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source not in MODULES:
                continue
            for alias in node.names:
                name = alias.name
                if not name.startswith("_") or name.startswith("__"):
                    continue
                owner = f"{source}.{name}" if f"{source}.{name}" in MODULES else source
                if owner != mod:
                    found.append((mod, name, owner))
    return tuple(sorted(found))


def test_no_private_name_is_imported_across_packages():
    """A name shared between packages is public, in a module named for what it does."""
    found = [f"{m} imports {n} from {o}" for m, n, o in _private_imports() if _package(o) != _package(m)]
    assert not found, f"{len(found)} private names imported across packages:\n" + "\n".join(found)


#: private names one module may still take from another, each with the reason
PRIVATE_IMPORT_EXCEPTIONS: dict = {}


def test_no_private_name_is_imported_between_modules():
    """A name another module uses is part of its package's internal API: it has a real name (and a docstring),
    or the code lives where it is used.  The exceptions above say why they stay."""
    found = [f"{m} imports {n} from {o}" for m, n, o in _private_imports()
             if (m, n, o) not in PRIVATE_IMPORT_EXCEPTIONS]
    assert not found, f"{len(found)} private names imported from another module:\n" + "\n".join(found)
    stale = set(PRIVATE_IMPORT_EXCEPTIONS) - set(_private_imports())
    assert not stale, f"exceptions that no longer occur (remove them): {sorted(stale)}"


#: inside measures/, what every floor may use: the measured-value type and the argument checks
MEASURE_BASICS = ("exactpriv.measures.result", "exactpriv.measures.arguments")


def _measures_edges(prefix: str) -> list[tuple[str, str]]:
    return [(a, b) for a, b in _graph().edges if (a == prefix or a.startswith(prefix + "."))
            and b.startswith("exactpriv.measures") and b not in MEASURE_BASICS]


def test_engines_stand_below_the_notions():
    """measures/engines computes, the notion modules above it say what is computed: an engine imports other
    engines and the measured-value type, never a notion (not even inside a function)."""
    bad = sorted(f"{a} imports {b}" for a, b in _measures_edges("exactpriv.measures.engines")
                 if not b.startswith("exactpriv.measures.engines"))
    assert not bad, "engines importing notions:\n" + "\n".join(bad)


def test_the_reference_evaluator_stands_apart():
    """measures/reference is the plain second computation of the differential tests: it uses no engine and no
    notion, so a fault there cannot hide the same fault in the fast path."""
    bad = sorted(f"{a} imports {b}" for a, b in _measures_edges("exactpriv.measures.reference")
                 if not b.startswith("exactpriv.measures.reference"))
    assert not bad, "the reference evaluator imports measures code:\n" + "\n".join(bad)
    assert _measures_edges("exactpriv.measures.reference"), "the reference evaluator's own imports were not found"
