"""Cuff–Yu §2.2: closeness bounds the KL divergences — (9), Property 1, its tight form (11), Pinsker.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §2.2: closeness of
distributions and its divergences.

Main claims
-----------
* ``cuff2016.def4`` — Definition 4 ((ε, δ)-closeness) with (7), (8) and the E_γ remark;
* ``cuff2016.eq9`` — (9): (ε, 0)-closeness bounds both KL divergences by ε;
* ``cuff2016.prop1`` — Property 1: by min{ε, ε²};
* ``cuff2016.prop1_tight`` — the tight form (11) ε·tanh(ε/2), equality on binary randomized response
  (PROVED for every ε ≥ 0), its asymptotics and the relaxation (82);
* ``cuff2016.prop2`` — Property 2 (Pinsker) and its sharpness.

Pair-level claims are checked on pairs of exact pmfs (exhaustive grids, seeded random pairs with zeros,
the binary extremal pairs); all-ε statements are proved by exact symbolic rewriting, Gruntz limits and the
certifier.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.claims.by_reduction import reduction_reading
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.relations import implies
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.forall import equality_for_all, value_for_all
from exactpriv.measures.divergence import is_close, kl, tv
from exactpriv.measures.symbolic import pair_divergence_symbolic

from theorems.cuff2016.closeness import GAMMAS, log_form, event_masses, exp_of, min_eps_eps2, pair_delta, pair_eps
from theorems.cuff2016.steps import prove_for_all_eps, combine, prove_identity, prove_limit
from theorems.cuff2016.instances import (PAIR_FAMILIES, PAIR_HYPOTHESES, PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RR,
                                         pair_instance)
from theorems.cuff2016.symbolic import EXP_EPS, all_steps, rr2
from theorems.cuff2016._common import CHECKED, PROVED, reading_of

__all__ = ["CLAIMS"]


# ======================================================================================
# Definition 4 and (7), (8), E_γ remark
# ======================================================================================
def _def4_events_check(inst: Instance) -> Outcome:
    """(5)-(6) by brute force over events equals the E_γ characterisation, and is_close agrees."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts, vals = [], {}
    for g in GAMMAS:
        brute = max(max(pa - g * qa, qa - g * pa) for pa, qa in event_masses(P, Q))
        d = pair_delta(P, Q, g)
        vals[str(g)] = str(brute)
        parts.append(compare(brute, "==", d))
        if g in (1, 2):  # the library predicate agrees (tightest delta accepted, below rejected)
            eps = log_form(g)
            parts.append(is_close(P, Q, eps, brute))
            if brute > 0:
                parts.append(is_close(P, Q, eps, brute - Fraction(1, 1000)).negate())
    return Outcome(combine(parts, "(5)-(6) vs E_gamma"), {"delta(gamma)": vals})


