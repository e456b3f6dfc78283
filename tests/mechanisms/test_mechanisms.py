"""Mechanisms: exact validation, operations, and every zoo mechanism's rows summing to 1."""

import math
from fractions import Fraction as F

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import (
    EntryRangeError,
    InvalidArgument,
    NotExactError,
    NotStochasticError,
    ShapeError,
    SpaceTooLargeError,
    SupportError,
    UnknownSymbolError,
)
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms import Mechanism, ProductMechanism
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming

BIT = Hamming([0, 1], 1)


def _rows_sum_to_one(M):
    for row in M.rows:
        if all(isinstance(v, F) for v in row):
            assert sum(row) == 1
        else:
            assert sympy.simplify(sum(map(sympy.sympify, map(str, row))) - 1) == 0


ZOO = {
    "rr2-log3": lambda: zoo.randomized_response(2, eps=sympy.log(3)),
    "rr2-p": lambda: zoo.randomized_response(p="3/4"),
    "rr4-exp2": lambda: zoo.randomized_response(4, exp_eps=2),
    "rr3-symbolic": lambda: zoo.randomized_response(3, eps=EPS),
    "bsc": lambda: zoo.binary_symmetric_channel("1/5"),
    "erasure": lambda: zoo.erasure_channel(4, "2/3"),
    "bec": lambda: zoo.binary_erasure_channel("1/3"),
    "geometric": lambda: zoo.truncated_geometric(5, exp_eps=3),
    "geometric-symbolic": lambda: zoo.truncated_geometric(3, eps=EPS),
    "count-geometric": lambda: zoo.count_query_geometric(3, exp_eps=2),
    "exp-mech": lambda: zoo.exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=2),
    "exp-mech-symbolic": lambda: zoo.exponential_mechanism_hamming([0, 1], 2, eps=EPS),
    "E_d": lambda: zoo.wang_E_d([0, 1], 3, eps=sympy.log(2)),
    "E_i": lambda: zoo.wang_E_i(Prior.product(Hamming([0, 1], 2), [["1/3", "2/3"], ["2/5", "3/5"]]), exp_eps=5),
    "otp-both": lambda: zoo.one_time_pad(3),
    "otp-first": lambda: zoo.one_time_pad(3, part="first"),
    "ex5.1": lambda: zoo.cuff_example_5_1(3, "1/3"),
    "ex5.1-symbolic": lambda: zoo.cuff_example_5_1(2, EPS / (1 + EPS)),
    "kmax": lambda: zoo.k_max(4, 2),
    "kmax-uniform-empty": lambda: zoo.k_max(5, 3, empty="uniform"),
}


@pytest.mark.parametrize("name", sorted(ZOO))
def test_zoo_rows_sum_to_exactly_one(name):
    M = ZOO[name]()
    _rows_sum_to_one(M)
    assert M.label.split("(")[0] in ("randomized_response", "binary_symmetric_channel", "erasure_channel",
                                     "binary_erasure_channel", "truncated_geometric", "count_query_geometric",
                                     "exponential_mechanism_hamming", "wang_E_d", "wang_E_i", "one_time_pad",
                                     "cuff_example_5_1", "k_max")
    # issue 11: the repr rebuilds an equal mechanism when pasted after `from exactpriv import *`
    namespace = {}
    exec("from exactpriv import *", namespace)
    assert eval(repr(M), namespace) == M, repr(M)


def test_randomized_response_values():
    M = zoo.randomized_response(3, eps=sympy.log(3))
    assert M.rows[0] == (F(3, 5), F(1, 5), F(1, 5))
    S = zoo.randomized_response(2, eps=EPS)
    assert S.is_symbolic and S.subs(eps=sympy.log(3)).rows == ((F(3, 4), F(1, 4)), (F(1, 4), F(3, 4)))


def test_truncated_geometric_values():
    """alpha = 1/2: interior (1-a)/(1+a) a^|z-c| = 1/3 * 2^-|z-c|; ends a^|z-c|/(1+a)."""
    M = zoo.truncated_geometric(3, exp_eps=2)
    assert M.rows[1] == (F(1, 3), F(1, 3), F(1, 6), F(1, 6))


def test_exponential_mechanism_matches_formula():
    """Wang–Ying–Zhang eq. (30): e^{-eps d}/(1+(m-1)e^{-eps})^n."""
    M = zoo.exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=2)
    for x in M.inputs.points:
        for y in M.outputs:
            d = sum(a != b for a, b in zip(x, y))
            assert M.prob(y, x) == F(1, 2**d) / (1 + F(2, 2)) ** 2


