"""Zhao's Theorem 2: ε-DP ⇔ semantic privacy up to the maps; the comparison with ε/6; the cited lemma.

Theorem 2 of Zhao (DP ⇔ semantic privacy, up to the maps), its numerical comparison with
Kasiviswanathan–Smith, and the cited point-wise indistinguishability lemma.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761), Sec. II, Sec. III-A.

Main claims
-----------
* ``zhao2019.thm2_fwd`` — ε-DP ⇒ (e^{2ε} − 1)-SP (and the sharper tanh(ε/2), not claimed);
* ``zhao2019.thm2_conv`` — (½ − 1/(e^ε+1))-SP ⇒ ε-DP.  Holds for positive mechanisms, and for all
  mechanisms when an undefined Game-i posterior counts as a breach; fails at the boundary where an
  output is impossible when record i is ⊥.  The paper does not claim its map tight: the ``forall-``
  readings are our probes — RR_2(ε) has DP = ε and SP = tanh(ε/4) for every ε (PROVED), so the sharp
  converse is s-SP ⇒ 4·artanh(s)-DP, and the paper's map is attained by no positive mechanism;
* ``zhao2019.improve`` — ½ − 1/(e^ε+1) > ε/6 on (0, 1.35] (PROVED; also on (0, 5/2]; fails at 13/5);
* ``zhao2019.ks_lemma`` — [3, Lemma 3.3, Property 5]: point-wise (ε, 0)-indistinguishable ⇒
  (ε, 0)-indistinguishable and SD ≤ e^ε − 1.

The all-ε statements use :mod:`exactpriv.certify` and :mod:`exactpriv.forall` (symbolic randomized
response with exact closed forms of pure DP and SP).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims.by_reduction import reduction_reading
from exactpriv.claims import (
    Claim, Family, Finding, Instance, Outcome, Reading, Verdict, implies, pmf_params, param_domain,
)
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS, OO
from exactpriv.forall import inequality_for_all, value_for_all
from exactpriv.measures.divergence import max_divergence, tv
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems.zhao2019.brute_force import Tables, event_max_ratio, output_events, tables_of
from theorems.zhao2019.steps import H_ge, H_le, cross_ratio, exact_text, le, ratio_of, s_of_ratio, shown
from theorems.zhao2019.instances import MECH_FAMILIES, RANDOM_POS, ZOO, make_family, make_instance, rpmf
from theorems.zhao2019.measured import POSITIVE, dp_measure, sp_measure
from theorems.zhao2019.theorem1 import CONVERSE_MAP

__all__ = ["CLAIMS", "check_ks", "check_sp_converse", "check_sp_forward", "prove_improve"]

_C, _P, _X = Verdict.CHECKED, Verdict.PROVED, Verdict.REFUTED
_F = Fraction


# ----------------------------------------------------------------------------- Theorem 2
def check_sp_forward(*, bound=None):
    """Theorem 2 (forward): SP ≤ e^{2 DP} − 1 (``bound``: variant map r = e^DP -> rational)."""
    bound = bound or (lambda r: r * r - 1)

    def check(inst: Instance) -> Outcome:
        d, s = dp_measure(inst.mechanism), sp_measure(inst.mechanism)
        r, R = ratio_of(d.value), cross_ratio(s)
        ok = True if r == OO else H_le(R, bound(r))
        return Outcome(Decision.of(ok, "exact", f"SP = {shown(s.value)} vs e^(2 DP) - 1 with DP = {shown(d.value)}"),
                       {"pure_dp": d, "semantic_privacy": s})

    return check


THM2_FWD = Claim(
    "zhao2019.thm2_fwd", "Theorem 2 (forward, Kasiviswanathan–Smith): ε-DP ⇒ (e^{2ε} − 1)-SP", "Theorem 2",
    "Theorem 2 (Improving the result of Kasiviswanathan and Smith [3]). ε-Differential privacy implies "
    "(e^{2ε} − 1)-semantic privacy, and is implied by (1/2 − 1/(e^ε+1))-semantic privacy.",
    "implication",
    [Reading("literal", "SP(M) ≤ e^{2 DP(M)} − 1", check_sp_forward(), MECH_FAMILIES, expected=_C,
             relations=(implies("pure_dp", "semantic_privacy", sympy.exp(2 * EPS) - 1, "e^(2ε)−1"),)),
     Reading("sharper-tanh", "SP(M) ≤ tanh(DP(M)/2) = (e^DP − 1)/(e^DP + 1) (the exact sup reduction gives at "
             "most this; not claimed by the paper)", check_sp_forward(bound=lambda r: (r - 1) / (r + 1)),
             MECH_FAMILIES, expected=_C,
             relations=(implies("pure_dp", "semantic_privacy", sympy.tanh(EPS / 2), "tanh(ε/2)",
                                note="not claimed by the paper: exactpriv's sharper map"),))],
)


_HALF = sympy.Rational(1, 2)
_CONVERSE_LABEL = "ln((1+2s)/(1−2s))"


def _sp_breach(T: Tables) -> bool:
    """Some database x, record i and transcript y with P[Y(x) = y] > 0 = P[Y(x_{-i}) = y]: the belief
    δ_x has a defined Game-0 and an undefined Game-i posterior."""
    for i in range(T.n):
        for k, x in enumerate(T.points):
            vb = T.rows[T.index[T.with_bot(x, i)]]
            if any(a > 0 and b == 0 for a, b in zip(T.rows[k], vb)):
                return True
    return False


def check_sp_converse(*, breach: bool = False, scale=Fraction(1)):
    """Theorem 2 (converse): s(DP) ≤ SP.  ``breach``: an undefined Game-i posterior counts as SD = 1."""

    def check(inst: Instance) -> Outcome:
        d, s = dp_measure(inst.mechanism), sp_measure(inst.mechanism)
        r, R = ratio_of(d.value), cross_ratio(s)
        if breach and _sp_breach(tables_of(inst.mechanism, None)):
            R = OO
        need = s_of_ratio(r, scale)
        return Outcome(Decision.of(H_ge(R, need), "exact", f"SP = {shown(s.value)} >= s(DP) = {need} with DP = {shown(d.value)}"
                            + (" (undefined posteriors count as SD = 1)" if breach else "")),
                       {"pure_dp": d, "semantic_privacy": s})

    return check


# ----------------------------------------------------------------------------- Theorem 2's map: not attained
@functools.lru_cache(maxsize=None)
def _rr2():
    return zoo.randomized_response(2, eps=EPS)


def _s(e):
    """The paper's converse map s(ε) = ½ − 1/(e^ε + 1) (= tanh(ε/2)/2)."""
    return _HALF - 1 / (sympy.exp(e) + 1)


