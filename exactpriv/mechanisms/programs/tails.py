"""Sums over an unbounded integer in closed form: exponential polynomials Σ c · r₁^{u₁} ⋯ r_k^{u_k}.

When a program's noise has infinite support (a two-sided geometric threshold, say), the probability of an output is
a sum over every value u of that noise.  Far out in a tail (u ≥ K) every quantity the program uses is an
*exponential polynomial* in u: the noise's own mass (1−α)/(1+α)·α^u, the tail probabilities P(ν ≥ u + c) =
α_ν^{u+c}/(1+α_ν) of the other noises compared with it, their complements, and products of these.  Such a sum has a
closed form, Σ_{u ≥ K} r^u = r^K / (1 − r) for 0 < r < 1, so the whole tail is one exact rational — no truncation.

:class:`ExpPoly` holds Σ_m c_m · Π_k r_{m,k}^{u_k} with rational c and r over named tail variables u_k (each
ranging over [K_k, ∞)), is closed under + and ×, and :meth:`ExpPoly.summed` sums every variable out.  A term with a
base r ≥ 1 would diverge: the program's probabilities cannot produce one (every term carries its noise's own mass
α^u), so meeting one is an internal error, raised, never rounded away.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["ExpPoly"]


class ExpPoly:
    """Σ_m c_m Π_k r_{m,k}^{u_k}: ``terms`` maps a monomial (a sorted tuple of (variable, base) pairs, bases ≠ 1)
    to its rational coefficient.  Constants are the monomial ``()``."""

    __slots__ = ("terms",)

    def __init__(self, terms: dict | None = None):
        self.terms = {m: c for m, c in (terms or {}).items() if c != 0}

    @classmethod
    def const(cls, c) -> "ExpPoly":
        return cls({(): Fraction(c)})

    @classmethod
    def power(cls, var, base, coef=1) -> "ExpPoly":
        """coef · base^var."""
        base = Fraction(base)
        if base == 1:
            return cls.const(coef)
        return cls({((var, base),): Fraction(coef)})

    def is_const(self) -> bool:
        return all(m == () for m in self.terms)

    def value(self) -> Fraction:
        """The constant (this polynomial has no variable left)."""
        if not self.is_const():
            raise ValueError("ExpPoly still has tail variables")
        return self.terms.get((), Fraction(0))

    def __add__(self, other: "ExpPoly") -> "ExpPoly":
        out = dict(self.terms)
        for m, c in other.terms.items():
            out[m] = out.get(m, Fraction(0)) + c
        return ExpPoly(out)

    def __sub__(self, other: "ExpPoly") -> "ExpPoly":
        return self + other.scaled(-1)

    def scaled(self, k) -> "ExpPoly":
        k = Fraction(k)
        return ExpPoly({m: c * k for m, c in self.terms.items()})

    def __mul__(self, other: "ExpPoly") -> "ExpPoly":
        out: dict = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                bases = dict(m1)
                for v, r in m2:
                    bases[v] = bases.get(v, Fraction(1)) * r
                m = tuple(sorted((v, r) for v, r in bases.items() if r != 1))
                out[m] = out.get(m, Fraction(0)) + c1 * c2
        return ExpPoly(out)

    def summed(self, starts: dict) -> Fraction:
        """Σ over every variable u ≥ starts[u] (independently): Π r^K/(1 − r) per monomial, exactly."""
        total = Fraction(0)
        for m, c in self.terms.items():
            term = c
            seen = {v for v, _ in m}
            if seen != set(starts) and not seen <= set(starts):
                raise ValueError(f"ExpPoly has variables {seen} beyond {set(starts)}")
            for v, r in m:
                if not 0 < r < 1:
                    raise ArithmeticError(f"tail sum diverges: base {r} of variable {v}")
                term *= r ** starts[v] / (1 - r)
            # a variable absent from the monomial has base 1: its sum diverges unless the coefficient cancels
            if set(starts) - seen:
                raise ArithmeticError(f"tail sum diverges: variables {set(starts) - seen} with base 1")
            total += term
        return total

    def __repr__(self):
        parts = []
        for m, c in self.terms.items():
            parts.append(str(c) + "".join(f"·({r})^{v}" for v, r in m))
        return " + ".join(parts) or "0"
