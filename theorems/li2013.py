"""Li, Qardaji, Su, Wu, Yang — "Membership privacy" (CCS 2013), the fragment in seed 002.

Seed: ``shared/seeds/002_4dd28a520f8aff24.txt`` — a *fragment*: it starts inside §4.1 (the
Laplace counterexample), covers §4.2 (bounded DP, Families 4.6/4.7, Theorem 4.8, Lemma 4.9)
and §5.1 (D_N, k-Max, Proposition 5.3), and stops inside Definition 5.4.  The definitions of
PMP, NMP and UDP are *not* in the fragment: they are reconstructed in CLAIMS.md and every
claim built on them says so in its ``source``.

How the claims are checked
--------------------------
* Datasets are subsets of a small universe: mechanisms on ``Subsets(U)`` (add/remove
  neighbours) or ``Bounded(U, k)`` (swap neighbours), with exact rational rows (seeded random
  ones with zeros, and structured ones: k-Max, a count with truncated geometric noise, a
  "report a member" exponential mechanism).
* Measures: :mod:`exactpriv.measures.udp` (positive/negative UDP, BDP — directed max ratios),
  :mod:`exactpriv.measures.membership` (PMP/NMP sups over D_I, D^2_B, D_N exactly; D_B as an
  enclosure), :mod:`exactpriv.measures.coupling` (Lemma 4.9 as exact max-flow feasibility, and
  the exact sup over D_B by a coefficient certificate — see its module docstring).
* Definitional brute force, independent of those reductions: the least γ of PMP/NMP at an
  *explicit* distribution over datasets, over *every* output event S and entity t
  (:func:`membership_level_at`), and DP ratios over every event.
* Every comparison is exact (Fractions; LogForms through :func:`exactpriv.exact.kernel.compare`).

Findings (expected verdicts; details in each reading's ``notes``)
-----------------------------------------------------------------
* Proposition 5.3 depends on the output of k-Max on T = ∅, which the paper leaves undefined:
  with ∅ ↦ uniform on {c_1..c_k} ("empty-lowest") it holds and is tight for n > k; with
  ∅ ↦ uniform on all n values it fails from n = 5 on (k = 2: γ = 7/4 > 3/2; the level is
  (n+k)/(2k), unbounded in n); with ∅ ↦ a distinct output ⊥ it fails for every n > k (γ = +oo).
  The proof's "in any case s_j >= k" is false for outputs j < k (s_j = j); the posterior formula
  holds only if T = ∅ is ignored — and then the proposition itself fails (output c_1 reveals
  entity 1).
* "k-Max is not NMP for any γ" fails at n = k (k-Max ignores its input); true for n > k.
* Theorem 4.8: both directions hold on every instance; the "only if" needs the exact D_B sup,
  which the coefficient certificate of :mod:`exactpriv.measures.coupling` provides
  (unconditionally, per mechanism); with the measure's enclosure alone it is UNDECIDED on
  instances whose max/min bound is loose (reading "enclosure-only").
* Lemma 4.9 holds on every BMI law tried (max flow = 1 exactly); dropping mutual independence
  breaks it (tests).  The proof's prose swaps the sizes of T1, T2 ("T1 is sampled from all sets
  of size k − 1 ... T2 ... of size k"); the lemma's statement is the consistent one.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures import coupling as cp
from exactpriv.measures import membership as mb
from exactpriv.measures import udp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.membership import negative_membership, positive_membership
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Subsets

__all__ = ["CLAIMS", "equivalence_on_levels", "kmax_posterior", "membership_level_at"]

SEED = "seed 002_4dd28a520f8aff24.txt"
_OO = sympy.oo
_RECON = " (definition reconstructed in CLAIMS.md: not in the fragment)"


# ======================================================================================
# small exact helpers
# ======================================================================================
def _all(parts, what: str) -> Decision:
    """All TRUE -> TRUE; first FALSE -> FALSE; else UNDECIDED."""
    parts = list(parts)
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", certificate=d.certificate)
    und = [d for d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0].method, f"{what}: " + "; ".join(d.reason for d in und[:3]))
    return Decision.true(parts[0].method if parts else "vacuous", f"{what}: all {len(parts)} parts hold")


def _ok(cond: bool, method: str, reason: str, **cert) -> Decision:
    return (Decision.true if cond else Decision.false)(method, reason, certificate=cert)


def _int(v) -> int:
    """Instance parameters come back from JSON as Fractions: read an integer exactly."""
    f = Fraction(v)
    if f.denominator != 1:
        raise ValueError(f"{v!r} is not an integer")
    return int(f)


def _max(a, b):
    if a == _OO or b == _OO:
        return _OO
    return a if a >= b else b


def _ratio(m):
    """e^{level} of a udp.* Measured: Fraction (1 when vacuous) or oo."""
    return m.witness.get("ratio", Fraction(1))


def _events(n_out: int):
    return [S for r in range(1, n_out + 1) for S in itertools.combinations(range(n_out), r)]


def _int_rows(M: Mechanism):
    """Rows as integers over one common denominator (exact; avoids Fraction churn in the
    brute-force loops): P(y|x) = R[x][y] / Dn."""
    Dn = math.lcm(*(v.denominator for row in M.rows for v in row))
    return {T: [int(v * Dn) for v in row] for T, row in zip(M.inputs.points, M.rows)}, Dn


def _event_probs(M: Mechanism):
    """(events, {point: {event: Dn·Pr[A(point) ∈ event]}}) over all non-empty events, integers."""
    evs = _events(len(M.outputs))
    R, _Dn = _int_rows(M)
    return evs, {T: {S: sum(row[y] for y in S) for S in evs} for T, row in R.items()}


def membership_level_at(M: Mechanism, dist: dict, *, negative: bool = False):
    """Definitional brute force (``li2013.def_pmp`` / ``def_nmp``): the least γ such that the
    distribution ``dist`` ({dataset: probability}, datasets points of ``M.inputs``) satisfies
    PMP (``negative``: NMP) for every entity t with 0 < Pr[t] < 1 and *every* output event S
    with Pr[S] > 0:
        PMP: Pr[t|S] <= γ Pr[t] and Pr[¬t|S] >= Pr[¬t]/γ;  NMP: Pr[t|S] >= Pr[t]/γ and Pr[¬t|S] <= γ Pr[¬t].
    The least γ for (t, S) is max(Pr[t|S]/Pr[t], Pr[¬t]/Pr[¬t|S]) (PMP) or max(Pr[t]/Pr[t|S],
    Pr[¬t|S]/Pr[¬t]) (NMP).  Returns (γ as Fraction or oo, witness dict).  No reduction to single
    outputs is used.  Integer arithmetic: weights and rows over common denominators, candidate
    ratios compared by cross-multiplication, one Fraction at the end.
    """
    evs, PS = _event_probs(M)
    Dw = math.lcm(*(Fraction(w).denominator for w in dist.values()))
    W = {T: int(Fraction(w) * Dw) for T, w in dist.items() if w}
    Wtot = sum(W.values())
    best_n, best_d, wit = 1, 1, {}
    for t in M.inputs.universe:
        a = sum(w for T, w in W.items() if t in T)  # Pr[t] = a / Wtot
        if not 0 < a < Wtot:
            continue
        for S in evs:
            d = sum(w * PS[T][S] for T, w in W.items())
            if d == 0:
                continue
            c = sum(w * PS[T][S] for T, w in W.items() if t in T)  # Pr[t|S] = c / d
            if not negative:
                if c == d:
                    return _OO, {"entity": t, "event": [M.outputs[y] for y in S], "posterior": Fraction(1)}
                cands = ((c * Wtot, d * a), ((Wtot - a) * d, Wtot * (d - c)))
            else:
                if c == 0:
                    return _OO, {"entity": t, "event": [M.outputs[y] for y in S], "posterior": Fraction(0)}
                cands = ((a * d, Wtot * c), ((d - c) * Wtot, d * (Wtot - a)))
            for n_, d_ in cands:
                if n_ * best_d > best_n * d_:
                    best_n, best_d = n_, d_
                    wit = {"entity": t, "event": [M.outputs[y] for y in S], "prior": Fraction(a, Wtot),
                           "posterior": Fraction(c, d)}
    return Fraction(best_n, best_d), wit


def _uniform_dist(space) -> dict:
    w = Fraction(1, space.size)
    return {T: w for T in space.points}


def _product_dist(space, p: dict) -> dict:
    out = {}
    for T in space.points:
        w = Fraction(1)
        for u in space.universe:
            w *= p[u] if u in T else 1 - p[u]
        if w:
            out[T] = w
    return out


def _best_event_ratio(M: Mechanism, pairs):
    """max over (a, b) in pairs (points) and events S of Pr[S|a]/Pr[S|b] (Fraction/oo/None)."""
    evs, PS = _event_probs(M)
    best = None
    for a, b in pairs:
        for S in evs:
            x, y = PS[a][S], PS[b][S]
            if y == 0:
                if x > 0:
                    return _OO
                continue
            r = Fraction(x, y)  # both scaled by the same common denominator
            if best is None or r > best:
                best = r
    return best


def _levels(r):
    """A grid of exact levels λ around the threshold r (Fraction >= 1 or oo)."""
    base = {Fraction(1), Fraction(11, 10), Fraction(2), Fraction(3)}
    if r == _OO:
        return sorted(base | {Fraction(10**6)})
    return sorted(v for v in base | {r, r * Fraction(9, 10), r * Fraction(11, 10), (1 + r) / 2} if v >= 1)


def _log(lam: Fraction):
    return sympy.log(sympy.Rational(lam.numerator, lam.denominator))


def equivalence_on_levels(dp_measure, membership_measures, what: str):
    """Instance check of "ε-X ⟺ (D, e^ε)-Y": each measure is computed once; for every level λ of
    a grid around the threshold e^{X(M)} (the ``ratio`` of its witness), decide X(M) <= ln λ and
    Y(M) <= λ (all of ``membership_measures`` for a conjunction) exactly with ``at_most``, and
    require the same answer.  UNDECIDED when an enclosure straddles a level."""
    from exactpriv.measures.result import at_most

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        d = dp_measure(M)
        ms = [f(M) for f in membership_measures]
        r = d.witness.get("ratio", Fraction(1))
        r = r if r == _OO else max(r, Fraction(1))
        parts = []
        for lam in _levels(r):
            a = at_most(d, _log(lam))
            bs = [at_most(m, lam) for m in ms]
            if any(b.is_false for b in bs):
                b = next(b for b in bs if b.is_false)
            elif all(b.is_true for b in bs):
                b = bs[0]
            else:
                b = next(b for b in bs if b.is_undecided)
            if a.is_undecided or b.is_undecided:
                parts.append(Decision.undecided(b.method, f"λ = {lam}: {d.name} {a.truth.value}, "
                                                          f"membership {b.truth.value} ({b.reason})"))
            else:
                parts.append(_ok(a.truth == b.truth, "exact",
                                 f"λ = {lam}: {d.name} <= ln λ is {a.truth.value}, membership <= λ is {b.truth.value}"))
        return Outcome(_all(parts, what), {"dp": d, **{f"membership_{i}": m for i, m in enumerate(ms)}})

    return check


# ======================================================================================
# instance families
# ======================================================================================
def _rand_row(rng, ny, zeros):
    """Exact random pmf with entries in {1..6}/sum; with ``zeros`` each entry is 0 w.p. 1/10."""
    while True:
        w = [0 if zeros and rng.random() < 0.1 else rng.randint(1, 6) for _ in range(ny)]
        if sum(w):
            return [Fraction(x, sum(w)) for x in w]


def _rand_mech(rng, space, ny, zeros):
    return Mechanism(space, list(range(ny)), [_rand_row(rng, ny, zeros) for _ in space.points])


def _count_geometric(universe, a) -> Mechanism:
    """|T| + truncated geometric noise on {0..n} (e^ε = a): a finite Laplace count (seed 002 §4.1)."""
    space = Subsets(universe)
    geo = zoo.truncated_geometric(len(space.universe), exp_eps=a)
    return Mechanism(space, list(range(len(space.universe) + 1)), [geo.rows[len(T)] for T in space.points])


def _member_report(space, a) -> Mechanism:
    """Output an entity y with probability ∝ a if y ∈ T, 1 otherwise (swap changes two weights)."""
    rows = []
    for T in space.points:
        w = [a if u in T else Fraction(1) for u in space.universe]
        s = sum(w)
        rows.append([x / s for x in w])
    return Mechanism(space, list(space.universe), rows)


def _bounded_count(universe, k, A, a) -> Mechanism:
    """|T ∩ A| + truncated geometric noise on Bounded(U, k): a swap moves the count by <= 1, so
    ε-BDP with e^ε = a, while datasets two swaps apart have ratio a^2 (the D_B max/min bound)."""
    space = Bounded(universe, k)
    geo = zoo.truncated_geometric(len(A), exp_eps=a)
    return Mechanism(space, list(range(len(A) + 1)), [geo.rows[len(T & set(A))] for T in space.points])


@functools.lru_cache(maxsize=None)
def _subsets_random():
    rng = random.Random(20130)
    out = []
    for k in range(36):
        n = (1, 2, 2, 3, 3, 3)[k % 6]
        ny = 2 + (k // 6) % 2
        zeros = k >= 24
        sp = Subsets("abc"[:n])
        out.append(Instance(f"subsets-random-{k} (|U|={n}, |Y|={ny}{', zeros' if zeros else ''})",
                            _rand_mech(rng, sp, ny, zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _subsets_zoo():
    out = [
        Instance("k_max(n=3, k=2, empty='lowest')", zoo.k_max(3, 2)),
        Instance("k_max(n=4, k=3, empty='uniform')", zoo.k_max(4, 3, empty="uniform")),
        Instance("count+geometric(U=ab, e^eps=2)", _count_geometric("ab", Fraction(2))),
        Instance("count+geometric(U=abc, e^eps=3/2)", _count_geometric("abc", Fraction(3, 2))),
        Instance("member-report(Subsets(abc), a=3)", _member_report(Subsets("abc"), Fraction(3))),
    ]
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _bounded_random():
    rng = random.Random(20131)
    shapes = [("abc", 1), ("abcd", 1), ("abcd", 2), ("abcd", 3), ("abcde", 2), ("abcde", 3)]
    out = []
    for k in range(36):
        U, kk = shapes[k % len(shapes)]
        ny = 2 + (k // len(shapes)) % 2
        zeros = k >= 24
        out.append(Instance(f"bounded-random-{k} (Bounded({U}, {kk}), |Y|={ny}{', zeros' if zeros else ''})",
                            _rand_mech(rng, Bounded(U, kk), ny, zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _bounded_zoo():
    K = zoo.k_max(4, 2)
    B = Bounded([1, 2, 3, 4], 2)
    return (
        Instance("member-report(Bounded(abcd, 2), a=2)", _member_report(Bounded("abcd", 2), Fraction(2))),
        Instance("member-report(Bounded(abcde, 3), a=3)", _member_report(Bounded("abcde", 3), Fraction(3))),
        Instance("k_max(n=4, k=2) restricted to |T| = 2",
                 Mechanism(B, list(K.outputs), [list(K.row(T).values()) for T in B.points])),
        Instance("|T ∩ {a,b}| + geometric(e^eps=2) on Bounded(abcd, 2)", _bounded_count("abcd", 2, "ab", Fraction(2))),
        Instance("|T ∩ {a,b,c}| + geometric(e^eps=3/2) on Bounded(abcde, 3)",
                 _bounded_count("abcde", 3, "abc", Fraction(3, 2))),
    )


SUBSETS_RANDOM = Family("subsets-random", _subsets_random,
                        "36 seeded random exact mechanisms on Subsets(U), |U| = 1..3, 2-3 outputs; the last 12 with zeros")
SUBSETS_ZOO = Family("subsets-zoo", _subsets_zoo, "k-Max, count + truncated geometric noise, member report")
BOUNDED_RANDOM = Family("bounded-random", _bounded_random,
                        "36 seeded random exact mechanisms on Bounded(U, k), |U| = 3..5, 2-3 outputs; the last 12 with zeros")
BOUNDED_ZOO = Family("bounded-zoo", _bounded_zoo,
                     "member-report exponential mechanisms; k-Max on |T| = 2; counts of T ∩ A with geometric noise")
SUBSETS = (SUBSETS_RANDOM, SUBSETS_ZOO)
BOUNDED = (BOUNDED_RANDOM, BOUNDED_ZOO)


def _rand_p(rng, n, *, boundary: bool):
    choices = [Fraction(a, b) for b in (2, 3, 4, 5, 7) for a in range(1, b)]
    if boundary:
        choices += [Fraction(0), Fraction(1)] * 4
    return tuple(rng.choice(choices) for _ in range(n))


# ======================================================================================
# definitions of PMP / NMP (reconstructed) — brute force agreement
# ======================================================================================
def _check_min_form(inst: Instance) -> Outcome:
    """Pr[t|S] <= γp and Pr[¬t|S] >= (1-p)/γ  ⟺  Pr[t|S] <= min(γp, (γ-1+p)/γ), on a grid."""
    p = Fraction(inst.params["p"])
    parts = []
    for post in [Fraction(a, 12) for a in range(13)]:
        for g in (Fraction(1), Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(7, 2)):
            two = post <= g * p and 1 - post >= (1 - p) / g
            mn = post <= min(g * p, (g - 1 + p) / g)
            parts.append(_ok(two == mn, "rational", f"p={p}, Pr[t|S]={post}, γ={g}: two-condition {two} vs min-form {mn}"))
    return Outcome(_all(parts, "min-form equivalence"))


def _min_form_instances():
    return tuple(Instance(f"p={p}", params={"p": p}) for p in
                 [Fraction(a, b) for b in (2, 3, 5, 8) for a in range(1, b)])


def _check_uniform_events(negative: bool):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        m = (negative_membership if negative else positive_membership)(M, family="uniform")
        bf, wit = membership_level_at(M, _uniform_dist(M.inputs), negative=negative)
        d = compare(m.value, "==", bf)
        return Outcome(Decision(d.truth, d.method, f"measure {m.value} vs brute force over all events {bf}"),
                       {"measure": m, "brute_force": bf, "brute_force_witness": wit})

    return check


def _check_independent_members(negative: bool):
    """Every product law D ∈ D_I has level <= the measure's sup; and the sup is approached."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        sp = M.inputs
        m = (negative_membership if negative else positive_membership)(M, family="independent")
        sup = m.value
        parts = []
        rng = random.Random(len(sp.universe) * 1000 + len(M.outputs) * 100 + sum(len(T) for T in sp.points))
        for _ in range(4):
            p = dict(zip(sp.universe, _rand_p(rng, len(sp.universe), boundary=True)))
            lvl, _w = membership_level_at(M, _product_dist(sp, p), negative=negative)
            parts.append(compare(lvl, "<=", sup) if lvl != _OO else
                         _ok(sup == _OO, "rational", f"member level +oo vs sup {sup}"))
        # approach: vertex law from the UDP witness, p_t -> 0 (PMP) or -> 1 (NMP)
        u = (udp.negative_udp if negative else udp.positive_udp)(M)
        r = _ratio(u)
        if r != 1 and "pair" in u.witness:
            big, small = (u.witness["pair"][1], u.witness["pair"][0]) if negative else tuple(u.witness["pair"])
            t = u.witness["entity"]
            if r == _OO:
                gamma, delta = Fraction(10**6), Fraction(1, 2)
            else:
                gamma = (1 + r) / 2
                delta = (r / gamma - 1) / (2 * (r - 1))
            pt = 1 - delta if negative else delta
            p = {s: (Fraction(1) if s in small else Fraction(0)) for s in sp.universe}
            p[t] = pt
            lvl, _w = membership_level_at(M, _product_dist(sp, p), negative=negative)
            parts.append(_ok(lvl == _OO or lvl > gamma, "rational",
                             f"vertex law with Pr[{t!r}]={pt} has level {lvl} > {gamma} (approaching sup {sup})"))
        return Outcome(_all(parts, "D_I members vs sup"), {"measure": m})

    return check


