"""The prover's results in the independent checker's certificate kinds (docs/certificates.md): for each PROVED
(or refuted-by-proof) statement, candidate certificates are built and **kept only when the checker itself accepts
them**, so a conversion never claims more than ``exactpriv check`` re-verifies; a proof no candidate covers keeps the
engine's record under a kind the checker reports as not independently checkable.

* :func:`engine_certificate` — the prover's own checker certificate, its refuting point, or its record;
* :func:`converted_certificate` — a checker-accepted certificate for a statement (one-variable claims, several
  variables on product domains, symbolic families, reduction chains, monotonicity, continuity), or None;
* :func:`family_refutation` — a refuted ``forall-family`` statement's member as a ``point`` of its family;
* :func:`accepted` — a candidate when the checker accepts it.
"""

from __future__ import annotations

import copy
import functools
import json
from fractions import Fraction
from typing import Mapping

from exactpriv.checker.polys import json_key
from exactpriv.claims.witness_json import exact_text, jsonable, witness_of

__all__ = ["DEFAULT_MAX_PREC", "accepted", "converted_certificate", "engine_certificate", "family_refutation"]

#: The effort every reading of a run gets (the exact kernel's default precision ceiling for certified
#: comparisons); a row states its own effort, which may not be below the run's.
DEFAULT_MAX_PREC = 2048


def engine_certificate(proof: Mapping | None, statement: Mapping) -> dict | None:
    """The proof's certificate in the checker's format when there is one — the prover's own
    (``certificate["checker"]``), or for a refuted ``forall-params`` statement the point the prover found —
    else the prover's record under a kind the checker reports as not independently checkable."""
    if not proof:
        return None
    cert = proof.get("certificate")
    if isinstance(cert, dict) and isinstance(cert.get("checker"), dict):
        return cert["checker"]
    domain = statement.get("domain") if statement.get("quantifier") == "forall-params" else None
    if (proof.get("truth") == "FALSE" and isinstance(cert, dict) and isinstance(cert.get("point"), str)
            and isinstance(domain, dict) and len(domain) == 1):
        return {"kind": "point", "at": {next(iter(domain)): cert["point"]}}
    if (proof.get("truth") == "TRUE" and proof.get("method") == "certify:monotone" and isinstance(domain, dict)
            and len(domain) == 1 and isinstance(cert, dict)):
        # the prover's argument (the sign chart of g' in u = e^x) is re-done by the checker from g itself
        subs = next((s.get("substitution") for s in cert.get("steps", []) if isinstance(s, dict)
                     and s.get("method") == "monotone" and s.get("substitution")), None)
        if isinstance(subs, str) and subs.startswith("u = "):
            return {"kind": "monotone", "substitution": subs}
    return {"kind": f"engine:{proof.get('method')}", "reason": proof.get("reason"), "data": jsonable(cert)}


# ----------------------------------------------------------------------------- converted certificates
# The prover's results in the checker's certificate kinds (docs/certificates.md).  Each candidate is kept only when
# the checker itself accepts it, so a conversion can never claim more than the checker re-verifies; a proof that
# no candidate covers keeps the engine's record (reported "not independently checkable").

def _exp_scale(node, var: str) -> int:
    """The least m with every exp(c·var) in the claim's tree a power of exp(var/m) (1 when there is none)."""
    from math import lcm

    from exactpriv.checker.polys import linear_coefficient

    if not isinstance(node, tuple):
        return 1
    m = 1
    if node[0] == "call" and node[1] == "exp" and len(node[2]) == 1:
        c = linear_coefficient(node[2][0], var)
        if c is not None and c.denominator <= 12:
            m = c.denominator
    for child in node[1:]:
        if isinstance(child, tuple):
            m = lcm(m, _exp_scale(child, var))
        elif isinstance(child, list):
            for c in child:
                m = lcm(m, _exp_scale(c, var))
    return m if m <= 12 else 1


def _memo_by_statement(convert):
    """``convert(statement)`` computed once per distinct statement (and rewriting level) in a process.

    A conversion is a pure function of the JSON statement — the checker is deterministic at its fixed
    precision — and the bank asks for the same ones many times (every reduction reading converts the claim on
    RR(2, eps) again; 88 family derivations of 68 distinct statements and 157 one-variable conversions of 116
    in one ``verify``), each a run of the checker over every candidate kind.  Callers get their own copy."""
    cache: dict = {}

    @functools.wraps(convert)
    def memo(statement: dict) -> dict | None:
        text = json_key(statement)
        if text is None:  # not plain JSON that reads back as itself (a tuple shared its list twin's key): not remembered
            return convert(statement)
        key = (text, _rewriting[0])
        if key not in cache:
            if len(cache) >= 4096:
                cache.clear()
            cache[key] = convert(statement)
        return copy.deepcopy(cache[key])

    memo.cache_clear = cache.clear  # type: ignore[attr-defined]
    return memo


