"""Reductions whose *given* notion is (ε, δ)-DP: family proofs in δ on the four-output extremal pair.

An implication "δ_M(ε) ≤ δ ⇒ measure(M) ≤ f(δ)" — the given notion is approx_dp's δ at a fixed ε
(``Notion("approx_dp", at="delta", eps=...)``), or ``tv_dp``, which is the same notion at ε = 0 (TV ≤ δ is
(0, δ)-closeness) — is proved for EVERY mechanism by the chain

1. ``approx-dominance`` (Kairouz–Oh–Viswanath 2015): every neighbouring pair of M is (ε, δ*)-close at M's own
   level δ* = δ_M(ε) ∈ [0, 1], hence a post-processing of the four-output pair P̃_{ε,δ*}, Q̃_{ε,δ*}
   (:func:`extremal_family`);
2. ``data-processing-f``: the measured divergence — total variation (E_1) or the hockey-stick divergence
   E_{e^ε'} (approx_dp's δ at a fixed ε') — does not increase under post-processing; ``pairwise-maximum``:
   so measure(M) ≤ measure(extremal(ε, δ*));
3. a certified family proof *in δ*: measure(extremal(ε, δ)) ≤ f(δ) for every δ ∈ (0, 1) (the closed forms of
   :mod:`exactpriv.measures.symbolic` on the family in the symbol δ, and the certifier, through
   :func:`exactpriv.forall.implication_for_all`, which also re-derives that the family's level is exactly δ),
   and the two ends δ = 0 and δ = 1 decided exactly on the members, from the definition Σ max(P − γQ, 0)
   (:func:`_hockey_from_definition`, a second computation independent of the closed forms).

Every other parameter (ε of the given notion, ε' of the measure, the claim's Params) is a number at one grid
point; a grid gets one univariate proof per point (:func:`exactpriv.claims.by_reduction.reduction_prove`).

The other view, approx_dp's tightest ε at a fixed δ₀ (``at="epsilon", delta=δ₀``), reduces to the same pair with the
family proof in ε (:func:`extremal_family_in_eps`; ``eps`` in the bound is then M's ε, the usual convention).

Only E_γ-type measures are reduced here: KL, Rényi and the max divergence of the extremal pair are +∞ for every
δ > 0 (P̃ has mass δ where Q̃ has none), so no finite bound on them holds for every (ε, δ)-DP mechanism — the
reduction says so and leaves the refutation to the instances (it never refutes).
"""

from __future__ import annotations

from typing import Any, Mapping

import sympy

from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.reductions.metatheorems import METATHEOREMS

__all__ = ["APPROX_GIVEN", "DELTA", "approx_obstacle", "extremal_family", "extremal_family_in_eps", "given_level",
           "member_value", "prove_approx_reduction", "resolve"]

#: the variable of the family proofs in δ
DELTA = sympy.Symbol("delta", positive=True)

#: given notions whose extremal family is the four-output pair in δ (name -> what fixes its ε)
APPROX_GIVEN = {
    "approx_dp": "δ of (ε, δ)-DP at a fixed ε (at='delta', eps=...), or its tightest ε at a fixed δ (at='epsilon')",
    "tv_dp": "total variation ≤ δ, i.e. (0, δ)-closeness",
}

#: measured notions that are finite on the extremal pair and monotone under post-processing (E_γ types)
_MEASURED = ("tv_dp", "approx_dp")


def _level(value, what: str):
    """An exact, non-negative ε (a number or a constant sympy expression) -> sympy expression."""
    if isinstance(value, (bool, float)):
        raise InvalidArgument(f"{what}={value!r} must be an exact number (a float never decides)")
    try:
        v = sympy.sympify(value) if not isinstance(value, sympy.Basic) else value
    except (sympy.SympifyError, TypeError):
        raise InvalidArgument(f"{what}={value!r} is not an exact number") from None
    if v.free_symbols or v.has(sympy.Float) or v.is_extended_real is False:
        raise InvalidArgument(f"{what}={value!r} must be an exact constant (got {v})")
    if v.is_negative:
        raise InvalidArgument(f"{what}={value!r} must be >= 0")
    if v in (sympy.oo, sympy.zoo, sympy.nan):
        raise InvalidArgument(f"{what}={value!r} must be finite")
    return v


