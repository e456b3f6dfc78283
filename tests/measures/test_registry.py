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
