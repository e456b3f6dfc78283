"""Tightness witnesses proved for all parameter values (theorems/_tightness.py).

(1) every reading's verdict equals its ``expected`` (PROVED);
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
from exactpriv.exact.numbers import EPS
from exactpriv.measures.membership import positive_membership
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
    assert {c.id for c in tt.TIGHTNESS} >= {"wang2016.lemma1", "wang2016.lemma5", "li2013.prop5_3"}


# ----------------------------------------------------------------------------- broken variants
BROKEN = [
    ("Lemma 5 with m instead of m - 1", lambda: tt._prove_ed("lemma5", distortion=lambda n, m: n / (1 + T / m))),
    ("Prop 5.3 with the positive ratio", lambda: tt._prove_li_prop53(gamma=lambda u: u / (u - 1))),
]


@pytest.mark.parametrize("what,prove", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_variant_is_refuted(what, prove):
    assert prove().is_false


# ----------------------------------------------------------------------------- independent checks
@pytest.mark.parametrize("k,n", [(2, 3), (2, 4), (3, 4), (3, 5)])
def test_kmax_posterior_at_last_output_by_brute_force(k, n):
    """Pr[i ∈ T | c_n] under D_N (all 2^n subsets equally likely) = 2^(k-1)/(2^k - 1) for i in M_n,
    and the PMP level of k-Max is (2^k - 1)/(2^k - 2) (library measure)."""
    M = zoo.k_max(n, k)
    y = M.output_index(n)
    tot = sum((row[y] for row in M.rows), Fraction(0))
    for i in range(n - k + 1, n + 1):
        with_i = sum((row[y] for T_, row in zip(M.inputs.points, M.rows) if i in T_), Fraction(0))
        assert with_i / tot == Fraction(2 ** (k - 1), 2 ** k - 1)
    assert positive_membership(M, family="uniform").value == Fraction(2 ** k - 1, 2 ** k - 2)
