"""Closed forms of privacy measures on symbolic mechanism families (entries in ε or in one parameter).

A *symbolic family* is a :class:`~exactpriv.mechanisms.base.Mechanism` whose entries are exact
sympy expressions in ONE symbol s — the privacy parameter ``eps`` (randomized response,
truncated geometric, the exponential mechanism E_d built with ``eps=EPS``) or a parameter such as
the non-erasure probability δ — together with a domain of s (default ε ∈ [0, oo)).  Each measure
here returns a :class:`~exactpriv.measures.result.Measured` whose value is a sympy expression in
s that equals the measure of M(s) for EVERY s of ``witness["valid_on"]``, or raises
:class:`~exactpriv.errors.InvalidArgument` when no exact derivation applies.

Algorithm and why
-----------------
1. **Chart.**  Entries are rewritten exactly as rational functions of a chart variable u:
   u = e^{c·s} when they are rational in exponentials e^{q·s} (c = gcd of the rational q's, as in
   :func:`exactpriv.measures.divergence._to_t`), u = s when they are rational in s.  Chart values
   are canonical pairs of python-flint ``fmpq_poly`` (:class:`_RF`: coprime, monic denominator),
   so equality is structural and arithmetic costs microseconds (sympy's ``cancel``/``Poly`` took
   5-10 ms a call and dominated everything).  The sign of a rational function over an interval
   with rational ends is decided exactly (flint square-free factorisation, Sturm sequences,
   exact evaluation at a rational sample point and at the ends).  Expressions with logs are first
   put in the *log-linear normal form* Σ_b c_b(u)·b (step 4's basis; :func:`prove_log_linear`):
   identical normal forms prove an identity, a purely rational difference is signed exactly.
   Everything else (fractional powers, e^{ε'} off the lattice, genuine transcendental
   inequalities) goes to the certifier :func:`exactpriv.certify.prove_inequality`.
2. **Validity domain.**  Every entry that is not identically zero must be > 0 on the open domain
   (decided as above; otherwise InvalidArgument: split the domain or substitute).  A closed end
   where some entry vanishes is *excluded* (the support changes there and a closed form need not
   extend); :mod:`exactpriv.forall` decides such ends on ``M.subs(...)`` with the exact numeric
   measures.
3. **Symmetry, exactly.**  Ordered pairs (x, x') whose column pairs {(P(y|x), P(y|x'))}_y are equal
   multisets of canonical entries have equal KL, Rényi, hockey-stick and max divergences (each is
   a sum or max over y of a function of the column pair).  Grouping by that multiset needs no
   float; all 2·C(k,2) ordered pairs of k-ary randomized response form one class, so D(P‖Q) =
   D(Q‖P) there is an exact by-product.
4. **Closed forms per class.**  Logs of rational functions are split over a basis — s itself
   (log u = c·s), logs of primes, logs of irreducible factors of constant sign on the domain —
   and the coefficients are collected and cancelled, so KL of RR(ε) comes out as
   ε(e^ε − 1)/(e^ε + 1) rather than a sum of logs.  TV and hockey-stick are
   E_γ = Σ_y max(0, a − γb) = max over output sets S of Σ_{y∈S}(a − γb): terms of constant sign on
   the domain are kept or dropped exactly, and the r terms whose sign changes give 2^r rational
   candidates (one per choice), maximised like ratios in step 5 — so the value stays exact even
   when the optimal event changes with ε.
5. **Maximum over classes for all s.**  Ratios (pure DP) and cross-ratios (semantic privacy) are
   rational functions: dominance is decided exactly on the chart.  Other closed forms (KL, Rényi,
   capacities) are compared through the normal form, then the certifier: a candidate is dropped
   only when another is PROVED >= it on the whole domain.  A certified value (exact on the chart,
   arb balls otherwise) at a few interior points refutes a dominance without calling the
   certifier; floats at one point merely *order* the candidates to try.
   When no candidate is proved dominant the value is the exact ``Max`` of the undominated closed
   forms, and the note says so.
6. **Capacity / MI-DP.**  Gallager's symmetric channels (outputs partitioned into classes in which
   rows are permutations of each other and columns are permutations of each other; Gallager 1968,
   §4.5, Thm 4.5.2) have a capacity-achieving uniform input, C = Σ_y W(y|x0) log(W(y|x0)/q(y)).
   The coarsest such partition is found exactly by grouping columns by their multiset of canonical
   entries (a valid partition exists iff this one is valid).  BSC(p): log 2 − h(p); erasure
   channel: δ log N; E_d: n log m − H(row).  Other channels fall back on the closed-form detector
   of :func:`exactpriv.measures.information.capacity` (erasure recursion), else InvalidArgument.
   MI-DP = max over records i and x_{-i} of the capacity of x_i -> P(.|x_i, x_{-i})
   (reduction proved in :func:`exactpriv.measures.information.mi_dp`).

Measured on this machine (loaded, 2 cores): every closed form of the paper families (RR_k,
truncated geometric, E_d on {0,1}^2, count query) takes <= 0.02 s once the family is analysed;
seeded random 2-4 input families 0.02-0.1 s, except KL maxima, which need certifier proofs
(0.6-3 s, or an exact Max when the certifier is undecided).

Conventions: 0·log 0 = 0; log(p/0) = +oo for p > 0 (a pair with an identically-zero entry
opposite a non-zero one gives +oo); 0/0 ratios are ignored.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import flint
import numpy as np
import sympy

from exactpriv.errors import ExactPrivError, InvalidArgument, NotExactError
from exactpriv.exact.decisions import Truth
from exactpriv.exact.numbers import as_rational, to_sympy
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import Hamming

__all__ = [
    "DEFAULT_SECONDS",
    "Domain",
    "SYMBOLIC_MEASURES",
    "capacity_symbolic",
    "hockey_stick_symbolic",
    "kl_dp_symbolic",
    "mi_dp_symbolic",
    "pair_divergence_symbolic",
    "prove_log_linear",
    "pure_dp_symbolic",
    "renyi_dp_symbolic",
    "semantic_privacy_symbolic",
    "symbolic_measure",
    "tv_dp_symbolic",
]

_OO = sympy.oo
_U = sympy.Dummy("u", positive=True)

#: Default wall-clock budget of one measure (certifier calls of the dominance step), seconds.
DEFAULT_SECONDS = 30.0
#: Budget of a single certifier call.  Empirically determined parameter: every comparison of the
#: seed families settles within 1 s; harder ones are left as an exact Max instead of waiting.
_PER_CALL_SECONDS = 2.0


# ======================================================================================
# domain
# ======================================================================================
def _end(value, name):
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not a number")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number (e.g. Fraction or sympy.Rational)")
    if isinstance(value, (int, Fraction)):
        return sympy.Rational(value.numerator, value.denominator) if isinstance(value, Fraction) else sympy.Integer(value)
    if isinstance(value, sympy.Expr) and not value.free_symbols:
        if value.has(sympy.Float):
            raise NotExactError(f"{name}={value} contains a float")
        if value in (_OO, -_OO):
            return value
        if value.has(sympy.nan, sympy.zoo, sympy.I, _OO, -_OO) or value.is_real is False:
            raise InvalidArgument(f"{name}={value} is not a finite real number (or oo)")
        return value
    raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not an exact constant (int, Fraction, "
                          f"sympy number or sympy.oo)")


@dataclass(frozen=True)
class Domain:
    """An interval of the family's symbol: ``lo`` < ``hi`` (exact; ``hi`` may be ``oo``), and
    whether each end belongs to it."""

    variable: sympy.Symbol
    lo: sympy.Expr
    hi: sympy.Expr
    lo_closed: bool = True
    hi_closed: bool = False

    @classmethod
    def make(cls, variable, domain=(0, _OO), closed=(True, False)) -> "Domain":
        try:
            lo, hi = domain
            lc, hc = closed
        except (TypeError, ValueError):
            raise InvalidArgument(f"domain={domain!r} and closed={closed!r} must be pairs (lo, hi), "
                                  f"(lo_closed, hi_closed)") from None
        lo, hi = _end(lo, "domain[0]"), _end(hi, "domain[1]")
        if lo in (_OO, -_OO):
            raise InvalidArgument(f"domain={domain!r}: the lower end must be finite")
        if not isinstance(lc, bool) or not isinstance(hc, bool):
            raise InvalidArgument(f"closed={closed!r} must be a pair of bools")
        if hi != _OO:
            from exactpriv.exact.kernel import compare

            if not compare(lo, "<", hi).is_true:
                raise InvalidArgument(f"domain={domain!r}: need lo < hi")
        if variable.is_nonnegative and lo.is_negative:
            raise InvalidArgument(f"domain={domain!r}: {variable} is declared nonnegative, the domain must lie in "
                                  f"[0, oo)")
        return cls(variable, lo, hi, lc, hc and hi != _OO)

    def text(self) -> str:
        return f"{'[' if self.lo_closed else '('}{self.lo}, {self.hi}{']' if self.hi_closed else ')'}"

    def __str__(self):
        return f"{self.variable} in {self.text()}"

    def args(self) -> dict:
        """Keyword arguments for :func:`exactpriv.certify.prove_inequality`."""
        return {"domain": (self.lo, self.hi), "closed": (self.lo_closed, self.hi_closed), "variable": self.variable}

    def covers(self, other: "Domain") -> bool:
        """Exact: does this domain contain ``other``?"""
        if self.variable != other.variable:
            return False
        lo_ok = (self.lo == other.lo and (self.lo_closed or not other.lo_closed)) or bool(
            sympy.simplify(other.lo - self.lo).is_positive)
        if self.hi == _OO:
            hi_ok = True
        elif other.hi == _OO:
            hi_ok = False
        else:
            hi_ok = (self.hi == other.hi and (self.hi_closed or not other.hi_closed)) or bool(
                sympy.simplify(self.hi - other.hi).is_positive)
        return lo_ok and hi_ok

    def sample(self) -> sympy.Expr:
        """An interior point (used to ORDER candidates by a float value, never to decide)."""
        if self.hi == _OO:
            return self.lo + 1
        return (self.lo + self.hi) / 2


# ======================================================================================
# chart: rational functions of u = e^{c s} or u = s
# ======================================================================================
class _Chart:
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
                    q = sympy.cancel(arg / var)
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
        if check and self.kind is not None and any(self.to_u(e) is None for e in exprs):
            self.kind = None

    def to_u(self, expr):
        """The rational function of u equal to ``expr`` (an exact :class:`_RF`), or None."""
        if self.kind is None:
            return None
        try:
            return self._rf(to_sympy(expr))
        except (_NotRational, ZeroDivisionError):
            return None

    def _rf(self, e):
        """Structural conversion: sums, products, integer powers, rationals, e^{q s} and s."""
        if e.is_Rational:
            return _RF.const(Fraction(int(e.p), int(e.q)))
        if e.is_Add:
            acc = _RF.const(0)
            for a in e.args:
                acc = acc + self._rf(a)
            return acc
        if e.is_Mul:
            acc = _RF.const(1)
            for a in e.args:
                acc = acc * self._rf(a)
            return acc
        if e.is_Pow:
            base, ex = e.args
            if ex.is_Integer:
                return self._rf(base) ** int(ex)
            raise _NotRational
        if isinstance(e, sympy.exp) and self.kind == "exp":
            q = sympy.cancel(e.args[0] / self.var)
            if not q.is_Rational:
                raise _NotRational
            k = Fraction(int(q.p), int(q.q)) / self.c
            if k.denominator != 1:
                raise _NotRational
            return _RF.gen() ** int(k)
        if e == self.var and self.kind == "id":
            return _RF.gen()
        raise _NotRational

    def from_u(self, f):
        if isinstance(f, _RF):
            f = sympy.factor(f.to_sympy())
        if self.kind == "exp":
            return f.xreplace({_U: sympy.exp(sympy.Rational(self.c.numerator, self.c.denominator) * self.var)})
        if self.kind == "id":
            return f.xreplace({_U: self.var})
        return f

    def interval(self, dom: Domain):
        """(a, b, a_closed, b_closed) of u with Fraction ends (b None for oo), or None."""
        if self.kind is None:
            return None
        if self.kind == "exp":
            c = sympy.Rational(self.c.numerator, self.c.denominator)
            a = sympy.exp(c * dom.lo)
            b = None if dom.hi == _OO else sympy.exp(c * dom.hi)
        else:
            a, b = dom.lo, (None if dom.hi == _OO else dom.hi)
        if not a.is_Rational or (b is not None and not b.is_Rational):
            return None
        fa = Fraction(int(a.p), int(a.q))
        fb = None if b is None else Fraction(int(b.p), int(b.q))
        return fa, fb, dom.lo_closed, dom.hi_closed


def _q(x: Fraction):
    return sympy.Rational(x.numerator, x.denominator)


class _NotRational(Exception):
    pass


class _RF:
    """An exact rational function N(u)/D(u) over Q on python-flint polynomials, kept canonical
    (coprime, D monic) so that equality is structural and hashing is cheap.  Chart arithmetic is
    done here instead of with sympy.cancel (measured: sympy's Poly/cancel was about 5-10 ms a call
    and dominated every closed form; flint's gcd is microseconds)."""

    __slots__ = ("N", "D", "_key")

    def __init__(self, N, D, *, reduced: bool = False):
        if not reduced:
            if D.is_zero():
                raise ZeroDivisionError("rational function with zero denominator")
            if N.is_zero():
                D = flint.fmpq_poly([1])
            else:
                g = N.gcd(D)
                if g.degree() > 0:
                    N, D = N // g, D // g
            lc = D.leading_coefficient()
            if lc != 1:
                N, D = N / lc, D / lc
        self.N, self.D = N, D
        self._key = None

    @classmethod
    def const(cls, q) -> "_RF":
        q = q if isinstance(q, flint.fmpq) else flint.fmpq(int(Fraction(q).numerator), int(Fraction(q).denominator))
        return cls(flint.fmpq_poly([q]), flint.fmpq_poly([1]), reduced=True)

    @classmethod
    def gen(cls) -> "_RF":
        return cls(flint.fmpq_poly([0, 1]), flint.fmpq_poly([1]), reduced=True)

    def key(self):
        if self._key is None:
            self._key = (tuple((int(c.p), int(c.q)) for c in self.N.coeffs()),
                         tuple((int(c.p), int(c.q)) for c in self.D.coeffs()))
        return self._key

    def __hash__(self):
        return hash(self.key())

    def __eq__(self, other):
        if isinstance(other, (int, Fraction)):
            other = _RF.const(other)
        return isinstance(other, _RF) and self.key() == other.key()

    def _lift(self, other):
        if isinstance(other, _RF):
            return other
        if isinstance(other, (int, Fraction, flint.fmpq)):
            return _RF.const(other)
        return NotImplemented

    def __add__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return _RF(self.N * o.D + o.N * self.D, self.D * o.D)

    __radd__ = __add__

    def __neg__(self):
        return _RF(-self.N, self.D, reduced=True)

    def __sub__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return self + (-o)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return _RF(self.N * o.N, self.D * o.D)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return _RF(self.N * o.D, self.D * o.N)

    def __rtruediv__(self, other):
        return _RF.const(other) / self

    def __pow__(self, k: int):
        if k >= 0:
            return _RF(self.N ** k, self.D ** k)
        return _RF(self.D ** (-k), self.N ** (-k))

    @property
    def is_zero(self) -> bool:
        return self.N.is_zero()

    def value_at(self, q: Fraction):
        """Exact value at a rational point (None at a pole)."""
        d = self.D(_fq(q))
        if d == 0:
            return None
        v = self.N(_fq(q)) / d
        return Fraction(int(v.p), int(v.q))

    def to_sympy(self):
        def poly(P):
            return sympy.Add(*[_q(Fraction(int(c.p), int(c.q))) * _U ** i for i, c in enumerate(P.coeffs())])

        return poly(self.N) / poly(self.D)

    def __repr__(self):
        return f"_RF({self.to_sympy()})"


def _poly_sympy(P):
    return sympy.Add(*[_q(Fraction(int(c.p), int(c.q))) * _U ** i for i, c in enumerate(P.coeffs())])


# Exact real-root counting is hand-written on python-flint polynomials (fmpq_poly: exact gcd,
# remainder, square-free factorisation) because sympy's Poly.count_roots/sqf_list dominated the
# run time (about 10 ms a call, thousands of calls on random families); Sturm's theorem is short.
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


def _u_ge0(f, iv, strict: bool) -> Truth:
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
    if D.degree() > 0 and (_sturm_count(D, a, b) or (ca and D(fa) == 0) or (cb and fb is not None and D(fb) == 0)):
        return Truth.UNDECIDED  # a pole in the domain: no sign statement
    odd = any_root = False
    if N.degree() > 0:
        _, facs = N.factor_squarefree()
        for g, m in facs:
            if _sturm_count(g, a, b):
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


class _Budget:
    def __init__(self, seconds):
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 \
                or seconds != seconds or seconds == float("inf"):
            raise InvalidArgument(f"seconds={seconds!r} of type {type(seconds).__name__} must be a positive "
                                  f"finite number")
        self.deadline = time.perf_counter() + seconds

    def slice(self) -> float:
        return min(_PER_CALL_SECONDS, self.deadline - time.perf_counter())


# ======================================================================================
# the analysed family
# ======================================================================================
def _flat(M, what) -> Mechanism:
    if isinstance(M, ProductMechanism):
        return M.expand()
    if not isinstance(M, Mechanism):
        raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism ({what})")
    return M


def _variable(M: Mechanism, variable, what):
    free = set(M.free_symbols)
    if variable is not None:
        if not isinstance(variable, sympy.Symbol):
            raise InvalidArgument(f"variable={variable!r} of type {type(variable).__name__} must be a sympy Symbol")
        if free - {variable}:
            raise InvalidArgument(f"{what}: {M!r} has symbols {sorted(map(str, free))}; only {variable} may remain "
                                  f"(substitute the others with M.subs(...))")
        if not free:
            raise InvalidArgument(f"{what}: {M!r} has no symbolic entries; use the exact numeric measure instead")
        return variable
    if len(free) != 1:
        raise InvalidArgument(
            f"{what}: a symbolic family needs exactly one symbol, {M!r} has {sorted(map(str, free)) or 'none'}"
            + ("; use the exact numeric measure instead" if not free else "; substitute the others (M.subs(...))"))
    return next(iter(free))


class _LogAlgebra:
    """Exact algebra on one chart and one domain: signs of chart functions, logs of positive
    rational functions split over a basis, and proved maxima.  ``valid`` is the domain on which
    every statement is made."""

    def __init__(self, chart: "_Chart", valid: Domain):
        self.chart, self.var, self.valid = chart, valid.variable, valid
        self.iv = chart.interval(valid)
        self._logs: dict = {}

    # ----- sign decisions on the validity domain
    def _certify(self, expr, op, dom: Domain, budget: _Budget) -> Truth:
        from exactpriv.certify import prove_inequality

        sec = budget.slice()
        if sec <= 0.05:
            return Truth.UNDECIDED
        try:
            res = prove_inequality(expr, op, 0, seconds=sec, **dom.args())
        except ExactPrivError:
            return Truth.UNDECIDED
        return {"PROVED": Truth.TRUE, "REFUTED": Truth.FALSE}.get(res.verdict, Truth.UNDECIDED)

    def ge0(self, f_u, expr, budget: _Budget, *, strict=False) -> Truth:
        """Is the function >= 0 (> 0) on the validity domain?  ``f_u``: chart form or None;
        ``expr``: the same function in the family's symbol."""
        if f_u is not None and self.iv is not None:
            t = _u_ge0(f_u, self.iv, strict)
            if t is not Truth.UNDECIDED:
                return t
        if expr is None:
            expr = self.chart.from_u(f_u)
        d = prove_log_linear(expr, ">" if strict else ">=", 0, self.valid, seconds=max(budget.slice(), 0.1))
        if d is not None:
            return Truth.TRUE
        return self._certify(expr, ">" if strict else ">=", self.valid, budget)

    def expr(self, f_u):
        """A chart value as an expression in the family's symbol."""
        if isinstance(f_u, _RF):
            return self.chart.from_u(f_u)
        if self.chart.kind is None and isinstance(f_u, sympy.Basic):
            return sympy.factor(sympy.cancel(f_u))
        return self.chart.from_u(f_u)

    def canon(self, v):
        """Canonical chart value (an _RF is canonical; expressions off the chart are cancelled)."""
        return v if isinstance(v, _RF) else sympy.cancel(v)

    def lift(self, c):
        """A constant as a chart value of this algebra's kind."""
        if self.chart.kind is not None:
            return c if isinstance(c, _RF) else _RF.const(Fraction(c))
        return to_sympy(Fraction(c)) if isinstance(c, (int, Fraction)) else c

    @staticmethod
    def is0(v) -> bool:
        return v.is_zero if isinstance(v, _RF) else v == 0

    # ----- logs of positive rational functions, split over a basis
    def _const_sign(self, g, budget) -> int | None:
        if self.ge0(g, None, budget, strict=True) is Truth.TRUE:
            return 1
        if self.ge0(-g, None, budget, strict=True) is Truth.TRUE:
            return -1
        return None

    def log_terms(self, r, budget) -> dict:
        """log r = Σ weight·basis for a rational function r > 0 on the domain: bases ("var",) (the
        symbol; log u = c·s), ("prime", p), ("poly", coefficients of g) (log g, g irreducible over Q
        of constant sign, made positive) or ("log", r) (log r unsplit, when a factor's sign is not
        constant or there is no chart)."""
        if r in self._logs:
            return self._logs[r]
        if not isinstance(r, _RF):
            out = {("log", r): Fraction(1)}
            self._logs[r] = out
            return out
        out: dict = {}
        const = Fraction(1)
        ok = True
        for P, sgn in ((r.N, 1), (r.D, -1)):
            c, facs = P.factor()
            const *= Fraction(int(c.p), int(c.q)) ** sgn
            for g, m in facs:
                if self.chart.kind == "exp" and g.degree() == 1 and g(0) == 0:  # g = u
                    out[("var",)] = out.get(("var",), Fraction(0)) + sgn * m * self.chart.c
                    continue
                sg = self._const_sign(_RF(g, flint.fmpq_poly([1]), reduced=True), budget)
                if sg is None:
                    ok = False
                    break
                if sg < 0:
                    g = -g
                    const *= (-1) ** m
                key = ("poly", tuple((int(q.p), int(q.q)) for q in g.coeffs()))
                out[key] = out.get(key, Fraction(0)) + sgn * m
            if not ok:
                break
        if not ok or const <= 0:
            out = {("log", r): Fraction(1)}
        else:
            for part, sgn in ((const.numerator, 1), (const.denominator, -1)):
                for p, e in sympy.factorint(part).items():
                    out[("prime", int(p))] = out.get(("prime", int(p)), Fraction(0)) + sgn * e
        out = {b: w for b, w in out.items() if w != 0}
        self._logs[r] = out
        return out

    def basis_value(self, b):
        if b[0] == "one":
            return sympy.Integer(1)
        if b[0] == "var":
            return self.var
        if b[0] == "prime":
            return sympy.log(sympy.Integer(b[1]))
        if b[0] == "poly":
            g = sympy.Add(*[_q(Fraction(p, q)) * _U ** i for i, (p, q) in enumerate(b[1])])
            return sympy.log(self.chart.from_u(g))
        return sympy.log(self.expr(b[1]))

    def assemble(self, terms: dict):
        """Σ_basis coef(u)·basis with each coefficient cancelled and factored."""
        parts = []
        for b in sorted(terms, key=str):
            coef = self.canon(terms[b])
            if self.is0(coef):
                continue
            parts.append(self.expr(coef) * self.basis_value(b))
        return sympy.Add(*parts) if parts else sympy.Integer(0)

    def add_log(self, terms: dict, coef, r, budget):
        coef = self.lift(coef)
        for b, w in self.log_terms(r, budget).items():
            terms[b] = terms.get(b, 0) + coef * (w if isinstance(coef, _RF) else _q(w))

    # ----- dominance: the maximum over candidates for every point of the domain
    def dominant(self, cands, budget, *, rational: bool):
        """``cands``: [(value, witness)] with value a chart function (``rational``) or an expression
        in the symbol, or oo.  Returns (undominated list, how)."""
        inf = [c for c in cands if c[0] == _OO]
        if inf:
            return [inf[0]], "a support gap (+oo)"
        # dedupe by canonical form (cancel() is canonical for rational functions; equal closed forms
        # that differ structurally only cost a redundant proof below)
        seen: dict = {}
        for v, w in cands:
            seen.setdefault(self.canon(v) if rational else v, (v, w))
        uniq = list(seen.values())
        if len(uniq) == 1:
            return uniq, "a single distinct value"
        # floats only ORDER the attempts (largest first); every elimination below is a proof
        pt = self.valid.sample()

        def guess(v):
            try:
                return float(sympy.N((self.expr(v) if rational else v).subs(self.var, pt), 15))
            except (TypeError, ValueError, ZeroDivisionError):
                return 0.0

        uniq.sort(key=lambda c: -guess(c[0]))
        balls = {k: (self._sample_exact(v) if rational and self.iv is not None else
                     self._sample_balls(self.expr(v) if rational else v)) for k, (v, _) in enumerate(uniq)}
        index = {id(v): k for k, (v, _) in enumerate(uniq)}

        def ge(a, b):
            # a certified sample point where a < b refutes "a >= b everywhere" without the certifier
            ba, bb = balls[index[id(a)]], balls[index[id(b)]]
            if any(x is not None and y is not None and x[1] < y[0] for x, y in zip(ba, bb)):
                return False
            if rational:
                return self.ge0(a - b, None, budget) is Truth.TRUE
            return self.ge0(None, a - b, budget) is Truth.TRUE

        und = [uniq[0]]
        for c in uniq[1:]:
            if any(ge(u[0], c[0]) for u in und):
                continue
            und = [u for u in und if not ge(c[0], u[0])] + [c]
        how = ("dominance proved for every point of the domain" if len(und) == 1 else
               f"{len(und)} candidates with no proved dominance (the maximiser may change inside the domain, "
               f"or the certifier was undecided): exact Max")
        return und, how

    def _sample_points(self):
        """A few exact interior points of the domain (for certified refutations)."""
        v = self.valid
        if v.hi == _OO:
            return [v.lo + sympy.Rational(k, 4) for k in (1, 4, 8, 16, 40)]
        return [v.lo + (v.hi - v.lo) * sympy.Rational(k, 8) for k in (1, 3, 5, 7)]

    def _sample_exact(self, f):
        """Exact values [q, q] of a chart function at rational interior points of the chart."""
        a, b = self.iv[0], self.iv[1]
        pts = [a + Fraction(k, 4) for k in (1, 4, 8, 20)] if b is None else [a + (b - a) * Fraction(k, 8)
                                                                           for k in (1, 3, 5, 7)]
        out = []
        for p in pts:
            v = f.value_at(p) if isinstance(f, _RF) else None
            out.append(None if v is None else (v, v))
        return out

    def _sample_balls(self, expr):
        """Certified [lo, hi] (Fractions) of ``expr`` at the sample points (None where arb fails)."""
        from exactpriv.exact.intervals import arb_eval, arb_to_fractions

        out = []
        for p in self._sample_points():
            try:
                out.append(arb_to_fractions(arb_eval(expr.subs(self.var, p), 96)))
            except (ExactPrivError, ValueError, TypeError, ZeroDivisionError):
                out.append(None)
        return out

    def result(self, name, und, how, method, *, to_value, note=""):
        if len(und) == 1:
            v, wit = und[0]
            value = to_value(v)
        else:
            value = sympy.Max(*[to_value(v) for v, _ in und], evaluate=False)
            wit = {"pairs": [w for _, w in und]}
        wit = {**wit, "valid_on": self.valid, "variable": str(self.var)}
        full_note = f"closed form valid for {self.valid}; maximum: {how}" + (f"; {note}" if note else "")
        return Measured(name, value, witness=wit, method=method, note=full_note)



class _Family(_LogAlgebra):
    """A symbolic mechanism analysed once: distinct entries as chart functions, integer codes,
    validity domain (entries positive), pair classes and the closed-form builders."""

    def __init__(self, M: Mechanism, dom: Domain, extra=()):
        self.M, self.var, self.requested = M, dom.variable, dom
        index, entries = {}, []
        codes = np.empty(M.shape, dtype=np.int64)
        for x, row in enumerate(M.rows):
            for y, v in enumerate(row):
                s = to_sympy(v)
                k = index.get(s)
                if k is None:
                    k = index[s] = len(entries)
                    entries.append(s)
                codes[x, y] = k
        extra = [to_sympy(e) for e in extra]
        self.chart = _Chart(self.var, entries + extra)
        canon = [self.chart.to_u(e) if self.chart.kind else sympy.cancel(e) for e in entries]
        # merge entries that are the same function (canonical forms equal)
        remap, funcs, exprs, where = {}, [], [], {}
        for k, f in enumerate(canon):
            j = where.get(f)
            if j is None:
                j = where[f] = len(funcs)
                funcs.append(f)
                exprs.append(entries[k])
            remap[k] = j
        self.codes = np.vectorize(remap.get, otypes=[np.int64])(codes) if codes.size else codes
        self.f = funcs
        self.e = exprs
        self.zero = [f == 0 for f in funcs]
        _LogAlgebra.__init__(self, self.chart, self._validity(dom))

    # ----- validity
    def _validity(self, dom: Domain) -> Domain:
        open_dom = Domain(dom.variable, dom.lo, dom.hi, False, False)
        iv = self.chart.interval(open_dom)
        budget = _Budget(DEFAULT_SECONDS)
        lc, hc = dom.lo_closed, dom.hi_closed
        for k, f in enumerate(self.f):
            if self.zero[k]:
                continue
            t = _u_ge0(f, iv, True) if iv is not None else self._certify(self.e[k], ">", open_dom, budget)
            if not t is Truth.TRUE:
                raise InvalidArgument(
                    f"entry {self.e[k]} of {self.M!r} is not proved positive for {open_dom} "
                    f"({'it vanishes or is negative there' if t is Truth.FALSE else 'undecided'}); a closed form "
                    f"over this domain does not exist -- split the domain or substitute (M.subs(...))")
            for end, closed, side in ((dom.lo, lc, "lo"), (dom.hi, hc, "hi")):
                if closed and end != _OO:
                    from exactpriv.exact.kernel import compare

                    d = compare(self.e[k].subs(self.var, end), ">", 0)
                    if not d.is_true:  # vanishes at this end: the support changes there
                        if side == "lo":
                            lc = False
                        else:
                            hc = False
        return Domain(dom.variable, dom.lo, dom.hi, lc, hc)

    # ----- pair classes
    def pairs(self, within: int = 1) -> np.ndarray:
        space = self.M.inputs
        if within == 1:
            return np.asarray(space.edges, dtype=np.int64).reshape(-1, 2)
        D = np.asarray(space.distance_matrix())
        i, j = np.nonzero((D >= 1) & (D <= within))
        sel = i < j
        return np.stack([i[sel], j[sel]], axis=1).astype(np.int64)

    def classes(self, pairs) -> list:
        """[(key, count, (x, x'))]: ordered pairs grouped by the multiset of column code pairs."""
        out: dict = {}
        for i, j in np.asarray(pairs).tolist():
            for x, x2 in ((i, j), (j, i)):
                key = tuple(sorted(zip(self.codes[x].tolist(), self.codes[x2].tolist())))
                if key in out:
                    out[key][0] += 1
                else:
                    out[key] = [1, (x, x2)]
        return [(k, v[0], v[1]) for k, v in out.items()]

    def pair_witness(self, pair, **kw):
        pts = self.M.inputs.points
        return {"pair": [pts[pair[0]], pts[pair[1]]], **kw}


# ======================================================================================
# log-linear normal form: exact identities between closed forms
# ======================================================================================
def _log_linear_terms(alg: _LogAlgebra, expr, budget):
    """expr = Σ_b coef_b(u)·b over the basis {1, s, log p, log g(u)} (see
    :meth:`_LogAlgebra.log_terms`), or None when expr is not of that shape (s², s·log, logs of
    non-positive or non-chart arguments, ...)."""
    from exactpriv.certify.algebra import rewrite_hyperbolic

    e = sympy.expand(rewrite_hyperbolic(to_sympy(expr)), log=False, power_base=False, power_exp=False)
    out: dict = {}
    for term in sympy.Add.make_args(e):
        coef, basis = _RF.const(1), None
        for f in sympy.Mul.make_args(term):
            if isinstance(f, sympy.log):
                if basis is not None:
                    return None
                x = alg.chart.to_u(f.args[0])
                if x is None or alg.ge0(x, None, budget, strict=True) is not Truth.TRUE:
                    return None
                basis = alg.log_terms(x, budget)
            elif alg.chart.kind == "exp" and f == alg.var:
                if basis is not None:
                    return None
                basis = {("var",): Fraction(1)}
            else:
                fu = alg.chart.to_u(f)
                if fu is None:
                    return None
                coef = coef * fu
        for b, w in (basis or {("one",): Fraction(1)}).items():
            out[b] = out.get(b, 0) + coef * w
    return {b: c for b, c in out.items() if not c.is_zero}


def prove_log_linear(lhs, op: str, rhs, domain: Domain, *, seconds: float = DEFAULT_SECONDS):
    """Exact proof of ``lhs op rhs`` on ``domain`` through the log-linear normal form, or None.

    Both sides are rewritten (exactly) as Σ_b c_b(s)·b over the basis {1, s, log p (primes),
    log g (irreducible chart polynomials of constant sign)}, the form every closed form of this
    module has.  If the difference has no coefficient left, ``==`` is PROVED (identical normal
    forms); if only the rational part c_1 is left, its sign on the domain is decided exactly on the
    chart.  Returns a TRUE :class:`~exactpriv.exact.decisions.Decision` or None (no verdict: the
    caller falls back on the certifier, which also finds refutation points)."""
    from exactpriv.exact.decisions import Decision

    if op not in ("<", "<=", ">", ">=", "=="):
        raise InvalidArgument(f"op={op!r} must be one of '<', '<=', '>', '>=', '=='")
    diff = to_sympy(lhs) - to_sympy(rhs)
    if op in ("<", "<="):
        diff = -diff
    chart = _Chart(domain.variable, [diff], check=False)
    if chart.kind is None:
        return None
    alg = _LogAlgebra(chart, domain)
    if alg.iv is None:  # the log basis needs exact signs on the chart
        return None
    budget = _Budget(seconds)
    try:
        terms = _log_linear_terms(alg, diff, budget)
    except (sympy.PolynomialError, ExactPrivError):
        return None
    if terms is None:
        return None
    cert = {"normal_form_of_difference": {str(b): str(alg.expr(c)) for b, c in terms.items()}, "domain": str(domain)}
    if not terms:
        if op in ("<", ">"):
            return None
        return Decision.true("log-linear normal form", f"{lhs} {op} {rhs}: both sides have the same exact normal "
                                                       f"form on {domain}", certificate=cert)
    if op == "==" or set(terms) != {("one",)}:
        return None
    t = _u_ge0(terms[("one",)], alg.iv, op in ("<", ">"))
    if t is Truth.TRUE:
        return Decision.true("log-linear normal form + exact sign chart",
                             f"{lhs} {op} {rhs} on {domain}: the logs cancel and the rational remainder "
                             f"{alg.expr(terms[('one',)])} has a certified sign", certificate=cert)
    return None


@lru_cache(maxsize=64)
def _family_cached(M, dom, extra):
    return _Family(M, dom, extra)


def _family(M, variable, domain, closed, what, extra=()) -> _Family:
    M = _flat(M, what)
    var = _variable(M, variable, what)
    dom = Domain.make(var, domain, closed)
    extra = tuple(to_sympy(e) for e in extra)
    return _family_cached(M, dom, extra)


def _check_within(within):
    if isinstance(within, bool) or not isinstance(within, int) or within < 1:
        raise InvalidArgument(f"within={within!r} of type {type(within).__name__} must be an int >= 1 (pairs at "
                              f"graph distance 1..within)")
    return within


# ======================================================================================
# per-class divergences
# ======================================================================================
def _kl_class(fam: _Family, key, budget):
    terms: dict = {}
    for a, b in key:
        if fam.zero[a]:
            continue
        if fam.zero[b]:
            return _OO
        r = fam.canon(fam.f[a] / fam.f[b])
        if r == 1:
            continue
        fam.add_log(terms, fam.f[a], r, budget)
    return fam.assemble(terms)


def _ratios_class(fam: _Family, key):
    """The ratio functions f_a/f_b of a class (for the max divergence), or oo."""
    out = []
    for a, b in set(key):
        if fam.zero[a]:
            continue
        if fam.zero[b]:
            return _OO
        out.append(fam.canon(fam.f[a] / fam.f[b]))
    return out


#: Largest number of sign-changing terms expanded into output sets S (2^r candidates).
_MAX_MIXED_TERMS = 8


def _hockey_class(fam: _Family, key, gamma, budget):
    """E_γ of one class, Σ_y max(0, P(y|x) − γ P(y|x')), with per-term signs decided on the domain.

    ``gamma`` = (chart form or None, expression).  Returns ("rational", [R_S(u)]) on the chart:
    E_γ = max over output sets S of Σ_{y∈S}(P(y|x) − γP(y|x')), and only the r terms whose sign
    changes inside the domain need both choices (2^r rational candidates, always-positive terms
    in, always-negative out); or ("expr", [expression with Max(0, .)]) off the chart."""
    g_u, g_e = gamma
    on_chart = g_u is not None and fam.chart.kind is not None
    kept, mixed = [], []
    for a, b in key:
        if fam.zero[a]:
            continue
        t_u, t_e = (fam.f[a] - g_u * fam.f[b], None) if on_chart else (None, fam.e[a] - g_e * fam.e[b])
        if fam.ge0(t_u, t_e, budget) is Truth.TRUE:
            kept.append(t_u if on_chart else t_e)
            continue
        if fam.ge0(-t_u if on_chart else None, None if on_chart else -t_e, budget) is Truth.TRUE:
            continue
        mixed.append(t_u if on_chart else t_e)
    if on_chart and len(mixed) <= _MAX_MIXED_TERMS:
        base = _RF.const(0)
        for k in kept:
            base = base + k
        out = []
        for mask in range(1 << len(mixed)):
            v = base
            for j, m in enumerate(mixed):
                if mask >> j & 1:
                    v = v + m
            out.append(v)
        return "rational", out
    total = sympy.Add(*[fam.expr(k) if on_chart else k for k in kept])
    total += sympy.Add(*[sympy.Max(0, fam.expr(m) if on_chart else m) for m in mixed])
    return "expr", [total]


def _gamma_of(fam: _Family, eps_prime):
    ep = to_sympy(eps_prime) if not isinstance(eps_prime, Fraction) else _q(eps_prime)
    g = sympy.exp(ep)
    return (fam.chart.to_u(g) if fam.chart.kind else None), g


def _check_eps_prime(eps_prime, var):
    if isinstance(eps_prime, bool):
        raise InvalidArgument(f"eps_prime={eps_prime!r} of type bool is not a number")
    if isinstance(eps_prime, float):
        raise NotExactError(f"eps_prime={eps_prime!r} is a float; write an exact number or expression")
    if isinstance(eps_prime, (int, Fraction)):
        v = sympy.Rational(eps_prime)
    elif isinstance(eps_prime, sympy.Expr):
        if eps_prime.has(sympy.Float):
            raise NotExactError(f"eps_prime={eps_prime} contains a float")
        if eps_prime.free_symbols - {var}:
            raise InvalidArgument(f"eps_prime={eps_prime} may only use the family's symbol {var}")
        v = eps_prime
    else:
        raise InvalidArgument(f"eps_prime={eps_prime!r} of type {type(eps_prime).__name__} must be an exact number "
                              f"or a sympy expression in {var}")
    if v.is_negative:
        raise InvalidArgument(f"eps_prime={eps_prime} must be >= 0")
    return v


# ======================================================================================
# public measures
# ======================================================================================
def pure_dp_symbolic(M, *, within: int = 1, domain=(0, _OO), closed=(True, False), variable=None,
                     seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of pure DP for every value of the family's symbol: max over ordered pairs at
    graph distance 1..``within`` (``within=1``: neighbours, Cuff–Yu Def. 5; ``within=k``: group
    privacy, Cuff–Yu Property 7) and outputs y of ln P(y|x)/P(y|x').

    The dominant ratio function is found exactly on the chart; e.g. ``randomized_response(k,
    eps=EPS)`` and ``truncated_geometric(n, eps=EPS)`` give ``eps``, E_d on D^n gives ``eps``
    (Wang–Ying–Zhang Lemma 5).  Witness: "pair", "output", "valid_on".
    """
    within = _check_within(within)
    fam = _family(M, variable, domain, closed, "pure_dp_symbolic")
    budget = _Budget(seconds)
    cands = []
    for key, _, pair in fam.classes(fam.pairs(within)):
        rs = _ratios_class(fam, key)
        if rs == _OO:
            cands.append((_OO, fam.pair_witness(pair)))
            continue
        for r in rs:
            cands.append((r, fam.pair_witness(pair)))
    if not cands:
        return Measured("pure_dp", Fraction(0), method="vacuous", note="no pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    und, how = fam.dominant(cands, budget, rational=True)

    def to_value(r):
        if r == _OO:
            return _OO
        terms: dict = {}
        fam.add_log(terms, sympy.Integer(1), r, budget)
        return fam.assemble(terms)

    return fam.result("pure_dp" if within == 1 else "group_privacy", und, how,
                      "symbolic: dominant likelihood ratio by exact sign charts on the chart",
                      to_value=to_value, note="" if within == 1 else f"pairs at distance <= {within}")


def kl_dp_symbolic(M, *, domain=(0, _OO), closed=(True, False), variable=None,
                   seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of KL-DP (Cuff–Yu Def. 7, (14)): max over ordered neighbour pairs of
    D(P_x‖P_x') = Σ_y P(y|x) ln(P(y|x)/P(y|x')), for every value of the family's symbol.

    ``kl_dp_symbolic(randomized_response(2, eps=EPS)).value`` is ε(e^ε − 1)/(e^ε + 1) = ε tanh(ε/2)
    (Cuff–Yu (11), attained with binary distributions); k-ary: ε(e^ε − 1)/(e^ε + k − 1).
    """
    fam = _family(M, variable, domain, closed, "kl_dp_symbolic")
    budget = _Budget(seconds)
    cands = [(_kl_class(fam, key, budget), fam.pair_witness(pair)) for key, _, pair in fam.classes(fam.pairs())]
    if not cands:
        return Measured("kl_dp", Fraction(0), method="vacuous", note="no neighbour pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    und, how = fam.dominant(cands, budget, rational=False)
    return fam.result("kl_dp", und, how, "symbolic: pair classes by exact column-pair multisets; logs split over "
                                         "a basis; maximum by the certifier", to_value=lambda v: v,
                      note=f"{len(cands)} pair class(es)")


def hockey_stick_symbolic(M, eps_prime, *, within: int = 1, domain=(0, _OO), closed=(True, False), variable=None,
                          seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of δ(ε') = max over ordered pairs at distance 1..``within`` of the hockey-stick
    divergence E_{e^{ε'}}(P_x‖P_x') = Σ_y max(0, P(y|x) − e^{ε'}P(y|x')) (Cuff–Yu Def. 4 and the
    E_γ remark after (8)): M is (ε', δ)-DP iff δ(ε') <= δ.  ``eps_prime`` is an exact constant or
    an expression in the family's symbol (e.g. ``EPS``, ``EPS/2``, ``log(2)``).

    Terms whose sign is the same on the whole domain are kept or dropped exactly; others stay as
    ``Max(0, .)`` (still exact).  Witness: "pair", "eps_prime", "valid_on".
    """
    within = _check_within(within)
    Mf = _flat(M, "hockey_stick_symbolic")
    var = _variable(Mf, variable, "hockey_stick_symbolic")
    ep = _check_eps_prime(eps_prime, var)
    fam = _family(Mf, var, domain, closed, "hockey_stick_symbolic", extra=(sympy.exp(ep),))
    budget = _Budget(seconds)
    gamma = _gamma_of(fam, ep)
    cands, kinds = [], set()
    for key, _, pair in fam.classes(fam.pairs(within)):
        kind, vals = _hockey_class(fam, key, gamma, budget)
        kinds.add(kind)
        cands.extend((v, fam.pair_witness(pair, eps_prime=str(ep))) for v in vals)
    if not cands:
        return Measured("hockey_stick", Fraction(0), method="vacuous", note="no pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    rational = kinds == {"rational"}
    und, how = fam.dominant(cands, budget, rational=rational)
    return fam.result("hockey_stick", und, how, "symbolic: per-output signs of P(y|x) - e^eps' P(y|x') decided "
                                                "on the domain; max over output sets S by exact sign charts",
                      to_value=(lambda v: fam.expr(v)) if rational else (lambda v: v),
                      note=f"eps' = {ep}")


def tv_dp_symbolic(M, *, domain=(0, _OO), closed=(True, False), variable=None,
                   seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of (δ)-DP, i.e. max over neighbour pairs of the total variation
    ‖P_x − P_x'‖_TV = Σ_y max(0, P(y|x) − P(y|x')) (Cuff–Yu Def. 6, (8)) for every value of the
    symbol; ``randomized_response(2, eps=EPS)`` gives (e^ε − 1)/(e^ε + 1)."""
    m = hockey_stick_symbolic(M, 0, domain=domain, closed=closed, variable=variable, seconds=seconds)
    wit = {k: v for k, v in m.witness.items() if k != "eps_prime"}
    return Measured("tv_dp", m.value, witness=wit, method=m.method.replace("e^eps' ", ""),
                    note=m.note.replace("eps' = 0", "total variation = E_1"))


def _renyi_alpha(alpha):
    if alpha == _OO:
        return _OO
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be > 0 (or sympy.oo)")
    return a


def renyi_dp_symbolic(M, alpha, *, domain=(0, _OO), closed=(True, False), variable=None,
                      seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of (α, ε)-Rényi DP: max over ordered neighbour pairs of
    D_α(P_x‖P_x') = 1/(α − 1) ln Σ_y P(y|x)^α P(y|x')^{1−α} (α = 1: KL, α = oo: pure DP).

    Integer α >= 2: the sum is a rational function of the chart, its log split over the basis
    (RR(ε): D_2 = ln(e^ε − 1 + e^{−ε})).  Other rational α: the exact expression with fractional
    powers; maxima by the certifier (an exact Max when undecided).
    """
    a = _renyi_alpha(alpha)
    if a == _OO:
        m = pure_dp_symbolic(M, domain=domain, closed=closed, variable=variable, seconds=seconds)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = oo: " + m.note)
    if a == 1:
        m = kl_dp_symbolic(M, domain=domain, closed=closed, variable=variable, seconds=seconds)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = 1: " + m.note)
    fam = _family(M, variable, domain, closed, "renyi_dp_symbolic")
    budget = _Budget(seconds)
    A = _q(a)
    cands = []
    for key, _, pair in fam.classes(fam.pairs()):
        wit = fam.pair_witness(pair, alpha=str(a))
        gap = any(not fam.zero[x] and fam.zero[y] for x, y in key)
        if a > 1 and gap:
            cands.append((_OO, wit))
            continue
        live = [(x, y) for x, y in key if not fam.zero[x] and not fam.zero[y]]
        if not live:  # alpha < 1 and disjoint supports
            cands.append((_OO, wit))
            continue
        if a.denominator == 1 and fam.chart.kind:
            # integer alpha >= 2: D_alpha = ln(S)/(alpha - 1) is increasing in the rational power sum S
            S = _RF.const(0)
            for x, y in live:
                S = S + fam.f[x] ** int(a) * fam.f[y] ** (1 - int(a))
            cands.append((S, wit))
        else:
            S = sympy.Add(*[fam.e[x] ** A * fam.e[y] ** (1 - A) for x, y in live])
            cands.append((sympy.log(S) / (A - 1), wit))
    if not cands:
        return Measured("renyi_dp", Fraction(0), method="vacuous", note="no neighbour pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    integer = a.denominator == 1 and fam.chart.kind is not None
    und, how = fam.dominant(cands, budget, rational=integer)

    def to_value(v):
        if v == _OO or not integer:
            return v
        terms: dict = {}
        fam.add_log(terms, Fraction(1) / (a - 1), v, budget)
        return fam.assemble(terms)

    return fam.result("renyi_dp", und, how, "symbolic: pair classes; power sums (exact sign charts for integer "
                                            "alpha); maximum by the certifier otherwise", to_value=to_value,
                      note=f"alpha={a}")


def pair_divergence_symbolic(M, x, x2, divergence: str = "kl", *, alpha=None, eps_prime=None, domain=(0, _OO),
                             closed=(True, False), variable=None, seconds: float = DEFAULT_SECONDS) -> Measured:
    """One ordered pair's divergence D(P(.|x) ‖ P(.|x')) in closed form: ``divergence`` is "kl",
    "max" (ln max_y ratio), "tv", "hockey" (needs ``eps_prime``) or "renyi" (needs ``alpha``,
    integer >= 2).  Cuff–Yu Def. 4 and (7)-(8), (10)."""
    kinds = ("kl", "max", "tv", "hockey", "renyi")
    if divergence not in kinds:
        raise InvalidArgument(f"divergence={divergence!r} must be one of {kinds}")
    Mf = _flat(M, "pair_divergence_symbolic")
    var = _variable(Mf, variable, "pair_divergence_symbolic")
    extra = ()
    if divergence == "hockey":
        if eps_prime is None:
            raise InvalidArgument("divergence='hockey' needs eps_prime=...")
        ep = _check_eps_prime(eps_prime, var)
        extra = (sympy.exp(ep),)
    fam = _family(Mf, var, domain, closed, "pair_divergence_symbolic", extra=extra)
    budget = _Budget(seconds)
    i, j = Mf.inputs.index(x), Mf.inputs.index(x2)
    key = tuple(sorted(zip(fam.codes[i].tolist(), fam.codes[j].tolist())))
    wit = fam.pair_witness((i, j))
    if divergence == "kl":
        v = _kl_class(fam, key, budget)
    elif divergence == "max":
        rs = _ratios_class(fam, key)
        if rs == _OO:
            v = _OO
        else:
            und, _ = fam.dominant([(r, wit) for r in rs], budget, rational=True)
            vals = []
            for r, _w in und:
                terms: dict = {}
                fam.add_log(terms, sympy.Integer(1), r, budget)
                vals.append(fam.assemble(terms))
            v = vals[0] if len(vals) == 1 else sympy.Max(*vals, evaluate=False)
    elif divergence in ("tv", "hockey"):
        gamma = _gamma_of(fam, ep) if divergence == "hockey" else (sympy.Integer(1), sympy.Integer(1))
        kind, vals = _hockey_class(fam, key, gamma, budget)
        if kind == "rational":
            und, _ = fam.dominant([(r, wit) for r in vals], budget, rational=True)
            rs = [fam.expr(r) for r, _w in und]
            v = rs[0] if len(rs) == 1 else sympy.Max(*rs, evaluate=False)
        else:
            v = vals[0]
    else:
        if alpha is None or _renyi_alpha(alpha) == _OO or _renyi_alpha(alpha).denominator != 1 \
                or _renyi_alpha(alpha) < 2:
            raise InvalidArgument(f"divergence='renyi' needs an integer alpha >= 2, got alpha={alpha!r}")
        m = renyi_dp_symbolic(Mf.restrict([Mf.inputs.points[i], Mf.inputs.points[j]]), alpha, domain=domain,
                              closed=closed, variable=var, seconds=seconds)
        v = m.value
    return Measured(f"pair_{divergence}", v, witness={**wit, "valid_on": fam.valid, "variable": str(fam.var)},
                    method="symbolic closed form of one ordered pair", note=f"closed form valid for {fam.valid}")


# ======================================================================================
# capacity and MI-DP
# ======================================================================================
def _gallager_capacity(fam: _Family, rows, budget):
    """(value, how) for Gallager-symmetric sub-channels, or None."""
    seen, uniq = set(), []
    for r in rows:
        k = tuple(fam.codes[r].tolist())
        if k not in seen:
            seen.add(k)
            uniq.append(r)
    C = fam.codes[uniq]
    k, m = C.shape
    if k == 1:
        return sympy.Integer(0), "identical rows: Y independent of X"
    groups: dict = {}
    for y in range(m):
        groups.setdefault(tuple(sorted(C[:, y].tolist())), []).append(y)
    for cols in groups.values():
        ms0 = sorted(C[0, cols].tolist())
        if any(sorted(C[r, cols].tolist()) != ms0 for r in range(1, k)):
            return None
    if not fam.chart.kind:
        return None
    terms: dict = {}
    for y in range(m):
        a = int(C[0, y])
        if fam.zero[a]:
            continue
        qy = _RF.const(0)
        for r in range(k):
            qy = qy + fam.f[int(C[r, y])]
        qy = qy / k
        fam.add_log(terms, fam.f[a], fam.f[a] / qy, budget)
    how = (f"Gallager-symmetric {k}x{m} channel ({len(groups)} output class(es), rows and columns permutations of "
           f"each other within each): uniform input, C = sum_y W(y|x0) log(W(y|x0)/q(y))")
    return fam.assemble(terms), how


def _capacity_of_rows(fam: _Family, rows, budget):
    g = _gallager_capacity(fam, rows, budget)
    if g is not None:
        return g
    from exactpriv.measures.information import capacity

    M = fam.M
    sub = Mechanism(Hamming([repr(M.inputs.points[r]) for r in rows], 1), M.outputs, [M.rows[r] for r in rows],
                    symbols=M.symbols, _validated=tuple(M.rows[r] for r in rows))
    try:
        m = capacity(sub)
    except InvalidArgument as exc:
        raise InvalidArgument(f"no exact closed form of the capacity of the sub-channel on rows "
                              f"{[M.inputs.points[r] for r in rows]!r} of {M!r} ({exc})") from None
    if m.value is None:
        raise InvalidArgument(f"no exact closed form of the capacity of rows {[M.inputs.points[r] for r in rows]!r}")
    return to_sympy(m.value), "closed form of exactpriv.measures.information.capacity: " + m.note


def capacity_symbolic(M, *, domain=(0, _OO), closed=(True, False), variable=None,
                      seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of the capacity sup_P I(X;Y) of the whole mechanism (Cuff–Yu (58), Ex. 3.3)
    for every value of the symbol: Gallager-symmetric channels (uniform input; BSC(p): log 2 − h(p),
    erasure with non-erasure probability δ: δ log N, E_d on D^n: n log m − H(row)), else the
    closed-form detector of :func:`exactpriv.measures.information.capacity`."""
    fam = _family(M, variable, domain, closed, "capacity_symbolic")
    budget = _Budget(seconds)
    val, how = _capacity_of_rows(fam, list(range(fam.M.shape[0])), budget)
    return Measured("capacity", val, witness={"prior": "uniform over the distinct rows", "valid_on": fam.valid,
                                              "variable": str(fam.var)},
                    method="symbolic: " + how.split(":")[0], note=f"closed form valid for {fam.valid}; {how}")


def mi_dp_symbolic(M, *, domain=(0, _OO), closed=(True, False), variable=None,
                   seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of the MI-DP level (Cuff–Yu Def. 2): max over records i and x_{-i} of the
    capacity of x_i -> P(.|x_i, x_{-i}) (reduction proved in
    :func:`exactpriv.measures.information.mi_dp`), each sub-channel in closed form
    (:func:`capacity_symbolic`'s rules), the maximum by the certifier.  Witness: "record", "others"."""
    fam = _family(M, variable, domain, closed, "mi_dp_symbolic")
    budget = _Budget(seconds)
    space = fam.M.inputs
    if space.records is None:
        raise InvalidArgument(f"mi_dp_symbolic needs a product space with records, got {space!r}")
    codes = space.record_codes()
    cands, seen, hows = [], set(), set()
    for i in range(codes.shape[1]):
        groups: dict = {}
        for x in range(codes.shape[0]):
            groups.setdefault(tuple(np.delete(codes[x], i).tolist()), []).append(x)
        for others, xs in groups.items():
            xs = sorted(xs, key=lambda x: codes[x, i])
            key = tuple(sorted(tuple(fam.codes[x].tolist()) for x in xs))
            if key in seen:
                continue
            seen.add(key)
            val, how = _capacity_of_rows(fam, xs, budget)
            hows.add(how.split(":")[0])
            oth = {j: space.records[j][c] for j, c in enumerate(codes[xs[0]].tolist()) if j != i}
            cands.append((val, {"record": i, "others": oth}))
    und, how = fam.dominant(cands, budget, rational=False)
    return fam.result("mi_dp", und, how, "symbolic: max over (i, x_{-i}) of sub-channel capacities",
                      to_value=lambda v: v, note="; ".join(sorted(hows)))


# ======================================================================================
# semantic privacy
# ======================================================================================
def semantic_privacy_symbolic(M, *, default=None, domain=(0, _OO), closed=(True, False), variable=None,
                              seconds: float = DEFAULT_SECONDS) -> Measured:
    """Closed form of Kasiviswanathan–Smith semantic privacy (Zhao Def. 1, (4)) for every value
    of the symbol, by the exact two-point reduction of
    :func:`exactpriv.measures.semantic.sup_posterior_sd`:
    SP = H(R) = (√R − 1)/(√R + 1), R = max over records i, outputs y and points x, z of the
    cross-ratio u_x v_z/(v_x u_z), u_x = P(y|x), v_x = P(y|x with record i := ⊥).  R is a rational
    function of the chart, its maximum decided exactly; ``randomized_response(2, eps=EPS)`` gives
    (e^{ε/2} − 1)/(e^{ε/2} + 1) = tanh(ε/4).  ``default`` (⊥) must lie in every record alphabet;
    None means the first value of each.  Columns where no belief defines both posteriors are
    skipped (as in the numeric measure)."""
    fam = _family(M, variable, domain, closed, "semantic_privacy_symbolic")
    budget = _Budget(seconds)
    space = fam.M.inputs
    if not isinstance(space, Hamming):
        raise InvalidArgument(f"semantic_privacy_symbolic needs a Hamming space, got {space!r}")
    if default is None:
        dcodes = [0] * space.n
    else:
        dcodes = []
        for a in space.alphabets:
            if default not in a:
                raise InvalidArgument(f"default={default!r} is not in the record alphabet {list(a)!r}")
            dcodes.append(list(a).index(default))
    codes = space.record_codes()
    pts = space.points
    cands = []
    for i in range(space.n):
        dx = [space.index(tuple(space.alphabets[j][dcodes[i]] if j == i else space.alphabets[j][c]
                                for j, c in enumerate(codes[x].tolist()))) for x in range(len(pts))]
        for y in range(fam.M.shape[1]):
            u = [int(fam.codes[x, y]) for x in range(len(pts))]
            v = [int(fam.codes[dx[x], y]) for x in range(len(pts))]
            live = [x for x in range(len(pts)) if not (fam.zero[u[x]] and fam.zero[v[x]])]
            if not any(not fam.zero[u[x]] for x in live) or not any(not fam.zero[v[x]] for x in live):
                continue
            wit = {"record": i, "output": fam.M.outputs[y]}
            if any(fam.zero[u[x]] != fam.zero[v[x]] for x in live):
                cands.append((_OO, wit))
                continue
            slopes = {}
            for x in live:
                s = fam.canon(fam.f[v[x]] / fam.f[u[x]])
                slopes.setdefault(s, x)
            for s1, x in slopes.items():
                for s2, z in slopes.items():
                    cands.append((fam.canon(s2 / s1), {**wit, "pair": [pts[x], pts[z]]}))
    if not cands:
        raise InvalidArgument(f"semantic_privacy_symbolic: no transcript of {fam.M!r} defines both posteriors")
    und, how = fam.dominant(cands, budget, rational=True)

    def to_value(R):
        if R == _OO:
            return sympy.Integer(1)
        s = sympy.sqrt(fam.expr(R))
        return (s - 1) / (s + 1)

    Rs = [_OO if R == _OO else fam.expr(R) for R, _ in und]
    m = fam.result("semantic_privacy", und, how, "symbolic: two-point reduction; maximal cross-ratio by exact "
                                                    "sign charts", to_value=to_value,
                      note=f"default = {[a[c] for a, c in zip(space.alphabets, dcodes)]}")
    m.witness["cross_ratio"] = Rs[0] if len(Rs) == 1 else sympy.Max(*Rs, evaluate=False)
    return m


# ======================================================================================
# dispatcher
# ======================================================================================
SYMBOLIC_MEASURES = {
    "pure_dp": pure_dp_symbolic,
    "kl_dp": kl_dp_symbolic,
    "tv_dp": tv_dp_symbolic,
    "renyi_dp": renyi_dp_symbolic,
    "hockey_stick": hockey_stick_symbolic,
    "capacity": capacity_symbolic,
    "mi_dp": mi_dp_symbolic,
    "semantic_privacy": semantic_privacy_symbolic,
}


def symbolic_measure(name: str, M, **kw) -> Measured:
    """``SYMBOLIC_MEASURES[name](M, **kw)`` ("renyi_dp" needs ``alpha=``, "hockey_stick" needs
    ``eps_prime=``)."""
    if name not in SYMBOLIC_MEASURES:
        raise InvalidArgument(f"unknown symbolic measure {name!r}; known: {', '.join(SYMBOLIC_MEASURES)}")
    kw = dict(kw)
    if name == "renyi_dp":
        if "alpha" not in kw:
            raise InvalidArgument("renyi_dp needs alpha=...")
        return renyi_dp_symbolic(M, kw.pop("alpha"), **kw)
    if name == "hockey_stick":
        if "eps_prime" not in kw:
            raise InvalidArgument("hockey_stick needs eps_prime=...")
        return hockey_stick_symbolic(M, kw.pop("eps_prime"), **kw)
    return SYMBOLIC_MEASURES[name](M, **kw)
