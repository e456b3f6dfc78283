"""Re-checking proof certificates (docs/certificates.md, "Certificates"): without redoing the search.

Kinds: ``point`` (a rational counterexample to a forall-params claim), ``identity`` (rational-function identity,
or mixed in var and exp(var/m)), ``sign-chart`` (real-root isolation with the checker's own Sturm count),
``interval-bnb`` / ``taylor`` (arb enclosures on boxes, touching ends by exact derivatives), ``lp`` (exact
primal/dual vectors), ``all`` (conjunctions), ``family`` (symbolic families, measures derived in
exactpriv.checker.families), ``exhaustive`` (a listed finite scope); the rewriting kinds of
exactpriv.checker.rewrites and ``reduction`` (exactpriv.checker.reductions).
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
from exactpriv.checker.expressions import evaluate, truth, value_of
from exactpriv.checker.calculus import analytic_at, box_ball, derivative, enclose, sign_ok
from exactpriv.checker.charts import monotone, sign_chart
from exactpriv.checker.domains import goal, in_domain, parse_domain, rational, single_variable
from exactpriv.checker.grammar import parse
from exactpriv.checker import reductions as _reductions
from exactpriv.checker import rewrites as _rewrites
from exactpriv.checker.atoms import atom_identity, factor_signs, positive_shape
from exactpriv.checker.logbounds import log_bounds
from exactpriv.checker import binomial as _binomial
from exactpriv.checker import conjunction as _conjunction
from exactpriv.checker import loggrowth as _loggrowth
from exactpriv.checker import continuity as _continuity
from exactpriv.checker import monotonicity as _monotonicity
from exactpriv.checker.loglinear import log_identity, log_sign
from exactpriv.checker.multivariate import signed_coefficients
from exactpriv.checker.reductions import reduction
from exactpriv.checker.rewrites import KINDS as REWRITES

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
    if statement.get("quantifier") not in ("exists", "forall-instances") or not isinstance(scope, dict) \
            or not isinstance(scope.get("instances"), list) or not scope["instances"]:
        raise NotCheckable("an exhaustive search needs the statement's scope as a list of instances")
    if statement["quantifier"] == "forall-instances":  # a claim about the listed instances: true on every one
        if not proves:
            raise NotCheckable("a listed instance that refutes is given as the witness")
        for k, w in enumerate(scope["instances"]):
            holds, _ = claim_on(statement, read_instance(w), max_prec=max_prec)
            if holds is None:
                raise Failed(f"instance {k} of the scope is outside the statement's hypotheses")
            if not holds:
                raise Failed(f"the claim fails on instance {k} of the scope (recomputed)")
        return
    for w in scope["instances"]:
        holds, _ = claim_on(statement, read_instance(w), max_prec=max_prec)
        if holds:
            if not proves:
                raise Failed("an instance of the scope satisfies the claim: the 'exists' statement holds")
            return
    if proves:
        raise Failed("no instance of the scope satisfies the claim")


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
    analytic_at(f, var, a, what="l'hopital")
    analytic_at(g, var, a, what="l'hopital")
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


def _support_patterns(cert, statement, proves, max_prec):
    from exactpriv.checker.patterns import support_patterns

    return support_patterns(cert, statement, proves, max_prec)


KINDS = {**REWRITES, "support-patterns": _support_patterns, "point": _point, "identity": _identity, "sign-chart": sign_chart, "interval-bnb": _bnb, "monotone": monotone,
         "tail": _tail, "lp": _lp, "all": _all, "reduction": reduction, "exhaustive": _exhaustive, "family": _family, "l'hopital": _lhopital,
         "signed-coefficients": signed_coefficients, "log-identity": log_identity, "log-sign": log_sign, "log-bounds": log_bounds, "atom-identity": atom_identity,
         "positive-shape": positive_shape, "factor-signs": factor_signs,
         "monotonicity": _monotonicity.monotonicity, "parts": _conjunction.parts, "continuity": _continuity.continuity,
         "binomial": _binomial.binomial, "log-growth": _loggrowth.log_growth}


MAX_NESTING = 8
_DEPTH = [0]  # how deep the certificate being checked is nested (the checker is single-threaded)


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
    if _DEPTH[0] >= MAX_NESTING:  # every nested rewriting differentiates or rewrites the claim again
        raise NotCheckable(f"certificates nested deeper than {MAX_NESTING}")
    if statement.get("quantifier") not in ("forall-params", "exists", "lp", "limit") and kind not in ("reduction", "lp",
                                                                                                      "family", "monotonicity", "parts",
                                                                                                      "exhaustive"):
        raise NotCheckable(f"a {kind} certificate for a {statement.get('quantifier')} statement")
    _DEPTH[0] += 1
    try:
        return f(cert, statement, proves, max_prec)
    except CheckerError as exc:
        raise Failed(f"{kind}: {exc}") from None
    finally:
        _DEPTH[0] -= 1


# nested certificates are checked here
_rewrites.CHECK = _reductions.CHECK = _monotonicity.CHECK = check_certificate
_conjunction.CHECK = _continuity.CHECK = _binomial.CHECK = _loggrowth.CHECK = check_certificate
