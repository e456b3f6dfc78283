"""Deciding claims for ALL values of a parameter on symbolic mechanism families.

A bank claim "α-A ⇒ f(α)-B", an equality "B(M(ε)) = g(ε)" or a tightness witness is decided
here for every ε of a domain at once, not at sample points:

1. the measures of the family M(s) are replaced by their exact closed forms
   (:mod:`exactpriv.measures.symbolic`), each valid on a stated domain;
2. the resulting univariate statement (``B <= f(A)``, ``B == g``, ...) is first tried in the exact
   log-linear normal form (:func:`exactpriv.measures.symbolic.prove_log_linear`: equal normal
   forms prove identities such as ln(e^ε − 1 + e^{−ε}) = ln(e^{2ε} − e^ε + 1) − ε, which the
   certifier alone leaves undecided), then handed to the certifier
   (:func:`exactpriv.certify.prove_inequality` / :func:`~exactpriv.certify.prove_identity`):
   PROVED comes with its certificate, REFUTED with a confirmed point and certified values;
3. requested closed ends excluded from the closed forms' validity (an entry vanishes there, so
   the support changes) are decided separately and exactly on ``M.subs(s=end)`` with the exact
   numeric measures of :mod:`exactpriv.measures`.

Why: sampling ε proves nothing, and the certifier alone cannot see a mechanism — composing the
exact closed forms with the certifier turns "on these families" statements into theorems.
Implications assume f non-decreasing (as :func:`exactpriv.claims.implication` does): then
"A(M) <= α ⇒ B(M) <= f(α)" for every α is equivalent to B(M) <= f(A(M)) at the tightest α.

:func:`prove_nonnegative_orthant` adds a multivariate certificate (a rational function whose
numerator and denominator have non-negative coefficients is >= 0 on the non-negative orthant),
used after a change of variables for statements with several parameters (Cuff–Yu Property 3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import sympy

from exactpriv.effort.knobs import current as current_effort
from exactpriv.errors import ExactPrivError, InvalidArgument, NotExactError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, to_sympy
from exactpriv.measures.result import Measured
from exactpriv.measures.symbolic import SYMBOLIC_MEASURES, Domain, symbolic_measure

__all__ = [
    "decide_for_all",
    "equality_for_all",
    "implication_for_all",
    "inequality_for_all",
    "prove_nonnegative_orthant",
    "value_for_all",
]

_OPS = ("<", "<=", ">", ">=", "==")
#: Default ceiling of the certifier's arb precision, bits: None is the effort's ``precision_bits``.
DEFAULT_MAX_PREC = None
#: Default time limit of one for-all decision: none of its own (a safety net; the effort decides).
DEFAULT_SECONDS = None


# ---------------------------------------------------------------------------------------
# helpers
def _as_expr(v, name):
    if isinstance(v, Measured):
        if v.value is None:
            raise InvalidArgument(f"{name}={v!r} has no exact value (only bounds); a for-all proof needs a closed form")
        return to_sympy(v.value)
    if isinstance(v, bool):
        raise InvalidArgument(f"{name}={v!r} of type bool is not an expression")
    if isinstance(v, float):
        raise NotExactError(f"{name}={v!r} is a float; write an exact number or sympy expression")
    if isinstance(v, (int, Fraction)):
        return to_sympy(Fraction(v))
    if isinstance(v, sympy.Expr):
        if v.has(sympy.Float):
            raise NotExactError(f"{name}={v} contains a float")
        return v
    raise InvalidArgument(f"{name}={v!r} of type {type(v).__name__} is not an exact value, sympy expression or "
                          f"Measured")


def _check_op(op):
    if op not in _OPS:
        raise InvalidArgument(f"op={op!r} must be one of {list(_OPS)}")
    return op


def _prove(lhs, op, rhs, dom: Domain, seconds, max_prec) -> tuple[Decision, dict]:
    """The certifier on the closed forms, as a Decision (+ its JSON)."""
    from exactpriv.certify import prove_identity, prove_inequality

    from exactpriv.measures.symbolic import prove_log_linear

    fast = prove_log_linear(lhs, op, rhs, dom, seconds=seconds)
    if fast is not None:
        return fast, {"verdict": "PROVED", "method": fast.method, "reason": fast.reason,
                      "certificate": fast.certificate}
    kw = dict(seconds=seconds, max_prec=max_prec, **dom.args())
    try:
        res = prove_identity(lhs, rhs, **kw) if op == "==" else prove_inequality(lhs, op, rhs, **kw)
    except ExactPrivError as exc:
        return Decision.undecided("certify", f"the certifier could not take {lhs} {op} {rhs}: {exc}"), {}
    return res.to_decision(), res.to_json()


def _numeric_value(name, M, kw, var=None, end=None):
    """The exact numeric measure of a rational mechanism (for excluded ends; ``var``/``end``
    substitute the symbol in ``eps_prime``)."""
    from exactpriv.measures import approx, divergence, information, semantic

    if name == "pure_dp":
        within = kw.get("within", 1)
        return (divergence.pure_dp(M) if within == 1 else divergence.group_privacy(M, within)).value
    if name == "kl_dp":
        return divergence.kl_dp(M).value
    if name == "tv_dp":
        return divergence.tv_dp(M).value
    if name == "renyi_dp":
        return divergence.renyi_dp(M, kw["alpha"]).value
    if name == "capacity":
        return information.capacity(M).value
    if name == "mi_dp":
        return information.mi_dp(M).value
    if name == "semantic_privacy":
        return semantic.semantic_privacy(M, default=kw.get("default")).value
    if name == "hockey_stick":
        ep = to_sympy(kw["eps_prime"])
        g = sympy.exp(ep.subs(var, end) if var is not None else ep)
        if not g.is_Rational:
            raise InvalidArgument(f"e^eps' = {g} is irrational at this end: no exact numeric hockey-stick oracle")
        within = kw.get("within", 1)
        prof = approx.approx_dp(M) if within == 1 else approx.group_approx_dp(M, within)
        return prof.value.delta(exp_eps=Fraction(int(g.p), int(g.q)))
    raise InvalidArgument(f"no numeric counterpart for measure {name!r}")


def _measure(M, measure, kw, dom_kw):
    if isinstance(measure, str):
        if measure not in SYMBOLIC_MEASURES:
            raise InvalidArgument(f"unknown measure {measure!r}; known: {', '.join(SYMBOLIC_MEASURES)}")
        return symbolic_measure(measure, M, **dom_kw, **kw)
    if callable(measure):
        m = measure(M, **dom_kw, **kw)
        if not isinstance(m, Measured):
            raise InvalidArgument(f"measure {measure!r} returned {type(m).__name__}, not a Measured")
        return m
    raise InvalidArgument(f"measure={measure!r} must be a name ({', '.join(SYMBOLIC_MEASURES)}) or a callable "
                          f"M -> Measured")


def _excluded_ends(requested: Domain, valid: Domain):
    ends = []
    if requested.lo_closed and not valid.lo_closed:
        ends.append(requested.lo)
    if requested.hi_closed and not valid.hi_closed:
        ends.append(requested.hi)
    return ends


def _subs(M, var, end):
    return M.subs({var.name: end})


def _combine(proof: Decision, proof_json: dict, ends: list, statement: str, extra: dict) -> Decision:
    cert = {"statement": statement, **extra, "proof": proof_json, "ends": ends}
    if proof.is_false:
        return Decision.false(proof.method, f"{statement}: {proof.reason}", precision=proof.precision,
                              certificate={**cert, "point": proof.certificate.get("point")})
    bad = [e for e in ends if e["truth"] == "FALSE"]
    if bad:
        return Decision.false("exact-endpoint", f"{statement}: fails at {bad[0]['point']} ({bad[0]['reason']})",
                              certificate={**cert, "point": bad[0]["point"]})
    if proof.is_true and all(e["truth"] == "TRUE" for e in ends):
        how = proof.method + (" + exact endpoint(s)" if ends else "")
        return Decision.true(how, f"{statement} holds for all {extra.get('domain', '')}",
                             precision=proof.precision, certificate=cert)
    why = proof.reason if not proof.is_true else "; ".join(e["reason"] for e in ends if e["truth"] != "TRUE")
    return Decision.undecided(proof.method, f"{statement}: {why}", certificate=cert)


# ---------------------------------------------------------------------------------------
# public API
def value_for_all(M, measure, expected, *, op: str = "==", domain=(0, sympy.oo), closed=(True, False),
                  variable=None, measure_kw: dict | None = None, seconds: float | None = DEFAULT_SECONDS,
                  max_prec: int | None = DEFAULT_MAX_PREC) -> Decision:
    """Decide ``measure(M(s)) op expected(s)`` for every s of ``domain``.

    ``measure``: a name of :data:`~exactpriv.measures.symbolic.SYMBOLIC_MEASURES` ("kl_dp", ...)
    with ``measure_kw`` (e.g. ``{"alpha": 2}``), or a callable ``M -> Measured``; ``expected``: an
    exact constant or sympy expression in the family's symbol, or a callable of that symbol.
    Example (Cuff–Yu (11), equality with binary distributions)::

        value_for_all(randomized_response(2, eps=EPS), "kl_dp", EPS * sympy.tanh(EPS / 2))  # TRUE

    TRUE: PROVED for every s (certificate: closed form, certifier proof, exact ends); FALSE: a
    confirmed point; UNDECIDED with the reason.
    """
    _check_op(op)
    kw = dict(measure_kw or {})
    dom_kw = dict(domain=domain, closed=closed, variable=variable)
    m = _measure(M, measure, kw, dom_kw)
    valid: Domain = m.witness["valid_on"]
    requested = Domain.make(valid.variable, domain, closed)
    var = valid.variable
    exp_expr = _as_expr(expected(var) if callable(expected) else expected, "expected")
    value = _as_expr(m, "measure")
    name = measure if isinstance(measure, str) else getattr(measure, "__name__", "measure")
    statement = f"{name}(M) {op} {exp_expr}"
    proof, pj = _prove(value, op, exp_expr, valid, seconds, max_prec)
    ends = []
    for end in _excluded_ends(requested, valid):
        ends.append(_end_check(M, var, end, lambda Me, end=end: (_numeric_value(name, Me, kw, var, end), op, exp_expr.subs(var, end)),
                               max_prec))
    return _combine(proof, pj, ends, statement, {"closed_form": str(value), "domain": str(requested),
                                                 "valid_on": str(valid), "method_of_closed_form": m.method})


def _end_check(M, var, end, build, max_prec) -> dict:
    from exactpriv.exact.kernel import compare

    try:
        Me = _subs(M, var, end)
        a, op, b = build(Me)
        if a is None:
            return {"point": str(end), "truth": "UNDECIDED", "reason": "the numeric measure is only enclosed there"}
        d = compare(a, op, b, max_prec=max(current_effort().precision_bits if max_prec is None else max_prec, 256))
    except ExactPrivError as exc:
        return {"point": str(end), "truth": "UNDECIDED", "reason": f"end {var} = {end}: {exc}"}
    return {"point": str(end), "truth": d.truth.value, "reason": f"at {var} = {end} on M.subs(...): {a} {op} {b}: "
                                                                 f"{d.reason}", "method": d.method}


def implication_for_all(M, given, measure, bound: Callable, *, domain=(0, sympy.oo), closed=(True, False),
                        variable=None, given_kw: dict | None = None, measure_kw: dict | None = None,
                        seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = DEFAULT_MAX_PREC) -> Decision:
    """Decide the implication "α-given ⇒ bound(α)-measure" on every member of the family, i.e.
    ``measure(M(s)) <= bound(given(M(s)))`` for every s of ``domain`` (``bound`` non-decreasing,
    evaluated at the tightest α = given(M(s))).

    Example (Cuff–Yu Property 1, (9) / Lemma 1 (21)): ``implication_for_all(randomized_response(2,
    eps=EPS), "pure_dp", "kl_dp", lambda e: sympy.Min(e, e**2))`` is TRUE (PROVED).
    """
    if not callable(bound):
        raise InvalidArgument(f"bound={bound!r} must be a callable alpha -> exact expression")
    dom_kw = dict(domain=domain, closed=closed, variable=variable)
    gkw, mkw = dict(given_kw or {}), dict(measure_kw or {})
    A = _measure(M, given, gkw, dom_kw)
    B = _measure(M, measure, mkw, dom_kw)
    va, vb = A.witness["valid_on"], B.witness["valid_on"]
    var = va.variable
    valid = Domain(var, va.lo, va.hi, va.lo_closed and vb.lo_closed, va.hi_closed and vb.hi_closed)
    requested = Domain.make(var, domain, closed)
    a_expr, b_expr = _as_expr(A, "given"), _as_expr(B, "measure")
    rhs = _as_expr(bound(a_expr), "bound(alpha)")
    gname = given if isinstance(given, str) else getattr(given, "__name__", "given")
    mname = measure if isinstance(measure, str) else getattr(measure, "__name__", "measure")
    statement = f"{mname}(M) <= bound({gname}(M)) = {rhs}"
    proof, pj = _prove(b_expr, "<=", rhs, valid, seconds, max_prec)
    ends = []
    for end in _excluded_ends(requested, valid):
        def build(Me, end=end):
            a = _numeric_value(gname, Me, gkw, var, end)
            b = _numeric_value(mname, Me, mkw, var, end)
            if a is None or b is None:
                return None, "<=", None
            return b, "<=", _as_expr(bound(to_sympy(a)), "bound(alpha)")
        ends.append(_end_check(M, var, end, build, max_prec))
    return _combine(proof, pj, ends, statement, {"given": str(a_expr), "measure": str(b_expr), "bound": str(rhs),
                                                 "domain": str(requested), "valid_on": str(valid)})


def _variable_of(*vals, variable=None):
    if variable is not None:
        if not isinstance(variable, sympy.Symbol):
            raise InvalidArgument(f"variable={variable!r} must be a sympy Symbol")
        return variable
    for v in vals:
        if isinstance(v, Measured) and "valid_on" in v.witness:
            return v.witness["valid_on"].variable
    syms = set()
    for v in vals:
        if isinstance(v, sympy.Basic):
            syms |= v.free_symbols
        elif isinstance(v, Measured) and isinstance(v.value, sympy.Basic):
            syms |= v.value.free_symbols
    if len(syms) > 1:
        raise InvalidArgument(f"the sides use several symbols {sorted(map(str, syms))}; a for-all proof is univariate")
    return next(iter(syms)) if syms else EPS


def inequality_for_all(lhs, op: str, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=None,
                       seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = DEFAULT_MAX_PREC) -> Decision:
    """Decide ``lhs op rhs`` for every value of the symbol in ``domain``; sides are exact values,
    sympy expressions or symbolic :class:`Measured` (whose validity domain must cover ``domain``,
    else UNDECIDED: use :func:`value_for_all`, which decides excluded ends on the mechanism)."""
    _check_op(op)
    var = _variable_of(lhs, rhs, variable=variable)
    requested = Domain.make(var, domain, closed)
    for side in (lhs, rhs):
        if isinstance(side, Measured) and "valid_on" in side.witness:
            valid = side.witness["valid_on"]
            if not valid.covers(requested):
                return Decision.undecided("forall", f"the closed form of {side.name} is valid only for {valid}, "
                                                    f"not on all of {requested}; use value_for_all(M, ...) which "
                                                    f"decides the excluded ends exactly")
    a, b = _as_expr(lhs, "lhs"), _as_expr(rhs, "rhs")
    statement = f"{a} {op} {b}"
    proof, pj = _prove(a, op, b, requested, seconds, max_prec)
    return _combine(proof, pj, [], statement, {"domain": str(requested)})


def equality_for_all(lhs, rhs, *, domain=(0, sympy.oo), closed=(True, False), variable=None,
                     seconds: float | None = DEFAULT_SECONDS, max_prec: int | None = DEFAULT_MAX_PREC) -> Decision:
    """Decide ``lhs == rhs`` for every value of the symbol in ``domain`` (PROVED only by exact
    algebra or by proving both inequalities; REFUTED at a certified point).  Tightness witnesses:
    ``equality_for_all(kl_dp_symbolic(RR), EPS*tanh(EPS/2))``."""
    return inequality_for_all(lhs, "==", rhs, domain=domain, closed=closed, variable=variable, seconds=seconds,
                              max_prec=max_prec)


def prove_nonnegative_orthant(expr, symbols, *, strict: bool = False) -> Decision:
    """Certificate that the rational function ``expr`` is >= 0 (> 0 if ``strict``) for ALL
    non-negative values of ``symbols``: over one denominator, numerator and denominator expanded
    as polynomials in ``symbols`` have only non-negative coefficients, and the denominator has a
    positive constant term (so it is > 0 on the orthant); strict also needs a positive constant
    term in the numerator.  A sufficient condition only: UNDECIDED when a coefficient is negative
    (try another change of variables).  Exact (sympy polynomial arithmetic over Q)."""
    syms = tuple(symbols)
    if not syms or not all(isinstance(s, sympy.Symbol) for s in syms):
        raise InvalidArgument(f"symbols={symbols!r} must be a non-empty sequence of sympy Symbols")
    e = _as_expr(expr, "expr")
    extra = e.free_symbols - set(syms)
    if extra:
        raise InvalidArgument(f"expr={e} uses symbols {sorted(map(str, extra))} outside {list(map(str, syms))}")
    n, d = sympy.fraction(sympy.cancel(sympy.together(e)))
    try:
        pn, pd = sympy.Poly(n, *syms), sympy.Poly(d, *syms)
    except sympy.PolynomialError:
        return Decision.undecided("orthant-coefficients", f"{e} is not a rational function of {syms}")
    if not all(p.domain.is_ZZ or p.domain.is_QQ for p in (pn, pd)):
        return Decision.undecided("orthant-coefficients", f"{e} has non-rational coefficients")
    # a common sign flip of numerator and denominator is allowed
    if pd.coeffs() and all(c <= 0 for c in pd.coeffs()):
        pn, pd = -pn, -pd
    cert = {"numerator": str(pn.as_expr()), "denominator": str(pd.as_expr()), "symbols": [str(s) for s in syms]}
    zero = tuple(0 for _ in syms)
    d0 = pd.as_dict().get(zero, 0)
    if any(c < 0 for c in pd.coeffs()) or d0 <= 0:
        return Decision.undecided("orthant-coefficients", f"denominator {pd.as_expr()} is not certified positive on "
                                                          f"the orthant", certificate=cert)
    if pn.is_zero:
        return (Decision.false("exact", f"{e} is identically 0", certificate=cert) if strict else
                Decision.true("orthant-coefficients", f"{e} is identically 0", certificate=cert))
    if any(c < 0 for c in pn.coeffs()):
        return Decision.undecided("orthant-coefficients", f"numerator {pn.as_expr()} has a negative coefficient",
                                  certificate=cert)
    if strict and pn.as_dict().get(zero, 0) <= 0:
        return Decision.undecided("orthant-coefficients", f"numerator {pn.as_expr()} vanishes at the origin",
                                  certificate=cert)
    return Decision.true("orthant-coefficients",
                         f"{e} {'>' if strict else '>='} 0 for all {', '.join(map(str, syms))} >= 0: numerator and "
                         f"denominator have non-negative coefficients", certificate=cert)


_SPEC_KINDS = {"implication": ("mechanism", "given", "measure", "bound"),
               "value": ("mechanism", "measure", "expected"),
               "equality": ("lhs", "rhs"),
               "inequality": ("lhs", "op", "rhs")}


def decide_for_all(spec: dict) -> Decision:
    """Data-driven entry point: ``spec["kind"]`` is "implication" (keys mechanism, given, measure,
    bound), "value" (mechanism, measure, expected), "equality" (lhs, rhs) or "inequality" (lhs,
    op, rhs); any other key is passed on as a keyword (domain, closed, variable, measure_kw,
    given_kw, op, seconds, max_prec).  Returns the Decision of the matching ``*_for_all``."""
    if not isinstance(spec, dict) or spec.get("kind") not in _SPEC_KINDS:
        raise InvalidArgument(f"spec={spec!r} must be a dict with kind in {sorted(_SPEC_KINDS)}")
    need = _SPEC_KINDS[spec["kind"]]
    missing = [k for k in need if k not in spec]
    if missing:
        raise InvalidArgument(f"spec of kind {spec['kind']!r} lacks {missing}")
    args = [spec[k] for k in need]
    kw = {k: v for k, v in spec.items() if k != "kind" and k not in need}
    fn = {"implication": implication_for_all, "value": value_for_all, "equality": equality_for_all,
          "inequality": inequality_for_all}[spec["kind"]]
    try:
        return fn(*args, **kw)
    except TypeError as exc:
        raise InvalidArgument(f"spec keys {sorted(kw)} do not fit {fn.__name__}: {exc}") from None
