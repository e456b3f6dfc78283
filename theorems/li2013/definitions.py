"""Li et al.'s notions PMP, NMP, UDP and BDP (reconstructed): each measure equals its brute force.

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): the notions the encoded part (§4.1 on) uses, reconstructed from that use.

Main claims
-----------
* ``li2013.def_pmp`` — (D, γ)-positive membership privacy: the min-form, the measures against the
  definitional brute force at D_N and over D_I;
* ``li2013.def_nmp`` — (D, γ)-negative membership privacy, likewise;
* ``li2013.def_udp`` — ε-positive / ε-negative UDP and ε-BDP over all events; unbounded DP = both halves.
"""

from __future__ import annotations

import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict, param_domain
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO
from exactpriv.measures import udp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.membership import negative_membership, positive_membership

from theorems.li2013.brute_force import (
    add_pairs,
    best_event_ratio,
    membership_level_at,
    product_dist,
    swap_pairs,
    uniform_dist,
)
from theorems.li2013.instances import BOUNDED, SUBSETS, random_p
from theorems.li2013.measured import udp_ratio
from theorems.li2013.steps import RECONSTRUCTED, max_level


__all__ = ["DEF_NMP", "DEF_PMP", "DEF_UDP", "check_independent_members"]


def _check_min_form(inst: Instance) -> Outcome:
    """Pr[t|S] <= γp and Pr[¬t|S] >= (1-p)/γ  ⟺  Pr[t|S] <= min(γp, (γ-1+p)/γ), on a grid."""
    p = Fraction(inst.params["p"])
    parts = []
    for post in [Fraction(a, 12) for a in range(13)]:
        for g in (Fraction(1), Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(7, 2)):
            two = post <= g * p and 1 - post >= (1 - p) / g
            mn = post <= min(g * p, (g - 1 + p) / g)
            parts.append(Decision.of(two == mn, "rational", f"p={p}, Pr[t|S]={post}, γ={g}: two-condition {two} vs min-form {mn}"))
    return Outcome(Decision.all_of(parts, "min-form equivalence"))


def _min_form_instances():
    return tuple(Instance(f"p={p}", params={"p": p}) for p in
                 [Fraction(a, b) for b in (2, 3, 5, 8) for a in range(1, b)])


def _check_uniform_events(negative: bool):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        m = (negative_membership if negative else positive_membership)(M, family="uniform")
        bf, wit = membership_level_at(M, uniform_dist(M.inputs), negative=negative)
        d = compare(m.value, "==", bf)
        return Outcome(Decision(d.truth, d.method, f"measure {m.value} vs brute force over all events {bf}"),
                       {"measure": m, "brute_force": bf, "brute_force_witness": wit})

    return check


