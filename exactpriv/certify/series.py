"""Certified Taylor coefficients (Taylor models) for the certifier, with python-flint ``arb_series``.

Algorithm.  A post-order walk maps every node of a sympy expression in one variable ``x`` to
the truncated power series of that node at ``x = x0 + h``, with ``arb`` ball coefficients
(``arb_series`` arithmetic: ``+ - * /``, ``exp``, ``log``, ``sqrt``, ``atan``, ``sin``, ``cos``;
``sinh``/``cosh``/``tanh``/``asinh`` are written through ``exp``/``log``/``sqrt``).  Arb's
containment guarantee makes coefficient ``j`` of the result enclose ``f^(j)(ξ)/j!`` for every
``ξ`` in the ball ``x0``.  Two uses follow:

* at an exact point ``x0 = a`` the coefficients are the Taylor coefficients of ``f`` at ``a``
  (exact zeros come out as balls of radius 0, which Arb certifies to be exactly 0);
* at a ball ``x0 = [a, b]`` coefficient ``k+1`` bounds the Lagrange remainder
  ``f^(k+1)(ξ)/(k+1)!`` uniformly on ``[a, b]`` (Taylor's theorem with remainder).

Why hand-written: :func:`exactpriv.exact.intervals.arb_eval` evaluates values only, and
python-flint has no sympy reader; sympy's ``series`` is symbolic and gives no remainder
bound.  The walk mirrors ``arb_eval``'s node table.

At an exact point a quotient whose denominator series starts with exact zeros is divided
after cancelling the common power of ``h`` when the numerator has at least as many exact
leading zeros (a removable singularity such as ``(e^x - 1)/x`` at 0); the result is then
the series of the continuous extension.  On a ball this never happens (a quotient by a
ball containing 0 fails), so remainder bounds are only produced where ``f`` is analytic.

Functions of this module raise :class:`SeriesFailure` (internal) when a node cannot be
expanded (unsupported, not analytic at the point, or non-finite at the working precision).
"""

from __future__ import annotations

from fractions import Fraction

import flint
import sympy

from exactpriv.errors import ExactPrivError
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, arb_to_fractions, working_precision

__all__ = [
    "XLogX",
    "SeriesFailure",
    "box_ball",
    "box_bounds",
    "hide_xlogx",
    "natural_ball",
    "point_ball",
    "short_midpoint",
    "taylor_coefficients",
    "taylor_end",
]

#: Extra series length computed beyond the requested order, consumed by removable
#: singularities (each cancelled power of h shortens the series by one).
_SLACK = 3


class SeriesFailure(Exception):
    """Internal: the expression has no certified Taylor expansion at this point/ball."""


class XLogX(sympy.Function):
    """``y*log(y)`` extended continuously by 0 at ``y = 0`` (internal to the interval methods).

    Entropy-type terms ``y log y`` are bounded near ``y = 0`` although ``log y`` is not, so a
    ball evaluation of the product fails there.  :func:`hide_xlogx` rewrites such products into
    this function, which :func:`natural_ball` encloses exactly through the monotonicity of
    ``φ(y) = y log y`` (decreasing on [0, 1/e], increasing after, φ(0) = 0, min -1/e).
    """

    nargs = 1

    def fdiff(self, argindex=1):
        return sympy.log(self.args[0]) + 1

    @classmethod
    def eval(cls, y):
        if y.is_zero:
            return sympy.Integer(0)
        if not y.free_symbols:
            return y * sympy.log(y)
        return None


def hide_xlogx(expr, var):
    """Rewrite products ``q * y * log(y)`` (q polynomial in ``var``) as ``q * XLogX(y)``; exact."""

    def visit(e):
        if isinstance(e, sympy.Pow) and e.base.has(var) and e.exp.has(var):  # b**f = exp(f log b)
            e = sympy.exp(sympy.expand_log(e.exp * sympy.log(e.base), force=False))
        if not e.args:
            return e
        e = e.func(*[visit(a) for a in e.args])
        if not isinstance(e, sympy.Mul):
            return e
        for L in e.args:
            if isinstance(L, sympy.log) and L.args[0].has(var):
                y = L.args[0]
                q = sympy.cancel(e / L / y)
                if not q.has(sympy.log) and q.is_polynomial(var):
                    return q * XLogX(y)
        return e

    return visit(expr)


def unhide_xlogx(expr):
    """The inverse of :func:`hide_xlogx` (``XLogX(y) -> y*log(y)``)."""
    return expr.replace(lambda e: isinstance(e, XLogX), lambda e: e.args[0] * sympy.log(e.args[0]))


