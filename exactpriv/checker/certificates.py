"""Re-checking proof certificates (docs/certificates.md, "Certificates"): without redoing the search.

Kinds: ``point`` (a rational counterexample to a forall-params claim), ``identity`` (rational-function identity),
``sign-chart`` (real-root isolation with the checker's own Sturm count), ``interval-bnb`` / ``taylor`` (arb
enclosures on boxes, touching ends by exact derivatives), ``lp`` (exact primal/dual vectors), ``all``
(conjunctions), ``reduction`` (trusted meta-theorems + a family proof), ``exhaustive`` (a listed finite scope).
"""

from __future__ import annotations

import json
from fractions import Fraction

import flint

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
from exactpriv.checker.expressions import evaluate, truth, value_of
from exactpriv.checker.calculus import box_ball, derivative, enclose, sign_ok
from exactpriv.checker.charts import coefficient_chart, monotone, sign_chart
from exactpriv.checker.domains import goal, in_domain, parse_domain, rational, single_variable
from exactpriv.checker.grammar import parse

__all__ = ["check_certificate", "derivative", "parse_domain"]


def _point(cert, statement, proves, max_prec):
    if proves:
        raise Failed("a point certificate refutes; it cannot prove")
    dom = statement.get("domain") or {}
    at = cert.get("at")
    if not isinstance(at, dict) or set(at) != set(dom):
        raise Failed("the point must give every quantified variable")
    env = {}
    for var, text in at.items():
        x = value_of(text)
        if not in_domain(x, parse_domain(dom[var])):
            raise Failed(f"the point {var} = {text} is outside the domain {dom[var]}")
        env[var] = x
    for h in statement.get("hypotheses", []):
        if not (isinstance(h, str) and h.startswith("range:")):
            raise NotCheckable(f"hypothesis {h!r} over parameters")
        if not truth(h[len("range:"):], env, max_prec=max_prec):
            raise Failed(f"the point is outside the hypothesis {h}")
    if truth(statement["claim"], env, max_prec=max_prec):
        raise Failed("the claim holds at the point (recomputed)")


def _identity(cert, statement, proves, max_prec):
    var, _ = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] != "==":
        raise NotCheckable("an identity certificate proves an equation")
    sub = cert.get("substitution", f"u = {var}")
    if cert.get("mixed"):  # var and u = exp(var/m) as independent indeterminates: Σ_j var^j N_j(u) / D(u)
        ns, _ = polys.mixed_function(("-", claim[2], claim[3]), var, sub)
        differ = bool(ns)
    else:
        n1, d1 = polys.rational_function(claim[2], var, sub)
        n2, d2 = polys.rational_function(claim[3], var, sub)
        differ = bool(polys.padd(polys.pmul(n1, d2), polys.pneg(polys.pmul(n2, d1))))
    if differ:
        if proves:
            raise Failed("the two sides are different rational functions")
        return
    if not proves:
        raise Failed("the two sides are the same rational function")


