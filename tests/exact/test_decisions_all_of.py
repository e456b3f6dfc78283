"""Decision.all_of: the conjunction of three-valued decisions."""

from exactpriv.exact.decisions import Decision, Truth

T = Decision.true("exact", "a holds")
F_ = Decision.false("arb", "b fails", precision=64, certificate={"ball": "[1 +/- 0.1]"})
U = Decision.undecided("enclosure", "c too wide")


def test_first_false_wins_and_keeps_its_certificate():
    d = Decision.all_of([T, U, F_], "both")
    assert d.truth is Truth.FALSE and d.reason == "both: b fails" and d.certificate == {"ball": "[1 +/- 0.1]"}


def test_undecided_when_no_part_is_false():
    d = Decision.all_of([T, U])
    assert d.truth is Truth.UNDECIDED and d.reason == "c too wide"


def test_true_lists_the_parts_and_empty_is_vacuous():
    d = Decision.all_of([T, T], "x")
    assert d.is_true and d.certificate == {"parts": ["a holds", "a holds"]}
    assert Decision.all_of([]).is_true and Decision.all_of([]).method == "vacuous"


def test_callable_parts_are_evaluated_lazily_and_stop_at_the_first_false():
    calls = []

    def part(d):
        def make():
            calls.append(d.reason)
            return d
        return make

    d = Decision.all_of([part(T), part(U), part(F_), part(T)], "lazy")
    assert d.is_false and d.reason == "lazy: b fails"
    assert calls == ["a holds", "c too wide", "b fails"]  # the part after the first FALSE never ran


def test_an_undecided_part_does_not_hide_a_later_false():
    assert Decision.all_of([lambda: U, lambda: F_]).is_false


def test_a_part_that_is_not_a_decision_is_refused():
    import pytest

    from exactpriv.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="not a Decision"):
        Decision.all_of([T, True])


def test_of_turns_a_decided_bool_into_a_decision():
    import numpy as np
    import pytest
    import sympy

    from exactpriv.errors import InvalidArgument

    assert Decision.of(True, "exact", "1 < 2").is_true
    d = Decision.of(False, "exact", "2 < 1", certificate={"a": 2})
    assert d.is_false and d.reason == "2 < 1" and d.certificate == {"a": 2}
    assert Decision.of(np.bool_(True), "exact", "numpy").is_true
    assert Decision.of(sympy.Integer(1) < 2, "exact", "sympy").is_true
    x = sympy.Symbol("x")
    with pytest.raises(InvalidArgument, match="decided bool"):
        Decision.of(x < 2, "exact", "undecided relational")
