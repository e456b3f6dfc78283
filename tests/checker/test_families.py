"""Symbolic families (``forall-family``) and reductions to randomized response: the checker derives the measures of
a family from its symbolic entries itself, and checks the chain of a reduction from the statement."""

import copy

import pytest

from exactpriv.certify.checker_format import reduction_steps
from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.families import RR2, family_statements

RR3 = {"name": "RR(3, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "hamming", "values": [0, 1, 2], "n": 1}, "outputs": [0, 1, 2],
       "mechanism": [["exp(eps)/(exp(eps) + 2)", "1/(exp(eps) + 2)", "1/(exp(eps) + 2)"],
                     ["1/(exp(eps) + 2)", "exp(eps)/(exp(eps) + 2)", "1/(exp(eps) + 2)"],
                     ["1/(exp(eps) + 2)", "1/(exp(eps) + 2)", "exp(eps)/(exp(eps) + 2)"]]}
# the truncated geometric mechanism on {0, 1, 2}: its middle entries vanish at eps = 0
TG2 = {"name": "TG(2, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "explicit", "inputs": ["0", "1", "2"], "neighbours": [[0, 1], [1, 2]]},
       "outputs": [0, 1, 2],
       "mechanism": [["exp(eps)/(exp(eps) + 1)", "(exp(eps) - 1)/(exp(2*eps) + exp(eps))",
                      "1/(exp(2*eps) + exp(eps))"],
                     ["1/(exp(eps) + 1)", "(exp(eps) - 1)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                     ["1/(exp(2*eps) + exp(eps))", "(exp(eps) - 1)/(exp(2*eps) + exp(eps))",
                      "exp(eps)/(exp(eps) + 1)"]]}
KL_RR = {"quantifier": "forall-family", "families": [RR2, RR3],
         "measures": {"A": {"notion": "pure_dp"}, "B": {"notion": "kl_dp"}}, "claim": "B <= A*tanh(A/2)"}
POWERS = {"kind": "powers", "substitution": "u = exp(eps)"}


def _proves(cert, statement):
    return check_certificate(cert, statement, proves=True, max_prec=2048)


def test_measures_are_derived_from_the_symbolic_entries():
    (_, rr2), (_, rr3) = family_statements(KL_RR)
    # pure_dp(RR(eps)) = eps and KL(RR(2, eps)) = eps (e^eps − 1)/(e^eps + 1), derived by the checker
    assert "(1 * eps)" in rr2["claim"] and "((-1) + exp(eps))" in rr2["claim"]
    _proves({"kind": "family", "families": [{"proof": POWERS}, {"proof": POWERS}]}, KL_RR)
    exact = dict(KL_RR, families=[RR2], claim="B == A*tanh(A/2)")
    _proves({"kind": "family", "families": [{"proof": {"kind": "identity", "mixed": True,
                                                       "substitution": "u = exp(eps/2)"}}]}, exact)
    geometric = {"quantifier": "forall-family", "families": [TG2], "measures": {"A": {"notion": "pure_dp"}},
                 "claim": "A == eps"}
    _proves({"kind": "family", "families": [{"proof": {"kind": "identity", "substitution": "u = eps"}}]}, geometric)
    tv = {"quantifier": "forall-family", "families": [RR3], "measures": {"T": {"notion": "tv_dp"}},
          "claim": "T == (exp(eps) - 1)/(exp(eps) + 2)"}
    _proves({"kind": "family", "families": [{"proof": {"kind": "identity", "substitution": "u = exp(eps)"}}]}, tv)


def test_a_false_family_claim_is_refused_and_refuted_at_a_point():
    wrong = dict(KL_RR, families=[RR2], claim="B <= A**2/3")
    with pytest.raises(Failed, match="coefficient"):
        _proves({"kind": "family", "families": [{"proof": POWERS}]}, wrong)
    # ε tanh(ε/2) ≈ ε²/2 > ε²/3 near 0; at ε = 3 the bound holds
    check_certificate({"kind": "family", "families": [{"proof": {"kind": "point", "at": {"eps": "1/10"}}}]}, wrong,
                      proves=False, max_prec=2048)
    with pytest.raises(Failed, match="no family is refuted"):
        check_certificate({"kind": "family", "families": [{"proof": {"kind": "point", "at": {"eps": "3"}}}]},
                          wrong, proves=False, max_prec=2048)


