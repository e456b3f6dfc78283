"""(ε, δ)-DP and TV as the *given* notion of the reduction prover (issue 27): family proofs in δ.

Expected verdicts, justified: every (ε, δ)-close pair is a post-processing of the four-output pair P̃, Q̃ at (ε, δ)
(Kairouz–Oh–Viswanath), TV and E_γ do not increase under post-processing, and on that pair TV = δ + (1 − δ)·
(e^ε − 1)/(e^ε + 1) and E_{e^ε'} = δ + (1 − δ)(e^ε − e^ε')/(1 + e^ε) for ε' ≤ ε — so those bounds hold for every
(ε, δ)-DP mechanism, while the pure-DP bound (e^ε − 1)/(e^ε + 1), which forgets δ, fails on the pair itself
(at δ = 1/2, ε = ln 2: TV = 2/3 > 1/3).
"""

from fractions import Fraction as F

import pytest
import sympy

from exactpriv.claims import Instance, Notion, Param, Verdict, check_reading, implication_claim, instances
from exactpriv.claims.families import random_mechanisms
from exactpriv.mechanisms.base import Mechanism
from exactpriv.reductions import prove_by_reduction
from exactpriv.reductions.approx import DELTA, extremal_family, member_value
from exactpriv.reductions.dominance import extremal_pair, hockey_stick
from exactpriv.spaces import Hamming

BIT = Hamming(["0", "1"], 1)
KOV_TV = "eps + (1 - eps)*(exp({c}) - 1)/(exp({c}) + 1)"
AT = Notion("approx_dp", at="delta", eps="epsilon")


def _pair(g, d):
    P, Q = extremal_pair(g, d)
    return Mechanism(BIT, [0, 1, 2, 3], [list(P), list(Q)], name=f"extremal pair (e^eps={g}, delta={d})")


#: mechanisms with zero entries (δ > 0 at every ε) and the extremal pairs themselves, where the bound is attained
FAMILIES = [random_mechanisms(BIT, outputs=3, count=6, seed=3, zeros=True),
            instances("extremal pairs", [Instance(f"pair({g},{d})", _pair(g, d)) for g, d in [(2, F(1, 10)),
                                                                                             (2, F(1, 2))]])]


@pytest.mark.parametrize("level", [0, sympy.log(2), 1])
def test_kov_tv_bound_for_every_approx_dp_mechanism_is_proved_with_the_chain(level):
    red = prove_by_reduction("approx_dp", "tv_dp", KOV_TV.format(c=level), given_params={"eps": level},
                             given_at="delta")
    assert red.proved, red.missing
    theorems = [link.theorem for link in red.chain]
    assert theorems == ["approx-dominance", "data-processing-f", "pairwise-maximum", "family-proof"]
    cert = red.certificate()
    assert cert["statement"]["measures"]["A"] == {"notion": "approx_dp", "epsilon": str(level)}
    assert cert["steps"][0]["from"]["domain"] == {"delta": "[0, 1]"}
    assert [e["truth"] for e in cert["infinity_end"]["ends"]] == ["TRUE", "TRUE"]


def test_the_hockey_stick_curve_of_the_extremal_pair_bounds_every_mechanisms_delta_at_a_smaller_eps():
    bound = "eps + (1 - eps)*(exp(log(3)) - exp(log(2)))/(1 + exp(log(3)))"
    red = prove_by_reduction("approx_dp", "approx_dp", bound, given_params={"eps": sympy.log(3)}, given_at="delta",
                             measure_params={"eps": sympy.log(2)}, at="delta")
    assert red.proved, red.missing
    tv = prove_by_reduction("tv_dp", "approx_dp", "eps", measure_params={"eps": F(1, 2)}, at="delta")
    assert tv.proved and tv.chain[0].theorem == "approx-dominance"


@pytest.mark.parametrize("bound,fragment", [
    ("(exp(1) - 1)/(exp(1) + 1)", "fails on the (ε, δ) extremal pair"),  # forgets δ
    ("eps + (1 - eps)*tanh(1/4)", "fails on the (ε, δ) extremal pair"),  # tanh(ε/4): too small
])
def test_a_misstated_bound_is_not_proved_and_says_where(bound, fragment):
    red = prove_by_reduction("approx_dp", "tv_dp", bound, given_params={"eps": 1}, given_at="delta")
    assert not red.proved and fragment in red.missing


@pytest.mark.parametrize("measure,fragment", [("kl_dp", "+∞ on the (ε, δ) extremal pair"),
                                              ("renyi_dp", "+∞ on the (ε, δ) extremal pair"),
                                              ("mi_dp", "not a hockey-stick-type")])
def test_measures_unbounded_or_not_pairwise_name_the_missing_link(measure, fragment):
    red = prove_by_reduction("approx_dp", measure, "eps", given_params={"eps": 1}, given_at="delta")
    assert not red.proved and fragment in red.missing


def test_the_tightest_eps_at_a_fixed_delta_as_given_is_reduced_with_the_family_proof_in_eps():
    # every pair is (ε_M, δ₀)-close: dominated by the pair at (ε_M, δ₀), whose TV is δ₀ + (1 − δ₀)·tanh(ε/2)
    red = prove_by_reduction("approx_dp", "tv_dp", "1/10 + (9/10)*tanh(eps/2)", given_params={"delta": F(1, 10)},
                             given_at="epsilon")
    assert red.proved, red.missing
    cert = red.certificate()
    assert cert["statement"]["measures"]["A"] == {"notion": "approx_dp_epsilon", "delta": "1/10"}
    assert cert["infinity_end"]["measure"] == "1" and cert["infinity_end"]["truth"] == "TRUE"
    # the pure-DP bound forgets δ₀: at ε = 0 the pair still has TV = δ₀ > 0
    bad = prove_by_reduction("approx_dp", "tv_dp", "tanh(eps/2)", given_params={"delta": F(1, 10)},
                             given_at="epsilon")
    assert not bad.proved and "fails on the (ε, δ) extremal pair" in bad.missing


