"""Exact algebra of logs of positive rational functions on one chart (the log-linear normal form).

Steps 1 and 4 of :mod:`exactpriv.measures.symbolic`.  A log of a positive rational function is split
over a basis — s itself (log u = c·s), logs of primes, logs of irreducible factors of constant sign
on the domain — and coefficients are collected and cancelled, so closed forms come out simplified
(KL of RR(ε) is ε(e^ε − 1)/(e^ε + 1), not a sum of logs).  Identical normal forms prove an identity;
a purely rational difference is signed exactly on the chart; anything else goes to the certifier
:func:`exactpriv.certify.prove_inequality` (:func:`prove_log_linear`).  Proved maxima of candidate
closed forms (step 5) live here too: a candidate is dropped only when another is PROVED >= it.
"""

from __future__ import annotations

from fractions import Fraction

import flint
import sympy

from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.decisions import Truth
from exactpriv.exact.numbers import OO, to_sympy
from exactpriv.measures.result import Measured
from .chart import Chart, sympy_rational, RationalFunction, CHART_VARIABLE, nonnegative_on
from exactpriv.measures.symbolic.domain import DEFAULT_SECONDS, Domain, ProofBudget

__all__ = ["prove_log_linear"]


class LogAlgebra:
    """Exact algebra on one chart and one domain: signs of chart functions, logs of positive
    rational functions split over a basis, and proved maxima.  ``valid`` is the domain on which
    every statement is made."""

    def __init__(self, chart: "Chart", valid: Domain):
        self.chart, self.var, self.valid = chart, valid.variable, valid
        self.iv = chart.interval(valid)
        self._logs: dict = {}

    # ----- sign decisions on the validity domain
    def _certify(self, expr, op, dom: Domain, budget: ProofBudget) -> Truth:
        from exactpriv.certify import prove_inequality

        call = budget.call_effort()
        if call is None:
            return Truth.UNDECIDED
        try:
            res = prove_inequality(expr, op, 0, effort=call, **dom.args())
        except ExactPrivError:
            return Truth.UNDECIDED
        budget.charge(res)
        return {"PROVED": Truth.TRUE, "REFUTED": Truth.FALSE}.get(res.verdict, Truth.UNDECIDED)

    def ge0(self, f_u, expr, budget: ProofBudget, *, strict=False) -> Truth:
        """Is the function >= 0 (> 0) on the validity domain?  ``f_u``: chart form or None;
        ``expr``: the same function in the family's symbol."""
        if f_u is not None and self.iv is not None:
            t = nonnegative_on(f_u, self.iv, strict)
            if t is not Truth.UNDECIDED:
                return t
        if expr is None:
            expr = self.chart.from_u(f_u)
        d = prove_log_linear(expr, ">" if strict else ">=", 0, self.valid, _budget=budget)
        if d is not None:
            return Truth.TRUE
        return self._certify(expr, ">" if strict else ">=", self.valid, budget)

    def expr(self, f_u):
        """A chart value as an expression in the family's symbol."""
        if isinstance(f_u, RationalFunction):
            return self.chart.from_u(f_u)
        if self.chart.kind is None and isinstance(f_u, sympy.Basic):
            return sympy.factor(sympy.cancel(f_u))
        return self.chart.from_u(f_u)

    def canon(self, v):
        """Canonical chart value (an RationalFunction is canonical; expressions off the chart are cancelled)."""
        return v if isinstance(v, RationalFunction) else sympy.cancel(v)

    def lift(self, c):
        """A constant as a chart value of this algebra's kind."""
        if self.chart.kind is not None:
            return c if isinstance(c, RationalFunction) else RationalFunction.const(Fraction(c))
        return to_sympy(Fraction(c)) if isinstance(c, (int, Fraction)) else c

    @staticmethod
    def is0(v) -> bool:
        return v.is_zero if isinstance(v, RationalFunction) else v == 0

    # ----- logs of positive rational functions, split over a basis
    def _const_sign(self, g, budget) -> int | None:
        if self.ge0(g, None, budget, strict=True) is Truth.TRUE:
            return 1
        if self.ge0(-g, None, budget, strict=True) is Truth.TRUE:
            return -1
        return None

    def log_terms(self, r, budget) -> dict:
        """log r = Σ weight·basis for a rational function r > 0 on the domain: bases ("var",) (the
        symbol; log u = c·s), ("prime", p), ("poly", coefficients of g) (log g, g irreducible over Q
        of constant sign, made positive) or ("log", r) (log r unsplit, when a factor's sign is not
        constant or there is no chart)."""
        if r in self._logs:
            return self._logs[r]
        if not isinstance(r, RationalFunction):
            out = {("log", r): Fraction(1)}
            self._logs[r] = out
            return out
        out: dict = {}
        const = Fraction(1)
        ok = True
        for P, sgn in ((r.N, 1), (r.D, -1)):
            c, facs = P.factor()
            const *= Fraction(int(c.p), int(c.q)) ** sgn
            for g, m in facs:
                if self.chart.kind == "exp" and g.degree() == 1 and g(0) == 0:  # g = u
                    out[("var",)] = out.get(("var",), Fraction(0)) + sgn * m * self.chart.c
                    continue
                sg = self._const_sign(RationalFunction(g, flint.fmpq_poly([1]), reduced=True), budget)
                if sg is None:
                    ok = False
                    break
                if sg < 0:
                    g = -g
                    const *= (-1) ** m
                key = ("poly", tuple((int(q.p), int(q.q)) for q in g.coeffs()))
                out[key] = out.get(key, Fraction(0)) + sgn * m
            if not ok:
                break
        if not ok or const <= 0:
            out = {("log", r): Fraction(1)}
        else:
            for part, sgn in ((const.numerator, 1), (const.denominator, -1)):
                for p, e in sympy.factorint(part).items():
                    out[("prime", int(p))] = out.get(("prime", int(p)), Fraction(0)) + sgn * e
        out = {b: w for b, w in out.items() if w != 0}
        self._logs[r] = out
        return out

    def basis_value(self, b):
        if b[0] == "one":
            return sympy.Integer(1)
        if b[0] == "var":
            return self.var
        if b[0] == "prime":
            return sympy.log(sympy.Integer(b[1]))
        if b[0] == "poly":
            g = sympy.Add(*[sympy_rational(Fraction(p, q)) * CHART_VARIABLE ** i for i, (p, q) in enumerate(b[1])])
            return sympy.log(self.chart.from_u(g))
        return sympy.log(self.expr(b[1]))

    def assemble(self, terms: dict):
        """Σ_basis coef(u)·basis with each coefficient cancelled and factored."""
        parts = []
        for b in sorted(terms, key=str):
            coef = self.canon(terms[b])
            if self.is0(coef):
                continue
            parts.append(self.expr(coef) * self.basis_value(b))
        return sympy.Add(*parts) if parts else sympy.Integer(0)

    def add_log(self, terms: dict, coef, r, budget):
        coef = self.lift(coef)
        for b, w in self.log_terms(r, budget).items():
            terms[b] = terms.get(b, 0) + coef * (w if isinstance(coef, RationalFunction) else sympy_rational(w))

    # ----- dominance: the maximum over candidates for every point of the domain
    def dominant(self, cands, budget, *, rational: bool):
        """``cands``: [(value, witness)] with value a chart function (``rational``) or an expression
        in the symbol, or oo.  Returns (undominated list, how)."""
        inf = [c for c in cands if c[0] == OO]
        if inf:
            return [inf[0]], "a support gap (+oo)"
        # dedupe by canonical form (cancel() is canonical for rational functions; equal closed forms
        # that differ structurally only cost a redundant proof below)
        seen: dict = {}
        for v, w in cands:
            seen.setdefault(self.canon(v) if rational else v, (v, w))
        uniq = list(seen.values())
        if len(uniq) == 1:
            return uniq, "a single distinct value"
        # floats only ORDER the attempts (largest first); every elimination below is a proof
        pt = self.valid.sample()

        def guess(v):
            try:
                return float(sympy.N((self.expr(v) if rational else v).subs(self.var, pt), 15))
            except (TypeError, ValueError, ZeroDivisionError):
                return 0.0

        order = self._separated_order(uniq, pt) if rational else None
        if order is not None:
            uniq = order
        else:
            uniq.sort(key=lambda c: -guess(c[0]))
        balls = {k: (self._sample_exact(v) if rational and self.iv is not None else
                     self._sample_balls(self.expr(v) if rational else v)) for k, (v, _) in enumerate(uniq)}
        index = {id(v): k for k, (v, _) in enumerate(uniq)}

        def ge(a, b):
            # a certified sample point where a < b refutes "a >= b everywhere" without the certifier
            ba, bb = balls[index[id(a)]], balls[index[id(b)]]
            if any(x is not None and y is not None and x[1] < y[0] for x, y in zip(ba, bb)):
                return False
            if rational:
                return self.ge0(a - b, None, budget) is Truth.TRUE
            return self.ge0(None, a - b, budget) is Truth.TRUE

        und = [uniq[0]]
        for c in uniq[1:]:
            if any(ge(u[0], c[0]) for u in und):
                continue
            und = [u for u in und if not ge(c[0], u[0])] + [c]
        how = ("dominance proved for every point of the domain" if len(und) == 1 else
               f"{len(und)} candidates with no proved dominance (the maximiser may change inside the domain, "
               f"or the certifier was undecided): exact Max")
        return und, how

    def _separated_order(self, cands, pt):
        """``cands`` (chart functions) sorted as ``guess`` sorts them, from certified balls of their values at
        ``pt`` instead of building each as a factored sympy expression (sympy ``factor`` per candidate, only to
        print a float): when every two values differ by far more than the error of a 15-digit float (relative
        gap > 1e-9), the order of the 15-digit floats is the order of the values, so both sort alike.  None
        (sort by ``guess``) when a ball contains a pole, two values are that close, or a value is outside the
        floats' normal range — then the order of the floats themselves is what ``guess`` gives."""
        if self.chart.kind not in ("exp", "id") or not getattr(pt, "is_Rational", False):
            return None
        p = Fraction(int(pt.p), int(pt.q))
        old = flint.ctx.prec
        flint.ctx.prec = 128
        try:
            at = flint.arb(flint.fmpq(p.numerator, p.denominator))
            u = (at * flint.arb(flint.fmpq(self.chart.c.numerator, self.chart.c.denominator))).exp() \
                if self.chart.kind == "exp" else at
            values = []
            for v, _ in cands:
                if not isinstance(v, RationalFunction):
                    return None
                den = flint.arb_poly(v.D)(u)
                if den.contains(0):
                    return None
                x = flint.arb_poly(v.N)(u) / den
                m = abs(float(x.mid()))
                if not x.is_finite() or (x != 0 and not 1e-250 < m < 1e250):
                    return None
                values.append(x)
            ranked = sorted(range(len(cands)), key=lambda k: -float(values[k].mid()))
            for a, b in zip(ranked, ranked[1:]):
                gap = values[a] - values[b]
                scale = max(abs(float(values[a].mid())), abs(float(values[b].mid())))
                if not gap > flint.arb(1e-9) * flint.arb(scale):
                    return None
            return [cands[k] for k in ranked]
        finally:
            flint.ctx.prec = old

    def _sample_points(self):
        """A few exact interior points of the domain (for certified refutations)."""
        v = self.valid
        if v.hi == OO:
            return [v.lo + sympy.Rational(k, 4) for k in (1, 4, 8, 16, 40)]
        return [v.lo + (v.hi - v.lo) * sympy.Rational(k, 8) for k in (1, 3, 5, 7)]

    def _sample_exact(self, f):
        """Exact values [q, q] of a chart function at rational interior points of the chart."""
        a, b = self.iv[0], self.iv[1]
        pts = [a + Fraction(k, 4) for k in (1, 4, 8, 20)] if b is None else [a + (b - a) * Fraction(k, 8)
                                                                           for k in (1, 3, 5, 7)]
        out = []
        for p in pts:
            v = f.value_at(p) if isinstance(f, RationalFunction) else None
            out.append(None if v is None else (v, v))
        return out

    def _sample_balls(self, expr):
        """Certified [lo, hi] (Fractions) of ``expr`` at the sample points (None where arb fails)."""
        from exactpriv.exact.intervals import arb_eval, arb_to_fractions

        out = []
        for p in self._sample_points():
            try:
                out.append(arb_to_fractions(arb_eval(expr.subs(self.var, p), 96)))
            except (ExactPrivError, ValueError, TypeError, ZeroDivisionError):
                out.append(None)
        return out

    def result(self, name, und, how, method, *, to_value, note=""):
        if len(und) == 1:
            v, wit = und[0]
            value = to_value(v)
        else:
            value = sympy.Max(*[to_value(v) for v, _ in und], evaluate=False)
            wit = {"pairs": [w for _, w in und]}
        wit = {**wit, "valid_on": self.valid, "variable": str(self.var)}
        full_note = f"closed form valid for {self.valid}; maximum: {how}" + (f"; {note}" if note else "")
        return Measured(name, value, witness=wit, method=method, note=full_note)


