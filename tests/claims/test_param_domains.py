"""Parameter domains declared as hypotheses (issue 23): param_domain / pmf_params, and the hunt's default of
drawing a reading's parameters only when every one of them has a declared domain."""

from fractions import Fraction as F

import pytest

from exactpriv.claims import Hypothesis, Instance, param_domain, pmf_params
from exactpriv.claims.banks import find_claim
from exactpriv.errors import InvalidArgument


def test_a_domain_holds_inside_only_and_names_its_parameters():
    h = param_domain("t", lo=1, text="t = e^eps >= 1")
    assert h.params == ("t",) and h.text == "t = e^eps >= 1"
    assert h.check(Instance("in", params={"t": F(3, 2)})) and h.check(Instance("end", params={"t": 1}))
    assert not h.check(Instance("below", params={"t": F(9, 10)}))
    assert not h.check(Instance("missing", params={}))
    assert not h.check(Instance("not exact", params={"t": 1.5}))
    strict = param_domain("x", lo=0, hi=1, open_hi=True)
    assert strict.check(Instance("0", params={"x": 0})) and not strict.check(Instance("1", params={"x": 1}))
    assert param_domain("g", lo=1, optional=True).check(Instance("absent", params={}))
    assert not param_domain("k", lo=1, integer=True).check(Instance("fraction", params={"k": F(3, 2)}))


def test_pmf_parameters_are_probability_vectors_of_one_length():
    h = pmf_params("P", "Q")
    assert h.params == ("P", "Q")
    assert h.check(Instance("ok", params={"P": (F(1, 2), F(1, 2)), "Q": (F(1), F(0))}))
    assert not h.check(Instance("negative", params={"P": (F(3, 2), F(-1, 2)), "Q": (F(1), F(0))}))
    assert not h.check(Instance("lengths", params={"P": (F(1, 2), F(1, 2)), "Q": (F(1),)}))
    assert not h.check(Instance("sum", params={"P": (F(1, 2), F(1, 3)), "Q": (F(1, 2), F(1, 2))}))


def test_bad_declarations_are_typed_errors():
    with pytest.raises(InvalidArgument):
        param_domain()
    with pytest.raises(InvalidArgument):
        param_domain("t")  # no bound
    with pytest.raises(InvalidArgument):
        param_domain("t", lo=0.5)
    with pytest.raises(InvalidArgument):
        Hypothesis("h", "text", lambda inst: True, params=["t"])


def test_the_hunt_draws_parameters_by_default_only_where_every_domain_is_declared():
    from counterexamples.hunt import declared_params, hunt_reading
    from counterexamples.hunt_scope import templates as _templates

    eq9 = find_claim("cuff2016.eq9")
    r = eq9.reading("literal")  # P, Q pmfs and the extremal pairs' gamma >= 1 declared
    assert declared_params(r, _templates(r, [])) == ("P", "Q", "gamma")
    res = hunt_reading(eq9, r, max_examples=10, local_steps=0)
    assert res.search_space.get("parameters_drawn") == ["P", "Q", "gamma"]
    assert res.verdict.value == "CHECKED" and res.counts.get("outside", 0) > 0  # drawn outside: outside, no witness
    # Zhao's step (39) of Theorem 4 states the range of its parameters only through its families: no draws by
    # default
    g = find_claim("zhao2019.thm4").reading("step-39")
    assert declared_params(g, _templates(g, [])) == ()
