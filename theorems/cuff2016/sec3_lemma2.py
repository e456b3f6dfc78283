"""Cuff–Yu Lemma 2: ε-MI-DP ⇒ (0, √(2ε))-DP, its tight form (28) attained by BSCs, Remark (33).

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §3.3: Lemma 2
(ordering (C)), its tight form (28), Appendix C and Remark (33).

Main claims
-----------
* ``cuff2016.lemma2`` — (27) ε-MI-DP ⇒ (0, √(2ε))-DP; the tight form (28) δ' = 1 − 2h⁻¹(ln 2 − ε), checked
  without inverting h (δ ≤ 1 − 2h⁻¹(ln 2 − ε) ⟺ h((1 − δ)/2) ≥ ln 2 − ε, h increasing on [0, ½]), attained
  by binary symmetric channels for every MI level (PROVED); the asymptotic tightness of (27); (99); the
  extremality of BSCs and the convexity of capacity (Appendix C);
* ``cuff2016.lemma2_general`` — Remark (33): a positive threshold for δ' (finite analogue).
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.relations import implies
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all, inequality_for_all
from exactpriv.measures.divergence import tv_dp
from exactpriv.measures.information import capacity
from exactpriv.measures.symbolic import mi_dp_symbolic, tv_dp_symbolic
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.cuff2016.closeness import LN2, binary_entropy
from theorems.cuff2016.steps import prove_for_all_eps, combine, measured_cmp, prove_identity, prove_limit
from theorems.cuff2016.instances import MECH_FAMILIES, MECHS_BSC, mech, rpmf
from theorems.cuff2016.measured import sharp_mi_dp, tv_dp_of, approx_delta
from theorems.cuff2016.symbolic import EXP_EPS, HALF, all_steps, h_sym, rr2
from theorems.cuff2016._common import CHECKED, PROVED, reading_of

__all__ = ["CLAIMS"]


def _prove_eq99() -> Decision:
    """(99) h(x) <= ln 2 − 2(x − ½)² on [0, 1], equivalently (x = (1 − d)/2, h symmetric)
    g(d) = ln 2 − h((1 − d)/2) − d²/2 >= 0 on [0, 1] — which is also the relaxation of (28)
    to (27), since ε = ln 2 − h((1 − δ')/2) along the BSCs.  Proof: g = ((1+d)ln(1+d) +
    (1−d)ln(1−d))/2 − d²/2 (identity), g(0) = 0, g'(d) = (ln(1+d) − ln(1−d))/2 − d (identity)
    is >= 0 on [0, 1) (certifier), so g is non-decreasing on [0, 1); g(1) = ln 2 − ½ > 0 (kernel);
    x in [½, 1] is x = (1 + d)/2, where h((1 + d)/2) = h((1 − d)/2) (identity) and 2(x − ½)² = d²/2."""
    d = sympy.Symbol("d", nonnegative=True)
    h = lambda x: -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)  # noqa: E731
    g = ((1 + d) * sympy.log(1 + d) + (1 - d) * sympy.log(1 - d)) / 2 - d ** 2 / 2
    gp = (sympy.log(1 + d) - sympy.log(1 - d)) / 2 - d
    parts = [
        prove_identity(sympy.log(2) - h((1 - d) / 2) - d ** 2 / 2 - g, "ln 2 - h((1-d)/2) - d^2/2 = g(d)"),
        # x = (1 + d)/2 covers x in [1/2, 1]: both sides of (99) are symmetric about x = 1/2
        prove_identity(h((1 + d) / 2) - h((1 - d) / 2), "h((1+d)/2) = h((1-d)/2)"),
        compare(g.subs(d, 0), "==", 0),
        prove_identity(sympy.diff(g, d) - gp, "g'(d) = (ln(1+d) - ln(1-d))/2 - d"),
        prove_for_all_eps((sympy.log(1 + EPS) - sympy.log(1 - EPS)) / 2, ">=", EPS, "g'(d) >= 0 on [0, 1)",
                 domain=(0, 1), closed=(True, False)),
        compare(LogForm.log(2) - Fraction(1, 2), ">=", 0),
    ]
    return combine(parts, "(99) for all x in [0, 1] (monotone argument)")

# ======================================================================================
# Lemma 2 (ordering (C)) and Appendix C
# ======================================================================================
def lemma2_27_check(bound_sq):
    """(27): ε-MI-DP ⇒ (0, b(ε))-DP, checked as tv_dp² <= bound_sq(ε) using the certified side
    of mi_dp; ``bound_sq(ε)`` is b(ε)² (the paper: 2ε), non-decreasing and linear in ε here."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        t = tv_dp_of(M).value
        m = sharp_mi_dp(M)
        # t^2 <= bound_sq(mi)  <=>  mi >= the smallest eps with bound_sq(eps) >= t^2
        need = bound_sq.inverse(t * t)
        return Outcome(measured_cmp(m, ">=", need), {"tv_dp": t, "mi_dp": m, "mi needed": need})

    return check


class LinearSq:
    """b(ε)² = c·ε (the paper's (27): c = 2); ``inverse(s)`` = s / c."""

    def __init__(self, c: Fraction):
        self.c = Fraction(c)

    def inverse(self, s):
        return s / self.c


def lemma2_28_check(shrink=Fraction(1)):
    """(28): ε-MI-DP ⇒ (0, δ'(ε))-DP with δ'(ε) = 1 − 2h⁻¹(ln 2 − ε) for ε <= ln 2 (1 above).
    With ``shrink`` s <= 1 the claimed bound is s·δ'(ε); tv <= s·δ'(ε) ⟺
    h((1 − tv/s)/2) >= ln 2 − ε (h increasing on [0, 1/2]), decided exactly or from the
    certified side of mi_dp."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        t = tv_dp_of(M).value
        m = sharp_mi_dp(M)
        if t > shrink:
            # s·δ' <= s < tv: refuted iff ε <= ln 2 (else the claim is (s)-DP: also refuted)
            return Outcome(Decision.false("exact", f"tv_dp = {t} > {shrink} >= claimed delta'"), {"tv_dp": t})
        above = measured_cmp(m, ">=", LN2)
        if above.is_true and shrink == 1:
            return Outcome(Decision.true("exact", "mi_dp >= ln 2: the implication is (1)-DP, vacuous"), {"mi_dp": m})
        need = LN2 - binary_entropy((1 - t / shrink) / 2)  # mi >= need  <=>  tv <= shrink·delta'(mi)
        return Outcome(measured_cmp(m, ">=", need), {"tv_dp": t, "mi_dp": m, "ln2 - h((1-tv)/2)": need})

    return check


def _lemma2_bsc_check(inst: Instance) -> Outcome:
    """BSC(p): mi_dp = ln 2 − h(p), tv_dp = |1 − 2p|, and equality in (28): h((1 − tv)/2) = ln 2 − mi."""
    M, p = inst.mechanism, inst.params["p"]
    m, t = sharp_mi_dp(M), tv_dp_of(M).value
    if m.value is None:  # an equality needs the exact value (a BSC always has one)
        return Outcome(Decision.undecided("enclosure", "mi_dp is only enclosed: equality cannot be decided"),
                       {"mi_dp": m})
    parts = [compare(m.value, "==", LN2 - binary_entropy(p)), compare(t, "==", abs(1 - 2 * p)),
             compare(binary_entropy((1 - t) / 2) + m.value, "==", LN2)]
    return Outcome(combine(parts, "BSC equality in (28)"), {"mi_dp": m, "tv_dp": t})


@functools.lru_cache(maxsize=None)
def _bsc_near_half():
    return tuple(mech(f"BSC(p=1/2-1/2^{k})", zoo.binary_symmetric_channel(Fraction(1, 2) - Fraction(1, 2 ** k)),
                       k=k) for k in range(2, 12))


_H_OF_HALF_MINUS = "(-((1 - d)/2)*log((1 - d)/2) - (1 - (1 - d)/2)*log(1 - (1 - d)/2))"  # h((1 − d)/2)


def _asym_form() -> dict:
    """'eq27-asymptotically-tight' as data for the independent checker (docs/certificates.md, "all-of"): the limit,
    on the BSC with TV d (whose MI-DP level, its capacity, is ln 2 − h((1 − d)/2)), and the finite form on the
    listed BSC(½ − 1/2^k), whose TV and capacity (= mi_dp with one record) the checker measures itself."""
    from exactpriv.claims.evidence import witness_of

    return {"quantifier": "all-of", "parts": [
        {"name": "tv^2/(2 mi) -> 1 as tv = d -> 0", "statement": {
            "quantifier": "limit", "limit": {"of": f"d**2/(2*(log(2) - {_H_OF_HALF_MINUS}))", "variable": "d",
                                             "at": "0"}, "claim": "L == 1"}},
        {"name": "1 - tv^2 <= tv^2/(2 mi) <= 1 on BSC(1/2 - 1/2^k), k = 2..11", "statement": {
            "quantifier": "forall-instances", "hypotheses": [],
            "measures": {"TV": {"notion": "tv_dp"}, "MI": {"notion": "capacity"}},
            "claim": "1 - TV**2 <= TV**2/(2*MI) and TV**2/(2*MI) <= 1",
            "scope": {"instances": [witness_of(inst) for inst in _bsc_near_half()]}}}]}


def _lemma2_asym_check(inst: Instance) -> Outcome:
    """On BSC(1/2 − d/2): 1 − tv² <= tv²/(2·mi) <= 1, i.e. √(2ε) is within a factor
    (1 − tv²)^{-1/2} of the tight δ' (finite quantitative form of 'asymptotically tight')."""
    M = inst.mechanism
    m, t = sharp_mi_dp(M), tv_dp_of(M).value
    if m.value is None:  # the BSCs of the family have exact values; other channels are not this reading's
        return Outcome(Decision.undecided("enclosure", "mi_dp is only enclosed"), {"mi": m})
    parts = [compare(t * t, "<=", 2 * m.value), compare((1 - t * t) * 2 * m.value, "<=", t * t)]
    return Outcome(combine(parts, "asymptotic tightness of (27)"), {"tv": t, "mi": m})


def _prove_lemma2_asym() -> Decision:
    d = sympy.Symbol("d", positive=True)
    h = lambda x: -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)  # noqa: E731
    eps = sympy.log(2) - h((1 - d) / 2)  # capacity of the BSC with TV d: delta'(eps) = d
    return prove_limit(d ** 2 / (2 * eps), d, 0, 1, "delta'(eps)^2 / (2 eps) -> 1 as eps -> 0")