def check_independent_members(negative: bool):
    """Every product law D ∈ D_I has level <= the measure's sup; and the sup is approached."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        sp = M.inputs
        m = (negative_membership if negative else positive_membership)(M, family="independent")
        sup = m.value
        parts = []
        rng = random.Random(len(sp.universe) * 1000 + len(M.outputs) * 100 + sum(len(T) for T in sp.points))
        for _ in range(4):
            p = dict(zip(sp.universe, random_p(rng, len(sp.universe), boundary=True)))
            lvl, _w = membership_level_at(M, product_dist(sp, p), negative=negative)
            parts.append(compare(lvl, "<=", sup) if lvl != OO else
                         Decision.of(sup == OO, "rational", f"member level +oo vs sup {sup}"))
        # approach: vertex law from the UDP witness, p_t -> 0 (PMP) or -> 1 (NMP)
        u = (udp.negative_udp if negative else udp.positive_udp)(M)
        r = udp_ratio(u)
        if r != 1 and "pair" in u.witness:
            big, small = (u.witness["pair"][1], u.witness["pair"][0]) if negative else tuple(u.witness["pair"])
            t = u.witness["entity"]
            if r == OO:
                gamma, delta = Fraction(10**6), Fraction(1, 2)
            else:
                gamma = (1 + r) / 2
                delta = (r / gamma - 1) / (2 * (r - 1))
            pt = 1 - delta if negative else delta
            p = {s: (Fraction(1) if s in small else Fraction(0)) for s in sp.universe}
            p[t] = pt
            lvl, _w = membership_level_at(M, product_dist(sp, p), negative=negative)
            parts.append(Decision.of(lvl == OO or lvl > gamma, "rational", f"vertex law with Pr[{t!r}]={pt} has level {lvl} > {gamma} (approaching sup {sup})"))
        return Outcome(Decision.all_of(parts, "D_I members vs sup"), {"measure": m})

    return check


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
PMP_P_DOMAIN = param_domain("p", lo=0, hi=1, open_lo=True, open_hi=True, text="p = Pr[t] in (0, 1)")


DEF_PMP = Claim(
    "li2013.def_pmp", "Definition (context): (D, γ)-positive membership privacy",
    "§3, (D, γ)-PMP; used in Theorem 4.8 and the proof of Proposition 5.3" + RECONSTRUCTED,
    "(Reconstructed.) A provides (D, γ)-PMP iff for every D ∈ D, entity t and output set S with Pr[S] > 0: "
    "Pr[t|S] <= γ Pr[t] and Pr[¬t|S] >= Pr[¬t]/γ. The proof of Prop. 5.3 uses the equivalent form 'we need to show "
    "that for each i, j, Pr[i|c_j] <= min(γ/2, (γ-0.5)/γ)' (proof of Prop. 5.3, Pr[i] = 1/2).",
    "definition",
    [
        Reading("min-form", "for all p ∈ (0,1), Pr[t|S] ∈ [0,1], γ >= 1: the two PMP conditions hold iff "
                "Pr[t|S] <= min(γp, (γ-1+p)/γ) (grid of exact values)",
                check=_check_min_form, families=(Family("grid", _min_form_instances),),
                hypotheses=(PMP_P_DOMAIN,), expected=Verdict.CHECKED),
        Reading("uniform-events", "positive_membership(M, family='uniform') equals the brute-force least γ "
                "over all output events and entities at the uniform law (D_N)",
                check=_check_uniform_events(False), families=SUBSETS, expected=Verdict.CHECKED),
        Reading("independent-members", "every product law D ∈ D_I (p_t ∈ [0,1], brute force over events) has "
                "PMP level <= positive_membership(M, 'independent'); vertex laws with Pr[t] -> 0 exceed "
                "any γ below it",
                check=check_independent_members(False), families=SUBSETS, expected=Verdict.CHECKED),
    ])


DEF_NMP = Claim(
    "li2013.def_nmp", "Definition (context): (D, γ)-negative membership privacy",
    "§3, (D, γ)-NMP; used after Theorem 4.5 and after Proposition 5.3" + RECONSTRUCTED,
    "(Reconstructed.) Negative membership privacy: Pr[t|S] >= Pr[t]/γ and Pr[¬t|S] <= γ Pr[¬t] for every "
    "D ∈ D, entity t and output set S with Pr[S] > 0.",
    "definition",
    [
        Reading("uniform-events", "negative_membership(M, 'uniform') equals the brute-force least γ over all "
                "events and entities at the uniform law",
                check=_check_uniform_events(True), families=SUBSETS, expected=Verdict.CHECKED),
        Reading("independent-members", "every product law has NMP level <= negative_membership(M, "
                "'independent'); vertex laws with Pr[t] -> 1 exceed any γ below it",
                check=check_independent_members(True), families=SUBSETS, expected=Verdict.CHECKED),
    ])


def _check_udp_events(which: str):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        if which == "positive":
            m, pairs = udp.positive_udp(M), add_pairs(M.inputs, False)
        elif which == "negative":
            m, pairs = udp.negative_udp(M), add_pairs(M.inputs, True)
        else:
            m, pairs = udp.bounded_dp(M), swap_pairs(M.inputs)
        bf = best_event_ratio(M, pairs)
        bf = Fraction(1) if bf is None else bf
        r = udp_ratio(m)
        ok = (r == OO and bf == OO) or (r != OO and bf != OO and max(r, Fraction(1)) == max(bf, Fraction(1)))
        return Outcome(Decision.of(ok, "rational", f"{m.name}: e^level = {r}; brute force over all events: {bf}"),
                       {"measure": m, "brute_force": bf})

    return check


def _check_dp_decomposition(inst: Instance) -> Outcome:
    M = inst.mechanism
    pos, neg = udp_ratio(udp.positive_udp(M)), udp_ratio(udp.negative_udp(M))
    dp = pure_dp(M)
    both = max_level(pos, neg)
    if dp.value == OO:
        d = Decision.of(both == OO, "rational", f"pure_dp = oo, max(pos, neg) ratio = {both}")
    elif both == OO:
        d = Decision.false("rational", f"pure_dp = {dp.value} finite but a UDP half is +oo")
    else:
        d = compare(dp.value, "==", sympy.log(sympy.Rational(both.numerator, both.denominator)))
    return Outcome(d, {"pure_dp": dp, "positive_ratio": pos, "negative_ratio": neg})


DEF_UDP = Claim(
    "li2013.def_udp", "Definition (context): ε-positive / ε-negative UDP and ε-BDP",
    "§4, ε-positive / ε-negative UDP (used in §4.1) and ε-BDP (§4.2)" + RECONSTRUCTED,
    "(Reconstructed.) Positive UDP: Pr[A(T ∪ {t}) ∈ S] <= e^ε Pr[A(T) ∈ S]; negative UDP: Pr[A(T) ∈ S] <= "
    "e^ε Pr[A(T ∪ {t}) ∈ S]. ε-BDP: same-size T1, T2 differing by replacing one entity satisfy "
    "Pr[A(T1) ∈ S] <= e^ε Pr[A(T2) ∈ S]. ('Because BDP only requires closeness in output distributions "
    "among datasets of the same size ...')",
    "definition",
    [
        Reading("positive-events", "udp.positive_udp equals the brute-force max over T, t ∉ T and all events S",
                check=_check_udp_events("positive"), families=SUBSETS, expected=Verdict.CHECKED),
        Reading("negative-events", "udp.negative_udp equals the brute-force max over all events",
                check=_check_udp_events("negative"), families=SUBSETS, expected=Verdict.CHECKED),
        Reading("bdp-events", "udp.bounded_dp equals the brute-force max over swap pairs and all events",
                check=_check_udp_events("bounded"), families=BOUNDED + SUBSETS, expected=Verdict.CHECKED),
        Reading("dp-decomposition", "unbounded ε-DP (pure_dp on Subsets) = positive ∧ negative UDP: "
                "pure_dp(M) = max(positive_udp, negative_udp)",
                check=_check_dp_decomposition, families=SUBSETS, expected=Verdict.CHECKED),
    ])


