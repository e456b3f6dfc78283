"""Mechanisms as exact row-stochastic matrices, and their closure operations.

A :class:`Mechanism` maps each point of an input :class:`~exactpriv.spaces.Space` to an
exact pmf over a finite output alphabet.  Entries are Fractions (the fast path: measures
use integer numerators with per-row denominators, see :meth:`Mechanism.integer_rows`) or
sympy expressions in declared symbols (``eps``).  Validation is exact: rows must sum to 1
exactly (symbolically: the difference must simplify to 0), entries must lie in [0, 1].

:class:`ProductMechanism` keeps independent output coordinates factored (RAPPOR-style
per-bit randomisation), so its joint output space (2^k outputs) is never built unless asked.

Modules of this package (one concept each; their public names are re-exported here):

* ``entries`` — Exact validation of mechanism entries: parsing, the [0, 1] range check and proving expressions
  zero.
* ``printing`` — Text forms of a mechanism: the constructor call its ``repr`` prints, and JSON labels of
  outputs.
* ``mechanism`` — :class:`Mechanism` (an exact row-stochastic matrix) and :class:`ProductMechanism`
  (independent factors).
"""

from __future__ import annotations

from .entries import prove_zero
from .printing import REPR_MAX_ENTRIES
from .mechanism import AnyMechanism, Mechanism, ProductMechanism

__all__ = [
    "AnyMechanism",
    "Mechanism",
    "ProductMechanism",
    "REPR_MAX_ENTRIES",
    "prove_zero",
]