@functools.lru_cache(maxsize=None)
def _eq99_instances():
    return tuple(Instance(f"x={Fraction(k, 32)}", params={"x": Fraction(k, 32)}) for k in range(33))


def _eq99_check(inst: Instance) -> Outcome:
    """(99): h(x) <= ln 2 − 2(x − 1/2)²."""
    x = inst.params["x"]
    return Outcome(compare(binary_entropy(x), "<=", LN2 - 2 * (x - Fraction(1, 2)) ** 2))


@functools.lru_cache(maxsize=None)
def _binary_channels():
    rng = random.Random(91)
    out = []
    vals = [Fraction(0), Fraction(1, 3), Fraction(1)]
    for a in vals:
        for b in vals:
            out.append((a, b))
    for _ in range(6):
        out.append((Fraction(rng.randint(0, 12), 12), Fraction(rng.randint(0, 10), 10)))
    res = []
    for a, b in out:
        M = Mechanism(Hamming([0, 1], 1), [0, 1], [[1 - a, a], [1 - b, b]])
        res.append(mech(f"binary channel a={a}, b={b}", M, a=a, b=b))
    return tuple(res)


def _bsc_extremal_check(inst: Instance) -> Outcome:
    """(95)-(98): the symmetrised channel is a BSC with the same TV |a − b| and capacity
    ln 2 − h((1 − |a − b|)/2) <= the capacity of the original channel.  a = W(1|0) and b = W(1|1) are read
    from the mechanism itself (hypothesis ``binary-channel``), so any binary channel is an instance."""
    a, b = inst.mechanism.rows[0][1], inst.mechanism.rows[1][1]
    d = abs(a - b)
    hat = Mechanism(Hamming([0, 1], 1), [0, 1], [[Fraction(1, 2) - (a - b) / 2, Fraction(1, 2) + (a - b) / 2],
                                                 [Fraction(1, 2) + (a - b) / 2, Fraction(1, 2) - (a - b) / 2]])
    c_hat = capacity(hat)
    c = capacity(inst.mechanism)
    parts = [compare(tv_dp(hat).value, "==", d), compare(tv_dp_of(inst.mechanism).value, "==", d),
             compare(c_hat.value, "==", LN2 - binary_entropy((1 - d) / 2)), measured_cmp(c, ">=", c_hat.value)]
    return Outcome(combine(parts, "BSC extremal"), {"C": c, "C_hat": c_hat})


