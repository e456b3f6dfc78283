"""Outside oracles for the measures (issue "Privacy measures", Done means (c)).

Two independent libraries check our exact values; both are test-only dependencies and every
test skips cleanly (``pytest.importorskip``) when its oracle is not installed.

* **dit** (information theory).  Given sympy ``Rational`` probabilities, dit's Shannon
  functions (entropy, mutual information, co-information, Kullback-Leibler) stay exact and
  return closed sympy expressions in *bits*; multiplied by log 2 and expanded they are sums
  c·log r, i.e. LogForms, and must equal our exact values *exactly* (equality of the
  prime-exponent vectors; no float involved).  dit run the ordinary way (float pmfs) must agree
  to 1e-9 (a floating comparison, allowed here: it checks our measure against an oracle, it
  decides no verdict).  dit's Rényi divergence and Blahut-Arimoto ``channel_capacity`` are
  float-only: Rényi must agree to 1e-9; BA's value is a lower bound on the capacity (for any
  q, Σ r·W·log(q/r) <= I(r) <= C), so it may never exceed our certified upper bound.
* **dp_accounting** (Google's privacy loss distributions).  ``from_two_probability_mass_functions``
  with ``pessimistic_estimate=True`` rounds privacy losses up (an upper bound on the hockey-stick
  divergence E_{e^ε}(upper || lower)), ``False`` rounds them down (a lower bound).  Our exact
  δ(ε) of every ordered neighbour pair (P_x, P_x') and of the mechanism (the max over pairs)
  must lie in [optimistic, pessimistic]; the bracket must also be narrow (width <= 2Δ for the
  discretisation interval Δ: rounding a loss by at most Δ moves the term
  P(y)·max(0, 1 - e^{ε-L}) by at most P(y)·(1 - e^{-Δ}) <= P(y)·Δ), so agreement is not vacuous.
  Same for the inverse ε(δ).

Float slack of the dp_accounting comparisons: ``_SLACK`` = 1e-12.  The oracle's inputs are
correctly rounded logs of our exact probabilities (relative error ~2^-52), its losses are
differences of two such logs and its masses exp of them, and δ is a sum of at most |Y| + 1
terms in [0, 1]: the float error is below |Y|·1e-15.  ε enters as float(log g) (error ~1e-16),
which moves δ by at most e^ε·1e-16 (|dδ/dε| <= e^ε).  1e-12 covers both with a wide margin.
"""

import math
import random
from fractions import Fraction as F

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm, logform_from_sympy
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import hockey_stick, kl, kl_dp, renyi, renyi_dp
from exactpriv.measures.information import capacity, conditional_mi, mi_privacy, record_mi
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import (
    binary_symmetric_channel,
    count_query_geometric,
    erasure_channel,
    exponential_mechanism_hamming,
    randomized_response,
    truncated_geometric,
)
from exactpriv.spaces import Hamming

_SLACK = 1e-12  # float slack of the dp_accounting brackets (module docstring)
_FLOAT_TOL = 1e-9  # agreement with dit run on float pmfs
_LN2 = math.log(2)


@pytest.fixture(scope="module")
def dit():
    return pytest.importorskip("dit")


@pytest.fixture(scope="module")
def pld():
    return pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")


def assert_true(d):
    assert d.is_true, d.reason


# ------------------------------------------------------------------ random exact instances
def random_pmf(rng, n, *, zeros=0.3, den=9):
    while True:
        a = [0 if rng.random() < zeros else rng.randint(1, den) for _ in range(n)]
        if any(a):
            s = sum(a)
            return [F(v, s) for v in a]


def random_mechanism(rng, *, zeros=0.3, max_records=2, max_outputs=3, max_values=3):
    """A random rational mechanism on D^n (2 <= |D| <= max_values, n <= max_records)."""
    space = Hamming(list(range(rng.randint(2, max_values))), rng.randint(1, max_records))
    m = rng.randint(2, max_outputs)
    return Mechanism(space, list(range(m)), [random_pmf(rng, m, zeros=zeros) for _ in space.points])


