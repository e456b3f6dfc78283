"""A PROVED reading as a referee reads it: what was proved, the certificate that shows it, the effort it used,
and a picture of both sides over the proved domain.

Algorithm and why
-----------------
* **The certificate** is read from the reading's evidence row (:func:`exactpriv.claims.evidence.evidence_row`,
  the row ``exactpriv verify`` writes and ``exactpriv check`` re-verifies) — never re-derived here.  Its
  ``kind`` is named: a checker kind (``monotone``, ``sign-chart``, ``interval-bnb``, ``reduction``, …) is
  re-checkable by ``exactpriv check`` from the definitions; ``engine:<method>`` is the prover's own record,
  which the checker reports as not independently checkable.  A row read back by ``report --from-json`` carries
  the certificate the checker re-verified.
* **The effort** is summed over the certificate's data: branch-and-bound boxes, the proof steps used against
  those allowed, the highest arb precision used and the ceiling (``"7 boxes at up to 64 bits"``); a proof by
  exact algebra alone says so.
* **The statements proved** are the univariate comparisons ``lhs op rhs`` over a domain of ε that the row's
  statement (a ``forall-params`` statement) or the certificate's parts (one per family member and parameter
  point) state.  Their text is parsed by the safe grammar (:func:`exactpriv.exact.expressions.parse_inequality`:
  nothing is evaluated), so a hostile ``verify.json`` cannot run code here.
* **The picture** draws both sides as float curves over the proved domain (a finite window of an unbounded
  one, said in the caption) and marks where they meet: sign changes of lhs − rhs on the plotting grid and
  grid points where it vanishes to float accuracy.  Floats only draw; the verdict is the certificate's.
"""

from __future__ import annotations

import bisect
import math
import re

from .document import Doc, Figure, Math

__all__ = ["ProvedStatement", "certificate_of", "effort_words", "proof_section", "proved_statements",
           "sides_figure"]

#: most statements drawn per reading (the others are counted)
MAX_PLOTS = 3
#: where an unbounded domain is cut for the picture (its width past the lower end)
WINDOW = 5


class ProvedStatement:
    """One univariate statement ``lhs op rhs`` for every value of ``variable`` in ``domain`` (sympy objects),
    with the names of its sides and of the family member it is about."""

    def __init__(self, lhs, op: str, rhs, variable, domain, *, where: str = "", left: str = "", right: str = ""):
        self.lhs, self.op, self.rhs, self.variable, self.domain = lhs, op, rhs, variable, domain
        self.members = [where] if where else []
        self.left, self.right = left, right

    @property
    def where(self) -> str:
        """The family members the statement is about (one statement, proved for each)."""
        return ", ".join(self.members)

    def key(self) -> tuple:
        return (str(self.lhs), self.op, str(self.rhs), str(self.domain))

    def inline(self) -> list:
        """The statement as inline content: each side an exact value (MathML in HTML), the relation a sign."""
        return [Math(self.lhs), f" {_SIGNS[self.op]} ", Math(self.rhs)]


_SIGNS = {"<=": "≤", "<": "<", ">=": "≥", ">": ">", "==": "="}


# ----------------------------------------------------------------------------------------------
# the certificate, as the evidence row carries it
# ----------------------------------------------------------------------------------------------
def certificate_of(res, claim=None, reading=None) -> tuple[dict | None, dict]:
    """``(certificate, statement)`` of a PROVED result: what a re-verified row of ``report --from-json`` kept,
    else the evidence row of the result (:func:`exactpriv.claims.evidence.evidence_row`)."""
    ev = res.evidence or {}
    if isinstance(ev.get("certificate"), dict):
        return ev["certificate"], ev.get("statement") if isinstance(ev.get("statement"), dict) else {}
    if claim is None or reading is None:
        return None, {}
    from exactpriv.claims.evidence import evidence_row

    try:
        row = evidence_row(res, claim, reading, {})
    except Exception:  # noqa: BLE001 - an evidence row that cannot be built: the page says so, nothing more
        return None, {}
    cert = row.get("certificate")
    return (cert if isinstance(cert, dict) else None), row.get("statement") or {}


