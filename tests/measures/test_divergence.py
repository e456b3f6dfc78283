"""Divergence-based DP measures: pure, (ε, δ) profile, TV, KL, Rényi, group, free-lunch and
personalized DP (Cuff–Yu §2 Defs. 1, 4–7, Property 3, Properties 7–9, §6.1–6.2; Wang–Ying–Zhang
Def. 3; Zhao def_dp; Wu–Xia–He Def. 2).

(a) textbook values worked by hand; (b) definitional brute force over ALL output events on
seeded random tiny exact mechanisms (both scan paths of the engine: value codes and float
filter); (c) bad input raises typed errors.
"""

import itertools
import math
import random
from fractions import Fraction as F

import mpmath
import networkx as nx
import pytest
import sympy

from exactpriv.errors import InvalidArgument, NoClosedFormError, NotExactError, NotStochasticError, ShapeError
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.measures import divergence as dv
from exactpriv.measures.approx import approx_dp, group_approx_dp, is_approx_dp, is_group_approx_dp
from exactpriv.measures.divergence import (
    free_lunch,
    group_privacy,
    hockey_stick,
    is_close,
    is_free_lunch,
    is_group_private,
    is_kl_dp,
    is_personalized_dp,
    is_pure_dp,
    is_renyi_dp,
    is_tv_dp,
    kl,
    kl_dp,
    max_divergence,
    personalized_dp,
    personalized_dp_vector,
    pure_dp,
    renyi,
    renyi_dp,
    tv,
    tv_dp,
)
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import (
    erasure_channel,
    exponential_mechanism_hamming,
    randomized_response,
    rappor,
    truncated_geometric,
)
from exactpriv.spaces import GraphSpace, Hamming

L = LogForm.log


@pytest.fixture(params=["codes", "float"])
def path(request, monkeypatch):
    """Run a test through both exact scan paths of the engine."""
    if request.param == "float":
        monkeypatch.setattr(dv.ScanEngine, "_build_codes", lambda self: None)
    return request.param


# ======================================================================================
# (a) values by hand
# ======================================================================================
def test_randomized_response_three_quarters():
    """Binary RR with p = 3/4: ratio 3 (Cuff–Yu (7)); KL = 3/4 ln 3 + 1/4 ln(1/3) = ln(3)/2
    (Def. 7); TV = |3/4 − 1/4| = 1/2 (Def. 6, (8))."""
    M = randomized_response(p="3/4")
    assert pure_dp(M).value == L(3)
    assert kl_dp(M).value == L(3) / 2
    assert tv_dp(M).value == F(1, 2)
    assert pure_dp(M).witness["pair"] in ([(0,), (1,)], [(1,), (0,)])


def test_k_ary_randomized_response():
    """3-ary RR with e^eps = 3: rows (3/5, 1/5, 1/5): ratio 3, TV 2/5, KL 3/5 ln3 − 1/5 ln3."""
    M = randomized_response(3, eps=sympy.log(3))
    assert pure_dp(M).value == L(3)
    assert tv_dp(M).value == F(2, 5)
    assert kl_dp(M).value == L(3) * F(2, 5)
    # Rényi order 2: Σ p²/q = (9/25)/(1/5) + (1/25)/(3/5) + (1/25)/(1/5) = 9/5 + 1/15 + 1/5 = 31/15
    assert renyi_dp(M, 2).value == L(F(31, 15))


def test_truncated_geometric_is_eps_dp():
    """Truncated geometric on counts 0..4 with e^eps = 3: exactly eps-DP (adjacent counts)."""
    assert pure_dp(truncated_geometric(4, exp_eps=3)).value == L(3)
    assert pure_dp(truncated_geometric(4, eps=EPS)).value == EPS