@functools.lru_cache(maxsize=None)
def _convex_instances():
    rng = random.Random(93)
    out = []
    for k in range(8):
        W1 = [rpmf(rng, 2, rng.choice([3, 4, 5, 6])) for _ in range(2)]
        W2 = [rpmf(rng, 2, rng.choice([3, 4, 5, 6])) for _ in range(2)]
        if W1 == W2:
            continue
        lam = rng.choice([Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)])
        sp = Hamming([0, 1], 1)
        out.append(Instance(f"convexity #{k} (seed 93), lambda={lam}", mechanism=Mechanism(sp, [0, 1], W1),
                            params={"lam": lam}, extra={"W2": Mechanism(sp, [0, 1], W2)}))
    return tuple(out)


def _convex_check(inst: Instance) -> Outcome:
    """Capacity is convex in the channel: C(λW1 + (1−λ)W2) <= λC(W1) + (1−λ)C(W2)."""
    W1, W2, lam = inst.mechanism, inst.extra["W2"], inst.params["lam"]
    mix = Mechanism(W1.inputs, W1.outputs, [[lam * p + (1 - lam) * q for p, q in zip(r1, r2)]
                                            for r1, r2 in zip(W1.rows, W2.rows)])
    c1, c2, cm = capacity(W1), capacity(W2), capacity(mix)
    lo = (c1.lower * lam) + (c2.lower * (1 - lam))
    hi = (c1.upper * lam) + (c2.upper * (1 - lam))
    if compare(cm.upper, "<=", lo).is_true:
        d = Decision.true("enclosure", "C(mix).upper <= lambda C1.lower + (1-lambda) C2.lower")
    elif compare(cm.lower, ">", hi).is_true:
        d = Decision.false("enclosure", "C(mix).lower > lambda C1.upper + (1-lambda) C2.upper")
    else:
        d = Decision.undecided("enclosure", "enclosures overlap")
    return Outcome(d, {"C1": c1, "C2": c2, "C_mix": cm})


