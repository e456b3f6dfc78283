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

__all__ = ["approx_family_statement", "reduction"]


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
    statement the checker builds (measures derived by exactpriv.checker.family_measures), and the end ε = ∞ is the
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
    if cited[0] == "approx-dominance" and statement.get("quantifier") == "forall-instances":
        return _approx_chain(cert, statement, cited, steps, max_prec)
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


# ----------------------------------------------------------------------------- (ε, δ): the four-output pair
def approx_family_statement(statement: dict) -> dict:
    """The claim of an (ε, δ) reduction on the four-output extremal pair, built here from the row's statement:
    ``B <= f(A)`` with A = approx_dp at ε (a parameter name) and B = approx_dp at ε' (``range:0 <= ε' and
    ε' <= ε``) or tv_dp (ε' = 0, ``range:0 <= ε``).  In the variables δ ∈ [0, 1], γ' = e^{ε'} ∈ [1, oo) and
    s = e^ε − e^{ε'} ∈ [0, oo) (for tv_dp: γ = e^ε ∈ [1, oo)): E_γ'(P̃‖Q̃) <= f and E_γ'(Q̃‖P̃) <= f, with
    P̃ = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q̃ its mirror, A read as δ, exp(ε) as γ and exp(ε') as γ'."""
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import names

    measures = statement.get("measures") or {}
    claim = parse(statement.get("claim", ""))
    if claim[0] != "cmp" or claim[1] not in ("<=", "<") or claim[2][0] != "name" or claim[2][1] not in measures:
        raise NotCheckable("reduction: the claim is not 'B <= f(...)' with B a measure")
    b, f = claim[2][1], claim[3]
    a_names = [n for n in names(f) if n in measures]
    if len(a_names) != 1 or b in names(f):
        raise NotCheckable("reduction: the bound must use one measure, approx_dp at epsilon")
    spec_a, spec_b = measures[a_names[0]], measures[b]
    if isinstance(spec_a, dict) and set(spec_a) == {"notion", "delta"} and spec_a["notion"] == "approx_dp_epsilon":
        return _epsilon_view_statement(statement, claim, a_names[0], spec_a["delta"], spec_b)
    if not (isinstance(spec_a, dict) and set(spec_a) == {"notion", "epsilon"} and spec_a["notion"] == "approx_dp"):
        raise NotCheckable("reduction: the given measure must be approx_dp at an epsilon")
    ea = spec_a["epsilon"]
    if spec_b == {"notion": "tv_dp"}:
        eb = None
    elif isinstance(spec_b, dict) and set(spec_b) == {"notion", "epsilon"} and spec_b["notion"] == "approx_dp" \
            and spec_b["epsilon"] != ea:
        eb = spec_b["epsilon"]
    else:
        raise NotCheckable(f"reduction: {spec_b!r} is not the hockey-stick divergence at an epsilon' <= epsilon")
    G = _level(ea)  # None for a parameter, else the rational e^ε
    Gp = Fraction(1) if eb is None else _level(eb)
    hyps = statement.get("hypotheses") or []
    if G is None and eb is None:  # ε a parameter, TV
        _region(hyps, ea, None, canonical=f"range:0 <= {ea}")
        domain, big, small = {"delta": "[0, 1]", "gamma": "[1, oo)"}, ("name", "gamma"), ("num", Fraction(1))
    elif G is None and Gp is None:  # ε and ε' parameters
        if hyps != [f"range:0 <= {eb} and {eb} <= {ea}"]:
            raise NotCheckable(f"reduction: the (epsilon, delta) chain takes the hypotheses "
                               f"['range:0 <= {eb} and {eb} <= {ea}']")
        domain = {"delta": "[0, 1]", "gamma_prime": "[1, oo)", "s": "[0, oo)"}
        big, small = ("+", ("name", "gamma_prime"), ("name", "s")), ("name", "gamma_prime")
    elif G is not None and Gp is None:  # ε fixed, ε' a parameter in [0, ε]
        _region(hyps, eb, G, canonical=None)
        domain, big, small = {"delta": "[0, 1]", "gamma_prime": f"[1, {G}]"}, ("num", G), ("name", "gamma_prime")
    elif G is not None and 1 <= Gp <= G:  # both fixed
        domain, big, small = {"delta": "[0, 1]"}, ("num", G), ("num", Gp)
    else:
        raise NotCheckable("reduction: epsilon' must lie in [0, epsilon]")
    params = {x for x in (ea, eb) if x is not None and str(x).isidentifier()}
    if set(names(f)) - {a_names[0]} - params:
        raise NotCheckable("reduction: the bound uses names other than the measure and the epsilons")
    ea, eb = (ea if G is None else None), (eb if Gp is None else None)

    def exps(node):  # exp(ε) → γ, exp(ε') → γ', A → δ; the epsilons may appear nowhere else
        if node[0] == "call" and node[1] == "exp" and node[2][0][0] == "name" and node[2][0][1] in (ea, eb):
            return big if node[2][0][1] == ea else small
        if node == ("name", a_names[0]):
            return ("name", "delta")
        if node[0] == "call":
            return (node[0], node[1], [exps(x) for x in node[2]])
        return tuple(exps(c) if isinstance(c, tuple) else c for c in node)

    bound = exps(f)
    if names(bound) & {ea, eb}:
        raise NotCheckable("reduction: the bound uses an epsilon outside exp()")
    g, gp, fb = unparse(big), unparse(small), unparse(bound)
    P = ["delta", f"(1 - delta)*{g}/(1 + {g})", f"(1 - delta)/(1 + {g})", "0"]
    hockey = lambda A, B: " + ".join(f"max({x} - {gp}*{y}, 0)" for x, y in zip(A, B))  # noqa: E731
    return {"quantifier": "forall-params", "domain": domain,
            "claim": f"{hockey(P, P[::-1])} {claim[1]} {fb} and {hockey(P[::-1], P)} {claim[1]} {fb}"}


