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
from exactpriv.checker.grammar import parse

__all__ = ["check_certificate", "derivative", "parse_domain"]


def _q(text, what: str) -> Fraction:
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


def _in_domain(x, dom) -> bool:
    lo, hi, lc, hc = dom
    return V.compare(x, ">=" if lc else ">", lo) and V.compare(x, "<=" if hc else "<", hi)


def _single(statement: dict):
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or len(dom) != 1:
        raise NotCheckable("certificates over more than one variable are not checked by this checker version")
    (var, text), = dom.items()
    return var, parse_domain(text)


# ----------------------------------------------------------------------------- derivatives and enclosures
def _num(node):
    return node[1] if node[0] == "num" else None


def _fold(k, a, b=None):
    """Build a node, folding constants and the neutral elements (0 + x, 1·x, 0·x, x^1) of derivatives."""
    x, y = _num(a), _num(b) if b is not None else None
    if k == "neg":
        return ("num", -x) if x is not None else a[1] if a[0] == "neg" else ("neg", a)
    if x is not None and y is not None and (k != "/" or y != 0) and (k != "**" or y.denominator == 1):
        if k != "**" or (y >= 0 or x != 0):
            return ("num", {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "/": lambda: x / y,
                            "**": lambda: x ** int(y)}[k]())
    if k == "+":
        return b if x == 0 else a if y == 0 else (k, a, b)
    if k == "-":
        return a if y == 0 else _fold("neg", b) if x == 0 else (k, a, b)
    if k == "*":
        if x == 0 or y == 0:
            return ("num", Fraction(0))
        return b if x == 1 else a if y == 1 else (k, a, b)
    if k == "/":
        return ("num", Fraction(0)) if x == 0 else a if y == 1 else (k, a, b)
    if k == "**":
        return a if y == 1 else ("num", Fraction(1)) if y == 0 else (k, a, b)
    return (k, a, b)


def derivative(node, var: str):
    """d/dvar of a parse tree (the checker's own differentiation, for touching ends and monotonicity)."""
    k = node[0]
    if k in ("num", "oo"):
        return ("num", Fraction(0))
    if k == "name":
        return ("num", Fraction(1 if node[1] == var else 0))
    if k == "neg":
        return _fold("neg", derivative(node[1], var))
    a = node[1] if len(node) > 1 else None
    if k in ("+", "-"):
        return _fold(k, derivative(a, var), derivative(node[2], var))
    if k == "*":
        return _fold("+", _fold("*", derivative(a, var), node[2]), _fold("*", a, derivative(node[2], var)))
    if k == "/":
        b = node[2]
        return _fold("/", _fold("-", _fold("*", derivative(a, var), b), _fold("*", a, derivative(b, var))),
                     _fold("**", b, ("num", Fraction(2))))
    if k == "**":
        if var in _names(node[2]):
            return derivative(("call", "exp", [("*", node[2], ("call", "log", [a]))]), var)
        e = node[2]
        return _fold("*", _fold("*", e, _fold("**", a, _fold("-", e, ("num", Fraction(1))))), derivative(a, var))
    if k == "call" and len(node[2]) == 1:
        f, x = node[1], node[2][0]
        dx = derivative(x, var)
        outer = {"exp": node, "log": ("/", ("num", Fraction(1)), x),
                 "sqrt": ("/", ("num", Fraction(1)), ("*", ("num", Fraction(2)), node)),
                 "tanh": ("-", ("num", Fraction(1)), ("**", node, ("num", Fraction(2))))}.get(f)
        if outer is not None:
            return _fold("*", outer, dx)
    raise NotCheckable(f"cannot differentiate {k} {node[1] if k == 'call' else ''}")


def _names(node) -> set:
    from exactpriv.checker.grammar import names

    return names(node)


def _arb_q(q: Fraction):
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def enclose(node, env: dict):
    """An arb ball containing the expression's values for ``env``'s balls (flint.ctx.prec set by the caller)."""
    k = node[0]
    if k == "num":
        return _arb_q(node[1])
    if k == "name":
        if node[1] not in env:
            raise Failed(f"unknown name {node[1]!r}")
        return env[node[1]]
    if k == "neg":
        return -enclose(node[1], env)
    if k in ("+", "-", "*", "/", "**"):
        a, b = enclose(node[1], env), enclose(node[2], env)
        if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1:
            return a ** int(node[2][1])
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b,
                "**": lambda: a ** b}[k]()
    if k == "call":
        args = [enclose(x, env) for x in node[2]]
        f = node[1]
        if f in ("min", "max"):
            out = args[0]
            for b in args[1:]:
                if (b < out) if f == "min" else (b > out):
                    out = b
                elif not ((b >= out) if f == "min" else (b <= out)):
                    out = out.union(b)
            return out
        x = args[0]
        return {"log": x.log, "exp": x.exp, "sqrt": x.sqrt, "tanh": x.tanh, "abs": lambda: abs(x)}[f]()
    raise Failed(f"cannot enclose {k}")


