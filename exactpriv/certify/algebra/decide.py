"""Exact decisions from rational forms: stripping factors of known sign, then reading the sign chart.

:func:`strip_factors` divides out factors of known sign (powers of ε, exp, constants, factors with a
constant exact chart), which removes the common factor that makes both sides of an inequality touch
at ε = 0; :func:`exact_decide` then decides ``h >= 0`` (or ``> 0``) on the domain from the exact sign
chart of :mod:`exactpriv.certify.algebra.sign_chart`, or returns None when ``h`` has no rational
form.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.certify.core import Budget, Dom, Outcome, simplest_between, to_q
from exactpriv.errors import EntryRangeError
from exactpriv.exact.kernel import decide_sign
from .rational_forms import AlgebraFailure, OutOfTime, rational_form
from .sign_chart import build_chart

__all__ = ["strip_factors", "strip_factors_both", "exact_decide"]


# ---------------------------------------------------------------------------------------
# factor out eps^k, exp(.) and constants of known sign
def _var_power(term, var) -> Fraction:
    k = Fraction(0)
    for f in sympy.Mul.make_args(term):
        if f == var:
            k += 1
        elif isinstance(f, sympy.Pow) and f.base == var and f.exp.is_Rational:
            k += to_q(f.exp)
    return k


def _constant_sign_on(f, var, dom: Dom, budget: Budget):
    """(sign, chart description) of ``f`` on the open domain when its exact sign chart has no
    event inside, else None."""
    form = rational_form(f, var)
    if form is None:
        return None
    try:
        chart = build_chart(form, Dom(dom.lo, dom.hi, False, False), budget)
    except (AlgebraFailure, OutOfTime):
        return None
    if chart.identically_zero or chart.events:
        return None
    return chart.signs[0], chart.describe()


def strip_factors(g, var, dom: Dom, budget: Budget | None = None):
    """(h, step, dom_h) with sign(g) = sign(h) on the open domain ``dom_h``.

    ``g`` is put over one denominator (``together``); factors ``var**k`` (when the domain lies
    in [0, oo): positive on the open domain), ``exp(.)`` (positive) and constants of certified
    sign are removed, also a common ``var**k`` of a sum (``factor_terms`` plus the smallest
    power of ``var`` over its terms).  With a ``budget``, any other factor whose exact sign chart
    shows one constant sign on the open domain is removed too (e.g. ``e^eps - 1`` on (0, oo)).
    ``dom_h`` is opened at 0 when a power of ``var`` was removed and the domain starts at 0;
    ``step`` (None if nothing was removed) records it.
    """
    return _strip(g, var, dom, budget)[-1]


def strip_factors_both(g, var, dom: Dom, budget: Budget):
    """``(strip_factors(g, var, dom), strip_factors(g, var, dom, budget))`` in one pass: the second removes
    what the first does and more, and both start from the same ``together``/``factor_terms`` (the costly part)."""
    return _strip(g, var, dom, budget, both=True)


def _strip(g, var, dom: Dom, budget: Budget | None, *, both: bool = False):
    """The result of :func:`strip_factors` without the budget (only with ``both``), then with it.

    Factor by factor, the decisions without the budget are the same as with it up to the exact sign charts
    (which only the budget allows), so one pass yields both."""
    if not g.has(var):
        return ((g, None, dom),) * (2 if both else 1)
    num, den = sympy.fraction(_together(g))
    keep, pulled, k, sign = [], [], Fraction(0), 1
    keep0, pulled0, sign0 = [], [], 1  # without the budget: no exact sign charts
    for part, power in ((num, 1), (den, -1)):
        for f in sympy.Mul.make_args(_factor_terms(part)):
            base, ex = f.as_base_exp()
            if not f.has(var):
                s, _ = decide_sign(f, max_prec=256)
                if s in (1, -1):
                    sign *= s
                    sign0 *= s
                    if f not in (1, -1):
                        pulled.append(str(f))
                        pulled0.append(str(f))
                    continue
            elif base == var and ex.is_Rational and dom.lo >= 0:
                k += to_q(ex) * power
                pulled.append(str(f))
                pulled0.append(str(f))
                continue
            elif base is sympy.E:
                pulled.append(str(f))
                pulled0.append(str(f))
                continue
            elif isinstance(f, sympy.Add) and dom.lo >= 0:
                mn = min(_var_power(t, var) for t in f.args)
                if mn > 0:
                    p = sympy.Rational(mn.numerator, mn.denominator)
                    f = sympy.Add(*[t / var ** p for t in f.args])
                    k += mn * power
                    pulled.append(f"{var}**{mn}")
                    pulled0.append(f"{var}**{mn}")
            keep0.append(f ** power)
            if budget is not None and f.has(var):
                found = _constant_sign_on(f, var, dom, budget)
                if found is not None:
                    sign *= found[0]
                    pulled.append({"factor": str(f), "sign_on_open_domain": found[0], "exact_chart": found[1]})
                    continue
            keep.append(f ** power)
    results, printed = [], {}  # both results often keep the same factors: their text is printed once
    for kept, removed, sg in (((keep0, pulled0, sign0),) if both else ()) + ((keep, pulled, sign),):
        results.append(_stripped(g, dom, var, kept, removed, sg, k, printed))
    return tuple(results)


# Pure functions of the immutable (structurally compared) expression, and the proofs put the same atoms, numerators
# and denominators through them again: 132 of the 384 calls of one `verify`'s proofs repeat an earlier one.
@functools.lru_cache(maxsize=2048)
def _together(g):
    return sympy.together(g)


@functools.lru_cache(maxsize=2048)
def _factor_terms(e):
    return sympy.factor_terms(e)


def _stripped(g, dom: Dom, var, keep, pulled, sign, k, printed: dict):
    if not pulled and sign == 1:
        return g, None, dom
    h = sign * sympy.Mul(*keep)
    if h not in printed:
        printed[h] = str(h)
    hdom = dom
    if k != 0 and dom.lo == 0:
        hdom = Dom(dom.lo, dom.hi, False, dom.hi_closed)
    step = {"method": "factor", "removed_factors": pulled, "sign_flip": sign < 0, "remaining": printed[h],
            "argument": "the removed factors (powers of the variable, exp(.), constants and factors of certified "
                        "sign) are nonzero of known sign on the open domain, so sign(g) = "
                        + ("-" if sign < 0 else "") + "sign(remaining)" + (f"; power of {var} removed: {k}" if k else "")}
    return h, step, hdom


# ---------------------------------------------------------------------------------------
# method 1: exact sign chart of the goal itself
def exact_decide(h, var, dom: Dom, strict: bool, budget: Budget) -> Outcome | None:
    """Decide ``h > 0`` / ``h >= 0`` on the open domain exactly, or None when h has no rational form."""
    form = rational_form(h, var)
    if form is None:
        return None
    try:
        chart = build_chart(form, dom, budget)
    except AlgebraFailure as exc:
        return Outcome("UNDECIDED", "exact-algebra", [], reason=f"exact algebra failed a check: {exc}")
    except OutOfTime:
        return Outcome("UNDECIDED", "exact-algebra", [], reason="time budget ran out during root isolation")
    step = {"method": "exact-algebra", "goal": f"{h} {'>' if strict else '>='} 0 on {dom}", **chart.describe()}
    if chart.identically_zero:
        if not strict:
            step["conclusion"] = "the difference is identically 0"
            return Outcome("PROVED", "exact-algebra", [step])
        hi = dom.hi if dom.hi is not None else dom.lo + 2
        return Outcome("REFUTED", "exact-algebra", [step], point=simplest_between(dom.lo, hi), exact_zero=True,
                       reason="the difference is identically 0, so the strict inequality fails everywhere")
    poles = [r for r in chart.events if r.pole]
    if poles:
        x = chart.x_exact(poles[0])
        raise EntryRangeError(f"the inequality is undefined inside the domain {dom}: {h} has a pole at "
                              f"{var} = {x} (about {float(sum(chart.x_enclosure(poles[0])) / 2):.6g})")
    for i, s in enumerate(chart.signs):
        if s < 0:
            try:
                p = chart.x_point_in_piece(i, budget)
            except OutOfTime:
                return Outcome("UNDECIDED", "exact-algebra", [step], reason="time budget ran out")
            step["conclusion"] = f"negative on piece {i}"
            return Outcome("REFUTED", "exact-algebra", [step], point=p,
                           reason=f"the difference is negative on piece {i} of the exact sign chart")
    zeros = [r for r in chart.events if not r.pole]
    if strict and zeros:
        step["conclusion"] = "the difference vanishes inside the domain"
        for _ in range(100):  # a tight enclosure for the report of both sides' values
            zeros[0].refine()
        return Outcome("REFUTED", "exact-algebra", [step], point=chart.x_exact(zeros[0]), exact_zero=True,
                       point_enclosure=chart.x_enclosure(zeros[0], 128),
                       reason="the difference is exactly 0 at a root of its numerator")
    step["conclusion"] = "sign >= 0 on every piece" + ("" if not zeros else " (zeros only at isolated roots)")
    return Outcome("PROVED", "exact-algebra", [step])
