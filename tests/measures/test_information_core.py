"""The information core: certified I(X;Y), D(P||Q), h(p) and capacity enclosures.

Every comparison below is certified: arb balls are turned into exact rational endpoints and
compared as Fractions, so "lower <= exact value <= upper" is decided without floats.  Known
capacities: BSC log 2 - h(p) (Cuff–Yu, proof of Lemma 2); erasure channel δ log N (Cuff–Yu,
Example 3.3, (37)); identity log N; identical rows 0; Z-channel log(1 + (1-p) p^{p/(1-p)})
(Golomb 1980); weakly symmetric channels log|Y| - H(row) (Cover & Thomas Thm 7.2.1); square
invertible channels with a positive solution of the KKT equations (Muroga's formula).
"""

import itertools
import random
from fractions import Fraction as F

import flint
import pytest
import sympy

from exactpriv.errors import (
    EntryRangeError,
    InvalidArgument,
    NotExactError,
    NotStochasticError,
    ShapeError,
    SpaceMismatchError,
    SpaceTooLargeError,
)
from exactpriv.exact.decisions import Enclosure
from exactpriv.measures.engines.information.shannon import (
    CapacityResult,
    binary_entropy_arb,
    capacity_enclosure,
    kl_arb,
    kl_divergence_terms,
    log_terms_arb,
    log_terms_sympy,
    mutual_information_arb,
    mutual_information_exact,
)

PREC = 256


@pytest.fixture(autouse=True)
def _test_precision():
    """The tests' own ball arithmetic runs at PREC bits (flint's default is 53)."""
    with flint.ctx.workprec(PREC):
        yield


# --------------------------------------------------------------------------------------
# certified helpers of the tests (independent of the module's internals)
# --------------------------------------------------------------------------------------
def _exact(b) -> F:
    man, exp = b.man_exp()
    return F(int(man)) * F(2) ** int(exp)


def ends(ball) -> tuple[F, F]:
    """Exact rational endpoints of a finite arb ball."""
    assert ball.is_finite(), ball
    m, r = _exact(ball.mid()), _exact(ball.rad())
    return m - r, m + r


def lg(r) -> flint.arb:
    """Ball of log r for a rational r > 0 at PREC bits, straight from flint."""
    r = F(r)
    with flint.ctx.workprec(PREC):
        return flint.arb(flint.fmpq(r.numerator, r.denominator)).log()


def ar(r) -> flint.arb:
    r = F(r)
    with flint.ctx.workprec(PREC):
        return flint.arb(flint.fmpq(r.numerator, r.denominator))


def assert_encloses(res: CapacityResult, exact_ball):
    """Certified: res.lower <= (every point of exact_ball) <= res.upper; for an exact point
    result lower == upper, certified consistency: the ball contains that point."""
    lo, hi = ends(exact_ball)
    if res.lower == res.upper:
        assert lo <= res.lower <= hi, (res, exact_ball)
    else:
        assert res.lower <= lo and hi <= res.upper, (res, exact_ball)


def brute_mi(prior, W) -> flint.arb:
    """Definitional Σ p(x,y) log(p(x,y)/(p(x)p(y))), Fractions, one flint log per term."""
    py = [sum(p * row[y] for p, row in zip(prior, W)) for y in range(len(W[0]))]
    with flint.ctx.workprec(PREC):
        total = flint.arb(0)
        for p, row in zip(prior, W):
            for y, w in enumerate(row):
                pxy = p * w
                if pxy:
                    total += ar(pxy) * lg(pxy / (p * py[y]))
        return total


def brute_kl(P, Q) -> flint.arb:
    with flint.ctx.workprec(PREC):
        total = flint.arb(0)
        for p, q in zip(P, Q):
            if p:
                total += ar(p) * lg(F(p) / q)
        return total


def prime_vector(terms) -> dict:
    """Σ c log a as the exact vector of coefficients of log(prime) (logs of primes are
    linearly independent over Q, so equal vectors <=> equal values)."""
    vec = {}
    for c, a in terms:
        a = F(a)
        for n, sign in ((a.numerator, 1), (a.denominator, -1)):
            for prime, e in sympy.factorint(n).items():
                vec[prime] = vec.get(prime, F(0)) + sign * e * F(c)
    return {k: v for k, v in vec.items() if v}