@_memo_by_statement
def _proof_for(statement: dict) -> dict | None:
    """The first candidate certificate (exactpriv.certify.checker_format) the checker accepts for a one-variable
    forall-params statement."""
    from exactpriv.certify.checker_format import candidate_proofs
    from exactpriv.checker.certificates import check_certificate
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.values import Undefined as V_Undefined

    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import parse

    var = next(iter(statement.get("domain") or {"eps": None}))
    claim = parse(statement.get("claim", ""))
    if claim[0] == "cmp" and any(side[0] == "call" and side[1].lower() in ("min", "max") for side in claim[2:]):
        # L <= min(…) and the like: one proof per argument (kind split)
        side = 3 if claim[3][0] == "call" and claim[3][1].lower() in ("min", "max") else 2
        parts = []
        for arg in claim[side][2]:
            sub = list(claim)
            sub[side] = arg
            part = _proof_for(dict(statement, claim=unparse(tuple(sub))))
            if part is None:
                break
            parts.append(part)
        else:
            cand = {"kind": "split", "parts": parts}
            try:
                check_certificate(cand, statement, proves=True, max_prec=DEFAULT_MAX_PREC)
                return cand
            except (CheckerError, Failed, NotCheckable, V_Undefined, ArithmeticError, ValueError, RecursionError):
                pass
    for cand in candidate_proofs(var, scale=_exp_scale(claim, var)):
        try:
            check_certificate(cand, statement, proves=True, max_prec=DEFAULT_MAX_PREC)
        except (CheckerError, Failed, NotCheckable, V_Undefined, ArithmeticError, ValueError, RecursionError):
            continue  # this kind does not cover the statement: try the next
        return cand
    if claim[0] == "cmp" and "'sqrt'" not in repr(claim) and _log_depth[0] < 2:
        cand = _logarithm_proof(statement, claim)
        if cand is not None:
            return cand
    if claim[0] == "cmp" and "'sqrt'" in repr(claim) and not _rewriting[0]:
        return _squared_proof(statement, claim)
    if claim[0] == "cmp" and not _rewriting[0]:
        return _halves_proof(statement)
    return None


def _halves_proof(statement: dict) -> dict | None:
    """A bounded domain cut at its midpoint (kind ``cases``; a touching point in the middle such as eq. (99)'s
    x = ½), each half by a candidate of its own."""
    from exactpriv.checker.domains import parse_domain

    (var, text), = statement["domain"].items()
    lo, hi, _, _ = parse_domain(text)
    if not (isinstance(lo, Fraction) and isinstance(hi, Fraction)):
        return None
    mid = (lo + hi) / 2
    _rewriting[0] = True
    try:
        parts = [_proof_for(dict(statement, domain={var: piece}))
                 for piece in (f"{text[0]}{lo}, {mid}]", f"[{mid}, {hi}{text[-1]}")]
    finally:
        _rewriting[0] = False
    return None if None in parts else accepted({"kind": "cases", "at": [str(mid)], "parts": parts}, statement)


_rewriting = [False]  # one level of squaring or halving: the rewritten claims are not rewritten again


def _squared_proof(statement: dict, claim) -> dict | None:
    """L <= R with square roots (Pinsker's √(KL/2)): kind ``square`` — each radicand ≥ 0, R ≥ 0 and L² <= R²
    proved by candidates of their own (exactpriv.checker.rewrites writes the squared claim)."""
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.rewrites import nonnegative_by_shape, squared

    rel, lhs, rhs = claim[1], claim[2], claim[3]
    if rel in (">", ">="):
        rel, lhs, rhs = {">": "<", ">=": "<="}[rel], rhs, lhs
    if rel not in ("<", "<="):
        return None
    radicands: list = []
    squared_claim = f"{unparse(squared(lhs, radicands))} {rel} {unparse(squared(rhs, radicands))}"
    _rewriting[0] = True
    try:
        parts = [_proof_for(dict(statement, claim=f"{unparse(x)} >= 0")) for x in radicands if x[0] != "num"]
        cand = {"kind": "square", "radicands": parts, "then": _proof_for(dict(statement, claim=squared_claim))}
        if not nonnegative_by_shape(rhs):
            cand["nonneg"] = _proof_for(dict(statement, claim=f"{unparse(rhs)} >= 0"))
    finally:
        _rewriting[0] = False
    return accepted(cand, statement)


