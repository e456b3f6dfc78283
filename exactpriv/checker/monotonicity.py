"""Statements "f is monotone in x on an interval" (quantifier ``monotone``, docs/certificates.md "Monotonicity").

```json
{"quantifier": "monotone", "variable": "T", "direction": "nondecreasing",
 "cases": [{"name": "|Y| = 3", "function": "-T*log(T) - (1 - T)*log(1 - T) + T*log(2)",
            "domain": {"T": "[0, 2/3]"}, "values": {"0": "0"}}]}
```

Each case claims: for every value of its other domain variables (parameters, bounded by the statement's ``range:``
hypotheses), x ↦ f is monotone in ``direction`` (``nondecreasing``, ``increasing``, ``nonincreasing``,
``decreasing``) on the interval of x.  ``values`` gives f's value at an end where the expression is not defined
(a convention the statement states, e.g. h(0) = 0 for 0·log 0).  The checker derives the statements that prove it
itself, and a certificate proves each (kind ``monotonicity``: one list of proofs per case, in this order):

- **slope**: f′ (the checker's own derivative) ≥ 0 (> 0 for strict directions; mirrored for decreasing ones) on the
  open interval.  By the mean value theorem f is then monotone on the open interval (f′ defined there makes f
  differentiable, hence continuous);
- each **closed end** e with a listed value v: f(x) ≥ v (> v strictly; mirrored) for x in the interval without e
  (for the upper end also without the lower end, which the lower end's statement covers against every x);
- each **closed end** without a listed value: f must be continuous at e — with one variable, analytic there (every
  denominator, log and sqrt argument defined, the checker's own test); with parameters, every condition of the
  ``continuity`` kind (denominators, log and sqrt arguments, fractional-power bases) shown > 0 at e for every
  parameter value, one derived statement each — so f is monotone up to e.
"""

from __future__ import annotations

from exactpriv.checker.calculus import analytic_at, derivative
from exactpriv.checker.continuity import conditions, substitute
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import value_of
from exactpriv.checker.grammar import parse
from exactpriv.checker import values as V

__all__ = ["DIRECTIONS", "monotone_parts", "monotonicity"]

#: direction → (relation of the slope to 0, relation of f(x) to an end value at the lower end)
DIRECTIONS = {"nondecreasing": (">=", ">="), "increasing": (">", ">"),
              "nonincreasing": ("<=", "<="), "decreasing": ("<", "<")}
_MIRROR = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}

CHECK = None  # exactpriv.checker.certificates.check_certificate, set there (nested certificates)


def _unparse(node) -> str:
    from exactpriv.checker.printing import unparse

    return unparse(node)


def _ends(text: str):
    if not isinstance(text, str) or len(text) < 5 or text[0] not in "[(" or text[-1] not in "])" or "," not in text:
        raise Failed(f"domain {text!r} is not an interval like [0, 1]")
    lo, hi = (s.strip() for s in text[1:-1].split(",", 1))
    return lo, hi


def _value_at(values: dict, end: str):
    """The listed value of f at the end ``end`` (matched by value), or None."""
    at = value_of(end)
    for k, v in values.items():
        if not isinstance(k, str) or not isinstance(v, str):
            raise Failed("'values' must map ends to expressions (strings)")
        if V.compare(value_of(k), "==", at):
            return v
    return None


def monotone_parts(statement: dict) -> list[list[tuple[str, dict | None]]]:
    """Per case, the derived statements in certificate order: (name, forall-params statement), or (name, None)
    for a closed end where f is analytic (checked here, no proof needed)."""
    if statement.get("quantifier") != "monotone":
        raise Failed("a monotonicity certificate needs a monotone statement")
    var, direction, cases = statement.get("variable"), statement.get("direction"), statement.get("cases")
    if not isinstance(var, str) or direction not in DIRECTIONS or not isinstance(cases, list) or not cases:
        raise Failed("a monotone statement needs 'variable', a 'direction' and a non-empty list of 'cases'")
    slope_rel, end_rel = DIRECTIONS[direction]
    hyps = statement.get("hypotheses", [])
    out = []
    for case in cases:
        if not isinstance(case, dict) or not isinstance(case.get("function"), str) \
                or not isinstance(case.get("domain"), dict) or var not in case["domain"]:
            raise Failed(f"a monotone case needs a 'function' and a 'domain' over {var}")
        f, dom, values = parse(case["function"]), case["domain"], case.get("values") or {}
        if not isinstance(values, dict):
            raise Failed("'values' must be an object")
        lo, hi = _ends(dom[var])
        lo_v, hi_v, lc, hc = parse_domain(dom[var])
        if not V.compare(lo_v, "<", hi_v):
            raise Failed(f"the interval {dom[var]} is empty or a point")
        derived = {"quantifier": "forall-params", "hypotheses": hyps}
        parts = [("slope", dict(derived, domain=dict(dom, **{var: f"({lo}, {hi})"}),
                                claim=f"{_unparse(derivative(f, var))} {slope_rel} 0"))]
        for end, closed, rel, piece in ((lo, lc, end_rel, f"({lo}, {hi}{']' if hc else ')'}"),
                                        (hi, hc, _MIRROR[end_rel], f"({lo}, {hi})")):
            if not closed:
                continue
            v = _value_at(values, end)
            if v is None and len(dom) == 1:
                analytic_at(f, var, value_of(end), what=f"monotone: f at the closed end {end}")
                parts.append((f"end {end}", None))
                continue
            if v is None:  # with parameters: f continuous at the end for every parameter value (the continuity
                params = {k: t for k, t in dom.items() if k != var}  # kind's conditions, each shown > 0 there)
                at = parse(end)
                for j, (_, x) in enumerate(conditions(f, [])):
                    parts.append((f"end {end}, continuity {j}", dict(
                        derived, domain=params, claim=f"{_unparse(substitute(x, var, at))} > 0")))
                continue
            parse(v)
            parts.append((f"end {end}", dict(derived, domain=dict(dom, **{var: piece}),
                                             claim=f"{case['function']} {rel} {v}")))
        unknown = [k for k in values if _value_at({k: "0"}, lo) is None and _value_at({k: "0"}, hi) is None]
        if unknown:
            raise Failed(f"'values' lists {unknown}, which are not ends of the interval")
        out.append(parts)
    return out


def monotonicity(cert, statement, proves, max_prec):
    """Kind ``monotonicity``: ``{"cases": [[proof, ...], ...]}``, one proof per derived statement that needs one
    (slope, then each closed end with a listed value), in the order of ``monotone_parts``."""
    if not proves:
        raise NotCheckable("refuting a monotone statement is not checked by this checker version")
    derived = monotone_parts(statement)
    given = cert.get("cases")
    if not isinstance(given, list) or len(given) != len(derived):
        raise Failed(f"monotonicity: {len(derived)} cases need {len(derived)} lists of proofs")
    for k, (parts, proofs) in enumerate(zip(derived, given)):
        needed = [(name, st) for name, st in parts if st is not None]
        if not isinstance(proofs, list) or len(proofs) != len(needed):
            raise Failed(f"monotonicity: case {k} needs {len(needed)} proofs ({', '.join(n for n, _ in needed)})")
        for (name, st), proof in zip(needed, proofs):
            try:
                CHECK(proof, st, proves=True, max_prec=max_prec)
            except (Failed, NotCheckable) as exc:
                raise type(exc)(f"case {k}, {name}: {exc} (derived statement: {st['claim']})") from None
