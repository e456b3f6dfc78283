"""Information-theoretic measures: MI privacy, conditional / per-record MI, MI-DP, capacity,
Sibson's α-MI, adversarial privacy, min-entropy leakage (Wang–Ying–Zhang Def. 4; 001 Def. 2, §5-§7;
004 Theorems 2-3, Prop. 4)."""

import itertools
import random
from fractions import Fraction as F

import pytest

from exactpriv.errors import EntryRangeError
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError, SupportError
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import (
    binary_symmetric_channel,
    cuff_example_5_1,
    erasure_channel,
    exponential_mechanism_hamming,
    one_time_pad,
    randomized_response,
    truncated_geometric,
)
from exactpriv.measures.information import (
    adversarial_privacy,
    capacity,
    conditional_mi,
    is_capacity,
    is_mi_dp,
    is_mi_privacy,
    mi_dp,
    mi_privacy,
    min_entropy_leakage,
    record_mi,
    record_posterior_kl,
)
from exactpriv.measures.sibson import sibson_capacity, sibson_mi
from exactpriv.spaces import Hamming

L = LogForm.log


def h(p):
    """Binary entropy in nats, by hand: h(p) = -p log p - (1-p) log(1-p)."""
    p = F(p)
    return -p * L(p) - (1 - p) * L(1 - p)


def assert_true(d):
    assert d.is_true, d.reason


def contains(m, value):
    """Certified: the measured enclosure [lower, upper] contains the exact ``value``."""
    assert_true(compare(m.lower, "<=", value))
    assert_true(compare(value, "<=", m.upper))


def uniform(M):
    return Prior.uniform(M.inputs)


# ------------------------------------------------------------------ (a) textbook values
def test_bsc_capacity_closed_form_and_certified_enclosure():
    """BSC(1/4): C = log 2 - h(1/4) (Cuff–Yu Lemma 2 channel).  The closed form is detected
    exactly, and the numeric Blahut-Arimoto enclosure certifiably contains it."""
    M = binary_symmetric_channel(F(1, 4))
    expected = L(2) - h(F(1, 4))
    assert capacity(M).value == expected
    num = capacity(M, method="numeric")
    assert num.value is None and num.upper - num.lower < F(1, 10**9)
    contains(num, expected)


@pytest.mark.parametrize("N, delta", [(2, F(1, 2)), (3, F(2, 5)), (5, F(1, 7))])
def test_erasure_channel_capacity(N, delta):
    """Cuff-Yu Ex. 3.3: erasure channel with non-erasure probability delta has C = delta log N,
    attained by the uniform input."""
    M = erasure_channel(N, delta)
    c = capacity(M)
    assert c.value == delta * L(N)
    assert c.witness["prior"] == f"uniform over all {N} inputs"
    contains(capacity(M, method="numeric"), delta * L(N))
    # one record: MI-DP is the capacity of the same channel
    assert mi_dp(M).value == delta * L(N)


@pytest.mark.parametrize("N", [2, 3, 4])
def test_one_time_pad(N):
    """Cuff-Yu Ex. 4.3: each response of the one-time pad is 0-MI-DP, the pair reveals X_1
    (capacity log N)."""
    assert mi_dp(one_time_pad(N, part="first")).value == 0
    assert mi_dp(one_time_pad(N, part="second")).value == 0
    both = one_time_pad(N, part="both")
    assert capacity(both).value == L(N)
    assert mi_dp(both).value == L(N)
    assert_true(is_mi_dp(one_time_pad(N, part="first"), 0))
    assert is_mi_dp(both, F(1, 2)).is_false


def test_randomized_response_mi_dp():
    """RR with p = 3/4 is the BSC(1/4): MI-DP = log 2 - h(1/4) (Cuff–Yu Def. 2)."""
    M = randomized_response(p=F(3, 4))
    m = mi_dp(M)
    assert m.value == L(2) - h(F(1, 4))
    assert m.witness["record"] == 0 and m.witness["input_prior"] == {"0": "1/2", "1": "1/2"}
    # Lemma 1 direction: eps-DP (eps = log 3) implies eps-MI-DP
    assert_true(is_mi_dp(M, L(3)))


