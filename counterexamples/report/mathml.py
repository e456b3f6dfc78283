"""Exact values and the papers' formulas as text and as MathML, offline.

Algorithm and why
-----------------
* **Exact values** (Fraction, LogForm, sympy, :class:`~exactpriv.measures.result.Measured`, the JSON form
  of an archived value) become a sympy expression first (``value_to_sympy``; a JSON string goes through
  the safe grammar :func:`exactpriv.io.parse_value`, never ``sympify``), then MathML by sympy's
  presentation printer.  MathML Core is rendered natively by Chromium, Firefox and Safari, so the report
  needs no script, font or CDN: it stays one self-contained file per page.  Named entities of the printer
  (``&InvisibleTimes;``) are turned into characters so that every page also parses as XML.
* **Statements** are prose with formula fragments (``e^{ε'}``, ``P_{Y|X^n}``, ``h^{-1}(D)``).  A fragment
  is a word followed by ``_`` or ``^`` scripts (a braced group or one character); each fragment is
  converted with ``latex2mathml`` (a pure-Python LaTeX parser: no code is run), after ASCII Greek names
  (``eps``, ``alpha``) become LaTeX commands.  A fragment the converter refuses stays text, and the
  fragment pattern never spans ``<``, ``>``, ``&`` or quotes, so whatever the text, the output is
  escaped HTML with MathML islands.  Writing our own LaTeX parser would duplicate latex2mathml; writing
  our own fragment finder is needed because no library finds formulas inside prose.
* Floats (:func:`float_of`) are for plots and "≈" labels only; no verdict is decided here.
"""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction

import sympy

from exactpriv.errors import ExactPrivError

__all__ = ["FORMULA_SYMBOLS", "approx", "exact_and_float", "float_of", "formulas_html", "math_html", "prose_html",
           "text_of", "to_expr", "value_html"]

_GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "kappa", "lambda", "mu", "nu",
          "xi", "pi", "rho", "sigma", "tau", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda",
          "Pi", "Sigma", "Phi", "Psi", "Omega")
_ASCII_GREEK = {**{g: "\\" + g for g in _GREEK}, "eps": "\\varepsilon", "epsilon": "\\varepsilon"}


# ----------------------------------------------------------------------------------------------
# exact values as sympy, text and floats
# ----------------------------------------------------------------------------------------------
def to_expr(v):
    """A sympy expression for an exact value, or None when ``v`` is not one (a JSON string goes through the
    safe grammar of :func:`exactpriv.io.parse_value`)."""
    from exactpriv.measures.result import Measured, value_to_sympy

    if v is None or isinstance(v, (bool, float)):
        return None
    if isinstance(v, Measured):
        return None if v.value is None else value_to_sympy(v.value)
    if isinstance(v, dict):
        return to_expr(v.get("exact")) if v.get("exact") else None
    if isinstance(v, str):
        if v in ("oo", "-oo"):
            return sympy.oo if v == "oo" else -sympy.oo
        from exactpriv.io import parse_value

        try:
            return _as_sympy(parse_value(v))
        except ExactPrivError:
            return None
    try:
        return value_to_sympy(v)
    except (TypeError, ValueError, ExactPrivError, sympy.SympifyError, AttributeError):
        return None


def _as_sympy(x):
    """A parsed exact value (Fraction or sympy object, never text) as a sympy object."""
    if isinstance(x, Fraction):
        return sympy.Rational(x.numerator, x.denominator)
    if isinstance(x, int) and not isinstance(x, bool):
        return sympy.Integer(x)
    return x


def text_of(v) -> str:
    """Exact text of a value (Fraction, LogForm, sympy, Measured, JSON-measured dict, ...)."""
    from exactpriv.measures.result import Measured

    if v is None:
        return "—"
    if isinstance(v, Measured):
        if v.value is not None:
            return sympy.sstr(to_expr(v))
        return f"in [{text_of(v.lower)}, {text_of(v.upper)}]"
    if isinstance(v, dict) and "exact" in v:
        return v["exact"] if v.get("exact") else f"in [{v.get('lower')}, {v.get('upper')}]"
    if isinstance(v, (Fraction, int)) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(text_of(x) for x in v) + ")"
    if isinstance(v, str):
        return v
    e = to_expr(v)
    if isinstance(e, sympy.Eq):  # sstr writes Eq(a, b); the other relations print as a op b
        return f"{sympy.sstr(e.lhs)} == {sympy.sstr(e.rhs)}"
    return str(v) if e is None else sympy.sstr(e)