def _checker_kinds() -> frozenset:
    from exactpriv.checker.certificates import KINDS

    return frozenset(KINDS) | {"taylor"}


def kind_words(cert: dict | None) -> str:
    """The certificate's kind in words (and whether ``exactpriv check`` re-checks it)."""
    if not isinstance(cert, dict):
        return "no certificate is recorded for this proof"
    kind = str(cert.get("kind"))
    if kind == "all":
        parts = [p for p in cert.get("parts") or [] if isinstance(p, dict)]
        kinds = sorted({str(p.get("kind")) for p in parts})
        return (f"kind all: {len(parts)} parts ({', '.join(kinds)}), each re-checkable by exactpriv check from "
                f"the definitions" if all(k in _checker_kinds() for k in kinds) else
                f"kind all: {len(parts)} parts ({', '.join(kinds)})")
    if kind in _checker_kinds():
        return f"kind {kind}, re-checkable by exactpriv check from the definitions"
    if kind.startswith("engine:"):
        return (f"kind {kind}: the prover's own record ({kind[len('engine:'):]}); exactpriv check reports it as "
                f"not independently checkable")
    return f"kind {kind}"


# ----------------------------------------------------------------------------------------------
# effort in words
# ----------------------------------------------------------------------------------------------
def _walk(obj, depth: int = 0):
    """Every dict inside a JSON-like object (depth-first, bounded)."""
    if depth > 40:
        return
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v, depth + 1)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _walk(v, depth + 1)


def _int(v) -> int | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.isdigit():
        return int(v)
    return None


def effort_words(*records) -> str:
    """The effort a proof used, in words, from its certificate and the engine's record: boxes of branch and
    bound, proof steps used of those allowed, the highest arb precision used and the ceiling."""
    boxes = steps_used = steps_allowed = 0
    prec = ceiling = 0
    seen_effort = set()
    for rec in records:
        for d in _walk(rec):
            b = d.get("boxes")
            if isinstance(b, list) and d.get("kind") == "interval-bnb":
                boxes += len(b)
            elif _int(b) is not None and d.get("method") == "branch-and-bound":
                boxes += _int(b)
            p = _int(d.get("precision"))
            if p:
                prec = max(prec, p)
            e = d.get("effort")
            if isinstance(e, dict) and id(e) not in seen_effort:
                seen_effort.add(id(e))
                steps_used += _int(e.get("steps_used")) or 0
                steps_allowed = max(steps_allowed, _int(e.get("proof_steps")) or 0)
                ceiling = max(ceiling, _int(e.get("precision_bits")) or 0)
    parts = []
    if boxes:
        parts.append(f"{boxes:,} {'box' if boxes == 1 else 'boxes'} of interval branch and bound"
                     + (f" at up to {prec:,} bits" if prec else ""))
    elif prec:
        parts.append(f"arb balls at up to {prec:,} bits")
    if steps_used:
        parts.append(f"{steps_used:,} proof {'step' if steps_used == 1 else 'steps'} used"
                     + (f" (of {steps_allowed:,} allowed per statement)" if steps_allowed else ""))
    if ceiling:
        parts.append(f"precision ceiling {ceiling:,} bits")
    if not boxes and not prec and not steps_used:
        return ("exact symbolic algebra only: no boxes, no floating-point precision"
                + (f" (precision ceiling {ceiling:,} bits, not needed)" if ceiling else ""))
    return "; ".join(parts)


def _methods(*records) -> list[str]:
    out: dict = {}
    for rec in records:
        for d in _walk(rec):
            m = d.get("method")
            if isinstance(m, str) and m:
                out.setdefault(m, None)
    return list(out)


# ----------------------------------------------------------------------------------------------
# the statements proved
# ----------------------------------------------------------------------------------------------
_OPS = ("<=", ">=", "==", "<", ">")


