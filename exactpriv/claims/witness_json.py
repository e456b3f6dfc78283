"""Instances, spaces and values as the exact JSON data of the evidence format (docs/certificates.md, "Witnesses"):
what a row's witness is — space, outputs, exact mechanism rows, prior, exact parameters — written from an
:class:`~exactpriv.claims.model.Instance` deterministically (no set order, no floats)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

__all__ = ["exact_text", "jsonable", "point_json", "space_json", "witness_of"]


def exact_text(v) -> str:
    """An exact number as text of the grammar (ValueError for a flag or a symbolic value)."""
    if isinstance(v, bool):
        raise ValueError("a flag is not a number")
    if isinstance(v, (int, Fraction)):
        return str(v)
    import sympy

    from exactpriv.exact.numbers import to_sympy

    s = to_sympy(v)
    if isinstance(s, sympy.Basic) and s.free_symbols:
        raise ValueError(f"{s} is symbolic")
    return sympy.sstr(s)


def point_json(p):
    """A point of a space as canonical JSON data: a set (a subsets/bounded point) as the sorted list of its
    members, a tuple as a list, ints and strings as they are, anything else as its ``str``.  Never a set's
    repr: its order depends on PYTHONHASHSEED, so the same run gave different evidence in two processes."""
    if isinstance(p, (set, frozenset)):
        return sorted((point_json(u) for u in p), key=_canonical_order)
    if isinstance(p, tuple):
        return [point_json(u) for u in p]
    if isinstance(p, (int, str)) and not isinstance(p, bool):
        return p
    return str(p)


def _canonical_order(v) -> str:
    return json.dumps(v, sort_keys=True, ensure_ascii=False)


def space_json(space) -> dict:
    """A space as a witness's ``space`` (docs/certificates.md, "Witnesses")."""
    return _space(space)


def _space(space) -> dict:
    from exactpriv.spaces import Subsets

    if isinstance(space, Subsets):  # membership vectors over the universe, in the space's own order
        return {"type": "subsets", "universe": [jsonable(u) for u in space.universe]}
    doc = space.to_json()
    if doc.get("type") == "hamming" and "values" in doc:
        return {"type": "hamming", "values": doc["values"], "n": doc["n"]}
    if doc.get("type") == "hamming" and "alphabets" in doc:  # records with their own value sets
        return {"type": "hamming", "alphabets": doc["alphabets"]}
    points = space.points
    # pairs sorted: a space's edge order can follow set iteration (PYTHONHASHSEED), never the evidence's
    return {"type": "explicit", "inputs": [point_json(p) for p in points],
            "neighbours": sorted([int(i), int(j)] for i, j in space.edges)}


def _mechanism(M) -> tuple[list, list] | None:
    from exactpriv.mechanisms import Mechanism, ProductMechanism
    from exactpriv.mechanisms.base.printing import label_text

    if isinstance(M, ProductMechanism):
        M = M.expand()
    if not isinstance(M, Mechanism):
        return None
    try:
        rows = [[exact_text(v) for v in row] for row in M.rows]
    except ValueError:
        return None
    # the outputs as Mechanism.to_json labels them (to_json would print every entry again only to be dropped)
    return [label_text(y) for y in M.outputs], rows


def witness_of(inst) -> dict | None:
    """An :class:`~exactpriv.claims.model.Instance` as the checker's witness (docs/certificates.md,
    "Witnesses"): space, outputs, exact mechanism rows, prior, exact parameters and extra mechanisms;
    None when it has a symbolic entry (then the row's statement is not re-checkable from a witness)."""
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms import Mechanism, ProductMechanism

    doc: dict[str, Any] = {"label": inst.label}
    space = None
    if inst.mechanism is not None:
        mech = _mechanism(inst.mechanism)
        if mech is None:
            return None
        space = inst.mechanism.inputs
        doc["outputs"], doc["mechanism"] = mech
    if inst.prior is not None:
        try:
            doc["prior"] = [exact_text(p) for p in inst.prior.pmf]
        except ValueError:
            return None
        space = space if space is not None else inst.prior.space
    if space is not None:
        doc["space"] = _space(space)
    params = {}
    for k, v in inst.params.items():
        try:
            params[k] = exact_text(v)
        except (ValueError, TypeError, Exception):  # noqa: BLE001 - a label or a flag: not a number
            if isinstance(v, (str, bool)):
                params[k] = str(v)
            else:
                return None
    at = inst.extra.get("at_eps")
    if at is not None and "eps" not in params:  # a member of a symbolic family: its ε is a parameter of the witness
        try:
            params["eps"] = exact_text(at)
        except ValueError:
            return None
    doc["params"] = params
    extra = {}
    for k, v in inst.extra.items():
        if isinstance(v, (Mechanism, ProductMechanism)):
            mech = _mechanism(v)
            if mech is None:
                return None
            extra[k] = {"outputs": mech[0], "mechanism": mech[1]}
        elif isinstance(v, Prior):
            try:
                extra[k] = {"prior": [exact_text(p) for p in v.pmf]}
            except ValueError:
                return None
        elif k == "hints" and isinstance(v, str):  # certificates a notion reads (a PD-I dual), as JSON text so
            try:                                     # that the instance stays a saveable witness (object_json)
                doc["hints"] = json.loads(v)
            except ValueError:
                return None
    if extra:
        doc["extra"] = extra
    return doc


def jsonable(v):
    """A value as plain JSON data (str of what JSON cannot hold)."""
    try:
        return json.loads(json.dumps(v, default=str))
    except (TypeError, ValueError):
        return str(v)