def _def4_eq7_check(inst: Instance) -> Outcome:
    """(7): (ε,0)-close by events ⟺ mutually a.c. and |ln dP/dQ| <= ε pointwise."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts = []
    for g in GAMMAS + (Fraction(5), Fraction(100)):
        by_events = all(pa <= g * qa and qa <= g * pa for pa, qa in event_masses(P, Q))
        ac = all((p == 0) == (q == 0) for p, q in zip(P, Q))
        # |ln(p/q)| <= ln g  <=>  p/q <= g and q/p <= g (exact rationals)
        pointwise = ac and all(p <= g * q and q <= g * p for p, q in zip(P, Q) if p > 0)
        parts.append(Decision.true("exact", f"gamma={g}: both {by_events}") if by_events == pointwise else
                     Decision.false("exact", f"gamma={g}: events say {by_events}, pointwise says {pointwise}"))
    return Outcome(combine(parts, "(7)"))


def _def4_eq8_check(inst: Instance) -> Outcome:
    """(8): max_A |P(A) − Q(A)| (brute force) equals tv(P, Q)."""
    P, Q = inst.params["P"], inst.params["Q"]
    brute = max(abs(pa - qa) for pa, qa in event_masses(P, Q))
    return Outcome(compare(brute, "==", tv(P, Q)), {"brute": brute, "tv": tv(P, Q)})


DEF4 = Claim(
    "cuff2016.def4", "Definition 4 ((ε, δ)-closeness), equivalences (7), (8) and the E_γ remark",
    "§2.2, Definition 4, eqs. (4)-(8); §3.2 (E_γ)",
    "Two probability distributions P and Q over the same measurable space are (ε,δ)-close if "
    "P(A) <= e^ε Q(A) + δ for all A (5) and Q(A) <= e^ε P(A) + δ for all A (6). If δ = 0, then P and Q are "
    "mutually absolutely continuous and (ε,0)-closeness is |ln dP/dQ(a)| <= ε for all a (7). With ε = 0, "
    "(0,δ)-closeness is ||P − Q||_TV <= δ (8). P ≈(ε,δ) Q is equivalent to the pair of statements "
    "E_{e^ε}(P‖Q) <= δ and E_{e^ε}(Q‖P) <= δ.",
    "definition",
    [reading_of("events-vs-E_gamma",
        "Brute force over events of (5)-(6) gives the smallest δ = max(E_γ(P‖Q), E_γ(Q‖P)) for γ in "
        "{1, 3/2, 2, 3}; is_close agrees at that δ and rejects δ − 1/1000",
        _def4_events_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED, hypotheses=PAIR_HYPOTHESES),
     reading_of("eq7-pointwise", "(7): (ε,0)-closeness by events ⟺ mutual absolute continuity and |ln P(a)/Q(a)| <= ε "
                         "pointwise, for e^ε in {1, 3/2, 2, 3, 5, 100}",
        _def4_eq7_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED, hypotheses=PAIR_HYPOTHESES),
     reading_of("eq8-tv", "(8): max_A |P(A) − Q(A)| (brute force) equals the total variation ½Σ|P − Q|",
        _def4_eq8_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED, hypotheses=PAIR_HYPOTHESES)],
)


# ======================================================================================
# (9), Property 1 and its tight form (11)
# ======================================================================================
def pair_kl_bound_check(bound):
    """Check D(P‖Q) <= bound(ε) and D(Q‖P) <= bound(ε), ε the tightest (ε,0)-closeness level
    (vacuous when ε = oo).  ``bound`` maps an exact finite ε (LogForm) to an exact value."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        eps = pair_eps(P, Q)
        if eps is OO:
            return Outcome(Decision.true("vacuous", "not (eps,0)-close for any finite eps"), {"eps": "oo"})
        b = bound(eps)
        d1, d2 = kl(P, Q), kl(Q, P)
        return Outcome(combine([compare(d1, "<=", b), compare(d2, "<=", b)], "KL <= bound(eps)"),
                       {"eps": eps, "D(P||Q)": d1, "D(Q||P)": d2, "bound": b})

    return check


EQ9 = Claim(
    "cuff2016.eq9", "Claim (9)", "§2.2, eq. (9)",
    "By relaxing the right side of (7) to be an expected value rather than a statement about all a, we "
    "immediately get: P ≈(ε,0) Q ⟹ D(P‖Q) <= ε nats, D(Q‖P) <= ε nats.",
    "implication",
    [reading_of("literal", "D(P‖Q) <= ε and D(Q‖P) <= ε for the tightest ε of (ε,0)-closeness",
        pair_kl_bound_check(lambda e: e), PAIR_FAMILIES, expected=CHECKED, hypotheses=PAIR_HYPOTHESES,
        relations=(implies("pure_dp", "kl_dp", EPS, "ε", conditions=("pair-level",)),)),
     reduction_reading(
         "every-pair-by-reduction", given="pure_dp", measure="kl_dp", bound=EPS, families=PAIR_FAMILIES,
         check=pair_kl_bound_check(lambda e: e),
         statement="for EVERY pair (P, Q) of distributions on a finite set: D(P‖Q), D(Q‖P) <= ε, ε the tightest "
                   "(ε,0)-closeness level (ε = ∞ included): proved by reduction to RR(ε) (dominance, data "
                   "processing, KL(RR(ε)) = ε tanh(ε/2) <= ε certified); each listed pair's kernel is confirmed")],
)


