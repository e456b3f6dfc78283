"""Declarative statements (docs/certificates.md, "Statements"): hypotheses, measures and the claim on an instance."""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.errors import CheckerError, Failed, NotCheckable
from exactpriv.checker.errors import Undefined as ConstructionUndefined
from exactpriv.checker.expressions import evaluate, truth
from exactpriv.checker.notions import INDEXED, evaluate_notion
from exactpriv.checker.witness import Instance

__all__ = ["QUANTIFIERS", "claim_on", "hypotheses_hold", "listed_member", "measure_env"]

QUANTIFIERS = ("forall-instances", "forall-params", "forall-family", "exists", "lp", "limit", "monotone", "all-of")


def _product_of_marginals(inst: Instance) -> bool:
    p = inst.prior
    marg = []
    for i in range(inst.n):
        m = {}
        for x, q in enumerate(p):
            m[inst.code(x, i)] = m.get(inst.code(x, i), Fraction(0)) + q
        marg.append(m)
    return all(q == _prod(marg[i][inst.code(x, i)] for i in range(inst.n)) for x, q in enumerate(p))


def _prod(it):
    out = Fraction(1)
    for v in it:
        out *= v
    return out


def _pairwise_independent(inst: Instance) -> bool:
    p = inst.prior
    for i in range(inst.n):
        for j in range(i + 1, inst.n):
            mi, mj, mij = {}, {}, {}
            for x, q in enumerate(p):
                a, b = inst.code(x, i), inst.code(x, j)
                mi[a] = mi.get(a, Fraction(0)) + q
                mj[b] = mj.get(b, Fraction(0)) + q
                mij[(a, b)] = mij.get((a, b), Fraction(0)) + q
            if any(mij.get((a, b), Fraction(0)) != mi[a] * mj[b] for a in mi for b in mj):
                return False
    return True


def _dataset_mechanism(inst: Instance) -> bool:
    """Every mechanism of the witness is a function of the dataset: its rows agree on record sequences with the
    same multiset of values (Wu, Xia, He, Sec. 2.3: "M(y) = M(z) for any two y, z in D_x")."""
    for P in [inst.P] + [m[1] for m in inst.extra.values()]:
        seen: dict = {}
        for x, row in enumerate(P):
            key = tuple(sorted(str(inst.records[i][c]) for i, c in enumerate(inst.inputs[x])))
            if seen.setdefault(key, row) != row:
                return False
    return True


def hypotheses_hold(statement: dict, inst: Instance, env: dict) -> str | None:
    """None when the instance meets every hypothesis, else the name of the first it fails."""
    hyps = statement.get("hypotheses", [])
    if not isinstance(hyps, list):
        raise Failed("'hypotheses' must be a list")
    for h in hyps:
        if not isinstance(h, str):
            raise Failed(f"hypothesis {h!r} is not a name")
        if h == "has_prior":
            ok = inst.prior is not None
        elif h == "prior_full_support":
            ok = inst.prior is not None and all(q > 0 for q in inst.prior)
        elif h == "mechanism_positive":
            ok = inst.P is not None and all(q > 0 for row in inst.P for q in row)
        elif h == "prior_independent":
            ok = inst.prior is not None and _product_of_marginals(inst)
        elif h == "prior_pairwise_independent":
            ok = inst.prior is not None and _pairwise_independent(inst)
        elif h == "mechanism_dataset":
            ok = inst.P is not None and _dataset_mechanism(inst)
        elif h.startswith("range:"):
            ok = truth(h[len("range:"):], env)
        else:
            raise NotCheckable(f"hypothesis {h!r} is not known to the checker")
        if not ok:
            return h
    return None


def measure_env(statement: dict, inst: Instance) -> dict:
    """Names → values: the witness's parameters, then the statement's measures evaluated on the instance."""
    inst, env = _measured(statement, inst)
    for name, spec in statement.get("measures", {}).items():
        env[name] = evaluate_notion(inst, spec)
    return env


def _measured(statement: dict, inst: Instance) -> tuple[Instance, dict]:
    """(the instance measured — the statement's family member, or the witness —, its parameters by name)."""
    env = {}
    for k, v in inst.params.items():
        try:
            env[k] = evaluate(v, env)
        except (CheckerError, Failed, V.Undefined):
            continue  # a label (e.g. a convention's name), not a number: a claim that uses it fails on the name
    measures = statement.get("measures", {})
    if not isinstance(measures, dict):
        raise Failed("'measures' must be an object")
    if statement.get("family") is not None:
        inst = family_member(statement["family"], inst, env)
    return inst, env


#: Most bindings a ``for_each`` evaluates the claim at.
MAX_BINDINGS = 1 << 16


