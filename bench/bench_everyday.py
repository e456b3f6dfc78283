"""Benchmark: the everyday loop — CPU of ``exactpriv verify`` and ``exactpriv report`` on the built-in banks.

CPU is user + sys of every process a run starts: counted by a cpuacct cgroup made for the run where this machine
lets us make one (cgroup v1, as root), else by ``resource.getrusage(RUSAGE_CHILDREN)`` — which misses the children of
a worker that is killed or whose parent is killed (init reaps them: for verify, ~2 s of the prover's warm worker).
Which of the two counted is printed first.  The load average is printed with each figure, since load inflates CPU
time too.  References measured in the same run:

* the start-up floor, ``python -m exactpriv --version`` (what no command can go below), and the fixed costs every
  verify pays first: ``import exactpriv`` and the import of the installed banks (``installed_banks()``), per tree;
* with ``--against REV``, the same command on the tree of git revision REV (``git archive``, run from a temporary
  directory with that tree first on the import path), alternating with this tree run by run; the rows of both
  ``verify.json`` files are compared after removing their ``timing`` and ``bank`` keys (the bank's source hash
  differs between trees) and must be identical — a speed-up may not change a verdict or its evidence.

Targets (issue 24): verify <= 10 s CPU, report <= 20 s CPU.  The minimum over ``--runs`` runs is printed.
Run:  python bench/bench_everyday.py [--runs N] [--against REV] [--report | --report-only]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


_CGROUPS = Path("/sys/fs/cgroup/cpuacct")


def _cgroup() -> Path | None:
    """A fresh cpuacct cgroup for one run, or None where none can be made (not root, no cgroup v1)."""
    group = _CGROUPS / f"exactpriv-bench-{os.getpid()}"
    try:
        group.mkdir()
    except OSError:
        return None
    return group


def counted_by() -> str:
    group = _cgroup()
    if group is None:
        return "rusage of waited-for children (misses children of killed workers)"
    group.rmdir()
    return "a cpuacct cgroup per run (every process the run starts)"


def _cpu_of(cmd, *, cwd, tree) -> tuple[float, float]:
    """(CPU s of every process of the run, wall s) of ``cmd`` run in ``cwd`` with ``tree`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(tree) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    group = _cgroup()
    join = None if group is None else (lambda: (group / "tasks").write_text(str(os.getpid())))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    try:
        subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       preexec_fn=join)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if group is not None:
            time.sleep(0.5)  # orphaned workers see their pipes close and exit
            return int((group / "cpuacct.usage").read_text()) / 1e9, wall
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall
    finally:
        if group is not None:
            for _ in range(20):
                try:
                    group.rmdir()
                    break
                except OSError:  # a straggler still in it
                    time.sleep(0.1)


def _rows(path: Path) -> dict:
    def strip(o):
        if isinstance(o, dict):
            return {k: strip(v) for k, v in o.items() if k not in ("timing", "bank")}
        if isinstance(o, list):
            return [strip(v) for v in o]
        return o

    doc = json.loads(path.read_text())
    return {(r["id"], r["reading"]): strip(r) for r in doc["rows"]}


def _tree_of(rev: str, into: Path) -> Path:
    """The files of git revision ``rev`` of this repository, extracted into ``into``."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1, help="runs of each command per tree (the minimum is printed)")
    ap.add_argument("--against", metavar="REV", help="also run the tree of this git revision, alternating")
    ap.add_argument("--report", action="store_true", help="also time 'exactpriv report' (about twice verify)")
    ap.add_argument("--report-only", dest="report_only", action="store_true",
                    help="time 'exactpriv report' alone (no verify run; with --against, alternating as above)")
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench_everyday_"))
    try:
        trees = {"this tree": REPO}
        if args.against:
            trees[f"rev {args.against}"] = _tree_of(args.against, work / "against")
        py = [sys.executable, "-m", "exactpriv"]
        print(f"CPU counted by {counted_by()}", flush=True)
        floor = min(_cpu_of(py + ["--version"], cwd=work, tree=REPO)[0] for _ in range(3))
        print(f"start-up floor (python -m exactpriv --version): {floor:.2f} s CPU [{_load()}]", flush=True)
        # the fixed costs every verify pays before its first reading (issue 24: import exactpriv <= 0.5 s)
        fixed = {"import exactpriv": [sys.executable, "-c", "import exactpriv"],
                 "bank import (installed_banks)": [sys.executable, "-c", "from exactpriv.claims.banks import "
                                                   "installed_banks; installed_banks()"]}
        for label, cmd in fixed.items():
            for name, tree in trees.items():
                cpu = min(_cpu_of(cmd, cwd=work, tree=tree)[0] for _ in range(3))
                print(f"  {label} [{name}]: {cpu:.2f} s CPU [{_load()}]", flush=True)
        commands = {} if args.report_only else {
            "verify": lambda out: py + ["verify", "--json", str(out / "verify.json"), "--markdown", ""]}
        if args.report or args.report_only:
            commands["report"] = lambda out: py + ["report", "--out", str(out / "report")]
        targets = {"verify": 10.0, "report": 20.0}
        for name, make in commands.items():
            best: dict = {}
            for k in range(args.runs):
                for label, tree in trees.items():
                    out = work / f"{name}-{len(best)}-{k}-{label.replace(' ', '_')}"
                    out.mkdir()
                    cpu, wall = _cpu_of(make(out), cwd=out, tree=tree)
                    print(f"  {name} [{label}] run {k + 1}: {cpu:.1f} s CPU, {wall:.1f} s wall [{_load()}]", flush=True)
                    if label not in best or cpu < best[label][0]:
                        best[label] = (cpu, out)
            mine = best["this tree"][0]
            line = f"{name}: {mine:.1f} s CPU (target {targets[name]:.0f} s: x{mine / targets[name]:.2f})"
            if args.against:
                ref = best[f"rev {args.against}"][0]
                line += f"; rev {args.against}: {ref:.1f} s CPU, ratio x{mine / ref:.2f}"
                if name == "verify":
                    a = _rows(best["this tree"][1] / "verify.json")
                    b = _rows(best[f"rev {args.against}"][1] / "verify.json")
                    same = a == b
                    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
                    line += ("; rows identical" if same else
                             f"; {len(differ)} rows differ (first: {differ[0]}) - find which computation is wrong")
            print(line + f" [{_load()}]", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
