"""The declarative claim forms: true statements are CHECKED/PROVED, mis-statements REFUTED with a witness."""

from fractions import Fraction as F

import pytest

from exactpriv.claims import Verdict, check_reading
from exactpriv.claims.declare import Notion, Param, implication_claim, inequality_claim, non_implication_claim, \
    tightness_claim
from exactpriv.claims.families import instances, random_mechanisms, randomized_responses
from exactpriv.errors import InvalidArgument
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

BIT = Hamming(["0", "1"], 1)
RR = randomized_responses(["3/2", 2, 3])
RANDOM = random_mechanisms(BIT, count=8, seed=1)


def verdict(claim):
    return check_reading(claim, claim.readings[0])


def test_cuff_yu_lemma1_form_is_proved_by_reduction_and_a_stronger_constant_refuted():
    """ε-DP ⇒ min{ε, ε²}-KL-DP is PROVED for every mechanism by the reduction to RR(ε) (issue 27); without
    the reduction the same reading is CHECKED on its instances."""
    ok = implication_claim("t.kl", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)", families=[RR, RANDOM])
    res = verdict(ok)
    assert res.verdict is Verdict.PROVED and res.evidence["proof"]["method"] == "reduction"
    assert res.evidence["families"][RANDOM.name]["kernels_confirmed"] == 8  # one neighbouring pair each
    plain = implication_claim("t.kl0", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)",
                              families=[RR, RANDOM], by_reduction=False)
    assert verdict(plain).verdict is Verdict.CHECKED
    bad = implication_claim("t.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=[RR])
    res = verdict(bad)
    assert res.verdict is Verdict.REFUTED and res.witness.label.startswith("RR")


def test_bretagnolle_huber_holds_and_its_halved_form_fails():
    """Bretagnolle–Huber: TV(P, Q) <= sqrt(1 - exp(-KL(P||Q))) (Tsybakov 2009, Lemma 2.6), lifted to the
    max over neighbours because the map is increasing."""
    ok = implication_claim("t.bh", given="kl_dp", measure="tv_dp", bound="sqrt(1 - exp(-eps))", families=[RR, RANDOM])
    assert verdict(ok).verdict is Verdict.CHECKED
    bad = implication_claim("t.bh2", given="kl_dp", measure="tv_dp", bound="sqrt(1 - exp(-eps))/2", families=[RR])
    assert verdict(bad).verdict is Verdict.REFUTED


def test_bounds_in_several_symbols_attach_the_parameter_point_to_the_witness():
    """Mironov 2017, Prop. 3: (α, ρ)-RDP ⇒ (ρ + log(1/δ)/(α−1), δ)-DP; with α in place of α−1 it is false."""
    params = [Param("alpha", [2], "(1, oo)"), Param("delta", ["1/10", "1/10000"], "(0, 1)")]
    given = Notion("renyi_dp", alpha="alpha")
    measure = Notion("approx_dp", at="epsilon", delta="delta")
    ok = implication_claim("t.rdp", given=given, measure=measure, bound="eps + log(1/delta)/(alpha - 1)",
                           params=params, families=[RR, RANDOM])
    assert verdict(ok).verdict is Verdict.CHECKED
    # a rare output (1e-7 against 1e-3) carries the δ; the likelihood ratio 10 on y0 the ε
    skew = Mechanism(BIT, ["y0", "y1", "y2"], [[F(1, 10), 1 - F(1, 10) - F(1, 10**7), F(1, 10**7)],
                                               [F(1, 100), F(989, 1000), F(1, 1000)]])
    bad = implication_claim("t.rdp-bad", given=given, measure=measure, bound="eps + log(1/delta)/alpha",
                            params=params, families=[instances("skewed", [skew])])
    res = verdict(bad)
    assert res.verdict is Verdict.REFUTED
    assert res.witness.params == {"alpha": 2, "delta": F(1, 10000)}


def test_tightness_and_non_implication_forms():
    tight = tightness_claim("t.rr", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)", families=[RR])
    assert verdict(tight).verdict is Verdict.CHECKED
    loose = tightness_claim("t.rr2", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)", families=[RR])
    assert verdict(loose).verdict is Verdict.REFUTED
    # KL-DP does not bound pure DP linearly (Cuff–Yu's ordering (A) is strict): P = (δ, 1−δ) against
    # Q = (δ², 1−δ²) has pure ε = ln(1/δ) and KL of order δ·ln(1/δ)
    skew = Mechanism(BIT, ["a", "b"], [[F(1, 1000), F(999, 1000)], [F(1, 10**6), 1 - F(1, 10**6)]])
    nonimp = non_implication_claim("t.ni", given="kl_dp", measure="pure_dp", bound="10*eps",
                                   families=[instances("skew", [skew])])
    res = verdict(nonimp)
    assert res.verdict is Verdict.CHECKED and res.evidence["quantifier"] == "exists"


def test_inequality_form_uses_the_certifier():
    ok = inequality_claim("t.ineq", "eps*tanh(eps/2) <= Min(eps, eps**2)", domain="[0, oo)")
    assert verdict(ok).verdict is Verdict.PROVED
    bad = inequality_claim("t.ineq2", "eps*tanh(eps/2) <= eps**2/3", domain="[0, 2]")
    assert verdict(bad).verdict is Verdict.REFUTED


@pytest.mark.parametrize("make,match", [
    (lambda: Param("eps", [1]), "identifier other than 'eps'"),
    (lambda: Param("delta", ["3/2"], "(0, 1)"), "outside its domain"),
    (lambda: Param("k", ["1/2"], integer=True), "not an integer"),
    (lambda: Notion("renyi"), "did you mean renyi_dp"),
    (lambda: Notion("approx_dp"), "needs at="),
    (lambda: implication_claim("t.x", given="pure_dp", measure="kl_dp", bound="eps*gamma", families=[RR]),
     "gamma"),
], ids=["eps-param", "outside-domain", "non-integer", "typo-notion", "approx-view", "undeclared-symbol"])
def test_bad_declarations_are_typed_errors(make, match):
    with pytest.raises(InvalidArgument, match=match):
        make()