def fl(v) -> float:
    """Float of an exact value (only for the float-oracle comparisons)."""
    if v == sympy.oo:
        return math.inf
    if isinstance(v, LogForm):
        v = v.to_sympy()
    return float(sympy.N(v, 30))


# ------------------------------------------------------------------ dit helpers
def rat(f: F) -> sympy.Rational:
    return sympy.Rational(f.numerator, f.denominator)


def joint(dit, M, prior, *, exact=True):
    """dit Distribution of (X_1, ..., X_n, Y) with p(x, y) = P(x) W(y|x) (zeros dropped)."""
    outcomes, probs = [], []
    for code, p, row in zip(M.inputs.record_codes().tolist(), prior.pmf, M.rows):
        for y, w in enumerate(row):
            if p * w:
                outcomes.append(tuple(code) + (y,))
                probs.append(rat(p * w) if exact else float(p * w))
    return dit.Distribution(outcomes, probs)


def row_dist(dit, row, *, exact=True):
    """dit Distribution of one output pmf on outcomes (0,), (1,), ... (zeros kept)."""
    return dit.Distribution([(y,) for y in range(len(row))], [rat(p) if exact else float(p) for p in row],
                            trim=False)


def nats(value, *, nan_is_infinite=False):
    """dit's exact value (a sympy expression in bits) as an exact value in nats: a LogForm,
    or sympy.oo for an infinite divergence.  dit writes +oo as complex infinity ``zoo``, or as
    ``nan`` when an infinite cross-entropy meets another infinite term (oo - oo); the caller
    says whether nan may stand for +oo and then checks the support condition itself."""
    if not isinstance(value, sympy.Basic):
        assert isinstance(value, int), f"dit left exact arithmetic: {value!r} of type {type(value)}"
        value = sympy.Integer(value)
    if value in (sympy.zoo, sympy.oo) or (nan_is_infinite and value is sympy.nan):
        return sympy.oo
    assert not value.atoms(sympy.Float), f"dit left exact arithmetic: {value}"
    # dit writes log2(r) as log(r)/log(2): read each term c·log(r)·log(2)^-1 (or a rational c,
    # i.e. c bits) structurally and collect c·log r nats; sympy.expand would do the same, slowly.
    total = LogForm(0)
    for term in sympy.Add.make_args(value):
        coef, logs, per_log2 = F(1), [], 0
        for f in sympy.Mul.make_args(term):
            if isinstance(f, sympy.Rational):
                coef *= F(int(f.p), int(f.q))
            elif isinstance(f, sympy.log):
                logs.append(f)
            elif f == 1 / sympy.log(2):
                per_log2 += 1
            else:
                raise AssertionError(f"unexpected factor {f} in dit's value {value}")
        if not logs and per_log2 == 0:  # a rational number of bits
            total += LogForm.log(2) * coef
        else:
            assert len(logs) == 1 and per_log2 == 1, f"dit's term {term} is not c*log(r)/log(2)"
            lf = logform_from_sympy(logs[0])
            assert lf is not None, f"dit's term {term} is not c*log(r)/log(2)"
            total += lf * coef
    return total


def assert_exactly_equal(ours, oracle):
    assert ours is not None
    if oracle is sympy.oo or ours == sympy.oo:
        assert ours == oracle, (ours, oracle)
        return
    assert_true(compare(ours, "==", oracle))


def exact_max(values):
    """Max of exact values (LogForms / oo), decided by the certified kernel."""
    best = None
    for v in values:
        if best is None or v == sympy.oo or (best != sympy.oo and compare(v, ">", best).is_true):
            best = v
    return best


