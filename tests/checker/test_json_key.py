"""checker.polys.json_key, the memo key of every remembered statement, family and space (and of the claims'
certificate conversions): two values share a key only when they are the same JSON document."""

from __future__ import annotations

from exactpriv.checker.polys import json_key
from exactpriv.claims.certificate_search import _memo_by_statement


def test_plain_json_has_a_key_and_equal_documents_share_it():
    a = {"kind": "pure_dp", "pair": [0, 1], "eps": "1/2", "flags": [True, None, 1.5]}
    b = {"eps": "1/2", "flags": [True, None, 1.5], "pair": [0, 1], "kind": "pure_dp"}
    assert json_key(a) is not None and json_key(a) == json_key(b)


def test_values_that_do_not_read_back_have_no_key():
    for value in ({"pair": (0, 1)}, {1: "x"}, {"x": float("nan")}, {"x": object()}, ((0, 1),)):
        assert json_key(value) is None, value
    assert len({json_key({"x": 1}), json_key({"x": True}), json_key({"x": 1.0})}) == 3  # equal in Python, not in JSON


def test_a_tuple_statement_is_not_answered_from_its_list_twin():
    """Review: the conversion memo keyed on json.dumps alone, so {"pair": (0, 1)} was answered with the
    conversion of {"pair": [0, 1]}."""
    seen = []

    @_memo_by_statement
    def convert(statement):
        seen.append(statement)
        return {"pair_type": type(statement["pair"]).__name__}

    assert convert({"pair": [0, 1]}) == {"pair_type": "list"}
    assert convert({"pair": [0, 1]}) == {"pair_type": "list"} and len(seen) == 1  # remembered
    assert convert({"pair": (0, 1)}) == {"pair_type": "tuple"} and len(seen) == 2  # converted as given
