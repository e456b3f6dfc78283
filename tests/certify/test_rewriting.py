"""Monotone rewritings of the certifier (exactpriv.certify.rewriting): an exponential of a non-linear function of ε
(Bretagnolle–Huber's e^{−KL}) is squared and logged into a statement the other methods decide.  Only PROVED is
taken from a rewritten statement: a false statement of the same shape is refuted on the original, never proved."""

import pytest
import sympy

from exactpriv.certify import prove
from exactpriv.certify.rewriting import nonlinear_exponential, rewrite
from exactpriv.exact.numbers import EPS

BH_RR2 = "tanh(eps/2) <= sqrt(1 - exp(-eps*tanh(eps/2)))"
BH_RR3 = "(exp(eps) - 1)/(exp(eps) + 2) <= sqrt(1 - exp(-eps*(exp(eps) - 1)/(exp(eps) + 2)))"


@pytest.mark.parametrize("text", [BH_RR2, BH_RR3, "(exp(eps)-1)**2/(exp(eps)+1)**2 <= 1 - exp(-eps*tanh(eps/2))"])
def test_bretagnolle_huber_on_randomized_response_is_proved_by_rewriting(text):
    res = prove(text, seconds=120)
    assert res.verdict == "PROVED" and res.method == "rewrite"
    rules = [s["rule"] for s in res.certificate["steps"] if s.get("method") == "rewrite"]
    assert rules and rules[0] in ("square", "logarithm")


@pytest.mark.parametrize("text", [
    "tanh(eps/2) <= sqrt(1 - exp(-eps*tanh(eps/2)/2))",  # KL halved: TV = 1 − O(e^−ε) beats 1 − O(e^−ε/2)
    "tanh(eps/2) <= sqrt(1 - exp(-eps*tanh(eps/2)))/2",
])
def test_false_statements_of_the_same_shape_are_not_proved(text):
    res = prove(text, seconds=120)
    assert res.verdict == "REFUTED"


def test_the_steps_and_their_shapes():
    t = sympy.tanh(EPS / 2)
    assert nonlinear_exponential(sympy.exp(-EPS * t), EPS) and not nonlinear_exponential(sympy.exp(EPS / 2), EPS)
    sq = rewrite(t, "<=", sympy.sqrt(1 - sympy.exp(-EPS * t)), EPS)
    assert sq.rule == "square" and sq.goals == [(t ** 2, "<=", 1 - sympy.exp(-EPS * t))]
    lg = rewrite(t ** 2, "<=", 1 - sympy.exp(-EPS * t), EPS)
    assert lg.rule == "logarithm"
    assert lg.goals == [(1 - t ** 2, ">", 0), (-EPS * t, "<=", sympy.log(1 - t ** 2))]
    # two exponentials, or one with a positive coefficient: no rewriting; nor without a non-linear exponential
    assert rewrite(t, "<=", 1 - sympy.exp(-EPS * t) - sympy.exp(-EPS ** 2), EPS) is None
    assert rewrite(t, "<=", 1 + sympy.exp(-EPS * t), EPS) is None
    assert rewrite(t, "<=", sympy.sqrt(EPS), EPS) is None
