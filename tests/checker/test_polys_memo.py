"""The checker's remembered rational functions and Sturm sequences (exactpriv.checker.polys) against the same
computations done afresh, and a family statement's outputs against the mechanism's own JSON labels."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from exactpriv.checker import polys
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse

from .test_compiled_families import _random_poly, _ref_mul, _ref_roots

# entries as families and compiled programs write them, and expressions each substitution refuses
EXPRESSIONS = [
    "exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)", "(exp(eps) - 1)/(exp(eps) + 2)", "tanh(eps/2)",
    "eps*tanh(eps/2)", "exp(-eps/4)*(1 - exp(-eps/4))**2/(1 + exp(-eps/4))", "exp(eps/2) - exp(-eps/2)",
    "(1 - exp(-eps/4))/(1 + exp(-eps/4)) + exp(-3*eps/4)*(1 - exp(-eps/4))", "exp(2*log(exp(eps) + 1) - eps)",
    "eps**2/(eps + 1)", "1/(eps - eps)", "sqrt(eps)", "exp(1)", "log(eps)", "exp(eps*eps)", "2", "eps",
    "(exp(eps/6) + 1)**3/(exp(eps/3) + 2)", "1/(exp(eps) - exp(eps))",
]
SUBSTITUTIONS = ["u = eps", "u = exp(eps)", "u = exp(eps/2)", "u = exp(eps/4)", "u = exp(eps/12)",
                 "u = exp(2*eps)", "v"]


def _outcome(f, *args):
    try:
        return "ok", f(*args)
    except (Failed, NotCheckable) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("sub", SUBSTITUTIONS)
def test_remembered_rational_functions_equal_fresh_ones(sub):
    polys._rational_function.cache_clear()
    fresh = polys._rational_function.__wrapped__
    for text in EXPRESSIONS:
        want = _outcome(fresh, text, "eps", sub)
        for given in (text, parse(text), text):  # cold, as a parse tree, warm
            got = _outcome(polys.rational_function, given, "eps", sub)
            if want[0] == "ok":
                assert got == ("ok", tuple(list(x) for x in want[1])), (text, sub)
            else:
                assert got == want, (text, sub)


def test_each_caller_gets_its_own_lists():
    n, d = polys.rational_function("exp(eps)/(exp(eps) + 1)", "eps", "u = exp(eps)")
    kept = (list(n), list(d))
    n.append(Fraction(7))
    d.clear()
    assert polys.rational_function("exp(eps)/(exp(eps) + 1)", "eps", "u = exp(eps)") == kept


def test_a_remembered_failure_is_raised_again_as_a_new_error():
    errors = []
    for _ in range(2):
        with pytest.raises(NotCheckable, match="not a rational function") as info:
            polys.rational_function("sqrt(eps)", "eps", "u = exp(eps)")
        errors.append(info.value)
    assert errors[0] is not errors[1]


def test_remembered_sturm_counts_equal_fresh_ones_and_the_plain_reference():
    rng = random.Random(24)
    polys._root_counter.cache_clear()
    fresh = polys._root_counter.__wrapped__
    for _ in range(60):
        roots = [rng.randint(-5, 5) for _ in range(rng.randint(1, 6))]
        p = [Fraction(1)]
        for r in roots:
            p = _ref_mul(p, [Fraction(-r), Fraction(1)])
        p = _ref_mul(p, _random_poly(rng, rng.randint(0, 3)))
        ends = sorted(Fraction(rng.randint(-60, 60), rng.randint(1, 9)) for _ in range(2))
        counter = fresh(tuple(p))
        for lo, hi in [tuple(ends), (ends[0], "oo"), ("-oo", ends[1]), ("-oo", "oo")]:
            want = counter(lo, hi)
            assert polys.count_roots(p, lo, hi) == want  # cold or warm
            assert polys.root_counter(p)(lo, hi) == want  # warm, the inner points remembered
            if isinstance(lo, Fraction) and isinstance(hi, Fraction) and lo < hi:
                assert want == _ref_roots(p, lo, hi)


def test_a_family_statement_labels_outputs_as_the_mechanism_json_does():
    from exactpriv import EPS
    from exactpriv.claims import symbolic_family
    from exactpriv.claims.declare import family_form
    from exactpriv.claims.notions import as_notion
    from exactpriv.mechanisms import Mechanism
    from exactpriv.mechanisms.zoo import randomized_response

    rr = randomized_response(3, eps=EPS)
    labelled = Mechanism(randomized_response(2, eps=EPS).inputs, [("a", 1), "no"],
                         randomized_response(2, eps=EPS).rows)
    fams = [symbolic_family("RR3", rr), symbolic_family("labelled", labelled)]
    form = family_form(fams, {"B": as_notion("pure_dp")}, "B <= 2*eps")
    assert form is not None
    assert [f["outputs"] for f in form["families"]] == [rr.to_json()["outputs"], labelled.to_json()["outputs"]]
    assert form["families"][1]["outputs"] == [["a", 1], "no"]


def test_a_witness_labels_outputs_as_the_mechanism_json_does():
    from fractions import Fraction

    from exactpriv.claims import Instance
    from exactpriv.claims.witness_json import witness_of
    from exactpriv.mechanisms import Mechanism, ProductMechanism
    from exactpriv.mechanisms.zoo import randomized_response

    rr = randomized_response(2, eps=Fraction(1))  # entries e/(1 + e), written exactly
    half = [[Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 3), Fraction(2, 3)]]
    labelled = Mechanism(rr.inputs, [("a", 1), "no"], half)
    product = ProductMechanism([labelled, Mechanism(rr.inputs, [0, 1], half)])
    assert witness_of(Instance("rr", mechanism=rr))["outputs"] == rr.to_json()["outputs"]
    for M in (labelled, product):
        w = witness_of(Instance("m", mechanism=M))
        want = (product.expand() if M is product else M).to_json()
        assert w["outputs"] == want["outputs"] and w["mechanism"] == want["matrix"]
    assert witness_of(Instance("m", mechanism=labelled))["outputs"] == [["a", 1], "no"]


# rational_function (python-flint inside, lists at the end) against the expression's value from its definition:
# mpmath at 60 digits at points var = x (an independent evaluation; a wrong coefficient differs by far more)

def _value(node, x):
    import mpmath

    kind = node[0]
    if kind == "num":
        return mpmath.mpf(node[1].numerator) / node[1].denominator
    if kind == "name":
        return mpmath.mpf(x)
    if kind == "neg":
        return -_value(node[1], x)
    if kind in ("+", "-", "*", "/", "**"):
        a, b = _value(node[1], x), _value(node[2], x)
        return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else mpmath.inf, "**": a ** b}[kind]
    if kind == "call":
        return {"exp": mpmath.exp, "log": mpmath.log, "tanh": mpmath.tanh}[node[1]](_value(node[2][0], x))
    raise AssertionError(node)


def _random_entry(rng, depth=0):
    """Entries as families and compiled programs write them: sums, products and quotients of exp(k·eps/m),
    tanh, rationals and integer powers, with logs inside exp."""
    if depth > 2 or rng.random() < 0.3:
        return rng.choice([f"exp({rng.randint(-3, 3)}*eps/4)", f"exp(-eps/{rng.choice([2, 4])})",
                           f"{rng.randint(1, 5)}/{rng.randint(1, 7)}", "tanh(eps/2)", "exp(eps)", "eps"])
    a, b = _random_entry(rng, depth + 1), _random_entry(rng, depth + 1)
    return rng.choice([f"({a}) + ({b})", f"({a}) - ({b})", f"({a})*({b})", f"({a})/(1 + ({b})**2)",
                       f"({a})**{rng.randint(-2, 3)}", f"exp(2*log(1 + ({a})**2) - eps)"])


def test_rational_functions_agree_with_the_expressions_value():
    import mpmath

    rng = random.Random(2024)
    texts = [t for t in EXPRESSIONS] + [_random_entry(rng) for _ in range(150)]
    checked = set()
    with mpmath.workdps(60):
        for text in texts:
            for sub, m in (("u = exp(eps/4)", 4), ("u = exp(eps)", 1), ("u = eps", None)):
                try:
                    n, d = polys.rational_function(text, "eps", sub)
                except (Failed, NotCheckable):
                    continue
                for x in (Fraction(1, 3), Fraction(2), Fraction(7, 2)):
                    xm = mpmath.mpf(x.numerator) / x.denominator
                    u = mpmath.exp(xm / m) if m else xm
                    den = sum(mpmath.mpf(c.numerator) / c.denominator * u ** k for k, c in enumerate(d))
                    if abs(den) < mpmath.mpf(10) ** -40:
                        continue
                    got = sum(mpmath.mpf(c.numerator) / c.denominator * u ** k for k, c in enumerate(n)) / den
                    want = _value(parse(text), xm)
                    assert abs(got - want) <= mpmath.mpf(10) ** -40 * (1 + abs(want)), (text, sub, x)
                    checked.add((text, sub))
    assert len(checked) > 100  # most of the random entries are rational in exp(eps/4) or exp(eps)


def test_rf_quotient_equals_the_reduced_products():
    rng = random.Random(7)
    for _ in range(300):
        common = _random_poly(rng, rng.randint(0, 2))
        a = (_ref_mul(_random_poly(rng, rng.randint(0, 4)), common), _random_poly(rng, rng.randint(0, 3)))
        b = (_random_poly(rng, rng.randint(0, 3)), _ref_mul(_random_poly(rng, rng.randint(0, 4)), common))
        if rng.random() < 0.1:
            a = ([], a[1])
        assert polys.rf_quotient(a, b) == polys.rf_reduce(polys.pmul(a[0], b[1]), polys.pmul(a[1], b[0]))
    big = [Fraction(1)] * 300
    for a, b in (((big, [Fraction(1)]), ([Fraction(1)], big)), (([Fraction(1)], big), (big, [Fraction(1)]))):
        with pytest.raises(NotCheckable, match="degree above 400"):
            polys.pmul(a[0], b[1]) and polys.pmul(a[1], b[0])
        with pytest.raises(NotCheckable, match="degree above 400"):
            polys.rf_quotient(a, b)


def test_remembered_spaces_equal_fresh_reads():
    from exactpriv.checker import witness

    spaces = [{"type": "hamming", "values": [0, 1], "n": 3}, {"type": "hamming", "alphabets": [[0, 1, 2], ["a", "b"]]},
              {"type": "subsets", "universe": ["x", "y", "z"]},
              {"type": "explicit", "inputs": [0, 1, 2], "neighbours": [[0, 1], [1, 2]]},
              {"type": "explicit", "inputs": [0, 1], "neighbours": [[0, 0]]}, {"type": "hamming", "values": [0, 1]},
              {"type": "hamming", "values": [0, 1], "n": 13}, {"type": "torus"}, None,
              {"type": "hamming", "values": (0, 1), "n": 2}]  # a tuple: not plain JSON, read as given
    for space in spaces:
        want = _outcome(witness._read_space, space)
        for _ in range(2):  # cold, then remembered
            got = _outcome(witness.read_space, space)
            assert got == want, space
            if got[0] == "ok":  # the caller's own lists
                got[1][0].clear()
                got[1][2].append(None)
    assert _outcome(witness.read_space, spaces[0]) == _outcome(witness._read_space, spaces[0])
