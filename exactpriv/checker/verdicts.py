"""One check per verdict (docs/certificates.md): what each verdict's evidence must show."""

from __future__ import annotations

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.statements import QUANTIFIERS, claim_on
from exactpriv.checker.witness import read_instance

__all__ = ["check"]

CLASSES = ("as-written", "boundary", "convention", "variant")


def check(row: dict, *, entry: dict | None, effort: dict):
    """Return when the row's evidence holds (with the trusted meta-theorems a proof rests on, if any)."""
    verdict = row["verdict"]
    statement = row.get("statement")
    if verdict == "NOT_ENCODABLE":
        if not (isinstance(statement, dict) and isinstance(statement.get("not_encodable"), str)):
            raise Failed("a NOT_ENCODABLE row needs the statement {\"not_encodable\": why}")
        return
    max_prec = _check_effort(row, effort)
    if verdict in ("UNDECIDED", "STOPPED"):  # STOPPED: the time limit stopped the work (issue 19), said as such
        if not isinstance(row.get("why"), str) or not row["why"].strip():
            raise Failed(f"an {verdict} row must say why")
        if verdict == "STOPPED" and not isinstance((row.get("effort") or {}).get("stopped"), dict):
            raise Failed("a STOPPED row states the stop in its effort ('stopped': {by, limit_seconds, reason})")
        return
    if not isinstance(statement, dict):
        raise Failed("no statement")
    if "custom" in statement:
        raise NotCheckable(f"custom statement: {statement['custom']}")
    if statement.get("quantifier") not in QUANTIFIERS:
        raise Failed(f"unknown quantifier {statement.get('quantifier')!r}")
    if verdict == "REFUTED":
        return _refuted(row, statement, entry, max_prec) or _listed_trust(statement)
    elif verdict == "CHECKED":
        _checked(row, statement, max_prec)
        return _listed_trust(statement)
    else:
        from exactpriv.checker.certificates import check_certificate

        cert = row.get("certificate")
        if not isinstance(cert, dict):
            raise Failed("a PROVED row needs a certificate")
        if row.get("witness") is not None:
            raise Failed("a PROVED row carries a witness")
        trusted = check_certificate(cert, statement, proves=True, max_prec=max_prec)
        return _compiled_trust(statement, trusted)
    return None


#: what a statement over a bank's listed instances rests on (the checker recomputes each measure, not the build)
LISTED_TRUST = "the bank's build of each listed instance, bound by its sha256 in the manifest"


def _listed_trust(statement: dict) -> list[str] | None:
    family = statement.get("family")
    return [LISTED_TRUST] if isinstance(family, dict) and "listed" in family else None


def _compiled_trust(statement: dict, trusted) -> list[str] | None:
    """A forall-family statement whose families a bank compiled from programs ("compiled": the program's name):
    the checker derives every measure from the listed rational functions, but cannot recompile the program, so
    that build is named as trusted."""
    fams = statement.get("families") if statement.get("quantifier") == "forall-family" else None
    names = [f["compiled"] for f in fams or () if isinstance(f, dict) and isinstance(f.get("compiled"), str)]
    if not names:
        return trusted
    return list(trusted or ()) + [f"the bank's compilation of {', '.join(dict.fromkeys(names))} into the listed "
                                  f"rational functions, bound by the manifest"]


def _check_effort(row: dict, effort: dict) -> int:
    own = row.get("effort") or {}
    if not isinstance(own, dict):
        raise Failed("'effort' must be an object")
    for key, want in effort.items():
        got = own.get(key, want)
        if isinstance(want, int) and (not isinstance(got, int) or isinstance(got, bool) or got < want):
            raise Failed(f"effort below the run's: {key} = {got!r} < {want}")
    prec = own.get("max_prec", effort.get("max_prec", V.MAX_PREC))
    return min(max(prec if isinstance(prec, int) else V.MAX_PREC, V.START_PREC), 1 << 16)


def _refuted(row: dict, statement: dict, entry: dict | None, max_prec: int) -> list[str] | None:
    """Return when the witness or refuting certificate holds (with the trusted steps a certificate names)."""
    cert = row.get("certificate")
    if statement["quantifier"] == "forall-family" and cert is None and row.get("witness") is not None:
        from exactpriv.checker.families import member_statement

        statement = member_statement(statement, read_instance(row["witness"]))  # a member, re-measured
    if statement["quantifier"] != "forall-instances" or cert is not None:
        from exactpriv.checker.certificates import check_certificate

        if not isinstance(cert, dict):
            raise Failed(f"a REFUTED {statement['quantifier']} statement needs a refuting certificate")
        trusted = check_certificate(cert, statement, proves=False, max_prec=max_prec)
        _check_class(row, entry, positive=None)
        return trusted
    inst = read_instance(row.get("witness"))
    holds, env = claim_on(statement, inst, max_prec=max_prec)
    if holds is None:
        raise Failed("the witness is outside the reading's hypotheses (it can never refute it)")
    if holds:
        raise Failed("the claim holds on the witness (recomputed), so it does not refute")
    _check_values(row.get("values"), env, max_prec)
    _check_class(row, entry, positive=_positive(statement, inst, env, max_prec))
    return None


def _positive(statement: dict, inst, env: dict, max_prec: int) -> bool:
    """Whether the witness is non-degenerate: every mechanism entry and prior mass positive, and the statement's
    ``degenerate`` formula over the witness's parameters (its degenerate points, e.g. "p == 0 or p == 1", or a
    parameter end point "n == k") false there."""
    if "degenerate" in statement:
        from exactpriv.checker.expressions import truth

        if not isinstance(statement["degenerate"], str):
            raise Failed("'degenerate' must be a formula")
        if truth(statement["degenerate"], env, max_prec=max_prec):
            return False
    return inst.positive()


