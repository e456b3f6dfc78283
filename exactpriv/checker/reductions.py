"""The ``reduction`` certificate (docs/certificates.md; issue 27): a chain of trusted meta-theorems whose links the
checker checks from the statement — for the reduction of ε-DP to binary randomized response — with the family
proof re-checked and the dominance kernels built exactly on the listed instances.
"""

from __future__ import annotations

import json
from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse

__all__ = ["reduction"]


#: exactpriv.checker.certificates.check_certificate, set by that module when it loads (kinds nest: a rewritten
#: claim is checked by another certificate; set rather than imported, so the modules form no import cycle)
CHECK = None


def _check(*args, **kwargs):
    return CHECK(*args, **kwargs)


#: the data-processing theorem that makes each pairwise notion monotone under post-processing
_DPI = {"kl_dp": "data-processing-f", "tv_dp": "data-processing-f", "renyi_dp": "data-processing-renyi",
        "pure_dp": "data-processing-renyi"}


def reduction(cert, statement, proves, max_prec):
    """A chain of trusted meta-theorems.  The checker knows how each link of the chain to binary randomized
    response is met, and checks it from the statement itself: ``rr-dominance`` (every neighbouring pair at level
    ε = pure_dp(M) is a post-processing of RR(ε)), the data-processing theorem of the measured notion, and
    ``pairwise-maximum`` apply to a claim ``B <= f(A)`` (or ``<``) with A = pure_dp and B a maximum over
    neighbouring pairs of a divergence; the family proof must then be of that very claim on RR(2, eps), a
    statement the checker builds (measures derived by exactpriv.checker.families), and the end ε = ∞ is the
    claim on the identity channel, evaluated here.  Other chains are prose to the checker: not checkable."""
    from exactpriv.checker.families import RR2, family_statements
    from exactpriv.checker.grammar import names
    from exactpriv.checker.statements import claim_on
    from exactpriv.checker.theorems import TRUSTED
    from exactpriv.checker.witness import read_instance

    if not proves:
        raise Failed("a reduction proves")
    steps = cert.get("steps")
    if not isinstance(steps, list) or not steps:
        raise Failed("reduction: no steps")
    same = lambda a, b: json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)  # noqa: E731
    for k, st in enumerate(steps):
        if not isinstance(st, dict) or st.get("theorem") not in TRUSTED:
            raise Failed(f"reduction: step {k} cites {st.get('theorem') if isinstance(st, dict) else st!r}, "
                         f"not a trusted meta-theorem of the checker")
        if k and not same(steps[k - 1].get("to"), st.get("from")):
            raise Failed(f"reduction: step {k} does not start where step {k - 1} ends")
    if not same(steps[-1].get("to"), statement):
        raise Failed("reduction: the last step does not end at the row's statement")
    cited = [st["theorem"] for st in steps]
    if cited[0] != "rr-dominance" or statement.get("quantifier") != "forall-instances":
        raise NotCheckable(f"reduction by {', '.join(cited)}: the checker checks the hypotheses of chains to "
                           f"binary randomized response (rr-dominance) only")
    measures = statement.get("measures") or {}
    claim = parse(statement.get("claim", ""))
    if claim[0] != "cmp" or claim[1] not in ("<=", "<") or claim[2][0] != "name" or claim[2][1] not in measures:
        raise NotCheckable("reduction: the claim is not 'B <= f(...)' with B a measure")
    b = claim[2][1]
    spec_b = measures[b]
    others = names(claim[3])
    if b in others or any(measures.get(a) != {"notion": "pure_dp"} for a in others if a in measures) \
            or set(measures) - others - {b} or not others <= set(measures):
        raise NotCheckable("reduction: the bound must be a function of pure_dp (the dominance level) only")
    dpi = _DPI.get(spec_b.get("notion") if isinstance(spec_b, dict) else None)
    if dpi is None or spec_b.get("mechanism") is not None:
        raise NotCheckable(f"reduction: {spec_b!r} is not a maximum over neighbouring pairs of a divergence that "
                           f"the checker knows to satisfy data processing")
    if cited != ["rr-dominance", dpi, "pairwise-maximum"]:
        raise Failed(f"reduction: for {spec_b['notion']} the chain is rr-dominance, {dpi}, pairwise-maximum, "
                     f"not {', '.join(cited)}")
    family = {"quantifier": "forall-family", "families": [RR2], "measures": measures, "claim": statement["claim"]}
    if not same(steps[0].get("from"), family):
        raise Failed("reduction: the first step must start from the claim on RR(2, eps) for every eps >= 0")
    _check(cert.get("family_proof"), family, proves=True, max_prec=max_prec)
    family_statements(family)  # (re-derived above; pure_dp(RR(eps)) = eps is part of that derivation)
    identity = read_instance({"space": RR2["space"], "outputs": [0, 1], "mechanism": [["1", "0"], ["0", "1"]]})
    try:
        holds, _ = claim_on(dict(statement, hypotheses=[]), identity, max_prec=max_prec)
    except NotCheckable:  # f(oo) undefined as written (oo/oo): the bound's limit, as the engine reads it
        holds = _at_infinity(claim, b, spec_b, others, identity, max_prec)
    if not holds:
        raise Failed("reduction: at eps = oo (RR(oo) is the identity channel) the claim fails")
    confirm = cert.get("confirm", [])
    if not isinstance(confirm, list):
        raise Failed("reduction: 'confirm' must list instances")
    for w in confirm:
        _confirm_dominance(read_instance(w))
    return cited