def test_symbolic_erasure_and_example_5_1():
    """Closed forms with a symbolic parameter: erasure capacity delta·log 3 (Ex. 3.3) and Ex. 5.1
    MI-DP e·log 2, with the probabilities delta = e = eps/(1+eps) in [0, 1) for every eps >= 0
    (a bare eps is refused as a probability: eps >= 0 is unbounded)."""
    d = EPS / (1 + EPS)
    assert sympy.simplify(capacity(erasure_channel(3, d)).value - d * sympy.log(3)) == 0
    assert sympy.simplify(mi_dp(cuff_example_5_1(2, d)).value - d * sympy.log(2)) == 0
    with pytest.raises(EntryRangeError):
        erasure_channel(3, EPS)


def test_symbolic_prior_measures_match_substitution():
    """Symbolic RR (e^eps/(e^eps+1) on the diagonal): the defining sums of I(X;Y), I(X_0;Y) and
    D(X_0 || X_0|Y=0) as closed forms in eps, substituted at eps = log 3, equal the rational
    values (p = 3/4)."""
    sym = randomized_response(eps=EPS)
    rat = randomized_response(p=F(3, 4))
    P_sym, P_rat = Prior(sym.inputs, [F(1, 3), F(2, 3)]), Prior(rat.inputs, [F(1, 3), F(2, 3)])
    pairs = [
        (mi_privacy(sym, prior=P_sym), mi_privacy(rat, prior=P_rat)),
        (record_mi(sym, prior=P_sym, record=0), record_mi(rat, prior=P_rat, record=0)),
        (record_posterior_kl(sym, prior=P_sym, record=0, output=0),
         record_posterior_kl(rat, prior=P_rat, record=0, output=0)),
        (sibson_mi(sym, alpha=2, prior=P_sym), sibson_mi(rat, alpha=2, prior=P_rat)),
    ]
    for s_m, r_m in pairs:
        assert s_m.value.free_symbols == {EPS}
        assert_true(compare(s_m.value.subs(EPS, sympy.log(3)), "==", r_m.value))


def test_subsets_and_product_mechanisms():
    """Records of a Subsets space are membership bits; a ProductMechanism is expanded.
    k-Max (Li et al.) on 3 entities: MI-DP dominates I(X_i;Y|X_-i) at the uniform prior, and the
    one-bit RAPPOR factor equals BSC(1/4)."""
    from exactpriv.mechanisms.zoo import k_max, rappor

    M = k_max(3, 2)
    assert_true(compare(conditional_mi(M, prior=uniform(M)).value, "<=", mi_dp(M).upper))
    R = rappor(["a", "b"], 1, {"a": {0}, "b": set()}, p=F(3, 4), q=F(1, 4))
    assert capacity(R).value == L(2) - h(F(1, 4))


def test_symbolic_randomized_response_mi_dp_matches_substitution():
    """k-ary RR with symbolic eps: the closed form log k - H(row), substituted at eps = log 3,
    equals the rational computation."""
    sym = mi_dp(randomized_response(3, eps=EPS)).value
    assert isinstance(sym, sympy.Expr) and sym.free_symbols == {EPS}
    rat = mi_dp(randomized_response(3, exp_eps=3)).value
    # rows (3/5, 1/5, 1/5): C = log 3 - H = log 3 + 3/5 log(3/5) + 2/5 log(1/5)
    assert rat == L(3) + F(3, 5) * L(F(3, 5)) + F(2, 5) * L(F(1, 5))
    assert_true(compare(sym.subs(EPS, sympy.log(3)), "==", rat))