def _def_pmp():
    return Claim(
        "li2013.def_pmp", "Definition (context): (D, γ)-positive membership privacy",
        SEED + ", Section 3 (not in the fragment; used in Thm 4.8 and the proof of Prop. 5.3)" + _RECON,
        "(Reconstructed.) A provides (D, γ)-PMP iff for every D ∈ D, entity t and output set S with Pr[S] > 0: "
        "Pr[t|S] <= γ Pr[t] and Pr[¬t|S] >= Pr[¬t]/γ. The fragment uses the equivalent form 'we need to show "
        "that for each i, j, Pr[i|c_j] <= min(γ/2, (γ-0.5)/γ)' (proof of Prop. 5.3, Pr[i] = 1/2).",
        "definition",
        [
            Reading("min-form", "for all p ∈ (0,1), Pr[t|S] ∈ [0,1], γ >= 1: the two PMP conditions hold iff "
                    "Pr[t|S] <= min(γp, (γ-1+p)/γ) (grid of exact values)",
                    check=_check_min_form, families=(Family("grid", _min_form_instances),),
                    expected=Verdict.CHECKED),
            Reading("uniform-events", "positive_membership(M, family='uniform') equals the brute-force least γ "
                    "over all output events and entities at the uniform law (D_N)",
                    check=_check_uniform_events(False), families=SUBSETS, expected=Verdict.CHECKED),
            Reading("independent-members", "every product law D ∈ D_I (p_t ∈ [0,1], brute force over events) has "
                    "PMP level <= positive_membership(M, 'independent'); vertex laws with Pr[t] -> 0 exceed "
                    "any γ below it",
                    check=_check_independent_members(False), families=SUBSETS, expected=Verdict.CHECKED),
        ])


