"""A check records what its values are where it computes them (issue 26.3): a refuting witness of an
implication, a tightness or a family inequality reads "kl_dp(M) = …" and "shown: kl_dp(M) > ε²/3 at ε =
pure_dp(M)", in the CLI (tests/cli/test_hunt.py) and in a failing test's message (exactpriv.testing)."""

from __future__ import annotations

from exactpriv.claims import (Verdict, check_reading, implication_claim, randomized_responses, tightness_claim)
from exactpriv.claims.forms import name_values, shown_relation
from exactpriv.claims.model import Outcome
from exactpriv.exact.decisions import Decision
from exactpriv.testing import describe_result

RR = [randomized_responses(["3/2"])]


def test_an_implication_and_a_tightness_name_their_values_and_relation():
    imp = implication_claim("mine.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=RR)
    res = check_reading(imp, imp.readings[0])
    assert res.verdict == Verdict.REFUTED
    assert res.witness_values["names"] == {"A": "pure_dp(M)", "B": "kl_dp(M)", "bound": "eps**2/3 at ε = pure_dp(M)"}
    assert shown_relation(res.witness_values)[:3] == ("kl_dp(M)", ">", "eps**2/3 at ε = pure_dp(M)")
    text = describe_result(res)
    assert "    kl_dp(M) = -log(2)/5 + log(3)/5 ≈ 0.081093" in text
    assert "    shown: kl_dp(M) > eps**2/3 at ε = pure_dp(M)" in text

    tight = tightness_claim("mine.tight", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=RR)
    res = check_reading(tight, tight.readings[0])
    assert res.witness_values["names"] == {"lhs": "kl_dp(M)", "rhs": "eps**2/3 at ε = pure_dp(M)"}
    assert "    shown: kl_dp(M) ≠ eps**2/3 at ε = pure_dp(M)" in describe_result(res)


def test_only_recorded_keys_are_named_and_a_relation_that_held_shows_nothing():
    out = name_values(Outcome(Decision.true("t", "holds"), {"B": 1, "bound": 2}),
                      {"B": "tv_dp(M)", "bound": "eps", "missing": "x"}, ("B", "<=", "bound"))
    assert out.values["names"] == {"B": "tv_dp(M)", "bound": "eps"} and out.values["relation"] == ["B", "<=", "bound"]
    assert shown_relation({**out.values, "decision": out.decision}) is None        # TRUE: nothing violated
    assert name_values(Outcome(Decision.true("t", "r"), {"B": 1}), {}, ("B", "<=", "bound")).values == {"B": 1}


def test_a_pair_claim_names_its_sides_at_the_refuting_pair():
    from exactpriv.claims import pair_claim

    c = pair_claim("x.p", lhs="kl", rhs="tv/2", families=[randomized_responses(["3/2", 3])])
    res = check_reading(c, c.readings[0])
    assert res.verdict == Verdict.REFUTED
    assert "    shown: kl at the pair > tv/2 at the pair" in describe_result(res)
