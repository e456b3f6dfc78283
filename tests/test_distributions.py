"""Priors: exact pmfs, products, marginals, conditionals, independence structure."""

from fractions import Fraction as F

import pytest

from exactpriv.distributions import Prior
from exactpriv.errors import EntryRangeError, NotExactError, NotStochasticError, ShapeError, SupportError
from exactpriv.spaces import Hamming


def test_product_prior_marginals_and_independence():
    s = Hamming([0, 1], 3)
    p = Prior.product(s, [["1/3", "2/3"], ["1/4", "3/4"], [1, 0]])
    assert p.prob((1, 1, 0)) == F(2, 3) * F(3, 4)
    assert p.record_marginal(1) == (F(1, 4), F(3, 4))
    assert p.is_mutually_independent()
    assert list(p.dependency_graph().edges) == []
    assert not p.has_full_support


def test_correlated_prior_dependency_graph():
    """X1 = X2 (perfectly correlated, Wu–Xia–He Example 2), X3 independent fair coin."""
    s = Hamming([0, 1], 3)
    pmf = [F(1, 4) if x[0] == x[1] else 0 for x in s.points]
    p = Prior(s, pmf)
    assert set(map(frozenset, p.dependency_graph().edges)) == {frozenset({0, 1})}
    assert p.is_independent((0,), (2,)) and not p.is_independent((0,), (1,))
    assert p.independent_of(2) == (0, 1)
    assert not p.is_mutually_independent()
    cond = p.conditional({0: 1})
    assert cond.record_marginal(1) == (F(0), F(1))


def test_pairwise_but_not_jointly_independent():
    """XOR: X3 = X1 xor X2 — pairwise independent, not jointly."""
    s = Hamming([0, 1], 3)
    p = Prior(s, [F(1, 4) if x[2] == x[0] ^ x[1] else 0 for x in s.points])
    assert list(p.dependency_graph().edges) == []
    assert not p.is_independent((2,), (0, 1))
    assert not p.is_mutually_independent()


@pytest.mark.parametrize(
    "pmf,err",
    [
        (["1/2", "1/2", "1/2", "-1/2"], EntryRangeError),
        (["1/2", "1/4", "1/4", "1/4"], NotStochasticError),
        ([0.25, 0.25, 0.25, 0.25], NotExactError),
        (["1/2", "1/2"], ShapeError),
        ([float("nan")] * 4, EntryRangeError),
    ],
    ids=["negative", "sum>1", "floats", "wrong-length", "nan"],
)
def test_bad_priors(pmf, err):
    with pytest.raises(err):
        Prior(Hamming([0, 1], 2), pmf)


def test_conditioning_on_null_event():
    p = Prior.point_mass(Hamming([0, 1], 2), (0, 0))
    with pytest.raises(SupportError):
        p.conditional({0: 1})
    with pytest.raises(SupportError, match="probability 0"):
        p.require_full_support()


def test_check_pmf_fast_path_agrees_with_the_general_path():
    """Fractions in range take an integer-sum fast path; any other entry type the general one: the same pmf and
    the same errors either way."""
    from fractions import Fraction as F

    import pytest as _pytest

    from exactpriv.distributions import check_pmf
    from exactpriv.errors import EntryRangeError, NotStochasticError

    fast = check_pmf([F(1, 3), F(1, 6), F(1, 2)])
    general = check_pmf(["1/3", F(1, 6), F(1, 2)])
    assert fast == general == (F(1, 3), F(1, 6), F(1, 2)) and all(type(v) is F for v in fast)
    for bad in ([F(1, 3), F(1, 3)], [F(1, 2), F(1, 2), F(1, 1000)], [], [F(0)]):
        with _pytest.raises(NotStochasticError) as e1:
            check_pmf(bad)
        with _pytest.raises(NotStochasticError) as e2:
            check_pmf([str(v) for v in bad] or ())
        assert str(e1.value) == str(e2.value)
    with _pytest.raises(EntryRangeError):
        check_pmf([F(3, 2), F(-1, 2)])


def test_marginals_in_integers_and_remembered_equal_the_plain_sums():
    """Prior.marginal (summed in integers over the lcm, remembered per records tuple) equals the plain Fraction sum
    over the points, key order included, on every records tuple, asked twice; callers get their own dict; the
    independence tests built on it agree with products of the plain marginals."""
    import itertools
    import math
    import random
    from fractions import Fraction

    from exactpriv.distributions import Prior
    from exactpriv.spaces import Hamming

    rng = random.Random(11)
    for vals, n in ((range(2), 2), (range(3), 2), (range(2), 3)):
        space = Hamming(vals, n)
        for _ in range(4):
            w = [rng.randint(0, 5) for _ in range(space.size)]
            w[0] += 1
            prior = Prior(space, [Fraction(x, sum(w)) for x in w])
            alphs = space.records
            for r in range(n + 1):
                for recs in itertools.permutations(range(n), r):
                    plain: dict = {}
                    for x, p in zip(space.points, prior.pmf):
                        if p:
                            key = tuple(x[i] for i in recs)
                            plain[key] = plain.get(key, Fraction(0)) + p
                    for _ in range(2):
                        got = prior.marginal(recs)
                        assert got == plain and list(got) == list(plain)
                        assert all(type(v) is Fraction for v in got.values())
                        got.clear()  # the caller's copy: the remembered marginal is untouched
            for a, b in itertools.combinations(range(n), 2):
                ma = {k[0]: v for k, v in prior.marginal((a,)).items()}
                mb = {k[0]: v for k, v in prior.marginal((b,)).items()}
                jab = prior.marginal((a, b))
                plain_indep = all(jab.get((u, v), Fraction(0)) == ma[u] * mb[v] for u in ma for v in mb)
                assert prior.is_independent((a,), (b,)) == plain_indep
            margs = [[sum((p for x, p in zip(space.points, prior.pmf) if x[i] == v), Fraction(0)) for v in alphs[i]]
                     for i in range(n)]
            plain_mutual = all(p == math.prod((margs[i][alphs[i].index(x[i])] for i in range(n)), start=Fraction(1))
                               for x, p in zip(space.points, prior.pmf))
            assert prior.is_mutually_independent() == plain_mutual
    uniform = Prior.uniform(Hamming(range(2), 2))
    assert uniform.is_mutually_independent() and uniform.is_independent((0,), (1,))
