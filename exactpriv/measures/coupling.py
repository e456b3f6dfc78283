"""Lemma 4.9 of Li et al. (Li et al.): couplings of bounded mutually independent (BMI) laws,
decided exactly as max-flow feasibility; and the exact sup of membership privacy over D_B.

Objects (Li et al. Family 4.6, ``li2013.fam4_6``): entities of a finite universe U are included
independently, s with probability p_s; a BMI law of size k is that product law conditioned on
|T| = k.  For an entity t with 0 < Pr[t] < 1 Lemma 4.9 asks for a joint law of (T1, T2) with
|T1| = k, |T2| = k - 1, T2 ⊂ T1 ⊆ U, t ∉ T1, and marginals Pr(T1 | ¬t), Pr(T2 ∪ {t} | t).

Algorithm and why
-----------------
*Coupling existence* (:func:`find_coupling`) is the supply–demand problem of a bipartite
network: source → T1 (capacity Pr(T1|¬t)), T1 → T2 for T2 ⊂ T1 (no capacity attribute, i.e.
infinite in networkx), T2 → sink (capacity Pr(T2 ∪ {t}|t)); a coupling exists iff the maximum
flow equals the total mass 1.  Capacities are scaled by the common denominator L of all
masses, so every capacity is an exact Python int; networkx's max-flow routines
(``preflow_push``, the default) use Python arithmetic on these ints, and floats never enter
(networkx builds its internal "infinity" as 3 × the sum of finite capacities, an int here).
networkx is *not* trusted for the verdict: a TRUE carries the coupling (flow / L as Fractions)
re-checked exactly (marginals and support); a FALSE carries a Hall violator read off the
minimum cut — a set X of T1's with Pr(X|¬t) > Pr(N(X)) for its neighbourhood N(X) of T2's,
re-checked exactly, which rules out every coupling (all mass of X must land in N(X)).

*The sup over D_B* (:func:`bmi_membership`).  Write V = U ∖ {t}, q_s = p_s/(1 - p_s) and e_j
for the elementary symmetric polynomial of degree j in (q_s)_{s ∈ V}.  For interior p,
    Pr(T1 | ¬t) = q^{T1} / e_k(q),   Pr(T2 ∪ {t} | t) = q^{T2} / e_{k-1}(q),
so with a(T2) = P(y | T2 ∪ {t}), b(T1) = P(y | T1), A_y = Σ q^{T2} a(T2), B_y = Σ q^{T1} b(T1):
    Pr[y|t] / Pr[y|¬t] <= λ   for every interior q   ⟸   λ e_{k-1} B_y - e_k A_y
has only non-negative coefficients (as a polynomial in q).  :func:`bmi_ratio_certificate`
expands that polynomial exactly (integer coefficients after scaling) for every size k,
entity t and output y; when all coefficients are >= 0 it is a proof, for the *whole infinite*
family D_B, that the likelihood ratio never exceeds λ.  Laws with some p_s ∈ {0, 1} are
limits of interior laws with the conditioning events keeping positive probability, so the
bound passes to them (a ratio bounded along the sequence cannot jump to +oo in the limit).
The PMP level of (D, t) is Φ(p, A) = max(A/(pA + 1 - p), pA + 1 - p) <= max(1, A) (module doc
of :mod:`exactpriv.measures.membership`), and D^2_B ⊂ D_B approaches λ0 = e^{ε-BDP} (the max
single-output ratio over swap pairs); hence a certificate at λ0 gives the *exact* sup λ0.
NMP is the mirror image (certificate polynomial λ e_k A_y - e_{k-1} B_y).

Why the certificate always exists at λ0 (a proof of Lemma 4.9 and of Theorem 4.8's "only
if"; the code does not rely on it — it checks the coefficients).  The coefficient of a
monomial m (a multiset of size 2k - 1 over V) in e_{k-1} B_y is Σ b(T1) over decompositions
m = T2' ⊎ T1 (|T2'| = k-1), and in e_k A_y it is Σ a(T2) over m = T1' ⊎ T2 (|T1'| = k).
Write m = D ⊎ D ⊎ S (D the doubled elements, S the simple ones, |S| = 2(k - |D|) - 1).  A
decomposition is fixed by which simple elements go to the size-k part: X ⊆ S with |X| =
k - |D|.  Join X (a pair (T1', T2)) to Y (a pair (T2', T1)) iff Y = (S ∖ X) ∪ {s} for some
s ∈ X; then T1 = T2 ∪ {s} with s ∉ T2, so T2 ∪ {t} and T1 are BDP neighbours.  Every X has
|X| neighbours and every Y has |Y| (X = (S ∖ Y) ∪ {s}, s ∈ Y), all equal to k - |D| >= 1: a
regular bipartite graph, which has a perfect matching (König).  Matching the terms gives
coefficient = Σ_matched (λ0 b(T1) - a(T2)) >= 0.  The same matching, weighted by
q^{T1'} q^{T2} / (e_k e_{k-1}) (which depends on m only), is a coupling with the marginals of
Lemma 4.9 supported on T2 ⊂ T1 — so Lemma 4.9 holds for every BMI law (boundary p by fixing
entities with p_s = 1 in both T1, T2 and dropping those with p_s = 0).  The tests check the
regular-graph matchings with networkx and the lemma by max flow on random BMI laws.

Timings: n <= 6 entities, every k and t, take milliseconds (C(5,3) x C(5,2) flow edges).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

from exactpriv.errors import InvalidArgument, SpaceMismatchError, SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.arguments import check_mechanism
from exactpriv.measures.result import Measured, at_most
from exactpriv.spaces import Bounded, Subsets

__all__ = [
    "CouplingResult",
    "bmi_conditionals",
    "bmi_membership_certified",
    "bmi_pmf",
    "bmi_ratio_certificate",
    "find_coupling",
    "lemma4_9",
]

_SRC, _SNK = ("source",), ("sink",)


# ----------------------------------------------------------------------------- BMI laws
def _probabilities(universe, p) -> tuple[tuple, dict]:
    try:
        uni = tuple(universe)
    except TypeError:
        raise InvalidArgument(f"universe={universe!r} must be a sequence of entities") from None
    if len(set(uni)) != len(uni):
        raise InvalidArgument(f"universe={universe!r} has repeated entities")
    if isinstance(p, dict):
        if set(p) != set(uni):
            raise InvalidArgument(f"p={p!r} must give a probability for exactly the entities {list(uni)!r}")
        raw = [p[u] for u in uni]
    else:
        try:
            raw = list(p)
        except TypeError:
            raise InvalidArgument(f"p={p!r} must be a dict entity -> probability or a sequence") from None
        if len(raw) != len(uni):
            raise InvalidArgument(f"p={p!r} has {len(raw)} entries for {len(uni)} entities")
    probs = {}
    for u, v in zip(uni, raw):
        q = as_rational(v, f"p[{u!r}]")
        if not 0 <= q <= 1:
            raise InvalidArgument(f"p[{u!r}]={q} must lie in [0, 1]")
        probs[u] = q
    return uni, probs


def _check_k(k, n):
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
        raise InvalidArgument(f"k={k!r} must be an int in [0, {n}]")


def bmi_pmf(universe, p, k: int) -> dict:
    """The BMI law of size k (Li et al. Family 4.6): the product law (entity s present w.p.
    p_s, independently) conditioned on |T| = k.  Returns {frozenset T: Pr[T]} over the
    datasets of positive probability.  ``p``: dict entity -> probability, or a sequence aligned
    with ``universe``; exact rationals in [0, 1].  Raises SupportError if Pr[|T| = k] = 0.
    """
    uni, probs = _probabilities(universe, p)
    _check_k(k, len(uni))
    # p_u = a_u / d_u: the product weight of T is Π_{u ∈ T} a_u Π_{u ∉ T} (d_u - a_u) / Π d_u; the
    # common factor Π d_u cancels in the conditioning, so integer weights suffice.
    inn = {u: probs[u].numerator for u in uni}
    out = {u: probs[u].denominator - probs[u].numerator for u in uni}
    weights = {}
    for T in itertools.combinations(uni, k):
        s = frozenset(T)
        w = 1
        for u in uni:
            w *= inn[u] if u in s else out[u]
            if w == 0:
                break
        if w:
            weights[s] = w
    total = sum(weights.values())
    if total == 0:
        raise SupportError(f"Pr[|T| = {k}] = 0 under p={[str(probs[u]) for u in uni]}: the BMI law is undefined")
    return {T: Fraction(w, total) for T, w in weights.items()}


def bmi_conditionals(universe, p, k: int, t) -> tuple[dict, dict, Fraction]:
    """(Pr(T1 | ¬t) over T1 ∌ t, Pr(T2 ∪ {t} | t) keyed by T2 = T ∖ {t}, Pr[t]) for the BMI law
    of size k — the two marginals of Lemma 4.9.  Raises SupportError unless 0 < Pr[t] < 1."""
    D = bmi_pmf(universe, p, k)
    if t not in set(universe):
        raise InvalidArgument(f"t={t!r} is not an entity of {list(universe)!r}")
    pt = sum((w for T, w in D.items() if t in T), Fraction(0))
    if not 0 < pt < 1:
        raise SupportError(f"Pr[{t!r}] = {pt} under the BMI law: Lemma 4.9 needs 0 < Pr[t] < 1")
    P1 = {T: w / (1 - pt) for T, w in D.items() if t not in T}
    P2 = {T - {t}: w / pt for T, w in D.items() if t in T}
    return P1, P2, pt


# ----------------------------------------------------------------------------- couplings
@dataclass(frozen=True)
class CouplingResult:
    """Outcome of :func:`find_coupling`.

    decision : TRUE (coupling exists; ``joint`` holds it), FALSE (``violator`` holds a Hall
        set), UNDECIDED only if networkx returned something that failed the exact re-check.
    joint : {(a, b): Fraction} with marginals P1, P2 and related(a, b) on its support, or None
    violator : {"set": [a...], "neighbours": [b...], "mass": P1(X), "neighbour_mass": P2(N(X))}
    flow_value, total : max flow and total mass, as exact integers in units of 1/scale
    """

    decision: Decision
    joint: dict | None = None
    violator: dict | None = None
    flow_value: int = 0
    total: int = 0
    scale: int = 1
    extra: dict = field(default_factory=dict)


def _pmf_dict(P, name):
    if not isinstance(P, dict) or not P:
        raise InvalidArgument(f"{name}={P!r} must be a non-empty dict outcome -> probability")
    out = {}
    for key, v in P.items():
        q = as_rational(v, f"{name}[{key!r}]")
        if q < 0:
            raise InvalidArgument(f"{name}[{key!r}]={q} is negative")
        if q:
            out[key] = q
    s = sum(out.values(), Fraction(0))
    if s != 1:
        raise InvalidArgument(f"{name} sums to {s}, not 1")
    return out


def _proper_subset(a, b) -> bool:
    return b < a


def find_coupling(P1: dict, P2: dict, *, related=None) -> CouplingResult:
    """Decide exactly whether a joint law of (A, B) exists with marginals ``P1`` (of A) and
    ``P2`` (of B) supported on pairs with ``related(a, b)`` (default: b ⊂ a, proper subset —
    Lemma 4.9's T2 ⊂ T1), as max-flow feasibility (module docstring).

    Masses are exact rationals summing to 1.  Returns a :class:`CouplingResult` whose decision
    is certified independently of networkx (coupling or Hall violator re-checked exactly).
    """
    A, B = _pmf_dict(P1, "P1"), _pmf_dict(P2, "P2")
    rel = _proper_subset if related is None else related
    if not callable(rel):
        raise InvalidArgument(f"related={related!r} must be a callable (a, b) -> bool")
    a_keys, b_keys = list(A), list(B)
    L = math.lcm(*(v.denominator for v in itertools.chain(A.values(), B.values())))
    G = nx.DiGraph()
    G.add_node(_SRC)
    G.add_node(_SNK)
    adj = {}
    for i, a in enumerate(a_keys):
        G.add_edge(_SRC, ("A", i), capacity=int(A[a] * L))
        adj[i] = [j for j, b in enumerate(b_keys) if rel(a, b)]
        for j in adj[i]:
            G.add_edge(("A", i), ("B", j))  # no capacity attribute: infinite (networkx convention)
    for j, b in enumerate(b_keys):
        G.add_edge(("B", j), _SNK, capacity=int(B[b] * L))
    value, flow = nx.maximum_flow(G, _SRC, _SNK)
    if value == L:
        joint = {}
        for i, a in enumerate(a_keys):
            for j in adj[i]:
                f = flow[("A", i)].get(("B", j), 0)
                if f:
                    joint[(a, b_keys[j])] = Fraction(int(f), L)
        ok = all(rel(a, b) and w > 0 for (a, b), w in joint.items())
        rows, cols = {}, {}
        for (a, b), w in joint.items():
            rows[a] = rows.get(a, Fraction(0)) + w
            cols[b] = cols.get(b, Fraction(0)) + w
        ok = ok and rows == A and cols == B
        if not ok:
            return CouplingResult(Decision.undecided("max-flow", "networkx's flow failed the exact re-check"),
                                  flow_value=int(value), total=L, scale=L)
        return CouplingResult(
            Decision.true("max-flow + exact re-check",
                          f"coupling with {len(joint)} support pairs; marginals and support verified exactly",
                          certificate={"support_pairs": len(joint)}),
            joint=joint, flow_value=int(value), total=L, scale=L)
    _cut, (side_s, _side_t) = nx.minimum_cut(G, _SRC, _SNK)
    X = [i for i in range(len(a_keys)) if ("A", i) in side_s]
    NX = sorted({j for i in X for j in adj[i]})
    mass = sum((A[a_keys[i]] for i in X), Fraction(0))
    nmass = sum((B[b_keys[j]] for j in NX), Fraction(0))
    if mass > nmass:
        viol = {"set": [a_keys[i] for i in X], "neighbours": [b_keys[j] for j in NX], "mass": mass,
                "neighbour_mass": nmass}
        return CouplingResult(
            Decision.false("max-flow min cut + exact Hall check",
                           f"Hall violation: P1(X) = {mass} > P2(N(X)) = {nmass} for |X| = {len(X)}",
                           certificate={"mass": str(mass), "neighbour_mass": str(nmass)}),
            violator=viol, flow_value=int(value), total=L, scale=L)
    return CouplingResult(Decision.undecided("max-flow", "networkx's minimum cut is not a Hall violator"),
                          flow_value=int(value), total=L, scale=L)


def lemma4_9(universe, p, k: int, t) -> CouplingResult:
    """Lemma 4.9 (Li et al.) on one BMI law: is there a joint law of (T1, T2), |T1| = k,
    |T2| = k - 1, T2 ⊂ T1, t ∉ T1, with marginals Pr(T1 | ¬t) and Pr(T2 ∪ {t} | t)?"""
    P1, P2, _pt = bmi_conditionals(universe, p, k, t)
    return find_coupling(P1, P2)


# ----------------------------------------------------------------------------- sup over D_B
def _mechanism(M, what):
    M = check_mechanism(M, what, rational=True)
    if not isinstance(M.inputs, (Subsets, Bounded)):
        raise SpaceMismatchError(f"{what} needs a mechanism on Subsets(U) or Bounded(U, k), got {M.inputs!r}")
    return M


def _scaled_rows(M):
    """Integer rows R[x] (lists) and a common denominator Dn: P(y|x) = R[x][y] / Dn."""
    num, den = M.integer_rows()
    dens = [int(d) for d in den.tolist()]
    Dn = math.lcm(*dens)
    return [[int(v) * (Dn // d) for v in row] for row, d in zip(num.tolist(), dens)], Dn


def _poly(terms_left, terms_right, m, n_out):
    """Σ_{J, T} e-term x weight: dict exponent-tuple -> list of ints (per output)."""
    poly = {}
    for J in terms_left:
        for T, w in terms_right:
            e = [0] * m
            for i in J:
                e[i] += 1
            for i in T:
                e[i] += 1
            key = tuple(e)
            acc = poly.get(key)
            if acc is None:
                poly[key] = list(w)
            else:
                for y in range(n_out):
                    acc[y] += w[y]
    return poly


def bmi_ratio_certificate(M, level, *, negative: bool = False) -> Decision:
    """Decide by a coefficient certificate that, for every BMI law D (Li et al. Family 4.6) on
    the sizes the mechanism's space contains, every entity t with 0 < Pr[t] < 1 and every
    output y,  Pr[y|t] / Pr[y|¬t] <= ``level``  (``negative=True``: Pr[y|¬t] / Pr[y|t] <= level).

    Method (module docstring): the polynomial λ e_{k-1}(q) B_y(q) - e_k(q) A_y(q) (negative:
    λ e_k A_y - e_{k-1} B_y) in the odds q_s = p_s/(1-p_s), s ≠ t, is expanded exactly; if all
    coefficients are >= 0 the bound holds on all of D_B (TRUE, a proof).  Otherwise UNDECIDED
    (non-negative coefficients are sufficient, not necessary) with the first negative
    coefficient.  ``level`` is an exact rational (or ``sympy.oo``: trivially TRUE).
    """
    M = _mechanism(M, "bmi_ratio_certificate")
    if level == OO:
        return Decision.true("trivial", "level = +oo")
    lam = as_rational(level, "level")
    if lam < 0:
        raise InvalidArgument(f"level={level!r} must be >= 0")
    space = M.inputs
    uni = space.universe
    rows, Dn = _scaled_rows(M)
    n_out = len(M.outputs)
    a_num, a_den = lam.numerator, lam.denominator
    sizes = [space.k] if isinstance(space, Bounded) else list(range(len(uni) + 1))
    checked = 0
    for k in sizes:
        if not 1 <= k <= len(uni) - 1:
            continue  # every entity is certain given |T| = k
        for t in uni:
            others = [u for u in uni if u != t]
            m = len(others)
            T1s = list(itertools.combinations(range(m), k))
            T2s = list(itertools.combinations(range(m), k - 1))
            b_terms = [(T, rows[space.index(frozenset(others[i] for i in T))]) for T in T1s]
            a_terms = [(T, rows[space.index(frozenset(others[i] for i in T) | {t})]) for T in T2s]
            if negative:
                pos, neg = _poly(T1s, a_terms, m, n_out), _poly(T2s, b_terms, m, n_out)
            else:
                pos, neg = _poly(T2s, b_terms, m, n_out), _poly(T1s, a_terms, m, n_out)
            for key in set(pos) | set(neg):
                p_ = pos.get(key, [0] * n_out)
                q_ = neg.get(key, [0] * n_out)
                for y in range(n_out):
                    c = a_num * p_[y] - a_den * q_[y]
                    if c < 0:
                        mono = {others[i]: e for i, e in enumerate(key) if e}
                        return Decision.undecided(
                            "coefficient certificate",
                            f"coefficient of q^{mono} is negative ({Fraction(c, a_den * Dn)}) for size k={k}, "
                            f"entity t={t!r}, output y={M.outputs[y]!r}: no certificate at level {lam}",
                            certificate={"k": k, "entity": t, "output": M.outputs[y], "monomial": mono})
                checked += n_out
    return Decision.true("coefficient certificate",
                         f"all coefficients of level·e_(k-1)·B_y - e_k·A_y are >= 0 "
                         f"({checked} monomial-output pairs checked exactly)",
                         certificate={"level": str(lam), "coefficients_checked": checked})


def _swap_lower(M):
    from exactpriv.measures.udp import bounded_dp

    m = bounded_dp(M)
    return m, m.witness.get("ratio")


def bmi_membership_certified(M, *, negative: bool = False, form: str = "gamma") -> Measured | None:
    """Tightest γ of (D_B, γ)-PMP (``negative=True``: NMP) over all BMI laws (Li et al.
    Family 4.6), exact when the coefficient certificate holds.

    γ* >= λ0 = max over swap pairs (F ∪ {t}, F ∪ {s}) and outputs y of P(y|F∪t)/P(y|F∪s)
    (the D^2_B members, Family 4.7, approach it as Pr[t] -> 0); :func:`bmi_ratio_certificate`
    at λ0 proves γ* <= λ0 (module docstring).  Then the value is λ0, exact (not attained
    unless λ0 ∈ {1, +oo}).  Without a certificate the result is None (the public
    :func:`exactpriv.measures.membership.bmi_membership` then falls back to the enclosure).
    ``form="eps"`` reports ln γ.
    """
    M = _mechanism(M, "bmi_membership_certified")
    if form not in ("gamma", "eps"):
        raise InvalidArgument(f"form={form!r} must be 'gamma' or 'eps'")
    name = "bmi_negative_membership" if negative else "bmi_positive_membership"
    low, lam0 = _swap_lower(M)
    if lam0 is None:  # no swap pair with a defined ratio: every entity certain, level 1
        lam0 = Fraction(1)

    def fmt(g):
        return g if form == "gamma" or g == OO else LogForm.log(g)

    if lam0 == OO:
        return Measured(name, OO, witness=dict(low.witness, family="bounded", attained=True),
                        method="exact: support gap on a swap pair (D^2_B member has level +oo)")
    cert = bmi_ratio_certificate(M, lam0, negative=negative)
    if cert.is_true:
        wit = dict(low.witness, family="bounded", attained=lam0 == 1, certificate=cert.reason)
        return Measured(name, fmt(lam0), witness=wit,
                        method="exact: D^2_B lower bound + coefficient certificate over all of D_B",
                        note="sup over BMI laws = e^{ε-BDP}; see exactpriv.measures.coupling module docstring")
    return None