def _check_values(vals, env: dict, max_prec: int) -> None:
    """Every decisive value the file states is recomputed and must be equal (a report shows only these)."""
    if vals is None:
        return
    if not isinstance(vals, dict):
        raise Failed("'values' must be an object")
    for name, text in vals.items():
        if name not in env:
            raise Failed(f"value {name!r} is not a measure or parameter of the statement (not recomputable)")
        try:
            stated = evaluate(text, {}) if isinstance(text, str) else None
        except (Failed, NotCheckable, V.Undefined) as exc:
            raise Failed(f"value {name}: {exc}") from None
        if stated is None:
            raise Failed(f"value {name} must be a string")
        # the same exact term on both sides (say log of one 420-bit rational, which no ball separates from itself
        # and the log-forms do not factor) is equal by construction; otherwise decided exactly or by a ball
        if repr(stated) != repr(env[name]) and not V.compare(stated, "==", env[name], max_prec=max_prec):
            raise Failed(f"value {name}: the file says {text}, recomputed {env[name]!r}")


def _check_class(row: dict, entry: dict | None, *, positive) -> None:
    """The finding class: it must be the one the bank declares for the reading (manifest ``finding``) and agree with
    the witness — ``boundary`` needs a zero mechanism entry or prior mass (else the failure is not at a degenerate
    point), ``as-written`` on a witness with zeros needs the bank's declaration (the bank author judged the zeros
    essential to the statement, e.g. an XOR prior); ``convention``/``variant`` must be the reading's declared kind."""
    cls = row.get("finding")
    if cls not in CLASSES:
        raise Failed(f"finding class {cls!r} is not one of {', '.join(CLASSES)}")
    kind = entry.get("kind") if entry is not None else None
    declared = entry.get("finding") if entry is not None else None
    if kind is not None and kind not in ("paper", "convention", "variant"):
        raise Failed(f"the bank declares the reading's kind as {kind!r}")
    if declared is not None and declared != cls:
        raise Failed(f"class {cls}: the bank declares the finding of this reading {declared}")
    if cls in ("convention", "variant"):
        if kind is not None and kind != cls:
            raise Failed(f"class {cls}: the bank declares this reading a {kind} reading")
        return
    if kind is not None and kind != "paper":
        raise Failed(f"class {cls}: the bank declares this reading a {kind} reading, not the paper's")
    if positive is None:
        return  # a refuting certificate over parameters: no mechanism entries to inspect
    if cls == "boundary" and positive:
        raise Failed("class boundary, but the witness is strictly positive with a full-support prior")
    if cls == "as-written" and not positive and declared is None:
        if entry is not None:
            raise Failed("class as-written, but the witness has a zero mechanism entry or prior mass (a boundary "
                         "witness) and the bank declares no finding for the reading")
        raise NotCheckable("class as-written on a witness with a zero entry: only the bank's declaration can "
                           "confirm it (checked without a bank)")


def _checked(row: dict, statement: dict, max_prec: int) -> None:
    checked = row.get("checked")
    if not isinstance(checked, dict) or not isinstance(checked.get("families"), list):
        raise Failed("a CHECKED row needs 'checked': {\"families\": [...]}")
    total = 0
    for fam in checked["families"]:
        if not isinstance(fam, dict):
            raise Failed("a family must be an object")
        insts = fam.get("instances")
        if insts is None:
            raise NotCheckable(f"family {fam.get('name')!r}: instances given by generator")
        if not isinstance(insts, list):
            raise Failed(f"family {fam.get('name')!r}: 'instances' must be a list")
        true = outside = 0
        for w in insts:
            if statement["quantifier"] == "forall-params":
                holds = _at_point(statement, w, max_prec)
            else:
                holds, _ = claim_on(statement, read_instance(w), max_prec=max_prec)
            if holds is None:
                outside += 1
            elif not holds:
                raise Failed(f"family {fam.get('name')!r}: the claim fails on a listed instance (a refutation)")
            else:
                true += 1
        counts = {k: fam[k] for k in ("true", "outside") if k in fam}
        if counts and counts != {k: v for k, v in (("true", true), ("outside", outside)) if k in counts}:
            raise Failed(f"family {fam.get('name')!r}: counts {counts} differ from the recomputed "
                         f"true {true}, outside {outside}")
        total += true
    if total == 0:
        raise Failed("no instance inside the hypotheses was checked")


def _at_point(statement: dict, w, max_prec: int):
    """The claim at a parameter point {"params": {var: value}}; None when the point is outside the domain or a
    range hypothesis."""
    from exactpriv.checker.domains import in_domain, parse_domain
    from exactpriv.checker.expressions import truth, value_of

    dom = statement.get("domain")
    params = w.get("params") if isinstance(w, dict) else None
    if not isinstance(dom, dict) or not isinstance(params, dict) or set(params) != set(dom):
        raise Failed("a point of a forall-params statement gives every quantified variable under 'params'")
    env = {k: value_of(v) for k, v in params.items()}
    if not all(in_domain(env[k], parse_domain(text)) for k, text in dom.items()):
        return None
    for h in statement.get("hypotheses", []):
        if not (isinstance(h, str) and h.startswith("range:")):
            raise NotCheckable(f"hypothesis {h!r} over parameters")
        if not truth(h[len("range:"):], env, max_prec=max_prec):
            return None
    return truth(statement["claim"], env, max_prec=max_prec)
