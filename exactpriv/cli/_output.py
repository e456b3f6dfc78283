"""Everything the command line prints, in one place: text made safe for a terminal, the result tables of
``verify``, ``hunt`` and ``report``, the progress bar, and the all-or-nothing output files.

No label, file name or message reaches the terminal raw: :func:`safe_streams` puts a :class:`SafeStream` over
stdout and stderr for the whole command, and :func:`esc` keeps rich markup out of the labels it prints.

Results: summary first (counts per verdict and per finding class), then only the rows that need attention
(REFUTED, UNDECIDED, a verdict that differs from the reading's expectation, a crashed check, a claim that
is not encodable) unless ``--all``.  Four formats: ``table`` (plain lines at the terminal width and never
wider than :data:`MAX_WIDTH`; a cell too long for its column — a reading's name, an UNDECIDED reason — wraps
onto continuation lines at blanks and hyphens, never cut; rich's table would wrap cells mid-word when
piped), ``json``, ``markdown`` and ``latex`` (a ``tabular`` a paper's authors can paste).

The progress bar goes to stderr (so a piped stdout stays clean), is transient, shows an ETA, and is
drawn only on a terminal; :func:`quiet_third_party` swallows the banner HiGHS prints on its first use.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import textwrap
from dataclasses import dataclass, field


__all__ = ["FORMATS", "MAX_WIDTH", "Row", "SafeStream", "add_format_arguments", "attention", "console", "esc",
           "output_width", "printable", "progress_bar", "progress_printer", "quiet_third_party", "render", "row_of",
           "safe_streams", "summary_lines", "terminal_safe", "write_output"]

FORMATS = ("table", "json", "markdown", "latex")
MAX_WIDTH = 120
FINDING_ORDER = ("as-written", "boundary", "convention", "variant", "unclassified")
VERDICT_ORDER = ("REFUTED", "UNDECIDED", "STOPPED", "PROVED", "CHECKED", "not encodable", "error")


# ----------------------------------------------------------------------------- text safe on a terminal

def console():
    from rich.console import Console

    return Console(stderr=False)


def printable(value) -> str:
    """``value`` as text that is safe on a terminal: control characters (C0 but newline and tab, DEL,
    C1, and the format characters that reorder text) and lone surrogates become visible escapes
    (``\\x1b``, ``\\u202e``, ``\\ud800``) — a label from a bank or a file name could otherwise set the
    window title, clear the screen or fail to encode."""
    text = str(value)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in "\n\t" or ch.isprintable():
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    return "".join(out)


#: The terminal controls rich itself writes (colours; the progress bar's erase-line, cursor-up,
#: column and cursor show/hide): the only escape sequences let through to a terminal.
_RICH_CONTROLS = re.compile(r"\x1b\[[0-9;?]*[mKAGlh]")


def terminal_safe(text: str) -> str:
    """:func:`printable`, except that the escape sequences rich writes (:data:`_RICH_CONTROLS`) and
    carriage returns pass: what :class:`SafeStream` applies to everything written."""
    if text.isprintable():
        return text
    out, pos = [], 0
    for m in _RICH_CONTROLS.finditer(text):
        out.append(printable(text[pos:m.start()]).replace("\\x0d", "\r"))
        out.append(m.group())
        pos = m.end()
    out.append(printable(text[pos:]).replace("\\x0d", "\r"))
    return "".join(out)


class SafeStream:
    """A text stream whose writes pass :func:`terminal_safe` first: the command line installs it over
    stdout and stderr (:func:`safe_streams`), so no label, file name or message printed by any
    subcommand can drive the terminal (set its title, clear it) or fail on a lone surrogate."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(terminal_safe(text))

    def __getattr__(self, name):
        return getattr(self._stream, name)


