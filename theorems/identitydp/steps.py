"""Exact privacy levels for identity DP's claims: ratios, logs, sums and the implication check.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1).  A level is an exact LogForm (ln of a rational ratio), a Fraction, or +oo;
maximum ratios use the conventions 0/0 ignored and a/0 = +oo.  Every comparison is
:func:`exactpriv.exact.kernel.compare` on exact values; a Shannon quantity that is only enclosed is
decided from the side of its enclosure that matters (UNDECIDED if the enclosure straddles the bound).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.claims import Instance, Outcome
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO
from exactpriv.measures.result import Measured

LOG2 = LogForm.log(2)
_ZERO = LogForm.rational(0)


def log_ratio(best):
    """ln of a maximum ratio: None (no ratio) -> 0, oo -> oo, Fraction -> LogForm."""
    if best is None:
        return _ZERO
    if best is OO:
        return OO
    return LogForm.log(best)


def better(a, b) -> bool:
    """a > b for ratios Fraction | oo, with None = nothing yet."""
    if a is None:
        return False
    if b is None:
        return True
    if a is OO:
        return b is not OO
    if b is OO:
        return False
    return a > b


def level_ratio(num, den):
    """num/den with the conventions 0/0 -> None (ignored), a/0 -> oo."""
    if den == 0:
        return None if num == 0 else OO
    return Fraction(num) / Fraction(den)


def is_oo(v) -> bool:
    return v is OO or (isinstance(v, sympy.Basic) and v == OO)


def scaled(k, v):
    """k * v for an exact level v (LogForm / Fraction / oo), k a non-negative rational."""
    if is_oo(v):
        return OO if k > 0 else _ZERO
    return v * Fraction(k)


def add(*vs):
    if any(is_oo(v) for v in vs):
        return OO
    out = _ZERO
    for v in vs:
        out = out + v
    return out


def lmax(a, b):
    """Exact max of two levels (LogForm / Fraction / oo)."""
    if is_oo(a) or is_oo(b):
        return OO
    d = compare(a, ">=", b)
    if d.is_undecided:  # pragma: no cover - LogForm comparisons are always decidable
        raise ValueError(d.reason)
    return a if d.is_true else b


combine = Decision.all_of  # the conjunction of decisions


def _measured_le(m: Measured, bound) -> Decision:
    """Decide m <= bound from m's exact value, or from the certified side that matters."""
    if m.value is not None:
        return compare(m.value, "<=", bound)
    if m.upper is not None and compare(m.upper, "<=", bound).is_true:
        return Decision.true("enclosure", f"{m.name} <= {m.upper} <= {bound}")
    if m.lower is not None and compare(m.lower, ">", bound).is_true:
        return Decision.false("enclosure", f"{m.name} >= {m.lower} > {bound}")
    return Decision.undecided("enclosure", f"{bound} lies in the enclosure [{m.lower}, {m.upper}] of {m.name}")


def measured_gt(m: Measured, bound) -> Decision:
    d = _measured_le(m, bound)
    if d.is_true:
        return Decision.false(d.method, f"not >: {d.reason}")
    if d.is_false:
        return Decision.true(d.method, f">: {d.reason}")
    return d


def implication_check(measure, bound_of, what: str):
    """B(M) <= f(A(M)) with exact levels (LogForm / oo)."""

    def check(inst: Instance) -> Outcome:
        b = measure(inst)
        f = bound_of(inst)
        d = _measured_le(b, f) if isinstance(b, Measured) else compare(b, "<=", f)
        return Outcome(d, {"measure": b, "bound": f, "what": what})

    return check
