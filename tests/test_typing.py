"""The public API is typed: ``mypy --strict`` passes on a user script made of the README's Python examples
and fails, line by line, on a script that misuses the API (mypy's own API, ``mypy.api.run``).

``--follow-imports=silent`` is how mypy treats an installed package (its modules are analysed for their
types, their own errors are not reported); the checkout is put on mypy's path because an editable install's
import hook is invisible to mypy."""

import re
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="the test extra installs mypy")

ROOT = Path(__file__).resolve().parents[1]

BROKEN = '''\
from counterexamples import conjecture
from exactpriv import Prior, ProductMechanism, Verdict, kl_dp, prove, randomized_response
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
'''
#: line of BROKEN -> what mypy must say there
EXPECTED = {6: "kl_dp", 7: '"prove" has incompatible type "int"', 8: 'Missing named argument "bound"',
            9: '"Verdict", variable has type "int"', 10: '"Mechanism", variable has type "Verdict"',
            11: 'Argument "given" to "implication_claim"', 12: 'Argument 1 to "Prior"',
            13: 'List item 1 has incompatible type "str"; expected "Mechanism"'}


def _readme_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def test_packages_ship_py_typed():
    assert (ROOT / "exactpriv" / "py.typed").exists() and (ROOT / "counterexamples" / "py.typed").exists()


def test_mypy_strict_passes_on_the_readme_examples_and_catches_misuse(tmp_path, monkeypatch):
    blocks = _readme_blocks()
    assert len(blocks) >= 2 and "randomized_response" in blocks[0] and "implication_claim" in blocks[1]
    for k, block in enumerate(blocks):
        (tmp_path / f"readme_example_{k}.py").write_text(block, encoding="utf-8")
    (tmp_path / "broken.py").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    files = [f"readme_example_{k}.py" for k in range(len(blocks))] + ["broken.py"]
    out, err, status = api.run(["--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"),
                                "--no-error-summary", *files])
    lines = [ln for ln in out.splitlines() if ": error:" in ln]
    assert not [ln for ln in lines if ln.startswith("readme_example")], out + err
    for line_no, text in EXPECTED.items():
        assert any(ln.startswith(f"broken.py:{line_no}:") and text in ln for ln in lines), (line_no, out + err)
    assert status == 1