def given_level(given: str, given_params: Mapping, given_at: str | None):
    """The fixed ε of the given notion (tv_dp: 0), exactly."""
    if given == "tv_dp":
        return sympy.Integer(0)
    return _level(given_params["eps"], "the given approx_dp's eps")


def approx_obstacle(given: str, given_params: Mapping, given_at: str | None, measure: str, measure_params: Mapping,
                    at: str | None) -> str | None:
    """None when "given (a δ at a fixed ε) ⇒ measure ≤ f(δ)" is reducible here, else the missing link.

    Parameters that name a claim's Param (strings) are accepted here and resolved at each grid point."""
    if given == "approx_dp" and given_at == "epsilon":
        if set(given_params) != {"delta"}:
            return "approx_dp at='epsilon' as the given notion needs exactly delta=..."
        level = given_params["delta"]
        if isinstance(level, sympy.Basic) and level.free_symbols:
            return f"the given approx_dp's delta={level} is not a constant at each parameter point"
    elif given == "approx_dp":
        if given_at != "delta" or set(given_params) != {"eps"}:
            return ("approx_dp as the given notion reduces as its δ at a fixed ε (at='delta', eps=...) or its "
                    "tightest ε at a fixed δ (at='epsilon', delta=...)")
        level = given_params["eps"]
        if isinstance(level, sympy.Basic) and level.free_symbols:
            return f"the given approx_dp's eps={level} is not a constant at each parameter point"
    elif given == "tv_dp":
        if given_params:
            return f"tv_dp takes no parameters, got {dict(given_params)}"
    else:
        return f"{given} has no extremal family in δ"
    if measure not in _MEASURED:
        if measure in ("kl_dp", "renyi_dp", "pure_dp"):
            return (f"{measure} is +∞ on the (ε, δ) extremal pair for every δ > 0 (P̃ has mass δ where Q̃ has none): "
                    f"no finite bound holds for every mechanism of the given notion, so no reduction proves one")
        return f"{measure} is not a hockey-stick-type divergence reduced on the (ε, δ) extremal pair"
    if measure == "approx_dp":
        if at != "delta" or set(measure_params) != {"eps"}:
            return "approx_dp as the measured notion reduces only as its δ at a fixed ε' (at='delta', eps=...)"
        level = measure_params["eps"]
        if isinstance(level, sympy.Basic) and level.free_symbols:
            return (f"the measured approx_dp's eps'={level} depends on a symbol (on a given δ-notion 'eps' in an "
                    f"expression is δ itself): not a fixed ε'")
    elif measure_params:
        return f"{measure} takes no parameters, got {dict(measure_params)}"
    return None


def extremal_family(level):
    """The four-output extremal pair of (ε, δ)-closeness at ε = ``level`` as a symbolic mechanism in δ ∈ [0, 1]:
    P̃ = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0), Q̃ = (0, (1−δ)/(1+e^ε), (1−δ)e^ε/(1+e^ε), δ)
    (:func:`exactpriv.reductions.dominance.extremal_pair` at a rational δ)."""
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    g = sympy.exp(_level(level, "level"))
    d = DELTA
    P = [d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), sympy.Integer(0)]
    Q = [sympy.Integer(0), (1 - d) / (1 + g), (1 - d) * g / (1 + g), d]
    return Mechanism(Hamming([0, 1], 1), ["only-P", "P-likely", "Q-likely", "only-Q"], [P, Q], symbols=[d],
                     name=f"extremal_pair(eps={level}, delta)")


