"""TODO sec2_strictness"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.measures.divergence import kl, tv

from theorems.cuff2016.closeness import _OO, _pair_eps
from theorems.cuff2016.decisions import _combine
from theorems.cuff2016.families import _pair

__all__ = ["CLAIMS"]



# ======================================================================================
# strictness of Properties 1 and 2
# ======================================================================================
_SMALL = tuple(Fraction(1, 2 ** k) for k in (1, 2, 4, 8, 16, 32))


@functools.lru_cache(maxsize=None)
def _strict_tv_instances():
    out = []
    for u in _SMALL:
        out.append(_pair(f"P=(1-u,u,0), Q=(1-u,0,u), u={u}", (1 - u, u, Fraction(0)), (1 - u, Fraction(0), u), u=u))
    return tuple(out)


def _strict_tv_check(inst: Instance) -> Outcome:
    """TV = u (arbitrarily small) but D(P‖Q) = D(Q‖P) = oo: no KL bound, finite or not."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(tv(P, Q), "<=", u),
             Decision.true("exact", "D(P||Q) = oo") if kl(P, Q) is _OO else Decision.false("exact", "D(P||Q) finite"),
             Decision.true("exact", "D(Q||P) = oo") if kl(Q, P) is _OO else Decision.false("exact", "D(Q||P) finite")]
    return Outcome(_combine(parts, "small TV, infinite KL"))


@functools.lru_cache(maxsize=None)
def _strict_kl_one_instances():
    return tuple(_pair(f"P=(1,0), Q=(1-u,u), u={u}", (Fraction(1), Fraction(0)), (1 - u, u), u=u) for u in _SMALL)


def _strict_kl_one_check(inst: Instance) -> Outcome:
    """D(P‖Q) = −ln(1−u) <= 2u (small) but ε = oo (Q(1) > 0 = P(1))."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(kl(P, Q), "<=", 2 * u),
             Decision.true("exact", "eps = oo") if _pair_eps(P, Q) is _OO else Decision.false("exact", "eps finite")]
    return Outcome(_combine(parts, "small one-sided KL, infinite eps"), {"D(P||Q)": kl(P, Q)})


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
            out.append(_pair(f"both KL <= {a}, eps > {E}: u={u}, ratio={r}", P, Q, a=a, E=Fraction(E)))
    return tuple(out)


def _strict_kl_both_check(inst: Instance) -> Outcome:
    P, Q, a, E = (inst.params[k] for k in ("P", "Q", "a", "E"))
    parts = [compare(kl(P, Q), "<=", a), compare(kl(Q, P), "<=", a), compare(_pair_eps(P, Q), ">", E)]
    return Outcome(_combine(parts, "both KL small, eps large"), {"eps": _pair_eps(P, Q)})


def _prove_finiteness_fails_on_finite_spaces() -> Decision:
    """Refute: "exists P, Q on a finite set with D(P‖Q), D(Q‖P) finite and ε = oo".

    Reduction: finiteness of D(P‖Q), D(Q‖P) and of ε depends only on the support pattern
    (sign of P(y), sign of Q(y)) of each point y: D(P‖Q) < oo iff no y has (+, 0); D(Q‖P) < oo
    iff no y has (0, +); ε < oo iff no y has (+, 0) or (0, +).  So "both KL finite" and
    "ε = oo" are incompatible for every finite set.  We verify the three equivalences with the
    library's measures on pmfs realising every support pattern on 2 and 3 points."""
    F = Fraction
    checked = 0
    for k in (2, 3):
        pats = list(itertools.product([(1, 1), (1, 0), (0, 1), (0, 0)], repeat=k))
        for pat in pats:
            sp, sq = sum(a for a, _ in pat), sum(b for _, b in pat)
            if sp == 0 or sq == 0:
                continue
            P = tuple(F(a, sp) for a, _ in pat)
            Q = tuple(F(b, sq) for _, b in pat)
            fin_pq = kl(P, Q) is not _OO
            fin_qp = kl(Q, P) is not _OO
            fin_eps = _pair_eps(P, Q) is not _OO
            if fin_pq != all(not (a and not b) for a, b in pat) or fin_qp != all(not (b and not a) for a, b in pat) \
                    or fin_eps != (fin_pq and fin_qp):
                return Decision.undecided("support patterns", f"pattern {pat} does not follow the reduction")
            if fin_pq and fin_qp and not fin_eps:  # pragma: no cover - would be a witness
                return Decision.true("support patterns", f"pattern {pat} is a witness")
            checked += 1
    return Decision.false("support patterns",
                          "on a finite set, D(P||Q) < oo and D(Q||P) < oo imply equal supports, hence eps < oo: "
                          f"the equivalences were verified on all {checked} support patterns on 2 and 3 points",
                          certificate={"patterns_checked": checked})

def _R(name, statement, check=None, families=(), *, expected, prove=None, notes="", **kw):
    return Reading(name, statement, check=check, families=tuple(families), prove=prove, expected=expected,
                   notes=notes, **kw)


_C, _P, _U, _X = Verdict.CHECKED, Verdict.PROVED, Verdict.UNDECIDED, Verdict.REFUTED


PROP12_STRICT = Claim(
    "cuff2016.prop12_strict", "Claim: Properties 1 and 2 are strict", "§2.2, paragraph after (12)",
    "Property 1 and Property 2 are strict in the sense that the reverse implications are not true in any form "
    "(i.e. closeness bounds on the right, no matter how small the parameters, do not even imply finiteness of "
    "the parameters on the left).",
    "non-implication",
    [_R("prop2-reverse", "TV = u arbitrarily small with D(P‖Q) = D(Q‖P) = oo (u = 1/2, ..., 1/2^32)",
        _strict_tv_check, [Family("tv-small-kl-infinite", _strict_tv_instances, "P=(1-u,u,0), Q=(1-u,0,u)")],
        expected=_C),
     _R("prop1-reverse-one-sided", "D(P‖Q) <= 2u arbitrarily small with ε = oo (P = (1,0), Q = (1−u,u))",
        _strict_kl_one_check, [Family("kl-small-eps-infinite", _strict_kl_one_instances, "u = 1/2, ..., 1/2^32")],
        expected=_C),
     _R("prop1-reverse-unbounded", "For a in {1/2, 1/8, 1/64, 1/1024} and E in {1, 5, 20}: a pair with "
                                   "D(P‖Q), D(Q‖P) <= a and ε > E (small two-sided KL gives no bound on ε)",
        _strict_kl_both_check, [Family("kl-small-eps-large", _strict_kl_both_instances,
                                       "P=(1-u,u), Q=(1-u/r,u/r), r a power of 2, u halved until both KL <= a")],
        expected=_C),
     _R("prop1-reverse-finiteness-finite-spaces",
        "On a finite set there is a pair with D(P‖Q) <= a and D(Q‖P) <= a (both finite) that is not "
        "(ε,0)-close for any finite ε",
        prove=_prove_finiteness_fails_on_finite_spaces, expected=_X,
        notes="REFUTED on finite spaces: both KL finite => equal supports => finite ε (refuted by the support-"
              "pattern reduction, no instance needed).  The paper works on general measurable spaces, where "
              "an unbounded density ratio gives both KL finite and ε = oo, so the parenthetical is a "
              "finite-space caveat, not an error of the paper; the quantitative non-implication holds "
              "(prop1-reverse-unbounded).")],
)

CLAIMS = [PROP12_STRICT]
