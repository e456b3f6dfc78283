"""Zhao's package (theorems.zhao2019): the claims in the paper's order, cited by the paper's own
sections, and the slow exhaustive family on {0,1,2}^3."""

from pathlib import Path

import pytest

from exactpriv.claims import check_reading
from theorems.zhao2019 import CLAIMS

IDS = ["def_dp", "def_bdp", "def1_sp", "def2_bsp", "def3_mp", "thm1_fwd", "thm1_conv", "bsp_sp", "thm2_fwd",
       "thm2_conv", "improve", "ks_lemma", "lemma1", "g_mono", "cor1", "thm3", "thm4"]
PACKAGE = Path(__file__).resolve().parents[3] / "theorems" / "zhao2019"


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in CLAIMS] == [f"zhao2019.{i}" for i in IDS]


def test_claims_cite_the_paper_not_files():
    for c in CLAIMS:
        assert "seed" not in c.source.lower() and "shared/" not in c.source, c.id
        assert len(c.quote) > 60, c.id
    for path in PACKAGE.glob("*.py"):
        text = path.read_text().lower()
        assert "seed 0" not in text and "shared/" not in text and "seeds/" not in text, path.name
        assert len(text.splitlines()) < 600, path.name


@pytest.mark.slow
@pytest.mark.parametrize("cid,rname", [("zhao2019.thm1_fwd", "resample"), ("zhao2019.thm1_conv",
                                                                           "resample-positive-full-support"),
                                      ("zhao2019.bsp_sp", "resample-full-support"), ("zhao2019.thm2_fwd", "literal"),
                                      ("zhao2019.thm3", "conditional"), ("zhao2019.thm4", "two-point")])
def test_slow_families(cid, rname):
    claim = next(c for c in CLAIMS if c.id == cid)
    reading = claim.reading(rname)
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.to_json()
    fam = res.evidence["families"]["random-n3-D3"]
    assert fam["true"] + fam["outside"] == 30