def brute_terms(prior, W):
    py = [sum(p * row[y] for p, row in zip(prior, W)) for y in range(len(W[0]))]
    return [(p * w, p * w / (p * py[y])) for p, row in zip(prior, W) for y, w in enumerate(row) if p * w]


def random_pmf(rng, n, zeros=0.3, den=12):
    while True:
        a = [0 if rng.random() < zeros else rng.randint(1, den) for _ in range(n)]
        if any(a):
            s = sum(a)
            return [F(v, s) for v in a]


def random_channel(rng, X, Y, zeros=0.3, den=12):
    return [random_pmf(rng, Y, zeros, den) for _ in range(X)]


# --------------------------------------------------------------------------------------
# named channels
# --------------------------------------------------------------------------------------
def bsc(p):
    p = F(p)
    return [[1 - p, p], [p, 1 - p]]


def erasure(N, delta):
    """Cuff–Yu (36): Y = X w.p. δ, erasure symbol 0 w.p. 1 - δ."""
    delta = F(delta)
    return [[1 - delta] + [delta if y == x else F(0) for y in range(N)] for x in range(N)]


def identity(N):
    return [[F(int(x == y)) for y in range(N)] for x in range(N)]


def z_channel(p):
    p = F(p)
    return [[F(1), F(0)], [p, 1 - p]]


def exponential_mechanism(n, m=3, alpha=2):
    """Wang–Ying–Zhang: p(y|x) = α^{-d_H(x,y)} / (1 + (m-1)/α)^n on D^n, |D| = m."""
    pts = list(itertools.product(range(m), repeat=n))
    norm = (1 + F(m - 1, alpha)) ** n
    return [[F(1, alpha ** sum(a != b for a, b in zip(x, y))) / norm for y in pts] for x in pts]


GAP = F(1, 10**12)


# --------------------------------------------------------------------------------------
# capacity: closed forms
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("p", ["1/4", "1/3", "1/10", "2/5", "0", "1/2"])
def test_bsc_capacity_is_log2_minus_binary_entropy(p):
    p = F(p)
    res = capacity_enclosure(bsc(p), gap=GAP)
    with flint.ctx.workprec(PREC):
        h = -sum((ar(r) * lg(r) for r in (p, 1 - p) if r), flint.arb(0))
        exact = lg(2) - h
    assert_encloses(res, exact)
    assert res.width <= GAP and res.converged


@pytest.mark.parametrize("N,delta", [(2, "1/2"), (3, "1/3"), (5, "3/4"), (4, "1")])
def test_erasure_channel_capacity_cuff_yu_example_3_3(N, delta):
    """Cuff–Yu Example 3.3, (37): C = δ log N."""
    res = capacity_enclosure(erasure(N, delta), gap=GAP)
    assert_encloses(res, ar(delta) * lg(N))
    assert res.width <= GAP


@pytest.mark.parametrize("N", [2, 3, 7])
def test_identity_channel_capacity_log_n(N):
    res = capacity_enclosure(identity(N), gap=GAP)
    assert_encloses(res, lg(N))
    assert res.width <= GAP


def test_identical_rows_have_capacity_exactly_zero():
    row = [F(1, 6), F(1, 3), F(0), F(1, 2)]
    res = capacity_enclosure([row] * 4, gap=GAP)
    assert res.lower == 0 and res.upper == 0
    assert capacity_enclosure([row]).upper == 0  # one input: nothing to learn


@pytest.mark.parametrize("p,value", [("1/2", F(5, 4)), ("2/3", F(31, 27))])
def test_z_channel_closed_form(p, value):
    """Golomb: C = log(1 + (1-p) p^{p/(1-p)}); p = 1/2 -> log 5/4, p = 2/3 -> log 31/27.
    The optimal prior is not uniform, so BA has to move."""
    res = capacity_enclosure(z_channel(p), gap=GAP)
    assert_encloses(res, lg(value))
    assert res.width <= GAP
    assert res.prior[0] != res.prior[1]


