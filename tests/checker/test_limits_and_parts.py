"""Limits with parameters (kind ``continuity``: the checker derives the conditions of continuity at the point and
the value statement itself) and conjunctions of statements (quantifier ``all-of``, kind ``parts``): true claims pass,
the same certificates for false claims of the same shape fail."""

import copy

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.continuity import continuity_parts
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import names, parse
from exactpriv.claims.certificate_search import _continuity_certificate, _converted_or_raise

LIMIT = {"quantifier": "limit", "limit": {"of": "1/(p + (1 - p)*exp(-2*eps))", "variable": "p", "at": "0"},
         "domain": {"eps": "(0, oo)"}, "claim": "L == exp(2*eps)"}


def _check(cert, statement):
    return check_certificate(cert, statement, proves=True, max_prec=256)


def test_a_limit_by_continuity_and_its_false_twin():
    cert = _continuity_certificate(LIMIT)
    assert cert is not None and len(cert["conditions"]) == 1  # one denominator
    _check(cert, LIMIT)
    with pytest.raises(Failed, match="value"):
        _check(cert, dict(LIMIT, claim="L == exp(eps)"))
    conds, value = continuity_parts(LIMIT)
    assert names(parse(value["claim"])) == {"eps"}  # p replaced by the point, L by f there


def test_a_pole_at_the_point_is_refused():
    pole = dict(LIMIT, limit={"of": "1/(p*exp(eps))", "variable": "p", "at": "0"}, claim="L == 0")
    assert _continuity_certificate(pole) is None
    cert = {"kind": "continuity", "conditions": [{"sign": ">", "proof": {"kind": "sign-chart",
                                                                       "substitution": "u = exp(eps)"}}],
            "value": {"kind": "identity", "substitution": "u = exp(eps)"}}
    with pytest.raises(Failed):
        _check(cert, pole)
    with pytest.raises(Failed, match="'<'"):  # a log argument is shown positive, never negative
        bad = copy.deepcopy(cert)
        bad["conditions"][0]["sign"] = "<"
        _check(bad, dict(LIMIT, limit={"of": "log(p + exp(eps))", "variable": "p", "at": "0"}, claim="L == eps"))


def test_names_outside_the_variable_and_parameters_are_refused():
    with pytest.raises(Failed, match="neither"):
        continuity_parts(dict(LIMIT, claim="L == exp(k*eps)"))
    with pytest.raises(NotCheckable):
        continuity_parts(dict(LIMIT, limit={"of": "p**eps", "variable": "p", "at": "0"}))


def test_all_of_needs_every_part():
    st = {"quantifier": "all-of", "parts": [
        {"name": "identity", "statement": {"quantifier": "forall-params", "domain": {"eps": "(0, oo)"},
                                           "claim": "exp(eps)*exp(-eps) == 1"}},
        {"name": "limit", "statement": LIMIT}]}
    cert = _converted_or_raise(st, {"truth": "TRUE"}, None)
    assert cert["kind"] == "parts" and len(cert["parts"]) == 2
    _check(cert, st)
    false = copy.deepcopy(st)
    false["parts"][0]["statement"]["claim"] = "exp(eps)*exp(-eps) == 2"
    with pytest.raises(Failed, match="part identity"):
        _check(cert, false)
    with pytest.raises(Failed, match="2 parts need 2"):
        _check({"kind": "parts", "parts": cert["parts"][:1]}, st)
    with pytest.raises(Failed, match="declarative"):
        _check(cert, {"quantifier": "all-of", "parts": [{"name": "x", "statement": {"custom": "code"}}]})


def _pair(p):
    return {"space": {"type": "explicit", "inputs": ["P", "Q"], "neighbours": [[0, 1]]}, "outputs": [0, 1],
            "mechanism": [[p, str(1 - __import__("fractions").Fraction(p))], ["1/2", "1/2"]]}


def test_a_claim_about_listed_instances_is_checked_on_every_one():
    st = {"quantifier": "forall-instances", "hypotheses": [],
          "measures": {"TV": {"notion": "tv_dp"}, "D": {"notion": "kl_divergence", "source": "0", "target": "1"}},
          "claim": "TV >= 1/2*sqrt(D/2)", "scope": {"instances": [_pair("3/4"), _pair("1/3")]}}
    _check({"kind": "exhaustive"}, st)  # Pinsker on two pairs
    false = dict(st, claim="TV >= sqrt(D/2)")  # twice the bound: fails on the first pair
    with pytest.raises(Failed, match="instance 0"):
        _check({"kind": "exhaustive"}, false)
    with pytest.raises(Failed, match="outside"):
        _check({"kind": "exhaustive"}, dict(st, hypotheses=["mechanism_positive"],
                                            scope={"instances": [_pair("1")]}))
    with pytest.raises(NotCheckable):
        _check({"kind": "exhaustive"}, dict(st, scope={"instances": []}))
