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
from exactpriv.checker.loglinear import log_linear

__all__ = ["log_bounds"]

_ONE = "1"


def _signs(N, D, dom, sub, var) -> set:
    ivs, signed = coefficient_chart(N, D, dom, sub, var)
    return {sg for _, sg in signed}


def log_bounds(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting log bounds are given as points")
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