def test_wang_E_i_marginal_and_formula():
    """Wang–Ying–Zhang eq. (29): p_Y = K^{-1} p_X makes sum_y p(x|y) p_Y(y) = p_X(x); check Bayes posterior."""
    prior = Prior.product(Hamming([0, 1], 2), [["1/3", "2/3"], ["2/5", "3/5"]])
    M = zoo.wang_E_i(prior, exp_eps=5)
    pts = M.inputs.points
    p_y = [sum(prior.pmf[x] * M.rows[x][y] for x in range(4)) for y in range(4)]
    for y in range(4):
        for x in range(4):
            d = sum(a != b for a, b in zip(pts[x], pts[y]))
            post = prior.pmf[x] * M.rows[x][y] / p_y[y]
            assert post == F(1, 5**d) / (1 + F(1, 5)) ** 2


def test_wang_E_i_below_eps_tilde_is_refused():
    prior = Prior.product(Hamming([0, 1], 1), [["1/100", "99/100"]])
    with pytest.raises(SupportError, match="eps~_X"):
        zoo.wang_E_i(prior, exp_eps=2)


def test_k_max_reading_of_example():
    """Li et al. Def. 5.2: with max(T)=j and j+k-1 <= n, uniform over c_j..c_{j+k-1}."""
    M = zoo.k_max(5, 3)
    assert M.row({1, 2})[2] == F(1, 3) and M.row({1, 2})[4] == F(1, 3) and M.row({1, 2})[5] == 0
    assert M.row({5})[3] == F(1, 3)


def test_product_and_post_processing():
    rr = zoo.randomized_response(p="3/4")
    both = rr.product(rr)
    assert both.prob((0, 0), (0,)) == F(9, 16)
    # post-processing by a channel that forgets everything
    flat = rr.post_process([["1/2", "1/2"], ["1/2", "1/2"]], outputs=["a", "b"])
    assert flat.rows == ((F(1, 2), F(1, 2)), (F(1, 2), F(1, 2)))
    # post-processing the symbolic RR by the identity stays exactly stochastic
    sym = zoo.randomized_response(2, eps=EPS).post_process([[1, 0], [0, 1]], outputs=[0, 1])
    assert sym.is_symbolic


def test_restrict():
    M = zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    R = M.restrict([(0, 0), (0, 1)])
    assert R.inputs.size == 2 and R.inputs.edges.tolist() == [[0, 1]]
    assert R.rows[0] == M.rows[0]


def test_rappor_product_form_not_expanded():
    items = list(range(6))
    R = zoo.rappor(items, 40, {i: {i, (3 * i + 1) % 40} for i in items}, f="1/2")
    assert isinstance(R, ProductMechanism) and R.n_outputs == 2**40
    y = tuple([0] * 40)
    # item 0 sets bits 0 and 1: P(all zero | 0) = (1-p)^2 (1-q)^38
    assert R.prob(y, (0,)) == F(1, 4) ** 2 * F(3, 4) ** 38
    with pytest.raises(SpaceTooLargeError):
        R.expand()


HOSTILE = [
    ("non-stochastic", lambda: Mechanism(BIT, [0, 1], [["1/2", "1/3"], [1, 0]]), NotStochasticError),
    ("negative", lambda: Mechanism(BIT, [0, 1], [["3/2", "-1/2"], [1, 0]]), EntryRangeError),
    ("nan", lambda: Mechanism(BIT, [0, 1], [[float("nan"), 1], [1, 0]]), EntryRangeError),
    ("float", lambda: Mechanism(BIT, [0, 1], [[0.5, 0.5], [1, 0]]), NotExactError),
    ("ragged", lambda: Mechanism(BIT, [0, 1], [["1/2", "1/2"], [1]]), ShapeError),
    ("wrong-rows", lambda: Mechanism(BIT, [0, 1], [["1/2", "1/2"]]), ShapeError),
    ("unknown-symbol", lambda: Mechanism(BIT, [0, 1], [[sympy.Symbol("delta"), 1 - sympy.Symbol("delta")], [1, 0]]),
     UnknownSymbolError),
    ("symbolic-not-stochastic", lambda: Mechanism(BIT, [0, 1], [[EPS / (1 + EPS), EPS / (1 + EPS)], [1, 0]]),
     NotStochasticError),
    ("huge-space", lambda: Mechanism(Hamming(range(10), 9), [0], [[1]]), SpaceTooLargeError),
    ("not-a-space", lambda: Mechanism([0, 1], [0, 1], [[1, 0], [0, 1]]), InvalidArgument),
    ("repeated-outputs", lambda: Mechanism(BIT, [0, 0], [[1, 0], [0, 1]]), InvalidArgument),
    ("rr-float-eps", lambda: zoo.randomized_response(2, eps=1.1), NotExactError),
    ("rr-negative-eps", lambda: zoo.randomized_response(2, eps=-1), InvalidArgument),
    ("subs-unknown", lambda: zoo.randomized_response(2, eps=EPS).subs(delta=1), InvalidArgument),
]