def _prove_sp_rr(target) -> Decision:
    """RR_2(ε) for every ε ≥ 0: pure DP = ε and SP = ``target`` (exact closed forms, certified)."""
    M = _rr2()
    return Decision.all_of([lambda: value_for_all(M, "pure_dp", EPS), lambda: value_for_all(M, "semantic_privacy", target)], f"RR_2(eps): DP = eps and SP = {target} for all eps")


def _rr2_form(domain: str, claim: str) -> dict:
    """A claim on RR_2(ε) for every ε of the domain, as data for the independent checker (docs/certificates.md,
    "forall-family"): DP its pure DP and SP its semantic privacy, both derived by the checker from the matrix."""
    from exactpriv.certify.checker_format import family_entry
    from exactpriv.claims.evidence import space_json

    M = _rr2()
    entry = family_entry("RR_2(eps)", "eps", domain, space_json(M.inputs), M.to_json()["outputs"], M.rows)
    return {"quantifier": "forall-family", "families": [entry],
            "measures": {"DP": {"notion": "pure_dp"}, "SP": {"notion": "semantic_privacy"}}, "claim": claim}


def _rr2_member(t: int) -> Instance:
    """RR_2 at ε = ln t (rational entries): a replayable member for the 'forall-rr' readings."""
    e = sympy.log(t)
    return Instance(f"RR_2 at eps = log({t})", mechanism=zoo.randomized_response(2, eps=e), params={"eps": e})


def _check_rr_member_attains(inst: Instance) -> Outcome:
    """At one member RR_2(ε) (params eps): DP = ε and SP = ½ − 1/(e^ε+1), exactly — the statement of
    'forall-rr-attains-paper-map' at that ε."""
    e = inst.params["eps"]
    d, s = dp_measure(inst.mechanism), sp_measure(inst.mechanism)
    return Outcome(Decision.all_of([lambda: compare(d.value, "==", e), lambda: compare(s.value, "==", _s(e))],
                                   f"RR_2 at eps = {e}: DP = {shown(d.value)}, SP = {shown(s.value)}"),
                   {"pure_dp": d, "semantic_privacy": s})


