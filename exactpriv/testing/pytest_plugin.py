"""pytest plugin: a bank file's readings as test items, so ``pytest my_claims.py`` is a theorem regression suite.

A file is collected as a bank when it is named on the command line and is not a test module
(``test_*.py`` / ``*_test.py``), or when it matches a glob of the ini option ``exactpriv_banks``, and it
defines ``CLAIMS`` or ``BANK`` at top level.  Each reading becomes one item:

* with an expected verdict (``Reading.expected``), the item passes when the verdict equals it;
* without one, it passes when the reading is PROVED or CHECKED (a claim is expected to hold).

A failure shows the verdict, the evidence and the exact witness (:func:`exactpriv.testing.describe_result`).
"""

from __future__ import annotations

import ast
import fnmatch
from pathlib import Path

import pytest

# The engine is imported when a bank file is collected, not when pytest loads this plugin: pytest loads it through
# its entry point in every session of every project where exactpriv is installed (the xdist controller included),
# and most of those sessions collect no bank.

__all__ = ["BankFile", "ReadingItem"]


def pytest_addoption(parser):
    parser.addini("exactpriv_banks", "glob patterns of claim-bank files to collect as tests", type="args",
                  default=[])


def _declares_claims(path: Path) -> bool:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return False
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id in ("CLAIMS", "BANK") for t in targets):
            return True
    return False


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix != ".py":
        return None
    name = file_path.name
    is_test_module = name.startswith("test_") or name.endswith("_test.py")
    explicit = parent.session.isinitpath(file_path) and not is_test_module
    patterns = parent.config.getini("exactpriv_banks")
    rel = str(file_path.relative_to(parent.config.rootpath)) if file_path.is_relative_to(
        parent.config.rootpath) else str(file_path)
    listed = any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in patterns)
    if (explicit or listed) and _declares_claims(file_path):
        return BankFile.from_parent(parent, path=file_path)
    return None


class BankFile(pytest.File):
    """A claim-bank file: one item per reading."""

    def collect(self):
        from exactpriv.claims.banks import load_bank

        bank = load_bank(str(self.path))
        for claim in bank.claims():
            if not claim.encodable:
                continue
            for reading in claim.readings:
                yield ReadingItem.from_parent(self, name=f"{claim.id}[{reading.name}]", claim=claim, reading=reading)


class ReadingItem(pytest.Item):
    """One reading of a claim, checked with :func:`exactpriv.claims.check_reading`."""

    def __init__(self, *, claim, reading, **kw):
        super().__init__(**kw)
        self.claim, self.reading = claim, reading
        self.result = None

    def runtest(self):
        from exactpriv.claims.check import check_reading
        from exactpriv.claims.verdicts import Verdict
        from exactpriv.testing import describe_result

        self.result = res = check_reading(self.claim, self.reading)
        expected = self.reading.expected
        ok = res.verdict is expected if expected is not None else res.verdict in (Verdict.PROVED, Verdict.CHECKED)
        if not ok:
            want = expected.value if expected is not None else "PROVED or CHECKED"
            raise ReadingFailed(f"expected {want}, got {res.verdict.value}\n" + describe_result(res))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ReadingFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.claim.id} [{self.reading.name}]"


class ReadingFailed(Exception):
    """A reading's verdict is not the expected one."""
