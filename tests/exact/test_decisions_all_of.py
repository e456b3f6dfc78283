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