@pytest.mark.parametrize("N", [2, 3, 5])
def test_mi_of_identity_is_entropy(N):
    """Wang–Ying–Zhang, remark after Def. 4: I(X;Y) = H(X) when Y = X; log N for the uniform prior."""
    M = Mechanism(Hamming(range(N), 1), list(range(N)), [[F(int(x == y)) for y in range(N)] for x in range(N)])
    assert mi_privacy(M, prior=uniform(M)).value == L(N)
    pmf = [F(k + 1, N * (N + 1) // 2) for k in range(N)]
    H = sum((-p * L(p) for p in pmf), LogForm.rational(0))
    assert mi_privacy(M, prior=Prior(M.inputs, pmf)).value == H
    assert capacity(M).value == L(N)


def test_independent_output_gives_zero():
    """Wang–Ying–Zhang, remark after Def. 4: I(X;Y) = 0 when X and Y are independent (identical rows)."""
    space = Hamming([0, 1], 2)
    row = [F(1, 6), F(1, 3), F(1, 2)]
    M = Mechanism(space, "abc", [row] * 4)
    P = Prior(space, [F(1, 10), F(2, 10), F(3, 10), F(4, 10)])
    assert mi_privacy(M, prior=P).value == 0
    assert conditional_mi(M, prior=P).value == 0
    assert record_mi(M, prior=P).value == 0
    assert mi_dp(M).value == 0 and capacity(M).value == 0
    assert_true(is_mi_privacy(M, 0, prior=P))


@pytest.mark.parametrize("N, e", [(2, F(1, 2)), (3, F(1, 3)), (4, F(3, 4))])
def test_cuff_example_5_1(N, e):
    """Cuff-Yu Ex. 5.1: the mechanism is (e ln 2)-MI-DP while max_P I(X_1,X_2;Y) = e log(N+1)
    (checked, not hard-coded: both come out of the erasure factorisation of the matrix)."""
    M = cuff_example_5_1(N, e)
    assert mi_dp(M).value == e * L(2)
    assert capacity(M).value == e * L(N + 1)
    contains(capacity(M, method="numeric"), e * L(N + 1))


def test_exponential_mechanism_mi_dp_reduces_to_k_ary_rr():
    """E_d on {0,1,2}^2 with e^eps = 2: with x_{-i} fixed, outputs with the same y_i are
    proportional columns, so each sub-channel is 3-ary RR with e^eps = 2: C = log 3 - H(1/2,1/4,1/4)."""
    M = exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=2)
    expected = L(3) + F(1, 2) * L(F(1, 2)) + F(1, 2) * L(F(1, 4))
    assert mi_dp(M).value == expected


def test_adversarial_privacy_and_min_entropy_leakage_by_hand():
    """RR(p = 3/4), uniform prior: P(x|y)/P(x) = (3/4)/(1/2) -> ln(3/2) (Cuff–Yu (64));
    min-entropy leakage log(Σ_y max_x P(x)W(y|x)) - log max P = log(3/4) - log(1/2) (Cuff–Yu (72))."""
    M = randomized_response(p=F(3, 4))
    P = uniform(M)
    a = adversarial_privacy(M, prior=P)
    assert a.value == L(F(3, 2))
    assert min_entropy_leakage(M, prior=P).value == L(F(3, 2))
    # (65): I(X;Y) <= adversarial privacy level
    assert_true(compare(mi_privacy(M, prior=P).value, "<=", a.value))
    ident = Mechanism(Hamming(range(4), 1), list(range(4)), [[F(int(x == y)) for y in range(4)] for x in range(4)])
    assert min_entropy_leakage(ident, prior=uniform(ident)).value == L(4)


def test_record_posterior_kl_by_hand():
    """Wu–Xia–He Thm 2: D(X_i || X_i|Y=r) = Σ_t P(t) ln P(t)/P(t|r).  RR(p=3/4), uniform:
    1/2 ln((1/2)/(3/4)) + 1/2 ln((1/2)/(1/4)) = 1/2 ln(4/3); +oo when a posterior vanishes."""
    M = randomized_response(p=F(3, 4))
    r = record_posterior_kl(M, prior=uniform(M))
    assert r.value == L(F(4, 3)) / 2
    assert record_posterior_kl(M, prior=uniform(M), record=0, output=1).value == L(F(4, 3)) / 2
    ident = Mechanism(Hamming([0, 1], 1), [0, 1], [[1, 0], [0, 1]])
    assert record_posterior_kl(ident, prior=uniform(ident)).value == sympy.oo


def test_truncated_geometric_capacity_is_bsc():
    """Truncated geometric on counts {0, 1} with e^eps = 2 (any input space, here a graph):
    rows (2/3, 1/3) and (1/3, 2/3), a BSC(1/3): C = log 2 - h(1/3); ln 2 bounds it (eps-DP)."""
    M = truncated_geometric(1, exp_eps=2)
    assert capacity(M).value == L(2) - h(F(1, 3))
    assert_true(is_capacity(M, L(2)))


def test_record_mi_one_record_equals_mi():
    M = randomized_response(p=F(3, 4))
    P = Prior(M.inputs, [F(1, 3), F(2, 3)])
    assert record_mi(M, prior=P).value == mi_privacy(M, prior=P).value


def test_sibson_bsc_by_hand():
    """Cuff–Yu (66), BSC(1/4), uniform prior, alpha = 2:
    2 log( 2 sqrt(1/2 (9/16 + 1/16)) ) = log(5/4); the channel is symmetric, so this is also
    the Sibson capacity (uniform input optimal), and it is <= eps = log 3 (Lemma 9)."""
    M = binary_symmetric_channel(F(1, 4))
    assert sibson_mi(M, alpha=2, prior=uniform(M)).value == L(F(5, 4))
    c = sibson_capacity(M, alpha=2)
    assert c.value == L(F(5, 4))
    for a in (F(1, 2), 2, 3):
        assert_true(compare(sibson_capacity(M, alpha=a).upper, "<=", L(3)))


def test_sibson_alpha_infinity_is_max_leakage():
    M = erasure_channel(3, F(1, 2))
    # Σ_y max_x W(y|x) = 1/2 + 3 * 1/2 = 2
    assert sibson_mi(M, alpha=sympy.oo, prior=uniform(M)).value == L(2)
    assert sibson_capacity(M, alpha=sympy.oo).value == L(2)


# ------------------------------------------------------------------ (b) brute force
RNG = random.Random(20240501)


def rand_pmf(k, den=6, rng=RNG, positive=False):
    w = [rng.randint(1 if positive else 0, den) for _ in range(k)]
    if sum(w) == 0:
        w[rng.randrange(k)] = 1
    s = sum(w)
    return [F(v, s) for v in w]


def rand_mechanism(space, m, rng=RNG):
    return Mechanism(space, list(range(m)), [rand_pmf(m, rng=rng) for _ in range(space.size)])


def definitional_mi(M, pmf):
    """Wang–Ying–Zhang (4) written out as a sympy sum of p(x,y) log(p(x,y)/(p(x)p(y)))."""
    m = len(M.outputs)
    py = [sum(pmf[x] * M.rows[x][y] for x in range(len(pmf))) for y in range(m)]
    terms = []
    for x, y in itertools.product(range(len(pmf)), range(m)):
        pxy = pmf[x] * M.rows[x][y]
        if pxy:
            terms.append(sympy.Rational(pxy) * sympy.log(sympy.Rational(pxy / (pmf[x] * py[y]))))
    return LogForm.from_sympy(sympy.Add(*terms))


def test_mi_equals_definitional_sum_on_random_instances():
    rng = random.Random(7)
    space = Hamming([0, 1], 2)
    for _ in range(100):
        M = rand_mechanism(space, rng.choice([2, 3]), rng)
        pmf = rand_pmf(4, rng=rng)
        assert mi_privacy(M, prior=Prior(space, pmf)).value == definitional_mi(M, pmf)


def test_chain_rule_and_arb_path_on_random_instances():
    """Cuff-Yu Property 6: I(X;Y) = I(X_1;Y) + I(X_2;Y|X_1), exactly; and method='arb'
    encloses the exact value (certified)."""
    rng = random.Random(11)
    space = Hamming([0, 1, 2], 2)
    for _ in range(40):
        M = rand_mechanism(space, 3, rng)
        P = Prior(space, rand_pmf(9, rng=rng))
        total = mi_privacy(M, prior=P).value
        assert total == record_mi(M, prior=P, record=0).value + conditional_mi(M, prior=P, record=1).value
        contains(mi_privacy(M, prior=P, method="arb"), total)


def test_mi_dp_dominates_conditional_mi_for_random_priors():
    """Cuff–Yu Def. 2: mi_dp is the sup over all joint priors, so it is >= I(X_i;Y|X_{-i}) for
    every prior (1,200 random exact priors, certified comparisons), and the witness prior attains it."""
    rng = random.Random(3)
    space = Hamming([0, 1], 2)
    mechanisms = [rand_mechanism(space, 3, rng) for _ in range(3)] + [
        Mechanism(space, [0, 1], [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)], [F(1, 2), F(1, 2)], [F(1, 3), F(2, 3)]])]
    count = 0
    for M in mechanisms:
        md = mi_dp(M)
        for _ in range(300):
            P = Prior(space, rand_pmf(4, rng=rng))
            c = conditional_mi(M, prior=P)
            assert_true(compare(c.value, "<=", md.upper))
            count += 1
        w = md.witness
        P = Prior.from_dict(space, {eval_point(k): F(v) for k, v in w["prior"].items()})
        at = conditional_mi(M, prior=P, record=w["record"], method="exact")
        if md.value is not None:
            assert at.value == md.value
        else:
            assert_true(compare(at.value, ">=", md.lower))
    assert count >= 1200


