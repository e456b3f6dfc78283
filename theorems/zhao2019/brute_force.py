"""Zhao's notions by brute force, straight from the paper's formulas (independent of the measures).

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761).  The definition readings
compare the measures of :mod:`exactpriv.measures` with these plain computations in Fractions:
likelihoods of partial configurations P[Y = y | x_i, x_S] summed over the prior (Sec. I, (19)), all
output *events* (not only single outputs), statistical distance by brute force over events, the
Game-0 / Game-i likelihoods (9), (15) of Definition 2, and the two-point family D* of Definition 3
with the posteriors (21)-(22) computed by Bayes.  Small instances only (n ≤ 3, |D| ≤ 3, ≤ 3 outputs).

Null events (a conditioning event of prior probability 0): ``null_events="skip_null"`` skips every
such configuration; ``"skip_undefined"`` skips it only when some record is integrated out — a fully
known database x has the likelihood P(y | x) (its row) for every prior.  These are the two
conventions of :data:`exactpriv.measures.bayesian.NULL_EVENTS`, written again here.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import OO
from exactpriv.mechanisms.base import Mechanism
from theorems.zhao2019.steps import lt

_F = Fraction
#: the null-event conventions (as exactpriv.measures.bayesian.NULL_EVENTS)
NULL_EVENTS = ("skip_undefined", "skip_null")


class Tables:
    """Fractions of a (mechanism, prior) on D^n: points, pmf, rows, alphabets, ⊥ codes."""

    def __init__(self, M: Mechanism, prior: Prior | None, null_events: str = "skip_undefined"):
        if null_events not in NULL_EVENTS:
            raise InvalidArgument(f"null_events={null_events!r} must be one of {NULL_EVENTS}")
        self.null_events = null_events
        sp = M.inputs
        self.space = sp
        self.points = sp.points
        self.index = {x: k for k, x in enumerate(self.points)}
        self.rows = M.rows
        self.pmf = prior.pmf if prior is not None else None
        self.alphabets = sp.records
        self.n = len(self.alphabets)
        self.ny = len(M.outputs)
        self.bot = tuple(a[0] for a in self.alphabets)  # default value ⊥ of each record

    def with_bot(self, x, i):
        return x[:i] + (self.bot[i],) + x[i + 1:]

    @functools.lru_cache(maxsize=None)  # noqa: B019 - tables live as long as their cache entry
    def likelihood(self, cond: tuple, bot_at=None):
        """P[Y = . | X_j = v for (j, v) in cond] with the database drawn from the prior given the
        condition; record ``bot_at`` replaced by ⊥ before the mechanism runs.  None if the
        condition has prior probability 0 — unless it fixes every record and the convention is
        "skip_undefined": then nothing is integrated out and the likelihood is the database's row."""
        if self.null_events == "skip_undefined" and len(cond) == self.n:
            x = tuple(v for _, v in sorted(cond))
            if bot_at is not None:
                x = self.with_bot(x, bot_at)
            return tuple(self.rows[self.index[x]])
        tot = Fraction(0)
        acc = [Fraction(0)] * self.ny
        for x, p, row in zip(self.points, self.pmf, self.rows):
            if p == 0 or any(x[j] != v for j, v in cond):
                continue
            if bot_at is not None:
                row = self.rows[self.index[self.with_bot(x, bot_at)]]
            tot += p
            for k, q in enumerate(row):
                acc[k] += p * q
        if tot == 0:
            return None
        return tuple(a / tot for a in acc)

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def marginal_likelihood(self, fixed: tuple):
        """Σ_{x_R} p_R(x_R) P[Y = . | fixed, x_R] with R the records not fixed and p_R the prior's
        marginal on R (Zhao's D_{i,K} with the remaining records drawn independently)."""
        fixed_d = dict(fixed)
        rest = [j for j in range(self.n) if j not in fixed_d]
        marg: dict = {}
        for x, p in zip(self.points, self.pmf):
            key = tuple(x[j] for j in rest)
            marg[key] = marg.get(key, Fraction(0)) + p
        acc = [Fraction(0)] * self.ny
        for key, w in marg.items():
            if w == 0:
                continue
            x = [None] * self.n
            for j, v in fixed_d.items():
                x[j] = v
            for j, v in zip(rest, key):
                x[j] = v
            row = self.rows[self.index[tuple(x)]]
            for k, q in enumerate(row):
                acc[k] += w * q
        return tuple(acc)


@functools.lru_cache(maxsize=None)
def tables_of(M, prior, null_events: str = "skip_undefined"):
    return Tables(M, prior, null_events)


def output_events(ny: int):
    """All non-empty output events (index tuples)."""
    return [E for r in range(1, ny + 1) for E in itertools.combinations(range(ny), r)]


def event_sums(P, events) -> list:
    """P(E) for every event E of ``events``."""
    return [sum((P[k] for k in E), Fraction(0)) for E in events]


def event_max_ratio(P, Q, events):
    """max over events E of P(E)/Q(E) (0/0 ignored, a/0 = +oo); 1 if every ratio is 0/0."""
    return max_ratio_of_sums(event_sums(P, events), event_sums(Q, events))


