"""The membership measures Li et al.'s claims compare: PMP over D²_B and D_B, and e^level of UDP/BDP.

The membership measures Li et al.'s claims compare: PMP over D²_B and over D_B (certified, or by
enclosure), and e^level read from a UDP/BDP measure.

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013), §4.2 and §5.  Each is one call of :mod:`exactpriv.measures`; naming them here lets the
sections that compare the same quantity share one definition.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.measures import membership as mb
from exactpriv.measures.membership import positive_membership

__all__ = ["pmp_bounded_certified", "pmp_bounded_enclosure", "pmp_one_of_two", "udp_ratio"]


def udp_ratio(m):
    """e^{level} of a udp.* Measured: Fraction (1 when vacuous) or oo."""
    return m.witness.get("ratio", Fraction(1))


def pmp_one_of_two(M):
    """(D²_B, ·)-PMP: positive membership privacy over the laws on two databases that differ in one record."""
    return positive_membership(M, family="one_of_two")


def pmp_bounded_certified(M):
    """(D_B, ·)-PMP over the bounded mutually independent laws, decided by the BMI coupling certificate."""
    return mb.bmi_membership(M)


def pmp_bounded_enclosure(M):
    """(D_B, ·)-PMP over the bounded mutually independent laws, as a certified enclosure only."""
    return positive_membership(M, family="bounded", method="enclosure")
