"""Cuff–Yu Appendix D: Lemma 11 (conditional entropy is continuous in TV) and the continuity bound (105).

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), Appendix D: Lemma 11
(continuity of conditional entropy) and the cited continuity bound (105) (Zhang; Audenaert).

Main claims
-----------
* ``cuff2016.lemma11`` — |H_P(U|V) − H_Q(U|V)| ≤ 2h(δ/(1+δ)) + 2 δ/(1+δ) ln|U| with δ = TV, and the
  monotonicity in δ used by its proof (PROVED by the certifier);
* ``cuff2016.eq105`` — |H(P) − H(Q)| ≤ h(T) + T ln(|Y| − 1) for T = TV ≤ (|Y| − 1)/|Y| (a named range
  hypothesis), its mechanism form, and its monotonicity (PROVED).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures import divergence as dv
from exactpriv.measures import information as info
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming

from theorems.cuff2016.closeness import binary_entropy
from theorems.cuff2016.exact_information import capacity_of, marginal_entropy, exact_value, conj, le, prior_joint
from theorems.cuff2016.random_objects import random_prior, mech

__all__ = ["CLAIMS"]


def _sym_h(t):
    return -t * sympy.log(t) - (1 - t) * sympy.log(1 - t)


def _prove_nonnegative(cases) -> Decision:
    """Prove every ``(name, g, domain, closed)``: g >= 0 for all eps in the domain, with the
    certifier (:func:`exactpriv.certify.prove_inequality`); FALSE/UNDECIDED is passed on."""
    from exactpriv.certify import prove_inequality

    certs = {}
    for name, g, domain, closed in cases:
        r = prove_inequality(g, ">=", 0, domain=domain, closed=closed)
        certs[name] = {"verdict": r.verdict, "method": r.method, "reason": r.reason}
        if r.verdict == "REFUTED":
            return Decision.false("certify", f"{name}: {r.reason}", certificate=certs)
        if r.verdict != "PROVED":
            return Decision.undecided("certify", f"{name}: {r.reason}", certificate=certs)
    return Decision.true("certify", "; ".join(certs), certificate=certs)


# ======================================================================================
# Appendix D: Lemma 11 and the continuity bound (105)
# ======================================================================================
def _uv(u, v):
    return Hamming.product([range(u), range(v)])


def _prove_lemma11_monotone() -> Decision:
    """d/d delta [2h(delta/(1+delta)) + 2 delta/(1+delta) ln|U|] >= 0 on (0, 1], |U| = 2, 3."""
    d = EPS
    cases = []
    for u in (2, 3):
        f = 2 * _sym_h(d / (1 + d)) + 2 * d / (1 + d) * sympy.log(u)
        cases.append((f"|U|={u}", sympy.diff(f, d), (0, 1), (False, True)))
    return _prove_nonnegative(cases)


def _h_text(x: str) -> str:
    """h(x) = −x ln x − (1 − x) ln(1 − x) in the checker's grammar."""
    return f"(-({x})*log({x}) - (1 - ({x}))*log(1 - ({x})))"


#: 'proof-step-monotone' of Lemma 11 as data for the independent checker (docs/certificates.md, "Monotonicity"): the
#: bound is nondecreasing in delta on (0, 1] for |U| = 2, 3.  For this analytic bound that is the reading's "its
#: derivative is >= 0 on (0, 1]": f' >= 0 on (0, 1) is both what the checker derives and (f' continuous at 1)
#: equivalent to f' >= 0 on (0, 1]
_LEMMA11_MONOTONE_FORM = {
    "quantifier": "monotone", "variable": "delta", "direction": "nondecreasing",
    "cases": [{"name": f"|U| = {u}", "domain": {"delta": "(0, 1]"},
               "function": f"2*{_h_text('delta/(1 + delta)')} + 2*delta/(1 + delta)*log({u})"} for u in (2, 3)]}