@contextlib.contextmanager
def safe_streams():
    """stdout and stderr as :class:`SafeStream` for the block (restored afterwards, also for callers that
    run :func:`exactpriv.cli.main` in-process)."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(saved[0]), SafeStream(saved[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def esc(value) -> str:
    """``value`` as text rich prints literally (labels, paths, ids: never markup, never control characters)."""
    from rich.markup import escape

    return escape(printable(value))


# ----------------------------------------------------------------------------- output files

def write_output(path, text: str):
    """Write an output file all-or-nothing (see :func:`exactpriv.io.write_atomic`)."""
    from exactpriv.io import write_atomic

    return write_atomic(path, text)


# ----------------------------------------------------------------------------- result rows

@dataclass
class Row:
    """One line of output: a reading's verdict (or a claim that is not encodable)."""

    claim_id: str
    reading: str
    verdict: str                      # a Verdict value, "not encodable" or "error"
    evidence: str = ""
    finding: str | None = None        # for REFUTED: the finding class ("unclassified" when undeclared)
    expected: str | None = None       # the reading's expected verdict, when declared
    why: str = ""
    doc: dict = field(default_factory=dict)   # the full JSON of the result
    #: further verdicts that meet the expectation (hunt: a search never proves, so CHECKED meets PROVED)
    also_expected: tuple = ()
    #: how a witness is shown: ``names`` of its values ({"A": "pure_dp", ...}), the ``violated`` statement
    witness_context: dict = field(default_factory=dict)

    @property
    def unexpected(self) -> bool:
        """A verdict that differs from the expected one (a STOPPED reading has no verdict to compare)."""
        return (self.expected is not None and self.verdict not in (self.expected, "STOPPED")
                and self.verdict not in self.also_expected)

    @property
    def stopped(self) -> bool:
        """The time limit stopped the reading before its effort was spent."""
        return self.verdict == "STOPPED"

    @property
    def needs_attention(self) -> bool:
        return self.verdict in ("REFUTED", "UNDECIDED", "STOPPED", "not encodable", "error") or self.unexpected


def row_of(res, *, evidence: str = "", expected: str | None = None, error: str | None = None) -> Row:
    """A :class:`Row` from a ``ReadingResult``."""
    v = res.verdict.value
    doc = res.to_json()
    if expected is not None:
        doc["expected"] = expected
    if error:
        doc["error"] = error
    return Row(res.claim_id, res.reading, "error" if error else v, error or evidence,
               (res.finding or "unclassified") if v == "REFUTED" else None, expected, res.why, doc)


def attention(rows: list[Row], show_all: bool) -> list[Row]:
    return list(rows) if show_all else [r for r in rows if r.needs_attention]


def _summary(rows: list[Row]) -> dict:
    verdicts: dict[str, int] = {}
    findings: dict[str, int] = {}
    for r in rows:
        verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        if r.verdict == "REFUTED":
            findings[r.finding or "unclassified"] = findings.get(r.finding or "unclassified", 0) + 1
    return {"readings": sum(r.verdict != "not encodable" for r in rows),
            "verdicts": {k: verdicts[k] for k in VERDICT_ORDER if k in verdicts},
            "findings": {k: findings[k] for k in FINDING_ORDER if k in findings},
            "unexpected": sum(r.unexpected for r in rows),
            "stopped": sum(r.stopped for r in rows)}


def summary_lines(rows: list[Row], title: str) -> list[str]:
    s = _summary(rows)
    lines = [title, "verdicts: " + ", ".join(f"{k} {v}" for k, v in s["verdicts"].items())]
    if s["findings"]:
        lines.append("REFUTED by finding class: " + ", ".join(f"{k} {v}" for k, v in s["findings"].items())
                     + " (as-written = errors of the papers as stated)")
    if s["unexpected"]:
        lines.append(f"differ from their expected verdict: {s['unexpected']}")
    if s["stopped"]:
        lines.append(f"stopped by the time limit: {s['stopped']} (raise it: --seconds-per-reading in verify and "
                     f"report, --seconds in hunt; STOPPED is not a verdict)")
    return lines