def _level(text) -> Fraction | None:
    """None for an epsilon that is a parameter name; e^ε (a rational ≥ 1) for a constant epsilon."""
    from exactpriv.checker.expressions import evaluate
    from exactpriv.checker.grammar import names

    if isinstance(text, str) and text.isidentifier():
        return None
    node = parse(text)
    if names(node):
        raise NotCheckable(f"reduction: epsilon {text!r} is neither a parameter nor a constant")
    g = evaluate(("call", "exp", [node]), {})
    if not isinstance(g, Fraction) or g < 1:
        raise NotCheckable(f"reduction: e^epsilon at epsilon = {text} is not a rational >= 1")
    return g


def _epsilon_view_statement(statement: dict, claim, a: str, delta: str, spec_b) -> dict:
    """The (ε, δ) chain read the other way: ``B <= f(A)`` with A = the least ε at which M is (ε, δ)-DP for a
    parameter δ (approx_dp_epsilon) and B = tv_dp.  Every neighbouring pair is (A, δ)-close (the hockey-stick
    divergence is continuous in ε, so the least ε is attained), hence a post-processing of the four-output pair
    P̃(A, δ): the same claim on the pair as for A = δ at a parameter ε, in δ ∈ [0, 1] and γ = e^A ∈ [1, oo), with
    exp(A) read as γ and δ as δ (A may appear in f only inside exp).  The hypotheses must list δ's values, each
    in [0, 1]; A = oo (no finite ε reaches δ) is allowed by the claim only when lim_{γ→oo} f ≥ 1 at each listed
    δ, which the checker evaluates (tv_dp ≤ 1 always)."""
    from exactpriv.checker.expressions import evaluate
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import names

    if spec_b != {"notion": "tv_dp"} or not str(delta).isidentifier():
        raise NotCheckable("reduction: at a parameter delta the checker takes B = tv_dp")
    hyps = statement.get("hypotheses") or []
    if len(hyps) != 1 or not str(hyps[0]).startswith("range:"):
        raise NotCheckable(f"reduction: the hypotheses must list the values of {delta}")
    node = parse(hyps[0][len("range:"):])
    values = []
    for c in (node[1] if node[0] == "or" else [node]):
        if not (c[0] == "cmp" and c[1] == "==" and c[2] == ("name", delta)):
            raise NotCheckable(f"reduction: a range that is not a list of values of {delta}")
        v = evaluate(c[3], {})
        if not (isinstance(v, Fraction) and 0 <= v <= 1):
            raise NotCheckable(f"reduction: a listed value of {delta} outside [0, 1]")
        values.append(v)
    f = claim[3]
    if set(names(f)) - {a, delta}:
        raise NotCheckable("reduction: the bound uses names other than the measure and delta")

    def swap(node):  # exp(A) → γ, δ → delta; A may appear nowhere else
        if node[0] == "call" and node[1] == "exp" and node[2][0] == ("name", a):
            return ("name", "gamma")
        if node == ("name", delta):
            return ("name", "delta")
        if node[0] == "call":
            return (node[0], node[1], [swap(x) for x in node[2]])
        return tuple(swap(c) if isinstance(c, tuple) else c for c in node)

    bound = swap(f)
    if a in names(bound):
        raise NotCheckable("reduction: the bound uses the measure outside exp()")
    for v in values:  # A = oo: tv_dp ≤ 1 ≤ lim f
        n, d = polys.rational_function(_substitute_delta(bound, v), "gamma", "u = gamma")
        lead = n[-1] / d[-1] if n else Fraction(0)
        if (len(n) > len(d) and lead > 0) or (len(n) == len(d) and lead >= 1):
            continue
        raise NotCheckable(f"reduction: at {delta} = {v} the bound's limit as the level grows is below 1")
    P = ["delta", "(1 - delta)*gamma/(1 + gamma)", "(1 - delta)/(1 + gamma)", "0"]
    hockey = lambda A, B: " + ".join(f"max({x} - 1*{y}, 0)" for x, y in zip(A, B))  # noqa: E731
    fb = unparse(bound)
    return {"quantifier": "forall-params", "domain": {"delta": "[0, 1]", "gamma": "[1, oo)"},
            "claim": f"{hockey(P, P[::-1])} {claim[1]} {fb} and {hockey(P[::-1], P)} {claim[1]} {fb}"}


