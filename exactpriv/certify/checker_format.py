"""Certificate converters: the prover's results as data in the independent checker's format (docs/certificates.md).

The engine proves with sympy and its certifier; the checker (exactpriv.checker) re-checks from data with its own
arithmetic.  This module writes what the checker reads — expressions in its grammar, symbolic families as
statements, and the candidate certificates of a one-variable claim — without deciding anything: the caller keeps
a candidate only when the checker accepts it, so a converter can never make a proof stronger than it is.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import sympy

__all__ = ["candidate_proofs", "family_entry", "grammar_text", "reduction_steps"]

#: functions of the checker's grammar (exactpriv.checker.grammar.FUNCTIONS) that sympy prints under these names
_GRAMMAR_FUNCTIONS = {sympy.exp, sympy.log, sympy.tanh, sympy.Abs, sympy.Min, sympy.Max}


def grammar_text(expr) -> str | None:
    """``expr`` (a sympy expression or a number) as text of the checker's grammar, or None when it uses
    something the grammar lacks (other functions, floats, complex numbers, constants such as pi)."""
    e = sympy.sympify(expr)
    for node in sympy.preorder_traversal(e):
        if isinstance(node, sympy.Float) or node in (sympy.pi, sympy.I, sympy.E, sympy.zoo, sympy.nan):
            return None
        if isinstance(node, sympy.Function) and node.func not in _GRAMMAR_FUNCTIONS:
            return None
        if isinstance(node, sympy.Symbol) and not node.name.isidentifier():
            return None
    text = _printed(e).replace("Abs(", "abs(")
    return None if ("I" in text.split() or "E" in text.split()) else text


@functools.lru_cache(maxsize=4096)
def _printed(e) -> str:
    """sympy's text of ``e``, once per distinct expression (812 printings of 152 per verify).  Only expressions
    without floats get here, and for those sympy's structural equality is equality of the printed trees (with a
    float, sympy < 1.13 counts 2.0*x equal to 2*x)."""
    return sympy.sstr(e)


def family_entry(name: str, variable: str, domain: str, space: dict, outputs: Sequence, rows) -> dict | None:
    """A symbolic family as a ``forall-family`` statement lists it: its space, outputs and the mechanism's rows
    as expressions in ``variable`` (None when an entry cannot be written in the grammar)."""
    texts = []
    for row in rows:
        out = []
        for v in row:
            t = grammar_text(v)
            if t is None:
                return None
            out.append(t)
        texts.append(out)
    return {"name": name, "variable": variable, "domain": domain, "space": space, "outputs": list(outputs),
            "mechanism": texts}


def candidate_proofs(variable: str = "eps", *, scale: int = 1) -> list[dict]:
    """Certificates of a one-variable ``forall-params`` claim to try, cheapest first: exact identities (in u, or
    with the variable and u = exp(variable/m) independent), coefficient signs, sign charts and monotone
    arguments with the checker's own root isolation.  ``scale``: the least m making every exp(c·variable) of the
    claim a power of u = exp(variable/m) (e.g. 4 for a program compiled with noise base e^(−ε/4)); above 2 its
    substitution is tried first."""
    subs = [f"u = exp({variable})", f"u = exp({variable}/2)", f"u = {variable}"]
    out: list[dict[str, Any]] = [{"kind": "constant"}]
    if scale > 2:
        fine = f"u = exp({variable}/{scale})"
        out += [{"kind": "identity", "substitution": fine}, {"kind": "sign-chart", "substitution": fine},
                {"kind": "powers", "substitution": fine}]
        out += [{"kind": "exponentiate", "scale": "1", "then": {"kind": k, "substitution": fine}}
                for k in ("sign-chart", "powers")]
    for s in subs:
        out.append({"kind": "identity", "substitution": s})
        if s != f"u = {variable}":
            out.append({"kind": "identity", "substitution": s, "mixed": True})
    for s in subs:
        out.append({"kind": "log-identity", "substitution": s})
    for s in subs[:2]:
        out.append({"kind": "log-sign", "substitution": s})
        out.append({"kind": "log-bounds", "substitution": s, "pull": True})
    for s in subs:
        out.append({"kind": "sign-chart", "substitution": s})
    for s in subs[:2]:
        out.append({"kind": "powers", "substitution": s})
        out.append({"kind": "powers", "substitution": s, "bounds": "tight"})
    for s in subs:
        out.append({"kind": "monotone", "substitution": s})
    # logs of rational functions (Rényi divergences, pure DP of a garbled family): exp(c·lhs) REL exp(c·rhs)
    for c in ("1", "2"):
        for s in subs[:2]:
            for then in ({"kind": "sign-chart", "substitution": s}, {"kind": "powers", "substitution": s}):
                out.append({"kind": "exponentiate", "scale": c, "then": then})
    # g at the lower end, then g' (twice: g'' for second-order touching at the end, as for Rényi ≤ αε²/2)
    base = [{"kind": "powers", "substitution": subs[0]}, {"kind": "sign-chart", "substitution": subs[0]},
            {"kind": "sign-chart", "substitution": subs[2]}]
    for end in ("lower", "upper"):
        for then in base + [{"kind": "derivative", "from": end, "then": b} for b in base]:
            out.append({"kind": "derivative", "from": end, "then": then})
    # g = var^k·h: the checker divides, then h is shown by a monotone argument or its coefficients
    for k in (1, 2):
        for s in subs[:2]:
            for then in ({"kind": "monotone", "substitution": s}, {"kind": "powers", "substitution": s}):
                out.append({"kind": "factor", "power": k, "substitution": s, "then": then})
    # each log bounded by 1 − 1/y <= log y <= y − 1 towards the goal (entropies and their derivatives)
    out.append({"kind": "log-bounds", "substitution": f"u = {variable}"})
    return out


def reduction_steps(family_statement: dict, statement: dict, theorems: Sequence[str], texts: Sequence[str]) -> list:
    """The chain of a reduction certificate: from the claim on the extremal family to the row's statement, one
    step per cited meta-theorem; the intermediate statements name what each step has shown."""
    steps = []
    prev = family_statement
    for k, (thm, text) in enumerate(zip(theorems, texts)):
        to = statement if k == len(theorems) - 1 else {"after": thm, "shown": text}
        steps.append({"theorem": thm, "text": text, "from": prev, "to": to})
        prev = to
    return steps
