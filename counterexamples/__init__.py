"""Counterexample search and reports: hunting, conjectures, archived witnesses, the atlas.

This package sits above the library and the banks (``theorems``): it uses both, and neither imports it.  The
command line (:mod:`exactpriv.cli`, the top floor) is built on it: ``hunt``, ``conjecture``, ``replay``, ``report``
and ``verify --workers`` call into this package.

* :func:`conjecture` — hunt a counterexample to your own implication "given ⇒ measure ≤ bound";
* :func:`hunt` — hunt a counterexample to a bank claim's readings (by effort: the same answer on every machine);
* :func:`replay` — re-check an archived witness file from scratch.
"""

from counterexamples.archive import replay
from counterexamples.conjecture import conjecture
from counterexamples.hunt_claim import hunt

__all__ = ["conjecture", "hunt", "replay"]
