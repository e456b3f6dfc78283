"""Programs compiled to exact mechanisms: the compiler against the plain box enumeration, tails, errors."""

from fractions import Fraction as F

import pytest

from exactpriv.errors import BudgetExceededError, ExactPrivError, InvalidArgument
from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.programs import (
    DiscreteLaplace,
    ExpPoly,
    Geometric,
    UnsupportedProgram,
    clamped_geometric,
    program_mechanism,
    run_program,
    truncated_geometric,
)
from exactpriv.mechanisms.programs.reference import reference_distribution
from exactpriv.mechanisms.zoo import truncated_geometric as zoo_truncated_geometric
from exactpriv.spaces import Hamming, QueryAnswers

A = F(1, 3)  # small α: the box reference's missing mass is tiny at B = 8


def svt(q, rng, *, alpha_rho=A, alpha_nu=A, T=1):
    """Above-threshold with cutoff 1 (Lyu–Su–Li Alg. 1 shape)."""
    rho = rng.laplace(alpha_rho)
    for i, qi in enumerate(q):
        if qi + rng.laplace(alpha_nu) >= T + rho:
            return i
    return "none"


def no_cutoff(q, rng):
    rho = rng.laplace(A)
    return tuple(int(qi + rng.laplace(F(1, 2)) >= 1 + rho) for qi in q)


def noisy_argmax(q, rng):
    return rng.argmax([qi + rng.laplace(A) for qi in q])


def noisy_max_value(q, rng):
    return rng.max([qi + rng.geometric(A) for qi in q], lo=-1, hi=3)


def mixed(q, rng):
    """finite choices, a drawn noise, strict and non-strict comparisons, a reveal."""
    flip = rng.bernoulli(F(1, 4))
    shift = rng.uniform([0, 1, 2])
    z = rng.draw(DiscreteLaplace(F(1, 2)))
    v = q[0] + rng.laplace(A)
    if flip and v > z + shift:
        return ("hi", rng.reveal(q[1] + rng.geometric(F(1, 5)), 0, 2))
    return ("lo", v <= 2 - shift)


PROGRAMS = [svt, no_cutoff, noisy_argmax, noisy_max_value, mixed]
INPUTS = [(0, 1), (1, 0), (2, -1), (-3, 4)]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("q", INPUTS, ids=str)
def test_compiled_probabilities_lie_within_the_box_enumerations_error_bound(program, q):
    exact = run_program(program, q).dist
    ref, missing = reference_distribution(program, q, B=8)
    assert 0 <= missing < F(1, 100)
    assert sum(exact.values()) == 1
    for y in set(exact) | set(ref):
        assert ref.get(y, 0) <= exact.get(y, 0) <= ref.get(y, 0) + missing, y


def test_the_box_reference_converges_to_the_compiled_value():
    q = (0, 1)
    exact = run_program(svt, q).dist
    gaps = []
    for B in (4, 8, 12):
        ref, missing = reference_distribution(svt, q, B=B)
        gaps.append(max(exact[y] - ref.get(y, 0) for y in exact))
    assert gaps[0] > gaps[1] > gaps[2] > 0


def test_tail_sums_are_geometric_series():
    u = ("u", 0)
    p = ExpPoly.power(u, F(1, 2), 3) * (ExpPoly.const(1) - ExpPoly.power(u, F(1, 3)))
    # Σ_{u≥2} 3·2^{-u}(1 − 3^{-u}) = 3·(1/2) − 3·(1/36)/(5/6)
    assert p.summed({u: 2}) == F(3, 2) - F(3, 30)
    with pytest.raises(ArithmeticError):
        ExpPoly.const(1).summed({u: 0})


def test_the_result_does_not_depend_on_the_first_window():
    a = run_program(svt, (5, -7), K=1)
    b = run_program(svt, (5, -7), K=30)
    assert a.dist == b.dist and a.K <= b.K


def test_truncated_geometric_program_equals_the_zoo_mechanism():
    n = 3

    def tg(db, rng):
        v = rng.reveal(db[0] + rng.laplace(F(1, 2)), 0, n)
        return 0 if v == "<0" else n if v == f">{n}" else v

    M = program_mechanism(tg, Hamming(list(range(n + 1)), 1))
    Z = zoo_truncated_geometric(n, exp_eps=2)
    for i, x in enumerate(range(n + 1)):
        assert [M.prob(y, (x,)) for y in range(n + 1)] == [Z.rows[i][j] for j in range(n + 1)]