def _substitute_delta(node, v: Fraction):
    if node == ("name", "delta"):
        return ("num", v)
    if node[0] == "call":
        return (node[0], node[1], [_substitute_delta(x, v) for x in node[2]])
    return tuple(_substitute_delta(c, v) if isinstance(c, tuple) else c for c in node)


def _region(hyps: list, name: str, top: Fraction | None, *, canonical) -> None:
    """The hypotheses keep the parameter ``name`` in [0, ln top] (top None: [0, oo)): either the canonical
    range, or one range that lists its values ("name == v or name == w …"), each checked to lie there."""
    from exactpriv.checker.expressions import evaluate

    if canonical is not None and hyps == [canonical]:
        return
    if len(hyps) != 1 or not str(hyps[0]).startswith("range:"):
        raise NotCheckable(f"reduction: the hypotheses must keep {name} in its range (listed values or "
                           f"{canonical})")
    node = parse(hyps[0][len("range:"):])
    for c in (node[1] if node[0] == "or" else [node]):
        if not (c[0] == "cmp" and c[1] == "==" and c[2] == ("name", name)):
            raise NotCheckable(f"reduction: a range that is not a list of values of {name}")
        v = evaluate(c[3], {})
        if not V.compare(v, ">=", Fraction(0)) or (
                top is not None and not V.compare(v, "<=", evaluate(("call", "log", [("num", top)]), {}))):
            raise NotCheckable(f"reduction: a listed value of {name} outside the chain's range")


