"""Pair-level divergences between two exact pmfs (Cuff–Yu Def. 4) and the validation the
divergence measures share.

max_divergence, hockey_stick (E_γ), tv, kl, renyi and (ε, δ)-closeness of two pmfs P, Q given
as exact rationals (or closed sympy numbers where stated).  Each is computed from its
definition in exact arithmetic: rational sums for E_γ and TV, exact :class:`LogForm` s for
KL and Rényi when the logs are of rationals small enough to factor (:data:`_LOGFORM_BITS`),
else exact sympy ``log`` terms; decisions go through :mod:`exactpriv.exact.kernel`.
The public names are re-exported by :mod:`exactpriv.measures.divergence`.

Conventions: 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.distributions import check_pmf
from exactpriv.errors import (
    InvalidArgument,
    NotExactError,
    ShapeError,
    UndecidedError,
)
from exactpriv.exact.decisions import Decision, Truth
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm, logform_from_sympy
from exactpriv.exact.numbers import EPS, OO, as_exact, as_rational, to_sympy
from exactpriv.measures.arguments import check_alpha, check_mechanism, check_pmf_pair, exact_level
from exactpriv.mechanisms.base import Mechanism, ProductMechanism

__all__ = ["hockey_stick", "is_close", "kl", "max_divergence", "renyi", "tv"]

# ======================================================================================
# validation helpers
# ======================================================================================


def gamma_of_eps_or_exp(eps, exp_eps):
    """(rational γ = e^ε or None, exact sympy e^ε) from exactly one of ``eps`` and ``exp_eps`` = e^ε."""
    if (eps is None) == (exp_eps is None):
        raise InvalidArgument("give exactly one of eps=... or exp_eps=...")
    if exp_eps is not None:
        g = as_rational(exp_eps, "exp_eps")
        if g < 1:
            raise InvalidArgument(f"exp_eps={exp_eps!r} must be >= 1 (eps >= 0)")
        return g, sympy.Rational(g.numerator, g.denominator)
    return gamma_of(eps)


def gamma_of(eps, name="eps"):
    """For an exact eps >= 0 return (gamma, gamma_expr): gamma = e^eps as a Fraction when
    rational (eps = log r, a LogForm with integer prime exponents, or 0), else None;
    gamma_expr is e^eps as an exact sympy expression."""
    if isinstance(eps, bool):
        raise InvalidArgument(f"{name}={eps!r} is a bool")
    if eps is OO:
        raise InvalidArgument(f"{name}=oo: give a finite eps")
    if isinstance(eps, LogForm):
        lf = eps
    else:
        e = as_exact(eps, name, symbols=())
        if isinstance(e, Fraction):
            lf = LogForm.rational(e)
        else:
            lf = logform_from_sympy(e)
            if lf is None:
                if compare(e, "<", 0).is_true:
                    raise InvalidArgument(f"{name}={eps!r} must be >= 0")
                return None, sympy.exp(e)
    if compare(lf, "<", 0).is_true:
        raise InvalidArgument(f"{name}={eps!r} must be >= 0")
    if lf.q0 == 0 and all(c.denominator == 1 for c in lf.coefficients.values()):
        g = Fraction(1)
        for p, c in lf.coefficients.items():
            g *= Fraction(p) ** int(c)
        return g, sympy.Rational(g.numerator, g.denominator)
    return None, sympy.exp(lf.to_sympy())


# ======================================================================================
# pair-level divergences (pmfs P, Q on a common finite set; Cuff–Yu Def. 4)
# ======================================================================================


def max_divergence(P, Q):
    """D_∞(P‖Q) = max_y ln P(y)/Q(y) over y with P(y) > 0 (+oo if P(y) > 0 = Q(y)).

    The smallest ε with P(A) ≤ e^ε Q(A) for every event A (Cuff–Yu Def. 4, (5) with δ = 0);
    (ε, 0)-closeness (7) is max(D_∞(P‖Q), D_∞(Q‖P)) ≤ ε.  Returns a :class:`LogForm` or
    ``sympy.oo``.
    """
    p, q = check_pmf_pair(P, Q)
    best = None
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            return OO
        r = a / b
        if best is None or r > best:
            best = r
    return log_of_ratio(best)


def _as_gamma(gamma):
    if isinstance(gamma, bool):
        raise InvalidArgument(f"gamma={gamma!r} is a bool")
    g = as_exact(gamma, "gamma", symbols=())
    if g < 0 if isinstance(g, Fraction) else compare(g, "<", 0).is_true:  # a rational: its exact sign directly
        raise InvalidArgument(f"gamma={gamma!r} must be >= 0")
    return g


def hockey_stick(P, Q, gamma):
    """E_γ(P‖Q) = Σ_y max(0, P(y) − γ Q(y)) = max_A P(A) − γ Q(A)  (γ ≥ 0 exact).

    P and Q are (ε, δ)-close (Cuff–Yu Def. 4) iff E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ
    (the E_γ remark after (8)).  A Fraction for rational γ; an exact sympy expression for
    irrational γ (each sign of P(y) − γQ(y) is decided by the kernel; raises
    :class:`UndecidedError` if one cannot be).
    """
    p, q = check_pmf_pair(P, Q)
    g = _as_gamma(gamma)
    if isinstance(g, Fraction):
        gq = [g * b for b in q]  # each γ·Q(y) once, for the test and the term
        return sum((a - c for a, c in zip(p, gq) if a > c), Fraction(0))
    total = sympy.Integer(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        d = compare(a, ">", to_sympy(b) * g)
        if d.is_undecided:
            raise UndecidedError(f"sign of P(y) - gamma Q(y) = {a} - {g}*{b} undecided: {d.reason}")
        if d.is_true:
            total += to_sympy(a) - g * to_sympy(b)
    return total


def tv(P, Q) -> Fraction:
    """Total variation ‖P − Q‖_TV = ½ Σ_y |P(y) − Q(y)| = E_1(P‖Q) (Cuff–Yu (8))."""
    p, q = check_pmf_pair(P, Q)
    return sum((abs(a - b) for a, b in zip(p, q)), Fraction(0)) / 2


def kl(P, Q):
    """D(P‖Q) = Σ_y P(y) ln(P(y)/Q(y)) in nats (0 ln 0 = 0; +oo if P(y) > 0 = Q(y)).

    Cuff–Yu Def. 7 / (9).  Returns an exact :class:`LogForm` or ``sympy.oo``.
    """
    p, q = check_pmf_pair(P, Q)
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return OO
    return LogForm(0, logs=[(a / b, a) for a, b in zip(p, q) if a > 0])


def _renyi_sum_terms(p, q, a: Fraction):
    """The terms p^α q^{1−α} as exact sympy numbers (for rational non-integer α)."""
    A = sympy.Rational(a.numerator, a.denominator)
    return [sympy.Rational(x.numerator, x.denominator) ** A * sympy.Rational(y.numerator, y.denominator) ** (1 - A)
            for x, y in zip(p, q) if x > 0 and y > 0]


def renyi(P, Q, alpha):
    """Rényi divergence D_α(P‖Q) = 1/(α−1) ln Σ_y P(y)^α Q(y)^{1−α}, α > 0 rational.

    α > 1: +oo if P(y) > 0 = Q(y); α ∈ (0, 1): +oo iff P and Q have disjoint supports;
    α = 1 is the KL divergence and α = ``sympy.oo`` the max-divergence (their limits).
    Integer α ≥ 2: the sum is rational, the value an exact :class:`LogForm`.  Non-integer α:
    an exact sympy expression (algebraic numbers inside a log).
    """
    p, q = check_pmf_pair(P, Q)
    a = check_alpha(alpha)
    if a is OO:
        return max_divergence(p, q)
    if a == 1:
        return kl(p, q)
    if a > 1 and any(x > 0 and y == 0 for x, y in zip(p, q)):
        return OO
    if a < 1 and not any(x > 0 and y > 0 for x, y in zip(p, q)):
        return OO
    if a.denominator == 1:
        k = int(a)
        s = sum((x ** k / y ** (k - 1) for x, y in zip(p, q) if x > 0), Fraction(0))
        return log_of_ratio(s, k - 1)
    s = sympy.Add(*_renyi_sum_terms(p, q, a))
    return sympy.log(s) / sympy.Rational(a.numerator - a.denominator, a.denominator)


def is_close(P, Q, eps, delta) -> Decision:
    """Decide (ε, δ)-closeness P ≈ Q (Cuff–Yu Def. 4, (5)-(6)):
    P(A) ≤ e^ε Q(A) + δ and Q(A) ≤ e^ε P(A) + δ for every event A, i.e.
    E_{e^ε}(P‖Q) ≤ δ and E_{e^ε}(Q‖P) ≤ δ.  ε ≥ 0 and δ ≥ 0 exact (floats refused)."""
    p, q = check_pmf_pair(P, Q)
    d = exact_level(delta, "delta")
    g, gexpr = gamma_of(eps)
    gam = g if g is not None else gexpr
    e1, e2 = hockey_stick(p, q, gam), hockey_stick(q, p, gam)
    return Decision.all_of([compare(e1, "<=", d), compare(e2, "<=", d)],
                              f"(eps={eps}, delta={d})-closeness")

#: Rationals whose numerator and denominator fit in this many bits are turned into exact
#: LogForms (prime factorisation); beyond it factoring can take seconds (a 160-bit semiprime
#: took 1.4 s with FLINT here), so ln r stays an exact sympy ``log(r)``.
#: Empirically determined parameter.
_LOGFORM_BITS = 128


def log_of_ratio(r: Fraction, scale: int = 1):
    """ln(r)/scale exactly: a LogForm when r is small enough to factor fast, else sympy."""
    if r.numerator.bit_length() <= _LOGFORM_BITS and r.denominator.bit_length() <= _LOGFORM_BITS:
        return LogForm.log(r) / scale
    return sympy.log(sympy.Rational(r.numerator, r.denominator)) / scale


def decide_log_ratio_at_most(r, scale: int, level, what: str) -> Decision:
    """Decide ln(r)/scale <= level exactly for a rational r > 0 (or r = oo), without
    factoring r: when scale·level = ln t with t rational the test is r <= t (exact);
    otherwise e^{scale·level} is irrational (Lindemann–Weierstrass / unique factorisation),
    so r != e^{scale·level} and certified arb comparison of r with it terminates."""
    if r is OO:
        if level is OO:
            return Decision.true("infinity", f"{what} = oo <= oo")
        return Decision.false("infinity", f"{what} = oo > {level}", certificate={"value": "oo"})
    if level is OO:
        return Decision.true("infinity", f"{what} is finite <= oo")
    if isinstance(level, sympy.log) and level.args[0].is_Rational and scale == 1:
        # level = ln t with t rational (e.g. the value of a measure): r <= t exactly, no factoring
        t = Fraction(int(level.args[0].p), int(level.args[0].q))
        ok = r <= t
        return Decision(Truth.TRUE if ok else Truth.FALSE, "rational",
                        f"{what}: ln({r}) {'<=' if ok else '>'} ln({t})", certificate={"r": str(r), "t": str(t)})
    lf = level if isinstance(level, LogForm) else (
        LogForm.rational(level) if isinstance(level, Fraction) else logform_from_sympy(level))
    if lf is not None:
        tl = lf * scale
        if tl.q0 == 0 and all(c.denominator == 1 for c in tl.coefficients.values()):
            t = Fraction(1)
            for p, c in tl.coefficients.items():
                t *= Fraction(p) ** int(c)
            ok = r <= t
            return Decision(Truth.TRUE if ok else Truth.FALSE, "rational",
                            f"{what}: ln({r})/{scale} {'<=' if ok else '>'} {level} since {r} {'<=' if ok else '>'} {t} "
                            f"= e^({scale}*level)", certificate={"r": str(r), "e^(scale*level)": str(t)})
        rhs = sympy.exp(tl.to_sympy())
    else:
        rhs = sympy.exp(scale * to_sympy(level))
    d = compare(sympy.Rational(r.numerator, r.denominator), "<=", rhs)
    return Decision(d.truth, d.method, f"{what}: ln(r)/{scale} <= level  <=>  r <= e^({scale}*level): {d.reason}",
                    d.precision, d.certificate)
