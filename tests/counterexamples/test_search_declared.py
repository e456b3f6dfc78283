"""Every reading that the hunter refuses to search says so itself.

:func:`counterexamples.hunt.searchable` also refuses readings by their claim's kind (existential, construction,
value and informal claims), a safety net for user banks.  A reading of the installed banks must not rely on
that net: a newcomer reading the declaration should see why drawn instances cannot refute it — an "exists"
quantifier or ``open_search=False`` (a statement about its listed instances / its own proof only).
"""

import pytest

from counterexamples.hunt import EXISTENTIAL_KINDS, OBJECT_KINDS, searchable
from exactpriv.claims import Claim, Family, Reading, Verdict
from exactpriv.claims.banks import installed_banks, load_bank


def _readings():
    for name in sorted(installed_banks()):
        for claim in load_bank(name).claims():
            for reading in claim.readings:
                yield claim, reading


READINGS = list(_readings())


def _declares_why(reading: Reading) -> bool:
    return reading.quantifier == "exists" or not reading.open_search


def test_every_reading_the_hunter_refuses_declares_why():
    undeclared = [f"{c.id}/{r.name} (kind {c.kind})" for c, r in READINGS
                  if searchable(r, c) and not _declares_why(r)]
    assert not undeclared, "refused by claim kind only:\n" + "\n".join(undeclared)


def test_the_bank_has_kind_refused_readings_to_check():
    # the rule above is not vacuous: existential/object claims exist and are all declared closed
    kinds = {c.kind for c, r in READINGS if searchable(r, c)}
    assert kinds & set(EXISTENTIAL_KINDS + OBJECT_KINDS)


@pytest.mark.parametrize("kind", EXISTENTIAL_KINDS + OBJECT_KINDS)
def test_the_kind_rule_alone_would_refuse(kind):
    """The safety net still refuses an undeclared reading of such a kind (so the test above can fail)."""
    reading = Reading("r", "s", check=lambda inst: True, families=[Family("f", lambda: [])],
                      expected=Verdict.CHECKED)
    claim = Claim("user.c", "t", "s", "q", kind, [reading])
    assert searchable(reading, claim) and not _declares_why(reading)


def test_descriptive_parameters_do_not_keep_a_reading_off_its_fresh_search_space():
    # identity DP's Proposition 2: the families label their instances with n and e^eps (never read by the
    # check); the probe sees the same decision without them, so the reading gets fresh instances, and its
    # dataset-mechanism hypothesis makes them functions of the multiset of records
    from counterexamples.hunt_scope import templates as _templates
    from counterexamples.search_space import descriptive_params, search_space_of
    from exactpriv.claims import Instance
    from exactpriv.claims.banks import find_claim

    reading = find_claim("identitydp.prop2").reading("literal")
    templates = _templates(reading, [])
    assert any(t.params for t in templates)
    assert search_space_of(reading.hypotheses, templates) is None
    space = search_space_of(reading.hypotheses, templates, check=reading.check)
    assert space is not None and space.symmetric and space.prior_kinds == ("independent",)
    # a check that reads a parameter is not probed as descriptive
    reads = lambda inst: reading.check(inst) if inst.params["n"] else None  # noqa: E731
    assert not descriptive_params(reads, templates)
    assert not descriptive_params(reading.check, [Instance("x", templates[0].mechanism, templates[0].prior,
                                                           {"n": 1}, {"M2": templates[0].mechanism})])


def test_symmetric_fresh_mechanisms_are_functions_of_the_multiset():
    from hypothesis import given, settings

    from counterexamples.search_space import mechanism_of_kind
    from exactpriv.spaces import Hamming

    space = Hamming((0, 1, 2), 2)

    @settings(max_examples=20, database=None, deadline=None)
    @given(mechanism_of_kind(space, 3, "positive", symmetric=True))
    def prop(M):
        for x in space.points:
            assert M.rows[space.index(x)] == M.rows[space.index(tuple(reversed(x)))]
    prop()
