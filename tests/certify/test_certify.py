"""The certifier: proofs of true inequalities, certified counterexamples, honest UNDECIDED.

Every counterexample is re-checked here independently (exact Fraction arithmetic or mpmath at
50 digits), and every PROVED verdict is cross-checked at sample points, so a test fails if the
certifier's answer is wrong, not merely if it changed.
"""

from fractions import Fraction

import mpmath
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Min, Rational, exp, log, oo, sqrt, tanh

from exactpriv.certify import ProofResult, prove, prove_identity, prove_inequality
from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UnknownSymbolError, UnsafeInputError
from exactpriv.exact.decisions import Truth
from exactpriv.exact.expressions import parse_inequality, parse_interval
from exactpriv.exact.numbers import EPS

X = sympy.Symbol("x", real=True)


@pytest.fixture(autouse=True)
def _fifty_digits():
    """Independent checks in mpmath at 50 digits (restored afterwards)."""
    with mpmath.workdps(50):
        yield


def _mp(expr, point):
    """High-precision float value of expr at an exact point (an independent evaluation)."""
    return mpmath.mpf(sympy.N(expr.subs(EPS, point), 50))


def _charts(obj) -> list:
    """Every exact sign chart (a dict with a "numerator") anywhere in a certificate."""
    if isinstance(obj, dict):
        found = [obj] if "numerator" in obj and "substitution" in obj else []
        return found + [c for v in obj.values() for c in _charts(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in _charts(v)]
    return []


def _methods(res: ProofResult) -> set:
    return {s.get("method") for s in res.certificate["steps"]}


# --------------------------------------------------------------------------- true statements
def test_cuff_yu_property_1_kl_bound():
    """Cuff–Yu, Property 1: eps*tanh(eps/2) <= min{eps, eps^2} for all eps >= 0.

    Both sides touch at eps = 0 and the eps^2 branch touches to second order; the Min is split
    into the two conjuncts."""
    res = prove("eps*tanh(eps/2) <= Min(eps, eps**2)", domain="[0, oo)")
    assert res.verdict == "PROVED", res.reason
    assert res.to_decision().truth is Truth.TRUE
    cases = [s for s in res.certificate["steps"] if s["method"] == "cases"]
    assert cases and " AND " in cases[0]["formula"]
    # the first conjunct reduces to 1 - tanh(eps/2) > 0, i.e. 2/(t^2 + 1) with t = e^{eps/2}
    charts = _charts(res.certificate)
    assert any(c["substitution"] == "u = exp(eps/2)" and c["numerator"] == "2" and c["denominator"] == "t**2 + 1"
               for c in charts)


@pytest.mark.parametrize(
    "text, domain",
    [
        ("eps*(exp(eps)-1)/(exp(eps)+1) <= eps**2/2", "[0, oo)"),  # eps*tanh(eps/2) <= eps^2/2
        ("log(1+eps) <= eps", "[0, oo)"),
        ("1/2 - 1/(exp(eps)+1) > eps/6", "(0, 27/20]"),  # Zhao, zhao2019.improve
        ("exp(eps) >= 1 + eps + eps**2/2", "[0, oo)"),
        ("tanh(eps) >= eps - eps**3/3", "[0, oo)"),
        ("sqrt(2*eps) >= eps", "[0, 2]"),
        ("eps*exp(-eps) <= exp(-1)", "[0, oo)"),  # touches at the interior point eps = 1
        ("exp(eps) <= 2", "[0, log(2)]"),  # irrational end
    ],
)
def test_true_inequalities_are_proved(text, domain):
    res = prove(text, domain=domain)
    assert res.verdict == "PROVED", res.reason
    # cross-check: no violation at rational sample points (mpmath, 50 digits)
    lhs, op, rhs = parse_inequality(text)
    lo, hi, _, _ = parse_interval(domain)
    top = 6 if hi is oo else hi
    for k in range(1, 40):
        p = lo + (top - lo) * Rational(k, 40)
        a, b = _mp(lhs, p), _mp(rhs, p)
        assert {"<=": a <= b, "<": a < b, ">=": a >= b, ">": a > b}[op], (p, a, b)


def test_zhao_improve_proof_is_exact_where_possible():
    """1/2 - 1/(e^eps + 1) - eps/6 has derivative (-t^2 + 4t - 1)/(6(t+1)^2) in t = e^eps: one
    critical point t = 2 + sqrt(3) inside (0, 27/20]; the minimum over the domain is at the ends."""
    res = prove("1/2 - 1/(exp(eps)+1) > eps/6", domain="(0, 27/20]")
    assert res.verdict == "PROVED"
    mono = [s for s in res.certificate["steps"] if s["method"] == "monotone"]
    assert mono and mono[0]["piece_signs"] == [1, -1]
    assert sympy.Poly(mono[0]["numerator"].replace("t", "x"), sympy.Symbol("x")) \
        == sympy.Poly("-x**2 + 4*x - 1", sympy.Symbol("x"))


def test_taylor_endpoint_order_and_dominance_tail():
    """tanh(eps) - eps + eps^3/3 = 2 eps^5/15 + O(eps^7): the Taylor step must find order 5,
    and the tail is settled by dominance (the leading term is eps^3/3)."""
    res = prove("tanh(eps) >= eps - eps**3/3", domain="[0, oo)")
    assert res.verdict == "PROVED"
    taylor = [s for s in res.certificate["steps"] if s["method"] == "taylor"]
    assert taylor and taylor[0]["order"] == 5
    assert "dominance" in _methods(res) and "branch-and-bound" in _methods(res)
    bnb = [s for s in res.certificate["steps"] if s["method"] == "branch-and-bound"][0]
    assert bnb["proved_boxes"] >= 1 and Fraction(bnb["smallest_certified_lower_bound"]) >= 0


# --------------------------------------------------------------------------- refutations
def test_eps_squared_le_eps_refuted():
    res = prove("eps**2 <= eps", domain="[0, 2)")
    assert res.verdict == "REFUTED" and res.to_decision().truth is Truth.FALSE
    p = res.point
    assert isinstance(p, Fraction) and 1 < p < 2 and p * p > p  # exact check
    chart = [s for s in res.certificate["steps"] if s["method"] == "exact-algebra"][0]
    assert chart["events_inside_domain"][0]["eps_isolating_interval"] == "1"  # the root eps = 1
    # closed end: fails at eps = 2 already
    res2 = prove("eps**2 <= eps", domain="[0, 2]")
    assert res2.verdict == "REFUTED" and res2.point == 2 and res2.method == "endpoint"


def test_exp_taylor_truncation_refuted():
    """e^eps > 1 + eps + eps^2/2 for every eps > 0, so <= fails right beside 0."""
    res = prove("exp(eps) <= 1 + eps + eps**2/2", domain="[0, oo)")
    assert res.verdict == "REFUTED"
    p = res.point
    assert isinstance(p, Fraction) and p > 0
    pm = mpmath.mpf(p.numerator) / p.denominator
    assert mpmath.exp(pm) > 1 + pm + pm * pm / 2
    lhs_lo = Fraction(res.values["lhs"][0])
    rhs_hi = Fraction(res.values["rhs"][1])
    assert lhs_lo > rhs_hi  # the certified enclosures separate


@pytest.mark.parametrize("domain", ["(0, 3)", "(0, 3]", "(0, oo)"])
def test_zhao_improve_fails_beyond_its_range(domain):
    """Zhao: 1/2 - 1/(e^eps+1) > eps/6 holds on (0, 27/20] but fails from eps ~ 2.5757 on."""
    res = prove("1/2 - 1/(exp(eps)+1) > eps/6", domain=domain)
    assert res.verdict == "REFUTED"
    p = res.point
    assert isinstance(p, Fraction) and Fraction(27, 20) < p
    pm = mpmath.mpf(p.numerator) / p.denominator
    crossing = mpmath.findroot(lambda x: mpmath.mpf(1) / 2 - 1 / (mpmath.e ** x + 1) - x / 6, 2.5)
    assert 1 / mpmath.mpf(2) - 1 / (mpmath.e ** pm + 1) - pm / 6 < 0 and pm > crossing


def test_strict_inequality_fails_at_an_algebraic_zero():
    """(eps^2 - 2)^2 > 0 fails exactly at sqrt(2); >= holds."""
    res = prove("(eps**2 - 2)**2 > 0", domain="[0, 3]")
    assert res.verdict == "REFUTED" and res.point == sqrt(2)
    assert prove("(eps**2 - 2)**2 >= 0", domain="[0, 3]").verdict == "PROVED"
    res = prove("(exp(eps) - 3)**2 > 0", domain="[0, 3]")
    assert res.verdict == "REFUTED" and res.point == log(3)


def test_touching_interior_point_strict_refuted():
    """eps*e^-eps has its maximum 1/e at eps = 1: < fails there, <= holds."""
    res = prove("eps*exp(-eps) < exp(-1)", domain="[0, oo)")
    assert res.verdict == "REFUTED" and res.point == 1


# --------------------------------------------------------------------------- budget
HARD = "exp(2*eps) - 2*exp(eps+1) + exp(2) + 10**(-30) > 0"  # = (e^eps - e)^2 + 1e-30, minimum at eps = 1


def test_hard_margin_undecided_at_small_budget_then_proved():
    small = prove(HARD, domain="[0, 2]", max_prec=64)  # the effort decides: 64 bits cannot see a 1e-30 margin
    assert small.verdict == "UNDECIDED"
    assert "precision limit 64" in small.reason
    assert small.to_decision().truth is Truth.UNDECIDED
    with pytest.raises(TypeError):
        bool(small.to_decision())
    big = prove(HARD, domain="[0, 2]", max_prec=1024)
    assert big.verdict == "PROVED", big.reason
    assert big.certificate["precision"] >= 128  # 64 bits cannot see a 1e-30 margin next to e^2


def test_hard_margin_negative_version_refuted_at_the_minimum():
    res = prove(HARD.replace("+ 10**(-30)", "- 10**(-30)"), domain="[0, 2]")
    assert res.verdict == "REFUTED" and res.point == 1  # value -1e-30 exactly at eps = 1
    assert Fraction(res.values["lhs"][1]) < 0


# --------------------------------------------------------------------------- cases, charts, identities
def test_max_is_a_pointwise_disjunction():
    assert prove("Max(eps, 2 - eps) >= 1", domain="[0, 2]").verdict == "PROVED"
    res = prove("Max(eps, 3/2 - eps) >= 1", domain="[0, 2]")
    assert res.verdict == "REFUTED" and Fraction(1, 2) < res.point < 1  # Max < 1 exactly on (1/2, 1)


def test_real_variable_and_infinite_domains():
    assert prove_inequality(exp(X), ">=", 1 + X, domain=(-oo, oo), closed=(False, False),
                            variable=X).verdict == "PROVED"
    res = prove_inequality(X ** 3, ">=", X, domain=(-oo, -1), closed=(False, True), variable=X)
    assert res.verdict == "REFUTED" and res.point < -1 and res.point ** 3 < res.point


def test_prove_inequality_with_sympy_objects():
    res = prove_inequality(EPS * tanh(EPS / 2), "<=", Min(EPS, EPS ** 2))
    assert res.verdict == "PROVED"
    res = prove_inequality(exp(EPS), "<=", 2, domain=(0, log(3)), closed=(True, True))
    assert res.verdict == "REFUTED" and res.point == log(3)


def test_identities():
    assert prove_identity(tanh(EPS / 2), (exp(EPS) - 1) / (exp(EPS) + 1)).verdict == "PROVED"
    assert prove("cosh(eps)**2 - sinh(eps)**2 == 1").verdict == "PROVED"
    res = prove("tanh(eps) == eps", domain="(0, oo)")
    assert res.verdict == "REFUTED"
    p = res.point
    assert mpmath.tanh(mpmath.mpf(p.numerator) / p.denominator) != mpmath.mpf(p.numerator) / p.denominator


# --------------------------------------------------------------------------- brute-force agreement
@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-4, 4), min_size=2, max_size=4), st.sampled_from(["<=", "<"]))
def test_polynomial_verdicts_agree_with_exact_sampling(coeffs, op):
    """For p(eps) op 0 on [0, 2]: a refutation's point must violate exactly, and a proof must
    survive 200 exact rational samples."""
    p = sum(c * EPS ** i for i, c in enumerate(coeffs))
    res = prove_inequality(p, op, 0, domain=(0, 2), closed=(True, True))
    assert res.verdict in ("PROVED", "REFUTED")
    if res.verdict == "REFUTED":
        val = p.subs(EPS, res.point)
        assert (val > 0) if op == "<=" else (val >= 0)
    else:
        for k in range(201):
            val = p.subs(EPS, Rational(k, 100))
            assert (val <= 0) if op == "<=" else (val < 0)


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: prove_inequality(0.5, "<=", EPS), NotExactError),
        (lambda: prove_inequality(EPS, "=<", 1), InvalidArgument),
        (lambda: prove_inequality(sympy.Symbol("y"), "<=", 1), UnknownSymbolError),
        (lambda: prove_inequality(EPS, "<=", 1, domain=(2, 1)), InvalidArgument),
        (lambda: prove_inequality(EPS, "<=", 1, domain=(-1, 1)), InvalidArgument),
        (lambda: prove_inequality(EPS, "<=", 1, domain=(0, oo), closed=(True, True)), InvalidArgument),
        (lambda: prove_inequality(EPS, "<=", 1, seconds=0), InvalidArgument),
        (lambda: prove_inequality(EPS, "<=", 1, max_prec=8), InvalidArgument),
        (lambda: prove("1/eps >= 0", domain="[0, 1]"), EntryRangeError),
        (lambda: prove("1/(eps - 1)**2 >= 0", domain="[0, 2]"), EntryRangeError),
        (lambda: prove("eps <= 0.5"), NotExactError),
        (lambda: prove("__import__('os').system('true') <= 1"), UnsafeInputError),
        (lambda: prove(3), InvalidArgument),
    ],
    ids=["float", "bad-op", "unknown-symbol", "reversed-domain", "negative-eps", "closed-oo", "zero-seconds",
         "tiny-prec", "undefined-at-closed-end", "pole-inside", "float-text", "code-text", "not-a-string"],
)
def test_bad_input_raises_typed_errors(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.parametrize("text, dom, verdict", [
    # tanh(x/2) <= min(1, x/2): eps*tanh(eps/2) <= min(eps, eps^2/2) <= Min(eps, eps^2)
    ("eps*tanh(eps/2) <= Min(eps, eps**2)", "[0, oo)", "PROVED"),
    ("log(1+eps) <= eps", "[0, oo)", "PROVED"),                  # concavity of log at 1
    ("eps**2 <= eps", "[0, 2]", "REFUTED"),                      # fails at eps = 2
    ("exp(eps) <= 1 + eps + eps**2/2", "[0, oo)", "REFUTED"),    # the next Taylor term is positive
])
def test_issue_examples_are_decided_within_a_small_effort(text, dom, verdict):
    # decided (not UNDECIDED "effort spent") at a quarter of the default effort; the timings are in bench/
    res = prove(text, domain=dom, effort="low")
    assert res.verdict.value == verdict
    assert res.certificate["effort"]["steps_used"] <= res.certificate["effort"]["proof_steps"]


# --------------------------------------------------------------------------- entropy terms, |.|, Min/Max identities
def test_pinsker_for_bernoulli_against_uniform():
    """Pinsker: D(Bern(eps) || Bern(1/2)) = eps log eps + (1-eps) log(1-eps) + log 2 >= 2 (eps - 1/2)^2
    (TV = |eps - 1/2|), tight at eps = 1/2 to fourth order; the entropy terms are not analytic at
    the ends 0 and 1 (their limits are log 2 - 1/2 > 0)."""
    text = "eps*log(eps) + (1-eps)*log(1-eps) + log(2) >= 2*(eps - 1/2)**2"
    res = prove(text, domain="(0, 1)")
    assert res.verdict == "PROVED", res.reason
    assert any(s["method"] == "touch-point" and s.get("point") == "1/2" for s in res.certificate["steps"])
    strict = prove(text.replace(">=", ">"), domain="(0, 1)")
    assert strict.verdict == "REFUTED" and strict.point == Fraction(1, 2)
    worse = prove(text.replace("2*(eps", "3*(eps"), domain="(0, 1)")  # 3 TV^2 is not a valid bound
    assert worse.verdict == "REFUTED"
    p = mpmath.mpf(worse.point.numerator) / worse.point.denominator
    assert p * mpmath.log(p) + (1 - p) * mpmath.log(1 - p) + mpmath.log(2) < 3 * (p - mpmath.mpf(1) / 2) ** 2


def test_xlogx_minimum_at_one_over_e():
    """min over eps > 0 of eps log eps is -1/e, attained at eps = 1/e (derivative log eps + 1)."""
    assert prove("eps*log(eps) >= -exp(-1)", domain="(0, 2]").verdict == "PROVED"
    res = prove("eps*log(eps) > -exp(-1)", domain="(0, 2]")
    assert res.verdict == "REFUTED" and res.point == exp(-1)


def test_abs_and_min_max_identity():
    assert prove("Abs(eps - 1) >= 0", domain="[0, 2]").verdict == "PROVED"
    res = prove("Abs(eps - 1) > 0", domain="[0, 2]")
    assert res.verdict == "REFUTED" and res.point == 1
    res = prove("Min(eps, 1) + Max(eps, 1) == eps + 1", domain="[0, oo)")
    assert res.verdict == "PROVED" and res.method == "two-inequalities"
    res = prove("Max(eps, 1) == eps", domain="[0, 3]")
    assert res.verdict == "REFUTED" and res.point < 1
