"""The checker's remembered parse (exactpriv.checker.grammar.parse) against the plain parse of each text
(grammar._parse): the same tree cold and warm, a tree of the caller's own (changing it changes no later parse),
and an unreadable text refused with its own error on every call (never remembered)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from exactpriv.checker import grammar
from exactpriv.checker.errors import CheckerError

WRITTEN = [
    "0", "eps", "oo", "-oo", "1/2", "0.25", "exp(eps)/(exp(eps) + 1)", "log(1 + exp(-eps/4))",
    "exp(eps) - 1 <= 2*eps and tanh(eps/2) >= 0", "not x < 1 or y == 2", "max(a, b, min(c, 1/3)) != 0",
    "sum(l, 0, n, binomial(n, l)*p**l*(1 - p)**(n - l)) == 1", "sqrt(kl/2) <= 1 - exp(-kl)", "abs(-x)^2",
    "Min(x, y) + Max(x, y) == x + y", "floor(3*eps) >= 0", "--x", "+x", "((((x))))",
]
BAD = ["", "x +", "foo(x)", "1 ** ", "x $ y", "(x", "x)", "x < < y", "1.2.3"]


def _random_text(rng: random.Random, depth: int = 0) -> str:
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(["eps", "x", "1", "2/3", "0.5", "oo"])
    k = rng.randrange(6)
    a, b = _random_text(rng, depth + 1), _random_text(rng, depth + 1)
    if k == 0:
        return f"({a} {rng.choice('+-*/')} {b})"
    if k == 1:
        return f"{rng.choice(['exp', 'log', 'sqrt', 'tanh', 'abs'])}({a})"
    if k == 2:
        return f"{rng.choice(['max', 'min', 'Max'])}({a}, {b}, {_random_text(rng, depth + 1)})"
    if k == 3:
        return f"-{a}"
    if k == 4:
        return f"{a} {rng.choice(['<=', '<', '>=', '>', '==', '!='])} {b}"
    return f"({a} <= {b} and {b} < 1 or not {a} >= 0)"


def _lists(node):
    """Every list object inside a tree (to check that a caller's tree shares none with the memo)."""
    out = []
    if isinstance(node, list):
        out.append(node)
        for c in node:
            out += _lists(c)
    elif isinstance(node, tuple):
        for c in node:
            out += _lists(c)
    return out


def test_remembered_trees_equal_the_plain_parse_cold_and_warm():
    rng = random.Random(24)
    texts = WRITTEN + [_random_text(rng) for _ in range(150)]
    grammar._PARSED.clear()
    for text in texts + texts:  # cold, then every text again from the memo
        try:
            plain = grammar._parse(text)
        except CheckerError:
            continue
        assert grammar.parse(text) == plain, text


def test_each_caller_gets_its_own_lists():
    text = "max(a, b) <= 1 and min(exp(x), 2) >= 0"
    grammar._PARSED.clear()
    first, second = grammar.parse(text), grammar.parse(text)
    assert first == second
    ids = {id(x) for x in _lists(first)}
    assert ids and not ids & {id(x) for x in _lists(second)}
    first[1].append(("name", "junk"))  # a caller changing its tree changes nothing remembered
    first[1][1][2][2][0] = ("num", Fraction(7))  # min(exp(x), 2) -> min(7, 2)
    assert grammar.parse(text) == grammar._parse(text) == second


@pytest.mark.parametrize("text", BAD)
def test_an_unreadable_text_is_refused_on_every_call(text):
    with pytest.raises(CheckerError) as plain:
        grammar._parse(text)
    for _ in range(2):
        with pytest.raises(CheckerError) as got:
            grammar.parse(text)
        assert str(got.value) == str(plain.value)
    assert text not in grammar._PARSED


def test_a_full_memo_starts_over():
    grammar._PARSED.clear()
    for k in range(grammar._PARSED_LIMIT + 3):
        grammar.parse(f"x + {k}")
    assert len(grammar._PARSED) <= grammar._PARSED_LIMIT
    assert grammar.parse("x + 1") == grammar._parse("x + 1")


def test_not_a_string_and_too_long_are_refused_before_the_memo():
    with pytest.raises(CheckerError, match="must be a string"):
        grammar.parse(("name", "x"))
    with pytest.raises(CheckerError, match="longer than"):
        grammar.parse("x+" * grammar.MAX_CHARS + "x")


def test_a_long_flat_sum_is_copied_without_recursion():
    """``a + b + …`` parses as a left-nested chain as deep as the sum is long; the copy handed to each caller
    must not recurse once per term (review: a 600-term sum, well under MAX_CHARS, raised RecursionError)."""
    grammar._PARSED.clear()
    text = "min(eps,1)+" + "+".join(["eps"] * 900) + "<=0"  # the list sits at the bottom of the chain
    assert len(text) < grammar.MAX_CHARS
    plain = grammar._parse(text)
    first, second = grammar.parse(text), grammar.parse(text)
    assert first == second == plain
    bottom = first[2]  # ("cmp", "<=", the sum, 0)
    while bottom[0] != "call":
        bottom = bottom[1]
    bottom[2][0] = ("num", Fraction(7))  # the caller's own list: nothing remembered changes
    assert grammar.parse(text) == plain


def test_a_long_flat_sum_is_checked_as_before():
    from exactpriv.checker.certificates import check_certificate

    st = {"quantifier": "forall-params", "domain": {"eps": "[0, oo)"},
          "claim": "+".join(["eps"] * 600) + " <= 0"}
    # returns (None: no meta-theorem used) when the point refutes the claim, raises Failed/NotCheckable otherwise
    assert check_certificate({"kind": "point", "at": {"eps": "1"}}, st, proves=False, max_prec=256) is None