def eval_point(text):
    """Parse a witness key like '(0, 1)' without eval: a tuple of small ints."""
    return tuple(int(t) for t in text.strip("()").split(",") if t.strip())


def test_mi_dp_numeric_path_agrees_with_closed_forms():
    for M in (randomized_response(3, exp_eps=2), erasure_channel(3, F(1, 3)), cuff_example_5_1(2, F(1, 2))):
        exact = mi_dp(M).value
        contains(mi_dp(M, method="numeric"), exact)


def test_capacity_dominates_mi_for_random_priors():
    rng = random.Random(5)
    space = Hamming([0, 1, 2], 1)
    for _ in range(6):
        M = rand_mechanism(space, 3, rng)
        c = capacity(M)
        assert c.upper - c.lower < F(1, 10**9)
        for _ in range(25):
            assert_true(compare(mi_privacy(M, prior=Prior(space, rand_pmf(3, rng=rng))).value, "<=", c.upper))


def test_sibson_alpha_one_and_monotone_in_alpha():
    """Sibson's I_α: α = 1 is Shannon's MI exactly; α -> I_α is non-decreasing (certified, on
    random instances); the capacity upper bound dominates I_α at random priors."""
    rng = random.Random(9)
    space = Hamming([0, 1, 2], 1)
    alphas = [F(1, 3), F(1, 2), F(9, 10), 1, F(11, 10), 2, 3]
    for _ in range(8):
        M = rand_mechanism(space, 3, rng)
        P = Prior(space, rand_pmf(3, rng=rng))
        vals = [sibson_mi(M, alpha=a, prior=P, method="arb") for a in alphas]
        shannon = mi_privacy(M, prior=P).value
        assert sibson_mi(M, alpha=1, prior=P).value == shannon
        contains(vals[3], shannon)
        for lo, hi in zip(vals, vals[1:]):
            assert_true(compare(lo.lower, "<=", hi.upper))
        for a in (F(1, 2), 2):
            cap = sibson_capacity(M, alpha=a)
            assert_true(compare(sibson_mi(M, alpha=a, prior=P, method="arb").lower, "<=", cap.upper))
    # I_{1±1/k} squeeze I_1 with a vanishing gap (consistency of the limit α -> 1)
    M = rand_mechanism(space, 3, rng)
    P = Prior(space, rand_pmf(3, rng=rng, positive=True))
    shannon = mi_privacy(M, prior=P).value
    below = sibson_mi(M, alpha=F(999, 1000), prior=P, method="arb")
    above = sibson_mi(M, alpha=F(1001, 1000), prior=P, method="arb")
    assert_true(compare(below.upper, "<=", shannon))
    assert_true(compare(shannon, "<=", above.lower))
    assert above.upper - below.lower < F(1, 100)


