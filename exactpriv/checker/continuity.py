"""Limits of continuous functions with parameters (statement ``limit`` with a ``domain``, kind ``continuity``;
docs/certificates.md "continuity").

```json
{"quantifier": "limit", "limit": {"of": "1/(p + (1 - p)*exp(-eps))", "variable": "p", "at": "0"},
 "domain": {"eps": "(0, oo)"}, "claim": "L == exp(eps)"}
```

claims, for every value of the parameters in the domain, that f(var) tends to L as var → a and that the claim holds
for that L.  f is built from operations each continuous where its inputs are in range — +, −, ·, exp, tanh, abs,
min, max everywhere, x/y where y ≠ 0, log x and sqrt x where x > 0, x^r (r not a non-negative integer) where x > 0 —
so f is continuous at var = a, and L = f(a), when every such condition holds at var = a.  The checker substitutes
var = a itself and derives one ``forall-params`` statement over the parameters per condition (``D > 0`` or ``D < 0``
for a denominator, as the certificate chooses; ``x > 0`` for a log, sqrt or fractional power) and one for the claim
with L replaced by f(a); the certificate proves each: ``{"kind": "continuity", "conditions": [{"sign": ">",
"proof": …}, …], "value": proof}``, conditions in the order of a depth-first walk of f (arguments first).
"""

from __future__ import annotations

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import value_of
from exactpriv.checker.grammar import names, parse

__all__ = ["conditions", "continuity", "continuity_parts", "substitute"]

CHECK = None  # exactpriv.checker.certificates.check_certificate, set there (nested certificates)


def _unparse(node) -> str:
    from exactpriv.checker.printing import unparse

    return unparse(node)


def substitute(node, var: str, value):
    """The parse tree with the name ``var`` replaced by the tree ``value`` (the grammar binds no name but a sum's)."""
    if node[0] == "name":
        return value if node[1] == var else node
    if node[0] == "call":
        if node[1] == "sum":
            raise NotCheckable("continuity: sums are not read")
        return ("call", node[1], [substitute(a, var, value) for a in node[2]])
    return (node[0],) + tuple(substitute(c, var, value) if isinstance(c, tuple) else c for c in node[1:])


def conditions(node, out: list) -> list:
    """(what, subexpression that must be non-zero (``"nonzero"``) or positive (``"positive"``)), arguments first."""
    k = node[0]
    for child in (node[2] if k == "call" else node[1:]):
        if isinstance(child, tuple):
            conditions(child, out)
    if k == "/":
        out.append(("nonzero", node[2]))
    elif k == "call" and node[1] in ("log", "sqrt"):
        out.append(("positive", node[2][0]))
    elif k == "**" and not (node[2][0] == "num" and node[2][1].denominator == 1 and node[2][1] >= 0):
        if names(node[2]):
            raise NotCheckable("continuity: a power with a variable exponent (write exp(… * log(…)))")
        out.append(("positive", node[1]))
    elif k == "call" and node[1] not in ("exp", "tanh", "abs", "min", "max", "Min", "Max"):
        raise NotCheckable(f"continuity: {node[1]} is not read")
    return out


def continuity_parts(statement: dict):
    """([(kind, derived statement with its claim "X > 0" — for "nonzero" the ">" version)], value statement)."""
    lim, dom = statement.get("limit"), statement.get("domain")
    if statement.get("quantifier") != "limit" or not isinstance(lim, dict) or not isinstance(dom, dict) or not dom:
        raise Failed("a continuity certificate needs a limit statement with a domain of parameters")
    var = lim.get("variable")
    if not isinstance(var, str) or var in dom:
        raise Failed("the limit's variable must be named and must not be a parameter")
    f = parse(lim.get("of", ""))
    a = value_of(lim.get("at", ""))
    at = parse(str(lim.get("at")))
    if names(at) or at[0] == "oo" or isinstance(a, V.Infinite):
        raise Failed("the limit point must be a (finite) number")
    del a  # (value_of validated it: an exact number or an expression of the grammar without names)
    claim = parse(statement.get("claim", ""))
    extra = names(f) - {var} - set(dom)
    if extra or names(claim) - {"L"} - set(dom):
        raise Failed(f"names {sorted(extra or names(claim) - {'L'} - set(dom))} are neither the variable nor parameters")
    base = {"quantifier": "forall-params", "domain": dom, "hypotheses": statement.get("hypotheses", [])}
    conds = [(kind, dict(base, claim=f"{_unparse(substitute(x, var, at))} > 0"))
             for kind, x in conditions(f, [])]
    value = dict(base, claim=_unparse(substitute(claim, "L", substitute(f, var, at))))
    return conds, value


def continuity(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting a limit by continuity is not checked by this checker version")
    conds, value = continuity_parts(statement)
    given = cert.get("conditions")
    if not isinstance(given, list) or len(given) != len(conds):
        raise Failed(f"continuity: {len(conds)} conditions need {len(conds)} proofs, in order")
    for k, ((kind, st), part) in enumerate(zip(conds, given)):
        sign = part.get("sign", ">") if isinstance(part, dict) else None
        if sign not in (">", "<") or (sign == "<" and kind != "nonzero"):
            raise Failed(f"continuity: condition {k} is shown by '>' (or '<' for a denominator)")
        if sign == "<":
            st = dict(st, claim=st["claim"][:-len("> 0")] + "< 0")
        try:
            CHECK(part.get("proof"), st, proves=True, max_prec=max_prec)
        except (Failed, NotCheckable) as exc:
            raise type(exc)(f"condition {k}: {exc} (derived statement: {st['claim']})") from None
    try:
        CHECK(cert.get("value"), value, proves=True, max_prec=max_prec)
    except (Failed, NotCheckable) as exc:
        raise type(exc)(f"value: {exc} (derived statement: {value['claim']})") from None
