"""Strategies produce only valid objects (10,000+ draws in total across these tests)."""

from fractions import Fraction

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counterexamples import strategies as S
from exactpriv.spaces import Hamming

FAST = settings(max_examples=2500, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


@FAST
@given(S.mechanisms(space_strategy=S.spaces(max_points=9)))
def test_mechanisms_are_row_stochastic(M):
    for row in M.rows:
        assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in row)
        assert sum(row) == 1


@FAST
@given(st.integers(1, 6).flatmap(lambda n: S.pmfs(n, full_support=True)))
def test_full_support_pmfs(p):
    assert sum(p) == 1 and all(v > 0 for v in p)


SPACE = Hamming([0, 1, 2], 3)


@FAST
@given(S.independent_priors(Hamming([0, 1], 3)))
def test_independent_priors_are_independent(p):
    assert p.is_mutually_independent()


@FAST
@given(S.k_dependent_priors(SPACE, 2))
def test_k_dependent_priors_meet_the_hypothesis(p):
    """Each record independent (jointly) of at least n-k others, k = 2, n = 3."""
    for i in range(3):
        assert len(p.independent_of(i)) >= 3 - 2