def test_erasure_channel():
    """Cuff–Yu Example 3.3: the unerased symbol has probability 0 under any other input,
    so pure DP and KL-DP are +oo while TV = delta (the unerased mass); the profile is the
    constant delta."""
    M = erasure_channel(3, F(1, 4))
    assert pure_dp(M).value == OO
    assert kl_dp(M).value == OO
    assert tv_dp(M).value == F(1, 4)
    P = approx_dp(M).value
    assert P.delta(exp_eps=100) == F(1, 4)
    assert P.epsilon(F(1, 4)) == 0
    assert P.epsilon(F(1, 5)) == OO
    assert is_pure_dp(M, 100).is_false


def test_exponential_mechanism_group_and_free_lunch():
    """E_d on {0,1,2}^3 with e^eps = 2 (Wang–Ying–Zhang eq. (30)): P(y|x) ∝ 2^{-d(x,y)}, so the
    ratio of neighbours is at most 2; pairs at distance k reach 2^k (Property 7 is tight),
    all pairs 2^3 (free lunch).  Per coordinate the output is (1/2, 1/4, 1/4), so KL between
    neighbours is 1/2 ln 2 + 1/4 ln(1/2) = ln(2)/4, TV = 1/4, and
    Σ p²/q = 1 + 1/8 + 1/4 = 11/8."""
    M = exponential_mechanism_hamming([0, 1, 2], 3, exp_eps=2)
    assert pure_dp(M).value == L(2)
    for k in (1, 2, 3):
        m = group_privacy(M, k)
        assert m.value == k * L(2)
    assert group_privacy(M, 2).witness["distance"] == 2
    assert free_lunch(M).value == 3 * L(2)
    assert kl_dp(M).value == L(2) / 4
    assert tv_dp(M).value == F(1, 4)
    assert renyi_dp(M, 2).value == L(F(11, 8))
    assert personalized_dp_vector(M) == [L(2)] * 3


def test_symbolic_closed_forms():
    """Symbolic mechanisms: pure DP is the closed form eps (Wang–Ying–Zhang Lemma 5 for E_d)."""
    assert pure_dp(randomized_response(eps=EPS)).value == EPS
    assert pure_dp(randomized_response(3, eps=EPS)).value == EPS
    E = exponential_mechanism_hamming([0, 1], 2, eps=EPS)
    assert pure_dp(E).value == EPS
    assert group_privacy(E, 1).value == EPS
    assert sympy.simplify(free_lunch(E).value - 2 * EPS) == 0
    assert is_pure_dp(randomized_response(eps=EPS), EPS).is_true
    # constant e^1 entries: RR(eps=1) is exactly 1-DP
    assert pure_dp(randomized_response(eps=1)).value == 1


def test_symbolic_crossing_ratios():
    """Rows P_x = (1/2, t/(4(t+1)), 1/2 − t/(4(t+1))), P_x' = (1/4, 1/(4(t+1)), 3/4 − 1/(4(t+1)))
    with t = e^eps: the ratios are 2, t and (t+2)/(3t+2) (and inverses), so by hand pure DP
    = ln 2 for eps <= ln 2 and eps beyond -- no single ratio dominates: an exact Max."""
    t = sympy.exp(EPS)
    v = t / (4 * (t + 1))
    w = 1 / (4 * (t + 1))
    M = Mechanism(Hamming([0, 1], 1), [0, 1, 2], [[F(1, 2), v, F(1, 2) - v], [F(1, 4), w, F(3, 4) - w]])
    val = pure_dp(M).value
    assert isinstance(val, sympy.Max)
    for e, expect in ((sympy.log(F(3, 2)), sympy.log(2)), (sympy.log(3), sympy.log(3)), (sympy.log(2), sympy.log(2))):
        assert sympy.simplify(val.subs(EPS, e) - expect) == 0
        assert pure_dp(M.subs(eps=e)).value == LogForm.from_sympy(expect)


