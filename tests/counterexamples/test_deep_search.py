"""``verify --search EFFORT`` (counterexamples.deep_search): a deterministic deep search of every CHECKED
reading — the same JSON on every run and with --workers, a refutation archived as a witness (issue 23)."""

import json
from importlib.util import find_spec
from pathlib import Path

import pytest

from exactpriv.cli import main

BANK = '''
from exactpriv.claims import implication_claim, randomized_responses
CLAIMS = [implication_claim("deep.kl", given="pure_dp", measure="kl_dp", bound="eps/5",
                            families=[randomized_responses([1])])]
'''


def _strip(v):
    if isinstance(v, dict):
        return {k: _strip(x) for k, x in v.items() if k not in ("seconds", "seal", "timing")}
    return [_strip(x) for x in v] if isinstance(v, list) else v


def _verify(tmp_path, name, *extra):
    out = tmp_path / name
    rc = main(["verify", str(tmp_path / "bank.py"), "--search", "10", "--json", str(out), "--markdown", "",
               *extra])
    doc = json.loads(out.read_text())
    return rc, _strip(doc["rows"] if isinstance(doc, dict) else doc)  # an evidence document's rows


def test_search_refutes_a_checked_reading_and_archives_its_witness(tmp_path, monkeypatch, capsys):
    # the flat randomized response holds KL <= eps/5 (both 0): CHECKED by its family, false in general
    (tmp_path / "bank.py").write_text(BANK)
    monkeypatch.chdir(tmp_path)
    rc, doc = _verify(tmp_path, "a.json")
    (row,) = doc
    assert row["verdict"] == "REFUTED" and rc == 0  # no expected verdict declared: a finding, not a failure
    search = row["evidence"]["search"]
    assert search["searched"] and search["effort"] == 10 and search["seed"] == 0
    assert row["evidence"]["searched"]["instances"] >= 1  # what the family checked
    archived = Path(search["witness_file"])
    assert archived.exists() and json.loads(archived.read_text())["kind"] == "witness"
    # deterministic: the same JSON again (the witness file exists now and is kept)
    rc2, doc2 = _verify(tmp_path, "b.json")
    doc2[0]["evidence"]["search"].pop("witness_file")
    doc[0]["evidence"]["search"].pop("witness_file")
    assert doc2 == doc


@pytest.mark.slow
@pytest.mark.skipif(find_spec("distributed") is None, reason="dask.distributed is not installed")
def test_search_on_two_workers_writes_the_serial_json(tmp_path, monkeypatch, capsys):
    (tmp_path / "bank.py").write_text(BANK)
    monkeypatch.chdir(tmp_path)
    _, serial = _verify(tmp_path, "a.json")
    _, parallel = _verify(tmp_path, "b.json", "--workers", "2")
    for doc in (serial, parallel):
        doc[0]["evidence"]["search"].pop("witness_file")
    assert parallel == serial


def test_a_library_printing_on_the_childs_stdout_does_not_lose_the_result(monkeypatch):
    # HiGHS prints its banner from C on stdout when the first LP runs in the child: the result follows a marker
    import subprocess

    from counterexamples import deep_search as D
    from exactpriv.errors import ExactPrivError

    record = {"record": {"verdict": "CHECKED"}, "witness": None, "values": {}}

    def fake(out):
        return lambda *a, **kw: subprocess.CompletedProcess(a, 0, stdout=out, stderr="chatter on stderr")

    task = D.SearchTask(0, "x.claim", "r", 1, 0, 1.0)
    monkeypatch.setattr(subprocess, "run", fake("Running HiGHS 1.16.0\n" + D._RESULT_MARKER + json.dumps([record])))
    assert D.search_claim_fresh([task])[0]["record"] == {"verdict": "CHECKED"}
    monkeypatch.setattr(subprocess, "run", fake("Running HiGHS 1.16.0\n"))
    with pytest.raises(ExactPrivError, match="x.claim returned no result"):
        D.search_claim_fresh([task])
