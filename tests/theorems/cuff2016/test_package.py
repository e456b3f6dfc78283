"""Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (CCS 2016): the package as a whole.

Verdicts, justifications and witness replay of every reading are the shared ``tests/test_banks.py``; here:
the claim ids in the paper's order, sources that cite the paper (never a file), every module under the size
limit, families whose instances survive the JSON round trip of archived witnesses, and the slow families.
"""

from pathlib import Path

import pytest

import theorems.cuff2016 as C
from exactpriv import io
from exactpriv.claims import Outcome, check_reading
from exactpriv.claims.hypotheses import unmet_hypotheses

IDS = ["def1", "def2", "def3", "def4", "eq9", "prop1", "prop1_tight", "prop2", "prop12_strict", "prop3",
       "def5_6_7", "def8", "ex1", "thm1", "strict_AB", "lemma1", "lemma2", "lemma2_general", "lemma3", "ex3_3",
       "prop4", "prop5", "prop6", "cor4", "ex4_1", "cor5", "ex4_3", "cor6", "cor7", "prop7", "prop8", "prop9",
       "ex5_1", "eq53", "cor8", "sec6_1", "sec6_2", "sec6_3", "sec6_4", "def_sibson", "lemma9", "cor10", "eq71",
       "eq72_73", "lemma11", "eq105", "interp", "informal"]
READINGS = [(c, r) for c in C.CLAIMS for r in c.readings]
PACKAGE = Path(C.__file__).parent


def _decision(res):
    return res.decision if isinstance(res, Outcome) else res


def test_claims_are_the_papers_in_its_order():
    assert [c.id for c in C.CLAIMS] == [f"cuff2016.{i}" for i in IDS]


def test_sources_cite_the_paper_not_files():
    for c in C.CLAIMS:
        assert c.source and "seed" not in c.source.lower() and ".txt" not in c.source, c.id
        assert len(c.quote) > 20, c.id
    # the names of the project's working files, spelt in pieces so that this file does not contain them
    forbidden = ("seed" + " 0", "shared" + "/", "seeds" + "/")
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert not any(f in text for f in forbidden), path.name


def test_every_reading_has_something_to_check():
    for c, r in READINGS:
        assert (r.check is not None and r.families) or r.prove is not None, (c.id, r.name)


def test_modules_stay_small():
    for path in PACKAGE.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_first_instance_of_every_family_survives_a_json_round_trip():
    """Witnesses are archived as JSON: the checks give the same truth on round-tripped instances
    (ints come back as Fractions, ranges as tuples)."""
    for c, r in READINGS:
        for fam in r.families:
            if fam.slow:
                continue
            inst = next(iter(fam.build()))
            if unmet_hypotheses(r, inst):
                continue
            back = io.instance_from_json(io.instance_to_json(inst))
            assert _decision(r.check(back)).truth == _decision(r.check(inst)).truth, (c.id, r.name, fam.name)


SLOW = [(c, r) for c, r in READINGS if any(f.slow for f in r.families)]


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", SLOW, ids=[f"{c.id}/{r.name}" for c, r in SLOW])
def test_reading_on_slow_families(claim, reading):
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.to_json()


def test_non_implications_cannot_be_refuted_by_a_random_instance():
    """"There is a mechanism such that …" readings are about their named constructions (open_search=False)
    or existential (quantifier="exists"): the hunter never refutes them with other instances."""
    for c in C.CLAIMS:
        if c.kind == "non-implication":
            for r in c.readings:
                assert not r.open_search or r.quantifier == "exists", (c.id, r.name)


def test_relations_are_the_papers_implications_and_non_implications():
    """The notion-level statements of the paper, read off the paper (Lemma 1 (21)–(23), Property 1, (9),
    (11), Property 2, Lemmas 2–3, (53), §6, Corollary 4; strictness of (A), (B), footnote 3, Properties 1–2)."""
    got = {(c.id, r.name, rel.source, rel.target, rel.kind) for c in C.CLAIMS for r in c.readings
           for rel in r.relations}
    implies = {("lemma1", "eq21", "pure_dp", "kl_dp"), ("lemma1", "eq22", "kl_dp", "mi_dp"),
               ("lemma1", "eq23", "pure_dp", "mi_dp"), ("prop1", "literal", "pure_dp", "kl_dp"),
               ("eq9", "literal", "pure_dp", "kl_dp"), ("prop1_tight", "bound-11", "pure_dp", "kl_dp"),
               ("prop2", "literal", "kl_dp", "tv_dp"), ("lemma2", "eq27", "mi_dp", "tv_dp"),
               ("lemma3", "eq35", "tv_dp", "mi_dp"), ("eq53", "all-priors", "pure_dp", "capacity"),
               ("sec6_2", "(57)-implies-(58)", "free_lunch", "capacity"),
               ("sec6_3", "(60)-implies-(61)", "bayesian_dp", "conditional_mi"),
               ("sec6_4", "(64)-implies-(65)", "adversarial_privacy", "mi_privacy"),
               ("cor4", "literal", "mi_dp", "record_mi")}
    not_implies = {("strict_AB", "A-strict", "kl_dp", "pure_dp"),
                   ("strict_AB", "B-strict-and-footnote-3", "mi_dp", "kl_dp"),
                   ("strict_AB", "B-strict-and-footnote-3", "mi_dp", "pure_dp"),
                   ("prop12_strict", "prop1-reverse-unbounded", "kl_dp", "pure_dp"),
                   ("prop12_strict", "prop2-reverse", "tv_dp", "kl_dp")}
    want = ({(f"cuff2016.{c}", r, s, t, "implication") for c, r, s, t in implies}
            | {(f"cuff2016.{c}", r, s, t, "non-implication") for c, r, s, t in not_implies})
    assert got == want
