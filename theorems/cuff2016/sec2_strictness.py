"""Cuff–Yu §2.2: Properties 1 and 2 are strict (witness constructions; the finite-set variant fails).

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §2.2, the paragraph
after (12): Properties 1 and 2 are strict.

Main claim: ``cuff2016.prop12_strict`` — "the reverse implications are not true in any form (closeness
bounds on the right, no matter how small the parameters, do not even imply finiteness of the parameters on
the left)".  Its readings check the witness constructions (small TV with infinite KL; small one-sided KL
with infinite ε; small two-sided KL with arbitrarily large ε) and, as a variant, the finite-set
restriction of "do not even imply finiteness" for Property 1, refuted for every finite set by a per-point
certificate: on a finite set both KL divergences finite force equal supports, hence a finite ε (on an
infinite space the paper's statement holds).
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from exactpriv.claims import Claim, Family, Finding, Instance, Outcome
from exactpriv.claims.relations import does_not_imply
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO
from exactpriv.measures.divergence import kl, tv

from theorems.cuff2016.closeness import pair_eps
from theorems.cuff2016.steps import combine
from theorems.cuff2016.instances import pair_instance
from theorems.cuff2016._common import CHECKED, REFUTED, reading_of

__all__ = ["CLAIMS"]


# ======================================================================================
# strictness of Properties 1 and 2
# ======================================================================================
_SMALL = tuple(Fraction(1, 2 ** k) for k in (1, 2, 4, 8, 16, 32))


@functools.lru_cache(maxsize=None)
def _strict_tv_instances():
    out = []
    for u in _SMALL:
        out.append(pair_instance(f"P=(1-u,u,0), Q=(1-u,0,u), u={u}", (1 - u, u, Fraction(0)), (1 - u, Fraction(0), u), u=u))
    return tuple(out)


def _strict_tv_check(inst: Instance) -> Outcome:
    """TV = u (arbitrarily small) but D(P‖Q) = D(Q‖P) = oo: no KL bound, finite or not."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(tv(P, Q), "<=", u),
             Decision.true("exact", "D(P||Q) = oo") if kl(P, Q) is OO else Decision.false("exact", "D(P||Q) finite"),
             Decision.true("exact", "D(Q||P) = oo") if kl(Q, P) is OO else Decision.false("exact", "D(Q||P) finite")]
    return Outcome(combine(parts, "small TV, infinite KL"))


@functools.lru_cache(maxsize=None)
def _strict_kl_one_instances():
    return tuple(pair_instance(f"P=(1,0), Q=(1-u,u), u={u}", (Fraction(1), Fraction(0)), (1 - u, u), u=u) for u in _SMALL)


