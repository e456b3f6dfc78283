"""Enclosures are certified (issue "Privacy measures", enclosure bullet).

Every ``Measured`` that reports bounds instead of an exact value must satisfy
lower <= true value <= upper, and its width must follow the precision asked for.  Checked here
where the truth is known independently of the code under test:

* capacity: closed forms (BSC log 2 - h(p); erasure δ log N, Cuff–Yu Ex. 3.3; binary channels
  by Muroga's formula) against ``capacity(method="numeric")`` and the core's
  ``capacity_enclosure``, for gaps 1e-6, 1e-10, 1e-12 (widths <= gap and shrinking);
* capacity and MI-DP (Cuff–Yu Def. 2): the upper bound dominates I(X;Y) resp. I(X_i;Y|X_{-i})
  at random priors, and the witness prior attains the lower bound;
* arb enclosures of Shannon quantities contain the exact LogForm;
* Sibson capacity (Cuff–Yu (67)-(71)), Rényi-DP at non-integer α, membership privacy over the
  bounded family D_B (Li et al. Family 4.6): containment of brute-force values.

All comparisons are exact (Fractions, LogForms) or certified by the kernel / arb balls of the
test's own; no float decides.
"""

import itertools
import math
import random
from fractions import Fraction as F

import flint
import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.engines.information.shannon import capacity_enclosure
from exactpriv.measures.divergence import renyi_dp
from exactpriv.measures.information import (
    capacity,
    conditional_mi,
    mi_dp,
    mi_privacy,
    record_mi,
)
from exactpriv.measures.sibson import sibson_capacity, sibson_mi
from exactpriv.measures.membership import negative_membership, positive_membership
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import binary_symmetric_channel, erasure_channel
from exactpriv.spaces import Bounded, Hamming

L = LogForm.log
GAPS = [F(1, 10**6), F(1, 10**10), F(1, 10**12)]
PREC = 256  # bits of the test's own arb balls


def assert_true(d):
    assert d.is_true, d.reason


def contains(m, truth):
    """Certified: m.lower <= truth <= m.upper (truth: Fraction, LogForm or sympy expression)."""
    assert m.lower is not None and m.upper is not None
    assert_true(compare(m.lower, "<=", truth))
    assert_true(compare(truth, "<=", m.upper))


def at_most(m, bound):
    """Certified m <= bound for a measured value (exact, or an enclosure: its lower end must
    not exceed ``bound``, or the enclosure itself would contradict the claim)."""
    assert_true(compare(m.value if m.is_exact else m.lower, "<=", bound))


def at_least(m, bound):
    """Certified m >= bound (for an enclosure: its upper end must reach ``bound``)."""
    assert_true(compare(m.value if m.is_exact else m.upper, ">=", bound))


def h(p):
    """Binary entropy in nats, h(p) = -p log p - (1-p) log(1-p) (0 log 0 = 0)."""
    p = F(p)
    return sum((-q * L(q) for q in (p, 1 - p) if q), LogForm(0))


def random_pmf(rng, n, *, zeros=0.3, den=9):
    while True:
        a = [0 if rng.random() < zeros else rng.randint(1, den) for _ in range(n)]
        if any(a):
            s = sum(a)
            return [F(v, s) for v in a]


def channel(rows):
    """A mechanism on one record with values 0..k-1 and outputs 0..m-1."""
    return Mechanism(Hamming(list(range(len(rows))), 1), list(range(len(rows[0]))), rows)


def witness_prior(M, desc):
    """The Prior a measure's witness describes: "uniform over all N inputs" or {repr(point): "p/q"}."""
    if isinstance(desc, str):
        assert desc.startswith("uniform over all"), desc
        return Prior.uniform(M.inputs)
    by_repr = {repr(pt): pt for pt in M.inputs.points}
    return Prior.from_dict(M.inputs, {by_repr[k]: F(v) for k, v in desc.items()})


