"""Formulas in figures: matplotlib mathtext made from the same sympy expressions the pages show in MathML.

One math rendering throughout (issue 26.4): a page typesets an exact value or a stated bound as MathML
(:mod:`.mathml`); the figure beside it writes the same expression with matplotlib's own TeX-subset renderer
(mathtext: ``$\\frac{e}{1 + e}$``, not sympy's text ``E/(1 + E)``).  The LaTeX is sympy's printer's, with the
page's symbol names (``eps`` → ε); an expression mathtext cannot typeset (a ``cases`` environment) or a long
one falls back to the page's plain notation (ε, ², ·, −, ∞), never to sympy's ``**``/``oo``.  Nothing here
decides anything; text from files is read with the safe grammar only.
"""

from __future__ import annotations

import functools
import re

import sympy

from .mathml import text_of, to_expr

__all__ = ["formula_mathtext", "mathtext", "name_mathtext", "plain_math"]

#: Longest sympy text typeset as mathtext; a longer formula stays plain (a legend or a cell has no room).
MAX_FORMULA_CHARS = 60


def plain_math(text: str) -> str:
    """A formula's text in the page's plain notation (ε, ², ·, −, ∞), not sympy's (``eps**2``, ``oo``)."""
    text = re.sub(r"\beps\b", "ε", text)
    text = re.sub(r"\boo\b", "∞", text)
    text = text.replace("**2", "²").replace("**3", "³").replace("**", "^").replace("*", "·")
    return text.replace(" - ", " − ")


@functools.lru_cache(maxsize=2048)
def _typeset(latex: str) -> bool:
    """Whether matplotlib's mathtext parser accepts ``$latex$`` (it knows a subset of TeX)."""
    from matplotlib.mathtext import MathTextParser

    try:
        MathTextParser("path").parse(f"${latex}$")
    except (ValueError, RuntimeError):
        return False
    return True


def mathtext(value, *, limit: int = MAX_FORMULA_CHARS) -> str:
    """An exact value or sympy expression as figure text: ``$…$`` mathtext from sympy's LaTeX of it when
    mathtext can typeset it and its sympy text has at most ``limit`` characters, else the plain notation."""
    expr = to_expr(value) if not isinstance(value, sympy.Basic) else value
    plain = plain_math(text_of(value if expr is None else expr))
    if expr is None or len(sympy.sstr(expr)) > limit:
        return plain
    # the page's names (eps -> ε) given to the printer, not substituted: substituting would re-evaluate an
    # expression kept as written (sqrt(eps/2) would print as √2·√ε/2)
    names = {s: sympy.latex(sympy.Symbol("epsilon" + s.name[3:])).replace("\\epsilon", "\\varepsilon")
             for s in expr.free_symbols if isinstance(s, sympy.Symbol) and s.name.startswith("eps")}
    try:
        latex = sympy.latex(expr, ln_notation=True, symbol_names=names)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return plain
    latex = _display_fractions(latex)
    return f"${latex}$" if "$" not in latex and _typeset(latex) else plain


def _display_fractions(latex: str) -> str:
    """``\\frac`` -> ``\\dfrac`` (full size: at a figure's small font, a text-style fraction is illegible), except
    under a root, whose sign mathtext does not grow to a full-size fraction."""
    out, stack, i = [], [], 0
    while i < len(latex):
        if latex.startswith("\\sqrt{", i):
            out.append("\\sqrt{")
            stack.append("sqrt")
            i += len("\\sqrt{")
        elif latex.startswith("\\frac{", i):
            out.append("\\frac{" if "sqrt" in stack else "\\dfrac{")
            stack.append("{")
            i += len("\\frac{")
        elif latex[i] == "{":
            out.append("{")
            stack.append("{")
            i += 1
        elif latex[i] == "}":
            out.append("}")
            if stack:
                stack.pop()
            i += 1
        else:
            out.append(latex[i])
            i += 1
    return "".join(out)


def formula_mathtext(text: str, *, limit: int = MAX_FORMULA_CHARS) -> str:
    """A formula written in the expression grammar (``sqrt(eps/2)``, a stated bound) as figure text, read with
    the safe grammar (never evaluated as code); text that is no formula (``tv_dp(M)``) in the plain notation."""
    from exactpriv.errors import ExactPrivError
    from exactpriv.exact.expressions import parse_expression
    from exactpriv.exact.numbers import EPS

    try:
        with sympy.evaluate(False):
            expr = parse_expression(text, symbols={"eps": EPS}, name="formula")
    except (ExactPrivError, TypeError, ValueError, AttributeError, RecursionError, sympy.PolynomialError):
        return plain_math(text)
    finally:
        sympy.core.cache.clear_cache()  # sympy's cache ignores the evaluate flag (PITFALLS.md)
    return mathtext(expr, limit=limit)


def name_mathtext(name: str) -> str:
    """A value's recorded name (:func:`exactpriv.claims.forms.name_values`) as figure text: its formula typeset
    (``eps**2/3 at ε = pure_dp(M)`` -> ``$\\dfrac{\\varepsilon^{2}}{3}$ at ε = pure_dp(M)``), a notion's name
    (``kl_dp(M)``) as it is."""
    head, sep, tail = name.partition(" at ")
    typeset = formula_mathtext(head)
    if not typeset.startswith("$"):
        return plain_math(name)
    return typeset + (f" at {plain_math(tail)}" if sep else "")
