"""Counts with additive noise clamped to the output range, stored by their shift structure.

A :class:`ClampedNoiseMechanism` releases ``clamp(c + Z, 0, n)`` for a count c in {0..n} (neighbours
|c − c'| = 1) and a noise Z on the integers.  Its (n+1) × (n+1) matrix has only O(n) distinct
numbers, because every entry is a mass or a tail of the one noise pmf p:

    P(z | c) = p(z − c)            for 0 < z < n  (the *window* W[k] = p(k), |k| <= n − 1),
    P(0 | c) = P(Z <= −c) = L[c],  P(n | c) = P(Z >= n − c) = U[n − c]   (the *tails*).

The truncated geometric mechanism of Ghosh, Roughgarden and Sundararajan ("Universally
utility-maximizing privacy mechanisms", STOC 2009) is the case p(k) ∝ e^{−ε|k|}.

Algorithm and why
-----------------
A dense exact matrix of the truncated geometric on counts 0..10^4 would hold 10^8 integers of up
to 10^4 digits; here the mechanism keeps the O(n) window and tails and the measures that know the
structure (:mod:`exactpriv.measures.engines.clamped`: pure ε and the δ(ε) profile over neighbouring
counts) work on them in O(n) big-integer operations.  Every other measure reads ``rows`` /
``integer_rows()``, which materialise the dense matrix on demand after the usual enumeration
size check (a typed :class:`~exactpriv.errors.SpaceTooLargeError` when it is too large).

Validation is done once for the whole matrix, not per entry.  All tails are derived from the
window by the recurrences L[j] = L[j+1] + W[−j] and U[j] = U[j+1] + W[j] (exact integer sums), so
row c sums to L[n] + Σ_{|k|<n} W[k] + U[n] for *every* c (the row telescopes: its interior is
the window slice k = 1−c .. n−1−c, its two ends the tails that hold the rest).  Hence: window
and tails nonnegative and that one total equal to the denominator ⇔ every row is a pmf.

Symbolic families (entries ``C_kind(t)·t^e`` with t = e^{s·ε}, one rational function C per kind
— window, lower tail, upper tail — and integer exponents) are validated once *for all ε*: each
C is proved > 0 on ε > 0 and ≥ 0 on ε ≥ 0 by :func:`exactpriv.certify.prove_inequality`, and the
recurrences above and the row total become identities of rational functions in t after division
by a power of t; the distinct ones (one or two for a geometric family, whatever n) are proved by
:func:`exactpriv.certify.prove_identity` (exact algebra).  An identity in t holds for every ε.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np
import sympy

from exactpriv.errors import EntryRangeError, InvalidArgument, NotStochasticError
from exactpriv.exact.numbers import EPS, as_rational, to_sympy
from exactpriv.mechanisms._integer import MAX_DIGITS, read_only, reduce_rows
from exactpriv.mechanisms.base import REPR_MAX_ENTRIES, Mechanism
from exactpriv.spaces import GraphSpace, check_enumerable

__all__ = ["ClampedNoiseMechanism", "Exponent", "count_space"]

#: The variable of the rational functions of a symbolic family (stands for t = e^{s·ε} > 0).
T = sympy.Symbol("t", positive=True)

_MAX_BITS = math.ceil(MAX_DIGITS * math.log2(10))


def count_space(n: int) -> GraphSpace:
    """Counts {0..n} with neighbours |c − c'| = 1 (a path graph, its networkx graph built on first use)."""
    return GraphSpace.path(range(n + 1))


def _check_n(n):
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidArgument(f"n={n!r} must be a positive int (counts 0..n)")
    return n