def _phi_ball(yb, prec):
    """Exact-endpoint enclosure of φ(y) = y log y over the ball ``yb`` (clipped to y >= 0)."""
    ylo, yhi = arb_to_fractions(yb.nonnegative_part())
    with working_precision(prec):
        def phi(q):
            return flint.arb(0) if q == 0 else flint.arb(_fmpq(q)) * flint.arb(_fmpq(q)).log()

        a, b = phi(ylo), phi(yhi)
        inv_e = (-flint.arb(1)).exp()
        lo_e, hi_e = arb_to_fractions(inv_e)
        contains_min = not (yhi < lo_e or ylo > hi_e)
        lower = -inv_e if contains_min else a.min(b)
        upper = a.max(b)
        return lower.union(upper)


def natural_ball(expr, var, ball, prec):
    """Plain interval enclosure of ``expr`` over ``ball`` (``arb_eval``), with ``XLogX`` nodes
    enclosed by :func:`_phi_ball` and bound as extra symbols."""
    if not expr.has(XLogX):
        return arb_eval(expr, prec, env={var: ball})
    env = {var: ball}
    repl = {}
    for node in expr.atoms(XLogX):
        yb = natural_ball(node.args[0], var, ball, prec)
        z = sympy.Dummy("z")
        env[z] = _phi_ball(yb, prec)
        repl[node] = z
    return arb_eval(expr.xreplace(repl), prec, env=env)


def _fmpq(q: Fraction):
    return flint.fmpq(q.numerator, q.denominator)


def point_ball(q: Fraction, prec: int):
    """The ball of the rational ``q`` at ``prec`` bits (exact when ``q`` is dyadic and short)."""
    with working_precision(prec):
        return flint.arb(_fmpq(Fraction(q)))


def box_ball(lo: Fraction, hi: Fraction, prec: int, *, nonnegative: bool = False):
    """A ball containing the real interval ``[lo, hi]`` (hull of the endpoint balls).

    With ``nonnegative`` (the interval lies in ``[0, oo)``) the ball is intersected with
    ``[0, oo)`` by ``arb.nonnegative_part`` so that ``sqrt``/``log`` near 0 stay real.
    """
    with working_precision(prec):
        b = flint.arb(_fmpq(Fraction(lo))).union(flint.arb(_fmpq(Fraction(hi))))
        if nonnegative:
            b = b.nonnegative_part()
        return b


def _coeffs(s, n=None):
    """Coefficient list of an arb_series padded with exact zeros to its length."""
    length = s.prec if n is None else n
    cs = list(s.coeffs())[:length]
    return cs + [flint.arb(0)] * (length - len(cs))


def _finite(s):
    for c in s.coeffs():
        if not c.is_finite():
            raise SeriesFailure(f"non-finite coefficient {c}")
    return s


