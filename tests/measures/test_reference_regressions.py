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


def test_reference_pure_dp_does_not_factor_long_ratios():
    """The reference pure_dp factored its max ratio into primes with no size limit: on a ratio of two
    products of ~200-bit primes it never finished (one pytest process grew to 23 GB). It now keeps log(r)
    and agree() compares by exact powers; the test also checks a wrong value is still told apart."""
    from exactpriv.measures.divergence import pure_dp

    p1, p2, p3, p4 = (sympy.nextprime(2 ** k) for k in (200, 201, 202, 203))
    num, den = int(p1 * p2), int(p3 * p4)
    x = F(num, num + den)
    M = Mechanism(Hamming((0, 1), 1), ["a", "b"], [[x, 1 - x], [F(1, 2), F(1, 2)]])
    ref = reference("pure_dp", M)
    assert agree(pure_dp(M), ref).is_true
    other = Mechanism(Hamming((0, 1), 1), ["a", "b"], [[x + F(1, 10 ** 130), 1 - x - F(1, 10 ** 130)],
                                                      [F(1, 2), F(1, 2)]])
    assert not agree(pure_dp(other), ref).is_true
