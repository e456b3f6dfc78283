"""Every Python block of docs/*.md (and of the README) runs, in order, in one namespace per page.

The blocks use ``assert`` to state what they show, so a page whose example no longer does what it says fails
here.  Only our own documentation is executed (never user or file content).
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_python_blocks_run(page, tmp_path, monkeypatch):
    blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
    if page.parent.name == "docs" and page.name not in ("install.md", "index.md"):
        assert blocks, f"{page.name} has no runnable example"
    monkeypatch.chdir(tmp_path)  # examples that write files write here
    namespace: dict = {"__name__": f"docs_{page.stem}"}
    for k, code in enumerate(blocks):
        try:
            exec(compile(code, f"{page.name}[block {k}]", "exec"), namespace)  # our own docs, not user input
        except Exception as exc:
            raise AssertionError(f"{page.name}, block {k} fails: {type(exc).__name__}: {exc}\n{code}") from exc


def test_mkdocs_navigation_lists_every_page():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        assert page.name in nav, f"{page.name} is not in mkdocs.yml's nav"
