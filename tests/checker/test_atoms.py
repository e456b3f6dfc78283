"""Kinds ``atom-identity`` (identities over several variables with logs of products and exps of sums) and
``positive-shape``: true claims pass, false claims of the same shape and unsafe rewritings are refused."""

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable

D = {"p": "(0, 1)", "Z": "(0, oo)", "d": "[0, oo)", "eps": "[0, oo)"}


def _check(kind, claim, domain=D):
    check_certificate({"kind": kind}, {"quantifier": "forall-params", "domain": domain, "claim": claim}, proves=True,
                      max_prec=256)


def test_stationarity_of_wang_ying_zhang_94_and_its_false_twin():
    _check("atom-identity", "p*log(exp(-eps*d)/(p*Z)) + eps*p*d + p*log(p*Z) == 0")
    with pytest.raises(Failed, match="differ"):
        _check("atom-identity", "p*log(exp(-eps*d)/(p*Z)) + eps*p*d - p*log(p*Z) == 0")


def test_quotients_of_sums_need_a_positive_shape():
    _check("atom-identity", "(p*exp(eps)/(p*exp(eps) + (1 - p)))/p == 1/(p + (1 - p)*exp(-eps))")
    with pytest.raises(Failed, match="differ"):
        _check("atom-identity", "(p*exp(eps)/(p*exp(eps) + (1 - p)))/p == 1/(p + (1 - p)*exp(eps))")
    with pytest.raises(NotCheckable, match="divisor"):  # d - eps may vanish: no division by it
        _check("atom-identity", "(d - eps)/(d - eps) == 1")


def test_logs_only_of_positive_atoms():
    with pytest.raises(NotCheckable):  # d may be 0
        _check("atom-identity", "log(d**2) == 2*log(d)")
    with pytest.raises(NotCheckable):  # the log of a sum is not split
        _check("atom-identity", "log(p + Z) == log(p) + log(Z)")
    _check("atom-identity", "log(4*Z**2/exp(eps)) == 2*log(2) + 2*log(Z) - eps")


def test_positive_shape():
    _check("positive-shape", "p + (1 - p)*exp(-eps*d) > 0")
    _check("positive-shape", "d*exp(eps) >= 0")
    with pytest.raises(Failed, match="shape"):
        _check("positive-shape", "d*exp(eps) > 0")  # d may be 0
    with pytest.raises(Failed, match="shape"):
        _check("positive-shape", "(2 - p) - 1 > 0")  # true, but not by shape: never accepted by accident
    with pytest.raises(Failed, match="shape"):
        _check("positive-shape", "1/2 - p > 0")  # p may exceed 1/2
