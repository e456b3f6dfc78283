"""Exact steps of a check of Li, Qardaji, Su, Wu and Yang,
"Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013), and how they combine.

:func:`all_of` combines exact decisions (first FALSE refutes, any UNDECIDED leaves the check undecided);
:func:`fact` turns an exact boolean into a decision; :func:`udp_ratio` reads e^level from the witness of
a :mod:`exactpriv.measures.udp` measure (1 when vacuous, +oo when unbounded).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.exact.decisions import Decision


__all__ = ["OO", "RECONSTRUCTED", "all_of", "as_int", "fact", "max_level", "udp_ratio"]


OO = sympy.oo
RECONSTRUCTED = " (definition reconstructed from its use in §4–§5: the bank encodes the paper from §4.1 on)"


all_of = Decision.all_of  # the conjunction of decisions


def fact(cond: bool, method: str, reason: str, **cert) -> Decision:
    return (Decision.true if cond else Decision.false)(method, reason, certificate=cert)


def as_int(v) -> int:
    """Instance parameters come back from JSON as Fractions: read an integer exactly."""
    f = Fraction(v)
    if f.denominator != 1:
        raise ValueError(f"{v!r} is not an integer")
    return int(f)


def max_level(a, b):
    if a == OO or b == OO:
        return OO
    return a if a >= b else b


def udp_ratio(m):
    """e^{level} of a udp.* Measured: Fraction (1 when vacuous) or oo."""
    return m.witness.get("ratio", Fraction(1))

