"""Cuff–Yu §2.2, Property 3 (the ε–δ trade-off) and its tightness.

Broken variants: Property 3 with δ' replaced by δ (no loss when trading ε for ε'); the all-parameter
proof with (e^ε' + 2) in place of (e^ε' + 1).
"""

from fractions import Fraction

from exactpriv.measures.divergence import hockey_stick
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import closeness, instances
from theorems.cuff2016 import sec2_property3 as S


def test_broken_property3_without_loss_is_refuted():
    assert is_refuted(S.prop3_check(lambda d, g, gp: d), (instances.PAIRS_EXHAUSTIVE,))


def test_broken_all_parameter_delta_prime_is_refuted():
    P, Q, g, gp = S._prop3_pair()
    assert S._prove_prop3(delta_prime=1 - (gp + 2) * S._w / (g + 1)).is_false


def test_property3_delta_prime_by_hand():
    """e^ε = 3, ε' = 0, δ = 0: δ' = 1 − 2·1/4 = 1/2; the extremal pair (0, 3/4, 1/4, 0) vs
    (0, 1/4, 3/4, 0) has TV exactly 1/2."""
    assert S.prop3_delta_prime(Fraction(0), Fraction(3), Fraction(1)) == Fraction(1, 2)
    P, Q = (0, Fraction(3, 4), Fraction(1, 4), 0), (0, Fraction(1, 4), Fraction(3, 4), 0)
    assert closeness.pair_delta(P, Q, Fraction(1)) == Fraction(1, 2)
    # delta = 1: delta' = 1 (the boundary refutation of "delta' > delta")
    assert S.prop3_delta_prime(Fraction(1), Fraction(2), Fraction(1)) == 1


def test_prop3_extremal_pair_at_rational_point():
    """δ = 1/2, e^ε = 3, e^ε' = 2: E_3 = δ both ways and E_2 = 1 − 3·(1/2)/4 = 5/8 (library hockey_stick)."""
    d, g, gp = Fraction(1, 2), Fraction(3), Fraction(2)
    P = (d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), Fraction(0))
    Q = tuple(reversed(P))
    assert hockey_stick(P, Q, g) == d and hockey_stick(Q, P, g) == d
    assert hockey_stick(P, Q, gp) == 1 - (gp + 1) * (1 - d) / (g + 1) == Fraction(5, 8)


def test_the_boundary_instance_is_outside_the_below_one_reading():
    below = next(r for r in S.PROP3.readings if r.name == "delta-prime-exceeds-delta-below-one")
    inst = next(i for i in S._DELTA_GRID.build() if i.params["delta"] == 1)
    assert [h.name for h in below.hypotheses if not h.check(inst)] == ["delta-below-one"]


def test_the_remembered_extremal_pair_proof_is_not_changed_by_a_caller():
    """Review: the proof is remembered for the three readings that use it, and a caller clearing its certificate
    emptied it for every later caller."""
    from theorems.cuff2016.sec2_property3 import _prove_prop3

    first = _prove_prop3()
    assert first.certificate
    first.certificate.clear()
    assert _prove_prop3().certificate