def test_large_denominators_fall_back_to_certified_enclosures():
    """Rows whose denominators are large primes: "auto" cannot afford to factor, so it returns
    certified enclosures (exact log-sum in arb; per-group balls when the common denominator
    exceeds 512 bits; log of a huge exact rational) -- each checked against an independent
    computation."""
    from exactpriv.exact.intervals import arb_eval, arb_to_fractions

    primes = [sympy.prevprime(2**55 - 1000 * k) for k in range(10)]
    rng = random.Random(29)

    def row(p):
        a = rng.randrange(1, int(p))
        return [F(a, int(p)), 1 - F(a, int(p))]

    # (1) two rows: common denominator ~110 bits (exact mode), integers too big for "auto"
    M = Mechanism(Hamming([0, 1], 1), [0, 1], [row(primes[0]), row(primes[1])])
    P = Prior(M.inputs, [F(1, 3), F(2, 3)])
    auto = mi_privacy(M, prior=P)
    assert auto.value is None and auto.upper - auto.lower < F(1, 2**60)
    contains(auto, mi_privacy(M, prior=P, method="exact").value)
    # (2) ten rows: common denominator > 512 bits -> ball mode; compare with the definitional
    # sum evaluated in arb (both are certified, so the enclosures must overlap)
    space = Hamming(range(10), 1)
    M = Mechanism(space, [0, 1], [row(p) for p in primes])
    P = Prior.uniform(space)
    ball = mi_privacy(M, prior=P)
    assert ball.value is None and "per-group" in ball.note
    q = [sum(F(1, 10) * r[y] for r in M.rows) for y in range(2)]
    expr = sympy.Add(*[sympy.Rational(F(1, 10) * r[y]) * sympy.log(sympy.Rational(r[y] / q[y]))
                       for r in M.rows for y in range(2)])
    lo, hi = arb_to_fractions(arb_eval(expr, 256))
    assert lo <= ball.upper and ball.lower <= hi and ball.upper - ball.lower < F(1, 2**60)
    # (3) adversarial privacy: log of an exact rational with ~600-bit parts -> enclosure
    adv = adversarial_privacy(M, prior=P)
    r = F(adv.witness["ratio"])
    assert adv.value is None and r.denominator.bit_length() > 100
    lo, hi = arb_to_fractions(arb_eval(sympy.log(sympy.Rational(r.numerator, r.denominator)), 256))
    assert adv.lower <= lo and hi <= adv.upper + F(1, 2**100)


