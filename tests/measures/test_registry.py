"""The measure registry: every public name resolves, and `compute` agrees with the function."""

import pytest

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.measures import REGISTRY, applicable_measures, compute, get_measure
from exactpriv.mechanisms import zoo

ISSUE_NAMES = ["pure_dp", "approx_dp", "tv_dp", "kl_dp", "renyi_dp", "mi_dp", "free_lunch", "mi_privacy",
               "conditional_mi", "identifiability", "bayesian_dp", "identity_dp", "semantic_privacy",
               "bayesian_semantic_privacy", "positive_membership", "negative_membership", "sibson_mi",
               "adversarial_privacy", "capacity"]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_registered_measure_resolves(name):
    fn = get_measure(name)
    assert callable(fn) and fn.__doc__, f"{name} needs a docstring with its definition"


def test_issue_names_are_all_registered():
    assert set(ISSUE_NAMES) <= set(REGISTRY)


def test_applicability_follows_prior_and_records():
    M = zoo.randomized_response(p="3/4")
    without = applicable_measures(M)
    with_prior = applicable_measures(M, Prior.uniform(M.inputs))
    assert "mi_privacy" not in without and "mi_privacy" in with_prior
    assert set(without) < set(with_prior)


def test_compute_defaults_and_errors():
    M = zoo.randomized_response(p="3/4")
    assert str(compute("renyi_dp", M).value) == str(get_measure("renyi_dp")(M, 2).value)
    with pytest.raises(InvalidArgument, match="needs a prior"):
        compute("mi_privacy", M)
    with pytest.raises(InvalidArgument, match="unknown measure"):
        get_measure("nonsense")


def test_udp_measures_on_subsets():
    """k-Max (Li et al. Def. 5.2, n=3, k=2): with T = {} the output is uniform on {c1, c2};
    adding entity 2 moves it to {c2, c3}.  So output c3 is impossible before and possible
    after the addition (positive UDP infinite), and c1 the other way round (negative UDP)."""
    import sympy

    M = zoo.k_max(3, 2)
    pos, neg = compute("positive_udp", M), compute("negative_udp", M)
    assert pos.value == sympy.oo and neg.value == sympy.oo
    assert pos.witness["output"] == 3 and neg.witness["output"] == 1
    rr = zoo.randomized_response(p="3/4")
    with pytest.raises(InvalidArgument):
        compute("positive_udp", rr)  # UDP needs datasets of entities (Subsets)


@pytest.mark.parametrize("make", [lambda: zoo.randomized_response(p="3/4"),
                                  lambda: zoo.wang_E_d([0, 1], 2, exp_eps=3),
                                  lambda: zoo.k_max(3, 2)],
                         ids=["rr-hamming-n1", "E_d-hamming-n2", "kmax-subsets"])
def test_applicable_measures_are_computable_with_what_is_given(make):
    """Every measure listed without a prior computes without one (and with a prior, with it): no listed
    measure asks for a prior.  Only the measures whose prior requirement depends on the inputs are
    computed here (the others are covered by the registry's flags and the tests above)."""
    M = make()
    prior_related = {n for n, s in REGISTRY.items() if s.needs_prior or s.optional_prior}
    for prior in (None, Prior.uniform(M.inputs)):
        for name in sorted(set(applicable_measures(M, prior)) & prior_related):
            compute(name, M, prior=prior)  # raises InvalidArgument if a prior were missing


def test_prior_measures_are_not_listed_without_a_prior():
    M = zoo.wang_E_d([0, 1], 2, exp_eps=3)
    without = applicable_measures(M)
    for name in ("bayesian_semantic_privacy", "positive_membership", "negative_membership"):
        assert name not in without and name in applicable_measures(M, Prior.uniform(M.inputs))
    assert {"positive_membership", "negative_membership"} <= set(applicable_measures(zoo.k_max(3, 2)))
