"""Strategies produce only valid objects: 2,200 objects in the default run, 11,000 under ``-m slow``.

Each hypothesis example draws a batch of objects (hypothesis' per-example overhead, not the
objects, dominates the cost).  Every property runs twice from one body: a fifth of the draws in
the default run (every strategy still drawn hundreds of times, derandomized), all of them in the
slow suite (the 10,000+ objects of the strategies' acceptance test; 9 s of CPU, moved out of the
everyday run by issue 24).
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counterexamples import strategies as S
from exactpriv.spaces import Hamming


def draws(n):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


def batch(strategy, k=10):
    return st.lists(strategy, min_size=k, max_size=k)


def quick_and_full(examples, strategy):
    """The property as two tests: ``examples // 5`` draws by default, ``examples`` under ``-m slow``."""
    def make(body):
        return (draws(examples // 5)(given(strategy)(body)),
                pytest.mark.slow(draws(examples)(given(strategy)(body))))
    return make


def _row_stochastic(Ms):  # 2,000 mechanisms in the full run
    for M in Ms:
        for row in M.rows:
            assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in row)
            assert sum(row) == 1


test_mechanisms_are_row_stochastic, test_mechanisms_are_row_stochastic_full = quick_and_full(
    200, batch(S.mechanisms(space_strategy=S.spaces(max_points=9))))(_row_stochastic)


def _full_support(ps):  # 6,000 pmfs in the full run
    for p in ps:
        assert sum(p) == 1 and all(v > 0 for v in p)


test_full_support_pmfs, test_full_support_pmfs_full = quick_and_full(
    600, batch(st.integers(1, 6).flatmap(lambda n: S.pmfs(n, full_support=True))))(_full_support)


def _independent(ps):  # 2,000 priors in the full run
    for p in ps:
        assert p.is_mutually_independent()


test_independent_priors_are_independent, test_independent_priors_are_independent_full = quick_and_full(
    200, batch(S.independent_priors(Hamming([0, 1], 3))))(_independent)


SPACE = Hamming([0, 1, 2], 3)


def _k_dependent(ps):  # 1,000 priors in the full run
    """Each record independent (jointly) of at least n-k others, k = 2, n = 3."""
    for p in ps:
        for i in range(3):
            assert len(p.independent_of(i)) >= 3 - 2


test_k_dependent_priors_meet_the_hypothesis, test_k_dependent_priors_meet_the_hypothesis_full = quick_and_full(
    100, batch(S.k_dependent_priors(SPACE, 2)))(_k_dependent)
