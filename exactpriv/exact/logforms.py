"""Exact real numbers of the form  q0 + Σ c_i·log r_i  (rational q0, c_i; positive rational r_i).

Why this class exists
---------------------
Privacy measures on mechanisms with rational entries are, almost always, of this shape:
pure DP is ``log`` of a max ratio, KL-DP and mutual information are rational-weighted sums of
logs of ratios.  For these numbers *equality is decidable* with no precision question at all:

* Canonical form.  Factor every r_i into primes, so the value is  q0 + Σ_p c_p·log p  with p
  prime and each c_p rational.  The representation is unique, hence ``==`` and ``hash`` are
  structural.
* Zero test.  The logs of distinct primes are linearly independent over Q (an integer relation
  Σ k_p log p = 0 means Π p^{k_p} = 1, impossible by unique factorisation unless every k_p = 0).
  And q0 + Σ c_p log p = 0 with q0 ≠ 0 and some c_p ≠ 0 is impossible too: it would give
  e^{q0} = Π p^{-c_p}, an algebraic number, while e^{q0} is transcendental for rational q0 ≠ 0
  by Lindemann–Weierstrass.  So the value is 0  iff  q0 == 0 and every c_p == 0.

Signs of non-zero values are found by certified ball arithmetic (python-flint ``arb``) in
:mod:`exactpriv.exact.kernel`; this module supplies :meth:`LogForm.arb`.

Factorisation uses python-flint's ``fmpz.factor`` rather than ``sympy.factorint``: on
(2^61−1)(2^89−1) it took 0.2 s against sympy's 17 s (measured here).  Each returned factor is
re-checked with FLINT's proven primality test ``fmpz.is_prime`` (falling back to
``sympy.factorint`` on the impossible-in-practice case of a composite), because canonicity
needs genuine primes.  Factorisations and ``arb`` logs of primes are cached, since the same
integers recur across the entries of a mechanism.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import flint
import sympy

from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError, UndecidedError
from exactpriv.exact.numbers import as_rational

__all__ = ["COMPARISON_MAX_PREC", "LogForm", "logform_from_sympy", "prime_factorization"]

#: Largest arb precision (bits) spent on the sign of a non-zero LogForm (``<``, ``float()``...).
#: The search always ends mathematically (the value is proved non-zero first); this is a budget:
#: past it the comparison raises :class:`~exactpriv.errors.UndecidedError` rather than guess.
COMPARISON_MAX_PREC = 1 << 16
_START_PREC = 64


#: Integers of more bits than this are factored in a killable worker: FLINT factors a 121-digit
#: product of two large primes in one call that cannot look at the clock (it never returned on a 2x3
#: mechanism with entries near 2^-400, issue 19), so only the time limit in force can end it — a stop,
#: never a wrong canonical form.  Below it factoring takes microseconds.  Empirically determined parameter.
_FACTOR_IN_WORKER_BITS = 128


@functools.lru_cache(maxsize=65536)
def _factor_positive_int(n: int) -> tuple[tuple[int, int], ...]:
    """Prime factorisation of the integer n ≥ 1 as sorted ((p, e), ...) with proven primes."""
    if n == 1:
        return ()
    if n.bit_length() > _FACTOR_IN_WORKER_BITS:
        from exactpriv.effort import run_bounded

        return run_bounded(_factor_now, n, what=f"factoring a {n.bit_length()}-bit integer", warm=True)
    return _factor_now(n)


def _factor_now(n: int) -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = {}
    for p, e in flint.fmpz(n).factor():
        p, e = int(p), int(e)
        if flint.fmpz(p).is_prime():
            out[p] = out.get(p, 0) + e
        else:  # pragma: no cover - FLINT returns primes; belt and braces for canonicity
            for q, f in sympy.factorint(p).items():
                out[int(q)] = out.get(int(q), 0) + int(f) * e
    return tuple(sorted(out.items()))


def prime_factorization(r) -> dict[int, int]:
    """Exponents {p: k_p} with r = Π p^{k_p} (k_p may be negative) for a positive rational r."""
    q = as_rational(r, "r")
    if q <= 0:
        raise EntryRangeError(f"r={r!r} must be a positive rational to factor into primes")
    out = dict(_factor_positive_int(q.numerator))
    for p, e in _factor_positive_int(q.denominator):
        out[p] = out.get(p, 0) - e
    return out


@functools.lru_cache(maxsize=8192)
def _arb_log_prime(p: int, prec: int):
    """Ball containing log p, computed at ``prec`` bits (caller restores flint.ctx.prec)."""
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        return flint.arb(p).log()
    finally:
        flint.ctx.prec = old


def _fraction_str(c: Fraction) -> str:
    return str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"


class LogForm:
    """The exact real number  q0 + Σ_p c_p·log p  (p prime, q0 and c_p rational).

    Build with :meth:`log`, :meth:`rational`, arithmetic (``+``, ``-``, multiplication and
    division by rationals), or ``LogForm(q0, logs={r: c, ...})`` meaning q0 + Σ c·log r for
    positive rationals r.  Equality, hashing and :attr:`is_zero` are exact (see the module
    docstring for why).  A rational-valued LogForm equals and hashes like its Fraction.

    >>> LogForm.log(6) - LogForm.log(2) - LogForm.log(3) == 0
    True
    >>> LogForm.log(3) / 2
    log(3)/2
    """

    __slots__ = ("_q0", "_coeffs", "_hash")

    def __init__(self, q0=0, *, logs=None):
        q0 = as_rational(q0, "q0")
        acc: dict[int, Fraction] = {}
        if logs is not None:
            items = logs.items() if isinstance(logs, dict) else logs
            for r, c in items:
                c = as_rational(c, "coefficient")
                if c == 0:
                    continue
                for p, k in prime_factorization(r).items():
                    acc[p] = acc.get(p, Fraction(0)) + c * k
        self._q0 = q0
        self._coeffs = tuple(sorted((p, c) for p, c in acc.items() if c != 0))
        self._hash = None

    @classmethod
    def _raw(cls, q0: Fraction, coeffs: dict[int, Fraction]) -> "LogForm":
        obj = cls.__new__(cls)
        obj._q0 = q0
        obj._coeffs = tuple(sorted((p, c) for p, c in coeffs.items() if c))  # (coefficients are Fractions)
        obj._hash = None
        return obj

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def log(cls, r) -> "LogForm":
        """log r for a positive rational r (int, Fraction, "p/q", sympy Rational)."""
        q = as_rational(r, "r")
        if q <= 0:
            raise EntryRangeError(f"log(r) needs a positive rational r; got r={r!r}")
        return cls._raw(Fraction(0), {p: Fraction(k) for p, k in prime_factorization(q).items()})

    @classmethod
    def rational(cls, q) -> "LogForm":
        """The rational number q as a LogForm."""
        return cls._raw(as_rational(q, "q"), {})

    @classmethod
    def from_sympy(cls, expr) -> "LogForm":
        """Read a sympy expression that is q0 + Σ c·log r; raise InvalidArgument otherwise."""
        lf = logform_from_sympy(expr)
        if lf is None:
            raise InvalidArgument(
                f"expr={expr!r} is not a rational-linear combination of logs of positive rationals plus a rational"
            )
        return lf

    # -- inspection ---------------------------------------------------------------------
    @property
    def q0(self) -> Fraction:
        """The rational part q0."""
        return self._q0

    @property
    def coefficients(self) -> dict[int, Fraction]:
        """{p: c_p} over the primes with non-zero coefficient."""
        return dict(self._coeffs)

    @property
    def is_rational(self) -> bool:
        """True iff the value is rational (every c_p == 0; exact by Lindemann–Weierstrass)."""
        return not self._coeffs

    @property
    def is_zero(self) -> bool:
        """Exact zero test: q0 == 0 and every c_p == 0 (see module docstring)."""
        return self._q0 == 0 and not self._coeffs

    # -- arithmetic -----------------------------------------------------------------------
    @staticmethod
    def _coerce(other):
        if isinstance(other, LogForm):
            return other
        if isinstance(other, (int, Fraction)) and not isinstance(other, bool):
            return LogForm._raw(Fraction(other), {})
        return None

    def __add__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        acc = dict(self._coeffs)
        for p, c in o._coeffs:
            prev = acc.get(p)
            acc[p] = c if prev is None else prev + c
        return LogForm._raw(self._q0 + o._q0, acc)

    __radd__ = __add__

    def __neg__(self):
        return LogForm._raw(-self._q0, {p: -c for p, c in self._coeffs})

    def __pos__(self):
        return self

    def __sub__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return o + (-self)

    def __mul__(self, other):
        if isinstance(other, LogForm):
            if other.is_rational:
                other = other._q0
            elif self.is_rational:
                return other * self._q0
            else:
                return NotImplemented  # a product of two logs is not a LogForm
        if isinstance(other, bool) or not isinstance(other, (int, Fraction)):
            return NotImplemented
        s = Fraction(other)
        return LogForm._raw(self._q0 * s, {p: c * s for p, c in self._coeffs})

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, LogForm) and other.is_rational:
            other = other._q0
        if isinstance(other, bool) or not isinstance(other, (int, Fraction)):
            return NotImplemented
        if other == 0:
            raise ZeroDivisionError(f"LogForm {self!r} divided by zero")
        return self * (1 / Fraction(other))

    # -- equality / hashing -------------------------------------------------------------------
    def __eq__(self, other):
        o = self._coerce(other)
        if o is None:
            return NotImplemented
        return self._q0 == o._q0 and self._coeffs == o._coeffs

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._q0) if not self._coeffs else hash((self._q0, self._coeffs))
        return self._hash

    def __bool__(self):
        # Exact: non-zero iff some part is non-zero (module docstring).
        return not self.is_zero

    # -- conversions -----------------------------------------------------------------------
    def to_sympy(self) -> sympy.Expr:
        """The value as a sympy expression q0 + Σ c_p*log(p)."""
        out = sympy.Rational(self._q0.numerator, self._q0.denominator)
        for p, c in self._coeffs:
            out += sympy.Rational(c.numerator, c.denominator) * sympy.log(sympy.Integer(p))
        return out

    def arb(self, prec: int):
        """A python-flint ``arb`` ball containing the value, computed at ``prec`` bits."""
        if not isinstance(prec, int) or isinstance(prec, bool) or prec < 2:
            raise InvalidArgument(f"prec={prec!r} must be an int >= 2 (bits)")
        old = flint.ctx.prec
        flint.ctx.prec = prec
        try:
            acc = flint.arb(flint.fmpq(self._q0.numerator, self._q0.denominator))
            for p, c in self._coeffs:
                acc += _arb_log_prime(p, prec) * flint.fmpq(c.numerator, c.denominator)
            return acc
        finally:
            flint.ctx.prec = old

    # -- behaving like a number (exactly) ------------------------------------------------------
    def _ball_excluding_zero(self, max_prec: int):
        """An arb ball of the value that does not contain 0 (the value is non-zero), refined by doubling
        the precision up to ``max_prec`` bits; UndecidedError past it (never a guess)."""
        prec = _START_PREC
        while True:
            ball = self.arb(prec)
            if ball > 0 or ball < 0:
                return ball, prec
            if prec >= max_prec:
                raise UndecidedError(f"the sign of {self!r} is not settled at {max_prec} bits (ball {ball}); "
                                     f"it is non-zero (exact prime test), so a larger max_prec settles it")
            prec = min(2 * prec, max_prec)

    def sign(self, *, max_prec: int = COMPARISON_MAX_PREC) -> int:
        """-1, 0 or 1: 0 by the exact prime test, else certified by an arb ball that excludes 0."""
        if self.is_zero:
            return 0
        if self.is_rational:
            return 1 if self._q0 > 0 else -1
        ball, _ = self._ball_excluding_zero(max_prec)
        return 1 if ball > 0 else -1

    def _compare_operand(self, other, op: str):
        if isinstance(other, float):
            raise NotExactError(f"comparing the exact {self!r} {op} the float {other!r}: give the bound exactly "
                                f"(Fraction({str(other)!r}), an int, or a LogForm), or convert with "
                                f"exactpriv.from_float deliberately")
        o = self._coerce(other)
        if o is None and isinstance(other, sympy.Basic):
            o = logform_from_sympy(other)
            if o is None:
                # sympy would decide it by an uncertified evalf: refuse instead
                raise TypeError(f"{self!r} {op} {other!r}: the right side is not of the form q0 + Σ c·log r; "
                                f"decide it with exactpriv.compare(a, {op!r}, b), which is certified")
        return o

    def __lt__(self, other):
        o = self._compare_operand(other, "<")
        return NotImplemented if o is None else (self - o).sign() < 0

    def __le__(self, other):
        o = self._compare_operand(other, "<=")
        return NotImplemented if o is None else (self - o).sign() <= 0

    def __gt__(self, other):
        o = self._compare_operand(other, ">")
        return NotImplemented if o is None else (self - o).sign() > 0

    def __ge__(self, other):
        o = self._compare_operand(other, ">=")
        return NotImplemented if o is None else (self - o).sign() >= 0

    def __abs__(self) -> "LogForm":
        return -self if self.sign() < 0 else self

    def __float__(self) -> float:
        """The value correctly rounded to the nearest double: the arb ball is refined until both of its
        endpoints (exact binary rationals) round to the same double, which is then the rounding of the value
        (rounding to nearest is monotone).  OverflowError beyond the double range, as for Fraction."""
        if self.is_rational:
            return float(self._q0)
        prec = _START_PREC
        while True:
            ball = self.arb(prec)
            old = flint.ctx.prec
            flint.ctx.prec = prec + 64  # endpoints are rounded outward at the context precision
            try:
                lo, hi = _exact_fraction(ball.lower()), _exact_fraction(ball.upper())
            finally:
                flint.ctx.prec = old
            flo, fhi = float(lo), float(hi)
            if flo == fhi:
                return flo
            if prec >= COMPARISON_MAX_PREC:  # pragma: no cover - 2^16 bits separate any double boundary in practice
                raise UndecidedError(f"float({self!r}) not settled at {COMPARISON_MAX_PREC} bits")
            prec *= 2

    def evalf(self, n: int = 15) -> sympy.Float:
        """The value to ``n`` significant digits as a sympy Float (sympy's own evaluation of the exact form)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidArgument(f"n={n!r} must be a positive int (significant digits)")
        return sympy.Float(self.to_sympy().evalf(n), n)

    n = evalf

    def __format__(self, spec: str) -> str:
        # numeric format specs (".3f", ".2e", "g") format the correctly rounded float; "" is the exact form
        return format(float(self), spec) if spec else repr(self)

    def _sympy_(self) -> sympy.Expr:
        # Without it, sympy.sympify(v) would fall back to float(v) and silently lose exactness.  (A sympy
        # number on the *left* of a comparison therefore decides it sympy's way; put the LogForm first, or
        # use exactpriv.compare, for a certified answer.)
        return self.to_sympy()

    def _repr_latex_(self) -> str:
        """Jupyter: the exact value typeset."""
        return f"${sympy.latex(self.to_sympy())}$"


    def __repr__(self):
        parts = []
        for p, c in self._coeffs:
            a = abs(c)
            body = f"log({p})"
            if a.numerator != 1:
                body = f"{a.numerator}*{body}"
            if a.denominator != 1:
                body = f"{body}/{a.denominator}"
            parts.append(("-" if c < 0 else "+", body))
        if self._q0 != 0 or not parts:
            q = self._q0
            parts.insert(0, ("-" if q < 0 else "+", _fraction_str(abs(q))))
        sign, body = parts[0]
        text = ("-" if sign == "-" else "") + body
        for sign, body in parts[1:]:
            text += f" {sign} {body}"
        return text

    __str__ = __repr__


def _exact_fraction(x) -> Fraction:
    """The exact value of an arb of radius 0 (a ball endpoint) as a Fraction."""
    man, exp = x.man_exp()
    man, exp = int(man), int(exp)
    return Fraction(man * (1 << exp)) if exp >= 0 else Fraction(man, 1 << -exp)


def _positive_rational_power_product(arg) -> dict | None:
    """For sympy ``arg`` = Π r_j^{e_j} (positive rationals r_j, rational e_j), return the exact
    prime exponents {p: Fraction}; None if ``arg`` is not of that shape."""
    factors = arg.args if isinstance(arg, sympy.Mul) else (arg,)
    acc: dict[int, Fraction] = {}
    for f in factors:
        if isinstance(f, sympy.Rational):
            base, ex = f, sympy.Integer(1)
        elif isinstance(f, sympy.Pow) and isinstance(f.base, sympy.Rational) and isinstance(f.exp, sympy.Rational):
            base, ex = f.base, f.exp
        else:
            return None
        if base <= 0:
            return None
        e = Fraction(int(ex.p), int(ex.q))
        for p, k in prime_factorization(Fraction(int(base.p), int(base.q))).items():
            acc[p] = acc.get(p, Fraction(0)) + k * e
    return acc


def logform_from_sympy(expr) -> LogForm | None:
    """Convert a closed sympy expression of the shape q0 + Σ c·log(r) to a LogForm.

    Recognised: Rationals; ``log(a)`` with a a product of positive rationals raised to
    rational powers (so ``log(sqrt(8)) = 3/2·log 2``); sums; products with at most one
    non-rational factor.  Returns ``None`` for anything else (no error: the caller falls
    back to interval evaluation).  Every step is an exact identity for positive arguments.
    """
    if isinstance(expr, (int, Fraction)) and not isinstance(expr, bool):
        return LogForm.rational(expr)
    if isinstance(expr, LogForm):
        return expr
    if not isinstance(expr, sympy.Basic):
        return None
    if isinstance(expr, sympy.Rational):
        return LogForm._raw(Fraction(int(expr.p), int(expr.q)), {})
    if isinstance(expr, sympy.log):
        if len(expr.args) != 1:  # pragma: no cover - sympy rewrites log(x, b)
            return None
        exps = _positive_rational_power_product(expr.args[0])
        return None if exps is None else LogForm._raw(Fraction(0), exps)
    if isinstance(expr, sympy.Add):
        acc = LogForm._raw(Fraction(0), {})
        for term in expr.args:
            t = logform_from_sympy(term)
            if t is None:
                return None
            acc = acc + t
        return acc
    if isinstance(expr, sympy.Mul):
        scale = Fraction(1)
        form = None
        for f in expr.args:
            if isinstance(f, sympy.Rational):
                scale *= Fraction(int(f.p), int(f.q))
                continue
            t = logform_from_sympy(f)
            if t is None:
                return None
            if t.is_rational:
                scale *= t.q0
            elif form is None:
                form = t
            else:
                return None  # product of two transcendental logs
        return LogForm.rational(scale) if form is None else form * scale
    return None
