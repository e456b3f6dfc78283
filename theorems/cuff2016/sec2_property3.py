"""Cuff–Yu Property 3: the ε–δ trade-off (13) of closeness holds and is the tightest one.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §2.2, Property 3 (the
ε–δ trade-off, eq. (13)) and Appendix B.

Main claim: ``cuff2016.prop3`` — (ε, δ)-closeness implies (ε', δ')-closeness with
δ' = 1 − (e^ε' + 1)(1 − δ)/(e^ε + 1); this is the tightest trade-off (a 4-point extremal pair attains it for
all δ ∈ [0, 1], 0 ≤ ε' ≤ ε, PROVED with an exact change of variables and non-negative-coefficient
certificates); δ' > δ (a boundary finding: it fails only at δ = 1, and is PROVED for δ < 1); no larger δ
implies a smaller one.
"""

from __future__ import annotations

import copy
import functools
from fractions import Fraction

import sympy

from exactpriv.claims.by_reduction import confirm_approx, reduction_reading
from exactpriv.claims import Claim, Family, Finding, Instance, Outcome, Reading, Verdict
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.forall import prove_nonnegative_orthant
from exactpriv.measures.divergence import hockey_stick, is_close

from theorems.cuff2016.closeness import log_form, pair_delta
from theorems.cuff2016.steps import combine
from theorems.cuff2016.instances import PAIR_HYPOTHESES, PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RR, pair_instance
from theorems.cuff2016.symbolic import HALF, all_steps
from theorems.cuff2016._common import CHECKED, PROVED, REFUTED, reading_of

__all__ = ["CLAIMS", "prove_prop3_by_reduction"]


# ======================================================================================
# Property 3
# ======================================================================================
def prop3_delta_prime(delta, g, gp):
    """δ' = 1 − (e^{ε'} + 1)(1 − δ)/(e^ε + 1) with γ = e^ε, γ' = e^{ε'} (Property 3)."""
    return 1 - (gp + 1) * (1 - delta) / (g + 1)


_PROP3_GRID = ((Fraction(2), Fraction(1)), (Fraction(3, 2), Fraction(1)), (Fraction(3), Fraction(1)),
               (Fraction(3), Fraction(2)), (Fraction(10), Fraction(3)), (Fraction(2), Fraction(3, 2)))


