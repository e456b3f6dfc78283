"""Information-theoretic privacy measures: mutual information, MI-DP, capacity, Sibson, leakage.

Algorithms, and why
-------------------
* **Exact Shannon quantities.**  On a rational mechanism and a rational prior, every Shannon
  quantity here (I(X;Y), I(X_i;Y|X_{-i}), I(X_i;Y), D(X_i || X_i|Y=r)) is a rational-weighted sum
  of logs of rationals, i.e. a :class:`~exactpriv.exact.logforms.LogForm`.  We write it as
  H(Y|C) - H(Y|F) (F a finer, C a coarser function of X) and *collect the terms by integer*,
  Σ_n c_n log n over the distinct numerators and denominators that occur, before factoring:
  each integer is factored once, and equal logs cancel exactly.  Factoring is the cost (flint:
  0.02 s for a 100-bit semiprime, 1 s at 160 bits, measured here; a sympy sum of r·log r took
  403 s at 729x729, see PITFALLS), so ``method="auto"`` returns the exact LogForm only while
  the collected sum is small (:data:`_EXACT_MAX_TERMS`, :data:`_EXACT_MAX_BITS`) and otherwise
  evaluates the *same* collected sum in arb (cached ball logs of integers, doubling precision
  until the width is below 2^-64): a certified enclosure, never a float.
* **Capacities (MI-DP, capacity).**  The channel is first reduced without changing its
  capacity (duplicate rows removed, zero columns dropped, proportional columns merged -- a
  merged column is a sufficient statistic, so I(X;Y) is unchanged for *every* prior).  On the
  reduced channel, closed forms are *detected exactly* (no float involved):
  one row or one column -> 0; rows that are permutations of each other with equal column
  sums (weakly symmetric: BSC, k-ary randomized response, identity/permutation channels) ->
  log|Y| - H(row), attained by the uniform input; a column constant across rows with value
  1 - δ (an erasure symbol) -> δ·C(rest), recursively (erasure channel: δ log N; Cuff–Yu
  Ex. 5.1: e·log(N+1) comes out of this recursion, it is not hard-coded).  Rational channels
  are handled as integer matrices S/L (rows summing to L), where all these tests are
  vectorised integer comparisons: the Fraction version took 119 s for the 1,458 sub-channels
  of E_d on {0,1,2}^6, the integer one 0.6 s (measured).  Anything else goes to the
  information core's certified ``capacity_enclosure`` (accelerated Blahut–Arimoto + Newton,
  certificate I(P) <= C <= max_x D(W_x || q) in arb; PITFALLS: plain BA stalls).  For MI-DP,
  sub-channels equal up to row/column permutations are measured once, and numeric ones are
  first bounded to a coarse gap; only those whose upper bound reaches the best lower bound
  are refined to the requested gap.
* **Sibson's α-MI.**  I^s_α = α/(α-1) log Σ_y (Σ_x P(x) W(y|x)^α)^{1/α} (seed 001 (66), closed
  form of the minimisation) is built as a sympy expression for small instances (exact; a
  LogForm when it reduces to one) and evaluated in arb otherwise.  Its capacity is exact for
  channels whose rows and columns are permutations of each other (uniform input optimal),
  else certified by I^s_α(P) <= sup_P I^s_α <= max_x D_α(W_x || Q) for any Q (proof in
  :func:`sibson_capacity`), with P from an over-relaxed Arimoto-type fixed point iteration
  polished by an active-set Newton method, in floats (floats only *choose* P and Q).
* **Max-type quantities** (adversarial privacy, min-entropy leakage) are logs of exact
  rational maxima.

Conventions (all measures): 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
Logs are natural (nats).  Prior-dependent measures need an explicit ``prior=`` (a
:class:`~exactpriv.distributions.Prior` on the mechanism's inputs), as in the Bayesian measures.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, NotExactError, SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_eval, arb_to_fractions, working_precision
from exactpriv.exact.kernel import compare, exact_argmax_fractions
from exactpriv.exact.logforms import LogForm, logform_from_sympy, prime_factorization
from exactpriv.exact.numbers import as_rational, to_sympy
from exactpriv.measures._information_core import capacity_enclosure
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import Hamming, Subsets

__all__ = [
    "adversarial_privacy",
    "capacity",
    "conditional_mi",
    "is_adversarial_privacy",
    "is_capacity",
    "is_conditional_mi",
    "is_mi_dp",
    "is_mi_privacy",
    "is_min_entropy_leakage",
    "is_record_mi",
    "is_record_posterior_kl",
    "is_sibson_capacity",
    "is_sibson_mi",
    "mi_dp",
    "mi_privacy",
    "min_entropy_leakage",
    "record_mi",
    "record_posterior_kl",
    "sibson_capacity",
    "sibson_mi",
]

# Empirically determined parameters (factoring cost, see the module docstring).
#: Most distinct integers in a collected log-sum for which "auto" returns the exact LogForm.
_EXACT_MAX_TERMS = 20_000
#: Largest integer (in bits) "auto" will factor for an exact LogForm.
_EXACT_MAX_BITS = 100
#: Most integers above 2^64 "auto" will factor (each may cost ~0.02 s at 100 bits).
_EXACT_MAX_BIG = 64
#: Above this size (bits) of the common denominator of the joint pmf, "auto" evaluates the
#: Shannon sums directly in arb with per-group denominators instead of exact integer sums.
_JOINT_MAX_BITS = 512
#: Enclosures are refined until their width is below 2^-_ENCLOSURE_BITS.
_ENCLOSURE_BITS = 64
#: Precision ladder (bits) for arb evaluations.
_PRECS = (128, 256, 512, 1024, 2048, 4096)
#: Largest number of non-zero p(x)W(y|x) terms for which Sibson's α-MI is built as an exact
#: sympy expression (sympy trees grow with every term).
_SIBSON_EXACT_MAX_TERMS = 200
#: Largest symbolic sub-channel (rows*columns) handled by the closed-form detector.
_SYMBOLIC_MAX_ENTRIES = 4096
#: Target gap of numeric capacity certificates (nats).
_DEFAULT_GAP = Fraction(1, 10**12)
#: First-pass gap for the many sub-channels of mi_dp; only those that may hold the maximum
#: are refined to the requested gap.
_COARSE_GAP = Fraction(1, 10**4)

_METHODS = ("auto", "exact", "arb")


# ======================================================================================
# validation
# ======================================================================================
def _mechanism(M, name="M") -> Mechanism:
    if isinstance(M, ProductMechanism):
        return M.expand()
    if not isinstance(M, Mechanism):
        raise InvalidArgument(f"{name}={M!r} of type {type(M).__name__} must be an exactpriv Mechanism")
    return M


def _prior(M: Mechanism, prior, what: str) -> tuple[Prior, str]:
    if prior is None:
        raise InvalidArgument(
            f"{what} depends on the prior: give prior=... (e.g. prior=Prior.uniform(M.inputs))")
    if not isinstance(prior, Prior):
        raise InvalidArgument(
            f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior on {M.inputs!r}")
    prior.check_space(M.inputs, "mechanism")
    return prior, repr(prior)


def _method(method) -> str:
    if method not in _METHODS:
        raise InvalidArgument(f"method={method!r} must be one of {list(_METHODS)}")
    return method


def _records(M: Mechanism, what: str) -> np.ndarray:
    if not isinstance(M.inputs, (Hamming, Subsets)):
        raise InvalidArgument(
            f"{what} is defined per record: the input space must be Hamming (D_1 x ... x D_n) or Subsets "
            f"(membership bits), got {M.inputs!r}")
    return M.inputs.record_codes()


def _record_index(M: Mechanism, record) -> int:
    n = len(M.inputs.records)
    if isinstance(record, bool) or not isinstance(record, (int, np.integer)) or not 0 <= int(record) < n:
        raise InvalidArgument(f"record={record!r} must be an int in 0..{n - 1} (a record of {M.inputs!r})")
    return int(record)


def _require_rational(M: Mechanism, what: str) -> None:
    if not M.is_rational:
        raise InvalidArgument(
            f"{what} of {M!r} needs rational entries (it takes maxima that depend on the symbolic "
            f"values); substitute first, e.g. M.subs(eps=sympy.log(3))")


def _pmf_desc(space, pmf):
    """A prior as {point: probability} over its support ("uniform over all N inputs" if so)."""
    if len(pmf) > 1 and all(p == pmf[0] for p in pmf):
        return f"uniform over all {len(pmf)} inputs"
    pts = space.points
    return {repr(pts[k]): str(p) for k, p in enumerate(pmf) if p != 0}


# ======================================================================================
# collected log-sums: Σ_n c_n log n, exact (LogForm) or certified (arb)
# ======================================================================================
@functools.lru_cache(maxsize=1 << 18)
def _arb_log_int(n: int, prec: int):
    """Ball of log n at ``prec`` bits; call only inside ``working_precision(prec)``."""
    return flint.arb(n).log()


@functools.lru_cache(maxsize=1 << 16)
def _factor_int(n: int) -> tuple:
    return tuple(prime_factorization(n).items())


class _LogSum:
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

    def merge(self, other: "_LogSum", sign: int) -> None:
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
                    acc += _arb_log_int(n, prec) * c
            return acc / self.den

    def enclosure(self) -> tuple[Fraction, Fraction, int]:
        """Certified rational (lo, hi, prec) with hi - lo < 2^-_ENCLOSURE_BITS (or the last rung)."""
        return _refine(self.arb)


class _Ball:
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
        """Certified rational (lo, hi, prec) with hi - lo < 2^-_ENCLOSURE_BITS (or the last rung)."""
        return _refine(self.evaluate)


def _refine(evaluate) -> tuple[Fraction, Fraction, int]:
    """Evaluate ``evaluate(prec)`` (an arb ball) up the precision ladder until the ball is
    narrower than 2^-_ENCLOSURE_BITS; return its exact endpoints and the precision used."""
    target = Fraction(1, 1 << _ENCLOSURE_BITS)
    for prec in _PRECS:
        ball = evaluate(prec)
        if ball.is_finite():
            lo, hi = arb_to_fractions(ball)
            if hi - lo < target or prec == _PRECS[-1]:
                return lo, hi, prec
    raise InvalidArgument("internal: no finite enclosure at the largest precision")  # pragma: no cover


def _logsum_measured(name, ls: _LogSum, method: str, witness: dict, note: str = "") -> Measured:
    if method == "exact" or (method == "auto" and ls.affordable()):
        return Measured(name, ls.logform(), witness=witness, method="exact-logform", note=note)
    lo, hi, prec = ls.enclosure()
    why = ("evaluated in arb with per-group denominators (the common denominator is too large for an exact form)"
           if isinstance(ls, _Ball) else "certified enclosure of the exact log-sum (too large to factor)")
    return Measured(name, None, lo, hi, witness, f"arb({prec} bits)", (note + "; " if note else "") + why)


def _log_rational_measured(name, r: Fraction, method: str, witness: dict, note: str = "") -> Measured:
    """log r for an exact positive rational r: an exact LogForm when r is small enough to
    factor (or method="exact"), else a certified arb enclosure (r itself is in the witness)."""
    small = max(r.numerator.bit_length(), r.denominator.bit_length()) <= _EXACT_MAX_BITS
    if method == "exact" or (method == "auto" and small):
        return Measured(name, LogForm.log(r), witness=witness, method="exact-logform", note=note)

    def ball(prec):
        with working_precision(prec):
            return flint.arb(flint.fmpq(r.numerator, r.denominator)).log()

    lo, hi, prec = _refine(ball)
    return Measured(name, None, lo, hi, witness, f"arb({prec} bits)",
                    (note + "; " if note else "") + "log of the exact rational in the witness, enclosed in arb "
                    "(too large to factor into primes)")


# ======================================================================================
# conditional mutual information I(F;Y|C) = H(Y|C) - H(Y|F), C a function of F
# ======================================================================================
def _cmi_terms(pmf, rows, fine, coarse):
    """Terms (coef, ratio) with I(F;Y|C) = Σ coef·log ratio, for labels fine[x], coarse[x].

    I(F;Y|C) = Σ_f Σ_y r_f(y) log(r_f(y)/π_f) - Σ_c Σ_y r_c(y) log(r_c(y)/π_c), where
    r_g(y) = Σ_{x in g} P(x) W(y|x) and π_g = Σ_{x in g} P(x) (0·log 0 = 0).  ``fine=None``
    means F = X itself, where r_x(y)/π_x = W(y|x).  Works on Fractions or sympy values."""
    m = len(rows[0])
    terms = []
    fine_acc: dict = {}
    coarse_acc: dict = {}
    for x, (p, row) in enumerate(zip(pmf, rows)):
        if p == 0:
            continue
        c = coarse[x]
        if c not in coarse_acc:
            coarse_acc[c] = [0, [0] * m]
        cacc = coarse_acc[c]
        cacc[0] += p
        if fine is None:
            for y, w in enumerate(row):
                if not _zero(w):
                    terms.append((p * w, w))
                    cacc[1][y] += p * w
        else:
            f = fine[x]
            if f not in fine_acc:
                fine_acc[f] = [0, [0] * m]
            facc = fine_acc[f]
            facc[0] += p
            for y, w in enumerate(row):
                if not _zero(w):
                    facc[1][y] += p * w
                    cacc[1][y] += p * w
    for pi, r in fine_acc.values():
        terms.extend((ry, ry / pi) for ry in r if not _zero(ry))
    for pi, r in coarse_acc.values():
        terms.extend((-ry, ry / pi) for ry in r if not _zero(ry))
    return terms


def _joint_int(pmf, M: Mechanism):
    """(C, D, supp): P(x)W(y|x) = C[j, y] / D for x = supp[j] (support of the prior), with
    C an integer object array and D = lcm over the support of (denominator of P(x))·den[x]."""
    num, den = M.integer_rows()
    supp = [x for x, p in enumerate(pmf) if p]
    dens = [int(den[x]) for x in supp]
    D = math.lcm(*(pmf[x].denominator * dx for x, dx in zip(supp, dens)))
    scale = np.array([pmf[x].numerator * (D // (pmf[x].denominator * dx)) for x, dx in zip(supp, dens)], dtype=object)
    C = np.array(num[supp].tolist(), dtype=object).reshape(len(supp), num.shape[1]) * scale[:, None]
    return C, D, supp


class _Joint:
    """The joint pmf P(x)W(y|x) of a rational prior and mechanism, with the two kinds of sums
    every Shannon quantity here is made of::

        neg_h_cond()   = -H(Y|X) = Σ_x Σ_y P(x)W(y|x) log W(y|x)
        neg_h_given(g) = -H(Y|G) = Σ_g Σ_y r_g(y) log(r_g(y)/π_g),  G = g(X) a labelling,

    so I(F;Y|C) = H(Y|C) - H(Y|F) = neg_h_given(F) - neg_h_given(C) (C a function of F), and
    -H(Y|X) is computed once for all records.

    Exact mode: P(x)W(y|x) = C[j, y]/D (x = supp[j]) over one common denominator D, all sums
    in integers, results as :class:`_LogSum`.  Ball mode (when D has more than
    :data:`_JOINT_MAX_BITS` bits and no exact form was requested): each group keeps its own
    small denominator and the sums are evaluated directly in arb (:class:`_Ball`)."""

    def __init__(self, pmf, M: Mechanism, method: str = "auto"):
        self.M, self.pmf = M, pmf
        num, den = M.integer_rows()
        self.supp = [x for x, p in enumerate(pmf) if p]
        self.D = math.lcm(*(pmf[x].denominator * int(den[x]) for x in self.supp))
        self.exact = method == "exact" or (method == "auto" and self.D.bit_length() <= _JOINT_MAX_BITS)
        if self.exact:
            self.C, _, _ = _joint_int(pmf, M)
        self._neg_h_cond = None

    def new(self):
        return _LogSum(self.D)

    def neg_h_cond(self):
        if self._neg_h_cond is None:
            self._neg_h_cond = self._neg_h_cond_exact() if self.exact else _Ball(self._neg_h_cond_ball)
        return self._neg_h_cond

    def _neg_h_cond_exact(self) -> _LogSum:
        num, den = self.M.integer_rows()
        ls = _LogSum(self.D)
        # Σ_{x,y} c[x,y] log num[x,y] - Σ_x mass_x log den[x], collected by integer value
        acc = ls.c
        for n, c in zip(num[self.supp].ravel().tolist(), self.C.ravel().tolist()):
            if c and n != 1:
                acc[n] = acc.get(n, 0) + c
        for mass, dx in zip(self.C.sum(axis=1).tolist(), den[self.supp].tolist()):
            ls.add(-mass, int(dx))
        return ls

    def _neg_h_cond_ball(self, prec: int):
        # Σ_x P(x) [ (1/den_x) Σ_y num_xy log num_xy - log den_x ]
        num, den = self.M.integer_rows()
        with working_precision(prec):
            total = flint.arb(0)
            for x in self.supp:
                vals, counts = np.unique(num[x], return_counts=True)
                row = flint.arb(0)
                for v, c in zip(vals.tolist(), counts.tolist()):
                    if v > 1:
                        row += _arb_log_int(int(v), prec) * (int(v) * c)
                dx = int(den[x])
                p = self.pmf[x]
                total += (row / dx - _arb_log_int(dx, prec)) * flint.fmpq(p.numerator, p.denominator) \
                    if dx > 1 else row * flint.fmpq(p.numerator, p.denominator)
            return total

    def neg_h_given(self, labels):
        """-H(Y|G) for the labels of the points (indexed like the mechanism's rows)."""
        index: dict = {}
        lab = [index.setdefault(labels[x], len(index)) for x in self.supp]
        if not self.exact:
            groups: list = [[] for _ in index]
            for x, g in zip(self.supp, lab):
                groups[g].append(x)
            return _Ball(lambda prec: self._neg_h_given_ball(groups, prec))
        R = np.zeros((len(index), self.C.shape[1]), dtype=object)
        np.add.at(R, np.array(lab, dtype=np.int64), self.C)
        ls = _LogSum(self.D)
        for row, pi in zip(R.tolist(), R.sum(axis=1).tolist()):
            for v in row:
                if v:
                    ls.add_ratio(v, v, pi)
        return ls

    def _neg_h_given_ball(self, groups, prec: int):
        # per group g, with its own denominator D_g: r_g(y) = R_g[y]/D_g, π_g = Π_g/D_g and
        # Σ_y r_g(y) log(r_g(y)/π_g) = (Σ_y R_g[y] log R_g[y] - Π_g log Π_g) / D_g
        num, den = self.M.integer_rows()
        pmf = self.pmf
        with working_precision(prec):
            total = flint.arb(0)
            for xs in groups:
                Dg = math.lcm(*(pmf[x].denominator * int(den[x]) for x in xs))
                R = None
                for x in xs:
                    sx = pmf[x].numerator * (Dg // (pmf[x].denominator * int(den[x])))
                    term = np.array(num[x].tolist(), dtype=object) * sx
                    R = term if R is None else R + term
                Rl = R.tolist()
                counts: dict = {}
                for v in Rl:
                    if v > 1:
                        counts[v] = counts.get(v, 0) + 1
                acc = flint.arb(0)
                for v, c in counts.items():
                    acc += _arb_log_int(v, prec) * (v * c)
                Pi = sum(Rl)
                if Pi > 1:
                    acc -= _arb_log_int(Pi, prec) * Pi
                total += acc / Dg
            return total


def _cmi_logsum(pmf, M: Mechanism, fine, coarse, *, joint: _Joint | None = None, method: str = "auto"):
    """I(F;Y|C) = H(Y|C) - H(Y|F) as an exact :class:`_LogSum`, or a :class:`_Ball` in ball
    mode (rational mechanism and prior); ``fine=None`` means F = X.  See :class:`_Joint`."""
    j = _Joint(pmf, M, method) if joint is None else joint
    a = j.neg_h_cond() if fine is None else j.neg_h_given(fine)
    b = j.neg_h_given(coarse)
    if not j.exact:
        def diff(prec):
            ha, hb = a.arb(prec), b.arb(prec)
            with working_precision(prec):  # ball arithmetic happens at the context precision
                return ha - hb
        return _Ball(diff)
    out = _LogSum(j.D)
    out.merge(a, 1)
    out.merge(b, -1)
    return out


def _zero(v) -> bool:
    if isinstance(v, (int, Fraction)):
        return v == 0
    return v == 0 or sympy.cancel(v) == 0


def _terms_sympy(terms) -> sympy.Expr:
    return sympy.Add(*[to_sympy(c) * sympy.log(to_sympy(r)) for c, r in terms])


def _symbolic_value(expr) -> object:
    """A closed sympy value, as a LogForm when it is one."""
    lf = logform_from_sympy(expr)
    return lf if lf is not None else expr


def _sym_rows(M: Mechanism):
    return [tuple(to_sympy(v) for v in row) for row in M.rows]


def _sym_pmf(pmf):
    return [to_sympy(p) for p in pmf]


_SYMBOLIC_NOTE = ("closed form from the definition with symbolic entries; valid where the entries "
                  "that appear inside logs are positive")


def _cmi_measured(name, M, P, fine, coarse, method, witness, note=""):
    if M.is_rational:
        return _logsum_measured(name, _cmi_logsum(P.pmf, M, fine, coarse, method=method), method, witness, note)
    expr = _terms_sympy(_cmi_terms(_sym_pmf(P.pmf), _sym_rows(M), fine, coarse))
    return Measured(name, _symbolic_value(expr), witness=witness, method="sympy",
                    note=(note + "; " if note else "") + _SYMBOLIC_NOTE)


# ======================================================================================
# maxima of measured values
# ======================================================================================
def _bounds(v) -> tuple:
    """Certified rational bounds of an exact finite value (Fraction / LogForm / sympy)."""
    if isinstance(v, Fraction):
        return v, v
    if isinstance(v, LogForm):
        if v.is_rational:
            return v.q0, v.q0
        return arb_to_fractions(v.arb(128))
    return arb_to_fractions(arb_eval(v, 256))


def _max_measured(name: str, items: list[Measured], note: str = "") -> Measured:
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
            lo, hi = _bounds(m.value)
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


def _max_logsums(name: str, entries: list, method: str, note: str = "") -> Measured:
    """The maximum of exact log-sums (``(_LogSum or sympy.oo, witness)`` pairs), factoring
    only the candidates: every sum is first enclosed in arb (cheap), and only those whose
    upper end reaches the best lower end are turned into LogForms and compared exactly."""
    for ls, wit in entries:
        if ls is sympy.oo:
            return Measured(name, sympy.oo, witness=wit, method="exact",
                            note="posterior 0 where the prior is positive" if not note else note)
    if len(entries) == 1:
        return _logsum_measured(name, entries[0][0], method, entries[0][1], note)
    bounds = [arb_to_fractions(ls.arb(128)) for ls, _ in entries]
    best_low = max(lo for lo, _ in bounds)
    cand = [k for k, (_, hi) in enumerate(bounds) if hi >= best_low]
    items = [_logsum_measured(name, entries[k][0], method, entries[k][1], note) for k in cand]
    return _max_measured(name, items, note)


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


# ======================================================================================
# public measures: Shannon MI and its per-record versions
# ======================================================================================
def mi_privacy(M, *, prior=None, method: str = "auto") -> Measured:
    """Mutual information I(X;Y) in nats (seed 000 Def. 4, eq. (4)).

    I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) ),  p(x,y) = P(x) W(y|x).

    M is ε-mutual-information private iff I(X;Y) <= ε.  I = 0 iff X and Y are independent, and
    I = H(X) when Y = X (seed 000, remark after Def. 4).

    Parameters
    ----------
    prior : Prior on ``M.inputs`` (required).
    method : "auto" (exact LogForm when the collected log-sum is small enough to factor; else
        a certified arb enclosure -- of the exact log-sum, or of per-group sums when the common
        denominator of the joint pmf exceeds 512 bits; the result's ``method`` and ``note`` say
        which), "exact" (always factor, however long it takes) or "arb" (never factor).

    Symbolic mechanisms give the defining sum as a sympy expression.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "mi_privacy")
    method = _method(method)
    return _cmi_measured("mi_privacy", M, P, None, [0] * M.shape[0], method, {"prior": desc})


def is_mi_privacy(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide I(X;Y) <= level (ε-MI privacy, seed 000 Def. 4)."""
    return at_most(mi_privacy(M, prior=prior, method=method), level)


def _other_codes(codes: np.ndarray, i: int) -> list[tuple]:
    return [tuple(r[:i] + r[i + 1:]) for r in codes.tolist()]


def conditional_mi(M, *, prior=None, record=None, method: str = "auto") -> Measured:
    """Conditional mutual information I(X_i; Y | X_{-i}) (seed 001 Def. 2 at a fixed prior;
    seed 004 Prop. 4).

    I(X_i;Y|X_{-i}) = Σ_x P(x) Σ_y W(y|x) log( W(y|x) / P(y|x_{-i}) ),
    P(y|x_{-i}) = Σ_{x_i'} P(x_i'|x_{-i}) W(y|x_i', x_{-i}).

    With ``record=None`` the maximum over records i, with ``"record": i`` in the witness.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "conditional_mi")
    method = _method(method)
    codes = _records(M, "conditional_mi")
    recs = range(codes.shape[1]) if record is None else [_record_index(M, record)]
    if M.is_rational:
        joint = _Joint(P.pmf, M, method)
        return _max_logsums("conditional_mi", [(_cmi_logsum(P.pmf, M, None, _other_codes(codes, i), joint=joint),
                                                {"record": i, "prior": desc}) for i in recs], method)
    items = [_cmi_measured("conditional_mi", M, P, None, _other_codes(codes, i), method,
                           {"record": i, "prior": desc}) for i in recs]
    return items[0] if len(items) == 1 else _max_measured("conditional_mi", items)


def is_conditional_mi(M, level, *, prior=None, record=None, method: str = "auto") -> Decision:
    """Decide max_i I(X_i;Y|X_{-i}) <= level at the given prior."""
    return at_most(conditional_mi(M, prior=prior, record=record, method=method), level)


def record_mi(M, *, prior=None, record=None, method: str = "auto") -> Measured:
    """Per-record mutual information I(X_i; Y) (seed 004 Thm 3: ε-identity DP implies I(X_i;Y) <= ε).

    I(X_i;Y) = Σ_{t,r} P(X_i=t, Y=r) log( P(X_i=t, Y=r) / (P(X_i=t) P(Y=r)) ).
    With ``record=None`` the maximum over records, with the witness record.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "record_mi")
    method = _method(method)
    codes = _records(M, "record_mi")
    recs = range(codes.shape[1]) if record is None else [_record_index(M, record)]
    const = [0] * M.shape[0]
    if M.is_rational:
        joint = _Joint(P.pmf, M, method)
        return _max_logsums("record_mi", [(_cmi_logsum(P.pmf, M, codes[:, i].tolist(), const, joint=joint),
                                           {"record": i, "prior": desc}) for i in recs], method)
    items = [_cmi_measured("record_mi", M, P, codes[:, i].tolist(), const, method, {"record": i, "prior": desc})
             for i in recs]
    return items[0] if len(items) == 1 else _max_measured("record_mi", items)


def is_record_mi(M, level, *, prior=None, record=None, method: str = "auto") -> Decision:
    """Decide max_i I(X_i;Y) <= level."""
    return at_most(record_mi(M, prior=prior, record=record, method=method), level)


def record_posterior_kl(M, *, prior=None, record=None, output=None, method: str = "auto") -> Measured:
    """Relative entropy of a record's prior to its posterior (seed 004 Theorem 2, eq. (26)):

    D(X_i || X_i|Y=r) = Σ_t P(X_i=t) ln( P(X_i=t) / P(X_i=t | Y=r) ),

    +oo when the posterior is 0 where the prior is positive.  Only outputs with P(Y=r) > 0
    are considered (an explicitly given ``output`` of probability 0 raises SupportError).
    With ``record``/``output`` None, the maximum over records and outputs, witness
    {"record": i, "output": r}.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "record_posterior_kl")
    method = _method(method)
    codes = _records(M, "record_posterior_kl")
    recs = range(codes.shape[1]) if record is None else [_record_index(M, record)]
    if output is None:
        outs = None
    else:
        outs = [M.output_index(output)]
    if M.is_rational:
        return _record_posterior_kl_rational(M, P, desc, codes, recs, output, method)
    rows = _sym_rows(M)
    pmf = _sym_pmf(P.pmf)
    m = M.shape[1]
    outs = None if output is None else [M.output_index(output)]
    q = [sum((p * row[y] for p, row in zip(pmf, rows) if p != 0), 0) for y in range(m)]
    if outs is None:
        outs = [y for y in range(m) if not _zero(q[y])]
    elif _zero(q[outs[0]]):
        raise SupportError(f"output={output!r} has probability 0 under the prior; its posterior is undefined")
    items = []
    for i in recs:
        k = len(M.inputs.records[i])
        pi = [0] * k
        joint = [[0] * m for _ in range(k)]
        for x, (p, row) in enumerate(zip(pmf, rows)):
            if p == 0:
                continue
            t = int(codes[x, i])
            pi[t] += p
            for y in outs:
                joint[t][y] += p * row[y]
        for y in outs:
            wit = {"record": i, "output": M.outputs[y], "prior": desc}
            bad = [t for t in range(k) if not _zero(pi[t]) and _zero(joint[t][y])]
            if bad:
                items.append(Measured("record_posterior_kl", sympy.oo, witness=dict(
                    wit, record_value=M.inputs.records[i][bad[0]]), method="exact",
                    note="posterior 0 where the prior is positive"))
                continue
            # D = Σ_t π_t log π_t - Σ_t π_t log P(t, r) + log q(r)   (Σ_t π_t = 1)
            terms = [(pi[t], pi[t] / joint[t][y]) for t in range(k) if not _zero(pi[t])]
            terms.append((1, q[y]))
            items.append(Measured("record_posterior_kl", _symbolic_value(_terms_sympy(terms)), witness=wit,
                                  method="sympy", note=_SYMBOLIC_NOTE))
    return items[0] if len(items) == 1 else _max_measured("record_posterior_kl", items)


def _record_posterior_kl_rational(M, P, desc, codes, recs, output, method) -> Measured:
    """Integer version: with P(x)W(y|x) = C[x,y]/D, π_t = Π_t/D, P(t,r) = J[t,r]/D and
    P(r) = Q[r]/D, D(X_i || X_i|Y=r) = Σ_t (Π_t/D) log(Π_t/J[t,r]) + log(Q[r]/D)."""
    C, D, supp = _joint_int(P.pmf, M)
    Q = C.sum(axis=0)
    if output is None:
        outs = np.flatnonzero(Q != 0).tolist()
    else:
        y = M.output_index(output)
        if Q[y] == 0:
            raise SupportError(f"output={output!r} has probability 0 under the prior; its posterior is undefined")
        outs = [y]
    entries = []
    for i in recs:
        k = len(M.inputs.records[i])
        labels = codes[supp, i]
        J = np.zeros((k, C.shape[1]), dtype=object)
        np.add.at(J, labels, C)
        Pi = J.sum(axis=1).tolist()
        Jl = J[:, outs].tolist()
        for col, y in enumerate(outs):
            wit = {"record": i, "output": M.outputs[y], "prior": desc}
            bad = [t for t in range(k) if Pi[t] and not Jl[t][col]]
            if bad:
                entries.append((sympy.oo, dict(wit, record_value=M.inputs.records[i][bad[0]])))
                continue
            ls = _LogSum(D)
            for t in range(k):
                if Pi[t]:
                    ls.add_ratio(Pi[t], Pi[t], Jl[t][col])
            ls.add_ratio(D, int(Q[y]), D)
            entries.append((ls, wit))
    return _max_logsums("record_posterior_kl", entries, method)


def is_record_posterior_kl(M, level, *, prior=None, record=None, output=None, method: str = "auto") -> Decision:
    """Decide max_{i,r} D(X_i || X_i|Y=r) <= level (seed 004 Theorem 2)."""
    return at_most(record_posterior_kl(M, prior=prior, record=record, output=output, method=method), level)


# ======================================================================================
# max-type measures: adversarial privacy, min-entropy leakage
# ======================================================================================
def adversarial_privacy(M, *, prior=None, method: str = "auto") -> Measured:
    """Adversarial privacy level (seed 001 §6.4, eq. (64)): the least ε with
    ln dP_{X|Y=y}/dP_X <= ε for all y, i.e.

    max over y with P(y) > 0 and x with P(x) > 0 of ln( P(x|y)/P(x) ) = ln( W(y|x) / P(y) ).

    Exact LogForm (log of an exact rational maximum; a certified enclosure when that rational
    is too large to factor, see ``method`` in :func:`mi_privacy`).  Since I(X;Y) is the average
    of these log-ratios, I(X;Y) <= this value (seed 001 (65)).  Witness: {"output": y,
    "input": x, "ratio": the exact maximum}.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "adversarial_privacy")
    method = _method(method)
    _require_rational(M, "adversarial_privacy")
    C, D, supp = _joint_int(P.pmf, M)
    num, den = M.integer_rows()
    Q = C.sum(axis=0)  # P(y) = Q[y] / D
    best, arg = None, None
    for y in np.flatnonzero(Q != 0).tolist():
        # max over the support of W(y|x) = num/den, exactly (kernel: float filter + exact tournament)
        k, w = exact_argmax_fractions(num[supp, y], den[supp])
        r = w * D / int(Q[y])
        if best is None or r > best:
            best, arg = r, (supp[k], y)
    x, y = arg
    return _log_rational_measured("adversarial_privacy", best, method,
                                  {"output": M.outputs[y], "input": M.inputs.points[x], "prior": desc,
                                   "ratio": str(best)}, "ln of the exact maximum of W(y|x)/P(y) over the supports")