# ==================================================================================== dit
def test_mutual_information_equals_dit_exactly(dit):
    """100 random mechanisms and priors (zeros in both): I(X;Y) (Wang–Ying–Zhang Def. 4),
    I(X_i;Y|X_{-i}) (Cuff–Yu Def. 2 at a prior) and I(X_i;Y) (Wu–Xia–He Thm 3) equal dit's
    exact sympy values (×log 2), and dit on float pmfs agrees to 1e-9.

    I(X;Y) is dit's ``mutual_information``; the per-record quantities are assembled from dit's
    exact joint entropies (memoised per instance, dit's xarray bookkeeping is the cost):
    I(X_i;Y|X_O) = H(X) + H(X_O,Y) - H(X_O) - H(X,Y) and I(X_i;Y) = H(X_i) + H(Y) - H(X_i,Y),
    O = the other records.  (dit's ``coinformation(d, [[i], [n]], O)`` would be the direct call,
    but it mixes a Float into the sympy result on some instances, 9 of 120 tried.)"""
    from dit.shannon import entropy, mutual_information

    rng = random.Random(20240701)
    checked = 0
    for k in range(100):
        M = random_mechanism(rng)
        P = Prior(M.inputs, random_pmf(rng, M.inputs.size, zeros=0.25))
        n = M.inputs.n
        d = joint(dit, M, P)
        memo = {}

        def H(*rvs):  # dit's exact joint entropy of the variables rvs, in nats (a LogForm)
            key = tuple(sorted(rvs))
            if key not in memo:
                memo[key] = nats(entropy(d, list(key))) if key else LogForm(0)
            return memo[key]

        X = list(range(n))
        ours = mi_privacy(M, prior=P)
        assert ours.is_exact
        assert_exactly_equal(ours.value, nats(mutual_information(d, X, [n])))
        checked += 1
        for i in range(n):
            O = [j for j in X if j != i]
            oracle = H(*X) + H(*O, n) - H(*O) - H(*X, n)
            assert_exactly_equal(conditional_mi(M, prior=P, record=i).value, oracle)
            oracle = H(i) + H(n) - H(i, n)
            assert_exactly_equal(record_mi(M, prior=P, record=i).value, oracle)
            checked += 2
        if k % 4 == 0:  # dit as it is normally used: float pmfs
            df = joint(dit, M, P, exact=False)
            assert abs(fl(ours.value) - _LN2 * mutual_information(df, X, [n])) <= _FLOAT_TOL
    assert checked >= 300


def test_kl_equals_dit_exactly(dit):
    """120 random pairs (with zeros, so D = +oo occurs): D(P||Q) (Cuff–Yu (9)) equals dit's
    exact Kullback-Leibler divergence; KL-DP (Cuff–Yu Def. 7) of 25 random mechanisms equals
    dit's maximum over ordered neighbour pairs."""
    from dit.divergences import kullback_leibler_divergence as dkl

    rng = random.Random(20240702)
    infinite = 0
    for k in range(120):
        m = rng.randint(2, 4)
        P, Q = random_pmf(rng, m), random_pmf(rng, m, zeros=0.15)
        ours = kl(P, Q)
        oracle = nats(dkl(row_dist(dit, P), row_dist(dit, Q)), nan_is_infinite=True)
        assert_exactly_equal(ours, oracle)
        if ours == sympy.oo:  # by definition: some y has P(y) > 0 = Q(y)
            assert any(p > 0 and q == 0 for p, q in zip(P, Q))
            infinite += 1
        if ours != sympy.oo and k % 3 == 0:
            float_oracle = _LN2 * dkl(row_dist(dit, P, exact=False), row_dist(dit, Q, exact=False))
            assert abs(fl(ours) - float_oracle) <= _FLOAT_TOL
    assert 0 < infinite < 120  # both branches exercised
    for _ in range(25):
        M = random_mechanism(rng, zeros=rng.choice([0, 0.2]), max_values=2)
        dists = [row_dist(dit, r) for r in M.rows]
        edges = M.inputs.directed_edges().tolist()
        oracle = exact_max(nats(dkl(dists[i], dists[j]), nan_is_infinite=True) for i, j in edges)
        if oracle == sympy.oo:  # by definition: some neighbour pair has P(y|x) > 0 = P(y|x')
            assert any(p > 0 and q == 0 for i, j in edges for p, q in zip(M.rows[i], M.rows[j]))
        assert_exactly_equal(kl_dp(M).value, oracle)


