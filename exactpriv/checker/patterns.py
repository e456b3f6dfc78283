"""The ``support-patterns`` certificate (docs/certificates.md): an ``exists`` statement about a pair of distributions
on a finite set, whose claim reads only whether measures are finite, refuted for every finite set at once.

A pair (P, Q) is a mechanism on two neighbouring inputs.  Each output y has one of four kinds — (P(y) > 0,
Q(y) > 0) — and the notions allowed here are a finite sum (``kl_dp``) or maximum (``pure_dp``) over outputs of
per-output terms in (−∞, +∞] that are +∞ exactly for some kinds.  So whether such a measure is finite depends only
on which kinds occur (the trusted step, named in the output); the checker builds one pair per set of kinds, with
one output of each kind, evaluates the measures on it from their definitions, and the claim must be false on
every one.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse
from exactpriv.checker.witness import Instance

__all__ = ["TRUSTED", "support_patterns"]

#: notions whose finiteness on a pair depends only on the kinds of its outputs
FINITENESS_BY_SUPPORT = ("kl_dp", "pure_dp")
TRUSTED = "support-pattern finiteness (kl_dp, pure_dp: a finite sum/maximum of per-output terms, +oo exactly by kind)"
_KINDS = ((True, True), (True, False), (False, True), (False, False))


def _reads_finiteness_only(node, measures) -> None:
    """Refuse unless every comparison of the claim is ``NAME op oo`` with NAME one of the statement's measures."""
    kind = node[0]
    if kind in ("and", "or"):
        for part in node[1]:
            _reads_finiteness_only(part, measures)
    elif kind == "not":
        _reads_finiteness_only(node[1], measures)
    elif kind == "cmp":
        if not (node[2][0] == "name" and node[2][1] in measures and node[3] == ("oo",)):
            raise NotCheckable("support-patterns: the claim may only compare a measure with oo (finiteness)")
    else:
        raise Failed("support-patterns: the claim must combine comparisons")


def _pair(kinds) -> Instance:
    """Two neighbouring inputs, one output per kind, each row uniform over its positive outputs."""
    rows = []
    for side in (0, 1):
        pos = [k[side] for k in kinds]
        rows.append([Fraction(1, sum(pos)) if p else Fraction(0) for p in pos])
    return Instance([0, 1], None, [(0, 1), (1, 0)], list(range(len(kinds))), rows, None, {}, {})


def support_patterns(cert, statement, proves, max_prec):
    from exactpriv.checker.expressions import truth
    from exactpriv.checker.notions import evaluate_notion

    if proves:
        raise NotCheckable("support-patterns refutes an 'exists' statement; it proves nothing")
    if statement.get("quantifier") != "exists" or statement.get("scope") != {"pairs": "finite"}:
        raise Failed("support-patterns needs an 'exists' statement with scope {\"pairs\": \"finite\"}")
    measures = statement.get("measures") or {}
    if not measures or any(not isinstance(s, dict) or set(s) != {"notion"} or s["notion"] not in
                           FINITENESS_BY_SUPPORT for s in measures.values()):
        raise NotCheckable(f"support-patterns covers the plain notions {', '.join(FINITENESS_BY_SUPPORT)} only")
    claim = parse(statement.get("claim", ""))
    _reads_finiteness_only(claim, measures)
    seen = 0
    for r in range(1, len(_KINDS) + 1):
        for kinds in itertools.combinations(_KINDS, r):
            if not any(k[0] for k in kinds) or not any(k[1] for k in kinds):
                continue  # P or Q would have no mass: not a pair of distributions
            inst = _pair(kinds)
            env = {name: evaluate_notion(inst, spec) for name, spec in measures.items()}
            if truth(claim, env, max_prec=max_prec):
                raise Failed(f"support-patterns: the pair with output kinds {kinds} satisfies the claim")
            seen += 1
    if seen != 10:  # the sets of kinds giving two distributions: 2^4 − 1, less 5 without P- or Q-mass
        raise Failed("support-patterns: not every pattern was examined")
    return [TRUSTED]
