"""What verify does once in its own process before the checking worker forks (exactpriv.cli.verify)."""

import gc
from pathlib import Path
from types import SimpleNamespace

from exactpriv.claims import evidence
from exactpriv.cli import main, verify

BANK = Path(__file__).resolve().parents[1] / "user_bank" / "option_claims.py"


def test_no_lazy_form_is_built_before_the_readings_are_checked():
    """A form's builder has no time limit: one that never finishes must not keep the readings from being checked
    (it is built by the evidence, after them)."""

    called = []

    def never_finishes():  # stands for a builder that never returns
        called.append(1)
        raise AssertionError("a lazy form was built before the readings")

    claims = [SimpleNamespace(readings=[SimpleNamespace(form=never_finishes), SimpleNamespace(form=None)])]
    verify._before_the_worker_forks(claims)
    assert called == [] and never_finishes not in evidence._BUILT_FORMS


def test_verify_freezes_what_it_loaded_for_the_run_and_gives_it_back(tmp_path, monkeypatch):
    seen = []
    prepare = verify._before_the_worker_forks

    def recorded(claims):
        prepare(claims)
        seen.append((gc.get_freeze_count(), gc.get_threshold()))

    monkeypatch.setattr(verify, "_before_the_worker_forks", recorded)
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    gc.unfreeze()  # as in a plain process (the test suite freezes what collection loaded)
    try:
        assert main(["verify", str(BANK), "--json", str(tmp_path / "v.json"), "--markdown", ""]) == 0
        ((count, during),) = seen
        assert count > 10_000  # the library, sympy, the bank: left out of collections
        assert during == (thresholds[0], thresholds[1], 10 * thresholds[2])  # full collections rarer
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds  # given back
    finally:
        if frozen:
            gc.freeze()


PROGRAMS = Path(__file__).resolve().parents[1] / "user_bank" / "program_claims.py"


def test_a_form_built_by_the_worker_is_the_evidence_the_main_process_builds(tmp_path, monkeypatch):
    """The lazy forms the checking worker builds after each check (kept for the evidence: its programs are compiled
    there already) give the same evidence document as forms built by this process, timing and seal aside."""
    import json

    def rows(path):
        doc = json.loads(path.read_text())
        return [{k: v for k, v in r.items() if k not in ("timing", "seal")} for r in doc["rows"]]

    kept = []
    real = verify._form_from_the_worker
    monkeypatch.setattr(verify, "_form_from_the_worker", lambda *a: (kept.append(a[2].name), real(*a)))
    assert main(["verify", str(PROGRAMS), "--json", str(tmp_path / "worker.json"), "--markdown", ""]) in (0, 4)
    assert kept  # the hook ran for the readings
    monkeypatch.setattr(verify, "_form_from_the_worker", lambda *a: None)
    evidence._BUILT_FORMS.clear()
    assert main(["verify", str(PROGRAMS), "--json", str(tmp_path / "here.json"), "--markdown", ""]) in (0, 4)
    assert rows(tmp_path / "worker.json") == rows(tmp_path / "here.json")


def test_a_form_the_worker_cannot_build_is_left_to_the_evidence():
    from exactpriv.errors import TimeLimitReached

    def builder():
        return {"built": "here"}

    reading = SimpleNamespace(form=builder, name="r")
    for outcome in (TimeLimitReached("the statement form of c [r] was stopped by its time limit of 1 s"),
                    ValueError("broken")):
        def built_form(claim, reading, outcome=outcome):
            raise outcome

        verify._form_from_the_worker(SimpleNamespace(built_form=built_form), None, reading)
        assert not evidence.is_built_form(builder)
    verify._form_from_the_worker(SimpleNamespace(built_form=lambda c, r: {"built": "in the worker"}), None, reading)
    try:
        assert evidence.reading_form(reading) == {"built": "in the worker"}
    finally:
        evidence._BUILT_FORMS.pop(builder, None)


def test_report_runs_with_rarer_full_collections_and_gives_them_back(tmp_path, monkeypatch):
    """report has the same long-lived heap as verify (its bank run, sympy's caches): its run, and the workers it
    forks, get the same rarer full collections, restored after."""
    from exactpriv.cli import report

    seen = []
    monkeypatch.setattr(report, "_report", lambda args, console, staged: seen.append(gc.get_threshold()) or 0)
    thresholds = gc.get_threshold()
    assert main(["report", "--out", str(tmp_path / "r")]) == 0
    assert seen == [(thresholds[0], thresholds[1], 10 * thresholds[2])]
    assert gc.get_threshold() == thresholds