@functools.lru_cache(maxsize=None)
def _fam_l11_random(seed=31, count=30, close=False):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = _uv(rng.choice((2, 3)), rng.choice((1, 2, 3)))
        P = random_prior(rng, sp)
        if close:  # move a little mass
            q = list(P.pmf)
            i, j = rng.randrange(len(q)), rng.randrange(len(q))
            mv = min(q[i], Fraction(rng.randint(1, 3), 20))
            q[i] -= mv
            q[j] += mv
            Q = Prior(sp, q)
        else:
            Q = random_prior(rng, sp)
        out.append(Instance(f"{'close' if close else 'random'} pair #{t} on {sp!r}", prior=P, extra={"Q": Q}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_l11_extreme():
    """Point mass vs a spread-out pmf (the extremal pairs of entropy continuity)."""
    out = []
    for u in (2, 3):
        sp = _uv(u, 1)
        for d in (Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), Fraction(9, 10)):
            P = Prior(sp, [1] + [0] * (u - 1))
            Q = Prior(sp, [1 - d] + [d / (u - 1)] * (u - 1))
            out.append(Instance(f"point mass vs spread, |U|={u}, delta={d}", prior=P, extra={"Q": Q}))
    sp = _uv(2, 2)
    for d in (Fraction(1, 10), Fraction(1, 2)):
        P = Prior(sp, [Fraction(1, 2), 0, 0, Fraction(1, 2)])
        Q = Prior(sp, [Fraction(1, 2) - d / 2, d / 2, d / 2, Fraction(1, 2) - d / 2])
        out.append(Instance(f"U = V vs noisy copy, delta={d}", prior=P, extra={"Q": Q}))
    return tuple(out)


def _check_lemma11(inst, *, variant="literal"):
    P, Q = inst.prior, inst.extra["Q"]
    delta = dv.tv(P.pmf, Q.pmf)
    t = delta / (1 + delta)
    u = len(P.space.records[0])
    jp, jq = prior_joint(P), prior_joint(Q)
    HP = marginal_entropy(jp, (0, 1)) - marginal_entropy(jp, (1,))
    HQ = marginal_entropy(jq, (0, 1)) - marginal_entropy(jq, (1,))
    if variant == "no-h":
        bound = 2 * t * LogForm.log(u) if u > 1 else LogForm.rational(0)
    else:
        bound = 2 * binary_entropy(t) + (2 * t * LogForm.log(u) if u > 1 else 0)
    parts = [("H_P - H_Q <= bound", le(HP - HQ, bound)), ("H_Q - H_P <= bound", le(HQ - HP, bound))]
    return Outcome(conj(parts), {"delta": delta, "H_P(U|V)": HP, "H_Q(U|V)": HQ, "bound": bound})


_F_L11 = [Family("extremal pairs (point mass vs spread, copy vs noisy copy)", _fam_l11_extreme),
          Family("random pairs on U x V, |U| in {2,3}, |V| in {1,2,3} (seed 31)", _fam_l11_random),
          Family("close pairs (small mass moved) (seed 32)", lambda: _fam_l11_random(32, 30, True))]


_LEMMA11 = Claim(
    "cuff2016.lemma11", "Lemma 11 (Continuity of conditional entropy)", "Appendix D, Lemma 11, eq. (110)",
    "If P and Q are two distributions on U x V with |U| < oo, then P ~(0, delta) Q implies "
    "|H_P(U|V) - H_Q(U|V)| <= 2h(delta/(delta+1)) + 2 delta/(delta+1) log|U|. (110)",
    "inequality",
    [Reading("literal", "with delta = TV(P, Q) exactly (the bound is increasing in delta): "
                        "|H_P(U|V) - H_Q(U|V)| <= 2h(delta/(1+delta)) + 2 delta/(1+delta) ln|U| (exact LogForms)",
             _check_lemma11, _F_L11, expected=Verdict.CHECKED,
             notes="The proof's (125) has a sign slip (H_p^ - H_P, not H_p^ - H_p*, and that term may be negative); "
                   "the bound (122) still follows since |H_p^ - H_P| <= log|U|."),
     Reading("proof-step-monotone", "'the bound in the lemma is monotonic in delta' (first line of the proof, used to "
                                    "assume TV = delta): its derivative is >= 0 on (0, 1] for |U| = 2, 3",
             prove=_prove_lemma11_monotone, expected=Verdict.PROVED, form=_LEMMA11_MONOTONE_FORM,
             notes="Proved by the certifier (exactpriv.certify.prove_inequality) for |U| = 2, 3 only; the general "
                   "case is 2 ln(|U|/delta)/(1+delta)^2 >= 0.")])


def _prove_105_monotone() -> Decision:
    """d/dT [h(T) + T ln(m-1)] >= 0 on (0, (m-1)/m], m = 2, 3, 4."""
    d = EPS
    cases = [(f"|Y|={m}", sympy.diff(_sym_h(d) + d * sympy.log(m - 1), d), (0, sympy.Rational(m - 1, m)), (False, True))
             for m in (2, 3, 4)]
    return _prove_nonnegative(cases)


#: 'proof-step-monotone' of (105) as data for the independent checker: h(T) + T ln(|Y| − 1) nondecreasing on
#: [0, (|Y| − 1)/|Y|], |Y| = 2, 3, 4, with h(0) = 0 (0 ln 0 = 0, the convention of h) listed as the value at T = 0
_EQ105_MONOTONE_FORM = {
    "quantifier": "monotone", "variable": "T", "direction": "nondecreasing",
    "cases": [{"name": f"|Y| = {m}", "domain": {"T": f"[0, {m - 1}/{m}]"}, "values": {"0": "0"},
               "function": f"{_h_text('T')} + T*log({m - 1})"} for m in (2, 3, 4)]}


@functools.lru_cache(maxsize=None)
def _fam_105_pairs(seed=33, count=40):
    rng = random.Random(seed)
    out = []
    for m in (2, 3, 4):  # extremal: point mass vs (1-T, T/(m-1), ...)
        sp = Hamming(range(m), 1)
        for T in (Fraction(1, 5), Fraction(1, 2)):
            if T <= Fraction(m - 1, m):
                out.append(Instance(f"point mass vs spread m={m} T={T}", prior=Prior(sp, [1] + [0] * (m - 1)),
                                    extra={"Q": Prior(sp, [1 - T] + [T / (m - 1)] * (m - 1))}))
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3, 4))), 1)
        out.append(Instance(f"random pair #{t}", prior=random_prior(rng, sp), extra={"Q": random_prior(rng, sp)}))
    return tuple(out)