PROP1 = Claim(
    "cuff2016.prop1", "Property 1", "§2.2, Property 1, eq. (10); Appendix A",
    "P ≈(ε,0) Q ⟹ D(P‖Q) <= min{ε, ε²} nats, D(Q‖P) <= min{ε, ε²} nats.",
    "implication",
    [reading_of("literal", "D(P‖Q), D(Q‖P) <= min{ε, ε²} for the tightest ε of (ε,0)-closeness",
        pair_kl_bound_check(min_eps_eps2), PAIR_FAMILIES, expected=CHECKED, hypotheses=PAIR_HYPOTHESES,
        notes="Mechanism-level form: cuff2016.lemma1/(21).  The bound is loose by a factor 2 as ε -> 0 "
              "(the tight form is ε tanh(ε/2) ~ ε²/2, cuff2016.prop1_tight).",
        relations=(implies("pure_dp", "kl_dp", sympy.Min(EPS, EPS ** 2), "min{ε,ε²}", conditions=("pair-level",)),)),
     reduction_reading(
         "every-pair-by-reduction", given="pure_dp", measure="kl_dp", bound=sympy.Min(EPS, EPS ** 2),
         families=PAIR_FAMILIES, check=pair_kl_bound_check(min_eps_eps2),
         statement="for EVERY pair (P, Q) of distributions on a finite set: D(P‖Q), D(Q‖P) <= min{ε, ε²}, ε the "
                   "tightest (ε,0)-closeness level: proved by reduction to RR(ε) (every ε-close pair is a "
                   "post-processing of RR(ε); KL does not increase under post-processing; KL(RR(ε)) = "
                   "ε tanh(ε/2) <= min{ε, ε²} for all ε >= 0, certified); each listed pair's kernel is confirmed")],
)


def _tanh_bound(eps: LogForm) -> LogForm:
    """ε·tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) for ε = ln γ, γ rational: an exact LogForm."""
    g = exp_of(eps)
    return eps * ((g - 1) / (g + 1))


def _tight_equality_check(inst: Instance) -> Outcome:
    """On the binary extremal pair: D(P‖Q) = D(Q‖P) = ε tanh(ε/2) exactly."""
    P, Q = inst.params["P"], inst.params["Q"]
    eps = pair_eps(P, Q)
    b = _tanh_bound(eps)
    return Outcome(combine([compare(kl(P, Q), "==", b), compare(kl(Q, P), "==", b)], "equality in (11)"),
                   {"eps": eps, "bound": b})


def _prove_tight_equality() -> Decision:
    t = sympy.exp(EPS)
    P, Q = (t / (1 + t), 1 / (1 + t)), (1 / (1 + t), t / (1 + t))
    d1 = sum(p * sympy.log(p / q) for p, q in zip(P, Q))
    d2 = sum(q * sympy.log(q / p) for p, q in zip(P, Q))
    paper = EPS * (t - 1) * (1 - 1 / t) / ((t - 1) + (1 - 1 / t))
    return combine([prove_identity(d1 - paper, "D(P||Q) = (11) for all eps >= 0"),
                     prove_identity(d2 - paper, "D(Q||P) = (11) for all eps >= 0")], "equality in (11)")


