"""``exactpriv hunt CLAIM_ID ...`` and ``exactpriv conjecture --given ... --measure ... --bound ...``."""

from __future__ import annotations

import json

from rich.text import Text

from exactpriv.cli._common import EXIT_INTERRUPTED, esc, int_option, seconds_option, write_output
from exactpriv.errors import ExactPrivError

from exactpriv.cli._common import add_bank_argument, archive_directory, banks_of, use_cache_for_hypothesis
from exactpriv.cli._workers import add_workers_arguments, progress_printer, workers_of

__all__ = ["add_parser"]


def _progress_runner(console, title):
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    progress = Progress(SpinnerColumn(), TextColumn(f"[bold]{title}"), TextColumn("{task.description}"),
                        TimeElapsedColumn(), console=console, disable=not console.is_terminal)
    return progress


def _run_hunt(args) -> int:
    from rich.console import Console

    from counterexamples.archive import archive, witness_document, witness_path
    from counterexamples.hunt import hunt_reading
    from exactpriv.claims import ReadingResult, Verdict
    from exactpriv.claims.banks import find_claim as get_claim
    from exactpriv.exact import budget

    console = Console()
    use_cache_for_hypothesis()
    archive_dir = archive_directory(args.archive) if args.archive is not None else None
    claim = get_claim(args.claim_id, banks_of(args))
    readings = [claim.reading(args.reading)] if args.reading else [r for r in claim.readings if r.check]
    per = args.seconds / max(1, len(readings))
    out = []
    failed_writes = []
    interrupted = False
    workers, scheduler = workers_of(args)
    if workers or scheduler:
        from counterexamples.distributed import run_hunt

        bank_specs = (list(args.bank) + list(getattr(args, "banks", []) or [])) or None
        for res in run_hunt(claim, reading=args.reading, seconds=args.seconds, seed=args.seed,
                            max_examples=args.max_examples, workers=workers, scheduler=scheduler,
                            banks=bank_specs, archive=archive_dir is not None, directory=archive_dir,
                            progress=progress_printer(console, f"hunt {claim.id}")):
            out.append(res.to_json())
        readings = []
    with _progress_runner(console, esc(f"hunt {claim.id}")) as progress:
        for r in readings:
            if budget.stop_requested():  # Ctrl-C stops the whole hunt, not only one reading
                interrupted = True
                break
            task = progress.add_task(esc(f"({r.name})"), total=None)

            def tick(tried, best, task=task, name=r.name):
                progress.update(task, description=esc(f"({name}) instances tried: {tried}, best margin: "
                                                      f"{best:.3g}" if best is not None and best > -1e300 else
                                                      f"({name}) instances tried: {tried}"))

            try:
                res = hunt_reading(claim, r, seconds=per, seed=args.seed, max_examples=args.max_examples,
                                   progress=tick)
            except KeyboardInterrupt:
                interrupted = True
                break
            interrupted = interrupted or budget.stop_requested()
            progress.update(task, description=esc(f"({r.name}) {res.verdict.value} after {res.tried} instances"))
            doc = res.to_json()
            if res.verdict == Verdict.REFUTED and res.witness is not None:
                rr = ReadingResult(claim.id, r.name, Verdict.REFUTED, {}, res.witness, res.values)
                found_by = f"exactpriv hunt ({res.found_by})"
                # printed before any write is attempted: a full disk or a kill cannot lose it
                witness = witness_document(rr, seed=args.seed, found_by=found_by)
                progress.console.print(Text(f"witness for {claim.id} [{r.name}]:"))
                progress.console.print(Text(json.dumps(witness, default=str)), soft_wrap=True)
                doc["witness"] = witness
                if archive_dir is not None:
                    target = witness_path(claim.id, r.name, directory=archive_dir)
                    if target.exists() and not args.overwrite:
                        doc["note"] = ((doc.get("note") or "") + f" not archived: {target} exists "
                                       "(--overwrite replaces it)").strip()
                    else:
                        try:
                            doc["witness_file"] = str(archive(rr, seed=args.seed, found_by=found_by,
                                                              directory=archive_dir))
                        except ExactPrivError as exc:
                            failed_writes.append(f"{type(exc).__name__}: {exc}")
            out.append(doc)
    colours = {"REFUTED": "red", "CHECKED": "cyan", "UNDECIDED": "yellow"}
    for doc in out:
        colour = colours.get(doc["verdict"], "white")
        console.print(esc(f"{doc['id']} [{doc['reading']}]: ") + f"[{colour}]{doc['verdict']}[/] — "
                      + esc(f"{doc['tried']} exact instances in {doc['seconds']} s"
                            + (f", found by {doc['found_by']}" if doc['found_by'] else "")
                            + (f"; witness: {doc['witness_file']}" if doc.get("witness_file") else "")
                            + (f" ({doc['note']})" if doc.get("note") else "")))
    if args.json:
        payload = {"partial": True, "readings_done": len(out), "readings_total": len(readings), "results": out} \
            if interrupted else out
        write_output(args.json, json.dumps(payload, indent=1, default=str) + "\n")
    for msg in failed_writes:
        console.print("[red]error[/] " + esc(f"{msg} (the witness is printed above)"))
    if interrupted:
        console.print(Text(f"interrupted: {len(out)} of {len(readings)} readings hunted"
                           + ("; results written, marked partial" if args.json else "")))
        return EXIT_INTERRUPTED
    return 1 if failed_writes else 0