def _def_nmp():
    return Claim(
        "li2013.def_nmp", "Definition (context): (D, γ)-negative membership privacy",
        SEED + ", Section 3 (not in the fragment; used after Thm 4.5 and after Prop. 5.3)" + _RECON,
        "(Reconstructed.) Negative membership privacy: Pr[t|S] >= Pr[t]/γ and Pr[¬t|S] <= γ Pr[¬t] for every "
        "D ∈ D, entity t and output set S with Pr[S] > 0.",
        "definition",
        [
            Reading("uniform-events", "negative_membership(M, 'uniform') equals the brute-force least γ over all "
                    "events and entities at the uniform law",
                    check=_check_uniform_events(True), families=SUBSETS, expected=Verdict.CHECKED),
            Reading("independent-members", "every product law has NMP level <= negative_membership(M, "
                    "'independent'); vertex laws with Pr[t] -> 1 exceed any γ below it",
                    check=_check_independent_members(True), families=SUBSETS, expected=Verdict.CHECKED),
        ])


# ======================================================================================
# definitions of UDP / BDP (reconstructed)
# ======================================================================================
def _add_pairs_points(space, negative):
    out = []
    for T in space.points:
        for t in space.universe:
            if t not in T:
                out.append((T, T | {t}) if negative else (T | {t}, T))
    return out


def _swap_pairs_points(space):
    return [(T, (T - {t}) | {s}) for T in space.points for t in T for s in space.universe if s not in T]


def _check_udp_events(which: str):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        if which == "positive":
            m, pairs = udp.positive_udp(M), _add_pairs_points(M.inputs, False)
        elif which == "negative":
            m, pairs = udp.negative_udp(M), _add_pairs_points(M.inputs, True)
        else:
            m, pairs = udp.bounded_dp(M), _swap_pairs_points(M.inputs)
        bf = _best_event_ratio(M, pairs)
        bf = Fraction(1) if bf is None else bf
        r = _ratio(m)
        ok = (r == _OO and bf == _OO) or (r != _OO and bf != _OO and max(r, Fraction(1)) == max(bf, Fraction(1)))
        return Outcome(_ok(ok, "rational", f"{m.name}: e^level = {r}; brute force over all events: {bf}"),
                       {"measure": m, "brute_force": bf})

    return check


def _check_dp_decomposition(inst: Instance) -> Outcome:
    M = inst.mechanism
    pos, neg = _ratio(udp.positive_udp(M)), _ratio(udp.negative_udp(M))
    dp = pure_dp(M)
    both = _max(pos, neg)
    if dp.value == _OO:
        d = _ok(both == _OO, "rational", f"pure_dp = oo, max(pos, neg) ratio = {both}")
    elif both == _OO:
        d = Decision.false("rational", f"pure_dp = {dp.value} finite but a UDP half is +oo")
    else:
        d = compare(dp.value, "==", sympy.log(sympy.Rational(both.numerator, both.denominator)))
    return Outcome(d, {"pure_dp": dp, "positive_ratio": pos, "negative_ratio": neg})


