"""Exact and certified real numbers of the checker, and how it decides a comparison.

A value is a ``Fraction``, ``INF``/``NEG_INF``, a :class:`LogForm` q₀ + Σ cₚ·log p over primes (exact: two
log-forms are equal iff their coefficients are, since logs of distinct primes are Q-linearly independent and
q₀ + Σ cₚ log p ≠ 0 for q₀ ≠ 0 by Lindemann–Weierstrass), or a :class:`Real` known only through arb balls at any
precision.  A sign is exact for the first three (a non-zero log-form's ball separates from 0 at some
precision); for a ``Real`` only a ball that excludes 0 decides, else :class:`NotCheckable` ("tie").
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker.errors import Failed, NotCheckable

__all__ = ["INF", "NEG_INF", "Infinite", "LogForm", "Real", "Undefined", "add", "compare", "div", "exp", "log",
           "mul", "neg", "power", "sign", "sqrt", "Surd", "to_arb", "to_value"]

#: Integers above this many bits are not factored (a log of them is kept as an arb-only Real).
_FACTOR_BITS = 256
#: Default and largest precision (bits) of ball comparisons.
START_PREC, MAX_PREC = 64, 4096


class Undefined(Exception):
    """A value is undefined (0/0, log of a negative number, ∞ − ∞)."""


class Infinite:
    __slots__ = ("s",)

    def __init__(self, s: int):
        self.s = s

    def __repr__(self):
        return "oo" if self.s > 0 else "-oo"


INF, NEG_INF = Infinite(1), Infinite(-1)


class LogForm:
    """q0 + Σ c[p]·log p (p prime, c[p] ≠ 0)."""

    __slots__ = ("q0", "c")

    def __init__(self, q0: Fraction, c: dict):
        self.q0 = Fraction(q0)
        self.c = {p: Fraction(v) for p, v in c.items() if v}

    def is_zero(self) -> bool:
        return self.q0 == 0 and not self.c

    def __repr__(self):
        terms = [str(self.q0)] if self.q0 or not self.c else []
        terms += [f"{v}*log({p})" for p, v in sorted(self.c.items())]
        return " + ".join(terms)


class Real:
    """A real known only through ``ball(prec)`` (an arb at ``prec`` bits)."""

    __slots__ = ("ball", "label")

    def __init__(self, ball, label: str):
        self.ball, self.label = ball, label

    def __repr__(self):
        return f"<{self.label}>"


class Surd:
    """a + b·√d exactly (a, b rational, d > 1 square-free): the values of semantic privacy."""

    __slots__ = ("a", "b", "d")

    def __init__(self, a: Fraction, b: Fraction, d: int):
        self.a, self.b, self.d = Fraction(a), Fraction(b), d

    def __repr__(self):
        return f"{self.a} + {self.b}*sqrt({self.d})"


def _surd(a, b, d):
    return a if b == 0 else Surd(a, b, d)


def _as_surd(v, d):
    if isinstance(v, Fraction):
        return Surd(v, Fraction(0), d)
    return v if isinstance(v, Surd) and v.d == d else None


def to_value(x):
    """A value from a JSON number string ("1/3", "oo", "-oo") or a Fraction/int."""
    if isinstance(x, (Fraction, LogForm, Real, Infinite, Surd)):
        return x
    if isinstance(x, bool):
        raise Failed(f"{x!r} is not a number")
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, str):
        t = x.strip()
        if t in ("oo", "+oo"):
            return INF
        if t == "-oo":
            return NEG_INF
        try:
            return Fraction(t)
        except (ValueError, ZeroDivisionError):
            raise Failed(f"{x!r} is not an exact rational") from None
    raise Failed(f"{x!r} is not an exact number")


def _factor(n: int) -> dict[int, int] | None:
    if n.bit_length() > _FACTOR_BITS:
        return None
    factors = flint.fmpz(n).factor()  # [(p, e), ...]; [] for 1
    return {int(p): int(e) for p, e in factors}


def _logform_of_rational(q: Fraction):
    num, den = _factor(q.numerator), _factor(q.denominator)
    if num is None or den is None:
        return None
    c: dict[int, Fraction] = {}
    for p, e in num.items():
        c[p] = c.get(p, Fraction(0)) + e
    for p, e in den.items():
        c[p] = c.get(p, Fraction(0)) - e
    return LogForm(Fraction(0), c)


class _Prec:
    """Set python-flint's working precision for a block (flint.ctx.prec is global)."""

    def __init__(self, prec: int):
        self.prec = prec

    def __enter__(self):
        self.old = flint.ctx.prec
        flint.ctx.prec = self.prec

    def __exit__(self, *exc):
        flint.ctx.prec = self.old


