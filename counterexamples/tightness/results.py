"""What the tightness explorer reports: one :class:`LevelResult` per level α, gathered in an :class:`Exploration`.

Each level carries the certified lower bound on f*(α) (a witness with A <= α decided exactly), the
stated map, the exact gap and the kernel decisions (violated / attained / below); floats appear only
as display values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from counterexamples.guides import guide_float


__all__ = ["Exploration"]


@dataclass
class Exploration:
    """All levels of one :func:`explore` run."""

    given: str
    measure: str
    stated: Any
    space: str
    levels: list
    seed: int
    seconds: float
    tight: Any = None
    upper_vs_stated: Any = None  # ProofResult of "upper < stated on (0, oo)"
    key: str = ""

    @property
    def flags(self) -> list[str]:
        return [f"α = {sympy.sstr(l.alpha)}: {f}" for l in self.levels for f in l.flags]

    @property
    def violated(self) -> bool:
        return any(l.status == "violated" for l in self.levels)

    def to_json(self) -> dict:
        return {"key": self.key, "given": self.given, "measure": self.measure, "stated": sympy.sstr(self.stated),
                "space": self.space, "seed": self.seed, "seconds": round(self.seconds, 3),
                "tight": None if self.tight is None or callable(self.tight) else sympy.sstr(self.tight),
                "upper_vs_stated": None if self.upper_vs_stated is None else self.upper_vs_stated.to_json(),
                "levels": [l.to_json() for l in self.levels]}


def as_float(v) -> float | None:
    """A float image of a measured value, to rank candidates only (None when it has none); never decides: the
    enclosure's midpoint (:func:`counterexamples.guides.guide_float`)."""
    return guide_float(v, enclosure="midpoint")
