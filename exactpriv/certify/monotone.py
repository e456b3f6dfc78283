"""Monotone pieces and dominance tails for the certifier.

* **Monotone pieces.**  When the derivative ``h'`` (without its factors of known sign) has an
  exact sign chart (:mod:`exactpriv.certify.algebra`), ``h`` is strictly monotone between the
  zeros of ``h'``; its infimum over the domain is attained at a domain end (as a one-sided limit)
  or at an interior zero where ``h'`` turns from - to +, so certifying ``h`` there (exactly at
  rational critical points, by arb on the refined root enclosure otherwise) decides ``h >= 0``.
* **Dominance tail.**  An exp-polynomial ``sum a ε^α e^{β ε}`` (α, β rational) has the sign of its
  leading term (largest β, then α) on ``[R, oo)`` once ``|a*| > sum |a| R^{α-α*} e^{-(β*-β) R}`` and
  every ratio ``ε^{α-α*} e^{-(β*-β) ε}`` is non-increasing on ``[R, oo)``
  (``R >= (α-α*)/(β*-β)``).  This maps the tail to one certified inequality at ``R``.
* **Ends.**  :func:`endpoint_sign` signs the one-sided limit at a rational end exactly (Taylor
  walker at the exact point, then the kernel); :func:`probe_negative` looks for a certified
  counterexample near an end.
"""

from __future__ import annotations

import math
from fractions import Fraction

import flint
import sympy
from sympy.polys.polyerrors import BasePolynomialError

from exactpriv.certify.algebra import (
    MAX_OPS,
    AlgebraFailure,
    OutOfTime,
    build_chart,
    rational_form,
    rewrite_hyperbolic,
    strip_factors,
)
from exactpriv.certify.core import Budget, Dom, Outcome, fmt_q, lower_q, simplest_between
from exactpriv.certify.series import SeriesFailure, taylor_coefficients
from exactpriv.errors import EntryRangeError, ExactPrivError
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, working_precision
from exactpriv.exact.kernel import decide_sign

__all__ = ["endpoint_sign", "monotone_decide", "probe_negative", "tail_dominance"]

#: Largest R tried by the dominance tail (R doubles from its first candidate).
_MAX_TAIL_DOUBLINGS = 24


# ---------------------------------------------------------------------------------------
# helpers shared by monotone pieces and the piecewise engine
def endpoint_sign(h, var, q: Fraction, budget: Budget) -> int | None:
    """Certified sign of the one-sided limit of ``h`` at the rational ``q`` (its value if defined).

    Uses the Taylor walker at the exact point (which cancels removable singularities exactly)
    at doubling precision, then the kernel on ``h(q)`` (exact when that is rational or a
    log-form, ``sympy.simplify`` for zero)."""
    prec = 64
    while prec <= budget.max_prec:
        budget.note_prec(prec)
        try:
            c0 = taylor_coefficients(h, var, q, 1, prec)[0]
        except SeriesFailure:
            break
        if c0.is_zero():
            return 0
        if c0 > 0:
            return 1
        if c0 < 0:
            return -1
        prec *= 2
    try:
        val = h.subs(var, sympy.Rational(q.numerator, q.denominator))
        if val.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            return None
        s, _ = decide_sign(val, max_prec=max(64, min(budget.max_prec, 1024)))
        return s
    except Exception:  # noqa: BLE001 -- any failure only means "not decided here"
        return None


def _ball_sign(h, var, ball, prec):
    try:
        v = arb_eval(h, prec, env={var: ball})
    except NonFiniteBallError:
        return None
    if v > 0:
        return 1
    if v < 0:
        return -1
    return None


def probe_negative(h, var, start: Fraction, end: Fraction, budget: Budget) -> Fraction | None:
    """A short rational point between ``start`` and ``end``, tried ever closer to ``start``,
    where ``h`` is certainly negative (arb), or None."""
    for i in range(1, 64):
        a = start + (end - start) / (1 << (i + 1))
        b = start + (end - start) / (1 << i)
        x = simplest_between(min(a, b), max(a, b))
        for prec in sorted({min(64, budget.max_prec), min(256, budget.max_prec)}):
            try:
                v = arb_eval(h, prec, env={var: x})
            except (NonFiniteBallError, EntryRangeError):
                break
            if v < 0:
                return x
        if budget.expired():
            return None
    return None


def _short_negative_near(h, var, lo: Fraction, hi: Fraction, dom: Dom, budget: Budget) -> Fraction | None:
    """The simplest rational within 2^-k of [lo, hi] (k = 1, 2, ...) inside the open domain where
    h is certainly negative; h is known negative on [lo, hi]."""
    for k in range(1, 80):
        w = Fraction(1, 1 << k)
        a = max(lo - w, dom.lo)
        b = hi + w if dom.hi is None else min(hi + w, dom.hi)
        if not a < b:
            continue
        q = simplest_between(a, b)
        for prec in sorted({min(64, budget.max_prec), min(512, budget.max_prec)}):
            try:
                v = arb_eval(h, prec, env={var: q})
            except (NonFiniteBallError, EntryRangeError):
                break
            if v < 0:
                return q
        if budget.expired():
            return None
    return None