def to_arb(v, prec: int):
    """An arb ball containing the finite value ``v`` at ``prec`` bits."""
    with _Prec(prec):
        if isinstance(v, Fraction):
            return flint.arb(flint.fmpq(v.numerator, v.denominator))
        if isinstance(v, LogForm):
            acc = flint.arb(flint.fmpq(v.q0.numerator, v.q0.denominator))
            for p, cp in v.c.items():
                acc += flint.arb(flint.fmpq(cp.numerator, cp.denominator)) * flint.arb(p).log()
            return acc
        if isinstance(v, Surd):
            q = lambda f: flint.arb(flint.fmpq(f.numerator, f.denominator))  # noqa: E731
            return q(v.a) + q(v.b) * flint.arb(v.d).sqrt()
        if isinstance(v, Real):
            return v.ball(prec)
    raise Undefined(f"{v!r} has no ball")


def _real(label, f, *args) -> Real:
    def ball(prec):
        with _Prec(prec):
            return f(*[to_arb(a, prec) for a in args])
    return Real(ball, label)


def _as_logform(v):
    if isinstance(v, LogForm):
        return v
    if isinstance(v, Fraction):
        return LogForm(v, {})
    return None


def neg(a):
    if isinstance(a, Infinite):
        return INF if a.s < 0 else NEG_INF
    if isinstance(a, Fraction):
        return -a
    if isinstance(a, LogForm):
        return LogForm(-a.q0, {p: -v for p, v in a.c.items()})
    if isinstance(a, Surd):
        return Surd(-a.a, -a.b, a.d)
    return _real(f"-{a!r}", lambda x: -x, a)


def add(a, b):
    if isinstance(a, Infinite) or isinstance(b, Infinite):
        if isinstance(a, Infinite) and isinstance(b, Infinite) and a.s != b.s:
            raise Undefined("oo - oo")
        return a if isinstance(a, Infinite) else b
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a + b
    la, lb = _as_logform(a), _as_logform(b)
    if la is not None and lb is not None:
        c = dict(la.c)
        for p, v in lb.c.items():
            c[p] = c.get(p, Fraction(0)) + v
        out = LogForm(la.q0 + lb.q0, c)
        return out.q0 if not out.c else out
    d = a.d if isinstance(a, Surd) else b.d if isinstance(b, Surd) else None
    sa, sb = (_as_surd(a, d), _as_surd(b, d)) if d else (None, None)
    if sa is not None and sb is not None:
        return _surd(sa.a + sb.a, sa.b + sb.b, d)
    return _real(f"({a!r} + {b!r})", lambda x, y: x + y, a, b)


def mul(a, b):
    if isinstance(a, Infinite) or isinstance(b, Infinite):
        sa, sb = sign(a), sign(b)
        if sa == 0 or sb == 0:
            raise Undefined("0 * oo")
        return INF if sa * sb > 0 else NEG_INF
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a * b
    if isinstance(b, Fraction):
        a, b = b, a
    if isinstance(a, Fraction) and isinstance(b, LogForm):
        if a == 0:
            return Fraction(0)
        return LogForm(a * b.q0, {p: a * v for p, v in b.c.items()})
    d = a.d if isinstance(a, Surd) else b.d if isinstance(b, Surd) else None
    sa, sb = (_as_surd(a, d), _as_surd(b, d)) if d else (None, None)
    if sa is not None and sb is not None:
        return _surd(sa.a * sb.a + sa.b * sb.b * d, sa.a * sb.b + sa.b * sb.a, d)
    return _real(f"({a!r} * {b!r})", lambda x, y: x * y, a, b)


def div(a, b):
    sb = sign(b)
    if sb == 0:
        sa = sign(a)
        if sa == 0:
            raise Undefined("0/0")
        return INF if sa > 0 else NEG_INF  # a/0 = oo for a > 0 (the convention of the measures)
    if isinstance(b, Infinite):
        if isinstance(a, Infinite):
            raise Undefined("oo/oo")
        return Fraction(0)
    if isinstance(b, Fraction):
        return mul(a, 1 / b)
    if isinstance(a, Infinite):
        return a if sb > 0 else neg(a)
    if isinstance(b, Surd) and _as_surd(a, b.d) is not None:
        norm = b.a * b.a - b.b * b.b * b.d  # non-zero: √d is irrational
        return mul(mul(a, Surd(b.a, -b.b, b.d)), 1 / norm)
    return _real(f"({a!r} / {b!r})", lambda x, y: x / y, a, b)


def log(a):
    s = sign(a)
    if s < 0:
        raise Undefined(f"log of a negative number {a!r}")
    if s == 0:
        return NEG_INF
    if isinstance(a, Infinite):
        return INF
    if isinstance(a, Fraction):
        lf = _logform_of_rational(a)
        if lf is not None:
            return lf.q0 if not lf.c else lf
    return _real(f"log({a!r})", lambda x: x.log(), a)