def _parse(text: str, domain_text: str, *, where: str = "") -> ProvedStatement | None:
    from exactpriv.errors import ExactPrivError
    from exactpriv.exact.expressions import parse_inequality, parse_interval
    from exactpriv.exact.numbers import EPS

    head, _, body = text.rpartition(": ")
    body = body.strip()
    dom = re.sub(r"^\s*[A-Za-z_]\w*\s+in\s+", "", domain_text or "[0, oo)")
    try:
        ineq = parse_inequality(body, symbols={"eps": EPS}, max_length=4000)
        iv = parse_interval(dom)
    except ExactPrivError:
        return None
    free = (ineq.lhs.free_symbols | ineq.rhs.free_symbols) - {EPS}
    if free:
        return None
    left = right = ""
    if head:
        # "kl_dp(M) <= eps*tanh(eps/2) with eps = pure_dp(M)": the sides' names as the statement gives them
        m = re.match(r"\s*(.+?)\s*(<=|>=|==|<|>)\s*(.+?)(?:\s+with\s+(.*))?$", head)
        if m:
            left, right = m.group(1), m.group(3) + (f" (with {m.group(4)})" if m.group(4) else "")
    return ProvedStatement(ineq.lhs, ineq.op, ineq.rhs, EPS, iv, where=where, left=left, right=right)


def proved_statements(cert: dict | None, statement: dict | None, *records) -> list[ProvedStatement]:
    """The univariate statements a PROVED row shows: the row's own ``forall-params`` statement, else each
    part of the certificate (and of the engine's record) that states ``lhs op rhs`` over a domain of ε."""
    out: list[ProvedStatement] = []
    seen: dict = {}

    def add(st):
        if st is None:
            return
        if st.key() not in seen:
            seen[st.key()] = st
            out.append(st)
        elif st.where and st.where not in seen[st.key()].members:  # the same statement, another member
            seen[st.key()].members.append(st.where)

    st = statement or {}
    dom = st.get("domain")
    if st.get("quantifier") == "forall-params" and isinstance(dom, dict) and list(dom) == ["eps"] \
            and isinstance(st.get("claim"), str):
        add(_parse(st["claim"], str(dom["eps"])))
    for rec in (cert, *records):
        for d in _walk(rec):
            text, domain = d.get("statement"), d.get("domain")
            if isinstance(text, str) and isinstance(domain, str):
                add(_parse(text, domain, where=_member_name(rec, d)))
    return out


def _member_name(root, target) -> str:
    """The ``family`` name of the innermost part that holds ``target`` (the member a statement is about)."""
    def find(obj, name, depth=0):
        if depth > 40:
            return None
        if obj is target:
            return obj.get("family") if isinstance(obj.get("family"), str) else name
        if isinstance(obj, dict):
            here = obj.get("family") if isinstance(obj.get("family"), str) else name
            for v in obj.values():
                r = find(v, here, depth + 1)
                if r is not None:
                    return r
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                r = find(v, name, depth + 1)
                if r is not None:
                    return r
        return None

    name = find(root, "") or ""
    return name if len(name) <= 60 and ": " not in name else ""  # a name, not a sentence (a reduction's family)


# ----------------------------------------------------------------------------------------------
# the picture
# ----------------------------------------------------------------------------------------------
def _window(iv) -> tuple[float, float, bool]:
    import sympy

    lo = float(iv.lo) if iv.lo.is_finite else -WINDOW
    cut = not iv.hi.is_finite
    hi = lo + WINDOW if cut else float(iv.hi)
    if iv.hi.is_finite and iv.lo is sympy.S.NegativeInfinity:
        lo, cut = hi - WINDOW, True
    return lo, hi, cut


