"""How claims, readings and reading results show themselves: short reprs, Jupyter HTML/LaTeX, verdict tables.

Notebooks call ``_repr_html_`` (and ``_repr_latex_``) when an object is the last expression of a cell; the
classes of :mod:`exactpriv.claims.model` and :mod:`exactpriv.claims.check` delegate to the functions here.
Everything that comes from a bank or a user (ids, quotes, statements, reasons, witness labels) is
HTML-escaped (:func:`html.escape`) or LaTeX-escaped: a quote containing ``<script>`` or ``&`` is shown as
text, never interpreted.  This module reads attributes only (duck typing), so it imports neither the model
nor the checker and no import cycle can arise.
"""

from __future__ import annotations

import html
from typing import Any, Iterable

__all__ = ["VerdictSummary", "claim_html", "claim_repr", "evidence_summary", "reading_html", "reading_repr",
           "result_html", "result_latex", "result_repr", "verdict_html"]

_COLOURS = {"REFUTED": "#b3261e", "PROVED": "#1b6e20", "CHECKED": "#0b5c7a", "UNDECIDED": "#8a6d00",
            "STOPPED": "#5f5f5f"}
#: Longest text shown in a repr or a table cell before "…" (the full text is in the object's attributes).
_SHORT = 80


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _short(text: Any, limit: int = _SHORT) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _value(v: Any) -> str:
    return str(getattr(v, "value", v))


def verdict_html(verdict: Any) -> str:
    """A verdict as a coloured, bold word."""
    v = _value(verdict)
    return f'<strong style="color:{_COLOURS.get(v, "#333")}">{_e(v)}</strong>'


# ------------------------------------------------------------------------------------------------ readings
def reading_repr(r: Any) -> str:
    expected = f", expected {_value(r.expected)}" if getattr(r, "expected", None) is not None else ""
    return f"Reading({r.name!r}: {_short(r.statement)!r}{expected})"


def reading_html(r: Any) -> str:
    parts = [f"<code>{_e(r.name)}</code>: {_e(r.statement)}"]
    if getattr(r, "expected", None) is not None:
        parts.append(f" — expected {verdict_html(r.expected)}")
        if getattr(r, "finding", None) is not None:
            parts.append(f" ({_e(_value(r.finding))})")
    if getattr(r, "why", ""):
        parts.append(f"<br><small>why: {_e(r.why)}</small>")
    return "".join(parts)


# ------------------------------------------------------------------------------------------------ claims
def claim_repr(c: Any) -> str:
    n = len(getattr(c, "readings", []) or [])
    state = f"{n} reading{'s' if n != 1 else ''}" if getattr(c, "encodable", True) else "not encodable"
    return f"Claim({c.id!r}, {_short(c.title, 40)!r}, {c.kind}, {state})"


def claim_html(c: Any) -> str:
    head = f"<p><strong><code>{_e(c.id)}</code></strong> — {_e(c.title)} <small>({_e(c.source)}; {_e(c.kind)})</small></p>"
    quote = f"<blockquote>{_e(c.quote)}</blockquote>" if getattr(c, "quote", "") else ""
    if not getattr(c, "encodable", True):
        return f"<div>{head}{quote}<p>not encodable: {_e(c.reason)}</p></div>"
    items = "".join(f"<li>{reading_html(r)}</li>" for r in c.readings)
    return f"<div>{head}{quote}<ul>{items}</ul></div>"


# ------------------------------------------------------------------------------------------------ results
def evidence_summary(res: Any) -> str:
    """One line saying what a verdict rests on (the whole evidence stays in ``res.evidence``)."""
    ev = getattr(res, "evidence", {}) or {}
    v = _value(res.verdict)
    if "error" in ev:
        return f"error: {ev['error']}"
    if v == "REFUTED":
        w = getattr(res, "witness", None)
        label = getattr(w, "label", None) or ev.get("witness")
        if label:
            return f"witness: {label}"
        proof = ev.get("proof") or {}
        return f"refuted by {proof.get('method', 'the certifier')}" if proof else "refuted"
    if v == "PROVED":
        proof = ev.get("proof") or {}
        return f"proved for every parameter ({proof.get('method', 'certificate')})"
    if v == "UNDECIDED":
        reasons = ev.get("undecided_reasons") or []
        return f"undecided: {reasons[0]}" if reasons else "undecided"
    if v == "STOPPED":
        stopped = ev.get("stopped") or {}
        shown = ev.get("instances_true")
        return (stopped.get("reason") or "stopped by the time limit") + (
            f"; shown so far: {shown} instances true" if shown else "")
    n = ev.get("instances_true")
    families = ", ".join(k for k in (ev.get("families") or {}))
    return (f"{n} instances" if n is not None else "checked") + (f" of {families}" if families else "")


