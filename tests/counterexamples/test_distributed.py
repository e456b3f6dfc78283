"""The distributed runner (counterexamples.distributed): a two-worker dask cluster gives the same verdicts and
witnesses as the in-process run of the same shards; witnesses are archived as they arrive; ``verify`` and
``report`` with ``--workers`` give the serial results, and run in-process when dask is not installed."""

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from counterexamples.distributed import (SHARDS, dask_available, hunt_shards, merge_hunt, run_bank_sharded,
                                         run_conjecture, run_hunt, run_verify)
from exactpriv.claims import Verdict, check_reading
from exactpriv.claims.banks import find_claim
from exactpriv.cli import main
from exactpriv.errors import InvalidArgument

# installed, found without importing it (importing dask.distributed costs ~1 s in every pytest process at collection)
needs_dask = pytest.mark.skipif(find_spec("distributed") is None, reason="dask.distributed is not installed")
ROOT = Path(__file__).resolve().parents[2]

#: a claim with readings refuted by their families, refuted by search, and surviving the search
CLAIM = "zhao2019.thm1_conv"


def _signature(results):
    # verdicts and witnesses; not the instance counts, which can differ by one when the in-process run follows
    # other work in the same process (a process-level cache changes whether one drawn instance is memoised)
    return [(r.reading, r.verdict, r.found_by, None if r.witness is None else r.witness.label,
             None if r.witness is None else repr(r.witness.mechanism)) for r in results]


def test_shards_do_not_depend_on_the_workers():
    claim = find_claim(CLAIM)
    a = hunt_shards(claim, seed=3, max_examples=40)
    b = hunt_shards(claim, seed=3, max_examples=40, banks=["classics"], deadline_at=1e10)
    assert [(s.reading, s.index, s.seed, s.max_examples) for s in a] == \
        [(s.reading, s.index, s.seed, s.max_examples) for s in b]
    assert len(a) == SHARDS * len([r for r in claim.readings if r.check is not None])
    assert len({s.seed for s in a}) == SHARDS  # one seed per shard index, shared by the readings


def test_a_piece_on_a_thread_worker_owns_the_random_module_while_it_runs():
    """Thread workers (processes=False) share one `random` module: a piece seeding it while another piece drew an
    example changed the other's state mid-draw (hypothesis warned "Do not use the `random` module inside
    strategies").  A second piece waits until the first has finished; then it runs with its own seed."""
    import random
    import threading

    from counterexamples.pool import seeded_random

    second_inside, states = threading.Event(), {}

    def second():
        with seeded_random(2):
            second_inside.set()
            states["second"] = random.getstate()

    from counterexamples import pool

    probe: list = []

    def try_to_own():  # from another thread, without waiting: refused while a piece runs (no timing involved)
        got = pool._PIECE_OWNS_RANDOM.acquire(blocking=False)
        probe.append(got)
        if got:
            pool._PIECE_OWNS_RANDOM.release()

    with seeded_random(1):
        prober = threading.Thread(target=try_to_own)
        prober.start()
        prober.join(60)
        assert probe == [False]
        at_entry = random.getstate()
        other = threading.Thread(target=second)
        other.start()
        # the second piece waits (on a loaded machine it may not even have started within 0.2 s: the probe above
        # is the deterministic check)
        assert not second_inside.wait(0.2)
        assert random.getstate() == at_entry
    other.join(60)
    random.seed(2)
    assert second_inside.is_set() and states["second"] == random.getstate()


@needs_dask
def test_two_workers_match_the_serial_run(tmp_path):
    claim = find_claim(CLAIM)
    serial = run_hunt(claim, seconds=10_000, seed=3, max_examples=24)
    found = tmp_path / "found"
    announced = []

    def announce(rr, found_by):  # called before the witness is written: nothing may exist on disk for it yet
        announced.append((rr.reading, (found / f"{CLAIM}--{rr.reading}.json").exists()))

    parallel = run_hunt(claim, seconds=10_000, seed=3, max_examples=24, workers=2, archive=True, directory=found,
                        processes=False, announce=announce)
    assert _signature(parallel) == _signature(serial)
    # every refuted reading is announced, first while no file exists for it (a lower shard's witness arriving
    # later replaces it and is announced again, over the file then on disk); nothing else is announced
    refuted = {r.reading for r in parallel if r.verdict is Verdict.REFUTED}
    assert {name for name, _ in announced} == refuted
    assert all(next(on_disk for name, on_disk in announced if name == r) is False for r in refuted)
    verdicts = {r.verdict for r in serial}
    assert Verdict.REFUTED in verdicts and Verdict.CHECKED in verdicts  # both kinds of reading are compared
    refuted = [r for r in parallel if r.verdict is Verdict.REFUTED]
    files = sorted(p.name for p in found.iterdir())
    assert files == sorted(f"{CLAIM}--{r.reading}.json" for r in refuted)
    doc = json.loads((found / files[0]).read_text())
    assert doc["kind"] == "witness" and doc["claim"] == CLAIM


