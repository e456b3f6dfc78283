"""Statements over a bank's listed instances (docs/certificates.md, "Listed instances"): the manifest binds each
exact instance by its sha256 and ε; the checker recomputes the measure on the witness, and a witness that is not
a listed instance — an edited matrix, another ε — can never refute (or be checked for) the reading."""

import copy
from fractions import Fraction

import pytest

from exactpriv.checker import FAILED, NOT_CHECKABLE, RE_VERIFIED, check_document
from exactpriv.checker.verdicts import LISTED_TRUST
from exactpriv.checker.witness import instance_digest

from .evidence import make_bank, make_document

SPACE = {"type": "hamming", "values": [0, 1], "n": 1}
#: binary randomized response at ε = log 3 (e^ε = 3): pure DP log 3, above the claimed ε/2
RR3 = [["3/4", "1/4"], ["1/4", "3/4"]]


def _witness(rows=RR3, eps="log(3)"):
    return {"label": "rr at log 3", "space": dict(SPACE), "outputs": [0, 1], "mechanism": copy.deepcopy(rows),
            "params": {"eps": eps}}


def _statement(*, unbound=False):
    listed = [{"label": "rr at log 3", "params": {"eps": "log(3)"},
               "sha256": instance_digest(SPACE, [0, 1], [[Fraction(q) for q in r] for r in RR3], None)}]
    if unbound:
        listed.append({"family": "the benchmark's size", "unbound": "a slow family"})
    return {"quantifier": "forall-instances", "family": {"listed": listed}, "hypotheses": [],
            "measures": {"X": {"notion": "pure_dp"}}, "claim": "X <= eps/2"}


@pytest.fixture
def bank(tmp_path):
    entries = [{"id": "toy.rr/half", "kind": "paper", "statement": _statement(), "finding": "as-written"},
               {"id": "toy.rr/half-slow", "kind": "paper", "statement": _statement(unbound=True),
                "finding": "as-written"}]
    return make_bank(tmp_path / "bank", entries)


def _doc(bank, witness=None, values=None):
    rows = [{"id": "toy.rr", "reading": r, "verdict": "REFUTED", "finding": "as-written",
             "statement": _statement(unbound=r == "half-slow"), "witness": witness or _witness(),
             "values": values or {"X": "log(3)"}} for r in ("half", "half-slow")]
    return make_document(bank, rows)


def test_a_listed_instance_refutes_and_the_trusted_build_is_named(bank):
    report = check_document(_doc(bank), bank=bank)
    assert report.refused is None
    assert [(r.status, r.trusted) for r in report.rows] == [(RE_VERIFIED, LISTED_TRUST)] * 2


def test_an_edited_matrix_is_not_a_listed_instance(bank):
    # still a valid mechanism that refutes the claim (pure DP log 4 > log(3)/2), but not the bank's instance
    rows = check_document(_doc(bank, _witness([["4/5", "1/5"], ["1/5", "4/5"]]), {"X": "log(4)"}), bank=bank).rows
    assert rows[0].status == FAILED and "none of the statement's listed instances" in rows[0].why
    # a statement that also covers unbound (slow) instances cannot tell: not checkable, never re-verified
    assert rows[1].status == NOT_CHECKABLE and "does not bind" in rows[1].why


def test_another_eps_on_the_listed_matrix_is_refused(bank):
    rows = check_document(_doc(bank, _witness(eps="log(9)")), bank=bank).rows
    assert rows[0].status == FAILED and "listed instance's eps" in rows[0].why


def test_the_programs_banks_forms_list_their_compiled_instances():
    """The engine side: a numeric inequality_claim(measure=...) reading gets a listed form whose digest is the
    one the checker computes from the reading's own witness."""
    from exactpriv.checker.witness import read_instance
    from exactpriv.claims.banks import installed_banks
    from exactpriv.claims.evidence import reading_form, witness_of

    (claim,) = [c for c in installed_banks()["programs"].claims() if c.id == "lyu2017.svt3"]
    reading = claim.readings[0]
    form = reading_form(reading)
    assert form["claim"] == "X <= eps" and form["measures"] == {"X": {"notion": "pure_dp"}}
    listed = form["family"]["listed"]
    bound = [e for e in listed if "sha256" in e]
    assert [e.get("unbound") is not None for e in listed] == [False, True]  # the slow StatDP family is named
    (inst,) = [i for f in reading.families if not f.slow for i in f.build()]
    assert bound[0]["sha256"] == read_instance(witness_of(inst)).digest
