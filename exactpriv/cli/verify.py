"""``exactpriv verify``: check every reading of the selected claims and write JSON/Markdown."""

from __future__ import annotations

import gc
import json
import sys
import time
from dataclasses import dataclass, field

from exactpriv.cli._common import (EXIT_ERROR, EXIT_INTERRUPTED, EXIT_STOPPED, EXIT_UNEXPECTED, add_bank_argument,
                                   add_effort_argument, add_reading_budget_argument, add_workers_arguments, banks_of,
                                   int_option, rarer_full_collections, witness_label, workers_of)
from exactpriv.cli._output import (add_format_arguments, count, esc, progress_bar, quiet_third_party, render, Row,
                                   row_of, write_output)
from exactpriv.errors import ExactPrivError, WorkerDiedError

__all__ = ["add_parser", "cmd_verify", "select_claims"]


def select_claims(only: str | None, banks=None):
    """The claims of the given banks (default: every installed bank) matching ``--only``."""
    from exactpriv.claims.banks import resolve_banks
    from exactpriv.claims.banks import select_claims as _select

    return _select(resolve_banks(banks), only)


def add_parser(subparsers, name: str = "verify"):
    v = subparsers.add_parser(name, help="check every reading of the claims of the installed banks (or of FILEs)")
    v.add_argument("banks", nargs="*", metavar="BANK",
                   help="claim-bank files (my_claims.py) or installed bank names; default: every installed bank")
    add_bank_argument(v)
    v.add_argument("--only", help="comma-separated papers (cuff2016), claim ids or id prefixes (zhao); default: every claim")
    v.add_argument("--json", default="verify.json",
                   help="where to write every result with its evidence as JSON, re-checkable by 'exactpriv check' "
                        "and read by 'report --from-json' (default verify.json; '' to skip)")
    v.add_argument("--markdown", default="verify.md",
                   help="where to write the Markdown report of every reading (default verify.md; '' to skip)")
    v.add_argument("--slow", action="store_true", help="also run the slow exhaustive families (default off)")
    v.add_argument("--search", type=int_option, default=None, metavar="EFFORT",
                   help="then hunt every CHECKED reading with EFFORT drawn instances (deterministic: the same "
                        "result on every run and with any --workers); a refutation becomes REFUTED with its "
                        "witness archived to ./counterexamples/found/ (never over an existing file); default: no search")
    v.add_argument("--seed", type=int_option, default=0, help="seed of --search (default 0)")
    v.add_argument("--write-manifest", action="store_true",
                   help="also write the manifest of each bank file beside it (mybank.py -> mybank.manifest.json): "
                        "the bank's statements, what 'exactpriv check verify.json --bank mybank.py' checks the "
                        "evidence against (default: not written)")
    add_reading_budget_argument(v)
    add_effort_argument(v)
    add_format_arguments(v)
    add_workers_arguments(v)
    v.set_defaults(func=cmd_verify)
    return v


