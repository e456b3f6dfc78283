"""Deciding `boundary` mechanically: the positive-only search (issue 9, item 3).

Synthetic readings first (a failure that needs a zero entry is `boundary`; one that survives positivity
is `interior`), then the bank: every reading declared `boundary` whose witness has a zero probability has
no refutation among positive instances, and every `as-written` refutation has a witness meeting every
hypothesis the reading states.  The default run takes a few bank readings, ``-m slow`` all of them.
"""

import json
from fractions import Fraction as F

import pytest

from counterexamples.findings import POSITIVE_HYPOTHESES, classify_refutation, is_positive_instance
from counterexamples.guard import Evaluator
from counterexamples.strategies import positivised
from exactpriv.claims import Claim, Family, Finding, Instance, Reading, Verdict, check_reading, implication, installed_banks
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.measures.divergence import kl_dp, pure_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming


def _claim(reading):
    return Claim("test.findings", "t", "s", "q", "implication", [reading])


def _finite_pure_dp(inst):
    """'Every mechanism has a finite pure-DP level' — false only when some output has probability 0 on one
    input and not on a neighbour: a boundary failure."""
    v = pure_dp(inst.mechanism).value
    return Decision.false("t", "infinite level") if v == float("inf") or str(v) == "oo" else Decision.true("t", "finite")


def test_zero_entry_failure_is_boundary():
    erasure = Mechanism(Hamming([0, 1], 1), ["0", "1", "?"], [[F(1, 2), 0, F(1, 2)], [0, F(1, 2), F(1, 2)]])
    r = Reading("finite", "pure DP level finite", check=_finite_pure_dp,
                families=[Family("f", lambda: [Instance("erasure", erasure), Instance("rr", zoo.randomized_response(p=F(3, 4)))])])
    assert check_reading(_claim(r), r).verdict is Verdict.REFUTED
    out = classify_refutation(_claim(r), r, seed=0, max_examples=30)
    ev = out["evidence"]
    assert out["class"] == "boundary" and not ev["refuted"] and ev["witness_positive"] is False
    assert ev["instances_checked"] > 10 and ev["mixed"]["true"] > 0  # the mixed erasure channel was checked
    assert ev["hypotheses_added"] == [h.name for h in POSITIVE_HYPOTHESES]
    json.dumps(ev)  # JSON-able, for reports


def test_interior_failure_survives_positivity():
    """KL <= pure/5 fails on positive mechanisms too (Cuff–Yu Property 1 says min(eps, eps^2))."""
    chk = implication(lambda i: pure_dp(i.mechanism), lambda i: kl_dp(i.mechanism), lambda e: e / 5)
    # an unused output (zeros): KL = (1/2) ln(4/3) > ln(2)/5 = pure/5 is refuted already, zeros or not
    zero = Mechanism(Hamming([0, 1], 1), [0, 1, 2], [[F(1, 2), F(1, 2), 0], [F(1, 4), F(3, 4), 0]])
    r = Reading("r", "t", check=chk, families=[Family("f", lambda: [Instance("with a zero", zero),
                                                                   Instance("flat", zoo.randomized_response(p=F(1, 2)))])])
    out = classify_refutation(_claim(r), r, seed=0, max_examples=50)
    ev = out["evidence"]
    assert out["class"] == "interior" and ev["refuted"] and ev["witness_positive"] is False
    w = ev["positive_witness"]
    assert all(F(q) > 0 for row in w["mechanism"]["matrix"] for q in row)


def _has_unused_output(inst):
    return any(all(row[y] == 0 for row in inst.mechanism.rows) for y in range(len(inst.mechanism.outputs)))


def test_zero_forced_by_the_readings_own_hypothesis_is_not_boundary():
    """A statement about mechanisms with an unused output: its witness has zeros because the hypothesis says
    so, every positive instance is outside it, so positivity cannot make it a boundary finding."""
    from exactpriv.claims import Hypothesis

    unused = Hypothesis("unused-output", "some output has probability 0 on every input", _has_unused_output)
    zero = Mechanism(Hamming([0, 1], 1), [0, 1, 2], [[F(1, 2), F(1, 2), 0], [F(1, 4), F(3, 4), 0]])
    chk = implication(lambda i: pure_dp(i.mechanism), lambda i: kl_dp(i.mechanism), lambda e: e / 5)
    r = Reading("r", "t", check=chk, families=[Family("f", lambda: [Instance("with an unused output", zero)])],
                hypotheses=(unused,))
    out = classify_refutation(_claim(r), r, seed=0, max_examples=30)
    ev = out["evidence"]
    assert out["class"] == "forced-zero" and ev["forced_by"] == ["unused-output"]
    assert ev["instances_checked"] == 0 and ev["mixed"]["outside_by"] == {"unused-output": ev["mixed"]["outside"]}


