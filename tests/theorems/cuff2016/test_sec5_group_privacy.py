"""Cuff–Yu §5: Properties 7–9, Example 5.1, (53), Corollary 8.

Broken variants: Property 7 with (k−1)ε, Property 8 with (k−1)δ, Property 9 with δ_k = kδ and with
(k−1)ε, Corollary 8 as "kε" without its cardinality term.
"""

import functools
import itertools
import random
from fractions import Fraction

import pytest
import sympy

from counterexamples.archive import load_witness, witness_path
from exactpriv.exact.logforms import LogForm
from exactpriv.measures import information as info
from exactpriv.measures.divergence import hockey_stick
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import random_objects as R
from theorems.cuff2016 import sec5_group_privacy as S

BROKEN = [
    ("Property 7 with (k-1)eps", functools.partial(S._check_prop7, slack=1), S._F_GROUP),
    ("Property 8 with (k-1)delta", functools.partial(S._check_prop8, slack=1), S._F_GROUP),
    ("Property 9 with k delta", functools.partial(S._check_prop9, variant="k delta"), S._F_PROP9),
    ("Property 9 with (k-1)eps", functools.partial(S._check_prop9, variant="k-1 eps"), S._F_PROP9),
    ("Corollary 8 as k eps", functools.partial(S._check_cor8, broken=True), S._F_COR8),
]


@pytest.mark.parametrize("what,check,families", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_variant_is_refuted(what, check, families):
    assert is_refuted(check, families)


def test_example_5_1_witness_is_the_degenerate_domain():
    """(51) fails only for |X_1| = 1: the single input (0, 0) gives capacity 0, not e log 2 — a boundary
    finding; the same instance is outside the reading 'nondegenerate'."""
    doc = load_witness(witness_path("cuff2016.ex5_1", "literal"))
    M = doc["instance"].mechanism
    assert M.shape == (1, 3)
    assert info.capacity(M).value == 0
    assert not S.AT_LEAST_TWO_VALUES.check(doc["instance"])


def test_example_5_1_hand_values():
    """Example 5.1 with |X_1| = 3, e = 1/2: capacity (1/2) ln 4 = ln 2, MI-DP (1/2) ln 2."""
    M = zoo.cuff_example_5_1(3, Fraction(1, 2))
    assert info.capacity(M).value == LogForm.log(2)
    assert info.mi_dp(M).value == LogForm.log(2) / 2


def test_property_9_tight_construction_by_hand():
    """e^eps = 2, delta = 1/10: rows (0,1), (1/10, 9/10), (3/10, 7/10); neighbours have E_2 = 1/10
    and the distance-2 pair has E_4 = 3/10 = (4-1)/(2-1) * 1/10: equality in (47)."""
    inst = next(i for i in S._fam_prop9_tight() if i.params["gamma"] == 2)
    rows = inst.mechanism.rows
    assert rows[0] == (0, 1) and rows[3] == (Fraction(3, 10), Fraction(7, 10))
    assert hockey_stick(rows[3], rows[0], 4) == Fraction(3, 10)
    assert max(hockey_stick(rows[a], rows[b], 2) for a, b in ((0, 1), (1, 0), (1, 3), (3, 1))) == Fraction(1, 10)


def test_group_eps_bruteforce_matches_event_definition():
    """The Property 7 helper (max pointwise log-ratio over pairs within distance k) equals the
    event form max_A ln P(A|x)/P(A|x') on small random mechanisms (zeros allowed)."""
    rng = random.Random(11)
    for _ in range(20):
        sp = Hamming((0, 1), 2)
        M = R.mech(rng, sp, 3, den=4)
        for k in (1, 2):
            best = None
            for i, j in S._pairs_within(sp, k):
                for r in range(1, 4):
                    for A in itertools.combinations(range(3), r):
                        pa = sum(M.rows[i][y] for y in A)
                        pb = sum(M.rows[j][y] for y in A)
                        if pa and not pb:
                            best = sympy.oo
                        elif pa and best is not sympy.oo:
                            best = pa / pb if best is None or pa / pb > best else best
            got = S._group_eps(M, k)
            want = sympy.oo if best is sympy.oo else (LogForm.log(best) if best is not None else 0)
            assert got == want