def test_huge_denominators_object_path():
    """Denominators beyond int64 (Python-int object arrays): pure DP and δ against the
    pointwise definitions; ln of a large rational stays an exact sympy log."""
    rng = random.Random(3)
    S = Hamming([0, 1, 2], 2)
    rows = []
    for _ in range(9):
        w = [rng.randint(1, 10 ** 25) for _ in range(5)]
        rows.append([F(v, sum(w)) for v in w])
    M = Mechanism(S, list(range(5)), rows)
    pairs = [(int(a), int(b)) for a, b in S.edges] + [(int(b), int(a)) for a, b in S.edges]
    r = max(rows[i][y] / rows[j][y] for i, j in pairs for y in range(5))
    m = pure_dp(M)
    assert m.witness["ratio"] == r and m.value == sympy.log(sympy.Rational(r.numerator, r.denominator))
    assert is_pure_dp(M, m.value).is_true
    g = F(11, 10)
    assert approx_dp(M).value.delta(exp_eps=g) == max(
        sum(max(F(0), p - g * q) for p, q in zip(rows[i], rows[j])) for i, j in pairs)
    assert renyi_dp(M, 2).witness["sum"] == max(sum(p * p / q for p, q in zip(rows[i], rows[j])) for i, j in pairs)


def test_rr_profile_by_hand():
    """RR p = 3/4: E_γ(P‖Q) = max(0, 3/4 − γ/4) (Cuff–Yu Def. 4 via E_γ), so
    δ(ε) = 3/4 − e^ε/4 on [0, ln 3] and 0 after; ε(1/10) = ln(13/5)."""
    P = approx_dp(randomized_response(p="3/4")).value
    assert [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in P.pieces] == [
        (1, 3, F(3, 4), F(1, 4)), (3, None, 0, 0)]
    assert P.breakpoints == (L(3),)
    assert P.delta(sympy.log(2)) == F(1, 4)
    assert sympy.simplify(P.delta(1) - (F(3, 4) - sympy.E / 4)) == 0
    assert P.epsilon(F(1, 10)) == L(F(13, 5))
    assert P.epsilon(0) == L(3)
    assert P.delta(0) == tv_dp(randomized_response(p="3/4")).value
    assert sympy.simplify(P.to_sympy().subs(EPS, sympy.log(2)) - F(1, 4)) == 0
    assert is_approx_dp(randomized_response(p="3/4"), sympy.log(2), F(1, 4)).is_true
    assert is_approx_dp(randomized_response(p="3/4"), sympy.log(2), F(1, 5)).is_false
    # irrational e^ε: δ(1) = (3 − e)/4 = 0.07043 lies between 7/100 and 1/14 = 0.0714
    assert is_approx_dp(randomized_response(p="3/4"), 1, F(1, 14)).is_true
    assert is_approx_dp(randomized_response(p="3/4"), 1, F(7, 100)).is_false


def test_pair_level_helpers():
    """Cuff–Yu Def. 4 on P = (3/4, 1/4), Q = (1/4, 3/4)."""
    P, Q = [F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]
    assert max_divergence(P, Q) == L(3)
    assert tv(P, Q) == F(1, 2)
    assert kl(P, Q) == L(3) / 2
    assert hockey_stick(P, Q, 2) == F(1, 4)
    assert hockey_stick(P, Q, 1) == tv(P, Q)
    # Rényi: α=2: 9/4 + 1/12 = 7/3;  α=1/2: −2 ln(2 sqrt(3/16)) = ln(4/3);  α=3: (27/64)/(1/16)+(1/64)/(9/16)
    assert renyi(P, Q, 2) == L(F(7, 3))
    assert sympy.simplify(renyi(P, Q, F(1, 2)) - sympy.log(F(4, 3))) == 0
    assert renyi(P, Q, 3) == L(F(27, 4) + F(1, 36)) / 2
    assert renyi(P, Q, 1) == kl(P, Q) and renyi(P, Q, sympy.oo) == L(3)
    assert renyi([1, 0], [F(1, 2), F(1, 2)], 2) == L(2)
    assert renyi([1, 0], [0, 1], F(1, 2)) == OO and max_divergence([1, 0], [0, 1]) == OO
    assert is_close(P, Q, sympy.log(3), 0).is_true
    assert is_close(P, Q, sympy.log(2), F(1, 4)).is_true
    assert is_close(P, Q, sympy.log(2), F(1, 5)).is_false