def test_a_forged_family_matrix_is_refused():
    bad = copy.deepcopy(RR2)
    bad["mechanism"][0][1] = "2/(exp(eps) + 1)"  # the row no longer sums to 1
    with pytest.raises(Failed, match="sum to 1"):
        family_statements(dict(KL_RR, families=[bad]))
    negative = copy.deepcopy(RR2)
    negative["domain"] = "[-1, oo)"  # pure_dp's formula needs eps >= 0
    with pytest.raises(NotCheckable):
        family_statements(dict(KL_RR, families=[negative]))


TV_ALL = {"quantifier": "forall-instances", "measures": {"A": {"notion": "pure_dp"}, "B": {"notion": "tv_dp"}},
          "claim": "B <= tanh(A/2)"}
CHAIN = ["rr-dominance", "data-processing-f", "pairwise-maximum"]
WITNESS = {"space": {"type": "hamming", "values": [0, 1], "n": 2}, "outputs": ["a", "b", "c"],
           "mechanism": [["1/2", "1/4", "1/4"], ["1/3", "1/3", "1/3"], ["1/4", "1/2", "1/4"], ["1/3", "1/3", "1/3"]]}


def _reduction(statement, chain=CHAIN, confirm=(WITNESS,)):
    family = {"quantifier": "forall-family", "families": [RR2], "measures": statement["measures"],
              "claim": statement["claim"]}
    return {"kind": "reduction", "steps": reduction_steps(family, statement, chain, chain),
            "family_proof": {"kind": "family", "families": [{"proof": POWERS}]}, "confirm": list(confirm)}


def test_a_reduction_to_randomized_response_is_checked_and_names_its_trusted_steps():
    assert _proves(_reduction(TV_ALL), TV_ALL) == CHAIN
    kl = dict(TV_ALL, measures={"A": {"notion": "pure_dp"}, "B": {"notion": "kl_dp"}}, claim="B <= A*(exp(A) - 1)")
    assert _proves(_reduction(kl), kl) == CHAIN


def test_a_reduction_is_refused_when_a_link_does_not_hold():
    with pytest.raises(Failed, match="data-processing-f"):  # Rényi's theorem cited for TV
        _proves(_reduction(TV_ALL, chain=["rr-dominance", "data-processing-renyi", "pairwise-maximum"]), TV_ALL)
    cert = _reduction(TV_ALL)
    cert["steps"][0]["from"] = dict(cert["steps"][0]["from"], claim="B <= 1")  # a family claim other than the row's
    cert["steps"][1]["from"] = cert["steps"][0]["to"]
    with pytest.raises(Failed, match="RR"):
        _proves(cert, TV_ALL)
    tighter = dict(TV_ALL, claim="B <= tanh(A/2)/2")  # false on RR(eps) itself
    with pytest.raises(Failed, match="coefficient"):
        _proves(_reduction(tighter), tighter)
    given_tv = dict(TV_ALL, measures={"A": {"notion": "tv_dp"}, "B": {"notion": "kl_dp"}})  # no dominance by RR
    with pytest.raises(NotCheckable, match="pure_dp"):
        _proves(_reduction(given_tv), given_tv)


def test_the_dominance_kernel_is_built_on_each_confirming_instance():
    not_a_mechanism = dict(WITNESS, mechanism=[["1/2", "1/2", "1/4"]] + WITNESS["mechanism"][1:])
    with pytest.raises(Failed, match="probability vector"):
        _proves(_reduction(TV_ALL, confirm=[not_a_mechanism]), TV_ALL)
    with_zero = dict(WITNESS, mechanism=[["1", "0", "0"]] + WITNESS["mechanism"][1:])  # eps = oo: K = [P; Q]
    assert _proves(_reduction(TV_ALL, confirm=[with_zero]), TV_ALL) == CHAIN


GARBLE2 = [["9/10", "1/10"], ["1/10", "9/10"]]


