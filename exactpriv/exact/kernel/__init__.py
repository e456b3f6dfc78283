"""The exact decision kernel: signs and comparisons of exact reals, without deciding by float.

Strategy (cheapest sound method first; the method that settled a verdict is recorded):

1. **rational** — both sides rational (int, Fraction, sympy Rational): one exact Fraction
   comparison.
2. **logform-primes / arb** — both sides are q0 + Σ c·log r (a :class:`LogForm`, or a sympy
   expression recognised as one): the difference is put in canonical prime form, where
   "is it zero?" is exact (logs of primes are Q-linearly independent; Lindemann–Weierstrass
   excludes a rational cancelling them; see :mod:`exactpriv.exact.logforms`).  ``==``/``!=``
   are settled there.  For an order, the difference is *known* to be non-zero, so ``arb``
   evaluation at doubling precision must eventually exclude 0; the search is bounded only by
   ``logform_max_prec`` (default 2^16 bits).
3. **arb** — any other closed sympy expression: the difference is evaluated in certified
   ball arithmetic at 64, 128, 256, … up to ``max_prec`` bits.  A ball that excludes 0 (or
   lies on one side of it) decides.
4. **sympy-simplify** — if the ball at ``max_prec`` still contains 0, ``sympy.simplify(diff)``
   returning exactly 0 proves equality (simplify applies exact rewriting rules).  Neither
   ``nsimplify`` (guesses from floats) nor ``expr.equals(0)`` (numeric sampling) is used as a
   proof.  Otherwise the verdict is UNDECIDED with the reason "|difference| < 2^-k at
   precision p; no symbolic proof".

Infinite operands (``sympy.oo``/``-oo``) compare exactly in the extended reals
(oo == oo, -oo < x < oo for finite x).  :class:`Enclosure` operands compare through their
exact rational bounds; overlap yields UNDECIDED with the bounds in the reason.

Float pre-filter (:func:`exact_argmax_fractions`): a vectorised float argmax selects
*candidates* under a proved error margin, and an exact integer tournament decides among
them.  The margin argument is in that function's comments.  This is the only place floats
appear, and they never decide: every candidate set provably contains a true maximiser.

Modules of this package (one concept each; their public names are re-exported here):

* ``comparison`` — Exact comparison and sign of exact reals, the method chain of the decision kernel.
* ``argmax`` — Exact argmax/argmin of many fractions, with a float pre-filter under a proved error margin.
"""

from __future__ import annotations

from .comparison import compare, decide_sign, is_equal, is_le, is_lt
from .argmax import exact_argmax_fractions, exact_argmin_fractions, exact_max_ratio

__all__ = [
    "compare",
    "decide_sign",
    "exact_argmax_fractions",
    "exact_argmin_fractions",
    "exact_max_ratio",
    "is_equal",
    "is_le",
    "is_lt",
]
