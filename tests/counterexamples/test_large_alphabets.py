"""The large-alphabet stage (counterexamples.large_alphabets): closed forms of the symmetric channel RR(m, t),
differential-tested against the registry's evaluation from the definition on the materialised matrix; the
tightened Cuff–Yu relations refuted on alphabets no matrix could hold, replayable from JSON; a true relation and
a relation the stage cannot decide are left alone."""

from fractions import Fraction

import pytest
import sympy

from counterexamples.large_alphabets import (SIDES, SymmetricChannel, applies, closed_form, relation_witness,
                                             replay)
from counterexamples.search_space import SearchSpace
from exactpriv.errors import ExactPrivError
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures import compute

ONE_RECORD = SearchSpace(((2, 1), (3, 1)), (2,), (), ("positive",))
NINE_TENTHS = sympy.Rational(9, 10)
WITH_PRIORS = SearchSpace(((2, 1), (2, 2)), (2,), ("independent", "correlated"), ("positive",))


@pytest.mark.parametrize("m", [2, 3, 5])
@pytest.mark.parametrize("t", [Fraction(1), Fraction(3, 2), Fraction(10)])
def test_closed_forms_agree_with_the_definition(m, t):
    ch = SymmetricChannel(m, t)
    M, P = ch.materialised()
    for name, side in SIDES.items():
        ref = compute(name, M, prior=P)
        mine = closed_form(name, ch)
        if ref.value is not None:  # the registry's exact value: equal (a lower bound may not exceed it)
            assert compare(mine, "==" if side == "value" else "<=", ref.value).is_true, (name, m, t)
        else:
            assert side == "lower" and compare(mine, "<=", ref.upper).is_true, (name, m, t)


def test_the_tightened_22_dies_on_a_million_values_and_replays():
    w, note = relation_witness(("kl_dp", "mi_dp", NINE_TENTHS * EPS, "<="), ONE_RECORD)
    assert w is not None and w.channel.m == 10 ** 6, note
    doc = w.to_json()
    assert doc["decision"]["truth"] == "FALSE"
    again = replay(doc)
    assert again["refutes"] and not again["materialised"]
    # the same statement on a small alphabet holds (I <= (1 - 1/m) max KL): replayed there, with the matrix
    # built as the second computation, it does not refute
    small = replay(dict(doc, m="4"))
    assert small["materialised"] and not small["refutes"]


@pytest.mark.parametrize("relation, space", [
    (("pure_dp", "mi_dp", NINE_TENTHS * sympy.Min(EPS, EPS ** 2), "<="), ONE_RECORD),  # (23)
    (("free_lunch", "capacity", NINE_TENTHS * EPS, "<="), ONE_RECORD),                  # (57) => (58)
    (("bayesian_dp", "conditional_mi", NINE_TENTHS * EPS, "<="), WITH_PRIORS),         # (60) => (61)
])
def test_the_other_tightened_relations_die_near_10_to_the_22(relation, space):
    w, note = relation_witness(relation, space)
    assert w is not None and w.channel.m >= 10 ** 20, note
    assert replay(w.to_json())["refutes"]


def test_a_true_relation_is_not_refuted():
    # TV <= tanh(eps/2) for pure eps-DP, so TV <= (9/10)*2*tanh(eps/2) everywhere
    w, note = relation_witness(("pure_dp", "tv_dp", NINE_TENTHS * 2 * sympy.tanh(EPS / 2), "<="), ONE_RECORD)
    assert w is None and "no violation" in note


def test_where_the_stage_does_not_apply():
    rel = ("kl_dp", "mi_dp", NINE_TENTHS * EPS, "<=")
    assert "hypotheses" in applies(rel, ONE_RECORD, ("positive-mechanism",))
    assert "one-record" in applies(rel, SearchSpace(((2, 2),), (2,), (), ("positive",)), ())
    assert "one-record" in applies(rel, None, ())
    assert "lower bound" in applies(("kl_dp", "mi_dp", EPS, ">="), ONE_RECORD, ())
    assert "full-support prior" in applies(("bayesian_dp", "conditional_mi", EPS, "<="), ONE_RECORD, ())
    assert "closed form" in applies(("renyi_dp", "mi_dp", EPS, "<="), ONE_RECORD, ())


@pytest.mark.parametrize("doc", [{}, {"family": "other"}, {"family": "symmetric-channel", "prior": "uniform"},
                                 {"family": "symmetric-channel", "prior": "uniform", "m": "1", "exp_eps": "2",
                                  "relation": {"source": "kl_dp", "target": "mi_dp", "bound": "9*eps/10",
                                               "op": "<="}},
                                 {"family": "symmetric-channel", "prior": "uniform", "m": "5", "exp_eps": "2",
                                  "relation": {"source": "kl_dp", "target": "mi_dp", "bound": "__import__('os')",
                                               "op": "<="}}])
def test_bad_witness_data_is_a_typed_error(doc):
    with pytest.raises(ExactPrivError):
        replay(doc)


def test_the_hunt_runs_the_stage_for_a_relation_check_and_keeps_the_witness_json():
    from counterexamples.hunt import hunt_reading
    from counterexamples.mutants import relation_check as _relation_check
    from exactpriv.claims import Claim, Family, Instance, Reading
    from exactpriv.mechanisms import zoo

    rr = Instance("RR(2, log 2)", zoo.randomized_response(2, eps=sympy.log(2)))
    reading = Reading("tightened-22", "mi_dp <= (9/10) kl_dp", _relation_check("kl_dp", "mi_dp", EPS, "tighten"),
                      [Family("rr", lambda: (rr,))])
    claim = Claim("test.large", "t", "s", "q", "implication", [reading])
    res = hunt_reading(claim, reading, max_examples=1, local_steps=1)
    assert res.verdict.value == "REFUTED" and res.witness is None
    assert res.found_by == "structured family at a large alphabet"
    doc = res.to_json()["structured_witness"]
    assert doc["m"] == str(10 ** 6) and replay(doc)["refutes"]


@pytest.mark.slow
def test_the_hunt_kills_the_tightened_22_mutant_with_a_replayable_structured_witness():
    from counterexamples.mutation import mutants_of, run_mutant
    from theorems import all_claims

    claim = next(c for c in all_claims() if c.id == "cuff2016.lemma1")
    m = next(x for x in mutants_of(claim, claim.reading("eq22")) if x.operator == "tighten")
    row = run_mutant(m, effort=2)
    assert row["killed"] and row["found_by"] == "structured family at a large alphabet"
    assert row["structured_witness"]["m"] == str(10 ** 6) and replay(row["structured_witness"])["refutes"]
