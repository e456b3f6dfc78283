"""``exactpriv prove``: prove or refute a univariate inequality from the command line.

    exactpriv prove "eps*tanh(eps/2) <= Min(eps, eps**2)" --domain "[0, oo)" [--seconds N] [--json PATH]

The inequality and the domain go through the safe grammar (:mod:`exactpriv.exact.expressions`);
the work is done by :func:`exactpriv.certify.prove`.  Exit code 0 for every verdict (a
refutation is a finding, not an error) unless ``--strict`` (4 REFUTED, 5 UNDECIDED, 7 STOPPED); bad input raises an ExactPrivError, which
:func:`exactpriv.cli.main` turns into exit code 1.
"""

from __future__ import annotations

import json

from exactpriv.cli._common import (EXIT_STOPPED, EXIT_UNDECIDED, EXIT_UNEXPECTED, INT_RANGES, add_effort_argument,
                                   int_option, seconds_option)
from exactpriv.cli._output import write_output


__all__ = ["add_parser", "cmd_prove"]



#: Default time limit of ``exactpriv prove`` (a safety net: every proof of the docs takes under a second).
PROVE_SECONDS = 120.0


def add_parser(subparsers, name: str = "prove"):
    """Register the ``prove`` subcommand on an argparse ``subparsers`` object."""
    from exactpriv.certify.limits import DEFAULT_MAX_PREC

    p = subparsers.add_parser(name, help="prove or refute a univariate inequality g(eps) >= 0 on an interval",
                              description="Prove or refute 'lhs op rhs' for all eps in the domain; prints the "
                                          "verdict (PROVED, REFUTED, UNDECIDED), the method and a summary of "
                                          "the certificate (the full certificate is written by --json).")
    p.add_argument("inequality", help="e.g. \"eps*tanh(eps/2) <= Min(eps, eps**2)\" (op: < <= > >= ==)")
    p.add_argument("--domain", default="[0, oo)", help="interval for eps, e.g. \"(0, 27/20]\" (default \"[0, oo)\")")
    p.add_argument("--seconds", type=seconds_option, default=PROVE_SECONDS,
                   help=f"time limit, a safety net (default {PROVE_SECONDS:g}): a proof it stops is STOPPED, never "
                        f"UNDECIDED; the effort decides the verdict")
    p.add_argument("--max-prec", type=int_option, default=None,
                   help=f"largest arb precision in bits (default: the effort's, {DEFAULT_MAX_PREC} at the default "
                        f"effort; at most {INT_RANGES['max_prec'][1]})")
    add_effort_argument(p)
    p.add_argument("--json", dest="json_path",
                   help="write the result (verdict, method, the full certificate, point) here (default: none)")
    p.add_argument("--strict", action="store_true",
                   help="exit 4 when REFUTED, 5 when UNDECIDED and 7 when STOPPED (default: exit 0 for every "
                        "verdict)")
    p.set_defaults(func=cmd_prove)
    return p


def cmd_prove(args) -> int:
    from exactpriv.certify import prove

    res = prove(args.inequality, domain=args.domain, seconds=args.seconds, max_prec=args.max_prec)
    print(f"{res.verdict}: {res.statement} for eps in {res.domain}")
    print(f"  method: {res.method}")
    if res.point is not None:
        print(f"  point: eps = {res.point}")
        if res.values:
            for side in ("lhs", "rhs"):
                v = res.values.get(side)
                if v:
                    print(f"    {side} in [{v[0]}, {v[1]}]")
    print(f"  {'reason' if res.verdict in ('UNDECIDED', 'STOPPED') else 'because'}: {res.reason}")
    cert = res.certificate
    prec = f", precision {cert['precision']} bits" if cert.get("precision") else ""
    used = (cert.get("effort") or {}).get("steps_used")
    effort = f", {used:,} of {cert['effort']['proof_steps']:,} proof steps" if used is not None else ""
    print(f"  certificate: {len(cert.get('steps', []))} steps{prec}{effort}, {res.timing.get('seconds')} s"
          + ("" if args.json_path else " (the full certificate: --json PATH)"))
    if args.json_path:
        path = write_output(args.json_path, json.dumps(res.to_json(), indent=1) + "\n")
        print(f"  wrote {path}")
    if args.strict and res.verdict == "REFUTED":
        return EXIT_UNEXPECTED
    if args.strict and res.verdict == "UNDECIDED":
        return EXIT_UNDECIDED
    if args.strict and res.verdict == "STOPPED":
        return EXIT_STOPPED
    return 0
