"""Large-ε certification (issue 11, item 6): log-elimination tails on [R, oo)."""

from fractions import Fraction as F

import pytest
import sympy

from exactpriv.certify import prove, prove_inequality
from exactpriv.certify.asymptotic import limit_at_infinity, tail_sign
from exactpriv.certify.core import Budget
from exactpriv.exact.intervals import arb_eval, arb_to_fractions
from exactpriv.exact.numbers import EPS
from exactpriv.forall import implication_for_all
from exactpriv.mechanisms import zoo

E = sympy.exp(EPS)


def test_bun_steinke_alpha_2_on_rr_is_proved_on_the_half_line():
    """Bun–Steinke (TCC 2016) Prop. 1.4 at α = 2 on ε-RR: D_2 = log(2 cosh ε − 1) <= ε² (issue 11)."""
    res = prove("log(2*cosh(eps)-1) <= eps**2", domain="[0, oo)")
    assert res.verdict == "PROVED", res.reason
    assert "asymptotic" in res.method
    tail = next(s for s in res.certificate["steps"] if s.get("method") == "asymptotic")
    assert tail["interval"].endswith("oo)") and tail["derivative_sign"] in (1, -1)


def test_cuff_yu_22_on_rr_is_proved_on_the_half_line():
    """Cuff–Yu (CCS 2016) Lemma 1 (22) on RR(ε): mi_dp <= kl_dp, i.e.
    log(e^ε + 1) − ε/(e^ε + 1) − log 2 >= 0, now for every ε >= 0 (was [0, 50])."""
    d = implication_for_all(zoo.randomized_response(2, eps=EPS), "kl_dp", "mi_dp", lambda e: e)
    assert d.is_true, d.reason
    assert prove("log(exp(eps)+1) - eps/(exp(eps)+1) - log(2) >= 0").verdict == "PROVED"


@pytest.mark.parametrize("text", [
    "log(exp(eps)+1) <= eps + exp(-eps)",          # margin e^{-2eps}/2 vanishes at oo: the limit decides
    "log(exp(eps)+1) >= eps + exp(-eps)/2",
    "eps*tanh(eps/2) <= log(cosh(eps)) + 1",       # decreasing to 1 - log 2 > 0
    "log(1 + eps) <= eps",
    "sqrt(exp(eps) + 1) >= eps/4",                 # square roots: sqrt(u) + w has the sign of u - w^2
    "sqrt(exp(eps) + 1) <= exp(eps/2) + 1",
    "sqrt(eps**2 + 1) <= eps + 1",
])
def test_true_tails_proved(text):
    assert prove(text).verdict == "PROVED"


@pytest.mark.parametrize("text", [
    "eps*tanh(eps/2) <= log(cosh(eps)) + 1 - log(2)",   # limit 1 - 2 log 2 < 0
    "log(2*cosh(eps)-1) <= eps/2",
    "log(exp(eps)+1) >= eps + exp(-eps)",
    "log(exp(2*eps)+1) <= 2*eps",
    "sqrt(exp(eps) + 1) <= exp(eps/2)",
    "sqrt(exp(eps) + 1) >= eps**2",
])
def test_false_tails_refuted_never_proved(text):
    res = prove(text)
    assert res.verdict == "REFUTED"
    assert res.point is not None


def test_log_eps_terms_cancel_in_the_limit():
    """ε log(1 + 1/ε) increases to its limit 1 (the log ε parts of its log atoms cancel)."""
    res = prove("eps*log(1 + 1/eps) <= 1", domain="[1, oo)")
    assert res.verdict == "PROVED" and "asymptotic" in res.method
    # ε log(1 + 1/ε) = 1 − 1/(2ε) + 1/(3ε²) − ...: below 1 − 1/(4ε), above 1 − 1/(2ε)
    assert prove("eps*log(1 + 1/eps) <= 1 - 1/(4*eps)", domain="[1, oo)").verdict == "PROVED"
    assert prove("eps*log(1 + 1/eps) <= 1 - 1/(2*eps)", domain="[1, oo)").verdict == "REFUTED"


def _sign_at(expr, x):
    lo, hi = arb_to_fractions(arb_eval(expr.subs(EPS, sympy.Rational(x.numerator, x.denominator)), 256))
    return 1 if lo > 0 else -1 if hi < 0 else 0


@pytest.mark.parametrize("h", [
    EPS ** 2 - sympy.log(2 * sympy.cosh(EPS) - 1),
    (E + 1) * sympy.log(E + 1) - EPS - (E + 1) * sympy.log(2),
    sympy.log(E + 1) - EPS - sympy.exp(-EPS) / 2,
    sympy.log(EPS + 1) - 3 * sympy.log(EPS + 2) + EPS,
    sympy.sqrt(E + 1) - EPS ** 3,
    EPS ** 2 - sympy.sqrt(E + 1),
])
def test_tail_sign_agrees_with_point_evaluations(h):
    """The claimed sign on [R, oo) is checked independently at points R, 2R, ..., 2^6 R (arb)."""
    t = tail_sign(h, EPS, F(1), Budget(20.0, 1024))
    assert t is not None
    sign, R, _ = t
    for k in range(7):
        assert _sign_at(h, R * 2 ** k) == sign


def test_limit_at_infinity_exact():
    b = Budget(10.0, 1024)
    assert limit_at_infinity(sympy.log(sympy.cosh(EPS)) - EPS, EPS, b) == -sympy.log(2)
    assert limit_at_infinity(sympy.log(E + 1) - EPS + 3, EPS, b) == 3
    assert limit_at_infinity(EPS - sympy.log(E), EPS, b) is not None
    assert limit_at_infinity(sympy.log(EPS), EPS, b) == sympy.oo
    assert limit_at_infinity(sympy.log(EPS + 1) - 2 * sympy.log(EPS), EPS, b) == -sympy.oo
    assert limit_at_infinity(sympy.log(EPS + 1) - sympy.log(EPS) + 5, EPS, b) == 5
    assert limit_at_infinity(sympy.log(EPS) * sympy.log(EPS + 1), EPS, b) is None  # product of logs


def test_no_argument_stays_undecided_not_proved():
    # a product of logs has no tail argument: a true statement stays UNDECIDED (with the reason)
    # or is PROVED, and is never REFUTED
    res = prove_inequality("log(eps + 1)*log(eps + 2)", "<=", "eps**2 + 1", effort="low")
    assert res.verdict in ("UNDECIDED", "PROVED")
    if res.verdict == "UNDECIDED":
        assert "tail" in res.reason