_log_depth = [0]  # logarithm rewritings nested so far (the rewritten claims may hold one more exponential)


def _logarithm_proof(statement: dict, claim) -> dict | None:
    """small <= big with big − small = P − c·exp(X) (Bretagnolle–Huber's e^{−KL}): kind ``logarithm`` — P > 0 and
    X <= log(P/c) proved by candidates of their own (exactpriv.checker.rewrites writes both claims)."""
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.rewrites import exponential_term

    found = exponential_term(claim)
    if found is None:
        return None
    P, c, X, rel = found
    arg = P if c == 1 else ("/", P, ("num", c))
    _log_depth[0] += 1
    try:
        positive = _proof_for(dict(statement, claim=f"{unparse(P)} > 0"))
        then = None if positive is None else _proof_for(dict(statement, claim=f"{unparse(X)} {rel} log({unparse(arg)})"))
    finally:
        _log_depth[0] -= 1
    if then is None:
        return None
    return accepted({"kind": "logarithm", "positive": positive, "then": then}, statement)


def accepted(cert: dict, statement: dict, *, proves: bool = True) -> dict | None:
    """``cert`` when the checker accepts it as a proof (``proves``) or refutation of ``statement``, else None."""
    from exactpriv.checker.certificates import check_certificate
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.values import Undefined

    try:
        check_certificate(cert, statement, proves=proves, max_prec=DEFAULT_MAX_PREC)
    except (CheckerError, Failed, NotCheckable, Undefined, ArithmeticError, ValueError, RecursionError):
        return None
    return cert


@_memo_by_statement
def _params_certificate(statement: dict) -> dict | None:
    """A one-variable forall-params statement: one accepted proof, or for a conjunction one per conjunct."""
    from exactpriv.checker.errors import CheckerError
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import parse

    try:
        claim = parse(statement.get("claim", ""))
    except CheckerError:
        return None
    if statement.get("integers") and "'sum'" in repr(claim):  # sums over l = 0..n closed by the binomial theorem
        from exactpriv.checker.binomial import binomial_rewrite
        from exactpriv.checker.errors import Failed, NotCheckable

        try:
            then = _params_certificate(binomial_rewrite(statement))
        except (CheckerError, Failed, NotCheckable):
            then = None
        return None if then is None else accepted({"kind": "binomial", "then": then}, statement)
    if len(statement.get("domain") or {}) > 1:
        if claim[0] == "cmp" and claim[1] == "==":  # an identity with logs and exps of several variables
            found = accepted({"kind": "atom-identity"}, statement)
            if found is not None:
                return found
        if claim[0] == "cmp" and claim[1] in (">", ">=", "<", "<="):  # of one sign by its shape (exp, 1 − p, …)
            found = (accepted({"kind": "positive-shape"}, statement)
                     or _coefficients_proof(statement) or _multivariate_proof(statement)
                     or accepted({"kind": "factor-signs"}, statement))
            if found is not None:
                return found
        return _coefficients_proof(statement) or _multivariate_proof(statement)
    if claim[0] != "and":
        found = _proof_for(statement)
        if found is None and ("'max'" in repr(claim).lower() or "'min'" in repr(claim).lower()):
            found = _multivariate_proof(statement)  # max/min resolved by signs (one variable as well)
        return found
    parts = []
    for conj in claim[1]:
        text = unparse(conj)
        proof = _proof_for(dict(statement, claim=text))
        if proof is None:
            return None
        parts.append({"claim": text, "certificate": proof})
    return accepted({"kind": "all", "parts": parts}, statement)


