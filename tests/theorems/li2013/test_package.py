"""Li, Qardaji, Su, Wu and Yang (ACM CCS 2013): the package's claims, their order, their sources, the
documented refutations and their witnesses.

The shared ``tests/test_banks.py`` checks every reading's expected verdict and replays every refutation;
this file keeps what is specific to this paper.
"""

import re

import theorems.li2013 as L
from counterexamples.archive import replay, witness_path
from exactpriv.claims import Finding, Verdict, check_reading

IDS = ["def_pmp", "def_nmp", "def_udp", "laplace_cex", "neg_udp_nmp", "bdp_symmetry", "fam4_6", "fam4_7",
       "bdp_d2b", "thm4_8", "lemma4_9", "fam5_1", "def5_2", "prop5_3", "prop5_3_values", "kmax_not_nmp",
       "kanon", "sec5_summary", "def5_4"]
CASES = [(c, r) for c in L.CLAIMS for r in c.readings]


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in L.CLAIMS] == [f"li2013.{i}" for i in IDS]


def test_sources_cite_the_paper_and_say_what_is_reconstructed():
    for c in L.CLAIMS:
        assert re.search(r"§", c.source), c.id
        assert not re.search(r"seed|\.txt|shared[/]|CLAIMS\.md|fragment", c.source + c.quote + c.title + c.reason), c.id
        assert len(c.quote) > 40, c.id
    for cid in ("def_pmp", "def_nmp", "def_udp"):
        assert "reconstructed" in next(c for c in L.CLAIMS if c.id == f"li2013.{cid}").source


def test_def5_4_is_not_encodable_and_says_why():
    c = L.CLAIMS[-1]
    assert c.id == "li2013.def5_4" and not c.encodable and not c.readings and "ρ" in c.reason


def test_expected_refutations_are_the_documented_ones():
    refuted = {f"{c.id}/{r.name}": (r.finding, r.convention) for c, r in CASES if r.expected is Verdict.REFUTED}
    assert {k: v[0] for k, v in refuted.items()} == {
        "li2013.prop5_3/empty-uniform": Finding.CONVENTION,
        "li2013.prop5_3/empty-bottom": Finding.CONVENTION,
        "li2013.prop5_3/proof-sj-ge-k": Finding.AS_WRITTEN,
        "li2013.prop5_3/proof-posterior-formula-empty-lowest": Finding.CONVENTION,
        "li2013.kmax_not_nmp/literal": Finding.BOUNDARY}
    # every convention finding names its convention, and another convention is a reading of its own
    prop = next(c for c in L.CLAIMS if c.id == "li2013.prop5_3")
    conventions = {r.convention for r in prop.readings if r.convention}
    for name, (finding, conv) in refuted.items():
        if finding is Finding.CONVENTION:
            assert conv and conventions - {conv}, name


def test_archived_witnesses_are_the_first_refuting_instances():
    for c, r in CASES:
        if r.expected is Verdict.REFUTED and r.prove is None:
            res = check_reading(c, r)
            doc, decision = replay(witness_path(c.id, r.name))
            assert decision.is_false and doc["instance"].label == res.witness.label, (c.id, r.name)
