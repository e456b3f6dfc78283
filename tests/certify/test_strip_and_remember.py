"""Two speed-ups of the certifier against their plain counterparts.

* ``strip_factors_both`` (one pass) against two calls of ``strip_factors`` (without, then with the budget):
  the same reduced forms, steps, domains and budget spent, on goals of every shape the pass distinguishes.
* Remembered proofs: a statement proved again gives what a fresh proof gives (the memo cleared), each caller gets
  its own certificate, and a proof the time limit stopped is not remembered.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from exactpriv.certify import prove_identity, prove_inequality
from exactpriv.certify.algebra import strip_factors, strip_factors_both
from exactpriv.certify.core import Budget, Dom
from exactpriv.certify.prover import entry_points
from exactpriv.exact.numbers import EPS

E = sympy.exp(EPS)
GOALS = [
    EPS * (E - 1) / (E + 1) - EPS ** 2 / 4,             # eps^k, a factor of certified sign, a rational form
    -3 * E * (E - 1) ** 2 / (EPS ** 2 * (E + 2)),       # a negative constant, exp, a power of eps below
    (EPS ** 2 + EPS ** 3) * sympy.log(1 + EPS) - EPS,   # a common power of eps of a sum
    sympy.sqrt(2) * (E - 2),                            # an irrational constant, a factor changing sign
    EPS * sympy.tanh(EPS / 2) - sympy.Min(EPS, EPS ** 2),
    sympy.Integer(5),                                   # no variable
    (E - 1) * (2 - E) / (E + 3),
]
DOMS = [Dom(Fraction(0), None, True, False), Dom(Fraction(0), Fraction(3), False, True),
        Dom(Fraction(1, 2), None, True, False)]


@pytest.mark.parametrize("g", GOALS, ids=[str(i) for i in range(len(GOALS))])
@pytest.mark.parametrize("dom", DOMS, ids=["0-oo", "0-3", "half-oo"])
def test_one_pass_equals_the_two_plain_passes(g, dom):
    b_plain, b_both = Budget(200, 256), Budget(200, 256)
    plain = strip_factors(g, EPS, dom)
    charted = strip_factors(g, EPS, dom, b_plain)
    both = strip_factors_both(g, EPS, dom, b_both)
    assert both == (plain, charted)
    assert b_both.used == b_plain.used


@pytest.mark.parametrize("dom", DOMS[:2], ids=["0-oo", "0-3"])
def test_remembered_together_and_factor_terms_give_the_plain_strip(dom, monkeypatch):
    from exactpriv.certify.algebra import decide

    decide._together.cache_clear()
    decide._factor_terms.cache_clear()
    cold = [strip_factors_both(g, EPS, dom, Budget(200, 256)) for g in GOALS]
    warm = [strip_factors_both(g, EPS, dom, Budget(200, 256)) for g in GOALS]  # every call recalled
    assert decide._together.cache_info().hits >= len(GOALS) - 1
    monkeypatch.setattr(decide, "_together", sympy.together)
    monkeypatch.setattr(decide, "_factor_terms", sympy.factor_terms)
    plain = [strip_factors_both(g, EPS, dom, Budget(200, 256)) for g in GOALS]
    assert cold == warm == plain
    assert [str(r) for r in warm] == [str(r) for r in plain]


def test_a_factor_of_certified_sign_is_removed_only_with_the_budget():
    (h0, s0, _), (h, s, _) = strip_factors_both((E - 1) * (E + 5 - EPS ** 2), EPS, DOMS[0], Budget(200, 256))
    assert h0 != h and s0 is None and any(isinstance(f, dict) for f in s["removed_factors"])


STATEMENTS = [(EPS * sympy.tanh(EPS / 2), "<=", sympy.Min(EPS, EPS ** 2)),
              (EPS * (E - 1) / (E + 1), "<=", EPS ** 2 / 4),  # false
              ((E - 1) / (E + 1), "<", sympy.Integer(1))]


@pytest.mark.parametrize("lhs,op,rhs", STATEMENTS)
def test_a_remembered_proof_is_the_fresh_one(lhs, op, rhs):
    entry_points._REMEMBERED.clear()
    first = prove_inequality(lhs, op, rhs)
    again = prove_inequality(lhs, op, rhs)
    entry_points._REMEMBERED.clear()
    fresh = prove_inequality(lhs, op, rhs)
    for r in (first, again):
        assert r.to_json() | {"timing": None} == fresh.to_json() | {"timing": None}
    assert again.timing.get("remembered") is True and first.timing.get("remembered") is None
    again.certificate["steps"].append("edited by a caller")
    assert prove_inequality(lhs, op, rhs).certificate == fresh.certificate


def test_the_key_separates_effort_relation_domain_and_types():
    entry_points._REMEMBERED.clear()
    prove_inequality(EPS, "<=", E - 1)
    prove_inequality(EPS, "<=", E - 1, effort="low")
    prove_inequality(EPS, "<", E - 1)
    prove_inequality(EPS, "<=", E - 1, domain=(0, 1))
    prove_identity(E ** 2 / (E + 1) + E / (E + 1), E)
    assert len(entry_points._REMEMBERED) == 5
    # a plain-number side and its sympy twin are distinct keys (a float is refused, never recalled)
    prove_inequality(0, "<=", EPS)
    prove_inequality(sympy.Integer(0), "<=", EPS)
    assert len(entry_points._REMEMBERED) == 7
    with pytest.raises(Exception):
        prove_inequality(0.0, "<=", EPS)


def test_a_stopped_proof_is_not_remembered():
    entry_points._REMEMBERED.clear()
    hard = sympy.exp(sympy.exp(sympy.exp(EPS))) * sympy.sin(EPS) ** 2
    res = prove_inequality(hard, ">=", -sympy.Integer(1) / 10 ** 40 + sympy.cos(EPS) - 1, seconds=0.01)
    if res.verdict.value == "STOPPED":
        assert not entry_points._REMEMBERED
    else:  # finished within the limit with no stop noted: then it may be remembered, and must be the fresh one
        entry_points._REMEMBERED.clear()
        assert prove_inequality(hard, ">=", -sympy.Integer(1) / 10 ** 40 + sympy.cos(EPS) - 1).verdict == res.verdict


@pytest.mark.parametrize("bad", [dict(domain=(0, 1.0)), dict(domain=(0, 1), closed=(1, 0)), dict(domain=(0, True))])
def test_a_domain_the_proof_refuses_is_refused_after_a_remembered_proof_too(bad):
    """1.0, True and 1 are equal dict keys: a remembered proof over (0, 1) must not answer a domain the proof itself
    refuses (a float end, closedness given as ints, a bool end): the same typed error as in a fresh process."""
    from exactpriv.errors import ExactPrivError

    assert prove_inequality(EPS, ">=", 0, domain=(0, 1)).verdict == "PROVED"
    with pytest.raises(ExactPrivError):
        prove_inequality(EPS, ">=", 0, **bad)
