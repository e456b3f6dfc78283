"""The bank's readings proved "by reduction" (issue 27): PROVED for every mechanism/pair, and every listed
instance's dominance kernels constructed and confirmed exactly (a negative entry would raise)."""

import pytest

from exactpriv.claims import Verdict, check_reading, load_bank

BY_REDUCTION = [("cuff2016.eq9", "every-pair-by-reduction"), ("cuff2016.prop1", "every-pair-by-reduction"),
                ("cuff2016.prop1_tight", "bound-11-every-pair-by-reduction"), ("cuff2016.lemma1", "eq21-by-reduction"),
                ("zhao2019.ks_lemma", "sd-bound-by-reduction"), ("zhao2019.ks_lemma", "sharper-tanh-by-reduction"),
                ("cuff2016.prop3", "every-pair-by-reduction"), ("cuff2016.ex1", "equality-D-by-reduction")]


def _claims():
    return {c.id: c for c in load_bank("papers").claims()}


def test_the_list_is_every_reading_by_reduction_of_the_bank():
    found = [(c.id, r.name) for c in _claims().values() for r in c.readings if r.name.endswith("by-reduction")]
    assert sorted(found) == sorted(BY_REDUCTION)


@pytest.mark.parametrize("claim_id,name", BY_REDUCTION)
def test_reading_is_proved_and_every_instance_kernel_confirmed(claim_id, name):
    claim = _claims()[claim_id]
    res = check_reading(claim, claim.reading(name))
    assert res.verdict is Verdict.PROVED
    assert res.evidence["proof"]["certificate"]["kind"] == "reduction"
    checked = {fam: c for fam, c in res.evidence["families"].items() if "true" in c}
    assert checked and all(c.get("kernels_confirmed", 0) >= c["true"] for c in checked.values())
