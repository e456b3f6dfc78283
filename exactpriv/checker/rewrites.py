"""Certificates that rewrite a one-variable claim before another certificate checks it (docs/certificates.md,
"factor, split, exponentiate, derivative", and "powers"): each rewriting is done here from the statement, never
read from the certificate, and is valid by an elementary fact named in its docstring.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.calculus import derivative
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import goal, rational, single_variable
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.grammar import parse

__all__ = ["KINDS"]


#: exactpriv.checker.certificates.check_certificate, set by that module when it loads (kinds nest: a rewritten
#: claim is checked by another certificate; set rather than imported, so the modules form no import cycle)
CHECK = None


def _check(*args, **kwargs):
    return CHECK(*args, **kwargs)


def _powers(cert, statement, proves, max_prec):
    """g = lhs − rhs = Σ_j var^j·C_j(u), C_j = N_j(u)/D(u), u = exp(var/m), on a domain where var ≥ 0.  Each
    C_j (j ≥ 1) has one sign on the domain (the checker's own root isolation); a term of the goal's sign is
    bounded by var ≥ m(u − 1)/u (log u ≥ 1 − 1/u), a term of the other sign by var ≤ m(u − 1) (log u ≤ u − 1):
    g is then bounded, towards the goal, by a rational function R(u), which must have the goal's sign on the
    domain (strictly for a strict goal).  When every C_j has the goal's sign this is "each coefficient has it"."""
    if not proves:
        raise NotCheckable("refuting coefficient signs are given as points")
    var, dom = single_variable(statement)
    if not V.compare(dom[0], ">=", Fraction(0)):
        raise Failed(f"powers: the domain of {var} reaches below 0, where its powers change sign")
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    m = polys.scale_of(sub, var)
    want = 1 if rel in (">", ">=") else -1
    ub = [-m, m]  # m(u − 1)
    lb_n, lb_d = [-m, m], [Fraction(0), Fraction(1)]  # m(u − 1)/u
    R_n, R_d = (ns[0] if ns else []), [Fraction(1)]  # R = R_n / (R_d·D)
    for j, N in enumerate(ns[1:], start=1):
        if not N:
            continue
        _, signed = coefficient_chart(N, D, dom, sub, var)
        signs = {sg for _, sg in signed}
        if len(signs) != 1:
            raise NotCheckable(f"powers: the coefficient of {var}^{j} changes sign on the domain")
        if signs.pop() == want:  # var^j·C_j ≥ (lower bound)^j·C_j towards the goal
            bn, bd = polys.ppow(lb_n, j), polys.ppow(lb_d, j)
        else:
            bn, bd = polys.ppow(ub, j), [Fraction(1)]
        R_n, R_d = polys.padd(polys.pmul(R_n, bd), polys.pmul(polys.pmul(N, bn), R_d)), polys.pmul(R_d, bd)
    if not R_n:
        if rel in (">", "<"):
            raise Failed("powers: the bound is identically 0, the strict goal fails")
        return
    ivs, signed = coefficient_chart(R_n, polys.pmul(R_d, D), dom, sub, var)
    if any(sg != want for _, sg in signed) or (rel in (">", "<") and ivs):
        raise Failed(f"powers: the coefficient of {var}^0 and the bounded terms do not have the goal's sign on "
                     f"the domain")


def _factor(cert, statement, proves, max_prec):
    """g = var^k·h on a domain where var ≥ 0 (var > 0 for a strict goal): the checker divides g's mixed form by
    var^k itself (the coefficients of var^0 … var^(k−1) must vanish identically) and checks ``then`` on the claim
    "h REL 0" over the same domain."""
    from exactpriv.checker.families import mixed_text

    if not proves:
        raise NotCheckable("refuting factorisations are given as points")
    var, dom = single_variable(statement)
    k = cert.get("power")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 8:
        raise Failed("factor: 'power' must be 1..8")
    lo, hi, lc, hc = dom
    if not V.compare(lo, ">=", Fraction(0)):
        raise Failed(f"factor: the domain of {var} reaches below 0")
    g, rel = goal(cert, statement, var)
    if rel in (">", "<") and lc and V.compare(lo, "==", Fraction(0)):
        raise Failed(f"factor: g = 0 at {var} = 0, which the strict claim includes")
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    if any(ns[:k]):
        raise Failed(f"factor: g is not divisible by {var}^{k}")
    h = mixed_text(ns[k:], D, var, polys.scale_of(sub, var))
    _check(cert.get("then"), dict(statement, claim=f"{h} {rel} 0"), proves=True, max_prec=max_prec)


def _positive_logs(node, var, dom) -> None:
    """Every log argument inside ``node`` is a rational function of u = exp(var/m) positive on the domain."""
    if not isinstance(node, tuple):
        return
    if node[0] == "call" and node[1] == "log":
        for m in (1, 2, 3, 4, 6, 12):
            try:
                N, D = polys.rational_function(node[2][0], var, f"u = exp({var}/{m})")
            except NotCheckable:
                continue
            ivs, signed = coefficient_chart(N, D, dom, f"u = exp({var}/{m})", var)
            if ivs or any(sg <= 0 for _, sg in signed):
                raise Failed("exponentiate: a log argument is not positive on the whole domain")
            break
        else:
            raise NotCheckable("exponentiate: a log argument that is not a rational function of exp(var/m)")
    for child in (node[2] if node[0] == "call" else node[1:]):
        if isinstance(child, tuple):
            _positive_logs(child, var, dom)
        elif isinstance(child, list):
            for c in child:
                _positive_logs(c, var, dom)


def _exponentiate(cert, statement, proves, max_prec):
    """L REL R ⟺ exp(c·L) REL exp(c·R) for a rational c > 0 (exp is strictly increasing): the checker rewrites
    the claim itself (exp of c·log(E) is E^c for an integer c) and checks ``then`` on it."""
    from exactpriv.checker.families import unparse

    if not proves:
        raise NotCheckable("refuting exponentials are given as points")
    var, dom = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] == "!=":
        raise Failed("exponentiate: the claim is not one comparison")
    c = rational(cert.get("scale", "1"), "scale")
    if c <= 0:
        raise Failed("exponentiate: the scale must be positive")
    _positive_logs(claim, var, dom)  # exp(c·log(E)) = E^c needs E > 0 wherever the claim is read
    scaled = lambda side: ("call", "exp", [("*", ("num", c), side)])  # noqa: E731
    new = unparse(("cmp", claim[1], scaled(claim[2]), scaled(claim[3])))
    _check(cert.get("then"), dict(statement, claim=new), proves=True, max_prec=max_prec)


