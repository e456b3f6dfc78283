"""The JSON value of an exact object: how certificates, witnesses and measured values are written.

One conversion for every writer (decisions, measured values, proofs, archived witnesses): exact
rationals and sympy expressions become their exact text (``"3/7"``, ``"log(2)"``), tuples and
sets become lists (sets sorted, so the output is reproducible), dict keys become text with points
written plainly (``"(0, 1)"``).  Reading such text back goes through :mod:`exactpriv.io`'s safe
grammar, never ``eval``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

__all__ = ["json_key", "json_value"]


def json_key(k) -> str:
    """A dict key in JSON: a point (tuple) written plainly, ``(0, 1)``, not its Python repr ``('0', '1')``."""
    if isinstance(k, tuple):
        return "(" + ", ".join(json_key(e) for e in k) + ")"
    return str(k)


def json_value(obj: Any):
    """``obj`` as plain JSON data (dicts, lists, strings, numbers, booleans, null)."""
    if isinstance(obj, dict):
        return {json_key(k): json_value(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        items = sorted(obj, key=repr) if isinstance(obj, (set, frozenset)) else obj
        return [json_value(v) for v in items]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, sympy.Basic):
        return sympy.sstr(obj)
    return str(obj)
