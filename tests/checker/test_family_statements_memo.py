"""The checker's remembered family derivations (exactpriv.checker.families.family_statements) against the same
derivation done afresh (_family_statements): equal cold and warm, refused with the same error every time (a
remembered failure raised as a new error), each caller's dicts its own, and a statement that is not plain JSON
(tuples, non-text keys) derived afresh — it must never share a key with its JSON twin."""

from __future__ import annotations

import copy

import pytest

from exactpriv.checker import families
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.families import RR2, family_statements

from .test_families import RR3, TG2

GARBLE2 = [["3/4", "1/4"], ["1/4", "3/4"]]
STATEMENTS = [
    {"quantifier": "forall-family", "families": [RR2, RR3], "measures": {"A": {"notion": "pure_dp"},
                                                                       "B": {"notion": "kl_dp"}},
     "claim": "B <= A*tanh(A/2)"},
    {"quantifier": "forall-family", "families": [TG2], "measures": {"A": {"notion": "pure_dp"}}, "claim": "A == eps"},
    {"quantifier": "forall-family", "families": [RR3], "measures": {"T": {"notion": "tv_dp"}}, "claim": "T <= 1",
     "pairs": "all"},
    {"quantifier": "forall-family", "families": [dict(RR2, params={"k": "3"})],
     "measures": {"B": {"notion": "approx_dp", "epsilon": "(k-2)*eps", "on": {"operator": "k-fold", "k": "k"}}},
     "claim": "B >= 0"},
    {"quantifier": "forall-family", "families": [RR2], "claim": "B <= A",
     "measures": {"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp",
                                                   "on": {"operator": "post-process", "kernel": GARBLE2}}}},
    # refused: a kernel that is not stochastic (Failed), hypotheses (NotCheckable), no families (Failed)
    {"quantifier": "forall-family", "families": [RR2], "claim": "B <= A",
     "measures": {"A": {"notion": "pure_dp"}, "B": {"notion": "pure_dp", "on": {
         "operator": "post-process", "kernel": [["1", "1/10"], ["0", "1"]]}}}},
    {"quantifier": "forall-family", "families": [RR2], "measures": {"A": {"notion": "pure_dp"}}, "claim": "A >= 0",
     "hypotheses": ["eps > 1"]},
    {"quantifier": "forall-family", "families": [], "measures": {}, "claim": "0 <= 1"},
]


def _outcome(f, statement):
    try:
        return "ok", f(statement)
    except (Failed, NotCheckable) as exc:
        return type(exc), str(exc)


def test_remembered_derivations_equal_fresh_ones_cold_and_warm():
    families._derived.cache_clear()
    for statement in STATEMENTS + STATEMENTS:
        want = _outcome(families._family_statements, copy.deepcopy(statement))
        assert _outcome(family_statements, statement) == want
    assert any(_outcome(family_statements, s)[0] is Failed for s in STATEMENTS)
    assert any(_outcome(family_statements, s)[0] is NotCheckable for s in STATEMENTS)


def test_a_remembered_failure_is_a_new_error_each_time():
    bad = STATEMENTS[-1]
    errors = []
    for _ in range(2):
        with pytest.raises(Failed) as got:
            family_statements(bad)
        errors.append(got.value)
    assert errors[0] is not errors[1] and str(errors[0]) == str(errors[1])


def test_each_caller_gets_its_own_dicts():
    statement = STATEMENTS[0]
    first = family_statements(statement)
    kept = copy.deepcopy(first)
    first[0][1]["claim"] = "0 <= 1"
    first[0][1]["domain"]["eps"] = "[5, 6]"
    assert family_statements(statement) == kept


def test_a_statement_that_is_not_plain_json_is_derived_afresh():
    # families as a tuple: refused as written, though its JSON text is the remembered list's
    good = STATEMENTS[1]
    family_statements(good)
    as_tuple = dict(good, families=tuple(good["families"]))
    with pytest.raises(Failed, match="lists its 'families'"):
        family_statements(as_tuple)
    assert family_statements(good) == families._family_statements(good)