def is_adversarial_privacy(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide ε-adversarial privacy (seed 001 (64)) at the given prior."""
    return at_most(adversarial_privacy(M, prior=prior, method=method), level)


def min_entropy_leakage(M, *, prior=None, method: str = "auto") -> Measured:
    """Min-entropy leakage (seed 001 (72)-(73)):

    I_∞(X;Y) = H_∞(X) - H_∞(X|Y) = log Σ_y max_x P(x) W(y|x) - log max_x P(x).

    Exact LogForm (a certified enclosure when the rational is too large to factor).  Witness:
    the prior and the two vulnerabilities (exact rationals).
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "min_entropy_leakage")
    method = _method(method)
    _require_rational(M, "min_entropy_leakage")
    C, D, _ = _joint_int(P.pmf, M)
    total = Fraction(sum(int(v) for v in C.max(axis=0).tolist()), D)  # Σ_y max_x P(x)W(y|x)
    return _log_rational_measured("min_entropy_leakage", total / max(P.pmf), method,
                                  {"prior": desc, "posterior_vulnerability": str(total),
                                   "prior_vulnerability": str(max(P.pmf))})


def is_min_entropy_leakage(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide I_∞(X;Y) <= level (seed 001 (72))."""
    return at_most(min_entropy_leakage(M, prior=prior, method=method), level)


# ======================================================================================
# channel capacity: exact reduction, closed forms, certified numerics
# ======================================================================================
def _key(v):
    """Hashable key with key(a) == key(b) only if a == b (sympy: canonical rational form)."""
    if isinstance(v, Fraction):
        return v
    return sympy.cancel(v)


def _reduce(rows: list[tuple], reps: list[int]):
    """Capacity-preserving reduction: drop duplicate rows, zero columns, merge proportional
    columns (summing them).  Each step preserves I(X;Y) for every prior supported on the kept
    rows (duplicate rows can share their mass; a merged column is a sufficient statistic), and
    also Sibson's α-MI (Σ_x P W^α is additive over duplicates and scales as (1+λ)^α)."""
    seen, r1, p1 = set(), [], []
    for row, i in zip(rows, reps):
        k = tuple(_key(v) for v in row)
        if k not in seen:
            seen.add(k)
            r1.append(row)
            p1.append(i)
    groups: dict = {}
    order = []
    for col in zip(*r1):
        s = sum(col, 0) if all(isinstance(v, Fraction) for v in col) else sympy.Add(*col)
        if _zero(s):
            continue
        k = tuple(_key(v / s) for v in col)
        if k in groups:
            groups[k] = tuple(a + b for a, b in zip(groups[k], col))
        else:
            groups[k] = tuple(col)
            order.append(k)
    cols = [groups[k] for k in order]
    rows2 = [tuple(c[r] for c in cols) for r in range(len(r1))]
    return rows2, p1


def _sort_key(v):
    return sympy.default_sort_key(to_sympy(v))


def _multiset(row):
    return tuple(sorted((_key(v) for v in row), key=_sort_key))


def _entropy(row):
    """H(row) exactly: LogForm for rationals, sympy otherwise (0 log 0 = 0)."""
    if all(isinstance(v, Fraction) for v in row):
        return LogForm(0, logs=[(1 / v, v) for v in row if v != 0])
    return -sympy.Add(*[to_sympy(v) * sympy.log(to_sympy(v)) for v in row if not _zero(v)])


@dataclass
class _Cap:
    """Capacity of one channel: exact ``value`` or certified [lower, upper]; ``prior`` is a pmf
    over the channel's rows attaining the value (or the lower bound); ``how`` says why."""

    value: object
    lower: object
    upper: object
    prior: tuple
    how: str
    method: str
    output: tuple | None = None
    extra: dict = field(default_factory=dict)


def _closed_form(rows: list[tuple], reps: list[int], scale=Fraction(1), hows=()):
    """Detect an exact closed form of the capacity of ``rows`` (restricted to ``reps``).

    Returns ("closed", value, {rep: prob}, how) or ("residual", reduced rows, reps, scale, how)
    with C(original) = scale·C(residual)."""
    rows, reps = _reduce(rows, reps)
    k, m = len(rows), len(rows[0]) if rows else 0
    if k == 1 or m <= 1:
        how = hows + ("identical rows: Y independent of X",)
        return ("closed", Fraction(0), {reps[0]: Fraction(1)}, how)
    ms0 = _multiset(rows[0])
    if all(_multiset(r) == ms0 for r in rows[1:]):
        sums = [_key(sum(c, 0) if all(isinstance(v, Fraction) for v in c) else sympy.Add(*c)) for c in zip(*rows)]
        if all(s == sums[0] for s in sums[1:]):
            h = _entropy(rows[0])
            if isinstance(h, LogForm):
                val = (LogForm.log(m) - h) * scale if isinstance(scale, Fraction) else None
            else:
                val = None
            if val is None:
                val = to_sympy(scale) * (sympy.log(m) - to_sympy(h) if not isinstance(h, LogForm) else
                                         sympy.log(m) - h.to_sympy())
            how = hows + (f"weakly symmetric {k}x{m} channel: C = log {m} - H(row), uniform input",)
            return ("closed", val, {r: Fraction(1, k) for r in reps}, how)
    for j in range(m):
        col = [r[j] for r in rows]
        c0 = _key(col[0])
        if all(_key(v) == c0 for v in col[1:]):
            c = col[0]
            d = 1 - c
            inner = [tuple(v / d for jj, v in enumerate(r) if jj != j) for r in rows]
            new_scale = scale * d if isinstance(d, Fraction) and isinstance(scale, Fraction) else \
                sympy.cancel(to_sympy(scale) * to_sympy(d))
            how = hows + (f"erasure factor: output column with constant probability {c} factors C = {d}·C(rest)",)
            return _closed_form(inner, reps, new_scale, how)
    return ("residual", rows, reps, scale, hows)


# -- the same reduction and detection on integer rows (rational channels, the fast path):
#    W(y|x) = N[x, y] / d[x] with each row in lowest terms (d[x] the least common denominator
#    of the row, so equal rows have equal (d[x], N[x]); int64 when it fits, else Python ints
#    in object arrays).  Equal rows, proportional columns (equal primitive integer column
#    vectors: d[x] is a common row factor), constant columns (cross-multiplication) and column
#    sums are then vectorised integer tests.  A common denominator for all rows is avoided on
#    purpose: for rows with unrelated denominators it has thousands of bits (measured: 16 s of
#    object-array gcds on a random 729x729 channel).
def _int_rows(num, den):
    """Rows (N, d) in lowest terms."""
    N, d = np.asarray(num), np.asarray(den)
    if N.dtype == object or d.dtype == object:
        N = np.array(N.tolist(), dtype=object).reshape(N.shape)
        d = np.array(d.tolist(), dtype=object)
    g = np.gcd.reduce(np.concatenate([N, d[:, None]], axis=1), axis=1)
    if (g != 1).any():
        N, d = N // g[:, None], d // g
    return N, d


def _row_key(v):
    return v.tobytes() if v.dtype != object else tuple(v.tolist())


def _reduce_rows(N, d, reps):
    """Integer version of :func:`_reduce` (same three capacity-preserving steps); rows stay in
    lowest terms."""
    seen, keep = set(), []
    for x in range(N.shape[0]):
        key = (int(d[x]), _row_key(N[x]))
        if key not in seen:
            seen.add(key)
            keep.append(x)
    if len(keep) < N.shape[0]:
        N, d = N[keep], d[keep]
        reps = [reps[x] for x in keep]
    nz = np.flatnonzero((N != 0).any(axis=0))
    if nz.size < N.shape[1]:
        N = N[:, nz]
    g = np.gcd.reduce(N, axis=0)
    prim = np.ascontiguousarray((N // g).T)
    if N.dtype != object:
        # group equal primitive columns: lexicographic sort + run boundaries (faster than
        # np.unique(axis=0), which sorts a void view)
        order = np.lexsort(prim.T[::-1])
        sp = prim[order]
        labels = np.concatenate([[0], np.cumsum(np.any(sp[1:] != sp[:-1], axis=1))])
        inv = np.empty_like(labels)
        inv[order] = labels
        n_groups = int(labels[-1]) + 1
        if n_groups < N.shape[1]:
            merged = np.zeros((n_groups, N.shape[0]), dtype=N.dtype)
            np.add.at(merged, inv, N.T)  # partial row sums stay <= d[x]
            N = np.ascontiguousarray(merged.T)
            N, d = _int_rows(N, d)
        return N, d, reps
    groups: dict = {}
    for j in range(prim.shape[0]):
        groups.setdefault(_row_key(prim[j]), []).append(j)
    if len(groups) < N.shape[1]:
        N = np.stack([N[:, js].sum(axis=1) for js in groups.values()], axis=1)
        N, d = _int_rows(N, d)
    return N, d, reps


def _wide(N, d):
    """(N, d) as arrays whose pairwise products cannot overflow (object arrays if needed)."""
    if N.dtype != object and int(d.max()) < (1 << 31):
        return N, d
    return np.array(N.tolist(), dtype=object).reshape(N.shape), np.array(d.tolist(), dtype=object)


def _closed_form_rows(N, d, reps, scale=Fraction(1), hows=()):
    """Integer version of :func:`_closed_form`; the residual is (N, d, reps, scale, hows)."""
    N, d, reps = _reduce_rows(N, d, reps)
    k, m = N.shape
    if k == 1 or m <= 1:
        return ("closed", Fraction(0), {reps[0]: Fraction(1)}, hows + ("identical rows: Y independent of X",))
    if (d == d[0]).all():
        srt = np.sort(N, axis=1)
        cs = N.sum(axis=0)
        if (srt == srt[0]).all() and (cs == cs[0]).all():
            d0 = int(d[0])
            counts: dict = {}
            for v in N[0].tolist():
                if v:
                    counts[int(v)] = counts.get(int(v), 0) + 1
            H = LogForm(0, logs=[(Fraction(d0, v), Fraction(v * c, d0)) for v, c in counts.items()])
            how = hows + (f"weakly symmetric {k}x{m} channel: C = log {m} - H(row), uniform input",)
            return ("closed", (LogForm.log(m) - H) * scale, {r: Fraction(1, k) for r in reps}, how)
    Nw, dw = _wide(N, d)
    const = np.flatnonzero((Nw * dw[0] == Nw[0][None, :] * dw[:, None]).all(axis=0))
    if const.size:
        j = int(const[0])
        c = Fraction(int(N[0, j]), int(d[0]))
        how = hows + (f"erasure factor: output column with constant probability {c} factors C = {1 - c}·C(rest)",)
        N2, d2 = _int_rows(np.delete(N, j, axis=1), d - N[:, j])
        return _closed_form_rows(N2, d2, reps, scale * (1 - c), how)
    return ("residual", N, d, reps, scale, hows)


def _canonical_rows(N, d):
    """Key equal for channels equal up to row and column permutations (equal keys imply equal
    capacities; all row orders are tried for <= 4 rows, else the lexicographic one)."""
    k = N.shape[0]
    rows = N.tolist()
    dens = [int(v) for v in d.tolist()]
    perms = itertools.permutations(range(k)) if k <= 4 else [sorted(range(k), key=lambda r: (dens[r], rows[r]))]
    best = None
    for perm in perms:
        key = (tuple(dens[r] for r in perm), tuple(sorted(zip(*(rows[r] for r in perm)))))
        if best is None or key < best:
            best = key
    return best


def _capacity_rows(N, d, *, gap: Fraction, method: str, rows=None) -> _Cap:
    """Capacity of the rational channel W = N/d (rows x outputs): closed form if detected
    (unless method="numeric"), else a certified enclosure.  ``rows`` (optional) are the same
    rows as Fractions, reused when the reduction leaves the channel unchanged.  The prior is
    over the rows."""
    k = N.shape[0]
    if method == "numeric":
        red, dr, reps = _reduce_rows(N, d, list(range(k)))
        det = ("residual", red, dr, reps, Fraction(1), ("closed-form detection skipped (method='numeric')",))
    else:
        det = _closed_form_rows(N, d, list(range(k)))
    if det[0] == "closed":
        _, val, pri, how = det
        return _Cap(val, None, None, tuple(pri.get(x, Fraction(0)) for x in range(k)), "; ".join(how), "closed-form")
    _, red, dr, reps, scale, how = det
    if rows is not None and scale == 1 and red.shape == N.shape and reps == list(range(k)):
        frows = [tuple(r) for r in rows]  # unchanged: reuse the Fractions
    else:
        frows = [tuple(Fraction(int(v), int(dx)) for v in r) for r, dx in zip(red.tolist(), dr.tolist())]
    lo, hi, pri, out, meth, prec, iters, cnote = _numeric_capacity(frows, gap / scale)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, pri):
        pmf[r] += p
    how = "; ".join(how + (f"reduced {len(frows)}x{len(frows[0])} channel: {meth}",) + ((cnote,) if cnote else ()))
    return _Cap(None, lo * scale, hi * scale, tuple(pmf), how, meth, None, {"precision": prec, "iterations": iters})


def _numeric_capacity(rows: list[tuple[Fraction, ...]], gap: Fraction):
    """Certified capacity enclosure of a rational channel (list of Fraction rows), from the
    information core: (lower, upper, prior, output, method, precision, iterations, note)."""
    res = capacity_enclosure([list(r) for r in rows], gap=gap)
    note = "" if res.converged else res.note
    return (res.lower, res.upper, tuple(res.prior), tuple(res.output), res.method, res.precision,
            res.iterations, note)


def _channel_capacity(rows: list[tuple], *, gap: Fraction = _DEFAULT_GAP, method: str = "auto") -> _Cap:
    """Capacity of the channel ``rows`` (exact values): closed form if detected (unless
    method="numeric"), else a certified enclosure.  The prior is over the given rows."""
    k = len(rows)
    sym = not all(isinstance(v, Fraction) for r in rows for v in r)
    if method == "numeric":
        red, reps = _reduce(list(rows), list(range(k)))
        det = ("residual", red, reps, Fraction(1), ("closed-form detection skipped (method='numeric')",))
    else:
        det = _closed_form(list(rows), list(range(k)))
    if det[0] == "closed":
        _, val, pri, how = det
        pmf = tuple(pri.get(x, Fraction(0)) for x in range(k))
        val = _symbolic_value(val) if isinstance(val, sympy.Basic) else val
        return _Cap(val, None, None, pmf, "; ".join(how), "closed-form")
    _, red, reps, scale, how = det
    if sym or not isinstance(scale, Fraction):
        raise InvalidArgument(
            "the capacity of this channel has no closed form the detector recognises and its entries are "
            "symbolic/irrational; substitute a value first (M.subs(eps=...))")
    lo, hi, pri, out, method, prec, iters, cnote = _numeric_capacity(red, gap / scale if scale else gap)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, pri):
        pmf[r] += p
    how = "; ".join(how + (f"reduced {len(red)}x{len(red[0])} channel: {method}",) + ((cnote,) if cnote else ()))
    return _Cap(None, lo * scale, hi * scale, tuple(pmf), how, method, None, {"precision": prec, "iterations": iters})


def _cap_measured(name, cap: _Cap, witness: dict, note="") -> Measured:
    if cap.value is not None:
        return Measured(name, cap.value, witness=witness, method=cap.method, note=note or cap.how)
    return Measured(name, None, cap.lower, cap.upper, witness, cap.method, note or cap.how)


def capacity(M, *, gap=_DEFAULT_GAP, method: str = "auto") -> Measured:
    """Capacity sup_{P_{X^n}} I(X^n; Y) of the whole mechanism (seed 001 (58), (53), Ex. 3.3, Ex. 5.1).

    Exact when a closed form is detected in the matrix structure (see the module docstring:
    identical rows -> 0; weakly symmetric -> log|Y| - H(row); an erasure column of constant
    probability 1-δ -> δ·C(rest), so Ex. 3.3 gives δ log N); otherwise a certified enclosure
    [I(P), max_x D(W_x || PW)] of width about ``gap``.  Witness: "prior" (a capacity-achieving
    input pmf, or the one certifying the lower bound).  ``method="numeric"`` skips the
    closed-form detector (for cross-checks).
    """
    M = _mechanism(M)
    gap = _gap(gap)
    method = _cap_method(method)
    _check_symbolic_size(M)
    if M.is_rational:
        cap = _capacity_rows(*_int_rows(*M.integer_rows()), gap=gap, method=method, rows=M.rows)
    else:
        cap = _channel_capacity(M.rows, gap=gap, method=method)
    return _cap_measured("capacity", cap, {"prior": _pmf_desc(M.inputs, cap.prior)})


def is_capacity(M, level, *, gap=_DEFAULT_GAP, method: str = "auto") -> Decision:
    """Decide sup_P I(X;Y) <= level (seed 001 (58))."""
    return at_most(capacity(M, gap=gap, method=method), level)


def _cap_method(method) -> str:
    if method not in ("auto", "numeric"):
        raise InvalidArgument(f"method={method!r} must be 'auto' (closed forms when detected) or 'numeric'")
    return method


def _gap(gap) -> Fraction:
    g = as_rational(gap, "gap")
    if g <= 0:
        raise InvalidArgument(f"gap={gap!r} must be a positive rational")
    return g


def _check_symbolic_size(M):
    if not M.is_rational and M.shape[0] * M.shape[1] > _SYMBOLIC_MAX_ENTRIES:
        raise InvalidArgument(
            f"{M!r} is symbolic and has {M.shape[0] * M.shape[1]} entries (> {_SYMBOLIC_MAX_ENTRIES}); "
            f"substitute a value first (M.subs(eps=...))")


def _canonical_channel(rows: list[tuple]):
    """A key equal for channels equal up to row and column permutations (a sufficient, not
    necessary, condition: equal keys imply equal capacities)."""
    k = len(rows)
    perms = itertools.permutations(range(k)) if k <= 4 else [sorted(range(k), key=lambda r: _multiset(rows[r]))]
    best = None
    for perm in perms:
        cols = sorted((tuple(_key(rows[r][j]) for r in perm) for j in range(len(rows[0]))),
                      key=lambda c: tuple(_sort_key(v) for v in c))
        key = tuple(cols)
        if best is None or [tuple(_sort_key(v) for v in c) for c in key] < [tuple(_sort_key(v) for v in c) for c in best]:
            best = key
    return best


def mi_dp(M, *, gap=_DEFAULT_GAP, method: str = "auto") -> Measured:
    """MI-DP level (seed 001 Def. 2): sup over records i and ALL joint priors P_{X^n} of
    I(X_i; Y | X_{-i}).

    Reduction (proof).  For any prior,
        I(X_i;Y|X_{-i}) = Σ_{x_{-i}} P(x_{-i}) I(X_i;Y | X_{-i}=x_{-i}),
    and given X_{-i} = x_{-i}, Y depends on X_i only through the channel
    W_{i,x_{-i}}: x_i -> P(·|x_i, x_{-i}) (the mechanism's rows with the other records fixed),
    with input distribution P(X_i|x_{-i}).  Hence each term is at most C(W_{i,x_{-i}}), the
    capacity, and the average of the terms is at most max_{x_{-i}} C(W_{i,x_{-i}}).  The bound
    is attained: put a point mass on a maximising x_{-i} times a capacity-achieving input on
    X_i; then I(X_i;Y|X_{-i}) = C(W_{i,x_{-i}}).  So

        mi_dp(M) = max_i max_{x_{-i}} C(W_{i,x_{-i}}).

    Each capacity is exact when a closed form is detected (binary symmetric rows:
    log 2 - h(p); erasure: δ log N; identical rows: 0; permutation channels: log N; see
    :func:`capacity`), else a certified enclosure; sub-channels equal up to permutations are
    computed once.  Witness: "record", "others" ({j: x_j}), "input_prior" (pmf of X_i),
    "prior" (the optimising joint prior: point mass on x_{-i} times the input prior).
    """
    M = _mechanism(M)
    gap = _gap(gap)
    method = _cap_method(method)
    _check_symbolic_size(M)
    codes = _records(M, "mi_dp")
    recs = M.inputs.records
    pts = M.inputs.points
    rational = M.is_rational
    if rational:
        num, den = M.integer_rows()
    seen: set = set()
    items, entries = [], []
    for i in range(codes.shape[1]):
        groups: dict = {}
        for x, key in enumerate(_other_codes(codes, i)):
            groups.setdefault(key, []).append(x)
        for key, xs in groups.items():
            xs = sorted(xs, key=lambda x: codes[x, i])
            xs = np.array(xs, dtype=np.int64)
            if rational:
                N, d = _int_rows(num[xs], den[xs])
                red, dr, _ = _reduce_rows(N, d, list(range(len(xs))))
                ckey = _canonical_rows(red, dr)
            else:
                rows = [M.rows[x] for x in xs]
                red, _ = _reduce(rows, list(range(len(rows))))
                ckey = _canonical_channel(red) if red and red[0] else ()
            if ckey in seen:
                continue  # equal up to permutations to a channel already measured: same capacity
            seen.add(ckey)
            # phase 1: every distinct sub-channel, numeric ones only to a coarse gap
            coarse = max(gap, _COARSE_GAP)
            if rational:
                cap = _capacity_rows(N, d, gap=coarse, method=method, rows=[M.rows[x] for x in xs.tolist()])
                entries.append([cap, i, xs, (N, d)])
            else:
                entries.append([_channel_capacity(rows, gap=coarse, method=method), i, xs, None])
    # phase 2: refine, best first, only the numeric sub-channels that may still hold the maximum
    if rational and gap < _COARSE_GAP and any(e[0].value is None for e in entries):
        best_low = max(_bounds(e[0].value)[0] if e[0].value is not None else e[0].lower for e in entries)
        for e in sorted((e for e in entries if e[0].value is None), key=lambda e: e[0].upper, reverse=True):
            if e[0].upper < best_low:
                break  # this and all later ones are certified below the maximum already
            e[0] = _capacity_rows(*e[3], gap=gap, method=method, rows=[M.rows[x] for x in e[2].tolist()])
            best_low = max(best_low, e[0].lower)
    for cap, i, xs, _ in entries:
        xl = xs.tolist()
        others = {j: recs[j][c] for j, c in enumerate(codes[xl[0]].tolist()) if j != i}
        input_prior = {repr(recs[i][int(codes[x, i])]): str(p) for x, p in zip(xl, cap.prior) if p != 0}
        joint = {repr(pts[x]): str(p) for x, p in zip(xl, cap.prior) if p != 0}
        wit = {"record": i, "others": others, "input_prior": input_prior, "prior": joint}
        items.append(_cap_measured("mi_dp", cap, wit))
    note = "max over records i and values x_{-i} of the capacity of x_i -> P(.|x_i, x_{-i}) (Def. 2 reduction)"
    return _max_measured("mi_dp", items, note)


def is_mi_dp(M, level, *, gap=_DEFAULT_GAP, method: str = "auto") -> Decision:
    """Decide ε-MI-DP (seed 001 Def. 2): sup_{i, P} I(X_i;Y|X_{-i}) <= level."""
    return at_most(mi_dp(M, gap=gap, method=method), level)


def _rational_pmf(p, *, full_support: bool = False) -> tuple[Fraction, ...]:
    """Exact pmf close to the float vector p (denominators about 2^32); with ``full_support``,
    mixed with 2^-60 of the uniform pmf so that every entry is positive."""
    k = len(p)
    approx = [Fraction(max(float(v), 0.0)).limit_denominator(1 << 32) for v in p]
    s = sum(approx)
    approx = [a / s for a in approx] if s > 0 else [Fraction(1, k)] * k
    if not full_support:
        return tuple(approx)
    eta = Fraction(1, 1 << 60)
    return tuple((1 - eta) * a + eta / k for a in approx)


# ======================================================================================
# Sibson's α-mutual information
# ======================================================================================
def _alpha(alpha):
    if alpha is sympy.oo:
        return sympy.oo
    if isinstance(alpha, float):
        raise NotExactError(f"alpha={alpha!r} is a float; give an exact rational such as '3/2'")
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be positive (Sibson's α-MI, seed 001 (66), is for α > 0)")
    return a


def _sibson_expr(pmf, rows, a: Fraction) -> sympy.Expr:
    A = sympy.Rational(a.numerator, a.denominator)
    inner = []
    for y in range(len(rows[0])):
        s = sympy.Add(*[to_sympy(p) * to_sympy(r[y]) ** A for p, r in zip(pmf, rows) if p != 0 and not _zero(r[y])])
        if s != 0:
            inner.append(s ** (1 / A))
    return A / (A - 1) * sympy.log(sympy.Add(*inner))


def _pow_matrix(N, d, a: Fraction, prec: int):
    """arb_mat of W^α for W = N/d (balls): W(y|x)^α = N[x,y]^α · d[x]^{-α}, each distinct
    integer raised once."""
    k, m = N.shape
    with working_precision(prec):
        fa = flint.fmpq(a.numerator, a.denominator)
        cache: dict = {0: flint.arb(0)}
        entries = []
        for row, dx in zip(N.tolist(), d.tolist()):
            f = flint.arb(int(dx)) ** (-fa)
            for v in row:
                b = cache.get(v)
                if b is None:
                    b = cache[v] = flint.arb(int(v)) ** fa
                entries.append(b * f if v else b)
        return flint.arb_mat(k, m, entries)


def _sibson_arb(pmf, N, d, a: Fraction, prec: int, powm=None):
    """Ball of I^s_α(P) = α/(α-1) log Σ_y (Σ_x P(x) W(y|x)^α)^{1/α} for W = N/d (α ≠ 1)."""
    k, m = N.shape
    powm = _pow_matrix(N, d, a, prec) if powm is None else powm
    used = np.flatnonzero((N[[x for x, p in enumerate(pmf) if p]] != 0).any(axis=0))  # s_y > 0, exactly
    with working_precision(prec):
        fa = flint.fmpq(a.numerator, a.denominator)
        inv = flint.fmpq(a.denominator, a.numerator)
        v = flint.arb_mat(1, k, [flint.arb(flint.fmpq(p.numerator, p.denominator)) for p in pmf])
        sv = (v * powm).entries()
        total = flint.arb(0)
        for y in used.tolist():
            total += sv[y] ** inv
        return flint.arb(fa / (fa - 1)) * total.log()


def _max_leakage(pmf, M: Mechanism) -> Fraction:
    """Σ_y max_{x: P(x)>0} W(y|x) (exact; Sibson's α = ∞ is its log)."""
    num, den = M.integer_rows()
    supp = [x for x, p in enumerate(pmf) if p]
    total = Fraction(0)
    for y in range(num.shape[1]):
        total += exact_argmax_fractions(num[supp, y], den[supp])[1]
    return total


def sibson_mi(M, *, alpha, prior=None, method: str = "auto") -> Measured:
    """Sibson's α-mutual information (seed 001 §7, eq. (66)):

    I^s_α(X;Y) = min_{Q_Y} D_α(P_{Y|X} || Q_Y | P_X)
               = α/(α-1) · log Σ_y ( Σ_x P(x) W(y|x)^α )^{1/α}      (α > 0, α ≠ 1),

    α = 1 gives Shannon's I(X;Y) (returned as :func:`mi_privacy`), α = sympy.oo gives
    log Σ_y max_{x: P(x)>0} W(y|x).  ``alpha`` must be an exact positive rational (or oo).
    Exact sympy expression (a LogForm when it reduces to one) for small instances or
    method="exact"; certified arb enclosure otherwise.
    """
    M = _mechanism(M)
    P, desc = _prior(M, prior, "sibson_mi")
    a = _alpha(alpha)
    method = _method(method)
    wit = {"prior": desc, "alpha": str(a)}
    if a == 1:
        r = mi_privacy(M, prior=P, method=method)
        return Measured("sibson_mi", r.value, r.lower, r.upper, wit, r.method, "alpha = 1: Shannon mutual information")
    if a is sympy.oo:
        _require_rational(M, "sibson_mi(alpha=oo)")
        return _log_rational_measured("sibson_mi", _max_leakage(P.pmf, M), method, wit,
                                      "alpha = oo: log sum_y max_x W(y|x) over the prior's support")
    nnz = sum(1 for p, r in zip(P.pmf, M.rows) if p != 0 for v in r if not _zero(v))
    if not M.is_rational or method == "exact" or (method == "auto" and nnz <= _SIBSON_EXACT_MAX_TERMS):
        if not M.is_rational:
            _check_symbolic_size(M)
        expr = _sibson_expr(P.pmf, M.rows, a)
        return Measured("sibson_mi", _symbolic_value(expr), witness=wit, method="sympy",
                        note="" if M.is_rational else _SYMBOLIC_NOTE)
    N, d = M.integer_rows()
    lo, hi, prec = _refine(lambda prec: _sibson_arb(P.pmf, N, d, a, prec))
    return Measured("sibson_mi", None, lo, hi, wit, f"arb({prec} bits)", "certified enclosure of (66)")


def is_sibson_mi(M, level, *, alpha, prior=None, method: str = "auto") -> Decision:
    """Decide I^s_α(X;Y) <= level."""
    return at_most(sibson_mi(M, alpha=alpha, prior=prior, method=method), level)


def _renyi_divs_arb(powm, Q, a: Fraction, prec: int) -> list:
    """Balls of D_α(W_x || Q) = 1/(α-1) log Σ_y W(y|x)^α Q(y)^{1-α} for every row x of the
    power matrix ``powm`` = W^α (Q > 0 everywhere)."""
    with working_precision(prec):
        fa = flint.fmpq(a.numerator, a.denominator)
        qv = flint.arb_mat(len(Q), 1, [flint.arb(flint.fmpq(q.numerator, q.denominator)) ** (1 - fa) for q in Q])
        return [t.log() / flint.arb(fa - 1) for t in (powm * qv).entries()]


def _sibson_float(p, A, a: float):
    """Float I^s_α(p) and max_x D_α(W_x || Q_p) with Sibson's Q_p (guides only)."""
    s = np.einsum("i,ij->j", p, A)
    sa = np.maximum(s, 0.0) ** (1 / a)
    low = a / (a - 1) * np.log(sa.sum())
    Q = sa / sa.sum()
    with np.errstate(divide="ignore"):
        D = np.log(np.einsum("ij,j->i", A, np.where(Q > 0, Q, 1.0) ** (1 - a))) / (a - 1)
    return low, float(D.max())


def _sibson_prior_float(W: np.ndarray, a: float, *, tol: float = 1e-13):
    """Float search for argmax_P I^s_α(P) (only *chooses* P; the certificate is valid whatever
    P is).  Arimoto-type fixed point P_x <- P_x · g_x^{λα/(α-1)}, g_x = Σ_y W(y|x)^α s_y^{1/α-1},
    s = P W^α, with an over-relaxation λ >= 1 that grows while I^s_α increases and falls back
    to the plain step otherwise; every 200 steps without reaching the float gap ``tol`` an
    active-set Newton polish (:func:`_sibson_newton`) is tried.  At most 5,000 steps or about
    2·10^8 multiply-adds.  # Empirically determined parameters."""
    k, m = W.shape
    A = W ** a
    p = np.full(k, 1.0 / k)
    expo = a / (a - 1)
    lam = 1.0
    cur, hi = _sibson_float(p, A, a)
    for step in range(1, max(200, min(5_000, int(2e8 / (k * m)))) + 1):
        if hi - cur < tol:
            break
        s = np.einsum("i,ij->j", p, A)
        with np.errstate(divide="ignore"):
            g = np.einsum("ij,j->i", A, np.where(s > 0, s, np.inf) ** (1 / a - 1))
            lg = expo * np.log(np.maximum(g, 1e-300))
        lg -= lg.max()
        while True:
            new = p * np.exp(lam * lg)
            new /= new.sum()
            val, new_hi = _sibson_float(new, A, a)
            if val >= cur or lam <= 1.0:
                break
            lam = max(1.0, lam / 2)
        improved = val >= cur
        p, cur, hi = new, val, new_hi
        if improved:
            lam = min(2 * lam, 1e4)
        if step % 200 == 0 and hi - cur >= tol and k <= 2000:
            polished = _sibson_newton(p, A, a, cur, hi)
            c2, h2 = _sibson_float(polished, A, a)
            if h2 - c2 < tol:
                return polished
    if hi - cur >= tol and k <= 2000:
        p = _sibson_newton(p, A, a, cur, hi)
    return p


def _sibson_newton(p, A, a: float, cur: float, hi: float, steps: int = 40):
    """Active-set Newton polish of the fixed point (the multiplicative iteration crawls when the
    optimum sits on the boundary of the simplex).  Stationarity of F(P) = Σ_y (P A)_y^{1/α} on
    the support S with Σ P = 1: [H 1; 1ᵀ 0][dP; -μ] = [-∇F; 0], H = (1/α)(1/α-1) A_S diag(s^{1/α-2}) A_Sᵀ;
    inputs violating the KKT sign condition are added to S; steps are halved until the float
    gap decreases."""
    best, best_gap = p, hi - cur
    for _ in range(steps):
        s = np.einsum("i,ij->j", p, A)
        pos = s > 0
        g = A[:, pos] @ (s[pos] ** (1 / a - 1))
        lam = float(p @ g)
        viol = g > lam * (1 + 1e-12) if a > 1 else g < lam * (1 - 1e-12)
        S = np.flatnonzero((p > 1e-300) | viol)
        AS = A[np.ix_(S, np.flatnonzero(pos))]
        H = (1 / a) * (1 / a - 1) * (AS * s[pos] ** (1 / a - 2)) @ AS.T
        n = len(S)
        K = np.zeros((n + 1, n + 1))
        K[:n, :n] = H
        K[:n, n] = K[n, :n] = 1.0
        rhs = np.concatenate([-g[S] / a, [0.0]])
        dp = np.linalg.lstsq(K, rhs, rcond=None)[0][:n]
        t, moved = 1.0, False
        while t > 1e-8:
            new = p.copy()
            new[S] += t * dp
            new = np.maximum(new, 0.0)
            new /= new.sum()
            val, new_hi = _sibson_float(new, A, a)
            # merit: the float gap max_x D_α(W_x||Q_P) - I(P), linear in the error of P (the
            # value I itself is flat to second order near the optimum, below float noise)
            if new_hi - val < best_gap:
                p, best, best_gap, moved = new, new, new_hi - val, True
                break
            t /= 2
        if not moved or best_gap < 1e-13:
            break
    return best


def sibson_capacity(M, *, alpha) -> Measured:
    """Sibson capacity sup_{P_X} I^s_α(X;Y) (seed 001 (67)-(71)), certified.

    Certificate.  For every P and every output pmf Q,
        I^s_α(P) = min_{Q'} D_α(P W || P × Q') <= D_α(P W || P × Q)
                 = 1/(α-1) log Σ_x P(x) exp((α-1) D_α(W_x || Q)) <= max_x D_α(W_x || Q),
    the last step because a quasi-arithmetic mean never exceeds the maximum (for α > 1,
    t -> e^{(α-1)t} is increasing; for α < 1 it is decreasing and 1/(α-1) < 0).  So
    I^s_α(P_0) <= sup_P I^s_α <= max_x D_α(W_x || Q) for any P_0 and Q: we take P_0 from a
    float fixed-point iteration and Q ∝ (Σ_x P_0(x) W(y|x)^α)^{1/α} (Sibson's optimal Q),
    rationalised with full support, and evaluate both sides in arb.

    Exact value when the reduced channel has rows that are permutations of each other and
    columns that are permutations of each other: then by symmetry and concavity (α > 1) /
    convexity (α < 1) of P -> Σ_y (Σ_x P(x) W^α)^{1/α} the uniform input is optimal (its
    KKT gradient is constant), and I^s_α(uniform) is exact.  α = 1 is :func:`capacity`;
    α = oo gives log Σ_y max_x W(y|x) exactly.
    """
    M = _mechanism(M)
    a = _alpha(alpha)
    if a == 1:
        r = capacity(M)
        return Measured("sibson_capacity", r.value, r.lower, r.upper, dict(r.witness, alpha="1"), r.method,
                        "alpha = 1: Shannon capacity")
    _require_rational(M, "sibson_capacity")
    k = M.shape[0]
    if a is sympy.oo:
        full = tuple([Fraction(1, k)] * k)
        return _log_rational_measured("sibson_capacity", _max_leakage(full, M), "auto",
                                      {"alpha": "oo", "prior": "any full-support prior"},
                                      "alpha = oo: log sum_y max_x W(y|x)")
    N, d, reps = _reduce_rows(*_int_rows(*M.integer_rows()), list(range(k)))
    kk, mm = N.shape
    if kk == 1 or mm == 1:
        return Measured("sibson_capacity", Fraction(0), witness={"alpha": str(a), "prior": "any"},
                        method="closed-form", note="identical rows")
    rs, cs = np.sort(N, axis=1), np.sort(N, axis=0)
    if (d == d[0]).all() and (rs == rs[0]).all() and (cs == cs[:, :1]).all():
        # uniform input: Σ_x W(y|x)^α / kk = c for every y (columns are permutations), so
        # I = α/(α-1) log(mm·c^{1/α}) = α/(α-1) log mm + log(c)/(α-1)
        A = sympy.Rational(a.numerator, a.denominator)
        d0 = int(d[0])
        counts: dict = {}
        for v in N[:, 0].tolist():
            if v:
                counts[int(v)] = counts.get(int(v), 0) + 1
        c = sympy.Add(*[cnt * sympy.Rational(v, d0) ** A for v, cnt in counts.items()]) / kk
        expr = A / (A - 1) * sympy.log(mm) + sympy.log(c) / (A - 1)
        pmf = [Fraction(0)] * k
        for r in reps:
            pmf[r] = Fraction(1, kk)
        return Measured("sibson_capacity", _symbolic_value(expr),
                        witness={"alpha": str(a), "prior": _pmf_desc(M.inputs, pmf)}, method="closed-form",
                        note="rows and columns are permutations of each other: the uniform input is optimal")
    if N.dtype != object:
        W = N.astype(np.float64) / d.astype(np.float64)[:, None]
    else:
        W = np.array([[float(Fraction(int(v), int(dx))) for v in r] for r, dx in zip(N.tolist(), d.tolist())])
    p0 = _sibson_prior_float(W, float(a))
    P0 = _rational_pmf(p0)
    A = W ** float(a)
    s = np.einsum("i,ij->j", p0, A) ** (1 / float(a))
    Q = _rational_pmf(s / s.sum(), full_support=True)
    target = Fraction(1, 1 << _ENCLOSURE_BITS)
    for prec in _PRECS:
        powm = _pow_matrix(N, d, a, prec)
        low = _sibson_arb(P0, N, d, a, prec, powm)
        ups = _renyi_divs_arb(powm, Q, a, prec)
        if low.is_finite() and all(u.is_finite() for u in ups):
            lo, lo_hi = arb_to_fractions(low)
            bounds = [arb_to_fractions(u) for u in ups]
            if (lo_hi - lo < target and max(h - l for l, h in bounds) < target) or prec == _PRECS[-1]:
                break
    hi = max(h for _, h in bounds)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, P0):
        pmf[r] += p
    return Measured("sibson_capacity", None, max(lo, Fraction(0)), hi,
                    {"alpha": str(a), "prior": _pmf_desc(M.inputs, pmf)},
                    f"fixed-point + Newton in floats, arb certificate [I_a(P), max_x D_a(W_x||Q)] ({prec} bits)",
                    "certified enclosure; the prior attains the lower bound")


def is_sibson_capacity(M, level, *, alpha) -> Decision:
    """Decide sup_P I^s_α(X;Y) <= level (seed 001 (70)-(71))."""
    return at_most(sibson_capacity(M, alpha=alpha), level)