def _def_udp():
    return Claim(
        "li2013.def_udp", "Definition (context): ε-positive / ε-negative UDP and ε-BDP",
        SEED + ", Section 4 (UDP halves used at the top of the fragment; BDP in §4.2)" + _RECON,
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


# ======================================================================================
# §4.1 Laplace counterexample (finite analogue) and negative UDP <=> NMP
# ======================================================================================
def _laplace_instances():
    out = []
    for k in (1, 2, 3, 4):
        for a in (Fraction(2), Fraction(3, 2)):
            for p in (Fraction(1, 2), Fraction(1, 10), Fraction(1, 1000)):
                U = tuple(f"t{i}" for i in range(1, k + 1))
                out.append(Instance(f"k={k}, e^eps={a}, p={p}", _count_geometric(U, a),
                                    params={"k": k, "exp_eps": a, "p": p}))
    return tuple(out)


def _check_laplace_finite(inst: Instance) -> Outcome:
    M = inst.mechanism
    k, a, p = _int(inst.params["k"]), Fraction(inst.params["exp_eps"]), Fraction(inst.params["p"])
    U = frozenset(M.inputs.universe)
    t1 = M.inputs.universe[0]
    parts = [_ok(_ratio(udp.positive_udp(M)) <= a, "rational", "the count mechanism satisfies ε-positive UDP")]
    A = a ** k
    Pk_all, Pk_none = M.prob(k, U), M.prob(k, frozenset())
    parts.append(_ok(Pk_all / Pk_none == A, "rational", f"Pr[S|t1]/Pr[S|¬t1] = {Pk_all / Pk_none} = e^(kε) = {A}"))
    # the correlated law: all of t1..tk w.p. p, none otherwise; S = {output = k}
    post = p * Pk_all / (p * Pk_all + (1 - p) * Pk_none)
    formula = 1 / (p + (1 - p) / A)
    parts.append(_ok(post / p == formula, "rational", f"Pr[t1|S]/Pr[t1] = {post / p} = 1/(p+(1-p)e^(-kε)) = {formula}"))
    parts.append(_ok(formula < A, "rational", "the posterior ratio stays below e^(kε) for p > 0"))
    # for every γ < e^(kε) some p violates γ-PMP (grid of γ's, explicit p)
    for j in (1, 2, 3):
        g = 1 + (A - 1) * Fraction(j, 4)
        pstar = (1 / g - 1 / A) / (1 - 1 / A) / 2
        dist = {U: pstar, frozenset(): 1 - pstar}
        q = pstar * Pk_all / (pstar * Pk_all + (1 - pstar) * Pk_none)
        lvl, _w = membership_level_at(M, dist)
        parts.append(_ok(q > g * pstar and lvl > g, "rational",
                         f"γ = {g} < e^(kε): p = {pstar} gives Pr[t1|S] = {q} > γ Pr[t1] (level {lvl})"))
    return Outcome(_all(parts, "finite Laplace counterexample"))


def _prove_laplace_symbolic() -> Decision:
    """Continuous Laplace: density ratio at x = k is e^{kε}; the posterior identity; p -> 0 limit."""
    from exactpriv.certify import prove_identity

    x = sympy.Symbol("x", real=True)
    p_ = sympy.Symbol("p", positive=True)

    def lap(c):  # density at x of c + Lap(1/ε)
        return EPS / 2 * sympy.exp(-EPS * sympy.Abs(x - c))

    parts = []
    for k in (1, 3):
        A = sympy.exp(k * EPS)
        ratio = sympy.simplify(lap(k).subs(x, k) / lap(0).subs(x, k))
        parts.append(prove_identity(ratio, A, domain=(0, sympy.oo), closed=(False, False)).to_decision())
        for p in (sympy.Rational(1, 10), sympy.Rational(1, 1000)):
            post = p * A / (p * A + 1 - p)  # Pr[t1|S] by Bayes with Pr[S|t1]/Pr[S|¬t1] = A
            parts.append(prove_identity(post / p, 1 / (p + (1 - p) * sympy.exp(-k * EPS)),
                                        domain=(0, sympy.oo), closed=(False, False)).to_decision())
        lim = sympy.limit(1 / (p_ + (1 - p_) * sympy.exp(-k * EPS)), p_, 0)
        parts.append(_ok(sympy.simplify(lim - A) == 0, "sympy-limit", f"lim_(p->0) = {lim} = e^({k}ε)"))
    return _all(parts, "Laplace density computation of seed 002 §4.1")


def _laplace_cex():
    return Claim(
        "li2013.laplace_cex", "Example (top of fragment): positive UDP does not give PMP under correlation",
        SEED + ", §4.1 (first lines of the fragment; UDP/PMP definitions reconstructed)",
        "Consider the mechanism that outputs the number of t1, t2, ..., tk in the dataset by adding to it noise "
        "drawn from the Laplace distribution Lap(1/ε), where Pr[Lap(β) = x] = 1/(2β) e^{-|x|/β}. This satisfies "
        "ε-positive UDP. Now consider the distribution [all of t1..tk present w.p. p, none otherwise] and the "
        "event S = k, we have Pr[S|t1]/Pr[S|¬t1] = e^{kε}. Therefore, Pr[t1|S]/Pr[t1] = 1/(p+(1-p)/e^{kε}), which "
        "can get arbitrarily close to e^{kε} by choosing very small p. Thus, for any γ < e^{kε} ... violating "
        "γ-PMP.",
        "non-implication",
        [
            Reading("finite-analogue",
                    "Laplace noise replaced by truncated geometric noise on {0..k} (e^ε = a rational; the exact "
                    "discrete Laplace analogue): the mechanism is ε-positive UDP; under the correlated law, "
                    "Pr[S|t1]/Pr[S|¬t1] = e^{kε} and Pr[t1|S]/Pr[t1] = 1/(p+(1-p)e^{-kε}) exactly; for γ = "
                    "1 + (e^{kε}-1)j/4 (j = 1..3) an explicit p violates γ-PMP (brute force over events)",
                    check=_check_laplace_finite, families=(Family("k-1..4", _laplace_instances),),
                    expected=Verdict.CHECKED,
                    notes="Finite analogue of a continuous example: the truncation at 0 and k keeps the ratio at "
                          "the output k exactly e^{kε}, as for Laplace densities."),
            Reading("laplace-density-symbolic",
                    "with Laplace densities (continuous, S = {output = k} read as a density event): the ratio is "
                    "exactly e^{kε}, Pr[t1|S]/Pr[t1] = 1/(p+(1-p)e^{-kε}) for all ε > 0 (k ∈ {1, 3}, "
                    "p ∈ {1/10, 1/1000}), and its limit as p -> 0 is e^{kε}",
                    prove=_prove_laplace_symbolic, expected=Verdict.PROVED,
                    notes="Identities proved by exactpriv.certify.prove_identity (exact algebra in e^ε); the "
                          "limit by sympy. That the Laplace count satisfies ε-positive UDP is not re-proved here "
                          "(see the finite analogue)."),
        ])


_check_neg_udp_nmp_literal = equivalence_on_levels(
    udp.negative_udp, [lambda M: negative_membership(M, family="independent")],
    "ε-negative UDP ⟺ (D_I, e^ε)-NMP at every level of the grid")


def _neg_udp_nmp():
    return Claim(
        "li2013.neg_udp_nmp", "Claim (proof omitted): ε-negative UDP ⟺ (D_I, e^ε)-NMP",
        SEED + ", §4.1, end ('Similar to Theorem 4.5'); UDP, NMP, D_I reconstructed",
        "Similar to Theorem 4.5, we can show that ε-negative UDP is equivalent to (D_I, e^ε)-NMP. We omit the "
        "proof here.",
        "equivalence",
        [
            Reading("literal", "for every level λ of a grid around the threshold: (ln λ)-negative UDP holds iff "
                    "(D_I, λ)-NMP holds (udp.negative_udp vs membership.negative_membership('independent'))",
                    check=_check_neg_udp_nmp_literal, families=SUBSETS, expected=Verdict.CHECKED),
            Reading("members-brute-force", "definitional: explicit product laws (p_t ∈ [0,1]) have NMP level <= "
                    "e^{negative UDP}, and vertex laws with Pr[t] -> 1 exceed every γ below it",
                    check=_check_independent_members(True), families=SUBSETS, expected=Verdict.CHECKED,
                    notes="Same check as def_nmp/independent-members; here it is the evidence for the "
                          "equivalence, independent of the membership module's reduction."),
        ])


# ======================================================================================
# §4.2 BDP: symmetry, Families 4.6 / 4.7, D^2_B, Theorem 4.8, Lemma 4.9
# ======================================================================================
def _check_bdp_symmetric(inst: Instance) -> Outcome:
    M = inst.mechanism
    pairs = _swap_pairs_points(M.inputs)
    rev = {(b, a) for a, b in pairs}
    closed = rev == set(pairs)
    # "positive" half w.r.t. the entity t leaving: F∪{t} vs F∪{s}; "negative": the reverse
    pos = _best_event_ratio(M, pairs)
    neg = _best_event_ratio(M, [(b, a) for a, b in pairs])
    bd = _ratio(udp.bounded_dp(M))
    ok = closed and pos == neg and (pos is None or pos == bd or (pos < 1 and bd == 1))
    pm = positive_membership(M, family="one_of_two").value
    nm = negative_membership(M, family="one_of_two").value
    return Outcome(_ok(ok and pm == nm, "rational",
                       f"swap relation closed under reversal: {closed}; positive half {pos}, negative half {neg}, "
                       f"BDP {bd}; PMP/NMP over D^2_B: {pm} / {nm}"))


def _udp_asym_instances():
    sp = Subsets(["a"])
    M = Mechanism(sp, [0, 1], [[Fraction(1, 2), Fraction(1, 2)], [Fraction(3, 4), Fraction(1, 4)]])
    return (Instance("Subsets([a]): A(∅) = (1/2, 1/2), A({a}) = (3/4, 1/4)", M),)


def _check_udp_asymmetric(inst: Instance) -> Outcome:
    M = inst.mechanism
    pos, neg = _ratio(udp.positive_udp(M)), _ratio(udp.negative_udp(M))
    pm = positive_membership(M, family="independent").value
    nm = negative_membership(M, family="independent").value
    return Outcome(_ok(pos != neg and pm != nm, "rational",
                       f"positive UDP ratio {pos} ≠ negative {neg}; PMP/NMP over D_I: {pm} ≠ {nm}"))


def _bdp_symmetry():
    return Claim(
        "li2013.bdp_symmetry", "Informal claim: BDP is symmetric, unlike UDP",
        SEED + ", §4.2, first paragraph",
        "We first note that unlike the unbounded version of differential privacy, BDP has a symmetry to it and "
        "cannot be decomposed into a positive condition and a negative condition.",
        "informal",
        [
            Reading("finite-analogue-bdp", "the swap relation is closed under reversal, so the 'positive' half "
                    "(F ∪ {t} vs F ∪ {s}) and the 'negative' half of BDP have the same tightest level (brute force "
                    "over events), equal to bounded_dp; and PMP = NMP over D^2_B",
                    check=_check_bdp_symmetric, families=BOUNDED + SUBSETS, expected=Verdict.CHECKED,
                    notes="Finite analogue of an informal statement: 'cannot be decomposed' is read as 'the two "
                          "directed halves coincide'."),
            Reading("finite-analogue-udp-asymmetric", "unlike UDP: a one-entity mechanism whose positive and "
                    "negative UDP levels (and PMP/NMP over D_I) differ",
                    check=_check_udp_asymmetric, families=(Family("witness", _udp_asym_instances),),
                    expected=Verdict.CHECKED),
        ])


# --- Family 4.6 -------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _bmi_instances():
    rng = random.Random(20132)
    out = []
    for j in range(40):
        n = 3 + j % 3
        U = tuple("abcde"[:n])
        p = _rand_p(rng, n, boundary=j % 2 == 1)
        k = 1 + (j // 3) % (n - 1)
        try:
            cp.bmi_pmf(U, p, k)
        except Exception:  # Pr[|T| = k] = 0: not a BMI law, skip
            continue
        out.append(Instance(f"U={''.join(U)}, k={k}, p={[str(v) for v in p]}",
                            params={"universe": U, "p": p, "k": k}))
    return tuple(out)


def _check_conditionals_bmi(inst: Instance) -> Outcome:
    U, p, k = tuple(inst.params["universe"]), tuple(inst.params["p"]), _int(inst.params["k"])
    D = cp.bmi_pmf(U, p, k)
    parts = [_ok(all(len(T) == k for T in D) and sum(D.values()) == 1, "rational", "a law on size-k datasets")]
    for i, t in enumerate(U):
        pt = sum((w for T, w in D.items() if t in T), Fraction(0))
        if not 0 < pt < 1:
            continue
        P1, P2, _ = cp.bmi_conditionals(U, p, k, t)
        rest = U[:i] + U[i + 1:]
        prest = p[:i] + p[i + 1:]
        parts.append(_ok(P1 == cp.bmi_pmf(rest, prest, k), "rational", f"Pr(·|¬{t}) is BMI of size {k} on U∖{t}"))
        parts.append(_ok(P2 == cp.bmi_pmf(rest, prest, k - 1), "rational",
                         f"Pr(· ∪ {{{t}}}|{t}) is BMI of size {k - 1} on U∖{t}"))
    return Outcome(_all(parts, "conditionals of a BMI law"))


@functools.lru_cache(maxsize=None)
def _bounded_member_instances():
    """Mechanisms on Bounded(U, k) with three random BMI laws of size k each (p with 0/1 allowed)."""
    rng = random.Random(20133)
    out = []
    for inst in _bounded_random()[:24] + _bounded_zoo():
        M = inst.mechanism
        U = M.inputs.universe
        ps = []
        while len(ps) < 3:
            p = _rand_p(rng, len(U), boundary=len(ps) == 2)
            try:
                cp.bmi_pmf(U, p, M.inputs.k)
            except Exception:
                continue
            ps.append(p)
        out.append(Instance(inst.label, M, params={"ps": tuple(ps)}))
    return tuple(out)


BOUNDED_MEMBERS = Family("bounded-with-bmi-laws", _bounded_member_instances,
                         "27 mechanisms on Bounded(U, k), each with 3 random BMI laws of size k (one with p ∈ {0,1} entries)")


def _members(inst):
    M = inst.mechanism
    U = M.inputs.universe
    return [cp.bmi_pmf(U, p, M.inputs.k) for p in inst.params["ps"]]


def _check_measure_encloses(inst: Instance) -> Outcome:
    M = inst.mechanism
    m = positive_membership(M, family="bounded", method="enclosure")
    parts = []
    for D in _members(inst):
        lvl, _w = membership_level_at(M, D)
        parts.append(compare(lvl, "<=", m.upper) if lvl != _OO else _ok(m.upper == _OO, "rational", "level oo"))
    return Outcome(_all(parts, "BMI members under the D_B upper bound"), {"measure": m})


def _fam4_6():
    return Claim(
        "li2013.fam4_6", "Distribution Family 4.6: D_B, bounded mutually independent (BMI) distributions",
        SEED + ", §4.2, Distribution Family 4.6",
        "DB: Bounded Mutually Independent (BMI) Distributions. We say a distribution is a BMI distribution if it "
        "is the conditional distribution of a mutually independent distribution given that all datasets with "
        "non-zero probability has the same size. DB includes all such BMI distributions.",
        "definition",
        [
            Reading("conditionals-are-bmi", "a BMI law of size k (coupling.bmi_pmf) lives on size-k datasets, and "
                    "its conditionals given ¬t and given t are the BMI laws of sizes k and k-1 on U ∖ {t} with the "
                    "same p's (the structure Lemma 4.9 uses)",
                    check=_check_conditionals_bmi, families=(Family("random-bmi", _bmi_instances),),
                    expected=Verdict.CHECKED),
            Reading("measure-encloses-members", "explicit BMI laws have brute-force PMP level <= the upper end of "
                    "positive_membership(M, 'bounded')",
                    check=_check_measure_encloses, families=(BOUNDED_MEMBERS,), expected=Verdict.CHECKED),
        ])


# --- Family 4.7 -------------------------------------------------------------------------
def _d2b_grid_instances():
    vals = (Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1))
    out = []
    for n in (2, 3, 4):
        for p in itertools.product(vals, repeat=n):
            out.append(Instance(f"n={n}, p={[str(v) for v in p]}", params={"universe": tuple("abcd"[:n]), "p": p}))
    return tuple(out)


def _check_d2b_characterisation(inst: Instance) -> Outcome:
    U, p = tuple(inst.params["universe"]), tuple(inst.params["p"])
    ones = sum(1 for v in p if v == 1)
    unc = sum(1 for v in p if 0 < v < 1)
    parts = []
    for k in range(len(U) + 1):
        try:
            D = cp.bmi_pmf(U, p, k)
        except Exception:
            continue
        two = len(D) == 2
        form = unc == 2 and k == 1 + ones
        parts.append(_ok(two == form, "exhaustive", f"k={k}: two datasets {two}, stated form {form}"))
    return Outcome(_all(parts, "D^2_B characterisation"))


def _fam4_7():
    return Claim(
        "li2013.fam4_7", "Distribution Family 4.7: D^2_B, 1-out-of-2 BMI distributions",
        SEED + ", §4.2, Distribution Family 4.7",
        "We say a BMI distribution is a 1-out-of-2 BMI distribution if each distribution has exactly two datasets "
        "with nonzero probability. That is, all except for two entities have probability of either 1 or 0, and "
        "it is required that the size of the sampled dataset is 1 + |{t | Pr[t] = 1}|.",
        "definition",
        [Reading("characterisation", "exhaustively over p ∈ {0, 1/3, 1/2, 1}^n (n <= 4) and every size k: a BMI law "
                 "has exactly two datasets iff exactly two p_t lie in (0,1) and k = 1 + #{t: p_t = 1}",
                 check=_check_d2b_characterisation, families=(Family("grid", _d2b_grid_instances),),
                 expected=Verdict.CHECKED)])


# --- text before Theorem 4.8 ---------------------------------------------------------------
def _check_d2b_likelihood(inst: Instance) -> Outcome:
    """max over D ∈ D^2_B (F, t, s), events S of Pr[S|t]/Pr[S|¬t] = e^{ε-BDP} (brute force)."""
    M = inst.mechanism
    pairs = []
    for T in M.inputs.points:  # T = F ∪ {t}
        for t in T:
            for s in M.inputs.universe:
                if s not in T:
                    pairs.append((T, (T - {t}) | {s}))  # given t: F∪{t}; given ¬t: F∪{s}
    bf = _best_event_ratio(M, pairs)
    bf = Fraction(1) if bf is None else bf
    r = _ratio(udp.bounded_dp(M))
    ok = bf == r if (bf == _OO or r == _OO) else max(bf, Fraction(1)) == max(r, Fraction(1))
    return Outcome(_ok(ok, "rational", f"max over D^2_B and events of Pr[S|t]/Pr[S|¬t] = {bf}; e^(ε-BDP) = {r}"))


def _check_bdp_pmp_levels(measure):
    return equivalence_on_levels(udp.bounded_dp, [measure], "ε-BDP ⟺ PMP at every level of the grid")


def _check_d2b_members(inst: Instance) -> Outcome:
    """Explicit D^2_B laws: level <= e^{ε-BDP}; and with Pr[t] small the level exceeds γ < e^{ε-BDP}."""
    M = inst.mechanism
    u = udp.bounded_dp(M)
    r = _ratio(u)
    parts = []
    grid = (Fraction(1, 5), Fraction(9, 10))
    for T in M.inputs.points[:4]:
        for t in sorted(T, key=repr)[:1]:
            for s in [v for v in M.inputs.universe if v not in T][:2]:
                other = (T - {t}) | {s}
                for pt in grid:
                    lvl, _w = membership_level_at(M, {T: pt, other: 1 - pt})
                    parts.append(_ok(r == _OO or (lvl != _OO and lvl <= max(r, Fraction(1))), "rational",
                                     f"D^2_B law on {set(T)}, {set(other)} (Pr = {pt}): level {lvl} vs {r}"))
    if r != _OO and r > 1:
        a, b = u.witness["pair"]
        g = (1 + r) / 2
        delta = (r / g - 1) / (2 * (r - 1))
        lvl, _w = membership_level_at(M, {a: delta, b: 1 - delta})
        parts.append(_ok(lvl > g, "rational", f"Pr[t] = {delta}: level {lvl} > γ = {g}"))
    return Outcome(_all(parts, "D^2_B members"))


def _pmp_one_of_two(M):
    return positive_membership(M, family="one_of_two")


def _bdp_d2b():
    return Claim(
        "li2013.bdp_d2b", "Claim (before Thm 4.8): ε-BDP ⟺ (D^2_B, e^ε)-PMP",
        SEED + ", §4.2, paragraph before Theorem 4.8 (PMP and Theorem 3.6 reconstructed)",
        "By Definition, ε-BDP is equivalent to satisfying Pr[S|t]/Pr[S|¬t] <= e^ε for distributions in D^2_B. "
        "Thus, ε-BDP is equivalent to (D^2_B, e^ε)-PMP (from Theorem 3.6).",
        "equivalence",
        [
            Reading("likelihood-ratio", "the max over D^2_B laws, their uncertain entity t and all events S of "
                    "Pr[S|t]/Pr[S|¬t] equals e^{ε-BDP} (brute force)",
                    check=_check_d2b_likelihood, families=BOUNDED + SUBSETS, expected=Verdict.CHECKED),
            Reading("pmp", "for every level λ of a grid: (ln λ)-BDP ⟺ (D^2_B, λ)-PMP "
                    "(membership.positive_membership(family='one_of_two'))",
                    check=_check_bdp_pmp_levels(_pmp_one_of_two), families=BOUNDED + SUBSETS,
                    expected=Verdict.CHECKED),
            Reading("pmp-members", "explicit D^2_B laws (Pr[t] ∈ {1/5, 9/10}) have brute-force level <= "
                    "e^{ε-BDP}; a law with small Pr[t] exceeds γ = (1 + e^{ε-BDP})/2",
                    check=_check_d2b_members, families=BOUNDED, expected=Verdict.CHECKED),
        ])


# --- Theorem 4.8 ------------------------------------------------------------------------
def _pmp_bounded_certified(M):
    return mb.bmi_membership(M)


def _pmp_bounded_enclosure(M):
    return positive_membership(M, family="bounded", method="enclosure")


def _check_thm48_if(inst: Instance) -> Outcome:
    """(D_B, λ)-PMP ⇒ (ln λ)-BDP: the D_B level is >= its D^2_B part = e^{ε-BDP}."""
    M = inst.mechanism
    r = _ratio(udp.bounded_dp(M))
    r = max(r, Fraction(1)) if r != _OO else r
    m = positive_membership(M, family="bounded", method="enclosure")
    low = m.lower if m.value is None else m.value
    return Outcome(_ok(low == r, "rational", f"D_B level >= {low} = e^(ε-BDP) = {r}: every λ with (D_B, λ)-PMP "
                                             f"satisfies λ >= e^(ε-BDP)"), {"measure": m})


def _check_thm48_members(inst: Instance) -> Outcome:
    M = inst.mechanism
    r = _ratio(udp.bounded_dp(M))
    r = max(r, Fraction(1)) if r != _OO else r
    U = M.inputs.universe
    parts = []
    for p in inst.params["ps"]:
        D = cp.bmi_pmf(U, p, M.inputs.k)
        lvl, _w = membership_level_at(M, D)
        parts.append(_ok(r == _OO or (lvl != _OO and lvl <= r), "rational",
                         f"BMI law p={[str(v) for v in p]}: brute-force level {lvl} <= e^(ε-BDP) = {r}"))
        for t in U:
            try:
                res = cp.lemma4_9(U, p, M.inputs.k, t)
            except Exception:
                continue  # t certain under this law
            parts.append(res.decision)
    return Outcome(_all(parts, "ε-BDP ⇒ PMP at explicit BMI laws (and their Lemma 4.9 couplings)"))


def _check_thm48_via_lemma(inst: Instance) -> Outcome:
    """Conditional on Lemma 4.9 (see the reading's statement): γ_B = e^{ε-BDP}; check the
    resulting equivalence at every level and that the value lies in the measure's enclosure."""
    M = inst.mechanism
    r = _ratio(udp.bounded_dp(M))
    r = max(r, Fraction(1)) if r != _OO else r
    m = positive_membership(M, family="bounded", method="enclosure")
    inside = (m.lower == r) and (m.upper == _OO or r == _OO or r <= m.upper)
    parts = [_ok(inside, "rational", f"e^(ε-BDP) = {r} lies in the D_B enclosure [{m.lower}, {m.upper}]")]
    from exactpriv.measures.result import at_most

    d = udp.bounded_dp(M)
    for lam in _levels(r):
        a = at_most(d, _log(lam))
        b = compare(r, "<=", lam) if r != _OO else Decision.false("rational", "γ_B = oo")
        parts.append(_ok(a.truth == b.truth, "exact", f"λ = {lam}: BDP {a.truth.value}, PMP {b.truth.value}"))
    return Outcome(_all(parts, "Theorem 4.8 given Lemma 4.9"))


_VIA_LEMMA_STATEMENT = (
    "CONDITIONAL ON LEMMA 4.9. Argument (seed 002, proof of Thm 4.8, made explicit): for D ∈ D_B, t with "
    "0 < p = Pr[t] < 1 and an output y, Lemma 4.9's coupling π of (T1, T2), T2 ⊂ T1, gives "
    "Pr[y|t]/Pr[y|¬t] = Σπ P(y|T2∪{t}) / Σπ P(y|T1) <= max over the support of P(y|T2∪{t})/P(y|T1) <= e^{ε-BDP} "
    "(T2∪{t} and T1 are swap neighbours; mediant inequality); the PMP level of (D, t) is "
    "Φ(p, A) = max(A/(pA+1-p), pA+1-p) <= max(1, A); worst events are single outputs. Hence "
    "γ_B <= e^{ε-BDP}, and D^2_B ⊂ D_B gives γ_B >= e^{ε-BDP}: γ_B = e^{ε-BDP} exactly. The check computes "
    "γ_B this way, verifies it lies in the enclosure of membership.positive_membership('bounded'), and "
    "checks ε-BDP ⟺ (D_B, e^ε)-PMP on a grid of levels.")


def _thm4_8():
    return Claim(
        "li2013.thm4_8", "Theorem 4.8: ε-BDP ⟺ (D_B, e^ε)-PMP",
        SEED + ", §4.2, Theorem 4.8 and its proof, eq. (11) (PMP reconstructed)",
        "THEOREM 4.8. A mechanism A satisfies ε-BDP if and only if it provides (DB, e^ε)-PMP. PROOF. The 'if' "
        "direction follows straightforwardly from the fact that ε-BDP is equivalent to D2B and that D2B ⊂ DB. "
        "For the 'only if' direction, ... Pr[S|t]/Pr[S|¬t] = Σ_(T1,T2) Pr_{Pk,k-1}[T1,T2] Pr[S|T2 ∪ {t}] / "
        "Σ_(T1,T2) Pr_{Pk,k-1}[T1,T2] Pr[S|T1] (11) ... and therefore Pr[S|T2∪{t}]/Pr[S|T1] <= e^ε. This directly "
        "implies that (11) <= e^ε.",
        "equivalence",
        [
            Reading("literal", "for every level λ of a grid: (ln λ)-BDP ⟺ (D_B, λ)-PMP, the D_B side decided by "
                    "coupling.bmi_membership (D^2_B lower bound + coefficient certificate over all BMI laws: exact "
                    "and unconditional, see exactpriv.measures.coupling)",
                    check=_check_bdp_pmp_levels(_pmp_bounded_certified), families=BOUNDED + SUBSETS,
                    expected=Verdict.CHECKED),
            Reading("enclosure-only", "the same equivalence with the D_B side decided only from the enclosure of "
                    "membership.positive_membership(family='bounded') (D^2_B lower bound, max/min upper bound)",
                    check=_check_bdp_pmp_levels(_pmp_bounded_enclosure), families=BOUNDED + SUBSETS,
                    expected=Verdict.UNDECIDED,
                    notes="UNDECIDED by design: at λ = e^{ε-BDP} the enclosure [λ, max/min] straddles λ whenever the "
                          "max/min bound is loose — 5 of the 82 instances (3 random mechanisms on Bounded(U, k) "
                          "with 2 <= k <= |U|-2, the two counts of T ∩ A with geometric noise); on Bounded(U, 1), "
                          "Bounded(U, |U|-1) and Subsets(U), |U| <= 3, every pair of same-size datasets is a swap "
                          "pair and the bounds meet. Never a refutation: the lower ends always match. The 'literal' "
                          "reading closes the gap exactly."),
            Reading("if-direction", "(D_B, λ)-PMP ⇒ (ln λ)-BDP: the lower end of the D_B level equals e^{ε-BDP} "
                    "(D^2_B ⊂ D_B)",
                    check=_check_thm48_if, families=BOUNDED + SUBSETS, expected=Verdict.CHECKED),
            Reading("only-if-members", "ε-BDP ⇒ PMP at explicit BMI laws (random p_t, some in {0,1}): brute-force "
                    "PMP level over all events <= e^{ε-BDP}, and the Lemma 4.9 coupling of each uncertain entity "
                    "exists (exact max flow)",
                    check=_check_thm48_members, families=(BOUNDED_MEMBERS,), expected=Verdict.CHECKED),
            Reading("via-lemma4_9", _VIA_LEMMA_STATEMENT, check=_check_thm48_via_lemma, families=BOUNDED + SUBSETS,
                    expected=Verdict.CHECKED,
                    notes="Conditional on Lemma 4.9 (checked separately: li2013.lemma4_9). "
                          "exactpriv.measures.coupling also proves Lemma 4.9 in general (monomial matching) and "
                          "certifies the bound per mechanism without it (reading 'literal')."),
        ])


# --- Lemma 4.9 --------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _lemma_instances(boundary: bool):
    rng = random.Random(20134 + boundary)
    out = []
    for n in (2, 3, 4, 5, 6):
        U = tuple("abcdef"[:n])
        for rep in range(3 if n < 6 else 2):
            p = _rand_p(rng, n, boundary=boundary)
            for k in range(1, n):
                for t in U:
                    try:
                        cp.bmi_conditionals(U, p, k, t)
                    except Exception:
                        continue  # t certain, or size k impossible
                    out.append(Instance(f"n={n}, k={k}, t={t}, p={[str(v) for v in p]}",
                                        params={"universe": U, "p": p, "k": k, "t": t}))
    return tuple(out)


def _check_lemma49(inst: Instance) -> Outcome:
    U, p = tuple(inst.params["universe"]), tuple(inst.params["p"])
    k, t = _int(inst.params["k"]), inst.params["t"]
    res = cp.lemma4_9(U, p, k, t)
    return Outcome(res.decision, {"flow_value": res.flow_value, "total": res.total})


def _lemma4_9():
    return Claim(
        "li2013.lemma4_9", "Lemma 4.9: coupling of the bounded conditionals",
        SEED + ", §4.2, Lemma 4.9 (proof in Appendix A.3, not in the fragment)",
        "LEMMA 4.9. For any k-bounded mutually independent distribution Pk defined on n entities, there exists a "
        "distribution Pk,k-1 defined on pair (T1, T2) satisfying that |T1| = k, |T2| = k-1, T2 ⊂ T1 ⊆ [n], t ∉ T1. "
        "The margin probability of Pk,k-1 on T1 is Pr(T1|¬t) and on T2 is Pr(T2 ∪ {t}|t).",
        "construction",
        [
            Reading("literal", "for BMI laws with random rational p_t ∈ (0,1), n <= 6, every size k and entity t: "
                    "the flow network source -> T1 (Pr(T1|¬t)) -> T2 ⊂ T1 (infinite) -> sink (Pr(T2∪{t}|t)) has "
                    "max flow 1 exactly; the coupling read off the flow is re-checked exactly",
                    check=_check_lemma49, families=(Family("interior-p", lambda: _lemma_instances(False)),),
                    expected=Verdict.CHECKED),
            Reading("boundary-p", "the same with some p_t ∈ {0, 1} (certain entities)",
                    check=_check_lemma49, families=(Family("boundary-p", lambda: _lemma_instances(True)),),
                    expected=Verdict.CHECKED,
                    notes="The proof's prose swaps the sizes ('T1 is sampled from all sets of size k-1 ... T2 ... "
                          "of size k'); with T2 ⊂ T1 only the lemma's statement is consistent."),
        ])


# ======================================================================================
# §5: D_N, k-Max, Proposition 5.3
# ======================================================================================
def _check_dn_product(inst: Instance) -> Outcome:
    n = _int(inst.params["n"])
    sp = Subsets(tuple(range(1, n + 1)))
    uni = _uniform_dist(sp)
    prod = _product_dist(sp, {u: Fraction(1, 2) for u in sp.universe})
    marg = [sum((w for T, w in uni.items() if u in T), Fraction(0)) for u in sp.universe]
    return Outcome(_ok(uni == prod and all(m == Fraction(1, 2) for m in marg), "rational",
                       f"uniform law on 2^{n} subsets = product of Bernoulli(1/2); Pr[t] = {set(marg)}"))


def _fam5_1():
    return Claim(
        "li2013.fam5_1", "Distribution Family 5.1: D_N, the uniform (non-informative) distribution",
        SEED + ", §5.1, Distribution Family 5.1",
        "DN: Non-informative Distribution DN includes a single distribution DN, the uniform distribution such "
        "that each subset of U has the same probability 1/2^|U|. ... Under DN, we have Pr[t] = 1/2 for every "
        "entity t.",
        "definition",
        [Reading("product-form", "the uniform law on all subsets equals the product law with p_t = 1/2, and "
                 "Pr[t] = 1/2 (n = 1..6)", check=_check_dn_product,
                 families=(Family("n-1..6", lambda: tuple(Instance(f"n={n}", params={"n": n}) for n in range(1, 7))),),
                 expected=Verdict.CHECKED)])


# --- k-Max ---------------------------------------------------------------------------------
def _kmax_support(n, k, T):
    """The set C of Definition 5.2 for a non-empty T (output ranks)."""
    j = max(T)
    return set(range(j, j + k)) if j + k - 1 <= n else set(range(n - k + 1, n + 1))


def _kmax_bottom(n, k) -> Mechanism:
    """k-Max with T = ∅ mapped to a distinct output 'none' (reading 'empty-bottom')."""
    base = zoo.k_max(n, k)
    rows = []
    for T, row in zip(base.inputs.points, base.rows):
        rows.append(([Fraction(0)] * n + [Fraction(1)]) if not T else list(row) + [Fraction(0)])
    return Mechanism(base.inputs, list(base.outputs) + ["none"], rows)


def _kmax_instances(ks, n_max, empties, *, n_min_offset=0, bottom=False):
    out = []
    for n in range(min(ks) + n_min_offset, n_max + 1):
        for k in ks:
            if n < k + n_min_offset:
                continue
            for e in empties:
                M = _kmax_bottom(n, k) if e == "bottom" else zoo.k_max(n, k, empty=e)
                out.append(Instance(f"k_max(n={n}, k={k}, empty={e!r})", M, params={"n": n, "k": k, "empty": e}))
    return tuple(out)


def _check_kmax_definition(inst: Instance) -> Outcome:
    M = inst.mechanism
    n, k, e = _int(inst.params["n"]), _int(inst.params["k"]), inst.params["empty"]
    parts = []
    for T, row in zip(M.inputs.points, M.rows):
        if T:
            C = _kmax_support(n, k, T)
        else:
            C = set(range(1, k + 1)) if e == "lowest" else set(range(1, n + 1))
        want = [Fraction(1, len(C)) if c in C else Fraction(0) for c in range(1, n + 1)]
        parts.append(_ok(list(row) == want, "rational", f"row of {set(T) or '∅'}"))
    return Outcome(_all(parts, "zoo.k_max vs Definition 5.2"))


def _check_kmax_accuracy(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = _int(inst.params["k"])
    bad = [(set(T), y) for T, row in zip(M.inputs.points, M.rows) if T
           for y, v in zip(M.outputs, row) if v > 0 and abs(y - max(T)) >= k]
    return Outcome(_ok(not bad, "exhaustive", f"outputs within rank distance k-1 of max T; violations: {bad[:3]}"))


def _def5_2():
    fam = Family("k-2..4,n-k..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest", "uniform")))
    return Claim(
        "li2013.def5_2", "Definition 5.2: the k-Max mechanism",
        SEED + ", §5.1, Definition 5.2",
        "The k-Max mechanism, parameterized by an integer k >= 2, works as follows. Given a dataset T, let j be "
        "the largest element in T, the mechanism gives a value picked at uniform random from the following set: "
        "C = {c_j, c_j+1, ..., c_j+k-1} when j+k-1 <= n, {c_n-k+1, ..., c_n} otherwise. ... It outputs the value "
        "of an element whose rank in the universe is within distance k of the true max of the dataset.",
        "construction",
        [
            Reading("zoo-matches-definition", "zoo.k_max(n, k, empty) equals the definition row by row; T = ∅ "
                    "(undefined in the paper) follows the chosen reading: 'lowest' (uniform on c_1..c_k) or "
                    "'uniform' (uniform on all n values)",
                    check=_check_kmax_definition, families=(fam,), expected=Verdict.CHECKED),
            Reading("accuracy", "every output of a non-empty T has rank within distance k - 1 of max(T)",
                    check=_check_kmax_accuracy, families=(fam,), expected=Verdict.CHECKED),
        ])