def float_of(v) -> float | None:
    """Float for display/plots only (never decides)."""
    from exactpriv.measures.result import Measured, value_to_float

    try:
        if v is None or isinstance(v, bool):
            return None
        if isinstance(v, Measured):
            return v.float
        if isinstance(v, dict):  # an archived Measured (JSON): its "float" field is for display
            x = v.get("float")
            if x is None or isinstance(x, bool):
                return float_of(v.get("exact")) if v.get("exact") else None
            return float(x)
        if isinstance(v, str):
            e = to_expr(v)
            return None if e is None else value_to_float(e)
        return value_to_float(v)
    except (TypeError, ValueError, ExactPrivError, AttributeError):
        return None


def approx(v) -> str:
    x = float_of(v)
    if x is None:
        return ""
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return f"≈ {x:.6g}"


def exact_and_float(v) -> str:
    s, a = text_of(v), approx(v)
    return f"{s}  ({a})" if a and a.replace("≈ ", "") != s else s


# ----------------------------------------------------------------------------------------------
# MathML
# ----------------------------------------------------------------------------------------------
_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")


def _numeric_entities(markup: str) -> str:
    """Named entities -> characters (``&amp; &lt; &gt;`` kept): the page then parses as XML too."""
    from html.entities import html5

    def one(m):
        name = m.group(1)
        if name in ("amp", "lt", "gt", "quot", "apos"):
            return m.group(0)
        ch = html5.get(name + ";")
        return html.escape(ch) if ch is not None else m.group(0)

    # sympy prints a hyphen-minus as the operator; typeset the minus sign (U+2212)
    out = _ENTITY.sub(one, markup).replace("<mo>-</mo>", "<mo>\u2212</mo>")
    out = re.sub(r"<mn>-(?=[0-9])", "<mo>\u2212</mo><mn>", out)
    # brackets hug their contents: Chromium draws a stretchy fence (sympy's default) with wide side bearings
    return re.sub(r"<mo( stretchy=\"false\")?>([()\[\]{}]|&#x0002[89];)</mo>", r'<mo stretchy="false">\2</mo>', out)


def _display_symbols(expr):
    """``eps`` -> ``epsilon`` (printed ε); other symbols as they are."""
    repl = {s: sympy.Symbol("epsilon" + s.name[3:], **s.assumptions0)
            for s in expr.free_symbols if isinstance(s, sympy.Symbol) and s.name.startswith("eps")}
    return expr.xreplace(repl) if repl else expr


def math_html(expr, *, title: str | None = None, order: str | None = None) -> str:
    """``<math>`` markup of a sympy expression (presentation MathML; ``title`` = the plain text; ``order="none"``
    keeps the terms in the expression's own order)."""
    from sympy.printing.mathml import mathml

    expr = _display_symbols(_as_sympy(expr))
    alt = f' alttext="{html.escape(title)}"' if title else ""
    if isinstance(expr, sympy.Basic) and expr.has(sympy.Piecewise):
        # sympy's presentation printer writes Piecewise as a function call; its LaTeX printer writes a
        # cases environment, which latex2mathml typesets (the LaTeX is ours, made by sympy)
        from latex2mathml.converter import convert

        body = convert(sympy.latex(expr, ln_notation=True).replace("\\epsilon", "\\varepsilon"))
        body = body.replace(' xmlns="http://www.w3.org/1998/Math/MathML" display="inline"', "")
        body = body[body.index(">") + 1: body.rindex("</math>")]
    else:
        body = mathml(expr, printer="presentation", ln_notation=True, **({"order": order} if order else {}))
    return f'<math display="inline"{alt}>{_numeric_entities(body)}</math>'


def value_html(v) -> str:
    """An exact value as MathML (an enclosure ``[lo, hi]`` when only certified bounds are known), or
    escaped text when it is not a number."""
    from exactpriv.measures.result import Measured

    if isinstance(v, Measured) and v.value is None:
        return f"in [{value_html(v.lower)}, {value_html(v.upper)}]"
    if isinstance(v, dict) and "exact" in v and not v.get("exact"):
        return f"in [{value_html(v.get('lower'))}, {value_html(v.get('upper'))}]"
    if v is None:
        return "—"
    e = to_expr(v)
    if e is None:
        return html.escape(text_of(v))
    try:
        return math_html(e, title=sympy.sstr(e))
    except (TypeError, ValueError, AttributeError, RecursionError, sympy.SympifyError):
        return html.escape(text_of(v))


