"""Monotone statements (quantifier ``monotone``) and the ``log-bounds`` kind: the checker derives f' and the end
statements itself; a certificate for a true claim passes, the same certificate for a false claim of the same shape
(another direction, a larger end value, a longer interval) fails."""

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.monotonicity import monotone_parts
from exactpriv.claims.certificate_search import _monotone_certificate


def _entropy_case(m, domain=None, values=None):
    return {"name": f"|Y| = {m}", "function": f"-T*log(T) - (1 - T)*log(1 - T) + T*log({m - 1})",
            "domain": {"T": domain or f"[0, {m - 1}/{m}]"}, "values": {"0": "0"} if values is None else values}


def _statement(*cases, direction="nondecreasing"):
    return {"quantifier": "monotone", "variable": "T", "direction": direction, "cases": list(cases)}


def _check(cert, statement):
    check_certificate(cert, statement, proves=True, max_prec=256)


def test_entropy_bound_is_nondecreasing_up_to_its_maximum():
    st = _statement(_entropy_case(2), _entropy_case(3))
    cert = _monotone_certificate(st)
    assert cert is not None
    _check(cert, st)
    names = [[n for n, _ in parts] for parts in monotone_parts(st)]
    assert names == [["slope", "end 0", "end 1/2"], ["slope", "end 0", "end 2/3"]]  # both ends closed


def test_false_monotone_claims_are_refused():
    st = _statement(_entropy_case(3))
    cert = _monotone_certificate(st)
    with pytest.raises(Failed, match="slope"):
        _check(cert, _statement(_entropy_case(3), direction="nonincreasing"))
    with pytest.raises(Failed, match="slope"):  # past the maximum at 2/3 the bound decreases
        _check(cert, _statement(_entropy_case(3, domain="[0, 9/10]")))
    with pytest.raises(Failed, match="end 0"):  # f(0) := 1/10 is above f near 0
        _check(cert, _statement(_entropy_case(3, values={"0": "1/10"})))
    with pytest.raises(Failed, match="end 0"):  # without h(0) = 0 listed, f is not defined (not analytic) at 0
        _check({"kind": "monotonicity", "cases": [cert["cases"][0][:1]]}, _statement(_entropy_case(3, values={})))
    with pytest.raises(Failed, match="not ends"):
        _check(cert, _statement(_entropy_case(3, values={"0": "0", "1/3": "0"})))
    with pytest.raises(Failed, match="needs 2 proofs"):
        _check({"kind": "monotonicity", "cases": [cert["cases"][0][:1]]}, st)


def test_strict_direction_needs_a_strict_slope():
    st = _statement({"name": "T^2", "function": "T**2", "domain": {"T": "[0, 1]"}}, direction="increasing")
    cert = _monotone_certificate(st)
    assert cert is not None
    _check(cert, st)
    flat = _statement({"name": "constant", "function": "T - T + 1", "domain": {"T": "[0, 1]"}}, direction="increasing")
    with pytest.raises((Failed, NotCheckable)):
        _check(cert, flat)


def test_log_bounds_proves_entropy_nonnegative_and_refuses_its_negation():
    st = {"quantifier": "forall-params", "domain": {"T": "(0, 1/2]"},
          "claim": "-T*log(T) - (1 - T)*log(1 - T) >= 0"}
    _check({"kind": "log-bounds", "substitution": "u = T"}, st)
    with pytest.raises(Failed):
        _check({"kind": "log-bounds", "substitution": "u = T"}, dict(st, claim="T*log(T) + (1 - T)*log(1 - T) >= 0"))
    with pytest.raises(Failed):  # false near T = 0
        _check({"kind": "log-bounds", "substitution": "u = T"}, dict(st, claim="-T*log(T) - (1 - T)*log(1 - T) > 1/2"))
