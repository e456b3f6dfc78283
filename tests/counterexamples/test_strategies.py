"""Strategies produce only valid objects: 10,000+ objects drawn in total across these tests.

Each hypothesis example draws a batch of objects (hypothesis' per-example overhead, not the
objects, dominates the cost), so 1,100 examples give 11,000 objects.
"""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counterexamples import strategies as S
from exactpriv.spaces import Hamming


def draws(n):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


def batch(strategy, k=10):
    return st.lists(strategy, min_size=k, max_size=k)


@draws(200)
@given(batch(S.mechanisms(space_strategy=S.spaces(max_points=9))))
def test_mechanisms_are_row_stochastic(Ms):  # 2,000 mechanisms
    for M in Ms:
        for row in M.rows:
            assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in row)
            assert sum(row) == 1


@draws(600)
@given(batch(st.integers(1, 6).flatmap(lambda n: S.pmfs(n, full_support=True))))
def test_full_support_pmfs(ps):  # 6,000 pmfs
    for p in ps:
        assert sum(p) == 1 and all(v > 0 for v in p)


@draws(200)
@given(batch(S.independent_priors(Hamming([0, 1], 3))))
def test_independent_priors_are_independent(ps):  # 2,000 priors
    for p in ps:
        assert p.is_mutually_independent()


SPACE = Hamming([0, 1, 2], 3)


@draws(100)
@given(batch(S.k_dependent_priors(SPACE, 2)))
def test_k_dependent_priors_meet_the_hypothesis(ps):  # 1,000 priors
    """Each record independent (jointly) of at least n-k others, k = 2, n = 3."""
    for p in ps:
        for i in range(3):
            assert len(p.independent_of(i)) >= 3 - 2
