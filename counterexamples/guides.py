"""Float images of exact values, to rank and steer a search only — never to decide.

One place for what the local search's margin (:mod:`counterexamples.local_search`) and the tightness search
(:mod:`counterexamples.tightness`) both need: a measured value (:class:`~exactpriv.measures.result.Measured`), an
exact number or a sympy expression as a float, or None when it has no float image (a closed form in ε, a value
the conversion refuses).  A value known only by a certified enclosure is imaged by its lower end or by the
midpoint of the enclosure, as the caller asks.
"""

from __future__ import annotations

__all__ = ["guide_float"]


def guide_float(v, *, enclosure: str = "lower") -> float | None:
    """``v`` as a float for guidance, or None; an enclosure-only measured value by its ``"lower"`` end or its
    ``"midpoint"``."""
    from exactpriv.measures.result import Measured, value_to_float

    if enclosure not in ("lower", "midpoint"):
        raise ValueError(f"enclosure={enclosure!r} must be 'lower' or 'midpoint'")
    if v is None:
        return None
    try:
        if isinstance(v, Measured):
            if v.value is not None or enclosure == "midpoint":
                return v.float
            return value_to_float(v.lower) if v.lower is not None else None
        return value_to_float(v)
    except Exception:  # noqa: BLE001 - a value without a float image gives no guidance
        return None
