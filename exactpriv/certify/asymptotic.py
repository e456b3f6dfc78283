"""Large-ε tails: the sign of an expression in ε, e^{cε}, log, sinh/cosh/tanh on some [R, oo).

The piecewise engine (:mod:`exactpriv.certify.bnb`) proves an inequality on a bounded window by
branch and bound; it needs a *certified tail* — "g has constant sign s on [R, oo)" — to cover an
unbounded domain.  :func:`exactpriv.certify.monotone.tail_dominance` gives one for quotients of
exp-polynomials Σ a ε^α e^{βε}.  This module extends it to expressions that are *linear in finitely
many logarithms* of such quotients, e.g. log(2 cosh ε − 1) − ε² or Cuff–Yu's
(e^ε + 1) log(e^ε + 1) − ε − (e^ε + 1) log 2 (Cuff–Yu (22) on randomized response).

Algorithm (log elimination by monotone quotients), with R found, not guessed
----------------------------------------------------------------------------
``tail_sign(h)``:

1. If ``h`` has no log of the variable: :func:`tail_dominance` (dominant-term comparison of the
   numerator and denominator exp-polynomials with an explicit threshold R, certified in arb).
2. Otherwise write h = c·log(u) + r, with log(u) one log atom of the variable, h linear in it
   (checked: the coefficient c = ∂h/∂log(u) is free of log(u)).  Recursively, c has a constant
   sign s_c on some [R_c, oo) (c has fewer log atoms).  Put q = h/c, so sign h = s_c·sign q on
   [R_c, oo), and
       q' = u'/u + (r/c)'
   has one log atom fewer (the coefficient of log u in q is the constant 1).  Recursively, q' has
   a constant sign s' on [R', oo): q is strictly monotone there.
3. q at a rational point R₁ ≥ max(R_c, R') is certified by an arb ball (R₁ doubled a few times
   if the ball is not signed): if s' > 0 and q(R₁) > 0 then q > 0 on [R₁, oo); if s' < 0 and
   q(R₁) < 0 then q < 0 on [R₁, oo).  Otherwise, when the margin vanishes at infinity, the exact
   limit of q (:func:`limit_at_infinity`: each log(u) = log a + βε + o(1) from u's dominant term
   a e^{βε}, the rest a quotient of exp-polynomials read off its dominant terms) decides: q
   increasing to a limit ≤ 0 is < 0, decreasing to a limit ≥ 0 is > 0.  Otherwise None.

Why it is sound: each recursive sign comes with [R, oo) on which a numerator and a denominator
exp-polynomial have constant non-zero signs, so every quotient involved is finite and continuous
there; h is real at R₁ (a finite arb ball), and an argument u of a log cannot reach 0 on
[R₁, oo) without a pole of u'/u in q'.  Monotonicity of q plus its certified sign at R₁ covers
[R₁, oo).  The certificate records every level (coefficient, quotient, derivative, R, balls).

Square roots: h = c·sqrt(u) + r (linear in one sqrt atom) has, with w = r/c, the sign of c when
w > 0 and the sign of c·(u − w²) when w < 0 (for −w > 0, sqrt(u) > −w ⟺ u > w²), every sign
taken recursively on a tail and u > 0 checked; each step removes one sqrt atom.

Scope: exp with linear arguments, rational powers of ε, sinh/cosh/tanh (rewritten with exp),
square roots and logs of such quotients, each entering linearly.  Products of logs, other
radicals and ``2**ε`` leave the tail without argument (None).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.certify.algebra import MAX_OPS, rewrite_hyperbolic
from exactpriv.certify.core import Budget, dec_down, dec_up, fmt_q
from exactpriv.certify.monotone import exp_poly_terms, tail_dominance
from exactpriv.errors import ExactPrivError
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, arb_to_fractions
from exactpriv.exact.kernel import decide_sign

__all__ = ["limit_at_infinity", "tail_sign"]

#: Deepest recursion (number of log atoms eliminated).
_MAX_DEPTH = 4
#: Doublings of R₁ tried when q(R₁) is not yet of the needed sign.
_MAX_POINT_DOUBLINGS = 8


def _log_atoms(h, var):
    return sorted((a for a in h.atoms(sympy.log) if a.has(var)), key=sympy.default_sort_key)


def _signed_at(h, var, R: Fraction, budget: Budget):
    """(sign, [lo, hi]) of h(R) certified by arb (sign None when the ball straddles 0)."""
    sR = sympy.Rational(R.numerator, R.denominator)
    for prec in (64, 128, 256, 512):
        if prec > budget.max_prec:
            break
        budget.note_prec(prec)
        try:
            lo, hi = arb_to_fractions(arb_eval(h.subs(var, sR), prec))
        except (NonFiniteBallError, ExactPrivError):
            continue
        if lo > 0:
            return 1, (lo, hi)
        if hi < 0:
            return -1, (lo, hi)
    return None, None


def _leading(expr, var, budget: Budget):
    """(coefficient, beta, alpha) of the dominant term c ε^α e^{βε} of an exp-polynomial, or None;
    (0, 0, 0) for an expression that is exactly 0."""
    terms = exp_poly_terms(expr, var)
    if terms is None:
        return None
    for key in sorted(terms, reverse=True):
        sgn, _ = decide_sign(terms[key], max_prec=max(64, min(budget.max_prec, 1024)))
        if sgn is None:
            return None
        if sgn != 0:
            return terms[key], key[0], key[1]
    return sympy.Integer(0), Fraction(0), Fraction(0)


def _ratio_limit(expr, var, budget: Budget):
    """lim_{ε→oo} of a quotient of exp-polynomials from the dominant terms (exact), or None."""
    num, den = sympy.fraction(sympy.together(expr))
    ln, ld = _leading(num, var, budget), _leading(den, var, budget)
    if ln is None or ld is None or ld[0] == 0:
        return None
    if ln[0] == 0:
        return sympy.Integer(0)
    kn, kd = (ln[1], ln[2]), (ld[1], ld[2])
    if kn < kd:
        return sympy.Integer(0)
    if kn == kd:
        return ln[0] / ld[0]
    sgn, _ = decide_sign(ln[0] / ld[0], max_prec=max(64, min(budget.max_prec, 1024)))
    return sympy.oo if sgn > 0 else -sympy.oo


def limit_at_infinity(q, var, budget: Budget):
    """lim_{ε→oo} q for q = Σ k_i log(u_i) + w with constant k_i and exp-polynomial quotients u_i, w;
    exact (a sympy number or ±oo), or None.

    Each log(u_i) = log a_i + α_i log ε + β_i ε + log(u_i / (a_i ε^{α_i} e^{β_i ε})) with
    a_i ε^{α_i} e^{β_i ε} the dominant term of u_i, and the last log tends to 0; the β_i ε are added
    to w, whose limit is read off its dominant numerator and denominator terms.  An infinite limit
    of w decides (it grows at least like a positive power of ε); otherwise Σ k_i α_i ≠ 0 gives
    ±oo, and else the limit is Σ k_i log a_i + lim w."""
    q = rewrite_hyperbolic(q)
    const, linear, logpow, rest = sympy.Integer(0), sympy.Integer(0), sympy.Integer(0), q
    for L in _log_atoms(q, var):
        z = sympy.Dummy("z")
        Q = rest.subs(L, z)
        k = sympy.diff(Q, z)
        if k.has(var) or k.has(z) or any(a.has(var) for a in k.atoms(sympy.log)):
            return None
        rest = sympy.expand(Q - k * z)
        if rest.has(z):
            return None
        un, ud = sympy.fraction(sympy.together(L.args[0]))
        ln, ld = _leading(un, var, budget), _leading(ud, var, budget)
        if ln is None or ld is None or ln[0] == 0 or ld[0] == 0:
            return None
        a = ln[0] / ld[0]
        sgn, _ = decide_sign(a, max_prec=max(64, min(budget.max_prec, 1024)))
        if sgn != 1:
            return None
        const += k * sympy.log(a)
        linear += k * (ln[1] - ld[1])
        logpow += k * (ln[2] - ld[2])  # log(ε^α) = α log ε
    if any(a.has(var) for a in rest.atoms(sympy.log)):
        return None
    lw = _ratio_limit(rest + linear * var, var, budget)
    if lw is None:
        return None
    if lw in (sympy.oo, -sympy.oo):
        return lw  # an unbounded exp-polynomial quotient grows at least like ε^(1/d): it beats log ε
    if logpow != 0:
        s_lp, _ = decide_sign(logpow, max_prec=max(64, min(budget.max_prec, 1024)))
        return None if s_lp is None else (sympy.oo if s_lp > 0 else -sympy.oo)
    return const + lw


def _sqrt_atoms(h, var):
    return sorted((a for a in h.atoms(sympy.Pow)
                   if a.exp == sympy.Rational(1, 2) and a.base.has(var) and a.base != var),
                  key=sympy.default_sort_key)


def _sign_of(c, var, start, budget, depth):
    """(sign, R, step) of c on a tail: exact for a constant, else :func:`tail_sign`."""
    if not c.has(var):
        s, _ = decide_sign(c, max_prec=max(64, min(budget.max_prec, 1024)))
        return None if s in (None, 0) else (s, start, {"method": "exact-sign", "constant": str(c), "sign": s})
    t = tail_sign(c, var, start, budget, depth=depth + 1)
    return None if t is None or t[0] == 0 else t


def _sqrt_tail(h, S, var, start, budget, depth):
    """h = c·sqrt(u) + r, linear in the atom S = sqrt(u): with w = r/c, sign h = sign c when w > 0,
    and sign c · sign(u − w²) when w < 0 (sqrt(u) > −w ⟺ u > w² for −w > 0); u > 0 is checked."""
    z = sympy.Dummy("z")
    H = h.subs(S, z)
    c = sympy.diff(H, z)
    if H.has(S) or c.has(z) or c == 0:
        return None
    r = sympy.expand(H - c * z)
    u = S.base
    tu = _sign_of(u, var, start, budget, depth)
    tc = _sign_of(c, var, start, budget, depth)
    if tu is None or tu[0] < 0 or tc is None:
        return None
    w = sympy.together(r / c)
    tw = _sign_of(w, var, start, budget, depth) if w != 0 else (1, start, {"method": "exact-sign", "constant": "0"})
    if tw is None:
        return None
    steps = {"sqrt_atom": str(S), "radicand_certificate": tu[2], "coefficient_certificate": tc[2],
             "rest_over_coefficient": str(w), "rest_certificate": tw[2]}
    if tw[0] > 0:
        R = max(tu[1], tc[1], tw[1])
        return tc[0], R, {"method": "asymptotic-sqrt", "interval": f"[{fmt_q(R)}, oo)", "sign": tc[0], **steps,
                          "argument": "h = c (sqrt(u) + w) with u > 0 and w > 0 on the tail: sign h = sign c"}
    v = sympy.together(u - w ** 2)
    tv = _sign_of(v, var, max(tu[1], tc[1], tw[1]), budget, depth)
    if tv is None:
        return None
    R = max(tu[1], tc[1], tw[1], tv[1])
    sign = tc[0] * tv[0]
    return sign, R, {"method": "asymptotic-sqrt", "interval": f"[{fmt_q(R)}, oo)", "sign": sign, **steps,
                     "squared_difference": str(v), "squared_difference_certificate": tv[2],
                     "argument": "h = c (sqrt(u) + w) with u > 0, w < 0 on the tail: sqrt(u) + w has the sign of "
                                 "u - w^2"}


def tail_sign(h, var, start: Fraction, budget: Budget, *, depth: int = 0):
    """(sign, R, step): ``h`` has the constant sign ``sign`` on ``[R, oo)`` with R >= start; or None.

    See the module head for the algorithm; ``step`` is the re-checkable certificate."""
    if budget.expired() or depth > _MAX_DEPTH:
        return None
    h = rewrite_hyperbolic(h)
    roots = _sqrt_atoms(h, var)
    if roots:
        return _sqrt_tail(h, roots[0], var, start, budget, depth)
    logs = _log_atoms(h, var)
    if not logs:
        return tail_dominance(h, var, start, budget)
    if sympy.count_ops(h) > MAX_OPS:
        return None
    L = logs[0]
    z = sympy.Dummy("z")
    H = h.subs(L, z)
    if H.has(L):
        return None
    c = sympy.diff(H, z)
    if c.has(z):
        return None  # not linear in log(u)
    r = H - c * z
    if r.has(z) or c == 0:
        return None
    # sign of the coefficient
    if c.has(var):
        tc = tail_sign(c, var, start, budget, depth=depth + 1)
        if tc is None or tc[0] == 0:
            return None
        s_c, R_c, step_c = tc
    else:
        s_c, _ = decide_sign(c, max_prec=max(64, min(budget.max_prec, 1024)))
        if s_c in (None, 0):
            return None
        R_c, step_c = start, {"method": "exact-sign", "constant": str(c), "sign": s_c}
    q = L + r / c  # = h / c
    qp = sympy.together(sympy.diff(q, var))
    tq = tail_sign(qp, var, max(start, R_c), budget, depth=depth + 1)
    if tq is None or tq[0] == 0:
        return None
    s_q, R_q, step_q = tq
    R1 = Fraction(max(R_c, R_q, start))
    for _ in range(_MAX_POINT_DOUBLINGS):
        s_at, ball = _signed_at(q, var, R1, budget)
        if s_at is not None and s_at == s_q:
            sign = s_c * s_q
            step = {"method": "asymptotic", "interval": f"[{fmt_q(R1)}, oo)", "sign": sign,
                    "log_atom": str(L), "coefficient": str(c), "coefficient_sign": s_c,
                    "coefficient_certificate": step_c,
                    "quotient": str(q), "quotient_derivative": str(qp), "derivative_sign": s_q,
                    "derivative_certificate": step_q,
                    "quotient_at_R": [dec_down(ball[0], 12), dec_up(ball[1], 12)],
                    "argument": f"h = c*q with c of sign {s_c} on [{fmt_q(R_c)}, oo); q' of sign {s_q} on "
                                f"[{fmt_q(R_q)}, oo) so q is strictly monotone there; q({fmt_q(R1)}) has sign "
                                f"{s_q} (arb), hence q, and h, keep their signs on [{fmt_q(R1)}, oo)"}
            return sign, R1, step
        R1 = R1 * 2 if R1 > 0 else Fraction(1)
        if budget.expired():
            return None
    # q strictly monotone towards its limit: increasing to a limit <= 0 stays < 0, decreasing to a
    # limit >= 0 stays > 0, on the whole of [max(R_c, R_q), oo)
    lim = limit_at_infinity(q, var, budget)
    if lim is None:
        return None
    s_lim = 1 if lim == sympy.oo else -1 if lim == -sympy.oo else decide_sign(
        lim, max_prec=max(64, min(budget.max_prec, 1024)))[0]
    if s_lim is None or not ((s_q > 0 and s_lim <= 0) or (s_q < 0 and s_lim >= 0)):
        return None
    R1 = Fraction(max(R_c, R_q, start))
    sign = s_c * (-s_q)
    step = {"method": "asymptotic", "interval": f"[{fmt_q(R1)}, oo)", "sign": sign, "log_atom": str(L),
            "coefficient": str(c), "coefficient_sign": s_c, "coefficient_certificate": step_c,
            "quotient": str(q), "quotient_derivative": str(qp), "derivative_sign": s_q,
            "derivative_certificate": step_q, "quotient_limit": str(lim),
            "argument": f"h = c*q with c of sign {s_c}; q' of sign {s_q} on [{fmt_q(R_q)}, oo), so q is strictly "
                        f"monotone towards its limit {lim} (dominant terms, exact) and keeps the sign {-s_q} on "
                        f"[{fmt_q(R1)}, oo)"}
    return sign, R1, step
