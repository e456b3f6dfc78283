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