def _powers(cert, statement, proves, max_prec):
    """g = lhs − rhs = Σ_j var^j·C_j(u), C_j = N_j(u)/D(u), u = exp(var/m), on a domain where var ≥ 0.  Each
    C_j (j ≥ 1) has one sign on the domain (the checker's own root isolation); a term of the goal's sign is
    bounded by var ≥ m(u − 1)/u (log u ≥ 1 − 1/u), a term of the other sign by var ≤ m(u − 1) (log u ≤ u − 1):
    g is then bounded, towards the goal, by a rational function R(u), which must have the goal's sign on the
    domain (strictly for a strict goal).  When every C_j has the goal's sign this is "each coefficient has it"."""
    if not proves:
        raise NotCheckable("refuting coefficient signs are given as points")
    var, dom = single_variable(statement)
    if not V.compare(dom[0], ">=", Fraction(0)):
        raise Failed(f"powers: the domain of {var} reaches below 0, where its powers change sign")
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    m = polys.scale_of(sub, var)
    want = 1 if rel in (">", ">=") else -1
    ub = [-m, m]  # m(u − 1)
    lb_n, lb_d = [-m, m], [Fraction(0), Fraction(1)]  # m(u − 1)/u
    R_n, R_d = (ns[0] if ns else []), [Fraction(1)]  # R = R_n / (R_d·D)
    for j, N in enumerate(ns[1:], start=1):
        if not N:
            continue
        _, signed = coefficient_chart(N, D, dom, sub, var)
        signs = {sg for _, sg in signed}
        if len(signs) != 1:
            raise NotCheckable(f"powers: the coefficient of {var}^{j} changes sign on the domain")
        if signs.pop() == want:  # var^j·C_j ≥ (lower bound)^j·C_j towards the goal
            bn, bd = polys.ppow(lb_n, j), polys.ppow(lb_d, j)
        else:
            bn, bd = polys.ppow(ub, j), [Fraction(1)]
        R_n, R_d = polys.padd(polys.pmul(R_n, bd), polys.pmul(polys.pmul(N, bn), R_d)), polys.pmul(R_d, bd)
    if not R_n:
        if rel in (">", "<"):
            raise Failed("powers: the bound is identically 0, the strict goal fails")
        return
    ivs, signed = coefficient_chart(R_n, polys.pmul(R_d, D), dom, sub, var)
    if any(sg != want for _, sg in signed) or (rel in (">", "<") and ivs):
        raise Failed(f"powers: the coefficient of {var}^0 and the bounded terms do not have the goal's sign on "
                     f"the domain")


def _factor(cert, statement, proves, max_prec):
    """g = var^k·h on a domain where var ≥ 0 (var > 0 for a strict goal): the checker divides g's mixed form by
    var^k itself (the coefficients of var^0 … var^(k−1) must vanish identically) and checks ``then`` on the claim
    "h REL 0" over the same domain."""
    from exactpriv.checker.families import mixed_text

    if not proves:
        raise NotCheckable("refuting factorisations are given as points")
    var, dom = single_variable(statement)
    k = cert.get("power")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 8:
        raise Failed("factor: 'power' must be 1..8")
    lo, hi, lc, hc = dom
    if not V.compare(lo, ">=", Fraction(0)):
        raise Failed(f"factor: the domain of {var} reaches below 0")
    g, rel = goal(cert, statement, var)
    if rel in (">", "<") and lc and V.compare(lo, "==", Fraction(0)):
        raise Failed(f"factor: g = 0 at {var} = 0, which the strict claim includes")
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    if any(ns[:k]):
        raise Failed(f"factor: g is not divisible by {var}^{k}")
    h = mixed_text(ns[k:], D, var, polys.scale_of(sub, var))
    check_certificate(cert.get("then"), dict(statement, claim=f"{h} {rel} 0"), proves=True, max_prec=max_prec)


def _positive_logs(node, var, dom) -> None:
    """Every log argument inside ``node`` is a rational function of u = exp(var/m) positive on the domain."""
    if not isinstance(node, tuple):
        return
    if node[0] == "call" and node[1] == "log":
        for m in (1, 2, 3, 4, 6, 12):
            try:
                N, D = polys.rational_function(node[2][0], var, f"u = exp({var}/{m})")
            except NotCheckable:
                continue
            ivs, signed = coefficient_chart(N, D, dom, f"u = exp({var}/{m})", var)
            if ivs or any(sg <= 0 for _, sg in signed):
                raise Failed("exponentiate: a log argument is not positive on the whole domain")
            break
        else:
            raise NotCheckable("exponentiate: a log argument that is not a rational function of exp(var/m)")
    for child in (node[2] if node[0] == "call" else node[1:]):
        if isinstance(child, tuple):
            _positive_logs(child, var, dom)
        elif isinstance(child, list):
            for c in child:
                _positive_logs(c, var, dom)


