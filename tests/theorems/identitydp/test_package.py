"""Identity DP's package (theorems.identitydp): the claims in the paper's order, cited by the paper's
own sections, and the dataset-mechanism predicate on named mechanisms."""

import random
from pathlib import Path

from exactpriv.mechanisms import zoo
from theorems.identitydp import CLAIMS, is_multiset_mechanism
from theorems.identitydp.instances import DISJ, gen_mech

PACKAGE = Path(__file__).resolve().parents[3] / "theorems" / "identitydp"


def test_every_claim_is_encoded_in_paper_order():
    ids = ["ex1", "ex2", "model", "def2", "lemma1", "lemma2", "def3", "thm1", "prop1", "prop2", "prop3",
           "nonreversible", "lemma3", "eq23_24", "lemma4", "thm2", "cor1", "thm3", "cor2", "prop4", "lemma5",
           "thm4", "dp_special_case", "remark1"]
    assert [c.id for c in CLAIMS] == [f"identitydp.{i}" for i in ids]
    for c in CLAIMS:
        assert c.readings and c.quote and "seed" not in c.source.lower()


def test_modules_cite_the_paper_not_files():
    for path in PACKAGE.glob("*.py"):
        text = path.read_text().lower()
        assert "seed 0" not in text and "shared/" not in text and "seeds/" not in text, path.name
        assert len(text.splitlines()) < 600, path.name


def test_dataset_mechanism_predicate():
    assert is_multiset_mechanism(zoo.count_query_geometric(3, exp_eps=2))
    assert not is_multiset_mechanism(zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2))
    assert is_multiset_mechanism(gen_mech(random.Random(0), DISJ, 2))