def _bindings(spec, inst: Instance):
    """Every binding of the ``for_each`` indices: (name -> position for the measures, name -> value for the
    claim).  ``"inputs"``: each input, valued 1, 2, ... in the space's order; ``"outputs"``: each output, valued by
    its label (a number, or its position from 1 when the label is not one); ``"entities"``: each record of a
    subsets space, valued 1, 2, ... in the space's order."""
    if not isinstance(spec, dict) or not spec:
        raise Failed("'for_each' must map index names to 'outputs' or 'entities'")
    ranges = []
    for name, kind in spec.items():
        if kind == "outputs":
            if inst.outputs is None:
                raise Failed("for_each over outputs needs a mechanism")
            ranges.append([(y, _label_value(label, y)) for y, label in enumerate(inst.outputs)])
        elif kind == "inputs":
            ranges.append([(x, Fraction(x + 1)) for x in range(len(inst.inputs))])
        elif kind == "entities":
            ranges.append([(i, Fraction(i + 1)) for i in range(inst.n)])
        else:
            raise Failed(f"for_each index {name!r} ranges over {kind!r}, not 'inputs', 'outputs' or 'entities'")
    size = 1
    for r in ranges:
        size *= len(r)
    if size > MAX_BINDINGS:
        raise NotCheckable(f"for_each has {size} bindings (the checker evaluates at most {MAX_BINDINGS})")
    for combo in itertools.product(*ranges):
        yield ({n: pos for n, (pos, _) in zip(spec, combo)}, {n: val for n, (_, val) in zip(spec, combo)})


def _label_value(label, y: int):
    """An output's value for the claim: its label when it is a number, else its position from 1."""
    if isinstance(label, int) and not isinstance(label, bool):
        return Fraction(label)
    if isinstance(label, str):
        try:
            return Fraction(label)
        except (ValueError, ZeroDivisionError):
            pass
    return Fraction(y + 1)


def _for_each_truth(statement: dict, inst: Instance, env: dict, max_prec: int) -> bool:
    """The claim at every binding of the ``for_each`` indices (docs/certificates.md): measures with an ``output``
    or ``entity`` parameter are evaluated at the binding; a measure undefined there makes the claim not
    checkable only if the formula uses it (``S == 0 or ...`` guards it)."""
    measures = statement.get("measures", {})
    for positions, values in _bindings(statement["for_each"], inst):
        local = dict(env, **values)
        for name, spec in measures.items():
            if any(p in spec for p in INDEXED):
                try:
                    local[name] = evaluate_notion(inst, spec, positions)
                except V.Undefined as exc:
                    local[name] = exc
        if not truth(statement["claim"], local, max_prec=max_prec):
            return False
    return True


def family_member(family, inst: Instance, env: dict) -> Instance:
    """The statement's family member at the witness (a construction, or the first of ``{"any": [...]}`` that
    the witness is a member of)."""
    from exactpriv.checker.constructions import member

    if isinstance(family, dict) and "listed" in family:
        return listed_member(family["listed"], inst, env)
    if isinstance(family, dict) and isinstance(family.get("any"), list):
        refusals = []
        for f in family["any"]:
            try:
                return member(f, inst, env)
            except Failed as exc:
                refusals.append(str(exc))
        raise Failed("the witness is a member of none of the statement's families: " + "; ".join(refusals))
    return member(family, inst, env)


def listed_member(entries, inst: Instance, env: dict) -> Instance:
    """The witness when it is one of the statement's listed instances: its sha256 (witness.instance_digest) and
    parameters equal a listed entry's.  The bank built those instances (a compiled program, say) and its manifest
    binds each by its hash; the checker recomputes every measure on the witness from the definitions."""
    if not isinstance(entries, list) or not entries:
        raise Failed("'listed' must be a non-empty list of instances")
    for e in entries:
        if not isinstance(e, dict):
            raise Failed("a listed instance must be an object")
        if inst.digest is None or e.get("sha256") != inst.digest:
            continue
        params = e.get("params") or {}
        if not isinstance(params, dict):
            raise Failed("a listed instance's 'params' must be an object")
        for k, text in params.items():
            if k not in env or not V.compare(evaluate(str(text), {}), "==", env[k]):
                raise Failed(f"the witness's {k} is not the listed instance's {k} = {text}")
        return inst
    unbound = [e.get("family") for e in entries if "sha256" not in e]
    if unbound:
        raise NotCheckable(f"the witness is none of the listed instances; the statement also covers "
                           f"{', '.join(map(str, unbound))}, whose instances the bank does not bind")
    raise Failed("the witness is none of the statement's listed instances (no listed sha256 equals its own)")


def claim_on(statement: dict, inst: Instance, *, max_prec: int) -> tuple[bool | None, dict]:
    """(truth of the claim on the instance or None when outside the hypotheses, the values by name)."""
    if not isinstance(statement.get("claim"), str):
        raise Failed("the statement has no claim formula")
    if not isinstance(statement.get("measures", {}), dict):
        raise Failed("'measures' must be an object")
    each = "for_each" in statement
    try:
        if each:  # the measures without an index now, the others at each binding
            inst, env = _measured(statement, inst)
            env.update({k: evaluate_notion(inst, spec) for k, spec in statement.get("measures", {}).items()
                        if not any(p in spec for p in INDEXED)})
        else:
            env = measure_env(statement, inst)
    except V.Undefined as exc:
        raise NotCheckable(f"undefined value: {exc}") from None
    except ConstructionUndefined:  # the family's member is not defined there: outside the statement
        return None, {}
    if hypotheses_hold(statement, inst, env) is not None:
        return None, env
    try:
        if each:
            return _for_each_truth(statement, inst, env, max_prec), env
        return truth(statement["claim"], env, max_prec=max_prec), env
    except CheckerError as exc:
        raise Failed(f"the claim cannot be read: {exc}") from None