def test_sibson_exact_and_arb_agree():
    rng = random.Random(13)
    space = Hamming([0, 1], 1)
    for _ in range(5):
        M = rand_mechanism(space, 3, rng)
        P = Prior(space, rand_pmf(2, rng=rng))
        exact = sibson_mi(M, alpha=F(3, 2), prior=P, method="exact").value
        contains(sibson_mi(M, alpha=F(3, 2), prior=P, method="arb"), exact)


def test_record_posterior_kl_and_leakages_match_definitions():
    """Random tiny instances: Wu–Xia–He (26) D(X_i||X_i|Y=r) from posteriors; Cuff–Yu (72)-(73)
    min-entropy leakage from posterior vulnerabilities (and = Sibson α = oo at the uniform
    prior); Cuff–Yu (65) I(X;Y) <= adversarial privacy."""
    rng = random.Random(17)
    space = Hamming([0, 1], 2)
    zero = LogForm.rational(0)
    for _ in range(30):
        M = rand_mechanism(space, 3, rng)
        pmf = rand_pmf(4, rng=rng, positive=True)
        P = Prior(space, pmf)
        q = [sum(pmf[x] * M.rows[x][y] for x in range(4)) for y in range(3)]
        best = None
        for i, y in itertools.product(range(2), range(3)):
            if q[y] == 0:
                continue
            pi = [sum(pmf[x] for x in range(4) if space.points[x][i] == t) for t in (0, 1)]
            post = [sum(pmf[x] * M.rows[x][y] for x in range(4) if space.points[x][i] == t) / q[y] for t in (0, 1)]
            d = sympy.oo if 0 in post else sum((p * L(p / r) for p, r in zip(pi, post)), zero)
            assert record_posterior_kl(M, prior=P, record=i, output=y).value == d
            best = d if best is None or (d == sympy.oo or (best != sympy.oo and compare(d, ">", best).is_true)) else best
        assert record_posterior_kl(M, prior=P).value == best
        # (72)-(73): H_inf(X) - H_inf(X|Y), H_inf(X|Y) = -log Σ_y P(y) max_x P(x|y)
        vuln = sum(q[y] * max(pmf[x] * M.rows[x][y] / q[y] for x in range(4)) for y in range(3) if q[y])
        assert min_entropy_leakage(M, prior=P).value == L(vuln) - L(max(pmf))
        U = uniform(M)
        assert min_entropy_leakage(M, prior=U).value == sibson_mi(M, alpha=sympy.oo, prior=U).value
        assert_true(compare(mi_privacy(M, prior=P).value, "<=", adversarial_privacy(M, prior=P).value))


def test_sibson_capacity_lemma_9_and_monotone():
    """Cuff–Yu Lemma 9: an eps-DP single-record mechanism has sup_P I^s_α <= eps for every α;
    eps = log of the exact maximum ratio.  The certified capacities are also non-decreasing in α."""
    rng = random.Random(23)
    space = Hamming([0, 1, 2], 1)
    for _ in range(4):
        M = Mechanism(space, [0, 1, 2], [rand_pmf(3, rng=rng, positive=True) for _ in range(3)])
        eps = L(max(r1[y] / r2[y] for r1 in M.rows for r2 in M.rows for y in range(3)))
        caps = [sibson_capacity(M, alpha=a) for a in (F(1, 2), 1, 2, 4)]
        for c in caps:
            assert_true(compare(c.upper, "<=", eps))
        for lo, hi in zip(caps, caps[1:]):
            assert_true(compare(lo.lower, "<=", hi.upper))