@needs_dask
def test_conjecture_on_two_workers_matches_serial():
    kw = dict(given="renyi_dp", measure="approx_dp", bound="eps + log(1/delta)/alpha",
              params={"alpha": 2, "delta": "1/1000"}, seconds=10_000, seed=1, max_examples=10)
    a = run_conjecture(**kw)
    b = run_conjecture(**kw, workers=2, processes=False)
    assert a.verdict is b.verdict is Verdict.REFUTED
    assert a.witness == b.witness and a.extra["unit"] == b.extra["unit"]


@needs_dask
def test_verify_on_two_workers_matches_serial():
    claims = [find_claim("cuff2016.lemma1"), find_claim(CLAIM)]
    serial = [check_reading(c, r) for c in claims for r in c.readings]
    parallel = run_verify(claims, workers=2, processes=False)
    assert [(r.claim_id, r.reading, r.verdict) for r in parallel] == \
        [(r.claim_id, r.reading, r.verdict) for r in serial]


def test_merge_takes_the_lowest_refuting_shard():
    from counterexamples.hunt import HuntResult

    rs = [HuntResult("c", "r", Verdict.CHECKED, tried=5, counts={"true": 5}),
          HuntResult("c", "r", Verdict.REFUTED, tried=2, found_by="second", counts={"true": 1, "false": 1}),
          HuntResult("c", "r", Verdict.REFUTED, tried=1, found_by="third", counts={"false": 1})]
    m = merge_hunt(rs, seed=0, max_examples=None)
    assert m.verdict is Verdict.REFUTED and m.found_by == "second" and m.tried == 7
    assert m.counts == {"true": 6, "false": 1}


@pytest.mark.parametrize("kw", [{"workers": -1}, {"workers": True}, {"scheduler": ""}, {"seconds": 0},
                                {"max_examples": -2}], ids=str)
def test_bad_options_are_refused(kw):
    args = {"seconds": 1, **kw}
    with pytest.raises(InvalidArgument):
        run_hunt(find_claim(CLAIM), **args)


#: claims with PROVED, CHECKED and REFUTED readings (a refutation by a proof and one by a family witness)
FEW = "cuff2016.lemma1,zhao2019.thm1_conv,zhao2019.improve"


def _verdicts(path):
    """The rows of a verify run's evidence document without their timings (every "seconds", also inside
    certificates)."""
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in ("seconds", "seal")}
        return [strip(x) for x in v] if isinstance(v, list) else v
    return strip(json.loads(Path(path).read_text()))["rows"]


# slow suite (issue 24: distributed runs belong there): a fresh interpreter and a real two-process cluster cost
# 8-14 s of CPU, the most of any default test; the default run keeps the same shards on a two-worker cluster
# in threads (the tests above and below) and the in-process fallback
@pytest.mark.slow
@needs_dask
def test_cli_verify_on_two_workers_writes_the_serial_json(tmp_path, capsys):
    serial, parallel = tmp_path / "serial.json", tmp_path / "parallel.json"
    few = FEW + ",wang2016.relaxation"  # its LPs make HiGHS print its banner from C in the workers
    assert main(["verify", "--only", few, "--json", str(serial), "--markdown", "", "--format", "json"]) == 0
    # a real two-process cluster, from a fresh interpreter as a user runs it
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "exactpriv", "verify", "--only", few, "--workers", "2", "--json",
                          str(parallel), "--markdown", "", "--format", "json"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["summary"]["readings"] > 10  # stdout is the document only: no worker noise
    a, b = _verdicts(serial), _verdicts(parallel)
    assert len(a) > 10 and {r["verdict"] for r in a} >= {"PROVED", "CHECKED", "REFUTED"}
    assert b == a


def test_cli_verify_without_dask_runs_in_process(tmp_path, capsys, monkeypatch):
    """Without dask installed (simulated: importing it fails), --workers runs the same shards in-process."""
    serial, fallback = tmp_path / "serial.json", tmp_path / "fallback.json"
    assert main(["verify", "--only", FEW, "--json", str(serial), "--markdown", "", "--format", "json"]) == 0
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    assert not dask_available()
    capsys.readouterr()
    assert main(["verify", "--only", FEW, "--workers", "2", "--json", str(fallback), "--markdown", "",
                 "--format", "json"]) == 0
    assert "dask.distributed is not installed" in capsys.readouterr().err
    assert _verdicts(fallback) == _verdicts(serial)
    with pytest.raises(InvalidArgument):  # the library refuses a cluster it cannot start
        run_verify([find_claim(CLAIM)], workers=2)


