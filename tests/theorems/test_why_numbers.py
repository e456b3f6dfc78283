"""The numbers an expected REFUTED's ``why`` quotes are the archived witness's (issue 19 item 5).

A ``why`` text explains a refutation in words and often quotes its numbers ("identity-DP level log(5/2)",
"at e^ε = 3/2").  Those numbers must be derived from the witness, not typed: for every expected REFUTED
reading with an archived witness, every quoted logarithm ``log(p/q)``, surd ``a - sqrt(b)`` and level
``e^ε = q`` must equal a value of the witness document (its measured values, the sides of its deciding
comparison, or its parameters), compared exactly by the decision kernel.
"""

import json
import re
from pathlib import Path

import pytest
import sympy

from exactpriv import io
from exactpriv.exact.kernel import compare
from theorems import all_claims

FOUND = Path(__file__).resolve().parents[2] / "counterexamples" / "found"

_QUOTED = re.compile(r"log\(\d+(?:/\d+)?\)|\d+ - (?:\d+\*)?sqrt\(\d+\)|e\^(?:ε|eps|\{ε\}) = \d+(?:/\d+)?")
_LEVEL_PARAMS = ("t", "t_prime", "gamma", "exp_eps", "e_eps")
_SIDES = re.compile(r" <= | >= | == | < | > | is (?:FALSE|TRUE)|: |, ")


def _quoted(why: str) -> list[str]:
    return _QUOTED.findall(why)


def _bank_value(text: str):
    """A quoted number of a why text (bank source code, not a file) as an exact sympy number."""
    if text.startswith("e^"):
        text = text.split("=", 1)[1].strip()
        return sympy.Rational(text), True
    return sympy.sympify(text, rational=True), False


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def _witness_values(doc: dict, levels: bool) -> list:
    """Every exact number of the witness document, parsed by the safe parser (no evaluation of file text):
    measured values and the sides of the deciding comparison; with ``levels`` the parameters and the
    e^eps of the instance label too."""
    texts = set()
    for s in _strings(doc.get("values", {})):
        texts.add(s.strip())
        texts.update(p.strip() for p in _SIDES.split(s))
    if levels:  # a level e^eps is a parameter named like one (never n, m or a probability)
        params = doc["instance"].get("params", {})
        texts.update(s for k, v in params.items() if k in _LEVEL_PARAMS for s in _strings(v))
        texts.update(re.findall(r"e\^eps ?= ?(\d+(?:/\d+)?)", doc["instance"].get("label", "")))
    out = []
    for t in texts:
        if not t or len(t) > 200:
            continue
        try:
            out.append(io.parse_value(t))
        except Exception:  # a fragment that is not a number
            continue
    return out


def _cases():
    for claim in all_claims():
        for r in claim.readings:
            if r.expected is None or r.expected.value != "REFUTED" or not r.why:
                continue
            path = FOUND / f"{claim.id}--{r.name}.json"
            if path.exists() and _quoted(r.why):
                yield pytest.param(claim.id, r.name, r.why, path, id=f"{claim.id}--{r.name}")


def _equal(a, b) -> bool:
    try:
        return compare(a, "==", b).is_true
    except Exception:  # an expression the kernel cannot compare is no match
        return False


@pytest.mark.parametrize("claim_id, reading, why, path", list(_cases()))
def test_why_quotes_the_witness(claim_id, reading, why, path):
    doc = json.loads(path.read_text())
    for quoted in _quoted(why):
        value, level = _bank_value(quoted)
        candidates = _witness_values(doc, level)
        assert any(_equal(value, c) for c in candidates), (
            f"{claim_id}/{reading}: the why quotes {quoted}, which is no value of the archived witness "
            f"({path.name})")


def test_the_check_sees_a_mismatch():
    doc = {"values": {"decision": {"reason": "log(5) <= log(2) is FALSE"}, "m": "log(5)"},
           "instance": {"params": {"t": {"value": "3/2"}, "m": {"value": "2"}}, "label": "n=1, e^eps=3/2"}}
    values = _witness_values(doc, True)
    assert any(_equal(sympy.log(5), v) for v in values)
    assert not any(_equal(sympy.log(sympy.Rational(19, 3)), v) for v in values)
    assert any(_equal(sympy.Rational(3, 2), v) for v in values)
    assert not any(_equal(sympy.Integer(2), v) for v in values)  # m = 2 is not a level
    assert not any(_equal(sympy.Integer(3), v) for v in _witness_values(doc, False))
