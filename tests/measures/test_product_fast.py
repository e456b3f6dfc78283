"""Differential tests of exactpriv.measures.engines.product (worst pair of a product mechanism).

The fast route (ratio tables, float filter with a proved margin, exact count signatures) is
compared with two independent computations: the pairwise exact route
(``divergence.product_worst_ratio_pairwise``) and, on small output spaces, a plain Fraction
evaluation from the definition on the expanded joint mechanism,
ε = max_{x≠x'} max_y ln P(y|x)/P(y|x').  Every regime that picks another code path is
exercised: one ratio value (the RAPPOR count shortcut), several values (signatures),
infinite ratios, more values than the signature step takes (pair-by-pair products), and
inputs beyond the dense score matrix (gathered scores).
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction as F

import pytest
import sympy

from exactpriv.exact.logforms import LogForm
from exactpriv.measures.engines import product as _product
from exactpriv.measures.divergence import all_pairs
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.engines.symbolic_pure_dp import product_worst_ratio, product_worst_ratio_pairwise
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.mechanisms.zoo import rappor
from exactpriv.spaces import Hamming


def _definition_max_ratio(PM):
    """max over ordered pairs x != x' and joint outputs y of P(y|x)/P(y|x') (None = infinite)."""
    J = PM.expand()
    best = F(1)
    for a, b in itertools.permutations(range(len(J.rows)), 2):
        for pa, pb in zip(J.rows[a], J.rows[b]):
            if pb == 0:
                if pa != 0:
                    return None
                continue
            best = max(best, pa / pb)
    return best


def _random_row(rng, k, zeros):
    weights = [rng.randint(0 if zeros else 1, 6) for _ in range(k)]
    if not any(weights):
        weights[0] = 1
    total = sum(weights)
    return tuple(F(w, total) for w in weights)


def _random_product(rng, n, m, *, distinct_rows=3, k=3, zeros=False):
    space = Hamming(list(range(n)), 1)
    factors = []
    for _ in range(m):
        rows = [_random_row(rng, k, zeros) for _ in range(distinct_rows)]
        factors.append(Mechanism(space, list(range(k)), [rng.choice(rows) for _ in range(n)]))
    return ProductMechanism(factors)


@pytest.mark.parametrize("seed", range(10))
def test_random_products_match_definition(seed):
    rng = random.Random(seed)
    PM = _random_product(rng, rng.randint(2, 6), rng.randint(1, 4), zeros=seed % 3 == 0)
    val, pair, ys, found = _product.product_max_ratio(PM, all_pairs(len(PM.inputs.points)))
    assert found
    assert val == _definition_max_ratio(PM)
    # the witness attains the value
    x, x2 = pair
    joint = F(1)
    for f, y in zip(PM.factors, ys):
        p, q = f.rows[x][f.outputs.index(y)], f.rows[x2][f.outputs.index(y)]
        if q == 0:
            joint = None
            break
        joint *= p / q
    assert joint == val


@pytest.mark.parametrize("seed", range(6))
def test_random_products_match_pairwise_route(seed):
    rng = random.Random(100 + seed)
    PM = _random_product(rng, rng.randint(10, 40), rng.randint(5, 30), distinct_rows=rng.randint(1, 4))
    pairs = all_pairs(len(PM.inputs.points))
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]


def test_rappor_matches_closed_form_and_pairwise():
    """RAPPOR (f = 1/2): each differing Bloom bit contributes (1 - f/2)/(f/2) = 3; two items with
    disjoint h-bit filters give ε = 2h·ln 3 (Erlingsson–Pihur–Korolova, RAPPOR, CCS 2014)."""
    rng = random.Random(1)
    items = list(range(40))
    h, bits = 3, 16
    hashes = {x: rng.sample(range(bits), h) for x in items}
    R = rappor(items, bits, hashes, f=F(1, 2))
    pairs = all_pairs(len(items))
    fast = product_worst_ratio(R, pairs)
    assert fast[0] == product_worst_ratio_pairwise(R, pairs)[0] == F(3) ** (2 * h)
    assert pure_dp(R).value == 2 * h * LogForm.log(3)


def test_several_ratio_values_use_signatures(monkeypatch):
    """Bits with different flip rates: distinct ratio values, so the count-signature step runs."""
    rng = random.Random(5)
    space = Hamming(list(range(12)), 1)
    factors = []
    for j in range(6):
        p = F(rng.randint(6, 9), 10)
        on, off = (1 - p, p), (p, 1 - p)
        factors.append(Mechanism(space, [0, 1], [on if rng.random() < 0.5 else off for _ in range(12)]))
    PM = ProductMechanism(factors)
    pairs = all_pairs(12)
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]
    monkeypatch.setattr(_product, "_MAX_SIGNATURE_VALUES", 0)  # the pair-by-pair products
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]


def test_gathered_scores_beyond_the_dense_matrix(monkeypatch):
    monkeypatch.setattr(_product, "_DENSE_MAX_INPUTS", 3)
    rng = random.Random(9)
    PM = _random_product(rng, 9, 5, zeros=True)
    pairs = all_pairs(9)
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]
    PM = _random_product(rng, 9, 5)
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]


def test_unshared_rows_are_grouped_by_value(monkeypatch):
    """Rows built separately (not shared objects) take the integer-row grouping."""
    monkeypatch.setattr(_product, "_SHARED_ROWS_MAX", 0)
    rng = random.Random(4)
    PM = _random_product(rng, 8, 4)
    pairs = all_pairs(8)
    assert product_worst_ratio(PM, pairs)[0] == product_worst_ratio_pairwise(PM, pairs)[0]


def test_no_pairs():
    PM = _random_product(random.Random(0), 1, 2)
    assert _product.product_max_ratio(PM, all_pairs(1)) == (None, None, None, False)


def test_repeated_factor_object_equals_distinct_equal_factors():
    """A k-fold product repeating one factor object (built once per call) gives exactly what the same product of
    distinct, equal factor objects gives (each built on its own), and what the definition gives."""
    sp = Hamming([0, 1], n=1)
    for rows in ([[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]], [[F(1, 2), F(1, 3), F(1, 6)], [F(1, 6), F(1, 2), F(1, 3)]],
                 [[F(1), F(0)], [F(1, 2), F(1, 2)]]):
        one = Mechanism(sp, list(range(len(rows[0]))), rows)
        for k in (1, 3, 6):
            repeated = ProductMechanism([one] * k)
            distinct = ProductMechanism([Mechanism(sp, list(range(len(rows[0]))), rows) for _ in range(k)])
            pairs = all_pairs(len(sp.points))
            got = _product.product_max_ratio(repeated, pairs)
            assert got == _product.product_max_ratio(distinct, pairs)
            if k <= 3:
                assert got[0] == _definition_max_ratio(repeated)


def _kfold_cases():
    """(factor, pairs) in the regimes the k-fold route meets: one ratio value, several, an infinite ratio, equal rows
    (ratio 1), a many-input space (the dense scores) and a space with no pairs."""
    rng = random.Random(11)
    sp = Hamming([0, 1], n=1)
    yield Mechanism(sp, [0, 1], [[F(3, 4), F(1, 4)], [F(1, 4), F(3, 4)]])
    yield Mechanism(sp, [0, 1, 2], [[F(1, 2), F(1, 3), F(1, 6)], [F(1, 6), F(1, 2), F(1, 3)]])
    yield Mechanism(sp, [0, 1], [[F(1), F(0)], [F(1, 2), F(1, 2)]])
    yield Mechanism(sp, [0, 1], [[F(1, 2), F(1, 2)], [F(1, 2), F(1, 2)]])
    yield _random_product(rng, 7, 1, zeros=False).factors[0]
    yield _random_product(rng, 9, 1, zeros=True).factors[0]


@pytest.mark.parametrize("case", range(6))
def test_k_fold_pure_dp_is_k_times_the_factor_and_equals_the_product_engine(case):
    """pure_dp / group_privacy of F^k (one factor object repeated: the k-fold route, k·ε(F)) against the same product
    of distinct equal factor objects (the product engine over all k factors) and, for k <= 3, the definition on the
    expanded mechanism; the witness attains the value."""
    from exactpriv.measures.divergence import group_privacy

    F1 = list(_kfold_cases())[case]
    for k in (2, 3, 7):
        repeated = ProductMechanism([F1] * k)
        distinct = ProductMechanism([Mechanism(F1.inputs, F1.outputs, F1.rows) for _ in range(k)])
        a, b = pure_dp(repeated), pure_dp(distinct)
        assert a.value == b.value and a.witness == b.witness
        assert "k-fold composition of one mechanism" in a.method and "k-fold" not in b.method
        infinite = a.value == sympy.oo
        if k <= 3 and len(F1.inputs.points) > 1:
            want = _definition_max_ratio(repeated)  # None: infinite
            assert (want is None) == infinite and (infinite or a.witness["ratio"] == want)
        x, x2 = (F1.inputs.index(v) for v in a.witness.get("pair", (F1.inputs.points[0],) * 2))
        ps = [(F1.rows[x][F1.outputs.index(y)], F1.rows[x2][F1.outputs.index(y)]) for y in a.witness.get("output", ())]
        if infinite:  # an output coordinate impossible under x' only
            assert any(q == 0 < p for p, q in ps)
        else:
            assert math.prod((F(p) / q for p, q in ps), start=F(1)) == a.witness["ratio"]
        g, h = group_privacy(repeated, 2), group_privacy(distinct, 2)
        assert g.value == h.value and g.witness == h.witness


def test_k_fold_of_a_one_point_space_is_vacuous_like_the_product_engine():
    PM1 = _random_product(random.Random(0), 1, 1)
    repeated, distinct = ProductMechanism([PM1.factors[0]] * 4), ProductMechanism(
        [Mechanism(PM1.inputs, PM1.factors[0].outputs, PM1.factors[0].rows) for _ in range(4)])
    assert pure_dp(repeated).value == pure_dp(distinct).value == 0


def test_dense_scores_gathered_by_block_equal_the_per_pair_scores(monkeypatch):
    """The dense score matrix (blocks of Φ·diag(T) gathered by index) against the per-pair gathering, on every path:
    the same value, pair and outputs."""
    rng = random.Random(21)
    for zeros in (False, True):
        for m in (1, 4, 30):
            PM = _random_product(rng, 8, m, zeros=zeros, distinct_rows=rng.randint(1, 4))
            pairs = all_pairs(8)
            dense = _product.product_max_ratio(PM, pairs)
            monkeypatch.setattr(_product, "_DENSE_MAX_INPUTS", 0)
            assert _product.product_max_ratio(PM, pairs) == dense
            monkeypatch.undo()