def _coefficients_proof(statement: dict) -> dict | None:
    """A claim over several variables with a product domain: kind ``coefficients`` in some variable y ≥ 0 (the
    checker expands the claim in y itself), each coefficient proved over the other variables."""
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import parse
    from exactpriv.checker.rewrites import in_powers

    claim = parse(statement.get("claim", ""))
    if claim[0] == "and":
        parts = []
        for conj in claim[1]:
            proof = _coefficients_proof(dict(statement, claim=unparse(conj)))
            if proof is None:
                return None
            parts.append({"claim": unparse(conj), "certificate": proof})
        return accepted({"kind": "all", "parts": parts}, statement)
    if claim[0] != "cmp":
        return None
    dom = statement["domain"]
    for y in dom:
        try:
            cs = in_powers(("-", claim[2], claim[3]), y)
        except (CheckerError, Failed, NotCheckable):
            continue
        rest = {v: t for v, t in dom.items() if v != y}
        parts = []
        for j in range(max(cs) + 1):
            c = cs.get(j, ("num", 0))
            want = claim[1] if j == 0 or claim[1] == "==" else claim[1].rstrip("=") + "="
            parts.append(None if c[0] == "num" else _params_certificate(
                {"quantifier": "forall-params", "domain": rest, "claim": f"{unparse(c)} {want} 0"}))
        cert = accepted({"kind": "coefficients", "variable": y, "parts": parts}, statement)
        if cert is not None:
            return cert
    return None


def _signed_proof(statement: dict) -> dict | None:
    """Kind ``signed-coefficients`` for a rational claim over several variables: each variable shifted from the
    end of its interval that makes the coefficients one-signed (every combination tried)."""
    import itertools

    names = sorted(statement["domain"])
    if len(names) > 5:
        return None
    for ends in itertools.product(("lower", "upper"), repeat=len(names)):
        cert = accepted({"kind": "signed-coefficients", "shifts": dict(zip(names, ends))}, statement)
        if cert is not None:
            return cert
    return None


def _signed_or_factored(statement: dict) -> dict | None:
    """Signed coefficients, else the signs of the factors, else (an equation) atom-identity."""
    return (_signed_proof(statement) or accepted({"kind": "factor-signs"}, statement)
            or accepted({"kind": "atom-identity"}, statement))


def _multivariate_proof(statement: dict) -> dict | None:
    """A claim over several variables with max/min written out (hockey-stick sums): kind ``resolve``, each
    max/min's larger (smaller) argument shown by signed coefficients, then the rewritten claim — a conjunction
    part by part — by signed coefficients."""
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import parse

    claim = parse(statement.get("claim", ""))
    choices: list = []

    def walk(node):
        if not isinstance(node, tuple):
            return node
        if node[0] == "call" and node[1].lower() in ("max", "min") and len(node[2]) > 1:
            rel = ">=" if node[1].lower() == "max" else "<="
            for keep, arg in enumerate(node[2]):
                proofs = [_signed_or_factored(dict(statement, claim=f"{unparse(arg)} {rel} {unparse(b)}"))
                          for j, b in enumerate(node[2]) if j != keep]
                if None not in proofs:
                    choices.append({"keep": keep, "proofs": proofs})
                    return arg
            raise NotCheckable("no argument of a max/min is shown the largest")
        if node[0] == "call":
            return (node[0], node[1], [walk(a) for a in node[2]])
        if node[0] in ("and", "or"):
            return (node[0], [walk(a) for a in node[1]])
        return tuple(walk(c) if isinstance(c, tuple) else c for c in node)

    try:
        new = walk(claim)
    except (CheckerError, Failed, NotCheckable):
        return None
    conj = new[1] if new[0] == "and" else [new]
    parts = []
    for c in conj:
        proof = _signed_or_factored(dict(statement, claim=unparse(c)))
        if proof is None:
            return None
        parts.append({"claim": unparse(c), "certificate": proof})
    then = parts[0]["certificate"] if new[0] != "and" else {"kind": "all", "parts": parts}
    cert = {"kind": "resolve", "choices": choices, "then": then} if choices else then
    return accepted(cert, statement)


@_memo_by_statement
def _family_certificate(statement: dict) -> dict | None:
    """A ``family`` certificate for a forall-family statement: one accepted proof per family, the whole kept
    only when the checker accepts it (its derivation of the families' statements is remembered, so accepting
    re-checks the parts, not the derivation), or None."""
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.families import family_statements

    try:
        derived = family_statements(statement)
    except (CheckerError, Failed, NotCheckable, ArithmeticError, ValueError, RecursionError):
        return None
    parts = []
    for name, stmt in derived:
        proof = _params_certificate(stmt)
        if proof is None:
            return None
        parts.append({"name": name, "proof": proof})
    return accepted({"kind": "family", "families": parts}, statement)