class _Walker:
    def __init__(self, var, x0, length: int, prec: int):
        self.var = var
        self.x0 = x0
        self.length = length
        self.prec = prec
        self.exact_point = x0.is_exact()
        self.memo = {}

    def const(self, c):
        return flint.arb_series([c], prec=self.length)

    def eval(self, e):
        try:
            return self.memo[e]
        except KeyError:
            pass
        if isinstance(e, sympy.Basic) and not e.has(self.var):
            try:
                val = self.const(arb_eval(e, self.prec))
            except NonFiniteBallError as exc:
                raise SeriesFailure(str(exc)) from None
        else:
            val = _finite(self.node(e))
        self.memo[e] = val
        return val

    # -- arithmetic -------------------------------------------------------------------
    def div(self, a, b):
        bc = _coeffs(b)
        v = 0
        while v < len(bc) and bc[v].is_zero():
            v += 1
        if v == len(bc):
            raise SeriesFailure("division by a series that is zero to the computed order")
        if v:
            if not self.exact_point:
                raise SeriesFailure("removable singularity on a ball")
            ac = _coeffs(a)
            if any(not c.is_zero() for c in ac[:v]):
                raise SeriesFailure("pole: the numerator does not vanish to the order of the denominator")
            n = min(a.prec, b.prec) - v
            if n < 1:
                raise SeriesFailure("series too short after cancelling a removable singularity")
            a = flint.arb_series(ac[v:], prec=n)
            b = flint.arb_series(bc[v:], prec=n)
            bc = _coeffs(b)
        if not (bc[0] > 0 or bc[0] < 0):
            raise SeriesFailure(f"denominator leading coefficient {bc[0]} contains 0")
        return a / b

    def leading(self, s):
        return _coeffs(s)[0]

    def exp(self, s):
        return s.exp()

    def log(self, s):
        if not self.leading(s) > 0:
            raise SeriesFailure("log of a series whose value is not certainly positive")
        return s.log()

    def sqrt(self, s):
        if not self.leading(s) > 0:
            raise SeriesFailure("sqrt of a series whose value is not certainly positive")
        return s.sqrt()

    def ipow(self, s, n: int):
        if n >= 0:
            return s ** n
        return self.div(self.const(flint.arb(1)), s ** (-n))

    # -- nodes ------------------------------------------------------------------------
    def node(self, e):
        if e == self.var:
            return flint.arb_series([self.x0, 1], prec=self.length)
        if isinstance(e, sympy.Add):
            acc = self.eval(e.args[0])
            for a in e.args[1:]:
                acc = acc + self.eval(a)
            return acc
        if isinstance(e, sympy.Mul):
            num, den = [], []
            for a in e.args:
                if isinstance(a, sympy.Pow) and a.exp.is_Integer and a.exp < 0:
                    den.append(a.base if a.exp == -1 else a.base ** (-a.exp))
                else:
                    num.append(a)
            acc = self.eval(num[0]) if num else self.const(flint.arb(1))
            for a in num[1:]:
                acc = acc * self.eval(a)
            if den:
                d = self.eval(den[0])
                for a in den[1:]:
                    d = d * self.eval(a)
                acc = self.div(acc, d)
            return acc
        if isinstance(e, sympy.Pow):
            base, ex = e.base, e.exp
            if base is sympy.E:
                return self.exp(self.eval(ex))
            if ex.is_Integer:
                return self.ipow(self.eval(base), int(ex))
            if ex.is_Rational and ex.q == 2:
                return self.ipow(self.sqrt(self.eval(base)), int(ex.p))
            return self.exp(self.eval(ex) * self.log(self.eval(base)))
        if isinstance(e, sympy.exp):
            return self.exp(self.eval(e.args[0]))
        if isinstance(e, sympy.log):
            return self.log(self.eval(e.args[0]))
        if isinstance(e, (sympy.sinh, sympy.cosh, sympy.tanh)):
            s = self.eval(e.args[0])
            one = self.const(flint.arb(1))
            if isinstance(e, sympy.tanh):  # tanh s = 1 - 2/(e^{2s} + 1): no cancellation for s >= 0
                return one - self.div(2 * one, (2 * s).exp() + one)
            ep = s.exp()
            em = self.div(one, ep)
            return (ep - em) / 2 if isinstance(e, sympy.sinh) else (ep + em) / 2
        if isinstance(e, XLogX):
            s = self.eval(e.args[0])
            return s * self.log(s)
        if isinstance(e, sympy.asinh):
            s = self.eval(e.args[0])
            return self.log(s + self.sqrt(s * s + 1))
        if isinstance(e, sympy.atan):
            return self.eval(e.args[0]).atan()
        if isinstance(e, (sympy.sin, sympy.cos, sympy.tan)):
            s = self.eval(e.args[0])
            return getattr(s, type(e).__name__)()
        if isinstance(e, sympy.Abs):
            s = self.eval(e.args[0])
            c = self.leading(s)
            if c > 0:
                return s
            if c < 0:
                return -s
            raise SeriesFailure("Abs of a series whose sign is not certain")
        if isinstance(e, (sympy.Min, sympy.Max)):
            vals = [self.eval(a) for a in e.args]
            lead = [self.leading(v) for v in vals]
            want_min = isinstance(e, sympy.Min)
            for i, c in enumerate(lead):
                if all((c < d) if want_min else (c > d) for j, d in enumerate(lead) if j != i):
                    return vals[i]
            raise SeriesFailure("Min/Max whose arguments are not separated")
        raise SeriesFailure(f"no series rule for {type(e).__name__}")


def taylor_coefficients(expr, var, x0, order: int, prec: int) -> list:
    """Balls ``[c_0, ..., c_{order-1}]`` with ``c_j ∋ f^(j)(ξ)/j!`` for every ``ξ`` in the ball ``x0``.

    ``x0`` is an ``arb`` (a point or a ball) or a rational.  Raises :class:`SeriesFailure`
    when the expansion is not available (see the module docstring); typed errors of
    ``arb_eval`` (a constant sub-expression outside its real domain) propagate.
    """
    if not isinstance(x0, flint.arb):
        x0 = point_ball(Fraction(x0), prec)
    old_cap = flint.ctx.cap
    with working_precision(prec):
        walker = _Walker(var, x0, order + _SLACK, prec)
        try:
            flint.ctx.cap = max(old_cap, order + _SLACK)  # arb_series truncates at ctx.cap
            s = walker.eval(expr)
        except (ValueError, ZeroDivisionError) as exc:  # arb_series raises ValueError on bad division
            raise SeriesFailure(str(exc)) from None
        except ExactPrivError as exc:
            if isinstance(exc, NonFiniteBallError):
                raise SeriesFailure(str(exc)) from None
            raise
        finally:
            flint.ctx.cap = old_cap
        if s.prec < order:
            raise SeriesFailure(f"only {s.prec} coefficients available, {order} requested")
        return _coeffs(s, order)


