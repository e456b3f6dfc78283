"""Kind ``log-bounds``: g = Σ_k c_k(u)·log q_k(u) + r(u) ≥ 0 (or > 0, ≤, <) in one variable, each log replaced by
a rational bound towards the goal (docs/certificates.md, "log-bounds").

g is put in log-linear form by exactpriv.checker.loglinear (log arguments split into irreducible factors q_k positive
on the domain and primes p).  For every y > 0, 1 − 1/y ≤ log y ≤ y − 1 (log y ≤ y − 1 is concavity at 1; the
other side is the same at 1/y).  Each coefficient c_k must have one sign on the domain (the checker's root
isolation; it may vanish at isolated points, where its term is 0): a term whose coefficient has the goal's sign
takes the lower bound (q_k − 1)/q_k, the other the upper bound q_k − 1 (mirrored for a goal ≤ / <).  The result is a
rational function R(u) with g ≥ R (g ≤ R) on the domain, which must have the goal's sign on the whole domain
(strictly for a strict goal).  Entropies h(T) = −T log T − (1 − T) log(1 − T) and their derivatives are such sums.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import goal, single_variable
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker import values as V
from exactpriv.checker.loglinear import goal_form, has_sign, log_linear

__all__ = ["log_bounds"]

_ONE = "1"


def _signs(N, D, dom, sub, var) -> set:
    ivs, signed = coefficient_chart(N, D, dom, sub, var)
    return {sg for _, sg in signed}


def log_bounds(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting log bounds are given as points")
    pull = cert.get("pull", False)
    if not isinstance(pull, bool):
        raise Failed("log-bounds: 'pull' is true or false")
    if pull:
        return _pulled(cert, statement)
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = {var}")
    form = log_linear(g, var, sub, dom)
    want = 1 if rel in (">", ">=") else -1
    RN, RD = form.get(_ONE, ([], [Fraction(1)]))
    for key, (N, D) in form.items():
        if key == _ONE or not polys.padd(N, []):
            continue
        signs = _signs(N, D, dom, sub, var)  # (the chart refuses a coefficient with a pole in the domain)
        if len(signs) != 1:
            raise NotCheckable("log-bounds: the coefficient of a log changes sign on the domain")
        q = list(key[1]) if key[0] == "poly" else [Fraction(key[1])]
        q_minus_1 = polys.padd(q, [Fraction(-1)])
        # c·log q bounded towards the goal: by c·(q − 1)/q when c has the goal's sign, else by c·(q − 1)
        bn, bd = (q_minus_1, q) if signs.pop() == want else (q_minus_1, [Fraction(1)])
        RN, RD = polys.padd(polys.pmul(RN, polys.pmul(D, bd)), polys.pmul(polys.pmul(N, bn), RD)), \
            polys.pmul(RD, polys.pmul(D, bd))
    if not polys.padd(RN, []):
        if rel in (">", "<"):
            raise Failed("log-bounds: the rational bound is identically 0, so a strict goal is not shown")
        return
    ivs, signed = coefficient_chart(RN, RD, dom, sub, var)
    if ivs and rel in (">", "<"):
        raise Failed("log-bounds: the rational bound vanishes in the domain, so a strict goal is not shown")
    if any(sg != want for _, sg in signed):
        raise Failed("log-bounds: the rational bound does not have the goal's sign on the whole domain")


def _one_sign(rf, dom, sub, var, what: str) -> int:
    """The sign of the rational function rf on the domain (it may vanish at isolated points), else NotCheckable."""
    _, signed = coefficient_chart(rf[0], rf[1], dom, sub, var)
    signs = {sg for _, sg in signed}
    if len(signs) != 1:
        raise NotCheckable(f"log-bounds: the coefficient of {what} changes sign on the domain")
    return signs.pop()


def _pulled(cert, statement):
    """``"pull": true``: g = lhs − rhs = c_u(u)·log u + Σ_q c_q(u)·log q(u) + r(u) (the log-linear form; the
    variable is m·log u) on a domain with u = exp(var/m) ≥ 1.  Each log q of degree d is written d·log u + log F
    with F = q/u^d → 1 at ∞, and log F is bounded towards the goal by 1 − 1/F ≤ log F ≤ F − 1
    (F > 0), as c_q's sign on the domain requires; log u by the tight bounds 2(u − 1)/(u + 1) ≤ log u ≤
    (u² − 1)/(2u) (u ≥ 1; both differences vanish at u = 1 with derivatives (u − 1)²/(u(u + 1)²) and
    (u − 1)²/(2u²)), as the sign of its whole coefficient requires.  The rational bound so obtained must have
    the goal's sign on the whole domain (root isolation).  KL ≤ D₂ on RR(ε) is tight only as ε → ∞: pulling
    u² out of log(u² − u + 1) keeps that."""
    var, dom, sub, rel, form = goal_form(cert, statement)
    if sub == f"u = {var}" or not V.compare(dom[0], ">=", Fraction(0)):
        raise NotCheckable("log-bounds: u = exp(var/m) on a domain with var >= 0")
    want = 1 if rel in (">", ">=") else -1
    u_key = ("poly", (Fraction(0), Fraction(1)))
    zero = ([Fraction(0)], [Fraction(1)])
    c_u = form.pop(u_key, zero)
    R = form.pop(_ONE, zero)
    for key, c in form.items():
        if key[0] != "poly":
            raise NotCheckable("log-bounds: a log of a rational constant")
        q = list(key[1])
        d = len(q) - 1
        if d:
            c_u = polys.rf_add(c_u, (polys.pmul(c[0], [Fraction(d)]), c[1]))
        F = (q, [Fraction(0)] * d + [Fraction(1)])  # q/u^d
        if _one_sign(c, dom, sub, var, f"log of a factor of degree {len(q) - 1}") == want:
            bound = (polys.padd(F[0], polys.pneg(F[1])), F[0])  # 1 − 1/F = (q − u^d)/q
        else:
            bound = (polys.padd(F[0], polys.pneg(F[1])), F[1])  # F − 1 = (q − u^d)/u^d
        R = polys.rf_add(R, (polys.pmul(c[0], bound[0]), polys.pmul(c[1], bound[1])))
    if polys.padd(c_u[0], []):
        if _one_sign(c_u, dom, sub, var, "log u") == want:
            bound = ([Fraction(-2), Fraction(2)], [Fraction(1), Fraction(1)])  # 2(u − 1)/(u + 1)
        else:
            bound = ([Fraction(-1), Fraction(0), Fraction(1)], [Fraction(0), Fraction(2)])  # (u² − 1)/(2u)
        R = polys.rf_add(R, (polys.pmul(c_u[0], bound[0]), polys.pmul(c_u[1], bound[1])))
    has_sign(R[0], R[1], dom, sub, var, rel, "log-bounds")

