"""Operations that keep rows stochastic by construction (product, post-processing, the expansion of a
ProductMechanism) skip the range and row-sum proofs of their entries: their rows must equal, entry for
entry and type for type, what the full validation of the same matrix gives, and bad input must still fail
with the full validation's error."""

from fractions import Fraction
import random

import pytest
import sympy

from exactpriv import GraphSpace, Hamming, Mechanism
from exactpriv.errors import UnknownSymbolError, UnsafeInputError
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.base import ProductMechanism
from exactpriv.mechanisms.zoo import randomized_response


def _random_rational(rng, space, n_out):
    rows = []
    for _ in space.points:
        w = [rng.randint(0, 6) for _ in range(n_out)]
        if not any(w):
            w[0] = 1
        rows.append([Fraction(x, sum(w)) for x in w])
    return Mechanism(space, list(range(n_out)), rows)


def _fully_validated(M):
    """The same matrix through the ordinary constructor: every entry's range and every row sum proved."""
    return Mechanism(M.inputs, M.outputs, [list(r) for r in M.rows], symbols=M.symbols)


def _same_rows(a, b):
    assert a.rows == b.rows
    assert [[type(v) for v in r] for r in a.rows] == [[type(v) for v in r] for r in b.rows]


@pytest.mark.parametrize("seed", range(6))
def test_rational_product_and_post_processing_equal_the_validated_matrix(seed):
    rng = random.Random(seed)
    space = Hamming([0, 1], 2)
    A, B = _random_rational(rng, space, 3), _random_rational(rng, space, 2)
    for M in (A.product(B), ProductMechanism([A, B, A]).expand()):
        _same_rows(M, _fully_validated(M))
    K = _random_rational(rng, GraphSpace.from_edges(list(A.outputs), []), 2)
    P = A.post_process(K)
    _same_rows(P, _fully_validated(P))


def test_symbolic_products_equal_the_validated_matrix():
    rr2, rr3 = randomized_response(2, eps=EPS), randomized_response(2, eps=EPS / 2)
    half = randomized_response(2, p="3/4")
    for M in (rr2.product(rr3), rr2.product(half), ProductMechanism([rr2, rr3, half]).expand(),
              ProductMechanism([rr2, rr2]).expand()):
        _same_rows(M, _fully_validated(M))
    # entries that multiply out to rationals become Fractions in both
    space = Hamming([0, 1], 1)
    e = sympy.exp(EPS)
    up = Mechanism(space, [0, 1], [[e / (e + 1), 1 / (e + 1)], [1 / (e + 1), e / (e + 1)]])
    down = Mechanism(space, [0, 1], [[(e + 1) / (2 * e + 2), Fraction(1, 2)], [Fraction(1, 2), Fraction(1, 2)]])
    M = up.product(down)
    _same_rows(M, _fully_validated(M))


def test_post_processing_a_symbolic_mechanism_equals_the_validated_matrix():
    rr = randomized_response(3, eps=EPS)
    P = rr.post_process([[1, 0], [0, 1], [Fraction(1, 2), Fraction(1, 2)]], outputs=["a", "b"])
    _same_rows(P, _fully_validated(P))


def test_bad_input_still_gets_the_full_validations_error():
    a = sympy.Symbol("a", positive=True)
    space = Hamming([0, 1], 1)
    Ma = Mechanism(space, [0, 1], [[1 / (a + 1), a / (a + 1)], [Fraction(1, 2), Fraction(1, 2)]], symbols=(a,))
    rr = randomized_response(2, eps=EPS)
    with pytest.raises(UnknownSymbolError) as fast:
        ProductMechanism([rr, Ma]).expand()  # the expansion declares eps only
    rows = [[p * q for p in r1 for q in r2] for r1, r2 in zip(rr.rows, Ma.rows)]
    with pytest.raises(UnknownSymbolError) as full:
        Mechanism(space, [(0, 0), (0, 1), (1, 0), (1, 1)], rows)
    assert str(fast.value) == str(full.value)


def test_denominator_limit_still_holds_on_products():
    from exactpriv.exact import numbers

    space = Hamming([0, 1], 1)
    big = 2 ** (numbers.MAX_ROW_DENOMINATOR_BITS // 2 + 8) + 1
    M = Mechanism(space, [0, 1], [[Fraction(1, big), 1 - Fraction(1, big)], [Fraction(1, 2), Fraction(1, 2)]])
    N = Mechanism(space, [0, 1], [[Fraction(1, big + 2), 1 - Fraction(1, big + 2)],
                                  [Fraction(1, 2), Fraction(1, 2)]])
    with pytest.raises(UnsafeInputError):
        M.product(N)
