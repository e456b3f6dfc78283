"""Tightness witnesses of the bank, proved for ALL parameter values (issue "For all ε", item 2).

For each tightness claim of the bank (``grep -n tight theorems/*.py`` and shared/CLAIMS.md) this
module gives a reading named ``forall-...`` whose ``prove`` decides the equality witness for every
ε (or δ, k, ...) at once: the measures of a *symbolic* mechanism family are replaced by their exact
closed forms (:mod:`exactpriv.measures.symbolic`) and the resulting univariate statement is
certified (:mod:`exactpriv.forall`, :mod:`exactpriv.certify`).

The lead wires these readings into the bank modules (same claim ids).  ``TIGHTNESS`` holds the
tightness claims.  (Cuff–Yu's, Wang–Ying–Zhang's and Li et al.'s all-parameter readings live with their claims in
theorems/cuff2016/, theorems/wang2016/ and theorems/li2013/.)

Verdicts (expected, and why)
----------------------------
* zhao2019.thm2_conv — the paper's map s(ε) = ½ − 1/(e^ε+1) is NOT attained: on RR(ε)
  SP = tanh(ε/4) ≠ s(ε) (REFUTED at a certified point), and for every mechanism with positive
  entries SP >= tanh(DP/4) > s(DP) when DP > 0 (the inequality of maps is PROVED for all ε > 0;
  SP >= tanh(DP/4) is the two-point reduction, CHECKED on random positive mechanisms).  The tight
  converse is "tanh(ε/4)-SP ⇒ ε-DP", attained by RR(ε) for every ε (PROVED).
* identitydp.ex2 — PROVED: with X1 = X2 and the truncated geometric count mechanism (exactly
  ε-DP), posterior odds = e^{2ε} × prior odds for all ε; with independent records the ratio is
  <= e^ε for all ε.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all, inequality_for_all, value_for_all
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = ["TIGHTNESS"]

S003 = "seed 003_0ace9223eb283908.txt"
S004 = "seed 004_8c27f358b326ed94.txt"

_P, _X, _C = Verdict.PROVED, Verdict.REFUTED, Verdict.CHECKED
_T = sympy.exp(EPS)
_HALF = sympy.Rational(1, 2)


def _all(parts: list, what: str) -> Decision:
    """TRUE iff every part is TRUE; FALSE at the first FALSE (parts given as zero-argument
    callables are evaluated lazily, in order); else UNDECIDED."""
    done = []
    for p in parts:
        d = p() if callable(p) else p
        done.append(d)
        if d.is_false:
            break
    parts = done
    cert = {"parts": [{"truth": d.truth.value, "method": d.method, "reason": d.reason} for d in parts]}
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", certificate={**cert, **d.certificate})
    if all(d.is_true for d in parts):
        return Decision.true("forall", f"{what}: all {len(parts)} steps proved", certificate=cert)
    und = [d for d in parts if d.is_undecided]
    return Decision.undecided(und[0].method, f"{what}: {und[0].reason}", certificate=cert)


def _fact(ok: bool, method: str, reason: str) -> Decision:
    return Decision.true(method, reason) if ok else Decision.false(method, "not: " + reason)


def _h(x):
    """Binary entropy in nats (0 log 0 = 0 is not needed: used on (0, 1))."""
    return -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)


@functools.lru_cache(maxsize=None)
def _rr2():
    return zoo.randomized_response(2, eps=EPS)


# ======================================================================================
# zhao2019.thm2_conv — the converse map is not attained; tanh(ε/4) is
# ======================================================================================
def _s(e):
    return _HALF - 1 / (sympy.exp(e) + 1)


def _prove_sp_rr(target) -> Decision:
    M = _rr2()
    return _all([value_for_all(M, "pure_dp", EPS), value_for_all(M, "semantic_privacy", target)],
                f"RR_2(eps): DP = eps and SP = {target} for all eps")


def _prove_map_gap() -> Decision:
    return inequality_for_all(sympy.tanh(EPS / 4), ">", _s(EPS), domain=(0, sympy.oo), closed=(False, False))


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


def _check_sp_ge_tanh_quarter(inst: Instance) -> Outcome:
    """SP(M) >= tanh(DP(M)/4) exactly: with DP = ln r (r rational) and SP = (√R − 1)/(√R + 1),
    tanh(ln r/4) = (r^{1/4} − 1)/(r^{1/4} + 1), and H is increasing, so this is √R >= √r, i.e.
    R >= r (exact Fractions)."""
    from exactpriv.measures.divergence import pure_dp
    from exactpriv.measures.semantic import semantic_privacy

    M = inst.mechanism
    r = pure_dp(M).witness["ratio"]
    sp = semantic_privacy(M)
    R = sp.witness["cross_ratio"]
    R = Fraction(R) if not isinstance(R, Fraction) else R
    return Outcome(compare(R, ">=", r), {"R": R, "r": r, "SP": sp.value})


# ======================================================================================
# identitydp.ex2 — e^{2ε} under perfectly dependent records
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _count_geo():
    return zoo.count_query_geometric(2, eps=EPS, values=("t2", "t1"))


def _posterior_odds_ratio(prior: dict):
    """(Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2]) / (Pr[X1=t1]/Pr[X1=t2]), exactly (seed 004 eq. (1))."""
    M = _count_geo()
    y = M.output_index(2)
    num = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t1"),
              sympy.Integer(0))
    den = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t2"),
              sympy.Integer(0))
    p1 = sum((p for z, p in prior.items() if z[0] == "t1"), sympy.Integer(0))
    p2 = sum((p for z, p in prior.items() if z[0] == "t2"), sympy.Integer(0))
    return sympy.cancel((num / den) / (p1 / p2))


def _prove_identitydp_ex2(power=2) -> Decision:
    """M = truncated geometric noise on the count of t1 in (X1, X2): exactly ε-DP for all ε (pure
    DP = ε).  Dependent prior (X1 = X2, p(t1) = 1/10): the posterior odds of X1 after Y = 2 are
    e^{2ε} × the prior odds, for all ε >= 0 ((2)-(3))."""
    q = sympy.Rational(1, 10)
    dep = {("t1", "t1"): q, ("t2", "t2"): 1 - q}
    return _all([value_for_all(_count_geo(), "pure_dp", EPS),
                 equality_for_all(_posterior_odds_ratio(dep), sympy.exp(power * EPS))],
                "dependent records: posterior odds = e^(2 eps) x prior odds, all eps")


def _prove_identitydp_ex2_indep() -> Decision:
    q = sympy.Rational(1, 10)
    ind = {(a, b): (q if a == "t1" else 1 - q) * (q if b == "t1" else 1 - q) for a in ("t1", "t2")
           for b in ("t1", "t2")}
    return inequality_for_all(_posterior_odds_ratio(ind), "<=", _T)


# ======================================================================================
# the records
# ======================================================================================
TIGHTNESS: list[Claim] = [
    Claim(
        "zhao2019.thm2_conv", "Theorem 2 converse: is (½ − 1/(e^ε+1))-SP ⇒ ε-DP tight?",
        f"{S003}, Theorem 2",
        "Theorem 2 (Improving the result of Kasiviswanathan and Smith [3]). ε-Differential privacy implies "
        "(e^{2ε} − 1)-semantic privacy, and is implied by (1/2 − 1/(e^ε+1))-semantic privacy.",
        "tightness",
        [Reading("forall-rr-attains-paper-map", "RR_2(ε) (DP = ε) has SP = ½ − 1/(e^ε+1) for every ε >= 0",
                 prove=lambda: _prove_sp_rr(_s(EPS)), expected=_X,
                 notes="REFUTED: SP(RR_2(ε)) = tanh(ε/4) (exact two-point reduction), which differs from "
                       "½ − 1/(e^ε+1) = tanh(ε/2)/2 at every ε > 0 (certified point ε = 1/2)."),
         Reading("forall-paper-map-never-attained", "tanh(ε/4) > ½ − 1/(e^ε+1) for all ε > 0, and SP(M) >= "
                 "tanh(DP(M)/4) for mechanisms with positive entries; hence SP(M) > ½ − 1/(e^{DP(M)}+1) whenever "
                 "0 < DP(M) < oo: the converse's map is never attained",
                 check=_check_sp_ge_tanh_quarter,
                 families=[Family("random positive mechanisms", _positive_mechanisms,
                                  "seed 2019; D^n with (n, m) ∈ {(1,2),(1,3),(2,2)}, 2-3 outputs")],
                 prove=_prove_map_gap, expected=_P,
                 notes="SP >= tanh(DP/4): neighbours x, x' differing in record i have v_x = v_x' (same x_{-i}), so "
                       "the cross-ratio u_x v_x'/(v_x u_x') = P(y|x)/P(y|x') reaches e^DP; H is increasing.  "
                       "The proof is PROVED for the maps; the mechanism inequality is checked on the family."),
         Reading("forall-tanh-quarter-attained", "RR_2(ε) has DP = ε and SP = tanh(ε/4) for every ε >= 0: the "
                 "tight converse (positive mechanisms) is tanh(ε/4)-SP ⇒ ε-DP",
                 prove=lambda: _prove_sp_rr(sympy.tanh(EPS / 4)), expected=_P)],
    ),
    Claim(
        "identitydp.ex2", "Example 2: posterior odds e^{2ε} for perfectly dependent records, all ε",
        f"{S004}, §1, Example 2, eqs. (1)-(3)",
        "If X1, X2 are independent ... Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] <= e^ε × Pr[X1=t1]/Pr[X1=t2]. ... We assume that "
        "X1, X2 can only have the same value ... Assume that M is the Geometric mechanism, we obtain "
        "Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = Pr[X1=t1]/Pr[X1=t2] × e^{−ε|2−2|}/e^{−ε|2−0|} = e^{2ε} × "
        "Pr[X1=t1]/Pr[X1=t2].",
        "tightness",
        [Reading("forall-dependent-equality", "count of t1 plus truncated geometric noise (exactly ε-DP): with "
                 "X1 = X2, p(t1) = 1/10, posterior odds = e^{2ε} × prior odds for every ε >= 0",
                 prove=_prove_identitydp_ex2, expected=_P),
         Reading("forall-independent-bound", "with X1, X2 independent (p(t1) = 1/10 each): posterior odds <= e^ε × "
                 "prior odds for every ε >= 0", prove=_prove_identitydp_ex2_indep, expected=_P,
                 notes="For this mechanism the ratio is exactly e^ε (P(2|t1,t) = e^ε P(2|t2,t) for both t), so the "
                       "independent-case bound is attained too.")],
    ),
]



def attach_all_eps_readings(claims):
    """Attach the "forall-..." readings above to the bank claims with the same id (once)."""
    extra = {}
    for t in TIGHTNESS:
        extra.setdefault(t.id, []).extend(t.readings)
    for c in claims:
        names = {r.name for r in c.readings}
        for r in extra.get(c.id, []):
            if r.name not in names:
                c.readings.append(r)
                names.add(r.name)
    return claims
