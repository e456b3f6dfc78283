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

from exactpriv.exact.ratfunc import RationalFunction

__all__ = ["ExpPoly"]


def _number(c):
    """An exact coefficient: a Fraction, or a :class:`RationalFunction` of β (a program compiled for all ε)."""
    return c if isinstance(c, RationalFunction) else Fraction(c)


def _as_function(base) -> RationalFunction:
    """A monomial's base as a rational function of β (a (p, q) pair is the constant p/q)."""
    return base if isinstance(base, RationalFunction) else RationalFunction.const(Fraction(*base))


def _converges(base) -> bool:
    """0 < r < 1: for a rational (p, q), exactly; for a function of β, for every β in (0, 1) — shown for
    c·β^m with 0 < c ≤ 1 and m ≥ 1 (or m = 0 and c < 1), the only bases a program's geometric laws produce."""
    if not isinstance(base, RationalFunction):
        p, q = base
        return 0 < p < q
    mono = base.monomial()
    if mono is None:
        return False
    c, m = mono
    return 0 < c <= 1 and (m >= 1 or c < 1)


class ExpPoly:
    """Σ_m c_m Π_k r_{m,k}^{u_k}: ``terms`` maps a monomial (a sorted tuple of (variable, (p, q)) pairs, the base
    r = p/q ≠ 1 kept as two ints: hashing Fractions dominated the compiler's time; or (variable, r) with r a
    :class:`~exactpriv.exact.ratfunc.RationalFunction` of β for a program compiled for all ε) to its coefficient.
    Constants are the monomial ``()``.  Bases are not reduced after a product: two spellings of one base are two
    monomials, which sums correctly (the closed form is linear)."""

    __slots__ = ("terms",)

    def __init__(self, terms: dict | None = None):
        self.terms = {m: c for m, c in (terms or {}).items() if c != 0}

    @classmethod
    def const(cls, c) -> "ExpPoly":
        return cls({(): _number(c)})

    @classmethod
    def power(cls, var, base, coef=1) -> "ExpPoly":
        """coef · base^var (base a rational, or a rational function of β kept as it is)."""
        if isinstance(base, RationalFunction):
            return cls.const(coef) if base == 1 else cls({((var, base),): _number(coef)})
        base = Fraction(base)
        if base == 1:
            return cls.const(coef)
        return cls({((var, (base.numerator, base.denominator)),): _number(coef)})

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
            out[m] = out[m] + c if m in out else c
        return ExpPoly(out)

    def __sub__(self, other: "ExpPoly") -> "ExpPoly":
        return self + other.scaled(-1)

    def scaled(self, k) -> "ExpPoly":
        if k == 1:
            return self
        return ExpPoly({m: c * k for m, c in self.terms.items()})

    def __mul__(self, other: "ExpPoly") -> "ExpPoly":
        out: dict = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                if not m1 or not m2:
                    m = m1 or m2
                else:
                    bases = dict(m1)
                    for v, b in m2:
                        if v not in bases:
                            bases[v] = b
                        elif isinstance(b, tuple) and isinstance(bases[v], tuple):
                            (p0, q0), (p, q) = bases[v], b
                            bases[v] = (p0 * p, q0 * q)
                        else:  # a function of β: multiplied as one
                            bases[v] = _as_function(bases[v]) * _as_function(b)
                    m = tuple(sorted(bases.items()))
                c = c1 * c2
                out[m] = out[m] + c if m in out else c
        return ExpPoly(out)

    def summed(self, starts: dict) -> Fraction:
        """Σ over every variable u ≥ starts[u] (independently): Π r^K/(1 − r) per monomial, exactly."""
        total = Fraction(0)
        for m, c in self.terms.items():
            term = c
            seen = {v for v, _ in m}
            if not seen <= set(starts):
                raise ValueError(f"ExpPoly has variables {seen - set(starts)} without a start")
            # a variable absent from the monomial has base 1: its sum diverges
            if set(starts) - seen:
                raise ArithmeticError(f"tail sum diverges: variables {set(starts) - seen} with base 1")
            for v, b in m:
                if not _converges(b):
                    raise ArithmeticError(f"tail sum diverges (or is not shown to converge): base {b} of variable {v}")
                K = starts[v]
                if isinstance(b, RationalFunction):
                    term = term * (b ** K / (1 - b))
                else:
                    p, q = b
                    term *= Fraction(p ** K, q ** (K - 1) * (q - p))  # r^K / (1 − r)
            total += term
        return total

    def __repr__(self):
        parts = []
        for m, c in self.terms.items():
            parts.append(str(c) + "".join(f"·({b[0]}/{b[1]})^{v}" if isinstance(b, tuple) else f"·({b})^{v}"
                                          for v, b in m))
        return " + ".join(parts) or "0"