def family_refutation(statement: dict, witness) -> dict | None:
    """A refuted forall-family statement: the member the engine found, as a ``point`` of its family."""
    if witness is None:
        return None
    at = witness.extra.get("at_eps", witness.params.get("eps")) if hasattr(witness, "extra") else None
    label = getattr(witness, "label", "")
    if at is None:
        return None
    try:
        point = exact_text(at)
    except Exception:  # noqa: BLE001 - a member without an exact point: no certificate
        return None
    names = [f.get("name", "") for f in statement.get("families", [])]
    hit = next((k for k, n in enumerate(names) if n and label.startswith(n)), None)
    if hit is None:
        return None
    var = statement["families"][hit].get("variable", "eps")
    return {"kind": "family", "families": [{"name": n, "proof": {"kind": "point", "at": {var: point}}}
                                           if k == hit else {"name": n} for k, n in enumerate(names)]}


def _reduction_certificate(statement: dict, proof: Mapping, reading) -> dict | None:
    """A ``reduction`` certificate: the chain the reduction prover cites, from the claim on RR(2, eps) (its
    family proof re-found in the checker's kinds) to the row's statement, with instances on which the checker
    builds the dominance kernels."""
    from exactpriv.certify.checker_format import reduction_steps
    from exactpriv.checker.certificates import check_certificate
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
    from exactpriv.checker.families import RR2

    data = proof.get("certificate") if isinstance(proof, Mapping) else None
    if isinstance(data, Mapping) and data.get("kind") == "all" and data.get("parts"):
        data = data["parts"][0]  # one reduction per grid point, all citing the same chain
    steps = data.get("steps") if isinstance(data, Mapping) else None
    if not isinstance(steps, list) or not steps:
        return None
    approx = steps[0].get("theorem") == "approx-dominance"
    if approx:  # the four-output (ε, δ) pair, in the statement the checker builds
        from exactpriv.checker.reductions import approx_family_statement

        try:
            family = approx_family_statement(statement)
        except (CheckerError, Failed, NotCheckable):
            return None
        family_proof = _params_certificate(family)
    else:
        family = {"quantifier": "forall-family", "families": [RR2], "measures": statement.get("measures"),
                  "claim": statement.get("claim")}
        family_proof = _family_certificate(family)
    if family_proof is None:
        return None
    # at e^ε = 2 (ε' = 0) for an (ε, δ) chain: the kernel depends on e^ε and the instance's δ there only
    at = {}
    if approx:
        at = {m["epsilon"]: "0" for m in statement["measures"].values()
              if m.get("notion") == "approx_dp" and str(m["epsilon"]).isidentifier()}
        if str(_approx_level(statement)).isidentifier():
            at[_approx_level(statement)] = "log(2)"
    confirm = []
    measured = any(m.get("notion") == "approx_dp_epsilon" for m in (statement.get("measures") or {}).values())
    for fam in () if measured else getattr(reading, "families", ()):  # no kernels at a measured level
        for inst in fam.build():
            w = witness_of(inst) or _pair_witness(inst)
            if w is not None and w.get("mechanism") is not None and len(confirm) < 3:
                confirm.append(dict(w, params=dict(w.get("params") or {}, **at)) if approx else w)
    cert = {"kind": "reduction",
            "steps": reduction_steps(family, statement, [s.get("theorem") for s in steps],
                                     [str(s.get("text", "")) for s in steps]),
            "family_proof": family_proof, "confirm": confirm}
    try:
        check_certificate(cert, statement, proves=True, max_prec=DEFAULT_MAX_PREC)
    except (CheckerError, Failed, NotCheckable, ArithmeticError, ValueError, RecursionError):
        return None
    return cert


def _pair_witness(inst) -> dict | None:
    """An instance that is a pair of distributions (params P and Q, as Cuff–Yu's closeness claims list them) as
    a witness: two neighbouring inputs whose rows are P and Q."""
    P, Q = inst.params.get("P"), inst.params.get("Q")
    if P is None or Q is None or len(P) != len(Q):
        return None
    try:
        rows = [[exact_text(x) for x in P], [exact_text(x) for x in Q]]
    except Exception:  # noqa: BLE001 - entries that are not exact numbers: no witness
        return None
    return {"space": {"type": "explicit", "inputs": [0, 1], "neighbours": [[0, 1]]},
            "outputs": list(range(len(P))), "mechanism": rows}