def _approx_chain(cert, statement, cited, steps, max_prec):
    """approx-dominance (every neighbouring pair of M is (ε, A)-close with A = approx_dp(M) at ε, so it is a
    post-processing of the four-output pair P̃(ε, A), Q̃), data processing of the hockey-stick divergence
    E_{e^ε'} (TV at ε' = 0), pairwise maximum: the family proof must prove the claim on the four-output pair,
    a statement built here (:func:`approx_family_statement`), and ``confirm`` instances get their kernels
    built exactly."""
    from exactpriv.checker.witness import read_instance

    if cited != ["approx-dominance", "data-processing-f", "pairwise-maximum"]:
        raise Failed(f"reduction: the (epsilon, delta) chain is approx-dominance, data-processing-f, "
                     f"pairwise-maximum, not {', '.join(cited)}")
    family = approx_family_statement(statement)
    same = json.dumps(steps[0].get("from"), sort_keys=True) == json.dumps(family, sort_keys=True)
    if not same:
        raise Failed("reduction: the first step must start from the claim on the four-output pair")
    _check(cert.get("family_proof"), family, proves=True, max_prec=max_prec)
    given = statement["measures"][[n for n in statement["measures"] if n != parse(statement["claim"])[2][1]][0]]
    confirm = cert.get("confirm", [])
    if given.get("notion") == "approx_dp_epsilon":  # the level is measured (often irrational): no kernels
        if confirm:
            raise NotCheckable("reduction: confirming instances of a chain at a measured epsilon")
        return cited
    ea = given["epsilon"]
    if not isinstance(confirm, list):
        raise Failed("reduction: 'confirm' must list instances")
    for w in confirm:
        _confirm_approx(read_instance(w), ea)
    return cited


def _confirm_approx(inst, ea: str) -> None:
    """The kernel K with P̃K = P and Q̃K = Q for every neighbouring pair of an instance, at its γ = e^ε and
    δ = its approx_dp at ε, built exactly (the closed form of exactpriv.reductions, written again here):
    P' = min(P, γQ), Q' = min(Q, γP), the heavier one mixed towards the other over γ until their masses
    agree, scaled to mass 1 − δ; K's outer rows (P − P')/δ and (Q − Q')/δ, its middle rows
    (γP' − Q')/((γ − 1)(1 − δ)) and (γQ' − P')/((γ − 1)(1 − δ)).  A negative entry, a row not summing to 1 or
    a pair not reproduced FAILS."""
    from exactpriv.checker.expressions import evaluate
    from exactpriv.checker.notions import evaluate_notion

    if inst.P is None or (ea.isidentifier() and ea not in inst.params):
        raise Failed("reduction: a confirming instance needs a mechanism and the parameter epsilon")
    g = evaluate(parse(f"exp({ea})"), dict(inst.params))
    d = evaluate_notion(inst, {"notion": "approx_dp", "epsilon": ea})
    if not (isinstance(g, Fraction) and isinstance(d, Fraction)) or g < 1:
        raise NotCheckable("reduction: a confirming instance with e^epsilon irrational")
    for i, j in inst.neighbours:
        P, Q = inst.P[i], inst.P[j]
        P1 = [min(p, g * q) for p, q in zip(P, Q)]
        Q1 = [min(q, g * p) for p, q in zip(P, Q)]
        mp, mq = sum(P1), sum(Q1)
        if mp > mq:
            a = (mp - mq) / (mp - mq / g)
            P1 = [(1 - a) * p + a * q / g for p, q in zip(P1, Q1)]
        elif mq > mp:
            a = (mq - mp) / (mq - mp / g)
            Q1 = [(1 - a) * q + a * p / g for p, q in zip(P1, Q1)]
        target = 1 - d
        c = target / sum(P1) if target else Fraction(0)
        P2, Q2 = [c * p for p in P1], [c * q for q in Q1]
        outer = ([(p - x) / d for p, x in zip(P, P2)], [(q - x) / d for q, x in zip(Q, Q2)]) if d else (P, Q)
        if not target:
            mid = (P, Q)
        elif g == 1:
            mid = ([p / target for p in P2],) * 2
        else:
            mid = ([(g * p - q) / ((g - 1) * target) for p, q in zip(P2, Q2)],
                   [(g * q - p) / ((g - 1) * target) for p, q in zip(P2, Q2)])
        K = [outer[0], mid[0], mid[1], outer[1]]
        src = ([d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), Fraction(0)],
               [Fraction(0), (1 - d) / (1 + g), (1 - d) * g / (1 + g), d])
        if any(x < 0 for row in K for x in row) or any(sum(row) != 1 for row in K):
            raise Failed(f"reduction: the (epsilon, delta) dominance kernel of pair ({i}, {j}) is not stochastic")
        for row, want in zip(src, (P, Q)):
            if [sum(row[k] * K[k][y] for k in range(4)) for y in range(len(want))] != list(want):
                raise Failed(f"reduction: the (epsilon, delta) kernel of pair ({i}, {j}) does not reproduce the pair")
