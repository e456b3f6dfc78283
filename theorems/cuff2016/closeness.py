"""Exact pair-level quantities of Cuff–Yu §2.2: binary entropy, closeness ε and δ, event masses.

Exact pair-level quantities of Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM
CCS 2016), §2.2.

Binary entropy h in nats, the tightest ε of (ε, 0)-closeness max(D_∞(P‖Q), D_∞(Q‖P)) (+oo when the supports
differ), the tightest δ of (ln γ, δ)-closeness max(E_γ(P‖Q), E_γ(Q‖P)) (the E_γ remark of §3.2), min{ε, ε²}
decided exactly, and the masses of every event of a pmf (for brute force over events: 2^k subset sums built
by doubling, cached).  Every value is an exact Fraction or LogForm; ``OO`` is sympy's +oo.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO
from exactpriv.measures.divergence import hockey_stick, max_divergence

LN2 = LogForm.log(2)
#: the values γ = e^ε at which the (ε, δ) profiles of §§1–2 are compared
GAMMAS = (Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3))


def binary_entropy(q) -> LogForm:
    """Binary entropy in nats, h(q) = −q ln q − (1−q) ln(1−q), exact (0 ln 0 = 0)."""
    q = Fraction(q)
    logs = []
    if q > 0:
        logs.append((1 / q, q))
    if q < 1:
        logs.append((1 / (1 - q), 1 - q))
    return LogForm(0, logs=logs)


def log_form(r) -> LogForm:
    return LogForm.log(r)


def exp_of(value):
    """e^value as an exact Fraction when value = log(rational) (a LogForm with integer
    exponents, or 0); None for +oo; raises if irrational."""
    if value is OO or value == OO:
        return None
    if isinstance(value, Fraction):
        if value == 0:
            return Fraction(1)
        raise ValueError(f"e^{value} is irrational")
    lf = value
    if lf.q0 != 0 or any(c.denominator != 1 for c in lf.coefficients.values()):
        raise ValueError(f"e^{lf} is irrational")
    g = Fraction(1)
    for p, c in lf.coefficients.items():
        g *= Fraction(p) ** int(c)
    return g


def sym(v):
    """Exact value (Fraction / LogForm / sympy) as a sympy expression."""
    if isinstance(v, LogForm):
        return v.to_sympy()
    if isinstance(v, Fraction):
        return sympy.Rational(v.numerator, v.denominator)
    return v


def min_eps_eps2(eps):
    """min{ε, ε²} for an exact finite ε ≥ 0 (decided exactly: ε ≤ 1 iff ε² ≤ ε)."""
    d = compare(eps, "<=", 1)
    if d.is_undecided:  # pragma: no cover - LogForm vs 1 is always decidable
        raise ValueError(d.reason)
    return sym(eps) ** 2 if d.is_true else eps


def pair_eps(P, Q):
    """Tightest ε of (ε, 0)-closeness: max(D_∞(P‖Q), D_∞(Q‖P)) (LogForm or oo)."""
    a, b = max_divergence(P, Q), max_divergence(Q, P)
    if a is OO or b is OO:
        return OO
    return a if compare(a, ">=", b).is_true else b


def pair_delta(P, Q, gamma: Fraction) -> Fraction:
    """Tightest δ of (ln γ, δ)-closeness: max(E_γ(P‖Q), E_γ(Q‖P)) (Cuff–Yu §3.2, the E_γ remark)."""
    return max(hockey_stick(P, Q, gamma), hockey_stick(Q, P, gamma))


@functools.lru_cache(maxsize=4096)
def _event_masses(P: tuple) -> tuple:
    """(P(A) for every event A ⊆ range(len(P))), all 2^k subset sums (built by doubling)."""
    out = [Fraction(0)]
    for p in P:
        out = out + [m + p for m in out]
    return tuple(out)


def event_masses(P, Q):
    """Pairs (P(A), Q(A)) over all events A (same event order for both)."""
    return zip(_event_masses(tuple(P)), _event_masses(tuple(Q)))