def _strict_kl_one_check(inst: Instance) -> Outcome:
    """D(P‖Q) = −ln(1−u) <= 2u (small) but ε = oo (Q(1) > 0 = P(1))."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(kl(P, Q), "<=", 2 * u),
             Decision.true("exact", "eps = oo") if pair_eps(P, Q) is OO else Decision.false("exact", "eps finite")]
    return Outcome(combine(parts, "small one-sided KL, infinite eps"), {"D(P||Q)": kl(P, Q)})


@functools.lru_cache(maxsize=None)
def _strict_kl_both_instances():
    """For a = 1/2^k and E in {1, 5, 20}: P = (1−u, u), Q = (1−u/r, u/r) with r = 4^E and u
    halved until both KLs are <= a."""
    out = []
    for k in (1, 3, 6, 10):
        a = Fraction(1, 2 ** k)
        for E in (1, 5, 20):
            r = Fraction(4) ** E  # ln r = 2E ln 2 > E; D_inf > E is decided exactly by the check
            u = Fraction(1, 2)
            while True:
                P, Q = (1 - u, u), (1 - u / r, u / r)
                if compare(kl(P, Q), "<=", a).is_true and compare(kl(Q, P), "<=", a).is_true:
                    break
                u /= 2
            out.append(pair_instance(f"both KL <= {a}, eps > {E}: u={u}, ratio={r}", P, Q, a=a, E=Fraction(E)))
    return tuple(out)


def _strict_kl_both_check(inst: Instance) -> Outcome:
    P, Q, a, E = (inst.params[k] for k in ("P", "Q", "a", "E"))
    parts = [compare(kl(P, Q), "<=", a), compare(kl(Q, P), "<=", a), compare(pair_eps(P, Q), ">", E)]
    return Outcome(combine(parts, "both KL small, eps large"), {"eps": pair_eps(P, Q)})


#: the four kinds of point y of a finite set for a pair (P, Q): (P(y) > 0, Q(y) > 0)
_POINT_KINDS = ((True, True), (True, False), (False, True), (False, False))


def _point_term_finite(p_pos: bool, q_pos: bool) -> tuple[bool, bool, bool]:
    """Finiteness of the three per-point terms, from the definitions: the KL term P(y) ln(P(y)/Q(y))
    (0 when P(y) = 0; +oo when P(y) > 0 = Q(y)), its mirror Q(y) ln(Q(y)/P(y)), and the log-ratio
    |ln P(y)/Q(y)| that (7) bounds by ε (absent when P(y) = Q(y) = 0; +oo when exactly one is 0)."""
    kl_term = (not p_pos) or q_pos
    mirror_term = (not q_pos) or p_pos
    ratio_term = p_pos == q_pos
    return kl_term, mirror_term, ratio_term


def _prove_finiteness_fails_on_finite_spaces() -> Decision:
    """Refuting certificate of "there are P, Q on a finite set with D(P‖Q), D(Q‖P) finite and no
    finite ε with P ≈(ε,0) Q", for every finite set at once.

    On a finite set D(P‖Q) is the finite sum over y of the KL terms, infinite iff one term is +oo;
    likewise D(Q‖P); by (7) the tightest ε is the maximum over the points of the log-ratios, infinite
    iff one of them is.  So a witness needs one point whose KL term and mirror term are finite but whose
    log-ratio is infinite: the table of the four kinds of point (:func:`_point_term_finite`) has none.
    Cross-check (an independent computation, the library's measures): on every support pattern of 1 to
    4 points, ``kl`` and the tightest ε are infinite exactly where the table says."""
    table = {f"P{'>' if p else '='}0,Q{'>' if q else '='}0": _point_term_finite(p, q) for p, q in _POINT_KINDS}
    witnesses = [k for k, (a, b, r) in table.items() if a and b and not r]
    if witnesses:  # pragma: no cover - would contradict the definitions
        return Decision.undecided("per-point reduction", f"point kinds {witnesses} would be witnesses")
    checked = 0
    for k in range(1, 5):
        for pattern in itertools.product(_POINT_KINDS, repeat=k):
            sp, sq = sum(p for p, _ in pattern), sum(q for _, q in pattern)
            if sp == 0 or sq == 0:
                continue  # not a pair of pmfs
            P = tuple(Fraction(int(p), sp) for p, _ in pattern)
            Q = tuple(Fraction(int(q), sq) for _, q in pattern)
            terms = [_point_term_finite(p, q) for p, q in pattern]
            predicted = (all(t[0] for t in terms), all(t[1] for t in terms), all(t[2] for t in terms))
            measured = (kl(P, Q) is not OO, kl(Q, P) is not OO, pair_eps(P, Q) is not OO)
            if predicted != measured:
                return Decision.undecided("per-point reduction", f"support pattern {pattern}: the library's "
                                          f"finiteness {measured} differs from the per-point table {predicted}")
            checked += 1
    return Decision.false(
        "per-point reduction",
        "on a finite set D(P||Q) < oo and D(Q||P) < oo force equal supports, hence a finite eps: no kind of "
        "point has both KL terms finite and an infinite log-ratio (the library's measures agree on all "
        f"{checked} support patterns of 1-4 points)",
        certificate={"point_kinds (KL term, mirror term, log-ratio finite)": table,
                     "step": "a finite sum / maximum of terms in (-oo, +oo] is +oo iff one term is",
                     "support_patterns_cross_checked": checked,
                     # the same argument for the independent checker (docs/certificates.md, "support-patterns")
                     "checker": {"kind": "support-patterns"}})


#: the reading as data: a pair (P, Q) on a finite set is a mechanism on two neighbouring inputs; "both KL finite"
#: is kl_dp (the larger of D(P‖Q), D(Q‖P)) < oo, "(ε,0)-close for no finite ε" is pure_dp == oo
_FINITENESS_FORM = {"quantifier": "exists", "scope": {"pairs": "finite"}, "hypotheses": [],
                    "measures": {"K": {"notion": "kl_dp"}, "E": {"notion": "pure_dp"}},
                    "claim": "K < oo and E == oo"}


PROP12_STRICT = Claim(
    "cuff2016.prop12_strict", "Claim: Properties 1 and 2 are strict", "§2.2, paragraph after (12)",
    "Property 1 and Property 2 are strict in the sense that the reverse implications are not true in any form "
    "(i.e. closeness bounds on the right, no matter how small the parameters, do not even imply finiteness of "
    "the parameters on the left).",
    "non-implication",
    [reading_of("prop2-reverse", "TV = u arbitrarily small with D(P‖Q) = D(Q‖P) = oo (u = 1/2, ..., 1/2^32)",
        _strict_tv_check, [Family("tv-small-kl-infinite", _strict_tv_instances, "P=(1-u,u,0), Q=(1-u,0,u)")],
        expected=CHECKED,
        open_search=False, relations=(does_not_imply("tv_dp", "kl_dp", conditions=("pair-level",)),)),
     reading_of("prop1-reverse-one-sided", "D(P‖Q) <= 2u arbitrarily small with ε = oo (P = (1,0), Q = (1−u,u))",
        _strict_kl_one_check, [Family("kl-small-eps-infinite", _strict_kl_one_instances, "u = 1/2, ..., 1/2^32")],
        expected=CHECKED,
        open_search=False),
     reading_of("prop1-reverse-unbounded", "For a in {1/2, 1/8, 1/64, 1/1024} and E in {1, 5, 20}: a pair with "
                                   "D(P‖Q), D(Q‖P) <= a and ε > E (small two-sided KL gives no bound on ε)",
        _strict_kl_both_check, [Family("kl-small-eps-large", _strict_kl_both_instances,
                                       "P=(1-u,u), Q=(1-u/r,u/r), r a power of 2, u halved until both KL <= a")],
        expected=CHECKED,
        open_search=False, relations=(does_not_imply("kl_dp", "pure_dp", conditions=("pair-level",)),)),
     reading_of("prop1-reverse-finiteness-finite-spaces",
        "On a finite set there is a pair with D(P‖Q) <= a and D(Q‖P) <= a (both finite) that is not "
        "(ε,0)-close for any finite ε",
        prove=_prove_finiteness_fails_on_finite_spaces, expected=REFUTED, form=_FINITENESS_FORM,
        notes="Refuted for every finite set by a per-point certificate (no kind of point has both KL terms "
              "finite and an infinite log-ratio; the library's measures agree on all support patterns of 1-4 "
              "points).  The paper works on general measurable spaces, where an unbounded density ratio gives both "
              "KL finite and ε = oo, so this is a finite-space caveat, not an error of the paper; the quantitative "
              "non-implication holds (prop1-reverse-unbounded).  Re-checked by exactpriv verify (no witness file: "
              "an existential statement is refuted by a certificate, not by an instance).",
        quantifier="exists", finding=Finding.VARIANT,
        why="restricted to finite sets (exactpriv's scope, not the paper's): both KL finite force equal supports, hence a finite ε; on an infinite space the paper's claim holds (unbounded density ratio, finite KLs)")],
)

CLAIMS = [PROP12_STRICT]