def test_product_mechanism_max_of_sums():
    """RAPPOR-style bits with p = 3/4, q = 1/4 (ratio 3 per differing bit).  Items set bits
    {0}, {1}, {2}: every pair differs in exactly 2 bits, so pure DP = 2 ln 3, although the
    sum over bits of the per-bit maxima would be 3 ln 3."""
    R = rappor(["a", "b", "c"], 3, {"a": {0}, "b": {1}, "c": {2}}, f="1/2")
    assert pure_dp(R).value == 2 * L(3)
    assert pure_dp(R).value == pure_dp(R.expand()).value
    R2 = rappor(["a", "b"], 3, {"a": {0, 1}, "b": {1, 2}}, f="1/2")
    assert pure_dp(R2).value == 2 * L(3)
    assert kl_dp(R2).value == kl_dp(R2.expand()).value


def _rr_rows(p):
    return [[p, 1 - p], [1 - p, p]]


def test_personalized_dp():
    """Cuff–Yu §6.1: record 0 through RR(3/4) (ratio 3), record 1 through RR(2/3) (ratio 2),
    independently: ε_0 = ln 3, ε_1 = ln 2."""
    S = Hamming([0, 1], 2)
    r0, r1 = _rr_rows(F(3, 4)), _rr_rows(F(2, 3))
    outs = [(a, b) for a in (0, 1) for b in (0, 1)]
    rows = [[r0[x0][a] * r1[x1][b] for a, b in outs] for x0, x1 in S.points]
    M = Mechanism(S, outs, rows)
    assert personalized_dp_vector(M) == [L(3), L(2)]
    m = personalized_dp(M)
    assert m.value == L(3) and m.witness["record"] == 0
    assert is_personalized_dp(M, [sympy.log(3), sympy.log(2)]).is_true
    assert is_personalized_dp(M, [sympy.log(3), 0]).is_false
    assert pure_dp(M).value == L(3)


# ======================================================================================
# (b) brute force over all output events
# ======================================================================================
def random_mechanism(rng, *, hamming=False):
    """Seeded tiny exact mechanism: 2–4 inputs on a random connected graph (or {0,1}^2),
    2–4 outputs, entries with zeros."""
    if hamming:
        space = Hamming([0, 1], 2)
        n = 4
    else:
        n = rng.randint(2, 4)
        edges = {(rng.randrange(k), k) for k in range(1, n)}
        for _ in range(rng.randint(0, 2)):
            a, b = rng.sample(range(n), 2)
            edges.add((min(a, b), max(a, b)))
        space = GraphSpace.from_edges(list(range(n)), sorted(edges))
    y = rng.randint(2, 4)
    rows = []
    for _ in range(n):
        w = [rng.choice([0, 0, 1, 2, 3, 5, 8]) for _ in range(y)]
        if not any(w):
            w[rng.randrange(y)] = 1
        s = sum(w)
        rows.append([F(v, s) for v in w])
    return Mechanism(space, list(range(y)), rows)


def ordered_pairs(M, k=1, *, all_pairs=False):
    pts = M.inputs.points
    g = M.inputs.graph()
    dist = dict(nx.all_pairs_shortest_path_length(g))
    for i, j in itertools.permutations(range(len(pts)), 2):
        d = dist[pts[i]].get(pts[j])
        if all_pairs or (d is not None and 1 <= d <= k):
            yield i, j


def events(Y):
    return [S for r in range(1, Y + 1) for S in itertools.combinations(range(Y), r)]


