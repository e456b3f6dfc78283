"""to_dit / from_dit against dit itself: dit's exact mutual information of the converted joint distribution is
our exact MI (bits → nats), and a round trip returns the same mechanism and prior."""

from fractions import Fraction
from importlib.util import find_spec

import pytest
import sympy

from exactpriv import Hamming, Prior, randomized_response
from exactpriv.errors import InvalidArgument
from exactpriv.interop import from_dit, to_dit
from exactpriv.mechanisms import Mechanism, k_fold
from exactpriv.spaces import Subsets

# dit is imported by the tests that use it (importing it costs ~1.7 s: pandas, xarray, dask.array), not by the
# collection of every pytest process
if find_spec("dit") is None:
    pytest.skip("the test extra installs dit", allow_module_level=True)


def _mutual_information_nats(M, prior) -> sympy.Expr:
    """I(X; Y) from the definition, exactly: sum p(x) W(y|x) log(W(y|x) / q(y))."""
    rows = [[sympy.Rational(w.numerator, w.denominator) for w in row] for row in M.rows]
    px = [sympy.Rational(p.numerator, p.denominator) for p in prior.pmf]
    q = [sum(px[i] * rows[i][j] for i in range(len(rows))) for j in range(len(rows[0]))]
    return sum(px[i] * w * sympy.log(w / q[j]) for i, row in enumerate(rows) for j, w in enumerate(row) if w)


@pytest.mark.parametrize("M, prior", [
    (randomized_response(3, exp_eps=2), None),
    (randomized_response(2, p="3/4"), "skewed"),
    (Mechanism(Subsets(["a", "b"]), ["lo", "hi"], [["1/2", "1/2"], ["1/3", "2/3"], ["1/4", "3/4"], [1, 0]]), None),
], ids=["rr3", "rr2-skewed-prior", "subsets-with-a-zero"])
def test_dit_computes_our_exact_mutual_information_on_the_converted_distribution(M, prior):
    prior = Prior(M.inputs, ["1/5"] + ["4/5"]) if prior == "skewed" else (prior or Prior.uniform(M.inputs))
    d = to_dit(M, prior)
    assert all(isinstance(p, sympy.Rational) for p in d.pmf)          # exact in dit, never floats
    from dit.shannon import mutual_information
    bits = mutual_information(d, [0], [1])
    ours = _mutual_information_nats(M, prior)
    assert sympy.simplify(bits * sympy.log(2) - ours) == 0


def test_round_trip_returns_the_same_mechanism_and_prior():
    M = randomized_response(3, exp_eps=2)
    prior = Prior(M.inputs, ["1/2", "1/3", "1/6"])
    back, back_prior = from_dit(to_dit(M, prior), M.inputs)
    assert [list(map(Fraction, map(str, r))) for r in back.rows] == [list(r) for r in M.rows]
    assert list(back_prior.pmf) == list(prior.pmf) and back.outputs == M.outputs


def test_a_product_mechanism_is_expanded():
    K = k_fold(randomized_response(2, p="3/4"), 2)
    d = to_dit(K)
    assert len(d.outcomes) == 2 * 4 and sum(d.pmf) == 1


def test_bad_inputs_get_typed_errors_naming_the_culprit():
    import dit

    floats = dit.Distribution([((0,), 0), ((1,), 1)], [0.5, 0.5])
    with pytest.raises(InvalidArgument, match="not an exact rational probability"):
        from_dit(floats, Hamming([0, 1], 1))
    missing = dit.Distribution([((0,), 0), ((0,), 1)], [sympy.Rational(1, 2)] * 2)
    with pytest.raises(InvalidArgument, match=r"x = \(1,\) has probability 0"):
        from_dit(missing, Hamming([0, 1], 1))
    with pytest.raises(InvalidArgument, match="must be an exactpriv Mechanism"):
        to_dit("not a mechanism")
    from exactpriv import EPS
    symbolic = randomized_response(2, eps=EPS)
    with pytest.raises(InvalidArgument, match="not an exact rational probability"):
        to_dit(symbolic)
