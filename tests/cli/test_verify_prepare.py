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
