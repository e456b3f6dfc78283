"""Tests of the implication atlas (counterexamples.atlas).

The edges come from real bank verdicts (check_reading on a few claims of Cuff–Yu and 003);
the composition re-check must catch a deliberately wrong map: a bogus "ε-KL-DP ⇒ (ε/8)-TV"
(binary randomized response with p = 3/4 has KL = ln(3)/2 and TV = 1/2 > ln(3)/16).
"""

import pytest
import sympy

from counterexamples.atlas import (
    bank_entries,
    NOTIONS,
    Entry,
    atlas_png,
    build_atlas,
    compose,
    derive,
    edge_table,
    recheck,
    recheck_map,
)
from exactpriv.claims import ReadingResult, Verdict, check_reading
from exactpriv.claims.relations import Relation
from exactpriv.errors import InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS, to_sympy
from exactpriv.measures import compute
from theorems import PAPERS, all_claims, claims_of, get_claim

E = EPS


def _run(*pairs):
    out = []
    for cid, rname in pairs:
        c = get_claim(cid)
        out.append(check_reading(c, c.reading(rname)))
    return out


@pytest.fixture(scope="module")
def bank_results():
    return _run(("cuff2016.lemma1", "eq21"), ("cuff2016.prop2", "literal"), ("cuff2016.strict_AB", "A-strict"),
                ("zhao2019.thm2_conv", "undefined-excluded"), ("zhao2019.thm2_conv", "positive-mechanism"))


def test_known_edges(bank_results):
    G = build_atlas(bank_results)
    e = G.edges["pure_dp", "kl_dp"]
    assert e["kind"] == "implication" and e["claim"] == "cuff2016.lemma1"
    assert e["map"] == sympy.Min(E, E ** 2) and e["label"] == "min{ε,ε²}"
    assert G.edges["kl_dp", "tv_dp"]["claim"] == "cuff2016.prop2"
    assert G.edges["kl_dp", "pure_dp"]["kind"] == "non-implication"
    # Zhao Thm 2 converse: literal reading REFUTED (archived witness), holds for positive mechanisms
    sp = G.edges["semantic_privacy", "pure_dp"]
    assert sp["kind"] == "conditional"
    statuses = {x["reading"]: x["status"] for x in sp["entries"]}
    assert statuses == {"undefined-excluded": "refuted", "positive-mechanism": "holds"}
    refuted = next(x for x in sp["entries"] if x["status"] == "refuted")
    assert refuted["witness_file"].endswith("zhao2019.thm2_conv--undefined-excluded.json")
    # nothing about claims that were not run
    assert not G.has_edge("pure_dp", "semantic_privacy")
    rows = edge_table(G)
    assert [r["number"] for r in rows] == sorted(r["number"] for r in rows)


def test_verify_json_rows_give_the_same_atlas(bank_results):
    rows = [r.to_json() for r in bank_results]
    G1, G2 = build_atlas(bank_results), build_atlas(rows)
    assert set(G1.edges) == set(G2.edges)
    assert all(G1.edges[e]["kind"] == G2.edges[e]["kind"] for e in G1.edges)


def test_composition_and_recheck(bank_results):
    G = build_atlas(bank_results)
    derived = derive(G)
    d = next(d for d in derived if d.path == ("pure_dp", "kl_dp", "tv_dp"))
    assert compare(d.map.subs(E, sympy.log(3)), "==", sympy.sqrt(sympy.Min(sympy.log(3), sympy.log(3) ** 2) / 2)).is_true
    (checked,) = recheck([d])
    assert checked.status == "holds on instances" and checked.instances >= 10


def test_recheck_catches_a_wrong_composed_map():
    fake = [ReadingResult("cuff2016.lemma1", "eq21", Verdict.CHECKED, {}),
            ReadingResult("fake.kl_tv", "literal", Verdict.CHECKED, {})]
    table = (next(e for e in bank_entries() if (e.claim, e.reading) == ("cuff2016.lemma1", "eq21")), Entry("fake.kl_tv", "literal", Relation("kl_dp", "tv_dp", E / 8, "ε/8")))
    G = build_atlas(fake, table=table)
    (d,) = derive(G)
    assert d.path == ("pure_dp", "kl_dp", "tv_dp")
    (checked,) = recheck([d])
    assert checked.status == "FAILS"
    M = checked.witness.mechanism
    tv, eps = compute("tv_dp", M).value, to_sympy(compute("pure_dp", M).value)
    assert compare(tv, ">", sympy.Min(eps, eps ** 2) / 8).is_true  # the witness really violates it


def test_recheck_map_on_a_true_and_a_false_statement():
    """Pinsker at the mechanism level holds; TV <= KL/100 is false (RR p = 3/4: 1/2 > ln(3)/200)."""
    assert recheck_map("kl_dp", "tv_dp", sympy.sqrt(E / 2)).status == "holds on instances"
    bad = recheck_map("kl_dp", "tv_dp", E / 100)
    assert bad.status == "FAILS"
    with pytest.raises(InvalidArgument):
        recheck_map("nope", "tv_dp", E)
    with pytest.raises(InvalidArgument):
        recheck_map("kl_dp", "tv_dp", "eps")
    with pytest.raises(InvalidArgument):
        recheck_map("kl_dp", "tv_dp", E, conditions=("bounded",))


def test_compose():
    assert compose(sympy.Min(E, E ** 2), sympy.sqrt(E / 2)) == sympy.sqrt(sympy.Min(E, E ** 2) / 2)
    assert compose(sympy.exp(E), sympy.log(E)) == E


def test_table_matches_the_bank():
    """Every annotated (claim, reading) exists in the bank modules present."""
    present = {p for p in PAPERS if claims_of(p)}
    for e in bank_entries():
        assert e.source in NOTIONS and e.target in NOTIONS
        if e.claim.split(".")[0] not in present:
            continue
        c = get_claim(e.claim)
        if e.reading is not None:
            c.reading(e.reading)  # raises if the name is wrong
        assert e.kind == "non-implication" or c.kind in ("implication", "tightness", "equivalence",
                                                         "non-implication", "inequality")


def test_entry_validation():
    with pytest.raises(InvalidArgument):
        Entry("x.y", None, Relation("pure_dp", "nope", E, "ε"))
    with pytest.raises(InvalidArgument):
        Entry("x.y", None, Relation("pure_dp", "kl_dp", None, ""))
    with pytest.raises(InvalidArgument):
        Entry("x.y", None, Relation("pure_dp", "kl_dp", E, "ε", conditions=("sunny",)))
    with pytest.raises(InvalidArgument, match="must be a Relation"):
        Entry("x.y", None, ("pure_dp", "kl_dp"))


def test_png(bank_results):
    png = atlas_png(build_atlas(bank_results))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_entries_hold_the_readings_own_relations():
    """One source of truth: each entry carries the Relation its reading declares (not a copy of its fields),
    and every declared relation of the bank gives exactly one entry, in bank order."""
    declared = [(c.id, r.name, rel) for c in all_claims() for r in c.readings for rel in r.relations]
    entries = [e for e in bank_entries() if e.claim.split(".")[0] in {c.split(".")[0] for c, _, _ in declared}]
    assert [(e.claim, e.reading) for e in entries] == [(c, r) for c, r, _ in declared]
    for e, (_, _, rel) in zip(entries, declared):
        assert e.relation == rel
        assert (e.source, e.target, e.map, e.label, e.kind, e.composable, e.tight, e.note) == \
            (rel.source, rel.target, rel.map, rel.label, rel.kind, rel.composable, rel.tight, rel.note)
        assert e.conditions == tuple(rel.conditions) and e.is_composable == rel.is_composable
