"""Confirmation of counterexample points on the ORIGINAL statement, exactly, by the kernel.

A point found by any method (on a chart, by root isolation, by branch-and-bound) is mapped back and
the original ``lhs op rhs`` is decided at an exact rational point near it by
:func:`exactpriv.exact.kernel.compare`, so a REFUTED verdict never rests on a transformed statement
or on a float.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.certify.series import box_ball
from exactpriv.certify.core import Budget, Outcome, dec_down, dec_up, simplest_between, to_q
from exactpriv.errors import ExactPrivError
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, arb_to_fractions
from exactpriv.exact.kernel import compare
from .domains import Chart

__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.certify.prover


# ---------------------------------------------------------------------------------------
# confirmation of counterexamples on the original statement
class Confirmer:
    """Confirms a candidate counterexample on the original statement with the kernel, preferring
    a nearby short rational point when the candidate is irrational (charts with irrational ends)."""

    def __init__(self, lhs, op, rhs, var, chart: Chart, budget: Budget, bounds):
        self.lhs, self.op, self.rhs, self.var, self.chart, self.budget = lhs, op, rhs, var, chart, budget
        self.bounds = bounds  # (lo, hi, lo_closed, hi_closed) of the original domain
        self.confirmed = None  # (point, values, decision reason, exact_zero)

    def _in_domain(self, q: Fraction) -> bool:
        lo, hi, lc, hc = self.bounds
        sq = sympy.Rational(q.numerator, q.denominator)
        ok_lo = lo is -sympy.oo or compare(lo, "<=" if lc else "<", sq, max_prec=256).is_true
        ok_hi = hi is sympy.oo or compare(sq, "<=" if hc else "<", hi, max_prec=256).is_true
        return ok_lo and ok_hi

    def _check(self, sp):
        try:
            a, b = self.lhs.subs(self.var, sp), self.rhs.subs(self.var, sp)
            return a, b, compare(a, self.op, b, max_prec=max(256, self.budget.max_prec))
        except ExactPrivError:
            return None, None, None

    def _rational_near(self, point):
        for bits in (4, 8, 16, 32, 64):
            try:
                lo, hi = arb_to_fractions(arb_eval(point, bits + 64))
            except ExactPrivError:
                return None
            w = Fraction(1, 1 << bits)
            q = simplest_between(lo - w, hi + w)
            if self._in_domain(q):
                a, b, d = self._check(sympy.Rational(q.numerator, q.denominator))
                if d is not None and d.is_false:
                    return q, a, b, d
        return None

    def point_of(self, x_point):
        if self.chart.phi == self.chart.x:
            return x_point
        px = sympy.Rational(x_point.numerator, x_point.denominator) if isinstance(x_point, Fraction) else x_point
        val = self.chart.phi.subs(self.chart.x, px)
        return to_q(val) if val.is_Rational else val

    def __call__(self, out: Outcome) -> bool:
        point = self.point_of(out.point)
        if isinstance(point, Fraction) and not self._in_domain(point):
            return False
        if not isinstance(point, Fraction) and not out.exact_zero:
            near = self._rational_near(point)
            if near is not None:
                q, a, b, d = near
                self.confirmed = (q, certified_sides(a, b), d.reason, False)
                return True
        sp = sympy.Rational(point.numerator, point.denominator) if isinstance(point, Fraction) else point
        a, b, d = self._check(sp)
        if d is not None and d.is_false:
            how = d.reason
        elif out.exact_zero and (d is None or not d.is_true):
            how = "both sides are equal there (an exact zero of the difference, proved by the algebra above)"
        else:
            return False
        values = certified_sides(a, b) if a is not None else {"lhs": None, "rhs": None}
        if None in values.values() and out.point_enclosure is not None and self.chart.phi == self.chart.x:
            values = certified_sides(self.lhs, self.rhs, env={self.var: out.point_enclosure})
        self.confirmed = (point, values, how, out.exact_zero)
        return True


def certified_sides(a, b, env=None) -> dict:
    """Certified decimal enclosures of both sides (at a point, or over a tiny ``env`` interval)."""
    out = {}
    if env is not None:
        (var, (lo_, hi_)), = env.items()
        env = {var: box_ball(lo_, hi_, 128)}
    for name, v in (("lhs", a), ("rhs", b)):
        try:
            lo, hi = arb_to_fractions(arb_eval(v, 128, env=env))
            out[name] = [dec_down(lo, 12), dec_up(hi, 12)]
        except (ExactPrivError, NonFiniteBallError):
            out[name] = None
    return out