def test_svt_with_cutoff_one_is_eps_dp_and_no_query_noise_is_not():
    S = QueryAnswers(range(0, 2), n=3)
    a = F(39, 40)
    M = program_mechanism(lambda q, rng: svt(q, rng, alpha_rho=a ** 2, alpha_nu=a), S)
    assert pure_dp(M).witness["ratio"] <= 1 / a ** 4  # ε-DP with ε = 4 ln(1/a)

    def no_noise(q, rng):
        rho = rng.draw(rng.laplace(a))
        return tuple(int(qi >= 1 + rho) for qi in q)

    m = pure_dp(program_mechanism(no_noise, S))
    assert str(m.value) == "oo"


def test_finite_laws_are_exact_and_sum_to_one():
    assert sum(truncated_geometric(F(1, 2), 3).values()) == 1
    assert sum(clamped_geometric(F(1, 2), 3).values()) == 1
    law = DiscreteLaplace(F(1, 2))
    assert sum(law.pmf(k) for k in range(-60, 61)) + 2 * law.at_least(61) == 1
    g = Geometric(F(1, 2))
    assert g.at_least(3) == F(1, 8) and g.at_least(-1) == 1


@pytest.mark.parametrize("body,match", [
    (lambda q, rng: rng.laplace(F(1, 2)), "output"),
    (lambda q, rng: bool(rng.laplace(F(1, 2))), "truth value"),
    (lambda q, rng: int(rng.laplace(F(1, 2))), "reveal"),
    (lambda q, rng: rng.laplace(F(1, 2)) == 0, "=="),
    (lambda q, rng: (lambda v: v + v > 0)(rng.laplace(F(1, 2))), "with itself"),
    (lambda q, rng: rng.laplace(F(1, 2)) > 0.5, "integers"),
    (lambda q, rng: [1], "list"),
], ids=["return-noise", "bool", "int", "eq", "sum", "float", "unhashable-ok"])
def test_unsupported_uses_are_typed_errors(body, match):
    if match == "list":  # a list output becomes a tuple: supported
        assert run_program(body, ()).dist == {(1,): 1}
        return
    with pytest.raises(UnsupportedProgram, match=match):
        run_program(body, ())


def test_bad_arguments_are_named():
    with pytest.raises(InvalidArgument, match="alpha"):
        DiscreteLaplace(F(3, 2))
    with pytest.raises(InvalidArgument, match="alpha"):
        DiscreteLaplace(0.5)
    with pytest.raises(InvalidArgument, match="Space"):
        program_mechanism(svt, [(0, 1)])
    with pytest.raises(InvalidArgument, match="K="):
        program_mechanism(svt, QueryAnswers(range(0, 2), n=1), K=0)
    with pytest.raises(BudgetExceededError, match="max_runs"):
        run_program(no_cutoff, (0, 1, 0, 1), max_runs=10)
    assert issubclass(UnsupportedProgram, ExactPrivError)


def test_query_answers_neighbours_differ_by_at_most_one_everywhere():
    S = QueryAnswers(range(-1, 2), n=2)
    assert S.size == 9 and len(S.edges) == 20  # the king's graph on a 3 x 3 board
    assert S.distance((-1, -1), (1, 0)) == 2
    assert int(S.distance_matrix().max()) == 2
    assert len(QueryAnswers(range(0, 2), n=4).edges) == 16 * 15 // 2
    with pytest.raises(InvalidArgument, match="consecutive"):
        QueryAnswers([0, 2], n=2)


def test_tail_sums_over_functions_of_beta_agree_with_rational_tails():
    from exactpriv.exact.ratfunc import RationalFunction

    beta = RationalFunction.gen()
    u = ("u", 0)
    for K in (1, 3):
        sym = (ExpPoly.power(u, beta ** 2, F(1, 2)) * ExpPoly.power(u, beta) + ExpPoly.power(u, beta ** 3)).summed({u: K})
        for b in (F(1, 3), F(39, 40)):
            num = (ExpPoly.power(u, b ** 2, F(1, 2)) * ExpPoly.power(u, b) + ExpPoly.power(u, b ** 3)).summed({u: K})
            assert sym.at(b) == num
    with pytest.raises(ArithmeticError):  # a base not shown below 1 on (0, 1): never summed
        ExpPoly.power(u, 1 + beta).summed({u: 1})


def test_a_noise_base_must_lie_in_zero_one_for_every_beta():
    from exactpriv.exact.ratfunc import RationalFunction

    beta = RationalFunction.gen()
    with pytest.raises(InvalidArgument, match="c·β\\^m"):
        DiscreteLaplace(2 * beta)
    with pytest.raises(InvalidArgument, match="symbol="):
        program_mechanism(lambda q, rng: rng.laplace(beta) >= q[0], Hamming([0, 1], 1))