@pytest.mark.parametrize("measures, claim, cert", [
    # post-processing by an exact kernel: the garbled ratios are not powers of u, pure DP is a log
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {"operator": "post-process", "kernel": GARBLE2}}},
     "B <= A", {"kind": "exponentiate", "scale": "1", "then": {"kind": "sign-chart", "substitution": "u = exp(eps)"}}),
    # basic composition: pure DP of RR(eps)^3 on the same input is 3 eps
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {"operator": "k-fold", "k": "k"}}}, "B <= k*A",
     POWERS),
    # KOV Thm 3.3, i = 1: delta of the k-fold composition at (k - 2) eps
    ({"B": {"notion": "approx_dp", "epsilon": "(k-2)*eps", "on": {"operator": "k-fold", "k": "k"}}},
     "B == (exp(k*eps) - exp((k-2)*eps))/(1 + exp(eps))**k", {"kind": "identity", "substitution": "u = exp(eps)"}),
    # Rényi of order 3 grows with the order towards pure DP, via exp(2 * D_3)
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "renyi_dp", "alpha": "3"}}, "B <= A",
     {"kind": "exponentiate", "scale": "2", "then": {"kind": "sign-chart", "substitution": "u = exp(eps)"}}),
    # D_2(RR(eps)) <= 2 eps^2 / 2 with two derivatives (g(0) = g'(0) = 0, g'' <= 0)
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "renyi_dp", "alpha": "2"}}, "B <= 2*A**2/2",
     {"kind": "derivative", "then": {"kind": "derivative", "then": {"kind": "sign-chart",
                                                                    "substitution": "u = exp(eps)"}}}),
    # min splits into one claim per argument; eps tanh(eps/2) <= eps^2 after dividing by eps
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "kl_dp"}}, "B <= min(A, A**2)",
     {"kind": "split", "parts": [POWERS, {"kind": "factor", "power": 1, "then": {"kind": "monotone",
                                                                              "substitution": "u = exp(eps)"}}]}),
])
def test_operators_grids_and_rewriting_kinds(measures, claim, cert):
    statement = {"quantifier": "forall-family", "families": [dict(RR2, params={"k": "3"})], "measures": measures,
                 "claim": claim}
    _proves({"kind": "family", "families": [{"proof": cert}]}, statement)


@pytest.mark.parametrize("measures, claim, cert", [
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {"operator": "k-fold", "k": "k"}}}, "B <= 2*A",
     POWERS),  # 3-fold is 3 eps, not 2 eps
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "renyi_dp", "alpha": "2"}}, "B <= A**2/4",
     {"kind": "derivative", "then": {"kind": "derivative", "then": {"kind": "sign-chart",
                                                                    "substitution": "u = exp(eps)"}}}),
    ({"A": {"notion": "pure_dp"}, "B": {"notion": "kl_dp"}}, "B <= A**2/3",
     {"kind": "factor", "power": 1, "then": {"kind": "monotone", "substitution": "u = exp(eps)"}}),
])
def test_rewriting_kinds_refuse_false_claims(measures, claim, cert):
    statement = {"quantifier": "forall-family", "families": [dict(RR2, params={"k": "3"})], "measures": measures,
                 "claim": claim}
    with pytest.raises(Failed):
        _proves({"kind": "family", "families": [{"proof": cert}]}, statement)


def test_a_kernel_that_is_not_stochastic_is_refused():
    bad = {"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {"operator": "post-process",
                                                                          "kernel": [["1", "1/10"], ["0", "1"]]}}}
    with pytest.raises(Failed, match="stochastic"):
        family_statements({"quantifier": "forall-family", "families": [RR2], "measures": bad, "claim": "B <= A"})


def test_hostile_nesting_and_sizes_are_refused_not_run():
    deep = POWERS
    for _ in range(12):
        deep = {"kind": "derivative", "then": deep}
    statement = dict(KL_RR, families=[RR2], claim="B <= A*tanh(A/2)")
    with pytest.raises((NotCheckable, Failed), match="nested|longer than"):  # stopped by a limit, never run on
        _proves({"kind": "family", "families": [{"proof": deep}]}, statement)
    huge = {"B": {"notion": "pure_dp", "on": {"operator": "k-fold", "k": "1000000"}}}
    with pytest.raises((NotCheckable, Failed)):
        family_statements({"quantifier": "forall-family", "families": [RR2], "measures": huge, "claim": "B <= eps"})
    fine = {"B": {"notion": "approx_dp", "epsilon": "eps/1000000"}}
    with pytest.raises(NotCheckable):
        family_statements({"quantifier": "forall-family", "families": [RR2], "measures": fine, "claim": "B <= 1"})
