"""Sign charts of one-variable claims: real-root isolation (``sign-chart``) and monotonicity (``monotone``).

The checker rewrites the claim's ``g = lhs − rhs`` (or its own derivative of g) as N(u)/D(u) under the substitution,
verifies the certificate's isolating intervals against its own Sturm count — or isolates the roots itself when the
certificate gives none — and decides signs at rational samples exactly.
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.calculus import derivative, enclose, sign_ok
from exactpriv.checker.domains import goal, in_domain, parse_domain, rational, single_variable
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.grammar import parse

__all__ = ["coefficient_chart", "monotone", "sign_chart", "u_domain"]


def u_domain(dom, sub: str, var: str):
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
    lo, hi, lc, hc = u_domain(dom, sub, var)
    if "domain" not in cert:  # the image of the statement's domain, rounded outward to rationals
        exact = lambda v: isinstance(v, Fraction) or v in (V.INF, V.NEG_INF)  # noqa: E731 - an exact end keeps
        left = "(" if exact(lo) and not lc else "["                               # its openness
        right = ")" if exact(hi) and not hc else "]"
        cert = dict(cert, domain=f"{left}{_outward(lo, -1)}, {_outward(hi, 1)}{right}")
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
    # D has no root in the domain (an open end may be a pole): the function is continuous there
    at_hi = isinstance(b, Fraction) and not uhc and polys.peval(D, b) == 0
    if polys.count_roots(D, a, b) - at_hi or (isinstance(a, Fraction) and ulc and polys.peval(D, a) == 0):
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
        rlo, rhi = rational(iv[0], "root"), rational(iv[1], "root")
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
        if not in_domain(rlo, udom) or not in_domain(rhi, udom):
            raise Failed(f"{what}: a root interval leaves the domain")
        if rlo != rhi and (V.compare(rlo, "==", ulo) or V.compare(rhi, "==", uhi)):
            # every root not at an end needs a sample on each side: its interval may not reach the domain's ends
            raise Failed(f"{what}: the root interval ({rlo}, {rhi}) reaches an end of the domain")
    if inside != len(ivs):
        raise Failed(f"{what}: {len(ivs)} roots listed, Sturm counts {inside} in the domain")
    samples = [rational(s, "sample") for s in cert.get("samples", [])]
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
    steps = 0
    count = polys.root_counter(F)  # F's Sturm sequence once, evaluated at every bisection point
    while stack:
        lo, hi = stack.pop()
        n = count(lo, hi)
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
        steps += 1
        if len(roots) > 400 or steps > 100_000:
            raise NotCheckable("root isolation needs more than 100,000 bisections")
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


def coefficient_chart(N, D, dom, sub: str, var: str):
    """(root intervals, [(gap, sign of N/D there)]) of N(u)/D(u) on the image of the variable's domain, the
    roots isolated by the checker itself."""
    ivs, signed = _coefficient_chart(tuple(N), tuple(D), tuple(dom), sub, var)
    return list(ivs), list(signed)  # the caller's own lists (of tuples of exact values)


def _chart_key(N, D, dom, sub, var):
    """A family's entries and their differences are charted again and again (4,636 charts of 732 distinct in one
    verify): remembered when the domain's ends are exact (rationals or ±oo)."""
    exact = all(isinstance(x, (Fraction, V.Infinite)) for x in dom[:2])
    return (N, D, dom, sub, var) if exact and isinstance(sub, str) and isinstance(var, str) else None


@polys.remembered(_chart_key)
def _coefficient_chart(N: tuple, D: tuple, dom: tuple, sub: str, var: str):
    ivs, signed, _, _ = _chart(list(N), list(D), {}, dom, sub, var, "chart")
    return tuple(ivs), tuple(signed)


def sign_chart(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting sign charts are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = {var}")
    N, D = polys.rational_function(g, var, sub)
    if "numerator" in cert or "denominator" in cert:
        Nc = [rational(c, "numerator") for c in reversed(cert.get("numerator", []))]
        Dc = [rational(c, "denominator") for c in reversed(cert.get("denominator", ["1"]))]
        if polys.padd(polys.pmul(Nc, D), polys.pneg(polys.pmul(N, Dc))):
            raise Failed("sign-chart: the certificate's N/D is not the statement's g")
    if not N:  # g is identically 0 (where it is defined: its denominator may not vanish on the domain)
        if rel in (">", "<"):
            raise Failed("sign-chart: g is identically 0, so the strict claim fails")
        _chart([Fraction(1)], D, {}, dom, sub, var, "sign-chart")
        return
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


def monotone(cert, statement, proves, max_prec):
    """g' has the chart of the certificate (roots of g' isolated, its sign between them), so g is monotone between
    consecutive roots; the goal then holds if it holds at the domain's ends and at every local minimum (maximum,
    for a goal "g < 0"), each enclosed in arb on its root interval, refined by exact bisection."""
    if not proves:
        raise NotCheckable("refuting monotone arguments are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = {var}")
    dg = derivative(g, var)
    N, D = polys.rational_function(dg, var, sub)
    ivs, signed, udom, F = _chart(N, D, cert, dom, sub, var, "monotone")
    up = rel in (">", ">=")  # goal g ≥ 0: check minima; g ≤ 0: maxima
    lo, hi, lc, hc = dom
    prec = cert.get("precision", 64)
    if not isinstance(prec, int) or not 16 <= prec <= max(max_prec, 64):
        raise Failed(f"monotone: precision {prec!r} outside 16..{max_prec}")
    ulo_img, uhi_img = u_domain(dom, sub, var)[:2]
    # the ends of the statement's domain
    # g' next to the ends: the gap holding the end (None when the end lies in a root's interval)
    first_sign = next((sg for (gl, gh), sg in signed if V.compare(gl, "<=", ulo_img) and V.compare(gh, ">", ulo_img)),
                      None)
    last_sign = next((sg for (gl, gh), sg in signed if V.compare(gl, "<", uhi_img) and V.compare(gh, ">=", uhi_img)),
                     None)
    for end, closed, moves_away, inward in ((lo, lc, first_sign == (1 if up else -1), first_sign == (-1 if up else 1)),
                                            (hi, hc, last_sign == (-1 if up else 1), last_sign == (1 if up else -1))):
        if isinstance(end, V.Infinite):
            if inward:  # g moves towards the goal as the variable goes out to this end: its worst value on the last
                continue  # gap is at the gap's other end, a root of g' checked below or the domain's other end
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
            if sign_ok(ball, rel.replace("=", "") if rlo != rhi else rel):
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