#: RR_2's members at ε = ln 2, ln 3: the refuted 'forall' reading's replayable witnesses (the proof decides)
_RR2_MEMBERS = Family("RR_2 at eps = log 2, log 3", lambda: (_rr2_member(2), _rr2_member(3)),
                      "binary randomized response at rational e^eps")

#: the same statement as data for the independent checker: the checker builds RR(2, ε) at the witness's ε
_ATTAINS_FORM = {"quantifier": "forall-instances",
                 "family": {"construction": "randomized_response", "fixed": {"m": 2}, "domain": "[0, oo)"},
                 "hypotheses": [], "measures": {"DP": {"notion": "pure_dp"}, "SP": {"notion": "semantic_privacy"}},
                 "claim": "DP == eps and SP == 1/2 - 1/(exp(eps) + 1)"}


def _prove_rr_gap() -> Decision:
    """For every ε > 0: RR_2(ε) has DP = ε and SP = tanh(ε/4), and tanh(ε/4) > s(ε) (certified)."""
    M = _rr2()
    return Decision.all_of([lambda: value_for_all(M, "pure_dp", EPS),
                    lambda: value_for_all(M, "semantic_privacy", sympy.tanh(EPS / 4)),
                    lambda: inequality_for_all(sympy.tanh(EPS / 4), ">", _s(EPS), domain=(0, sympy.oo),
                                               closed=(False, False))], "RR_2(eps) has SP = tanh(eps/4) > 1/2 - 1/(e^eps + 1) for every eps > 0")


@functools.lru_cache(maxsize=None)
def _positive_mechanisms():
    rng = random.Random(2019)
    out = []
    for n, m, k in ((1, 2, 2), (1, 2, 3), (1, 3, 2), (2, 2, 2), (2, 2, 3)):
        S = Hamming(range(m), n)
        for j in range(6):
            rows = []
            for _ in S.points:
                w = [rng.randint(1, 7) for _ in range(k)]
                rows.append([Fraction(a, sum(w)) for a in w])
            out.append(Instance(f"random positive mechanism #{j} on D^{n}, m={m}, {k} outputs",
                                Mechanism(S, list(range(k)), rows)))
    return tuple(out)


def _check_map_not_attained(inst: Instance) -> Outcome:
    """SP(M) ≥ tanh(DP(M)/4), and SP(M) > s(DP(M)) when DP(M) > 0, exactly.

    With DP = ln r (r rational) and SP = H(R) = (√R − 1)/(√R + 1): tanh(ln r/4) = H(r) and H is
    increasing, so the first is R ≥ r; the second is H(R) > (r − 1)/(2(r + 1)) (a rational), decided by
    comparing R with a rational square."""
    d, s = dp_measure(inst.mechanism), sp_measure(inst.mechanism)
    r, R = ratio_of(d.value), cross_ratio(s)
    ge_tanh = le(r, R)
    strict = r == 1 or not H_le(R, s_of_ratio(r))
    return Outcome(Decision.of(ge_tanh and strict, "exact (R vs r and a rational square)", f"SP = {shown(s.value)} >= tanh(DP/4) and > s(DP) with DP = {shown(d.value)}", certificate={"R": exact_text(R), "r": exact_text(r)}),
                   {"pure_dp": d, "semantic_privacy": s})


