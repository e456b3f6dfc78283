"""The parameter domains and goals of one-variable certificates: "[a, b)" intervals, membership, "g REL 0"."""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import value_of
from exactpriv.checker.grammar import parse

__all__ = ["goal", "in_domain", "parse_domain", "rational", "single_variable"]


def rational(text, what: str) -> Fraction:
    try:
        return Fraction(text)
    except (TypeError, ValueError, ZeroDivisionError):
        raise Failed(f"{what}: {text!r} is not an exact rational") from None


def parse_domain(text):
    """"[a, b)" → (a, b, a_closed, b_closed); ends rational (or expressions of the grammar) or ±oo."""
    if not isinstance(text, str) or len(text) < 5 or text[0] not in "[(" or text[-1] not in "])" or "," not in text:
        raise Failed(f"domain {text!r} is not an interval like [0, oo)")
    lo, hi = (s.strip() for s in text[1:-1].split(",", 1))
    lo_v = V.NEG_INF if lo == "-oo" else value_of(lo)
    hi_v = V.INF if hi in ("oo", "+oo") else value_of(hi)
    return lo_v, hi_v, text[0] == "[", text[-1] == "]"


def in_domain(x, dom) -> bool:
    lo, hi, lc, hc = dom
    return V.compare(x, ">=" if lc else ">", lo) and V.compare(x, "<=" if hc else "<", hi)


def single_variable(statement: dict):
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or len(dom) != 1:
        raise NotCheckable("certificates over more than one variable are not checked by this checker version")
    (var, text), = dom.items()
    return var, parse_domain(text)


def goal(cert: dict, statement: dict, var: str):
    """(g parse tree, REL) with the claim "lhs REL rhs" ⟺ "g REL 0", g = lhs − rhs checked to be the cert's g."""
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in (">", ">=", "<", "<="):
        raise NotCheckable("the claim is not one inequality")
    return ("-", claim[2], claim[3]), claim[1]


# ----------------------------------------------------------------------------- the kinds