@pytest.mark.parametrize("p", [F(1, 3**50), F(1, 2**2000)], ids=["denominator>2^62", "float-underflow"])
def test_bsc_with_huge_denominators_and_float_underflow(p):
    """Exact entries beyond int64 and below the smallest double: the zero pattern and the
    logs come from the integers, the float search only sees rounded values."""
    W = bsc(p)
    res = capacity_enclosure(W, gap=GAP)
    h = -(ar(p) * lg(p) + ar(1 - p) * lg(1 - p))
    assert_encloses(res, lg(2) - h)
    assert res.width <= GAP
    P = [F(1, 3), F(2, 3)]
    assert mutual_information_arb(P, W, prec=PREC).overlaps(brute_mi(P, W))


def test_deterministic_channel_capacity_is_log_of_image_size():
    f = [0, 0, 2, 3, 3, 0]  # image {0, 2, 3}; output 1 is never produced
    W = [[F(int(y == fx)) for y in range(4)] for fx in f]
    res = capacity_enclosure(W, gap=GAP)
    assert_encloses(res, lg(3))
    assert res.output[1] == 0


def test_zero_output_column_does_not_change_capacity():
    W = [row[:1] + [F(0)] + row[1:] for row in erasure(3, "1/2")]
    res = capacity_enclosure(W, gap=GAP)
    assert_encloses(res, ar(F(1, 2)) * lg(3))


def test_weakly_symmetric_exponential_mechanism_27():
    """Wang–Ying–Zhang, the exponential mechanism on D^3, m = 3, α = 2: rows are permutations of
    each other and columns sum alike, so C = log 27 - H(row) = 3 log 3 - (9/2) log 2."""
    res = capacity_enclosure(exponential_mechanism(3), gap=GAP)
    assert_encloses(res, 3 * lg(3) - ar(F(9, 2)) * lg(2))
    assert res.width <= GAP


MUROGA_W = [[F(1, 2), F(1, 4), F(1, 4)], [F(1, 8), F(5, 8), F(1, 4)], [F(1, 6), F(1, 6), F(2, 3)]]


def muroga_capacity(W):
    """For invertible W with c = -W^{-1} h (h_x = H(W_x)): if p = q W^{-1} >= 0 for
    q_y = exp(c_y - C), C = log Σ_y exp(c_y), then D(W_x||q) = C for all x (KKT), so C is
    the capacity.  Exact inverse (flint fmpq_mat) and arb; independent of the module."""
    n = len(W)
    Winv = flint.fmpq_mat([[flint.fmpq(v.numerator, v.denominator) for v in r] for r in W]).inv()
    h = [-sum((ar(w) * lg(w) for w in r if w), flint.arb(0)) for r in W]
    c = [-sum((flint.arb(Winv[y, x]) * h[x] for x in range(n)), flint.arb(0)) for y in range(n)]
    C = sum((cy.exp() for cy in c), flint.arb(0)).log()
    q = [(cy - C).exp() for cy in c]
    p = [sum((q[y] * flint.arb(Winv[y, x]) for y in range(n)), flint.arb(0)) for x in range(n)]
    assert all(ends(px)[0] > 0 for px in p)  # the closed form applies (certified)
    return C


def test_square_channel_against_murogas_closed_form():
    res = capacity_enclosure(MUROGA_W, gap=GAP)
    assert_encloses(res, muroga_capacity(MUROGA_W))
    assert res.width <= GAP


# --------------------------------------------------------------------------------------
# capacity: gaps, budgets, certificates
# --------------------------------------------------------------------------------------
def test_widths_shrink_with_the_requested_gap():
    W = z_channel("1/3")
    gaps = [F(1, 10**k) for k in (2, 4, 6, 9, 12)]
    results = [capacity_enclosure(W, gap=g) for g in gaps]
    widths = [r.width for r in results]
    assert all(w <= g for w, g in zip(widths, gaps))
    assert all(a >= b for a, b in zip(widths, widths[1:]))
    assert widths[0] > widths[-1]
    # all enclosures are valid, so they must pairwise intersect
    assert max(r.lower for r in results) <= min(r.upper for r in results)


