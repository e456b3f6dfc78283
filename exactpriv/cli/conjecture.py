"""``exactpriv conjecture --given ... --measure ... --bound ...``: hunt a counterexample to your own implication."""

from __future__ import annotations

import json
import sys

from exactpriv.cli._common import (DEFAULT_SEARCH_SECONDS, EXIT_INTERRUPTED, EXIT_STOPPED, add_effort_argument,
                                   add_workers_arguments, int_option, seconds_option, use_cache_for_hypothesis,
                                   workers_of)
from exactpriv.cli._output import (count, esc, output_width, progress_bar, progress_printer, quiet_third_party,
                                   write_output)
from exactpriv.cli._witness_text import witness_lines, wrap

__all__ = ["add_parser"]


def _approx(text: str | None) -> str:
    """`` ≈ 0.0123`` for an exact value string (read by the safe grammar, never eval), or ""."""
    if not text:
        return ""
    from exactpriv import io
    from exactpriv.errors import ExactPrivError

    try:
        value = io.parse_value(text, "$", symbols=())
        return f" ≈ {float(value.evalf(20)):.6g}" if hasattr(value, "evalf") else f" ≈ {float(value):.6g}"
    except (ExactPrivError, TypeError, ValueError, OverflowError):
        return ""


def _conjecture_text(doc: dict, *, fmt: str, params: list[str]) -> str:
    """A conjecture's result: the statement, the verdict, the refuting values and the witness, readable."""
    width = output_width()
    op = doc.get("operator")
    measured = (f"{doc['measure']}(M^k, composed exactly)" if op == "compose" else
                f"{doc['measure']}({op}(M))" if op else doc["measure"])
    statement = f"{doc['given']} = eps  ⇒  {measured} <= {doc['bound']}"
    if params:
        statement += f"  ({', '.join(params)})"
    verdict = doc["verdict"]
    head = f"{verdict} in {doc['timing']['seconds']:.1f} s, {count(doc['tried'], 'exact instance')}"
    lines = wrap(f"exactpriv conjecture: {statement}", width) + wrap(f"verdict: {head}", width)
    if verdict == "REFUTED":
        lines += wrap(f"{doc['measure']} = {doc['measure_value']}{_approx(doc['measure_value'])}", width, "  ")
        lines += wrap(f"> bound = {doc['bound_value']}{_approx(doc['bound_value'])}", width, "  ")
        lines += wrap(f"at {doc['given']} = eps = {doc['given_value']}{_approx(doc['given_value'])}", width, "  ")
        if doc.get("found_by"):
            lines += wrap(f"found by {doc['found_by']} on {doc.get('space', '?')}", width, "  ")
    elif doc.get("note"):
        lines += wrap(("why: " if verdict in ("UNDECIDED", "STOPPED") else "note: ") + doc["note"], width, "  ")
    if isinstance(doc.get("tight"), dict):  # --tight: is the bound attained?
        lines += wrap(f"attained: {doc['tight']['verdict']} — {doc['tight'].get('note', '')}", width, "  ")
    parts = [p for p in str(doc.get("searched") or "").split("; ") if p]
    lines.append("  searched:" + ("" if parts else " nothing"))
    for part in parts:  # one line per searched level
        lines += wrap(part, width, "    ")
    if isinstance(doc.get("witness"), dict):
        lines.append("")
        lines += witness_lines(doc["witness"], width)
        lines.append("(--json PATH writes the witness; 'exactpriv measure PATH' and 'exactpriv replay' read it)")
    if fmt == "markdown":
        return "```text\n" + "\n".join(lines) + "\n```\n"
    return "\n".join(lines) + "\n"


