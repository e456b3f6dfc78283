"""Sibson's α-mutual information and Sibson capacity (Cuff–Yu §7, (66)-(71)).

Algorithm and why
-----------------
I^s_α = α/(α-1) log Σ_y (Σ_x P(x) W(y|x)^α)^{1/α} (Cuff–Yu (66), closed form of the
minimisation) is built as a sympy expression for small instances (exact; a LogForm when it
reduces to one) and evaluated in arb otherwise.  Its capacity is exact for channels whose
rows and columns are permutations of each other (uniform input optimal), else certified by
I^s_α(P) <= sup_P I^s_α <= max_x D_α(W_x || Q) for any Q (proof in :func:`sibson_capacity`),
with P from an over-relaxed Arimoto-type fixed point iteration polished by an active-set
Newton method, in floats (floats only *choose* P and Q).  The channel reduction before it
is the capacity-preserving one of :mod:`exactpriv.measures.engines.channel_reduction` (it also preserves
I^s_α).  α = 1 is Shannon's mutual information / capacity, delegated to
:mod:`exactpriv.measures.information`, whose validation and certified-evaluation helpers
are shared here.

These names are also importable from :mod:`exactpriv.measures.information`.

Conventions: 0·log 0 = 0; logs are natural (nats); ``alpha`` is an exact positive rational
or ``sympy.oo`` (floats refused).
"""

from __future__ import annotations

from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, NotExactError, refuse_symbolic
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_to_fractions, working_precision
from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.exact.numbers import as_rational, to_sympy
from exactpriv.measures.arguments import check_mechanism, check_method, prior_with_label
from exactpriv.measures.engines.channel_reduction import (
    channel_integer_rows,
    is_zero_entry,
    reduce_integer_rows,
    symbolic_value,
)
from exactpriv.measures.engines.information.logsums import (
    ENCLOSURE_BITS,
    PRECISIONS,
    log_rational_measured,
    pmf_label,
    refine_ball,
)
from exactpriv.measures.engines.joint_pmf import SYMBOLIC_NOTE, cmi_measured
from exactpriv.measures.channel_capacity import check_symbolic_size, capacity
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism

__all__ = [
    "is_sibson_capacity",
    "is_sibson_mi",
    "sibson_capacity",
    "sibson_mi",
]

#: Largest number of non-zero p(x)W(y|x) terms for which Sibson's α-MI is built as an exact
#: sympy expression (sympy trees grow with every term).
_SIBSON_EXACT_MAX_TERMS = 200


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


