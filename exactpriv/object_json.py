"""Exact objects as JSON documents: spaces, priors, mechanisms, product mechanisms and claim instances.

The writing half of the file format of :mod:`exactpriv.io` (which reads these documents back, safely, and
re-exports both functions).  Exact values are written as strings (``"p/q"``, or expressions in ``eps``).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import FormatError
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.spaces import Space

__all__ = ["instance_to_json", "to_json"]


def to_json(obj):
    """exactpriv object -> JSON-compatible dict."""
    if isinstance(obj, (Mechanism, Prior, Space)):
        return obj.to_json() if not isinstance(obj, Space) else {"kind": "space", **obj.to_json()}
    if isinstance(obj, ProductMechanism):
        return {
            "kind": "product_mechanism",
            "space": obj.inputs.to_json(),
            "factors": [{k: v for k, v in f.to_json().items() if k in ("outputs", "matrix")} for f in obj.factors],
        }
    raise FormatError(f"cannot serialise {type(obj).__name__}")


def instance_to_json(inst) -> dict:
    """A claims.Instance -> JSON (mechanism, prior, exact params, extra objects)."""
    from exactpriv.exact.numbers import to_sympy

    def val(v):
        if isinstance(v, (Mechanism, ProductMechanism, Prior)):
            return to_json(v)
        if isinstance(v, bool):
            return {"flag": v}
        if isinstance(v, (int, Fraction, sympy.Basic)):
            return {"value": sympy.sstr(to_sympy(v))}
        if isinstance(v, (list, tuple)):
            return {"list": [val(u) for u in v]}
        if isinstance(v, str):
            return {"label": v}
        raise FormatError(f"cannot serialise instance parameter of type {type(v).__name__}")

    return {
        "label": inst.label,
        "mechanism": None if inst.mechanism is None else to_json(inst.mechanism),
        "prior": None if inst.prior is None else to_json(inst.prior),
        "params": {k: val(v) for k, v in inst.params.items()},
        "extra": {k: val(v) for k, v in inst.extra.items()},
    }