@pytest.mark.parametrize("workers", ["-1", "100000"])
def test_cli_bad_worker_counts_are_refused(workers, capsys):
    assert main(["verify", "--only", CLAIM, "--workers", workers, "--json", "", "--markdown", ""]) == 1
    assert f"--workers={int(workers)!r}" in capsys.readouterr().err


@pytest.mark.slow  # the report's bank run shards through the same pool as verify's (tested above, default run)
@needs_dask
def test_report_bank_run_on_two_workers_matches_serial():
    from counterexamples.report import run_bank

    claims = [find_claim(c) for c in FEW.split(",")]
    serial = run_bank(claims)
    sharded = run_bank_sharded(claims, workers=2, processes=False)
    assert not sharded.interrupted and sharded.errors == serial.errors
    assert [(r.claim_id, r.reading, r.verdict, r.evidence.get("witness")) for r in sharded.results] == \
        [(r.claim_id, r.reading, r.verdict, r.evidence.get("witness")) for r in serial.results]
    assert sharded.points == serial.points and any(serial.points.values())  # the plots' points too


def test_verify_results_stream_back_in_any_order_and_keep_the_claims_order():
    claims = [find_claim(c) for c in FEW.split(",")]
    seen = []
    out = run_verify(claims, on_result=lambda k, res, err: seen.append((k, res.reading, err)))
    assert [k for k, _, _ in seen] == list(range(len(out)))
    assert [name for _, name, _ in seen] == [r.reading for r in out] == [r.name for c in claims for r in c.readings]
    assert all(err is None for _, _, err in seen)


def test_verify_interrupted_on_the_runner_keeps_the_completed_readings_in_order(monkeypatch):
    """Ctrl-C while shards run: the runner hands on every reading that arrived, then the interrupt goes on to
    the command, which records them in the claims' order and writes them marked partial (the protocol of
    cli/_common.py)."""
    import counterexamples.distributed as D

    calls = {"n": 0}
    real = D._verify_task

    def task(t):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(t)

    monkeypatch.setattr(D, "_verify_task", task)
    claims = [find_claim(c) for c in FEW.split(",")]
    got = []
    with pytest.raises(KeyboardInterrupt):
        D.run_verify(claims, workers=0, on_result=lambda k, res, error: got.append((k, res.claim_id, res.reading)))
    order = [(c.id, r.name) for c in claims for r in c.readings]
    assert [(k, *order[k]) for k in range(3)] == got


def test_verify_interrupted_keeps_the_completed_readings_in_order(monkeypatch):
    """verify's one run loop (serial here; the sharded results arrive the same way): Ctrl-C after three readings
    leaves those three recorded, in the claims' order, and no error."""
    from exactpriv.claims.check import ReadingChecker
    from exactpriv.cli import verify

    calls = {"n": 0}
    real = ReadingChecker.check

    def check(self, c, r):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return real(self, c, r)

    monkeypatch.setattr(ReadingChecker, "check", check)
    claims = [find_claim(c) for c in FEW.split(",")]
    run = verify._Run()
    with pytest.raises(KeyboardInterrupt):
        verify._check_readings(claims, 99, False, run, 60, workers=0, scheduler=None, banks=None)
    assert [(r.claim_id, r.reading) for r in run.results] == [(c.id, r.name) for c in claims for r in c.readings][:3]
    assert len(run.rows) == 3 and not run.errors


def _hunt_documents(path):
    """A ``hunt --json`` document without its timings (each result's "timing")."""
    return [{k: v for k, v in doc.items() if k != "timing"} for doc in json.loads(Path(path).read_text())]


# slow suite, like the verify run above: two fresh interpreters and a real two-process cluster (~20 s); the default
# run keeps test_two_workers_match_the_serial_run (the same shards on a threaded two-worker cluster)
@pytest.mark.slow
@needs_dask
def test_cli_hunt_on_two_workers_writes_the_serial_json(tmp_path):
    """Issues 19 and 21: the serial and the sharded hunt are one loop, so ``hunt --json`` is the same document
    (timings aside) with and without ``--workers`` for the same seed and max-examples — witnesses, counts,
    notes and all; each run from a fresh interpreter, as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    docs = []
    for extra in ([], ["--workers", "2"]):
        out = tmp_path / f"hunt{len(docs)}.json"
        run = subprocess.run([sys.executable, "-m", "exactpriv", "hunt", CLAIM, "--seed", "3", "--max-examples", "8",
                              "--json", str(out), *extra], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=900)
        assert run.returncode == 0, run.stderr
        docs.append(_hunt_documents(out))
    serial, parallel = docs
    assert {d["verdict"] for d in serial} >= {"REFUTED", "CHECKED"} and all("witness" in d for d in serial
                                                                            if d["verdict"] == "REFUTED")
    assert parallel == serial
