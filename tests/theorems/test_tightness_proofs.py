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
from exactpriv.measures.divergence import hockey_stick, kl_dp, pure_dp
from exactpriv.measures.semantic import semantic_privacy
from exactpriv.mechanisms import zoo
from theorems import _tightness as tt

T = sympy.exp(EPS)
ALL = tt.TIGHTNESS + tt.FORALL_VALUES
CLAIMS_MD = Path("/work/shared/CLAIMS.md")


@pytest.mark.parametrize("claim,reading", [(c, r) for c in ALL for r in c.readings],
                         ids=[f"{c.id}/{r.name}" for c in ALL for r in c.readings])
def test_reading_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.evidence


def test_records_are_well_formed():
    ids = set(re.findall(r"^### `([^`]+)`", CLAIMS_MD.read_text(), flags=re.M)) if CLAIMS_MD.exists() else None
    for c in ALL:
        assert c.kind == ("tightness" if c in tt.TIGHTNESS else "value")
        if ids is not None:
            assert c.id in ids, c.id
        for r in c.readings:
            assert r.name.startswith("forall-") and r.prove is not None and r.expected is not None
    assert {c.id for c in tt.TIGHTNESS} >= {"cuff2016.prop1_tight", "cuff2016.lemma2", "cuff2016.prop3",
                                            "cuff2016.cor5", "zhao2019.thm2_conv", "identitydp.ex2"}


# ----------------------------------------------------------------------------- broken variants
BROKEN = [
    ("(11) with tanh(eps/3)", lambda: tt._prove_prop1_tight(bound=EPS * sympy.tanh(EPS / 3))),
    ("Property 3 with (e^eps' + 2)", lambda: tt._prove_prop3(
        delta_prime=1 - (tt._prop3_pair()[3] + 2) * tt._w / (tt._prop3_pair()[2] + 1))),
    ("Corollary 5 doubled", lambda: tt._prove_cor5(joint_scale=2)),
    ("Example 2 with e^eps", lambda: tt._prove_identitydp_ex2(power=1)),
]


@pytest.mark.parametrize("what,prove", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_variant_is_refuted(what, prove):
    assert prove().is_false


# ----------------------------------------------------------------------------- independent checks
def test_rr_kl_at_rational_point_matches_eq11():
    """e^ε = 3: D = ln(3)/2 (seed 001 worked value) = ε tanh(ε/2) at ε = ln 3."""
    M = zoo.randomized_response(2, exp_eps=3)
    assert compare(kl_dp(M).value, "==", sympy.log(3) * sympy.tanh(sympy.log(3) / 2)).is_true


def test_sp_of_rr_is_tanh_quarter_not_zhao_map():
    """e^ε = 9: SP(RR) = (3 − 1)/(3 + 1) = 1/2 = tanh(ln 9/4), while ½ − 1/(e^ε + 1) = 2/5."""
    M = zoo.randomized_response(2, exp_eps=9)
    assert semantic_privacy(M).value == Fraction(1, 2)
    assert Fraction(1, 2) - Fraction(1, 10) == Fraction(2, 5)
    assert compare(pure_dp(M).value, "==", sympy.log(9)).is_true


def test_prop3_extremal_pair_at_rational_point():
    """δ = 1/2, e^ε = 3, e^ε' = 2: E_3 = δ both ways and E_2 = 1 − 3·(1/2)/4 = 5/8 (library hockey_stick)."""
    d, g, gp = Fraction(1, 2), Fraction(3), Fraction(2)
    P = (d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), Fraction(0))
    Q = tuple(reversed(P))
    assert hockey_stick(P, Q, g) == d and hockey_stick(Q, P, g) == d
    assert hockey_stick(P, Q, gp) == 1 - (gp + 1) * (1 - d) / (g + 1) == Fraction(5, 8)


def test_identitydp_posterior_odds_at_rational_point():
    """e^ε = 3, X1 = X2, p(t1) = 1/10: posterior odds after Y = 2 are 9 × prior odds (= e^{2ε})."""
    M = zoo.count_query_geometric(2, exp_eps=3, values=("t2", "t1"))
    y = M.output_index(2)
    p11 = M.rows[M.inputs.index(("t1", "t1"))][y]
    p22 = M.rows[M.inputs.index(("t2", "t2"))][y]
    prior_odds = Fraction(1, 10) / Fraction(9, 10)
    post_odds = (p11 * Fraction(1, 10)) / (p22 * Fraction(9, 10))
    assert post_odds / prior_odds == 9