class Brute:
    """Event sums P(S|x) for every event S, as integers over a common denominator D (so the
    brute force over events runs in exact integer arithmetic)."""

    def __init__(self, M):
        self.D = math.lcm(*(v.denominator for row in M.rows for v in row))
        ints = [[int(v * self.D) for v in row] for row in M.rows]
        evs = events(len(M.outputs))
        self.sums = [[sum(r[y] for y in S) for S in evs] for r in ints]

    def ratio(self, pairs):
        """max over ordered pairs and events of P(S|x)/P(S|x') (oo if P(S|x) > 0 = P(S|x'))."""
        best = None
        for i, j in pairs:
            for a, b in zip(self.sums[i], self.sums[j]):
                if a == 0:
                    continue
                if b == 0:
                    return OO
                if best is None or a * best[1] > best[0] * b:
                    best = (a, b)
        return None if best is None else F(*best)

    def delta(self, pairs, g):
        """max over ordered pairs and events of P(S|x) − g P(S|x')  (S = ∅ gives 0)."""
        g = F(g)
        best = 0
        for i, j in pairs:
            for a, b in zip(self.sums[i], self.sums[j]):
                best = max(best, a * g.denominator - g.numerator * b)
        return F(best, self.D * g.denominator)


def brute_ratio(M, pairs):
    return Brute(M).ratio(pairs)


def brute_delta(M, pairs, g):
    return Brute(M).delta(pairs, g)


def exp_of(lf):
    """e^lf for a LogForm with integer prime exponents (a rational)."""
    assert lf.q0 == 0
    out = F(1)
    for p, c in lf.coefficients.items():
        assert c.denominator == 1
        out *= F(p) ** int(c)
    return out


GAMMAS = [F(1), F(3, 2), F(2), F(7, 2)]


def test_pure_and_delta_brute_force(path):
    """Pure DP equals the event definition max_S P(S|x)/P(S|x') (Wang–Ying–Zhang (3), Cuff–Yu (5));
    δ(e^ε = g) equals max_S P(S|x) − g P(S|x') at several rational g (Def. 4 with Def. 1);
    400 random mechanisms per path."""
    rng = random.Random(20240601 if path == "codes" else 20240602)
    for _ in range(400):
        M = random_mechanism(rng)
        pairs = list(ordered_pairs(M))
        bf = Brute(M)
        r = bf.ratio(pairs)
        m = pure_dp(M)
        if r is OO:
            assert m.value == OO
        else:
            assert m.witness["ratio"] == r and m.value == L(r)
            x, x2 = (M.inputs.index(p) for p in m.witness["pair"])
            y = M.output_index(m.witness["output"])
            assert M.rows[x][y] == r * M.rows[x2][y]  # the witness attains the value
        P = approx_dp(M).value
        for g in GAMMAS:
            assert P.delta(exp_eps=g) == bf.delta(pairs, g)
        assert tv_dp(M).value == P.delta(exp_eps=1)


def test_profile_pieces_and_inverse_brute_force(path):
    """Every piece A − B e^ε of the profile agrees with the event brute force at its ends and
    midpoint; ε(δ) is the smallest ε with δ(ε) ≤ δ (checked just left of it)."""
    rng = random.Random(777 if path == "codes" else 778)
    for _ in range(120):
        M = random_mechanism(rng)
        pairs = list(ordered_pairs(M))
        bf = Brute(M)
        P = approx_dp(M).value
        ps = P.pieces
        assert ps[0].gamma_lo == 1 and ps[-1].gamma_hi is None and ps[-1].B == 0
        for p in ps:
            pts = [p.gamma_lo] + ([p.gamma_hi, (p.gamma_lo + p.gamma_hi) / 2] if p.gamma_hi else [p.gamma_lo + 5])
            for g in pts:
                assert bf.delta(pairs, g) == p.at(g)
        r = bf.ratio(pairs)
        if r is not OO:
            assert ps[-1].A == 0 and ps[-1].gamma_lo == r  # δ reaches 0 exactly at e^{pure ε}
        for d in {F(0), F(1, 10), F(1, 3), P.delta(exp_eps=1), P.delta(exp_eps=2)}:
            e = P.epsilon(d)
            if e == OO:
                assert bf.delta(pairs, F(10 ** 9)) > d
                continue
            g = exp_of(e)
            assert bf.delta(pairs, g) <= d
            if g > 1:
                assert bf.delta(pairs, 1 + (g - 1) * F(999, 1000)) > d


