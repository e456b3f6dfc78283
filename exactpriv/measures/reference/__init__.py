"""The reference evaluator: a deliberately simple, slow, independent value of every registered notion.

Why it exists (issue 9; HELPERS.md non-negotiable 3): every number that decides a verdict needs two
independent computations.  The fast measures (:mod:`exactpriv.measures`) use value codes, float
filters with proved margins, tensor marginalisation, symmetry classes and closed forms; this package
uses none of them.  Each function here is the notion's definition written out with ``Fraction`` s,
exact log-forms (:mod:`exactpriv.exact.logforms`) and the exact/certified comparisons of
:mod:`exactpriv.exact.kernel`, in plain loops over pairs, outputs, configurations and beliefs.  It
imports nothing from the fast measure modules.

Where a definition is an optimisation the reference either computes a certified enclosure
(capacity, MI-DP: Blahut–Arimoto prior + Gallager's sandwich; D_B membership: [lower, upper]) or uses
a different exact reduction than the fast path (semantic privacy: direct calculus on two-point
beliefs instead of the cross-ratio formula).  Each module's docstring says which.  The values are
:class:`Reference` objects — ``exact`` or ``enclosure`` — and :func:`agree` compares one with a fast
:class:`~exactpriv.measures.result.Measured`: exact equality where both are exact, containment or
overlap of certified enclosures otherwise.

Main definitions: :data:`REFERENCE` (registry name -> reference function), :func:`reference`,
:func:`agree`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision, Enclosure, Truth
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.kernel import compare
from exactpriv.measures.reference import (
    bayesian,
    capacity,
    divergence,
    information,
    membership,
    profiles,
    semantic,
    sibson,
    tradeoff,
    udp,
    zcdp,
)
from exactpriv.measures.reference._common import Reference
from exactpriv.exact.numbers import OO

__all__ = ["REFERENCE", "Reference", "agree", "reference"]

#: The registered notions (names of :data:`exactpriv.measures.REGISTRY`) and their references.
REFERENCE = {
    "pure_dp": divergence.pure_dp,
    "approx_dp": divergence.approx_dp,
    "tv_dp": divergence.tv_dp,
    "kl_dp": divergence.kl_dp,
    "renyi_dp": divergence.renyi_dp,
    "free_lunch": divergence.free_lunch,
    "mi_dp": capacity.mi_dp,
    "capacity": capacity.capacity,
    "mi_privacy": information.mi_privacy,
    "conditional_mi": information.conditional_mi,
    "sibson_mi": sibson.sibson_mi,
    "adversarial_privacy": information.adversarial_privacy,
    "identifiability": bayesian.identifiability,
    "bayesian_dp": bayesian.bayesian_dp,
    "identity_dp": bayesian.identity_dp,
    "semantic_privacy": semantic.semantic_privacy,
    "bayesian_semantic_privacy": semantic.bayesian_semantic_privacy,
    "positive_membership": membership.positive_membership,
    "negative_membership": membership.negative_membership,
    "positive_udp": udp.positive_udp,
    "negative_udp": udp.negative_udp,
    "bounded_dp": udp.bounded_dp,
    "min_entropy_leakage": information.min_entropy_leakage,
    "privacy_loss_distribution": profiles.privacy_loss_distribution,
    "probabilistic_dp": profiles.probabilistic_dp,
    "f_dp": tradeoff.f_dp,
    "zcdp": zcdp.zcdp,
}


def reference(name: str, M, **params) -> Reference:
    """The reference value of the notion ``name`` (same parameters as the fast measure)."""
    try:
        fn = REFERENCE[name]
    except KeyError:
        raise InvalidArgument(f"unknown notion {name!r}; the reference knows {', '.join(REFERENCE)}") from None
    if name == "renyi_dp":
        return fn(M, params.pop("alpha"), **params)
    return fn(M, **params)


def _le(a, b) -> Decision:
    if b is None or a is None:  # an unbounded side
        return Decision.true("infinity", "unbounded side")
    if b == OO:
        return Decision.true("infinity", f"{a} <= oo")
    if a == OO:
        return Decision.false("infinity", f"oo <= {b} is false")
    return compare(a, "<=", b)


def _log_rational(v):
    """(c, R) when v is the sympy number c·log(R) with rational c and R > 0, else None."""
    if not isinstance(v, sympy.Basic):
        return None
    c, rest = v.as_coeff_Mul()
    if isinstance(rest, sympy.log) and rest.args[0].is_Rational and c.is_Rational:
        R = rest.args[0]
        return Fraction(int(c.p), int(c.q)), Fraction(int(R.p), int(R.q))
    return None


def _power(R: Fraction, e: int) -> Fraction:
    return R ** e


def _equal_log_rational(a, b) -> Decision:
    """Exact test of c1·log R1 == value without factoring R1 (the other side a LogForm or c2·log R2)."""
    (c1, R1) = _log_rational(a)
    pb = _log_rational(b)
    if pb is not None:
        c2, R2 = pb
        d = math.lcm(c1.denominator, c2.denominator)
        e1, e2 = int(c1 * d), int(c2 * d)  # c1 log R1 = c2 log R2  <=>  R1^e1 = R2^e2
        ok = _power(R1, e1) == _power(R2, e2)
    elif isinstance(b, LogForm):
        # c1 log R1 = Σ c_p log p  <=>  q0 = 0 and R1 = Π p^(c_p/c1) with integer exponents
        ok = b.q0 == 0 and c1 != 0 and all((cp / c1).denominator == 1 for cp in b.coefficients.values())
        if ok:
            prod = Fraction(1)
            for pr, cp in b.coefficients.items():
                prod *= Fraction(pr) ** int(cp / c1)
            ok = prod == R1
        elif c1 == 0 or R1 == 1:
            ok = b.is_zero
    else:
        return compare(a, "==", b)
    return Decision(Truth.TRUE if ok else Truth.FALSE, "rational", f"{a} == {b} by exact powers")


def _equal(a, b) -> Decision:
    if a == OO or b == OO:
        return Decision.true("infinity", "both oo") if a == b else Decision.false("infinity", f"{a} != {b}")
    if _log_rational(a) is not None:
        return _equal_log_rational(a, b)
    if _log_rational(b) is not None:
        return _equal_log_rational(b, a)
    return compare(a, "==", b)


def _all(decisions, what) -> Decision:
    for d in decisions:
        if not d.is_true:
            return d
    return Decision.true("reference", what)


def agree(fast, ref: Reference, *, gammas=(), max_breakpoints: int = 16) -> Decision:
    """Do the fast value ``fast`` (a Measured) and the reference ``ref`` agree?

    Both exact: exact equality.  One side an enclosure: the exact value lies in it.  Both
    enclosures: they overlap.  For ``approx_dp`` the profiles are compared at every breakpoint of
    the reference (an even sample of ``max_breakpoints`` of them when there are more), at 1,
    between breakpoints, beyond the last, and at the extra ``gammas`` (rational or closed
    irrational e^ε)."""
    if isinstance(ref.exact, divergence.HockeyProfile):
        bps = ref.exact.breakpoints()
        if len(bps) > max_breakpoints:  # wide mechanisms: an even sample, always with both ends
            step = (len(bps) - 1) / (max_breakpoints - 1)
            bps = sorted({bps[round(k * step)] for k in range(max_breakpoints)})
        pts = {1, *bps, *(a + (b - a) / 3 for a, b in zip(bps, bps[1:])), (bps[-1] + 1 if bps else 2), *gammas}
        ds = []
        for g in sorted(pts, key=lambda v: float(v)):
            irrational = isinstance(g, sympy.Basic) and not g.is_Rational
            fd = fast.value.delta(eps=sympy.log(g)) if irrational else fast.value.delta(exp_eps=g)
            ds.append(_equal(fd, ref.exact.delta(g)))
        return _all(ds, "profiles agree at every breakpoint and between them")
    if isinstance(ref.exact, profiles.LossProfile):
        return _agree_profile(fast, ref.exact, gammas, max_breakpoints)
    if isinstance(ref.exact, tradeoff.PairCurves):
        return _agree_tradeoff(fast, ref.exact, max_breakpoints)
    if isinstance(ref.exact, semantic.SupSD):
        return _agree_sup_sd(fast, ref.exact)
    if ref.is_exact:
        if fast.value is not None:
            return _equal(fast.value, ref.exact)
        return _all([_le(fast.lower, ref.exact), _le(ref.exact, fast.upper)], "reference value inside the fast enclosure")
    enc: Enclosure = ref.enclosure
    if fast.value is not None:
        return _all([_le(enc.lower, fast.value), _le(fast.value, enc.upper)], "fast value inside the reference enclosure")
    return _all([_le(fast.lower, enc.upper), _le(enc.lower, fast.upper)], "the enclosures overlap")


def _sample(bps, k):
    if len(bps) <= k:
        return list(bps)
    step = (len(bps) - 1) / (k - 1)
    return sorted({bps[round(j * step)] for j in range(k)})


def _gammas(bps, gammas, k):
    bps = _sample(bps, k)
    pts = {Fraction(1), *bps, *(a + (b - a) / 3 for a, b in zip(bps, bps[1:])), (bps[-1] + 1 if bps else Fraction(2))}
    return sorted(pts) + list(gammas)


def _agree_profile(fast, prof, gammas, k) -> Decision:
    """PLD (delta and tail) or probabilistic-DP profiles, at breakpoints, between them and at ``gammas``."""
    val = fast.value
    ds = []
    for g in _gammas(prof.breakpoints(), gammas, k):
        irrational = isinstance(g, sympy.Basic) and not g.is_Rational
        at = dict(eps=sympy.log(g)) if irrational else dict(exp_eps=g)
        if val == 0 and not prof.pairs:  # vacuous (no neighbour pairs)
            ds.append(_equal(Fraction(0), prof.delta(g)))
            continue
        ds.append(_equal(val.delta(**at), prof.delta(g)))
        if prof.kind == "pld":
            ds.append(_equal(val.tail(**at), prof.tail(g)))
    return _all(ds, "profiles agree at every sampled breakpoint and between them")


def _agree_tradeoff(fast, curves, k) -> Decision:
    """A fast trade-off function is the greatest convex minorant of f_M (see reference.tradeoff)."""
    f = fast.value
    V = [(Fraction(a), Fraction(b)) for a, b in f.vertices]
    slopes = [(b2 - b1) / (a2 - a1) for (a1, b1), (a2, b2) in zip(V, V[1:])]
    if any(s2 < s1 for s1, s2 in zip(slopes, slopes[1:])):
        return Decision.false("rational", "the fast trade-off function is not convex")
    for a, b in V:
        if curves.f_M(a) != b:
            return Decision.false("rational", f"vertex ({a}, {b}) is not on f_M (f_M = {curves.f_M(a)})")
    for a in curves.breakpoints():
        if f(a) > curves.f_M(a):
            return Decision.false("rational", f"f({a}) = {f(a)} exceeds f_M = {curves.f_M(a)}")
    for g in _gammas([Fraction(1) + Fraction(j, 3) for j in range(4)], (), k):
        if f.delta(exp_eps=g) != curves.delta(g):
            return Decision.false("rational", f"delta at e^eps = {g}: {f.delta(exp_eps=g)} vs {curves.delta(g)}")
    return Decision.true("rational", "convex, below f_M at every breakpoint, vertices on f_M, same (eps, delta)")


def _agree_sup_sd(fast, ref) -> Decision:
    """fast value v = H(σ_ref)?  H is strictly increasing with inverse σ = ((1 + v)/(1 − v))², so
    compare σ: the fast value is mapped back exactly in Q(√k) (no factoring), then compared as a
    rational."""
    v = fast.value
    if v is None:
        return Decision.undecided("reference", "the fast semantic value is not exact")
    if v == 1 or v == Fraction(1):
        return Decision.true("infinity", "H(oo) = 1") if ref.sigma == OO else \
            Decision.false("infinity", f"fast 1 vs H({ref.sigma})")
    if ref.sigma == OO:
        return Decision.false("infinity", f"fast {v} vs reference 1")
    e = sympy.sympify(v.to_sympy() if hasattr(v, "to_sympy") else v)
    sig = sympy.radsimp(sympy.expand(((1 + e) / (1 - e)) ** 2))
    if not sig.is_Rational:
        return Decision.false("algebraic", f"fast {v} maps to σ = {sig}, not rational (reference σ = {ref.sigma})")
    ok = Fraction(int(sig.p), int(sig.q)) == ref.sigma
    return Decision(Truth.TRUE if ok else Truth.FALSE, "rational", f"σ of fast {v} = {sig} vs reference {ref.sigma}")