# ------------------------------------------------------------------ capacity vs closed forms
def muroga_capacity(W):
    """Capacity of a square invertible channel with a positive optimal input (S. Muroga, "On the
    capacity of a discrete channel", J. Phys. Soc. Japan 8, 1953), exact: with H_x = H(W_x), solve Σ_y W(y|x) c_y = -H_x; then
    C = log Σ_y e^{c_y}.  (KKT: D(W_x || q) = C for all x, q_y = e^{c_y - C}.)  The c_y are
    rational combinations of logs of rationals (LogForms); C is returned as a sympy expression."""
    Winv = sympy.Matrix([[sympy.Rational(v.numerator, v.denominator) for v in r] for r in W]).inv()
    H = [sum((-w * L(w) for w in row if w), LogForm(0)) for row in W]
    c = [sum((-H[x] * F(int(Winv[y, x].p), int(Winv[y, x].q)) for x in range(len(W))), LogForm(0))
         for y in range(len(W))]
    return sympy.log(sympy.Add(*[sympy.exp(cy.to_sympy()) for cy in c]))


def binary_channel(a, b):
    """P(1|0) = a, P(0|1) = b (a + b < 1); a = 0 or b = 0 is a Z-channel."""
    a, b = F(a), F(b)
    return [[1 - a, a], [b, 1 - b]]


@pytest.mark.parametrize("p", [F(1, 4), F(1, 3), F(1, 10), F(2, 5)])
def test_bsc_numeric_enclosures_contain_log2_minus_h(p):
    """BSC(p) (Cuff–Yu Lemma 2): C = log 2 - h(p).  The closed-form detector returns it
    exactly, and every numeric enclosure, at every requested gap, contains it."""
    M = binary_symmetric_channel(p)
    truth = L(2) - h(p)
    assert capacity(M).value == truth
    for gap in GAPS:
        m = capacity(M, method="numeric", gap=gap)
        assert m.value is None and m.upper - m.lower <= gap
        contains(m, truth)


@pytest.mark.parametrize("N, delta", [(2, F(1, 2)), (3, F(2, 5)), (5, F(1, 7))])
def test_erasure_numeric_enclosures_contain_delta_log_n(N, delta):
    """Erasure channel (Cuff–Yu Example 3.3): C = δ log N, inside every numeric enclosure."""
    M = erasure_channel(N, delta)
    truth = L(N) * delta
    assert capacity(M).value == truth
    for gap in GAPS:
        m = capacity(M, method="numeric", gap=gap)
        assert m.upper - m.lower <= gap
        contains(m, truth)


@pytest.mark.parametrize("a, b", [(0, F(1, 3)), (0, F(1, 2)), (0, F(1, 7)), (F(1, 10), F(1, 3)), (F(1, 5), F(2, 5))])
def test_binary_channel_enclosures_contain_muroga_and_shrink_with_the_gap(a, b):
    """Asymmetric binary channels (Z-channel when a = 0: C = log(1 + (1-b) b^{b/(1-b)})) have
    a non-uniform optimal input, so the search must actually converge: the enclosures of both
    ``capacity(method="numeric")`` and the core's ``capacity_enclosure`` contain Muroga's exact
    value at gaps 1e-6, 1e-10, 1e-12, are no wider than asked, and get narrower as asked."""
    W = binary_channel(a, b)
    truth = muroga_capacity(W)
    if a == 0:  # the textbook Z-channel formula, as a check of the test's own closed form
        bb = sympy.Rational(b.numerator, b.denominator)
        assert_true(compare(truth, "==", sympy.log(1 + (1 - bb) * bb ** (bb / (1 - bb)))))
    M = channel(W)
    for enclose in (lambda g: capacity(M, method="numeric", gap=g), lambda g: capacity_enclosure(W, gap=g)):
        results = [enclose(g) for g in GAPS]
        widths = [r.upper - r.lower for r in results]
        for r, w, g in zip(results, widths, GAPS):
            assert 0 < w <= g
            contains(r, truth)
        assert all(w1 >= w2 for w1, w2 in zip(widths, widths[1:]))
        assert widths[0] > 100 * widths[-1]  # 1e-6 asked -> visibly wider than 1e-12 asked