def test_kl_renyi_brute_force(path):
    """KL-DP and Rényi-DP (α = 2, 3 exact; α = 1/2 certified) against the direct formulas
    on every ordered neighbour pair (Cuff–Yu Def. 7)."""
    rng = random.Random(99 if path == "codes" else 100)
    mpmath.mp.dps = 40
    for _ in range(100):
        M = random_mechanism(rng)
        pairs = list(ordered_pairs(M))
        rows = M.rows
        kls = [kl(rows[i], rows[j]) for i, j in pairs]
        m = kl_dp(M)
        if OO in kls:
            assert m.value == OO
        else:
            vals = [mpmath.mpf(sympy.N(v.to_sympy(), 45)) for v in kls]
            top = max(vals)
            assert abs(mpmath.mpf(sympy.N(m.value.to_sympy(), 45)) - top) < mpmath.mpf(10) ** -30
            assert m.value in kls
        for a in (2, 3):
            sums = []
            for i, j in pairs:
                p, q = rows[i], rows[j]
                if any(u > 0 and v == 0 for u, v in zip(p, q)):
                    sums.append(OO)
                else:
                    sums.append(sum((u ** a / v ** (a - 1) for u, v in zip(p, q) if u), F(0)))
            mr = renyi_dp(M, a)
            if OO in sums:
                assert mr.value == OO
            else:
                assert mr.witness["sum"] == max(sums) and mr.value == L(max(sums)) / (a - 1)
        half = []
        for i, j in pairs:
            s = sum(mpmath.sqrt(mpmath.mpf(u.numerator) / u.denominator * mpmath.mpf(v.numerator) / v.denominator)
                    for u, v in zip(rows[i], rows[j]))
            half.append(mpmath.inf if s == 0 else -2 * mpmath.log(s))
        mh = renyi_dp(M, F(1, 2))
        top = max(half)
        if top == mpmath.inf:
            assert mh.value == OO
        elif mh.value is not None:
            assert abs(mpmath.mpf(sympy.N(mh.value, 45)) - top) < mpmath.mpf(10) ** -30
        else:
            assert mh.lower <= F(str(mpmath.nstr(top, 35))) + F(1, 10 ** 30) and \
                F(str(mpmath.nstr(top, 35))) - F(1, 10 ** 30) <= mh.upper


def test_group_free_lunch_personalized_brute_force(path):
    """Group privacy over pairs at distance ≤ 2, free lunch over all pairs (Cuff–Yu (57)),
    personalized ε_i over pairs differing in record i (Cuff–Yu (55)), by events."""
    rng = random.Random(4242 if path == "codes" else 4243)
    for t in range(120):
        M = random_mechanism(rng, hamming=(t % 2 == 0))
        for k in (1, 2):
            r = brute_ratio(M, list(ordered_pairs(M, k)))
            v = group_privacy(M, k).value
            assert v == (OO if r is OO else L(r))
        r = brute_ratio(M, list(ordered_pairs(M, all_pairs=True)))
        assert free_lunch(M).value == (OO if r is OO else L(r))
        if t % 2 == 0:
            pts = M.inputs.points
            per = []
            for i in range(2):
                pr = [(a, b) for a, b in itertools.permutations(range(4), 2)
                      if [u != v for u, v in zip(pts[a], pts[b])] == [k == i for k in range(2)]]
                r = brute_ratio(M, pr)
                per.append(OO if r is OO else L(r))
            assert personalized_dp_vector(M) == per


