"""exactpriv.interop.check_opendp_privacy_map against OpenDP (the optional ``opendp`` extra): OpenDP's stated
privacy maps — pure ε-DP, ρ-zCDP, (ε, δ)-DP and privacy profiles, of its randomized responses (boolean,
categorical, bit-vector) and their compositions and conversions — each a float, are valid bounds on the exact
level of the mechanism they run (built from the measurement's own float parameters, taken exactly), and a map set
against a mechanism that leaks more is refuted."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from exactpriv.errors import InvalidArgument
from exactpriv.interop import check_opendp_privacy_map, opendp_randomized_response, opendp_randomized_response_bitvec
from exactpriv.measures import compute
from exactpriv.mechanisms.operators import compose

dp = pytest.importorskip("opendp.prelude", reason="OpenDP is an optional extra: pip install 'exactpriv[opendp]'")
dp.enable_features("contrib")


@pytest.mark.parametrize("prob", [0.75, 0.7, 0.9, 0.55, 0.999])
def test_opendps_boolean_randomized_response_states_a_valid_bound(prob):
    m = dp.m.make_randomized_response_bool(prob=prob)
    d = check_opendp_privacy_map(m, opendp_randomized_response(None, prob))
    assert d.is_true, d.reason
    assert f"exactly {F(m.map(1))}" in d.reason  # the stated float taken exactly, never re-rounded


@pytest.mark.parametrize("categories,prob", [(["a", "b", "c"], 0.5), ([0, 1, 2, 3], 0.6), (["x", "y"], 0.8)])
def test_opendps_categorical_randomized_response_states_a_valid_bound(categories, prob):
    m = dp.m.make_randomized_response(categories=categories, prob=prob)
    assert check_opendp_privacy_map(m, opendp_randomized_response(categories, prob)).is_true


def test_a_map_that_understates_the_loss_is_refuted():
    m = dp.m.make_randomized_response_bool(prob=0.75)  # states ln 3
    d = check_opendp_privacy_map(m, opendp_randomized_response(None, 0.8))  # runs ln 4
    assert d.is_false and "understates" in d.reason


def test_the_exact_mechanism_uses_the_float_parameter_exactly():
    M = opendp_randomized_response(None, 0.7)
    assert list(M.rows[0]) == [F(0.7), 1 - F(0.7)] and F(0.7) != F(7, 10)


@pytest.mark.parametrize("prob", [0.75, 0.6, 0.9])
def test_zcdp_approximate_and_profile_maps_of_converted_measurements_are_valid_bounds(prob):
    rr = dp.m.make_randomized_response_bool(prob=prob)
    M = opendp_randomized_response(None, prob)
    zcdp = dp.c.make_pureDP_to_zCDP(rr)                       # ρ = ε²/2 against the certified ρ*
    assert check_opendp_privacy_map(zcdp, M).is_true
    profile = dp.c.make_zCDP_to_approxDP(zcdp)                 # a curve δ(ε), checked at the ε given
    d = check_opendp_privacy_map(profile, M, epsilons=[0.0, 0.5, 1.5])
    assert d.is_true and "at 3 ε" in d.reason
    assert check_opendp_privacy_map(dp.c.make_fix_delta(profile, 1e-6), M).is_true       # (ε, δ)
    # (ε, 0) at OpenDP's float ε: δ(ε) = 0 only because that float is at least the exact ε* (ties decided exactly)
    assert check_opendp_privacy_map(dp.c.make_approximate(rr), M).is_true


def test_maps_set_against_a_leakier_mechanism_are_refuted_in_every_measure():
    rr = dp.m.make_randomized_response_bool(prob=0.75)                  # states ln 3
    leaky = opendp_randomized_response(None, 0.9)                       # runs ln 9
    zcdp = dp.c.make_pureDP_to_zCDP(rr)
    for m in (zcdp, dp.c.make_approximate(rr)):
        d = check_opendp_privacy_map(m, leaky)
        assert d.is_false and "understates" in d.reason, (m.output_measure, d)
    fixed = dp.c.make_fix_delta(dp.c.make_zCDP_to_approxDP(zcdp), 1e-6)   # (5.81, 1e-6): ln 9 < 5.81, δ = 0
    assert check_opendp_privacy_map(fixed, leaky).is_true
    assert check_opendp_privacy_map(fixed, opendp_randomized_response(None, 0.999)).is_false   # ln 999 > 5.81
    d = check_opendp_privacy_map(dp.c.make_zCDP_to_approxDP(zcdp), leaky, epsilons=[0.25, 3.0])
    assert d.is_false and "at ε = 0.25" in d.reason


def test_compositions_and_bit_vector_randomized_response_are_checked():
    rr = dp.m.make_randomized_response_bool(prob=0.75)
    M = opendp_randomized_response(None, 0.75)
    assert check_opendp_privacy_map(dp.c.make_composition([rr, rr, rr]), compose([M, M, M])).is_true
    bitvec = dp.m.make_randomized_response_bitvec(dp.bitvector_domain(max_weight=1), dp.discrete_distance(), f=0.5)
    exact = opendp_randomized_response_bitvec(3, 1, 0.5)              # each bit flipped with probability 1/4
    assert sorted(exact.rows[0])[-1] == F(27, 64) and sum(exact.rows[0]) == 1
    assert str(compute("pure_dp", exact).value) == "2*log(3)"         # two bits differ: the map is tight
    assert check_opendp_privacy_map(bitvec, exact).is_true
    # the map of weight 1 does not cover inputs of weight 2 (three bits may differ)
    assert check_opendp_privacy_map(bitvec, opendp_randomized_response_bitvec(3, 2, 0.5)).is_false


def test_other_measurements_and_bad_input_get_typed_errors():
    gauss = dp.m.make_gaussian(dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.l2_distance(T=float), scale=1.0)
    with pytest.raises(InvalidArgument, match="input metric is L2Distance"):
        check_opendp_privacy_map(gauss, opendp_randomized_response(None, 0.75))
    with pytest.raises(InvalidArgument, match="epsilons= is for a privacy profile"):
        check_opendp_privacy_map(dp.m.make_randomized_response_bool(prob=0.75),
                                 opendp_randomized_response(None, 0.75), epsilons=[1.0])
    with pytest.raises(InvalidArgument, match="f=0 must be in"):
        opendp_randomized_response_bitvec(3, 1, 0)
    m = dp.m.make_randomized_response_bool(prob=0.75)
    with pytest.raises(InvalidArgument, match="d_in=2"):
        check_opendp_privacy_map(m, opendp_randomized_response(None, 0.75), d_in=2)
    with pytest.raises(InvalidArgument, match="prob=0.2 must be in"):
        opendp_randomized_response(None, 0.2)
    with pytest.raises(InvalidArgument, match="must be the exactpriv Mechanism"):
        check_opendp_privacy_map(m, "RR")
