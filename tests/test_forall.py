"""For-all decisions on symbolic families (exactpriv.forall).

Each test asserts a verdict that could be wrong: implications of Cuff–Yu proved for every ε on
randomized response and the truncated geometric mechanism, tightness equalities, deliberately
broken variants refuted at a certified point (re-checked here from the mechanism's definition),
and an end of the domain where the closed form does not extend (decided on M.subs).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from exactpriv.errors import InvalidArgument, NotExactError
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.forall import (
    decide_for_all,
    equality_for_all,
    implication_for_all,
    inequality_for_all,
    prove_nonnegative_orthant,
    value_for_all,
)
from exactpriv.measures.result import Measured
from exactpriv.measures.symbolic import kl_dp_symbolic
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

T = sympy.exp(EPS)
RR = zoo.randomized_response(2, eps=EPS)
GEO = zoo.truncated_geometric(3, eps=EPS)
DELTA = sympy.Symbol("delta", nonnegative=True)


def min_eps_eps2(e):
    return sympy.Min(e, e ** 2)


def test_property1_on_rr_for_all_eps():
    """Cuff–Yu Property 1 / Lemma 1 (21): ε-DP ⇒ min{ε, ε²}-KL-DP, on RR(ε) for every ε >= 0."""
    d = implication_for_all(RR, "pure_dp", "kl_dp", min_eps_eps2)
    assert d.is_true, d.reason
    assert d.certificate["given"] == "eps"
    assert d.certificate["ends"] == []


def test_property1_on_truncated_geometric_checks_the_excluded_end():
    """Entries of the truncated geometric vanish at ε = 0: the closed forms hold on (0, oo) and
    ε = 0 is decided exactly on M.subs(eps=0)."""
    d = implication_for_all(GEO, "pure_dp", "kl_dp", min_eps_eps2)
    assert d.is_true, d.reason
    assert [e["point"] for e in d.certificate["ends"]] == ["0"]
    assert d.certificate["ends"][0]["truth"] == "TRUE"


def test_tightness_equality_kl_of_rr():
    """Cuff–Yu (11): equality with binary distributions, for every ε."""
    d = value_for_all(RR, "kl_dp", EPS * sympy.tanh(EPS / 2))
    assert d.is_true, d.reason
    assert equality_for_all(kl_dp_symbolic(RR), EPS * sympy.tanh(EPS / 2)).is_true


@pytest.mark.parametrize("m,n", [(2, 2), (3, 1)])
def test_exponential_mechanism_pure_dp_is_eps(m, n):
    """Wang–Ying–Zhang Lemma 5: E_d is ε-DP, and exactly so (pure DP = ε for all ε)."""
    d = value_for_all(zoo.wang_E_d(list(range(m)), n, eps=EPS), "pure_dp", EPS)
    assert d.is_true, d.reason


def _kl_from_definition(eps_value):
    """D(P‖Q) of RR's two rows, written from the definition at a given ε (not the closed form)."""
    rows = [[sympy.sympify(v).subs(EPS, eps_value) for v in row] for row in RR.rows]
    return sympy.Add(*[p * sympy.log(p / q) for p, q in zip(rows[0], rows[1])])


def test_broken_constant_refuted_with_certified_point():
    """KL <= ε²/3 is false near 0 (ε tanh(ε/2) ~ ε²/2): REFUTED; the point is re-checked from the
    definition of KL at that ε."""
    d = implication_for_all(RR, "pure_dp", "kl_dp", lambda e: e ** 2 / 3)
    assert d.is_false
    pt = sympy.Rational(Fraction(d.certificate["point"]))
    assert compare(_kl_from_definition(pt), ">", pt ** 2 / 3).is_true


def test_wrong_tightness_constant_refuted():
    d = value_for_all(RR, "kl_dp", EPS * sympy.tanh(EPS / 3))
    assert d.is_false
    pt = sympy.Rational(Fraction(d.certificate["point"]))
    assert compare(_kl_from_definition(pt), "!=", pt * sympy.tanh(pt / 3)).is_true


def test_kl_dp_implies_mi_dp_on_rr():
    """Cuff–Yu Lemma 1 (22): ε-KL-DP ⇒ ε-MI-DP, i.e. mi_dp <= kl_dp, on RR(ε).  PROVED on [0, 50]
    and, with the log-elimination tail of exactpriv.certify.asymptotic, on [0, oo) (issue 11)."""
    d = implication_for_all(RR, "kl_dp", "mi_dp", lambda e: e, domain=(0, 50), closed=(True, True))
    assert d.is_true, d.reason
    tail = implication_for_all(RR, "kl_dp", "mi_dp", lambda e: e)
    assert tail.is_true, tail.reason