def _box_ball(lo: Fraction, hi: Fraction):
    return _arb_q(lo).union(_arb_q(hi))


def _sign_ok(ball, rel: str) -> bool:
    return {">": ball > 0, ">=": ball >= 0, "<": ball < 0, "<=": ball <= 0}[rel]


def _goal(cert: dict, statement: dict, var: str):
    """(g parse tree, REL) with the claim "lhs REL rhs" ⟺ "g REL 0", g = lhs − rhs checked to be the cert's g."""
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in (">", ">=", "<", "<="):
        raise NotCheckable("the claim is not one inequality")
    return ("-", claim[2], claim[3]), claim[1]


# ----------------------------------------------------------------------------- the kinds
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
        if not _in_domain(x, parse_domain(dom[var])):
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
    var, _ = _single(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] != "==":
        raise NotCheckable("an identity certificate proves an equation")
    sub = cert.get("substitution", f"u = {var}")
    n1, d1 = polys.rational_function(claim[2], var, sub)
    n2, d2 = polys.rational_function(claim[3], var, sub)
    if polys.padd(polys.pmul(n1, d2), polys.pneg(polys.pmul(n2, d1))):
        if proves:
            raise Failed("the two sides are different rational functions")
        return
    if not proves:
        raise Failed("the two sides are the same rational function")


def _u_domain(dom, sub: str, var: str):
    """The image of the variable's domain under u = var or u = exp(var/m), as values."""
    lo, hi, lc, hc = dom
    node = parse(sub.split("=", 1)[1])
    if node == ("name", var):
        return lo, hi, lc, hc
    f = lambda x: evaluate(node, {var: x})  # noqa: E731 - exp(x/m): exact at 0 and ±oo, a Real elsewhere
    return f(lo), f(hi), lc, hc