def _sign(t) -> int:
    """The sign of an exact constant: exact comparisons, then an exact simplification for a tie."""
    from exactpriv.exact.kernel.comparison import compare

    t = sympy.nsimplify(t) if t.has(sympy.Float) else t
    if compare(t, ">", 0).is_true:
        return 1
    if compare(t, "<", 0).is_true:
        return -1
    if sympy.simplify(t) == 0:
        return 0
    raise ExactPrivError(f"the sign of {t} is not decided")


def _hockey_from_definition(P, Q, gamma):
    """E_γ(P‖Q) = Σ_y max(P(y) − γ·Q(y), 0) on exact constants, each term's sign decided exactly (the reference
    for the family's ends; independent of the symbolic closed forms)."""
    total = sympy.Integer(0)
    for p, q in zip(P, Q):
        t = sympy.expand(p - gamma * q)
        if _sign(t) > 0:
            total += t
    return sympy.simplify(total)


def member_value(name: str, level, level_prime, d):
    """measure (or the given level) of the extremal pair at δ = d, from the definition (max over both orders)."""
    M = extremal_family(level)
    P, Q = [sympy.sympify(v).xreplace({DELTA: d}) for v in M.rows[0]], \
        [sympy.sympify(v).xreplace({DELTA: d}) for v in M.rows[1]]
    gamma = sympy.Integer(1) if name == "tv_dp" else sympy.exp(level_prime)
    a, b = _hockey_from_definition(P, Q, gamma), _hockey_from_definition(Q, P, gamma)
    return a if _sign(a - b) >= 0 else b


def _ends(given, measure, level, level_prime, bound) -> tuple[Decision, list]:
    """measure ≤ f(given) at δ = 0 and δ = 1, exactly on the members (the closed forms hold on (0, 1) only:
    the support changes at both ends)."""
    from exactpriv.exact.kernel.comparison import compare

    ends, worst = [], Decision.true("exact-endpoint", "both ends")
    for d in (sympy.Integer(0), sympy.Integer(1)):
        try:
            a = member_value(given, level, level, d)
            b = member_value(measure, level, level_prime, d)
            rhs = bound.xreplace({EPS: a})
            dec = compare(b, "<=", rhs)
        except ExactPrivError as exc:
            dec = Decision.undecided("exact-endpoint", f"at δ = {d}: {exc}")
            a = b = rhs = None
        ends.append({"point": f"delta = {d}", "given": str(a), "measure": str(b), "bound": str(rhs),
                     "truth": dec.truth.value, "reason": dec.reason})
        if not dec.is_true and worst.is_true:
            worst = Decision(dec.truth, "exact-endpoint", f"at δ = {d}: {b} <= {rhs}: {dec.reason}")
    return worst, ends