def exp(a):
    if isinstance(a, Infinite):
        return INF if a.s > 0 else Fraction(0)
    if isinstance(a, Fraction) and a == 0:
        return Fraction(1)
    if isinstance(a, LogForm) and a.q0 == 0 and all(v.denominator == 1 for v in a.c.values()) \
            and sum(abs(v) for v in a.c.values()) <= 10_000:
        out = Fraction(1)
        for p, v in a.c.items():
            out *= Fraction(p) ** int(v)
        return out
    if isinstance(a, LogForm) and a.q0 == 0 and all((2 * v).denominator == 1 for v in a.c.values()) \
            and sum(abs(v) for v in a.c.values()) <= 10_000:
        # Π p^(k/2) = r·√d with d the product of the primes of odd k: a quadratic surd, exact (e^{ε/2} at e^ε = 2)
        r, d = Fraction(1), 1
        for p, v in a.c.items():
            k = int(2 * v)
            r *= Fraction(p) ** (k // 2)
            d *= p if k % 2 else 1
        return Surd(Fraction(0), r, d)
    return _real(f"exp({a!r})", lambda x: x.exp(), a)


def _exact_root(n: int, k: int):
    r = int(flint.fmpz(n).root(k))  # floor of the k-th root, exact integer arithmetic
    return r if r ** k == n else None


def sqrt(a):
    return power(a, Fraction(1, 2))


def power(a, b):
    if isinstance(b, Fraction) and isinstance(a, Fraction):
        if abs(b.numerator) > 10_000 or b.denominator > 64:
            raise NotCheckable(f"exponent {b} too large for exact arithmetic")
        if a < 0 and b.denominator != 1:
            raise Undefined(f"{a}**{b}")
        if a == 0:
            if b < 0:
                return INF
            return Fraction(0) if b > 0 else Fraction(1)
        if b.denominator == 1:
            return a ** b.numerator
        rn, rd = _exact_root(a.numerator, b.denominator), _exact_root(a.denominator, b.denominator)
        if rn is not None and rd is not None:
            return Fraction(rn, rd) ** b.numerator
        if b == Fraction(1, 2):
            m = a.numerator * a.denominator  # √(p/q) = √(pq)/q = s√k/q, k square-free
            f = _factor(m)
            if f is not None:
                sq, k = 1, 1
                for p_, e in f.items():
                    sq *= p_ ** (e // 2)
                    k *= p_ ** (e % 2)
                return Surd(Fraction(0), Fraction(sq, a.denominator), k)
        q = b
        return _real(f"{a}**{b}", lambda x: x ** flint.arb(flint.fmpq(q.numerator, q.denominator)), a)
    if isinstance(b, Fraction) and b.denominator == 1 and 0 <= b.numerator <= 64:
        out = Fraction(1)
        for _ in range(b.numerator):
            out = mul(out, a)
        return out
    if isinstance(a, Infinite):
        sb = sign(b)
        if a.s > 0:
            return INF if sb > 0 else Fraction(0) if sb < 0 else Fraction(1)
        raise Undefined("(-oo)**x")
    if sign(a) <= 0:
        raise Undefined(f"{a!r}**{b!r} with a base that is not positive")
    return exp(mul(b, log(a))) if isinstance(b, Fraction) else _real(f"{a!r}**{b!r}", lambda x, y: x ** y, a, b)


def sign(v, *, max_prec: int = MAX_PREC) -> int:
    """The sign of ``v``: exact for rationals, infinities and log-forms; by a ball excluding 0 otherwise."""
    if isinstance(v, Fraction):
        return (v > 0) - (v < 0)
    if isinstance(v, Infinite):
        return v.s
    if isinstance(v, LogForm) and v.is_zero():
        return 0
    if isinstance(v, Surd):  # sign of a + b√d exactly: compare a² with b²d when the signs differ
        sa, sb = (v.a > 0) - (v.a < 0), (v.b > 0) - (v.b < 0)
        if sa == sb or sb == 0:
            return sa
        if sa == 0:
            return sb
        return sa if v.a * v.a > v.b * v.b * v.d else sb
    prec = START_PREC
    while True:
        ball = to_arb(v, prec)
        if ball > 0:
            return 1
        if ball < 0:
            return -1
        if prec >= max_prec:
            if isinstance(v, LogForm):  # non-zero: more precision must separate it; refuse to go on forever
                raise NotCheckable(f"the non-zero log-form {v!r} needs more than {max_prec} bits")
            raise NotCheckable(f"tie: {v!r} is not separated from 0 at {max_prec} bits and no exact test applies")
        prec *= 2


def compare(a, op: str, b, *, max_prec: int = MAX_PREC) -> bool:
    """Decide ``a op b`` exactly or by a certified ball; NotCheckable on a possible tie."""
    if isinstance(a, Infinite) or isinstance(b, Infinite):
        sa = a.s if isinstance(a, Infinite) else 0
        sb = b.s if isinstance(b, Infinite) else 0
        s = (sa > sb) - (sa < sb) if (sa or sb) and sa != sb else None
        if s is None:
            s = 0  # oo vs oo: equal (the same extended real)
    else:
        s = sign(add(a, neg(b)), max_prec=max_prec)
    return {"<": s < 0, "<=": s <= 0, ">": s > 0, ">=": s >= 0, "==": s == 0, "!=": s != 0}[op]