# ======================================================================================
# log-linear normal form: exact identities between closed forms
# ======================================================================================
def _log_linear_terms(alg: LogAlgebra, expr, budget):
    """expr = Σ_b coef_b(u)·b over the basis {1, s, log p, log g(u)} (see
    :meth:`LogAlgebra.log_terms`), or None when expr is not of that shape (s², s·log, logs of
    non-positive or non-chart arguments, ...)."""
    from exactpriv.certify.algebra import rewrite_hyperbolic

    e = sympy.expand(rewrite_hyperbolic(to_sympy(expr)), log=False, power_base=False, power_exp=False)
    out: dict = {}
    for term in sympy.Add.make_args(e):
        coef, basis = RationalFunction.const(1), None
        for f in sympy.Mul.make_args(term):
            if isinstance(f, sympy.log):
                if basis is not None:
                    return None
                x = alg.chart.to_u(f.args[0])
                if x is None or alg.ge0(x, None, budget, strict=True) is not Truth.TRUE:
                    return None
                basis = alg.log_terms(x, budget)
            elif alg.chart.kind == "exp" and f == alg.var:
                if basis is not None:
                    return None
                basis = {("var",): Fraction(1)}
            else:
                fu = alg.chart.to_u(f)
                if fu is None:
                    return None
                coef = coef * fu
        for b, w in (basis or {("one",): Fraction(1)}).items():
            out[b] = out.get(b, 0) + coef * w
    return {b: c for b, c in out.items() if not c.is_zero}


