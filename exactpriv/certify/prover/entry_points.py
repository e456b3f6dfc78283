"""The certifier's public entry points: :func:`prove_inequality`, :func:`prove_identity`, :func:`prove`.

Each validates its input, runs the method chain of :mod:`exactpriv.certify.prover` on every chart of
the domain within an *effort* (:class:`~exactpriv.effort.Effort`: ``proof_steps`` steps up to
``precision_bits`` bits, the same on every machine), and reports which method settled the verdict;
UNDECIDED carries the reason and the effort spent.  ``seconds`` is a time limit only, a safety net: a
proof it stops is STOPPED, never UNDECIDED.  Identities are proved by exact simplification, refuted at
an exact sample point.
"""

from __future__ import annotations

import dataclasses
import pickle
from fractions import Fraction

import sympy

from exactpriv.certify.algebra import rational_form
from exactpriv.certify.bnb import Atom
from exactpriv.certify.core import Budget, Dom, Outcome, simplest_between, to_q
from exactpriv.effort import deadline, expired, recording_stops, run_bounded
from exactpriv.effort.knobs import Effort
from exactpriv.effort.knobs import current as current_effort
from exactpriv.effort.knobs import parse_effort
from exactpriv.errors import EntryRangeError, InvalidArgument, TimeLimitReached
from exactpriv.exact.decisions import Truth
from exactpriv.exact.expressions import parse_inequality, parse_interval
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.certify.rewriting import rewrite
from .cases import formula_of_tree, min_max_tree, prove_formula
from .confirm import Confirmer, certified_sides
from .domains import as_expression, charts_of, check_budget, check_variable, domain_bounds, domain_text
from .result import RELATIONS, DEFAULT_SECONDS, ProofResult

__all__ = ["prove_inequality", "prove_identity", "prove"]