def test_conjecture_with_a_given_eps_at_a_fixed_delta():
    from counterexamples.conjecture import conjecture
    from exactpriv.claims.by_reduction import confirm_given

    ok = conjecture(given="approx_dp", measure="tv_dp", bound="delta + (1-delta)*tanh(eps/2)",
                    params={"delta": ["1/10"]}, max_examples=2)
    assert ok.verdict is Verdict.PROVED and "approx_dp.epsilon(delta=1/10)" in ok.note
    bad = conjecture(given="approx_dp", measure="tv_dp", bound="tanh(eps/2)", params={"delta": ["1/10"]},
                     space="hamming:m=2,n=1", max_examples=20)
    assert bad.verdict is Verdict.REFUTED
    # kernels at the instance's own (ε_M, δ₀); ε_M = ∞ needs none (disjoint supports dominate every pair)
    at = Notion("approx_dp", at="epsilon", delta="1/10")
    assert confirm_given(at)(Instance("p", _pair(2, F(1, 10))))["checked"] == 1
    assert "disjoint" in confirm_given(at)(Instance("p", _pair(2, F(1, 2))))["skipped"]


@pytest.mark.parametrize("level,prime", [(0, 0), (sympy.log(2), 0), (sympy.log(3), sympy.log(2)),
                                         (sympy.log(2), sympy.log(3))])
def test_closed_forms_in_delta_agree_with_the_definition_on_members(level, prime):
    """Two computations: the symbolic closed form on the family in δ, and Σ max(P − γQ, 0) on exact members (the
    one the ends use), and at rational e^ε a third, the rational hockey-stick of exactpriv.reductions.dominance."""
    from exactpriv.measures.symbolic import symbolic_measure

    fam = extremal_family(level)
    closed = symbolic_measure("hockey_stick", fam, eps_prime=prime, domain=(0, 1), closed=(False, False)).value
    for d in (F(1, 7), F(1, 2), F(9, 10)):
        ref = member_value("approx_dp", level, prime, sympy.Rational(d.numerator, d.denominator))
        assert sympy.simplify(closed.xreplace({DELTA: sympy.Rational(d.numerator, d.denominator)}) - ref) == 0
        P, Q = extremal_pair(int(sympy.exp(level)), d)
        exact = max(hockey_stick(P, Q, int(sympy.exp(prime))), hockey_stick(Q, P, int(sympy.exp(prime))))
        assert sympy.simplify(ref - sympy.Rational(exact.numerator, exact.denominator)) == 0


def test_a_user_banks_implication_is_proved_for_every_mechanism_and_a_misstatement_refuted():
    params = [Param("epsilon", [sympy.log(2), 1], "[0, oo)")]
    ok = implication_claim("u.kov", given=AT, measure="tv_dp", bound=KOV_TV.format(c="epsilon"), params=params,
                           families=FAMILIES)
    res = check_reading(ok, ok.readings[0])
    assert res.verdict is Verdict.PROVED
    # every instance check confirmed the approx-dominance kernels at the rational e^ε = 2 (skipped, with why, at e)
    from exactpriv.claims.by_reduction import confirm_given

    confirm = confirm_given(AT)
    assert confirm(Instance("p", _pair(2, F(1, 10)), params={"epsilon": sympy.log(2)}))["checked"] == 1
    assert "irrational" in confirm(Instance("p", _pair(2, F(1, 10)), params={"epsilon": 1}))["skipped"]
    bad = implication_claim("u.kov-bad", given=AT, measure="tv_dp", bound="(exp(epsilon) - 1)/(exp(epsilon) + 1)",
                            params=params, families=FAMILIES, expected="REFUTED", finding="variant")
    res = check_reading(bad, bad.readings[0])
    assert res.verdict is Verdict.REFUTED and res.witness is not None


def test_conjecture_with_a_given_delta_reaches_proved_and_still_refutes_a_misstated_bound():
    from counterexamples.conjecture import conjecture

    res = conjecture(given="approx_dp", measure="tv_dp", bound="eps + (1 - eps)*tanh(epsilon/2)",
                     params={"epsilon": [1]}, seconds=60, max_examples=5)
    assert res.verdict is Verdict.PROVED and res.tried == 0 and "four-output pair" in res.note
    bad = conjecture(given="approx_dp", measure="tv_dp", bound="tanh(epsilon/2)", params={"epsilon": [1]},
                     space="hamming:m=2,n=1", seconds=60, max_examples=40, by_reduction=True)
    assert bad.verdict is Verdict.REFUTED and bad.witness is not None


def test_the_proof_reaches_the_evidence_and_the_checker_never_fails_it():
    """Until the checker has a kind for the (ε, δ) chain the row is not independently checkable — never FAILED,
    never re-verified on a chain the checker did not check."""
    from exactpriv.checker.run import check_row
    from exactpriv.claims.evidence import evidence_row

    binding = {"name": "u", "version": "1", "source_sha256": "0" * 64}
    params = [Param("epsilon", [sympy.log(2)], "[0, oo)")]
    ok = implication_claim("u.kov", given=AT, measure="tv_dp", bound=KOV_TV.format(c="epsilon"), params=params,
                           families=FAMILIES[1:])
    row = evidence_row(check_reading(ok, ok.readings[0]), ok, ok.readings[0], binding)
    assert row["verdict"] == "PROVED"
    out = check_row(row, binding=binding, manifest=None, effort={})
    assert out.status != "FAILED", out.why