def prove_approx_reduction(given: str, measure: str, bound, *, given_params: Mapping | None = None,
                           given_at: str | None = None, measure_params: Mapping | None = None,
                           at: str | None = None, seconds: float | None = None):
    """Prove "given(M) ≤ δ ⇒ measure(M) ≤ bound(δ)" for every mechanism M, the given notion a δ at a fixed ε
    (module head).  ``bound`` is a sympy expression (or safe-grammar text) in ``eps``, which here names the given
    notion's level δ (the conjecture's convention: ``eps`` is always the given value).  Returns a
    :class:`~exactpriv.reductions.prover.Reduction` (PROVED with the chain, or the missing link).

    Example (Kairouz–Oh–Viswanath: every (1, δ)-DP mechanism has TV ≤ δ + (1 − δ)·tanh(1/2))::

        prove_approx_reduction("approx_dp", "tv_dp", "eps + (1 - eps)*tanh(1/2)", given_params={"eps": 1},
                               given_at="delta").proved   # True
    """
    from exactpriv.forall import implication_for_all
    from exactpriv.reductions.chain import Link, Reduction, bound_in_eps, cite

    given_params, measure_params = dict(given_params or {}), dict(measure_params or {})
    bound = bound_in_eps(bound, "eps (the given δ)")
    missing = approx_obstacle(given, given_params, given_at, measure, measure_params, at)
    if missing:
        return Reduction(given, measure, bound, Decision.undecided("reduction", missing), missing=missing)
    if given_at == "epsilon":
        return _prove_in_eps(measure, bound, given_params, measure_params, seconds)
    level = given_level(given, given_params, given_at)
    level_prime = _level(measure_params["eps"], "the measured approx_dp's eps") if measure == "approx_dp" else None
    family = extremal_family(level)
    gname, gkw = ("tv_dp", {}) if given == "tv_dp" else ("hockey_stick", {"eps_prime": level})
    mname, mkw = ("tv_dp", {}) if measure == "tv_dp" else ("hockey_stick", {"eps_prime": level_prime})
    try:
        proof = implication_for_all(family, gname, mname, lambda a: bound.xreplace({EPS: a}), domain=(0, 1),
                                    closed=(False, False), given_kw=gkw, measure_kw=mkw, seconds=seconds)
    except ExactPrivError as exc:
        proof = Decision.undecided("reduction", f"the family proof could not be set up: {exc}")
    glabel = "tv_dp" if given == "tv_dp" else f"approx_dp.delta(eps={level})"
    mlabel = "tv_dp" if measure == "tv_dp" else f"approx_dp.delta(eps'={level_prime})"
    divergence = "total variation (E_1)" if measure == "tv_dp" else f"the hockey-stick divergence E_γ (γ = e^{level_prime})"
    pair = f"the four-output pair P̃, Q̃ at (ε, δ) = ({level}, δ)"
    chain = [
        Link("approx-dominance", f"every pair of neighbouring rows of M is ({level}, δ)-close at M's own level "
                                 f"δ = {glabel}(M), hence a post-processing of {pair} [{cite('approx-dominance')}]",
             METATHEOREMS["approx-dominance"].hypotheses),
        Link("data-processing-f", f"{divergence} does not increase under post-processing "
                                  f"[{cite('data-processing-f')}]", METATHEOREMS["data-processing-f"].hypotheses),
        Link("pairwise-maximum", f"so {mlabel}(M), a maximum over neighbouring pairs, is at most its value on "
                                 f"{pair} [pairwise maximum]", METATHEOREMS["pairwise-maximum"].hypotheses),
    ]
    closed = (proof.certificate or {}).get("measure")
    statement = {"quantifier": "forall-params", "domain": {"delta": "[0, 1]"},
                 "family": {"extremal": "approx-dominance", "eps": str(level), "variable": "delta"},
                 "claim": f"{closed} <= {bound.xreplace({EPS: DELTA})}" if closed else
                 f"{mlabel}(extremal({level}, delta)) <= {bound.xreplace({EPS: DELTA})}"}
    # the notions as the checker's statement forms spell them (claims.statement_forms: approx_dp = δ at epsilon)
    given_spec = {"notion": "tv_dp"} if given == "tv_dp" else {"notion": "approx_dp", "epsilon": str(level)}
    measure_spec = {"notion": "tv_dp"} if measure == "tv_dp" else {"notion": "approx_dp",
                                                                   "epsilon": str(level_prime)}

    def result(decision, why=None, ends=None):
        red = Reduction(given, measure, bound, decision, chain, why, proof, ends)
        red.family_statement, red.given_spec, red.measure_spec = statement, given_spec, measure_spec
        return red

    if not proof.is_true:
        why = (f"the family proof {mlabel}(extremal) ≤ {bound} for all δ ∈ (0, 1) is {proof.truth.value}: "
               f"{proof.reason}" if not proof.is_false else
               f"the bound fails on the (ε, δ) extremal pair itself ({proof.reason}); the reduction says nothing")
        return result(Decision.undecided("reduction", why), why)
    end, ends = _ends(given, measure, level, level_prime, bound)
    if not end.is_true:
        why = f"at the ends of δ ∈ [0, 1]: {end.truth.value}: {end.reason}"
        return result(Decision.undecided("reduction", why), why, {"ends": ends})
    chain.append(Link("family-proof", f"{mlabel}(extremal({level}, δ)) = {closed} ≤ {bound.xreplace({EPS: DELTA})} "
                                      f"with {glabel}(extremal) = δ, for all δ ∈ (0, 1) [certified: {proof.method}], "
                                      f"and at δ = 0 and δ = 1 exactly on the members"))
    red = result(Decision.true("reduction", ""), None, {"ends": ends})
    red.decision = Decision.true("reduction", f"for every mechanism: {red.proof_text()}", certificate=red.certificate())
    return red


