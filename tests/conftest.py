"""Test configuration.

BLAS threads: on the 2-core machines this project runs on, multithreaded OpenBLAS made
729x729 matrix-vector products 10x slower under load (measured while building the capacity
code), so the tests pin BLAS to one thread before numpy is imported.

Assertion rewriting: pytest rewrites the ``assert`` statements of test modules (kept) and of every module of
every distribution that registers a ``pytest11`` plugin.  For exactpriv (its bank-file plugin) and hypothesis
that is the whole library, ~80k lines re-parsed and re-walked in Python by each pytest process (both xdist
workers and every pytest run in a subprocess), about 1.5 s of CPU each when the bytecode cache is off
(PYTHONDONTWRITEBYTECODE, or a fresh clone), for asserts no test looks into.  The marks are narrowed
to the plugin modules themselves before any test module imports the library.

Garbage collection: after collection a pytest process holds a large heap that lives to the end (the library,
sympy, the test modules and their parameters).  Python's full collections re-scan all of it over and over
(~6% of a worker's CPU, measured on tests/measures + tests/exact); it is frozen once collected
(:func:`gc.freeze`), and full collections of what the tests allocate come ten times less often; at the end of
the session the survivors are frozen too, after one collection (:func:`pytest_unconfigure`).  Nothing the tests
compute depends on when garbage is collected.
"""

import gc
import os
import sys

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

#: distributions whose pytest plugin makes pytest rewrite all their modules -> the plugin modules to keep rewriting
_PLUGIN_PACKAGES = {"exactpriv": ("exactpriv.testing",), "theorems": (), "counterexamples": (),
                    "exactpriv_launcher": (), "hypothesis": ()}


def _rewrite_only_the_plugins() -> None:
    from _pytest.assertion.rewrite import AssertionRewritingHook

    for hook in sys.meta_path:
        marked = getattr(hook, "_must_rewrite", None)
        if isinstance(hook, AssertionRewritingHook) and isinstance(marked, set):  # else: pytest changed; no harm
            for name, keep in _PLUGIN_PACKAGES.items():
                if name in marked:
                    marked.discard(name)
                    marked.update(keep)
            getattr(hook, "_marked_for_rewrite_cache", {}).clear()


_rewrite_only_the_plugins()


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


def pytest_unconfigure(config):
    # pytest ends each process with five full collections (to report exceptions raised in finalisers of garbage
    # cycles), each re-scanning everything the tests left alive (caches: ~0.2-0.7 s apiece).  One collection
    # finalises that garbage; freezing the survivors leaves the five nothing to scan.  Under xdist this is the
    # end of every worker's run, which the whole run waits for; on a saturated machine it can outlast the 5 s
    # execnet waits for a worker to end before sending it SIGINT (once seen landing in hypothesis' gc callback).
    gc.collect()
    gc.freeze()


# ---------------------------------------------------------------- user bank files under pytest, in one fresh run
#: the bank files of tests/user_bank that tests run as a user would (`pytest my_claims.py` in a fresh interpreter)
USER_BANK_FILES = ("outside_claims.py", "family_claims.py", "family_defs.py", "option_claims.py", "program_claims.py")


class BankFilesUnderPytest:
    """The output of one ``python -m pytest`` over the user bank files: outcomes per file and the report's lines."""

    def __init__(self, returncode: int, stdout: str):
        self.returncode, self.stdout = returncode, stdout

    def outcomes(self, file: str) -> dict[str, int]:
        """{"passed": n, "failed": m, ...} of the items of one bank file (its collection error counts as "error")."""
        import re

        out: dict[str, int] = {}
        for word, name in re.findall(r"^(PASSED|FAILED|ERROR|XFAIL|XPASS) ([^\s:]+\.py)\b", self.stdout, re.M):
            if name == file:
                out[word.lower()] = out.get(word.lower(), 0) + 1
        return out

    @property
    def lines(self) -> pytest.LineMatcher:
        return pytest.LineMatcher(self.stdout.splitlines())


def _run_bank_files(directory) -> dict:
    import shutil
    import subprocess
    from pathlib import Path

    here = Path(__file__).resolve().parent
    directory.mkdir(parents=True, exist_ok=True)
    for name in USER_BANK_FILES:
        shutil.copy(here / "user_bank" / name, directory / name)
    env = dict(os.environ, PYTHONPATH=str(here.parent))  # this checkout, not whatever copy is installed
    files = [n for n in USER_BANK_FILES if n != "family_defs.py"]
    out = subprocess.run([sys.executable, "-m", "pytest", *files, "-p", "no:cacheprovider", "-rA", "-q"],
                         cwd=directory, env=env, capture_output=True, text=True, timeout=900)
    return {"returncode": out.returncode, "stdout": out.stdout + out.stderr}


@pytest.fixture(scope="session")
def bank_files_under_pytest(tmp_path_factory, request) -> BankFilesUnderPytest:
    """One ``python -m pytest`` in a fresh interpreter over every bank file of tests/user_bank, shared by the tests
    of the pytest plugin (test_user_bank, cli/test_bank_option, the programs bank): each fresh pytest costs an
    interpreter and an import of the engine (~2-3 s of CPU); the files' readings are the same either way.  Under
    xdist the workers share the run through a file in the session's common temporary directory."""
    import json

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if hasattr(request.config, "workerinput") else base  # xdist: pytest-N/, shared by workers
    result = shared / "bank-files-under-pytest.json"
    try:
        import fcntl
    except ImportError:  # no flock: each process runs its own
        fcntl = None
    with open(shared / "bank-files-under-pytest.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if not result.exists():
            result.write_text(json.dumps(_run_bank_files(shared / "bank-files-under-pytest")))
        data = json.loads(result.read_text())
    return BankFilesUnderPytest(data["returncode"], data["stdout"])