def _run_conjecture(args) -> int:
    from rich.console import Console

    from counterexamples.conjecture import conjecture
    from exactpriv import effort

    use_cache_for_hypothesis()
    quiet_third_party()
    operator, params = args.operator, list(args.param or [])
    if args.compose is not None:  # --compose K: the k-fold composition by exact accounting (conjecture_operators)
        from exactpriv.errors import InvalidArgument

        if operator is not None or any(p.split("=", 1)[0].strip() == "k" for p in params):
            raise InvalidArgument("--compose K gives the operator and its k: drop --operator / --param k=")
        operator, params = "compose", params + [f"k={args.compose}"]
    kw = dict(given=args.given, measure=args.measure, bound=args.bound, params=params or None,
              space=args.space, seconds=args.seconds, seed=args.seed, prior=args.prior,
              max_examples=args.max_examples, operator=operator, tight=args.tight)
    workers, scheduler = workers_of(args)
    # one loop in-process and on workers (counterexamples.conjecture): the effort decides, --seconds only stops
    if workers or scheduler:
        res = conjecture(**kw, workers=workers, scheduler=scheduler,
                         progress=progress_printer(Console(stderr=True), "conjecture"))
    else:
        with progress_bar("conjecture", budget_seconds=args.seconds) as bar:
            task = bar.add_task(esc(f"{args.measure} <= {args.bound}"), total=None)

            def tick(done, total, refuted):
                bar.update(task, completed=done, total=total)

            res = conjecture(**kw, progress=tick)
    interrupted = effort.stop_requested()
    doc = res.to_json()
    if interrupted:
        doc["partial"] = True
    if args.format == "json":
        sys.stdout.write(json.dumps(doc, indent=1) + "\n")
    else:
        sys.stdout.write(_conjecture_text(doc, fmt=args.format, params=params))
    sys.stdout.flush()
    if args.json:
        write_output(args.json, json.dumps(doc, indent=1) + "\n")
    if interrupted:
        print("interrupted: the search stopped early" + ("; result written" if args.json else ""), file=sys.stderr)
        return EXIT_INTERRUPTED
    # the time limit stopped the search before its examples were drawn: no verdict (issue 19)
    return EXIT_STOPPED if doc["verdict"] == "STOPPED" else 0


def add_parser(subparsers, name="conjecture"):
    p = subparsers.add_parser("conjecture", help="hunt a counterexample to your own implication")
    p.add_argument("--given", required=True, help="measure name of the hypothesis (e.g. pure_dp)")
    p.add_argument("--measure", required=True, help="measure name of the conclusion (e.g. kl_dp)")
    p.add_argument("--bound", required=True,
                   help="bound in eps (= the given value) and the --param symbols, e.g. 'eps**2/3' or "
                        "'eps + log(1/delta)/(alpha-1)'")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE[,VALUE...]",
                   help="a parameter of the bound or of a notion (repeatable): alpha=2 (renyi_dp's order), "
                        "delta=1/1000 (approx_dp: its tightest eps at delta), epsilon=1 (approx_dp: its delta "
                        "at epsilon); several values make a grid; values are integers, fractions or exact "
                        "constants such as log(2) (rational only where an operator or a notion other than "
                        "approx_dp's epsilon reads them) (default: none)")
    p.add_argument("--space", default=None,
                   help="e.g. hamming:m=2,n=1, subsets:n=3, bounded:n=4,k=2 (default: escalate from one "
                        "binary record to two ternary records)")
    p.add_argument("--prior", default="any", choices=["any", "independent", "correlated", "uniform"],
                   help="which priors a prior-dependent measure is taken over: any, independent records, "
                        "correlated ones, or the uniform prior only (default any)")
    p.add_argument("--operator", default=None, choices=["k_fold", "compose", "group", "subsample", "post_process"],
                   help="measure the conclusion on an operator's output, given(M) = eps => measure(op(M)) <= "
                        "bound: k_fold and group take --param k=..., subsample --param q=... (add/remove spaces), "
                        "post_process draws a kernel with each mechanism (default: none)")
    p.add_argument("--compose", default=None, metavar="K[,K...]",
                   help="measure the conclusion on the k-fold composition M^k for each K (up to 10,000), kept "
                        "factored and accounted exactly (pure_dp from the factors, approx_dp through the composed "
                        "privacy-loss distributions; the bound may use k), e.g. --compose 100 --bound 'k*eps' "
                        "(default: none)")
    p.add_argument("--tight", action="store_true",
                   help="also ask whether the bound is attained, on the symbolic families RR(2, eps), RR(3, eps), "
                        "TG(2, eps) (certified identities; default: off)")
    p.add_argument("--seconds", type=seconds_option, default=DEFAULT_SEARCH_SECONDS,
                   help="time limit of the whole search: it only stops it (the result is then STOPPED, exit "
                        f"status {EXIT_STOPPED}); the examples decide (default {DEFAULT_SEARCH_SECONDS:g})")
    p.add_argument("--seed", type=int_option, default=0, help="random seed (default 0)")
    p.add_argument("--max-examples", type=int_option, default=None, dest="max_examples",
                   help="instances drawn per level searched (default: the effort's examples, 1,000 at --effort "
                        "default, shared by the levels); the same --seed and effort give the same result on every "
                        "machine and with any number of --workers")
    p.add_argument("--json", help="write the result with its witness here; 'exactpriv measure' and "
                                  "'exactpriv replay' read it (default: none)")
    p.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                   help="how to print the result on stdout (default table: the verdict, the refuting "
                        "values and the witness as lines of at most 120 columns)")
    add_effort_argument(p)
    add_workers_arguments(p)
    p.set_defaults(func=_run_conjecture)
    return p