# --- Proposition 5.3 ---------------------------------------------------------------------
def _gamma_k(k: int) -> Fraction:
    return Fraction(2 ** k - 1, 2 ** k - 2)


def _check_prop53(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = _int(inst.params["k"])
    m = positive_membership(M, family="uniform")
    d = compare(m.value, "<=", _gamma_k(k))
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {m.value} vs γ = {_gamma_k(k)}"), {"measure": m})


def _check_prop53_tight(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = _int(inst.params["k"])
    m = positive_membership(M, family="uniform")
    d = compare(m.value, "==", _gamma_k(k))
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {m.value} = γ = {_gamma_k(k)}?"), {"measure": m})


def _possible_maxima(M, j):
    """M_j of the proof: the maxima m of non-empty datasets T with P(c_j | T) > 0 (from the matrix)."""
    return sorted({max(T) for T, row in zip(M.inputs.points, M.rows) if T and row[M.output_index(j)] > 0})


def _check_sj(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = _int(inst.params["k"])
    bad = [(j, len(_possible_maxima(M, j))) for j in M.outputs if len(_possible_maxima(M, j)) < k]
    return Outcome(_ok(not bad, "exhaustive", f"outputs j with s_j < k: {bad[:3]}"),
                   {"violations": [list(b) for b in bad]})


def _posteriors(M, j, *, nonempty: bool):
    """Pr[i ∈ T | output c_j] under D_N (optionally conditioned on T ≠ ∅), brute force."""
    y = M.output_index(j)
    tot = Fraction(0)
    with_i = {i: Fraction(0) for i in M.inputs.universe}
    for T, row in zip(M.inputs.points, M.rows):
        if nonempty and not T:
            continue
        tot += row[y]
        for i in T:
            with_i[i] += row[y]
    return None if tot == 0 else {i: w / tot for i, w in with_i.items()}


def _check_posterior_formula(nonempty: bool):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        k = _int(inst.params["k"])
        parts = []
        for j in M.outputs:
            Mj = _possible_maxima(M, j)
            post = _posteriors(M, j, nonempty=nonempty)
            if not Mj or post is None:
                continue
            s, mj = len(Mj), max(Mj)
            for i, v in post.items():
                if i > mj:
                    want = Fraction(0)
                elif i <= j - k:
                    want = Fraction(1, 2)
                else:
                    want = Fraction(2 ** (s - 1), 2 ** s - 1)
                parts.append(_ok(v == want, "rational", f"output c_{j}, entity {i}: Pr = {v}, proof's formula {want} "
                                                        f"(s_j = {s}, m_j = {mj})"))
        return Outcome(_all(parts, "posterior formula of the proof of Prop. 5.3"))

    return check


def _check_prop53_bottom(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = _int(inst.params["k"])
    lvl, wit = membership_level_at(M, _uniform_dist(M.inputs))
    d = compare(lvl, "<=", _gamma_k(k)) if lvl != _OO else Decision.false("rational", "level +oo")
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {lvl} (brute force over events) vs {_gamma_k(k)}"),
                   {"brute_force": lvl, "witness": wit})


_FAM_LOWEST = Family("empty-lowest, k-2..4, n-k..8", lambda: _kmax_instances((2, 3, 4), 8, ("lowest",)))
_FAM_LOWEST_SLOW = Family("empty-lowest, k-2..5, n-k..10", lambda: _kmax_instances((2, 3, 4, 5), 10, ("lowest",)),
                          slow=True)


def _prop5_3():
    return Claim(
        "li2013.prop5_3", "Proposition 5.3: k-Max satisfies (D_N, (2^k-1)/(2^k-2))-PMP",
        SEED + ", §5.1, Proposition 5.3 and its proof (PMP reconstructed)",
        "PROPOSITION 5.3. The k-Max mechanism satisfies (DN, γ)-PMP for γ = (2^k - 1)/(2^k - 2). PROOF. ... Let Mj "
        "denote the set of entities that are possible true max when cj is output, and sj = |Mj| ... In any case, "
        "we always have sj >= k. When cj is output, we know that at least one element in Mj must appear ... We "
        "have Pr[i|cj] = 0 when i > mj, and Pr[i|cj] = 1/2 when i <= j - k. When j - k < i <= mj, we have "
        "Pr[i|cj] = 2^(sj-1)/(2^sj - 1) ... solving which gets γ >= max(2^k/(2^k-1), (2^k-1)/(2^k-2)).",
        "construction",
        [
            Reading("empty-lowest", "(the paper leaves A(∅) undefined) with A(∅) uniform on {c_1..c_k}: "
                    "positive_membership(k_max(n, k), 'uniform') <= (2^k-1)/(2^k-2) for k = 2..4, n = k..8",
                    check=_check_prop53, families=(_FAM_LOWEST, _FAM_LOWEST_SLOW), expected=Verdict.CHECKED),
            Reading("empty-uniform", "with A(∅) uniform on all n values: the same bound",
                    check=_check_prop53,
                    families=(Family("empty-uniform", lambda: _kmax_instances((2, 3, 4), 7, ("uniform",))),),
                    expected=Verdict.REFUTED,
                    notes="Fails from n = 5 on (first instance in the family order: k = 2, n = 5, γ = 7/4 > 3/2): "
                          "output c_1 comes from T = {1} w.p. 1/k and from ∅ only w.p. 1/n, so "
                          "Pr[1|c_1] = n/(n+k) and the level is (n+k)/(2k), unbounded in n."),
            Reading("empty-bottom", "with A(∅) a distinct output ⊥ ('none'): the same bound (brute force over events)",
                    check=_check_prop53_bottom,
                    families=(Family("empty-bottom", lambda: _kmax_instances((2, 3), 6, ("bottom",), n_min_offset=1)),),
                    expected=Verdict.REFUTED,
                    notes="Fails for every n > k: output c_1 reveals T = {1}, so Pr[1|c_1] = 1 and no γ works."),
            Reading("tight-empty-lowest", "with A(∅) uniform on {c_1..c_k} and n > k, the PMP level equals "
                    "(2^k-1)/(2^k-2) exactly (attained at output c_n, s_j = k)",
                    check=_check_prop53_tight,
                    families=(Family("n>k", lambda: _kmax_instances((2, 3, 4), 8, ("lowest",), n_min_offset=1)),),
                    expected=Verdict.CHECKED,
                    notes="At n = k the mechanism ignores its input (level 1): tightness needs n > k."),
            Reading("proof-sj-ge-k", "the proof's 'in any case, we always have s_j >= k' (M_j = maxima of non-empty "
                    "datasets that can output c_j, read off the matrix)",
                    check=_check_sj,
                    families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest",))),),
                    expected=Verdict.REFUTED,
                    notes="False for outputs j < k (M_j = {1..j}); minimal witness k = 2, n = 3, j = 1. Harmless "
                          "for the 'empty-lowest' reading (∅ then also outputs c_j and the posterior drops to 1/2), "
                          "fatal for 'empty-uniform' and 'empty-bottom'."),
            Reading("proof-posterior-formula-empty-lowest", "the proof's posterior formula under D_N with A(∅) "
                    "uniform on {c_1..c_k}",
                    check=_check_posterior_formula(False),
                    families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest",))),),
                    expected=Verdict.REFUTED,
                    notes="Fails at outputs j <= k, where ∅ contributes (e.g. k = 2, n = 2: Pr[1|c_1] = 1/2, "
                          "formula 2/3)."),
            Reading("proof-posterior-formula-nonempty", "the proof's posterior formula under D_N conditioned on "
                    "T ≠ ∅ (the proof's implicit model: 'at least one element in M_j must appear')",
                    check=_check_posterior_formula(True),
                    families=(Family("k-2..4,n-k..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest",))),),
                    expected=Verdict.CHECKED,
                    notes="The formula is right in terms of s_j; what fails is s_j >= k."),
        ])


# --- values after Prop. 5.3 and the primes example --------------------------------------
def kmax_posterior(n: int, k: int, j: int, i: int, *, empty: str = "lowest") -> Fraction:
    """Pr[i ∈ T | k-Max outputs c_j] under D_N on a universe of n ranks, without enumerating 2^n
    datasets.  P(c_j | T) depends on T only through m = max(T) (m = 0 for ∅); Pr[max = m] =
    2^{m-1}/2^n and Pr[∅] = 1/2^n; given max = m, i ∈ T w.p. 1 (i = m), 1/2 (i < m), 0 (i > m).
    Only maxima m with c_j in their output set contribute: j-k+1 <= m <= min(j, n-k+1), and
    m > n-k+1 when j >= n-k+1.  Weights are rescaled by 2^n/2^{lo-1} (lo = max(1, j-k+1)) to
    keep the integers small.  Agrees with the brute force on small n (tests)."""
    if empty not in ("lowest", "uniform"):
        raise ValueError(f"empty={empty!r} must be 'lowest' or 'uniform'")
    lo = max(1, j - k + 1)
    maxima = list(range(lo, min(j, n - k + 1) + 1))
    if j >= n - k + 1:
        maxima += list(range(n - k + 2, n + 1))
    num = den = Fraction(0)
    for m in maxima:
        C = _kmax_support(n, k, {m})
        if j not in C:
            continue
        w = Fraction(2 ** (m - lo), len(C))
        num += w * (1 if i == m else (Fraction(1, 2) if i < m else 0))
        den += w
    C0 = set(range(1, k + 1)) if empty == "lowest" else set(range(1, n + 1))
    if j in C0:  # T = ∅: weight 2^{-(lo-1)}, contains no entity
        den += Fraction(1, 2 ** (lo - 1) * len(C0))
    return num / den


def _prove_gamma_max() -> Decision:
    """For all k >= 2 (x = 2^k >= 4): (x-1)/(x-2) >= x/(x-1), so the max is (2^k-1)/(2^k-2)."""
    from exactpriv.certify import prove_inequality

    x = sympy.Symbol("x", positive=True)
    res = prove_inequality((x - 1) / (x - 2), ">=", x / (x - 1), domain=(4, sympy.oo), closed=(True, False),
                           variable=x)
    return res.to_decision()


def _check_values(inst: Instance) -> Outcome:
    k = _int(inst.params["k"])
    g1, g2 = Fraction(2 ** k, 2 ** k - 1), _gamma_k(k)
    stated = {2: Fraction(3, 2), 3: Fraction(7, 6), 4: Fraction(15, 14)}
    parts = [_ok(max(g1, g2) == g2, "rational", f"max({g1}, {g2}) = {g2}")]
    if k in stated:
        parts.append(_ok(g2 == stated[k], "rational", f"k = {k}: γ = {g2}, stated {stated[k]}"))
    # the solve step: the least γ with 2^(k-1)/(2^k-1) <= min(γ/2, (γ - 1/2)/γ) is max(g1, g2)
    post = Fraction(2 ** (k - 1), 2 ** k - 1)

    def holds(g):
        return post <= min(g / 2, (g - Fraction(1, 2)) / g)

    parts.append(_ok(holds(g2) and not holds(g2 * Fraction(999, 1000)), "rational",
                     f"2^(k-1)/(2^k-1) = {post} <= min(γ/2, (γ-1/2)/γ) holds at γ = {g2} and fails just below"))
    return Outcome(_all(parts, "values after Proposition 5.3"))


def _check_primes_example(inst: Instance) -> Outcome:
    n, k = 10000, 3
    parts = [_ok(sympy.prime(n) == 104729, "exact", f"the 10000th prime is {sympy.prime(n)}")]
    T = [2, 5, 113, 9851]
    ranks = [int(sympy.primepi(v)) for v in T]
    j = max(ranks)
    C = sorted(_kmax_support(n, k, set(ranks)))
    vals = [int(sympy.prime(c)) for c in C]
    parts.append(_ok(vals == [9851, 9857, 9859] and len(C) == 3, "exact",
                     f"3-Max on {T} outputs one of {vals}, each w.p. 1/{len(C)}"))
    worst = Fraction(0)
    for c in C:
        Mj = [m for m in range(max(1, c - k + 1), n + 1) if c in _kmax_support(n, k, {m})]
        # entities below min(M_j) (resp. above max(M_j)) all have the posterior of min(M_j) - 1
        # (resp. max(M_j) + 1): kmax_posterior depends on i only through comparisons with M_j
        cand = {1, n, max(1, min(Mj) - 1), min(n, max(Mj) + 1)} | set(Mj)
        for i in cand:
            worst = max(worst, kmax_posterior(n, k, c, i))
        parts.append(_ok(kmax_posterior(n, k, c, j) <= Fraction(7, 12), "rational",
                         f"Pr[9851 | output {int(sympy.prime(c))}] = {kmax_posterior(n, k, c, j)} <= 7/12"))
    parts.append(_ok(worst <= Fraction(7, 12), "rational",
                     f"largest posterior of any entity after these outputs: {worst} <= 7/12 (prior 1/2)"))
    return Outcome(_all(parts, "first-10000-primes example"))


def _prop5_3_values():
    return Claim(
        "li2013.prop5_3_values", "Values after Proposition 5.3 and the primes example",
        SEED + ", §5.1, end of the proof of Prop. 5.3 and the example after Definition 5.2",
        "solving which gets γ >= max(2^k/(2^k-1), (2^k-1)/(2^k-2)) = (2^k-1)/(2^k-2). This means that one obtains "
        "(DN, 3/2)-PMP for k = 2, (DN, 7/6)-PMP for k = 3, and (DN, 15/14)-PMP for k = 4. ... suppose that the "
        "elements in the universe have values that are the first 10000 prime numbers (up to 104729), on a dataset "
        "that has four entities with values {2, 5, 113, 9851}, the mechanism 3-Max outputs one of 9851, 9857, "
        "9859 each with probability 1/3 ... the posterior probability that the entity with value 9851 (or any "
        "other entity) is in the input is not significantly higher than the prior probability of 1/2; it is at "
        "most 7/12.",
        "value",
        [
            Reading("arithmetic", "max(2^k/(2^k-1), (2^k-1)/(2^k-2)) = (2^k-1)/(2^k-2) for every k >= 2 (proved for "
                    "real x = 2^k >= 4 by the certifier); the stated values for k = 2, 3, 4; and the solve step",
                    check=_check_values, prove=_prove_gamma_max,
                    families=(Family("k-2..8", lambda: tuple(Instance(f"k={k}", params={"k": k}) for k in range(2, 9))),),
                    expected=Verdict.PROVED),
            Reading("example-primes", "the 3-Max example on the first 10000 primes, with posteriors under D_N "
                    "computed exactly through the max-structure (kmax_posterior; A(∅) uniform on c_1..c_k, "
                    "irrelevant here since c_j is far from the bottom)",
                    check=_check_primes_example,
                    families=(Family("the example", lambda: (Instance("first 10000 primes, T = {2,5,113,9851}"),)),),
                    expected=Verdict.CHECKED,
                    notes="The actual worst posterior is 4/7 = 2^(k-1)/(2^k-1) < 7/12 = γ/2."),
        ])


def _check_not_nmp(inst: Instance) -> Outcome:
    M = inst.mechanism
    m = negative_membership(M, family="uniform")
    zero = [(j, i) for j in M.outputs for i, v in (_posteriors(M, j, nonempty=False) or {}).items() if v == 0]
    return Outcome(_ok(m.value == _OO and bool(zero), "exact",
                       f"(D_N) NMP level {m.value}; (output, entity) with posterior 0: {zero[:2]}"), {"measure": m})


def _kmax_not_nmp():
    return Claim(
        "li2013.kmax_not_nmp", "Claim: k-Max is not (D_N, γ)-NMP for any γ",
        SEED + ", §5.1, after Proposition 5.3 (NMP reconstructed)",
        "We also note that the accuracy of k-Max is also due in part to satisfying only PMP and not NMP. k-Max "
        "does not satisfy (DN, γ)-NMP for any γ, as observing output cj can reduce the posterior probability of "
        "some large entities to 0.",
        "non-implication",
        [
            Reading("literal", "for every n >= k (both readings of A(∅)): the (D_N) NMP level of k-Max is +oo",
                    check=_check_not_nmp,
                    families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest", "uniform"))),),
                    expected=Verdict.REFUTED,
                    notes="Fails only at n = k, where k-Max outputs uniform on {c_1..c_n} whatever T is (NMP level "
                          "1); minimal witness n = k = 2."),
            Reading("n-greater-than-k", "for every n > k (both readings of A(∅)): the NMP level is +oo and some "
                    "output gives some entity posterior 0",
                    check=_check_not_nmp,
                    families=(Family("k-2..4,n-k+1..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest", "uniform"),
                                                                            n_min_offset=1)),),
                    expected=Verdict.CHECKED),
        ])