def prop3_check(delta_map=prop3_delta_prime):
    """(ε,δ)-close ⇒ (ε',δ')-close for the tightest δ at ε (δ' is increasing in δ)."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        parts, vals = [], {}
        for g, gp in _PROP3_GRID:
            d = pair_delta(P, Q, g)
            dp = delta_map(d, g, gp)
            actual = pair_delta(P, Q, gp)
            vals[f"{g}->{gp}"] = (str(d), str(dp), str(actual))
            parts.append(compare(actual, "<=", dp))
        return Outcome(combine(parts, "Property 3"), {"(delta, delta', delta at eps')": vals})

    return check


@functools.lru_cache(maxsize=None)
def _prop3_tight_instances():
    out = []
    for g, gp in _PROP3_GRID:
        for d in (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10)):
            c = 1 - d
            P = (d, c * g / (1 + g), c / (1 + g), Fraction(0))
            Q = (Fraction(0), c / (1 + g), c * g / (1 + g), d)
            out.append(pair_instance(f"extremal 4-point pair e^eps={g}, e^eps'={gp}, delta={d}", P, Q,
                             gamma=g, gamma_prime=gp, delta=d))
    return tuple(out)


def _prop3_tight_check(inst: Instance) -> Outcome:
    """The extremal pair is (ε,δ)-close with δ tight and E_{e^ε'} = δ' exactly."""
    P, Q = inst.params["P"], inst.params["Q"]
    g, gp, d = inst.params["gamma"], inst.params["gamma_prime"], inst.params["delta"]
    parts = [compare(pair_delta(P, Q, g), "==", d),
             compare(pair_delta(P, Q, gp), "==", prop3_delta_prime(d, g, gp))]
    return Outcome(combine(parts, "Property 3 attained"))


@functools.lru_cache(maxsize=None)
def _prop3_delta_instances(deltas):
    out = []
    for d in deltas:
        for g, gp in _PROP3_GRID:
            out.append(Instance(f"delta={d}, e^eps={g}, e^eps'={gp}",
                                params={"delta": d, "gamma": g, "gamma_prime": gp}))
    return tuple(out)


def _prop3_delta_check(inst: Instance) -> Outcome:
    d, g, gp = inst.params["delta"], inst.params["gamma"], inst.params["gamma_prime"]
    dp = prop3_delta_prime(d, g, gp)
    return Outcome(compare(dp, ">", d), {"delta'": dp})


def _prove_prop3_delta_below_one() -> Decision:
    """δ' − δ = w·u/(γ' + u + 1) > 0 with w = 1 − δ > 0, γ = e^ε = γ' + u, u > 0, γ' >= 1
    (a bijective change of variables); sympy factors and decides the sign from the
    positivity assumptions."""
    w, u, gp = (sympy.Symbol(s, positive=True) for s in ("w", "u", "gp"))
    expr = (1 - (gp + 1) * w / (gp + u + 1)) - (1 - w)
    f = sympy.factor(sympy.cancel(sympy.together(expr)))
    if f.is_positive:
        return Decision.true("sympy-assumptions", f"delta' - delta = {f} > 0 for delta < 1, eps' < eps",
                             certificate={"factored": sympy.sstr(f)})
    return Decision.undecided("sympy-assumptions", f"sign of {f} not decided")


_NO_SMALLER = ((Fraction(1, 100), Fraction(1), Fraction(2)), (Fraction(1, 4), Fraction(2), Fraction(1)),
               (Fraction(1, 2), Fraction(3), Fraction(1000)), (Fraction(1), Fraction(2), Fraction(10 ** 6)),
               (Fraction(1, 10), Fraction(10), Fraction(10 ** 9)))


@functools.lru_cache(maxsize=None)
def _prop3_no_smaller_instances():
    return tuple(pair_instance(f"P=(delta,1-delta), Q=(0,1), delta={d}, e^eps={g}, e^eps'={gp}",
                       (d, 1 - d), (Fraction(0), Fraction(1)), delta=d, gamma=g, gamma_prime=gp)
                 for d, g, gp in _NO_SMALLER)


def _prop3_no_smaller_check(inst: Instance) -> Outcome:
    """The pair is (ε,δ)-close and E_{e^ε'}(P‖Q) = δ, so (ε',δ'')-closeness fails for all δ'' < δ."""
    P, Q = inst.params["P"], inst.params["Q"]
    d, g, gp = inst.params["delta"], inst.params["gamma"], inst.params["gamma_prime"]
    parts = [is_close(P, Q, log_form(g), d), compare(hockey_stick(P, Q, gp), ">=", d)]
    return Outcome(combine(parts, "no smaller delta"))




# ---- all-parameter tightness (symbolic families)
_d, _w, _v, _u = sympy.symbols("d w v u", nonnegative=True)


def _prop3_pair():
    """γ' = e^{ε'} = 1 + v, γ = e^ε = 1 + v + u (0 <= ε' <= ε ⟺ u, v >= 0), δ = d, 1 − δ = w."""
    gp, g = 1 + _v, 1 + _v + _u
    P = (_d, _w * g / (1 + g), _w / (1 + g), sympy.Integer(0))
    Q = tuple(reversed(P))
    return P, Q, g, gp


def _hockey_orthant(P, Q, gam):
    """E_gam(P‖Q) = Σ_y max(0, P_y − gam Q_y) with each term's sign certified on the orthant
    d, w, v, u >= 0; returns (value, [Decision]) or (None, reasons)."""
    syms = (_d, _w, _v, _u)
    kept, proofs = [], []
    for y, (p, q) in enumerate(zip(P, Q)):
        t = sympy.cancel(p - gam * q)
        pos = prove_nonnegative_orthant(t, syms)
        if pos.is_true:
            kept.append(t)
            proofs.append(pos)
            continue
        neg = prove_nonnegative_orthant(-t, syms)
        if neg.is_true:
            proofs.append(neg)
            continue
        return None, [Decision.undecided("orthant-coefficients", f"sign of term y={y}: {t} not certified")]
    return sympy.Add(*kept), proofs


def _prop3_identity(lhs, rhs, what) -> Decision:
    """lhs == rhs with δ = d, w = 1 − δ: exact cancellation, or a certified rational counter-point."""
    delta = sympy.Symbol("delta")
    diff = sympy.cancel((lhs - rhs).subs({_w: 1 - delta, _d: delta}))
    if diff == 0:
        return Decision.true("sympy-cancel", f"{what}: the difference cancels to 0")
    pt = {delta: HALF, _v: 0, _u: 1}
    val = diff.subs(pt)
    return Decision.false("rational", f"{what}: differs at delta = 1/2, e^eps' = 1, e^eps = 2 (difference {val})",
                          certificate={"point": {str(k): str(v) for k, v in pt.items()}, "difference": str(val)})


def _prove_prop3(delta_prime=None) -> Decision:
    """:func:`_prop3_proof`, each caller getting its own copy (the remembered Decision's certificate is a dict)."""
    return copy.deepcopy(_prop3_proof(delta_prime))


@functools.lru_cache(maxsize=None)  # a pure sympy proof, the same for the three readings that use it
def _prop3_proof(delta_prime=None) -> Decision:
    """For all δ ∈ [0, 1] and 0 <= ε' <= ε: P = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q = P reversed
    are pmfs, (ε, δ)-close with δ tight (E_γ(P‖Q) = E_γ(Q‖P) = δ), and E_{γ'}(P‖Q) = E_{γ'}(Q‖P)
    = δ' = 1 − (γ' + 1)(1 − δ)/(γ + 1): no map below Property 3's δ' is valid."""
    P, Q, g, gp = _prop3_pair()
    if delta_prime is None:
        delta_prime = 1 - (gp + 1) * _w / (g + 1)
    syms = (_d, _w, _v, _u)
    parts = [prove_nonnegative_orthant(x, syms) for x in P]
    parts.append(_prop3_identity(sympy.Add(*P), sympy.Integer(1), "P sums to 1"))
    for A, B, name in ((P, Q, "P||Q"), (Q, P, "Q||P")):
        e_g, pr = _hockey_orthant(A, B, g)
        parts.extend(pr)
        if e_g is None:
            return all_steps(parts, "Property 3 extremal pair")
        parts.append(_prop3_identity(e_g, _d, f"E_gamma({name}) = delta"))
        e_gp, pr = _hockey_orthant(A, B, gp)
        parts.extend(pr)
        if e_gp is None:
            return all_steps(parts, "Property 3 extremal pair")
        parts.append(_prop3_identity(e_gp, delta_prime, f"E_gamma'({name}) = delta'"))
    return all_steps(parts, "Property 3 is attained for all delta in [0,1], 0 <= eps' <= eps")


# Property 3's claims over all parameters as data for the independent checker (docs/certificates.md): in the
# variables γ' = e^{ε'} and s = e^ε − e^{ε'}, a bijection of {0 <= ε' < ε} onto [1, oo) × (0, oo) (ε' <= ε:
# s in [0, oo)), so the domain is a product of intervals; E_γ(A‖B) = Σ_y max(A_y − γ·B_y, 0) is written out.
_G, _GP = "(gamma_prime + s)", "gamma_prime"
_DELTA_PRIME = f"1 - ({_GP} + 1)*(1 - delta)/({_G} + 1)"
_P4 = ["delta", f"(1 - delta)*{_G}/(1 + {_G})", f"(1 - delta)/(1 + {_G})", "0"]


def _hockey_text(A, B, g: str) -> str:
    return " + ".join(f"max({a} - {g}*{b}, 0)" for a, b in zip(A, B))


_DELTA_BELOW_ONE_FORM = {"quantifier": "forall-params",
                         "domain": {"delta": "[0, 1)", "gamma_prime": "[1, oo)", "s": "(0, oo)"},
                         "claim": f"{_DELTA_PRIME} > delta"}
_EXTREMAL_FORM = {"quantifier": "forall-params",
                  "domain": {"delta": "[0, 1]", "gamma_prime": "[1, oo)", "s": "[0, oo)"},
                  "claim": " and ".join([f"{_P4[1]} >= 0", f"{_P4[2]} >= 0", f"{' + '.join(_P4)} == 1"] + [
                      f"{_hockey_text(A, B, g)} == {v}" for g, v in ((_G, "delta"), (_GP, _DELTA_PRIME))
                      for A, B in ((_P4, _P4[::-1]), (_P4[::-1], _P4))])}


_PROP3_RANGES = Hypothesis(
    "parameter-ranges", "0 <= δ <= 1 and 0 <= ε' < ε (1 <= e^ε' < e^ε)",
    lambda inst: 0 <= inst.params["delta"] <= 1 and 1 <= inst.params["gamma_prime"] < inst.params["gamma"])
_DELTA_BELOW_ONE = Hypothesis("delta-below-one", "δ < 1", lambda inst: inst.params["delta"] < 1)
_DELTA_GRID = Family("delta-grid", lambda: _prop3_delta_instances((Fraction(0), Fraction(1, 2), Fraction(1))),
                     "delta in {0, 1/2, 1} x (γ, γ') grid")


PROP3 = Claim(
    "cuff2016.prop3", "Property 3 (ε-δ trade-off) and its tightness claims",
    "§2.2, Property 3, eq. (13) and the paragraph after it; Appendix B",
    "For any non-negative ε' < ε, let δ' = 1 − (e^{ε'} + 1)(1 − δ)/(e^ε + 1). P ≈(ε,δ) Q ⟹ P ≈(ε',δ') Q. "
    "Property 3 is the tightest possible trade-off between ε and δ with respect to (ε,δ)-closeness. Notice "
    "that δ' > δ. It is not possible for a larger δ to imply a smaller one, for any finite ε and ε'.",
    "implication",
    [reading_of("literal", "For the tightest δ at e^ε = γ and γ' < γ in a grid, max(E_γ'(P‖Q), E_γ'(Q‖P)) <= δ'",
        prop3_check(), (PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RR), expected=CHECKED, hypotheses=PAIR_HYPOTHESES),
     reading_of("tightest", "The 4-point pair P = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q its mirror image is (ε,δ)-close "
                    "with δ tight and has E_{γ'}(P‖Q) = δ' exactly (no smaller δ' is possible)",
        _prop3_tight_check, [Family("prop3-extremal", _prop3_tight_instances,
                                    "grid of (γ, γ') and δ in {0, 1/10, 1/2, 9/10}")], expected=CHECKED,
        open_search=False),
     reading_of("delta-prime-exceeds-delta", "δ' > δ for every δ in [0, 1] and 0 <= ε' < ε",
        _prop3_delta_check, [_DELTA_GRID], expected=REFUTED, hypotheses=(_PROP3_RANGES,), finding=Finding.BOUNDARY,
        form={"quantifier": "forall-instances", "measures": {},
              "hypotheses": ["range:0 <= delta and delta <= 1 and 1 <= gamma_prime and gamma_prime < gamma"],
              "degenerate": "delta == 0 or delta == 1",
              "claim": "1 - (gamma_prime + 1)*(1 - delta)/(gamma + 1) > delta"},
        why="fails only at the endpoint δ = 1, where δ' = δ = 1 (the vacuous level); proved for every δ < 1 "
            "(reading delta-prime-exceeds-delta-below-one)",
        notes="REFUTED at δ = 1: δ' − δ = (1 − δ)(e^ε − e^{ε'})/(e^ε + 1) = 0 (both are 1, the vacuous "
              "level).  Boundary case; true for δ < 1 (reading delta-prime-exceeds-delta-below-one)."),
     reading_of("delta-prime-exceeds-delta-below-one", "δ' > δ for every δ in [0, 1) and 0 <= ε' < ε",
        _prop3_delta_check, [_DELTA_GRID, Family("delta-grid-below-one", lambda: _prop3_delta_instances(
            (Fraction(0), Fraction(1, 3), Fraction(99, 100))), "delta in {0, 1/3, 99/100} x (γ, γ') grid")],
        hypotheses=(_PROP3_RANGES, _DELTA_BELOW_ONE), prove=_prove_prop3_delta_below_one, expected=PROVED,
        form=_DELTA_BELOW_ONE_FORM),
     reading_of("no-smaller-delta", "For P = (δ, 1−δ), Q = (0, 1): (ε,δ)-close for every ε, yet E_{e^ε'}(P‖Q) = δ for "
                            "every ε' (also ε' > ε): no (ε', δ'') with δ'' < δ follows",
        _prop3_no_smaller_check, [Family("no-smaller-delta", _prop3_no_smaller_instances,
                                         "δ in {1/100, 1/10, 1/4, 1/2, 1}, e^ε' up to 10^9")], expected=CHECKED,
        open_search=False),
     Reading("forall-extremal-pair", "for all δ ∈ [0, 1] and 0 <= ε' <= ε: P = (δ, (1−δ)e^ε/(1+e^ε), "
            "(1−δ)/(1+e^ε), 0) and its mirror Q are (ε, δ)-close with δ tight and E_{e^ε'} = δ' both ways",
            prove=_prove_prop3, expected=Verdict.PROVED, open_search=False, form=_EXTREMAL_FORM,
            notes="Change of variables e^ε' = 1 + v, e^ε = 1 + v + u, δ = d, 1 − δ = w (all >= 0); each "
                  "term P_y − γQ_y is signed by a non-negative-coefficient certificate; the sums cancel to δ, δ'.")],
)

def prove_prop3_by_reduction(what: str = "pair") -> Decision:
    """Property 3 for EVERY (ε, δ)-close pair: approx-dominance, data processing of E_{e^ε'}, and the
    certified value of the four-output pair (the proof of reading forall-extremal-pair)."""
    from exactpriv.reductions import assemble_reduction

    family = _prove_prop3()
    return assemble_reduction(
        given="approx_dp", measure="approx_dp", bound="1 - (exp(eps')+1)(1-delta)/(exp(eps)+1)",
        dominance="approx-dominance",
        dominance_text=f"every neighbouring {what} that is (ε, δ)-close is a post-processing of the four-output pair "
                       "P̃ = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0), Q̃ = its mirror",
        monotone="data-processing-f",
        monotone_text="the hockey-stick divergence E_{e^ε'} (total variation at ε' = 0) is an f-divergence, so "
                      "it does not increase under post-processing",
        maximum_text="so E_{e^ε'}(P‖Q) <= E_{e^ε'}(P̃‖Q̃) and E_{e^ε'}(Q‖P) <= E_{e^ε'}(Q̃‖P̃)",
        family_proof=family,
        family_text="E_{e^ε'}(P̃‖Q̃) = E_{e^ε'}(Q̃‖P̃) = 1 − (e^ε' + 1)(1 − δ)/(e^ε + 1) = δ' for all δ ∈ [0, 1] and "
                    "0 <= ε' <= ε (non-negative-coefficient certificates after e^ε' = 1 + v, e^ε = 1 + v + u, "
                    "and exact cancellation)").decision


PROP3.readings.append(reduction_reading(
    "every-pair-by-reduction", given="approx_dp", measure="approx_dp", bound=None,
    families=(PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RR), check=prop3_check(),
    statement="For EVERY pair (P, Q) on a finite set, every δ ∈ [0, 1] and 0 <= ε' <= ε < ∞: (ε, δ)-close ⇒ "
              "(ε', δ')-close with δ' = 1 − (e^ε' + 1)(1 − δ)/(e^ε + 1): proved by reduction to the four-output "
              "extremal pair (approx-dominance, data processing of the hockey-stick divergence, its certified "
              "value δ' on the extremal pair); each listed pair's kernels are confirmed at every e^ε of the grid",
    prove=prove_prop3_by_reduction, confirm=confirm_approx(sorted({g for g, _ in _PROP3_GRID})),
    form={"quantifier": "forall-instances", "hypotheses": ["range:0 <= eps_prime and eps_prime <= eps"],
          "measures": {"D": {"notion": "approx_dp", "epsilon": "eps"},
                       "D2": {"notion": "approx_dp", "epsilon": "eps_prime"}},
          "claim": "D2 <= 1 - (exp(eps_prime) + 1)*(1 - D)/(exp(eps) + 1)"}))

CLAIMS = [PROP3]