def max_ratio_of_sums(PE, QE):
    """:func:`event_max_ratio` from the events' probabilities P(E), Q(E) (in the same order)."""
    best = None
    for a, b in zip(PE, QE):
        if a == 0 and b == 0:
            continue
        r = OO if b == 0 else a / b
        if best is None or lt(best, r):
            best = r
            if r == OO:
                return r
    return best


def subsets_of(others):
    for r in range(len(others) + 1):
        yield from itertools.combinations(others, r)


def _configs(T: Tables, S):
    return itertools.product(*(T.alphabets[j] for j in S))


def brute_bdp_ratio(T: Tables):
    """e^{BDP} by the definition: sup over i, S, x_S, x_i ≠ x_i' and output *events* of
    P[Y ∈ E | x_i, x_S]/P[Y ∈ E | x_i', x_S] (unknown records integrated under the prior)."""
    events = output_events(T.ny)
    best = Fraction(1)
    for i in range(T.n):
        for S in subsets_of([j for j in range(T.n) if j != i]):
            for xs in _configs(T, S):
                base = tuple(zip(S, xs))
                for a, b in itertools.permutations(T.alphabets[i], 2):
                    u = T.likelihood(tuple(sorted(base + ((i, a),))))
                    w = T.likelihood(tuple(sorted(base + ((i, b),))))
                    if u is None or w is None:
                        continue
                    r = event_max_ratio(u, w, events)
                    if r is not None and lt(best, r):
                        best = r
    return best


