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
  Timings: ``bench/bench_capacity.py``.  The capacity search and certificate live in
  :mod:`exactpriv.measures.engines.capacity`, the validated channel in
  :mod:`exactpriv.measures.engines.information.channel`; their public names are re-exported here.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import flint
import sympy

from exactpriv.errors import EntryRangeError, InvalidArgument, SpaceMismatchError, SpaceTooLargeError
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.engines.capacity import CapacityResult, capacity_enclosure
from exactpriv.measures.engines.information.channel import (
    DEFAULT_PREC,
    ExactChannel,
    IntegerLogs,
    output_probability,
    check_exact_pmf,
    rational_entry,
    check_precision,
    mutual_information_ball,
    to_fmpq,
)

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

#: Largest number of (x, y) pairs for which the exact forms are built.
EXACT_MAX_PAIRS = 250_000


# ======================================================================================
# Certified entropies, mutual information and divergences
# ======================================================================================
def binary_entropy_arb(p, *, prec: int = DEFAULT_PREC):
    """Certified ball of the binary entropy h(p) = -p log p - (1-p) log(1-p) (nats), 0·log 0 = 0.

    ``p`` is an exact rational in [0, 1].  The capacity of the binary symmetric channel with
    crossover p is log 2 - h(p) (Cuff–Yu, proof of Lemma 2).
    """
    prec = check_precision(prec)
    p = rational_entry(p, "p")
    logs = IntegerLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for r in (p, 1 - p):
            if r:
                total -= flint.arb(to_fmpq(r)) * logs.rational(r)
        return total


def mutual_information_arb(prior, W, *, prec: int = DEFAULT_PREC):
    """Certified ball (flint.arb, nats) containing I(X;Y) for X ~ prior and Y|X=x ~ W[x].

    I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) )  (Wang–Ying–Zhang (4); Cuff–Yu Def. 2),
    evaluated as H(Y) - H(Y|X) with H(Y|X) = Σ_x p(x) H(W_x).  Terms with p(x) W(y|x) = 0
    are skipped exactly.  The ball is an enclosure at working precision ``prec`` bits; it
    does not try to be tight at tiny ``prec``.
    """
    prec = check_precision(prec)
    ch = ExactChannel.of(W)
    P = check_exact_pmf(prior, "prior")
    if len(P) != ch.n_in:
        raise SpaceMismatchError(f"prior has {len(P)} entries but the channel W has {ch.n_in} rows (inputs)")
    return mutual_information_ball(ch, P, prec, IntegerLogs(prec))


def kl_arb(P, Q, *, prec: int = DEFAULT_PREC):
    """Certified ball of D(P||Q) = Σ_{i: P_i > 0} P_i log(P_i / Q_i) (nats) (Cuff–Yu Def. 7).

    Returns ``flint.arb.pos_inf()`` when some P_i > 0 = Q_i (decided on the Fractions).
    """
    prec = check_precision(prec)
    P, Q = check_exact_pmf(P, "P"), check_exact_pmf(Q, "Q")
    if len(P) != len(Q):
        raise SpaceMismatchError(f"P has {len(P)} entries but Q has {len(Q)}")
    if any(p > 0 and q == 0 for p, q in zip(P, Q)):
        return flint.arb.pos_inf()
    logs = IntegerLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for p, q in zip(P, Q):
            if p and p != q:  # log p - log q from cached integer logs; p = q adds exactly 0
                total += flint.arb(to_fmpq(p)) * (logs.rational(p) - logs.rational(q))
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
    ch = ExactChannel.of(W)
    if ch.n_in * ch.n_out > max_pairs:
        raise SpaceTooLargeError(
            f"W is {ch.n_in}x{ch.n_out} = {ch.n_in * ch.n_out} pairs > max_pairs={max_pairs}; "
            "use mutual_information_arb for a certified enclosure"
        )
    P = check_exact_pmf(prior, "prior")
    if len(P) != ch.n_in:
        raise SpaceMismatchError(f"prior has {len(P)} entries but the channel W has {ch.n_in} rows (inputs)")
    q = [output_probability(ch, P, y) for y in range(ch.n_out)]
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
    P, Q = check_exact_pmf(P, "P"), check_exact_pmf(Q, "Q")
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
    prec = check_precision(prec)
    terms = _terms(terms)
    logs = IntegerLogs(prec)
    with flint.ctx.workprec(prec):
        total = flint.arb(0)
        for c, a in terms:
            total += flint.arb(to_fmpq(c)) * logs.rational(a)
        return total


def log_terms_sympy(terms) -> sympy.Expr:
    """Σ c·log(a) as an exact sympy expression (unevaluated logs of rationals)."""
    terms = _terms(terms)
    return sympy.Add(*[
        sympy.Rational(c.numerator, c.denominator) * sympy.log(sympy.Rational(a.numerator, a.denominator))
        for c, a in terms
    ])