def test_iteration_budget_returns_valid_bounds_and_says_so():
    res = capacity_enclosure(z_channel("1/2"), gap=GAP, max_iterations=0)
    assert not res.converged and "effort spent (max_iterations=0)" in res.note
    assert_encloses(res, lg(F(5, 4)))  # uniform prior: still a valid certificate
    assert res.width > GAP


def test_gap_below_float_resolution_is_reported():
    res = capacity_enclosure(MUROGA_W, gap=F(1, 10**30))
    assert not res.converged and "resolution" in res.note
    assert_encloses(res, muroga_capacity(MUROGA_W))
    assert res.width <= GAP  # still as good as the float search allows


def test_fixed_precision_and_enclosure_object():
    res = capacity_enclosure(bsc("1/5"), gap=F(1, 10**6), prec=64)
    assert res.precision == 64
    enc = res.enclosure()
    assert isinstance(enc, Enclosure) and enc.lower == res.lower and enc.upper == res.upper
    assert sum(res.prior) == 1 and sum(res.output) == 1


def test_certificates_recheck_and_bound_every_prior_on_random_channels():
    """Independent re-check of the certificate (brute-force formulas at 256 bits):
    lower <= I(prior; W) and max_x D(W_x||output) <= upper must be compatible with the
    returned bounds; and for random priors P and output pmfs q, I(P;W) <= C <= upper and
    lower <= C <= max_x D(W_x||q) (Cover & Thomas Thm 13.1.1)."""
    rng = random.Random(20240611)
    for _ in range(25):
        X, Y = rng.randint(2, 5), rng.randint(2, 5)
        W = random_channel(rng, X, Y)
        res = capacity_enclosure(W, gap=F(1, 10**10))
        assert res.converged and res.width <= F(1, 10**10)
        assert sum(res.prior) == 1 and sum(res.output) == 1
        assert ends(brute_mi(res.prior, W))[1] >= res.lower
        assert max(ends(brute_kl(row, res.output))[0] for row in W) <= res.upper
        for _ in range(4):
            P = random_pmf(rng, X)
            assert ends(brute_mi(P, W))[0] <= res.upper
            Q = random_pmf(rng, Y, zeros=0)
            assert max(ends(brute_kl(row, Q))[1] for row in W) >= res.lower


# --------------------------------------------------------------------------------------
# mutual information, KL, binary entropy
# --------------------------------------------------------------------------------------
def test_mutual_information_matches_definition_on_random_instances():
    """≥ 200 seeded instances with zeros in priors and channels: the H(Y) - H(Y|X) ball
    overlaps the definitional ball, both tiny (certified agreement to ~1e-60), and the
    exact (c, a) pairs equal the definitional sum exactly (prime-exponent vectors)."""
    rng = random.Random(7)
    for _ in range(220):
        X, Y = rng.randint(1, 4), rng.randint(1, 4)
        W = random_channel(rng, X, Y, zeros=0.35, den=9)
        P = random_pmf(rng, X, zeros=0.3, den=9)
        fast = mutual_information_arb(P, W, prec=PREC)
        ref = brute_mi(P, W)
        assert fast.overlaps(ref)
        lo, hi = ends(fast)
        assert hi - lo < F(1, 10**60)
        assert lo <= hi and hi >= 0  # I >= 0
        terms = mutual_information_exact(P, W)
        assert prime_vector(terms) == prime_vector(brute_terms(P, W))
        assert log_terms_arb(terms, prec=PREC).overlaps(ref)


