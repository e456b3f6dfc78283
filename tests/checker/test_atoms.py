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
    with pytest.raises(Failed, match="differ"):  # the log of a sum is the log of that (positive) factor
        _check("atom-identity", "log(p + Z) == log(p) + log(Z)")
    _check("atom-identity", "log((p + Z)**2*(1 - p)/p) == 2*log(Z + p) + log(1 - p) - log(p)")
    with pytest.raises(NotCheckable, match="one sign"):  # Z - 1 changes sign on the domain
        _check("atom-identity", "log((Z - 1)**2) == 2*log(Z - 1)")


def test_wang_ying_zhang_h_and_its_inverse():
    nm = {"n": "[1, oo)", "m": "[2, oo)", "eps": "[0, oo)"}
    h = "(n/(1 + exp(eps)/(m - 1)))"
    _check("atom-identity", f"log(n/{h} - 1) + log(m - 1) == eps", nm)
    with pytest.raises(Failed, match="differ"):
        _check("atom-identity", f"log(n/{h} - 1) - log(m - 1) == eps", nm)
    ns = {"n": "[1, oo)", "m": "[2, oo)", "s": "(0, 1)"}
    _check("atom-identity", "n/(1 + exp(log(n/(n*s) - 1) + log(m - 1))/(m - 1)) == n*s", ns)
    _check("positive-shape", f"(-(n*(exp(eps)*(m - 1))/(m - 1)**2))/(1 + exp(eps)/(m - 1))**2 < 0", nm)
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


def test_factor_signs_reads_each_factor_and_refuses_a_false_order():
    t = {"t": "(1, oo)", "s": "[0, 1]"}
    g1 = "((1 - s/(1 + t))/(1/t - s/(1 + t)))"
    _check("factor-signs", f"{g1} >= t", t)  # Zhao's g1 >= e^eps on [0, 1/(1+e^eps)]
    with pytest.raises(Failed):
        _check("factor-signs", f"{g1} > t", t)  # equality at s = 0
    with pytest.raises(Failed):
        _check("factor-signs", f"{g1} <= t", t)
    sq = {"x": "[4, oo)", "s": "(0, 1)"}
    _check("factor-signs", "(s*x - 1)**2*(x - 2) >= 0", sq)  # an even power of a factor of no fixed sign
    with pytest.raises(Failed):
        _check("factor-signs", "(s*x - 1)*(x - 2) >= 0", sq)
