"""Kinds ``binomial`` (sums over l = 0..n with an integer n, closed by the binomial theorem, which the output names
as trusted) and ``log-growth`` (limits at +oo of quotients growing like log N): true claims pass, false claims of the
same shape and sums of another shape are refused."""

import pytest

from exactpriv.checker.binomial import binomial_rewrite
from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.claims.certificate_search import _log_growth_certificate, _params_certificate

D = {"n": "[1, oo)", "m": "[2, oo)", "eps": "[0, oo)"}
S75 = "sum(l, 0, n, l*binomial(n, l)*(m - 1)**l*exp(-l*eps))/(1 + (m - 1)*exp(-eps))**n == n/(1 + exp(eps)/(m - 1))"


def _st(claim, **kw):
    return dict({"quantifier": "forall-params", "domain": D, "integers": ["n"], "claim": claim}, **kw)


def _check(cert, statement):
    return check_certificate(cert, statement, proves=True, max_prec=256)


def test_wang_ying_zhang_75_by_the_binomial_theorem():
    cert = _params_certificate(_st(S75))
    assert cert is not None and cert["kind"] == "binomial"
    assert _check(cert, _st(S75)) == ["binomial-theorem"]  # the trusted step, named
    with pytest.raises(Failed):  # e^{-(n-l)eps} as printed in (57) is another sum: the same proof fails
        _check(cert, _st(S75.replace("n/(1 +", "(n + 1)/(1 +")))


def test_sums_of_another_shape_or_without_an_integer_bound_are_refused():
    with pytest.raises(NotCheckable):  # l**2 is not a power X**l
        binomial_rewrite(_st("sum(l, 0, n, l*l*binomial(n, l)*2**l) == 0"))
    with pytest.raises(NotCheckable):  # n not declared integer
        binomial_rewrite(_st("sum(l, 0, n, binomial(n, l)*2**l) == 3**n", integers=["m"]))
    with pytest.raises(NotCheckable):  # the sum starts at 1
        binomial_rewrite(_st("sum(l, 1, n, binomial(n, l)*2**l) == 3**n - 1"))


GROWTH = {"quantifier": "limit", "domain": {"delta": "(0, 1)"}, "claim": "L == 2",
          "limit": {"of": "(2*(-delta*log(delta) - (1 - delta)*log(1 - delta)) + 2*delta*log(N + 1))/(delta*log(N))",
                    "variable": "N", "at": "oo"}}


def test_cuff_yu_example_3_3_ratio_tends_to_two_and_not_to_one():
    cert = _log_growth_certificate(GROWTH)
    assert cert is not None
    _check(cert, GROWTH)
    with pytest.raises(Failed, match="value"):
        _check(cert, dict(GROWTH, claim="L == 1"))
    with pytest.raises(NotCheckable):  # N*log(N) does not grow like log N
        _check(cert, dict(GROWTH, limit=dict(GROWTH["limit"], of="(N*log(N))/(delta*log(N))")))