# --- k-anonymity (informal) ---------------------------------------------------------------
def _kanon_release(classes, k) -> Mechanism:
    """Deterministic k-anonymous release: per quasi-identifier class, the number of members present
    if at least k are, else '*' (suppressed).  Every published group has >= k records."""
    universe = [u for c in classes for u in c]
    sp = Subsets(universe)
    outs, rows_idx = [], []
    for T in sp.points:
        y = tuple((len(T & set(c)) if len(T & set(c)) >= k else "*") for c in classes)
        if y not in outs:
            outs.append(y)
        rows_idx.append(outs.index(y))
    rows = [[Fraction(int(j == r)) for j in range(len(outs))] for r in rows_idx]
    return Mechanism(sp, outs, rows)


def _kanon_instances():
    cases = [([["a", "b"], ["c"]], 2), ([["a", "b", "c"]], 2), ([["a", "b"], ["c", "d"]], 2),
             ([["a", "b", "c"], ["d"]], 3), ([["a", "b", "c", "d"]], 3), ([["a", "b"], ["c", "d", "e"]], 3),
             ([["a", "b"], ["c", "d", "e"]], 2)]
    return tuple(Instance(f"classes={c}, k={k}", _kanon_release(c, k), params={"k": k}) for c, k in cases)


def _check_kanon(inst: Instance) -> Outcome:
    M = inst.mechanism
    m = positive_membership(M, family="uniform")
    return Outcome(_ok(m.value == _OO, "exact", f"(D_N) PMP level of a k-anonymous count release: {m.value}"),
                   {"measure": m})


