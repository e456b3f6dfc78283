"""Exact discrete noise laws for programs: infinite-support geometric noise with closed-form tails, and finite laws.

Infinite support (never truncated):

* :class:`DiscreteLaplace` — the two-sided geometric law P(k) = (1−α)/(1+α) · α^{|k|} on ℤ, the discrete analogue of
  Laplace noise of scale b with α = e^{−1/b} (Ghosh–Roughgarden–Sundararajan's α-geometric noise);
* :class:`Geometric` — the one-sided law P(k) = (1−α) · α^k on ℕ, the discrete analogue of exponential noise.

Both give P(X ≥ t) in closed form (``at_least``) and as an :class:`~.tails.ExpPoly` in a tail variable
(``at_least_in_tail``), which is what lets the compiler sum over the whole support exactly.

Finite laws are plain ``{value: probability}`` dicts with exact rational probabilities summing to 1:
:func:`bernoulli`, :func:`uniform`, :func:`randomized_response`, :func:`truncated_geometric` (two-sided geometric
conditioned on [−B, B]: a *different* mechanism from the untruncated one, whose ε the compiler reports as that of
the truncated program) and :func:`clamped_geometric` (values beyond ±B moved onto ±B: also a different mechanism).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from exactpriv.errors import InvalidArgument, UnsafeInputError
from exactpriv.exact.numbers import MAX_ROW_DENOMINATOR_BITS, as_rational
from exactpriv.exact.ratfunc import RationalFunction

from .tails import ExpPoly

__all__ = ["DiscreteLaplace", "Geometric", "bernoulli", "clamped_geometric", "randomized_response",
           "truncated_geometric", "uniform"]


def _alpha(alpha, what: str):
    if isinstance(alpha, RationalFunction):  # a program compiled for all ε: α = c·β^m, β = e^{−ε/d} ∈ (0, 1)
        mono = alpha.monomial()
        if mono is None or not (0 < mono[0] <= 1 and (mono[1] >= 1 or mono[0] < 1)):
            raise InvalidArgument(f"{what}: alpha={alpha!r} must be c·β^m with 0 < c ≤ 1 and m ≥ 1 (so that "
                                  f"0 < α < 1 for every β in (0, 1))")
        return alpha
    try:
        a = as_rational(alpha, "alpha")
    except Exception:
        raise InvalidArgument(f"{what}: alpha={alpha!r} must be an exact rational in (0, 1) (α = e^(−ε/Δ); "
                              f"e.g. Fraction(39, 40) for e^(−0.025))") from None
    if not 0 < a < 1:
        raise InvalidArgument(f"{what}: alpha={alpha!r} must lie strictly between 0 and 1")
    return a


#: Most bits an exact power α^k of a noise law may have (numerator and denominator together; for α a rational
#: function of β, its degree counts instead, one a coefficient): the bound of an exact row sum's denominators.  A
#: value far out in the tail (k = 10^9) would otherwise build the power for minutes, or exhaust the memory.
MAX_POWER_BITS = MAX_ROW_DENOMINATOR_BITS

#: Most tails one DiscreteLaplace law remembers (each further one is computed when asked).
_MAX_REMEMBERED_TAILS = 65536


def _bits_per_step(a) -> int:
    """The bits α^k grows by with each step of k (see :data:`MAX_POWER_BITS`)."""
    if isinstance(a, RationalFunction):
        return a.N.degree() + a.D.degree() + 1
    return a.numerator.bit_length() + a.denominator.bit_length()


def _power(law, k: int):
    """α^k of ``law`` for an int k, refused with a typed error naming the law and k beyond
    :data:`MAX_POWER_BITS`."""
    if abs(k) * law.bits_per_step > MAX_POWER_BITS:
        raise UnsafeInputError(f"{law!r}: alpha^{k} (a value {abs(k):,} steps into the noise's tail) would have "
                               f"about {abs(k) * law.bits_per_step:,} bits, above the limit of {MAX_POWER_BITS:,}: "
                               f"keep the program's thresholds and values within about "
                               f"{MAX_POWER_BITS // max(law.bits_per_step, 1):,} of the noise's centre")
    return law.alpha ** k


@lru_cache(maxsize=65536)
def _two_sided_at_least(a: Fraction, t: int) -> Fraction:
    # cached: a program's rows ask the same tails again and again (memoisation across runs and inputs)
    return a ** t / (1 + a) if t >= 0 else 1 - a ** (1 - t) / (1 + a)


class DiscreteLaplace:
    """Two-sided geometric noise on ℤ: P(k) = (1−α)/(1+α) · α^{|k|}."""

    lower_unbounded = True

    def __init__(self, alpha):
        self.alpha = _alpha(alpha, "DiscreteLaplace")
        self.bits_per_step = _bits_per_step(self.alpha)
        self.mass0 = (1 - self.alpha) / (1 + self.alpha)
        # P(X ≥ t) by int t, for this (immutable) α: every path of a compiled program asks its noises' tails, and
        # the module-level cache below hashes α (a Fraction's hash is a modular inverse) on every call
        self._tails: dict = {}

    def __repr__(self):
        return f"DiscreteLaplace(alpha={self.alpha})"

    def pmf(self, k: int) -> Fraction:
        return self.mass0 * _power(self, abs(k))

    def at_least(self, t) -> Fraction:
        """P(X ≥ t) for an int t (or ±∞)."""
        if t == float("-inf"):
            return Fraction(1)
        if t == float("inf"):
            return Fraction(0)
        v = self._tails.get(t)
        if v is None:
            _power(self, 1 + abs(t))  # refused here when too large (the cached function below is not asked)
            v = _two_sided_at_least(self.alpha, t)
            if len(self._tails) < _MAX_REMEMBERED_TAILS:
                self._tails[t] = v
        return v

    def pmf_in_tail(self, var, upper: bool) -> ExpPoly:
        """P(X = u) (upper tail, u ≥ 1) or P(X = −u) (lower tail) as an ExpPoly in u."""
        return ExpPoly.power(var, self.alpha, self.mass0)

    def at_least_in_tail(self, var, upper: bool, c: int) -> tuple[ExpPoly, int]:
        """P(X ≥ u + c) (upper tail) or P(X ≥ c − u) (lower tail) as an ExpPoly in u, and the least start K of u
        from which this form holds."""
        a = self.alpha
        if upper:  # t = u + c ≥ 0
            return ExpPoly.power(var, a, _power(self, c) / (1 + a)), -c
        # t = c − u ≤ 0: 1 − α^{1−c+u}/(1+α)
        return ExpPoly.const(1) - ExpPoly.power(var, a, _power(self, 1 - c) / (1 + a)), c


class Geometric:
    """One-sided geometric noise on ℕ: P(k) = (1−α) · α^k, k ≥ 0 (the discrete exponential law)."""

    lower_unbounded = False

    def __init__(self, alpha):
        self.alpha = _alpha(alpha, "Geometric")
        self.bits_per_step = _bits_per_step(self.alpha)

    def __repr__(self):
        return f"Geometric(alpha={self.alpha})"

    def pmf(self, k: int) -> Fraction:
        return (1 - self.alpha) * _power(self, k) if k >= 0 else Fraction(0)

    def at_least(self, t) -> Fraction:
        if t == float("-inf"):
            return Fraction(1)
        if t == float("inf"):
            return Fraction(0)
        return _power(self, t) if t >= 0 else Fraction(1)

    def pmf_in_tail(self, var, upper: bool) -> ExpPoly:
        return ExpPoly.power(var, self.alpha, 1 - self.alpha) if upper else ExpPoly()

    def at_least_in_tail(self, var, upper: bool, c: int) -> tuple[ExpPoly, int]:
        if upper:
            return ExpPoly.power(var, self.alpha, _power(self, c)), -c
        return ExpPoly.const(1), c


# ----- finite laws: {value: probability}

def _prob(p, what) -> Fraction:
    try:
        v = as_rational(p, what)
    except Exception:
        raise InvalidArgument(f"{what}={p!r} must be an exact rational probability") from None
    if not 0 <= v <= 1:
        raise InvalidArgument(f"{what}={p!r} must lie in [0, 1]")
    return v


def bernoulli(p) -> dict:
    """True with probability p, else False."""
    p = _prob(p, "p")
    return {True: p, False: 1 - p}


def uniform(values) -> dict:
    """Each of ``values`` (distinct, hashable) with probability 1/len(values)."""
    vals = list(values)
    if not vals or len(set(vals)) != len(vals):
        raise InvalidArgument(f"values={values!r} must be a non-empty sequence of distinct values")
    return {v: Fraction(1, len(vals)) for v in vals}


def randomized_response(x, values, p) -> dict:
    """Report x with probability p, else each other value of ``values`` with probability (1−p)/(k−1)."""
    vals = list(values)
    if x not in vals or len(set(vals)) != len(vals) or len(vals) < 2:
        raise InvalidArgument(f"randomized_response: x={x!r} must be one of at least two distinct values {vals!r}")
    p = _prob(p, "p")
    other = (1 - p) / (len(vals) - 1)
    return {v: (p if v == x else other) for v in vals}


def _bound(B) -> int:
    if not isinstance(B, int) or isinstance(B, bool) or B < 0:
        raise InvalidArgument(f"B={B!r} must be a non-negative int (the noise bound)")
    return B


def truncated_geometric(alpha, B) -> dict:
    """Two-sided geometric noise conditioned on [−B, B] (renormalised)."""
    a, B = _alpha(alpha, "truncated_geometric"), _bound(B)
    w = {k: a ** abs(k) for k in range(-B, B + 1)}
    total = sum(w.values())
    return {k: v / total for k, v in w.items()}


def clamped_geometric(alpha, B) -> dict:
    """Two-sided geometric noise with every value beyond ±B moved onto ±B."""
    law, B = DiscreteLaplace(alpha), _bound(B)
    out = {k: law.pmf(k) for k in range(-B + 1, B)}
    out[B] = law.at_least(B)
    out[-B] = out.get(-B, Fraction(0)) + (1 - law.at_least(-B + 1)) if B > 0 else Fraction(1)
    if B == 0:
        return {0: Fraction(1)}
    return out
