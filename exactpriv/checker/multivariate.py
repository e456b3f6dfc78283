"""Claims over several variables that are rational functions of them (docs/certificates.md, "signed
coefficients"): each variable is shifted to a non-negative one at an end of its interval, and the claim's
difference is a quotient of polynomials whose coefficients all have one sign.

Hand-written because the checker may not use sympy: polynomials in several variables are dicts from exponent
tuples to exact rationals.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse

__all__ = ["signed_coefficients"]

_MAX_TERMS = 5000


def _add(p: dict, q: dict, sign: int = 1) -> dict:
    out = dict(p)
    for m, c in q.items():
        v = out.get(m, 0) + sign * c
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _mul(p: dict, q: dict) -> dict:
    out: dict = {}
    for m1, c1 in p.items():
        for m2, c2 in q.items():
            m = tuple(a + b for a, b in zip(m1, m2))
            v = out.get(m, 0) + c1 * c2
            if v:
                out[m] = v
            else:
                out.pop(m)
    if len(out) > _MAX_TERMS:
        raise NotCheckable(f"signed coefficients: more than {_MAX_TERMS} terms")
    return out


def _rational(node, names: list, shifted: dict):
    """(N, D) polynomials in the shifted variables for a parse tree built from numbers, the variables, + − * /
    and integer powers; NotCheckable otherwise."""
    n = len(names)
    one = {(0,) * n: Fraction(1)}
    k = node[0]
    if k == "num":
        return ({(0,) * n: node[1]} if node[1] else {}), one
    if k == "name":
        if node[1] not in shifted:
            raise Failed(f"signed coefficients: unknown name {node[1]!r}")
        return shifted[node[1]], one
    if k == "neg":
        a, b = _rational(node[1], names, shifted)
        return {m: -c for m, c in a.items()}, b
    if k in ("+", "-", "*", "/"):
        (a, b), (c, d) = _rational(node[1], names, shifted), _rational(node[2], names, shifted)
        if k == "*":
            return _mul(a, c), _mul(b, d)
        if k == "/":
            if not c:
                raise Failed("signed coefficients: division by 0")
            return _mul(a, d), _mul(b, c)
        return _add(_mul(a, d), _mul(c, b), 1 if k == "+" else -1), _mul(b, d)
    if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1 and 0 <= node[2][1] <= 12:
        a, b = _rational(node[1], names, shifted)
        N, D = one, one
        for _ in range(int(node[2][1])):
            N, D = _mul(N, a), _mul(D, b)
        return N, D
    raise NotCheckable(f"signed coefficients: {node[1] if k == 'call' else k} in a rational claim")


def _one_sign(p: dict, strictly_positive) -> tuple[int, bool]:
    """(the common sign of p's coefficients, whether p keeps it strictly on the domain: some monomial with a
    non-zero coefficient is positive at every point, i.e. uses only variables whose domain excludes 0)."""
    signs = {1 if c > 0 else -1 for c in p.values()}
    if len(signs) != 1:
        raise Failed("signed coefficients: the coefficients have both signs")
    return signs.pop(), any(all(e == 0 or strictly_positive[i] for i, e in enumerate(m)) for m in p)


def signed_coefficients(cert, statement, proves, max_prec):
    """Each variable x on its interval is written x = lo + t (``"lower"``) or x = hi − t (``"upper"``) with
    t ≥ 0 (t > 0 where the interval is open at that end); g = lhs − rhs = N(t)/D(t) as polynomials; when every
    coefficient of N has one sign and every coefficient of D has one sign, g has their product's sign on the
    domain (strictly where a monomial of each is positive at every point).  An equation needs N = 0."""
    if not proves:
        raise NotCheckable("refuting coefficients are given as points")
    dom = statement.get("domain")
    shifts = cert.get("shifts")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or not dom:
        raise Failed("signed coefficients: a forall-params statement")
    if not isinstance(shifts, dict) or set(shifts) != set(dom):
        raise Failed("signed coefficients: 'shifts' names every variable (lower or upper)")
    names = sorted(dom)
    n = len(names)
    shifted, strict_t = {}, []
    for i, v in enumerate(names):
        lo, hi, lc, hc = parse_domain(dom[v])
        t = {tuple(int(j == i) for j in range(n)): Fraction(1)}
        if shifts[v] == "lower" and isinstance(lo, Fraction):
            shifted[v] = _add({(0,) * n: lo} if lo else {}, t)
            strict_t.append(not lc)
        elif shifts[v] == "upper" and isinstance(hi, Fraction):
            shifted[v] = _add({(0,) * n: hi} if hi else {}, t, -1)
            strict_t.append(not hc)
        else:
            raise Failed(f"signed coefficients: {v} has no rational {shifts[v]} end to shift from")
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in ("<", "<=", ">", ">=", "=="):
        raise Failed("signed coefficients: the claim is not one comparison")
    N, D = _rational(("-", claim[2], claim[3]), names, shifted)
    d_sign, d_strict = _one_sign(D, strict_t)
    if not d_strict:  # D keeps one sign and never vanishes: g = N/D is defined on the whole domain
        raise Failed("signed coefficients: the denominator may vanish on the domain")
    if claim[1] == "==":
        if N:
            raise Failed("signed coefficients: the two sides differ")
        return
    want = 1 if claim[1] in (">", ">=") else -1
    if not N:
        if claim[1] in (">", "<"):
            raise Failed("signed coefficients: g = 0, the strict goal fails")
        return
    n_sign, n_strict = _one_sign(N, strict_t)
    if n_sign * d_sign != want:
        raise Failed("signed coefficients: g has the other sign")
    if claim[1] in (">", "<") and not n_strict:
        raise Failed("signed coefficients: g may be 0 on the domain, the strict goal fails")
