"""What may count as a witness: hypotheses first, errors caught with their input, a pure memoised
condition (issue 9, item 5)."""

from fractions import Fraction as F

from counterexamples.guard import Evaluator, describe_instance, guarded_reading, instance_key
from exactpriv.claims import Claim, Family, Hypothesis, Instance, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming


def _rr(p):
    return Instance(f"rr {p}", zoo.randomized_response(p=F(p)))


def test_outside_instance_is_never_checked():
    calls = []

    def check(inst):
        calls.append(inst.label)
        return Decision.false("test", "always violated")

    r = Reading("r", "t", check=check, hypotheses=(Hypothesis("never", "no instance meets it", lambda i: False),))
    ev = Evaluator(r)
    e = ev.evaluate(_rr("3/4"))
    assert e.status == "outside" and e.unmet == ("never",) and not e.refutes
    assert calls == [] and ev.counts["outside"] == 1 and ev.outside_by == {"never": 1}


def test_hypothesis_that_raises_means_outside():
    def broken(inst):
        raise ZeroDivisionError("in the hypothesis")

    r = Reading("r", "t", check=lambda i: Decision.false("t", "x"), hypotheses=(Hypothesis("broken", "b", broken),))
    assert Evaluator(r).evaluate(_rr("3/4")).status == "outside"


def test_check_error_is_undecided_with_its_input():
    def check(inst):
        return F(1, 0)  # ZeroDivisionError, a bug in a check: reported, never a traceback

    r = Reading("r", "t", check=check)
    ev = Evaluator(r)
    e = ev.evaluate(_rr("3/4"))
    assert e.status == "error" and e.counts_as_undecided and "ZeroDivisionError" in e.error
    assert ev.errors[0]["instance"]["label"] == "rr 3/4"
    assert ev.errors[0]["instance"]["mechanism"]["matrix"][0] == ["3/4", "1/4"]


def test_memoised_by_content():
    calls = []

    def check(inst):
        calls.append(1)
        return Decision.true("t", "ok")

    ev = Evaluator(Reading("r", "t", check=check))
    a, b = _rr("3/4"), _rr("3/4")  # equal content, distinct objects (hypothesis replays build new ones)
    assert a is not b and instance_key(a) == instance_key(b)
    assert ev.evaluate(a) is ev.evaluate(b) and len(calls) == 1 and ev.counts["true"] == 1
    assert instance_key(_rr("2/3")) != instance_key(a)


def test_unhashable_content_is_not_memoised_but_still_evaluated():
    class Opaque:  # compares by identity only: no content key
        pass

    inst = Instance("opaque", zoo.randomized_response(p=F(3, 4)), params={"o": Opaque()})
    assert instance_key(inst) is None
    ev = Evaluator(Reading("r", "t", check=lambda i: Decision.true("t", "ok")))
    assert ev.knows(inst) and ev.evaluate(inst).status == "true"
    doc = describe_instance(inst)
    assert doc["label"] == "opaque" and "not_serialisable" in doc


def test_guarded_reading_turns_errors_into_undecided_and_adds_hypotheses():
    def check(inst):
        if inst.label == "bad":
            raise KeyError("boom")
        return Decision.true("t", "ok")

    space = Hamming([0, 1], 1)
    insts = [Instance("bad", zoo.randomized_response(p=F(3, 4))),
             Instance("point-mass prior", zoo.randomized_response(p=F(3, 4)), Prior.point_mass(space, (0,)))]
    r = Reading("r", "t", check=check, families=[Family("f", lambda: insts)])
    claim = Claim("test.guard", "t", "s", "q", "implication", [r])
    from exactpriv.claims import full_support_prior

    res = check_reading(claim, guarded_reading(r, (full_support_prior,)))
    assert res.verdict is Verdict.UNDECIDED
    assert res.evidence["instances_outside"] == 1
    assert "KeyError" in res.evidence["undecided_reasons"][0] and "bad" in res.evidence["undecided_reasons"][0]