def test_capacity_enclosures_bound_every_prior_and_are_attained_by_their_witness():
    """Random channels without closed form: I(P;W) <= upper for random priors P (C = sup_P
    I), and I at the witness prior >= lower (the lower bound is I at that prior)."""
    rng = random.Random(20240801)
    enclosures = 0
    for _ in range(12):
        X, Y = rng.randint(2, 4), rng.randint(2, 4)
        M = channel([random_pmf(rng, Y) for _ in range(X)])
        m = capacity(M, gap=F(1, 10**10))
        assert_true(compare(m.lower, "<=", m.upper))
        if m.value is None:
            enclosures += 1
            assert m.upper - m.lower <= F(1, 10**10)
            at_least(mi_privacy(M, prior=witness_prior(M, m.witness["prior"])), m.lower)
        for _ in range(5):
            at_most(mi_privacy(M, prior=Prior(M.inputs, random_pmf(rng, X))), m.upper)
    assert enclosures >= 6


# ------------------------------------------------------------------ MI-DP
def random_priors(rng, M):
    """General joint priors, product priors and 'point mass on x_{-i} times a pmf of x_i'
    (the shape of the MI-DP maximiser)."""
    S = M.inputs
    yield Prior(S, random_pmf(rng, S.size, zeros=0.3))
    yield Prior.product(S, [random_pmf(rng, len(a), zeros=0) for a in S.records])
    i = rng.randrange(S.n)
    fixed = [rng.randrange(len(a)) for a in S.records]
    q = random_pmf(rng, len(S.records[i]), zeros=0)
    codes = S.record_codes().tolist()
    yield Prior(S, [q[c[i]] if all(c[j] == fixed[j] for j in range(S.n) if j != i) else F(0) for c in codes])


def test_mi_dp_enclosures_dominate_conditional_mi_at_random_priors():
    """MI-DP (Cuff–Yu Def. 2) = sup over records and ALL priors of I(X_i;Y|X_{-i}).  For random
    mechanisms on D^2 the enclosure is certified: lower <= upper, width <= the gap, every random
    prior's max_i I(X_i;Y|X_{-i}) is <= upper, and the witness prior attains >= lower."""
    rng = random.Random(20240802)
    gap = F(1, 10**9)
    enclosures = 0
    for _ in range(8):
        S = Hamming(list(range(rng.randint(2, 3))), 2)
        M = Mechanism(S, [0, 1, 2], [random_pmf(rng, 3, zeros=0.2) for _ in S.points])
        m = mi_dp(M, gap=gap)
        assert_true(compare(m.lower, "<=", m.upper))
        if m.value is None:
            enclosures += 1
            assert m.upper - m.lower <= gap
        w = m.witness
        at_least(conditional_mi(M, prior=witness_prior(M, w["prior"]), record=w["record"]), m.lower)
        for _ in range(3):
            for P in random_priors(rng, M):
                at_most(conditional_mi(M, prior=P), m.upper)
    assert enclosures >= 6


# ------------------------------------------------------------------ arb enclosures of Shannon sums
def test_arb_enclosures_of_shannon_quantities_contain_the_exact_logform():
    """method="arb" evaluates the same collected log-sum in ball arithmetic: the enclosure must
    contain the exact LogForm (method="exact") and be narrower than 2^-64."""
    rng = random.Random(20240803)
    for _ in range(15):
        S = Hamming(list(range(rng.randint(2, 3))), rng.randint(1, 2))
        M = Mechanism(S, [0, 1, 2], [random_pmf(rng, 3) for _ in S.points])
        P = Prior(S, random_pmf(rng, S.size, zeros=0.2))
        for measure, kw in ((mi_privacy, {}), (conditional_mi, {"record": 0}), (record_mi, {"record": S.n - 1})):
            exact = measure(M, prior=P, method="exact", **kw)
            enc = measure(M, prior=P, method="arb", **kw)
            assert exact.is_exact and enc.value is None
            assert enc.upper - enc.lower < F(1, 2**64)
            contains(enc, exact.value)