def _meetings(xs, g, ys_l, ys_r) -> list[float]:
    """Where the sides meet on the grid: a sign change of g = lhs − rhs, or a local minimum of |g| at float
    accuracy (for the eye: the certificate, not this, decides)."""
    pts = []
    for i, (x, v) in enumerate(zip(xs, g)):
        if not math.isfinite(v):
            continue
        scale = 1e-9 * (1 + abs(ys_l[i]) + abs(ys_r[i]))
        left = g[i - 1] if i > 0 else math.inf
        right = g[i + 1] if i + 1 < len(g) else math.inf
        if abs(v) <= scale and abs(v) <= abs(left) and abs(v) <= abs(right):
            pts.append(x)
        elif i + 1 < len(g) and math.isfinite(right) and v * right < 0:
            pts.append(x + (xs[i + 1] - x) * v / (v - right))
    merged: list[float] = []
    for x in pts:
        if not merged or x - merged[-1] > (xs[-1] - xs[0]) / 100:
            merged.append(x)
    return merged


def sides_figure(st: ProvedStatement, name: str, title: str) -> Figure | None:
    """Both sides of a proved statement as curves over its domain, with the points where they meet marked."""
    from .plots import BLUE, GREEN, RED, curve, new_figure, svg_text

    lo, hi, cut = _window(st.domain)
    xs = _grid(st.domain, lo, hi)
    ys_l, ys_r = curve(st.lhs, xs), curve(st.rhs, xs)
    if not any(math.isfinite(y) for y in ys_l + ys_r):
        return None
    g = [a - b if math.isfinite(a) and math.isfinite(b) else math.nan for a, b in zip(ys_l, ys_r)]
    same = all((not math.isfinite(v)) or abs(v) <= 1e-9 * (1 + abs(a) + abs(b)) for v, a, b in zip(g, ys_l, ys_r))
    meet = [] if same else _meetings(xs, g, ys_l, ys_r)
    open_ends = []
    for end, closed in ((st.domain.lo, st.domain.lo_closed), (st.domain.hi, st.domain.hi_closed)):
        if same or closed or not end.is_finite:
            continue
        # an open end the grid leaves out: the sides may meet there in the limit (1/2 − 1/(e^ε + 1) and ε/6 at 0)
        a, b = curve(st.lhs, [float(end)])[0], curve(st.rhs, [float(end)])[0]
        if math.isfinite(a) and math.isfinite(b) and abs(a - b) <= 1e-9 * (1 + abs(a) + abs(b)):
            meet.append(float(end))
            open_ends.append(_dom_text_end(end))
    meet.sort()
    fig, ax = new_figure((6.4, 4.0))
    left, right = st.left, st.right
    ax.plot(xs, ys_l, "-", lw=2.2, c=BLUE, label="left: " + _side_label(left, st.lhs))
    ax.plot(xs, ys_r, "--", lw=1.6, c=RED if st.op != "==" else GREEN,
            label="right: " + _side_label(right, st.rhs))
    if meet:
        ym = curve(st.lhs, meet)
        ax.scatter(meet, ym, s=60, marker="o", facecolors="none", edgecolors="#222", zorder=5, lw=1.4,
                   label="the sides meet (" + ", ".join(f"ε ≈ {x:.3g}" for x in meet[:6])
                   + (", …" if len(meet) > 6 else "") + ")")
    ax.set_xlim(min(xs[0], *meet) if meet else xs[0], max(xs[-1], *meet) if meet else xs[-1])
    ax.set_xlabel("ε" + (f" (drawn on [{lo:g}, {hi:g}] of the proved domain {_dom_text(st.domain)})" if cut
                         else f" over the proved domain {_dom_text(st.domain)}"))
    ax.set_ylabel("value of each side")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8.5, loc="best")  # (typeset fractions shrink: 7.5 pt made them illegible)
    ax.grid(alpha=0.3)
    fig.subplots_adjust(left=0.11, right=0.97, bottom=0.13, top=0.91)
    said = ("the two sides coincide on the whole domain (an identity)" if same else
            f"marked: where the sides meet ({len(meet)}" + (f"; in the limit at the open end ε → "
                                                            f"{', '.join(open_ends)}" if open_ends else "")
            + ")" if meet else
            "the sides do not meet on the plotting grid")
    return Figure(name, svg_text(fig, name), f"both sides over the proved domain: {title}",
                  f"Both sides of the proved statement over its domain (floats, for the eye; the certificate "
                  f"decides); {said}.")