def test_group_properties_7_8_9(path):
    """Cuff–Yu Properties 7–9 on random mechanisms on {0,1}^2 (k = 2), exactly:
    ε_2 ≤ 2ε (45); δ_2(0) ≤ 2δ(0) (46); δ_2(2ε) ≤ (e^{2ε} − 1)/(e^ε − 1) δ(ε) (47) at
    e^ε ∈ {3/2, 2, 3}."""
    rng = random.Random(5150 if path == "codes" else 5151)
    for _ in range(60):
        M = random_mechanism(rng, hamming=True)
        eps = pure_dp(M).value
        assert is_group_private(M, 2, 2 * eps if eps != OO else OO).is_true
        P1, P2 = approx_dp(M).value, group_approx_dp(M, 2).value
        assert P2.delta(exp_eps=1) <= 2 * P1.delta(exp_eps=1)
        for t in (F(3, 2), F(2), F(3)):
            assert P2.delta(exp_eps=t * t) <= (t * t - 1) / (t - 1) * P1.delta(exp_eps=t)
            assert is_group_approx_dp(M, 2, 2 * L(t), (t * t - 1) / (t - 1) * P1.delta(exp_eps=t)).is_true


def test_generic_float_path_larger():
    """27 x 27 mechanisms with distinct row denominators (the float-filter path without
    monkeypatching): pure DP and δ(g) against the pointwise definition (equal to the event
    one for pure DP; E_g(P‖Q) = Σ max(0, p − gq))."""
    rng = random.Random(31337)
    S = Hamming([0, 1, 2], 3)
    for _ in range(2):
        rows = []
        for _ in range(27):
            w = [rng.randint(1, 10 ** 6) for _ in range(27)]
            s = sum(w)
            rows.append([F(v, s) for v in w])
        M = Mechanism(S, list(range(27)), rows)
        assert dv.ScanEngine(M).codes is None
        pairs = [(int(a), int(b)) for a, b in S.edges] + [(int(b), int(a)) for a, b in S.edges]
        r = max(rows[i][y] / rows[j][y] for i, j in pairs for y in range(27))
        assert pure_dp(M).witness["ratio"] == r
        for g in (F(1), F(11, 10)):
            d = max(sum(max(F(0), p - g * q) for p, q in zip(rows[i], rows[j])) for i, j in pairs)
            assert approx_dp(M).value.delta(exp_eps=g) == d
        P = approx_dp(M).value
        for p in P.pieces[:3]:
            g = p.gamma_lo
            d = max(sum(max(F(0), u - g * v) for u, v in zip(rows[i], rows[j])) for i, j in pairs)
            assert p.at(g) == d


def test_decisions():
    M = randomized_response(p="3/4")
    assert is_pure_dp(M, sympy.log(3)).is_true
    assert is_pure_dp(M, L(3)).is_true
    assert is_pure_dp(M, F(11, 10)).is_true  # ln 3 = 1.0986 <= 1.1
    assert is_pure_dp(M, F(109, 100)).is_false
    assert is_pure_dp(M, sympy.log(2)).is_false
    assert is_tv_dp(M, F(1, 2)).is_true and is_tv_dp(M, F(49, 100)).is_false
    assert is_kl_dp(M, L(3) / 2).is_true and is_kl_dp(M, F(54, 100)).is_false  # ln(3)/2 = 0.5493
    assert is_renyi_dp(M, 2, sympy.log(F(7, 3))).is_true
    assert is_renyi_dp(M, 2, sympy.log(F(7, 3)) - F(1, 10 ** 9)).is_false
    assert is_free_lunch(M, sympy.log(3)).is_true
    E = exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=2)
    assert is_group_private(E, 2, 2 * L(2)).is_true
    assert is_group_private(E, 2, L(3)).is_false  # 2 ln 2 = ln 4 > ln 3


# ======================================================================================
# (c) bad input
# ======================================================================================
RR = randomized_response(p="3/4")
RR_SYM = randomized_response(eps=EPS)

