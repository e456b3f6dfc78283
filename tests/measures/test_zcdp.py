"""zCDP (Bun–Steinke, TCC 2016): certified enclosures checked against a plain evaluation from the
definition (mpmath at 60 digits on a grid of orders) and against published bounds."""

import random
from fractions import Fraction as F

import mpmath
import pytest
import sympy

from exactpriv import Hamming, Mechanism, pure_dp
from exactpriv.errors import InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.measures import compute
from exactpriv.measures.zcdp import is_zcdp, pair_zcdp, zcdp
from exactpriv.mechanisms import zoo

mpmath.mp.dps = 60


def _mpf(q):
    return mpmath.mpf(q.numerator) / q.denominator


def _grid_values(M):
    """D_α(P_x‖P_x')/α from the definition, for every ordered neighbour pair and α on a grid."""
    out = []
    for i, j in M.inputs.edges.tolist():
        for x, y in ((i, j), (j, i)):
            P, Q = M.rows[x], M.rows[y]
            kl = mpmath.fsum(_mpf(p) * mpmath.log(_mpf(p / q)) for p, q in zip(P, Q) if p > 0)
            out.append(kl)  # the limit α -> 1
            for k in range(1, 200):
                a = 1 + mpmath.mpf(k) / 50
                s = mpmath.fsum(_mpf(p) ** a * _mpf(q) ** (1 - a) for p, q in zip(P, Q) if p > 0)
                out.append(mpmath.log(s) / (a - 1) / a)
    return out


def _random_mechanism(rng, k_in, k_out):
    rows = []
    for _ in range(k_in):
        w = [rng.randint(1, 9) for _ in range(k_out)]
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(Hamming(list(range(k_in)), 1), list(range(k_out)), rows)


@pytest.mark.parametrize("seed", range(6))
def test_enclosure_contains_the_sup_from_the_definition(seed):
    rng = random.Random(seed)
    M = _random_mechanism(rng, rng.choice([2, 3]), rng.choice([2, 3, 4]))
    m = zcdp(M)
    grid = _grid_values(M)
    best = max(grid)
    up = mpmath.mpf(m.upper.numerator) / m.upper.denominator
    lo = mpmath.mpf(m.lower.numerator) / m.lower.denominator
    assert best <= up + mpmath.mpf(10) ** -50           # every D_α/α is below the certified upper bound
    assert m.lower <= m.upper and m.upper - m.lower <= F(1, 10**12)
    # the enclosure contains the sup, which is >= every grid value: so lower >= grid max - width
    assert lo >= best - mpmath.mpf(1) / 10**12 - mpmath.mpf(10) ** -50


@pytest.mark.parametrize("g", [2, 3, 10])
def test_randomized_response_published_bounds(g):
    """Bun–Steinke (TCC 2016) Prop. 1.4: ε-DP ⇒ ½ε²-zCDP; and ρ ≥ lim_{α→1} D_α/α = KL, which for
    ε-RR is ε·tanh(ε/2) (Cuff–Yu (11)).  For RR the sup is that limit: the enclosure is
    [ε tanh(ε/2), ε tanh(ε/2) + 1e-12]."""
    eps = sympy.log(g)
    m = zcdp(zoo.randomized_response(2, exp_eps=g))
    kl = eps * sympy.tanh(eps / 2)
    assert compare(m.lower, "<=", kl).is_true and compare(kl - F(1, 10**12), "<=", m.lower).is_true
    assert compare(m.upper, ">=", kl).is_true and compare(m.upper, "<=", kl + F(1, 10**12)).is_true
    assert is_zcdp(zoo.randomized_response(2, exp_eps=g), eps ** 2 / 2).is_true
    assert is_zcdp(zoo.randomized_response(2, exp_eps=g), kl - F(1, 10**6)).is_false


@pytest.mark.parametrize("seed", range(4))
def test_pure_dp_implies_half_eps_squared_zcdp(seed):
    """Bun–Steinke Prop. 1.4 on random mechanisms."""
    M = _random_mechanism(random.Random(100 + seed), 3, 3)
    eps = pure_dp(M).value.to_sympy()
    assert is_zcdp(M, eps ** 2 / 2).is_true


def test_support_gap_is_infinite_and_registry():
    M = Mechanism(Hamming([0, 1], 1), [0, 1], [[F(1, 2), F(1, 2)], [1, 0]])
    assert zcdp(M).value == sympy.oo
    assert pair_zcdp([F(1, 2), F(1, 2)], [1, 0]).value == sympy.oo
    r = compute("zcdp", zoo.randomized_response(2, exp_eps=3)).to_json()
    assert r["exact"] is None and r["lower"] and r["upper"] and r["witness"]["alpha"] == "1"
    with pytest.raises(InvalidArgument):
        zcdp(M, tolerance=0.1)