# ---- all-parameter tightness (symbolic families)
def _prove_lemma2_bsc() -> Decision:
    """BSC(p) with p = 1/(1+e^ε) (= RR_2(ε)) for ε >= 0: mi_dp = ln 2 − h(p) and tv_dp = 1 − 2p
    in closed form (Gallager symmetry; E_1); (1 − tv)/2 = p lies in (0, ½] so h^{-1}(h(p)) = p,
    and h((1 − tv)/2) + mi = ln 2 identically, i.e. δ'(mi) = 1 − 2h^{-1}(ln 2 − mi) = tv:
    equality in (28).  The MI levels covered: mi(0) = 0, mi -> ln 2 (exact limit) and mi is
    continuous, so every ε_MI in [0, ln 2) is attained; ε_MI = ln 2 by BSC(0) (exact)."""
    from exactpriv.measures.divergence import tv_dp
    from exactpriv.measures.information import mi_dp

    M = rr2()
    mi, tv = mi_dp_symbolic(M), tv_dp_symbolic(M)
    p = (1 - tv.value) / 2
    lim = sympy.limit(mi.value, EPS, sympy.oo)
    B0 = zoo.binary_symmetric_channel(0)
    parts = [equality_for_all(mi, sympy.log(2) - h_sym(1 / (1 + EXP_EPS))),
             equality_for_all(tv, 1 - 2 / (1 + EXP_EPS)),
             inequality_for_all(p, ">", 0), inequality_for_all(p, "<=", HALF),
             equality_for_all(h_sym(p) + mi.value, sympy.log(2)),
             compare(mi.value.subs(EPS, 0), "==", 0),
             Decision.of(lim == sympy.log(2), "sympy-limit (Gruntz, exact)", f"lim_(eps->oo) mi_dp = {lim} = ln 2"),
             compare(mi_dp(B0).value, "==", sympy.log(2)), compare(tv_dp(B0).value, "==", 1)]
    return all_steps(parts, "BSCs attain (28) for every MI level in [0, ln 2]")


#: (99) as data for the independent checker (docs/certificates.md): h(x) = −x ln x − (1 − x) ln(1 − x) on
#: (0, 1), and at the ends x = 0, 1, where h = 0 (0 ln 0 = 0), the claim written at those points
_EQ99_FORM = {"quantifier": "forall-params", "domain": {"x": "(0, 1)"},
              "claim": "-x*log(x) - (1 - x)*log(1 - x) <= log(2) - 2*(x - 1/2)**2 "
                       "and 0 <= log(2) - 2*(0 - 1/2)**2 and 0 <= log(2) - 2*(1 - 1/2)**2"}

