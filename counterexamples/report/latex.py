"""The verdicts per paper as a LaTeX document a paper's authors can paste from: one ``longtable`` per paper
(claim, location in the paper, reading, verdict, finding class) under the paper's full reference.

Escaping is pylatexenc's :class:`~pylatexenc.latexencode.UnicodeToLatexEncoder` over every character (the
LaTeX specials ``\\ & % $ # _ { } ~ ^`` and every non-ASCII character: ε becomes
``\\ensuremath{\\varepsilon}``, “ ” become ``\\textquotedblleft``/``\\textquotedblright``), so the file
compiles with plain ``pdflatex`` (packages: inputenc, fontenc, longtable, amssymb) whatever the bank's text.
A letter with a combining accent that has no precomposed character (P̃, ε̃) becomes the accent macro over the
letter's encoding (``\\~{P}``, ``\\ensuremath{\\tilde{\\varepsilon}}``): pylatexenc encodes one character at a
time and would replace the lone accent by ``?`` with a warning on the console.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterable

from exactpriv.claims import Claim, ReadingResult

from .collect import finding_of, papers_of, summary

__all__ = ["latex_verdicts", "tex_escape"]

_PREAMBLE = r"""\documentclass[10pt]{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{amssymb}
\usepackage{array}
\usepackage{longtable}
\usepackage[margin=2cm]{geometry}
\begin{document}
"""
_RAGGED = r">{\raggedright\arraybackslash}"
_COLUMNS = "@{}" + "".join(_RAGGED + f"p{{{w}}}" for w in ("3.8cm", "3.6cm", "4.4cm", "1.9cm", "1.8cm")) + "@{}"


def _identifier(text: str) -> str:
    """A claim id in typewriter type that may break after its dots and underscores (long ids fit the column)."""
    return r"\texttt{" + tex_escape(text).replace(".", r".\allowbreak{}").replace(r"{\_}", r"{\_}\allowbreak{}") + "}"


#: combining accent -> (text-mode accent macro, math-mode accent macro)
_ACCENTS = {"\u0300": ("\\`", "\\grave"), "\u0301": ("\\'", "\\acute"), "\u0302": ("\\^", "\\hat"),
            "\u0303": ("\\~", "\\tilde"), "\u0304": ("\\=", "\\bar"), "\u0306": ("\\u", "\\breve"),
            "\u0307": ("\\.", "\\dot"), "\u0308": ('\\"', "\\ddot"), "\u030c": ("\\v", "\\check")}
_MATH = re.compile(r"\\ensuremath\{(.*)\}")


def _accented(text: str, pos: int, u2lobj):
    """A base character followed by a combining accent (U+0300..U+030C above) as one accent macro over the base's
    encoding: text mode ``\\~{P}``, math mode ``\\ensuremath{\\tilde{\\varepsilon}}``; None for anything else
    (the built-in rules go on)."""
    accent = _ACCENTS.get(text[pos + 1: pos + 2])
    if accent is None or unicodedata.combining(text[pos]):
        return None
    base = _encoder().unicode_to_latex(text[pos])
    if base.startswith("{") and base.endswith("}"):  # the protection braces around a macro
        base = base[1:-1]
    math = _MATH.fullmatch(base)
    return 2, (f"\\ensuremath{{{accent[1]}{{{math.group(1)}}}}}" if math else f"{accent[0]}{{{base}}}")


@functools.lru_cache(maxsize=2)
def _encoder(accents: bool = False):
    from pylatexenc.latexencode import (RULE_CALLABLE, UnicodeToLatexConversionRule, UnicodeToLatexEncoder,
                                        get_builtin_conversion_rules)

    rules = ([UnicodeToLatexConversionRule(RULE_CALLABLE, _accented)] if accents else []) \
        + get_builtin_conversion_rules("defaults")
    return UnicodeToLatexEncoder(non_ascii_only=False, replacement_latex_protection="braces-all",
                                 unknown_char_policy="replace", conversion_rules=rules)


def tex_escape(text) -> str:
    """``text`` as LaTeX text: every special and non-ASCII character encoded (runs of blanks become one)."""
    return _encoder(True).unicode_to_latex(unicodedata.normalize("NFC", " ".join(str(text).split())))


def _rows(results: list[ReadingResult], claims: dict) -> list[str]:
    out, last = [], None
    for r in results:
        c = claims.get(r.claim_id)
        first = r.claim_id != last
        last = r.claim_id
        cid = _identifier(r.claim_id) if first else ""
        where = tex_escape(c.source) if (first and c is not None) else ""
        out.append(f"{cid} & {where} & {tex_escape(r.reading)} & {tex_escape(r.verdict.value)} & "
                   f"{tex_escape(finding_of(r) or '')} \\\\")
    for c in claims.values():
        if not c.encodable:
            out.append(_identifier(c.id) + " & " + tex_escape(c.source) + r" & --- & not encodable & \\")
    return out


def latex_verdicts(results: Iterable[ReadingResult], *, claims: Iterable[Claim] = (), papers=None,
                   title: str = "Verdicts of exactpriv") -> str:
    """A standalone LaTeX document: for each paper, its full reference, its counts, and a ``longtable`` of
    its readings' verdicts and finding classes (claims that are not encodable listed as such)."""
    results = list(results)
    claim_list = list(claims)
    keys = list(dict.fromkeys([c.id.split(".")[0] for c in claim_list] + [r.claim_id.split(".")[0]
                                                                          for r in results]))
    refs = papers_of(keys, papers)
    s = summary(results, claim_list)
    out = [_PREAMBLE, r"\section*{" + tex_escape(title) + "}",
           tex_escape(f"{s['readings']} readings of {s['claims']} claims. Verdicts: "
                      + ", ".join(f"{k} {v}" for k, v in s["verdicts"].items()) + "."
                      + (" REFUTED by finding class: " + ", ".join(f"{k} {v}" for k, v in s["findings"].items())
                         + " (as-written: errors of the papers as stated)." if s["findings"] else "")), ""]
    for key in keys:
        paper = refs.get(key)
        mine = [r for r in results if r.claim_id.split(".")[0] == key]
        mine_claims = {c.id: c for c in claim_list if c.id.split(".")[0] == key}
        ps = summary(mine, mine_claims.values())
        heading = paper.short() + ": " + paper.title if paper is not None else key
        out += [r"\subsection*{" + tex_escape(heading) + "}",
                r"\noindent " + tex_escape(paper.citation() if paper is not None else key) + r"\par",
                r"\smallskip\noindent " + tex_escape("Verdicts: " + ", ".join(f"{k} {v}" for k, v in ps["verdicts"].items())
                                          + ".") + r"\par",
                r"\begin{longtable}{" + _COLUMNS + "}", r"\hline",
                r"Claim & Location & Reading & Verdict & Finding \\", r"\hline", r"\endhead",
                *_rows(mine, mine_claims),
                r"\hline", r"\end{longtable}", ""]
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"
