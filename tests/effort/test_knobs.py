"""The effort: validated knobs, named levels, a context that reaches workers, and a deterministic prover."""

import pytest

from exactpriv import effort
from exactpriv.effort import DEFAULT_EFFORT, Effort, parse_effort, run_bounded, using
from exactpriv.errors import InvalidArgument


def test_an_effort_is_keyword_only_validated_and_shows_its_knobs():
    e = Effort(proof_steps=100, precision_bits=256)
    assert repr(e).startswith("Effort(precision_bits=256, proof_steps=100,")
    with pytest.raises(TypeError):
        Effort(100)  # keyword-only
    for bad in ({"proof_steps": 0}, {"precision_bits": 16}, {"examples": True}, {"lp_iterations": 1.5},
                {"symbolic_size": 1 << 41}):
        with pytest.raises(InvalidArgument, match=next(iter(bad))):
            Effort(**bad)


@pytest.mark.parametrize("text, steps, bits", [("default", 20_000, 1024), ("low", 5_000, 1024), ("high", 80_000, 2048),
                                               ("2", 40_000, 1024), ("x0.5", 10_000, 1024), ("exhaustive", 320_000, 4096)])
def test_levels_and_factors_scale_every_count(text, steps, bits):
    e = parse_effort(text)
    assert (e.proof_steps, e.precision_bits) == (steps, bits)
    assert e.lp_iterations == int(DEFAULT_EFFORT.lp_iterations * steps / DEFAULT_EFFORT.proof_steps)


@pytest.mark.parametrize("bad", ["lots", "-1", "0", "nan", ""])
def test_bad_effort_text_is_an_invalid_argument_echoing_it(bad):
    with pytest.raises(InvalidArgument, match="--effort"):
        parse_effort(bad)


def _steps_in_worker():
    return effort.current_effort().proof_steps


def test_the_effort_in_force_reaches_a_warm_worker_forked_under_another():
    with using("low"):
        assert run_bounded(_steps_in_worker, warm=True) == 5_000
    assert run_bounded(_steps_in_worker, warm=True) == 20_000  # not the effort in force at the fork
    with using(Effort(proof_steps=7)):
        assert run_bounded(_steps_in_worker, warm=True) == 7


def test_a_proof_spends_the_same_steps_on_every_run_and_names_them():
    from exactpriv.certify import prove

    a = prove("(exp(eps) - 3)**2 + 10**(-20) > 0", domain="[0, 2]", max_prec=64)
    b = prove("(exp(eps) - 3)**2 + 10**(-20) > 0", domain="[0, 2]", max_prec=64)
    assert a.verdict == b.verdict and a.certificate["effort"] == b.certificate["effort"]
    assert a.certificate == b.certificate and "seconds" not in a.certificate and "seconds" in a.timing


def test_a_proof_that_spends_its_steps_is_undecided_naming_the_effort():
    from exactpriv.certify import prove

    hard = "exp(2*eps) - 2*exp(eps+1) + exp(2) + 10**(-30) > 0"  # (e^eps - e)^2 + 1e-30: a tiny margin at eps = 1
    res = prove(hard, domain="[0, 2]", effort=Effort(proof_steps=3))
    assert res.verdict == "UNDECIDED" and "effort spent: 3 of 3 proof steps" in res.reason
    assert res.certificate["effort"] == {"proof_steps": 3, "steps_used": 3, "precision_bits": 1024}
    assert prove(hard, domain="[0, 2]").verdict == "PROVED"  # the default effort settles it


def test_stops_are_recorded_where_they_happen_and_travel_back_from_workers():
    from exactpriv.errors import TimeLimitReached

    with effort.recording_stops() as outer:
        with effort.recording_stops() as inner:
            assert not effort.expired()
            with effort.deadline(1e-9, what="tiny"):
                assert effort.expired()
        with pytest.raises(TimeLimitReached):
            run_bounded(_expired_in_worker, seconds=30)
    assert inner and inner[0].startswith("stopped by the time limit of the tiny")
    assert len(outer) >= 2 and any("inside" in why for why in outer)


def _expired_in_worker():
    with effort.deadline(1e-9, what="inside"):
        effort.check("a step")