# ---------------------------------------------------------------------------------------
# method 2: monotone pieces from an exact derivative chart
def monotone_decide(h, var, dom: Dom, strict: bool, budget: Budget, tail) -> Outcome | None:
    """Decide ``h (>)>= 0`` from the exact sign chart of ``h'``; None when h' has no rational form.

    ``tail(h, start)`` is the dominance tail (returns (sign, R, step) or None)."""
    hp = sympy.diff(h, var)
    form = rational_form(hp, var)
    if form is None:  # the sign of h' is that of h' without its positive factors (e.g. exp(-x))
        hp2, _, _ = strip_factors(hp, var, dom, budget)
        form = rational_form(hp2, var) if hp2 is not hp else None
    if form is None:
        return None
    try:
        chart = build_chart(form, dom, budget)
    except (AlgebraFailure, OutOfTime) as exc:
        return Outcome("UNDECIDED", "monotone", [], reason=f"derivative chart failed: {exc or 'time'}")
    steps = [{"method": "monotone", "derivative": str(hp), **chart.describe()}]
    if chart.identically_zero:
        p = simplest_between(dom.lo, dom.hi if dom.hi is not None else dom.lo + 2)
        s = endpoint_sign(h, var, p, budget)
        steps.append({"method": "monotone", "constant_value_sign_at": fmt_q(p), "sign": s})
        if s is None:
            return None
        if s > 0 or (s == 0 and not strict):
            return Outcome("PROVED", "monotone", steps)
        return Outcome("REFUTED", "monotone", steps, point=p, exact_zero=(s == 0))
    if any(r.pole for r in chart.events):
        return None
    signs, ev = chart.signs, chart.events
    # left end: a local minimum when h increases right of it
    if signs[0] > 0:
        s = endpoint_sign(h, var, dom.lo, budget)
        steps.append({"method": "monotone", "candidate": f"limit at {fmt_q(dom.lo)}+", "sign": s})
        if s is None:
            return Outcome("UNDECIDED", "monotone", steps, reason=f"sign of the limit at {fmt_q(dom.lo)} unknown")
        if s < 0:
            end = chart.x_enclosure(ev[0])[0] if ev else (dom.hi if dom.hi is not None else dom.lo + 1)
            p = probe_negative(h, var, dom.lo, end, budget)
            if p is None:
                return Outcome("UNDECIDED", "monotone", steps, reason="negative limit but no certified point found")
            return Outcome("REFUTED", "monotone", steps, point=p)
    # interior local minima
    for i, r in enumerate(ev):
        if r.pole or not (signs[i] < 0 < signs[i + 1]):
            continue
        if r.exact:  # a rational critical point in u-space: decide h there exactly (h may touch 0)
            xv = chart.x_exact(r)
            try:
                val = h.subs(var, sympy.Rational(xv.numerator, xv.denominator) if isinstance(xv, Fraction) else xv)
                s, _ = decide_sign(val, max_prec=max(64, min(budget.max_prec, 1024)))
            except ExactPrivError:
                s = None
            steps.append({"method": "monotone", "candidate": f"local minimum at {var} = {xv}", "exact_sign": s})
            if s == 0 and strict:
                return Outcome("REFUTED", "monotone", steps, point=xv, exact_zero=True,
                               reason=f"the difference is exactly 0 at the critical point {xv}")
            if s is not None and s >= 0:
                continue
        prec, verdict = 64, None
        while prec <= budget.max_prec and not budget.expired():
            lo, hi = chart.x_enclosure(r, prec)
            with working_precision(prec):
                ball = flint.arb(flint.fmpq(lo.numerator, lo.denominator)).union(
                    flint.arb(flint.fmpq(hi.numerator, hi.denominator)))
            verdict = _ball_sign(h, var, ball, prec)
            budget.note_prec(prec)
            if verdict is not None:
                break
            for _ in range(8):
                r.refine()
            prec *= 2
        steps.append({"method": "monotone", "candidate": f"local minimum at the derivative root in eps-interval "
                                   f"[{fmt_q(lo)}, {fmt_q(hi)}]", "sign": verdict, "precision": prec})
        if verdict is None:
            return Outcome("UNDECIDED", "monotone", steps,
                           reason=f"sign of h at a critical point near {float(lo):.6g} not certified")
        if verdict < 0:
            p = _short_negative_near(h, var, lo, hi, dom, budget)
            if p is None:
                return Outcome("UNDECIDED", "monotone", steps, reason="negative minimum but no certified point")
            return Outcome("REFUTED", "monotone", steps, point=p)
    # right end
    if signs[-1] < 0:
        if dom.hi is not None:
            s = endpoint_sign(h, var, dom.hi, budget)
            steps.append({"method": "monotone", "candidate": f"limit at {fmt_q(dom.hi)}-", "sign": s})
            if s is None:
                return Outcome("UNDECIDED", "monotone", steps, reason=f"sign at {fmt_q(dom.hi)} unknown")
            if s < 0:
                start = chart.x_enclosure(ev[-1])[1] if ev else dom.lo
                p = probe_negative(h, var, dom.hi, start, budget)
                if p is None:
                    return Outcome("UNDECIDED", "monotone", steps, reason="negative limit, no certified point")
                return Outcome("REFUTED", "monotone", steps, point=p)
        else:
            start = chart.x_enclosure(ev[-1])[1] if ev else dom.lo
            t = tail(h, max(start, dom.lo) + 1)
            if t is None:
                return Outcome("UNDECIDED", "monotone", steps,
                               reason="decreasing towards oo and no dominance argument for the tail")
            sign, R, tstep = t
            steps.append(tstep)
            if sign < 0:
                return Outcome("REFUTED", "monotone", steps, point=R)
    steps.append({"method": "monotone", "conclusion": "every local minimum of h is certified " + ("> 0" if strict else ">= 0")
                  + " (one-sided limits at open ends: h is strictly monotone next to them)"})
    return Outcome("PROVED", "monotone", steps)