# ---------------------------------------------------------------------------------------
# public API
def _bounded(method, lhs, op, rhs, domain, closed, variable, seconds, max_prec, steps) -> ProofResult:
    """Run ``method`` where it can be stopped: sympy steps cannot look at the clock (a 15 s proof ran past
    300 s inside ``simplify``), so the proof runs in the warm worker of :func:`exactpriv.effort.run_bounded`,
    killed a grace period after its time limit (``seconds``, or the deadline in force); a kill is STOPPED."""
    kwargs = {"domain": domain, "closed": closed, "variable": variable, "seconds": seconds, "max_prec": max_prec,
              "steps": steps}
    # the domain as the proof reads it: a bad one raises here as it would there (1.0, True and 1 are equal keys in
    # Python, so keying on the raw arguments recalled a remembered proof for a domain the proof refuses)
    bounds = domain_bounds(domain, closed, variable)
    try:
        key = (method.__name__, type(lhs), lhs, op, type(rhs), rhs, bounds, variable, seconds, max_prec, steps,
               current_effort())
        hash(key)
    except TypeError:  # an argument that is not hashable (e.g. a mutable domain object): proved, not remembered
        key = None
    if key is not None and key in _REMEMBERED:
        return _recalled(_REMEMBERED[key])
    try:
        with recording_stops() as stops:
            res = run_bounded(_call, method, (lhs, op, rhs), kwargs,
                              seconds=None if seconds is None else seconds + max(0.5, 0.1 * seconds),
                              what="the proof", warm=True)
    except TimeLimitReached as exc:
        statement = f"{_shorten(lhs)} {op} {_shorten(rhs)}"
        dom_text = domain_text(*bounds)
        return ProofResult("STOPPED", "time limit", {"steps": [], "precision": None,
                                                     "effort": {"proof_steps": steps, "precision_bits": max_prec}},
                           reason=f"stopped by the time limit inside a symbolic step that cannot look at the clock "
                                  f"({exc})", statement=statement, domain=dom_text)
    if key is not None and res.verdict != "STOPPED" and not stops and not expired():
        try:
            data = pickle.dumps(res, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - computed in-process (no fork) with a part that does not pickle
            return res
        if len(_REMEMBERED) >= _REMEMBERED_SIZE:
            _REMEMBERED.clear()
        _REMEMBERED[key] = data
    return res


# A proof is a pure function of the statement, the domain and the effort (steps, precision, the effort's other
# knobs), deterministic, and the bank asks for the same ones across readings (the exact reading and its variants
# decide the same closed forms: 208 proofs of 166 distinct statements in one `verify`, 0.6 s of the worker's CPU).
# Only a proof the time limit touched nowhere (no stop noted, the deadline not expired, not STOPPED) is
# remembered, so a remembered result is the one an unlimited run computes.  It is kept pickled, as it came back
# from the worker: every caller gets its own copy (its certificate is a mutable dict).
_REMEMBERED: dict = {}
_REMEMBERED_SIZE = 1024


def _recalled(data: bytes) -> ProofResult:
    res = pickle.loads(data)
    return dataclasses.replace(res, timing={"seconds": 0.0, "remembered": True})


def _resolve_effort(effort, max_prec) -> tuple[int, int]:
    """(steps, max_prec) of a proof: the effort given (an Effort, a level, a factor) or the current one."""
    eff = current_effort() if effort is None else effort if isinstance(effort, Effort) else parse_effort(effort)
    return eff.proof_steps, (eff.precision_bits if max_prec is None else max_prec)


def _time_limit(seconds):
    """The proof's own time limit (a safety net), if any, inside the deadline in force."""
    import contextlib

    return contextlib.nullcontext() if seconds is None else deadline(seconds, what="proof")


def _call(method, args, kwargs):
    return method(*args, **kwargs)


def _shorten(x, limit: int = 200) -> str:
    text = str(x)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def prove_inequality(lhs, op: str, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=EPS,
                     seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = None,
                     effort: Effort | str | float | None = None) -> ProofResult:
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
    effort : :class:`~exactpriv.effort.Effort`, a level name or a factor (default: the current effort)
        How far the proof goes: ``proof_steps`` steps (boxes, refinements, cases) up to
        ``precision_bits`` bits — what decides between PROVED and UNDECIDED, the same on every machine.
    max_prec : int, optional
        The largest arb precision in bits (default: the effort's ``precision_bits``).
    seconds : float, optional
        A time limit, a safety net only (default none: the deadline in force, if any); a proof it
        stops is STOPPED, never UNDECIDED.

    Returns
    -------
    ProofResult
        PROVED with a certificate, REFUTED with a confirmed point and the certified values of
        both sides there, UNDECIDED with the reason and the effort spent, or STOPPED.

    Examples
    --------
    Cuff–Yu (Cuff–Yu, Property 1): ``prove_inequality(EPS*tanh(EPS/2), "<=", Min(EPS, EPS**2))``
    is PROVED on [0, oo).
    """
    check_variable(variable)
    if op not in RELATIONS:
        raise InvalidArgument(f"op={op!r} must be one of {list(RELATIONS)}")
    steps, max_prec = _resolve_effort(effort, max_prec)
    check_budget(seconds, max_prec)
    return _bounded(_prove_inequality_now, lhs, op, rhs, domain, closed, variable, seconds, max_prec, steps)


def _prove_inequality_now(lhs, op, rhs, *, domain, closed, variable, seconds, max_prec, steps) -> ProofResult:
    with _time_limit(seconds):
        return _prove_inequality_within(lhs, op, rhs, domain=domain, closed=closed, variable=variable,
                                        max_prec=max_prec, steps=steps)


def _prove_inequality_within(lhs, op, rhs, *, domain, closed, variable, max_prec, steps,
                             rewrites_left: int = 4) -> ProofResult:
    var = variable
    lhs_e, rhs_e = as_expression(lhs, "lhs", var), as_expression(rhs, "rhs", var)
    if op == "==":
        return _prove_identity_within(lhs_e, rhs_e, domain=domain, closed=closed, variable=var, max_prec=max_prec,
                                      steps=steps)
    lo, hi, lc, hc = domain_bounds(domain, closed, var)
    statement, dom_text = f"{lhs_e} {op} {rhs_e}", domain_text(lo, hi, lc, hc)
    budget = Budget(steps, max_prec)
    strict = op in ("<", ">")
    g = rhs_e - lhs_e if op in ("<", "<=") else lhs_e - rhs_e
    steps = []

    def result(verdict, method, reason, *, point=None, values=None):
        cert = {"goal": f"g {'>' if strict else '>='} 0 with g = {g}", "steps": steps,
                "subintervals": [{"interval": st["interval"], "method": st["method"], "goal": st.get("goal", "")}
                                 for st in steps if "interval" in st],
                "precision": budget.used_prec or None, "effort": budget.effort_json()}
        return _finish(budget, verdict, method, cert, point, values, reason, statement, dom_text)

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
                          point=pt, values=certified_sides(a, b))
        if d.is_undecided:
            return result("UNDECIDED", "endpoint", f"the closed end {var} = {end} is not decided: {d.reason}")
        if lo == hi:
            return result("PROVED", "endpoint", f"the domain is the single point {end}")

    # an exponential of a non-linear function of the variable: monotone rewritings first (exactpriv.certify.rewriting)
    notes = []
    if rewrites_left > 0:
        proved, note = _by_rewriting(lhs_e, op, rhs_e, var, (lo, hi), (lc, hc), max_prec, budget, steps,
                                     rewrites_left)
        if proved:
            return result("PROVED", "rewrite", f"{statement} holds for all {var} in {dom_text}: {note}")
        if note:
            notes.append(note)

    # 1-5. per chart, per case
    outcomes = []
    charts = charts_of(lo, hi, lc, hc, var)
    for idx, chart in enumerate(charts):
        gx = g if chart.phi == var else g.subs(var, chart.phi)
        formula = formula_of_tree(min_max_tree(gx, chart.x), strict)
        if chart.note:
            steps.append({"method": "substitution", "chart": chart.note, "domain_of_x": str(chart.dom)})
        if not isinstance(formula, Atom):
            steps.append({"method": "cases", "formula": str(formula),
                          "argument": "Min/Max (and Abs(f) = Max(f, -f)) lifted through sums and constant factors: "
                                      "Min -> AND, Max -> OR"})
        confirm = Confirmer(lhs_e, op, rhs_e, var, chart, budget, (lo, hi, lc, hc))
        out = prove_formula(formula, chart.x, chart.dom, budget.share(1.0 / (len(charts) - idx)), confirm)
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
    return result("UNDECIDED", method, "; ".join([o.reason for o in outcomes if o.status != "PROVED"] + notes))


def _by_rewriting(lhs, op, rhs, var, domain, closed, max_prec, budget: Budget, steps: list, rewrites_left: int):
    """(proved, note): the statement proved through one rewriting step of :mod:`exactpriv.certify.rewriting`
    (each sub-statement proved on the same domain, within half of the budget left), its steps appended to
    ``steps``; or (False, why not) — only PROVED is taken from a rewritten statement."""
    step = rewrite(lhs, op, rhs, var)
    if step is None:
        return False, None
    record = step.describe()
    record["proofs"] = []
    share = max(1, budget.steps_left() // 2)
    for k, (l, o, r) in enumerate(step.goals):
        res = _prove_inequality_within(l, o, r, domain=domain, closed=closed, variable=var, max_prec=max_prec,
                                       steps=max(1, share // (len(step.goals) - k)), rewrites_left=rewrites_left - 1)
        used = res.certificate.get("effort", {}).get("steps_used", 0)
        budget.used += used
        share -= used
        if res.verdict == "STOPPED":
            budget.root().stopped = True
        budget.note_prec(res.certificate.get("precision") or 0)
        record["proofs"].append({"statement": res.statement, "verdict": res.verdict, "by": res.method,
                                 "steps": res.certificate.get("steps", [])})
        if res.verdict != "PROVED":
            return False, f"rewritten by {step.rule} ({step.argument}), {res.statement} is {res.verdict}: {res.reason}"
    steps.append(record)
    return True, f"by {step.rule}: {step.argument}; each rewritten statement proved"


def _sample_points(dom: Dom, n: int = 8) -> list[Fraction]:
    hi = dom.hi if dom.hi is not None else dom.lo + 4
    w = hi - dom.lo
    pts = [simplest_between(dom.lo + w * i / (n + 1) - w / (4 * (n + 1)), dom.lo + w * i / (n + 1) + w / (4 * (n + 1)))
           for i in range(1, n + 1)]
    return list(dict.fromkeys(pts))


def prove_identity(lhs, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=EPS,
                   seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = None,
                   effort: Effort | str | float | None = None) -> ProofResult:
    """Prove or refute ``lhs == rhs`` for every ``variable`` in ``domain``.

    PROVED only by exact algebra: after rewriting sinh/cosh/tanh with exp and ``t = e^{ε/m}``,
    ``sympy.cancel`` reduces ``lhs - rhs`` to 0 (method "exact-algebra"), or ``sympy.simplify``
    returns exactly 0 ("sympy-simplify").  REFUTED at a rational point where the kernel
    certifies ``lhs != rhs``.  Otherwise UNDECIDED (agreement at sample points is not a proof).
    ``effort``, ``max_prec`` and ``seconds`` as in :func:`prove_inequality`.
    """
    check_variable(variable)
    steps, max_prec = _resolve_effort(effort, max_prec)
    check_budget(seconds, max_prec)
    return _bounded(_prove_identity_now, lhs, "==", rhs, domain, closed, variable, seconds, max_prec, steps)


def _prove_identity_now(lhs, _op, rhs, *, domain, closed, variable, seconds, max_prec, steps) -> ProofResult:
    with _time_limit(seconds):
        return _prove_identity_within(lhs, rhs, domain=domain, closed=closed, variable=variable, max_prec=max_prec,
                                      steps=steps)


def _prove_identity_within(lhs, rhs, *, domain, closed, variable, max_prec, steps) -> ProofResult:
    var = variable
    n_steps = steps
    lhs_e, rhs_e = as_expression(lhs, "lhs", var), as_expression(rhs, "rhs", var)
    lo, hi, lc, hc = domain_bounds(domain, closed, var)
    statement, dom_text = f"{lhs_e} == {rhs_e}", domain_text(lo, hi, lc, hc)
    budget = Budget(n_steps, max_prec)
    steps = []

    def result(verdict, method, reason, point=None, values=None):
        cert = {"steps": steps, "precision": budget.used_prec or None, "effort": budget.effort_json()}
        return _finish(budget, verdict, method, cert, point, values, reason, statement, dom_text)

    d = lhs_e - rhs_e
    if lo == hi:
        dd = compare(lhs_e.subs(var, lo), "==", rhs_e.subs(var, lo), max_prec=max_prec)
        verdict = {Truth.TRUE: "PROVED", Truth.FALSE: "REFUTED"}.get(dd.truth, "UNDECIDED")
        return result(verdict, "endpoint", dd.reason, point=to_q(lo) if verdict == "REFUTED" and lo.is_Rational
                      else None)
    proved_all, method = True, "exact-algebra"
    for chart in charts_of(lo, hi, lc, hc, var):
        dx = d if chart.phi == var else d.subs(var, chart.phi)
        form = rational_form(dx, chart.x)
        confirm = Confirmer(lhs_e, "==", rhs_e, var, chart, budget, (lo, hi, lc, hc))
        if form is not None:
            steps.append({"method": "exact-algebra", **form.describe()})
            if form.N.is_zero:
                continue
            candidates = _sample_points(chart.dom)
        else:
            size, limit = sympy.count_ops(dx), current_effort().symbolic_size
            if size > limit:  # bounded by size before it starts: simplify has no deadline (issue 19)
                steps.append({"method": "sympy-simplify", "not_attempted": f"{size:,} operations > the effort's "
                                                                           f"symbolic_size {limit:,}"})
                simp = dx
            else:
                simp = sympy.simplify(dx)
                steps.append({"method": "sympy-simplify", "simplified_difference": sympy.sstr(simp, order="none")})
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
        res = _prove_inequality_within(lhs_e, op, rhs_e, domain=(lo, hi), closed=(lc, hc), variable=var,
                                       max_prec=max_prec, steps=max(1, budget.steps_left() // (2 - k)))
        budget.used += res.certificate.get("effort", {}).get("steps_used", 0)
        if res.verdict == "STOPPED":
            budget.root().stopped = True
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


def prove(text: str, *, domain="[0, oo)", seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = None,
          variable=EPS, effort: Effort | str | float | None = None) -> ProofResult:
    """Parse ``text`` (``"lhs op rhs"``, safe grammar) and ``domain`` (``"[0, oo)"``) and prove it.

    Example: ``prove("eps*tanh(eps/2) <= Min(eps, eps**2)")`` (Cuff–Yu, Cuff–Yu, Property 1).
    """
    var = check_variable(variable)
    if not isinstance(text, str):
        raise InvalidArgument(f"text={text!r} of type {type(text).__name__} must be a string 'lhs op rhs'")
    lhs, op, rhs = parse_inequality(text, symbols={var.name: var}, name="inequality")
    dom = parse_interval(domain, name="domain") if isinstance(domain, str) else domain
    return prove_inequality(lhs, op, rhs, domain=dom, variable=var, seconds=seconds, max_prec=max_prec, effort=effort)


def _finish(budget: Budget, verdict, method, cert, point, values, reason, statement, dom_text) -> ProofResult:
    """The proof's result; an UNDECIDED the time limit caused is STOPPED (the effort was not spent)."""
    if verdict == "UNDECIDED" and budget.root().stopped:
        verdict, reason = "STOPPED", f"stopped by the time limit before the effort was spent ({reason})"
    elif verdict == "UNDECIDED" and budget.root().spent() and "effort spent" not in reason:
        reason = f"{reason} [{budget.why_not_further()}]"
    return ProofResult(verdict, method, cert, point, values, reason, statement, dom_text,
                       timing={"seconds": round(budget.elapsed(), 3)})

