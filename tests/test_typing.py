"""The public API is typed: ``mypy --strict`` passes on a user script made of the README's Python examples
and fails, line by line, on a script that misuses the API (mypy's command line, ``python -m mypy``).

mypy runs in a fresh interpreter, not in-process through ``mypy.api.run``: mypy 2 keeps every module it
analysed in a process-wide state after ``api.run`` returns (~1.8 M objects for the ~1,300 modules a cold run
reads).  In the pytest worker that ran it, every later full garbage collection then re-scanned them, ~1.7 s
each, and pytest ends a session with five: ~14 s of CPU on one worker, at the end of the run.

mypy runs exactly as a user runs it after the README's install (``pip install -e . --config-settings
editable_mode=compat``): that install writes one ``.pth`` file naming the checkout into site-packages, and
nothing else mypy looks at.  The test builds a virtual environment holding that same ``.pth`` file (instead
of running pip, which needs the network for its build backend) and points mypy at its interpreter: no
``MYPYPATH``, no ``--follow-imports``; the library's modules are analysed as an installed, typed package
(``py.typed``), so only the user's files are reported."""

import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="the test extra installs mypy")

ROOT = Path(__file__).resolve().parents[1]

BROKEN = '''\
from counterexamples import conjecture
from exactpriv import Prior, ProductMechanism, Subsets, Verdict, kl_dp, prove, randomized_response
from exactpriv.claims import implication_claim, randomized_responses

M = randomized_response(2, p="3/4")
kl_dp("not a mechanism")
prove(3, domain="(0, 1]")
conjecture(given="pure_dp", measure="kl_dp")
v: int = prove("eps >= 0", domain="[0, 1]").verdict
w: Verdict = M
implication_claim("x", given=3, measure="kl_dp", bound="eps", families=[randomized_responses([2])])
Prior([1, 2], ["1/2", "1/2"])
ProductMechanism([M, "not a mechanism"])
Subsets(3)
from exactpriv import k_fold  # k_fold lives in exactpriv.mechanisms: an error, never a silent Any
'''

#: a user's bank module that uses the typed constructors and the one type of every mechanism kind
TYPED = '''\
import theorems
from exactpriv import AnyMechanism, Bounded, GraphSpace, Hamming, Subsets, pure_dp, randomized_response
from exactpriv.mechanisms import compose, k_fold


def audit(m: AnyMechanism) -> str:
    return str(pure_dp(m).value)


M = randomized_response(2, p="3/4")
audits = [audit(M), audit(k_fold(M, 2)), audit(compose([M, M]))]
spaces = [Subsets([1, 2, 3]), Bounded(["a", "b", "c"], 2), GraphSpace.from_edges([0, 1], [(0, 1)]),
          Hamming.product([[0, 1], [0, 1, 2]]), Hamming([0, 1], 3)]
'''
#: line of BROKEN -> what mypy must say there
EXPECTED = {6: "kl_dp", 7: '"prove" has incompatible type "int"', 8: 'Missing named argument "bound"',
            9: '"Verdict", variable has type "int"', 10: '"Mechanism", variable has type "Verdict"',
            11: 'Argument "given" to "implication_claim"', 12: 'Argument 1 to "Prior"',
            13: 'List item 1 has incompatible type "str"; expected "Mechanism"',
            14: 'Argument 1 to "Subsets" has incompatible type "int"',
            15: 'Module "exactpriv" has no attribute "k_fold"'}


def _readme_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def test_packages_ship_py_typed():
    for package in ("exactpriv", "counterexamples", "theorems"):
        assert (ROOT / package / "py.typed").exists(), package
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for package in ("exactpriv", "counterexamples", "theorems"):
        assert re.search(rf'^{package} = \[[^]]*"py.typed"', pyproject, re.M), package


def test_readme_install_is_the_one_mypy_can_follow():
    install = re.findall(r"^pip install -e (.*)$", (ROOT / "README.md").read_text(encoding="utf-8"), re.M)
    assert install and all("--config-settings editable_mode=compat" in line for line in install), install


def _compat_install(tmp_path: Path) -> str:
    """A venv whose site-packages holds what ``pip install -e . --config-settings editable_mode=compat``
    writes for mypy to see: a .pth file naming the checkout.  Returns the venv's interpreter."""
    env = tmp_path / "venv"
    venv.create(env, system_site_packages=True, with_pip=False)
    python = env / "bin" / "python"
    site = next(env.glob("lib/python3*/site-packages"))
    (site / "__editable__.exactpriv-0.1.0.pth").write_text(f"{ROOT}\n", encoding="utf-8")
    return str(python)


def test_mypy_strict_passes_on_the_readme_examples_and_catches_misuse(tmp_path, monkeypatch):
    blocks = _readme_blocks()
    assert len(blocks) >= 2 and "randomized_response" in blocks[0] and "implication_claim" in blocks[1]
    for k, block in enumerate(blocks):
        (tmp_path / f"readme_example_{k}.py").write_text(block, encoding="utf-8")
    (tmp_path / "broken.py").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "typed_bank.py").write_text(TYPED, encoding="utf-8")
    python = _compat_install(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MYPYPATH", raising=False)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    files = [f"readme_example_{k}.py" for k in range(len(blocks))] + ["typed_bank.py", "broken.py"]
    # mypy's incremental cache kept in the checkout's ignored .cache/ (not in tmp_path): a fresh clone pays the
    # whole analysis of the library once (7.5 s CPU), every later run only what changed (0.2 s).  mypy
    # fingerprints every module it reads, so a cache never hides an error in changed code; it does not depend
    # on the venv's path either (measured: the same answer from another venv with the cache of the first)
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--python-executable", python, "--cache-dir",
                          str(ROOT / ".cache" / "mypy"), "--no-error-summary", *files],
                         capture_output=True, text=True, timeout=900)  # a hang guard, not a timing assertion
    out, err, status = run.stdout, run.stderr, run.returncode
    lines = [ln for ln in out.splitlines() if ": error:" in ln]
    assert not [ln for ln in lines if not ln.startswith("broken.py")], out + err
    for line_no, text in EXPECTED.items():
        assert any(ln.startswith(f"broken.py:{line_no}:") and text in ln for ln in lines), (line_no, out + err)
    assert status == 1