def resolve(params: Mapping[str, Any], point: Mapping[str, Any]) -> dict:
    """Notion parameters at one grid point: a string naming a Param takes the point's value; another string is
    an expression of the point's parameters (exact)."""
    from exactpriv.exact.expressions import parse_expression

    out = {}
    for k, v in params.items():
        if isinstance(v, str):
            if v in point:
                v = point[v]
            else:
                names = {n: sympy.Symbol(n) for n in point if isinstance(n, str) and n.isidentifier()}
                expr = parse_expression(v, symbols=names, name=f"notion parameter {k}")
                v = expr.xreplace({names[n]: sympy.sympify(point[n]) for n in names})
        out[k] = v
    return out


# ------------------------------------------------------------------------ the tightest ε at a fixed δ given
def _fixed_delta(value):
    from fractions import Fraction

    from exactpriv.exact.numbers import as_rational

    d = as_rational(value, "the given approx_dp's delta")
    if not 0 < d < 1:
        raise InvalidArgument(f"the given approx_dp's delta={value!r} must lie in (0, 1) (δ = 0 is pure DP: use "
                              f"pure_dp; δ = 1 allows every pair)")
    return sympy.Rational(Fraction(d).numerator, Fraction(d).denominator)


def extremal_family_in_eps(delta):
    """The four-output pair at a fixed rational δ ∈ (0, 1) as a symbolic mechanism in ε ≥ 0."""
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    d, g = _fixed_delta(delta), sympy.exp(EPS)
    P = [d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), sympy.Integer(0)]
    Q = [sympy.Integer(0), (1 - d) / (1 + g), (1 - d) * g / (1 + g), d]
    return Mechanism(Hamming([0, 1], 1), ["only-P", "P-likely", "Q-likely", "only-Q"], [P, Q], symbols=[EPS],
                     name=f"extremal_pair(eps, delta={d})")


