"""The checker's remembered reading of exact rationals written as text (witness._q) against Fraction itself: the
same value for every text, cold and warm; a text that is no rational refused with its error every time (never
remembered); ints and bools as before."""

from __future__ import annotations

from fractions import Fraction

import pytest

from exactpriv.checker import witness
from exactpriv.checker.errors import Failed

TEXTS = ["0", "1", "1/2", "-3/4", "2/4", "0.25", "1e-3", " 7/8 ", "12345678901234567890/3", "+5", "-0", "3/1"]
BAD = ["", "1/0", "x", "1/2/3", "0x10", "nan", "1 / 2"]


def test_remembered_texts_read_as_fraction_reads_them():
    witness._READ.clear()
    for text in TEXTS + TEXTS:  # cold, then from the memo
        got = witness._q(text, "here")
        assert got == Fraction(text) and type(got) is Fraction


@pytest.mark.parametrize("text", BAD)
def test_a_text_that_is_no_rational_is_refused_every_time(text):
    for _ in range(2):
        with pytest.raises(Failed, match="is not an exact rational"):
            witness._q(text, "here")
    assert text not in witness._READ


def test_ints_and_bools_as_before():
    assert witness._q(3, "here") == 3 and witness._q(-2, "here") == Fraction(-2)
    for bad in (True, 1.5, None, [1]):
        with pytest.raises(Failed, match="write it as a string"):
            witness._q(bad, "here")


def test_a_full_memo_starts_over(monkeypatch):
    monkeypatch.setattr(witness, "_READ_LIMIT", 64)
    witness._READ.clear()
    for k in range(64 + 5):
        witness._q(f"{k}/7", "here")
    assert len(witness._READ) <= 64 and witness._q("1/7", "here") == Fraction(1, 7)