# ----------------------------------------------------------------------------------------------
# prose with formula fragments
# ----------------------------------------------------------------------------------------------
_BRACED = r"\{(?:[^{}<>&\"]|\{[^{}<>&\"]*\})*\}"
_GREEK_WORDS = "|".join(sorted(_ASCII_GREEK, key=len, reverse=True))
_SCRIPT = rf"(?:[_^](?:{_BRACED}|(?:{_GREEK_WORDS}|[A-Za-z0-9α-ωΑ-Ω∞'′*])(?![A-Za-z0-9])))"
_FRAGMENT = re.compile(rf"(?<![\w\\])([A-Za-zα-ωΑ-Ω∞]+'*{_SCRIPT}+(?:\([^()<>&\"]{{0,40}}\))?)")
_WORD = re.compile(r"(?<![\\A-Za-z])(" + _GREEK_WORDS + r")(?![A-Za-z])")
_BASE = re.compile(r"[A-Za-zα-ωΑ-Ω∞]+")
_OPERATORS = ("max", "min", "sup", "inf", "log", "ln", "exp", "arg")


def _fragment_mathml(fragment: str) -> str | None:
    from latex2mathml.converter import convert

    base = _BASE.match(fragment)
    head, rest = (base.group(0), fragment[base.end():]) if base else ("", fragment)
    if head in _OPERATORS:
        head = "\\" + head + " "
    elif head in _ASCII_GREEK:
        head = _ASCII_GREEK[head] + " "
    elif len(head) > 1:  # a name (RR, BDPL, game): upright, not a product of italic letters
        head = "\\mathrm{" + head + "}"
    tex = head + _WORD.sub(lambda m: _ASCII_GREEK[m.group(1)] + " ", rest).replace("′", "'")
    try:
        out = convert(tex)
    except Exception:  # noqa: BLE001 - any refusal of the converter: the fragment stays text
        return None
    if not out.startswith("<math") or "<script" in out.lower():
        return None
    return _numeric_entities(out.replace(' xmlns="http://www.w3.org/1998/Math/MathML"', ""))


def prose_html(text: str) -> str:
    """Escaped HTML of a statement, with its formula fragments (``e^{ε'}``, ``X_i``) and the formulas the engines
    write in sympy's text form (``eps*tanh(eps/2)``, ``[0, oo)``) as MathML: one rendering for every formula."""
    out, pos = [], 0
    for m in _FRAGMENT.finditer(text):
        out.append(formulas_html(text[pos:m.start()]))
        rendered = _fragment_mathml(m.group(1))
        out.append(rendered if rendered is not None else html.escape(m.group(1)))
        pos = m.end()
    out.append(formulas_html(text[pos:]))
    return "".join(out)


# ----------------------------------------------------------------------------------------------
# formulas in sympy's text form inside prose
# ----------------------------------------------------------------------------------------------
#: the names a formula in prose may use as symbols (the privacy parameter and the bank's usual parameters);
#: any other name (a notion such as pure_dp, a file name, an English word) ends the formula
FORMULA_SYMBOLS = ("eps", "alpha", "delta", "k", "q", "t")
_TOKEN = re.compile(r"[ \t]*(\*\*|[-+*/(),]|\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*)")
_RELATIONS = (("<=", "≤"), (">=", "≥"), ("!=", "≠"), ("==", "="))


class _Scan:
    """Recursive descent over sympy's text form (``+ - * / **``, calls, parentheses), reporting where the
    longest formula starting at a position ends and which names it uses; it evaluates nothing (the span is then
    parsed by the safe grammar).  Hand-written: no library finds formulas inside prose."""

    def __init__(self, text: str):
        self.text = text
        self.names: list[str] = []
        self.ops = 0
        self.calls = 0

    def token(self, i: int):
        m = _TOKEN.match(self.text, i)
        return (m.group(1), m.end()) if m else (None, i)

    def atom(self, i: int):
        tok, j = self.token(i)
        if tok is None:
            return None
        if tok[0].isdigit():
            return j
        if tok[0].isalpha() or tok[0] == "_":
            self.names.append(tok)
            nxt, k = self.token(j)
            if nxt == "(" and self.text[j:k].strip() == "(" and not self.text[j].isspace():  # a call: f(…)
                k = self.expr(k)
                while k is not None:
                    sep, k2 = self.token(k)
                    if sep == ")":
                        self.calls += 1
                        return k2
                    if sep != ",":
                        return None
                    k = self.expr(k2)
                return None
            return j
        if tok == "(":
            k = self.expr(j)
            if k is None:
                return None
            close, k2 = self.token(k)
            return k2 if close == ")" else None
        return None

    def unary(self, i: int):
        tok, j = self.token(i)
        if tok == "-":
            self.ops += 1
            return self.unary(j)
        k = self.atom(i)
        if k is None:
            return None
        tok, j = self.token(k)
        if tok == "**":
            e = self.unary(j)
            if e is not None:
                self.ops += 1
                return e
        return k

    def expr(self, i: int):
        k = self.unary(i)
        if k is None:
            return None
        while True:
            tok, j = self.token(k)
            if tok not in ("+", "-", "*", "/"):
                return k
            saved = (len(self.names), self.ops, self.calls)
            e = self.unary(j)
            if e is None:  # "eps - the rest of a sentence": the formula ends before the operator
                del self.names[saved[0]:]
                self.ops, self.calls = saved[1], saved[2]
                return k
            self.ops += 1
            k = e