def test_wang_consistency_all_D_zero_output_is_forced_by_mi_optimality():
    """wang2016.consistency/all-D (as-written): its witness's zero output is forced by MI-optimality beyond
    Theorem 2's range, which the mechanical search now says instead of 'undetermined'."""
    from exactpriv.claims.banks import find_claim

    claim = find_claim("wang2016.consistency")
    reading = claim.reading("all-D")
    out = classify_refutation(claim, reading, seed=0, max_examples=20)
    assert out["class"] == "forced-zero" and out["evidence"]["forced_by"] == ["mi-optimal"]
    assert reading.finding is Finding.AS_WRITTEN


def test_exists_reading_is_not_applicable():
    r = Reading("r", "exists", check=lambda i: Decision.false("t", ""), quantifier="exists",
                families=[Family("f", lambda: [Instance("rr", zoo.randomized_response(p=F(3, 4)))])])
    assert classify_refutation(_claim(r), r, max_examples=1)["class"] == "not-applicable"


def test_positivised_keeps_independence_and_removes_zeros():
    space = Hamming([0, 1], 2)
    prior = Prior.product(space, [[1, 0], [F(1, 3), F(2, 3)]])
    M = Mechanism(space, [0, 1], [[1, 0], [0, 1], [1, 0], [F(1, 2), F(1, 2)]])
    mixed = positivised(Instance("x", M, prior), F(1, 10))
    assert mixed.prior.is_mutually_independent() and mixed.prior.has_full_support
    assert all(v > 0 for row in mixed.mechanism.rows for v in row)
    assert mixed.mechanism.rows[0] == (F(19, 20), F(1, 20))
    assert positivised(Instance("rr", zoo.randomized_response(p=F(3, 4))), F(1, 2)) is None  # already positive


def test_pmf_params_count_for_positivity_but_points_do_not():
    rr = zoo.randomized_response(p=F(3, 4))
    assert not is_positive_instance(Instance("p", rr, params={"P": (F(1), F(0))}))
    assert is_positive_instance(Instance("p", rr, params={"x": (0, 1)}))  # a dataset, not a distribution
    ev = Evaluator(Reading("r", "t", check=lambda i: Decision.true("t", "")), POSITIVE_HYPOTHESES)
    assert ev.evaluate(Instance("p", rr, params={"P": (F(1), F(0))})).unmet == ("positive-extras",)


# ----------------------------------------------------------------------------- the bank's declared classes

def _declared(finding):
    out = []
    for bank in installed_banks().values():
        for c in bank.claims():
            for r in c.readings:
                if r.finding is finding and r.expected is Verdict.REFUTED:
                    out.append(pytest.param(c, r, id=f"{c.id}/{r.name}"))
    return out


BOUNDARY = _declared(Finding.BOUNDARY)
AS_WRITTEN = _declared(Finding.AS_WRITTEN)
# the default run takes the first few of each (in bank order); -m slow takes every one
FEW = 3


def _boundary_case(claim, reading):
    out = classify_refutation(claim, reading, seed=0, max_examples=40)
    cls, ev = out["class"], out["evidence"]
    if cls == "not-applicable":
        # refuted by a proof or certificate at a parameter point (e.g. ε = 0), not by an instance: positivity
        # does not apply — but only then
        assert reading.check is None or (ev.get("verdict") == "REFUTED" and "certificate" in ev["note"]), ev
        return
    # "endpoint": the witness is itself positive — the degeneracy is a parameter or domain end point (δ = 1,
    # |X| = 1, n = k), which positivity cannot remove; "undetermined": only the reading's own instances may
    # refute it and none is positive.  "interior" contradicts the declaration: a witness with every
    # probability positive refutes the reading although its own witness has a zero.
    assert cls in ("boundary", "endpoint", "undetermined"), (
        f"{claim.id}/{reading.name} is declared boundary, but a witness with every probability positive "
        f"refutes it: {ev['positive_witness']} ({ev['found_by']})")
    if cls == "boundary":
        assert ev["instances_checked"] > 0 and not ev["refuted"]
    if cls == "undetermined":
        from counterexamples.hunt import searchable

        assert searchable(reading, claim), ev


def _as_written_case(claim, reading):
    from counterexamples.guard import guarded_reading

    res = check_reading(claim, guarded_reading(reading))
    assert res.verdict is Verdict.REFUTED, res.evidence
    if res.witness is not None:  # a refuting certificate has no instance: its proof covers the statement
        assert Evaluator(reading).unmet(res.witness) == (), f"{claim.id}/{reading.name}: witness outside"


@pytest.mark.parametrize("claim, reading", BOUNDARY[:FEW])
def test_declared_boundary_has_no_positive_refutation(claim, reading):
    _boundary_case(claim, reading)


@pytest.mark.slow
@pytest.mark.parametrize("claim, reading", BOUNDARY[FEW:])
def test_declared_boundary_has_no_positive_refutation_all(claim, reading):
    _boundary_case(claim, reading)


@pytest.mark.parametrize("claim, reading", AS_WRITTEN[:FEW])
def test_as_written_has_a_witness_meeting_every_hypothesis(claim, reading):
    _as_written_case(claim, reading)


@pytest.mark.slow
@pytest.mark.parametrize("claim, reading", AS_WRITTEN[FEW:])
def test_as_written_has_a_witness_meeting_every_hypothesis_all(claim, reading):
    _as_written_case(claim, reading)