@pytest.mark.parametrize("alpha", [F(2), F(3), F(1, 2), F(3, 2)])
def test_renyi_agrees_with_dit_in_floats(dit, alpha):
    """Rényi divergence D_α (Cuff–Yu §7) and Rényi-DP against dit's (float-only)
    ``renyi_divergence`` on random pmfs and mechanisms: equal to 1e-9, +oo exactly together."""
    from dit.divergences import renyi_divergence

    rng = random.Random(int(alpha * 1000))

    def oracle(P, Q):
        return _LN2 * renyi_divergence(row_dist(dit, P, exact=False), row_dist(dit, Q, exact=False), float(alpha))

    for _ in range(25):
        m = rng.randint(2, 4)
        P, Q = random_pmf(rng, m), random_pmf(rng, m, zeros=0.15)
        o, ours = oracle(P, Q), fl(renyi(P, Q, alpha))
        assert (o == math.inf) == (ours == math.inf)
        if o != math.inf:
            assert abs(ours - o) <= _FLOAT_TOL
    for _ in range(5):
        M = random_mechanism(rng, zeros=0.15, max_values=2)
        m = renyi_dp(M, alpha)
        o = max(oracle(M.rows[i], M.rows[j]) for i, j in M.inputs.directed_edges().tolist())
        if m.value is not None:
            ours = fl(m.value)
        else:  # certified enclosure: its midpoint
            ours = (fl(m.lower) + fl(m.upper)) / 2
        assert (o == math.inf) == (ours == math.inf)
        if o != math.inf:
            assert abs(ours - o) <= _FLOAT_TOL


def test_dit_blahut_arimoto_never_exceeds_our_certified_capacity(dit):
    """dit's ``channel_capacity`` (plain Blahut-Arimoto in floats, Cuff–Yu (58)) returns
    Σ r W log(q/r) <= I(r) <= C; it must lie below our certified upper bound (float slack
    1e-12) and, run to a tight tolerance, within 1e-8 of our certified lower bound."""
    import numpy as np
    from dit.algorithms.channelcapacity import channel_capacity

    rng = random.Random(20240703)
    named = [binary_symmetric_channel(F(1, 5)), erasure_channel(3, F(2, 5)), randomized_response(3, exp_eps=3)]
    for M in named + [random_mechanism(rng, max_records=1, max_outputs=4) for _ in range(25)]:
        ours = capacity(M)
        W = np.array([[float(v) for v in row] for row in M.rows])
        cc, _ = channel_capacity(W, rtol=1e-13, atol=1e-15)
        c = cc * _LN2
        assert c <= fl(ours.upper) + _SLACK
        assert c >= fl(ours.lower) - 1e-8


# ==================================================================================== dp_accounting
_GAMMAS = [F(1), F(5, 4), F(3, 2), F(2), F(3), F(7)]  # rational e^ε
_DELTA_INTERVAL = 1e-4


def log_pmf(row):
    return {y: math.log(p) for y, p in enumerate(row) if p}


def pld_bracket(pld, upper, lower, *, interval=_DELTA_INTERVAL):
    """(optimistic, pessimistic) privacy loss distributions of the pair (upper || lower)."""
    return tuple(
        pld.from_two_probability_mass_functions(log_pmf(lower), log_pmf(upper), pessimistic_estimate=pess,
                                                value_discretization_interval=interval)
        for pess in (False, True)
    )


def zoo_mechanisms():
    return [
        randomized_response(2, exp_eps=3),
        randomized_response(4, exp_eps=F(5, 2)),
        truncated_geometric(4, exp_eps=2),
        count_query_geometric(2, exp_eps=F(3, 2)),
        exponential_mechanism_hamming([0, 1], 2, exp_eps=3),
        erasure_channel(3, F(1, 3)),
    ]