def prove_log_linear(lhs, op: str, rhs, domain: Domain, *, seconds: float | None = DEFAULT_SECONDS, _budget=None):
    """Exact proof of ``lhs op rhs`` on ``domain`` through the log-linear normal form, or None.

    Both sides are rewritten (exactly) as Σ_b c_b(s)·b over the basis {1, s, log p (primes),
    log g (irreducible chart polynomials of constant sign)}, the form every closed form of this
    module has.  If the difference has no coefficient left, ``==`` is PROVED (identical normal
    forms); if only the rational part c_1 is left, its sign on the domain is decided exactly on the
    chart.  Returns a TRUE :class:`~exactpriv.exact.decisions.Decision` or None (no verdict: the
    caller falls back on the certifier, which also finds refutation points)."""
    from exactpriv.exact.decisions import Decision

    if op not in ("<", "<=", ">", ">=", "=="):
        raise InvalidArgument(f"op={op!r} must be one of '<', '<=', '>', '>=', '=='")
    diff = to_sympy(lhs) - to_sympy(rhs)
    if op in ("<", "<="):
        diff = -diff
    chart = Chart(domain.variable, [diff], check=False)
    if chart.kind is None:
        return None
    alg = LogAlgebra(chart, domain)
    if alg.iv is None:  # the log basis needs exact signs on the chart
        return None
    budget = ProofBudget(seconds) if _budget is None else _budget
    try:
        terms = _log_linear_terms(alg, diff, budget)
    except (sympy.PolynomialError, ExactPrivError):
        return None
    if terms is None:
        return None
    cert = {"normal_form_of_difference": {str(b): str(alg.expr(c)) for b, c in terms.items()}, "domain": str(domain)}
    if not terms:
        if op in ("<", ">"):
            return None
        return Decision.true("log-linear normal form", f"{lhs} {op} {rhs}: both sides have the same exact normal "
                                                       f"form on {domain}", certificate=cert)
    if op == "==":
        return None
    if set(terms) != {("one",)}:
        return _exponentiated(alg, terms, lhs, op, rhs, domain, cert)
    t = nonnegative_on(terms[("one",)], alg.iv, op in ("<", ">"))
    if t is Truth.TRUE:
        return Decision.true("log-linear normal form + exact sign chart",
                             f"{lhs} {op} {rhs} on {domain}: the logs cancel and the rational remainder "
                             f"{alg.expr(terms[('one',)])} has a certified sign", certificate=cert)
    return None