def _alpha(alpha):
    if alpha is sympy.oo:
        return sympy.oo
    if isinstance(alpha, float):
        raise NotExactError(f"alpha={alpha!r} is a float; give an exact rational such as '3/2'")
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be positive (Sibson's α-MI, Cuff–Yu (66), is for α > 0)")
    return a


def _sibson_expr(pmf, rows, a: Fraction) -> sympy.Expr:
    A = sympy.Rational(a.numerator, a.denominator)
    inner = []
    for y in range(len(rows[0])):
        s = sympy.Add(*[to_sympy(p) * to_sympy(r[y]) ** A for p, r in zip(pmf, rows) if p != 0 and not is_zero_entry(r[y])])
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
    """Sibson's α-mutual information (Cuff–Yu §7, eq. (66)):

    I^s_α(X;Y) = min_{Q_Y} D_α(P_{Y|X} || Q_Y | P_X)
               = α/(α-1) · log Σ_y ( Σ_x P(x) W(y|x)^α )^{1/α}      (α > 0, α ≠ 1),

    α = 1 gives Shannon's I(X;Y) (returned as :func:`mi_privacy`), α = sympy.oo gives
    log Σ_y max_{x: P(x)>0} W(y|x).  ``alpha`` must be an exact positive rational (or oo).
    Exact sympy expression (a LogForm when it reduces to one) for small instances or
    method="exact"; certified arb enclosure otherwise.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "sibson_mi")
    a = _alpha(alpha)
    method = check_method(method)
    wit = {"prior": desc, "alpha": str(a)}
    if a == 1:
        r = cmi_measured("mi_privacy", M, P, None, [0] * M.shape[0], method, {"prior": desc})  # = mi_privacy
        return Measured("sibson_mi", r.value, r.lower, r.upper, wit, r.method, "alpha = 1: Shannon mutual information")
    if a is sympy.oo:
        refuse_symbolic(M, "sibson_mi(alpha=oo)")
        return log_rational_measured("sibson_mi", _max_leakage(P.pmf, M), method, wit,
                                      "alpha = oo: log sum_y max_x W(y|x) over the prior's support")
    nnz = sum(1 for p, r in zip(P.pmf, M.rows) if p != 0 for v in r if not is_zero_entry(v))
    if not M.is_rational or method == "exact" or (method == "auto" and nnz <= _SIBSON_EXACT_MAX_TERMS):
        if not M.is_rational:
            check_symbolic_size(M)
        expr = _sibson_expr(P.pmf, M.rows, a)
        return Measured("sibson_mi", symbolic_value(expr), witness=wit, method="sympy",
                        note="" if M.is_rational else SYMBOLIC_NOTE)
    N, d = M.integer_rows()
    lo, hi, prec = refine_ball(lambda prec: _sibson_arb(P.pmf, N, d, a, prec))
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
    """Sibson capacity sup_{P_X} I^s_α(X;Y) (Cuff–Yu (67)-(71)), certified.

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
    M = check_mechanism(M)
    a = _alpha(alpha)
    if a == 1:
        r = capacity(M)
        return Measured("sibson_capacity", r.value, r.lower, r.upper, dict(r.witness, alpha="1"), r.method,
                        "alpha = 1: Shannon capacity")
    refuse_symbolic(M, "sibson_capacity")
    k = M.shape[0]
    if a is sympy.oo:
        full = tuple([Fraction(1, k)] * k)
        return log_rational_measured("sibson_capacity", _max_leakage(full, M), "auto",
                                      {"alpha": "oo", "prior": "any full-support prior"},
                                      "alpha = oo: log sum_y max_x W(y|x)")
    N, d, reps = reduce_integer_rows(*channel_integer_rows(*M.integer_rows()), list(range(k)))
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
        return Measured("sibson_capacity", symbolic_value(expr),
                        witness={"alpha": str(a), "prior": pmf_label(M.inputs, pmf)}, method="closed-form",
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
    target = Fraction(1, 1 << ENCLOSURE_BITS)
    for prec in PRECISIONS:
        powm = _pow_matrix(N, d, a, prec)
        low = _sibson_arb(P0, N, d, a, prec, powm)
        ups = _renyi_divs_arb(powm, Q, a, prec)
        if low.is_finite() and all(u.is_finite() for u in ups):
            lo, lo_hi = arb_to_fractions(low)
            bounds = [arb_to_fractions(u) for u in ups]
            if (lo_hi - lo < target and max(h - l for l, h in bounds) < target) or prec == PRECISIONS[-1]:
                break
    hi = max(h for _, h in bounds)
    pmf = [Fraction(0)] * k
    for r, p in zip(reps, P0):
        pmf[r] += p
    return Measured("sibson_capacity", None, max(lo, Fraction(0)), hi,
                    {"alpha": str(a), "prior": pmf_label(M.inputs, pmf)},
                    f"fixed-point + Newton in floats, arb certificate [I_a(P), max_x D_a(W_x||Q)] ({prec} bits)",
                    "certified enclosure; the prior attains the lower bound")


def is_sibson_capacity(M, level, *, alpha) -> Decision:
    """Decide sup_P I^s_α(X;Y) <= level (Cuff–Yu (70)-(71))."""
    return at_most(sibson_capacity(M, alpha=alpha), level)