#: the relaxation of (28) to (27) in d = δ' ∈ [0, 1]: d²/2 <= ln 2 − h((1 − d)/2) for d in [0, 1), and at
#: d = 1, where h(0) = 0, the claim 1/2 <= ln 2
_RELAXATION_FORM = {"quantifier": "forall-params", "domain": {"d": "[0, 1)"},
                    "claim": "d**2/2 <= log(2) + (1 - d)/2*log((1 - d)/2) + (1 + d)/2*log((1 + d)/2) "
                             "and 1**2/2 <= log(2)"}


BINARY_CHANNEL = Hypothesis("binary-channel", "a channel with two inputs and two outputs (Appendix C)",
                            lambda inst: inst.mechanism is not None and inst.mechanism.shape == (2, 2))


_X_IN_UNIT_INTERVAL = Hypothesis("x-in-[0,1]", "0 <= x <= 1", lambda inst: 0 <= inst.params["x"] <= 1, params=("x",))


def _convex_combination_of_channels(inst) -> bool:
    W1, W2 = inst.mechanism, inst.extra.get("W2")
    return (W2 is not None and W1 is not None and W1.inputs == W2.inputs and len(W1.outputs) == len(W2.outputs)
            and 0 <= inst.params["lam"] <= 1)


_CONVEX_COMBINATION = Hypothesis("convex-combination", "W1, W2 channels on the same inputs and outputs, "
                                 "0 <= λ <= 1", _convex_combination_of_channels)


LEMMA2 = Claim(
    "cuff2016.lemma2", "Lemma 2 (ordering (C)), tight form (28) and Appendix C",
    "§3.3, Lemma 2, eqs. (27)-(32); Appendix C, eqs. (90)-(99)",
    "ε-MI-DP ⟹ (0, sqrt(2ε))-DP (27). In fact, the tightest possible statement of this form is ε-MI-DP ⟹ "
    "(0, δ')-DP (28), with δ' = 1 − 2h^{-1}(ln 2 − ε), where h^{-1} is the inverse of the increasing part of "
    "the binary entropy function in units of nats. This formula holds for ε ∈ [0, ln 2]. For ε > ln 2, the "
    "implication becomes (1)-DP, which is vacuous. The claim in (27) is looser than that in (28) but "
    "asymptotically tight for small ε. [App. C:] For every binary channel, there is a binary symmetric channel "
    "with the same capacity but with greater or equal total variation ... channel capacity is a convex "
    "function of the channel parameters ... h(x) <= ln 2 − 2(x − ½)² (99).",
    "implication",
    [reading_of("eq27", "tv_dp(M) <= sqrt(2 mi_dp(M)), checked as mi_dp >= tv_dp²/2", lemma2_27_check(LinearSq(2)),
        MECH_FAMILIES + (MECHS_BSC,), expected=CHECKED,
        relations=(implies("mi_dp", "tv_dp", sympy.sqrt(2 * EPS), "√(2ε)"),)),
     reading_of("eq28-tight-form", "tv_dp <= 1 − 2h^{-1}(ln 2 − mi_dp) when mi_dp <= ln 2, checked as "
                           "h((1 − tv_dp)/2) >= ln 2 − mi_dp (h increasing on [0, ½])",
        lemma2_28_check(), MECH_FAMILIES + (MECHS_BSC,), expected=CHECKED),
     reading_of("eq28-equality-bsc", "BSC(p): mi_dp = ln 2 − h(p), tv_dp = |1 − 2p| and h((1 − tv)/2) + mi = ln 2 "
                             "exactly: (28) is attained for every ε in [0, ln 2] (p = 0: ε = ln 2, δ' = 1)",
        _lemma2_bsc_check, (MECHS_BSC,), expected=CHECKED,
        open_search=False),
     reading_of("eq27-asymptotically-tight", "tv²/(2 mi) -> 1 along BSCs with tv -> 0 (proved), and 1 − tv² <= "
                                     "tv²/(2 mi) <= 1 on BSC(½ − 1/2^k), k = 2..11",
        _lemma2_asym_check, [Family("bsc-near-half", _bsc_near_half, "p = 1/2 - 1/2^k")],
        prove=_prove_lemma2_asym, expected=PROVED, form=_asym_form,
        open_search=False),
     reading_of("eq99", "h(x) <= ln 2 − 2(x − ½)² for all x in [0, 1] (exact at x = k/32)", _eq99_check,
        [Family("x-grid", _eq99_instances, "x = k/32, k = 0..32")], prove=_prove_eq99, expected=PROVED,
        form=_EQ99_FORM,
        notes="The certifier alone is UNDECIDED on (99) (touch point x = ½, log singularity at 0); the "
              "proof differentiates once and certifies the derivative (see _prove_eq99).",
        hypotheses=(_X_IN_UNIT_INTERVAL,)),
     reading_of("relaxation-27-of-28", "1 − 2h^{-1}(ln 2 − ε) <= sqrt(2ε) for all ε in [0, ln 2], i.e. with "
                               "δ' = d: d²/2 <= ln 2 − h((1 − d)/2) for all d in [0, 1]",
        prove=_prove_eq99, expected=PROVED, notes="Same inequality as (99) after x = (1 − d)/2.",
        form=_RELAXATION_FORM),
     reading_of("bsc-extremal", "The symmetrised channel (95)-(96) is a BSC with the same TV and capacity <= the "
                        "original channel's", _bsc_extremal_check,
        [Family("binary-channels", _binary_channels, "grid a, b in {0, 1/3, 1} and 6 random (seed 91)")],
        expected=CHECKED,
        hypotheses=(BINARY_CHANNEL,)),
     reading_of("capacity-convex", "C(λW1 + (1−λ)W2) <= λC(W1) + (1−λ)C(W2) for random binary channels",
        _convex_check, [Family("channel-pairs", _convex_instances, "8 random pairs (seed 93)")], expected=CHECKED,
        hypotheses=(_CONVEX_COMBINATION,)),
     Reading("forall-bsc", "for every ε >= 0, BSC(1/(1+e^ε)) has tv_dp = 1 − 2h^{-1}(ln 2 − mi_dp) "
         "exactly; its MI levels cover [0, ln 2), and BSC(0) gives ln 2", prove=_prove_lemma2_bsc,
         expected=Verdict.PROVED, open_search=False)],
)