def _at_infinity(claim, b, spec_b, others, identity, max_prec) -> bool:
    """B(identity channel) REL lim_{A→∞} f(A), for f a rational function of u = e^A (ratio of leading
    coefficients, or ±∞, or 0)."""
    from exactpriv.checker.notions import evaluate_notion

    if len(others) != 1:
        raise NotCheckable("reduction: the bound at eps = oo is undefined as written")
    (a,) = others
    n, d = polys.rational_function(claim[3], a, f"u = exp({a})")
    if len(n) < len(d):
        limit = Fraction(0)
    elif len(n) == len(d):
        limit = n[-1] / d[-1]
    else:
        limit = V.INF if (n[-1] > 0) == (d[-1] > 0) else V.NEG_INF
    return V.compare(evaluate_notion(identity, spec_b), claim[1], limit, max_prec=max_prec)


def _confirm_dominance(inst) -> None:
    """The post-processing kernel of rr-dominance, built exactly for every neighbouring pair of an instance at its
    level γ = e^ε = the largest likelihood ratio: K = [(γP − Q)/(γ − 1); (γQ − P)/(γ − 1)] (K = [P; P] when γ = 1,
    [P; Q] when γ = ∞) must be stochastic and map RR(ε)'s rows to P and Q (Kairouz–Oh–Viswanath 2015)."""
    P = inst.P
    if P is None:
        raise Failed("reduction: a confirming instance has no mechanism")
    gamma = Fraction(1)
    for i, j in inst.neighbours:
        for p, q in zip(P[i], P[j]):
            if p and not q:
                gamma = None
                break
            if p:
                gamma = max(gamma, p / q)
        if gamma is None:
            break
    for i, j in inst.neighbours:
        Pi, Qj = P[i], P[j]
        if gamma is None:
            K, rr = [Pi, Qj], ([1, 0], [0, 1])
        elif gamma == 1:
            K, rr = [Pi, Pi], ([Fraction(1, 2)] * 2, [Fraction(1, 2)] * 2)
        else:
            K = [[(gamma * p - q) / (gamma - 1) for p, q in zip(Pi, Qj)],
                 [(gamma * q - p) / (gamma - 1) for p, q in zip(Pi, Qj)]]
            rr = ([gamma / (1 + gamma), 1 / (1 + gamma)], [1 / (1 + gamma), gamma / (1 + gamma)])
        if any(x < 0 for row in K for x in row) or any(sum(row) != 1 for row in K):
            raise Failed(f"reduction: the dominance kernel of pair ({i}, {j}) is not stochastic")
        for row, want in zip(rr, (Pi, Qj)):
            if [row[0] * a + row[1] * b for a, b in zip(K[0], K[1])] != want:
                raise Failed(f"reduction: the dominance kernel of pair ({i}, {j}) does not reproduce the pair")