def _run_conjecture(args) -> int:
    from rich.console import Console

    from counterexamples.conjecture import conjecture
    from exactpriv.exact import budget

    console = Console()
    use_cache_for_hypothesis()
    kw = dict(given=args.given, measure=args.measure, bound=args.bound, params=args.param or None,
              space=args.space, seconds=args.seconds, seed=args.seed, prior=args.prior,
              max_examples=args.max_examples)
    workers, scheduler = workers_of(args)
    if workers or scheduler:
        from counterexamples.distributed import run_conjecture

        res = run_conjecture(**kw, workers=workers, scheduler=scheduler,
                             progress=progress_printer(console, "conjecture"))
    else:
        res = conjecture(**kw)
    escape = esc
    if res.verdict.value == "REFUTED":
        console.print("[red]REFUTED[/]: " + escape(f"{args.measure} = {res.measure_value} > {res.bound_value} "
                                                   f"= bound at {args.given} = {res.given_value}"))
        text = json.dumps(res.witness)
        # a large witness (a product over many records) is named by its constructor label; --json has it all
        console.print(escape(text if len(text) <= 4000 else
                             f"witness: {res.witness.get('label')} (its exact matrix is in --json)"))
    elif res.verdict.value == "UNDECIDED":
        console.print("[yellow]UNDECIDED[/]: " + escape(f"{res.note} ({res.searched}, {res.seconds:.1f} s)"))
    else:
        console.print("[cyan]CHECKED[/]: " + escape(f"no counterexample in {res.searched} ({res.seconds:.1f} s)"))
    interrupted = budget.stop_requested()
    if args.json:
        doc = res.to_json()
        if interrupted:
            doc["partial"] = True
        write_output(args.json, json.dumps(doc, indent=1) + "\n")
    if interrupted:
        console.print(Text("interrupted: the search stopped early" + ("; result written" if args.json else "")))
        return EXIT_INTERRUPTED
    return 0


def add_parser(subparsers, name):
    if name == "hunt":
        p = subparsers.add_parser("hunt", help="search for an exact counterexample to a bank claim")
        p.add_argument("claim_id", help="the claim's id (see 'exactpriv list claims')")
        add_bank_argument(p)
        p.add_argument("--reading", help="hunt only this reading (default: every reading with a check)")
        p.add_argument("--seconds", type=seconds_option, default=30.0,
                       help="time budget, split over the readings (default 30)")
        p.add_argument("--seed", type=int_option, default=0, help="random seed (default 0)")
        p.add_argument("--max-examples", type=int_option, default=None, dest="max_examples",
                       help="bound on the drawn instances per reading: with it, the same --seed gives the same "
                            "result on every run (unless --seconds runs out first)")
        p.add_argument("--json", help="write the results here, each refutation with its witness document, "
                                      "which 'exactpriv replay' reads from this file (default: none)")
        p.add_argument("--archive", nargs="?", const="counterexamples/found", default=None, metavar="DIR",
                       help="write each refutation to DIR/<id>--<reading>.json (DIR default: "
                            "./counterexamples/found of the current project; never inside site-packages)")
        p.add_argument("--overwrite", action="store_true",
                       help="with --archive: replace an existing witness file (default: keep it)")
        add_workers_arguments(p)
        p.set_defaults(func=_run_hunt)
    elif name == "conjecture":
        p = subparsers.add_parser("conjecture", help="hunt a counterexample to your own implication")
        p.add_argument("--given", required=True, help="measure name of the hypothesis (e.g. pure_dp)")
        p.add_argument("--measure", required=True, help="measure name of the conclusion (e.g. kl_dp)")
        p.add_argument("--bound", required=True,
                       help="bound in eps (= the given value) and the --param symbols, e.g. 'eps**2/3' or "
                            "'eps + log(1/delta)/(alpha-1)'")
        p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE[,VALUE...]",
                       help="a parameter of the bound or of a notion (repeatable): alpha=2 (renyi_dp's order), "
                            "delta=1/1000 (approx_dp: its tightest eps at delta), epsilon=1 (approx_dp: its delta "
                            "at epsilon); several values make a grid")
        p.add_argument("--space", default=None,
                       help="e.g. hamming:m=2,n=1, subsets:n=3, bounded:n=4,k=2 (default: escalate from one "
                            "binary record to two ternary records)")
        p.add_argument("--prior", default="any", choices=["any", "independent", "correlated"])
        p.add_argument("--seconds", type=seconds_option, default=30.0)
        p.add_argument("--seed", type=int_option, default=0)
        p.add_argument("--max-examples", type=int, default=None, dest="max_examples",
                       help="bound on the drawn instances per level: with it, the same --seed gives the same "
                            "result on every run and with any number of --workers (unless --seconds runs out)")
        p.add_argument("--json")
        add_workers_arguments(p)
        p.set_defaults(func=_run_conjecture)
    return p
