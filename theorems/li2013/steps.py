"""Exact steps of Li et al.'s checks and how they combine.

Exact steps of a check of Li, Qardaji, Su, Wu and Yang,
"Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013), and how they combine.

:meth:`Decision.all_of <exactpriv.exact.decisions.Decision.all_of>` combines exact decisions (first FALSE
refutes, any UNDECIDED leaves the check undecided) and :meth:`Decision.of <exactpriv.exact.decisions.Decision.of>`
turns an exact boolean into one.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.exact.numbers import OO


__all__ = ["RECONSTRUCTED", "as_int", "max_level"]


RECONSTRUCTED = " (definition reconstructed from its use in §4–§5: the bank encodes the paper from §4.1 on)"


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
