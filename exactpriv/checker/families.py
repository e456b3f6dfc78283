"""``forall-family`` statements (docs/certificates.md): a claim about every member of symbolic families — mechanisms
whose entries are expressions in one variable, for every value of it in a domain.  The checker derives each
measure from its definition on the symbolic entries (family_measures.py, on a family read by symbolic_family.py),
as an expression in the variable, never taken from the file; the claim then becomes one ``forall-params``
statement per family (per pair or input when the statement says so), proved by a certificate of another kind or
refuted by a ``point`` — or, when a notion has no derivation on the family, a REFUTED row's witness is checked to
be a member and re-measured (``member_statement``).
"""

from __future__ import annotations

import json
from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.family_measures import measure
from exactpriv.checker.grammar import parse
from exactpriv.checker.polys import json_key, remembered
from exactpriv.checker.printing import unparse
from exactpriv.checker.symbolic_family import SymbolicFamily
from exactpriv.checker.witness import read_space

__all__ = ["RR2", "family_statements", "member_statement"]

#: binary randomized response RR(ε) (Warner 1965), the extremal family of ε-DP (rr-dominance)
RR2 = {"name": "RR(2, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "explicit", "inputs": ["0", "1"], "neighbours": [[0, 1]]}, "outputs": [0, 1],
       "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                     ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}


def family_statements(statement: dict) -> list[tuple[str, dict]]:
    """(family name, the forall-params statement it reduces to) for each family of a ``forall-family``
    statement: the claim with each measure replaced by its value on the family, derived here."""
    # A derivation is a pure function of the statement, and one is asked for again and again: verify converts a
    # family proof, then the checker accepts the certificate assembled from it, by deriving the same statements;
    # each reduction re-derives RR(2, eps)'s.  A statement written as plain JSON is derived once per process
    # (its key the JSON text, which must read back as the statement itself: tuples or non-text keys are not
    # remembered); a Failed or NotCheckable derivation is raised again as a new error.  Callers get their own
    # dicts.  tests/checker/test_family_statements_memo.py compares remembered derivations with fresh ones.
    key = json_key(statement)
    derived = _derived(key, statement) if key is not None else _family_statements(statement)
    return [(name, dict(stmt, domain=dict(stmt["domain"]))) for name, stmt in derived]


@remembered(lambda key, statement: key)
def _derived(key: str, statement: dict) -> list[tuple[str, dict]]:
    return _family_statements(statement)


def _family_statements(statement: dict) -> list[tuple[str, dict]]:
    fams = statement.get("families")
    if not isinstance(fams, list) or not fams:
        raise Failed("a forall-family statement lists its 'families'")
    measures = statement.get("measures") or {}
    claim = statement.get("claim")
    if not isinstance(claim, str) or not isinstance(measures, dict):
        raise Failed("a forall-family statement needs 'measures' and a 'claim'")
    if statement.get("hypotheses"):
        raise NotCheckable("hypotheses on a forall-family statement")
    each = statement.get("pairs")
    if each not in (None, "all", "neighbours"):
        raise Failed("'pairs' is 'all' (every ordered pair of inputs) or 'neighbours' (every ordered neighbouring pair)")
    if statement.get("inputs") not in (None, "each"):
        raise Failed("'inputs' is 'each' (the claim for every input)")
    out = []
    for fam in fams:
        f = SymbolicFamily(fam)
        point = fam.get("params") or {}
        if not isinstance(point, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in point.items()):
            raise Failed("a family's 'params' maps names to exact numbers as strings")
        values = {k: ("num", Fraction(v)) for k, v in point.items()}  # a point of a grid: exact rationals
        claims = []
        rows = range(len(f.R)) if statement.get("inputs") == "each" else [None]
        derived_once: dict = {}  # a measure of the whole family is derived once, not once per pair or input
        for pair, row in [(p, r) for p in _ordered_pairs(f, each) for r in rows]:
            env = {}
            for name, spec in measures.items():
                spec = _at_point(_of_input(_of_pair(spec, pair), row), point)
                key = json.dumps(spec, sort_keys=True, default=str)
                if key not in derived_once:
                    derived_once[key] = parse(measure(f, spec))
                env[name] = derived_once[key]
            env.update({k: v for k, v in values.items() if k not in env})
            if f.var in env:
                raise Failed(f"a measure is named like the family's variable {f.var!r}")
            claims.append(_fold(_substitute(parse(claim), env)))
        name = str(fam.get("name", ""))
        if len(claims) == 1:
            out.append((name, {"quantifier": "forall-params", "domain": {f.var: f.domain_text},
                               "claim": unparse(claims[0])}))
            continue
        # a per-pair or per-input statement: one derived statement per distinct conjunct (many pairs give the
        # same one), so that no derived claim grows with the number of pairs
        texts = list(dict.fromkeys(unparse(c) for node in claims for c in (node[1] if node[0] == "and" else [node])))
        out += [(f"{name} [{k + 1} of {len(texts)}]", {"quantifier": "forall-params", "domain": {f.var: f.domain_text},
                                                        "claim": t}) for k, t in enumerate(texts)]
    return out


def _ordered_pairs(f: SymbolicFamily, each) -> list:
    """The ordered pairs a per-pair statement ranges over (``"pairs"``), or [None] for a statement about the
    maxima over pairs."""
    if each is None:
        return [None]
    if each == "all":
        return [(i, j) for i in range(len(f.R)) for j in range(len(f.R)) if i != j]
    return sorted(set(f.pairs) | {(j, i) for i, j in f.pairs})


def _of_input(spec, row):
    """A measure of a per-input statement: ``"input": "this"`` becomes the input's row index."""
    if isinstance(spec, dict) and "input" in spec:
        if row is None or spec["input"] != "this":
            raise Failed("a measure of one input ('input': 'this') needs a statement with 'inputs': 'each'")
        return dict(spec, input=row)
    return spec


def _of_pair(spec, pair):
    """A measure of a per-pair statement: ``"pair": "this"`` (D(P_x‖P_x')) or ``"reversed"`` (D(P_x'‖P_x))
    becomes the pair's row indices; other measures are of the whole family."""
    if not isinstance(spec, dict) or spec.get("pair") not in ("this", "reversed"):
        return spec  # a measure of the whole family (or of a listed pair of rows)
    if pair is None:
        raise Failed("a measure of the pair ('this', 'reversed') in a statement without 'pairs'")
    return dict(spec, pair=list(pair) if spec["pair"] == "this" else [pair[1], pair[0]])


def _at_point(spec, point: dict):
    """A measure's parameters at a point of the grid: a parameter's name (or an expression of the grid's names,
    e.g. "(k-2)*eps") with the point's values put in, written back as text."""
    if not isinstance(spec, dict):
        return spec
    out = {}
    for k, v in spec.items():
        if isinstance(v, dict):
            out[k] = _at_point(v, point)
        elif isinstance(v, str) and k in ("alpha", "epsilon", "k", "q") and point:
            out[k] = unparse(_fold(_substitute(parse(v), {n: ("num", Fraction(x)) for n, x in point.items()})))
        else:
            out[k] = v
    return out


def _fold(node):
    """Constant arithmetic of a substituted tree evaluated exactly ((3 - 2)*eps → 1*eps)."""
    if not isinstance(node, tuple) or node[0] in ("num", "name", "oo"):
        return node
    if node[0] == "call":
        return ("call", node[1], [_fold(a) for a in node[2]])
    if node[0] in ("and", "or"):
        return (node[0], [_fold(a) for a in node[1]])
    if node[0] == "cmp":
        return ("cmp", node[1], _fold(node[2]), _fold(node[3]))
    if node[0] == "neg":
        a = _fold(node[1])
        return ("num", -a[1]) if a[0] == "num" else ("neg", a)
    a, b = _fold(node[1]), _fold(node[2])
    if a[0] == "num" and b[0] == "num":
        x, y = a[1], b[1]
        if node[0] in ("+", "-", "*"):
            return ("num", x + y if node[0] == "+" else x - y if node[0] == "-" else x * y)
        if node[0] == "/" and y != 0:
            return ("num", x / y)
        if node[0] == "**" and y.denominator == 1 and abs(y) <= 64 and (x != 0 or y >= 0):
            return ("num", x ** int(y))
    return (node[0], a, b)


def _substitute(node, env: dict):
    if node[0] == "name" and node[1] in env:
        return env[node[1]]
    if node[0] == "call":
        return ("call", node[1], [_substitute(a, env) for a in node[2]])
    if node[0] in ("and", "or"):
        return (node[0], [_substitute(a, env) for a in node[1]])
    if node[0] == "cmp":
        return ("cmp", node[1], _substitute(node[2], env), _substitute(node[3], env))
    return tuple(_substitute(a, env) if isinstance(a, tuple) else a for a in node)


# ----------------------------------------------------------------------------------------- a member as a witness
#: the "on" operators of a family measure, as the operators of a measure on one instance (constructions.OPERATORS)
_NUMERIC_OPERATOR = {"k-fold": "k_fold", "group": "group", "subsample": "subsample"}


def _numeric_measure(spec) -> dict:
    """A family measure as a measure on one member: its ``on`` operator written as the instance operators."""
    if not isinstance(spec, dict) or "pair" in spec:
        raise NotCheckable(f"measure {spec!r} on one member")
    out = {k: v for k, v in spec.items() if k != "on"}
    op = spec.get("on")
    if op is None:
        return out
    if not isinstance(op, dict):
        raise Failed("'on' must be an operator object")
    kind = op.get("operator")
    if kind == "post-process":
        out["post_process"] = op["kernels"] if "kernels" in op else op.get("kernel")
    elif kind in _NUMERIC_OPERATOR:
        arg = op.get("q" if kind == "subsample" else "k")
        if not isinstance(arg, str):
            raise Failed(f"operator {kind!r} needs its argument as an expression string")
        out[_NUMERIC_OPERATOR[kind]] = arg
    else:
        raise NotCheckable(f"operator {kind!r} on one member")
    return out


def member_statement(statement: dict, inst) -> dict:
    """The ``forall-instances`` statement of the witness as a member of one of the statement's families: its space
    and outputs are the family's, its ``params`` give the family's variable (in the domain) and grid point, and its
    matrix equals the family's entries evaluated there exactly.  The claim is then re-measured on that one
    mechanism from the definitions (notions.py) — how a REFUTED ``forall-family`` row is checked when its notion
    has no derivation on the symbolic family (capacity, a non-power likelihood ratio)."""
    from exactpriv.checker.domains import in_domain
    from exactpriv.checker.expressions import evaluate

    fams = statement.get("families")
    if not isinstance(fams, list) or not fams:
        raise Failed("a forall-family statement lists its 'families'")
    if inst.P is None or inst.extra or inst.prior is not None:
        raise Failed("a member of a family is a witness with one mechanism and no prior")
    for fam in fams:
        if not isinstance(fam, dict):
            raise Failed("a family must be an object")
        var, point = fam.get("variable", "eps"), fam.get("params") or {}
        if var not in inst.params or any(k not in inst.params for k in point):
            continue
        env = {var: evaluate(inst.params[var], {})}
        if any(not V.compare(evaluate(v, {}), "==", evaluate(inst.params[k], {})) for k, v in point.items()):
            continue
        inputs, records, nbrs = read_space(fam.get("space"))
        if fam.get("outputs") != inst.outputs or len(inputs) != len(inst.inputs) or set(nbrs) != set(inst.neighbours):
            continue
        if not in_domain(env[var], parse_domain(fam.get("domain", "[0, oo)"))):
            raise Failed(f"{var} = {inst.params[var]} is outside the domain of family {fam.get('name')!r}")
        rows = fam.get("mechanism")
        if not isinstance(rows, list) or len(rows) != len(inst.P):
            continue
        built = [[evaluate(e, env) for e in r] for r in rows]
        if any(not isinstance(q, Fraction) for r in built for q in r):
            raise NotCheckable(f"the member at {var} = {inst.params[var]} has irrational entries")
        if built != inst.P:
            continue
        return {"quantifier": "forall-instances", "hypotheses": [], "claim": statement.get("claim"),
                "measures": {k: _numeric_measure(s) for k, s in (statement.get("measures") or {}).items()}}
    raise Failed("the witness is a member of none of the statement's families (space, outputs, parameters and "
                 "matrix must equal one family's entries at the witness's parameters)")