THM2_CONV = Claim(
    "zhao2019.thm2_conv", "Theorem 2 (converse, new): (1/2 − 1/(e^ε+1))-SP ⇒ ε-DP", "Theorem 2",
    "Theorem 2 [...] ε-Differential privacy [...] is implied by (1/2 − 1/(e^ε+1))-semantic privacy.  [Proof "
    "'similar to that of Theorem 1': uniform belief on neighbours x, x' differing at i.]",
    "implication",
    [Reading("undefined-excluded", "DP(M) ≤ g(SP(M)) with SP's beliefs restricted to defined posteriors (the "
             "measure)", check_sp_converse(), MECH_FAMILIES, expected=_X, finding=Finding.BOUNDARY,
             form={"quantifier": "forall-instances", "hypotheses": [],
                   "measures": {"DP": {"notion": "pure_dp"}, "SP": {"notion": "semantic_privacy"}},
                   "claim": "SP >= 1/2 - 1/(exp(DP) + 1)"},
             why="an output impossible when record i is ⊥ (P(.|⊥) = (0, 1), P(.|1) = (1/2, 1/2)): no belief "
                 "defines b_i[.|y], SP = 3 − 2√2 < 1/2 but DP = +oo; holds for positive mechanisms and when "
                 "undefined posteriors count as a breach",
             notes="if P[Y(x_{-i}) = y] = 0 for every x then no belief defines b_i[.|y], SP ignores y, and the DP "
                   "ratio at y is unconstrained",
             relations=(implies("semantic_privacy", "pure_dp", CONVERSE_MAP, _CONVERSE_LABEL),)),
     Reading("undefined-is-breach", "as above, counting a belief with defined b_0[.|y] and undefined b_i[.|y] as "
             "SD = 1", check_sp_converse(breach=True), MECH_FAMILIES, expected=_C,
             convention="undefined Game-i posterior = breach (SD 1)"),
     Reading("positive-mechanism", "as 'undefined-excluded' for mechanisms with positive entries",
             check_sp_converse(), MECH_FAMILIES, expected=_C, hypotheses=(POSITIVE,),
             form={"quantifier": "forall-instances", "hypotheses": ["mechanism_positive"],
                   "measures": {"DP": {"notion": "pure_dp"}, "SP": {"notion": "semantic_privacy"}},
                   "claim": "SP >= 1/2 - 1/(exp(DP) + 1)"},
             relations=(implies("semantic_privacy", "pure_dp", CONVERSE_MAP, _CONVERSE_LABEL,
                                conditions=("positive",)),)),
     Reading("forall-rr-attains-paper-map", "probe (the paper does not claim its map tight): RR_2(ε) (DP = ε) "
             "has SP = ½ − 1/(e^ε+1) for every ε ≥ 0", prove=lambda: _prove_sp_rr(_s(EPS)), expected=_X,
             check=_check_rr_member_attains, families=(_RR2_MEMBERS,), open_search=False, form=_ATTAINS_FORM,
             finding=Finding.VARIANT,
             why="SP(RR_2(ε)) = tanh(ε/4), not ½ − 1/(e^ε+1) = tanh(ε/2)/2, at every ε > 0 (certified point "
                 "ε = 1/2): the paper's map is valid but not sharp; the sharp converse is s-SP ⇒ 4·artanh(s)-DP"),
     Reading("forall-rr-paper-map-never-attained", "for RR_2(ε), every ε > 0: DP = ε and SP = tanh(ε/4) > "
             "½ − 1/(e^ε+1), so the paper's map is attained by no member of the RR family",
             prove=_prove_rr_gap, expected=_P,
             form=_rr2_form("(0, oo)", "DP == eps and SP == tanh(eps/4) and SP > 1/2 - 1/(exp(eps) + 1)")),
     Reading("positive-mechanisms-paper-map-never-attained", "for mechanisms with positive entries: SP(M) ≥ "
             "tanh(DP(M)/4), and SP(M) > ½ − 1/(e^{DP(M)}+1) whenever DP(M) > 0: the paper's map is never "
             "attained", check=_check_map_not_attained,
             families=(Family("random positive mechanisms", _positive_mechanisms,
                              "random.Random(2019); D^n with (n, m) ∈ {(1,2),(1,3),(2,2)}, 2-3 outputs"),
                       ZOO, RANDOM_POS),
             hypotheses=(POSITIVE,), expected=_C,
             notes="SP ≥ tanh(DP/4): neighbours x, x' differing in record i have the same x_{-i}, so the "
                   "cross-ratio P(y|x)/P(y|x') reaches e^DP and H is increasing (an argument, checked here on "
                   "the families, not proved)"),
     Reading("forall-tanh-quarter-attained", "RR_2(ε) has DP = ε and SP = tanh(ε/4) for every ε ≥ 0: no converse "
             "map below s ↦ 4·artanh(s) is valid", prove=lambda: _prove_sp_rr(sympy.tanh(EPS / 4)),
             expected=_P, form=_rr2_form("[0, oo)", "DP == eps and SP == tanh(eps/4)"))],
)


# ----------------------------------------------------------------------------- the comparison with ε/6
_S_EPS = sympy.Rational(1, 2) - 1 / (sympy.exp(EPS) + 1)


def _improve_form(hi, *, closed_lo=False) -> dict:
    """1/2 − 1/(e^ε+1) > ε/6 on the domain, as data for the independent checker."""
    return {"quantifier": "forall-params", "domain": {"eps": f"{'[' if closed_lo else '('}0, {hi}]"},
            "measures": {}, "hypotheses": [], "claim": "1/2 - 1/(exp(eps) + 1) > eps/6"}


