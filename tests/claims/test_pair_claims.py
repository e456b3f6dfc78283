"""pair_claim (issue 22): a statement quantified over every (neighbouring) pair of inputs, not over maxima."""

from fractions import Fraction as F

import pytest
import sympy

from exactpriv.claims import Instance, check_reading, instances, pair_claim, random_mechanisms
from exactpriv.claims.pairs import pair_values
from exactpriv.errors import ExactPrivError
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import randomized_response
from exactpriv.spaces import Hamming

BIT = Hamming(["0", "1"], 1)
RANDOM = random_mechanisms(BIT, outputs=3, count=6, seed=5, zeros=False)


def test_pair_values_follow_the_definitions():
    P, Q = [F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)]
    v = pair_values(P, Q)
    assert v["tv"] == sympy.Rational(1, 4)
    assert v["chi2"] == sympy.Rational(1, 3)  # (1/4)²/(1/4) + (1/4)²/(3/4) = 1/4 + 1/12
    assert v["chi2_rev"] == sympy.Rational(1, 4)  # (1/4)²/(1/2) · 2
    assert sympy.simplify(v["kl"] - (sympy.log(2) / 2 + sympy.log(sympy.Rational(2, 3)) / 2)) == 0
    assert sympy.simplify(v["d2"] - sympy.log(sympy.Rational(4, 3))) == 0
    assert pair_values([F(1), F(0)], [F(0), F(1)], ["kl", "chi2", "tv"]) == {"kl": sympy.oo, "chi2": sympy.oo,
                                                                             "tv": 1}


def test_a_per_pair_statement_fails_at_a_named_pair_that_the_max_form_cannot_see():
    # two pairs: (a, b) has the larger KL, (b, a) the larger chi²/TV; a statement per pair is refuted at the pair
    # where it fails, with the pair and both sides in the witness values
    M = Mechanism(BIT, [0, 1], [[F(1, 10), F(9, 10)], [F(1, 2), F(1, 2)]])
    c = pair_claim("t.pairs", lhs="chi2", rhs="kl", families=[instances("one", [Instance("M", M)])])
    res = check_reading(c, c.readings[0])
    assert res.verdict.value == "REFUTED"
    assert res.witness_values["pair"] in ([("0",), ("1",)], [("1",), ("0",)])
    true = pair_claim("t.kl-chi2", lhs="kl", rhs="chi2", families=[RANDOM, instances("one", [Instance("M", M)])])
    assert check_reading(true, true.readings[0]).verdict.value == "CHECKED"


def test_djw_per_pair_in_the_mechanisms_epsilon_and_a_false_variant():
    ok = pair_claim("t.djw", lhs="kl + kl_rev", rhs="4*(exp(eps)-1)**2", given="pure_dp", pairs="all", families=[RANDOM])
    assert check_reading(ok, ok.readings[0]).verdict.value == "CHECKED"
    bad = pair_claim("t.djw-bad", lhs="kl + kl_rev", rhs="(exp(eps)-1)**2/4", given="pure_dp", families=[RANDOM])
    assert check_reading(bad, bad.readings[0]).verdict.value == "REFUTED"


def test_a_symbolic_family_is_proved_pair_by_pair_or_refuted_at_a_rational_member():
    from exactpriv.claims import symbolic_family

    rr2 = symbolic_family("RR(2, ε)", randomized_response(2, eps=EPS))
    proved = pair_claim("t.sym", lhs="kl", rhs="chi2", families=[rr2])
    res = check_reading(proved, proved.readings[0])
    assert res.verdict.value == "PROVED"
    refuted = pair_claim("t.sym-bad", lhs="chi2", rhs="kl", families=[rr2])
    res = check_reading(refuted, refuted.readings[0])
    assert res.verdict.value == "REFUTED" and res.witness is not None and "at_eps" in res.witness.extra


@pytest.mark.parametrize("kw", [dict(lhs="kl", rhs="chi3"), dict(lhs="kl", rhs="chi2", op="=<"),
                                dict(lhs="kl", rhs="chi2", pairs="some"), dict(lhs="", rhs="chi2"),
                                dict(lhs="__import__('os')", rhs="chi2")])
def test_bad_declarations_are_typed_errors_naming_the_culprit(kw):
    with pytest.raises(ExactPrivError, match="t.bad"):
        pair_claim("t.bad", families=[RANDOM], **kw)


@pytest.mark.parametrize("k", [2, 3])
def test_total_variation_of_one_pair_over_a_symbolic_family(k):
    # regression (issue 22): pair_divergence_symbolic(..., "tv") multiplied a bare sympy 1 into the chart's
    # rational functions (TypeError) — TV of one pair over RR(k, ε) was unusable; the closed form is checked
    # against the exact numeric TV of rational members (a second computation from the definition)
    from exactpriv.measures.symbolic.divergences import pair_divergence_symbolic

    M = randomized_response(k, eps=EPS)
    x, x2 = M.inputs.points[0], M.inputs.points[1]
    v = pair_divergence_symbolic(M, x, x2, "tv").value
    assert sympy.simplify(v - (sympy.exp(EPS) - 1) / (sympy.exp(EPS) + k - 1)) == 0
    for t in (F(1), F(3, 2), F(7)):  # e^ε = t
        member = randomized_response(k, exp_eps=t)
        numeric = pair_values(member.rows[0], member.rows[1], ["tv"])["tv"]
        assert sympy.simplify(v.subs(EPS, sympy.log(sympy.Rational(t.numerator, t.denominator))) - numeric) == 0


def test_a_per_pair_tv_statement_over_a_symbolic_family_is_proved_and_its_misstatement_refuted():
    from exactpriv.claims import symbolic_family

    rr = symbolic_family("RR(m, ε)", lambda m: randomized_response(m, eps=EPS), over={"m": [2, 3]})
    ok = pair_claim("t.tv-sym", lhs="tv", rhs="tanh(eps/2)", given="pure_dp", families=[rr])
    assert check_reading(ok, ok.readings[0]).verdict.value == "PROVED"
    bad = pair_claim("t.tv-sym-bad", lhs="tv", rhs="eps/4", given="pure_dp", families=[rr])
    res = check_reading(bad, bad.readings[0])
    assert res.verdict.value == "REFUTED" and res.witness is not None and "at_eps" in res.witness.extra
