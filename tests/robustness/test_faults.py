"""Fault injection: failing writes (file-size limit, read-only directory), killed and racing
writers, killed and dying workers, and Ctrl-C (issue 10).

A write either leaves the previous file or the new one, complete, never a truncated or empty
file and never a temporary file; a found witness is printed before any write is attempted.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import signal
import sys
import time
from pathlib import Path

import pytest

from exactpriv.errors import BudgetExceededError, OutputError, TimeLimitReached
from exactpriv.effort import run_bounded
from exactpriv.io import write_atomic

#: A directory no one can create files in, not even root (sysfs).
SYSFS = Path("/sys/kernel")


def _read_only_dir(tmp_path: Path) -> Path:
    if os.geteuid() == 0:  # root ignores permission bits: use a file system that refuses writes
        return SYSFS
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o555)
    return d


def _tmp_files(directory: Path) -> list[str]:
    return [p.name for p in directory.rglob(".*.tmp")]


# ----------------------------------------------------------------------------- write faults

def _write_under_size_limit(path: str, size: int, limit: int) -> str:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    try:
        write_atomic(path, "x" * size)
    except OutputError as exc:
        return f"OutputError: {exc}"
    return "written"


def test_write_past_the_file_size_limit_keeps_the_previous_file(tmp_path):
    path = tmp_path / "out.json"
    path.write_text("previous\n")
    outcome = run_bounded(_write_under_size_limit, str(path), 50_000, 10_000, seconds=60)
    assert outcome.startswith("OutputError") and "out.json" in outcome
    assert path.read_text() == "previous\n"
    assert _tmp_files(tmp_path) == []
    assert run_bounded(_write_under_size_limit, str(path), 5_000, 10_000, seconds=60) == "written"
    assert path.read_text() == "x" * 5_000


def test_write_into_a_read_only_directory_is_a_typed_error(tmp_path):
    target = _read_only_dir(tmp_path) / "exactpriv-test.json"
    with pytest.raises(OutputError, match="cannot write"):
        write_atomic(target, "{}\n")
    assert not target.exists()


def test_a_stage_is_made_durable_whole_before_it_becomes_visible(tmp_path, monkeypatch):
    """In an open StagedDirectory write_atomic skips its own fsyncs (two a file: ~7 s of a report's wall time);
    commit() fsyncs every file and directory of the stage before the rename that makes them visible, so what
    the destination shows is complete and on disk.  Outside a stage every write is fsynced at once."""
    from exactpriv.io import StagedDirectory

    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    dest = tmp_path / "r"
    staged = StagedDirectory(dest)
    work = staged.open()
    write_atomic(work / "page.html", "page")
    (work / "img").mkdir()
    write_atomic(work / "img" / "fig.svg", "<svg/>")
    assert not [e for e in events if e[0] == "fsync"]  # deferred to the commit
    staged.commit()
    swap = events.index(("replace", str(work), str(dest)))
    synced = {e[1] for e in events[:swap] if e[0] == "fsync"}
    real = work.resolve()
    assert {str(real / "page.html"), str(real / "img" / "fig.svg"), str(real / "img"), str(real)} <= synced
    assert (dest / "page.html").read_text() == "page" and (dest / "img" / "fig.svg").read_text() == "<svg/>"
    events.clear()
    write_atomic(tmp_path / "plain.txt", "plain")  # no stage open: fsynced before its rename, as always
    kinds = [e[0] for e in events]
    assert kinds.index("fsync") < kinds.index("replace") and kinds.count("fsync") == 2


def _archive_forever(path: str, big: int) -> None:
    docs = [json.dumps({"kind": "witness", "n": k, "pad": "ab"[k] * big}) + "\n" for k in (0, 1)]
    k = 0
    while True:
        write_atomic(path, docs[k % 2])
        k += 1


def test_sigkill_while_writing_leaves_a_complete_file(tmp_path):
    """The writer is killed at 12 pseudo-random moments; the file is always complete JSON."""
    path = tmp_path / "w.json"
    rng = random.Random(10)
    seen = set()
    for _ in range(12):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child writes until killed
            try:
                _archive_forever(str(path), 400_000)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.02, 0.3))
        for _ in range(6000):  # until one write completed (a hang guard, not a timing assertion): on a
            if path.exists():  # saturated machine 0.3 s may not be enough for the first one
                break
            time.sleep(0.01)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        if path.exists():
            doc = json.loads(path.read_text())  # complete, never truncated or empty
            assert doc["kind"] == "witness" and len(doc["pad"]) == 400_000
            seen.add(doc["n"])
    assert seen  # the writer got through at least once
    for p in _tmp_files(tmp_path):  # a killed writer may leave its hidden temporary file only
        assert p.startswith(".w.json.")


def test_concurrent_writers_of_one_witness_never_corrupt_it(tmp_path):
    path = tmp_path / "w.json"
    pids = []
    for k in (0, 1):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - child
            code = 0
            try:
                for i in range(40):
                    write_atomic(path, json.dumps({"writer": k, "i": i, "pad": str(k) * 100_000}) + "\n")
            except BaseException:  # noqa: BLE001
                code = 1
            os._exit(code)
        pids.append(pid)
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.WEXITSTATUS(status) == 0
    doc = json.loads(path.read_text())
    assert doc["i"] == 39 and doc["pad"] == str(doc["writer"]) * 100_000
    assert _tmp_files(tmp_path) == []


def test_hunt_prints_the_witness_before_a_failing_archive(tmp_path, monkeypatch, capsys):
    import counterexamples.archive as archive
    from exactpriv.cli import main

    found = _read_only_dir(tmp_path) / "found"
    monkeypatch.setattr(archive, "FOUND", found)
    monkeypatch.setenv("COLUMNS", "1000")
    rc = main(["hunt", "cuff2016.prop3", "--reading", "delta-prime-exceeds-delta", "--archive",
               str(found), "--json", str(tmp_path / "h.json")])
    out, err = capsys.readouterr()
    assert rc == 1
    # printed first, readably (the document itself is in --json)
    assert "REFUTED" in out and "witness for cuff2016.prop3 [delta-prime-exceeds-delta]" in out
    assert "OutputError: cannot create the directory" in out and "the witness is printed above" in out
    # and before the write was attempted: the whole witness document, one JSON line on stderr
    line = next(ln for ln in err.splitlines() if ln.startswith("found cuff2016.prop3 [delta-prime-exceeds-delta]: "))
    early = json.loads(line.split(": ", 1)[1])
    doc = json.loads((tmp_path / "h.json").read_text())  # the other outputs are still written
    assert doc[0]["verdict"] == "REFUTED" and doc[0]["witness"]["claim"] == "cuff2016.prop3"
    assert early == doc[0]["witness"]


def _report_under_size_limit(out: str, limit: int) -> int:
    from exactpriv.cli import main

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return main(["report", "--only", "zhao2019.lemma1", "--out", out, "--no-tightness"])


def test_report_on_a_full_disk_leaves_no_truncated_page(tmp_path, capfd):
    out = tmp_path / "report"
    rc = run_bounded(_report_under_size_limit, str(out), 20_000, seconds=120)
    err = capfd.readouterr().err
    assert rc == 1 and "OutputError" in err and "Traceback" not in err
    assert _tmp_files(tmp_path) == []
    for page in out.rglob("*"):
        if page.suffix == ".html":
            assert page.read_text().rstrip().endswith("</html>")
        elif page.suffix == ".png":
            assert page.read_bytes().endswith(b"IEND\xaeB`\x82")
        elif page.suffix == ".md":
            assert page.read_text().endswith("\n") and page.stat().st_size > 0


# ----------------------------------------------------------------------------- workers

def _sleep(seconds):
    time.sleep(seconds)
    return "woke"


def _die():
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_worker_past_its_budget_is_killed():
    with pytest.raises(TimeLimitReached, match="stopped by its time limit of 0.5 s"):
        run_bounded(_sleep, 60, seconds=0.5, what="the sleep")
    assert run_bounded(_sleep, 0, seconds=30) == "woke"


def test_a_worker_that_dies_is_a_typed_error():
    with pytest.raises(BudgetExceededError, match="worker process died.*SIGKILL"):
        run_bounded(_die, seconds=30)
    with pytest.raises(BudgetExceededError, match="worker process died"):
        run_bounded(_die, seconds=30, warm=True)
    assert run_bounded(_sleep, 0, seconds=30, warm=True) == "woke"  # a fresh warm worker


def test_the_warm_worker_is_reused_and_replaced_after_an_overrun():
    first = run_bounded(os.getpid, seconds=30, warm=True)
    assert run_bounded(os.getpid, seconds=30, warm=True) == first != os.getpid()
    with pytest.raises(BudgetExceededError):
        run_bounded(_sleep, 60, seconds=0.3, warm=True)
    assert run_bounded(os.getpid, seconds=30, warm=True) != first


def test_worker_exceptions_keep_their_type():
    from exactpriv.errors import InvalidArgument

    def bad():
        raise InvalidArgument("x=1 is bad")

    with pytest.raises(InvalidArgument, match="x=1 is bad"):
        run_bounded(bad, seconds=30)


def test_the_run_deadline_bounds_workers_and_stop_requests_expire_it():
    from exactpriv import effort

    with effort.deadline(0.5, what="test run"):
        with pytest.raises(TimeLimitReached, match=r"stopped by the time limit of the test run \(0.5 s\)"):
            run_bounded(_sleep, 60, seconds=30)
    effort.request_stop()
    try:
        assert effort.expired() and effort.remaining() == 0
        with pytest.raises(BudgetExceededError, match="interrupted"):
            run_bounded(_sleep, 0, seconds=30)
    finally:
        effort.clear_stop()
    assert not effort.expired()


# ----------------------------------------------------------------------------- Ctrl-C

def _wait_until_under_way(pid: int, *, at_most: float) -> None:
    """Until the child ``pid`` has forked a worker of its own (a reading, a proof or a drawn instance is being
    checked: the work is under way), then 0.2 s more; at most ``at_most`` seconds.  A fixed sleep instead cost
    every interrupted run its whole ``after`` (about 20 s of this file on an idle machine) and guessed how long
    start-up takes on a loaded one."""
    children = f"/proc/{pid}/task/{pid}/children"
    end = time.monotonic() + at_most
    while time.monotonic() < end:
        try:
            with open(children) as f:
                if f.read().split():
                    time.sleep(min(0.2, max(0.0, end - time.monotonic())))
                    return
        except OSError:  # no /proc (not Linux), or the child already ended: the fixed wait
            time.sleep(max(0.0, end - time.monotonic()))
            return
        time.sleep(0.05)


def _interrupted_run(argv, tmp_path, *, after: float, twice: bool = False):
    """``exactpriv.cli.main(argv)`` in a forked child (the modules are already imported, so
    the run is under way at once), interrupted with SIGINT once it has a worker at work, or ``after`` seconds
    at most (twice: again 0.3 s later); returns (exit status, stdout, stderr)."""
    from exactpriv.cli import main
    from exactpriv.cli.verify import select_claims

    select_claims(None)  # load the banks here, so the child is checking readings when interrupted
    import counterexamples.conjecture  # noqa: F401 - and the search modules: on a loaded machine their first
    import counterexamples.hunt  # noqa: F401 - import could outlast `after`, leaving nothing under way to stop
    out, err = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 99
        try:
            os.chdir(tmp_path)
            for fd, path in ((1, out), (2, err)):
                os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
            sys.stdout, sys.stderr = open(1, "w", closefd=False), open(2, "w", closefd=False)
            os.environ["COLUMNS"] = "200"
            code = main(argv)
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code if isinstance(code, int) else 98)
    _wait_until_under_way(pid, at_most=after)
    os.kill(pid, signal.SIGINT)
    if twice:
        time.sleep(0.3)
        os.kill(pid, signal.SIGINT)
    for _ in range(600):  # a hang guard (60 s), not a timing assertion
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail(f"{argv} still running 60 s after Ctrl-C")
    rc = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
    return rc, out.read_text(), err.read_text()


def test_ctrl_c_during_verify_writes_the_partial_results(tmp_path):
    rc, out, err = _interrupted_run(["verify", "--json", "v.json", "--markdown", "v.md"], tmp_path, after=2)
    assert rc == 130 and "Traceback" not in out + err
    doc = json.loads((tmp_path / "v.json").read_text())
    partial = doc["partial"]
    # how many readings were checked before the interrupt depends on the machine's speed: not asserted
    assert partial["reason"] == "interrupted" and 0 <= partial["readings_checked"] < partial["readings_total"]
    assert "**PARTIAL**" in (tmp_path / "v.md").read_text()


def test_ctrl_c_stops_a_hunt_over_several_readings(tmp_path):
    rc, out, err = _interrupted_run(["hunt", "cuff2016.lemma2", "--seconds", "300", "--json", "h.json"], tmp_path,
                                    after=4)
    assert rc == 130 and "Traceback" not in out + err
    doc = json.loads((tmp_path / "h.json").read_text())
    assert doc["partial"] is True and doc["readings_done"] < doc["readings_total"] == 7


def test_ctrl_c_stops_a_conjecture_escalation(tmp_path):
    # given kl_dp: "pure_dp ⇒ tv_dp <= 1" would be proved at once by reduction (issue 27), with no search to stop
    rc, out, err = _interrupted_run(["conjecture", "--given", "kl_dp", "--measure", "tv_dp", "--bound", "1",
                                     "--seconds", "300", "--json", "c.json"], tmp_path, after=2)
    assert rc == 130 and "Traceback" not in out + err
    assert json.loads((tmp_path / "c.json").read_text())["partial"] is True


def test_ctrl_c_during_report_writes_the_pages_of_the_completed_readings(tmp_path):
    rc, out, err = _interrupted_run(["report", "--out", "r", "--no-tightness"], tmp_path, after=3)
    assert rc == 130 and "Traceback" not in out + err
    assert "PARTIAL" in (tmp_path / "r" / "index.md").read_text()
    assert "interrupted" in out + err


SECOND_INTERRUPT = {
    "verify": ["verify", "--json", "v.json", "--markdown", "v.md"],
    "report": ["report", "--out", "r", "--no-tightness"],
    "hunt-several-readings": ["hunt", "cuff2016.lemma2", "--seconds", "300", "--json", "h.json"],
    "conjecture": ["conjecture", "--given", "kl_dp", "--measure", "tv_dp", "--bound", "1", "--seconds", "300",
                   "--json", "c.json"],
}


@pytest.mark.parametrize("argv", SECOND_INTERRUPT.values(), ids=SECOND_INTERRUPT.keys())
def test_a_second_ctrl_c_exits_at_once(argv, tmp_path):
    rc, out, err = _interrupted_run(argv, tmp_path, after=2, twice=True)
    assert rc == 130 and "Traceback" not in out + err


LAUNCHER = "import sys\nfrom exactpriv_launcher import main\nif __name__ == '__main__':\n    sys.exit(main())\n"


def _interrupted_at(argv: list[str], marker: str) -> tuple[int, str]:
    """Run ``python argv`` from the repo root and send one SIGINT as soon as the module ``marker`` has been
    imported (``-X importtime`` reports each import as it completes): no sleep, so the interrupt lands in
    the same phase of start-up on an idle and on a saturated machine (issue 19: no test depends on speed).
    Returns (exit status, stderr without the import-time lines)."""
    import subprocess
    import threading

    proc = subprocess.Popen([sys.executable, "-X", "importtime", *argv, "verify", "--json", "", "--markdown", ""],
                            cwd=Path(__file__).resolve().parents[2], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines: list[str] = []

    def read():
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            lines.append(line)
            if line.startswith("import time:") and line.rstrip().split("|")[-1].strip() == marker \
                    and proc.returncode is None:
                proc.send_signal(signal.SIGINT)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=300)  # a hang guard, not a timing assertion
    if reader.is_alive():
        proc.kill()
        pytest.fail(f"still running 300 s after start (marker {marker!r} imported: "
                    f"{any(marker in x for x in lines)})")
    proc.wait()
    return proc.returncode, "".join(x for x in lines if not x.startswith("import time:"))


#: Sends SIGINT to its own process when the command line's package starts importing: the package loads
#: lazily, so the import window is a few hundredths of a second, too short to hit reliably with a timer.
INTERRUPT_WHILE_IMPORTING = (
    "import os, signal, sys\n"
    "class _InterruptOnImport:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'exactpriv.cli':\n"
    "            os.kill(os.getpid(), signal.SIGINT)\n"
    "        return None\n"
    "sys.meta_path.insert(0, _InterruptOnImport())\n"
)


def _run_to_end(code: str) -> tuple[int, str]:
    import subprocess

    proc = subprocess.run([sys.executable, "-c", code, "verify", "--json", "", "--markdown", ""],
                          cwd=Path(__file__).resolve().parents[2], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=60, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    return proc.returncode, proc.stderr.decode()


def test_ctrl_c_while_the_console_script_imports_is_one_line(tmp_path):
    """The console script (``exactpriv_launcher:main``, the same two lines pip generates) interrupted
    while it still imports the command line: exit 130 and one line, never a traceback; later, the
    command's own protocol answers (one line too)."""
    rc, err = _run_to_end(INTERRUPT_WHILE_IMPORTING + LAUNCHER)
    assert (rc, err.strip()) == (130, "interrupted while starting"), (rc, err)
    rc, err = _interrupted_at(["-c", LAUNCHER], "exactpriv.claims")
    assert rc == 130 and "Traceback" not in err and len(err.splitlines()) == 1, err


def test_ctrl_c_while_python_m_exactpriv_imports_is_one_line():
    """``python -m exactpriv`` imports the package before its __main__ can catch anything; the package's
    start-up handler makes an interrupt in that window one line and exit 130 as well.  (``runpy`` is how
    ``-m`` runs a package; sys.argv[0] is "-m" while it imports the package, as under ``python -m``.)"""
    rc, err = _run_to_end(INTERRUPT_WHILE_IMPORTING + "sys.argv[0] = '-m'\nimport runpy\n"
                          "runpy.run_module('exactpriv', run_name='__main__', alter_sys=True)\n")
    assert (rc, err.strip()) == (130, "interrupted while starting"), (rc, err)