def test_mutual_information_edge_cases():
    W = erasure(3, "1/2")
    # zero prior rows: same as the channel without those rows
    P = [F(1, 2), F(0), F(1, 2)]
    sub = mutual_information_exact([F(1, 2), F(1, 2)], [W[0], W[2]])
    assert prime_vector(mutual_information_exact(P, W)) == prime_vector(sub)
    # identity channel, uniform prior: I = H(X) = log N exactly
    assert prime_vector(mutual_information_exact([F(1, 4)] * 4, identity(4))) == {2: 2}
    # identical rows: I = 0 exactly, and the ball contains 0
    row = [F(1, 3), F(2, 3), F(0)]
    assert mutual_information_exact([F(1, 2), F(1, 2)], [row, row]) == []
    lo, hi = ends(mutual_information_arb([F(1, 2), F(1, 2)], [row, row]))
    assert lo <= 0 <= hi
    # point-mass prior: I = 0
    assert mutual_information_exact([F(1), F(0)], bsc("1/3")) == []
    # deterministic channel: I = H(f(X))
    f_W = [[F(1), F(0)], [F(1), F(0)], [F(0), F(1)]]
    mi = mutual_information_arb([F(1, 3)] * 3, f_W, prec=PREC)
    assert mi.overlaps(ar(F(2, 3)) * lg(F(3, 2)) + ar(F(1, 3)) * lg(3))
    # the exact form is also a sympy expression of the same value
    expr = log_terms_sympy(mutual_information_exact([F(1, 2), F(1, 2)], bsc("1/4")))
    assert sympy.simplify(sympy.expand_log(expr - (sympy.log(2) - sympy.Rational(1, 4) * sympy.log(4)
                                                   - sympy.Rational(3, 4) * sympy.log(sympy.Rational(4, 3))),
                                           force=True)) == 0


def test_bsc_mutual_information_at_uniform_prior_is_log2_minus_h():
    for p in (F(1, 4), F(1, 7), F(3, 5)):
        mi = mutual_information_arb([F(1, 2), F(1, 2)], bsc(p), prec=PREC)
        assert mi.overlaps(lg(2) - binary_entropy_arb(p, prec=PREC))


def test_binary_entropy():
    assert binary_entropy_arb(0).is_zero() and binary_entropy_arb(1).is_zero()
    assert binary_entropy_arb(F(1, 2), prec=PREC).overlaps(lg(2))
    for p in (F(1, 3), F(1, 10), F(2, 7)):
        assert binary_entropy_arb(p, prec=PREC).overlaps(binary_entropy_arb(1 - p, prec=PREC))
        assert binary_entropy_arb(p, prec=PREC).overlaps(-(ar(p) * lg(p) + ar(1 - p) * lg(1 - p)))


def test_kl_divergence():
    P, Q = [F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)]
    # D(P||Q) = 1/2 log 2 + 1/2 log(2/3) = 1/2 log(4/3)
    assert prime_vector(kl_divergence_terms(P, Q)) == prime_vector([(F(1, 2), F(4, 3))])
    assert kl_arb(P, Q, prec=PREC).overlaps(ar(F(1, 2)) * lg(F(4, 3)))
    assert kl_divergence_terms(P, P) == [] and kl_arb(P, P).is_zero()
    # supp P not inside supp Q: +oo, decided exactly
    assert kl_divergence_terms(P, [F(1), F(0)]) is sympy.oo
    inf = kl_arb(P, [F(1), F(0)])
    assert not inf.is_finite() and inf > 0
    # supp Q larger than supp P is fine
    assert kl_arb([F(1), F(0)], P, prec=PREC).overlaps(lg(2))
    rng = random.Random(3)
    for _ in range(100):
        n = rng.randint(1, 5)
        A, B = random_pmf(rng, n), random_pmf(rng, n, zeros=0.1)
        terms = kl_divergence_terms(A, B)
        if any(a and not b for a, b in zip(A, B)):
            assert terms is sympy.oo and not kl_arb(A, B).is_finite()
            continue
        ref = brute_kl(A, B)
        assert kl_arb(A, B, prec=PREC).overlaps(ref)
        assert ends(ref)[1] >= 0  # Gibbs
        assert log_terms_arb(terms, prec=PREC).overlaps(ref)


