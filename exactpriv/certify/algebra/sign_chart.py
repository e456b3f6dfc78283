"""Verified real-root isolation and the exact sign chart of a rational form on a domain.

``Poly.sqf_list`` and ``Poly.intervals`` (Vincent–Akritas–Strzeboński isolation, exact over QQ)
isolate the real roots of each square-free factor.  The intervals are not taken on trust (sympy 1.14
``intervals(sqf=True)`` returned a spurious interval in our tests): every interval must show an exact
sign change (or an exact rational root), the intervals of a factor must be disjoint, and their number
must equal the Sturm count ``Poly.count_roots()``; refinement is plain exact bisection.  Roots of N
(zeros) and D (poles) are placed against the domain ends (``e^{a/m}`` and ``log a`` are
transcendental for rational ``a`` other than 0 resp. 1 by Lindemann–Weierstrass, so refinement
against their arb enclosures terminates); the sign on each piece is the exact sign of N·D at a
rational test point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import flint
import sympy

from exactpriv.certify.core import Budget, Dom, fmt_q, lower_q, simplest_between, to_q, upper_q
from exactpriv.errors import ExactPrivError
from exactpriv.exact.intervals import arb_eval, arb_to_fractions, working_precision
from .rational_forms import poly_coefficients, horner, sign_of, AlgebraFailure, OutOfTime, RationalForm

__all__ = ["SignChart", "build_chart"]


@dataclass
class _Root:
    """One real root of the square-free factor ``f`` (coefficients, high to low): exactly
    ``lo`` when ``lo == hi``, else the only root in the open interval ``(lo, hi)``."""

    f: list
    lo: Fraction
    hi: Fraction
    mult: int
    pole: bool
    factor: sympy.Poly
    index: int  # position among the real roots of ``factor`` (for CRootOf)

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    def refine(self) -> None:
        if self.exact:
            return
        mid = (self.lo + self.hi) / 2
        v = horner(self.f, mid)
        if v == 0:
            self.lo = self.hi = mid
        elif sign_of(v) == sign_of(horner(self.f, self.lo)):
            self.lo = mid
        else:
            self.hi = mid

    def describe(self, form: RationalForm) -> dict:
        where = fmt_q(self.lo) if self.exact else f"({fmt_q(self.lo)}, {fmt_q(self.hi)})"
        return {"kind": "pole" if self.pole else "zero", "factor": str(self.factor.as_expr()),
                "multiplicity": self.mult, f"{'eps' if form.kind == 'x' else 'u'}_isolating_interval": where}


def _isolate(P: sympy.Poly, pole: bool) -> list[_Root]:
    roots = []
    _, factors = P.sqf_list()
    for f, mult in factors:
        if f.degree() < 1:
            continue
        coeffs = [to_q(c) for c in f.all_coeffs()]
        ivs = f.intervals()
        if len(ivs) != f.count_roots():
            raise AlgebraFailure(f"root isolation of {f.as_expr()} disagrees with its Sturm count")
        found = []
        for idx, ((lo, hi), k) in enumerate(ivs):
            lo, hi = to_q(lo), to_q(hi)
            if k != 1 or lo > hi:
                raise AlgebraFailure(f"unexpected isolating interval {(lo, hi, k)} for {f.as_expr()}")
            if lo == hi:
                if horner(coeffs, lo) != 0:
                    raise AlgebraFailure(f"{lo} is not a root of {f.as_expr()}")
            else:
                a, b = horner(coeffs, lo), horner(coeffs, hi)
                if a == 0 or b == 0 or sign_of(a) == sign_of(b):
                    raise AlgebraFailure(f"no sign change of {f.as_expr()} on ({lo}, {hi})")
            found.append(_Root(coeffs, lo, hi, mult, pole, f, idx))
        found.sort(key=lambda r: r.lo)
        for a, b in zip(found, found[1:]):
            if not a.hi <= b.lo:
                raise AlgebraFailure(f"overlapping isolating intervals for {f.as_expr()}")
        roots += found
    return roots


def _overlap(a: _Root, b: _Root) -> bool:
    if a.exact and b.exact:
        return a.lo == b.lo
    if a.exact:
        return b.lo < a.lo < b.hi
    if b.exact:
        return a.lo < b.lo < a.hi
    return max(a.lo, b.lo) < min(a.hi, b.hi)


def _separate(roots: list[_Root], budget: Budget) -> None:
    """Refine until the isolating intervals are pairwise disjoint (distinct roots: coprime factors)."""
    changed = True
    while changed:
        changed = False
        for i in range(len(roots)):
            for j in range(i + 1, len(roots)):
                a, b = roots[i], roots[j]
                guard = 0
                while _overlap(a, b):
                    if a.exact and b.exact:
                        raise AlgebraFailure("two coprime factors share the rational root " + str(a.lo))
                    (a if (a.hi - a.lo) >= (b.hi - b.lo) else b).refine()
                    changed = True
                    guard += 1
                    if guard % 64 == 0 and budget.expired():
                        raise OutOfTime()


@dataclass
class _UPoint:
    """A domain end in u-space: ``x = q`` maps to u = q (kind x), u = e^{q/m} (kind t) or
    u = log q (kind log; -oo for q = 0)."""

    q: Fraction
    kind: str
    m: int

    @property
    def neg_inf(self) -> bool:
        return self.kind == "log" and self.q == 0

    @property
    def exact(self) -> Fraction | None:
        if self.kind == "x":
            return self.q
        if self.kind == "log":  # log q is transcendental for rational q != 1 (Lindemann-Weierstrass)
            return Fraction(0) if self.q == 1 else None
        return Fraction(1) if self.q == 0 else None  # e^{q/m} is transcendental for q != 0

    def enclosure(self, prec: int) -> tuple[Fraction, Fraction]:
        with working_precision(prec):
            q = flint.arb(flint.fmpq(self.q.numerator, self.q.denominator))
            ball = q.log() if self.kind == "log" else (q / self.m).exp()
        return lower_q(ball), upper_q(ball)


def _compare(root: _Root, p: _UPoint, budget: Budget) -> int:
    """-1, 0, +1 as the root is below, at, above the point."""
    if p.neg_inf:
        return 1
    ex = p.exact
    if ex is not None:
        if root.exact:
            return sign_of(root.lo - ex)
        if root.lo < ex < root.hi and horner(root.f, ex) == 0:
            root.lo = root.hi = ex
            return 0
        while root.lo < ex < root.hi:
            root.refine()
        return 1 if root.lo >= ex else -1
    prec = 64
    while True:
        lo, hi = p.enclosure(prec)
        if root.lo >= hi:
            return 1
        if root.hi <= lo:
            return -1
        root.refine()
        prec = min(prec * 2, 1 << 14) if root.exact or (root.hi - root.lo) < (hi - lo) else prec
        if budget.expired():
            raise OutOfTime()


@dataclass
class SignChart:
    """Exact sign pattern of ``N/D`` over the open domain: ``events`` (zeros/poles, ascending)
    split it into ``len(events) + 1`` pieces with ``signs[i]`` = sign on piece i."""

    form: RationalForm
    dom: Dom
    events: list = field(default_factory=list)
    signs: list = field(default_factory=list)
    tests: list = field(default_factory=list)
    at_lo: list = field(default_factory=list)
    at_hi: list = field(default_factory=list)
    identically_zero: bool = False

    def describe(self) -> dict:
        d = dict(self.form.describe())
        if self.identically_zero:
            d["identically_zero"] = True
            return d
        d["events_inside_domain"] = [r.describe(self.form) for r in self.events]
        d["piece_signs"] = self.signs
        d["piece_test_points_u"] = [fmt_q(t) for t in self.tests]
        if self.at_lo or self.at_hi:
            d["events_at_domain_ends"] = [r.describe(self.form) for r in self.at_lo + self.at_hi]
        return d

    # -- x-space helpers ---------------------------------------------------------------
    def x_enclosure(self, root: _Root, prec: int = 64) -> tuple[Fraction, Fraction]:
        if self.form.kind == "x":
            return root.lo, root.hi
        if self.form.kind == "log":
            with working_precision(prec):
                lo = flint.arb(flint.fmpq(root.lo.numerator, root.lo.denominator)).exp()
                hi = flint.arb(flint.fmpq(root.hi.numerator, root.hi.denominator)).exp()
            return lower_q(lo), upper_q(hi)
        while root.lo <= 0:
            root.refine()
        with working_precision(prec):
            m = self.form.m
            lo = flint.arb(flint.fmpq(root.lo.numerator, root.lo.denominator)).log() * m
            hi = flint.arb(flint.fmpq(root.hi.numerator, root.hi.denominator)).log() * m
        return lower_q(lo), upper_q(hi)

    def x_exact(self, root: _Root):
        """The exact x-value of a root: a Fraction or a sympy algebraic/log expression."""
        if root.exact:
            u = sympy.Rational(root.lo.numerator, root.lo.denominator)
        else:
            u = sympy.CRootOf(root.factor.as_expr(), root.index)
            if root.factor.degree() == 2:  # quadratic: the radical form, checked against the isolating interval
                rad = sympy.CRootOf(root.factor.as_expr(), root.index, radicals=True)
                try:
                    lo, hi = arb_to_fractions(arb_eval(rad, 128))
                    if root.lo < lo and hi < root.hi:
                        u = rad
                except ExactPrivError:
                    pass
        if self.form.kind == "x":
            return root.lo if root.exact else u
        if self.form.kind == "log":
            val = sympy.exp(u)
            return to_q(val) if val.is_Rational else val
        val = self.form.m * sympy.log(u)
        return to_q(val) if val.is_Rational else val

    def x_point_in_piece(self, i: int, budget: Budget) -> Fraction:
        """A short rational x strictly inside piece i."""
        prec = 64
        while True:
            left = self.dom.lo if i == 0 else self.x_enclosure(self.events[i - 1], prec)[1]
            if i < len(self.events):
                right = self.x_enclosure(self.events[i], prec)[0]
            else:
                right = self.dom.hi if self.dom.hi is not None else left + 2
            if left < right:
                return simplest_between(left, right)
            for r in ([self.events[i - 1]] if i else []) + ([self.events[i]] if i < len(self.events) else []):
                r.refine()
            prec = min(2 * prec, 4096)
            if budget.expired():
                raise OutOfTime()


def build_chart(form: RationalForm, dom: Dom, budget: Budget) -> SignChart:
    """The exact sign chart of ``form`` on the open domain ``(dom.lo, dom.hi)``."""
    chart = SignChart(form, dom)
    if form.N.is_zero:
        chart.identically_zero = True
        return chart
    if form.kind == "log" and dom.lo < 0:
        raise AlgebraFailure("log(eps) on a domain reaching below 0")
    roots = _isolate(form.N, False) + _isolate(form.D, True)
    if form.kind == "t":  # only u = e^{x/m} > 0 matters
        kept = []
        for r in roots:
            while r.lo < 0 < r.hi:
                r.refine()
            if r.lo >= 0 and not (r.exact and r.lo == 0):
                kept.append(r)
        roots = kept
    _separate(roots, budget)
    plo = _UPoint(dom.lo, form.kind, form.m)
    phi = None if dom.hi is None else _UPoint(dom.hi, form.kind, form.m)
    for r in roots:
        c = _compare(r, plo, budget)
        if c < 0:
            continue
        if c == 0:
            chart.at_lo.append(r)
            continue
        if phi is not None:
            c2 = _compare(r, phi, budget)
            if c2 > 0:
                continue
            if c2 == 0:
                chart.at_hi.append(r)
                continue
        chart.events.append(r)
    chart.events.sort(key=lambda r: r.lo)
    # test points: u strictly between consecutive boundaries
    nb = len(chart.events)
    for i in range(nb + 1):
        prec = 64
        while True:
            # left bound value and whether u must exceed it strictly
            if i == 0 and plo.neg_inf:
                L, Ls = None, True
            elif i == 0:
                if plo.exact is not None:
                    L, Ls = plo.exact, True
                else:
                    L, Ls = plo.enclosure(prec)[1], False
            else:
                r = chart.events[i - 1]
                L, Ls = r.hi, r.exact
            if i == nb:
                if phi is None:
                    R, Rs = None, True
                elif phi.exact is not None:
                    R, Rs = phi.exact, True
                else:
                    R, Rs = phi.enclosure(prec)[0], False
            else:
                r = chart.events[i]
                R, Rs = r.lo, r.exact
            if L is None:  # the u-domain starts at -oo
                if R is None:
                    u = Fraction(0)
                    break
                L = R - 2
            if R is None:
                R = L + 2
            if L < R:
                u = simplest_between(L, R)
                break
            if L == R and not Ls and not Rs:
                u = L
                break
            if i > 0:
                chart.events[i - 1].refine()
            if i < nb:
                chart.events[i].refine()
            prec = min(2 * prec, 1 << 14)
            if budget.expired():
                raise OutOfTime()
        n_val, d_val = horner(poly_coefficients(form.N), u), horner(poly_coefficients(form.D), u)
        if d_val == 0 or n_val == 0:
            raise AlgebraFailure(f"test point {u} hit a root")  # impossible after separation
        chart.signs.append(sign_of(n_val) * sign_of(d_val))
        chart.tests.append(u)
    return chart