def _check_105_pairs(inst, *, variant="literal"):
    P, Q = inst.prior, inst.extra["Q"]
    m = P.space.size
    T = dv.tv(P.pmf, Q.pmf)
    jp, jq = prior_joint(P), prior_joint(Q)
    d = marginal_entropy(jp, (0,)) - marginal_entropy(jq, (0,))
    tail = T * LogForm.log(m - 1) if m > 2 else LogForm.rational(0)
    bound = tail if variant == "no-h" else binary_entropy(T) + tail
    return Outcome(conj([("H(P)-H(Q) <= bound", le(d, bound)), ("H(Q)-H(P) <= bound", le(-d, bound))]),
                   {"T": T, "bound": bound})


def _hyp_105(inst):
    return dv.tv(inst.prior.pmf, inst.extra["Q"].pmf) <= Fraction(inst.prior.space.size - 1, inst.prior.space.size)


TV_AT_MOST_Y_RATIO = Hypothesis("tv-at-most-(|Y|-1)/|Y|", "T = TV(P, Q) <= (|Y| - 1)/|Y|, the range of (105)'s "
                                "first case", _hyp_105)


@functools.lru_cache(maxsize=None)
def _fam_105_mech(seed=34, count=6):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M = mech(rng, sp, rng.choice((2, 3, 4)), den=5)
        out.append(Instance(f"random single record #{t}", M, random_prior(rng, sp)))
    out.append(Instance("erasure_channel(3, 1/2)", zoo.erasure_channel(3, Fraction(1, 2)),
                        Prior.uniform(Hamming(range(1, 4), 1))))
    return tuple(out)


def _check_105_mech(inst):
    M = inst.mechanism
    delta = exact_value(dv.tv_dp(M))
    m = len(M.outputs)
    if delta <= Fraction(m - 1, m):
        bound = binary_entropy(delta) + (delta * LogForm.log(m - 1) if m > 2 else 0)
    else:
        bound = LogForm.log(m)
    I = info.mi_privacy(M, prior=inst.prior)
    C = capacity_of(M)
    return Outcome(conj([("I_P(X;Y) <= (105)", le(I, bound)), ("sup_P I(X;Y) <= (105)", le(C, bound))]),
                   {"delta": delta, "I": I, "capacity": C, "bound": bound})


_EQ105 = Claim(
    "cuff2016.eq105", "Continuity bound (105) (Zhang [27])", "Appendix D, eqs. (102)-(105)",
    "Finally, a continuity property of entropy found in [27] (see (4) within), derived from optimal coupling and "
    "Fano's inequality, bounds the difference in entropy as a function of total variation distance and |Y~|. "
    "Combining this with (102) and (104) gives I(X~;Y~) <= h(delta) + delta ln(|Y~|-1) if delta <= (|Y~|-1)/|Y~|, "
    "ln|Y~| if delta > (|Y~|-1)/|Y~|. (105)",
    "inequality",
    [Reading("zhang-continuity", "for pmfs P, Q on Y with T = TV(P,Q) <= (|Y|-1)/|Y|: "
                                 "|H(P) - H(Q)| <= h(T) + T ln(|Y|-1) (exact LogForms)",
             _check_105_pairs, [Family("extremal and random pmf pairs, |Y| in 2..4 (seed 33)", _fam_105_pairs)],
             hypotheses=(TV_AT_MOST_Y_RATIO,), expected=Verdict.CHECKED,
             notes="The cited inequality (Zhang 2007, eq. (4)); the point-mass instances attain it with equality."),
     Reading("(105)", "single-record mechanisms (all pairs neighbours) with delta = tv_dp(M): I_P(X;Y) and "
                      "sup_P I(X;Y) <= (105)",
             _check_105_mech, [Family("random single-record mechanisms + erasure channel (seed 34)", _fam_105_mech)],
             expected=Verdict.CHECKED),
     Reading("proof-step-monotone", "h(T) + T ln(|Y|-1) is nondecreasing on [0, (|Y|-1)/|Y|] (what lets (105) "
                                    "replace each TV(P_{Y|x}, P_Y) <= delta by delta), |Y| = 2, 3, 4",
             prove=_prove_105_monotone, expected=Verdict.PROVED, form=_EQ105_MONOTONE_FORM,
             notes="Proved by the certifier for |Y| = 2, 3, 4; the derivative ln((1-T)(|Y|-1)/T) vanishes at "
                   "T = (|Y|-1)/|Y| and is negative beyond, which is why (105) switches to ln|Y| there.")])

CLAIMS = [_LEMMA11, _EQ105]