def _approx_level(statement: dict) -> str | None:
    """The ε of the given measure A in an (ε, δ) claim ``B <= f(A)``: the epsilon of the approx_dp in f."""
    from exactpriv.checker.grammar import names, parse

    claim = parse(statement.get("claim", ""))
    measures = statement.get("measures") or {}
    inside = [n for n in names(claim[3]) if n in measures] if claim[0] == "cmp" else []
    return measures[inside[0]].get("epsilon") if len(inside) == 1 else None


def converted_certificate(statement: dict, proof: Mapping | None, reading) -> dict | None:
    """The proof in the checker's kinds when a converter covers it and the checker accepts it, else None (also
    when the checker cannot read what a converter wrote: the row keeps the engine's record)."""
    from exactpriv.checker.errors import CheckerError, Failed, NotCheckable

    try:
        return _converted_or_raise(statement, proof, reading)
    except (CheckerError, Failed, NotCheckable, ArithmeticError, ValueError, RecursionError):
        return None


def _converted_or_raise(statement: dict, proof: Mapping | None, reading) -> dict | None:
    if not proof or proof.get("truth") != "TRUE":
        return None
    q = statement.get("quantifier")
    if q == "forall-params" and statement.get("domain"):
        return _params_certificate(statement)
    if q == "limit" and statement.get("domain") and str((statement.get("limit") or {}).get("at")) in ("oo", "+oo"):
        return _log_growth_certificate(statement)
    if q == "limit" and statement.get("domain"):
        return _continuity_certificate(statement)
    if q == "limit":
        return accepted({"kind": "l'hopital"}, statement)
    if q == "all-of":
        from exactpriv.checker.conjunction import part_statements

        parts = [_converted_or_raise(st, proof, reading) for _, st in part_statements(statement)]
        return None if None in parts else accepted({"kind": "parts", "parts": parts}, statement)
    if q == "forall-family":
        return _family_certificate(statement)
    if q == "monotone":
        return _monotone_certificate(statement)
    if q == "forall-instances" and isinstance(statement.get("scope"), dict):  # a claim about listed instances
        return accepted({"kind": "exhaustive"}, statement)
    if q == "forall-instances" and proof.get("method") == "reduction":
        return _reduction_certificate(statement, proof, reading)
    return None


def _continuity_certificate(statement: dict) -> dict | None:
    """A limit with parameters: the checker derives the conditions of continuity at the point and the value
    statement itself (exactpriv.checker.continuity); each is proved by a candidate of its own (a denominator by
    its positivity or its negativity)."""
    from exactpriv.checker.continuity import continuity_parts

    conds, value = continuity_parts(statement)
    proofs = []
    for kind, st in conds:
        for sign in (">", "<") if kind == "nonzero" else (">",):
            claim = st["claim"] if sign == ">" else st["claim"][:-len("> 0")] + "< 0"
            proof = _params_certificate(dict(st, claim=claim))
            if proof is not None:
                proofs.append({"sign": sign, "proof": proof})
                break
        else:
            return None
    proof = _params_certificate(value)
    return None if proof is None else accepted({"kind": "continuity", "conditions": proofs, "value": proof},
                                                statement)


def _log_growth_certificate(statement: dict) -> dict | None:
    """A limit at +oo of a quotient of log-growing parts: the checker derives β_B's sign, the conditions that keep
    the constant parts defined and the value statement (exactpriv.checker.loggrowth); each by a candidate."""
    from exactpriv.checker.loggrowth import log_growth_parts

    beta, conds, value = log_growth_parts(statement)
    for sign in (">", "<"):
        proof = _params_certificate(dict(beta, claim=beta["claim"][:-len("> 0")] + f"{sign} 0"))
        if proof is not None:
            break
    else:
        return None
    proofs = [_params_certificate(st) for st in conds]
    then = _params_certificate(value)
    if None in proofs or then is None:
        return None
    return accepted({"kind": "log-growth", "sign": sign, "beta": proof, "conditions": proofs, "value": then},
                    statement)


def _monotone_certificate(statement: dict) -> dict | None:
    """A monotone statement: the checker derives the slope and end statements itself
    (exactpriv.checker.monotonicity), each proved by a candidate of its own."""
    from exactpriv.checker.monotonicity import monotone_parts

    cases = []
    for parts in monotone_parts(statement):
        proofs = [_params_certificate(st) for _, st in parts if st is not None]
        if None in proofs:
            return None
        cases.append(proofs)
    return accepted({"kind": "monotonicity", "cases": cases}, statement)
