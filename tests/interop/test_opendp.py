"""exactpriv.interop.check_opendp_privacy_map against OpenDP (the optional ``opendp`` extra): OpenDP's stated
privacy maps of its randomized-response measurements, each a float, are valid bounds on the exact pure-DP level
of the mechanism they run (built from the measurement's own float parameters, taken exactly), and a map set
against a mechanism that leaks more is refuted."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from exactpriv.errors import InvalidArgument
from exactpriv.interop import check_opendp_privacy_map, opendp_randomized_response

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


def test_other_measurements_and_bad_input_get_typed_errors():
    gauss = dp.m.make_gaussian(dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.l2_distance(T=float), scale=1.0)
    with pytest.raises(InvalidArgument, match="output measure is ZeroConcentratedDivergence"):
        check_opendp_privacy_map(gauss, opendp_randomized_response(None, 0.75))
    m = dp.m.make_randomized_response_bool(prob=0.75)
    with pytest.raises(InvalidArgument, match="d_in=2"):
        check_opendp_privacy_map(m, opendp_randomized_response(None, 0.75), d_in=2)
    with pytest.raises(InvalidArgument, match="prob=0.2 must be in"):
        opendp_randomized_response(None, 0.2)
    with pytest.raises(InvalidArgument, match="must be the exactpriv Mechanism"):
        check_opendp_privacy_map(m, "RR")
