"""Hunting: refutes weakened claims, spares true ones, is deterministic, keeps witnesses on
interruption; witness files replay, and tampered ones are rejected."""

import json
from fractions import Fraction as F

import pytest

from counterexamples.archive import archive, replay
from counterexamples.conjecture import conjecture
from counterexamples.hunt import hunt_reading
from exactpriv.claims import Claim, Family, Instance, Reading, ReadingResult, Verdict, implication
from exactpriv.errors import ExactPrivError, NotStochasticError
from exactpriv.measures.divergence import kl_dp, pure_dp
from exactpriv.mechanisms import zoo


def test_conjecture_refutes_weakened_property_1():
    """eps-DP => (eps^2/3)-KL-DP is false (Cuff–Yu Property 1 says min{eps, eps^2})."""
    res = conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/3", seconds=20, seed=0)
    assert res.verdict == Verdict.REFUTED
    assert res.witness["mechanism"]["kind"] == "mechanism"
    for key in ("given_value", "measure_value", "bound_value"):
        assert isinstance(res.to_json()[key], str)


def test_conjecture_spares_the_true_tight_bound():
    """Property 1's tight form eps*tanh(eps/2) (seed 001 eq. (11)) survives a hunt."""
    res = conjecture(given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)", seconds=3, seed=0)
    assert res.verdict == Verdict.CHECKED and res.tried > 10


def test_conjecture_hypothesis_search_without_textbook_seeds():
    """On {0,1,2} the search must construct a violation itself (random exact rows + shrink)."""
    a = conjecture(given="pure_dp", measure="kl_dp", bound="eps/4", space="hamming:m=3,n=1", seconds=20, seed=5)
    assert a.verdict == Verdict.REFUTED


def _claim_with_families(check, instances):
    r = Reading("r", "test reading", check=check, families=[Family("fam", lambda: instances)])
    return Claim("test.claim", "t", "test", "q", "implication", [r]), r


def _random_rr(k):
    return Instance(f"rr{k}", zoo.randomized_response(p=F(k, k + 1)))


def test_same_seed_same_witness():
    chk = implication(lambda i: pure_dp(i.mechanism), lambda i: kl_dp(i.mechanism), lambda e: e / 5)
    claim, r = _claim_with_families(chk, [Instance("flat", zoo.randomized_response(p=F(1, 2)))])
    w1 = hunt_reading(claim, r, seconds=20, seed=7)
    w2 = hunt_reading(claim, r, seconds=20, seed=7)
    assert w1.verdict == w2.verdict == Verdict.REFUTED
    assert w1.witness.mechanism.rows == w2.witness.mechanism.rows


def test_interruption_keeps_witnesses():
    """Ctrl-C during the hunt returns what was found so far."""
    calls = {"n": 0}
    base = implication(lambda i: pure_dp(i.mechanism), lambda i: kl_dp(i.mechanism), lambda e: e / 5)

    def check(inst):
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt
        return base(inst)

    insts = [_random_rr(k) for k in (2, 3, 4, 5, 6)]
    claim, r = _claim_with_families(check, insts)
    res = hunt_reading(claim, r, seconds=30, seed=0, collect=10)
    assert "interrupted" in res.note
    assert res.verdict == Verdict.REFUTED and len(res.witnesses) == 3


def test_time_limit_is_respected():
    chk = implication(lambda i: pure_dp(i.mechanism), lambda i: kl_dp(i.mechanism), lambda e: e)
    claim, r = _claim_with_families(chk, [_random_rr(2)])
    res = hunt_reading(claim, r, seconds=1.5, seed=0)
    assert res.verdict == Verdict.CHECKED and res.seconds < 6


def _archived(tmp_path):
    from theorems import get_claim

    claim = get_claim("cuff2016.lemma1")
    reading = claim.readings[0]
    M = zoo.randomized_response(p=F(3, 4))
    res = ReadingResult(claim.id, reading.name, Verdict.REFUTED, {}, Instance("rr", M), {})
    return archive(res, directory=tmp_path)


def test_tampered_witness_rejected(tmp_path, monkeypatch):
    path = _archived(tmp_path)
    doc = json.loads(path.read_text())
    doc["instance"]["mechanism"]["matrix"][0] = ["3/4", "1/3"]
    path.write_text(json.dumps(doc))
    with pytest.raises(NotStochasticError, match="row 0"):
        replay(path)


def test_witness_that_does_not_violate_is_reported(tmp_path):
    """A (true) RR instance archived as a "witness" of Lemma 1 (21) does not refute it."""
    path = _archived(tmp_path)
    _doc, decision = replay(path)
    assert decision.is_true


def test_replay_cli_exit_codes(tmp_path):
    from exactpriv.cli import main

    path = _archived(tmp_path)
    assert main(["replay", str(path)]) == 3  # not a refutation
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "witness", "claim": "cuff2016.prop1", "reading": "nope", "instance": {"label": "x"}}')
    assert main(["replay", str(bad)]) == 1


def test_hunt_with_no_decided_instance_is_undecided():
    """A check that always errors (or is never decided) must not end as CHECKED."""
    from exactpriv.errors import InvalidArgument as IA

    def check(inst):
        raise IA("cannot measure this")

    claim, r = _claim_with_families(check, [_random_rr(2)])
    res = hunt_reading(claim, r, seconds=1, seed=0)
    assert res.verdict == Verdict.UNDECIDED and "raised errors" in res.note
    assert res.counts["error"] == res.tried > 0 and res.errors[0]["instance"]["label"] == "rr2"


def test_conjecture_refuses_profiles_and_huge_spaces():
    from exactpriv.errors import InvalidArgument as IA, SpaceTooLargeError

    with pytest.raises(IA, match="profile"):
        conjecture(given="pure_dp", measure="approx_dp", bound="eps", seconds=1)
    with pytest.raises(SpaceTooLargeError):
        conjecture(given="pure_dp", measure="kl_dp", bound="eps", space="hamming:m=100,n=100", seconds=1)
    with pytest.raises(IA, match="seconds"):
        conjecture(given="pure_dp", measure="kl_dp", bound="eps", seconds=float("nan"))
