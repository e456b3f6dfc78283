"""``exactpriv hunt CLAIM_ID ...``: search for an exact counterexample to each reading of a bank claim."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from exactpriv.cli._common import (DEFAULT_SEARCH_SECONDS, EXIT_INTERRUPTED, EXIT_STOPPED, add_bank_argument,
                                   add_effort_argument, add_workers_arguments, archive_directory, banks_of,
                                   int_option, seconds_option, use_cache_for_hypothesis, workers_of)
from exactpriv.cli._output import (add_format_arguments, count, esc, output_width, progress_bar, progress_printer,
                                   quiet_third_party, render, Row, write_output)
from exactpriv.cli._witness_text import witness_lines

__all__ = ["add_parser"]


def _row(claim, reading, doc: dict):
    """The output row of one hunted reading (its finding class and expectation come from the reading)."""
    verdict = doc["verdict"]
    evidence = f"{doc['tried']} exact instances in {doc['timing']['seconds']} s"
    if doc.get("found_by"):
        evidence += f", found by {doc['found_by']}"
    if doc.get("witness_file"):
        evidence += f"; witness: {doc['witness_file']}"
    if doc.get("note"):
        evidence += f" ({doc['note']})"
    finding = None
    if verdict == "REFUTED":
        declared = getattr(reading, "finding", None)
        finding = getattr(declared, "value", declared) or "unclassified"
    expected = reading.expected.value if getattr(reading, "expected", None) is not None else None
    # a search never proves: CHECKED (no counterexample found) meets an expected PROVED, whose proof is verify's
    also = ("CHECKED",) if expected == "PROVED" and doc.get("stopped_by") != "not searchable" else ()
    if also and verdict == "CHECKED":
        evidence += " (expected PROVED: the search found no counterexample; the proof is checked by verify)"
    relations = tuple(getattr(reading, "relations", ()) or ())
    context = {"violated": str(getattr(reading, "statement", "") or "")}
    if len(relations) == 1:   # the values "A"/"B" of an implication are its given and its measured notion
        context["names"] = {"A": relations[0].source, "B": relations[0].target}
    return Row(claim.id, reading.name, verdict, evidence, finding, expected, "", doc, also, context)


def _render_hunt(rows: list[Row], *, fmt: str, title: str, show_all: bool) -> str:
    """Summary and rows (the shared renderer), then each refutation's witness as readable lines."""
    text = render(rows, fmt=fmt, title=title, show_all=show_all)
    if fmt in ("json", "latex"):
        return text  # json rows carry the whole witness document; a LaTeX table has no room for one
    blocks = [witness_lines(r.doc["witness"], output_width() - (0 if fmt == "table" else 4),
                            title=f"witness for {r.claim_id} [{r.reading}]", **r.witness_context)
              for r in rows if r.verdict == "REFUTED" and isinstance(r.doc.get("witness"), dict)]
    if not blocks:
        return text
    hint = "(the witness document is in --json; 'exactpriv replay' and 'exactpriv measure' read it)"
    if fmt == "markdown":
        return text + "".join("\n```text\n" + "\n".join(b) + "\n```\n" for b in blocks) + "\n" + hint + "\n"
    return text + "".join("\n" + "\n".join(b) + "\n" for b in blocks) + hint + "\n"


def _announce(rr, witness_doc: dict) -> None:
    """A found witness on stderr as one JSON line, before any write is attempted (issue 10: a write
    that fails or is killed midway then loses nothing)."""
    print(f"found {rr.claim_id} [{rr.reading}]: " + json.dumps(witness_doc, separators=(",", ":"), default=str),
          file=sys.stderr, flush=True)