# ------------------------------------------------------------------ Sibson capacity
@pytest.mark.parametrize("alpha", [F(1, 2), F(3, 2), F(2), F(3)])
def test_sibson_capacity_enclosures_dominate_sibson_mi_at_random_priors(alpha):
    """Sibson capacity sup_P I^s_α (Cuff–Yu (67)-(71)) on random channels without symmetry:
    lower <= upper (narrower than 2^-40), I^s_α at random priors <= upper, and I^s_α at the
    witness prior >= lower."""
    rng = random.Random(int(1000 * alpha))
    for _ in range(3):
        X = rng.randint(2, 3)
        M = channel([random_pmf(rng, 3, zeros=0.15) for _ in range(X)])
        m = sibson_capacity(M, alpha=alpha)
        assert_true(compare(m.lower, "<=", m.upper))
        if m.value is None:
            assert m.upper - m.lower < F(1, 2**40)
            at_least(sibson_mi(M, alpha=alpha, prior=witness_prior(M, m.witness["prior"])), m.lower)
        for _ in range(3):
            at_most(sibson_mi(M, alpha=alpha, prior=Prior(M.inputs, random_pmf(rng, X))), m.upper)


# ------------------------------------------------------------------ Rényi-DP, non-integer α
def renyi_ball(P, Q, alpha):
    """D_α(P||Q) = log(Σ P^α Q^{1-α})/(α-1) as the test's own arb ball (P, Q with common support)."""
    with flint.ctx.workprec(PREC):
        A = flint.arb(flint.fmpq(alpha.numerator, alpha.denominator))
        s = flint.arb(0)
        for p, q in zip(P, Q):
            if p and q:
                s += flint.arb(flint.fmpq(p.numerator, p.denominator)) ** A * \
                    flint.arb(flint.fmpq(q.numerator, q.denominator)) ** (1 - A)
        return s.log() / (A - 1)


def ball_ends(b):
    """Exact rational endpoints mid ± rad of a finite arb ball."""
    assert b.is_finite(), b
    m, r = _dyadic(b.mid()), _dyadic(b.rad())
    return m - r, m + r


def _dyadic(x) -> F:
    man, exp = x.man_exp()
    return F(int(man)) * F(2) ** int(exp)


@pytest.mark.parametrize("alpha", [F(1, 2), F(3, 2), F(5, 2)])
def test_renyi_dp_enclosure_at_non_integer_alpha_contains_the_brute_force_max(alpha):
    """Rényi-DP at non-integer α with 70 distinct (P, P') value pairs is returned as an arb
    enclosure (the exact sympy form is only built up to 64 terms).  Brute force over the ordered neighbour
    pairs, with the test's own 256-bit balls: the max lies in [lower, upper]."""
    rng = random.Random(int(100 * alpha))
    for _ in range(2):
        S = Hamming([0, 1, 2], 1)
        M = Mechanism(S, list(range(70)), [random_pmf(rng, 70, zeros=0, den=10**6) for _ in S.points])
        m = renyi_dp(M, alpha)
        assert m.value is None and m.lower <= m.upper
        ends = [ball_ends(renyi_ball(M.rows[i], M.rows[j], alpha)) for i, j in M.inputs.directed_edges().tolist()]
        assert all(hi <= m.upper for _, hi in ends)  # every pair's divergence <= upper
        assert any(lo >= m.lower for lo, _ in ends)  # the max is >= lower


