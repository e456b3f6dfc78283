"""Issue 11 (5): reprs that rebuild the object, and Decision.require() that raises on FALSE."""

import pytest
import sympy

from exactpriv import EPS, Decision, Hamming, Mechanism, Prior, ProductMechanism, Subsets, compare
from exactpriv.errors import RefutedError, UndecidedError
from exactpriv.mechanisms import zoo


def _namespace():
    ns = {}
    exec("from exactpriv import *", ns)
    return ns


@pytest.mark.parametrize("obj", [
    zoo.randomized_response(2, p="3/4"),
    zoo.randomized_response(3, exp_eps=3),
    zoo.randomized_response(2, eps=EPS),
    zoo.randomized_response(2, eps=sympy.log(3)),
    zoo.truncated_geometric(3, exp_eps=2),
    zoo.exponential_mechanism_hamming([0, 1], 2, eps=EPS),
    zoo.randomized_response(2, eps=EPS).subs(eps=sympy.log(2)),
    Mechanism(Subsets(["a", "b"]), ["y", ("z", 1)], [["1/3", "2/3"], [1, 0], [0, 1], ["1/2", "1/2"]]),
    ProductMechanism([zoo.binary_symmetric_channel("1/4"), zoo.binary_symmetric_channel("1/3")]),
    Prior.uniform(Hamming([0, 1], n=2)),
    Prior(Hamming([0, 1], n=1), ["1/3", "2/3"], name="a prior"),
    Prior.point_mass(Subsets(["a", "b"]), {"a"}),
], ids=repr)
def test_repr_rebuilds_an_equal_object(obj):
    back = eval(repr(obj), _namespace())
    assert back == obj
    assert type(back) is type(obj)


def test_repr_shows_the_exact_matrix():
    M = zoo.binary_symmetric_channel("1/4")
    assert "'3/4', '1/4'" in repr(M) and "binary_symmetric_channel" in repr(M)
    assert M.label == "binary_symmetric_channel(p=1/4)"


def test_string_entries_parse_in_the_safe_grammar():
    M = Mechanism(Hamming([0, 1], n=1), [0, 1], [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                                                  ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]])
    assert M == zoo.randomized_response(2, eps=EPS)
    with pytest.raises(Exception, match="__import__|not allowed|unknown"):
        Mechanism(Hamming([0, 1], n=1), [0, 1], [["__import__('os')", "0"], ["0", "1"]])


def test_require_raises_on_false_with_the_reason():
    d = compare(sympy.Integer(2), "<=", 1)
    with pytest.raises(AssertionError, match="2"):
        d.require()
    with pytest.raises(RefutedError):
        d.require()
    assert compare(sympy.Integer(1), "<=", 2).require() is True
    with pytest.raises(UndecidedError):
        Decision.undecided("arb", "too close").require()