class ClampedNoiseMechanism(Mechanism):
    """clamp(c + Z, 0, n) on counts {0..n}, kept as the noise window and tails (module doc).

    Build one with :meth:`from_integers` (exact integers over one denominator), :meth:`from_noise`
    (a finitely supported noise pmf) or :func:`exactpriv.mechanisms.zoo.truncated_geometric`.
    It is a :class:`Mechanism`: every measure accepts it; ``pure_dp`` and ``approx_dp`` use the
    structure, the others materialise the matrix (size-checked).

    Attributes: ``n``; for a rational mechanism ``window`` (W[k] for k = −(n−1)..n−1),
    ``lower`` (L[j] = D·P(Z <= −j), j = 0..n), ``upper`` (U[j] = D·P(Z >= j)) and
    ``denominator`` D, all Python ints; for a symbolic family ``family`` (a :class:`ClampedFamily`).
    """

    def __init__(self, n: int, *, rational=None, family=None, name=None, _roundtrip=False):
        # not Mechanism.__init__: there is no dense matrix to validate (see the module doc)
        self.n = _check_n(n)
        self.inputs = count_space(n)
        self.symbols = (EPS,)
        if name is not None and not isinstance(name, str):
            raise InvalidArgument(f"name={name!r} of type {type(name).__name__} must be a str (a provenance label)")
        self._built = name
        self._roundtrip = bool(_roundtrip) and name is not None
        self._rows = None
        if (rational is None) == (family is None):
            raise InvalidArgument("give exactly one of rational=(window, lower_tail, upper_tail, denominator) "
                                  "or family=...")
        self.family = family
        self._deferred = None  # a FamilyAt whose integers are made on first use (ClampedFamily.at(..., lazy=True))
        if isinstance(rational, FamilyAt):
            self._deferred, self._parts = rational, None
        elif rational is not None:
            self._parts = _validate_rational(n, *rational)
        else:
            self._parts = (None, None, None, None)

    @cached_property
    def outputs(self) -> tuple:
        """The counts 0..n (made on first use: :meth:`prob` and :meth:`output_index` do not need them)."""
        return tuple(range(self.n + 1))

    # ----- the window, tails and denominator (module doc): made and validated on first use when deferred
    def _materialised(self):
        if self._parts is None:
            self._parts = _validate_rational(self.n, *self._deferred.parts())
        return self._parts

    @property
    def window(self):
        return self._materialised()[0]

    @property
    def lower(self):
        return self._materialised()[1]

    @property
    def upper(self):
        return self._materialised()[2]

    @property
    def denominator(self):
        return self._materialised()[3]

    # ----- constructors
    @classmethod
    def from_integers(cls, n: int, *, window, lower_tail, upper_tail, denominator, name=None):
        """P(z|c) from integers over one denominator D: ``window[k + n − 1]`` = D·p(k) for
        k = −(n−1)..n−1, ``lower_tail`` = D·P(Z <= −n), ``upper_tail`` = D·P(Z >= n).
        Validated in bulk: all >= 0 and lower_tail + Σ window + upper_tail == D."""
        return cls(_check_n(n), rational=(window, lower_tail, upper_tail, denominator), name=name)

    @classmethod
    def from_noise(cls, n: int, noise, *, name=None):
        """clamp(c + Z, 0, n) for a finitely supported noise pmf ``noise`` = {k: P(Z = k)}
        (exact rationals summing to 1; mass at |k| >= n is lumped into the tails)."""
        n = _check_n(n)
        if not isinstance(noise, dict) or not noise:
            raise InvalidArgument(f"noise={noise!r} must be a non-empty dict {{shift k: probability}}")
        masses = {}
        for k, v in noise.items():
            if not isinstance(k, int) or isinstance(k, bool):
                raise InvalidArgument(f"noise key {k!r} of type {type(k).__name__} must be an int shift")
            q = as_rational(v, f"noise[{k}]")
            if q < 0:
                raise EntryRangeError(f"noise[{k}]={q} is negative")
            masses[k] = q
        D = math.lcm(*(q.denominator for q in masses.values()))
        num = {k: q.numerator * (D // q.denominator) for k, q in masses.items()}
        window = [num.get(k, 0) for k in range(-(n - 1), n)]
        lower = sum(v for k, v in num.items() if k <= -n)
        upper = sum(v for k, v in num.items() if k >= n)
        return cls(n, rational=(window, lower, upper, D), name=name)

    # ----- what a Mechanism needs
    @cached_property
    def is_rational(self) -> bool:
        return self.family is None

    @cached_property
    def free_symbols(self) -> frozenset:
        return frozenset() if self.family is None else frozenset({EPS})

    @property
    def _integer_backed(self) -> bool:
        return self.family is None

    @cached_property
    def _integer_rows(self):
        """The dense (num, den) arrays, gcd-reduced like :meth:`Mechanism.from_integer_rows`."""
        self.require_rational("integer_rows()")
        n = self.n
        check_enumerable((n + 1) ** 2, f"the dense {n + 1}x{n + 1} matrix of {self._built or 'a clamped-noise mechanism'}")
        num = np.empty((n + 1, n + 1), dtype=object)
        for c in range(n + 1):
            num[c, :] = self._rational_row(c)
        den = np.empty(n + 1, dtype=object)
        den[:] = [self.denominator] * (n + 1)
        return read_only(*reduce_rows(num, den))

    def _rational_row(self, c):
        n, W = self.n, self.window
        return [self.lower[c]] + [W[z - c + n - 1] for z in range(1, n)] + [self.upper[n - c]]

    @property
    def rows(self):
        if self._rows is None:
            if self.family is None:
                num, den = self._integer_rows
                self._rows = tuple(tuple(Fraction(int(v), int(d)) for v in r) for r, d in zip(num.tolist(), den.tolist()))
            else:
                n = self.n
                check_enumerable((n + 1) ** 2, f"the dense {n + 1}x{n + 1} symbolic matrix of {self._built}")
                self._rows = tuple(tuple(self.family.entry(*self.kind_exponent(c, z)) for z in range(n + 1))
                                   for c in range(n + 1))
        return self._rows

    def kind_exponent(self, c: int, z: int):
        """(kind, index) of P(z|c): ("lower", c), ("upper", n − c) or ("window", z − c)."""
        if z == 0:
            return "lower", c
        if z == self.n:
            return "upper", self.n - c
        return "window", z - c

    def _count(self, c) -> int:
        """The index of the count c (c itself for an int 0..n, without building the space's index)."""
        return c if type(c) is int and 0 <= c <= self.n else self.inputs.index(c)

    def output_index(self, y) -> int:
        return y if type(y) is int and 0 <= y <= self.n else super().output_index(y)

    def prob(self, y, x):
        """P(Y = y | X = x) from the structure (no dense matrix; a deferred mechanism's entry from its family
        alone, C(t)·t^e, without making the window)."""
        c, z = self._count(x), self.output_index(y)
        kind, i = self.kind_exponent(c, z)
        if self.family is not None:
            return self.family.entry(kind, i)
        if self._parts is None:
            return self._deferred.entry(kind, i)
        v = {"lower": self.lower, "upper": self.upper}[kind][i] if kind != "window" else self.window[i + self.n - 1]
        return Fraction(v, self.denominator)

    def row(self, x) -> dict:
        return {y: self.prob(y, x) for y in self.outputs}

    def __eq__(self, other):
        if isinstance(other, ClampedNoiseMechanism) and other.n == self.n:
            if self.family is None and other.family is None:  # equal pmfs: cross-multiplied integers
                D1, D2 = self.denominator, other.denominator
                return all(a * D2 == b * D1 for a, b in zip(self.window + self.lower + self.upper,
                                                            other.window + other.lower + other.upper))
            if self.family is not None and other.family is not None and self.family == other.family:
                return True
        return super().__eq__(other)

    __hash__ = Mechanism.__hash__

    def __repr__(self):
        """The zoo call when it rebuilds the mechanism, else ``ClampedNoiseMechanism.from_integers(...)``
        with the exact integers (summarised above :data:`REPR_MAX_ENTRIES` numbers)."""
        if self._roundtrip or self.family is not None:
            return super().__repr__()
        if 2 * self.n + 2 > REPR_MAX_ENTRIES or max(self.denominator.bit_length(), 1) > 4000:
            return f"<{self._built or 'ClampedNoiseMechanism'}: counts 0..{self.n}, window and tails not shown>"
        name = f", name={self._built!r}" if self._built else ""
        return (f"ClampedNoiseMechanism.from_integers({self.n}, window={self.window!r}, "
                f"lower_tail={self.lower[self.n]}, upper_tail={self.upper[self.n]}, "
                f"denominator={self.denominator}{name})")

    def subs(self, values=None, **kw) -> Mechanism:
        """Substitute ``eps``: when e^{s·ε} is then rational the result keeps the structure."""
        if self.family is None or set({**(values or {}), **kw}) - {"eps"}:
            return super().subs(values, **kw)
        val = to_sympy({**(values or {}), **kw}["eps"])
        s = self.family.scale
        t = sympy.simplify(sympy.exp(sympy.Rational(s.numerator, s.denominator) * val))
        if not (t.is_Rational and t >= 1):
            return super().subs(values, **kw)
        return self.family.at(Fraction(int(t.p), int(t.q)), self.n,
                              name=f"{self._built}.subs(eps={val})" if self._built else None)


# ======================================================================================
# rational: bulk validation
# ======================================================================================
def _int(v, what):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        raise InvalidArgument(f"{what}={v!r} of type {type(v).__name__} must be an int")
    v = int(v)
    if abs(v).bit_length() > _MAX_BITS:
        raise InvalidArgument(f"{what} has more than {MAX_DIGITS:,} digits "
                              f"(exactpriv.mechanisms._integer.MAX_DIGITS): too large to store")
    return v


def _validate_rational(n, window, lower_tail, upper_tail, denominator):
    """(W, L, U, D) as lists of Python ints, tails derived from the window (module doc)."""
    try:
        W = [_int(v, f"window[{i}]") for i, v in enumerate(window)]
    except TypeError:
        raise InvalidArgument(f"window={window!r} must be a sequence of ints") from None
    if len(W) != 2 * n - 1:
        raise InvalidArgument(f"window has {len(W)} entries; counts 0..{n} need 2n - 1 = {2 * n - 1} "
                              f"(shifts k = -{n - 1}..{n - 1})")
    lo, up, D = _int(lower_tail, "lower_tail"), _int(upper_tail, "upper_tail"), _int(denominator, "denominator")
    if D <= 0:
        raise EntryRangeError(f"denominator={D} must be positive")
    neg = next((i for i, v in enumerate(W) if v < 0), None)
    if neg is not None:
        raise EntryRangeError(f"window[{neg}] (shift k = {neg - (n - 1)}) = {W[neg]} is negative")
    for what, v in (("lower_tail", lo), ("upper_tail", up)):
        if v < 0:
            raise EntryRangeError(f"{what}={v} is negative")
    total = lo + sum(W) + up
    if total != D:
        raise NotStochasticError(f"the noise masses sum to {_short_fraction(total, D)}, not exactly 1: "
                                 f"every row of clamp(c + Z, 0, {n}) would sum to that")
    # L[j] = D·P(Z <= -j), U[j] = D·P(Z >= j), j = 0..n
    L = [0] * (n + 1)
    U = [0] * (n + 1)
    L[n], U[n] = lo, up
    for j in range(n - 1, -1, -1):
        L[j] = L[j + 1] + W[-j + n - 1]
        U[j] = U[j + 1] + W[j + n - 1]
    return W, L, U, D


def _short_fraction(a, b):
    f = Fraction(a, b)
    if max(f.numerator.bit_length(), f.denominator.bit_length()) < 200:
        return str(f)
    return f"~{float(f):.6g} (exact fraction of {f.denominator.bit_length()}-bit denominator)"


# ======================================================================================
# symbolic families: entries C_kind(t)·t^e, t = e^{s·eps}
# ======================================================================================
@dataclass(frozen=True)
class Exponent:
    """The exponent e(i) = slope·|i| + offset (``absolute``) or slope·i + offset of a family's
    entries (a picklable value, so mechanisms travel to dask workers)."""

    slope: int
    offset: int = 0
    absolute: bool = False

    def __call__(self, i: int) -> int:
        return self.slope * (abs(i) if self.absolute else i) + self.offset


class ClampedFamily:
    """A symbolic clamped-noise family: W[k] = C_w(t)·t^{ew(k)}, L[j] = C_l(t)·t^{el(j)},
    U[j] = C_u(t)·t^{eu(j)} with t = e^{scale·ε}, exponents given as functions of the index.

    ``certify(n)`` proves, once per distinct identity, that these are the window and tails of a
    pmf for every ε > 0 (module doc); the certificate is kept in ``certificates``."""

    def __init__(self, *, scale: Fraction, factors: dict, exponents: dict, label: str):
        self.scale = Fraction(scale)
        if self.scale <= 0:
            raise InvalidArgument(f"scale={scale!r} must be positive (t = e^(scale*eps) > 1 for eps > 0)")
        self.factors = {k: sympy.cancel(sympy.sympify(v)) for k, v in factors.items()}
        self.exponents = dict(exponents)  # kind -> Exponent (or any picklable callable index -> int)
        self.label = label
        self.certificates = {}  # statement -> proof method (each distinct identity once)

    def __eq__(self, other):
        return (isinstance(other, ClampedFamily) and (self.label, self.scale, self.factors, self.exponents) ==
                (other.label, other.scale, other.factors, other.exponents))

    def __hash__(self):
        return hash((self.label, self.scale))

    @property
    def t(self):
        return sympy.exp(sympy.Rational(self.scale.numerator, self.scale.denominator) * EPS)

    def exponent(self, kind, i) -> int:
        return int(self.exponents[kind](i))

    def entry(self, kind, i):
        return _entry(self.factors[kind], self.exponent(kind, i), self.scale)

    def at(self, t: Fraction, n: int, *, name=None, lazy: bool = False) -> ClampedNoiseMechanism:
        """The rational mechanism at t = e^{s·ε} (a Fraction >= 1), built from integers.

        ``lazy``: the integers below are made (and validated) on the mechanism's first use of them, and
        :meth:`ClampedNoiseMechanism.prob` reads an entry C(t)·t^e from the family alone before that; the same
        mechanism (``tests/mechanisms/test_clamped_lazy.py``: every entry, row and measure against the eager
        build).  Only when the largest integer, the denominator, has at most the digits an eager build allows
        (so no typed error of the build is put off): otherwise the build is eager.

        With t = v/u, t^e = v^e/u^e is written over u^emax·v^(−emin) as P[e] = u^(emax−e)·v^(e−emin);
        P[e+1] = P[e]/u·v is an exact division by a small integer, so the O(n) numerators cost
        O(n) big-by-small operations (a product of two powers per entry took ~0.5 ms at 10^4 digits)."""
        spec = FamilyAt(self, Fraction(t), n)
        if lazy and all(isinstance(e, Exponent) for e in self.exponents.values()) and \
                spec.denominator_bits() <= _MAX_BITS:
            return ClampedNoiseMechanism(n, rational=spec, name=name)
        return ClampedNoiseMechanism(n, rational=spec.parts(), name=name)

    def _at_parts(self, t: Fraction, n: int):
        """(window, lower tail, upper tail, denominator) of the mechanism at t (see :meth:`at`)."""
        tq = sympy.Rational(t.numerator, t.denominator)
        C = {k: sympy.Rational(f.subs(T, tq)) for k, f in self.factors.items()}
        C = {k: Fraction(int(c.p), int(c.q)) for k, c in C.items()}
        ks = range(-(n - 1), n)
        ew = [self.exponent("window", k) for k in ks]
        el, eu = self.exponent("lower", n), self.exponent("upper", n)
        emin, emax = min(min(ew), el, eu), max(max(ew), el, eu)
        u, v = t.denominator, t.numerator
        P = [u ** (emax - emin)]
        for _ in range(emax - emin):
            P.append(P[-1] // u * v)
        Dc = math.lcm(*(c.denominator for c in C.values()))
        mult = {k: c.numerator * (Dc // c.denominator) for k, c in C.items()}
        window = [mult["window"] * P[e - emin] for e in ew]
        den = Dc * u ** emax * v ** (-emin)
        return window, mult["lower"] * P[el - emin], mult["upper"] * P[eu - emin], den

    @functools.cached_property
    def _factor_coefficients(self) -> dict:
        """kind -> (numerator, denominator) coefficients of C_kind as polynomials in t (rationals, highest degree
        first): C_kind(t) at a rational t by Horner's rule, without sympy."""
        out = {}
        for kind, f in self.factors.items():
            num, den = sympy.fraction(sympy.together(f))
            out[kind] = tuple(tuple(Fraction(int(c.p), int(c.q)) for c in sympy.Poly(part, T).all_coeffs())
                              for part in (num, den))
        return out

    def factor_at(self, kind: str, t: Fraction) -> Fraction:
        """C_kind(t) at a rational t, exactly."""
        num, den = self._factor_coefficients[kind]
        return _horner(num, t) / _horner(den, t)

    def certify(self, n: int):
        """Prove the family is a clamped-noise pmf for every ε > 0 (module doc); raise otherwise."""
        for kind, f in self.factors.items():
            _prove_positive(f, self.scale, kind)
        W = lambda k: self.exponent("window", k)  # noqa: E731
        L = lambda j: self.exponent("lower", j)  # noqa: E731
        U = lambda j: self.exponent("upper", j)  # noqa: E731
        identities = {}
        for j in range(n):  # L[j] = L[j+1] + W[-j],  U[j] = U[j+1] + W[j]
            for kind, E in (("lower", L), ("upper", U)):
                a, b, c = E(j), E(j + 1), W(-j if kind == "lower" else j)
                m = min(a, b, c)
                identities.setdefault((kind, a - m, b - m, c - m), (kind, j))
        Cw, Cl, Cu = self.factors["window"], self.factors["lower"], self.factors["upper"]
        for (kind, a, b, c), (_, j) in identities.items():
            C = Cl if kind == "lower" else Cu
            res = _prove_identity_cached(C * T**a, C * T**b + Cw * T**c, self.scale)
            if res != "PROVED":
                raise NotStochasticError(f"{self.label}: the {kind} tail at j = {j} is not the tail of the window "
                                         f"for every eps ({res})")
            self.certificates[f"{kind} tails: {C}*t^{a} == {C}*t^{b} + {Cw}*t^{c}"] = "prove_identity: PROVED"

        e0, e1 = L(0), U(1)  # row total L[0] + U[1] = 1 (telescoping, module doc)
        m = min(e0, e1, 0)
        res = _prove_identity_cached(Cl * T**(e0 - m) + Cu * T**(e1 - m), T**(-m), self.scale)
        if res != "PROVED":
            raise NotStochasticError(f"{self.label}: rows do not sum to 1 for every eps ({res})")
        self.certificates[f"row total: {Cl}*t^{e0} + {Cu}*t^{e1} == 1"] = "prove_identity: PROVED"
        for kind, f in self.factors.items():
            self.certificates[f"{kind} factor {f} > 0 for eps > 0, >= 0 at eps = 0"] = "prove_inequality: PROVED"
        return self


def _as_eps(f, scale: Fraction):
    return f.subs(T, sympy.exp(sympy.Rational(scale.numerator, scale.denominator) * EPS))


@functools.lru_cache(maxsize=256)
def _prove_identity_cached(lhs, rhs, scale):
    from exactpriv.certify import prove_identity

    # identities of rational functions in t: exact algebra decides them (t stands for e^{s eps})
    return str(prove_identity(_as_eps(lhs, scale), _as_eps(rhs, scale), ).verdict)


@functools.lru_cache(maxsize=256)
def _prove_positive(f, scale: Fraction, kind: str):
    from exactpriv.certify import prove_inequality

    e = _as_eps(f, scale)
    strict = prove_inequality(e, ">", 0, domain=(0, sympy.oo), closed=(False, False))
    if str(strict.verdict) != "PROVED":
        raise EntryRangeError(f"the {kind} factor {e} is not proved > 0 for every eps > 0 ({strict.reason})")
    weak = prove_inequality(e, ">=", 0, domain=(0, sympy.oo), closed=(True, False))
    if str(weak.verdict) != "PROVED":
        raise EntryRangeError(f"the {kind} factor {e} is not proved >= 0 at eps = 0 ({weak.reason})")
    return True


@functools.lru_cache(maxsize=8192)
def _entry(factor, e: int, scale: Fraction):
    """The entry C(t)·t^e as a cancelled expression in eps (one sympy cancel per distinct entry)."""
    return sympy.cancel(_as_eps(factor * T**e, scale))


def _horner(coefficients, t: Fraction) -> Fraction:
    out = Fraction(0)
    for c in coefficients:
        out = out * t + c
    return out


@dataclass(frozen=True)
class FamilyAt:
    """A family at a rational t = e^{s·ε} on counts 0..n, its integers not yet made: what a lazily built
    :class:`ClampedNoiseMechanism` holds (:meth:`ClampedFamily.at` with ``lazy=True``)."""

    family: ClampedFamily
    t: Fraction
    n: int

    def parts(self):
        """(window, lower tail, upper tail, denominator): the eager build's integers."""
        return self.family._at_parts(self.t, self.n)

    @functools.cached_property
    def factors(self) -> dict:
        """kind -> C_kind(t)."""
        return {kind: self.family.factor_at(kind, self.t) for kind in self.family.factors}

    def entry(self, kind: str, i: int) -> Fraction:
        """P(z|c) = C_kind(t)·t^e, e the kind's exponent at index i: equal to the made integers' entry."""
        return self.factors[kind] * self.t ** self.family.exponent(kind, i)

    def denominator_bits(self) -> int:
        """An upper bound on the bits of the eager build's denominator Dc·u^emax·v^(−emin), the largest of its
        integers (every window and tail integer is a probability times it), from the exponents' range alone (an
        :class:`Exponent`, linear in i or in |i|, takes its extremes at the ends of the range and at 0)."""
        n, fam = self.n, self.family
        es = [fam.exponent("window", k) for k in (-(n - 1), 0, n - 1)] + [fam.exponent("lower", n),
                                                                           fam.exponent("upper", n)]
        emin, emax = min(es), max(es)
        u, v = self.t.denominator, self.t.numerator
        Dc = math.lcm(*(c.denominator for c in self.factors.values()))
        return Dc.bit_length() + u.bit_length() * max(emax, 0) + v.bit_length() * max(-emin, 0)
