"""Defects the differential tests against exactpriv.measures.reference found in the fast code, each
with the smallest instance that showed it."""

from fractions import Fraction as F

import sympy

from exactpriv.measures.pld import privacy_loss_distribution
from exactpriv.measures.reference import agree, reference
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming


def test_pld_with_ratios_too_long_to_factor():
    """privacy_loss_distribution crashed (AttributeError: 'log' object has no attribute 'to_sympy')
    when a likelihood ratio was too long to factor into a LogForm: its JSON witness assumed a LogForm."""
    a, b = 2 ** 300 + 7, 3 ** 190 + 11
    M = Mechanism(Hamming((0, 1), 1), [0, 1], [[F(a, a + b), F(b, a + b)], [F(b, a + b), F(a, a + b)]])
    m = privacy_loss_distribution(M)
    assert m.witness["pairs"][0]["atoms"]  # the witness renders
    assert agree(m, reference("privacy_loss_distribution", M), gammas=(sympy.sqrt(2),)).is_true
