"""Identities of log-linear expressions Σ_k r_k(u)·log p_k(u) + r_0(u) in one variable (docs/certificates.md,
"log-identity"): mutual information and capacity of symbolic families are such sums.

Every log argument is a rational function of u (u = exp(var/m) or u = var) positive on the domain; it is split
into irreducible polynomial factors over Q (python-flint's factorisation), each with no root in the domain and so
of one sign there, taken positive, and a positive rational constant, split into primes.  log is additive on
positive factors, so the expression equals Σ_k c_k(u)·log q_k(u) + Σ_p c_p(u)·log p + c_0(u) with q_k distinct
irreducible polynomials positive on the domain and p distinct primes: two expressions with the same coefficients
(as rational functions) are the same function on the domain.  (Hand-written: the checker may not use sympy.)
"""

from __future__ import annotations

import math
from fractions import Fraction

import flint

from exactpriv.checker import polys
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import single_variable
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import names, parse

__all__ = ["goal_form", "has_sign", "log_identity", "log_linear", "log_sign"]

_ONE = "1"  # the key of the rational part


def _rf_add(a, b, sign=1):
    return polys.padd(polys.pmul(a[0], b[1]), [sign * x for x in polys.pmul(b[0], a[1])]), polys.pmul(a[1], b[1])


def _add(f: dict, g: dict, sign: int = 1) -> dict:
    out = dict(f)
    for k, v in g.items():
        out[k] = _rf_add(out[k], v, sign) if k in out else ((([sign * x for x in v[0]]), v[1]))
    return out


def _scale(f: dict, r) -> dict:
    return {k: (polys.pmul(v[0], r[0]), polys.pmul(v[1], r[1])) for k, v in f.items()}


def _logs_of(rf, dom, sub: str, var: str) -> dict:
    """log N/D for N/D positive on the domain: its irreducible factors (each of one sign there, taken positive)
    and a positive rational constant split into primes."""
    out: dict = {}
    sign = 1
    for poly, power in ((rf[0], 1), (rf[1], -1)):
        content, factors = flint.fmpq_poly([flint.fmpq(c.numerator, c.denominator) for c in poly]).factor()
        c = Fraction(int(content.p), int(content.q))
        const = c ** power
        for fac, e in factors:
            coeffs = [Fraction(int(x.p), int(x.q)) for x in fac.coeffs()]
            ivs, signed = coefficient_chart(coeffs, [Fraction(1)], dom, sub, var)
            signs = {sg for _, sg in signed}
            if ivs or len(signs) != 1:
                raise NotCheckable("log-identity: a factor of a log argument has a root in the domain")
            if signs.pop() < 0:
                coeffs, sign = [-x for x in coeffs], sign * (-1) ** int(e)
            lead = abs(coeffs[-1])  # |leading coefficient|: the key stays positive on the domain (1 − T, not T − 1)
            key = ("poly", tuple(x / lead for x in coeffs))  # one key per factor
            const *= lead ** (int(e) * power)
            out[key] = out.get(key, 0) + int(e) * power
        if const < 0:
            sign, const = -sign, -const
        for p, e in flint.fmpz(const.numerator).factor() if const.numerator > 1 else []:
            out[("prime", int(p))] = out.get(("prime", int(p)), 0) + int(e)
        for p, e in flint.fmpz(const.denominator).factor() if const.denominator > 1 else []:
            out[("prime", int(p))] = out.get(("prime", int(p)), 0) - int(e)
    if sign < 0:
        raise Failed("log-identity: a log argument is not positive on the domain")
    return {k: ([Fraction(v)], [Fraction(1)]) for k, v in out.items() if v}


def log_linear(node, var: str, sub: str, dom) -> dict:
    """The expression as {key: coefficient N(u)/D(u)}: key "1" for the rational part, ("poly", monic
    coefficients) for the log of an irreducible factor, ("prime", p) for log p."""
    if "log" not in repr(node) and not (sub != f"u = {var}" and var in names(node) and _bare(node, var)):
        return {_ONE: polys.rational_function(node, var, sub)}
    k = node[0]
    if k == "name" and node[1] == var:  # var = m·log u outside exp
        return {("poly", (Fraction(0), Fraction(1))): ([Fraction(polys.scale_of(sub, var))], [Fraction(1)])}
    if k == "neg":
        return _scale(log_linear(node[1], var, sub, dom), ([Fraction(-1)], [Fraction(1)]))
    if k in ("+", "-"):
        return _add(log_linear(node[1], var, sub, dom), log_linear(node[2], var, sub, dom), 1 if k == "+" else -1)
    if k in ("*", "/"):
        a, b = log_linear(node[1], var, sub, dom), log_linear(node[2], var, sub, dom)
        if set(b) == {_ONE}:
            r = b[_ONE] if k == "*" else (b[_ONE][1], b[_ONE][0])
            if not r[0]:
                raise Failed("log-identity: division by 0")
            return _scale(a, r)
        if k == "*" and set(a) == {_ONE}:
            return _scale(b, a[_ONE])
        raise NotCheckable("log-identity: a product of two logs")
    if k == "call" and node[1] == "log":
        inner = log_linear(node[2][0], var, sub, dom)
        if set(inner) != {_ONE}:
            raise NotCheckable("log-identity: the log of a log")
        return _logs_of(inner[_ONE], dom, sub, var)
    raise NotCheckable(f"log-identity: {node[1] if k == 'call' else k} around a log")


