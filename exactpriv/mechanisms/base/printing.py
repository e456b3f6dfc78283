"""Text forms of a mechanism: the constructor call its ``repr`` prints, and JSON labels of outputs.

``repr(M)`` is a constructor call that rebuilds M exactly (entries as exact strings, symbols with their
assumptions) unless the matrix has more than :data:`REPR_MAX_ENTRIES` entries, where it is summarised.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.exact.numbers import EPS, to_sympy


__all__ = ["REPR_MAX_ENTRIES"]


#: Largest matrix (entries) a repr spells out in full.
REPR_MAX_ENTRIES = 4096


def _entry_text(v) -> str:
    """An exact entry as text the constructor parses back to an equal value."""
    return str(v) if isinstance(v, Fraction) else sympy.sstr(to_sympy(v))


def constructor_text(cls_name, inputs, outputs, rows, symbols, label) -> str:
    """The ``Mechanism(...)`` call that rebuilds an equal mechanism (the long form of its repr)."""
    matrix = "[" + ", ".join("[" + ", ".join(repr(_entry_text(v)) for v in row) + "]" for row in rows) + "]"
    extra = ""
    if tuple(symbols) != (EPS,):
        # symbols other than eps need sympy: from sympy import Symbol
        extra += ", symbols=[" + ", ".join(
            f"Symbol({s.name!r}, **{ {k: v for k, v in s.assumptions0.items() if k in _SYMBOL_ASSUMPTIONS} !r})"
            for s in symbols) + "]"
    if label:
        extra += f", name={label!r}"
    return f"{cls_name}({inputs!r}, {list(outputs)!r}, {matrix}{extra})"


_SYMBOL_ASSUMPTIONS = ("nonnegative", "positive", "real")


def label_text(y):
    """An output label as a JSON-friendly value: str and int kept, tuples as lists, anything else as str."""
    if isinstance(y, (str, int)) and not isinstance(y, bool):
        return y
    if isinstance(y, tuple):
        return [label_text(v) for v in y]
    return str(y)