# ---------------------------------------------------------------------------------------
# method 3: dominance for the tail [R, oo)
def exp_poly_terms(expr, var) -> dict | None:
    """{(beta, alpha): coefficient} with expr = sum coefficient * var^alpha * e^{beta var}."""
    if sympy.count_ops(expr) > MAX_OPS:
        return None
    expr = sympy.expand(expr)
    if sympy.count_ops(expr) > 4 * MAX_OPS:
        return None
    terms: dict = {}
    for term in sympy.Add.make_args(expr):
        coeff, alpha, beta = sympy.Integer(1), sympy.Integer(0), sympy.Integer(0)
        for f in sympy.Mul.make_args(term):
            if not f.has(var):
                coeff *= f
            elif f == var:
                alpha += 1
            elif isinstance(f, sympy.Pow) and f.base == var and f.exp.is_Rational:
                alpha += f.exp
            elif isinstance(f, sympy.exp):
                try:
                    p = sympy.Poly(sympy.expand(f.args[0]), var)
                except BasePolynomialError:
                    return None
                if p.degree() != 1 or not p.coeff_monomial(var).is_Rational:
                    return None
                beta += p.coeff_monomial(var)
                coeff *= sympy.exp(p.coeff_monomial(1))
            else:
                return None
        key = (Fraction(int(beta.p), int(beta.q)), Fraction(int(alpha.p), int(alpha.q)))
        terms[key] = terms.get(key, sympy.Integer(0)) + coeff
    return terms


def _dominant(terms: dict, start: Fraction, budget: Budget):
    """(sign, R, detail) with sign(sum) = sign on [R, oo), or None."""
    keys = sorted(terms, reverse=True)
    lead = None
    for k in keys:
        s, _ = decide_sign(terms[k], max_prec=max(64, min(budget.max_prec, 1024)))
        if s is None:
            return None
        if s != 0:
            lead = k
            break
    if lead is None:
        return None
    b0, a0 = lead
    rest = [(b0 - b, a - a0, terms[(b, a)]) for (b, a) in keys if (b, a) != lead and (b, a) < lead]
    R0 = Fraction(1)
    for db, da, _ in rest:
        if db > 0 and da > 0:
            R0 = max(R0, da / db)
    R = max(R0, start, Fraction(1))
    R = Fraction(math.ceil(R))
    prec = 128
    for _ in range(_MAX_TAIL_DOUBLINGS):
        with working_precision(prec):
            Rb = flint.arb(flint.fmpq(R.numerator, R.denominator))
            S = flint.arb(0)
            for db, da, c in rest:
                cb = abs(arb_eval(c, prec))
                S = S + cb * Rb ** flint.fmpq(da.numerator, da.denominator) * \
                    (-Rb * flint.fmpq(db.numerator, db.denominator)).exp()
            margin = abs(arb_eval(terms[lead], prec)) - S
        if margin > 0:
            s, _ = decide_sign(terms[lead], max_prec=max(64, min(budget.max_prec, 1024)))
            return s, R, {"leading_term": f"({terms[lead]})*eps**({a0})*exp({b0}*eps)",
                          "R": fmt_q(R), "other_terms_bound_at_R": str(S), "margin_lower_bound": fmt_q(lower_q(margin))}
        R *= 2
        if budget.expired():
            return None
    return None


def tail_dominance(h, var, start: Fraction, budget: Budget):
    """(sign, R, step): ``h`` has the constant sign ``sign`` on ``[R, oo)``, R >= start; or None."""
    e = sympy.together(rewrite_hyperbolic(h))
    num, den = sympy.fraction(e)
    tn = exp_poly_terms(num, var)
    td = exp_poly_terms(den, var)
    if tn is None or td is None:
        return None
    dn = _dominant(tn, start, budget)
    dd = _dominant(td, start, budget)
    if dn is None or dd is None:
        return None
    R = max(dn[1], dd[1])
    sign = dn[0] * dd[0]
    step = {"method": "dominance", "interval": f"[{fmt_q(R)}, oo)", "sign": sign,
            "numerator": dn[2], "denominator": dd[2],
            "argument": "each other term / leading term is non-increasing on [R, oo) and their sum at R is "
                        "below the leading coefficient"}
    return sign, R, step