def _derivative(cert, statement, proves, max_prec):
    """g = lhs − rhs meets the goal at the domain's lower end (exact value) and g' has the goal's sign on the
    domain (``then``, on the checker's own derivative): by the mean value theorem g keeps the goal.  Every log
    argument must be positive on the domain and g may use no abs, min, max or sqrt (g is then differentiable
    wherever it is defined; the rational certificates below check their denominators)."""
    from exactpriv.checker.families import unparse
    from exactpriv.checker.grammar import names

    if not proves:
        raise NotCheckable("refuting derivatives are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    lo, hi, lc, hc = dom
    if not isinstance(lo, Fraction):
        raise NotCheckable("derivative: the domain's lower end must be rational")
    if any(f in repr(g) for f in ("'abs'", "'min'", "'max'", "'Min'", "'Max'", "'sqrt'")):
        raise NotCheckable("derivative: g uses a function that is not differentiable everywhere")
    _positive_logs(g, var, dom)
    if names(g) - {var}:
        raise Failed("derivative: g has names other than the variable")
    try:
        at_lo = V.sign(evaluate(g, {var: lo}), max_prec=max_prec)
    except V.Undefined:
        raise NotCheckable(f"derivative: g is undefined at {var} = {lo}") from None
    want = 1 if rel in (">", ">=") else -1
    if at_lo not in (0, want):
        raise Failed(f"derivative: g at {var} = {lo} does not meet the goal")
    strict = rel in (">", "<")
    if at_lo == 0 and strict and lc:
        raise Failed(f"derivative: g = 0 at {var} = {lo}, which the strict claim includes")
    sub_rel = rel if (strict and at_lo == 0) else rel.replace(">", ">=").replace("<", "<=").replace("==", "=")
    sub_rel = {">=": ">=", "<=": "<=", ">": ">", "<": "<", ">==": ">=", "<==": "<="}[sub_rel]
    dg = derivative(g, var)
    _check(cert.get("then"), dict(statement, claim=f"{unparse(dg)} {sub_rel} 0"), proves=True,
                      max_prec=max_prec)


def _split(cert, statement, proves, max_prec):
    """L <= min(a, b, …) is L <= a and L <= b …; likewise max(…) <= R, L >= max(…), min(…) >= R: one part per
    argument, each proved by its certificate."""
    from exactpriv.checker.families import unparse

    if not proves:
        raise NotCheckable("a split proves")
    claim = parse(statement["claim"])
    if claim[0] != "cmp":
        raise Failed("split: the claim is not one comparison")
    op, lhs, rhs = claim[1], claim[2], claim[3]
    low = op in ("<=", "<")
    fn = lambda node: node[1].lower() if node[0] == "call" else None  # noqa: E731
    if fn(rhs) == ("min" if low else "max"):
        claims = [("cmp", op, lhs, a) for a in rhs[2]]
    elif fn(lhs) == ("max" if low else "min"):
        claims = [("cmp", op, a, rhs) for a in lhs[2]]
    else:
        raise Failed("split: the claim is not L <= min(…), max(…) <= R, L >= max(…) or min(…) >= R")
    parts = cert.get("parts")
    if not isinstance(parts, list) or len(parts) != len(claims):
        raise Failed(f"split: {len(claims)} parts needed")
    for c, part in zip(claims, parts):
        _check(part, dict(statement, claim=unparse(c)), proves=True, max_prec=max_prec)


KINDS = {"powers": _powers, "factor": _factor, "split": _split, "exponentiate": _exponentiate,
         "derivative": _derivative}
