"""Zhao's five notions (DP, BDP, SP, BSP, MP over D*): each measure agrees with a brute force from the paper.

Zhao's definitions: ε-DP, Bayesian DP (19), semantic privacy (Def. 1), Bayesian semantic privacy
(Def. 2), membership privacy over D* (Def. 3) — each measure against a brute force from the paper.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761), Sec. I and Sec. III.

Main claims
-----------
* ``zhao2019.def_dp`` — pure DP over single outputs equals the definition over output events;
* ``zhao2019.def_bdp`` — :func:`~exactpriv.measures.bayesian.bayesian_dp` equals the sup over adversaries
  A(i, S), values and output events with the unknown records integrated under the prior;
* ``zhao2019.def1_sp`` / ``zhao2019.def2_bsp`` — the exact sups of SP / BSP are never exceeded by random
  exact beliefs and are (nearly) attained by their optimal beliefs, rounded to rationals;
* ``zhao2019.def3_mp`` — the MP level over D* equals the brute-force max likelihood ratio over D_{i,K}.
"""

from __future__ import annotations

import random
import zlib
from fractions import Fraction

from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import OO
from theorems.zhao2019.brute_force import (
    event_max_ratio,
    output_events,
    posteriors,
    statistical_distance,
    subsets_of,
    tables_of,
    brute_bdp_ratio,
    brute_mp_of,
    bsp_uv,
    random_weights,
    sp_uv,
    witness_pair_weights,
)
from theorems.zhao2019.steps import H_ge, sd_attained, cross_ratio, exact_text, le, lt, ratio_of, shown
from theorems.zhao2019.instances import DEF_FAMILIES, RANDOM_PRODUCT, ZOO
from theorems.zhao2019.measured import (
    INDEPENDENT_FULL,
    OLD_NULL_EVENTS,
    PAPER_NULL_EVENTS,
    bsp_measure,
    dp_measure,
    sp_measure,
    bdp,
    mp,
)

__all__ = ["CLAIMS"]

_C = Verdict.CHECKED
_PAPER, _OLD = f"null_events={PAPER_NULL_EVENTS}", f"null_events={OLD_NULL_EVENTS}"


def check_def_dp_events(inst: Instance) -> Outcome:
    """pure_dp(M) (pointwise, max over outputs) == max over neighbours and output events."""
    M = inst.mechanism
    T = tables_of(M, None)
    events = output_events(T.ny)
    best = Fraction(1)
    for a, b in M.inputs.directed_edges().tolist():
        r = event_max_ratio(T.rows[a], T.rows[b], events)
        if r is not None and lt(best, r):
            best = r
    m = dp_measure(M)
    r_m = ratio_of(m.value)
    return Outcome(Decision.of(r_m == best, "brute-force events", f"e^DP = {exact_text(r_m)} vs event max {exact_text(best)}"),
                   {"pure_dp": m, "event_max_ratio": best})


DEF_DP = Claim(
    "zhao2019.def_dp", "Definition (ε-differential privacy)", "Sec. I (DP paragraph)",
    "A randomized algorithm Y satisfies ε-differentially privacy if for all adjacent databases x, x' and any "
    "event E, it holds that P[Y(x) ∈ E] ≤ e^ε P[Y(x') ∈ E].",
    "definition",
    [Reading("events-vs-pointwise", "pure_dp(M) (max over neighbours and single outputs) equals the max over "
             "neighbours and all non-empty output events E of ln P[Y(x)∈E]/P[Y(x')∈E]",
             check_def_dp_events, DEF_FAMILIES, expected=_C)],
)


def check_def_bdp_events(null_events: str = PAPER_NULL_EVENTS):
    """bayesian_dp == definitional brute force over (i, S, x_S, x_i, x_i', events), both under
    ``null_events``."""

    def check(inst: Instance) -> Outcome:
        T = tables_of(inst.mechanism, inst.prior, null_events)
        brute = brute_bdp_ratio(T)
        m = bdp(inst.mechanism, inst.prior, null_events)
        r = ratio_of(m.value)
        return Outcome(Decision.of(r == brute, "brute-force (i,S,events)", f"e^BDP = {exact_text(r)} vs brute force {exact_text(brute)}"),
                       {"bayesian_dp": m, "brute_ratio": brute})

    return check


def check_bdp_equals_dp_independent(inst: Instance) -> Outcome:
    """For independent full-support records BDP = DP (S = N∖{i} gives DP; mixtures do not exceed it)."""
    b, d = bdp(inst.mechanism, inst.prior), dp_measure(inst.mechanism)
    return Outcome(Decision.of(ratio_of(b.value) == ratio_of(d.value), "exact", f"BDP = {shown(b.value)} vs DP = {shown(d.value)}"),
                   {"bayesian_dp": b, "pure_dp": d})


