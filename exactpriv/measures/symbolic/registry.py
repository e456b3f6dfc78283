"""Name -> symbolic measure dispatch (``SYMBOLIC_MEASURES``, :func:`symbolic_measure`).

A plain table so callers (the ∀ε checker, the CLI) select a closed-form measure by the same names as
the exact numeric measures.
"""

from __future__ import annotations

from exactpriv.errors import InvalidArgument
from exactpriv.measures.result import Measured
from .capacity import capacity_symbolic, mi_dp_symbolic
from .divergences import (
    hockey_stick_symbolic, kl_dp_symbolic, pure_dp_symbolic, renyi_dp_symbolic, tv_dp_symbolic,
)
from .semantic import semantic_privacy_symbolic

__all__ = ["SYMBOLIC_MEASURES", "symbolic_measure"]


# ======================================================================================
# dispatcher
# ======================================================================================
SYMBOLIC_MEASURES = {
    "pure_dp": pure_dp_symbolic,
    "kl_dp": kl_dp_symbolic,
    "tv_dp": tv_dp_symbolic,
    "renyi_dp": renyi_dp_symbolic,
    "hockey_stick": hockey_stick_symbolic,
    "capacity": capacity_symbolic,
    "mi_dp": mi_dp_symbolic,
    "semantic_privacy": semantic_privacy_symbolic,
}


def symbolic_measure(name: str, M, **kw) -> Measured:
    """``SYMBOLIC_MEASURES[name](M, **kw)`` ("renyi_dp" needs ``alpha=``, "hockey_stick" needs
    ``eps_prime=``)."""
    if name not in SYMBOLIC_MEASURES:
        raise InvalidArgument(f"unknown symbolic measure {name!r}; known: {', '.join(SYMBOLIC_MEASURES)}")
    kw = dict(kw)
    if name == "renyi_dp":
        if "alpha" not in kw:
            raise InvalidArgument("renyi_dp needs alpha=...")
        return renyi_dp_symbolic(M, kw.pop("alpha"), **kw)
    if name == "hockey_stick":
        if "eps_prime" not in kw:
            raise InvalidArgument("hockey_stick needs eps_prime=...")
        return hockey_stick_symbolic(M, kw.pop("eps_prime"), **kw)
    return SYMBOLIC_MEASURES[name](M, **kw)