@pytest.mark.parametrize("make,err", [(m, e) for _, m, e in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_mechanisms(make, err):
    with pytest.raises(err):
        make()


def test_error_names_the_entry():
    with pytest.raises(EntryRangeError, match=r"row 1, col 0"):
        Mechanism(BIT, [0, 1], [[1, 0], ["-1/2", "3/2"]])


def test_integer_rows_exact():
    M = zoo.randomized_response(3, exp_eps=2)
    num, den = M.integer_rows()
    for x, row in enumerate(M.rows):
        for y, v in enumerate(row):
            assert F(int(num[x, y]), int(den[x])) == v


@pytest.mark.parametrize("row", [
    [1 - 2 * EPS, 2 * EPS],                                          # negative for eps > 1/2
    [sympy.exp(-EPS) - sympy.Rational(1, 2), sympy.Rational(3, 2) - sympy.exp(-EPS)],
], ids=["1-2eps", "exp(-eps)-1/2"])
def test_symbolic_entries_outside_unit_interval_are_refuted(row):
    """sympy cannot decide these signs from eps >= 0; the certifier refutes them at a point."""
    with pytest.raises(EntryRangeError, match="fails at eps"):
        Mechanism(BIT, [0, 1], [row, [1, 0]])


def test_subs_substitutes_each_distinct_entry_once_with_the_plain_result():
    """M.subs shares one substitution per distinct entry: every entry equals sympy's own subs of it (or the
    Fraction it was), types included, for rational and irrational points, with entries of several shapes."""
    import sympy
    from fractions import Fraction

    from exactpriv.exact.numbers import EPS, to_sympy
    from exactpriv.mechanisms import zoo
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Hamming

    e = sympy.exp(EPS)
    mixed = Mechanism(Hamming([0, 1], n=1), [0, 1, 2],
                      [[e / (e + 2), Fraction(1, 2) / (e + 2) * 2, 1 / (e + 2)], [Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]])
    for M in (zoo.randomized_response(3, eps=EPS), mixed):
        for point in (sympy.log(3), sympy.Rational(1, 2), sympy.Integer(0)):
            got = M.subs(eps=point)
            for row, new in zip(M.rows, got.rows):
                for v, w in zip(row, new):
                    want = v if isinstance(v, Fraction) else to_sympy(v).subs({EPS: point})
                    want = Fraction(int(want.p), int(want.q)) if getattr(want, "is_Rational", False) else want
                    assert w == want and type(w) is type(want), (v, point)


@pytest.mark.parametrize("build", [
    lambda big: zoo.truncated_geometric(9, exp_eps=big),
    lambda big: zoo.randomized_response(3, exp_eps=big),
    lambda big: zoo.randomized_response(2, eps=big),
    lambda big: zoo.randomized_response(2, p=1 / big),
], ids=["geometric exp_eps", "rr exp_eps", "rr eps", "rr p"])
def test_a_parameter_too_long_to_print_is_a_typed_error(build):
    """A zoo parameter goes into the label, repr and evidence, and Python prints no integer of more than 4,300
    digits: the constructor refuses it with a typed error that does not print it (it raised ValueError)."""
    big = F(2**20000 + 1, 2**20000)
    with pytest.raises(InvalidArgument, match="too long to print"):
        build(big)
    repr(build(F(2**100 + 1, 2**100)))  # a long parameter that prints, in a mechanism whose entries print
    # (not shown here: entries, powers of e^eps, can still pass Python's 4,300 digits when the parameter does
    # not — repr and to_json then raise ValueError; see the session-9 closing note)