def test_identity_dp_bounds_record_measures():
    """Wu–Xia–He Thms 2-3: under eps-DP with independent records (Cor. 1-2), D(X_i||X_i|Y=r)
    and I(X_i;Y) are <= eps.  E_d on {0,1}^2 with e^eps = 3 is eps-DP."""
    M = exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    P = Prior.product(M.inputs, [[F(1, 3), F(2, 3)], [F(1, 2), F(1, 2)]])
    assert_true(compare(record_posterior_kl(M, prior=P).value, "<=", L(3)))
    assert_true(compare(record_mi(M, prior=P).value, "<=", L(3)))


# ------------------------------------------------------------------ (c) typed errors
RR = randomized_response(p=F(3, 4))
RR_U = Prior.uniform(RR.inputs)
OTHER = Prior.uniform(Hamming([0, 1], 2))
IDENT3 = Mechanism(Hamming([0, 1], 1), [0, 1, 2], [[1, 0, 0], [0, 1, 0]])
NO_CLOSED_FORM = Mechanism(Hamming([0, 1], 1), [0, 1, 2], [[EPS / (1 + EPS), 1 / (1 + EPS), 0],
                                                           [F(1, 2), F(1, 4), F(1, 4)]])

BAD_CALLS = [
    ("prior-other-space", lambda: mi_privacy(RR, prior=OTHER), SpaceMismatchError, "lives on"),
    ("sibson-prior-other-space", lambda: sibson_mi(RR, alpha=2, prior=OTHER), SpaceMismatchError, "lives on"),
    ("prior-missing", lambda: mi_privacy(RR), InvalidArgument, "depends on the prior"),
    ("prior-not-a-prior", lambda: mi_privacy(RR, prior=[F(1, 2), F(1, 2)]), InvalidArgument, "must be an exactpriv Prior"),
    ("alpha-zero", lambda: sibson_mi(RR, alpha=0, prior=RR_U), InvalidArgument, "alpha=0"),
    ("alpha-negative", lambda: sibson_mi(RR, alpha=-1, prior=RR_U), InvalidArgument, "alpha=-1"),
    ("alpha-negative-str", lambda: sibson_capacity(RR, alpha="-1/2"), InvalidArgument, "alpha"),
    ("alpha-float", lambda: sibson_mi(RR, alpha=0.5, prior=RR_U), NotExactError, "float"),
    ("alpha-float-capacity", lambda: sibson_capacity(RR, alpha=2.0), NotExactError, "float"),
    ("record-out-of-range", lambda: conditional_mi(RR, prior=RR_U, record=3), InvalidArgument, "record=3"),
    ("record-bool", lambda: record_mi(RR, prior=RR_U, record=True), InvalidArgument, "record=True"),
    ("method-unknown", lambda: mi_privacy(RR, prior=RR_U, method="float"), InvalidArgument, "method='float'"),
    ("capacity-method-unknown", lambda: capacity(RR, method="exact"), InvalidArgument, "method='exact'"),
    ("gap-zero", lambda: capacity(RR, gap=0), InvalidArgument, "gap=0"),
    ("gap-float", lambda: mi_dp(RR, gap=1e-9), NotExactError, "float"),
    ("not-a-mechanism", lambda: mi_dp("not a mechanism"), InvalidArgument, "must be an exactpriv Mechanism"),
    ("no-records", lambda: mi_dp(truncated_geometric(2, exp_eps=2)), InvalidArgument, "per record"),
    ("output-of-probability-0", lambda: record_posterior_kl(IDENT3, prior=Prior.uniform(IDENT3.inputs), record=0,
                                                             output=2), SupportError, "probability 0"),
    ("unknown-output", lambda: record_posterior_kl(RR, prior=RR_U, record=0, output=7), InvalidArgument, "y=7"),
    ("symbolic-max", lambda: adversarial_privacy(randomized_response(eps=EPS), prior=RR_U), InvalidArgument,
     "substitute"),
    ("symbolic-no-closed-form", lambda: capacity(NO_CLOSED_FORM), InvalidArgument, "substitute"),
]


@pytest.mark.parametrize("call, error, match", [c[1:] for c in BAD_CALLS], ids=[c[0] for c in BAD_CALLS])
def test_bad_inputs_raise_typed_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()
