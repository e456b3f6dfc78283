"""``exactpriv hunt CLAIM_ID ...``: search for an exact counterexample to each reading of a bank claim."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from exactpriv.cli._common import (EXIT_INTERRUPTED, add_bank_argument, add_effort_argument, archive_directory, banks_of, esc,
                                   int_option, seconds_option, use_cache_for_hypothesis, write_output)
from exactpriv.cli._output import (Row, add_format_arguments, count, output_width, progress_bar, quiet_third_party,
                                   render)
from exactpriv.cli._witness_text import witness_lines
from exactpriv.cli._workers import add_workers_arguments, progress_printer, workers_of

__all__ = ["add_parser"]


def _row(claim, reading, doc: dict):
    """The output row of one hunted reading (its finding class and expectation come from the reading)."""
    verdict = doc["verdict"]
    evidence = f"{doc['tried']} exact instances in {doc['seconds']} s"
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

    from counterexamples.archive import archive_found, witness_document
    from counterexamples.hunt import hunt_reading
    from exactpriv.claims import ReadingResult, Verdict
    from exactpriv.claims.banks import find_claim as get_claim
    from exactpriv import effort

    use_cache_for_hypothesis()
    archive_dir = archive_directory(args.archive) if args.archive is not None else None
    claim = get_claim(args.claim_id, banks_of(args))
    readings = [claim.reading(args.reading)] if args.reading else [r for r in claim.readings if r.check]
    per = args.seconds / max(1, len(readings))
    out: list[dict] = []
    rows: list[Row] = []
    failed_writes = []
    interrupted = False
    quiet_third_party()
    t0 = time.perf_counter()
    workers, scheduler = workers_of(args)
    if workers or scheduler:
        from counterexamples.distributed import run_hunt

        bank_specs = (list(args.bank) + list(getattr(args, "banks", []) or [])) or None
        by_name = {r.name: r for r in claim.readings}
        for res in run_hunt(claim, reading=args.reading, seconds=args.seconds, seed=args.seed,
                            max_examples=args.max_examples, workers=workers, scheduler=scheduler,
                            banks=bank_specs, archive=archive_dir is not None, directory=archive_dir,
                            overwrite=args.overwrite,
                            progress=progress_printer(Console(stderr=True), f"hunt {claim.id}"),
                            announce=(lambda rr: _announce(rr, witness_document(rr, seed=args.seed,
                                                                                found_by="exactpriv hunt")))
                            if archive_dir is not None else None):
            doc = res.to_json()
            if res.verdict == Verdict.REFUTED and res.witness is not None:
                # the witness document, as the serial branch writes it: what 'replay' reads from --json
                rr = ReadingResult(claim.id, res.reading, Verdict.REFUTED, {}, res.witness, res.values)
                doc["witness"] = witness_document(rr, seed=args.seed, found_by=f"exactpriv hunt ({res.found_by})")
            out.append(doc)
            rows.append(_row(claim, by_name[res.reading], doc))
        readings = []
    with progress_bar(f"hunt {claim.id}", budget_seconds=args.seconds) as progress:
        task = progress.add_task("", total=len(readings))
        for r in readings:
            if effort.stop_requested():  # Ctrl-C stops the whole hunt, not only one reading
                interrupted = True
                break

            def tick(tried, best, name=r.name):
                margin = f", best margin {best:.3g}" if best is not None and best > -1e300 else ""
                progress.update(task, description=esc(f"[{name}] {tried} instances{margin}"))

            try:
                res = hunt_reading(claim, r, seconds=per, seed=args.seed, max_examples=args.max_examples,
                                   progress=tick)
            except KeyboardInterrupt:
                interrupted = True
                break
            interrupted = interrupted or effort.stop_requested()
            progress.advance(task)
            doc = res.to_json()
            if res.verdict == Verdict.REFUTED and res.witness is not None:
                rr = ReadingResult(claim.id, r.name, Verdict.REFUTED, {}, res.witness, res.values)
                found_by = f"exactpriv hunt ({res.found_by})"
                doc["witness"] = witness_document(rr, seed=args.seed, found_by=found_by)
                if archive_dir is not None:
                    # issue 10: the witness reaches the terminal before any write is attempted, so a
                    # write killed or failing midway loses nothing (one JSON line on stderr)
                    _announce(rr, doc["witness"])
                    saved = archive_found(rr, directory=archive_dir, overwrite=args.overwrite, seed=args.seed,
                                          found_by=found_by)
                    if saved.path is not None:
                        doc["witness_file"] = str(saved.path)
                    elif saved.error:  # the witness is still printed below and in --json
                        failed_writes.append(saved.error)
                    else:
                        doc["note"] = ((doc.get("note") or "") + " " + saved.note).strip()
            out.append(doc)
            rows.append(_row(claim, r, doc))
    total = len(out) if not readings else len(readings)
    title = f"exactpriv hunt {claim.id}: {count(len(out), 'reading')} in {time.perf_counter() - t0:.1f} s (seed {args.seed})"
    if interrupted:
        title += f" (PARTIAL: interrupted after {len(out)} of {total})"
    sys.stdout.write(_render_hunt(rows, fmt=args.format, title=title, show_all=args.show_all))
    sys.stdout.flush()
    json_path = None
    if args.json:
        payload = {"partial": True, "readings_done": len(out), "readings_total": total, "results": out} \
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
        print(f"interrupted: {len(out)} of {total} readings hunted" + where, file=sys.stderr)
        return EXIT_INTERRUPTED
    return 1 if failed_writes else 0


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
    p.add_argument("--seconds", type=seconds_option, default=30.0,
                   help="time budget, split over the readings (default 30)")
    p.add_argument("--seed", type=int_option, default=0, help="random seed (default 0)")
    p.add_argument("--max-examples", type=int_option, default=None, dest="max_examples",
                   help="bound on the drawn instances per reading: with it, the same --seed gives the same "
                        "result on every run (unless --seconds runs out first); default: no bound")
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
