"""Kind ``log-growth``: limits at +oo of quotients whose parts grow like log (docs/certificates.md, "log-growth").

A ``limit`` statement at ``"oo"`` of ``A/B`` (parameters in the statement's ``domain``), where A and B are each a sum
of terms, every term either free of the variable N or c·log(a·N + b) with c free of N, a > 0 and b ≥ 0 numbers:
A = α_A + β_A·log N + o(1) and B = α_B + β_B·log N + o(1) with β the sum of the c's of the log terms and α the rest
(log(aN + b) = log N + log a + o(1)), so A/B → β_A/β_B as N → oo when β_B ≠ 0.  The checker splits A and B itself and
derives, over the parameters: β_B > 0 (or < 0, as the certificate says); each condition that makes α and β defined
(denominators, log and sqrt arguments, fractional-power bases > 0, as for ``continuity``); and the claim with
L = β_A/β_B.  ``{"kind": "log-growth", "sign": ">", "beta": proof, "conditions": [proof, …], "value": proof}``.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker.continuity import conditions
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.grammar import names, parse
from exactpriv.checker import values as V

__all__ = ["log_growth", "log_growth_parts"]

CHECK = None  # exactpriv.checker.certificates.check_certificate, set there (nested certificates)


def _unparse(node) -> str:
    from exactpriv.checker.printing import unparse

    return unparse(node)


def _terms(node, sign=1) -> list:
    if node[0] == "+":
        return _terms(node[1], sign) + _terms(node[2], sign)
    if node[0] == "-":
        return _terms(node[1], sign) + _terms(node[2], -sign)
    if node[0] == "neg":
        return _terms(node[1], -sign)
    return [(sign, node)]


def _factors(node) -> list:
    return _factors(node[1]) + _factors(node[2]) if node[0] == "*" else [node]


def _log_of_linear(node, var: str) -> bool:
    """node = log(a·N + b), a > 0 and b ≥ 0 numbers (written N, a*N, N + b, a*N + b)."""
    if node[0] != "call" or node[1] != "log":
        return False
    arg = node[2][0]
    lin, const = (arg[1], arg[2]) if arg[0] == "+" else (arg, ("num", Fraction(0)))
    if names(const):
        return False
    if lin == ("name", var):
        a = Fraction(1)
    elif lin[0] == "*" and lin[2] == ("name", var) and not names(lin[1]):
        a = evaluate(lin[1], {})
    else:
        return False
    return V.compare(a, ">", Fraction(0)) and V.compare(evaluate(const, {}), ">=", Fraction(0))


def _split(node, var: str):
    """(α, β) parse trees with node = α + β·log N + o(1)."""
    alpha, beta = ("num", Fraction(0)), ("num", Fraction(0))
    for sign, term in _terms(node):
        if var not in names(term):
            alpha = ("+" if sign > 0 else "-", alpha, term)
            continue
        fs = _factors(term)
        logs = [f for f in fs if _log_of_linear(f, var)]
        rest = [f for f in fs if not _log_of_linear(f, var)]
        if len(logs) != 1 or any(var in names(f) for f in rest):
            raise NotCheckable(f"log-growth: a term in {var} that is not c·log(a·{var} + b)")
        c = ("num", Fraction(1))
        for f in rest:
            c = ("*", c, f)
        beta = ("+" if sign > 0 else "-", beta, c)
    return alpha, beta


def log_growth_parts(statement: dict):
    """(β_B statement "β_B > 0", [condition statements], value statement), all forall-params over the parameters."""
    lim, dom = statement.get("limit"), statement.get("domain")
    if statement.get("quantifier") != "limit" or not isinstance(lim, dict) or not isinstance(dom, dict) or not dom:
        raise Failed("a log-growth certificate needs a limit statement with a domain of parameters")
    var = lim.get("variable")
    if not isinstance(var, str) or var in dom or str(lim.get("at")).strip() not in ("oo", "+oo"):
        raise Failed("log-growth: a limit at +oo of a variable that is not a parameter")
    node = parse(lim.get("of", ""))
    if node[0] != "/":
        raise Failed("log-growth: the limit must be of a quotient A/B")
    claim = parse(statement.get("claim", ""))
    if names(node) - {var} - set(dom) or names(claim) - {"L"} - set(dom):
        raise Failed("log-growth: names that are neither the variable nor parameters")
    (aA, bA), (aB, bB) = _split(node[1], var), _split(node[2], var)
    base = {"quantifier": "forall-params", "domain": dom, "hypotheses": statement.get("hypotheses", [])}
    conds = [dict(base, claim=f"{_unparse(x)} > 0") for part in (aA, aB, bA, bB) for _, x in conditions(part, [])]

    def subst(n):
        if n == ("name", "L"):
            return ("/", bA, bB)
        if n[0] == "call":
            return (n[0], n[1], [subst(a) for a in n[2]])
        if n[0] in ("and", "or"):
            return (n[0], [subst(a) for a in n[1]])
        return tuple(subst(c) if isinstance(c, tuple) else c for c in n)

    return dict(base, claim=f"{_unparse(bB)} > 0"), conds, dict(base, claim=_unparse(subst(claim)))


def log_growth(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting a limit at infinity is not checked by this checker version")
    beta, conds, value = log_growth_parts(statement)
    if cert.get("sign", ">") == "<":
        beta = dict(beta, claim=beta["claim"][:-len("> 0")] + "< 0")
    elif cert.get("sign", ">") != ">":
        raise Failed("log-growth: 'sign' is '>' or '<'")
    given = cert.get("conditions")
    if not isinstance(given, list) or len(given) != len(conds):
        raise Failed(f"log-growth: {len(conds)} conditions need {len(conds)} proofs, in order")
    for name, st, proof in [("beta", beta, cert.get("beta"))] + [(f"condition {k}", st, p) for k, (st, p)
                                                                  in enumerate(zip(conds, given))] \
            + [("value", value, cert.get("value"))]:
        try:
            CHECK(proof, st, proves=True, max_prec=max_prec)
        except (Failed, NotCheckable) as exc:
            raise type(exc)(f"log-growth {name}: {exc} (derived statement: {st['claim']})") from None