def prove_improve(hi, *, closed_lo=False, rhs=EPS / 6):
    def prove() -> Decision:
        from exactpriv.certify import prove_inequality

        r = prove_inequality(_S_EPS, ">", rhs, domain=(0, hi), closed=(closed_lo, True))
        return r.to_decision()

    return prove


def check_improve_point(inst: Instance) -> Outcome:
    e = inst.params["eps"]
    es = sympy.Rational(e.numerator, e.denominator)
    return Outcome(compare(_S_EPS.subs(EPS, es), ">", es / 6))


def _improve_points(hi):
    return lambda: tuple(make_instance(f"eps={_F(k, 20)}", None, eps=_F(k, 20)) for k in range(1, int(hi * 20) + 1))


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
IMPROVE_DOMAIN = param_domain("eps", lo=0, hi=Fraction(27, 20), open_lo=True,
                              text="0 < ε <= 1.35 = 27/20 (the claim's range)")


IMPROVE = Claim(
    "zhao2019.improve", "Claim: 1/2 − 1/(e^ε+1) > ε/6 for ε ≤ 1.35", "Sec. II (after Theorem 2)",
    "The second part of Theorem 2 improves the corresponding result of Kasiviswanathan and Smith [3], which "
    "states that ε-differential privacy is implied by ε/6-semantic privacy for ε ≤ 1.35. The improvement can be "
    "seen from 1/2 − 1/(e^ε+1) > ε/6 for ε ≤ 1.35.",
    "inequality",
    [Reading("literal", "1/2 − 1/(e^ε+1) > ε/6 for all ε ∈ (0, 27/20]", check_improve_point,
             (make_family("eps-points", _improve_points(_F(27, 20)), "eps = k/20 in (0, 27/20]"),),
             prove=prove_improve(_F(27, 20)), hypotheses=(IMPROVE_DOMAIN,), expected=_P,
             form=_improve_form(_F(27, 20))),
     Reading("extension-to-5/2", "the same on (0, 5/2]", prove=prove_improve(_F(5, 2)), expected=_P,
             form=_improve_form(_F(5, 2)),
             notes="the inequality holds well beyond 1.35"),
     Reading("extension-to-13/5", "the same on (0, 13/5]", prove=prove_improve(_F(13, 5)), expected=_X,
             form=_improve_form(_F(13, 5)),
             finding=Finding.VARIANT,
             why="a probe beyond the paper's range: fails at ε = 13/5 (tanh(ε/2) = ε/3 has its positive root at "
                 "ε ≈ 2.5757, bracketed exactly by the PROVED (0, 5/2] and this refuted (0, 13/5])"),
     Reading("including-zero", "the same on [0, 27/20]", prove=prove_improve(_F(27, 20), closed_lo=True),
             form=_improve_form(_F(27, 20), closed_lo=True),
             expected=_X, finding=Finding.BOUNDARY,
             why="at the endpoint ε = 0 both sides are 0 and the strict inequality fails; 'literal' on "
                 "(0, 27/20] is PROVED")],
)


# ----------------------------------------------------------------------------- [3, Lemma 3.3]
def _ks_pairs() -> tuple:
    out = []
    grid = [_F(k, 6) for k in range(7)]
    for a in grid:
        for b in grid:
            out.append(make_instance(f"binary({a},{b})", None, P=(a, 1 - a), Q=(b, 1 - b)))
    for g in (_F(3, 2), _F(2), _F(3)):  # extremal binary pairs: ratio exactly g on both points
        out.append(make_instance(f"extremal(g={g})", None, P=(g / (1 + g), 1 / (1 + g)), Q=(1 / (1 + g), g / (1 + g))))
    rng = random.Random(41)
    for t in range(60):
        k = rng.choice((3, 4))
        out.append(make_instance(f"random#{t}(k={k})", None, P=tuple(rpmf(rng, k, zeros=t % 4 == 0)),
                         Q=tuple(rpmf(rng, k, zeros=t % 5 == 0))))
    return tuple(out)


KS_PAIRS = make_family("pmf-pairs", functools.lru_cache(maxsize=None)(_ks_pairs),
                "binary grid (step 1/6), extremal binary pairs, 60 random pairs on 3-4 points (zeros allowed)")