def result_repr(res: Any) -> str:
    finding = f" ({res.finding})" if _value(res.verdict) == "REFUTED" and getattr(res, "finding", None) else ""
    return f"ReadingResult({res.claim_id} [{res.reading}]: {_value(res.verdict)}{finding}; {_short(evidence_summary(res))})"


def result_html(res: Any) -> str:
    finding = f" ({_e(res.finding)})" if _value(res.verdict) == "REFUTED" and getattr(res, "finding", None) else ""
    why = f"<br><small>why: {_e(res.why)}</small>" if getattr(res, "why", "") else ""
    return (f"<div><code>{_e(res.claim_id)}</code> [{_e(res.reading)}]: {verdict_html(res.verdict)}{finding}"
            f" — {_e(evidence_summary(res))}{why}</div>")


_TEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
        "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _tex(text: Any) -> str:
    return "".join(_TEX.get(ch, ch) for ch in " ".join(str(text).split()))


def result_latex(res: Any) -> str:
    return rf"$\texttt{{{_tex(res.claim_id)}}}$ [{_tex(res.reading)}]: $\textsf{{{_tex(_value(res.verdict))}}}$"


# ------------------------------------------------------------------------------------------------ tables
class VerdictSummary(dict):  # type: ignore[type-arg]
    """Counts per verdict and per finding class (a dict, as :func:`exactpriv.claims.summarize` always
    returned), which also keeps the results it counts and shows them as a verdict table: an HTML table in a
    notebook, a LaTeX ``tabular`` via :meth:`to_latex`, plain lines via :meth:`to_text`."""

    def __init__(self, counts: dict, results: Iterable[Any] = ()):
        super().__init__(counts)
        self.results = list(results)

    def to_text(self) -> str:
        lines = ["verdicts: " + ", ".join(f"{k} {v}" for k, v in self.get("verdicts", {}).items())]
        if self.get("findings"):
            lines.append("REFUTED by finding class: " + ", ".join(f"{k} {v}" for k, v in self["findings"].items()))
        lines += [f"{r.claim_id} [{r.reading}]: {_value(r.verdict)} — {_short(evidence_summary(r))}"
                  for r in self.results]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        counts = ", ".join(f"{verdict_html(k)} {v}" for k, v in self.get("verdicts", {}).items())
        findings = ", ".join(f"{_e(k)} {v}" for k, v in self.get("findings", {}).items())
        head = (f"<p>{self.get('readings', len(self.results))} readings: {counts}"
                + (f"; REFUTED by finding class: {findings}" if findings else "") + "</p>")
        rows = "".join(
            f"<tr><td><code>{_e(r.claim_id)}</code></td><td>{_e(r.reading)}</td><td>{verdict_html(r.verdict)}</td>"
            f"<td>{_e(r.finding or '') if _value(r.verdict) == 'REFUTED' else ''}</td>"
            f"<td>{_e(evidence_summary(r))}</td></tr>" for r in self.results)
        table = ("<table><thead><tr><th>claim</th><th>reading</th><th>verdict</th><th>finding</th>"
                 f"<th>evidence</th></tr></thead><tbody>{rows}</tbody></table>") if self.results else ""
        return f"<div>{head}{table}</div>"

    def to_latex(self) -> str:
        """A ``tabular`` of the verdicts (claim, reading, verdict, finding class) a paper can include."""
        out = [r"\begin{tabular}{llll}", r"\hline", r"claim & reading & verdict & finding \\", r"\hline"]
        for r in self.results:
            finding = r.finding or "" if _value(r.verdict) == "REFUTED" else ""
            out.append(rf"\texttt{{{_tex(r.claim_id)}}} & {_tex(r.reading)} & {_tex(_value(r.verdict))} & "
                       rf"{_tex(finding)} \\")
        out += [r"\hline", r"\end{tabular}"]
        return "\n".join(out)
