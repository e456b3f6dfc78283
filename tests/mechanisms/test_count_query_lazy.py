"""count_query_geometric with a rational e^ε (zoo._CountQueryGeometric: its 2^n integer rows made on first use, an entry
read from the count before that) against the eager build of the same matrix (one integer row per count, indexed by
each input's count, through Mechanism.from_integer_rows): every entry before and after the rows are made, the
integers, equality, the measures, bad points, the size refusal and pickling."""

from __future__ import annotations

import copy
import math
import pickle
from fractions import Fraction as F

import numpy as np
import pytest

from exactpriv.errors import InvalidArgument, SpaceTooLargeError
from exactpriv.measures.approx import approx_dp, group_approx_dp
from exactpriv.measures.channel_capacity import mi_dp
from exactpriv.measures.closed_forms import tagged_profile_engine
from exactpriv.measures.divergence import group_privacy, pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import _geometric_rows, count_query_geometric
from exactpriv.spaces import Hamming

CASES = [(1, (0, 1), F(2)), (3, (0, 1), F(11, 10)), (2, ("a", "b", "c"), F(3)), (4, (0, 1), F(1)), (6, (1, 0), F(7, 3))]


def eager(n, values, t):
    space = Hamming(values, n)
    geo = _geometric_rows(n, t)
    target = tuple(values)[-1]
    counts = [sum(v == target for v in x) for x in space.points]
    dens = [math.lcm(*(v.denominator for v in row)) for row in geo]
    table = [[v.numerator * (d // v.denominator) for v in row] for row, d in zip(geo, dens)]
    idx = np.asarray(counts, dtype=np.int64)
    return Mechanism.from_integer_rows(space, list(range(n + 1)), np.array(table, dtype=np.int64)[idx],
                                       np.array(dens, dtype=np.int64)[idx])


def untagged(M):
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


@pytest.mark.parametrize("n,values,t", CASES)
def test_lazy_count_query_is_the_eager_build(n, values, t):
    M, E = count_query_geometric(n, exp_eps=t, values=values), eager(n, values, t)
    before = {(y, x): M.prob(y, x) for x in E.inputs.points for y in range(n + 1)}
    assert "_integer_rows" not in M.__dict__  # reading entries did not make the rows
    assert before == {(y, x): E.prob(y, x) for x in E.inputs.points for y in range(n + 1)}
    for a, b in zip(M.integer_rows(), E.integer_rows()):
        assert a.dtype == b.dtype and (a == b).all()
    assert M == E and E == M and M.rows == E.rows and M.shape == E.shape
    assert {(y, x): M.prob(y, x) for x in E.inputs.points for y in range(n + 1)} == before


@pytest.mark.parametrize("n,values,t", CASES)
def test_measures_of_the_lazy_count_query_equal_the_eager_build(n, values, t):
    M, E = count_query_geometric(n, exp_eps=t, values=values), eager(n, values, t)
    assert pure_dp(M).value == pure_dp(untagged(M)).value == pure_dp(E).value
    assert group_privacy(M, 2).value == group_privacy(E, 2).value
    g = F(21, 20)
    assert approx_dp(M).value.delta(exp_eps=g) == approx_dp(untagged(M)).value.delta(exp_eps=g) == \
        approx_dp(E).value.delta(exp_eps=g)
    assert group_approx_dp(M, 2).value.delta(exp_eps=g) == group_approx_dp(E, 2).value.delta(exp_eps=g)
    if n <= 3:
        assert mi_dp(M).value == mi_dp(E).value
    eng = tagged_profile_engine(count_query_geometric(n, exp_eps=t, values=values))
    if t > 1:  # the pair's indices, computed without enumerating D^n, are the space's
        from exactpriv.measures.closed_forms import _count_pair

        x, x2 = _count_pair({"values": tuple(values), "n": n})
        assert eng.pair == (E.inputs.index(x), E.inputs.index(x2))


def test_bad_points_are_refused_as_the_eager_build_refuses_them():
    M, E = count_query_geometric(3, exp_eps=F(2)), eager(3, (0, 1), F(2))
    for y, x in ((0, (0, 0)), (0, (0, 0, 0, 0)), (0, (0, 2, 0)), (0, "abc"), (0, None), (4, (0, 0, 0)),
                 ("0", (0, 0, 0)), (0, ([0], 0, 0))):
        with pytest.raises(InvalidArgument):
            E.prob(y, x)
        with pytest.raises(InvalidArgument):
            count_query_geometric(3, exp_eps=F(2)).prob(y, x)
    for x in ([0, 1, 1], (True, 0, 1)):  # what the space's index accepts
        assert count_query_geometric(3, exp_eps=F(2)).prob(1, x) == E.prob(1, x) == M.prob(1, x)


def test_too_large_a_space_is_refused_at_construction_with_the_space_named():
    with pytest.raises(SpaceTooLargeError, match="Hamming"):
        count_query_geometric(21, exp_eps=F(2))


def test_lazy_count_query_pickles_and_copies():
    M = count_query_geometric(4, exp_eps=F(3, 2), values=("x", "y"))
    R, C = pickle.loads(pickle.dumps(M)), copy.copy(M)
    assert "_integer_rows" not in R.__dict__
    x = ("y", "x", "y", "y")
    assert R.prob(2, x) == C.prob(2, x) == M.prob(2, x)
    assert R == M and C.rows == M.rows
