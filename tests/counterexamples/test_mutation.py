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
    assert out["kill_rate"] == out["killed"] / out["total"]