def _bare(node, var: str) -> bool:
    """var appears outside exp (as a factor log u) somewhere in node."""
    if node == ("name", var):
        return True
    if node[0] == "call" and node[1] == "exp":
        return False
    kids = node[2] if node[0] == "call" else node[1:]
    return any(isinstance(c, tuple) and _bare(c, var) for c in kids)


def log_identity(cert, statement, proves, max_prec):
    """lhs == rhs for every value of the variable: both sides' log-linear forms agree (module docstring)."""
    var, dom = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] != "==":
        raise NotCheckable("a log-identity certificate proves an equation")
    sub = cert.get("substitution", f"u = exp({var})")
    diff = _add(log_linear(claim[2], var, sub, dom), log_linear(claim[3], var, sub, dom), -1)
    differ = any(polys.padd(v[0], []) for v in diff.values())
    if differ == proves:
        raise Failed("log-identity: the two sides' log-linear forms differ" if proves else
                     "log-identity: the two sides are the same function")


def _nonzero(form: dict) -> dict:
    return {k: v for k, v in form.items() if polys.padd(v[0], [])}


def goal_form(cert, statement):
    """(var, domain, substitution, the claim's relation, the log-linear form of lhs − rhs)."""
    var, dom = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in ("<", "<=", ">", ">="):
        raise NotCheckable("a sign of a log-linear expression: the claim is one inequality")
    sub = cert.get("substitution", f"u = exp({var})")
    form = _nonzero(_add(log_linear(claim[2], var, sub, dom), log_linear(claim[3], var, sub, dom), -1))
    return var, dom, sub, claim[1], form


def _factor_poly(key) -> list:
    """The positive factor a key of the form stands for, as a polynomial in u."""
    return list(key[1]) if key[0] == "poly" else [Fraction(key[1])]


def has_sign(Rn, Rd, dom, sub, var, rel, what: str) -> None:
    """Rn/Rd has the goal's sign (>= 0 or > 0, <= 0 or < 0) on the whole domain, by the checker's root isolation."""
    want = 1 if rel in (">", ">=") else -1
    if not Rn:
        if rel in (">", "<"):
            raise Failed(f"{what}: the expression is identically 0, the strict goal fails")
        return
    ivs, signed = coefficient_chart(Rn, Rd, dom, sub, var)
    if any(sg != want for _, sg in signed) or (rel in (">", "<") and ivs):
        raise Failed(f"{what}: the rewritten claim does not have the goal's sign on the whole domain")


def log_sign(cert, statement, proves, max_prec):
    """g = lhs − rhs = h(u)·Σ_k a_k·log q_k with rational constants a_k (q_k the positive irreducible factors and
    primes of the log-linear form, the variable being m·log u) and no rational part: with L the least common
    denominator of the a_k, Σ a_k log q_k = (1/L)·log(N/D) for N, D the products of the q_k^(L·|a_k|) with
    positive and negative a_k, and log(N/D) has the sign of N − D (N, D > 0), so g has the sign of
    h·(N − D)/D, which the checker's root isolation shows to be the goal's on the whole domain.  This divides a
    claim by its positive rational factor before exponentiating (Csiszár's data processing on RR post-processed:
    (4/5)·(u−1)/(u+1)·log((9u+1)/(u+9)) ≤ ε·(u−1)/(u+1))."""
    if not proves:
        raise NotCheckable("refuting log signs are given as points")
    var, dom, sub, rel, form = goal_form(cert, statement)
    if _ONE in form:
        raise NotCheckable("log-sign: lhs − rhs has a rational part besides its logs")
    if not form:
        return has_sign([], [Fraction(1)], dom, sub, var, rel, "log-sign")
    keys = sorted(form, key=repr)
    h = form[keys[0]]
    exps = {}
    for k in keys:
        n, d = polys.pmul(form[k][0], h[1]), polys.pmul(form[k][1], h[0])
        g = polys.pgcd(n, d)
        n, d = polys.pdivmod(n, g)[0], polys.pdivmod(d, g)[0]
        if len(n) != 1 or len(d) != 1:
            raise NotCheckable("log-sign: the logs' coefficients are not constant multiples of one function")
        exps[k] = n[0] / d[0]
    L = 1
    for a in exps.values():
        L = L * a.denominator // math.gcd(L, a.denominator)
    N, D = [Fraction(1)], [Fraction(1)]
    for k, a in exps.items():
        e = int(a * L)
        if abs(e) > 64:
            raise NotCheckable("log-sign: a power above 64")
        if e > 0:
            N = polys.pmul(N, polys.ppow(_factor_poly(k), e))
        else:
            D = polys.pmul(D, polys.ppow(_factor_poly(k), -e))
    has_sign(polys.pmul(h[0], polys.padd(N, polys.pneg(D))), polys.pmul(h[1], D), dom, sub, var, rel, "log-sign")