DEF_BDP = Claim(
    "zhao2019.def_bdp", "Definition (Bayesian DP, Yang et al.) and restatement (19)",
    "Sec. I (BDP paragraph) and Sec. III-A2, eq. (19)",
    "An adversary denoted by A(i,S) knows the values of all tuples in S (denoted by x_S) and attempts to attack "
    "the value of tuple i (denoted by x_i). [...] BDPL_A(Y) = sup_{x_i, x'_i, x_S, Y} ln P[y∈Y|x_i,x_S] / "
    "P[y∈Y|x'_i,x_S]. The mechanism Y satisfies ε-Bayesian differential privacy if sup_A BDPL_A(Y) ≤ ε. [...] "
    "ε-Bayesian differential privacy means P[Y(x_{i+S}) = y] / P[Y(x'_{i+S}) = y] ≤ e^ε. (19)",
    "definition",
    [Reading("events-and-integration", "bayesian_dp(M, prior) (single outputs, (19)) equals the brute-force sup "
             "over i, S ⊆ N∖{i}, x_S, x_i ≠ x'_i and output events Y of P[y∈Y|x_i,x_S]/P[y∈Y|x'_i,x_S], the "
             "unknown records integrated under the prior (a configuration of prior probability 0 skipped only "
             "where records are integrated out: fully known databases always count)",
             check_def_bdp_events(), DEF_FAMILIES, expected=_C, convention=_PAPER),
     Reading("events-and-integration-skip-null", "as above under exactpriv's old rule: every configuration of "
             "prior probability 0 skipped, fully known databases too (both sides)",
             check_def_bdp_events(OLD_NULL_EVENTS), DEF_FAMILIES, expected=_C, convention=_OLD),
     Reading("reduces-to-dp-independent", "for independent full-support records BDP = DP (consistency of 'BDP "
             "broadens DP when data records have dependencies')", check_bdp_equals_dp_independent,
             (RANDOM_PRODUCT, ZOO), expected=_C, hypotheses=INDEPENDENT_FULL,
             notes="not stated by Zhao; a consistency check of the definition (S = N∖{i} gives DP, mixtures with "
                   "the same weights cannot exceed it)")],
)


def check_def_sp(inst: Instance) -> Outcome:
    """SP's exact sup vs beliefs: 6 random exact beliefs never exceed it, and the measure's
    optimal two-point belief (rounded to rationals) comes within 10^-4 of it."""
    M = inst.mechanism
    T = tables_of(M, None)
    m = sp_measure(M)
    R = cross_ratio(m)
    rng = random.Random(zlib.crc32(inst.label.encode()))
    X = len(T.points)
    worst = Fraction(0)
    for _ in range(6):
        supp = rng.sample(range(X), min(X, rng.choice((2, 3, 4))))
        w = random_weights(rng, len(supp))
        for i in range(T.n):
            for y in range(T.ny):
                u, v = sp_uv(T, i, y)
                post = posteriors(w, [u[k] for k in supp], [v[k] for k in supp])
                if post is None:
                    continue
                s = statistical_distance(*post)
                worst = max(worst, s)
                if not H_ge(R, s):
                    return Outcome(Decision.of(False, "random belief", f"SD {s} > SP = {shown(m.value)} (record {i}, output {y})", certificate={"belief": str(dict(zip(supp, w)))}), {"semantic_privacy": m})
    # the optimal belief of the witness
    wit = m.witness
    i, y = wit["record"], M.output_index(wit["output"])
    u, v = sp_uv(T, i, y)
    if isinstance(wit.get("belief"), dict):
        xa, xb = wit["pair"]
        wa, wb = witness_pair_weights(wit["belief"], (xa, xb))
        ka, kb = T.index[tuple(xa)], T.index[tuple(xb)]
        post = posteriors([wa, wb], [u[ka], u[kb]], [v[ka], v[kb]])
        if post is None:
            return Outcome(Decision.undecided("witness belief", "the witness belief has an undefined posterior"),
                           {"semantic_privacy": m})
        s = statistical_distance(*post)
        return Outcome(sd_attained(R, s, f"random beliefs reach SD {worst} <= SP = {shown(m.value)}; the rounded "
                                       f"optimal belief reaches {float(s):.6f}"),
                       {"semantic_privacy": m, "witness_sd": s})
    return Outcome(Decision.of(True, "beliefs", f"random beliefs reach SD {worst} <= SP = {shown(m.value)} = 0"),
                   {"semantic_privacy": m})


