"""Certified Shannon quantities and channel capacity of exact channels (the information core).

A *channel* here is a list of rows of :class:`~fractions.Fraction` (row x is the pmf W(.|x),
each row summing to exactly 1); a *prior* is a list of Fractions summing to exactly 1.  All
logs are natural (nats); 0·log 0 = 0, and zero entries are skipped because the *Fraction* is
zero, never because a float underflowed.

Algorithms, and why
-------------------
* **Certified I(X;Y), D(P||Q), h(p)** (:func:`mutual_information_arb`, :func:`kl_arb`,
  :func:`binary_entropy_arb`).  Each row is brought to one integer denominator,
  W(y|x) = a_xy / d_x, so that the conditional entropy of a row is
  h_x = log d_x - (1/d_x) Σ_y a_xy log a_xy: only logs of *integers* are needed, each is
  computed once (arb ball, cached per call), and equal numerators in a row are collected
  first.  H(Y) uses the output pmf q = PW as arb balls from one ``arb_mat`` product (ball
  arithmetic keeps it certified; no exact sum of big rationals is formed), and
  I = H(Y) - H(Y|X).  PITFALLS: a sympy sum of r·log r took 403 s at 729x729, this form 0.23 s.
* **Exact forms** (:func:`mutual_information_exact`, :func:`kl_divergence_terms`) are lists of
  ``(coefficient, argument)`` pairs of Fractions meaning Σ c·log(a): rational-linear
  combinations of logs of rationals, merged by argument.  They are independent of
  ``exactpriv.exact.logforms`` on purpose (a caller may turn them into a ``LogForm``).
* **Capacity** C = max_P I(P;W) (Cuff–Yu (58); Definition 2 is the per-record version).
  Floats only *choose* a prior and an output pmf; the verdict is the certificate

      I(P̂; W)  <=  C  <=  max_x D(W_x || q̂)                                          (*)

  evaluated in arb at an exact rational prior P̂ and an exact rational output pmf q̂.  The
  left side holds because C is a maximum; the right side for *every* pmf q̂ because
  C = min_q max_x D(W_x || q) (capacity is the radius of the information ball: Cover & Thomas,
  Elements of Information Theory, Thm 13.1.1, cited by Cuff–Yu for (22)).
  The float search is (1) Blahut–Arimoto with adaptive over-relaxation,
  p_x <- p_x exp(mu·D(W_x||pW)) / Z, mu growing while I(p) increases and halving otherwise
  (the natural-gradient step of Matz & Duhamel, ITW 2004; mu = 1 is plain BA, which stalls
  on 729x729 channels, PITFALLS); BA finds the support slowly (inputs just outside it decay
  like exp(-n·mu·(C - D_x))), so after 200 steps (2) an active-set Newton method on the
  optimality conditions D(W_x||pW) = C on the support (the Hessian of I(p) is
  -W_S diag(1/q) W_S^T; inputs whose mass would turn negative are dropped, inputs with
  D(W_x||pW) > I(p) added) when BA's support is small, and (3) a primal-dual interior-point
  method (Mehrotra predictor-corrector) when (2) fails -- near-symmetric or degenerate
  channels (non-unique optimal prior), where the active set cannot be guessed.  Measured
  (single-threaded BLAS, 729x729): BA alone > 20 000 steps for a 1e-9 gap on random channels;
  BA + 5-15 Newton steps ~0.1 s for ~1e-14; interior point 6-18 steps, ~1 s, on perturbed
  exponential mechanisms and banded channels where the Newton method stalled.
  Timings: ``bench/bench_capacity.py``.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import flint
import numpy as np
import scipy.linalg as sla
import sympy

from exactpriv.errors import (
    EntryRangeError,
    InvalidArgument,
    NotStochasticError,
    ShapeError,
    SpaceMismatchError,
    SpaceTooLargeError,
)
from exactpriv.exact.decisions import Enclosure
from exactpriv.exact.numbers import as_rational

__all__ = [
    "CapacityResult",
    "binary_entropy_arb",
    "capacity_enclosure",
    "kl_arb",
    "kl_divergence_terms",
    "log_terms_arb",
    "log_terms_sympy",
    "mutual_information_arb",
    "mutual_information_exact",
]

#: Default working precision (bits) of the arb evaluations.
DEFAULT_PREC = 128
#: Largest number of (x, y) pairs for which the exact forms are built.
EXACT_MAX_PAIRS = 250_000

# The float search stops short of the requested gap by this factor, so that the rounding of
# P̂ and q̂ and the arb radii fit in the rest.  # Empirically determined parameter.
_FLOAT_TARGET_FACTOR = 0.25
# Below this float gap (relative to max(1, C)) the double-precision search is at its noise
# floor (D is a sum of |Y| rounded terms).  # Empirically determined parameter.
_FLOAT_NOISE = 2e-14
# Plain/over-relaxed BA iterations before the first Newton polish; doubled after each
# unsuccessful polish.  # Empirically determined parameter.
_BA_CHUNK = 200
_NEWTON_MAX_STEPS = 20
_IPM_MAX_STEPS = 60
# The active-set Newton is tried first only when BA's prior has at most this many
# non-negligible masses (each step costs O(k^2 |Y|)); otherwise the interior point method.
# Empirically determined parameter.
_POLISH_MAX_SUPPORT = 256
_TINY = 1e-300  # floor of floats under log, so that no -inf/nan reaches the float search
_MAX_PREC = 4096


# ======================================================================================
# Validation: exact channels and pmfs
# ======================================================================================
def _rational_entry(v, name: str) -> Fraction:
    r = v if type(v) is Fraction else as_rational(v, name)
    if r < 0 or r > 1:
        raise EntryRangeError(f"{name}={r} ({v!r}) is not a probability in [0, 1]")
    return r


def _check_prec(prec) -> int:
    if isinstance(prec, bool) or not isinstance(prec, int) or not 2 <= prec <= 1 << 20:
        raise InvalidArgument(f"prec={prec!r} of type {type(prec).__name__} must be an int in [2, 2**20] (bits)")
    return prec


def _pmf(P, name: str) -> list[Fraction]:
    """Exact pmf: a non-empty sequence of rationals in [0, 1] summing to exactly 1."""
    if isinstance(P, (str, bytes)) or not isinstance(P, (Sequence, np.ndarray)):
        raise InvalidArgument(f"{name}={P!r} of type {type(P).__name__} must be a list of exact probabilities")
    if len(P) == 0:
        raise ShapeError(f"{name}={P!r} is empty")
    out = [_rational_entry(v, f"{name}[{i}]") for i, v in enumerate(P)]
    total = sum(out, Fraction(0))
    if total != 1:
        raise NotStochasticError(f"{name}={_short(out)} sums to {total}, not exactly 1")
    return out


def _short(seq, k: int = 6) -> str:
    items = [str(v) for v in list(seq)[:k]]
    return "[" + ", ".join(items) + (", ...]" if len(seq) > k else "]")


class _Channel:
    """A validated exact channel: rows of Fractions, each row as integers a_xy over d_x.

    Invariants: ``sum(nums[x]) == dens[x]`` and ``rows[x][y] == Fraction(nums[x][y], dens[x])``.
    """

    __slots__ = ("rows", "nums", "dens", "n_in", "n_out", "_support", "_float", "_arbmat", "_h", "_i64")

    def __init__(self, W, name: str = "W"):
        if isinstance(W, (str, bytes)) or not isinstance(W, (Sequence, np.ndarray)):
            raise InvalidArgument(f"{name}={W!r} of type {type(W).__name__} must be a list of rows of exact probabilities")
        if len(W) == 0:
            raise ShapeError(f"{name}={W!r} has no rows")
        rows, nums, dens = [], [], []
        n_out = None
        for x, row in enumerate(W):
            if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
                raise ShapeError(f"{name}[{x}]={row!r} of type {type(row).__name__} is not a row (list of probabilities)")
            if n_out is None:
                n_out = len(row)
                if n_out == 0:
                    raise ShapeError(f"{name}[0]={row!r} is an empty row")
            elif len(row) != n_out:
                raise ShapeError(f"{name} is ragged: row {x} has {len(row)} entries, row 0 has {n_out}")
            r = [v if type(v) is Fraction else _rational_entry(v, f"{name}[{x}][{y}]") for y, v in enumerate(row)]
            # Hand-written fast path: the slots of Fraction are read directly because the
            # public properties and Fraction comparisons cost ~0.3-1 us each (over a second at
            # 729x729).  Entries >= 0 with an exact row sum of 1 are automatically <= 1.
            num = [v._numerator for v in r]
            den = [v._denominator for v in r]
            if min(num) < 0:
                y = next(y for y, n in enumerate(num) if n < 0)
                raise EntryRangeError(f"{name}[{x}][{y}]={r[y]} ({row[y]!r}) is not a probability in [0, 1]")
            dset = set(den)
            d = math.lcm(*dset)
            if len(dset) == 1:
                a = num
            else:
                mult = {e: d // e for e in dset}
                a = [n * mult[e] for n, e in zip(num, den)]
            if sum(a) != d:
                raise NotStochasticError(f"{name}[{x}]={_short(r)} sums to {Fraction(sum(a), d)}, not exactly 1")
            rows.append(r)
            nums.append(a)
            dens.append(d)
        self.rows, self.nums, self.dens = rows, nums, dens
        self.n_in, self.n_out = len(rows), n_out
        self._support = None
        self._i64 = None
        self._float = None
        self._arbmat = {}
        self._h = {}

    @classmethod
    def of(cls, W, name: str = "W") -> "_Channel":
        return W if isinstance(W, _Channel) else cls(W, name)

    def _int64(self):
        """(a_xy) as an int64 array when every d_x < 2^62 (each a_xy <= d_x), else None."""
        if self._i64 is None:
            big = 1 << 62
            self._i64 = np.array(self.nums, dtype=np.int64) if all(d < big for d in self.dens) else False
        return None if self._i64 is False else self._i64

    @property
    def support(self) -> np.ndarray:
        """Boolean matrix W(y|x) > 0, decided on the integers a_xy (exact)."""
        if self._support is None:
            A = self._int64()
            if A is not None:
                self._support = A > 0
            else:
                self._support = np.array([[a > 0 for a in r] for r in self.nums], dtype=bool)
        return self._support

    @property
    def floats(self) -> np.ndarray:
        """W in double precision (guides the search only; never decides)."""
        if self._float is None:
            A = self._int64()
            if A is not None and all(d < (1 << 53) for d in self.dens):
                F = A.astype(np.float64) / np.array(self.dens, dtype=np.float64)[:, None]
            else:  # int / int true division is correctly rounded for any size
                F = np.array([[a / d for a in r] for r, d in zip(self.nums, self.dens)], dtype=np.float64)
            self._float = F
        return self._float

    def arb_matrix(self, prec: int):
        """The integer matrix (a_xy) as an arb_mat at ``prec`` bits (exact while entries fit)."""
        M = self._arbmat.get(prec)
        if M is None:
            with flint.ctx.workprec(prec):
                Z = self._arbmat.get("fmpz")
                if Z is None:
                    Z = self._arbmat["fmpz"] = flint.fmpz_mat(self.nums)
                M = flint.arb_mat(Z)
            self._arbmat[prec] = M
        return M

    def row_entropies(self, prec: int, logs: "_IntLogs") -> list:
        """arb balls of h_x = H(W(.|x)) = log d_x - (1/d_x) Σ_y a_xy log a_xy."""
        h = self._h.get(prec)
        if h is not None:
            return h
        seen = {}
        h = []
        A = self._int64()
        with flint.ctx.workprec(prec):
            for x, (a_row, d) in enumerate(zip(self.nums, self.dens)):
                if A is not None:  # numpy grouping of equal numerators (a = 1 has log 1 = 0)
                    vals, cnts = np.unique(A[x][A[x] > 1], return_counts=True)
                    key = (d, vals.tobytes(), cnts.tobytes())
                    items = None
                else:
                    items = Counter(a for a in a_row if a > 1)
                    key = (d, frozenset(items.items()))
                val = seen.get(key)
                if val is None:
                    if items is None:
                        items = zip(vals.tolist(), cnts.tolist())
                    else:
                        items = items.items()
                    s = flint.arb(0)
                    for a, c in items:
                        s += flint.arb(a * c) * logs(a)
                    val = logs(d) - s / d
                    seen[key] = val
                h.append(val)
        self._h[prec] = h
        return h


class _IntLogs:
    """Cache of arb balls of log n for positive integers n, at one precision.

    Hand-written because flint has no memoised log table; logs of the few distinct integers
    of a mechanism are the whole cost (PITFALLS: exact mutual information)."""

    __slots__ = ("prec", "_cache")

    def __init__(self, prec: int):
        self.prec = prec
        self._cache = {}

    def __call__(self, n: int):
        v = self._cache.get(n)
        if v is None:
            with flint.ctx.workprec(self.prec):
                v = flint.arb(n).log()
            self._cache[n] = v
        return v

    def rational(self, r: Fraction):
        """log r = log p - log q for r = p/q > 0."""
        with flint.ctx.workprec(self.prec):
            return self(r.numerator) - self(r.denominator)


def _fmpq(r: Fraction):
    return flint.fmpq(r.numerator, r.denominator)


def _dyadic(exact_ball) -> Fraction:
    man, exp = exact_ball.man_exp()
    man, exp = int(man), int(exp)
    return Fraction(man << exp) if exp >= 0 else Fraction(man, 1 << -exp)


def _ball_bounds(ball) -> tuple[Fraction, Fraction] | None:
    """Exact endpoints mid -/+ rad of a finite arb ball (both dyadic, read exactly), or None."""
    if not ball.is_finite():
        return None
    mid, rad = _dyadic(ball.mid()), _dyadic(ball.rad())
    return mid - rad, mid + rad


# ======================================================================================
# Certified entropies, mutual information and divergences
# ======================================================================================
def binary_entropy_arb(p, *, prec: int = DEFAULT_PREC):
    """Certified ball of the binary entropy h(p) = -p log p - (1-p) log(1-p) (nats), 0·log 0 = 0.

    ``p`` is an exact rational in [0, 1].  The capacity of the binary symmetric channel with
    crossover p is log 2 - h(p) (Cuff–Yu, proof of Lemma 2).
    """
    prec = _check_prec(prec)
    p = _rational_entry(p, "p")
    logs = _IntLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for r in (p, 1 - p):
            if r:
                total -= flint.arb(_fmpq(r)) * logs.rational(r)
        return total


def mutual_information_arb(prior, W, *, prec: int = DEFAULT_PREC):
    """Certified ball (flint.arb, nats) containing I(X;Y) for X ~ prior and Y|X=x ~ W[x].

    I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) )  (Wang–Ying–Zhang (4); Cuff–Yu Def. 2),
    evaluated as H(Y) - H(Y|X) with H(Y|X) = Σ_x p(x) H(W_x).  Terms with p(x) W(y|x) = 0
    are skipped exactly.  The ball is an enclosure at working precision ``prec`` bits; it
    does not try to be tight at tiny ``prec``.
    """
    prec = _check_prec(prec)
    ch = _Channel.of(W)
    P = _pmf(prior, "prior")
    if len(P) != ch.n_in:
        raise SpaceMismatchError(f"prior has {len(P)} entries but the channel W has {ch.n_in} rows (inputs)")
    return _mi_arb(ch, P, prec, _IntLogs(prec))


def _mi_arb(ch: _Channel, P: list[Fraction], prec: int, logs: _IntLogs):
    h = ch.row_entropies(prec, logs)
    used_in = np.array([p > 0 for p in P], dtype=bool)
    used_out = np.flatnonzero(ch.support[used_in].any(axis=0))  # q_y > 0, decided exactly
    with flint.ctx.workprec(prec):
        cond = flint.arb(0)
        for x in np.flatnonzero(used_in):
            cond += flint.arb(_fmpq(P[x])) * h[x]
        v = flint.arb_mat(1, ch.n_in, [flint.arb(flint.fmpq(p.numerator, p.denominator * d)) for p, d in zip(P, ch.dens)])
        q = (v * ch.arb_matrix(prec)).entries()
        out = flint.arb(0)
        for y in used_out:
            qy = q[y]
            if not qy > 0:  # ball touches 0 at this precision: use the exact rational instead
                qy = flint.arb(_fmpq(_output_entry(ch, P, int(y))))
            out -= qy * qy.log()
        return out - cond


def _output_entry(ch: _Channel, P, y: int) -> Fraction:
    return sum((p * ch.rows[x][y] for x, p in enumerate(P) if p), Fraction(0))


def kl_arb(P, Q, *, prec: int = DEFAULT_PREC):
    """Certified ball of D(P||Q) = Σ_{i: P_i > 0} P_i log(P_i / Q_i) (nats) (Cuff–Yu Def. 7).

    Returns ``flint.arb.pos_inf()`` when some P_i > 0 = Q_i (decided on the Fractions).
    """
    prec = _check_prec(prec)
    P, Q = _pmf(P, "P"), _pmf(Q, "Q")
    if len(P) != len(Q):
        raise SpaceMismatchError(f"P has {len(P)} entries but Q has {len(Q)}")
    if any(p > 0 and q == 0 for p, q in zip(P, Q)):
        return flint.arb.pos_inf()
    logs = _IntLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for p, q in zip(P, Q):
            if p and p != q:  # log p - log q from cached integer logs; p = q adds exactly 0
                total += flint.arb(_fmpq(p)) * (logs.rational(p) - logs.rational(q))
        return total


# ======================================================================================
# Exact forms: Σ c·log(a) as (c, a) pairs
# ======================================================================================
def _collect(pairs) -> list[tuple[Fraction, Fraction]]:
    acc: dict[Fraction, Fraction] = {}
    for c, a in pairs:
        if a != 1 and c != 0:
            acc[a] = acc.get(a, Fraction(0)) + c
    return sorted(((c, a) for a, c in acc.items() if c != 0), key=lambda t: t[1])


def mutual_information_exact(prior, W, *, max_pairs: int = EXACT_MAX_PAIRS) -> list[tuple[Fraction, Fraction]]:
    """I(X;Y) exactly, as a list of pairs ``(c, a)`` of Fractions meaning Σ c·log(a) (nats).

    I(X;Y) = Σ_{x,y: p(x)W(y|x) > 0} p(x) W(y|x) log( W(y|x) / q(y) ),  q = prior·W
    (Wang–Ying–Zhang (4)).  Pairs are merged by argument; every ``a`` is a positive rational != 1 and
    every ``c`` is nonzero; sorted by ``a``; an empty list means I = 0.  The representation is
    not canonical (log 6 and log 2 + log 3 are different lists); factor the arguments into
    primes for an equality test.  Raises :class:`SpaceTooLargeError` beyond ``max_pairs``
    (x, y) pairs: use :func:`mutual_information_arb` there.
    """
    ch = _Channel.of(W)
    if ch.n_in * ch.n_out > max_pairs:
        raise SpaceTooLargeError(
            f"W is {ch.n_in}x{ch.n_out} = {ch.n_in * ch.n_out} pairs > max_pairs={max_pairs}; "
            "use mutual_information_arb for a certified enclosure"
        )
    P = _pmf(prior, "prior")
    if len(P) != ch.n_in:
        raise SpaceMismatchError(f"prior has {len(P)} entries but the channel W has {ch.n_in} rows (inputs)")
    q = [_output_entry(ch, P, y) for y in range(ch.n_out)]
    pairs = []
    for p, row in zip(P, ch.rows):
        if p:
            pairs.extend((p * w, w / q[y]) for y, w in enumerate(row) if w)
    return _collect(pairs)


def kl_divergence_terms(P, Q):
    """D(P||Q) exactly: a list of pairs ``(c, a)`` meaning Σ c·log(a), or ``sympy.oo``.

    D(P||Q) = Σ_{i: P_i > 0} P_i log(P_i/Q_i) (Cuff–Yu Def. 7); it is +oo (returned as
    ``sympy.oo``) exactly when supp P is not contained in supp Q, decided on the Fractions.
    Pairs as in :func:`mutual_information_exact`.
    """
    P, Q = _pmf(P, "P"), _pmf(Q, "Q")
    if len(P) != len(Q):
        raise SpaceMismatchError(f"P has {len(P)} entries but Q has {len(Q)}")
    if any(p > 0 and q == 0 for p, q in zip(P, Q)):
        return sympy.oo
    return _collect((p, p / q) for p, q in zip(P, Q) if p)


def _terms(terms, name="terms") -> list[tuple[Fraction, Fraction]]:
    if isinstance(terms, (str, bytes)) or not isinstance(terms, Sequence):
        raise InvalidArgument(f"{name}={terms!r} of type {type(terms).__name__} must be a list of (coefficient, argument) pairs")
    out = []
    for i, t in enumerate(terms):
        if not isinstance(t, tuple) or len(t) != 2:
            raise InvalidArgument(f"{name}[{i}]={t!r} is not a (coefficient, argument) pair")
        c = as_rational(t[0], f"{name}[{i}][0]")
        a = as_rational(t[1], f"{name}[{i}][1]")
        if a <= 0:
            raise EntryRangeError(f"{name}[{i}][1]={t[1]!r}: the argument of a log must be positive")
        out.append((c, a))
    return out


def log_terms_arb(terms, *, prec: int = DEFAULT_PREC):
    """Certified ball of Σ c·log(a) for pairs ``(c, a)`` of rationals (a > 0)."""
    prec = _check_prec(prec)
    terms = _terms(terms)
    logs = _IntLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for c, a in terms:
            total += flint.arb(_fmpq(c)) * logs.rational(a)
        return total


def log_terms_sympy(terms) -> sympy.Expr:
    """Σ c·log(a) as an exact sympy expression (unevaluated logs of rationals)."""
    terms = _terms(terms)
    return sympy.Add(*[
        sympy.Rational(c.numerator, c.denominator) * sympy.log(sympy.Rational(a.numerator, a.denominator))
        for c, a in terms
    ])


# ======================================================================================
# Capacity
# ======================================================================================
@dataclass(frozen=True)
class CapacityResult:
    """Certified capacity enclosure ``lower <= C = max_P I(P;W) <= upper`` (nats).

    ``lower`` = lower end of an arb ball of I(prior; W) (clamped at 0 since C >= 0);
    ``upper`` = upper end of an arb ball of max_x D(W_x || output).  Both are exact
    Fractions; ``prior`` and ``output`` are the exact pmfs of the certificate, so anyone can
    re-check the bounds with :func:`mutual_information_arb` and :func:`kl_arb`.
    ``converged`` is False when the requested gap was not reached within the budget (the
    bounds are still valid); ``note`` says why.  ``timings`` holds wall-clock seconds of the
    phases: ``setup`` (validation), ``float`` (search) and ``certificate`` (arb).
    """

    lower: Fraction
    upper: Fraction
    prior: list[Fraction]
    output: list[Fraction]
    method: str
    precision: int
    iterations: int
    converged: bool = True
    note: str = ""
    timings: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def width(self) -> Fraction:
        return self.upper - self.lower

    def enclosure(self) -> Enclosure:
        return Enclosure(self.lower, self.upper, method=self.method, precision=self.precision, note=self.note)

    def __repr__(self):
        return (
            f"CapacityResult([{float(self.lower):.17g}, {float(self.upper):.17g}], width={float(self.width):.3g}, "
            f"iterations={self.iterations}, precision={self.precision}, converged={self.converged})"
        )


class _FloatSearch:
    """Double-precision search for a capacity-achieving prior (guides only, never decides)."""

    def __init__(self, Wf: np.ndarray, deadline: float | None):
        self.W = Wf
        with np.errstate(divide="ignore", invalid="ignore"):
            self.negh = np.where(Wf > 0, Wf * np.log(np.where(Wf > 0, Wf, 1.0)), 0.0).sum(axis=1)
        self.deadline = deadline
        self.steps = 0

    def timed_out(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    # The mat-vecs use np.einsum, not BLAS: on a loaded machine multithreaded OpenBLAS gemv
    # spun for 3-15 ms per 729x729 product against 0.5 ms for einsum (measured; a 200-step
    # BA took 6 s instead of 0.24 s).
    def evaluate(self, p):
        q = np.einsum("i,ij->j", p, self.W)
        D = self.negh - np.einsum("ij,j->i", self.W, np.log(np.maximum(q, _TINY)))
        return q, D, float(p @ D)

    # -- (1) Blahut–Arimoto with adaptive over-relaxation ---------------------------------
    def blahut_arimoto(self, state, n_steps: int, target: float, budget: int):
        p, q, D, I, mu = state
        for _ in range(min(n_steps, budget)):
            if D.max() - I <= target or self.timed_out():
                break
            self.steps += 1
            lp = np.log(np.maximum(p, _TINY)) + mu * (D - D.max())
            pn = np.maximum(np.exp(lp - lp.max()), _TINY)
            pn /= pn.sum()
            qn, Dn, In = self.evaluate(pn)
            if In >= I or mu == 1.0:  # mu = 1 is plain BA, monotone in exact arithmetic
                p, q, D, I = pn, qn, Dn, In
                mu = min(mu * 1.25, 1e4)
            else:
                mu = max(1.0, mu / 2)
        return (p, q, D, I, mu)

    # -- (2) active-set Newton on D(W_x||pW) = C, x in the support -----------------------
    def _newton_direction(self, q, D, S):
        used = q > 0
        WS = self.W[S][:, used]
        # minus the Hessian of I(p) on the face; einsum below 256 rows for the reason given
        # at evaluate(), BLAS above (einsum is a naive loop).  # Empirically determined parameter.
        WSq = WS / q[used]
        H = np.einsum("iy,jy->ij", WSq, WS) if len(S) <= 256 else WSq @ WS.T
        one = np.ones(len(S))
        ridge, scale = 0.0, max(float(np.trace(H)) / len(S), 1.0)
        for _ in range(6):
            try:
                cf = sla.cho_factor(H + ridge * np.eye(len(S)), check_finite=True)
                a, b = sla.cho_solve(cf, D[S]), sla.cho_solve(cf, one)
                nu = a.sum() / b.sum()
                d = a - nu * b
                return d if np.all(np.isfinite(d)) else None
            except (sla.LinAlgError, ValueError):
                ridge = scale * 1e-13 if ridge == 0 else ridge * 100
        return None

    @staticmethod
    def _normalised(v):
        t = v.sum()
        return v / t if t > 0 and np.isfinite(t) else None

    def _clipped(self, S, values, X):
        v = np.zeros(X)
        v[S] = np.maximum(values, 0.0)
        return self._normalised(v)

    def newton_polish(self, p, target: float, budget: int):
        """Return (best p, its float gap); p is a starting prior (e.g. from BA)."""
        X = len(p)
        p = np.where(p > 1e-10 * p.max(), p, 0.0)
        p /= p.sum()
        q, D, I = self.evaluate(p)
        best_gap, best_p = D.max() - I, p
        banned: dict[int, int] = {}
        for it in range(min(_NEWTON_MAX_STEPS, budget)):
            gap = D.max() - I
            if gap < best_gap:
                best_gap, best_p = gap, p
            if gap <= target or self.timed_out() or not np.isfinite(gap):
                break
            self.steps += 1
            S = np.flatnonzero(p > 0)
            spread = D[S].max() - D[S].min()
            out = np.setdiff1d(np.arange(X), S)
            added = set()
            if len(out):
                viol = [int(j) for j in out[D[out] > I + max(2 * spread, 1e-15)] if banned.get(int(j), -1) < it]
                if viol:
                    added = set(sorted(viol, key=lambda j: -D[j])[:10])
                    S = np.union1d(S, sorted(added))
            d = self._newton_direction(q, D, S)
            if d is None:
                break
            pS = p[S]
            # Candidates: (a) the full Newton step with negative masses clipped to 0 (drops
            # many inputs at once, which BA's leftovers need), (b) the ratio-test step that
            # stops where the first mass reaches 0 and drops the blocking inputs (inputs of
            # negligible mass are dropped without a step), (c) damped clipped steps.  The
            # candidate with the largest I(p) is taken; when none increases I, (b) still
            # changes the face.
            cands = [self._clipped(S, pS + d, X)]
            ratios = np.full(len(S), np.inf)
            neg = d < 0
            ratios[neg] = pS[neg] / -d[neg]
            t = min(1.0, float(ratios.min()))
            if t < 1.0:
                if t < 1e-3:
                    block, t = S[ratios < 1e-3], 0.0
                else:
                    block = S[ratios <= t * (1 + 1e-9)]
                pb = np.zeros(X)
                pb[S] = np.maximum(pS + t * d, 0.0)
                pb[block] = 0.0
                cands.append(self._normalised(pb))
            cands = [c for c in cands if c is not None]
            if not cands:
                break
            evals = [(self.evaluate(c), c) for c in cands]
            (q1, D1, I1), p1 = max(evals, key=lambda e: e[0][2])
            damp = 0.5
            while I1 < I and damp > 0.1:
                c = self._clipped(S, pS + damp * d, X)
                if c is not None:
                    e = self.evaluate(c)
                    if e[2] > I1:
                        (q1, D1, I1), p1 = e, c
                damp /= 2
            if I1 < I and t < 1.0:
                (q1, D1, I1), p1 = evals[-1]
            for j in added:
                if p1[j] == 0:
                    banned[j] = it + 5
            p, q, D, I = p1, q1, D1, I1
        gap = D.max() - I
        if gap < best_gap:
            best_gap, best_p = gap, p
        return best_p, float(best_gap)


    # -- (3) primal-dual interior point (Mehrotra predictor-corrector) -------------------
    def interior_point(self, p, target: float, budget: int):
        """Return (best p, its float gap) from a primal-dual interior-point method.

        KKT of max I(p) s.t. Σp = 1, p >= 0, with c the capacity estimate and slacks
        s = c - D(W_x||pW) >= 0: D - c + s = 0, p∘s = 0, Σp = 1.  Newton on the perturbed
        system p∘s = σμ reduces, per step, to one Cholesky factorisation of
        W diag(1/q) W^T + diag(s/p) (X x X), used twice (predictor and corrector).  Used when
        the active-set Newton cannot find the support (degenerate or near-symmetric
        channels: 10-20 steps where BA took > 10^4).
        """
        X = len(p)
        p = 0.99 * p + 0.01 / X
        q, D, I = self.evaluate(p)
        c = D.max() + (D.max() - I) + 1e-6
        sl = c - D
        best_gap, best_p = D.max() - I, p
        one = np.ones(X)

        def maxstep(v, dv):
            neg = dv < 0
            return float(np.min(v[neg] / -dv[neg])) if neg.any() else np.inf

        for _ in range(min(_IPM_MAX_STEPS, budget)):
            gap = D.max() - I
            if gap < best_gap:
                best_gap, best_p = gap, p
            if gap <= target or self.timed_out() or not np.isfinite(gap):
                break
            self.steps += 1
            mu = float(p @ sl) / X
            rd = D - c + sl
            rp = p.sum() - 1.0
            Wq = self.W / np.maximum(q, _TINY)
            M = Wq @ self.W.T
            M[np.diag_indices(X)] += sl / p
            try:
                cf = sla.cho_factor(M, check_finite=True)
            except (sla.LinAlgError, ValueError):
                break
            b = sla.cho_solve(cf, one)

            def solve(rc):
                a = sla.cho_solve(cf, rd - rc / p)
                dc = (a.sum() + rp) / b.sum()
                dp = a - dc * b
                return dp, dc, (-rc - sl * dp) / p

            dp, dc, ds = solve(p * sl)  # predictor (affine scaling)
            a_aff = min(1.0, maxstep(p, dp), maxstep(sl, ds))
            mu_aff = float((p + a_aff * dp) @ (sl + a_aff * ds)) / X
            sigma = (mu_aff / mu) ** 3 if mu > 0 else 0.0
            dp, dc, ds = solve(p * sl + dp * ds - sigma * mu)  # corrector
            alpha = min(1.0, 0.99 * maxstep(p, dp), 0.99 * maxstep(sl, ds))
            if not np.isfinite(alpha) or alpha <= 0:
                break
            p = np.maximum(p + alpha * dp, _TINY)
            p /= p.sum()
            c, sl = c + alpha * dc, np.maximum(sl + alpha * ds, _TINY)
            q, D, I = self.evaluate(p)
        gap = D.max() - I
        if gap < best_gap:
            best_gap, best_p = gap, p
        # Interior points keep every mass positive; zero the negligible ones (a sparser
        # certificate prior) when that does not widen the gap.
        clean = np.where(best_p > 1e-14 * best_p.max(), best_p, 0.0)
        clean /= clean.sum()
        _, Dc, Ic = self.evaluate(clean)
        if Dc.max() - Ic <= best_gap:
            best_gap, best_p = Dc.max() - Ic, clean
        return best_p, float(best_gap)


def _normalised_fractions(v: np.ndarray) -> list[Fraction]:
    """The exact pmf f/Σf where f are the (exact binary) values of the float vector v >= 0."""
    f = [Fraction(float(t)) if t > 0 else Fraction(0) for t in v]
    s = sum(f, Fraction(0))
    return [t / s for t in f]


def _certify(ch: _Channel, p: np.ndarray, q: np.ndarray, used_out: np.ndarray, prec: int):
    """Certificate (*) at P̂ = normalised p, q̂ = normalised q (floored on used outputs).

    Returns (lower, upper, P̂, q̂, radius) with radius the arb contribution to the width."""
    # Masses below 1e-30 of the largest (BA keeps every mass >= 1e-300) change I(P̂) by far
    # less than any requested gap; zeroing them keeps the certificate prior readable.
    P_hat = _normalised_fractions(np.where(p >= 1e-30 * p.max(), p, 0.0))
    logs = _IntLogs(prec)
    I = _mi_arb(ch, P_hat, prec, logs)
    # q̂: exact float values on the used outputs, floored so that q̂ > 0 wherever some
    # W(y|x) > 0 (otherwise max_x D(W_x||q̂) = +oo), then normalised exactly.
    qf = np.zeros(ch.n_out)
    qf[used_out] = q
    pos = qf[used_out][qf[used_out] > 0]
    floor = float(pos.min()) * 1e-3 if len(pos) else 1.0
    qf[used_out] = np.maximum(qf[used_out], max(floor, _TINY))
    f = [Fraction(float(t)) if t > 0 else Fraction(0) for t in qf]
    s = sum(f, Fraction(0))
    q_hat = [t / s for t in f]
    h = ch.row_entropies(prec, logs)
    with flint.ctx.workprec(prec):
        logf = flint.arb_mat(ch.n_out, 1, [flint.arb(float(t)).log() if t > 0 else flint.arb(0) for t in qf])
        T = (ch.arb_matrix(prec) * logf).entries()
        log_s = flint.arb(_fmpq(s)).log()
        # D(W_x||q̂) = Σ_y W log W - Σ_y W log f_y + log s   (Σ_y W(y|x) = 1)
        Ds = [log_s - hx - Tx / d for hx, Tx, d in zip(h, T, ch.dens)]
    lo_b = _ball_bounds(I)
    ups = [_ball_bounds(Dx) for Dx in Ds]
    if lo_b is None or any(u is None for u in ups):
        return None
    lower = max(lo_b[0], Fraction(0))  # C >= 0
    upper = max(u[1] for u in ups)
    if upper < lower:  # impossible: lower <= I(P̂) <= C <= D(W_x||q̂) <= upper
        raise AssertionError(f"inconsistent capacity certificate: lower={lower} > upper={upper}")
    radius = (lo_b[1] - lo_b[0]) + max(u[1] - u[0] for u in ups)
    return lower, upper, P_hat, q_hat, radius


def capacity_enclosure(
    W,
    *,
    gap=Fraction(1, 10**12),
    max_seconds=None,
    max_iterations: int = 100_000,
    prec: int | None = None,
) -> CapacityResult:
    """Certified enclosure of the capacity C = max_P I(P; W) (nats) of an exact channel.

    C = max over priors P of I(X;Y), I as in :func:`mutual_information_arb` (Cuff–Yu (58)).
    Certificate: I(P̂;W) <= C <= max_x D(W_x||q̂) for the returned exact pmfs P̂ = ``prior``,
    q̂ = ``output`` (Cover & Thomas Thm 13.1.1), evaluated in arb; see the module comment
    for the float search that chooses them.

    Parameters
    ----------
    W : list of rows of Fractions, each row an exact pmf.
    gap : requested width ``upper - lower`` (exact positive rational; default 1e-12).
        Widths below ~1e-13·max(1, C) are beyond the double-precision search.
    max_seconds : wall-clock budget of the search (None: unlimited); max_iterations : budget
        of BA iterations plus Newton and interior-point steps.  When a budget runs out, the certified
        bounds are returned with ``converged=False``.
    prec : arb working precision in bits; None chooses 128 and doubles it while the arb
        radii exceed gap/1000.
    """
    g = as_rational(gap, "gap")
    if g <= 0:
        raise InvalidArgument(f"gap={gap!r} must be a positive exact rational")
    if max_seconds is not None:
        if isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float)) or not max_seconds > 0:
            raise InvalidArgument(f"max_seconds={max_seconds!r} of type {type(max_seconds).__name__} must be a positive number or None")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 0:
        raise InvalidArgument(f"max_iterations={max_iterations!r} must be a nonnegative int")
    fixed_prec = prec is not None
    prec = _check_prec(prec) if fixed_prec else DEFAULT_PREC
    start = time.perf_counter()
    deadline = None if max_seconds is None else start + float(max_seconds)
    ch = _Channel.of(W)
    timings = {"setup": time.perf_counter() - start, "float": 0.0, "certificate": 0.0}

    # Exact shortcut: all rows equal -> I(P;W) = 0 for every P (Y independent of X).
    if all(r == ch.rows[0] for r in ch.rows):
        return CapacityResult(
            Fraction(0), Fraction(0), [Fraction(1, ch.n_in)] * ch.n_in, list(ch.rows[0]),
            "exact: all rows equal, so I(P;W) = 0 for every prior", prec, 0, timings=timings,
        )

    t0 = time.perf_counter()
    used_out = np.flatnonzero(ch.support.any(axis=0))
    search = _FloatSearch(ch.floats[:, used_out], deadline)
    X = ch.n_in
    p0 = np.full(X, 1.0 / X)
    ba_state = (p0, *search.evaluate(p0), 1.0)
    target = float(g) * _FLOAT_TARGET_FACTOR
    chunk = _BA_CHUNK
    best = None  # (lower, upper, P̂, q̂) of the narrowest certificate so far
    best_float = math.inf
    used = {"BA"}
    note = ""

    def left() -> int:
        return max_iterations - search.steps

    while True:
        # Float search: BA, then (if BA is slow) active-set Newton or interior point.
        ba_state = search.blahut_arimoto(ba_state, chunk, target, left())
        p, q, D, I, _ = ba_state
        cand_p, cand_gap = p, float(D.max() - I)
        if cand_gap > target and left() > 0 and not search.timed_out():
            if int((p > 1e-10 * p.max()).sum()) <= _POLISH_MAX_SUPPORT:
                pp, pg = search.newton_polish(p, target, left())
                used.add("active-set Newton")
                if pg < cand_gap:
                    cand_p, cand_gap = pp, pg
            if cand_gap > target and left() > 0 and not search.timed_out():
                pp, pg = search.interior_point(p, target, left())
                used.add("interior point")
                if pg < cand_gap:
                    cand_p, cand_gap = pp, pg
        cq, _, cI = search.evaluate(cand_p)
        scale = max(1.0, abs(cI))
        t1 = time.perf_counter()
        timings["float"] += t1 - t0
        # Certificate (decides).
        if best is None or cand_gap < best_float:
            while True:
                cert = _certify(ch, cand_p, cq, used_out, prec)
                if not fixed_prec and prec < _MAX_PREC and (cert is None or cert[4] > g / 1000):
                    prec *= 2
                    continue
                break
            if cert is not None and (best is None or cert[1] - cert[0] < best[1] - best[0]):
                best = cert[:4]
        t0 = time.perf_counter()
        timings["certificate"] += t0 - t1
        if best is not None and best[1] - best[0] <= g:
            break
        if search.timed_out() or left() <= 0:
            note = (f"budget exhausted (max_seconds={max_seconds}, max_iterations={max_iterations}) "
                    f"before the requested gap {float(g):.3g}; the bounds are valid")
            break
        if cand_gap <= 4 * _FLOAT_NOISE * scale and target < _FLOAT_NOISE * scale:
            note = (f"requested gap {float(g):.3g} is below the resolution of the double-precision "
                    f"search (~{_FLOAT_NOISE * scale:.1g}); the bounds are valid")
            break
        if cand_gap >= best_float / 2:  # no real progress since the previous round
            note = f"float search stalled at gap {cand_gap:.3g}; the bounds are valid"
            break
        best_float = min(best_float, cand_gap)
        if cand_gap <= target:
            target /= 16  # the float gap was met but not the certified width: search further
        chunk *= 2
    if best is None:  # pragma: no cover - only at absurdly low fixed precision
        raise InvalidArgument(f"prec={prec} is too low to certify any bound on this channel")
    lower, upper, P_hat, q_hat = best
    names = ["BA"] + [m for m in ("active-set Newton", "interior point") if m in used]
    method = (
        " + ".join(names).replace("BA", "accelerated Blahut-Arimoto (adaptive over-relaxation)")
        + f" in floats; arb certificate I(P;W) <= C <= max_x D(W_x||q) at {prec} bits"
    )
    converged = upper - lower <= g
    return CapacityResult(lower, upper, P_hat, q_hat, method, prec, search.steps, converged, note, timings)
