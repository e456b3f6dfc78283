"""Exact charts of a symbolic family: entries as rational functions of one chart variable u.

Step 1 of :mod:`exactpriv.measures.symbolic`.  u = e^{c·s} when entries are rational in exponentials
e^{q·s} (c = gcd of the rational q's), u = s when they are rational in s.  Chart values are canonical
pairs of python-flint ``fmpq_poly`` (``RationalFunction``: coprime, monic denominator) so equality is structural
and arithmetic costs microseconds (sympy's ``cancel``/``Poly`` took 5-10 ms a call).  The sign of a
rational function over an interval with rational ends is decided exactly: flint square-free
factorisation, Descartes' rule of signs with Sturm sequences behind it (``_has_root_in``), exact evaluation at a rational sample point and the
ends (``nonnegative_on``).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import sympy

from exactpriv.exact.decisions import Truth
from exactpriv.exact.numbers import OO, to_sympy
# the chart's values: rational functions of u
from exactpriv.exact.ratfunc import NotARationalFunction, RationalFunction, rational_function_of
from exactpriv.measures.symbolic.domain import Domain

__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.measures.symbolic


#: The chart variable u > 0 of every chart function (u = e^{c·var}, or var itself).
CHART_VARIABLE = sympy.Dummy("u", positive=True)


# ======================================================================================
# chart: rational functions of u = e^{c s} or u = s
# ======================================================================================
class Chart:
    """Exact rewriting of expressions in ``var`` as rational functions of u (kind "exp": u = e^{c var};
    kind "id": u = var; kind None: no chart, expressions stay as they are)."""

    def __init__(self, var, exprs, *, check: bool = True):
        self.var = var
        self.c = Fraction(1)
        qs = []
        for e in exprs:
            for atom in e.atoms(sympy.exp):
                arg = atom.args[0]
                if arg.has(var):
                    q = _ratio(arg, var)
                    if not q.is_Rational:
                        qs = None
                        break
                    qs.append(Fraction(int(q.p), int(q.q)))
            if qs is None:
                break
        if qs is None:
            self.kind = None
        elif qs:
            num_g, den_l = 0, 1
            for q in qs:
                num_g = math.gcd(num_g, abs(q.numerator))
                den_l = math.lcm(den_l, q.denominator)
            self.c = Fraction(num_g, den_l)
            self.kind = "exp"
        else:
            self.kind = "id"
        # each expression converted once: the check converts every entry and the family then asks for the same ones
        # (the chart is fixed once built, and the conversion is a pure function of the immutable expression)
        self._converted: dict = {}
        if check and self.kind is not None and any(self.to_u(e) is None for e in exprs):
            self.kind = None

    def to_u(self, expr):
        """The rational function of u equal to ``expr`` (an exact :class:`RationalFunction`), or None."""
        if self.kind is None:
            return None
        e = to_sympy(expr)
        if e in self._converted:
            return self._converted[e]
        try:
            f = self._rf(e)
        except (NotARationalFunction, ZeroDivisionError):
            f = None
        self._converted[e] = f
        return f

    def _rf(self, e):
        """Structural conversion: sums, products, integer powers, rationals, e^{q s} and s."""
        return rational_function_of(e, self._leaf)

    def _leaf(self, e):
        if isinstance(e, sympy.exp) and self.kind == "exp":
            q = _ratio(e.args[0], self.var)
            if not q.is_Rational:
                return None
            k = Fraction(int(q.p), int(q.q)) / self.c
            if k.denominator != 1:
                return None
            return RationalFunction.gen() ** int(k)
        if e == self.var and self.kind == "id":
            return RationalFunction.gen()
        return None

    def from_u(self, f):
        if isinstance(f, RationalFunction):
            f = _factored(f)
        if self.kind == "exp":
            return f.xreplace({CHART_VARIABLE: sympy.exp(sympy.Rational(self.c.numerator, self.c.denominator) * self.var)})
        if self.kind == "id":
            return f.xreplace({CHART_VARIABLE: self.var})
        return f

    def interval(self, dom: Domain):
        """(a, b, a_closed, b_closed) of u with Fraction ends (b None for oo), or None."""
        if self.kind is None:
            return None
        if self.kind == "exp":
            c = sympy.Rational(self.c.numerator, self.c.denominator)
            a = sympy.exp(c * dom.lo)
            b = None if dom.hi == OO else sympy.exp(c * dom.hi)
        else:
            a, b = dom.lo, (None if dom.hi == OO else dom.hi)
        if not a.is_Rational or (b is not None and not b.is_Rational):
            return None
        fa = Fraction(int(a.p), int(a.q))
        fb = None if b is None else Fraction(int(b.p), int(b.q))
        return fa, fb, dom.lo_closed, dom.hi_closed


# sympy.factor is the costliest step of turning a rational function of u back into an expression, and the
# same functions recur across the bank's families and readings; the factored form is a pure function of the
# (immutable, exactly compared) rational function, so it is computed once per distinct one.
@functools.lru_cache(maxsize=4096)
def _factored(f: RationalFunction):
    return sympy.factor(f.to_sympy(CHART_VARIABLE))


def sympy_rational(x: Fraction):
    """``x`` as a sympy Rational."""
    return sympy.Rational(x.numerator, x.denominator)


# Exact real-root counting is hand-written on python-flint polynomials (fmpq_poly: exact gcd,
# remainder, square-free factorisation) because sympy's Poly.count_roots/sqf_list dominated the
# run time (about 10 ms a call, thousands of calls on random families); Sturm's theorem is short.
def _ratio(arg, var):
    """``sympy.cancel(arg / var)``: the quotient itself when sympy's division already gives a rational number (what
    cancel returns for a number; the exponents of the bank's charts are q·var), else cancel."""
    q = arg / var
    return q if q.is_Rational else sympy.cancel(q)