def _prove_tanh_form() -> Decision:
    t = sympy.exp(EPS)
    paper = EPS * (t - 1) * (1 - 1 / t) / ((t - 1) + (1 - 1 / t))
    return combine([prove_identity(paper - EPS * sympy.tanh(EPS / 2), "(11) = eps tanh(eps/2)"),
                     prove_identity(paper - EPS * (t - 1) / (t + 1), "(11) = eps (e^eps-1)/(e^eps+1)")],
                    "closed form of (11)")


def _prove_tight_asymptotic() -> Decision:
    return prove_limit(EPS * sympy.tanh(EPS / 2) / (EPS ** 2 / 2), EPS, 0, 1, "(11) ~ eps^2/2 as eps -> 0")


def _prove_half_eps_squared() -> Decision:
    return prove_for_all_eps(EPS * sympy.tanh(EPS / 2), "<=", EPS ** 2 / 2, "eps tanh(eps/2) <= eps^2/2 for all eps >= 0")


_EPS_GRID = tuple(log_form(g) for g in (Fraction(1), Fraction(1001, 1000), Fraction(101, 100), Fraction(11, 10),
                                     Fraction(3, 2), Fraction(2), Fraction(8, 3), Fraction(3), Fraction(10),
                                     Fraction(100), Fraction(10 ** 6)))


@functools.lru_cache(maxsize=None)
def _eps_grid_instances():
    return tuple(Instance(f"eps=log({exp_of(e)})", params={"gamma": exp_of(e)}) for e in _EPS_GRID)


EPS_GRID = Family("eps-grid", _eps_grid_instances, "eps = log(g) for g in 1, 1001/1000, ..., 10^6")


def _eq82_check(inst: Instance) -> Outcome:
    """(82): ε tanh(ε/2) <= ε(1 − e^{−ε}) <= min{ε, ε²} at ε = ln γ."""
    g = inst.params["gamma"]
    eps = log_form(g)
    a = _tanh_bound(eps)
    b = eps * (1 - 1 / g)
    c = min_eps_eps2(eps)
    return Outcome(combine([compare(a, "<=", b), compare(b, "<=", c)], "(82)"), {"eps": eps})

def _prove_eq82() -> Decision:
    e = EPS
    return combine([
        prove_for_all_eps(e * sympy.tanh(e / 2), "<=", e * (1 - sympy.exp(-e)), "(82) first step, all eps >= 0"),
        prove_for_all_eps(e * (1 - sympy.exp(-e)), "<=", sympy.Min(e, e ** 2), "(82) second step, all eps >= 0"),
    ], "(82)")

# ---- all-parameter tightness (symbolic families)
def _paper_11():
    return EPS * (EXP_EPS - 1) * (1 - 1 / EXP_EPS) / ((EXP_EPS - 1) + (1 - 1 / EXP_EPS))


def _prove_prop1_tight(bound=None) -> Decision:
    """RR_2(ε): P = (e^ε/(1+e^ε), 1/(1+e^ε)), Q = P reversed — the paper's witness.  Pure DP
    is exactly ε (the tightest (ε,0)-closeness level), and D(P‖Q) = D(Q‖P) = ε tanh(ε/2) for all
    ε >= 0, which is (11) verbatim for ε > 0 (at ε = 0 (11) is 0/0)."""
    M = rr2()
    target = EPS * sympy.tanh(EPS / 2) if bound is None else bound
    d_pq = pair_divergence_symbolic(M, (0,), (1,), "kl")
    d_qp = pair_divergence_symbolic(M, (1,), (0,), "kl")
    parts = [lambda: value_for_all(M, "pure_dp", EPS),
             lambda: equality_for_all(d_pq, target), lambda: equality_for_all(d_qp, target),
             lambda: value_for_all(M, "kl_dp", target)]
    if bound is None:
        parts.append(lambda: equality_for_all(d_pq, _paper_11(), domain=(0, sympy.oo), closed=(False, False)))
    return all_steps(parts, "binary RR attains (11) for every eps")


