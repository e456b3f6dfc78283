"""Safe JSON I/O: exact round trips, the documented shapes, and a table of hostile inputs."""

import json
import os
from fractions import Fraction as F

import pytest
import sympy

from exactpriv import io
from exactpriv.distributions import Prior
from exactpriv.errors import (
    EntryRangeError,
    ExactPrivError,
    FormatError,
    NotExactError,
    NotStochasticError,
    ShapeError,
    SpaceTooLargeError,
    UnknownSymbolError,
    UnsafeInputError,
)
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets

ROUND_TRIP = {
    "rr": lambda: zoo.randomized_response(3, exp_eps=2),
    "rr-symbolic": lambda: zoo.randomized_response(2, eps=EPS),
    "geometric-symbolic": lambda: zoo.truncated_geometric(3, eps=EPS),
    "exp-mech": lambda: zoo.exponential_mechanism_hamming([0, 1], 3, exp_eps=3),
    "kmax": lambda: zoo.k_max(4, 2),
    "otp-tuple-outputs": lambda: zoo.one_time_pad(3),
    "ex5.1-mixed-labels": lambda: zoo.cuff_example_5_1(2, "1/3"),
    "rappor": lambda: zoo.rappor(["a", "b"], 3, {"a": {0}, "b": {1, 2}}, f="1/2"),
    "prior-product": lambda: Prior.product(Hamming([0, 1], 2), [["1/3", "2/3"], ["1/7", "6/7"]]),
    "prior-bounded": lambda: Prior.uniform(Bounded("abcd", 2)),
    "space-graph": lambda: GraphSpace.from_edges(["a", "b", "c"], [("a", "b")]),
    "space-alphabets": lambda: Hamming.product([[0, 1], ["x", "y", "z"]]),
}


@pytest.mark.parametrize("name", sorted(ROUND_TRIP))
def test_round_trip_is_exact(name, tmp_path):
    obj = ROUND_TRIP[name]()
    path = tmp_path / "obj.json"
    io.dump(obj, path)
    back = io.load(path)
    if hasattr(obj, "factors"):
        assert [f.rows for f in back.factors] == [f.rows for f in obj.factors]
    elif hasattr(obj, "rows"):
        assert back.inputs == obj.inputs and back.outputs == obj.outputs
        for r1, r2 in zip(obj.rows, back.rows):
            for a, b in zip(r1, r2):
                assert a == b or sympy.simplify(sympy.sympify(str(a)) - b) == 0
    else:
        assert back == obj


def test_documented_shapes_are_accepted():
    """The shapes other tools write (issue 'Exact core', item 6)."""
    mech = {"kind": "mechanism", "space": {"type": "hamming", "values": ["0", "1"], "n": 1},
            "outputs": ["y0", "y1"], "matrix": [["3/4", "1/4"], ["1/4", "3/4"]]}
    M = io.loads(json.dumps(mech))
    assert M.inputs.points == (("0",), ("1",)) and M.rows[0] == (F(3, 4), F(1, 4))
    prior = {"kind": "prior", "space": {"type": "hamming", "values": ["0", "1"], "n": 3}, "pmf": ["1/8"] * 8}
    assert io.loads(json.dumps(prior)).pmf == (F(1, 8),) * 8
    graph = {"kind": "mechanism", "space": {"type": "graph", "points": ["a", "b"], "edges": [["a", "b"]]},
             "outputs": ["y0", "y1"], "matrix": [["exp(eps)/(1+exp(eps))", "1/(1+exp(eps))"],
                                                 ["1/(1+exp(eps))", "exp(eps)/(1+exp(eps))"]]}
    G = io.loads(json.dumps(graph))
    assert G.rows[0][0] == sympy.exp(EPS) / (1 + sympy.exp(EPS))


def _mech(matrix, space=None, outputs=("y0", "y1")):
    return json.dumps({"kind": "mechanism", "space": space or {"type": "hamming", "values": ["0", "1"], "n": 1},
                       "outputs": list(outputs), "matrix": matrix})


HOSTILE = [
    ("import-payload", _mech([["__import__('os').system('echo pwned')", "0"], ["1", "0"]]), UnsafeInputError),
    ("dunder-class", _mech([["eps.__class__", "0"], ["1", "0"]]), UnsafeInputError),
    ("lambda", _mech([["(lambda: 1)()", "0"], ["1", "0"]]), UnsafeInputError),
    ("open-file", _mech([["open('/etc/passwd')", "0"], ["1", "0"]]), UnknownSymbolError),
    ("unknown-symbol", _mech([["delta", "1-delta"], ["1", "0"]]), UnknownSymbolError),
    ("float-literal", _mech([[0.5, 0.5], [1, 0]]), NotExactError),
    ("float-string", _mech([["0.5", "0.5"], ["1", "0"]]), NotExactError),
    ("nan", '{"kind": "mechanism", "space": {"type": "hamming", "values": ["0", "1"], "n": 1}, '
            '"outputs": ["a", "b"], "matrix": [[NaN, 1], [1, 0]]}', NotExactError),
    ("non-stochastic", _mech([["1/2", "1/3"], ["1", "0"]]), NotStochasticError),
    ("negative", _mech([["3/2", "-1/2"], ["1", "0"]]), EntryRangeError),
    ("ragged", _mech([["1/2", "1/2"], ["1"]]), ShapeError),
    ("huge-space", _mech([["1", "0"]], space={"type": "hamming", "values": list("0123456789"), "n": 9}),
     SpaceTooLargeError),
    ("power-bomb", _mech([["9**9**9**9", "0"], ["1", "0"]]), UnsafeInputError),
    ("not-json", "{kind: mechanism", FormatError),
    ("unknown-kind", '{"kind": "pickle", "data": "gASV"}', FormatError),
    ("missing-matrix", '{"kind": "mechanism", "space": {"type": "hamming", "values": ["0"], "n": 1}, "outputs": ["a"]}',
     FormatError),
    ("bad-space-type", _mech([["1", "0"]], space={"type": "python", "code": "1"}), FormatError),
    ("zero-denominator", _mech([["1/0", "0"], ["1", "0"]]), FormatError),
    ("bool-entry", _mech([[True, False], ["1", "0"]]), FormatError),
    ("5000-digit-int", _mech([[12345, 0], ["1", "0"]]).replace("12345", "9" * 5000), FormatError),
    ("5000-digit-string", _mech([["9" * 5000 + "/" + "9" * 5000, "0"], ["1", "0"]]), FormatError),
]


@pytest.mark.parametrize("text,err", [(t, e) for _, t, e in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_json_raises_typed_error_and_runs_nothing(text, err, monkeypatch):
    calls = []
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)
    monkeypatch.setattr(os, "popen", lambda *a, **k: calls.append(a))
    with pytest.raises(err):
        io.loads(text)
    assert calls == []


def test_errors_give_the_json_path():
    with pytest.raises(NotExactError, match=r"\$\.matrix\[0\]\[1\]"):
        io.loads(_mech([["1/2", 0.5], ["1", "0"]]))


def test_every_hostile_error_is_an_exactpriv_error():
    for _, text, _err in HOSTILE:
        with pytest.raises(ExactPrivError):
            io.loads(text)


def test_oversized_file_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(io, "MAX_BYTES", 100)
    p = tmp_path / "big.json"
    p.write_text(" " * 200 + "{}")
    with pytest.raises(FormatError, match="above the limit"):
        io.load(p)