def _prove_in_eps(measure, bound, given_params, measure_params, seconds):
    """given = approx_dp's tightest ε at a fixed δ₀: every pair of M is (ε_M, δ₀)-close, so it is a post-processing
    of the pair at (ε_M, δ₀); the family proof is in ε (measure(pair(ε, δ₀)) ≤ f(ε) for all ε ≥ 0, excluded ends
    exactly on members) and at ε = ∞ the pair has disjoint supports (TV = E_γ = 1) against lim f.  Soundness needs
    no level of the family: measure(M) ≤ measure(pair(ε_M, δ₀)) ≤ f(ε_M)."""
    from exactpriv.forall import value_for_all
    from exactpriv.reductions.chain import Link, Reduction, cite, limit_at_infinity

    d = _fixed_delta(given_params["delta"])
    level_prime = _level(measure_params["eps"], "the measured approx_dp's eps") if measure == "approx_dp" else None
    family = extremal_family_in_eps(d)
    mname, mkw = ("tv_dp", {}) if measure == "tv_dp" else ("hockey_stick", {"eps_prime": level_prime})
    try:
        proof = value_for_all(family, mname, lambda e: bound.xreplace({EPS: e}), op="<=", measure_kw=mkw,
                              seconds=seconds)
    except ExactPrivError as exc:
        proof = Decision.undecided("reduction", f"the family proof could not be set up: {exc}")
    glabel = f"approx_dp.epsilon(delta={d})"
    mlabel = "tv_dp" if measure == "tv_dp" else f"approx_dp.delta(eps'={level_prime})"
    pair = f"the four-output pair P̃, Q̃ at (ε, δ) = (ε, {d})"
    chain = [
        Link("approx-dominance", f"every pair of neighbouring rows of M is (ε, {d})-close at M's own level "
                                 f"ε = {glabel}(M), hence a post-processing of {pair} [{cite('approx-dominance')}]",
             METATHEOREMS["approx-dominance"].hypotheses),
        Link("data-processing-f", f"{'total variation' if measure == 'tv_dp' else 'the hockey-stick divergence'} "
                                  f"does not increase under post-processing [{cite('data-processing-f')}]",
             METATHEOREMS["data-processing-f"].hypotheses),
        Link("pairwise-maximum", f"so {mlabel}(M), a maximum over neighbouring pairs, is at most its value on {pair} "
                                 f"[pairwise maximum]", METATHEOREMS["pairwise-maximum"].hypotheses),
    ]
    closed = (proof.certificate or {}).get("closed_form")
    statement = {"quantifier": "forall-params", "domain": {"eps": "[0, oo)"},
                 "family": {"extremal": "approx-dominance", "delta": str(d), "variable": "eps"},
                 "claim": f"{closed} <= {bound}" if closed else f"{mlabel}(extremal(eps, {d})) <= {bound}"}

    def result(decision, why=None, ends=None):
        red = Reduction("approx_dp", measure, bound, decision, chain, why, proof, ends)
        red.family_statement = statement
        red.given_spec = {"notion": "approx_dp_epsilon", "delta": str(d)}
        red.measure_spec = {"notion": "tv_dp"} if measure == "tv_dp" else {"notion": "approx_dp",
                                                                           "epsilon": str(level_prime)}
        return red

    if not proof.is_true:
        why = (f"the family proof {mlabel}(extremal(ε, {d})) ≤ {bound} for all ε ≥ 0 is {proof.truth.value}: "
               f"{proof.reason}" if not proof.is_false else
               f"the bound fails on the (ε, δ) extremal pair itself ({proof.reason}); the reduction says nothing")
        return result(Decision.undecided("reduction", why), why)
    from exactpriv.exact.kernel.comparison import compare

    # at ε = ∞ the pair is (δ, 1 − δ, 0, 0) vs (0, 0, 1 − δ, δ): disjoint supports, TV = E_γ = 1 (γ finite)
    try:
        limit = limit_at_infinity(bound)
        end = compare(sympy.Integer(1), "<=", limit) if not limit.has(sympy.nan, sympy.zoo) else \
            Decision.undecided("reduction", f"lim f(ε) as ε → ∞ is {limit}")
    except Exception as exc:  # noqa: BLE001 - sympy raises assorted errors on limits it cannot take
        limit, end = None, Decision.undecided("reduction", f"lim f(ε) as ε → ∞ not found: {exc}")
    end_data = {"mechanism": "the pair at eps = oo (disjoint supports)", "measure": "1",
                "limit_of_bound": str(limit), "truth": end.truth.value}
    if not end.is_true:
        why = f"at ε = ∞ (disjoint supports): {mlabel} = 1 ≤ lim f is {end.truth.value}: {end.reason}"
        return result(Decision.undecided("reduction", why), why, end_data)
    chain.append(Link("family-proof", f"{mlabel}(extremal(ε, {d})) = {closed} ≤ {bound} for all ε ≥ 0 [certified: "
                                      f"{proof.method}], and at ε = ∞ (disjoint supports) {mlabel} = 1 ≤ lim f = "
                                      f"{limit}"))
    red = result(Decision.true("reduction", ""), None, end_data)
    red.decision = Decision.true("reduction", f"for every mechanism: {red.proof_text()}", certificate=red.certificate())
    return red