def _lower(ball) -> Fraction:
    return arb_to_fractions(ball)[0]


def box_bounds(expr, var, lo: Fraction, hi: Fraction, prec: int, *, nonnegative: bool):
    """Certified lower bound of ``expr`` on ``[lo, hi]`` and its ball at the midpoint.

    Returns ``(lower, mid, mid_ball, form)``: ``lower`` (Fraction, or None when no finite
    bound was obtained) satisfies ``expr(x) >= lower`` for all x in [lo, hi]; ``mid`` is the
    (short dyadic) point where ``mid_ball`` ∋ ``expr(mid)`` was evaluated (None if that failed).
    The bound is the best of three certified forms:

    * natural: ``c_0`` over the box (plain interval evaluation);
    * mean value: ``f(m) - |f'(box)| r``;
    * second-order Taylor form: ``f(m + h) >= f(m) + f'(m) h + c2lo h^2`` for ``|h| <= r``,
      where ``c2lo`` is a lower bound of ``f''(ξ)/2`` on the box; the quadratic's minimum on
      ``[-r, r]`` is bounded by its vertex value (convex case) or its endpoint values.
    """
    m = short_midpoint(lo, hi)
    r = max(m - lo, hi - m)
    box = box_ball(lo, hi, prec, nonnegative=nonnegative)
    bounds = []
    mid_ball = None
    try:
        cb = taylor_coefficients(expr, var, box, 3, prec)
        bounds.append(_lower(cb[0]))
    except SeriesFailure:
        cb = None
        try:
            bounds.append(_lower(natural_ball(expr, var, box, prec)))
        except NonFiniteBallError:
            pass
    try:
        cm = taylor_coefficients(expr, var, point_ball(m, prec), 2, prec)
        mid_ball = cm[0]
    except SeriesFailure:
        cm = None
        try:
            mid_ball = natural_ball(expr, var, point_ball(m, prec), prec)
        except NonFiniteBallError:
            mid_ball = None
    if cb is not None and cm is not None:
        with working_precision(prec):
            R = flint.arb(_fmpq(r))
            g, g1 = cm[0], cm[1]
            bounds.append(_lower(g - abs(cb[1]) * R))
            c2lo = _lower(cb[2])
            C2 = flint.arb(_fmpq(c2lo))
            ends = min(_lower(g - g1 * R + C2 * R * R), _lower(g + g1 * R + C2 * R * R))
            quad = ends
            if c2lo > 0:
                hv = -g1 / (2 * C2)
                if not (hv > R or hv < -R):
                    quad = _lower(g - g1 * g1 / (4 * C2))
            bounds.append(quad)
    lower = max(bounds) if bounds else None
    return lower, m, mid_ball


