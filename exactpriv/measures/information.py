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
  capacity (duplicate rows, zero columns, proportional columns), then closed forms are
  *detected exactly* (no float involved): one row or one column -> 0; weakly symmetric
  channels -> log|Y| - H(row), attained by the uniform input; an erasure symbol of constant
  probability 1 - δ -> δ·C(rest), recursively.  The reduction and the detector, on integer
  rows for rational channels, live in :mod:`exactpriv.measures._channels` (its head comment
  gives the proofs and timings).  Anything else goes to the information core's certified
  ``capacity_enclosure`` (accelerated Blahut–Arimoto + Newton, certificate
  I(P) <= C <= max_x D(W_x || q) in arb; PITFALLS: plain BA stalls).  For MI-DP,
  sub-channels equal up to row/column permutations are measured once, and numeric ones are
  first bounded to a coarse gap; only those whose upper bound reaches the best lower bound
  are refined to the requested gap.
* **Sibson's α-MI** (``sibson_mi``, ``sibson_capacity`` and their deciders) lives in
  :mod:`exactpriv.measures.sibson` (which builds on this module's helpers).
* **Max-type quantities** (adversarial privacy, min-entropy leakage) are logs of exact
  rational maxima.

Conventions (all measures): 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
Logs are natural (nats).  Prior-dependent measures need an explicit ``prior=`` (a
:class:`~exactpriv.distributions.Prior` on the mechanism's inputs), as in the Bayesian measures.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_eval, arb_to_fractions, working_precision
from exactpriv.exact.kernel import compare, exact_argmax_fractions
from exactpriv.exact.logforms import LogForm, prime_factorization
from exactpriv.exact.numbers import as_rational, to_sympy
from exactpriv.measures._channels import (
    _DEFAULT_GAP,
    _Cap,
    _canonical_channel,
    _canonical_rows,
    _capacity_rows,
    _channel_capacity,
    _int_rows,
    _reduce,
    _reduce_rows,
    _symbolic_value,
    _zero,
)
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
#: Largest symbolic sub-channel (rows*columns) handled by the closed-form detector.
_SYMBOLIC_MAX_ENTRIES = 4096
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


def _terms_sympy(terms) -> sympy.Expr:
    return sympy.Add(*[to_sympy(c) * sympy.log(to_sympy(r)) for c, r in terms])


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
    """Mutual information I(X;Y) in nats (Wang–Ying–Zhang Def. 4, eq. (4)).

    I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) ),  p(x,y) = P(x) W(y|x).

    M is ε-mutual-information private iff I(X;Y) <= ε.  I = 0 iff X and Y are independent, and
    I = H(X) when Y = X (Wang–Ying–Zhang, remark after Def. 4).

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
    """Decide I(X;Y) <= level (ε-MI privacy, Wang–Ying–Zhang Def. 4)."""
    return at_most(mi_privacy(M, prior=prior, method=method), level)


def _other_codes(codes: np.ndarray, i: int) -> list[tuple]:
    return [tuple(r[:i] + r[i + 1:]) for r in codes.tolist()]


def conditional_mi(M, *, prior=None, record=None, method: str = "auto") -> Measured:
    """Conditional mutual information I(X_i; Y | X_{-i}) (Cuff–Yu Def. 2 at a fixed prior;
    Wu–Xia–He Prop. 4).

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
    """Per-record mutual information I(X_i; Y) (Wu–Xia–He Thm 3: ε-identity DP implies I(X_i;Y) <= ε).

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
    """Relative entropy of a record's prior to its posterior (Wu–Xia–He Theorem 2, eq. (26)):

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
    """Decide max_{i,r} D(X_i || X_i|Y=r) <= level (Wu–Xia–He Theorem 2)."""
    return at_most(record_posterior_kl(M, prior=prior, record=record, output=output, method=method), level)


# ======================================================================================
# max-type measures: adversarial privacy, min-entropy leakage
# ======================================================================================
def adversarial_privacy(M, *, prior=None, method: str = "auto") -> Measured:
    """Adversarial privacy level (Cuff–Yu §6.4, eq. (64)): the least ε with
    ln dP_{X|Y=y}/dP_X <= ε for all y, i.e.

    max over y with P(y) > 0 and x with P(x) > 0 of ln( P(x|y)/P(x) ) = ln( W(y|x) / P(y) ).

    Exact LogForm (log of an exact rational maximum; a certified enclosure when that rational
    is too large to factor, see ``method`` in :func:`mi_privacy`).  Since I(X;Y) is the average
    of these log-ratios, I(X;Y) <= this value (Cuff–Yu (65)).  Witness: {"output": y,
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
    """Decide ε-adversarial privacy (Cuff–Yu (64)) at the given prior."""
    return at_most(adversarial_privacy(M, prior=prior, method=method), level)


def min_entropy_leakage(M, *, prior=None, method: str = "auto") -> Measured:
    """Min-entropy leakage (Cuff–Yu (72)-(73)):

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
    """Decide I_∞(X;Y) <= level (Cuff–Yu (72))."""
    return at_most(min_entropy_leakage(M, prior=prior, method=method), level)

# ======================================================================================
# channel capacity and MI-DP (reduction and closed forms: exactpriv.measures._channels)
# ======================================================================================
def _cap_measured(name, cap: _Cap, witness: dict, note="") -> Measured:
    if cap.value is not None:
        return Measured(name, cap.value, witness=witness, method=cap.method, note=note or cap.how)
    return Measured(name, None, cap.lower, cap.upper, witness, cap.method, note or cap.how)


def capacity(M: Mechanism | ProductMechanism, *, gap: Any = _DEFAULT_GAP, method: str = "auto") -> Measured:
    """Capacity sup_{P_{X^n}} I(X^n; Y) of the whole mechanism (Cuff–Yu (58), (53), Ex. 3.3, Ex. 5.1).

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
    """Decide sup_P I(X;Y) <= level (Cuff–Yu (58))."""
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


def mi_dp(M: Mechanism | ProductMechanism, *, gap: Any = _DEFAULT_GAP, method: str = "auto") -> Measured:
    """MI-DP level (Cuff–Yu Def. 2): sup over records i and ALL joint priors P_{X^n} of
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
    """Decide ε-MI-DP (Cuff–Yu Def. 2): sup_{i, P} I(X_i;Y|X_{-i}) <= level."""
    return at_most(mi_dp(M, gap=gap, method=method), level)