# ======================================================================================
# Remark (33): positive threshold
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _threshold_instances():
    return tuple(mech(f"erasure_channel(2, {d})", zoo.erasure_channel(2, d), delta=d)
                 for d in (Fraction(1, 2), Fraction(1, 8), Fraction(1, 64), Fraction(1, 1024)))


def _threshold_check(inst: Instance) -> Outcome:
    """The binary erasure channel with non-erasure probability d is (d ln 2)-MI-DP, yet
    E_γ(P_1‖P_2) = d for every γ: every (ε', δ')-DP guarantee it has needs δ' >= d > 0."""
    M, d = inst.mechanism, inst.params["delta"]
    parts = [measured_cmp(sharp_mi_dp(M), "<=", LN2 * d)]
    for g in (Fraction(1), Fraction(10), Fraction(10 ** 6), Fraction(10 ** 30)):
        parts.append(compare(approx_delta(M, g), ">=", d))
    return Outcome(combine(parts, "positive threshold"), {"mi_dp": sharp_mi_dp(M)})


LEMMA2_GENERAL = Claim(
    "cuff2016.lemma2_general", "Remark (33): a complete characterisation ε-MI-DP ⟹ (ε', δ')-DP",
    "§3.3, after Appendix-C reference, eq. (33)",
    "A more complete characterization is also possible, of the form ε-MI-DP ⟹ (ε', δ')-DP (33), for a particular "
    "set of values (ε', δ') which, among other things, has the property that δ' must be greater than some "
    "positive threshold which depends on ε, and as δ' approaches this threshold, ε' must go to infinity. ... "
    "a description of the trade-off is too unwieldy for this discussion.",
    "informal",
    [reading_of("positive-threshold", "For ε = d ln 2 (d = 1/2, 1/8, 1/64, 1/1024) the binary erasure channel is "
                              "ε-MI-DP with δ(e^ε') >= d for e^ε' up to 10^30: every (ε', δ') implied by "
                              "ε-MI-DP has δ' >= d > 0",
        _threshold_check, [Family("erasure-threshold", _threshold_instances, "binary erasure channels")],
        expected=CHECKED,
        notes="Finite analogue of 'δ' must exceed a positive threshold'.  The characterisation itself is not "
              "stated in the paper ('too unwieldy'), so its existence and the blow-up of ε' are not encodable.",
        open_search=False)],
    reason="The paper does not state the characterisation; only the positive-threshold property has a finite "
           "analogue.",
)


CLAIMS = [LEMMA2, LEMMA2_GENERAL]
