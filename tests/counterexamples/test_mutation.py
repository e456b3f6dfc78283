"""Mutation recall of the search (counterexamples.mutation, issue 23 item 4): mutants derived mechanically from
true bank readings are killed by a hunt with a fixed effort."""

import pytest

from counterexamples.mutation import mutants_of, mutation_run, run_mutant
from exactpriv.claims.banks import find_claim


def test_mutants_are_derived_from_relations_and_hypotheses():
    claim = find_claim("cuff2016.lemma1")
    ops = [m.operator for m in mutants_of(claim, claim.reading("eq21"))]
    assert ops[:2] == ["tighten", "swap"]
    zhao = find_claim("zhao2019.thm1_conv")
    drops = [m.operator for m in mutants_of(zhao, zhao.reading("resample-positive-full-support"))]
    assert "drop:positive-mechanism" in drops and "drop:full-support-prior" in drops


def test_a_tightened_tight_bound_is_killed():
    # Cuff-Yu (21): KL-DP <= min(eps, eps^2) is tight near 0 for randomized response: 9/10 of it is false
    claim = find_claim("cuff2016.lemma1")
    m = next(m for m in mutants_of(claim, claim.reading("eq21")) if m.operator == "tighten")
    out = run_mutant(m, effort=10)
    assert out["killed"] and out["verdict"] == "REFUTED"


@pytest.mark.slow
def test_mutation_sweep_of_a_claim_reports_every_mutant():
    claim = find_claim("cuff2016.lemma1")
    verdicts = {(claim.id, r.name): "CHECKED" for r in claim.readings}
    out = mutation_run([claim], verdicts, effort=10)
    assert out["total"] == len(out["mutants"]) > 0 and out["readings"] == len(claim.readings)
    assert all(m["killed"] for m in out["mutants"] if m["operator"] == "swap")
    assert out["kill_rate"] == out["killed"] / (out["total"] - out["equivalent"])


def _mutant(claim_id, reading, operator):
    claim = find_claim(claim_id)
    return next(m for m in mutants_of(claim, claim.reading(reading)) if m.operator == operator)


def test_a_dropped_independence_hypothesis_is_killed_through_descriptive_parameters():
    # identity DP's Proposition 2 without independent sources is false (perfectly correlated records); the
    # families carry descriptive params (n, e^eps, seed), which no longer keep the search on them
    out = run_mutant(_mutant("identitydp.prop2", "literal", "drop:independent-sources"), effort=10)
    assert out["killed"], out


def test_a_drop_that_is_another_reading_is_equivalent_and_says_which():
    from counterexamples.mutation import equivalence

    m = _mutant("identitydp.prop2", "literal", "drop:dataset-mechanism")
    verdicts = {("identitydp.prop2", "general-mechanisms"): "CHECKED"}
    eq = equivalence(m, {"killed": False}, [m.claim], verdicts)
    assert eq["rule"] == "sibling" and "general-mechanisms" in eq["why"]
    # the sibling must itself hold: a REFUTED sibling explains nothing
    assert equivalence(m, {"killed": False}, [m.claim], {("identitydp.prop2", "general-mechanisms"): "REFUTED"}) is None


def test_a_swap_that_is_the_banks_converse_is_equivalent():
    from counterexamples.mutation import equivalence
    from exactpriv.claims.banks import find_claim as fc

    m = _mutant("zhao2019.thm3", "conditional", "swap")
    claims = [fc("zhao2019.thm3"), fc("zhao2019.thm4")]
    eq = equivalence(m, {"killed": False}, claims, {("zhao2019.thm4", "two-point"): "CHECKED"})
    assert eq["rule"] == "converse"
    assert equivalence(m, {"killed": False}, claims, {}) is None


def test_a_has_prior_drop_is_definitional_by_what_the_check_says_without_a_prior():
    from counterexamples.mutation import equivalence

    m = _mutant("zhao2019.thm3", "conditional", "drop:has-prior")
    row = run_mutant(m, effort=2)
    assert not row["killed"] and row["outside"]["outside"]["error"] > 0 and row["outside"]["outside"]["true"] == 0
    assert equivalence(m, row, [m.claim], {})["rule"] == "definitional"
    # a drop whose outside instances are decided TRUE is not definitional (a hole or a redundant hypothesis)
    row2 = dict(row, outside={"outside": {"true": 3, "false": 0, "undecided": 0, "error": 1}, "examples": []})
    assert equivalence(m, row2, [m.claim], {}) is None


def test_parameter_draws_reach_a_lemma_about_numbers_and_stay_off_where_the_domain_is_implicit():
    from counterexamples.mutation import params_drawable

    # Cuff-Yu (99): h(x) <= ln 2 - 2(x - 1/2)^2 on [0, 1]; without 'x in [0, 1]' it is false (h is undefined /
    # the bound fails outside): only drawing x reaches it
    m = _mutant("cuff2016.lemma2", "eq99", "drop:x-in-[0,1]")
    assert params_drawable(m.claim, m.claim.reading("eq99"), effort=10)
    assert not run_mutant(m, effort=10)["killed"]
    assert run_mutant(m, effort=10, draw_params=True)["killed"]
    # Zhao's g-monotonicity reading holds for the parameters its families hold; drawn ones leave that
    # (undeclared) domain, so its mutants are not hunted with parameter draws
    g = find_claim("zhao2019.g_mono")
    assert not params_drawable(g, g.reading("literal"), effort=20)