def _both_above_then_compared(q, rng):
    v1, v2 = q[0] + rng.laplace(A), q[1] + rng.laplace(A)
    if v1 >= 1 and v2 >= 1:  # both now carry constraints: the later comparison enumerates one on its interval
        return int(v1 > v2)
    return -1


def _noisy_sum(q, rng):
    s = q[0] + rng.laplace(A) + (q[1] + rng.laplace(A))  # one noise enumerated, the other lazy
    return rng.reveal(s, -1, 2)


def _running_max(q, rng):
    best, arg = None, None
    for i, qi in enumerate(q):
        v = qi + rng.laplace(A)
        if best is None or v > best:
            best, arg = v, i
    return arg


@pytest.mark.parametrize("program", [_both_above_then_compared, _noisy_sum, _running_max])
def test_constrained_comparisons_and_sums_of_noisy_values_agree_with_the_box(program):
    for q in [(0, 1), (2, 0)]:
        exact = run_program(program, q).dist
        ref, missing = reference_distribution(program, q, B=8)
        assert missing < F(1, 1000)
        for y in set(exact) | set(ref):
            assert ref.get(y, 0) <= exact.get(y, 0) <= ref.get(y, 0) + missing


def test_a_bound_that_moves_with_the_window_is_unsupported_not_a_budget():
    # three noisy values in a running maximum: the third's tail meets a bound from the second's window, which
    # grows with the window — a typed error naming the way out, after a few windows, not a million runs
    with pytest.raises(UnsupportedProgram, match="rng.argmax"):
        run_program(_running_max, (0, 1, 2))


# ----- the size bound of a noise law's exact powers (a value far out in a tail)
def test_a_power_beyond_the_bound_is_a_typed_error_naming_the_law_and_the_step():
    from exactpriv.errors import UnsafeInputError
    from exactpriv.mechanisms.programs import noise

    lap, geo = DiscreteLaplace(F(1, 2)), Geometric(F(1, 2))
    far = noise.MAX_POWER_BITS  # 1/2 grows by 3 bits a step: far beyond the bound
    for ask in (lambda: lap.at_least(far), lambda: lap.at_least(-far), lambda: lap.pmf(-far),
                lambda: lap.at_least_in_tail("u", True, far), lambda: lap.at_least_in_tail("u", False, -far),
                lambda: geo.pmf(far), lambda: geo.at_least(far), lambda: geo.at_least_in_tail("u", True, far)):
        with pytest.raises(UnsafeInputError, match=r"(DiscreteLaplace|Geometric)\(alpha=1/2\): alpha\^-?[0-9]+ \(a "
                                                   r"value [0-9,]+ steps into the noise's tail\)"):
            ask()
    assert far not in lap._tails and -far not in lap._tails  # a refusal is never remembered
    with pytest.raises(UnsafeInputError):
        lap.at_least(far)  # and is refused again

    def far_threshold(q, rng):
        return q[0] + rng.laplace(F(1, 2)) >= 10 ** 9

    with pytest.raises(UnsafeInputError, match="10{9}|1,000,000,00"):
        program_mechanism(far_threshold, QueryAnswers(range(2), n=1))


def test_powers_within_the_bound_are_the_plain_formulas_and_remembered_tails_are_bounded(monkeypatch):
    from exactpriv.mechanisms.programs import noise

    monkeypatch.setattr(noise, "_MAX_REMEMBERED_TAILS", 3)
    a = F(2, 3)
    lap, geo = DiscreteLaplace(a), Geometric(a)
    edge = noise.MAX_POWER_BITS // lap.bits_per_step - 1  # the farthest tail still allowed
    for t in [*range(-6, 7), edge, -edge + 1]:
        plain = a ** t / (1 + a) if t >= 0 else 1 - a ** (1 - t) / (1 + a)
        assert lap.at_least(t) == plain and lap.at_least(t) == plain  # asked twice: remembered or not
        assert lap.pmf(t) == (1 - a) / (1 + a) * a ** abs(t)
        assert geo.pmf(t) == ((1 - a) * a ** t if t >= 0 else 0) and geo.at_least(t) == (a ** t if t >= 0 else 1)
    assert len(lap._tails) == 3


def test_the_power_bound_of_a_law_of_beta_counts_its_degree():
    from exactpriv.errors import UnsafeInputError
    from exactpriv.exact.ratfunc import RationalFunction
    from exactpriv.mechanisms.programs import noise

    alpha = RationalFunction.gen() ** 4 * F(1, 2)
    lap = DiscreteLaplace(alpha)
    edge = noise.MAX_POWER_BITS // lap.bits_per_step
    assert lap.pmf(edge) == lap.mass0 * alpha ** edge  # the plain power
    with pytest.raises(UnsafeInputError, match=r"alpha\^" + str(edge + 1)):
        lap.pmf(edge + 1)