#: the right side of (11) as written (0/0 at ε = 0)
_P11 = "eps*(exp(eps) - 1)*(1 - exp(-eps))/((exp(eps) - 1) + (1 - exp(-eps)))"


def _rr2_form(domain: str, claim: str) -> dict:
    """A claim on binary randomized response P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε) for every ε in the
    domain, as data: PQ and QP are D(P‖Q) and D(Q‖P), DP its pure DP (docs/certificates.md, "forall-family")."""
    rr2 = {"name": "RR(2, eps)", "variable": "eps", "domain": domain,
           "space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
           "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                         ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}
    return {"quantifier": "forall-family", "families": [rr2],
            "measures": {"DP": {"notion": "pure_dp"}, "PQ": {"notion": "kl_dp", "pair": [0, 1]},
                         "QP": {"notion": "kl_dp", "pair": [1, 0]}}, "claim": claim}


def _params_form(domain: str, claim: str) -> dict:
    """A claim over ε alone, as data for the independent checker (docs/certificates.md)."""
    return {"quantifier": "forall-params", "domain": {"eps": domain}, "claim": claim}


_EPS_NONNEGATIVE = Hypothesis("eps-nonnegative", "ε >= 0 (e^ε >= 1)", lambda inst: inst.params["gamma"] >= 1)


PROP1_TIGHT = Claim(
    "cuff2016.prop1_tight", "Property 1, tight form (11), equality and asymptotics",
    "§2.2, eq. (11) and the sentences after it; Appendix A, eqs. (81)-(82)",
    "In fact, the tightest possible statement of this form is P ≈(ε,0) Q ⟹ D(P‖Q), D(Q‖P) <= "
    "ε (e^ε − 1)(1 − e^{−ε}) / ((e^ε − 1) + (1 − e^{−ε})) nats. Equality on the right side of (11) can be "
    "achieved with binary distributions. For small ε, the right side of (11) is asymptotically ½ε² nats. "
    "[App. A:] This extreme is achieved by a symmetric pair of binary distributions ... D(P‖Q) = D(Q‖P). "
    "The relaxation in Property 1: ε(...)/(...) <= ε(1 − e^{−ε}) <= min{ε, ε²} (82).",
    "tightness",
    [reading_of("bound-11", "D(P‖Q), D(Q‖P) <= ε tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) (an exact LogForm at ε = ln γ)",
        pair_kl_bound_check(_tanh_bound), (PAIRS_RR, PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=CHECKED,
        relations=(implies("pure_dp", "kl_dp", EPS * sympy.tanh(EPS / 2), "ε·tanh(ε/2)", conditions=("pair-level",),
                           tight=True, note="equality for binary randomized response"),), open_search=False),
     reading_of("binary-equality", "For P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε): D(P‖Q) = D(Q‖P) = (11) — "
                           "proved for all ε > 0 symbolically ((11) is 0/0 at ε = 0), and exactly at the grid points",
        _tight_equality_check, (PAIRS_RR,), prove=_prove_tight_equality, expected=PROVED,
        open_search=False, form=_rr2_form("(0, oo)", f"PQ == {_P11} and QP == {_P11}")),
     reading_of("closed-form", "(11) equals ε tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) for all ε > 0 (identity; (11) is 0/0 at ε = 0)",
        prove=_prove_tanh_form, expected=PROVED, open_search=False,
        form=_params_form("(0, oo)", f"{_P11} == eps*tanh(eps/2) and {_P11} == eps*(exp(eps) - 1)/(exp(eps) + 1)")),
     reading_of("asymptotic-half-eps-squared", "(11) / (ε²/2) -> 1 as ε -> 0", prove=_prove_tight_asymptotic, expected=PROVED,
     open_search=False,
        # (11) = ε tanh(ε/2) for ε > 0 (reading closed-form), and a limit at 0+ depends on ε > 0 only
        form={"quantifier": "limit", "limit": {"of": "(eps*tanh(eps/2))/(eps**2/2)", "variable": "eps", "at": "0"},
              "claim": "L == 1"}),
     reading_of("half-eps-squared-upper-bound", "(11) <= ε²/2 for every ε >= 0 (the asymptotic form is also a bound)",
        prove=_prove_half_eps_squared, expected=PROVED,
        form=_params_form("[0, oo)", "eps*tanh(eps/2) <= eps**2/2"),
        notes="Not stated in the paper: with Property 1's proof, ε-closeness gives KL <= ε²/2, a factor 2 "
              "better than min{ε, ε²} for ε <= 2.", open_search=False),
     reading_of("relaxation-82", "(82): ε tanh(ε/2) <= ε(1 − e^{−ε}) <= min{ε, ε²} for all ε >= 0 (exact at ε = ln γ, "
                         "γ from 1 to 10^6)",
        _eq82_check, (EPS_GRID,), prove=_prove_eq82, expected=PROVED,
        form=_params_form("[0, oo)", "eps*tanh(eps/2) <= eps*(1 - exp(-eps)) and "
                                     "eps*(1 - exp(-eps)) <= min(eps, eps**2)"),
        notes="Both steps proved for all ε >= 0 by exactpriv.certify; the grid is a cross-check.",
        hypotheses=(_EPS_NONNEGATIVE,), open_search=False),
     reduction_reading(
         "bound-11-every-pair-by-reduction", given="pure_dp", measure="kl_dp", bound=EPS * sympy.tanh(EPS / 2),
         families=(PAIRS_RR, PAIRS_EXHAUSTIVE, PAIRS_RANDOM), check=pair_kl_bound_check(_tanh_bound),
         statement="(11) for EVERY pair (P, Q) on a finite set: D(P‖Q), D(Q‖P) <= ε tanh(ε/2), ε the tightest "
                   "(ε,0)-closeness level: proved by reduction to RR(ε), where it is an equality",
         open_search=False),
     Reading("forall-binary-rr", "for every ε >= 0, P = (e^ε, 1)/(1+e^ε), Q = P reversed (rows of "
         "randomized_response(2, eps=EPS)): pure DP = ε and D(P‖Q) = D(Q‖P) = ε tanh(ε/2), which is (11) for "
         "ε > 0", prove=_prove_prop1_tight, expected=Verdict.PROVED, open_search=False,
         form=_rr2_form("[0, oo)", "DP == eps and PQ == eps*tanh(eps/2) and QP == eps*tanh(eps/2)"))],
)


# ======================================================================================
# Property 2 (Pinsker)
# ======================================================================================
def pinsker_check(factor: Fraction = Fraction(1, 2)):
    """D(P‖Q) <= ε ⇒ TV <= sqrt(factor·ε); checked with the tightest ε = D(P‖Q) as
    TV² <= factor·D(P‖Q) (exact: a rational vs a LogForm).  The paper's factor is 1/2."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        d = kl(P, Q)
        t = tv(P, Q)
        if d is OO:
            return Outcome(Decision.true("vacuous", "D(P||Q) = oo"), {"tv": t})
        return Outcome(compare(t * t, "<=", d * factor), {"tv": t, "D(P||Q)": d})

    return check


_PINSKER_DS = tuple(Fraction(1, 2 ** k) for k in range(1, 13))


@functools.lru_cache(maxsize=None)
def _pinsker_tight_instances():
    out = []
    for d in _PINSKER_DS:
        P = ((1 + d) / 2, (1 - d) / 2)
        out.append(pair_instance(f"binary pair TV={d}", P, P[::-1], d=d))
    return tuple(out)


def _pinsker_tight_check(inst: Instance) -> Outcome:
    """On P_d = ((1+d)/2, (1−d)/2), Q_d reversed: TV >= (1/2)·sqrt(D/2) (i.e. D <= 8 TV²)."""
    P, Q = inst.params["P"], inst.params["Q"]
    t, d = tv(P, Q), kl(P, Q)
    return Outcome(compare(d, "<=", 8 * t * t), {"tv": t, "D(P||Q)": d})


def _pinsker_tight_form() -> dict:
    """'tight-up-to-constant' as data for the independent checker (docs/certificates.md, "all-of"): the finite form
    on the listed pairs, each written as the two rows of a mechanism on two neighbouring inputs (TV and
    D(P‖Q) = kl_divergence of row 0 from row 1, measured by the checker), and the limit on the family P_d, Q_d, whose
    TV is d and D(P_d‖Q_d) is written term by term."""
    from exactpriv.claims.evidence import point_json

    def witness(inst):
        P, Q = inst.params["P"], inst.params["Q"]
        return {"label": inst.label, "space": {"type": "explicit", "inputs": ["P", "Q"], "neighbours": [[0, 1]]},
                "outputs": [0, 1], "mechanism": [[point_json(v) for v in P], [point_json(v) for v in Q]]}

    P, Q = "(1 + d)/2", "(1 - d)/2"
    D = f"({P}*log(({P})/({Q})) + {Q}*log(({Q})/({P})))"
    return {"quantifier": "all-of", "parts": [
        {"name": "TV >= (1/2) sqrt(D/2) on P_d, d = 1/2, ..., 1/4096", "statement": {
            "quantifier": "forall-instances", "hypotheses": [],
            "measures": {"TV": {"notion": "tv_dp"}, "D": {"notion": "kl_divergence", "source": "0", "target": "1"}},
            "claim": "TV >= 1/2*sqrt(D/2)",
            "scope": {"instances": [witness(inst) for inst in _pinsker_tight_instances()]}}},
        {"name": "TV^2/(D/2) -> 1 as d -> 0", "statement": {
            "quantifier": "limit", "limit": {"of": f"d**2/({D}/2)", "variable": "d", "at": "0"},
            "claim": "L == 1"}}]}


def _prove_pinsker_tight() -> Decision:
    d = sympy.Symbol("d", positive=True)
    D = d * sympy.log((1 + d) / (1 - d))  # D(P_d||Q_d), TV = d
    return prove_limit(d ** 2 / (D / 2), d, 0, 1,
                        "TV^2 / (D/2) -> 1 on the binary family (Pinsker's constant is sharp)")


PROP2 = Claim(
    "cuff2016.prop2", "Property 2 (Pinsker)", "§2.2, Property 2, eq. (12) and the remark after it",
    "By Pinsker's inequality, D(P‖Q) <= ε nats ⟹ P ≈(0, sqrt(ε/2)) Q. ... Property 2 is known to be tight up "
    "to a multiplicative constant.",
    "implication",
    [reading_of("literal", "TV(P, Q) <= sqrt(D(P‖Q)/2), checked as TV² <= D/2 exactly",
        pinsker_check(Fraction(1, 2)), PAIR_FAMILIES, expected=CHECKED, hypotheses=PAIR_HYPOTHESES,
        relations=(implies("kl_dp", "tv_dp", sympy.sqrt(EPS / 2), "√(ε/2)", conditions=("pair-level",),
                           note="Pinsker; 'tight up to a multiplicative constant'"),)),
     reading_of("tight-up-to-constant",
        "On P_d = ((1+d)/2, (1−d)/2), Q_d reversed (d = 1/2, ..., 1/4096): TV >= ½ sqrt(D/2) (finite form), "
        "and TV²/(D/2) -> 1 as d -> 0 (proved: the constant is in fact sharp)",
        _pinsker_tight_check, [Family("pinsker-binary", _pinsker_tight_instances, "d = 1/2^k, k = 1..12")],
        prove=_prove_pinsker_tight, expected=PROVED, form=_pinsker_tight_form,
        open_search=False)],
)


CLAIMS = [DEF4, EQ9, PROP1, PROP1_TIGHT, PROP2]
