"""The value of a measure: exact when a closed form exists, else a certified enclosure,
always with the witness (pair, output, record, prior) that attains or certifies it.

``Measured.value`` is the exact tightest parameter (a Fraction, a
:class:`~exactpriv.exact.logforms.LogForm`, a closed sympy expression, or ``sympy.oo``) or
``None`` when only bounds are known; ``lower``/``upper`` are certified bounds (equal to the
value when exact).  :func:`at_most` turns a measure and a level into a three-valued
:class:`~exactpriv.exact.decisions.Decision` — the ``is_*`` predicates are built on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy

from exactpriv.exact.decisions import Decision, Enclosure
from exactpriv.exact.json_values import json_value
from exactpriv.exact.numbers import to_sympy

__all__ = ["Measured", "at_most", "value_to_sympy", "value_to_float"]


def value_to_sympy(v) -> sympy.Expr:
    if v is None:
        return None
    if isinstance(v, float):
        raise TypeError("floats are not measure values")
    return to_sympy(v)


def value_to_float(v) -> float | None:
    if v is None:
        return None
    s = value_to_sympy(v)
    if s.free_symbols:
        return None  # a closed form in eps (symbolic family) or a profile: no single number
    if s == sympy.oo:
        return float("inf")
    if s == -sympy.oo:
        return float("-inf")
    return float(s.evalf(20))


@dataclass(frozen=True)
class Measured:
    """Tightest parameter of a notion for a given mechanism (and prior).

    Attributes
    ----------
    name : the measure's name as in the CLI/JSON ("pure_dp", "kl_dp", ...)
    value : exact value or None (only bounds known)
    lower, upper : certified bounds (exact values: Fraction/LogForm/sympy); equal to
        ``value`` when exact; ``None`` for an unknown side
    witness : what attains the value (e.g. {"pair": (x, x'), "output": y})
    method : how the value was obtained / certified
    note : anything a reader should know (conventions, reductions used)
    """

    name: str
    value: Any
    lower: Any = None
    upper: Any = None
    witness: dict = field(default_factory=dict)
    method: str = "exact"
    note: str = ""

    def __post_init__(self):
        if self.value is not None:
            if self.lower is None:
                object.__setattr__(self, "lower", self.value)
            if self.upper is None:
                object.__setattr__(self, "upper", self.value)

    @classmethod
    def from_enclosure(cls, name, enc: Enclosure, *, witness=None, note=""):
        return cls(name, None, enc.lower, enc.upper, witness or {}, enc.method, note)

    @property
    def is_exact(self) -> bool:
        return self.value is not None

    @property
    def float(self) -> float | None:
        v = self.value if self.value is not None else None
        if v is not None:
            return value_to_float(v)
        if self.lower is not None and self.upper is not None:
            lo, hi = value_to_float(self.lower), value_to_float(self.upper)
            return None if lo is None or hi is None else (lo + hi) / 2
        return None

    def evalf(self, n: int = 15) -> sympy.Expr:
        """The exact value to ``n`` significant digits (sympy's evaluation of the exact form); for a value known
        only by certified bounds, InvalidArgument — the bounds are in ``lower``/``upper``."""
        from exactpriv.errors import InvalidArgument

        if self.value is None:
            raise InvalidArgument(f"{self.name} is known only by certified bounds [{self.lower}, {self.upper}]: "
                                  "evaluate .lower or .upper")
        return value_to_sympy(self.value).evalf(n)

    def to_json(self) -> dict:
        def s(v):
            return None if v is None else sympy.sstr(value_to_sympy(v))

        return {
            "exact": s(self.value),
            "lower": s(self.lower),
            "upper": s(self.upper),
            "float": self.float,
            "witness": json_value(self.witness),
            "method": self.method,
            "note": self.note,
        }

    def __repr__(self):
        if self.value is not None:
            return f"Measured({self.name}={sympy.sstr(value_to_sympy(self.value))}, witness={self.witness!r})"
        return f"Measured({self.name} in [{value_to_float(self.lower)}, {value_to_float(self.upper)}], method={self.method!r})"

    def _latex_value(self) -> str:
        if self.value is not None:
            return sympy.latex(value_to_sympy(self.value))
        lo = "-\\infty" if self.lower is None else sympy.latex(value_to_sympy(self.lower))
        hi = "\\infty" if self.upper is None else sympy.latex(value_to_sympy(self.upper))
        return f"\\left[{lo},\\ {hi}\\right]"

    def _repr_latex_(self) -> str:
        """Jupyter: the exact value (or the certified enclosure) as LaTeX."""
        name = self.name.replace("_", "\\_")
        return f"$\\mathrm{{{name}}} = {self._latex_value()}$"

    def _repr_html_(self) -> str:
        """Jupyter: the name, the value as LaTeX (which notebooks typeset) and the witness."""
        import html

        witness = html.escape(", ".join(f"{k}={v}" for k, v in self.witness.items())) if self.witness else ""
        return (f"<div><code>{html.escape(self.name)}</code> {html.escape(self._repr_latex_())}"
                + (f" <small>(witness: {witness})</small>" if witness else "") + "</div>")


def at_most(m: Measured, level, *, max_prec: int = 2048) -> Decision:
    """Decide ``m <= level`` exactly (or from certified bounds), three-valued.

    TRUE when the exact value (or the upper bound) is <= level, FALSE when the exact value
    (or the lower bound) exceeds it; UNDECIDED otherwise, with the reason.
    """
    from exactpriv.exact.kernel import compare

    if m.value is not None:
        return compare(m.value, "<=", level, max_prec=max_prec)
    if m.upper is not None:
        d = compare(m.upper, "<=", level, max_prec=max_prec)
        if d.is_true:
            return Decision.true("enclosure", f"upper bound {m.upper} <= {level}", certificate={"upper": str(m.upper)})
    if m.lower is not None:
        d = compare(m.lower, ">", level, max_prec=max_prec)
        if d.is_true:
            return Decision.false("enclosure", f"lower bound {m.lower} > {level}", certificate={"lower": str(m.lower)})
    return Decision.undecided(
        "enclosure", f"level {level} lies within the certified enclosure [{m.lower}, {m.upper}] of {m.name}"
    )
