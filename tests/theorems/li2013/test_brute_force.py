"""The definitional brute force of theorems/li2013/brute_force.py, on hand-worked values."""

from fractions import Fraction

from theorems.li2013.brute_force import membership_level_at, product_dist, uniform_dist
from theorems.li2013.instances import count_geometric
from exactpriv.spaces import Subsets

F = Fraction


def test_membership_level_at_is_the_definition():
    """Hand value (§4.1 finite analogue): count of {t1} with e^eps = 2 noise, the law {t1}: 1/2, ∅: 1/2;
    output 1 has Pr[1|t1] = 2/3, Pr[1|¬t1] = 1/3, Pr[t1|S={1}] = 2/3, so γ = max((2/3)/(1/2), (1/2)/(1/3))
    = 3/2."""
    M = count_geometric(("t1",), F(2))
    g, wit = membership_level_at(M, {frozenset({"t1"}): F(1, 2), frozenset(): F(1, 2)})
    assert g == F(3, 2) and wit["posterior"] == F(2, 3)
    g, _ = membership_level_at(M, {frozenset({"t1"}): F(1, 2), frozenset(): F(1, 2)}, negative=True)
    assert g == F(3, 2)


def test_uniform_law_is_the_product_of_halves():
    sp = Subsets("abc")
    assert uniform_dist(sp) == product_dist(sp, {u: F(1, 2) for u in sp.universe})
