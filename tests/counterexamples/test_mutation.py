"""Mutation recall of the search (counterexamples.mutation, issue 23 item 4): mutants derived mechanically from
true bank readings are killed by a hunt with a fixed effort."""

from fractions import Fraction as F

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
    assert run_mutant(m, effort=10, draw_params=True)["killed"]
    # Zhao's step (39) of Theorem 4 holds for the parameters its families hold; drawn ones leave that
    # (undeclared) domain, so its mutants are not hunted with parameter draws
    c = find_claim("zhao2019.thm4")
    assert not params_drawable(c, c.reading("step-39"), effort=20)
    # the g-monotonicity claim declares gamma > 1 (its 'for every eps > 0'): its draws stay clean
    g = find_claim("zhao2019.g_mono")
    assert params_drawable(g, g.reading("literal"), effort=20)


def test_instances_just_outside_a_dropped_hypothesis_are_made_from_the_families():
    # Cuff-Yu Lemma 2's capacity convexity needs lambda in [0, 1]; the search never drew lambda outside it
    # before (the families hold lambda in [0, 1]): a violator sets it just outside, and the mutant dies there
    from counterexamples.mutation_outside import violators as _violators

    m = _mutant("cuff2016.lemma2", "capacity-convex", "drop:convex-combination")
    original = m.claim.reading("capacity-convex")
    dropped = next(h for h in original.hypotheses if h.name == "convex-combination")
    out = _violators(m.claim, original, dropped)
    assert out and all(not dropped.check(v) for v in out)
    row = run_mutant(m, effort=4)
    assert row["killed"] and "lam = " in row["witness"] and row["outside"]["outside"]["false"] >= 1


def test_a_drop_that_is_a_refuted_variant_dies_on_the_variants_witness():
    # identity DP Corollary 2 without independent sources is the bank's REFUTED 'without-independence' reading
    # (8 perfectly correlated records): its witness, checked as a sibling template, kills the drop mutant
    m = _mutant("identitydp.cor2", "literal", "drop:independent-sources")
    row = run_mutant(m, effort=2, claims=[m.claim])
    assert row["killed"] and "8 perfectly correlated records" in row["witness"]
    assert row["outside"]["outside"]["false"] >= 1


def test_a_check_that_restates_the_dropped_hypothesis_is_equivalent():
    from counterexamples.mutation import equivalence

    m = _mutant("zhao2019.cor1", "per-distribution", "drop:likelihood-ratio-at-most-e^eps")
    row = run_mutant(m, effort=2)
    out = row["outside"]["outside"]
    assert not row["killed"] and out["vacuous"] > 0 and out["true"] == 0
    assert equivalence(m, row, [m.claim], {})["rule"] == "restated"
    # a TRUE that is not vacuous outside the hypothesis would be a hole or a redundant hypothesis: not equivalent
    row2 = dict(row, outside={"outside": dict(out, true=1), "examples": []})
    assert equivalence(m, row2, [m.claim], {}) is None


def test_the_descriptive_parameters_probe_is_no_instance_of_the_drop_record():
    # the probe calls the check on a template stripped of its parameters (KeyError 'k' here); that is no
    # instance of the search, so it is not recorded as a defect outside the dropped hypothesis
    m = _mutant("cuff2016.cor8", "literal", "drop:k-sqrt-2eps-at-most-1")
    row = run_mutant(m, effort=4)
    assert row["outside"]["outside"]["bug"] == 0
    assert not any("KeyError" in e for e in row["outside"]["examples"])


def test_a_noiseless_extremal_mechanism_kills_the_tightened_adversarial_bound():
    # I(X;Y) <= adversarial privacy (Cuff-Yu (65)) is attained by Y = the first record with a uniform or diagonal
    # prior (the information density is constant): 9/10 of it is false there
    row = run_mutant(_mutant("cuff2016.sec6_4", "(64)-implies-(65)", "tighten"), effort=2)
    assert row["killed"] and "first_record" in row["witness"]


def test_a_mutant_true_in_the_searched_scope_is_counted_apart():
    from counterexamples.mutation import equivalence

    m = _mutant("cuff2016.lemma1", "eq22", "tighten")
    eq = equivalence(m, {"killed": False}, [m.claim], {})
    assert eq["rule"] == "true-in-scope" and "10 values" in eq["why"]


def test_the_local_search_moves_prior_mass_along_the_neighbour_graph():
    import random

    from counterexamples.local_search import prior_moved
    from exactpriv.claims import Instance
    from exactpriv.distributions import Prior
    from exactpriv.spaces import Hamming

    space = Hamming([0, 1], 2)
    inst = Instance("diagonal", None, Prior(space, [F(1, 2), 0, 0, F(1, 2)]))
    rng = random.Random(0)
    moved = [prior_moved(inst, rng) for _ in range(40)]
    moved = [m for m in moved if m is not None]
    assert moved and all(sum(m.prior.pmf) == 1 and all(v >= 0 for v in m.prior.pmf) for m in moved)
    # mass leaves the diagonal towards a neighbour (one record changed) and sometimes two records at once
    assert any(m.prior.pmf[1] > 0 or m.prior.pmf[2] > 0 for m in moved)
    again = [prior_moved(inst, random.Random(0)) for _ in range(1)]
    assert again[0].prior.pmf == moved[0].prior.pmf  # a function of the seed


def test_a_dropped_domain_of_a_parameter_the_check_never_reads_is_equivalent():
    from counterexamples.mutation import equivalence

    # cuff2016 (9) declares the extremal pairs' gamma >= 1, but its check reads only P and Q
    m = _mutant("cuff2016.eq9", "literal", "drop:gamma-domain")
    eq = equivalence(m, {"killed": False}, [m.claim], {})
    assert eq["rule"] == "unread-parameter" and "gamma" in eq["why"]
    # P and Q are read: dropping their domain is no label
    m2 = _mutant("cuff2016.eq9", "literal", "drop:P-Q-pmfs")
    assert equivalence(m2, {"killed": False}, [m2.claim], {}) is None
