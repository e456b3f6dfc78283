"""A Verdict refuses bool(), like a Decision: ``if prove(...).verdict:`` must not pass for REFUTED (issue 26)."""

import pytest

from exactpriv.exact.verdicts import Verdict


@pytest.mark.parametrize("verdict", list(Verdict))
def test_a_verdict_has_no_truth_value(verdict):
    with pytest.raises(TypeError, match="ambiguous"):
        bool(verdict)


def test_a_verdict_still_compares_with_its_name():
    assert Verdict.PROVED == "PROVED" and Verdict("REFUTED") is Verdict.REFUTED
    assert {Verdict.CHECKED: 1}[Verdict.CHECKED] == 1
