"""Wang, Ying and Zhang (IEEE Trans. Inf. Theory 2016): the package's claims, their order and their sources.

The shared ``tests/test_banks.py`` checks every reading's expected verdict and replays every refutation;
this file keeps what is specific to this paper: the claim ids in the paper's order, sources that cite the
paper (sections, equations — never files), the documented refutations, and the slow families.
"""

import re

import pytest

import theorems.wang2016 as W
from counterexamples.archive import replay, witness_path
from exactpriv.claims import Finding, Verdict, check_reading

IDS = ["model", "def1", "def2", "def3", "def4", "def_pd", "def_epsX", "def_epstilde", "def_h", "thm1", "thm1.gap",
       "uniform", "relaxation", "lemma1", "lemma1.claim_lb", "lemma1.claim_ub", "lemma2", "lemma3", "lemma4",
       "lemma5", "pdmip", "thm2", "kkt", "consistency", "informal"]
CASES = [(c, r) for c in W.CLAIMS for r in c.readings]


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in W.CLAIMS] == [f"wang2016.{i}" for i in IDS]
    assert W.CLAIMS[0].readings[0].name == "literal"


def test_sources_cite_the_paper_not_files():
    for c in W.CLAIMS:
        assert re.search(r"§|Appendix|abstract|Theorem|Lemma|Definition|eq", c.source), c.id
        assert not re.search(r"seed|\.txt|shared[/]", c.source + c.quote + c.title), c.id
        assert len(c.quote) > 40, c.id


def test_expected_refutations_are_the_documented_ones():
    refuted = {f"{c.id}/{r.name}": r.finding for c, r in CASES if r.expected is Verdict.REFUTED}
    assert refuted == {"wang2016.def_epstilde/finite-any-prior": Finding.BOUNDARY,
                       "wang2016.lemma1.claim_lb/eq57-as-printed": Finding.AS_WRITTEN,
                       "wang2016.kkt/literal": Finding.BOUNDARY,
                       "wang2016.consistency/all-D": Finding.AS_WRITTEN,
                       "wang2016.consistency/converse-all-D": Finding.AS_WRITTEN}


@pytest.mark.parametrize("name", ["wang2016.def_epstilde/finite-any-prior", "wang2016.kkt/literal"])
def test_boundary_findings_point_to_a_restricted_reading_that_holds(name):
    """A boundary finding names the reading that excludes the degenerate case; that reading is not refuted."""
    cid, rname = name.split("/")
    claim = next(c for c in W.CLAIMS if c.id == cid)
    why = claim.reading(rname).why
    restricted = [r for r in claim.readings if r.name in why and r.name != rname]
    assert restricted, why
    for r in restricted:
        assert r.expected is not Verdict.REFUTED


def test_archived_witnesses_are_the_first_refuting_instances():
    for c, r in CASES:
        if r.expected is Verdict.REFUTED and r.prove is None:
            res = check_reading(c, r)
            doc, decision = replay(witness_path(c.id, r.name))
            assert decision.is_false and doc["instance"].label == res.witness.label, (c.id, r.name)


SLOW = [(c, r) for c, r in CASES if any(f.slow for f in r.families)]


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", SLOW, ids=[f"{c.id}/{r.name}" for c, r in SLOW])
def test_reading_on_slow_families(claim, reading):
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.to_json()
