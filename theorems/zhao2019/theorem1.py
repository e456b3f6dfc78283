"""Theorem 1 of Zhao (Bayesian DP ⇔ Bayesian semantic privacy, up to the maps) and the step BSP ⇒ SP.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761), Sec. II and Sec. III-A.

Main claims
-----------
* ``zhao2019.thm1_fwd`` — ε-BDP ⇒ (e^{2ε} − 1)-BSP, checked as BSP ≤ e^{2 BDP} − 1;
* ``zhao2019.thm1_conv`` — (½ − 1/(e^ε+1))-BSP ⇒ ε-BDP, checked in its tightest form s(BDP) ≤ BSP;
* ``zhao2019.bsp_sp`` — s-BSP ⇒ s-SP ("with S = N∖{i} Definition 2 reduces to Definition 1").

Conventions.  Definition 2 does not say how the unknown records X_K are distributed in Game i; the
readings ``resample``, ``replace`` and ``belief`` are the three conventions of
:mod:`theorems.zhao2019.measured`, each a reading of its own.  Theorem 1's converse holds under
``resample`` for positive mechanisms and full-support priors (the proof's "b_i[·|y] is uniform" needs
X_K drawn given (⊥, x_S)); under ``replace`` and ``belief`` it fails with correlated records.  Where
Game i or a posterior is undefined (an output impossible when record i is ⊥, a prior without full
support) the readings over all mechanisms and priors fail at that boundary.

Null events.  A configuration of prior probability 0 has an undefined likelihood only when records
are integrated out; the paper's remark "with S = N∖{i} Definition 2 reduces to Definition 1" fixes
that fully known databases count for every prior (the default readings).  exactpriv's old rule skipped
them too; the readings named ``…-skip-null`` show the verdicts under that rule where they differ.

Findings: thm1_conv — boundary (an output impossible when record i is ⊥: undefined Game-i posterior)
and convention (Game i = replace, belief; the old null-event rule); thm1_fwd — refuted only under the
old null-event rule (convention).  bsp_sp holds for every prior: the old rule contradicted the paper's
remark and is not a reading of it.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Finding, Instance, Outcome, Reading, Verdict, implies
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, OO
from theorems.zhao2019.steps import H_ge, H_le, cross_ratio, exact_text, le, ratio_of, s_of_ratio, shown
from theorems.regressions import archived_witness_family
from theorems.zhao2019.instances import MECH_FAMILIES
from theorems.zhao2019.measured import (
    FULL_SUPPORT,
    HAS_PRIOR,
    OLD_NULL_EVENTS,
    PAPER_NULL_EVENTS,
    POSITIVE,
    POSITIVE_FULL,
    bsp_measure,
    bsp_of_game,
    sp_measure,
    bdp,
)

__all__ = ["CLAIMS", "CONVERSE_MAP", "check_bsp_sp", "check_converse", "check_forward"]

_C, _X = Verdict.CHECKED, Verdict.REFUTED


_OLD_NULL = f"null_events={OLD_NULL_EVENTS}"
_PAPER_NULL = f"null_events={PAPER_NULL_EVENTS}"


def _forward_form(game: str, null: str, hypotheses: tuple = ()) -> dict:
    """BSP_game ≤ e^{2 BDP} − 1 under the null-event rule ``null``, as data for the independent checker."""
    return {"quantifier": "forall-instances", "hypotheses": list(hypotheses),
            "measures": {"BDP": {"notion": "bayesian_dp", "null": null},
                         "BSP": {"notion": "bayesian_semantic_privacy", "game": game, "null": null}},
            "claim": "BSP <= exp(2*BDP) - 1"}


def check_forward(reading: str, *, bound=None, null_events: str = PAPER_NULL_EVENTS) -> callable:
    """Theorem 1 (forward): BSP ≤ e^{2 BDP} − 1  (``bound``: a variant map r = e^BDP -> rational)."""
    bound = bound or (lambda r: r * r - 1)

    def check(inst: Instance) -> Outcome:
        b = bdp(inst.mechanism, inst.prior, null_events)
        s = bsp_of_game(inst, reading, null_events)
        r, R = ratio_of(b.value), cross_ratio(s)
        ok = True if r == OO else H_le(R, bound(r))
        return Outcome(Decision.of(ok, "exact (R vs rational square)", f"BSP = {shown(s.value)} vs e^(2 BDP) - 1 with BDP = {shown(b.value)}", certificate={"R": exact_text(R), "r": exact_text(r)}),
                       {"bayesian_dp": b, "bsp": s})

    return check


THM1_FWD = Claim(
    "zhao2019.thm1_fwd", "Theorem 1 (forward): ε-BDP ⇒ (e^{2ε} − 1)-BSP", "Theorem 1 and its proof (Sec. III-A3)",
    "Theorem 1. ε-Bayesian differential privacy implies (e^{2ε} − 1)-Bayesian semantic privacy, and is implied "
    "by (1/2 − 1/(e^ε+1))-Bayesian semantic privacy.  [Proof: e^{-ε} P[Y(z_{-i+S}) = y] ≤ P[Y(z_{i+S}) = y] ≤ "
    "e^ε P[Y(z_{-i+S}) = y] ... the ratio of b_0[x_{i+S}|y] and b_i[x_{i+S}|y] is within e^{±2ε} ... point-wise "
    "(2ε, 0)-indistinguishable ... SD ≤ e^{2ε} − 1.]",
    "implication",
    [Reading("resample", "BSP_resample(M, p) ≤ e^{2 BDP(M, p)} − 1 for every mechanism and prior",
             check_forward("resample"), MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,),
             convention=f"game_i=resample, {_PAPER_NULL}",
             form=_forward_form("resample", PAPER_NULL_EVENTS),
             relations=(implies("bayesian_dp", "bayesian_semantic_privacy", sympy.exp(2 * EPS) - 1, "e^(2ε)−1"),)),
     Reading("resample-skip-null", "as 'resample' under exactpriv's old null-event rule (every configuration of "
             "prior probability 0 skipped, fully known databases too)",
             check_forward("resample", null_events=OLD_NULL_EVENTS), MECH_FAMILIES, expected=_C,
             hypotheses=(HAS_PRIOR,), convention=f"game_i=resample, {_OLD_NULL}",
             form=_forward_form("resample", OLD_NULL_EVENTS)),
     Reading("replace", "BSP_replace(M, p) ≤ e^{2 BDP(M, p)} − 1 for every mechanism and prior",
             check_forward("replace"), MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,),
             convention=f"game_i=replace, {_PAPER_NULL}",
             form=_forward_form("replace", PAPER_NULL_EVENTS),
             notes="with fully known databases counted (S = N∖{i}), BDP ≥ DP for every prior, and the Game-0 and "
                   "Game-i likelihoods of 'replace' average the same X_K over rows that differ in record i only"),
     Reading("replace-skip-null", "as 'replace' under exactpriv's old null-event rule",
             check_forward("replace", null_events=OLD_NULL_EVENTS), MECH_FAMILIES, expected=_X,
             hypotheses=(HAS_PRIOR,), finding=Finding.CONVENTION, convention=f"game_i=replace, {_OLD_NULL}",
             form=_forward_form("replace", OLD_NULL_EVENTS),
             why="perfectly correlated records (diagonal prior) give BDP = 0 only because fully known databases "
                 "of prior probability 0 are skipped, while Game i 'replace' runs Y on them: BSP > 0; under the "
                 "paper's convention ('replace') it holds"),
     Reading("replace-full-support", "as 'replace' for full-support priors (the conventions agree)",
             check_forward("replace"), MECH_FAMILIES, expected=_C, hypotheses=(FULL_SUPPORT,),
             convention="game_i=replace",
             form=_forward_form("replace", PAPER_NULL_EVENTS, ("prior_full_support",))),
     Reading("belief", "BSP with likelihoods under the belief (= SP) ≤ e^{2 BDP(M, p)} − 1",
             check_forward("belief"), MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,),
             convention=f"game_i=belief, {_PAPER_NULL}",
             notes="SP ≤ e^{2 DP} − 1 (Theorem 2) and BDP ≥ DP once fully known databases count"),
     Reading("belief-skip-null", "as 'belief' under exactpriv's old null-event rule",
             check_forward("belief", null_events=OLD_NULL_EVENTS), MECH_FAMILIES, expected=_X,
             hypotheses=(HAS_PRIOR,), finding=Finding.CONVENTION, convention=f"game_i=belief, {_OLD_NULL}",
             form={"quantifier": "forall-instances", "hypotheses": [], "claim": "BSP <= exp(2*BDP) - 1",
                   "measures": {"BDP": {"notion": "bayesian_dp", "null": OLD_NULL_EVENTS},
                                "BSP": {"notion": "semantic_privacy"}}},
             why="a point-mass prior gives BDP = 0 when databases of prior probability 0 are skipped, while "
                 "SP > 0; under the paper's convention ('belief') it holds"),
     Reading("belief-full-support", "as 'belief' for full-support priors (BDP ≥ DP then)", check_forward("belief"),
             MECH_FAMILIES, expected=_C, hypotheses=(FULL_SUPPORT,), convention="game_i=belief")],
)


#: the map of Zhao's converses: s -> ln((1+2s)/(1-2s)) (+oo for s >= 1/2), the inverse of ½ − 1/(e^ε+1)
CONVERSE_MAP = sympy.Piecewise((sympy.log((1 + 2 * EPS) / (1 - 2 * EPS)), EPS < sympy.Rational(1, 2)), (sympy.oo, True))
_CONVERSE_LABEL = "ln((1+2s)/(1−2s))"


def _converse_form(game: str, hypotheses: tuple = (), null: str | None = None) -> dict:
    """BDP ≤ g(BSP_game), written as BSP ≥ s(BDP) = 1/2 − 1/(e^BDP + 1) (s is g's inverse, increasing, s(+oo) = 1/2):
    the statement as data for the independent checker (docs/certificates.md)."""
    conv = {} if null is None else {"null": null}
    bsp = {"notion": "semantic_privacy"} if game == "belief" else {"notion": "bayesian_semantic_privacy",
                                                                   "game": game, **conv}
    return {"quantifier": "forall-instances", "hypotheses": list(hypotheses),
            "measures": {"BDP": {"notion": "bayesian_dp", **conv}, "BSP": bsp},
            "claim": "BSP >= 1/2 - 1/(exp(BDP) + 1)"}


def check_converse(reading: str, *, scale=Fraction(1), null_events: str = PAPER_NULL_EVENTS) -> callable:
    """Theorem 1 (converse) in its tightest form s(BDP) ≤ BSP (⟺ BDP ≤ g(BSP)); ``scale``
    multiplies s (the broken variant "s doubled" is scale = 2)."""

    def check(inst: Instance) -> Outcome:
        b = bdp(inst.mechanism, inst.prior, null_events)
        s = bsp_of_game(inst, reading, null_events)
        r, R = ratio_of(b.value), cross_ratio(s)
        need = s_of_ratio(r, scale)
        return Outcome(Decision.of(H_ge(R, need), "exact (R vs rational square)", f"BDP = {shown(b.value)} <= g(BSP) with BSP = {shown(s.value)}, i.e. BSP >= s(BDP) = {need}", certificate={"R": exact_text(R), "r": exact_text(r)}),
                       {"bayesian_dp": b, "bsp": s})

    return check


THM1_CONV = Claim(
    "zhao2019.thm1_conv", "Theorem 1 (converse): (1/2 − 1/(e^ε+1))-BSP ⇒ ε-BDP", "Theorem 1, proof and eq. (20)",
    "Theorem 1. ε-Bayesian differential privacy [...] is implied by (1/2 − 1/(e^ε+1))-Bayesian semantic privacy.  "
    "[Proof: consider a belief distribution b which is uniform over x_{i+S} and x'_{i+S} [...] The distribution "
    "b_i[·|y] will be uniform over x_{i+S} and x'_{i+S} since they induce the same distribution on transcripts "
    "in Game i. [...] P[Y(x_{i+S}) = y]/P[Y(x'_{i+S}) = y] = b_0[x_{i+S}|y]/b_0[x'_{i+S}|y] ≤ e^ε. (20)]",
    "implication",
    [Reading("resample", "BDP(M, p) ≤ g(BSP_resample(M, p)), g(s) = ln((1+2s)/(1−2s)) (+oo for s ≥ 1/2), for "
             "every mechanism and prior", check_converse("resample"), MECH_FAMILIES, expected=_X,
             hypotheses=(HAS_PRIOR,), finding=Finding.BOUNDARY, convention="game_i=resample",
             form=_converse_form("resample"),
             why="an output impossible when record i is ⊥ (P(.|⊥) = (0, 1), P(.|1) = (1/2, 1/2)) leaves b_i[.|y] "
                 "undefined: BDP = +oo while BSP = 3 − 2√2; 'resample-positive-full-support' holds",
             relations=(implies("bayesian_semantic_privacy", "bayesian_dp", CONVERSE_MAP, _CONVERSE_LABEL),)),
     Reading("resample-full-support", "as 'resample' for full-support priors (mechanisms with zeros allowed)",
             check_converse("resample"), MECH_FAMILIES, expected=_X, hypotheses=(FULL_SUPPORT,),
             finding=Finding.BOUNDARY, convention="game_i=resample",
             form=_converse_form("resample", ("prior_full_support",)),
             why="still fails through an output that is impossible when record i is ⊥ (undefined Game-i "
                 "posterior, a zero mechanism entry); 'resample-positive-full-support' holds"),
     Reading("resample-positive-mechanism", "as 'resample' for positive mechanisms (priors with zeros allowed)",
             check_converse("resample"),
             MECH_FAMILIES + (archived_witness_family("zhao2019.thm1_conv", "resample-positive-mechanism"),),
             expected=_X, hypotheses=(HAS_PRIOR, POSITIVE), finding=Finding.BOUNDARY,
             convention=f"game_i=resample, {_PAPER_NULL}",
             form=_converse_form("resample", ("mechanism_positive",)),
             why="a correlated prior without mass on ⊥ (uniform on {(1,1), (2,2)} in {0,1,2}², found by hunt's "
                 "structured extremal search) leaves Game i undefined for S = ∅ (X_K given X_i = ⊥ has no mass), "
                 "so BSP sees only one-record steps while BDP sees the two-record step: a positive additive-score "
                 "mechanism has BDP = log(5) and BSP = 2 - sqrt(3) < s(BDP) = 1/3.  Boundary: no witness with "
                 "positive mechanism entries and prior masses (the witness mixed towards the interior holds; "
                 "'resample-positive-full-support' holds)",
             notes="The old note argued from one record (BDP = DP, BSP = SP: Theorem 2's converse), which fails "
                   "for correlated records.  The witness is archived by `exactpriv hunt zhao2019.thm1_conv "
                   "--reading resample-positive-mechanism --seed=0 --max-examples 200 --archive` and re-checked "
                   "here as a family (theorems.regressions)."),
     Reading("resample-positive-mechanism-skip-null", "as 'resample-positive-mechanism' under exactpriv's old "
             "null-event rule", check_converse("resample", null_events=OLD_NULL_EVENTS), MECH_FAMILIES,
             expected=_X, hypotheses=(HAS_PRIOR, POSITIVE), finding=Finding.CONVENTION,
             convention=f"game_i=resample, {_OLD_NULL}",
             form=_converse_form("resample", ("mechanism_positive",), null=OLD_NULL_EVENTS),
             why="a prior with P(X_i = ⊥) = 0 (D = {0,1,2}, prior (0, 1/2, 1/2)) leaves Game i without a "
                 "configuration once fully known databases of prior probability 0 are skipped: BSP = 0 < s(BDP); "
                 "under the paper's convention it holds"),
     Reading("resample-positive-full-support", "as 'resample' for positive mechanisms and full-support priors "
             "(Game i always defined): the paper's proof applies", check_converse("resample"), MECH_FAMILIES,
             expected=_C, hypotheses=POSITIVE_FULL, convention="game_i=resample",
             form=_converse_form("resample", ("prior_full_support", "mechanism_positive")),
             relations=(implies("bayesian_semantic_privacy", "bayesian_dp", CONVERSE_MAP, _CONVERSE_LABEL,
                                conditions=("positive", "full-support")),)),
     Reading("replace", "BDP ≤ g(BSP_replace) for every mechanism and prior", check_converse("replace"),
             MECH_FAMILIES, expected=_X, hypotheses=(HAS_PRIOR,), finding=Finding.CONVENTION,
             convention="game_i=replace", form=_converse_form("replace"),
             why="fails under Game i = 'replace' even for positive mechanisms and full-support priors (see "
                 "'replace-positive-full-support'); the first witness is the zero-column one of 'resample'"),
     Reading("replace-positive-full-support", "BDP ≤ g(BSP_replace) for positive mechanisms and full-support "
             "priors", check_converse("replace"), MECH_FAMILIES, expected=_X, hypotheses=POSITIVE_FULL,
             finding=Finding.CONVENTION, convention="game_i=replace",
             form=_converse_form("replace", ("prior_full_support", "mechanism_positive")),
             why="with X_K drawn given (x_i, x_S) and record i then set to ⊥, b_i[.|y] is not uniform for "
                 "correlated records: a 2-output noisy count on {0,1}^2 with a near-diagonal prior has "
                 "BDP = ln(29/11) ≈ 0.969 > g(3 − 2√2) ≈ 0.715; under 'resample' it holds",
             notes="'b_i[.|y] uniform' fails under 'replace' with correlated records: X_K given x_i differs from "
                   "X_K given x'_i."),
     Reading("belief-positive-full-support", "BDP ≤ g(SP) (BSP with likelihoods under the belief equals SP)",
             check_converse("belief"), MECH_FAMILIES, expected=_X, hypotheses=POSITIVE_FULL,
             finding=Finding.CONVENTION, convention="game_i=belief",
             form=_converse_form("belief", ("prior_full_support", "mechanism_positive")),
             why="with X_K drawn from the belief BSP equals SP, which correlation does not raise while BDP grows "
                 "(up to group privacy): the noisy-count witness of 'replace-positive-full-support'; under "
                 "'resample' it holds")],
)


def check_bsp_sp(reading: str, null_events: str = PAPER_NULL_EVENTS) -> callable:
    """s-BSP ⇒ s-SP: SP(M) ≤ BSP(M, p) (H is increasing in the cross ratio R)."""

    def check(inst: Instance) -> Outcome:
        a, b = sp_measure(inst.mechanism), bsp_measure(inst.mechanism, inst.prior, reading, null_events)
        Ra, Rb = cross_ratio(a), cross_ratio(b)
        return Outcome(Decision.of(le(Ra, Rb), "exact (H increasing in R)", f"SP = {shown(a.value)} <= BSP = {shown(b.value)}"),
                       {"semantic_privacy": a, "bsp": b})

    return check


BSP_SP = Claim(
    "zhao2019.bsp_sp", "Claim: (e^{2ε} − 1)-BSP ⇒ (e^{2ε} − 1)-SP", "Sec. II (ii) and the remark after Def. 2",
    "ε-BDP ⇒ (e^{2ε} − 1)-BSP ⇒ (e^{2ε} − 1)-SP.  [...] In the hypothetical scenario where we consider S only as "
    "N∖{i} in Definition 2, Definition 2 would reduce to Definition 1 for ε-semantical privacy.",
    "implication",
    [Reading("resample", "SP(M) ≤ BSP_resample(M, p) for every mechanism and prior", check_bsp_sp("resample"),
             MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,), convention=_PAPER_NULL,
             relations=(implies("bayesian_semantic_privacy", "semantic_privacy", EPS, "s"),),
             notes="the paper's remark fixes the null-event convention: with S = N∖{i} the configurations are the "
                   "databases themselves, so BSP ≥ SP for every prior.  (exactpriv's old rule, which skipped fully "
                   "known databases of prior probability 0 and gave BSP = 0 < SP under a point-mass prior, "
                   "contradicts that remark and is not a reading of this claim.)"),
     Reading("resample-full-support", "as 'resample' for full-support priors (S = N∖{i} is then exactly SP under "
             "either convention)", check_bsp_sp("resample"), MECH_FAMILIES, expected=_C,
             hypotheses=(FULL_SUPPORT,),
             relations=(implies("bayesian_semantic_privacy", "semantic_privacy", EPS, "s",
                                conditions=("full-support",)),)),
     Reading("replace", "SP(M) ≤ BSP_replace(M, p) for every mechanism and prior", check_bsp_sp("replace"),
             MECH_FAMILIES, expected=_C, hypotheses=(HAS_PRIOR,), convention=_PAPER_NULL),
     Reading("replace-full-support", "as 'replace' for full-support priors", check_bsp_sp("replace"),
             MECH_FAMILIES, expected=_C, hypotheses=(FULL_SUPPORT,))],
)


CLAIMS: list[Claim] = [THM1_FWD, THM1_CONV, BSP_SP]