def test_decide_for_all_dispatches_specs():
    assert decide_for_all({"kind": "value", "mechanism": RR, "measure": "pure_dp", "expected": EPS}).is_true
    assert decide_for_all({"kind": "inequality", "lhs": EPS * sympy.tanh(EPS / 2), "op": "<=",
                           "rhs": EPS ** 2 / 2}).is_true
    with pytest.raises(InvalidArgument):
        decide_for_all({"kind": "value", "mechanism": RR})
    with pytest.raises(InvalidArgument):
        decide_for_all({"kind": "value", "mechanism": RR, "measure": "kl_dp", "expected": EPS, "colour": 1})


def test_hockey_stick_of_an_eps_dp_mechanism_vanishes_at_eps():
    """The truncated geometric is ε-DP: δ(ε) = E_{e^ε} = 0 for every ε (ε = 0 decided on M.subs)."""
    d = value_for_all(GEO, "hockey_stick", 0, op="<=", measure_kw={"eps_prime": EPS})
    assert d.is_true, d.reason


def _support_change():
    """Rows (δ, 1 − δ) and (δ/2, 1 − δ/2): pure DP ln 2 for δ ∈ (0, 1/2], but 0 at δ = 0 (equal rows)."""
    return Mechanism(Hamming(range(2), 1), [0, 1], [[DELTA, 1 - DELTA], [DELTA / 2, 1 - DELTA / 2]],
                     symbols=(DELTA,))


def test_excluded_end_can_refute():
    M = _support_change()
    open_end = value_for_all(M, "pure_dp", sympy.log(2), domain=(0, Fraction(1, 2)), closed=(False, True))
    assert open_end.is_true, open_end.reason
    closed_end = value_for_all(M, "pure_dp", sympy.log(2), domain=(0, Fraction(1, 2)), closed=(True, True))
    assert closed_end.is_false
    assert closed_end.certificate["point"] == "0"


def test_closed_form_not_covering_the_domain_is_undecided():
    m = kl_dp_symbolic(GEO)  # valid on (0, oo) only
    d = inequality_for_all(m, "<=", EPS)
    assert d.is_undecided and "valid only" in d.reason
    assert inequality_for_all(m, "<=", EPS, closed=(False, False)).is_true


def test_orthant_certificate():
    x, y = sympy.symbols("x y", nonnegative=True)
    assert prove_nonnegative_orthant((x * y + 2 * x + 1) / (y + 3), (x, y), strict=True).is_true
    assert prove_nonnegative_orthant(x - y, (x, y)).is_undecided  # a sufficient condition only
    assert prove_nonnegative_orthant(-(x - x), (x,), strict=True).is_false
    assert prove_nonnegative_orthant(x * y, (x, y), strict=True).is_undecided  # vanishes at the origin
    assert prove_nonnegative_orthant(-x / (-1 - y), (x, y)).is_true  # common sign flip


BAD = [
    ("bound not callable", lambda: implication_for_all(RR, "pure_dp", "kl_dp", EPS), InvalidArgument),
    ("unknown measure", lambda: value_for_all(RR, "free_lunch", EPS), InvalidArgument),
    ("bad op", lambda: value_for_all(RR, "kl_dp", EPS, op="=<"), InvalidArgument),
    ("float expected", lambda: value_for_all(RR, "kl_dp", 0.5), NotExactError),
    ("float from bound", lambda: implication_for_all(RR, "pure_dp", "kl_dp", lambda e: 0.5), NotExactError),
    ("measure without value", lambda: equality_for_all(Measured("x", None, 0, 1), EPS), InvalidArgument),
    ("two symbols", lambda: equality_for_all(EPS, DELTA), InvalidArgument),
    ("orthant symbols", lambda: prove_nonnegative_orthant(EPS, ()), InvalidArgument),
    ("orthant extra symbol", lambda: prove_nonnegative_orthant(EPS + DELTA, (EPS,)), InvalidArgument),
    ("callable measure returning junk", lambda: value_for_all(RR, lambda M, **kw: 3, EPS), InvalidArgument),
]


@pytest.mark.parametrize("what,call,exc", BAD, ids=[b[0] for b in BAD])
def test_bad_input_raises_typed_error(what, call, exc):
    with pytest.raises(exc):
        call()
