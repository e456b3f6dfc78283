"""The certifier: prove or refute a univariate real inequality ``lhs op rhs`` for all ε in an interval.

Method choice (cheapest sound method first; the one that settled the verdict is reported):

0. **Closed ends** are decided exactly by the kernel (:func:`exactpriv.exact.kernel.compare`).
   Infinite ends, ``-oo`` and irrational ends are mapped by a chart (``ε = -x``,
   ``ε = lo + (hi - lo) x``) to a domain with a finite rational left end.
0b. **Rewriting** (:mod:`exactpriv.certify.rewriting`): a statement with an exponential of a non-linear function
   of ε (e^{−KL}) is first squared (``L <= c·√A`` from ``L² <= c²A``) and logged (``c·e^X <= P`` from ``P > 0``
   and ``X <= log(P/c)``); only a PROVED rewritten statement is taken, else the methods below run.
1. **Cases.**  ``Min``/``Max`` (and ``Abs f = Max(f, -f)``) are lifted through sums and constant
   multiples, so ``g = rhs - lhs >= 0`` becomes AND (Min) / OR (Max) of Min/Max-free atoms.
2. **Factor.**  ``g`` is put over one denominator; factors ``ε^k`` (ε >= 0), ``exp(.)``, constants
   of certified sign and factors whose exact sign chart is constant are divided out (a common
   factor vanishing at ε = 0 is what makes both sides touch there).  What remains is ``h`` with
   ``sign g = ±sign h`` on the open domain.
3. **Exact algebra** (:mod:`exactpriv.certify.algebra`): if ``h`` is rational in ε, in
   ``t = e^{ε/m}`` or in ``log ε``, its exact sign chart (verified real-root isolation) decides.
4. **Monotone pieces**: if ``h'`` has an exact sign chart, ``h`` is certified at its local minima
   (exactly at rational critical points, by arb on refined root enclosures otherwise).
5. **Piecewise** (:mod:`exactpriv.certify.bnb`): Taylor bounds with certified remainders at
   touching ends, dominance on ``[R, oo)``, interval branch-and-bound (arb, Taylor forms) in
   between, splitting at rational interior points where the goal touches 0 exactly;
   entropy terms ``y log y`` are enclosed down to ``y = 0``.

Counterexample points found by any method are confirmed on the *original* statement by the
kernel at the exact point (except exact zeros proved by root isolation, which no ball can
confirm).  UNDECIDED carries the reason (time, precision, a tail without argument, ...).

Measured on this machine (2 cores, loaded): each example of the issue takes 0.05-0.5 s; the
hard 1e-30 margin is UNDECIDED in 0.4 s at 64 bits and PROVED in 0.3 s at 1024 bits.

Limitations: interior touching points that are irrational and not critical points of an exact
derivative, functions non-analytic at an open end other than ``y log y`` (``sqrt(ε - 1)`` at 1),
tails that are not exp-polynomials (``log``, ``2**ε``) unless the derivative is exact, and
expressions identically zero on an interval leave the verdict UNDECIDED.

Modules of this package (one concept each; their public names are re-exported here):

* ``result`` — The certifier's result (:class:`ProofResult`) and its default budgets.
* ``domains`` — Validation of a certifier call and the charts that map its domain to a finite rational left
  end.
* ``cases`` — Lifting Min/Max/Abs into AND/OR formulas of atoms, and proving each atom (steps 1-5 of the
  certifier).
* ``confirm`` — Confirmation of counterexample points on the ORIGINAL statement, exactly, by the kernel.
* ``entry_points`` — The certifier's public entry points: :func:`prove_inequality`, :func:`prove_identity`,
  :func:`prove`.
"""

from __future__ import annotations

from .result import DEFAULT_MAX_PREC, DEFAULT_SECONDS, ProofResult
from .entry_points import prove, prove_identity, prove_inequality

__all__ = [
    "DEFAULT_MAX_PREC",
    "DEFAULT_SECONDS",
    "ProofResult",
    "prove",
    "prove_identity",
    "prove_inequality",
]
