"""Shared machinery of the information measures: validation, collected log-sums, maxima.

* **Collected log-sums** (:class:`LogSum`).  Every Shannon quantity of a rational mechanism and
  prior is (1/D)·Σ_n c_n log n over positive integers n with integer c_n; collecting by integer
  means each integer is factored (for an exact LogForm) or its log evaluated (for a certified
  arb enclosure) once.  Factoring is the cost (flint: 0.02 s for a 100-bit semiprime, 1 s at
  160 bits), so "auto" factors only small sums (:data:`_EXACT_MAX_TERMS`, :data:`_EXACT_MAX_BITS`)
  and otherwise refines an arb ball until its width is below 2^-64 (:func:`refine_ball`).
* **Maxima** (:func:`max_measured`, :func:`max_logsums`): enclose every candidate cheaply,
  keep those whose upper end reaches the best lower end, and decide among them exactly
  (:func:`exactpriv.exact.kernel.compare`); enclosures give [best lower, largest upper].

Users: :mod:`exactpriv.measures.information`, :mod:`exactpriv.measures.channel_capacity`,
:mod:`exactpriv.measures.sibson`.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.intervals import arb_eval, arb_to_fractions, working_precision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm, prime_factorization
from exactpriv.exact.numbers import to_sympy
from exactpriv.measures.result import Measured

__all__: list[str] = []  # private module

#: Most distinct integers in a collected log-sum for which "auto" returns the exact LogForm.
_EXACT_MAX_TERMS = 20_000
#: Largest integer (in bits) "auto" will factor for an exact LogForm.
_EXACT_MAX_BITS = 100
#: Most integers above 2^64 "auto" will factor (each may cost ~0.02 s at 100 bits).
_EXACT_MAX_BIG = 64
#: Above this size (bits) of the common denominator of the joint pmf, "auto" evaluates the
#: Shannon sums directly in arb with per-group denominators instead of exact integer sums.
JOINT_MAX_BITS = 512
#: Enclosures are refined until their width is below 2^-ENCLOSURE_BITS.
ENCLOSURE_BITS = 64
#: Precision ladder (bits) for arb evaluations.
PRECISIONS = (128, 256, 512, 1024, 2048, 4096)
#: Largest symbolic sub-channel (rows*columns) handled by the closed-form detector.
SYMBOLIC_MAX_ENTRIES = 4096
#: First-pass gap for the many sub-channels of mi_dp; only those that may hold the maximum
#: are refined to the requested gap.
COARSE_GAP = Fraction(1, 10**4)


def codes_without_record(codes: np.ndarray, i: int) -> list[tuple]:
    return [tuple(r[:i] + r[i + 1:]) for r in codes.tolist()]


def pmf_label(space, pmf):
    """A prior as {point: probability} over its support ("uniform over all N inputs" if so)."""
    if len(pmf) > 1 and all(p == pmf[0] for p in pmf):
        return f"uniform over all {len(pmf)} inputs"
    pts = space.points
    return {repr(pts[k]): str(p) for k, p in enumerate(pmf) if p != 0}


# ======================================================================================
# collected log-sums: Σ_n c_n log n, exact (LogForm) or certified (arb)
# ======================================================================================
@functools.lru_cache(maxsize=1 << 18)
def arb_log_int(n: int, prec: int):
    """Ball of log n at ``prec`` bits; call only inside ``working_precision(prec)``."""
    return flint.arb(n).log()


@functools.lru_cache(maxsize=1 << 16)
def _factor_int(n: int) -> tuple:
    return tuple(prime_factorization(n).items())


class LogSum:
    """The exact real (1/den)·Σ_n c_n·log n (positive integers n, integer c_n), collected by
    integer so that each integer is factored (or its log evaluated) once.  Integer
    coefficients over one common denominator keep the hot loops free of Fraction arithmetic
    (Fraction addition normalises by gcd at every step; it dominated the profile)."""

    __slots__ = ("c", "den")

    def __init__(self, den: int = 1):
        self.c: dict[int, int] = {}
        self.den = den

    def add(self, coef: int, n: int) -> None:
        """Add (coef/den)·log n."""
        if n != 1 and coef:
            self.c[n] = self.c.get(n, 0) + coef

    def add_ratio(self, coef: int, num: int, den: int) -> None:
        """Add (coef/self.den)·log(num/den) for positive integers, reduced by their gcd first."""
        g = math.gcd(num, den)
        if g != 1:
            num //= g
            den //= g
        self.add(coef, num)
        self.add(-coef, den)

    def merge(self, other: "LogSum", sign: int) -> None:
        """Add sign·other (same denominator)."""
        if other.den != self.den:
            raise AssertionError("internal: log-sums over different denominators")  # pragma: no cover
        acc = self.c
        for n, c in other.c.items():
            acc[n] = acc.get(n, 0) + sign * c

    def affordable(self) -> bool:
        """Whether factoring every integer is cheap enough for method="auto" (see module docstring)."""
        items = [n for n, c in self.c.items() if c]
        if len(items) > _EXACT_MAX_TERMS:
            return False
        big = 0
        for n in items:
            b = n.bit_length()
            if b > _EXACT_MAX_BITS:
                return False
            big += b > 64
        return big <= _EXACT_MAX_BIG

    def logform(self) -> LogForm:
        acc: dict[int, int] = {}
        for n, c in self.c.items():
            if c:
                for p, k in _factor_int(n):
                    acc[p] = acc.get(p, 0) + c * k
        return LogForm(0, logs={p: Fraction(c, self.den) for p, c in acc.items() if c})

    def arb(self, prec: int):
        with working_precision(prec):
            acc = flint.arb(0)
            for n, c in self.c.items():
                if c:
                    acc += arb_log_int(n, prec) * c
            return acc / self.den

    def enclosure(self) -> tuple[Fraction, Fraction, int]:
        """Certified rational (lo, hi, prec) with hi - lo < 2^-ENCLOSURE_BITS (or the last rung)."""
        return refine_ball(self.arb)


class BallSum:
    """A real known only through certified balls: ``evaluate(prec)`` -> arb (no exact form).
    Used when the exact log-sum would need integers of thousands of bits (rows with unrelated
    denominators make the common denominator D of the joint pmf huge)."""

    __slots__ = ("_evaluate", "_memo")

    def __init__(self, evaluate):
        self._evaluate = evaluate
        self._memo: dict = {}

    def evaluate(self, prec: int):
        ball = self._memo.get(prec)
        if ball is None:
            ball = self._memo[prec] = self._evaluate(prec)
        return ball

    def arb(self, prec: int):
        return self.evaluate(prec)

    def affordable(self) -> bool:
        return False

    def enclosure(self) -> tuple[Fraction, Fraction, int]:
        """Certified rational (lo, hi, prec) with hi - lo < 2^-ENCLOSURE_BITS (or the last rung)."""
        return refine_ball(self.evaluate)


def refine_ball(evaluate) -> tuple[Fraction, Fraction, int]:
    """Evaluate ``evaluate(prec)`` (an arb ball) up the precision ladder until the ball is
    narrower than 2^-ENCLOSURE_BITS; return its exact endpoints and the precision used."""
    target = Fraction(1, 1 << ENCLOSURE_BITS)
    for prec in PRECISIONS:
        ball = evaluate(prec)
        if ball.is_finite():
            lo, hi = arb_to_fractions(ball)
            if hi - lo < target or prec == PRECISIONS[-1]:
                return lo, hi, prec
    raise InvalidArgument("internal: no finite enclosure at the largest precision")  # pragma: no cover


def logsum_measured(name, ls: LogSum, method: str, witness: dict, note: str = "") -> Measured:
    if method == "exact" or (method == "auto" and ls.affordable()):
        return Measured(name, ls.logform(), witness=witness, method="exact-logform", note=note)
    lo, hi, prec = ls.enclosure()
    why = ("evaluated in arb with per-group denominators (the common denominator is too large for an exact form)"
           if isinstance(ls, BallSum) else "certified enclosure of the exact log-sum (too large to factor)")
    return Measured(name, None, lo, hi, witness, f"arb({prec} bits)", (note + "; " if note else "") + why)


def log_rational_measured(name, r: Fraction, method: str, witness: dict, note: str = "") -> Measured:
    """log r for an exact positive rational r: an exact LogForm when r is small enough to
    factor (or method="exact"), else a certified arb enclosure (r itself is in the witness)."""
    small = max(r.numerator.bit_length(), r.denominator.bit_length()) <= _EXACT_MAX_BITS
    if method == "exact" or (method == "auto" and small):
        return Measured(name, LogForm.log(r), witness=witness, method="exact-logform", note=note)

    def ball(prec):
        with working_precision(prec):
            return flint.arb(flint.fmpq(r.numerator, r.denominator)).log()

    lo, hi, prec = refine_ball(ball)
    return Measured(name, None, lo, hi, witness, f"arb({prec} bits)",
                    (note + "; " if note else "") + "log of the exact rational in the witness, enclosed in arb "
                    "(too large to factor into primes)")


# ======================================================================================
# maxima of measured values
# ======================================================================================
def measured_bounds(v) -> tuple:
    """Certified rational bounds of an exact finite value (Fraction / LogForm / sympy)."""
    if isinstance(v, Fraction):
        return v, v
    if isinstance(v, LogForm):
        if v.is_rational:
            return v.q0, v.q0
        return arb_to_fractions(v.arb(128))
    return arb_to_fractions(arb_eval(v, 256))


def max_measured(name: str, items: list[Measured], note: str = "") -> Measured:
    """The maximum of several measured values, exact when it can be decided exactly, with the
    witness of the maximiser (of the best lower bound for enclosures)."""
    infinite = [m for m in items if m.value is not None and m.value == sympy.oo]
    if infinite:
        best = infinite[0]
        return Measured(name, sympy.oo, witness=best.witness, method=best.method, note=note or best.note)
    symbolic = [m for m in items if m.value is not None and isinstance(m.value, sympy.Basic) and m.value.free_symbols]
    if symbolic:
        return _max_symbolic(name, items, note)
    lows, highs = [], []
    for m in items:
        if m.value is not None:
            lo, hi = measured_bounds(m.value)
        else:
            lo, hi = m.lower, m.upper
        lows.append(lo)
        highs.append(hi)
    best_low = max(lows)
    # candidates: items whose upper bound reaches the best lower bound
    cand = [k for k in range(len(items)) if highs[k] >= best_low]
    if all(items[k].value is not None for k in cand):
        best = cand[0]
        for k in cand[1:]:
            d = compare(items[k].value, ">", items[best].value)
            if d.is_undecided:
                break
            if d.is_true:
                best = k
        else:
            b = items[best]
            return Measured(name, b.value, witness=b.witness, method=b.method, note=note or b.note)
    k = max(range(len(items)), key=lambda j: lows[j])
    methods = sorted({m.method for m in items})
    return Measured(name, None, best_low, max(highs), items[k].witness, " + ".join(methods),
                    (note + "; " if note else "") + "maximum of certified enclosures (witness: best lower bound)")


def max_logsums(name: str, entries: list, method: str, note: str = "") -> Measured:
    """The maximum of exact log-sums (``(LogSum or sympy.oo, witness)`` pairs), factoring
    only the candidates: every sum is first enclosed in arb (cheap), and only those whose
    upper end reaches the best lower end are turned into LogForms and compared exactly."""
    for ls, wit in entries:
        if ls is sympy.oo:
            return Measured(name, sympy.oo, witness=wit, method="exact",
                            note="posterior 0 where the prior is positive" if not note else note)
    if len(entries) == 1:
        return logsum_measured(name, entries[0][0], method, entries[0][1], note)
    bounds = [arb_to_fractions(ls.arb(128)) for ls, _ in entries]
    best_low = max(lo for lo, _ in bounds)
    cand = [k for k, (_, hi) in enumerate(bounds) if hi >= best_low]
    items = [logsum_measured(name, entries[k][0], method, entries[k][1], note) for k in cand]
    return max_measured(name, items, note)


def _max_symbolic(name, items, note):
    exprs = []
    for m in items:
        if m.value is None:
            raise InvalidArgument(f"{name}: cannot mix symbolic closed forms with numeric enclosures")
        v = to_sympy(m.value)
        if v == 0:
            continue
        if not any(sympy.simplify(v - to_sympy(e.value)) == 0 for e in exprs):
            exprs.append(m)
    if not exprs:
        return Measured(name, Fraction(0), witness=items[0].witness, method=items[0].method, note=note)
    if len(exprs) > 1:
        raise InvalidArgument(
            f"{name}: the maximum of the distinct symbolic values {[sympy.sstr(to_sympy(e.value)) for e in exprs]} "
            f"depends on the parameter; substitute a value first (M.subs(eps=...))")
    b = exprs[0]
    return Measured(name, b.value, witness=b.witness, method=b.method, note=note or b.note)