def _grid(domain, lo: float, hi: float, n: int = 401) -> list[float]:
    """The plotting grid: ``n`` points of [lo, hi] strictly inside the domain, plus its closed finite ends."""
    xs = [lo + (hi - lo) * k / (n - 1) for k in range(n)]
    # the grid is sorted, so the points strictly inside the domain are one slice, found by bisection with the
    # same sympy comparisons as a scan of every point (2·⌈log₂ n⌉ comparisons instead of 2n)
    inner = xs[bisect.bisect_right(xs, domain.lo): bisect.bisect_left(xs, domain.hi)]
    return ([float(domain.lo)] if domain.lo_closed and domain.lo.is_finite else []) + inner + \
        ([float(domain.hi)] if domain.hi_closed and domain.hi.is_finite else [])


def _side_label(name: str, expr) -> str:
    """A side in a legend, typeset as the page typesets it (:mod:`.figure_math`): the statement's name of the
    side (``tv_dp(M)``; a formula such as ``sqrt(eps/2)`` in mathtext, ``(with ε = kl_dp(M))`` kept), else the
    side's expression."""
    from .figure_math import formula_mathtext, mathtext, plain_math

    if not name:
        return mathtext(expr)
    formula, _, rest = name.partition(" (with ")
    head = formula_mathtext(formula)
    tail = f" (with {plain_math(rest)}" if rest else ""
    return head + _cut(tail, 40) if head.startswith("$") else _cut(head + tail)


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _dom_text_end(x) -> str:
    from .mathml import text_of

    return text_of(x)


def _dom_text(iv) -> str:
    from .mathml import text_of

    lo = "−∞" if not iv.lo.is_finite else text_of(iv.lo)
    hi = "∞" if not iv.hi.is_finite else text_of(iv.hi)
    return f"{'[' if iv.lo_closed else '('}{lo}, {hi}{']' if iv.hi_closed else ')'}"


# ----------------------------------------------------------------------------------------------
# the section
# ----------------------------------------------------------------------------------------------
def proof_section(doc: Doc, res, claim, reading, name: str) -> None:
    """What a PROVED reading's page shows after its verdict: the certificate's kind, the effort in words,
    each statement proved (MathML) and a picture of both sides over the proved domain."""
    cert, statement = certificate_of(res, claim, reading)
    proof = (res.evidence or {}).get("proof") or {}
    methods = _methods(proof) or ([str(proof.get("method"))] if proof.get("method") else [])
    doc.p(f"Certificate: {kind_words(cert)}.")
    doc.p(f"Effort: {effort_words(cert, proof)}" + (f" (methods: {', '.join(methods[:6])}"
                                                   + (", …" if len(methods) > 6 else "") + ")." if methods else "."))
    sts = proved_statements(cert, statement, proof)
    if not sts:
        doc.p("No univariate statement to draw: this proof is not of the form lhs(ε) op rhs(ε) over a domain of ε "
              "(a proof for every mechanism, or an identity of several parameters).", note=True)
        return
    doc.p(f"Proved for every ε of its domain ({len(sts)} {'statement' if len(sts) == 1 else 'statements'}):")
    doc.items([[f"{st.where}: " if st.where else "", *st.inline(), " for every ε in ", _dom_text(st.domain)]
               for st in sts[:12]] + ([f"… and {len(sts) - 12} more (in the certificate)"] if len(sts) > 12 else []))
    drawn = 0
    for k, st in enumerate(sts):
        if drawn >= MAX_PLOTS:
            break
        fig = sides_figure(st, f"{name}--sides-{k + 1}",
                           f"[{reading.name if reading is not None else res.reading}]"
                           + (f" {st.where}" if st.where else "") + ": both sides")
        if fig is not None:
            doc.figure(fig)
            drawn += 1
    if len(sts) > drawn:
        doc.p(f"{len(sts) - drawn} further {'statement is' if len(sts) - drawn == 1 else 'statements are'} "
              f"listed above and not drawn.", note=True)
