"""Exact univariate rational functions over Q in one variable β: the numbers of a program compiled for every ε.

A program whose noise parameters are powers of β = e^{−ε/d} has output probabilities that are rational functions
of β (geometric masses (1−β^k)/(1+β^k)·β^{k|j|}, tails β^{kt}/(1+β^k), tail sums r^K/(1−r)).  Computing them with
:class:`RationalFunction` instead of rationals gives the mechanism for *every* ε at once.

Kept canonical (numerator and denominator coprime, denominator monic) so that equality is structural and
hashing cheap.  Arithmetic is python-flint's ``fmpq_poly`` (gcd in microseconds; sympy's ``cancel`` took
milliseconds a call).  Why hand-written: neither flint nor sympy offers a fast canonical univariate rational-function
field.  Shared by the programs compiler (β = e^{−ε/d}) and the symbolic measures' charts
(:mod:`exactpriv.measures.symbolic.chart`, u = e^{cε} or u = ε).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import flint
import sympy

__all__ = ["RationalFunction", "NotARationalFunction", "rational_function_of"]


def _fmpq(x: Any) -> flint.fmpq:
    if isinstance(x, flint.fmpq):
        return x
    q = Fraction(x)
    return flint.fmpq(q.numerator, q.denominator)


class RationalFunction:
    """N(β)/D(β) with N, D in Q[β] coprime and D monic.  ``RationalFunction.gen()`` is β itself."""

    __slots__ = ("N", "D", "_key")

    def __init__(self, N: flint.fmpq_poly, D: flint.fmpq_poly, *, reduced: bool = False) -> None:
        if not reduced:
            if D.is_zero():
                raise ZeroDivisionError("rational function with a zero denominator")
            if N.is_zero():
                D = flint.fmpq_poly([1])
            else:
                g = N.gcd(D)
                if g.degree() > 0:
                    N, D = N // g, D // g
            lc = D.leading_coefficient()  # (not coeffs()[-1]: that builds every coefficient first)
            if lc != 1:
                N, D = N / lc, D / lc
        self.N, self.D = N, D
        self._key: tuple | None = None

    @classmethod
    def const(cls, q: Any) -> "RationalFunction":
        return cls(flint.fmpq_poly([_fmpq(q)]), flint.fmpq_poly([1]), reduced=True)

    @classmethod
    def gen(cls) -> "RationalFunction":
        return cls(flint.fmpq_poly([0, 1]), flint.fmpq_poly([1]), reduced=True)

    # ----- structure
    def key(self) -> tuple:
        if self._key is None:
            # flint keeps an fmpq_poly as an integer polynomial over one positive denominator in lowest terms (a
            # canonical form), so its integer coefficients and denominator identify it; hashing those fmpz is several
            # times cheaper than printing every coefficient (the dominance step hashed long candidates: 1% of verify)
            N, D = self.N, self.D
            self._key = (tuple(N.numer().coeffs()), N.denom(), tuple(D.numer().coeffs()), D.denom())
        return self._key

    def __hash__(self) -> int:
        return hash(self.key())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (int, Fraction)):
            return self.D.degree() == 0 and self.N.degree() <= 0 and self.N(0) == _fmpq(other)
        return isinstance(other, RationalFunction) and self.key() == other.key()

    def __bool__(self) -> bool:
        return not self.N.is_zero()

    @property
    def is_zero(self) -> bool:
        return self.N.is_zero()

    def monomial(self) -> tuple[Fraction, int] | None:
        """(c, m) when this is c·β^m (m ≥ 0), else None."""
        if self.D.degree() != 0 or self.N.is_zero():
            return None
        nz = [(i, c) for i, c in enumerate(self.N.coeffs()) if c != 0]
        if len(nz) != 1:
            return None
        i, c = nz[0]
        return Fraction(int(c.p), int(c.q)), i

    # ----- arithmetic
    @staticmethod
    def _lift(other: Any) -> "RationalFunction | None":
        if isinstance(other, RationalFunction):
            return other
        if isinstance(other, (int, Fraction, flint.fmpq)) and not isinstance(other, bool):
            return RationalFunction.const(other)
        return None

    def __add__(self, other: Any) -> "RationalFunction":
        o = self._lift(other)
        if o is None:
            return NotImplemented
        if self.D == o.D:
            return RationalFunction(self.N + o.N, self.D)
        return RationalFunction(self.N * o.D + o.N * self.D, self.D * o.D)

    __radd__ = __add__

    def __neg__(self) -> "RationalFunction":
        return RationalFunction(-self.N, self.D, reduced=True)

    def __sub__(self, other: Any) -> "RationalFunction":
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other: Any) -> "RationalFunction":
        return (-self) + other

    def __mul__(self, other: Any) -> "RationalFunction":
        o = self._lift(other)
        if o is None:
            return NotImplemented
        if o.D.degree() == 0 and o.N.degree() <= 0:  # a constant: no gcd needed
            c = o.N(0) if not o.N.is_zero() else 0
            return RationalFunction(self.N * c, self.D, reduced=c != 0)
        return RationalFunction(self.N * o.N, self.D * o.D)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "RationalFunction":
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return RationalFunction(self.N * o.D, self.D * o.N)

    def __rtruediv__(self, other: Any) -> "RationalFunction":
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return o / self

    def __pow__(self, k: int) -> "RationalFunction":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        if k >= 0:
            return RationalFunction(self.N ** k, self.D ** k, reduced=True)
        return RationalFunction(self.D ** (-k), self.N ** (-k))

    # ----- values
    def at(self, q: Any) -> Fraction:
        """The exact value at a rational β (ZeroDivisionError at a pole)."""
        x = _fmpq(q)
        d = self.D(x)
        if d == 0:
            raise ZeroDivisionError(f"{self!r} has a pole at {q}")
        v = self.N(x) / d
        return Fraction(int(v.p), int(v.q))

    def value_at(self, q: Any) -> Fraction | None:
        """The exact value at a rational point, None at a pole."""
        try:
            return self.at(q)
        except ZeroDivisionError:
            return None

    def to_sympy(self, beta: Any) -> sympy.Expr:
        """The sympy expression with β replaced by ``beta`` (e.g. ``exp(-eps/4)``)."""
        def poly(P: flint.fmpq_poly) -> sympy.Expr:
            return sympy.Add(*[sympy.Rational(int(c.p), int(c.q)) * beta ** i
                               for i, c in enumerate(P.coeffs()) if c != 0])

        return poly(self.N) / poly(self.D)

    def __repr__(self) -> str:
        return f"RationalFunction(({self.N}) / ({self.D}))"


# ---------------------------------------------------------------------------------------------------------
# sympy expression -> RationalFunction
class NotARationalFunction(Exception):
    """Internal: the expression is not built by sums, products and integer powers from rationals and the leaves
    the caller converts, or a cap refused it."""


def rational_function_of(e: sympy.Expr, leaf: Callable[[sympy.Expr], "RationalFunction | None"], *,
                         max_exponent: int | None = None, max_degree: int | None = None) -> RationalFunction:
    """``e`` as an exact :class:`RationalFunction`, walking its sums, products and integer powers; rationals are
    constants and every other node goes to ``leaf`` (its rational function, or None: not one).

    The caps refuse (:class:`NotARationalFunction`) before the work they bound: ``max_exponent`` any power with
    |exponent| above it; ``max_degree`` any sum, product or power whose degree (of numerator or denominator)
    would exceed it — a power is refused from its base's degree times the exponent (a constant base counting
    as degree 1), before it is expanded; a leaf's own size is the caller's to bound.  A zero denominator raises ZeroDivisionError.  The result is the
    canonical form, so it does not depend on the order the terms are combined in.
    Shared by the certifier's rational forms, the symbolic measures' charts and the exact entry fast path: each
    keeps its own leaves and caps."""
    if e.is_Rational:
        return RationalFunction.const(Fraction(int(e.p), int(e.q)))
    if e.is_Add or e.is_Mul:
        add = e.is_Add
        acc = None
        for a in e.args:
            f = rational_function_of(a, leaf, max_exponent=max_exponent, max_degree=max_degree)
            acc = f if acc is None else (acc + f if add else acc * f)
            if max_degree is not None and max(acc.N.degree(), acc.D.degree()) > max_degree:
                raise NotARationalFunction(e)
        return acc
    if e.is_Pow:
        ex = e.exp
        if not ex.is_Integer or (max_exponent is not None and abs(int(ex)) > max_exponent):
            raise NotARationalFunction(e)
        b = rational_function_of(e.base, leaf, max_exponent=max_exponent, max_degree=max_degree)
        if max_degree is not None and max(b.N.degree(), b.D.degree(), 1) * abs(int(ex)) > max_degree:
            raise NotARationalFunction(e)
        return b ** int(ex)
    f = leaf(e)
    if f is None:
        raise NotARationalFunction(e)
    return f