#: largest total degree of the polynomial sides built by :func:`_exponentiated` (beyond it: no verdict)
_MAX_EXP_DEGREE = 400


def _exponentiated(alg: LogAlgebra, terms: dict, lhs, op: str, rhs, domain: Domain, cert: dict):
    """The difference is Σ rᵢ·log hᵢ(u) with constant rational rᵢ and hᵢ > 0 (u, primes, positive irreducible
    chart polynomials; s = log(u)/c): multiplying by the common denominator L > 0 and exponentiating (exp is
    increasing) it is >= 0 (> 0) iff Π_{nᵢ>0} hᵢ^{nᵢ} − Π_{nᵢ<0} hᵢ^{−nᵢ} is, a rational function of u whose
    sign is decided exactly on the chart (Sturm).  Why: the certifier's interval methods have no argument
    for tails such as 2ε − log(e^{2ε} − e^ε + 1) as ε → ∞, which this exact step settles outright.  Returns a
    TRUE Decision or None."""
    import math

    from exactpriv.exact.decisions import Decision

    if alg.chart.kind is None:
        return None
    weights = {}
    for b, c in terms.items():
        if not isinstance(c, RationalFunction) or c.N.degree() > 0 or c.D.degree() > 0:
            return None  # a coefficient depending on s: not a log of one rational function
        w = Fraction(int(c.N.coeffs()[0].p), int(c.N.coeffs()[0].q)) / Fraction(int(c.D.coeffs()[0].p),
                                                                                int(c.D.coeffs()[0].q))
        if b == ("var",):
            if alg.chart.kind != "exp":
                return None
            h, w = RationalFunction.gen(), w / alg.chart.c  # s = log(u)/c
        elif b[0] == "prime":
            h = RationalFunction.const(b[1])
        elif b[0] == "poly":
            h = RationalFunction(flint.fmpq_poly([flint.fmpq(p, q) for p, q in b[1]]), flint.fmpq_poly([1]))
        else:  # ("one",) with a non-zero constant, or an unsplit log
            return None
        weights[h] = weights.get(h, Fraction(0)) + w
    L = math.lcm(*(w.denominator for w in weights.values())) if weights else 1
    pos, neg = RationalFunction.const(1), RationalFunction.const(1)
    degree = 0
    for h, w in weights.items():
        n = int(w * L)
        degree += abs(n) * max(h.N.degree(), h.D.degree(), 0)
        if degree > _MAX_EXP_DEGREE:
            return None
        if n > 0:
            pos = pos * h ** n
        elif n < 0:
            neg = neg * h ** (-n)
    t = nonnegative_on(pos - neg, alg.iv, op in ("<", ">"))
    if t is not Truth.TRUE:
        return None
    return Decision.true("log-linear normal form, exponentiated",
                         f"{lhs} {op} {rhs} on {domain}: the difference is log of a ratio of positive rational "
                         f"functions of the chart variable (times 1/{L}); their difference "
                         f"{alg.expr(pos - neg)} has a certified sign",
                         certificate={**cert, "exponentiated": {"multiplier": L, "numerator": str(alg.expr(pos)),
                                                                "denominator": str(alg.expr(neg))}})