def _run_hunt(args) -> int:
    from rich.console import Console

    from counterexamples.archive import witness_document
    from counterexamples.hunt_claim import hunt
    from exactpriv.claims import ReadingResult, Verdict
    from exactpriv.claims.banks import find_claim as get_claim

    use_cache_for_hypothesis()
    archive_dir = archive_directory(args.archive) if args.archive is not None else None
    claim = get_claim(args.claim_id, banks_of(args))
    quiet_third_party()
    t0 = time.perf_counter()
    workers, scheduler = workers_of(args)
    bank_specs = (list(args.bank) + list(getattr(args, "banks", []) or [])) or None
    announce = (lambda rr, found_by: _announce(rr, witness_document(rr, seed=args.seed, found_by=found_by))) \
        if archive_dir is not None else None
    # one loop for the serial and the sharded hunt (counterexamples.hunt_claim): the same seed and effort
    # give the same document with any --workers; --seconds only stops it
    with progress_bar(f"hunt {claim.id}", budget_seconds=args.seconds) as bar:
        task = bar.add_task("shards", total=None)

        def tick(done, total, refuted):
            bar.update(task, completed=done, total=total, description=esc(f"{refuted} refuted"))

        progress = tick if not (workers or scheduler) else progress_printer(Console(stderr=True), f"hunt {claim.id}")
        runs = hunt(claim, reading=args.reading, seconds=args.seconds, seed=args.seed,
                    max_examples=args.max_examples, workers=workers, scheduler=scheduler, banks=bank_specs,
                    archive=archive_dir is not None, directory=archive_dir, overwrite=args.overwrite,
                    progress=progress, announce=announce)
    by_name = {r.name: r for r in claim.readings}
    out: list[dict] = []
    rows: list[Row] = []
    failed_writes = [res.archive_error for res in runs if res.archive_error]
    for res in runs:
        doc = res.to_json()
        if res.verdict == Verdict.REFUTED and res.witness is not None:
            # the witness document (as announced and archived): what 'replay' reads from --json
            rr = ReadingResult(claim.id, res.reading, Verdict.REFUTED, {}, res.witness, res.values)
            doc["witness"] = witness_document(rr, seed=args.seed, found_by=f"exactpriv hunt ({res.found_by})")
        out.append(doc)
        rows.append(_row(claim, by_name[res.reading], doc))
    interrupted = runs.interrupted
    total = runs.total
    done = sum(1 for d in out if "interrupted" not in str(d.get("stopped_by")))
    title = f"exactpriv hunt {claim.id}: {count(len(out), 'reading')} in {time.perf_counter() - t0:.1f} s (seed {args.seed})"
    if interrupted:
        title += f" (PARTIAL: interrupted after {done} of {total})"
    sys.stdout.write(_render_hunt(rows, fmt=args.format, title=title, show_all=args.show_all))
    sys.stdout.flush()
    json_path = None
    if args.json:
        payload = {"partial": True, "readings_done": done, "readings_total": total, "results": out} \
            if interrupted else out
        json_path = Path(args.json)
        if interrupted and _results_in(json_path) >= len(out):  # never replace an earlier result with less
            json_path = json_path.with_name(json_path.name + ".partial")
        write_output(json_path, json.dumps(payload, indent=1, default=str) + "\n")
    for msg in failed_writes:
        print(f"error {msg} (the witness is printed above)", file=sys.stdout)
    if interrupted:
        where = "" if json_path is None else (
            f"; results written to {json_path}, marked partial" + (
                f" (the earlier {args.json} has at least as many results and is kept)"
                if str(json_path) != str(args.json) else ""))
        print(f"interrupted: {done} of {total} readings hunted" + where, file=sys.stderr)
        return EXIT_INTERRUPTED
    if failed_writes:
        return 1
    # the time limit stopped a reading before its examples were drawn: no verdict about it (issue 19)
    return EXIT_STOPPED if any(res.verdict == Verdict.STOPPED for res in runs) else 0


def _results_in(path: Path) -> int:
    """How many reading results an earlier ``hunt --json`` document at ``path`` holds (0 if none or unreadable)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return 0
    if isinstance(doc, list):
        return len(doc)
    if isinstance(doc, dict) and isinstance(doc.get("results"), list):
        return len(doc["results"])
    return 0


def add_parser(subparsers, name="hunt"):
    p = subparsers.add_parser("hunt", help="search for an exact counterexample to a bank claim")
    p.add_argument("claim_id", help="the claim's id (see 'exactpriv list claims')")
    add_bank_argument(p)
    p.add_argument("--reading", help="hunt only this reading (default: every reading with a check)")
    p.add_argument("--seconds", type=seconds_option, default=DEFAULT_SEARCH_SECONDS,
                   help="time limit of the whole hunt: it only stops the search (readings it stops are STOPPED, "
                        f"exit status {EXIT_STOPPED}); the examples decide (default {DEFAULT_SEARCH_SECONDS:g})")
    p.add_argument("--seed", type=int_option, default=0, help="random seed (default 0)")
    p.add_argument("--max-examples", type=int_option, default=None, dest="max_examples",
                   help="instances drawn per reading (default: the effort's examples, 1,000 at --effort default): "
                        "the same --seed and count give the same result on every machine and with any --workers")
    p.add_argument("--json", help="write the results here, each refutation with its witness document, "
                                  "which 'exactpriv replay' reads from this file (default: none)")
    p.add_argument("--archive", nargs="?", const="counterexamples/found", default=None, metavar="DIR",
                   help="write each refutation to DIR/<id>--<reading>.json (DIR default: "
                        "./counterexamples/found of the current project; never inside site-packages)")
    p.add_argument("--overwrite", action="store_true",
                   help="with --archive: replace an existing witness file (default: keep it)")
    add_effort_argument(p)
    add_format_arguments(p)
    add_workers_arguments(p)
    p.set_defaults(func=_run_hunt)
    return p
