"""The certifier: prove or refute a univariate real inequality ``lhs op rhs`` for all ε in an interval.

Method choice (cheapest sound method first; the one that settled the verdict is reported):

0. **Closed ends** are decided exactly by the kernel (:func:`exactpriv.exact.kernel.compare`).
   Infinite ends, ``-oo`` and irrational ends are mapped by a chart (``ε = -x``,
   ``ε = lo + (hi - lo) x``) to a domain with a finite rational left end.
1. **Cases.**  ``Min``/``Max`` (and ``Abs f = Max(f, -f)``) are lifted through sums and constant
   multiples, so ``g = rhs - lhs >= 0`` becomes AND (Min) / OR (Max) of Min/Max-free atoms.
2. **Factor.**  ``g`` is put over one denominator; factors ``ε^k`` (ε >= 0), ``exp(.)``, constants
   of certified sign and factors whose exact sign chart is constant are divided out (a common
   factor vanishing at ε = 0 is what makes both sides touch there).  What remains is ``h`` with
   ``sign g = ±sign h`` on the open domain.
3. **Exact algebra** (:mod:`exactpriv.certify.algebra`): if ``h`` is rational in ε, in
   ``t = e^{ε/m}`` or in ``log ε``, its exact sign chart (verified real-root isolation) decides.
4. **Monotone pieces**: if ``h'`` has an exact sign chart, ``h`` is certified at its local minima
   (exactly at rational critical points, by arb on refined root enclosures otherwise).
5. **Piecewise** (:mod:`exactpriv.certify.bnb`): Taylor bounds with certified remainders at
   touching ends, dominance on ``[R, oo)``, interval branch-and-bound (arb, Taylor forms) in
   between, splitting at rational interior points where the goal touches 0 exactly;
   entropy terms ``y log y`` are enclosed down to ``y = 0``.

Counterexample points found by any method are confirmed on the *original* statement by the
kernel at the exact point (except exact zeros proved by root isolation, which no ball can
confirm).  UNDECIDED carries the reason (time, precision, a tail without argument, ...).

Measured on this machine (2 cores, loaded): each example of the issue takes 0.05-0.5 s; the
hard 1e-30 margin is UNDECIDED in 0.4 s at 64 bits and PROVED in 0.3 s at 1024 bits.

Limitations: interior touching points that are irrational and not critical points of an exact
derivative, functions non-analytic at an open end other than ``y log y`` (``sqrt(ε - 1)`` at 1),
tails that are not exp-polynomials (``log``, ``2**ε``) unless the derivative is exact, and
expressions identically zero on an interval leave the verdict UNDECIDED.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from exactpriv.certify.algebra import exact_decide, rational_form, strip_factors
from exactpriv.certify.asymptotic import tail_sign
from exactpriv.certify.monotone import monotone_decide
from exactpriv.certify.bnb import And, Atom, Or, piecewise
from exactpriv.certify.series import box_ball
from exactpriv.certify.core import Budget, Dom, Outcome, dec_down, dec_up, simplest_between, to_q
from exactpriv.exact.verdicts import Verdict
from exactpriv.errors import (
    BudgetExceededError,
    EntryRangeError,
    ExactPrivError,
    InvalidArgument,
    NotExactError,
    UnknownSymbolError,
)
from exactpriv.exact import budget as deadlines
from exactpriv.exact.decisions import Decision, Truth
from exactpriv.exact.expressions import IntervalBounds, parse_expression, parse_inequality, parse_interval
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, arb_to_fractions
from exactpriv.exact.kernel import compare, decide_sign
from exactpriv.exact.numbers import EPS

__all__ = ["DEFAULT_MAX_PREC", "DEFAULT_SECONDS", "ProofResult", "prove", "prove_identity", "prove_inequality"]

#: Default wall-clock budget of one proof, in seconds.
DEFAULT_SECONDS = 10.0
#: Default ceiling of the arb working precision, in bits.
DEFAULT_MAX_PREC = 1024

_OPS = ("<", "<=", ">", ">=", "==")


# ---------------------------------------------------------------------------------------
# result
@dataclass(frozen=True)
class ProofResult:
    """Outcome of :func:`prove_inequality` / :func:`prove_identity`.

    Attributes
    ----------
    verdict : Verdict
        PROVED, REFUTED or UNDECIDED (the same :class:`~exactpriv.exact.verdicts.Verdict` the claims use).
    method : str
        The method(s) that settled it, e.g. "exact-algebra", "monotone",
        "taylor + dominance + branch-and-bound", "endpoint".
    certificate : dict
        ``steps`` (each method's re-checkable data: sign charts with polynomials and root
        isolation intervals, Taylor orders and remainder bounds, proved boxes with certified
        lower bounds, dominance margins), ``precision`` (max bits used), ``seconds``.
    point : Fraction | sympy number | None
        When REFUTED, where the statement fails (a Fraction whenever possible).
    values : dict | None
        When REFUTED, certified enclosures ``{"lhs": [lo, hi], "rhs": [lo, hi]}`` at the point.
    reason : str
        Why the verdict holds, or for UNDECIDED why it could not be settled.
    """

    verdict: Verdict
    method: str
    certificate: dict = field(default_factory=dict)
    point: object = None
    values: dict | None = None
    reason: str = ""
    statement: str = ""
    domain: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdict", Verdict(self.verdict))

    def __repr__(self) -> str:  # short: the (possibly kilobytes long) certificate stays behind .certificate
        at = "" if self.point is None else f", point={self.point}"
        return (f"ProofResult({self.verdict.value}: {self.statement} for eps in {self.domain}, "
                f"method={self.method!r}{at})")

    def _repr_html_(self) -> str:
        import html

        return (f"{self.verdict._repr_html_()} {html.escape(self.statement)} for ε in {html.escape(self.domain)}"
                f" <em>({html.escape(self.method)})</em>")

    def to_decision(self) -> Decision:
        """TRUE for PROVED, FALSE for REFUTED, UNDECIDED otherwise."""
        truth = {"PROVED": Truth.TRUE, "REFUTED": Truth.FALSE}.get(self.verdict, Truth.UNDECIDED)
        cert = dict(self.certificate)
        if self.point is not None:
            cert["point"] = str(self.point)
        return Decision(truth, f"certify:{self.method}", self.reason, self.certificate.get("precision"), cert)

    def to_json(self) -> dict:
        return {
            "statement": self.statement,
            "domain": self.domain,
            "verdict": self.verdict.value,
            "method": self.method,
            "certificate": _jsonable(self.certificate),
            "point": None if self.point is None else str(self.point),
            "values": _jsonable(self.values),
            "reason": self.reason,
        }


def _jsonable(obj):
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    return str(obj)


# ---------------------------------------------------------------------------------------
# validation
def _check_budget(seconds, max_prec):
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 \
            or seconds != seconds or seconds == float("inf"):
        raise InvalidArgument(f"seconds={seconds!r} of type {type(seconds).__name__} must be a positive finite number")
    if isinstance(max_prec, bool) or not isinstance(max_prec, int) or max_prec < 32:
        raise InvalidArgument(f"max_prec={max_prec!r} of type {type(max_prec).__name__} must be an int >= 32 (bits)")


def _check_variable(variable):
    if not isinstance(variable, sympy.Symbol):
        raise InvalidArgument(f"variable={variable!r} of type {type(variable).__name__} must be a sympy Symbol")
    return variable


def _as_expr(value, name: str, var) -> sympy.Expr:
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not an expression")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number such as "
                            f"'{Fraction(value).limit_denominator(10**6)}'")
    if isinstance(value, str):
        return parse_expression(value, symbols={var.name: var}, name=name)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    if not isinstance(value, sympy.Expr):
        raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not an exact expression")
    if value.has(sympy.Float):
        raise NotExactError(f"{name}={value} contains a float; write exact numbers")
    if value.has(sympy.nan, sympy.zoo) or value.has(sympy.oo, -sympy.oo):
        raise EntryRangeError(f"{name}={value} contains an infinity or nan")
    if value.has(sympy.I):
        raise EntryRangeError(f"{name}={value} is not real (contains I)")
    extra = sorted(str(s) for s in value.free_symbols if s != var)
    if extra:
        raise UnknownSymbolError(f"{name}={value} uses symbol(s) {extra}; only the variable {var} is allowed")
    return value


def _as_endpoint(value, name: str) -> sympy.Expr:
    if isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} of type bool is not a number")
    if isinstance(value, float):
        raise NotExactError(f"{name}={value!r} is a float; write an exact number or oo")
    if isinstance(value, str):
        return parse_expression(value, symbols={}, name=name)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, int):
        return sympy.Integer(value)
    if not isinstance(value, sympy.Expr) or value.free_symbols:
        raise InvalidArgument(f"{name}={value!r} of type {type(value).__name__} is not a constant exact number")
    if value.has(sympy.Float):
        raise NotExactError(f"{name}={value} contains a float")
    if value in (sympy.oo, -sympy.oo):
        return value
    if value.has(sympy.nan, sympy.zoo, sympy.I, sympy.oo, -sympy.oo):
        raise EntryRangeError(f"{name}={value} is not a finite real number (or oo/-oo)")
    return value


def _domain(domain, closed, var):
    """(lo, hi, lo_closed, hi_closed) from a tuple, IntervalBounds or text."""
    if isinstance(domain, str):
        domain = parse_interval(domain, name="domain")
    if isinstance(domain, IntervalBounds):
        lo, hi, lc, hc = domain
    else:
        if not isinstance(domain, (tuple, list)) or len(domain) != 2:
            raise InvalidArgument(f"domain={domain!r} must be a pair (lo, hi), an IntervalBounds or text '[0, oo)'")
        lo, hi = domain
        if not isinstance(closed, (tuple, list)) or len(closed) != 2 or not all(isinstance(c, bool) for c in closed):
            raise InvalidArgument(f"closed={closed!r} must be a pair of bools (lo_closed, hi_closed)")
        lc, hc = closed
    lo, hi = _as_endpoint(lo, "domain lower end"), _as_endpoint(hi, "domain upper end")
    if lo is sympy.oo or hi is -sympy.oo:
        raise InvalidArgument(f"domain ({lo}, {hi}): the lower end cannot be oo nor the upper end -oo")
    if (lo is -sympy.oo and lc) or (hi is sympy.oo and hc):
        raise InvalidArgument(f"domain ends at infinity must be open, got closed={(lc, hc)} for ({lo}, {hi})")
    if lo is not -sympy.oo and hi is not sympy.oo:
        d = compare(lo, "<=", hi, max_prec=512)
        if not d.is_true:
            raise InvalidArgument(f"domain ({lo}, {hi}): the lower end must not exceed the upper end ({d.reason})")
        if compare(lo, "==", hi, max_prec=512).is_true and not (lc and hc):
            raise InvalidArgument(f"domain with equal ends {lo} is empty unless both ends are closed")
    if var.is_nonnegative and (lo is -sympy.oo or compare(lo, "<", 0, max_prec=512).is_true):
        raise InvalidArgument(f"the variable {var} is declared nonnegative; the domain ({lo}, {hi}) must lie in [0, oo)")
    return lo, hi, lc, hc


def _fmt_domain(lo, hi, lc, hc) -> str:
    return f"{'[' if lc else '('}{lo}, {hi}{']' if hc else ')'}"


# ---------------------------------------------------------------------------------------
# charts: map the domain to one with a finite rational left end
@dataclass
class _Chart:
    x: sympy.Symbol
    phi: sympy.Expr  # the original variable as a function of x
    dom: Dom
    note: str | None


def _charts(lo, hi, lc, hc, var) -> list[_Chart]:
    def rat(e):
        return e.is_Rational

    if lo is -sympy.oo:
        x = sympy.Dummy("x", real=True)
        if hi is sympy.oo:
            return [_Chart(x, -x, Dom(Fraction(0), None, True, False), f"{var} = -x, x >= 0"),
                    _Chart(var, var, Dom(Fraction(0), None, True, False), None)]
        if rat(hi):
            return [_Chart(x, -x, Dom(-to_q(hi), None, hc, False), f"{var} = -x")]
        return [_Chart(x, hi - x, Dom(Fraction(0), None, hc, False), f"{var} = {hi} - x")]
    if rat(lo) and (hi is sympy.oo or rat(hi)):
        return [_Chart(var, var, Dom(to_q(lo), None if hi is sympy.oo else to_q(hi), lc, hc), None)]
    x = sympy.Dummy("x", real=True)
    if hi is sympy.oo:
        return [_Chart(x, lo + x, Dom(Fraction(0), None, lc, False), f"{var} = {lo} + x")]
    return [_Chart(x, lo + (hi - lo) * x, Dom(Fraction(0), Fraction(1), lc, hc), f"{var} = {lo} + ({hi - lo})*x")]


# ---------------------------------------------------------------------------------------
# Min/Max cases
def _lift(e, var):
    """A tree ("leaf", expr) | ("min"|"max", [trees]) equal to ``e`` pointwise."""
    if not e.has(sympy.Min, sympy.Max, sympy.Abs):
        return ("leaf", e)
    if isinstance(e, (sympy.Min, sympy.Max)):
        return ("min" if isinstance(e, sympy.Min) else "max", [_lift(a, var) for a in e.args])
    if isinstance(e, sympy.Abs):  # |f| = Max(f, -f)
        inner = _lift(e.args[0], var)
        return ("max", [inner, _scale_tree(inner, sympy.Integer(-1), -1)])
    if isinstance(e, sympy.Add):
        tree = _lift(e.args[0], var)
        for a in e.args[1:]:
            tree = _add_trees(tree, _lift(a, var))
        return tree
    if isinstance(e, sympy.Mul):
        const = [a for a in e.args if not a.has(var)]
        rest = [a for a in e.args if a.has(var)]
        if len(rest) == 1 and const:
            c = sympy.Mul(*const)
            s, _ = decide_sign(c, max_prec=256)
            if s in (1, -1):
                return _scale_tree(_lift(rest[0], var), c, s)
    return ("leaf", e)


def _add_trees(a, b):
    if a[0] == "leaf" and b[0] == "leaf":
        return ("leaf", a[1] + b[1])
    if a[0] != "leaf":
        return (a[0], [_add_trees(c, b) for c in a[1]])
    return (b[0], [_add_trees(a, c) for c in b[1]])


def _scale_tree(t, c, s):
    if t[0] == "leaf":
        return ("leaf", c * t[1])
    kind = t[0] if s > 0 else {"min": "max", "max": "min"}[t[0]]
    return (kind, [_scale_tree(ch, c, s) for ch in t[1]])


def _formula(tree, strict):
    if tree[0] == "leaf":
        return Atom(tree[1], strict)
    cls = And if tree[0] == "min" else Or
    kids = []
    for ch in tree[1]:
        f = _formula(ch, strict)
        kids += list(f.children) if isinstance(f, cls) else [f]
    return cls(tuple(kids))


# ---------------------------------------------------------------------------------------
# per-atom and per-formula proofs
@dataclass
class _Prepared:
    atom: Atom
    h: sympy.Expr
    dom: Dom
    steps: list
    notes: list


def _atom_symbolic(atom: Atom, x, dom: Dom, budget: Budget):
    """(Outcome or None, _Prepared): exact and monotone methods."""
    h0, rstep0, hdom0 = strip_factors(atom.expr, x, dom)  # eps^k, exp(.), constants only
    h, rstep, hdom = strip_factors(atom.expr, x, dom, budget)  # also factors of certified sign
    steps = [rstep] if rstep else []
    prep = _Prepared(Atom(h, atom.strict), h, hdom, steps, [])
    if not h.has(x):
        s, d = decide_sign(h, max_prec=budget.max_prec)
        if s is None:
            prep.notes.append(d.reason)
            return None, prep
        ok = s > 0 or (s == 0 and not atom.strict)
        p = simplest_between(hdom.lo, hdom.hi if hdom.hi is not None else hdom.lo + 2)
        charted = rstep is not None and any(isinstance(f, dict) for f in rstep["removed_factors"])
        method = "exact-algebra" if charted else "exact-sign"
        st = {"method": method, "constant": str(h), "sign": s}
        return Outcome("PROVED" if ok else "REFUTED", method, steps + [st], point=None if ok else p,
                       exact_zero=(s == 0)), prep
    out = exact_decide(h, x, hdom, atom.strict, budget)
    if out is not None:
        if out.status != "UNDECIDED":
            out.steps = steps + out.steps
            return out, prep
        prep.notes.append(out.reason)
    if budget.expired():
        return None, prep
    # h' of the partly reduced form may be rational when that of the fully reduced one is not
    # (1/2 - 1/(t+1) - eps/6 versus -eps (t+1) + 3t - 3), so both are tried
    variants = [(h, hdom, steps)]
    if h0 is not h and h0 != h:
        variants.append((h0, hdom0, [rstep0] if rstep0 else []))
    for hv, dv, sv in variants:
        mono = monotone_decide(hv, x, dv, atom.strict, budget, lambda hh, s: tail_sign(hh, x, s, budget))
        if mono is not None:
            if mono.status != "UNDECIDED":
                mono.steps = sv + mono.steps
                return mono, prep
            prep.notes.append(f"monotone: {mono.reason}")
        if budget.expired():
            break
    return None, prep


def _conjuncts(f):
    return list(f.children) if isinstance(f, And) else [f]


def _prove_formula(formula, x, dom: Dom, budget: Budget, confirm) -> Outcome:
    parts = _conjuncts(formula)
    results: list = [None] * len(parts)
    pending = []
    for i, c in enumerate(parts):
        if isinstance(c, Atom):
            out, prep = _atom_symbolic(c, x, dom, budget)
            if out is not None:
                if out.status == "REFUTED" and confirm(out):
                    return out
                if out.status == "PROVED":
                    results[i] = out
                    continue
                prep.notes.append(f"candidate counterexample {out.point} was not confirmed")
            pending.append((i, prep))
        else:
            pending.append((i, None))
    for j, (i, prep) in enumerate(pending):
        sub = budget.share(1.0 / (len(pending) - j))
        if prep is not None:
            out = piecewise(prep.atom, x, prep.dom, sub, lambda p: confirm(Outcome("REFUTED", "", point=p)))
            out.steps = prep.steps + out.steps
            if out.status == "UNDECIDED" and prep.notes:
                out.reason += " (" + "; ".join(prep.notes) + ")"
        else:
            out = _prove_or(parts[i], x, dom, sub, confirm)
        if out.status == "REFUTED":
            return out
        results[i] = out
    goals = [str(p) for p in parts]
    for r, gl in zip(results, goals):
        r.steps = [dict(s, goal=gl) if isinstance(s, dict) and "goal" not in s else s for s in r.steps]
    steps = [s for r in results for s in r.steps]
    method = " ; ".join(dict.fromkeys(r.method for r in results))
    if all(r.status == "PROVED" for r in results):
        return Outcome("PROVED", method, steps)
    reasons = [f"[{gl}] {r.reason}" for r, gl in zip(results, goals) if r.status != "PROVED"]
    return Outcome("UNDECIDED", method, steps, reason="; ".join(reasons))


def _prove_or(f: Or, x, dom: Dom, budget: Budget, confirm) -> Outcome:
    """Some disjunct proved on the whole domain, else the piecewise engine on the disjunction."""
    n = len(f.children)
    for k, child in enumerate(f.children):
        sub = budget.share(0.5 / (n - k))
        out = _prove_formula(child, x, dom, sub, lambda o: True)  # stop at the disjunct's first failure
        if out.status == "PROVED":
            out.steps.insert(0, {"method": "cases", "argument": f"the disjunct [{child}] holds on the whole domain"})
            return out
    return piecewise(f, x, dom, budget, lambda p: confirm(Outcome("REFUTED", "", point=p)))


# ---------------------------------------------------------------------------------------
# confirmation of counterexamples on the original statement
class _Confirmer:
    """Confirms a candidate counterexample on the original statement with the kernel, preferring
    a nearby short rational point when the candidate is irrational (charts with irrational ends)."""

    def __init__(self, lhs, op, rhs, var, chart: _Chart, budget: Budget, bounds):
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
                self.confirmed = (q, _values(a, b), d.reason, False)
                return True
        sp = sympy.Rational(point.numerator, point.denominator) if isinstance(point, Fraction) else point
        a, b, d = self._check(sp)
        if d is not None and d.is_false:
            how = d.reason
        elif out.exact_zero and (d is None or not d.is_true):
            how = "both sides are equal there (an exact zero of the difference, proved by the algebra above)"
        else:
            return False
        values = _values(a, b) if a is not None else {"lhs": None, "rhs": None}
        if None in values.values() and out.point_enclosure is not None and self.chart.phi == self.chart.x:
            values = _values(self.lhs, self.rhs, env={self.var: out.point_enclosure})
        self.confirmed = (point, values, how, out.exact_zero)
        return True


def _values(a, b, env=None) -> dict:
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


# ---------------------------------------------------------------------------------------
# public API
def _bounded(method, lhs, op, rhs, domain, closed, variable, seconds, max_prec) -> ProofResult:
    """Run ``method`` where it can be stopped: sympy steps ignore the cooperative budget (a 15 s
    proof ran past 300 s inside ``simplify``), so the proof runs in the warm worker of
    :func:`exactpriv.exact.budget.run_bounded`, killed after ``seconds`` plus a grace for the
    cooperative wind-down; a kill gives UNDECIDED with the reason."""
    kwargs = {"domain": domain, "closed": closed, "variable": variable, "seconds": seconds, "max_prec": max_prec}
    try:
        return deadlines.run_bounded(_call, method, (lhs, op, rhs), kwargs, seconds=seconds + max(0.5, 0.1 * seconds),
                                     what="the proof", warm=True)
    except BudgetExceededError as exc:
        statement = f"{_shorten(lhs)} {op} {_shorten(rhs)}"
        try:
            dom_text = _fmt_domain(*_domain(domain, closed, variable))
        except Exception:  # noqa: BLE001 - only for the message
            dom_text = _shorten(domain)
        why = (f"the proof did not finish within its budget of {seconds:g} s: stopped inside a symbolic step that "
               f"ignores the budget" if "did not finish" in str(exc) else str(exc))
        return ProofResult("UNDECIDED", "budget", {"steps": [], "precision": None, "seconds": seconds},
                           reason=why, statement=statement, domain=dom_text)


def _call(method, args, kwargs):
    return method(*args, **kwargs)


def _shorten(x, limit: int = 200) -> str:
    text = str(x)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def prove_inequality(lhs, op: str, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=EPS,
                     seconds: float = DEFAULT_SECONDS, max_prec: int = DEFAULT_MAX_PREC) -> ProofResult:
    """Prove or refute ``lhs op rhs`` for every ``variable`` in the interval ``domain``.

    Parameters
    ----------
    lhs, rhs : sympy expression, int, Fraction, or text of the safe grammar
        Exact expressions in ``variable`` only (floats are refused).
    op : {"<", "<=", ">", ">=", "=="}
        ``"=="`` is delegated to :func:`prove_identity`.
    domain : pair (lo, hi), :class:`IntervalBounds` or text such as ``"[0, oo)"``
        Ends are exact constants (rational, or e.g. ``log(2)``) or ``-oo``/``oo``.
    closed : pair of bools
        Whether each end belongs to the domain (ignored when ``domain`` is text/IntervalBounds).
    variable : sympy Symbol
        Default :data:`EPS` (nonnegative; the domain must then lie in [0, oo)).
    seconds, max_prec : budget
        Wall-clock seconds and the largest arb precision in bits.

    Returns
    -------
    ProofResult
        PROVED with a certificate, REFUTED with a confirmed point and the certified values of
        both sides there, or UNDECIDED with the reason.

    Examples
    --------
    Cuff–Yu (seed 001, Property 1): ``prove_inequality(EPS*tanh(EPS/2), "<=", Min(EPS, EPS**2))``
    is PROVED on [0, oo).
    """
    _check_variable(variable)
    if op not in _OPS:
        raise InvalidArgument(f"op={op!r} must be one of {list(_OPS)}")
    _check_budget(seconds, max_prec)
    return _bounded(_prove_inequality_now, lhs, op, rhs, domain, closed, variable, seconds, max_prec)


def _prove_inequality_now(lhs, op, rhs, *, domain, closed, variable, seconds, max_prec) -> ProofResult:
    var = variable
    lhs_e, rhs_e = _as_expr(lhs, "lhs", var), _as_expr(rhs, "rhs", var)
    if op == "==":
        return prove_identity(lhs_e, rhs_e, domain=domain, closed=closed, variable=var, seconds=seconds,
                              max_prec=max_prec)
    lo, hi, lc, hc = _domain(domain, closed, var)
    statement, dom_text = f"{lhs_e} {op} {rhs_e}", _fmt_domain(lo, hi, lc, hc)
    budget = Budget(float(seconds), max_prec)
    strict = op in ("<", ">")
    g = rhs_e - lhs_e if op in ("<", "<=") else lhs_e - rhs_e
    steps = []

    def result(verdict, method, reason, *, point=None, values=None):
        cert = {"goal": f"g {'>' if strict else '>='} 0 with g = {g}", "steps": steps,
                "subintervals": [{"interval": st["interval"], "method": st["method"], "goal": st.get("goal", "")}
                                 for st in steps if "interval" in st],
                "precision": budget.used_prec or None, "seconds": round(budget.elapsed(), 3)}
        return ProofResult(verdict, method, cert, point, values, reason, statement, dom_text)

    # 0. closed ends, exactly
    for end, closed_end in ((lo, lc), (hi, hc)):
        if not closed_end or end in (sympy.oo, -sympy.oo):
            continue
        try:
            a, b = lhs_e.subs(var, end), rhs_e.subs(var, end)
            d = compare(a, op, b, max_prec=max(256, max_prec))
        except EntryRangeError as exc:
            raise EntryRangeError(f"the inequality is undefined at the closed end {var} = {end} ({exc}); "
                                  f"exclude that end with '(' or ')'") from None
        steps.append({"method": "endpoint", "point": str(end), "decision": d.truth.value, "by": d.method,
                      "reason": d.reason})
        budget.note_prec(d.precision or 0)
        if d.is_false:
            pt = to_q(end) if end.is_Rational else end
            return result("REFUTED", "endpoint", f"fails at the closed end {var} = {end}: {d.reason}",
                          point=pt, values=_values(a, b))
        if d.is_undecided:
            return result("UNDECIDED", "endpoint", f"the closed end {var} = {end} is not decided: {d.reason}")
        if lo == hi:
            return result("PROVED", "endpoint", f"the domain is the single point {end}")

    # 1-5. per chart, per case
    outcomes = []
    charts = _charts(lo, hi, lc, hc, var)
    for idx, chart in enumerate(charts):
        gx = g if chart.phi == var else g.subs(var, chart.phi)
        formula = _formula(_lift(gx, chart.x), strict)
        if chart.note:
            steps.append({"method": "substitution", "chart": chart.note, "domain_of_x": str(chart.dom)})
        if not isinstance(formula, Atom):
            steps.append({"method": "cases", "formula": str(formula),
                          "argument": "Min/Max (and Abs(f) = Max(f, -f)) lifted through sums and constant factors: "
                                      "Min -> AND, Max -> OR"})
        confirm = _Confirmer(lhs_e, op, rhs_e, var, chart, budget, (lo, hi, lc, hc))
        out = _prove_formula(formula, chart.x, chart.dom, budget.share(1.0 / (len(charts) - idx)), confirm)
        steps.extend(out.steps)
        if out.status == "REFUTED":
            if confirm.confirmed is None and not confirm(out):
                return result("UNDECIDED", out.method, f"candidate counterexample {out.point} not confirmed")
            point, values, how, exact_zero = confirm.confirmed
            if isinstance(point, Fraction) or not exact_zero:
                reason = f"fails at {var} = {point}: {how}"
            else:
                reason = f"fails at {var} = {point} (about {float(sympy.N(point, 15)):.12g}): {how}"
            return result("REFUTED", out.method, reason, point=point, values=values)
        outcomes.append(out)
    method = " ; ".join(dict.fromkeys(o.method for o in outcomes))
    if all(o.status == "PROVED" for o in outcomes):
        return result("PROVED", method, f"{statement} holds for all {var} in {dom_text}")
    return result("UNDECIDED", method, "; ".join(o.reason for o in outcomes if o.status != "PROVED"))


def _sample_points(dom: Dom, n: int = 8) -> list[Fraction]:
    hi = dom.hi if dom.hi is not None else dom.lo + 4
    w = hi - dom.lo
    pts = [simplest_between(dom.lo + w * i / (n + 1) - w / (4 * (n + 1)), dom.lo + w * i / (n + 1) + w / (4 * (n + 1)))
           for i in range(1, n + 1)]
    return list(dict.fromkeys(pts))


def prove_identity(lhs, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=EPS,
                   seconds: float = DEFAULT_SECONDS, max_prec: int = DEFAULT_MAX_PREC) -> ProofResult:
    """Prove or refute ``lhs == rhs`` for every ``variable`` in ``domain``.

    PROVED only by exact algebra: after rewriting sinh/cosh/tanh with exp and ``t = e^{ε/m}``,
    ``sympy.cancel`` reduces ``lhs - rhs`` to 0 (method "exact-algebra"), or ``sympy.simplify``
    returns exactly 0 ("sympy-simplify").  REFUTED at a rational point where the kernel
    certifies ``lhs != rhs``.  Otherwise UNDECIDED (agreement at sample points is not a proof).
    """
    _check_variable(variable)
    _check_budget(seconds, max_prec)
    return _bounded(_prove_identity_now, lhs, "==", rhs, domain, closed, variable, seconds, max_prec)


def _prove_identity_now(lhs, _op, rhs, *, domain, closed, variable, seconds, max_prec) -> ProofResult:
    var = variable
    lhs_e, rhs_e = _as_expr(lhs, "lhs", var), _as_expr(rhs, "rhs", var)
    lo, hi, lc, hc = _domain(domain, closed, var)
    statement, dom_text = f"{lhs_e} == {rhs_e}", _fmt_domain(lo, hi, lc, hc)
    budget = Budget(float(seconds), max_prec)
    steps = []

    def result(verdict, method, reason, point=None, values=None):
        cert = {"steps": steps, "precision": budget.used_prec or None, "seconds": round(budget.elapsed(), 3)}
        return ProofResult(verdict, method, cert, point, values, reason, statement, dom_text)

    d = lhs_e - rhs_e
    if lo == hi:
        dd = compare(lhs_e.subs(var, lo), "==", rhs_e.subs(var, lo), max_prec=max_prec)
        verdict = {Truth.TRUE: "PROVED", Truth.FALSE: "REFUTED"}.get(dd.truth, "UNDECIDED")
        return result(verdict, "endpoint", dd.reason, point=to_q(lo) if verdict == "REFUTED" and lo.is_Rational
                      else None)
    proved_all, method = True, "exact-algebra"
    for chart in _charts(lo, hi, lc, hc, var):
        dx = d if chart.phi == var else d.subs(var, chart.phi)
        form = rational_form(dx, chart.x)
        confirm = _Confirmer(lhs_e, "==", rhs_e, var, chart, budget, (lo, hi, lc, hc))
        if form is not None:
            steps.append({"method": "exact-algebra", **form.describe()})
            if form.N.is_zero:
                continue
            candidates = _sample_points(chart.dom)
        else:
            simp = sympy.simplify(dx)
            steps.append({"method": "sympy-simplify", "simplified_difference": str(simp)})
            if simp == 0:
                method = "sympy-simplify"
                continue
            candidates = _sample_points(chart.dom)
        for p in candidates:
            if confirm(Outcome("REFUTED", "", point=p)):
                point, values, how, _ = confirm.confirmed
                return result("REFUTED", "sample-point", f"differs at {var} = {point}: {how}", point, values)
            if budget.expired():
                break
        proved_all = False
    if proved_all:
        return result("PROVED", method, f"{statement} holds identically on {dom_text}")
    # fallback: lhs <= rhs and lhs >= rhs (e.g. identities of Min/Max, which split into cases)
    halves = []
    for k, op in enumerate(("<=", ">=")):
        res = prove_inequality(lhs_e, op, rhs_e, domain=(lo, hi), closed=(lc, hc), variable=var,
                               seconds=max(budget.remaining() / (2 - k), 1e-3), max_prec=max_prec)
        budget.note_prec(res.certificate.get("precision") or 0)
        steps.append({"method": "two-inequalities", "statement": res.statement, "verdict": res.verdict,
                      "by": res.method, "steps": res.certificate.get("steps", [])})
        if res.verdict == "REFUTED":
            return result("REFUTED", res.method, res.reason, res.point, res.values)
        halves.append(res)
    if all(r.verdict == "PROVED" for r in halves):
        return result("PROVED", "two-inequalities", f"{statement} holds on {dom_text}: both <= and >= are proved")
    return result("UNDECIDED", method, "no exact proof of the identity, no certified difference at the sample "
                                       "points, and the two inequalities were not both proved: "
                  + "; ".join(r.reason for r in halves if r.verdict != "PROVED"))


def prove(text: str, *, domain="[0, oo)", seconds: float = DEFAULT_SECONDS, max_prec: int = DEFAULT_MAX_PREC,
          variable=EPS) -> ProofResult:
    """Parse ``text`` (``"lhs op rhs"``, safe grammar) and ``domain`` (``"[0, oo)"``) and prove it.

    Example: ``prove("eps*tanh(eps/2) <= Min(eps, eps**2)")`` (Cuff–Yu, seed 001, Property 1).
    """
    var = _check_variable(variable)
    if not isinstance(text, str):
        raise InvalidArgument(f"text={text!r} of type {type(text).__name__} must be a string 'lhs op rhs'")
    lhs, op, rhs = parse_inequality(text, symbols={var.name: var}, name="inequality")
    dom = parse_interval(domain, name="domain") if isinstance(domain, str) else domain
    return prove_inequality(lhs, op, rhs, domain=dom, variable=var, seconds=seconds, max_prec=max_prec)