# --------------------------------------------------------------------------------------
# invalid input
# --------------------------------------------------------------------------------------
_P2 = [F(1, 2), F(1, 2)]
_BAD = [
    ("float-entry", lambda: mutual_information_arb(_P2, [[0.5, 0.5], [F(1), F(0)]]), NotExactError, "0.5"),
    ("negative-entry", lambda: capacity_enclosure([[F(3, 2), F(-1, 2)]]), EntryRangeError, "-1/2"),
    ("row-sum", lambda: capacity_enclosure([[F(1, 2), F(1, 3)]]), NotStochasticError, "5/6"),
    ("zero-row", lambda: capacity_enclosure([[F(1), F(0)], [F(0), F(0)]]), NotStochasticError, "W[1]"),
    ("ragged", lambda: capacity_enclosure([[F(1)], [F(1, 2), F(1, 2)]]), ShapeError, "ragged"),
    ("empty", lambda: capacity_enclosure([]), ShapeError, "[]"),
    ("empty-row", lambda: capacity_enclosure([[]]), ShapeError, "empty"),
    ("string-channel", lambda: capacity_enclosure("[[1]]"), InvalidArgument, "[[1]]"),
    ("prior-length", lambda: mutual_information_arb([F(1)], bsc("1/3")), SpaceMismatchError, "1 entries"),
    ("prior-sum", lambda: mutual_information_arb([F(1, 2), F(1, 3)], bsc("1/3")), NotStochasticError, "5/6"),
    ("prior-float", lambda: mutual_information_exact([0.5, 0.5], bsc("1/3")), NotExactError, "0.5"),
    ("gap-zero", lambda: capacity_enclosure(bsc("1/3"), gap=0), InvalidArgument, "gap=0"),
    ("gap-float", lambda: capacity_enclosure(bsc("1/3"), gap=1e-9), NotExactError, "1e-09"),
    ("prec-bool", lambda: capacity_enclosure(bsc("1/3"), prec=True), InvalidArgument, "prec=True"),
    ("prec-small", lambda: kl_arb(_P2, _P2, prec=1), InvalidArgument, "prec=1"),
    ("max-seconds", lambda: capacity_enclosure(bsc("1/3"), max_seconds=-1), InvalidArgument, "max_seconds=-1"),
    ("max-iterations", lambda: capacity_enclosure(bsc("1/3"), max_iterations=-1), InvalidArgument, "-1"),
    ("kl-length", lambda: kl_divergence_terms(_P2, [F(1)]), SpaceMismatchError, "2 entries"),
    ("too-large", lambda: mutual_information_exact([F(1, 3)] * 3, identity(3), max_pairs=8), SpaceTooLargeError, "9"),
    ("log-arg", lambda: log_terms_arb([(F(1), F(0))]), EntryRangeError, "positive"),
    ("log-pair", lambda: log_terms_arb([F(1)]), InvalidArgument, "pair"),
    ("entropy-range", lambda: binary_entropy_arb(F(3, 2)), EntryRangeError, "3/2"),
]


@pytest.mark.parametrize("call,error,echo", [b[1:] for b in _BAD], ids=[b[0] for b in _BAD])
def test_invalid_arguments_raise_typed_errors_naming_the_value(call, error, echo):
    with pytest.raises(error) as info:
        call()
    assert echo in str(info.value)


# --------------------------------------------------------------------------------------
# slow: the 729x729 channels of the benchmark
# --------------------------------------------------------------------------------------
@pytest.mark.slow
def test_exponential_mechanism_729_capacity():
    """Wang–Ying–Zhang, D^6 with m = 3, α = 2: weakly symmetric, C = 6 log 3 - 9 log 2."""
    res = capacity_enclosure(exponential_mechanism(6), gap=GAP)
    assert_encloses(res, 6 * lg(3) - 9 * lg(2))
    assert res.width <= GAP


@pytest.mark.slow
def test_random_729_channel_certificate_rechecks():
    rng = random.Random(0)
    W = []
    for _ in range(729):
        a = [rng.randrange(100) for _ in range(729)]
        a[0] += 1
        W.append([F(v, sum(a)) for v in a])
    res = capacity_enclosure(W, gap=GAP)
    assert res.converged and res.width <= GAP
    assert ends(mutual_information_arb(res.prior, W))[1] >= res.lower
    assert max(ends(kl_arb(row, res.output))[0] for row in W) <= res.upper
