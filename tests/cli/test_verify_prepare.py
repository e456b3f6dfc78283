"""What verify does once in its own process before the checking worker forks (exactpriv.cli.verify)."""

import gc
from pathlib import Path
from types import SimpleNamespace

import pytest

from exactpriv.claims import evidence
from exactpriv.cli import main, verify
from exactpriv.errors import InvalidArgument

BANK = Path(__file__).resolve().parents[1] / "user_bank" / "option_claims.py"


def test_lazy_forms_are_built_once_and_a_failing_one_is_left_to_the_evidence():
    calls = []

    def good():
        calls.append("good")
        return {"quantifier": "forall-instances", "n": 1}

    def bad():
        calls.append("bad")
        raise InvalidArgument("form of the reading 'x' is broken")

    plain = {"quantifier": "forall-instances"}
    claims = [SimpleNamespace(readings=[SimpleNamespace(form=good), SimpleNamespace(form=bad),
                                        SimpleNamespace(form=plain), SimpleNamespace(form=None)])]
    try:
        verify._before_the_worker_forks(claims)
        assert calls == ["good", "bad"]
        assert evidence.reading_form(SimpleNamespace(form=good)) == {"quantifier": "forall-instances", "n": 1}
        assert calls == ["good", "bad"]  # built once: the evidence gets the form built before the fork
        with pytest.raises(InvalidArgument, match="'x' is broken"):  # the error where it always was
            evidence.reading_form(SimpleNamespace(form=bad))
        assert calls == ["good", "bad", "bad"]
    finally:
        evidence._BUILT_FORMS.pop(good, None)


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