def test_pld_brackets_exact_delta_of_every_pair_and_mechanism(pld):
    """≥ 36 mechanisms (30 random with zeros, 6 from the zoo), e^ε in {1, 5/4, 3/2, 2, 3, 7}:
    for every ordered neighbour pair, optimistic <= E_{e^ε}(P_x||P_x') <= pessimistic (our
    exact ``hockey_stick``), and for the mechanism the exact δ(ε) of ``approx_dp`` (Cuff–Yu
    Def. 1 with Def. 4) lies between the maxima of the brackets.  Brackets are <= 2Δ wide."""
    rng = random.Random(20240704)
    eps = [math.log(g) for g in _GAMMAS]
    mechanisms = zoo_mechanisms() + [random_mechanism(rng, max_outputs=4) for _ in range(30)]
    pairs_checked = 0
    for M in mechanisms:
        profile = approx_dp(M).value
        lo_max, hi_max = [0.0] * len(eps), [0.0] * len(eps)
        for i, j in M.inputs.directed_edges().tolist():
            opt, pess = pld_bracket(pld, M.rows[i], M.rows[j])
            d_lo, d_hi = opt.get_delta_for_epsilon(eps), pess.get_delta_for_epsilon(eps)
            for k, g in enumerate(_GAMMAS):
                exact = hockey_stick(M.rows[i], M.rows[j], g)
                assert d_lo[k] - _SLACK <= exact <= d_hi[k] + _SLACK, (M, i, j, g, d_lo[k], exact, d_hi[k])
                assert d_hi[k] - d_lo[k] <= 2 * _DELTA_INTERVAL + _SLACK
                lo_max[k], hi_max[k] = max(lo_max[k], d_lo[k]), max(hi_max[k], d_hi[k])
            pairs_checked += 1
        for k, g in enumerate(_GAMMAS):
            exact = profile.delta(exp_eps=g)
            assert isinstance(exact, F)
            assert lo_max[k] - _SLACK <= exact <= hi_max[k] + _SLACK, (M, g, lo_max[k], exact, hi_max[k])
    assert len(mechanisms) >= 36 and pairs_checked >= 200


def test_pld_brackets_shrink_with_the_discretisation_and_keep_containing(pld):
    """Finer discretisation intervals Δ give nested-width brackets (<= 2Δ) that still contain
    our exact δ(ε): the agreement is to the oracle's full resolution, not a loose coincidence."""
    rng = random.Random(20240705)
    for _ in range(10):
        M = random_mechanism(rng, zeros=0.2, max_outputs=4)
        i, j = M.inputs.directed_edges().tolist()[0]
        for g in (F(1), F(3, 2), F(4)):
            exact = hockey_stick(M.rows[i], M.rows[j], g)
            for interval in (1e-2, 1e-4, 1e-6):
                opt, pess = pld_bracket(pld, M.rows[i], M.rows[j], interval=interval)
                lo, hi = opt.get_delta_for_epsilon(math.log(g)), pess.get_delta_for_epsilon(math.log(g))
                assert lo - _SLACK <= exact <= hi + _SLACK
                assert hi - lo <= 2 * interval + _SLACK


def test_pld_brackets_exact_epsilon_for_delta(pld):
    """The exact inverse ε(δ) = min{ε >= 0 : δ(ε) <= δ} of ``approx_dp`` lies between the
    optimistic and pessimistic ``get_epsilon_for_delta`` (max over ordered pairs; +oo when δ is
    below the mass some P_x puts where P_x' is 0).  At δ exactly equal to such a mass ε(δ)
    jumps to +oo and the oracle's float sum of that mass decides the side, so those exact ties
    are skipped (decided here with Fractions)."""
    rng = random.Random(20240706)
    checked = 0
    for M in zoo_mechanisms() + [random_mechanism(rng, max_outputs=4) for _ in range(30)]:
        profile = approx_dp(M).value
        edges = M.inputs.directed_edges().tolist()
        brackets = [pld_bracket(pld, M.rows[i], M.rows[j]) for i, j in edges]
        inf_masses = {sum((p for p, q in zip(M.rows[i], M.rows[j]) if p and not q), F(0)) for i, j in edges}
        for delta in (F(0), F(1, 1000), F(1, 100), F(1, 10), F(1, 3)):
            if delta in inf_masses and delta > 0:
                continue
            lo = max(opt.get_epsilon_for_delta(float(delta)) for opt, _ in brackets)
            hi = max(pess.get_epsilon_for_delta(float(delta)) for _, pess in brackets)
            ours = profile.epsilon(delta)
            if ours == sympy.oo:
                assert lo == hi == math.inf
            else:
                assert lo - 1e-9 <= fl(ours) <= hi + 1e-9, (M, delta, lo, fl(ours), hi)
                assert hi - lo <= 2 * _DELTA_INTERVAL + 1e-9
            checked += 1
    assert checked >= 150
