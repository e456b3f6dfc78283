"""Exact algebra for the certifier: rational forms in ε, e^{ε/m} or log ε; verified sign charts.

Algorithms and why.

* **Rational form.**  sinh/cosh/tanh are rewritten with ``exp``; if every ``exp`` argument is
  ``c x + d`` with rational ``c`` and ``x`` occurs nowhere else, then with ``m`` the lcm of the
  denominators of the ``c`` and ``t = e^{x/m}`` the expression is a rational function of ``t``
  (``exp(c x + d) = e^d t^{c m}``); if ``x`` occurs only as ``log x`` it is one of ``u = log x``;
  otherwise it may be one of ``x``.  ``sympy.cancel`` gives ``N/D`` in lowest terms, accepted only
  with rational coefficients (``Poly`` over QQ), so every later step is exact.
* **Real roots.**  ``Poly.sqf_list`` and ``Poly.intervals`` (Vincent–Akritas–Strzeboński
  isolation, exact over QQ) isolate the real roots of each square-free factor.  We do not take
  the intervals on trust (sympy 1.14 ``intervals(sqf=True)`` returned a spurious interval in our
  tests): every interval must show an exact sign change (or an exact rational root), the
  intervals of a factor must be disjoint, and their number must equal the Sturm count
  ``Poly.count_roots()``; then each holds exactly one root.  Refinement is plain exact bisection.
* **Sign chart.**  Roots of ``N`` (zeros) and ``D`` (poles) are placed against the domain ends
  (``e^{a/m}`` and ``log a`` are transcendental for rational ``a`` other than 0 resp. 1 by
  Lindemann–Weierstrass, so refinement against their arb enclosures terminates); the sign on
  each piece between events is the exact sign of ``N(u) D(u)`` at a rational test point.
* **Factors.**  :func:`strip_factors` divides out factors of known sign (powers of ε, exp,
  constants, factors with a constant exact chart), which removes the common factor that makes
  both sides of an inequality touch at ε = 0.

Modules of this package (one concept each; their public names are re-exported here):

* ``rational_forms`` — Rational forms for the certifier: an expression as N/D in ε, in t = e^{ε/m} or in u =
  log ε.
* ``sign_chart`` — Verified real-root isolation and the exact sign chart of a rational form on a domain.
* ``decide`` — Exact decisions from rational forms: stripping factors of known sign, then reading the sign
  chart.
"""

from __future__ import annotations

from .rational_forms import (
    AlgebraFailure, MAX_OPS, OutOfTime, RationalForm, rational_form, rewrite_hyperbolic,
)
from .sign_chart import SignChart, build_chart
from .decide import exact_decide, strip_factors, strip_factors_both

__all__ = [
    "AlgebraFailure",
    "MAX_OPS",
    "OutOfTime",
    "RationalForm",
    "SignChart",
    "build_chart",
    "exact_decide",
    "rational_form",
    "rewrite_hyperbolic",
    "strip_factors",
    "strip_factors_both",
]
