"""Closed forms over a symbolic family are remembered per (measure, mechanism, arguments, effort): a remembered
one must equal a fresh computation, callers must not share its witness, and a result cut short by a time limit
is never remembered."""

import sympy

from exactpriv.effort import note_stop
from exactpriv.exact.numbers import EPS
from exactpriv.measures.symbolic import registry
from exactpriv.mechanisms.zoo import randomized_response


def test_a_remembered_closed_form_equals_a_fresh_one():
    registry._MEMO.clear()
    for name, M, kw in (("pure_dp", randomized_response(3, eps=EPS), {}),
                        ("kl_dp", randomized_response(2, eps=EPS), {}),
                        ("renyi_dp", randomized_response(2, eps=EPS), {"alpha": sympy.Integer(2)})):
        first = registry.symbolic_measure(name, M, **kw)
        again = registry.symbolic_measure(name, randomized_response(len(M.outputs), eps=EPS), **kw)  # an equal copy
        fresh = registry._measure(name, M, dict(kw))
        for r in (first, again):
            assert (r.value, r.lower, r.upper, r.method, r.note) == (fresh.value, fresh.lower, fresh.upper,
                                                                      fresh.method, fresh.note)
            assert r.witness == fresh.witness
        first.witness["mine"] = 1
        assert "mine" not in registry.symbolic_measure(name, M, **kw).witness
    assert len(registry._MEMO) == 3


def test_a_result_cut_short_by_a_time_limit_is_not_remembered(monkeypatch):
    registry._MEMO.clear()
    real = registry._measure

    def stopped(name, M, kw):
        note_stop("test: the time limit stopped a proof")
        return real(name, M, kw)

    monkeypatch.setattr(registry, "_measure", stopped)
    registry.symbolic_measure("pure_dp", randomized_response(2, eps=EPS))
    assert registry._MEMO == {}
