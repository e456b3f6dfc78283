"""Every Python block of docs/*.md (and of the README) runs, in order, in one namespace per page.

The blocks use ``assert`` to state what they show, so a page whose example no longer does what it says fails
here.  Only our own documentation is executed (never user or file content).
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "docs").glob("api/*.md")) + [ROOT / "README.md"]
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
    for page in [*(ROOT / "docs").glob("*.md"), *(ROOT / "docs").glob("api/*.md"), ROOT / "docs" / "tutorial.ipynb"]:
        assert page.name in nav, f"{page.name} is not in mkdocs.yml's nav"


def test_mkdocs_build_strict(tmp_path):
    """The site builds with no warning: every page in the nav, every cross-reference of the API reference
    (rendered from the docstrings) resolved, the tutorial notebook converted.  Run from a scratch directory so
    the notebook plugin's cache stays out of the checkout."""
    for module in ("mkdocs", "mkdocstrings_handlers.python", "mkdocs_jupyter"):
        pytest.importorskip(module, reason="the docs extra (also in the test extra) installs the site's builders")
    site = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(site)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    api = (site / "api" / "mechanisms" / "index.html").read_text(encoding="utf-8")
    assert "AnyMechanism" in api and "k_fold" in api and "Subsets" in api
    claims = (site / "api" / "claims" / "index.html").read_text(encoding="utf-8")
    assert "tightness_claim" in claims and "Paper" in claims
    tutorial = (site / "tutorial" / "index.html").read_text(encoding="utf-8")
    assert "log(3)/2" in tutorial  # a stored output of the executed notebook, shown on the site
    classics = (site / "classics" / "index.html").read_text(encoding="utf-8")
    assert "dworkroth2014.rr" in classics and "Pinsker" in classics  # the bank's modules rendered as examples


def test_tutorial_notebook_is_stored_executed():
    """The site shows the notebook's stored outputs (mkdocs-jupyter, execute: false), so every code cell must
    carry them; tests/test_tutorial_notebook.py re-executes the notebook and checks they are still what it says."""
    nb = json.loads((ROOT / "docs" / "tutorial.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c.get("execution_count") for c in code)
