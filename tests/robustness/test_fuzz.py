"""Bounded fuzzers of documents and expressions (issue 10), in the default run.

Documents: valid mechanism, product-mechanism, prior and witness documents mutated with values
from a hostile pool (huge and negative integers, booleans, floats, look-alike digits, markup,
code, deep nesting, expressions near the limits).  Expressions: token soups and random
compositions of the grammar, parsed and, for a few, proved.  Every example must give an
exactpriv object or an ``ExactPrivError`` — never another exception — and each fuzzer runs
in a forked worker under a budget (:func:`exactpriv.effort.run_bounded`), so a hang
fails the test instead of stalling the suite.

The example counts are fixed (``derandomize``): :data:`DOCUMENTS` documents and
:data:`EXPRESSIONS` expressions (+ :data:`PROOFS` proofs) per run.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactpriv.errors import ExactPrivError
from exactpriv.effort import run_bounded

DOCUMENTS = 300
EXPRESSIONS = 400
PROOFS = 12

_SPACE = {"type": "hamming", "values": ["0", "1"], "n": 1}
_SEEDS = [
    {"kind": "mechanism", "space": _SPACE, "outputs": ["a", "b"], "matrix": [["3/4", "1/4"], ["1/4", "3/4"]]},
    {"kind": "mechanism", "space": _SPACE, "outputs": ["a", "b"],
     "matrix": [["exp(eps)/(1+exp(eps))", "1/(1+exp(eps))"], ["1/(1+exp(eps))", "exp(eps)/(1+exp(eps))"]]},
    {"kind": "product_mechanism", "space": _SPACE,
     "factors": [{"outputs": ["a", "b"], "matrix": [["1/2", "1/2"], ["1/3", "2/3"]]}]},
    {"kind": "prior", "space": _SPACE, "pmf": ["1/2", "1/2"]},
    {"kind": "mechanism", "space": {"type": "subsets", "universe": ["x", "y"]}, "outputs": [0, 1],
     "matrix": [["1", "0"], ["1/2", "1/2"], ["1/2", "1/2"], ["0", "1"]]},
    {"kind": "space", "type": "graph", "points": ["a", "b"], "edges": [["a", "b"]]},
    {"kind": "space", "type": "bounded", "universe": ["a", "b", "c"], "k": 2},
    {"kind": "witness", "claim": "cuff2016.prop3", "reading": "delta-prime-exceeds-delta",
     "instance": {"label": "w", "mechanism": None, "prior": None,
                  "params": {"gamma": {"value": "2"}, "delta": {"value": "1"}}, "extra": {}}},
]
_HOSTILE = st.sampled_from([
    None, True, False, 0, -1, 1, 2, 10**9, 10**100, -(10**30), "", "0", "1", "1/0", "-1/2", "3/2",
    "\u09ea/8", "\uff11/2", "1_000", "0x10", "1e3", "0.5", "nan", "inf", "[/]", "[bold red]x[/]",
    "__import__('os').system('true')", "exp(" * 40 + "eps" + ")" * 40, "cosh(cosh(cosh(cosh(10))))",
    "9**9**9", "1/" + "7" * 4000, "exp(10**9*log(2))", "eps", "log(0)", "sqrt(-1)", [], {}, [[]], [["1"]],
    {"kind": "mechanism"}, {"value": "1/2"}, {"label": "x"}, {"list": "abc"}, {"flag": True},
]) | st.text(max_size=12) | st.integers() | st.recursive(st.none(), lambda c: st.lists(c, max_size=3), max_leaves=8)


def _paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


@st.composite
def _documents(draw):
    # the places to mutate are picked uniformly (hypothesis' own choices lean to the first ones,
    # which would make most documents fail on their "kind")
    rnd = random.Random(draw(st.integers(0, 2**64)))
    doc = copy.deepcopy(rnd.choice(_SEEDS))
    for _ in range(rnd.randint(1, 3)):
        paths = [p for p in _paths(doc) if p and (p != ("kind",) or rnd.random() < 0.05)]
        if not paths:
            break
        path = rnd.choice(paths)
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = rnd.choice(["replace", "replace", "replace", "delete", "duplicate"])
        if action == "delete":
            del parent[path[-1]]
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        else:
            parent[path[-1]] = draw(_HOSTILE)
    return doc


def _fuzz_documents(n: int) -> int:
    from exactpriv import io

    seen = [0]

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(_documents())
    def run(doc):
        seen[0] += 1
        text = json.dumps(doc)
        try:
            io.loads(text)
        except ExactPrivError:
            pass

    run()
    return seen[0]


_TOKENS = [
    "eps", "(", ")", "+", "-", "*", "/", "**", "exp", "log", "sqrt", "cosh", "sinh", "tanh", "Min", "Max", "Abs",
    "1", "2", "3", "10", "10**10", "0", ",", " ", "E", "pi", "oo", "\u09ea", "[/]", "__class__", "lambda", "'a'",
    "9**9**9", "exp(exp(100))", "cosh(cosh(10))", "log(0)", "1/0",
]


def _fuzz_expressions(n: int) -> int:
    from exactpriv.exact.expressions import parse_expression

    seen = [0]

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(_TOKENS), max_size=14).map("".join))
    def run(text):
        seen[0] += 1
        try:
            parse_expression(text)
        except ExactPrivError:
            pass

    run()
    return seen[0]


_SIDES = ["eps", "eps**2", "exp(eps) - 1", "log(1 + eps)", "tanh(eps/2)", "Min(eps, 1)", "(eps - log(3))**2",
          "exp(exp(exp(exp(eps))))", "1/(1 + eps)", "sqrt(eps)", "0", "1/2"]


def _fuzz_proofs(n: int) -> list:
    from exactpriv.certify import prove

    verdicts = []

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(_SIDES), st.sampled_from(["<", "<=", ">", ">=", "=="]), st.sampled_from(_SIDES))
    def run(lhs, op, rhs):
        try:
            verdicts.append(prove(f"{lhs} {op} {rhs}", effort="low", seconds=5).verdict)  # 5 s: a hang guard
        except ExactPrivError:
            verdicts.append("error")

    run()
    return verdicts


def test_fuzzed_documents_load_or_raise_typed_errors():
    assert run_bounded(_fuzz_documents, DOCUMENTS, seconds=600, what="the document fuzzer") == DOCUMENTS


def test_fuzzed_expressions_parse_or_raise_typed_errors():
    assert run_bounded(_fuzz_expressions, EXPRESSIONS, seconds=300, what="the expression fuzzer") == EXPRESSIONS


def test_fuzzed_inequalities_end_within_their_budget():
    verdicts = run_bounded(_fuzz_proofs, PROOFS, seconds=300, what="the proof fuzzer")
    assert len(verdicts) == PROOFS and set(verdicts) <= {"PROVED", "REFUTED", "UNDECIDED", "STOPPED", "error"}