def _exponentiate(cert, statement, proves, max_prec):
    """L REL R ⟺ exp(c·L) REL exp(c·R) for a rational c > 0 (exp is strictly increasing): the checker rewrites
    the claim itself (exp of c·log(E) is E^c for an integer c) and checks ``then`` on it."""
    from exactpriv.checker.families import unparse

    if not proves:
        raise NotCheckable("refuting exponentials are given as points")
    var, dom = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] == "!=":
        raise Failed("exponentiate: the claim is not one comparison")
    c = rational(cert.get("scale", "1"), "scale")
    if c <= 0:
        raise Failed("exponentiate: the scale must be positive")
    _positive_logs(claim, var, dom)  # exp(c·log(E)) = E^c needs E > 0 wherever the claim is read
    scaled = lambda side: ("call", "exp", [("*", ("num", c), side)])  # noqa: E731
    new = unparse(("cmp", claim[1], scaled(claim[2]), scaled(claim[3])))
    check_certificate(cert.get("then"), dict(statement, claim=new), proves=True, max_prec=max_prec)


def _derivative(cert, statement, proves, max_prec):
    """g = lhs − rhs meets the goal at the domain's lower end (exact value) and g' has the goal's sign on the
    domain (``then``, on the checker's own derivative): by the mean value theorem g keeps the goal.  Every log
    argument must be positive on the domain and g may use no abs, min, max or sqrt (g is then differentiable
    wherever it is defined; the rational certificates below check their denominators)."""
    from exactpriv.checker.families import unparse
    from exactpriv.checker.grammar import names

    if not proves:
        raise NotCheckable("refuting derivatives are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    lo, hi, lc, hc = dom
    if not isinstance(lo, Fraction):
        raise NotCheckable("derivative: the domain's lower end must be rational")
    if any(f in repr(g) for f in ("'abs'", "'min'", "'max'", "'Min'", "'Max'", "'sqrt'")):
        raise NotCheckable("derivative: g uses a function that is not differentiable everywhere")
    _positive_logs(g, var, dom)
    if names(g) - {var}:
        raise Failed("derivative: g has names other than the variable")
    try:
        at_lo = V.sign(evaluate(g, {var: lo}), max_prec=max_prec)
    except V.Undefined:
        raise NotCheckable(f"derivative: g is undefined at {var} = {lo}") from None
    want = 1 if rel in (">", ">=") else -1
    if at_lo not in (0, want):
        raise Failed(f"derivative: g at {var} = {lo} does not meet the goal")
    strict = rel in (">", "<")
    if at_lo == 0 and strict and lc:
        raise Failed(f"derivative: g = 0 at {var} = {lo}, which the strict claim includes")
    sub_rel = rel if (strict and at_lo == 0) else rel.replace(">", ">=").replace("<", "<=").replace("==", "=")
    sub_rel = {">=": ">=", "<=": "<=", ">": ">", "<": "<", ">==": ">=", "<==": "<="}[sub_rel]
    dg = derivative(g, var)
    check_certificate(cert.get("then"), dict(statement, claim=f"{unparse(dg)} {sub_rel} 0"), proves=True,
                      max_prec=max_prec)


def _split(cert, statement, proves, max_prec):
    """L <= min(a, b, …) is L <= a and L <= b …; likewise max(…) <= R, L >= max(…), min(…) >= R: one part per
    argument, each proved by its certificate."""
    from exactpriv.checker.families import unparse

    if not proves:
        raise NotCheckable("a split proves")
    claim = parse(statement["claim"])
    if claim[0] != "cmp":
        raise Failed("split: the claim is not one comparison")
    op, lhs, rhs = claim[1], claim[2], claim[3]
    low = op in ("<=", "<")
    fn = lambda node: node[1].lower() if node[0] == "call" else None  # noqa: E731
    if fn(rhs) == ("min" if low else "max"):
        claims = [("cmp", op, lhs, a) for a in rhs[2]]
    elif fn(lhs) == ("max" if low else "min"):
        claims = [("cmp", op, a, rhs) for a in lhs[2]]
    else:
        raise Failed("split: the claim is not L <= min(…), max(…) <= R, L >= max(…) or min(…) >= R")
    parts = cert.get("parts")
    if not isinstance(parts, list) or len(parts) != len(claims):
        raise Failed(f"split: {len(claims)} parts needed")
    for c, part in zip(claims, parts):
        check_certificate(part, dict(statement, claim=unparse(c)), proves=True, max_prec=max_prec)


def _bnb(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting boxes are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    prec = cert.get("precision", 64)
    if not isinstance(prec, int) or not 16 <= prec <= max(max_prec, 64):
        raise Failed(f"interval-bnb: precision {prec!r} outside 16..{max_prec}")
    boxes = cert.get("boxes")
    if not isinstance(boxes, list) or not boxes:
        raise Failed("interval-bnb: no boxes")
    lo, hi, lc, hc = dom
    prev = None
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        for k, b in enumerate(boxes):
            box = b.get("box") if isinstance(b, dict) else None
            if not (isinstance(box, list) and len(box) == 2):
                raise Failed(f"interval-bnb: box {k} malformed")
            a, z = rational(box[0], "box"), rational(box[1], "box")
            if not a < z:
                raise Failed(f"interval-bnb: box {k} is empty")
            if prev is None and not V.compare(a, "==", lo):
                raise Failed("interval-bnb: the boxes do not start at the domain's lower end")
            if prev is not None and a != prev:
                raise Failed(f"interval-bnb: box {k} does not start where box {k - 1} ends")
            prev = z
            touch = b.get("touch")
            if touch is None:
                if not sign_ok(enclose(g, {var: box_ball(a, z)}), rel):
                    raise Failed(f"interval-bnb: the enclosure on box [{box[0]}, {box[1]}] does not show g {rel} 0")
                continue
            _touch(g, var, rel, a, z, touch, first=k == 0, last=k == len(boxes) - 1, dom=dom)
        if not V.compare(prev, "==", hi):
            raise Failed("interval-bnb: the boxes do not reach the domain's upper end")
    finally:
        flint.ctx.prec = old


def _touch(g, var, rel, a, z, touch, *, first, last, dom):
    """g vanishes at an end c of [a, z] to order k (exact derivatives), and g^(k) has the goal's sign on the box:
    Taylor's theorem (Lagrange remainder) gives g(x) = g^(k)(ξ)(x − c)^k / k! on the box."""
    order, side = touch.get("order"), touch.get("at", "left")
    if not isinstance(order, int) or not 1 <= order <= 12 or side not in ("left", "right"):
        raise Failed("touch: 'order' must be 1..12 and 'at' left or right")
    c = a if side == "left" else z
    lo, hi, lc, hc = dom
    end_included = (lc if side == "left" and first else hc if side == "right" and last else True)
    node = g
    for j in range(order):
        v = evaluate(node, {var: c})
        if V.sign(v) != 0:
            raise Failed(f"touch: the derivative of order {j} is {v!r}, not 0, at {c}")
        node = derivative(node, var)
    if end_included and rel in (">", "<"):
        raise Failed(f"touch: g = 0 at {c}, which the strict claim includes")
    ball = enclose(node, {var: box_ball(a, z)})
    sign_factor = 1 if side == "left" or order % 2 == 0 else -1  # (x − c)^k < 0 right of nothing, left of c
    want = {">": ">", ">=": ">=", "<": "<", "<=": "<="}[rel]
    if sign_factor < 0:
        want = {">": "<", ">=": "<=", "<": ">", "<=": ">="}[rel]
    if not sign_ok(ball, want.replace("=", "") if "=" in want else want):
        raise Failed(f"touch: the order-{order} derivative's enclosure on [{a}, {z}] has the wrong sign")


def _tail(cert, statement, proves, max_prec):
    raise NotCheckable("tail certificates are not checked by this checker version")


def _lp(cert, statement, proves, max_prec):
    lp = statement.get("lp")
    if not isinstance(lp, dict):
        raise Failed("an lp certificate needs the statement's LP ('lp': {c, A_ub, b_ub, A_eq, b_eq, bounds})")
    value = check_lp(lp, cert)
    holds = truth(statement["claim"], {"OPT": value}, max_prec=max_prec)
    if holds != proves:
        raise Failed(f"the LP optimum {value} does not {'prove' if proves else 'refute'} the claim")


def check_lp(lp: dict, cert: dict) -> Fraction:
    """The optimum of ``lp`` certified by ``cert``'s primal x and dual y (weak duality with equal objectives)."""
    sense = lp.get("sense", "max")
    vec = lambda xs, w: [rational(v, w) for v in (xs or [])]  # noqa: E731
    c = vec(lp.get("c"), "c")
    A_ub, A_eq = [vec(r, "A_ub") for r in lp.get("A_ub", [])], [vec(r, "A_eq") for r in lp.get("A_eq", [])]
    b_ub, b_eq = vec(lp.get("b_ub"), "b_ub"), vec(lp.get("b_eq"), "b_eq")
    bounds = lp.get("bounds") or [["0", None]] * len(c)
    x, y_ub, y_eq = vec(cert.get("x"), "x"), vec(cert.get("y_ub"), "y_ub"), vec(cert.get("y_eq"), "y_eq")
    if sense not in ("max", "min") or len(x) != len(c) or len(y_ub) != len(A_ub) or len(y_eq) != len(A_eq) \
            or len(b_ub) != len(A_ub) or len(b_eq) != len(A_eq) or len(bounds) != len(c):
        raise Failed("lp: dimensions do not match")
    if any(len(r) != len(c) for r in A_ub + A_eq):
        raise Failed("lp: a constraint row has the wrong length")
    lows = [None if b[0] is None else rational(b[0], "bound") for b in bounds]
    ups = [None if b[1] is None else rational(b[1], "bound") for b in bounds]
    for j, xj in enumerate(x):
        if (lows[j] is not None and xj < lows[j]) or (ups[j] is not None and xj > ups[j]):
            raise Failed(f"lp: x[{j}] violates its bounds")
    for i, r in enumerate(A_ub):
        if sum(a * xj for a, xj in zip(r, x)) > b_ub[i]:
            raise Failed(f"lp: x violates inequality {i}")
    for i, r in enumerate(A_eq):
        if sum(a * xj for a, xj in zip(r, x)) != b_eq[i]:
            raise Failed(f"lp: x violates equation {i}")
    s = 1 if sense == "max" else -1  # a min problem is max of −c
    if any(yi < 0 for yi in y_ub):
        raise Failed("lp: a dual multiplier of an inequality is negative")
    # reduced costs r_j = s c_j − (A_ub^T y_ub + A_eq^T y_eq)_j; a bound term pays for each
    bound_term = Fraction(0)
    for j in range(len(c)):
        rj = s * c[j] - sum(A_ub[i][j] * y_ub[i] for i in range(len(A_ub))) \
            - sum(A_eq[i][j] * y_eq[i] for i in range(len(A_eq)))
        if rj > 0:
            if ups[j] is None:
                raise Failed(f"lp: the dual is infeasible at column {j} (no upper bound)")
            bound_term += rj * ups[j]
        elif rj < 0:
            if lows[j] is None:
                raise Failed(f"lp: the dual is infeasible at column {j} (no lower bound)")
            bound_term += rj * lows[j]
    dual = sum(bi * yi for bi, yi in zip(b_ub, y_ub)) + sum(bi * yi for bi, yi in zip(b_eq, y_eq)) + bound_term
    primal = s * sum(cj * xj for cj, xj in zip(c, x))
    if primal != dual:
        raise Failed(f"lp: primal value {s * primal} and dual bound {s * dual} differ (no optimality proof)")
    if "value" in cert and rational(cert["value"], "value") != s * primal:
        raise Failed(f"lp: the stated value {cert['value']} is not the certified optimum {s * primal}")
    return s * primal


def _all(cert, statement, proves, max_prec):
    if not proves:
        raise Failed("an 'all' certificate proves a conjunction")
    claim = parse(statement["claim"])
    conj = claim[1] if claim[0] == "and" else [claim]
    parts = cert.get("parts")
    if not isinstance(parts, list) or len(parts) != len(conj):
        raise Failed(f"all: {len(conj)} conjuncts need {len(conj)} parts")
    for k, (part, want) in enumerate(zip(parts, conj)):
        if not isinstance(part, dict) or parse(part.get("claim", "")) != want:
            raise Failed(f"all: part {k}'s claim is not conjunct {k} of the statement")
        check_certificate(part.get("certificate"), dict(statement, claim=part["claim"]), proves=True,
                          max_prec=max_prec)


#: the data-processing theorem that makes each pairwise notion monotone under post-processing
_DPI = {"kl_dp": "data-processing-f", "tv_dp": "data-processing-f", "renyi_dp": "data-processing-renyi",
        "pure_dp": "data-processing-renyi"}


def _reduction(cert, statement, proves, max_prec):
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
    check_certificate(cert.get("family_proof"), family, proves=True, max_prec=max_prec)
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


def _family(cert, statement, proves, max_prec):
    """A ``forall-family`` statement: the checker derives each family's forall-params statement itself
    (exactpriv.checker.families) and re-checks the certificate given for it.  Proving needs every family proved;
    refuting needs one family refuted (by a ``point``)."""
    from exactpriv.checker.families import family_statements

    if statement.get("quantifier") != "forall-family":
        raise Failed("a family certificate needs a forall-family statement")
    derived = family_statements(statement)
    parts = cert.get("families")
    if not isinstance(parts, list) or len(parts) != len(derived):
        raise Failed(f"family: {len(derived)} families need {len(derived)} proofs, in order")
    refuted = []
    for (name, stmt), part in zip(derived, parts):
        sub = part.get("proof") if isinstance(part, dict) else None
        if not proves and sub is None:
            continue  # a refutation needs one refuted family, not all
        try:
            check_certificate(sub, stmt, proves=proves, max_prec=max_prec)
        except (Failed, NotCheckable) as exc:
            if proves:
                raise type(exc)(f"family {name}: {exc} (derived statement: {stmt['claim']})") from None
            continue
        refuted.append(name)
    if not proves and not refuted:
        raise Failed("family: no family is refuted by its certificate")


def _exhaustive(cert, statement, proves, max_prec):
    from exactpriv.checker.statements import claim_on
    from exactpriv.checker.witness import read_instance

    scope = statement.get("scope")
    if statement.get("quantifier") != "exists" or not isinstance(scope, dict) or not isinstance(
            scope.get("instances"), list):
        raise NotCheckable("an exhaustive search needs the statement's scope as a list of instances")
    for w in scope["instances"]:
        holds, _ = claim_on(statement, read_instance(w), max_prec=max_prec)
        if holds:
            if not proves:
                raise Failed("an instance of the scope satisfies the claim: the 'exists' statement holds")
            return
    if proves:
        raise Failed("no instance of the scope satisfies the claim")


def _analytic_at(node, var: str, a) -> None:
    """Refuse unless every division, log, square root and fractional power inside ``node`` is defined and
    analytic at var = a (denominators ≠ 0, log and sqrt arguments > 0): then the expression is analytic there."""
    k = node[0]
    for child in (node[1:] if k != "call" else node[2]):
        if isinstance(child, tuple):
            _analytic_at(child, var, a)
    if k == "/" and V.sign(evaluate(node[2], {var: a})) == 0:
        raise Failed("l'hopital: a denominator inside f or g vanishes at the point")
    if k == "call" and node[1] in ("log", "sqrt") and V.sign(evaluate(node[2][0], {var: a})) <= 0:
        raise Failed(f"l'hopital: {node[1]} of a non-positive value at the point")
    if k == "call" and node[1] in ("abs", "min", "max"):
        raise NotCheckable(f"l'hopital: {node[1]} is not analytic everywhere")
    if k == "**" and not (node[2][0] == "num" and node[2][1].denominator == 1 and node[2][1] >= 0) \
            and V.sign(evaluate(node[1], {var: a})) <= 0:
        raise Failed("l'hopital: a power with a non-positive base at the point")


def _lhopital(cert, statement, proves, max_prec):
    """lim_{var→a} f/g for f, g analytic at a: if f⁽ʲ⁾(a) = g⁽ʲ⁾(a) = 0 for j < k and g⁽ᵏ⁾(a) ≠ 0, the limit is
    f⁽ᵏ⁾(a)/g⁽ᵏ⁾(a) (Taylor's theorem; the derivatives are the checker's own, evaluated exactly)."""
    lim = statement.get("limit")
    if statement.get("quantifier") != "limit" or not isinstance(lim, dict):
        raise Failed("an l'hopital certificate needs a limit statement")
    var, node = lim.get("variable"), parse(lim.get("of", ""))
    if not isinstance(var, str) or node[0] != "/":
        raise Failed("the limit must be of a quotient f/g in one variable")
    a = value_of(lim.get("at", ""))
    if not isinstance(a, Fraction):
        raise NotCheckable("limits at a point that is not rational")
    f, g = node[1], node[2]
    _analytic_at(f, var, a)
    _analytic_at(g, var, a)
    for _ in range(13):
        fv, gv = evaluate(f, {var: a}), evaluate(g, {var: a})
        if V.sign(gv) != 0:
            value = V.div(fv, gv)
            break
        if V.sign(fv) != 0:
            value = None  # f ≠ 0 = g at the first non-vanishing order of g: no finite limit
            break
        f, g = derivative(f, var), derivative(g, var)
    else:
        raise NotCheckable("l'hopital: f and g vanish to order 12")
    if value is None:
        raise Failed("l'hopital: the quotient has a pole at the point")
    holds = truth(statement["claim"], {"L": value}, max_prec=max_prec)
    if holds != proves:
        raise Failed(f"the limit is {value!r}: the claim {'fails' if proves else 'holds'}")


KINDS = {"point": _point, "identity": _identity, "sign-chart": sign_chart, "powers": _powers,
         "factor": _factor, "split": _split, "exponentiate": _exponentiate,
         "derivative": _derivative, "interval-bnb": _bnb, "monotone": monotone,
         "tail": _tail, "lp": _lp, "all": _all, "reduction": _reduction, "exhaustive": _exhaustive, "family": _family, "l'hopital": _lhopital}


def check_certificate(cert, statement: dict, *, proves: bool, max_prec: int):
    """Return when ``cert`` proves (``proves``) or refutes the statement; Failed / NotCheckable otherwise.  The
    value returned is the list of trusted meta-theorems the proof rests on (a ``reduction``), else None."""
    if not isinstance(cert, dict):
        raise Failed("a certificate must be an object with a 'kind'")
    kind = cert.get("kind")
    if kind == "taylor":  # shorthand for one touching box
        cert = {"kind": "interval-bnb", "precision": cert.get("precision", 64),
                "boxes": [{"box": cert.get("box"), "touch": {"order": cert.get("order"), "at": cert.get("side", "left")}}]}
        kind = "interval-bnb"
    f = KINDS.get(kind)
    if f is None:
        raise NotCheckable(f"certificate kind {kind!r} is not known to this checker")
    if statement.get("quantifier") not in ("forall-params", "exists", "lp", "limit") and kind not in ("reduction", "lp",
                                                                                                      "family"):
        raise NotCheckable(f"a {kind} certificate for a {statement.get('quantifier')} statement")
    try:
        return f(cert, statement, proves, max_prec)
    except CheckerError as exc:
        raise Failed(f"{kind}: {exc}") from None