def _chart(N, D, cert, dom, sub: str, var: str, what: str):
    """Verify the certificate's root intervals and samples for N·D on its u-domain, which must cover the image of
    the statement's domain: returns (sorted root intervals, [(gap, sign of N·D there)], u-domain)."""
    lo, hi, lc, hc = _u_domain(dom, sub, var)
    if "domain" not in cert:  # the image of the statement's domain, rounded outward to rationals
        cert = dict(cert, domain=f"[{_outward(lo, -1)}, {_outward(hi, 1)}]")
    ulo, uhi, ulc, uhc = udom = parse_domain(cert.get("domain", ""))
    if not (V.compare(ulo, "<", lo) or (V.compare(ulo, "==", lo) and (ulc or not lc))):
        raise Failed(f"{what}: the certificate's domain does not cover the statement's (lower end)")
    if not (V.compare(uhi, ">", hi) or (V.compare(uhi, "==", hi) and (uhc or not hc))):
        raise Failed(f"{what}: the certificate's domain does not cover the statement's (upper end)")
    for end in (ulo, uhi):
        if not isinstance(end, (Fraction, V.Infinite)):
            raise Failed(f"{what}: the domain ends must be rational or oo")
    e = lambda v: "oo" if v is V.INF else "-oo" if v is V.NEG_INF else v  # noqa: E731
    a, b = e(ulo), e(uhi)
    # D has no root in the closed domain: the function is continuous there
    if polys.count_roots(D, a, b) or (isinstance(a, Fraction) and polys.peval(D, a) == 0):
        raise Failed(f"{what}: the denominator vanishes inside the domain")
    F = polys.squarefree(polys.pmul(N, D))
    if "roots" not in cert:  # no hints: the checker isolates the roots itself (Sturm counts, exact bisection)
        cert = dict(cert, **_isolate(F, ulo, uhi, ulc, uhc))
    roots = cert.get("roots", [])
    if not isinstance(roots, list):
        raise Failed(f"{what}: 'roots' must be a list")
    ivs = []
    for r in roots:
        iv = r.get("interval") if isinstance(r, dict) else None
        if not (isinstance(iv, list) and len(iv) == 2):
            raise Failed(f"{what}: a root needs an interval [lo, hi]")
        rlo, rhi = _q(iv[0], "root"), _q(iv[1], "root")
        if rlo == rhi:
            if polys.peval(F, rlo) != 0:
                raise Failed(f"{what}: {rlo} is not a root")
        elif not (rlo < rhi and polys.sign_at(F, rlo) * polys.sign_at(F, rhi) < 0):
            raise Failed(f"{what}: interval ({iv[0]}, {iv[1]}) shows no sign change")
        ivs.append((rlo, rhi))
    ivs.sort()
    for (l1, h1), (l2, h2) in zip(ivs, ivs[1:]):
        if not h1 < l2:
            raise Failed(f"{what}: root intervals overlap")
    inside = polys.count_roots(F, a, b) + (1 if ulc and isinstance(a, Fraction) and polys.peval(F, a) == 0 else 0) \
        - (1 if not uhc and isinstance(b, Fraction) and polys.peval(F, b) == 0 else 0)
    for rlo, rhi in ivs:
        if not _in_domain(rlo, udom) or not _in_domain(rhi, udom):
            raise Failed(f"{what}: a root interval leaves the domain")
        if rlo != rhi and (V.compare(rlo, "==", ulo) or V.compare(rhi, "==", uhi)):
            # every root not at an end needs a sample on each side: its interval may not reach the domain's ends
            raise Failed(f"{what}: the root interval ({rlo}, {rhi}) reaches an end of the domain")
    if inside != len(ivs):
        raise Failed(f"{what}: {len(ivs)} roots listed, Sturm counts {inside} in the domain")
    samples = [_q(s, "sample") for s in cert.get("samples", [])]
    gaps = [(ulo, ivs[0][0] if ivs else uhi)] + [(h, l) for (_, h), (l, _) in zip(ivs, ivs[1:])]
    if ivs:
        gaps.append((ivs[-1][1], uhi))
    gaps = [(gl, gh) for gl, gh in gaps if not V.compare(gl, "==", gh)]  # a root at a domain end leaves no gap
    if len(samples) != len(gaps):
        raise Failed(f"{what}: {len(samples)} samples for {len(gaps)} gaps between roots")
    signed = []
    for s, (gl, gh) in zip(samples, gaps):
        if not (V.compare(s, ">=", gl) and V.compare(s, "<=", gh)) or polys.peval(F, s) == 0:
            raise Failed(f"{what}: sample {s} is not inside its gap")
        signed.append(((gl, gh), polys.sign_at(polys.pmul(N, D), s)))
    return ivs, signed, udom, F