def statistical_distance(P, Q) -> Fraction:
    """SD(P, Q) = max over events S of |P(S) − Q(S)| (Zhao, before Def. 1), by brute force
    over the subsets of the union of supports (at most 2^8 of them)."""
    sup = [k for k in range(len(P)) if P[k] or Q[k]]
    if len(sup) > 8:  # pragma: no cover - beliefs here have small supports
        return sum((abs(p - q) for p, q in zip(P, Q)), Fraction(0)) / 2
    if all(type(P[k]) is Fraction and type(Q[k]) is Fraction for k in sup):
        # the same brute force over events, in integers over the lcm of the denominators (one Fraction at the end)
        L = math.lcm(*(P[k].denominator for k in sup), *(Q[k].denominator for k in sup))
        D = {k: P[k].numerator * (L // P[k].denominator) - Q[k].numerator * (L // Q[k].denominator) for k in sup}
        top = 0
        for r in range(1, len(sup) + 1):
            for S in itertools.combinations(sup, r):
                top = max(top, abs(sum(D[k] for k in S)))
        return Fraction(top, L)
    best = Fraction(0)
    for r in range(1, len(sup) + 1):
        for S in itertools.combinations(sup, r):
            d = abs(sum((P[k] - Q[k] for k in S), Fraction(0)))
            best = max(best, d)
    return best


def posteriors(weights, u, v):
    """(b_0, b_i) ∝ (b·u, b·v), or None when a posterior is undefined (normaliser 0)."""
    wu = [w * a for w, a in zip(weights, u)]  # each product once, for the normaliser and the posterior
    wv = [w * a for w, a in zip(weights, v)]
    z0 = sum(wu, Fraction(0))
    zi = sum(wv, Fraction(0))
    if z0 == 0 or zi == 0:
        return None
    return [x / z0 for x in wu], [x / zi for x in wv]


def random_weights(rng, k):
    w = [rng.randint(1, 9) for _ in range(k)]
    s = sum(w)
    return [Fraction(a, s) for a in w]


def _belief_weight(spec, other_spec):
    """A rational weight near a witness belief weight (floats only choose the belief; every
    decision about it is exact)."""
    if isinstance(spec, str):
        if "->" in spec:
            return Fraction(1) - Fraction(1, 10 ** 12)
        if "any" in spec:
            return Fraction(1, 2)
        return None  # the complement, filled in by the caller
    if isinstance(spec, Fraction):
        return spec
    w = Fraction(float(sympy.N(spec, 30))).limit_denominator(10 ** 9)
    return min(max(w, Fraction(1, 10 ** 12)), 1 - Fraction(1, 10 ** 12))


def witness_pair_weights(belief, pair):
    a, b = pair
    wa = _belief_weight(belief[a], belief[b])
    wb = _belief_weight(belief[b], belief[a])
    if wa is None:
        wa = 1 - wb
    if wb is None:
        wb = 1 - wa
    return wa, wb


def sp_uv(T: Tables, i: int, y: int):
    """Game-0 and Game-i likelihoods of every database for record i, transcript y."""
    u = [row[y] for row in T.rows]
    v = [T.rows[T.index[T.with_bot(x, i)]][y] for x in T.points]
    return u, v


def bsp_uv(T: Tables, i: int, S: tuple, game: str):
    """Configurations c = (x_i, x_S) admissible in Def. 2 and their Game-0 / Game-i likelihood
    rows (9), (15) for the given reading of Game i (unknown records integrated under the prior)."""
    out = []
    for xs in _configs(T, S):
        base = tuple(zip(S, xs))
        for a in T.alphabets[i]:
            cond = tuple(sorted(base + ((i, a),)))
            u = T.likelihood(cond)
            if u is None:
                continue
            if game == "resample":
                v = T.likelihood(tuple(sorted(base + ((i, T.bot[i]),))))
            else:
                v = T.likelihood(cond, bot_at=i)
            if v is None:
                continue
            out.append((cond, u, v))
    return out


def _two_point_likelihood(T: Tables, i, a, K, xk, remaining):
    fixed = tuple(sorted(tuple(zip(K, xk)) + ((i, a),)))
    if remaining == "conditional":
        return T.likelihood(fixed)
    return T.marginal_likelihood(fixed)


@functools.lru_cache(maxsize=None)
def brute_mp_of(M, prior, remaining: str, null_events: str = "skip_undefined"):
    return _brute_mp(tables_of(M, prior, null_events), remaining)


def _brute_mp(T: Tables, remaining: str, ps=(_F(1, 2), _F(1, 100))):
    """(A_max, max γ over the grid of p): over D_{i,K} in D*, A = P[E|x_i]/P[E|x̄_i] over output
    events E; γ(D) = max_E max(P[x_i|E]/P[x_i], P[x̄_i]/P[x̄_i|E]) by Bayes (Def. 3 (21)-(22))."""
    events = output_events(T.ny)
    a_max, g_max = Fraction(1), Fraction(1)
    integral = all(type(p) is Fraction and 0 < p < 1 for p in ps)
    for i in range(T.n):
        for K in subsets_of([j for j in range(T.n) if j != i]):
            for xk in _configs(T, K):
                for a, b in itertools.permutations(T.alphabets[i], 2):
                    u = _two_point_likelihood(T, i, a, K, xk, remaining)
                    w = _two_point_likelihood(T, i, b, K, xk, remaining)
                    if u is None or w is None:
                        continue
                    if integral and all(type(v) is Fraction for v in u) and all(type(v) is Fraction for v in w):
                        r, gam = _pair_in_integers(u, w, events, ps)
                        if r is not None and lt(a_max, r):
                            a_max = r
                        if gam is not None and lt(g_max, gam):
                            g_max = gam
                        continue
                    # P[E | x_i] and P[E | x̄_i] of every output event, summed once for the ratio and every p
                    su, sw = event_sums(u, events), event_sums(w, events)
                    r = max_ratio_of_sums(su, sw)
                    if r is not None and lt(a_max, r):
                        a_max = r
                    for p in ps:
                        for pu, pw in zip(su, sw):
                            pe = p * pu + (1 - p) * pw
                            if pe == 0:
                                continue
                            post_in = p * pu / pe
                            post_out = (1 - p) * pw / pe
                            gam = max(post_in / p, OO if post_out == 0 else (1 - p) / post_out)
                            if lt(g_max, gam):
                                g_max = gam
    return a_max, g_max


def _pair_in_integers(u, w, events, ps):
    """(max_E P[E|x_i]/P[E|x̄_i], max over p and E of γ) for one pair of likelihood rows of Fractions, with each
    row on the lcm of its denominators so every event sum and comparison is in integers (the Fraction formulas of
    the general path normalise a gcd at every step: ~2/3 of this reading's time).  Both maxima are exact values,
    the same whichever way they are found; only the winners become Fractions.  With P(E|x_i) = SU/Lu,
    P(E|x̄_i) = SW/Lw and p = n/d: p·P(E|x_i) + (1 − p)·P(E|x̄_i) = PE/(d·Lu·Lw) with PE = n·SU·Lw + (d − n)·SW·Lu,
    P[x_i|E]/p = SU·d·Lw/PE and P[x̄_i]/P[x̄_i|E] = PE/(d·Lu·SW) (+oo when SW = 0 < PE)."""
    Lu = math.lcm(*(v.denominator for v in u))
    Lw = math.lcm(*(v.denominator for v in w))
    U = [v.numerator * (Lu // v.denominator) for v in u]
    W = [v.numerator * (Lw // v.denominator) for v in w]
    sums = [(sum(U[k] for k in E), sum(W[k] for k in E)) for E in events]
    # the event ratio SU/SW (the common factor Lw/Lu aside); +oo as soon as some SW = 0 < SU
    best = None
    for su, sw in sums:
        if su == 0 and sw == 0:
            continue
        if sw == 0:
            best = (1, 0)
            break
        if best is None or su * best[1] > best[0] * sw:
            best = (su, sw)
    r = None if best is None else (OO if best[1] == 0 else Fraction(best[0] * Lw, best[1] * Lu))
    gbest = None  # (numerator, denominator) of the largest γ so far; denominator 0 = +oo
    for p in ps:
        n, d = p.numerator, p.denominator
        for su, sw in sums:
            pe = n * su * Lw + (d - n) * sw * Lu
            if pe == 0:
                continue
            for num, den in ((su * d * Lw, pe), (pe, d * Lu * sw)):
                if den == 0:
                    return r, OO
                if gbest is None or num * gbest[1] > gbest[0] * den:
                    gbest = (num, den)
    return r, (None if gbest is None else Fraction(gbest[0], gbest[1]))