# ------------------------------------------------------------------ membership over D_B
def level(M, dist, positive):
    """Definitional membership level of one distribution ``dist`` over datasets (Li et al.;
    Zhao Def. 3): max over entities t with 0 < Pr[t] < 1 and ALL output events S with
    Pr[S] > 0 of the least γ with  PMP: Pr[t|S] <= γ Pr[t], Pr[¬t|S] >= Pr[¬t]/γ;
    NMP: Pr[t|S] >= Pr[t]/γ, Pr[¬t|S] <= γ Pr[¬t].  Exact Fractions; sympy.oo if unbounded."""
    pts, m = M.inputs.points, len(M.outputs)
    best = F(1)
    for t in M.inputs.universe:
        pt = sum((w for T, w in zip(pts, dist) if t in T), F(0))
        if not 0 < pt < 1:
            continue
        for r in range(1, m + 1):
            for S in itertools.combinations(range(m), r):
                joint_t = sum((w * M.rows[k][y] for k, (T, w) in enumerate(zip(pts, dist)) if t in T for y in S), F(0))
                joint_n = sum((w * M.rows[k][y] for k, (T, w) in enumerate(zip(pts, dist)) if t not in T for y in S),
                              F(0))
                ps = joint_t + joint_n
                if ps == 0:
                    continue
                post_t, post_n = joint_t / ps, joint_n / ps
                if positive:
                    cands = [post_t / pt, (1 - pt) / post_n if post_n else sympy.oo]
                else:
                    cands = [pt / post_t if post_t else sympy.oo, post_n / (1 - pt)]
                for c in cands:
                    if c == sympy.oo:
                        return sympy.oo
                    best = max(best, c)
    return best


def bounded_member(space, weights):
    """The D_B member: independent entities with Pr[s] = weights[s], conditioned on |T| = k."""
    raw = [math.prod((weights[s] if s in T else 1 - weights[s] for s in space.universe), start=F(1))
           for T in space.points]
    total = sum(raw, F(0))
    return None if total == 0 else [v / total for v in raw]


@pytest.mark.parametrize("positive", [True, False], ids=["positive", "negative"])
def test_bounded_membership_enclosure_contains_every_member_and_its_lower_bound_is_approached(positive):
    """Family D_B (Li et al. Family 4.6) on Bounded(U, 2): the reported [lower, upper] (an
    enclosure when Li's coupling lemma is not assumed) must satisfy
    * every D_B member's definitional level (random product weights, some 0/1) <= upper;
    * lower is the sup over the 1-out-of-2 members D^2_B ⊂ D_B: the witness pair's member at
      Pr[t] = 10^-12 or 1 - 10^-12 reaches lower·(1 - 10^-9), and never exceeds lower."""
    measure = positive_membership if positive else negative_membership
    rng = random.Random(20240804 + positive)
    enclosures = 0
    for trial in range(24):
        U = ["a", "b", "c", "d", "e"][: rng.randint(4, 5)]
        space = Bounded(U, 2)
        M = Mechanism(space, [0, 1, 2], [random_pmf(rng, 3, zeros=0) for _ in space.points])
        m = measure(M, family="bounded", method="enclosure")
        assert_true(compare(m.lower, "<=", m.upper))
        enclosures += m.value is None
        for _ in range(6):
            w = {s: rng.choice([F(0), F(1), F(rng.randint(1, 9), 10), F(rng.randint(1, 99), 100)]) for s in U}
            dist = bounded_member(space, w)
            if dist is not None:
                assert level(M, dist, positive) <= m.upper
        wit = m.witness
        a, b = (space.index(T) for T in wit["datasets"])
        near = []
        for p in (F(1, 10**12), 1 - F(1, 10**12)):
            dist = [F(0)] * space.size
            dist[a], dist[b] = p, 1 - p
            lv = level(M, dist, positive)
            assert lv <= m.lower
            near.append(lv)
        assert max(near) >= m.lower * (1 - F(1, 10**9))
        eps = measure(M, family="bounded", form="eps", method="enclosure")  # same enclosure as ε = ln γ
        assert eps.lower == L(m.lower) and eps.upper == L(m.upper)
    assert enclosures >= 2