def _registered(bank) -> bool:
    """A bank registered under the ``exactpriv.banks`` entry points (the built-in ones): it ships its manifest in
    its package, which ``verify`` must never rewrite, and ``exactpriv check`` finds it without ``--bank``."""
    from importlib.metadata import entry_points

    from exactpriv.claims.banks import ENTRY_POINT_GROUP

    return bank.name in {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _file_banks(banks) -> list:
    """The banks the user loaded from a file, one per evidence document
    (:func:`~exactpriv.claims.bank_binding.document_banks` joins banks sharing a source directory)."""
    from exactpriv.claims.bank_binding import document_banks

    return document_banks([b for b in banks if getattr(b, "source", None) is not None and not _registered(b)])


def _bank_file_manifests(banks) -> list[str]:
    """Write the manifest of each bank loaded from the user's file (``mybank.py`` -> ``mybank.manifest.json``
    beside it) when it is missing or out of date: it is what ``exactpriv check verify.json --bank mybank.py``
    checks the evidence's binding against (docs/certificates.md, "The bank manifest").  The built-in banks carry
    theirs.  Returns the paths written."""
    from exactpriv.claims.evidence import manifest_json, manifest_path
    from exactpriv.files import write_atomic

    out = []
    for bank in _file_banks(banks):
        path = manifest_path(bank)
        text = manifest_json(bank)
        try:
            if path is None or (path.exists() and path.read_text(encoding="utf-8") == text):
                continue
            write_atomic(path, text)
        except OSError as exc:
            print(f"note: the bank's manifest {path} could not be written ({exc.strerror or exc}); "
                  f"'exactpriv check --bank {bank.source}' needs it", file=sys.stderr)
            continue
        out.append(f"{path} (the bank's statements, for 'exactpriv check')")
    return out


def _recheck_hints(banks, evidence: str) -> list[str]:
    """How to re-check the evidence with the independent checker: for registered banks (the built-in ones) one
    line, ``exactpriv check FILE``; for each bank file, with ``--bank`` and its manifest first."""
    from exactpriv.claims.evidence import manifest_json, manifest_path

    files = _file_banks(banks)
    hints = [f"re-check the evidence: exactpriv check {evidence}"] if any(_registered(b) for b in banks) else []
    for bank in files:
        path = manifest_path(bank)
        try:
            current = path is not None and path.read_text(encoding="utf-8") == manifest_json(bank)
        except OSError:
            current = False
        if current:
            hints.append(f"re-check the evidence: exactpriv check {evidence} --bank {bank.source}")
            continue
        hints.append(f"to re-check the evidence with 'exactpriv check {evidence} --bank {bank.source}', write the "
                     f"bank's manifest{' (out of date)' if path is not None and path.exists() else ''} first: add "
                     f"--write-manifest")
    return hints


def cmd_verify(args) -> int:
    with rarer_full_collections():  # the workers inherit it (forked)
        return _verify(args)


def _verify(args) -> int:
    from exactpriv.claims.banks import select_claims as claims_of

    banks = banks_of(args)
    claims = claims_of(banks, args.only)
    run = _Run()
    results, rows, not_encodable, errors = run.results, run.rows, run.not_encodable, run.errors
    total = sum(len(c.readings) for c in claims if c.encodable)
    quiet_third_party()
    workers, scheduler = workers_of(args)
    t0 = time.perf_counter()
    try:
        _check_readings(claims, total, args.slow, run, args.seconds_per_reading, workers=workers,
                        scheduler=scheduler, banks=(list(args.bank) + list(args.banks)) or None)
        if args.search is not None:
            _deep_search(args, claims, results, rows, workers, scheduler)
        interrupted = False
    except KeyboardInterrupt:  # first Ctrl-C: keep the readings checked so far, marked partial
        interrupted = True
    elapsed = time.perf_counter() - t0

    title = f"exactpriv verify: {count(len(results), 'reading')} of {count(len(claims), 'claim')} in {elapsed:.1f} s"
    if interrupted:
        title += f" (PARTIAL: interrupted after {len(results)} of {total})"
    sys.stdout.write(render(rows, fmt=args.format, title=title, show_all=args.show_all))
    sys.stdout.flush()

    from exactpriv.claims.evidence import evidence_json

    doc = evidence_json(banks, claims, results, seconds_per_reading=args.seconds_per_reading,
                        partial={"reason": "interrupted", "readings_checked": len(results), "readings_total": total}
                        if interrupted else None)
    # all-or-nothing writes; the results above were printed first, so a failed write loses nothing
    written = []
    if args.json:  # the evidence of every verdict: 'exactpriv check' and 'report --from-json' re-check it
        written.append(str(write_output(args.json, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")))
        written += _bank_file_manifests(banks) if args.write_manifest else []
    if args.markdown:
        written.append(str(write_output(args.markdown, _verify_markdown(
            results, not_encodable, claims, elapsed, partial=(len(results), total) if interrupted else None))))
    if written:
        print("wrote " + " and ".join(written) + (" (partial)" if interrupted else ""), file=sys.stderr)
    print(_statements_line(claims, results), file=sys.stderr)
    if args.json:  # the built-in banks are checked against by default; a bank file is named, with its manifest
        for hint in _recheck_hints(banks, args.json):
            print(hint, file=sys.stderr)
    if interrupted:
        print(f"interrupted: {len(results)} of {total} readings checked; results written, marked partial",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    if errors:
        return EXIT_ERROR
    if any(row.unexpected for row in rows):
        return EXIT_UNEXPECTED
    stopped = sum(row.stopped for row in rows)
    if stopped:
        print(f"the time limit stopped {count(stopped, 'reading')} (STOPPED, not a verdict): raise "
              f"--seconds-per-reading to let the effort decide", file=sys.stderr)
        return EXIT_STOPPED
    return 0


@dataclass
class _Run:
    """What a verify run has gathered, in the claims' order: the results, their table rows, the claims that
    cannot be encoded, and the readings whose check failed with an error."""

    results: list = field(default_factory=list)
    rows: list = field(default_factory=list)
    not_encodable: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    def add_not_encodable(self, c) -> None:
        self.not_encodable.append(c)
        self.rows.append(Row(c.id, "-", "not encodable", c.reason,
                             doc={"id": c.id, "reading": None, "verdict": None,
                                  "evidence": {"not_encodable": c.reason}}))

    def record(self, r, res, error) -> None:
        """One reading's result into the run: expected verdict, archived witness file, table row, error list."""
        from counterexamples.archive import witness_path
        from counterexamples.report import evidence_text
        from exactpriv.claims import Verdict

        if error:
            self.errors.append((res.claim_id, r.name, error))
        expected = r.expected.value if r.expected is not None else None
        if expected is not None:
            res.evidence["expected"] = expected
        if res.verdict == Verdict.REFUTED:
            wp = witness_path(res.claim_id, r.name)
            if wp.exists():
                res.evidence["witness_file"] = witness_label(wp)
        self.results.append(res)
        self.rows.append(row_of(res, evidence=evidence_text(res), expected=expected, error=error))


def _deep_search(args, claims, results, rows, workers, scheduler) -> None:
    """``--search EFFORT``: hunt every CHECKED reading deterministically; changed results replace their rows."""
    from counterexamples.deep_search import deep_search
    from counterexamples.report import evidence_text

    by_key = {(c.id, r.name): r for c in claims for r in c.readings}
    checked = sum(1 for r in results if r.verdict.value == "CHECKED")
    with progress_bar(f"verify --search {args.search}") as progress:
        task = progress.add_task("", total=checked)

        def arrived(res):
            progress.update(task, advance=1, description=esc(f"{res.claim_id} [{res.reading}]"))

        bank_specs = (list(args.bank) + list(args.banks)) or None
        deep_search(claims, results, effort=args.search, seed=args.seed, workers=workers, scheduler=scheduler,
                    banks=tuple(bank_specs) if bank_specs else None, on_result=arrived)
    index = {(row.claim_id, row.reading): k for k, row in enumerate(rows)}
    for res in results:
        if "search" in res.evidence and (res.claim_id, res.reading) in index:
            r = by_key[(res.claim_id, res.reading)]
            if res.verdict.value == "REFUTED":
                res.finding = getattr(r.finding, "value", r.finding)
                res.why = r.why
            expected = r.expected.value if r.expected is not None else None
            rows[index[(res.claim_id, res.reading)]] = row_of(res, evidence=evidence_text(res), expected=expected)


def _statements_line(claims, results) -> str:
    """How many readings state their statement as data (the independent checker re-checks those from the
    definitions) and how many are custom Python code."""
    custom, declarative = _statement_counts(claims, results)
    return (f"statements: {declarative} declarative (re-checkable by 'exactpriv check' from the definitions), "
            f"{custom} custom Python code (not independently re-checkable)")


def _statement_counts(claims, results) -> tuple[int, int]:
    checked = {(r.claim_id, r.reading) for r in results}
    forms = [r.form is not None for c in claims for r in c.readings if (c.id, r.name) in checked]
    return forms.count(False), forms.count(True)


def _check_readings(claims, total, slow, run: _Run, seconds_per_reading, *, workers, scheduler, banks) -> None:
    """The run loop of ``verify``: every reading of ``claims``, checked in this process or sharded on the dask
    runner (one shard a claim × reading).  Either way each result arrives as (position, result, error) and is
    recorded in the claims' order — also when Ctrl-C stops the run (then the readings received so far, in
    order, with the others missing)."""
    encodable = [c for c in claims if c.encodable]
    got: dict = {}
    title = f"verify ({workers or scheduler} workers)" if workers or scheduler else "verify"
    with progress_bar(title) as progress:
        task = progress.add_task("", total=total)

        def arrived(k, res, error):
            got[k] = (res, error)
            progress.update(task, advance=1, description=esc(f"{res.claim_id} [{res.reading}]"))

        try:
            if workers or scheduler:
                from counterexamples.distributed import run_verify

                run_verify(encodable, workers=workers, scheduler=scheduler, banks=banks, include_slow=slow,
                           seconds_per_reading=seconds_per_reading, on_result=arrived)
            else:
                _check_here(encodable, slow, seconds_per_reading, arrived,
                            starting=lambda c, r: progress.update(task, description=esc(f"{c.id} [{r.name}]")))
        finally:  # also on Ctrl-C: what arrived is recorded, in the claims' order
            k = 0
            for c in claims:
                if not c.encodable:
                    run.add_not_encodable(c)
                    continue
                for r in c.readings:
                    if k in got:
                        run.record(r, *got[k])
                    k += 1


def _check_here(claims, slow, seconds_per_reading, arrived, *, starting) -> None:
    """Every reading of ``claims`` in order in one warm killable worker of this process, each result handed to
    ``arrived(position, result, error)``: a check that raises is UNDECIDED with the error in its evidence (a bug
    in one encoding must not hide the other results)."""
    from exactpriv.claims import ReadingResult, Verdict
    from exactpriv.claims.check import ReadingChecker
    from exactpriv import effort

    _before_the_worker_forks(claims)
    k = 0
    with ReadingChecker(claims, seconds=seconds_per_reading, include_slow=slow) as checker:
        for c in claims:
            for r in c.readings:
                if effort.stop_requested():  # Ctrl-C whose KeyboardInterrupt was swallowed mid-reading
                    raise KeyboardInterrupt
                starting(c, r)
                error = None
                try:
                    res = checker.check(c, r)
                except WorkerDiedError as exc:
                    error = f"crashed check: {exc}"
                    res = ReadingResult(c.id, r.name, Verdict.UNDECIDED, {"error": error})
                except ExactPrivError as exc:
                    error = f"{type(exc).__name__}: {exc}"
                    res = ReadingResult(c.id, r.name, Verdict.UNDECIDED, {"error": error})
                except (Exception, SystemExit) as exc:  # a bug in an encoding must not hide the other results
                    error = (f"crashed check: the check called sys.exit({exc.code!r})" if isinstance(exc, SystemExit)
                             else f"internal error {type(exc).__name__}: {exc}")
                    res = ReadingResult(c.id, r.name, Verdict.UNDECIDED, {"error": error})
                arrived(k, res, error)
                k += 1
                _form_from_the_worker(checker, c, r)


def _form_from_the_worker(checker, claim, reading) -> None:
    """A reading's lazy statement form, built by the checking worker after the check (where the programs it
    lists are compiled already) within the reading's time limit, kept for the evidence: this process then does
    not compile them a second time.  A form the worker cannot build in time, or whose builder fails, is left to
    the evidence, which builds it after the readings and reports its error, as before."""
    from exactpriv.claims.evidence import is_built_form, keep_built_form

    form = getattr(reading, "form", None)
    if not callable(form) or is_built_form(form):
        return
    try:
        built = checker.built_form(claim, reading)
    except (Exception, SystemExit):  # noqa: BLE001 - nothing is kept; the evidence builds it as before
        return
    if isinstance(built, dict):
        keep_built_form(form, built)


def _before_the_worker_forks(claims) -> None:
    """Work done once in this process before the checking worker forks and inherits it:

    * ``sympy.simplify`` imports ``sympy.physics.units`` on its first call (~0.1 s); the checking worker and the
      prover's warm worker it forks both call it.
    * Everything loaded so far (the banks, sympy's caches: all kept to the end of the run) is left out of this
      process's later garbage collections (``gc.freeze``), as the workers leave out what they inherit
      (:mod:`exactpriv.effort.workers`): each full collection walked all of it again (~0.5 s over a run).

    The readings' lazy statement forms are not built here: a form's builder has no time limit (it compiles
    programs, lists instances), and one that never finished would stop every reading from being checked; the
    evidence builds them after the readings, as before."""
    del claims  # (the claims are for what a later preparation may need; nothing here reads them)
    import sympy.physics.units  # noqa: F401

    if not gc.get_freeze_count():  # (a caller that froze its own, e.g. the test suite, keeps its choice)
        gc.freeze()


def _verify_markdown(results, not_encodable, claims, elapsed, *, partial=None) -> str:
    from counterexamples.report import evidence_text
    from exactpriv.claims import summarize

    lines = ["# exactpriv verify report", "",
             f"{count(len(results), 'reading')} of {count(len(claims), 'claim')} checked in {elapsed:.1f} s.", ""]
    if partial is not None:
        lines += [f"**PARTIAL**: interrupted after {partial[0]} of {partial[1]} readings; the readings not "
                  f"listed were not checked.", ""]
    summary = summarize(results)
    lines += ["| verdict | readings |", "|---|---|"] + [f"| {k} | {v} |" for k, v in summary["verdicts"].items()]
    lines += ["", _statements_line(claims, results) + "."]
    if summary["findings"]:
        lines += ["", "| REFUTED: finding class | readings |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in summary["findings"].items()]
    lines += ["", "| id | reading | verdict | finding | evidence |", "|---|---|---|---|---|"]
    for res in results:
        finding = (res.finding or "unclassified") if res.verdict.value == "REFUTED" else ""
        why = f" — {res.why}" if res.why else ""
        lines.append(f"| `{res.claim_id}` | {res.reading} | **{res.verdict.value}** | {finding} | "
                     f"{(evidence_text(res) + why).replace('|', '/')} |")
    if not_encodable:
        lines += ["", "## Not encodable", "", "| id | reason |", "|---|---|"]
        lines += [f"| `{c.id}` | {c.reason} |" for c in not_encodable]
    lines += ["", "## Claims", ""]
    for c in claims:
        lines += [f"### `{c.id}` — {c.title}", "", f"*{c.source}*", "", f"> {c.quote}", ""]
        for r in c.readings:
            lines.append(f"- **{r.name}**: {r.statement}" + (f" _{r.notes}_" if r.notes else ""))
        lines.append("")
    return "\n".join(lines) + "\n"