def _kanon():
    return Claim(
        "li2013.kanon", "Informal claim: k-anonymity does not give (D_N, γ)-PMP",
        SEED + ", §5.1, after Family 5.1",
        "We note that mechanisms that satisfy syntactic privacy notions such as k-anonymity generally does not "
        "satisfy (DN, γ)-PMP, because from anonymized dataset one can tell membership with high confidence even "
        "assuming the uninformed prior.",
        "informal",
        [Reading("finite-analogue", "deterministic k-anonymous releases (per quasi-identifier class: the number "
                 "of members present, suppressed below k) with at least one class of size >= k: the (D_N) PMP "
                 "level is +oo (the output 'class full' reveals membership with certainty)",
                 check=_check_kanon, families=(Family("partitions", _kanon_instances),), expected=Verdict.CHECKED,
                 notes="Finite analogue of an informal claim; 'generally' = whenever anything is published.")],
    )


# --- Section 5 summary ------------------------------------------------------------------
def _du_sup(M: Mechanism):
    """sup of the PMP level over D_U (all laws on datasets) = max over outputs y, T ∋ t, T' ∌ t of
    P(y|T)/P(y|T'): any law gives a ratio of mixtures Σμ(T)P(y|T)/Σν(T')P(y|T') <= max/min (mediant),
    the two-point law {T: p, T': 1-p} attains the ratio, and sup_p Φ(p, A) = A (membership module doc)."""
    best = Fraction(1)
    for t in M.inputs.universe:
        with_t = [r for T, r in zip(M.inputs.points, M.rows) if t in T]
        without = [r for T, r in zip(M.inputs.points, M.rows) if t not in T]
        for y in range(len(M.outputs)):
            hi = max(r[y] for r in with_t)
            lo = min(r[y] for r in without)
            if lo == 0:
                if hi > 0:
                    return _OO
                continue
            best = max(best, hi / lo)
    return best