def _fq(x: Fraction):
    return flint.fmpq(x.numerator, x.denominator)


def _sgn(v) -> int:
    return (v > 0) - (v < 0)


def _sturm_count(P, a: Fraction, b) -> int:
    """Distinct real roots of the fmpq_poly P (non-zero) in the open interval (a, b), b None = oo."""
    x = flint.fmpq_poly([0, 1])
    if P.degree() <= 0:
        return 0
    P = P // P.gcd(P.derivative())  # square-free part: same distinct roots
    fa = _fq(a)
    if P(fa) == 0:
        P = P // (x - fa)
    if b is not None and P(_fq(b)) == 0:
        P = P // (x - _fq(b))
    if P.degree() <= 0:
        return 0
    seq = [P, P.derivative()]
    while seq[-1].degree() > 0:
        r = -(seq[-2] % seq[-1])
        if r.is_zero():
            break
        seq.append(r)

    def variations(signs):
        signs = [s for s in signs if s != 0]
        return sum(1 for s, t in zip(signs, signs[1:]) if s != t)

    va = variations([_sgn(q(fa)) for q in seq])
    vb = (variations([_sgn(q.leading_coefficient()) for q in seq]) if b is None
          else variations([_sgn(q(_fq(b))) for q in seq]))
    return va - vb


_SHIFT_BY_ONE = flint.fmpq_poly([1, 1])


def _has_root_in(P, a: Fraction, b) -> bool:
    """Whether the fmpq_poly P (non-zero) has a real root in the open interval (a, b), b None = oo.

    Descartes' rule of signs first: the roots of P in (a, b) are the positive roots of Q(y) = P(a + y) (b = oo), or of
    Q(y) = (1 + y)^d P((a + b y)/(1 + y)) (the reversal of P(a + (b - a) z) shifted by one), and Q has as many
    positive roots, counted with multiplicity, as its coefficients have sign changes, less an even number: no change
    means no root, one change exactly one.  Only more changes need the Sturm count (``_sturm_count``, the
    reference).  flint does the two compositions in C; the Sturm sequences' remainders were 2% of a `verify`, and in
    its 2,137 questions the rule of signs answered every one."""
    if P.degree() <= 0:
        return False
    if b is not None and not b > a:
        return _sturm_count(P, a, b) > 0
    fa = _fq(a)
    if b is None:
        Q = P(flint.fmpq_poly([fa, 1]))
    else:
        z = P(flint.fmpq_poly([fa, _fq(b) - fa]))  # z in (0, 1)
        Q = flint.fmpq_poly(z.coeffs()[::-1])(_SHIFT_BY_ONE)
    signs = [c > 0 for c in Q.coeffs() if c != 0]
    changes = sum(1 for s, t in zip(signs, signs[1:]) if s != t)
    if changes <= 1:
        return changes == 1
    return _sturm_count(P, a, b) > 0


def nonnegative_on(f, iv, strict: bool) -> Truth:
    """Exact: is the rational function f(u) >= 0 (> 0 if ``strict``) on the interval ``iv``?

    f = N/D with coprime N, D: poles (roots of D) in the domain give UNDECIDED; otherwise f changes
    sign exactly at the odd-multiplicity roots of N (square-free factorisation + Sturm counts), and
    its sign elsewhere is read at a rational point; closed ends are evaluated exactly."""
    a, b, ca, cb = iv
    N, D = f.N, f.D
    if N.is_zero():
        return Truth.FALSE if strict else Truth.TRUE
    fa = _fq(a)
    fb = None if b is None else _fq(b)
    if D.degree() > 0 and (_has_root_in(D, a, b) or (ca and D(fa) == 0) or (cb and fb is not None and D(fb) == 0)):
        return Truth.UNDECIDED  # a pole in the domain: no sign statement
    odd = any_root = False
    if N.degree() > 0:
        _, facs = N.factor_squarefree()
        for g, m in facs:
            if _has_root_in(g, a, b):
                any_root = True
                odd = odd or m % 2 == 1
    q = a + 1 if b is None else (a + b) / 2
    while N(_fq(q)) == 0:
        q = (a + q) / 2
    s = _sgn(N(_fq(q))) * _sgn(D(_fq(q)))
    if odd or s < 0 or (strict and any_root):
        return Truth.FALSE
    for end, closed in ((fa, ca), (fb, cb)):
        if closed and end is not None:
            v = _sgn(N(end)) * _sgn(D(end))
            if v < 0 or (strict and v == 0):
                return Truth.FALSE
    return Truth.TRUE
