"""Declarative claims over symbolic families: PROVED for every ε, REFUTED at a concrete member, UNDECIDED with why."""

from __future__ import annotations

import sympy

from exactpriv import EPS
from exactpriv.claims import (
    Instance,
    Notion,
    Param,
    Verdict,
    check_claim,
    implication_claim,
    inequality_claim,
    instances,
    prove_family_bound,
    symbolic_family,
    tightness_claim,
)
from exactpriv.claims.symbolic import member
from exactpriv.mechanisms.operators import k_fold
from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric

RR = symbolic_family("RR(k, ε)", lambda k: randomized_response(k, eps=EPS), over={"k": [2, 3]})


def _one(claim):
    (res,) = check_claim(claim)
    return res


def test_implication_over_rr_family_is_proved_for_every_eps():
    res = _one(implication_claim("t.kl", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)", families=[RR],
                                 by_reduction=False))
    assert res.verdict is Verdict.PROVED
    fams = res.evidence["proof"]["certificate"]["families"]
    assert [f["family"] for f in fams] == ["RR(k, ε)[k=2]", "RR(k, ε)[k=3]"]
    assert all("for every eps in [0, oo)" in f["reason"] for f in fams)


def test_misstated_bound_is_refuted_with_a_rational_member_that_the_exact_check_refutes():
    claim = implication_claim("t.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=[RR])
    res = _one(claim)
    assert res.verdict is Verdict.REFUTED
    w = res.witness
    assert not w.mechanism.free_symbols                 # a concrete member with rational entries
    assert all(isinstance(q, type(w.mechanism.rows[0][0])) for row in w.mechanism.rows for q in row)
    at = w.extra["at_eps"]
    assert sympy.exp(at).is_Rational
    # the second computation: the reading's ordinary exact check refutes the member on its own
    assert claim.readings[0].check(w).decision.is_false


def test_reading_over_symbolic_families_is_closed_and_says_its_scope():
    r = implication_claim("t.kl", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)",
                          families=[RR]).readings[0]
    assert r.open_search is False
    assert "symbolic families" in r.statement and "[0, oo)" in r.statement


def test_mixed_families_stay_checked_never_proved():
    mixed = [RR, instances("rr-numeric", [randomized_response(2, exp_eps=3)])]
    res = _one(implication_claim("t.mixed", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)",
                                 families=mixed, by_reduction=False))
    assert res.verdict is Verdict.CHECKED


def test_tightness_identity_proved_and_wrong_identity_refuted():
    fam = instances("rr2", [randomized_response(2, eps=EPS)])
    ok = _one(tightness_claim("t.tv", given="pure_dp", measure="tv_dp", bound="tanh(eps/2)", families=[fam]))
    assert ok.verdict is Verdict.PROVED
    bad = _one(tightness_claim("t.tv2", given="pure_dp", measure="tv_dp", bound="tanh(eps/3)", families=[fam]))
    assert bad.verdict is Verdict.REFUTED and not bad.witness.mechanism.free_symbols


def test_inequality_over_k_fold_with_param_grid():
    claim = inequality_claim("t.kfold", measure=Notion("pure_dp", on=lambda i: k_fold(i.mechanism, i.params["k"])),
                             op="==", bound="k*eps", params=[Param("k", [2, 3], "[1, oo)", integer=True)],
                             families=[symbolic_family("RR2", randomized_response(2, eps=EPS))])
    assert _one(claim).verdict is Verdict.PROVED


def test_end_excluded_by_the_closed_form_is_decided_on_the_member():
    # truncated geometric: entries vanish at eps = 0, so the closed form is valid on (0, oo); the end 0 is
    # decided on M.subs(eps=0) by the exact check
    res = _one(implication_claim("t.tg", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)",
                                 families=[instances("tg", [truncated_geometric(3, eps=EPS)])], by_reduction=False))
    assert res.verdict is Verdict.PROVED
    (fam,) = res.evidence["proof"]["certificate"]["families"]
    assert fam["certificate"]["ends"] == [] or fam["certificate"]["ends"][0]["truth"] == "TRUE"


def test_notion_without_closed_form_is_undecided_with_the_reason():
    v = prove_family_bound("zcdp", randomized_response(2, eps=EPS), "eps**2/2")
    assert v.verdict is Verdict.UNDECIDED
    assert "no closed form" in v.reason and "zcdp" in v.reason


def test_prove_family_bound_public_entry_point():
    v = prove_family_bound("kl_dp", randomized_response(3, eps=EPS), "eps*tanh(eps/2)")
    assert v.verdict is Verdict.PROVED and "proof" in v.certificate
    r = prove_family_bound("kl_dp", randomized_response(2, eps=EPS), "eps**2/3")
    assert r.verdict is Verdict.REFUTED and r.witness is not None
    t = prove_family_bound("tv_dp", randomized_response(2, eps=EPS), "tanh(eps/2)", op="==")
    assert t.verdict is Verdict.PROVED
    g = prove_family_bound("kl_dp", Instance("RR3", randomized_response(3, eps=EPS)), "eps*tanh(eps/2)",
                           given="pure_dp")
    assert g.verdict is Verdict.PROVED