def _du_instances():
    return tuple(Instance(f"count+geometric(|U|={n}, e^eps={a})", _count_geometric("abcd"[:n], a),
                          params={"n": n, "exp_eps": a})
                 for n in (1, 2, 3, 4) for a in (Fraction(2), Fraction(3, 2)))


def _check_du(inst: Instance) -> Outcome:
    M = inst.mechanism
    n, a = _int(inst.params["n"]), Fraction(inst.params["exp_eps"])
    du = _du_sup(M)
    di = positive_membership(M, family="independent").value
    parts = [_ok(pure_dp(M).witness.get("ratio") == a, "rational", "the mechanism is exactly ε-DP"),
             _ok(di == a, "rational", f"(D_I) PMP level {di} = e^ε"),
             _ok(du == a ** n, "rational", f"(D_U) PMP level {du} = e^(nε) = {a ** n}")]
    # the D_U level is approached by explicit two-point laws (all vs nobody)
    U = frozenset(M.inputs.universe)
    g = (1 + du) / 2
    delta = (du / g - 1) / (2 * (du - 1)) if du > 1 else Fraction(1, 2)
    lvl, _w = membership_level_at(M, {U: delta, frozenset(): 1 - delta})
    parts.append(_ok(du == 1 or lvl > g, "rational", f"two-point law {{U: {delta}, ∅}} has level {lvl} > {g}"))
    return Outcome(_all(parts, "D_U vs D_I for an ε-DP count"))


_check_dp_di = equivalence_on_levels(
    pure_dp, [lambda M: positive_membership(M, family="independent"),
              lambda M: negative_membership(M, family="independent")],
    "ε-DP ⟺ (D_I, e^ε)-PMP and (D_I, e^ε)-NMP")

_check_udp_di = equivalence_on_levels(
    udp.positive_udp, [lambda M: positive_membership(M, family="independent")],
    "ε-positive UDP ⟺ (D_I, e^ε)-PMP")


def _sec5_summary():
    return Claim(
        "li2013.sec5_summary", "Summary (Section 5 intro): D_U too strong; UDP ↔ D_I; BDP ↔ D_B",
        SEED + ", §5, first paragraph (refers to Theorems 4.5 and 4.8; Thm 4.5 reconstructed)",
        "We have shown that choosing DU, the family that includes all possible distributions, results in a "
        "privacy notion that is likely too strong. We have also shown that UDP corresponds to choosing DI, the "
        "family that includes all mutually independent distributions, and that BDP corresponds to choosing DB_I, "
        "that family that includes all bounded mutually independent distributions.",
        "informal",
        [
            Reading("udp-di", "(Theorem 4.5, reconstructed) for every level λ of a grid: (ln λ)-positive UDP ⟺ "
                    "(D_I, λ)-PMP", check=_check_udp_di, families=SUBSETS, expected=Verdict.CHECKED),
            Reading("dp-di", "unbounded ε-DP ⟺ (D_I, e^ε)-PMP and (D_I, e^ε)-NMP (levels grid)",
                    check=_check_dp_di, families=SUBSETS, expected=Verdict.CHECKED),
            Reading("bdp-db", "BDP ⟺ D_B (Theorem 4.8, decided exactly with coupling.bmi_membership)",
                    check=_check_bdp_pmp_levels(_pmp_bounded_certified), families=(BOUNDED_ZOO,),
                    expected=Verdict.CHECKED, notes="See li2013.thm4_8 for the full families."),
            Reading("du-too-strong", "finite analogue of 'likely too strong': for the ε-DP count with truncated "
                    "geometric noise on Subsets(U), the PMP level over D_U (all laws) is e^{|U|ε}, over D_I it "
                    "is e^ε; two-point laws approach the D_U level (brute force)",
                    check=_check_du, families=(Family("count+geometric", _du_instances),),
                    expected=Verdict.CHECKED,
                    notes="'Likely too strong' is informal; the analogue shows the level grows with |U|."),
        ])


def _def5_4():
    return Claim(
        "li2013.def5_4", "Definition 5.4: ρ-differential identifiability (truncated)",
        SEED + ", §5.2, Definition 5.4 (the fragment ends inside it)",
        "DEFINITION 5.4. (ρ-differential identifiability (DI) [20]) A mechanism A is said to satisfy ρ-DI if for "
        "any dataset T, any entity",
        "definition", encodable=False,
        reason="the seed stops in the middle of the definition; the condition on ρ is not in the fragment, and "
               "reconstructing it from [20] would encode a statement the seed does not make")


CLAIMS: list[Claim] = [
    _def_pmp(), _def_nmp(), _def_udp(), _laplace_cex(), _neg_udp_nmp(), _bdp_symmetry(), _fam4_6(), _fam4_7(),
    _bdp_d2b(), _thm4_8(), _lemma4_9(), _fam5_1(), _def5_2(), _prop5_3(), _prop5_3_values(), _kmax_not_nmp(),
    _kanon(), _sec5_summary(), _def5_4(),
]

# the all-ε readings of theorems/_tightness.py for these claims (to move beside their claims)
from theorems._tightness import attach_all_eps_readings  # noqa: E402

CLAIMS = attach_all_eps_readings(CLAIMS)
