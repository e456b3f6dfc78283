"""`replay` applies the same rules as `hunt` before an archived witness may count (issue 9, item 5): a
witness outside the reading's hypotheses, of an "exists" reading, or — for a reading about its listed
instances only — not one of them, does not refute; a check that raises is UNDECIDED naming the error."""

from fractions import Fraction as F

import pytest

from counterexamples.archive import archive, replay
from exactpriv.claims import Bank, Claim, Family, Hypothesis, Instance, Reading, ReadingResult, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.mechanisms import zoo

RR = Instance("rr 3/4", zoo.randomized_response(p=F(3, 4)))
OTHER = Instance("rr 3/4", zoo.randomized_response(p=F(2, 3)))  # same label, other numbers


def _always_false(inst):
    return Decision.false("test", "violated")


def _raises(inst):
    raise ZeroDivisionError("Fraction(0, 0)")


READINGS = {
    "forall": Reading("forall", "t", check=_always_false, families=[Family("f", lambda: [RR])]),
    "exists": Reading("exists", "t", check=_always_false, families=[Family("f", lambda: [RR])], quantifier="exists"),
    "closed": Reading("closed", "t", check=_always_false, families=[Family("f", lambda: [RR])], open_search=False),
    "hyp": Reading("hyp", "t", check=_always_false, families=[Family("f", lambda: [RR])],
                   hypotheses=(Hypothesis("binary-input-at-3/4", "P(0|0) = 3/4",
                                          lambda i: i.mechanism.rows[0][0] == F(3, 4)),)),
    "error": Reading("error", "t", check=_raises, families=[Family("f", lambda: [RR])]),
}
BANK = Bank("replaytest", claims_list=[Claim("replaytest.c", "t", "s", "q", "implication", list(READINGS.values()))])


def _replayed(tmp_path, reading, inst):
    path = archive(ReadingResult("replaytest.c", reading, Verdict.REFUTED, {}, inst, {}), directory=tmp_path)
    return replay(path, banks=[BANK])[1]


@pytest.mark.parametrize("reading, inst, truth, method", [
    ("forall", OTHER, "FALSE", "test"),
    ("exists", RR, "UNDECIDED", "quantifier"),
    ("closed", RR, "FALSE", "test"),        # one of its listed instances: it counts
    ("closed", OTHER, "UNDECIDED", "scope"),  # not listed (other numbers under the same label)
    ("hyp", RR, "FALSE", "test"),
    ("hyp", OTHER, "UNDECIDED", "hypothesis"),
    ("error", RR, "UNDECIDED", "error"),
], ids=["forall", "exists", "closed-listed", "closed-other", "inside", "outside", "check-raises"])
def test_replay_rules(tmp_path, reading, inst, truth, method):
    d = _replayed(tmp_path, reading, inst)
    assert d.truth.value == truth and d.method == method, (d.truth, d.method, d.reason)