def short_midpoint(lo: Fraction, hi: Fraction) -> Fraction:
    """A dyadic point in the middle half of [lo, hi] with few bits (exact in arb)."""
    w = hi - lo
    mid = (lo + hi) / 2
    if w <= 0:
        return mid
    # smallest k >= 0 with 2^-k <= w/8, so rounding moves the midpoint by <= w/16
    t = Fraction(8) / w
    k = max(0, (t.numerator // t.denominator).bit_length() - 1)
    while Fraction(1 << k) < t:
        k += 1
    scale = 1 << k
    cand = Fraction(round(mid * scale), scale)
    return cand if lo < cand < hi else mid


def _dyadic_floor(q: Fraction) -> Fraction:
    """The largest power of two not above the positive rational ``q``."""
    k = q.numerator.bit_length() - q.denominator.bit_length()
    p = Fraction(2) ** k
    while p > q:
        p /= 2
    while p * 2 <= q:
        p *= 2
    return p


def _symbolic_coefficient_sign(expr, var, a: Fraction, j: int, max_prec: int):
    """Exact sign of f^(j)(a) via sympy differentiation and the decision kernel, or None."""
    from exactpriv.exact.kernel import decide_sign  # local: the kernel imports nothing from here

    try:
        d = sympy.diff(expr, var, j).subs(var, sympy.Rational(a.numerator, a.denominator))
        if d.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            return None
        s, _ = decide_sign(d, max_prec=max_prec)
        return s
    except ExactPrivError:
        return None


def taylor_end(expr, var, a: Fraction, direction: int, rmax: Fraction, *, max_prec: int,
               max_order: int = 10) -> dict:
    """Certify the sign of ``f`` just beside the endpoint ``a`` with a Taylor bound.

    With ``h`` the distance from ``a`` in ``direction`` (+1 right, -1 left) and
    ``f(a + direction h) = sum c_j h^j``: find the first coefficient ``c_k`` that is not
    exactly 0 (arb radius-0 zeros, or a symbolic zero proved by the kernel).  If ``c_k > 0``,
    bound ``B >= |f^(k+1)(ξ)/(k+1)!|`` over the ball ``[a, a + direction r]``; then for
    ``0 < h <= r' = min(r, c_k/(2B))``, ``f >= h^k (c_k - B h) >= h^k c_k / 2 > 0``
    (Taylor's theorem with Lagrange remainder).

    Returns ``{"status": "proved", "radius": r', "step": {...}}``, ``{"status": "negative"}``
    (``c_k < 0``: f < 0 just beside ``a``) or ``{"status": "failed", "reason": ...}``.
    """
    prec = min(128, max_prec)
    try:
        cs = taylor_coefficients(expr, var, a, max_order + 1, prec)
    except SeriesFailure as exc:
        return {"status": "failed", "reason": f"no Taylor expansion at {a}: {exc}"}
    k, sign, zeros = None, 0, []
    for j in range(max_order + 1):
        c = cs[j] * (direction ** j)
        if c.is_zero():
            zeros.append(f"c{j}=0 (arb exact)")
            continue
        if c > 0 or c < 0:
            k, sign = j, (1 if c > 0 else -1)
            break
        s = _symbolic_coefficient_sign(expr, var, a, j, max_prec)
        if s == 0:
            zeros.append(f"c{j}=0 (symbolic)")
            continue
        if s is None:
            return {"status": "failed", "reason": f"Taylor coefficient {j} at {a} neither 0 nor of certain sign"}
        k, sign = j, s
        break
    if k is None:
        return {"status": "failed", "reason": f"the first {max_order + 1} Taylor coefficients at {a} vanish"}
    if sign < 0:
        return {"status": "negative", "order": k}
    with working_precision(prec):
        ck = cs[k] * (direction ** k)
    ck_lo = _lower(ck)
    if ck_lo <= 0:  # sign came from the symbolic path; get a positive lower bound
        for p2 in (256, 512, 1024, 2048):
            if p2 > max_prec:
                break
            try:
                ck = taylor_coefficients(expr, var, a, k + 1, p2)[k] * (direction ** k)
            except SeriesFailure:
                break
            if _lower(ck) > 0:
                ck_lo, prec = _lower(ck), p2
                break
        if ck_lo <= 0:
            return {"status": "failed", "reason": f"no positive lower bound for c{k} at {a}"}
    r, best, bound, used_r = Fraction(rmax), Fraction(0), None, None
    for _ in range(60):
        lo, hi = (a, a + r) if direction > 0 else (a - r, a)
        try:
            cb = taylor_coefficients(expr, var, box_ball(lo, hi, prec, nonnegative=lo >= 0), k + 2, prec)
        except SeriesFailure:
            r /= 4
            continue
        with working_precision(prec):
            B = arb_to_fractions(abs(cb[k + 1]))[1]
        r_ok = r if B == 0 else min(r, ck_lo / (2 * B))
        if r_ok > best:
            best, bound, used_r = r_ok, B, r
        if r_ok >= r / 2:
            break
        r /= 2
    if best <= 0:
        return {"status": "failed", "reason": f"no Taylor remainder bound near {a}"}
    radius = _dyadic_floor(best)
    side = "right" if direction > 0 else "left"
    interval = f"({a}, {a + radius}]" if direction > 0 else f"[{a - radius}, {a})"
    step = {"method": "taylor", "endpoint": str(a), "side": side, "interval": interval,
            "vanishing_coefficients": zeros, "order": k, "leading_coefficient_lower_bound": str(ck_lo),
            "remainder_coefficient_bound": str(bound), "remainder_ball_radius": str(used_r), "precision": prec,
            "argument": f"f(a+h) >= h^{k} (c{k} - B h) > 0 for 0 < h <= {radius}"}
    return {"status": "proved", "radius": radius, "step": step}