def test_notion_parameter_as_an_expression_of_the_family_symbol():
    # δ(ε') of RR(ε) at ε' = ε is 0; at ε' = ε/2 it is positive: "at ε' = f(ε)"
    fam = symbolic_family("RR2", randomized_response(2, eps=EPS))
    at_eps = inequality_claim("t.d0", measure=Notion("approx_dp", at="delta", eps="eps"), op="==", bound="0",
                              families=[fam])
    assert _one(at_eps).verdict is Verdict.PROVED
    half = inequality_claim("t.dh", measure=Notion("approx_dp", at="delta", eps="eps/2"), op="==", bound="0",
                            families=[fam])
    assert _one(half).verdict is Verdict.REFUTED


def test_member_records_its_point():
    inst = Instance("RR2", randomized_response(2, eps=EPS))
    m = member(inst, sympy.log(3))
    assert m.extra["at_eps"] == sympy.log(3) and not m.mechanism.free_symbols


def test_log_linear_differences_with_constant_coefficients_are_decided_by_exponentiation():
    from exactpriv.measures.symbolic import Domain, prove_log_linear

    dom = Domain.make(EPS)
    d2 = -EPS + sympy.log(sympy.exp(2 * EPS) - sympy.exp(EPS) + 1)      # D_2 of binary RR(ε)
    proved = prove_log_linear(d2, "<=", EPS, dom)                         # D_2 <= D_∞ = ε, for every ε
    assert proved is not None and proved.is_true and "exponentiated" in proved.method
    # a false statement of the same shape is never proved (the certifier then finds the refuting point)
    assert prove_log_linear(d2, "<=", EPS / 2, dom) is None
    assert prove_family_bound(Notion("renyi_dp", alpha=2), randomized_response(2, eps=EPS), "eps/2",
                              given="pure_dp").verdict is Verdict.REFUTED


def test_bound_at_infinite_eps_is_its_limit():
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    zero_entry = Mechanism(Hamming(["0", "1"], 1), ["a", "b"], [["1", "0"], ["1/2", "1/2"]])   # pure DP = ∞
    claim = implication_claim("t.tv-limit", given="pure_dp", measure="tv_dp", bound="(exp(eps)-1)/(exp(eps)+1)",
                              families=[instances("zero", [zero_entry])], by_reduction=False)
    res = _one(claim)
    assert res.verdict is Verdict.CHECKED        # TV = 1/2 <= the limit 1, never nan / an entry-range error


def test_approx_dp_notion_missing_parameter_is_a_typed_error():
    import pytest

    from exactpriv.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="needs eps"):
        Notion("approx_dp", at="delta")
    assert Notion("approx_dp", at="delta", epsilon="1/2").params == {"eps": "1/2"}


def test_squared_form_proves_pinsker_on_a_family():
    v = prove_family_bound("tv_dp", randomized_response(3, eps=EPS), "sqrt(eps/2)", given="kl_dp")
    assert v.verdict is Verdict.PROVED and "squared" in v.decision.certificate["proof"]["method"]


def test_notion_parameters_are_expressions_of_declared_params():
    # Rényi order α/2 with α a Param: D_{α/2} <= D_α (order monotonicity), for α = 4 and 6
    alpha = [Param("alpha", [4, 6], "(2, oo)")]
    claim = implication_claim("t.half-order", given=Notion("renyi_dp", alpha="alpha"),
                              measure=Notion("renyi_dp", alpha="alpha/2"), bound="eps", params=alpha,
                              families=[symbolic_family("RR2", randomized_response(2, eps=EPS))])
    res = _one(claim)
    assert res.verdict is Verdict.PROVED
    assert "alpha in the declared grids" in claim.readings[0].statement


def test_bound_undefined_at_a_finite_level_is_its_limit_from_below():
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    bit = Hamming(["0", "1"], 1)
    identity = Mechanism(bit, ["a", "b"], [["1", "0"], ["0", "1"]])              # TV = 1
    half = Mechanism(bit, ["a", "b", "c"], [["1/2", "1/2", "0"], ["0", "1/2", "1/2"]])
    for bound in ("log((1+eps)/(1-eps))", "(1 - eps**2)/((1 + eps)*(1 - eps))*eps"):   # zoo, nan at TV = 1
        claim = implication_claim("t.tv1", given="tv_dp", measure="tv_dp", bound=bound,
                                  families=[instances("tv", [identity, half])], by_reduction=False)
        assert _one(claim).verdict is Verdict.CHECKED, bound