def _outward(v, direction: int) -> str:
    """A rational at or beyond ``v`` in ``direction`` (−1 below, +1 above), or "oo"/"-oo"."""
    if isinstance(v, (Fraction, V.Infinite)):
        return "oo" if v is V.INF else "-oo" if v is V.NEG_INF else str(v)
    ball = V.to_arb(v, 128)
    (m, e), (rm, re_) = ball.mid().man_exp(), ball.rad().man_exp()
    mid, rad = Fraction(int(m)) * Fraction(2) ** int(e), Fraction(int(rm)) * Fraction(2) ** int(re_)
    end = mid + direction * rad
    scaled = end * 2 ** 20
    q = (scaled.numerator // scaled.denominator) if direction < 0 else -((-scaled.numerator) // scaled.denominator)
    return str(Fraction(q, 2 ** 20))


def _isolate(F, ulo, uhi, ulc, uhc) -> dict:
    """Isolating intervals and gap samples for the distinct real roots of the square-free F in the domain."""
    if not F or len(F) == 1:
        return {"roots": [], "samples": [_inside(ulo, uhi)]}
    bound = 1 + max(abs(c / F[-1]) for c in F[:-1])  # Cauchy: every root has |u| < bound
    a = max(ulo, -bound) if isinstance(ulo, Fraction) else -bound
    b = min(uhi, bound) if isinstance(uhi, Fraction) else bound
    roots = []
    if ulc and isinstance(ulo, Fraction) and polys.peval(F, ulo) == 0:
        roots.append((ulo, ulo))
    stack = [(a, b)]
    while stack:
        lo, hi = stack.pop()
        n = polys.count_roots(F, lo, hi)
        if n == 0:
            continue
        if polys.peval(F, hi) == 0:
            if hi != b or uhc:
                roots.append((hi, hi))
            if n == 1:
                continue
        if n == 1 and polys.sign_at(F, lo) * polys.sign_at(F, hi) < 0 and lo != a and hi != b:
            roots.append((lo, hi))  # strictly inside the domain: a sample fits on each side
            continue
        if len(roots) > 400:
            raise NotCheckable("more than 400 roots")
        mid = (lo + hi) / 2
        stack += [(lo, mid), (mid, hi)]
    roots = sorted(set(roots))
    ends = [ulo] + [x for r in roots for x in r] + [uhi]
    samples = [_inside(ends[k], ends[k + 1]) for k in range(0, len(ends), 2) if not V.compare(ends[k], "==", ends[k + 1])]
    return {"roots": [{"interval": [str(l), str(h)]} for l, h in roots], "samples": [str(x) for x in samples]}


def _inside(lo, hi) -> Fraction:
    if isinstance(lo, Fraction) and isinstance(hi, Fraction):
        return (lo + hi) / 2
    if isinstance(lo, Fraction):
        return lo + 1
    if isinstance(hi, Fraction):
        return hi - 1
    return Fraction(0)


def _sign_chart(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting sign charts are given as points")
    var, dom = _single(statement)
    g, rel = _goal(cert, statement, var)
    sub = cert.get("substitution", f"u = {var}")
    N, D = polys.rational_function(g, var, sub)
    if "numerator" in cert or "denominator" in cert:
        Nc = [_q(c, "numerator") for c in reversed(cert.get("numerator", []))]
        Dc = [_q(c, "denominator") for c in reversed(cert.get("denominator", ["1"]))]
        if polys.padd(polys.pmul(Nc, D), polys.pneg(polys.pmul(N, Dc))):
            raise Failed("sign-chart: the certificate's N/D is not the statement's g")
    ivs, signed, _, _ = _chart(N, D, cert, dom, sub, var, "sign-chart")
    if ivs and rel in (">", "<"):
        raise Failed("sign-chart: g vanishes in the domain, so the strict claim fails there")
    want = 1 if rel in (">", ">=") else -1
    for (gl, gh), sgn in signed:
        if sgn != want:
            raise Failed(f"sign-chart: g has the wrong sign between {gl} and {gh}")


def _x_of_u(sub: str, var: str, u: Fraction):
    """The variable's value at u (u = var, or u = exp(var/m) ⇒ var = m·log u), as a checker value."""
    node = parse(sub.split("=", 1)[1])
    if node == ("name", var):
        return u
    m = polys._linear_in(node[2][0], var)
    return V.mul(1 / m, V.log(u))


def _monotone(cert, statement, proves, max_prec):
    """g' has the chart of the certificate (roots of g' isolated, its sign between them), so g is monotone between
    consecutive roots; the goal then holds if it holds at the domain's ends and at every local minimum (maximum,
    for a goal "g < 0"), each enclosed in arb on its root interval, refined by exact bisection."""
    if not proves:
        raise NotCheckable("refuting monotone arguments are given as points")
    var, dom = _single(statement)
    g, rel = _goal(cert, statement, var)
    sub = cert.get("substitution", f"u = {var}")
    dg = derivative(g, var)
    N, D = polys.rational_function(dg, var, sub)
    ivs, signed, udom, F = _chart(N, D, cert, dom, sub, var, "monotone")
    up = rel in (">", ">=")  # goal g ≥ 0: check minima; g ≤ 0: maxima
    lo, hi, lc, hc = dom
    prec = cert.get("precision", 64)
    if not isinstance(prec, int) or not 16 <= prec <= max(max_prec, 64):
        raise Failed(f"monotone: precision {prec!r} outside 16..{max_prec}")
    ulo_img, uhi_img = _u_domain(dom, sub, var)[:2]
    # the ends of the statement's domain
    # g' next to the ends: the gap holding the end (None when the end lies in a root's interval)
    first_sign = next((sg for (gl, gh), sg in signed if V.compare(gl, "<=", ulo_img) and V.compare(gh, ">", ulo_img)),
                      None)
    last_sign = next((sg for (gl, gh), sg in signed if V.compare(gl, "<", uhi_img) and V.compare(gh, ">=", uhi_img)),
                     None)
    for end, closed, moves_away in ((lo, lc, first_sign == (1 if up else -1)), (hi, hc, last_sign == (-1 if up else 1))):
        if isinstance(end, V.Infinite):
            raise NotCheckable("monotone: a limit at an infinite end")
        val = evaluate(g, {var: end})
        s = V.sign(val, max_prec=max_prec)
        want = 1 if up else -1
        if s == want or (s == 0 and (rel in (">=", "<=") or (not closed and moves_away))):
            continue
        shown = val if isinstance(val, (Fraction, V.Infinite, V.LogForm)) else V.to_arb(val, 64)
        raise Failed(f"monotone: g at the domain end {end} is {shown}, which does not satisfy g {rel} 0")
    # interior extrema: a root of g' (inside the statement's domain) where g' changes sign the wrong way
    for k, (rlo, rhi) in enumerate(ivs):
        before = [sg for (gl, gh), sg in signed if V.compare(gh, "<=", rlo)]
        after = [sg for (gl, gh), sg in signed if V.compare(gl, ">=", rhi)]
        if not before or not after:
            continue  # a root at an end of the chart's domain: covered by the ends above
        if (before[-1], after[0]) != ((-1, 1) if up else (1, -1)):
            continue  # not a minimum (maximum)
        if V.compare(rhi, "<=", ulo_img) or V.compare(rlo, ">=", uhi_img):
            continue  # outside the statement's domain
        _enclose_extremum(g, var, sub, F, rlo, rhi, rel, prec)


def _enclose_extremum(g, var, sub, F, rlo: Fraction, rhi: Fraction, rel: str, prec: int) -> None:
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        for _ in range(80):
            if rlo == rhi:
                ball = enclose(g, {var: to_ball(_x_of_u(sub, var, rlo), prec)})
            else:
                xl, xh = _x_of_u(sub, var, rlo), _x_of_u(sub, var, rhi)
                ball = enclose(g, {var: to_ball(xl, prec).union(to_ball(xh, prec))})
            if _sign_ok(ball, rel.replace("=", "") if rlo != rhi else rel):
                return
            if rlo == rhi:
                break
            mid = (rlo + rhi) / 2
            v = polys.peval(F, mid)
            if v == 0:
                rlo = rhi = mid
            elif (v > 0) == (polys.peval(F, rlo) > 0):
                rlo = mid
            else:
                rhi = mid
        raise Failed(f"monotone: g at the extremum in ({rlo}, {rhi}) is not shown to satisfy the goal")
    finally:
        flint.ctx.prec = old


def to_ball(v, prec: int):
    return V.to_arb(v, prec)


def _bnb(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting boxes are given as points")
    var, dom = _single(statement)
    g, rel = _goal(cert, statement, var)
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
            a, z = _q(box[0], "box"), _q(box[1], "box")
            if not a < z:
                raise Failed(f"interval-bnb: box {k} is empty")
            if prev is None and not V.compare(a, "==", lo):
                raise Failed("interval-bnb: the boxes do not start at the domain's lower end")
            if prev is not None and a != prev:
                raise Failed(f"interval-bnb: box {k} does not start where box {k - 1} ends")
            prev = z
            touch = b.get("touch")
            if touch is None:
                if not _sign_ok(enclose(g, {var: _box_ball(a, z)}), rel):
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
    ball = enclose(node, {var: _box_ball(a, z)})
    sign_factor = 1 if side == "left" or order % 2 == 0 else -1  # (x − c)^k < 0 right of nothing, left of c
    want = {">": ">", ">=": ">=", "<": "<", "<=": "<="}[rel]
    if sign_factor < 0:
        want = {">": "<", ">=": "<=", "<": ">", "<=": ">="}[rel]
    if not _sign_ok(ball, want.replace("=", "") if "=" in want else want):
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
    vec = lambda xs, w: [_q(v, w) for v in (xs or [])]  # noqa: E731
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
    lows = [None if b[0] is None else _q(b[0], "bound") for b in bounds]
    ups = [None if b[1] is None else _q(b[1], "bound") for b in bounds]
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
    if "value" in cert and _q(cert["value"], "value") != s * primal:
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


def _reduction(cert, statement, proves, max_prec):
    from exactpriv.checker.theorems import TRUSTED

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
    first = steps[0].get("from")
    if not isinstance(first, dict):
        raise Failed("reduction: the first step has no statement")
    check_certificate(cert.get("family_proof"), first, proves=True, max_prec=max_prec)


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


KINDS = {"point": _point, "identity": _identity, "sign-chart": _sign_chart, "interval-bnb": _bnb, "monotone": _monotone,
         "tail": _tail, "lp": _lp, "all": _all, "reduction": _reduction, "exhaustive": _exhaustive}


def check_certificate(cert, statement: dict, *, proves: bool, max_prec: int) -> None:
    """Return when ``cert`` proves (``proves``) or refutes the statement; Failed / NotCheckable otherwise."""
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
    if statement.get("quantifier") not in ("forall-params", "exists", "lp") and kind not in ("reduction", "lp"):
        raise NotCheckable(f"a {kind} certificate for a {statement.get('quantifier')} statement")
    try:
        f(cert, statement, proves, max_prec)
    except CheckerError as exc:
        raise Failed(f"{kind}: {exc}") from None