def count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless n == 1 ("1 reading", "2 readings")."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def output_width() -> int:
    """Columns of stdout output: the terminal's width, at most :data:`MAX_WIDTH`; MAX_WIDTH when piped."""
    return _width()


def _width() -> int:
    if sys.stdout.isatty():
        return min(MAX_WIDTH, shutil.get_terminal_size((MAX_WIDTH, 24)).columns)
    return MAX_WIDTH


def _one_line(text) -> str:
    return " ".join(str(text).split())   # no newlines or runs of blanks from evidence cells


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` on lines of at most ``width`` columns, broken at blanks and hyphens (a longer word is split),
    continuation lines after ``indent``; nothing is cut."""
    text = printable(text).rstrip()
    return textwrap.wrap(text, max(8, width), subsequent_indent=indent, break_on_hyphens=True) or [""]


def _verdict_cell(r: Row) -> str:
    cell = r.verdict
    if r.finding:
        cell += f" ({r.finding})"
    if r.unexpected:
        cell += f" !expected {r.expected}"
    return cell


def _table(rows: list[Row], shown: list[Row], title: str, show_all: bool) -> str:
    width = _width()
    lines = [ln for line in summary_lines(rows, title) for ln in _wrap(_one_line(line), width, "  ")]
    if not shown:
        lines.append("" if show_all else "nothing needs attention (use --all to list every reading)")
        return "\n".join(lines) + "\n"
    wid = min(34, max(len(r.claim_id) for r in shown))
    wre = min(32, max(len(r.reading) for r in shown))
    wv = min(36, max(len(_verdict_cell(r)) for r in shown))
    wev = max(24, width - wid - wre - wv - 6)   # the evidence column: the rest of the line
    lines.append("")
    lines.append(f"{'id':<{wid}}  {'reading':<{wre}}  {'verdict':<{wv}}  evidence")
    for r in shown:
        ev = "replayable witness" if r.doc.get("evidence", {}).get("witness_file") else r.evidence
        cells = [_wrap(r.claim_id, wid), _wrap(r.reading, wre), _wrap(_verdict_cell(r), wv),
                 _wrap(_one_line(ev + (f" — {r.why}" if r.why else "")), wev)]
        for k in range(max(map(len, cells))):
            a, b, c, d = (col[k] if k < len(col) else "" for col in cells)
            lines.append(f"{a:<{wid}}  {b:<{wre}}  {c:<{wv}}  {d}".rstrip())
    if not show_all and len(shown) < len(rows):
        lines.append(f"({len(rows) - len(shown)} more readings PROVED or CHECKED, none differing from an expected "
                     "verdict; --all lists them)")
    return "\n".join(lines) + "\n"


def _md_escape(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _markdown(rows: list[Row], shown: list[Row], title: str) -> str:
    s = _summary(rows)
    out = [f"# {title}", "", "| verdict | readings |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in s["verdicts"].items()]
    if s["findings"]:
        out += ["", "| REFUTED: finding class | readings |", "|---|---|"]
        out += [f"| {k} | {v} |" for k, v in s["findings"].items()]
    out += ["", "| id | reading | verdict | finding | expected | evidence |", "|---|---|---|---|---|---|"]
    for r in shown:
        ev = r.evidence + (f" — {r.why}" if r.why else "")
        out.append(f"| `{r.claim_id}` | {_md_escape(r.reading)} | **{r.verdict}** | {r.finding or ''} | "
                   f"{r.expected if r.expected is not None else ''} | {_md_escape(ev)} |")
    return "\n".join(out) + "\n"


_TEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
        "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def tex_escape(text: str) -> str:
    return "".join(_TEX.get(ch, ch) for ch in " ".join(str(text).split()))


def latex_table(rows: list[Row], caption: str) -> str:
    """A ``tabular`` of verdicts (id, reading, verdict, finding class), grouped by claim."""
    out = [r"\begin{table}", r"\centering", r"\small", r"\begin{tabular}{llll}", r"\hline",
           r"claim & reading & verdict & finding \\", r"\hline"]
    last = None
    for r in rows:
        cid = "" if r.claim_id == last else r"\texttt{" + tex_escape(r.claim_id) + "}"
        last = r.claim_id
        out.append(f"{cid} & {tex_escape(r.reading)} & {tex_escape(r.verdict)} & {tex_escape(r.finding or '')} \\\\")
    out += [r"\hline", r"\end{tabular}", r"\caption{" + tex_escape(caption) + "}", r"\end{table}"]
    return "\n".join(out) + "\n"


def render(rows: list[Row], *, fmt: str, title: str, show_all: bool) -> str:
    """The output of a result-printing subcommand in the chosen format (summary first)."""
    shown = attention(rows, show_all)
    if fmt == "json":
        return json.dumps({"summary": _summary(rows), "rows": [r.doc or {"id": r.claim_id, "reading": r.reading,
                                                                        "verdict": r.verdict,
                                                                        "evidence": r.evidence}
                                                               for r in shown]},
                          indent=1, default=str) + "\n"
    if fmt == "markdown":
        return _markdown(rows, shown, title)
    if fmt == "latex":
        s = _summary(rows)
        caption = f"{title}. " + ", ".join(f"{k}: {v}" for k, v in s["verdicts"].items())
        if s["findings"]:
            caption += "; REFUTED by finding class: " + ", ".join(f"{k}: {v}" for k, v in s["findings"].items())
        return latex_table(shown, caption)
    return _table(rows, shown, title, show_all)


def add_format_arguments(p) -> None:
    p.add_argument("--format", choices=FORMATS, default="table",
                   help="how to print the results on stdout (default table: a summary, then one line per "
                        "reading, at most 120 columns)")
    p.add_argument("--all", action="store_true", dest="show_all",
                   help="list every reading (default: only REFUTED, UNDECIDED, unexpected and failed ones)")


def quiet_third_party() -> None:
    """Swallow the licence banner HiGHS prints to the C-level stdout the first time a solver is made.

    HiGHS prints it once per process, from C, so Python's ``sys.stdout`` redirection cannot catch it: we
    point file descriptor 1 at /dev/null while making one throw-away solver, then restore it.
    """
    try:
        import highspy
    except ImportError:  # pragma: no cover - highspy is a dependency
        return
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 1)
            highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def progress_bar(title: str, *, budget_seconds: float | None = None):
    """A transient progress bar with count, elapsed time and ETA on stderr (drawn only on a terminal).

    With ``budget_seconds`` (a search bounded by time, as ``hunt`` and ``conjecture`` are) the ETA is the
    budget left, an upper bound that rich's rate estimate cannot give: a search stops at its deadline."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from rich.text import Text

    class BudgetLeft(ProgressColumn):
        def render(self, task):
            left = max(0.0, (budget_seconds or 0.0) - (task.elapsed or 0.0))
            return Text(f"eta ≤ {left:.0f} s")

    console = Console(stderr=True)
    counted = [BarColumn(), MofNCompleteColumn()]
    eta = [BudgetLeft()] if budget_seconds is not None else [TextColumn("eta"), TimeRemainingColumn()]
    return Progress(TextColumn(f"[bold]{escape(title)}"), *counted, TimeElapsedColumn(), *eta,
                    TextColumn("{task.description}"), console=console, transient=True,
                    disable=not console.is_terminal)


def progress_printer(console, what: str):
    """A progress callback (done, total, refuted) printing one line per finished shard on a terminal."""
    def tick(done: int, total: int, refuted: int) -> None:
        if console.is_terminal:
            console.print(f"{what}: {done}/{total} shards done across the workers, {refuted} refuted", end="\r")
    return tick