def _pointwise_gamma(P, Q):
    """e^ε of point-wise (ε, 0)-indistinguishability: max over a in supp P ∪ supp Q of the ratio
    P(a)/Q(a) both ways ([3, Def. 3.2]); +oo if the supports differ."""
    return max(ratio_of(max_divergence(P, Q)), ratio_of(max_divergence(Q, P)),
               key=lambda v: (v == OO, v if v != OO else 0))


def check_ks(part: str, *, sd_bound=None):
    """[3, Lemma 3.3, Property 5]: point-wise (ε,0)-indist. ⇒ (ε,0)-indist. (all events) and SD ≤ e^ε − 1."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        g = _pointwise_gamma(P, Q)
        if part == "events":
            events = output_events(len(P))
            r = max((event_max_ratio(P, Q, events), event_max_ratio(Q, P, events)),
                    key=lambda v: (v == OO, v if v != OO else 0))
            return Outcome(Decision.of(le(r, g), "brute-force events", f"max event ratio {exact_text(r)} <= e^eps = {exact_text(g)}"))
        d = tv(P, Q)
        bnd = (sd_bound or (lambda gg: gg - 1))(g) if g != OO else OO
        return Outcome(Decision.of(le(d, bnd), "exact", f"SD = {d} <= {exact_text(bnd)} (e^eps = {exact_text(g)})"))

    return check


#: the lemma's X and Y are discrete random variables: their laws P, Q are pmfs on one finite set (declared, so a
#: search may draw them — issue 23)
KS_PMFS = pmf_params("P", "Q", text="P and Q are the laws of two discrete random variables on the same finite set")


KS_LEMMA = Claim(
    "zhao2019.ks_lemma", "Cited lemma [3, Lemma 3.3, Property 5]", "proof of Theorem 1",
    "Two discrete random variables X and Y are point-wise (ε, 0)-indistinguishable if it holds for a drawn from "
    "either X or Y that e^{-ε} P[Y = a] ≤ P[X = a] ≤ e^ε P[Y = a]. [...] Applying [3, Lemma 3.3-Property 5], we "
    "obtain SD(b_0[x_{i+S}|y], b_i[x_{i+S}|y]) ≤ (e^{2ε} − 1). [...] From [3, Lemma 3.3-Property 5], Y(x_{i+S}) "
    "and Y(x'_{i+S}) are (ε, 0)-indistinguishable.",
    "implication",
    [Reading("indistinguishable", "point-wise (ε,0) ⇒ P(A) ≤ e^ε Q(A) and Q(A) ≤ e^ε P(A) for every event A",
             check_ks("events"), (KS_PAIRS,), expected=_C, hypotheses=(KS_PMFS,)),
     Reading("sd-bound", "point-wise (ε,0) ⇒ SD(P, Q) ≤ e^ε − 1", check_ks("sd"), (KS_PAIRS,), expected=_C,
             hypotheses=(KS_PMFS,)),
     Reading("sharper-tanh", "point-wise (ε,0) ⇒ SD(P, Q) ≤ (e^ε − 1)/(e^ε + 1) (stronger; not claimed)",
             check_ks("sd", sd_bound=lambda g: (g - 1) / (g + 1)), (KS_PAIRS,), expected=_C, hypotheses=(KS_PMFS,)),
     reduction_reading(
         "sd-bound-by-reduction", given="pure_dp", measure="tv_dp", bound=sympy.exp(EPS) - 1,
         families=(KS_PAIRS,), check=check_ks("sd"),
         statement="for EVERY pair (P, Q) on a finite set, point-wise (ε,0)-indistinguishable ⇒ SD(P, Q) ≤ "
                   "e^ε − 1: proved by reduction to RR(ε) (TV is monotone under post-processing, TV(RR(ε)) = "
                   "tanh(ε/2) ≤ e^ε − 1 certified)"),
     reduction_reading(
         "sharper-tanh-by-reduction", given="pure_dp", measure="tv_dp", bound=sympy.tanh(EPS / 2),
         families=(KS_PAIRS,), check=check_ks("sd", sd_bound=lambda g: (g - 1) / (g + 1)),
         statement="for EVERY pair (P, Q) on a finite set, point-wise (ε,0)-indistinguishable ⇒ SD(P, Q) ≤ "
                   "tanh(ε/2) (stronger than the cited lemma; not claimed): proved by reduction to RR(ε), "
                   "where it is an equality")],
)


CLAIMS: list[Claim] = [THM2_FWD, THM2_CONV, IMPROVE, KS_LEMMA]
