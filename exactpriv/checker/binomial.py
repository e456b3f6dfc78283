"""Kind ``binomial``: sums over l = 0..n with a symbolic integer n, closed by the binomial theorem (trusted, named in
the output; docs/certificates.md, "binomial").

A ``forall-params`` statement may declare variables integer (``"integers": ["n"]``, the domain bounding them below
by 0 or more).  Each ``sum(l, 0, n, body)`` of its claim whose body is a product of factors — ``binomial(n, l)``
once, the index ``l`` at most once, powers ``X**l`` and ``exp(±l*K)`` = exp(±K)**l (X, K free of l), and factors
free of l (a constant c) — is replaced by its closed form

    Σ_{l=0}^{n} C(n, l) X^l = (1 + X)^n,        Σ_{l=0}^{n} l·C(n, l) X^l = n·X·(1 + X)^(n − 1)   (n ≥ 1 for the
                                                                                                   second),

X the product of the bases; any other sum is refused.  The rewritten claim (symbolic powers (1 + X)^n, read by
``atom-identity``) is proved by the certificate's ``then``.  The binomial theorem and its derivative in X are the
trusted step, listed in exactpriv.checker.theorems.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import names, parse

__all__ = ["binomial", "binomial_rewrite"]

CHECK = None  # exactpriv.checker.certificates.check_certificate, set there (nested certificates)
TRUSTED = ["binomial-theorem"]


def _factors(node) -> list:
    return _factors(node[1]) + _factors(node[2]) if node[0] == "*" else [node]


def _l_multiple(node, l: str):
    """K when node is l·K or −l·K written as a product with l (K free of l), as (sign, K); else None."""
    fs = _factors(node)
    sign, rest, seen = 1, [], 0
    for f in fs:
        if f == ("name", l):
            seen += 1
        elif f == ("neg", ("name", l)):
            seen, sign = seen + 1, -sign
        else:
            rest.append(f)
    if seen != 1 or any(l in names(f) for f in rest) or not rest:
        return None
    K = rest[0]
    for f in rest[1:]:
        K = ("*", K, f)
    return sign, K


def _closed(node, integers: dict):
    """The closed form of one sum node (module docstring), else Failed."""
    index, lo, hi, body = node[2]
    if index[0] != "name" or lo != ("num", Fraction(0)) or hi[0] != "name" or hi[1] not in integers:
        raise NotCheckable("binomial: a sum not over l = 0..n for an integer variable n")
    l, n = index[1], hi[1]
    binom = ls = 0
    bases, const = [], []
    for f in _factors(body):
        if f == ("call", "binomial", [("name", n), ("name", l)]):
            binom += 1
        elif f == ("name", l):
            ls += 1
        elif f[0] == "**" and f[2] == ("name", l) and l not in names(f[1]):
            bases.append(f[1])
        elif f[0] == "call" and f[1] == "exp" and _l_multiple(f[2][0], l) is not None:
            sign, K = _l_multiple(f[2][0], l)
            bases.append(("call", "exp", [K if sign > 0 else ("neg", K)]))
        elif l not in names(f):
            const.append(f)
        else:
            raise NotCheckable("binomial: a factor of the sum's body is not C(n, l), l, X**l, exp(±l·K) or free of l")
    if binom != 1 or ls > 1 or not bases:
        raise NotCheckable("binomial: the body must have C(n, l) once, l at most once and a power X**l")
    if ls == 1 and V.compare(integers[n], "<", Fraction(1)):
        raise Failed("binomial: Σ l·C(n, l) X^l = n X (1 + X)^(n − 1) needs n >= 1")
    X = bases[0]
    for b in bases[1:]:
        X = ("*", X, b)
    one_plus = ("+", ("num", Fraction(1)), X)
    out = ("**", one_plus, ("name", n)) if ls == 0 else \
        ("*", ("*", ("name", n), X), ("**", one_plus, ("-", ("name", n), ("num", Fraction(1)))))
    for c in const:
        out = ("*", c, out)
    return out


def binomial_rewrite(statement: dict) -> dict:
    """The statement with every sum of its claim replaced by its closed form."""
    integers = statement.get("integers")
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(integers, list) or not isinstance(dom, dict):
        raise Failed("a binomial certificate needs a forall-params statement with integer variables")
    lows = {}
    for v in integers:
        if v not in dom:
            raise Failed(f"binomial: the integer variable {v!r} has no domain")
        lo = parse_domain(dom[v])[0]
        if not (isinstance(lo, Fraction) and lo >= 0):
            raise Failed(f"binomial: the integer variable {v} must be bounded below by 0 or more")
        lows[v] = lo
    found = [0]

    def walk(node):
        if not isinstance(node, tuple):
            return node
        if node[0] == "call" and node[1] == "sum":
            found[0] += 1
            return _closed(node, lows)
        if node[0] == "call":
            return (node[0], node[1], [walk(a) for a in node[2]])
        if node[0] in ("and", "or"):
            return (node[0], [walk(a) for a in node[1]])
        return tuple(walk(c) if isinstance(c, tuple) else c for c in node)

    from exactpriv.checker.printing import unparse

    new = walk(parse(statement["claim"]))
    if not found[0]:
        raise Failed("binomial: the claim has no sum")
    return dict(statement, claim=unparse(new))


def binomial(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting a binomial sum is given as a point")
    rewritten = binomial_rewrite(statement)
    try:
        trusted = CHECK(cert.get("then"), rewritten, proves=True, max_prec=max_prec) or []
    except (Failed, NotCheckable) as exc:
        raise type(exc)(f"binomial: {exc} (rewritten claim: {rewritten['claim']})") from None
    return TRUSTED + [t for t in trusted if t not in TRUSTED]