BAD = [
    ("float eps", lambda: is_pure_dp(RR, 0.5), NotExactError),
    ("float delta", lambda: is_approx_dp(RR, sympy.log(2), 0.1), NotExactError),
    ("float eps approx", lambda: is_approx_dp(RR, 0.7, F(1, 10)), NotExactError),
    ("float alpha", lambda: renyi_dp(RR, 1.5), NotExactError),
    ("float level kl", lambda: is_kl_dp(RR, 0.1), NotExactError),
    ("float inverse delta", lambda: approx_dp(RR).value.epsilon(0.1), NotExactError),
    ("alpha zero", lambda: renyi_dp(RR, 0), InvalidArgument),
    ("alpha negative", lambda: renyi(["1/2", "1/2"], ["1/2", "1/2"], -2), InvalidArgument),
    ("negative eps", lambda: is_pure_dp(RR, -1), InvalidArgument),
    ("negative eps approx", lambda: approx_dp(RR).value.delta(-1), InvalidArgument),
    ("exp_eps below 1", lambda: approx_dp(RR).value.delta(exp_eps=F(1, 2)), InvalidArgument),
    ("group k zero", lambda: group_privacy(RR, 0), InvalidArgument),
    ("group k bool", lambda: group_privacy(RR, True), InvalidArgument),
    ("not a mechanism", lambda: pure_dp([[1, 0], [0, 1]]), InvalidArgument),
    ("personalized on graph", lambda: personalized_dp(truncated_geometric(3, exp_eps=2)), InvalidArgument),
    # a symbolic family gets kl_dp's closed form (tests/measures/test_family_dispatch.py); constant
    # irrational entries have no exact numeric path
    ("kl of irrational", lambda: kl_dp(RR_SYM.subs(eps=1)), InvalidArgument),
    ("profile of symbolic", lambda: approx_dp(RR_SYM), NoClosedFormError),
    ("pmf not summing to 1", lambda: tv(["1/2", "1/3"], ["1/2", "1/2"]), NotStochasticError),
    ("pmfs of different lengths", lambda: kl(["1/2", "1/2"], [1, 0, 0]), ShapeError),
    ("negative gamma", lambda: hockey_stick(["1/2", "1/2"], ["1/2", "1/2"], -1), InvalidArgument),
    ("eps_vector length", lambda: is_personalized_dp(exponential_mechanism_hamming([0, 1], 2, exp_eps=2), [1]),
     ShapeError),
]


@pytest.mark.parametrize("call,error", [(c, e) for _, c, e in BAD], ids=[n for n, _, _ in BAD])
def test_bad_input(call, error):
    with pytest.raises(error) as info:
        call()
    assert str(info.value)  # the message names the culprit


def test_hockey_stick_rational_path_equals_the_event_definition():
    """E_γ(P‖Q) on rational γ (each γ·Q(y) formed once) equals max over events A of P(A) − γ·Q(A), by brute force;
    a negative rational γ is refused as before."""
    import itertools
    import random as _random
    from fractions import Fraction as _F

    from exactpriv.errors import InvalidArgument as _Invalid

    rng = _random.Random(5)
    for _ in range(40):
        k = rng.randint(1, 5)
        wp, wq = [rng.randint(0, 6) for _ in range(k)], [rng.randint(0, 6) for _ in range(k)]
        if not sum(wp) or not sum(wq):
            continue
        P, Q = [_F(w, sum(wp)) for w in wp], [_F(w, sum(wq)) for w in wq]
        for g in (_F(0), _F(1), _F(3, 2), _F(7, 3), 2):
            want = max(sum((P[y] for y in A), _F(0)) - g * sum((Q[y] for y in A), _F(0))
                       for r in range(k + 1) for A in itertools.combinations(range(k), r))
            got = hockey_stick(P, Q, g)
            assert got == want and type(got) is _F
    with pytest.raises(_Invalid, match="must be >= 0"):
        hockey_stick([_F(1)], [_F(1)], _F(-1, 2))
