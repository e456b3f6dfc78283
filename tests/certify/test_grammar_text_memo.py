"""grammar_text prints each distinct expression once: the remembered text equals sympy's fresh printing, and an
expression with a float is refused whatever equal-looking exact expression was printed before."""

from __future__ import annotations

import sympy

from exactpriv.certify.checker_format import _printed, grammar_text

eps = sympy.Symbol("eps")
peps = sympy.Symbol("eps", positive=True)


def _fresh(e):
    text = sympy.sstr(e).replace("Abs(", "abs(")
    return text


def test_remembered_texts_equal_fresh_printing():
    exprs = [sympy.exp(eps) / (sympy.exp(eps) + 1), 1 / (sympy.exp(eps) + 1), eps * sympy.tanh(eps / 2),
             sympy.Abs(eps - 1) / 2, sympy.Max(eps, 1 - eps), sympy.Rational(3, 7), sympy.Integer(2) * peps,
             sympy.exp(-peps / 4) * (1 - sympy.exp(-peps / 4)) ** 2, sympy.log(1 + sympy.exp(eps))]
    _printed.cache_clear()
    for _ in range(3):  # cold, then remembered
        for e in exprs:
            assert grammar_text(e) == _fresh(e)
    assert _printed.cache_info().hits >= 2 * len(exprs)


def test_a_float_is_refused_after_the_exact_twin_was_printed():
    for first, second in ((2 * eps, sympy.Float(2.0) * eps), (sympy.Float(2.0) * eps, 2 * eps)):
        _printed.cache_clear()
        texts = [grammar_text(first), grammar_text(second)]
        exact = [t for e, t in zip((first, second), texts) if not e.has(sympy.Float)]
        assert exact == ["2*eps"]
        assert None in texts


def test_numbers_and_unprintable_expressions():
    assert grammar_text(sympy.Rational(1, 2)) == "1/2"
    assert grammar_text(3) == "3"
    assert grammar_text(sympy.pi * eps) is None
    assert grammar_text(sympy.sin(eps)) is None
    assert grammar_text(sympy.I + eps) is None