DEF1_SP = Claim(
    "zhao2019.def1_sp", "Definition 1 (ε-semantic privacy, Kasiviswanathan–Smith)", "Def. 1, eqs. (1)-(4)",
    "A randomized mechanism Y is said to be ε-semantically private if for all belief distributions b on D^n, "
    "for all possible transcripts y, and for all i = 1, ..., n: SD(b_0[·|y], b_i[·|y]) ≤ ε. (4)  [b_0[x|y] ∝ "
    "P[Y(x)=y] b[x] (2), b_i[x|y] ∝ P[Y(x_{-i})=y] b[x] (3), x_{-i}: position i replaced by the default ⊥; "
    "SD(X,Y) = max_S |P[X∈S] − P[Y∈S]|]",
    "definition",
    [Reading("sup-over-beliefs", "semantic_privacy(M) (exact sup (√R−1)/(√R+1)) is never exceeded by SD of "
             "random exact beliefs (SD by brute force over events), and its optimal two-point belief, rounded to "
             "rationals, comes within 1e-4 of it", check_def_sp, DEF_FAMILIES, expected=_C,
             notes="beliefs with an undefined posterior (normaliser 0) are excluded, as in the measure")],
)


def check_def_bsp(game: str, null_events: str = PAPER_NULL_EVENTS):
    """BSP's exact sup vs beliefs on configurations x_{i+S} computed from (9), (15) directly (both under
    ``null_events``)."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        T = tables_of(M, inst.prior, null_events)
        m = bsp_measure(M, inst.prior, game, null_events)
        R = cross_ratio(m)
        rng = random.Random(zlib.crc32(inst.label.encode()))
        worst = Fraction(0)
        for i in range(T.n):
            for S in subsets_of([j for j in range(T.n) if j != i]):
                cfgs = bsp_uv(T, i, S, game)
                if not cfgs:
                    continue
                for _ in range(3):
                    pick = rng.sample(range(len(cfgs)), min(len(cfgs), rng.choice((2, 3))))
                    w = random_weights(rng, len(pick))
                    for y in range(T.ny):
                        post = posteriors(w, [cfgs[k][1][y] for k in pick], [cfgs[k][2][y] for k in pick])
                        if post is None:
                            continue
                        s = statistical_distance(*post)
                        worst = max(worst, s)
                        if not H_ge(R, s):
                            return Outcome(Decision.of(False, "random belief", f"SD {s} > BSP = {shown(m.value)} (i={i}, S={S})"),
                                           {"bsp": m})
        wit = m.witness
        if isinstance(wit.get("belief"), dict):
            i, S, y = wit["record"], tuple(wit["known_records"]), M.output_index(wit["output"])
            cfgs = {c: (u, v) for c, u, v in bsp_uv(T, i, tuple(sorted(S)), game)}
            ca, cb = (tuple(c) for c in wit["pair"])
            wa, wb = witness_pair_weights(wit["belief"], (wit["pair"][0], wit["pair"][1]))
            if ca not in cfgs or cb not in cfgs:
                return Outcome(Decision.of(False, "witness belief", f"witness configurations {ca}, {cb} not admissible"),
                               {"bsp": m})
            post = posteriors([wa, wb], [cfgs[ca][0][y], cfgs[cb][0][y]], [cfgs[ca][1][y], cfgs[cb][1][y]])
            if post is None:
                return Outcome(Decision.undecided("witness belief", "undefined posterior at the witness belief"),
                               {"bsp": m})
            s = statistical_distance(*post)
            return Outcome(sd_attained(R, s, f"random beliefs reach {worst} <= BSP = {shown(m.value)}; rounded optimal "
                                           f"belief reaches {float(s):.6f}"), {"bsp": m, "witness_sd": s})
        return Outcome(Decision.of(True, "beliefs", f"random beliefs reach {worst} <= BSP = {shown(m.value)}"), {"bsp": m})

    return check


def check_bsp_readings_agree_independent(inst: Instance) -> Outcome:
    """With independent full-support records the two Game-i readings coincide."""
    a, b = bsp_measure(inst.mechanism, inst.prior, "resample"), bsp_measure(inst.mechanism, inst.prior, "replace")
    return Outcome(Decision.of(cross_ratio(a) == cross_ratio(b), "exact", f"resample {shown(a.value)} vs replace {shown(b.value)}"),
                   {"resample": a, "replace": b})


DEF2_BSP = Claim(
    "zhao2019.def2_bsp", "Definition 2 (ε-Bayesian semantic privacy)", "Def. 2, eqs. (5)-(17)",
    "A randomized mechanism Y is said to have ε-Bayesian semantical privacy if for all belief distributions b "
    "on D^n, for all possible transcripts y, for all i = 1, ..., n, and for all x_{i+S} and z_{i+S} defined in "
    "(7) and (8) with S ⊆ N∖{i}: SD(b_0[x_{i+S}|y], b_i[x_{i+S}|y]) ≤ ε. (17)  [x_{i+S} = [X_i = x_i, X_j = x_j "
    ": j ∈ S, X_j : j ∈ N∖{i}∖S]; b_0 by (9) with P[Y(x_{i+S}) = y], b_i by (15) with P[Y(x_{-i+S}) = y], "
    "x_{-i+S} = [X_i = ⊥, X_j = x_j : j ∈ S, X_j : j ∈ N∖{i}∖S] (13)]",
    "definition",
    [Reading("resample-sup-over-beliefs", "bayesian_semantic_privacy(game_i='resample') vs (9), (15) computed "
             "here (Game i: X_K drawn from the prior given (⊥, x_S)): random beliefs on configurations never "
             "exceed it and its optimal belief comes within 1e-4", check_def_bsp("resample"), DEF_FAMILIES,
             expected=_C, convention=_PAPER),
     Reading("replace-sup-over-beliefs", "as above with Game i = the database drawn given (x_i, x_S), then "
             "record i replaced by ⊥", check_def_bsp("replace"), DEF_FAMILIES, expected=_C, convention=_PAPER),
     Reading("resample-sup-over-beliefs-skip-null", "as 'resample-sup-over-beliefs' under exactpriv's old rule "
             "(every configuration of prior probability 0 skipped, on both sides)",
             check_def_bsp("resample", OLD_NULL_EVENTS), DEF_FAMILIES, expected=_C, convention=_OLD),
     Reading("replace-sup-over-beliefs-skip-null", "as 'replace-sup-over-beliefs' under exactpriv's old rule",
             check_def_bsp("replace", OLD_NULL_EVENTS), DEF_FAMILIES, expected=_C, convention=_OLD),
     Reading("readings-agree-independent", "with independent full-support records the two Game-i readings give "
             "the same BSP", check_bsp_readings_agree_independent, (RANDOM_PRODUCT, ZOO), expected=_C,
             hypotheses=INDEPENDENT_FULL)],
)


def check_def_mp(remaining: str, null_events: str = PAPER_NULL_EVENTS):
    """The MP level over D* == the brute-force max likelihood ratio over D_{i,K} (both under ``null_events``)."""

    def check(inst: Instance) -> Outcome:
        m = mp(inst.mechanism, inst.prior, remaining, null_events)
        a_max, g_max = brute_mp_of(inst.mechanism, inst.prior, remaining, null_events)
        gam = m.value if m.value == OO else Fraction(m.value)
        ok = gam == a_max and le(g_max, gam)
        return Outcome(Decision.of(ok, "brute-force D*", f"sup γ = {exact_text(gam)}; brute-force max_E A = {exact_text(a_max)}; "
                                                  f"γ(D_p) on the p-grid <= {exact_text(g_max)}"),
                       {"membership": m, "A_max": a_max, "grid_gamma": g_max})

    return check


DEF3_MP = Claim(
    "zhao2019.def3_mp", "Definition 3 (<D, ε>-membership privacy) and the adversary family D*",
    "Def. 3, eqs. (21)-(22), and the paragraph defining D_{i,K} and D*",
    "A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-membership "
    "privacy, if and only if for any distribution D ∈ D and for any record x_i, any possible set Y for the "
    "output, we have P_{D,Y}[x_i | Y] ≤ e^ε P_D[x_i] (21) and P_{D,Y}[x̄_i | Y] ≥ e^{-ε} P_D[x̄_i]. (22) [...] "
    "Let D_{i,K} denote a distribution where P[x_i, x_K] = p and P[x'_i, x_K] = 1 − p for some p. Define "
    "D* = ∪_{i, K ⊆ {1..n}∖{i}} D_{i,K}. [...] we will refer to <D*, ε>-membership privacy as "
    "ε-membership privacy.",
    "definition",
    [Reading("two-point-conditional", "positive_membership(family='two_point', remaining='conditional') equals "
             "the brute-force max over D_{i,K} and output events of A = P[Y|x_i]/P[Y|x̄_i] (remaining records "
             "from the prior conditioned on (x_i, x_K), as in (24)-(25)), and bounds γ(D_p) computed by Bayes "
             "from (21)-(22) for p ∈ {1/2, 1/100}", check_def_mp("conditional"), DEF_FAMILIES, expected=_C,
             convention=_PAPER),
     Reading("two-point-conditional-skip-null", "as 'two-point-conditional' under exactpriv's old rule (every "
             "configuration (x_i, x_K) of prior probability 0 skipped, on both sides)",
             check_def_mp("conditional", OLD_NULL_EVENTS), DEF_FAMILIES, expected=_C, convention=_OLD),
     Reading("two-point-marginal", "as above with the remaining records drawn from the prior's marginal",
             check_def_mp("marginal"), DEF_FAMILIES, expected=_C)],
)


CLAIMS: list[Claim] = [DEF_DP, DEF_BDP, DEF1_SP, DEF2_BSP, DEF3_MP]