def _formula_at(text: str, i: int):
    """(end, MathML) of a formula in sympy's text form starting at ``i``, or None.  A span is a formula when it
    names only :data:`FORMULA_SYMBOLS`, the grammar's functions and constants, has an operator, a call, or is
    ``eps``/``oo``, parses with the safe grammar, and sympy prints the parsed value back as the same text (so the
    rendering never shows a simplified or reordered form of what the engine wrote)."""
    from exactpriv.errors import ExactPrivError
    from exactpriv.exact.expressions import ALLOWED_CONSTANTS, ALLOWED_FUNCTIONS, parse_expression

    scan = _Scan(text)
    end = scan.expr(i)
    if end is None:
        return None
    span = text[i:end].strip()
    stop = i + (len(text[i:end]) - len(text[i:end].lstrip())) + len(span)
    names = set(scan.names)
    if not names <= set(FORMULA_SYMBOLS) | set(ALLOWED_FUNCTIONS) | set(ALLOWED_CONSTANTS):
        return None
    if not (scan.ops or scan.calls or names & {"eps", "oo"}):
        return None
    if re.fullmatch(r"\(?\d+\)?(?:-\(?\d+\)?)+", span):
        return None  # numbers joined by "-" without blanks: a range in prose (pages 1-10, issue 9(3-4), 2006-2008,
        # equations (27)-(38), once typeset as the difference 27 − 38); sympy writes a difference with blanks (1 - 2)
    from sympy.core.cache import clear_cache

    try:
        # unevaluated and printed in the text's own order: the page shows the formula the engine wrote (2*eps/4
        # stays 2ε/4, log(3) - log(2) keeps its order), never a simplified or reordered one
        with sympy.evaluate(False):
            expr = parse_expression(span, symbols={n: _symbol(n) for n in FORMULA_SYMBOLS}, max_length=2000)
            return stop, math_html(expr, title=span, order="none")
    except Exception:  # noqa: BLE001 - sympy's assumption queries on unevaluated terms may raise anything
        return stop, html.escape(span)  # a formula of our names that does not parse stays text, whole
    finally:
        # sympy's cache keys ignore the global evaluate flag: objects built unevaluated above would be handed
        # back, unevaluated, to later exact computations in this process (a known sympy pitfall) — drop them
        clear_cache()


def _symbol(name: str):
    from exactpriv.exact.numbers import EPS

    return EPS if name == "eps" else sympy.Symbol(name, positive=True)


_START = re.compile(r"(?<![A-Za-z0-9_.])[A-Za-z0-9_(-]")


#: :func:`formulas_html` remembered per text.  Its markup is a function of the text alone (a fixed grammar and
#: symbol set; the parse is seed-independent since the expression parser's zero tests evaluate), and a report
#: asks for the same texts again and again — table cells ("holds", counts, methods), a paper's stated bounds on
#: each of its pages: 16,708 calls of 4,053 distinct texts in one report.  Strings are immutable; bounded.
_FORMULAS: dict = {}
_FORMULAS_SIZE = 20_000


def formulas_html(text: str) -> str:
    """Escaped HTML of plain text with the formulas in sympy's text form as MathML and the relation signs
    ``<= >= != ==`` as ``≤ ≥ ≠ =``."""
    if type(text) is not str or _FORMULAS_SIZE <= 0:
        return _formulas_html(text)
    markup = _FORMULAS.get(text)
    if markup is None:
        markup = _formulas_html(text)
        if len(_FORMULAS) >= _FORMULAS_SIZE:
            _FORMULAS.clear()
        _FORMULAS[text] = markup
    return markup


def _formulas_html(text: str) -> str:
    out, pos, i = [], 0, 0
    while True:
        m = _START.search(text, i)
        if m is None:
            break
        i = m.start()
        before = text[:i].rstrip()[-1:]
        if text[i] == "-" and before and before not in "=<>:;,([≤≥—–":  # a binary minus after prose: not a start
            i += 1
            continue
        hit = _formula_at(text, i)
        if hit is None:
            word = re.match(r"[A-Za-z0-9_]+|.", text[i:], re.S)
            i += len(word.group(0))
            continue
        end, markup = hit
        out.append(_plain(text[pos:i]))
        out.append(markup)
        pos = i = end
    out.append(_plain(text[pos:]))
    return "".join(out)


def _plain(text: str) -> str:
    for ascii_op, sign in _RELATIONS:
        text = text.replace(f" {ascii_op} ", f" {sign} ")
    return html.escape(text)
