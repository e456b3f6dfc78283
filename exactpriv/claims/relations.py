"""Relations between notions: the machine-readable side of an implication or non-implication reading.

A reading that states "α-A ⇒ f(α)-B" (or "A does not imply B") declares it as a :class:`Relation`; the
implication atlas and the tightness explorer are built from these declarations and the bank's verdicts, so
the claims are the single source of truth.  Notion names are the keys of :data:`NOTIONS` (the measure
registry's names plus a few per-record quantities); conditions are the keys of :data:`CONDITIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import EPS

__all__ = ["NOTIONS", "CONDITIONS", "COMPOSABLE_CONDITIONS", "Relation", "implies", "does_not_imply"]

#: notion name -> (short figure label, needs a prior on Hamming spaces, what its value is)
NOTIONS: dict[str, tuple[str, bool, str]] = {
    "free_lunch": ("free-lunch\nprivacy", False, "max divergence over all pairs (Cuff–Yu §6.2)"),
    "pure_dp": ("ε-DP", False, "max divergence over neighbours"),
    "kl_dp": ("KL-DP", False, "max KL over ordered neighbours"),
    "tv_dp": ("(δ)-DP\n(TV)", False, "max total variation over neighbours"),
    "mi_dp": ("MI-DP", False, "sup_{i,P} I(X_i;Y|X_-i)"),
    "capacity": ("sup_P\nI(Xⁿ;Y)", False, "capacity of the whole mechanism"),
    "identifiability": ("identifi-\nability", True, "max posterior ratio over neighbours (Wang–Ying–Zhang Def. 2)"),
    "identity_dp": ("identity DP", True, "Wu–Xia–He Def. 3"),
    "bayesian_dp": ("Bayesian DP", True, "Yang et al., as in Zhao (19); Cuff–Yu (60)"),
    "conditional_mi": ("I(X_i;Y|X_-i)", True, "max_i under the prior"),
    "record_mi": ("I(X_i;Y)", True, "max_i under the prior (Wu–Xia–He Thm 3)"),
    "mi_privacy": ("I(Xⁿ;Y)", True, "under the prior (Wang–Ying–Zhang Def. 4)"),
    "adversarial_privacy": ("adversarial\nprivacy", True, "max ln P(x|y)/P(x) (Cuff–Yu §6.4)"),
    "semantic_privacy": ("semantic\nprivacy", False, "sup over beliefs of SD (Zhao Def. 1)"),
    "bayesian_semantic_privacy": ("Bayesian\nsemantic\nprivacy", True, "Zhao Def. 2 (Game i 'resample')"),
    "positive_membership": ("membership\nprivacy γ", True, "Li et al. PMP / Zhao <D*,ε>-MP, value γ = e^ε"),
    "negative_membership": ("negative\nmembership γ", True, "Li et al. NMP, value γ"),
}

#: hypothesis tag -> text; tags in COMPOSABLE_CONDITIONS can be re-checked on generated instances
CONDITIONS = {
    "independent": "independent records (product priors)",
    "full-support": "full-support priors",
    "positive": "positive mechanisms (no zero entries)",
    "uniform": "uniform prior",
    "bounded": "bounded datasets (Li et al.'s D_B / D²_B families)",
    "correlated": "correlated distributions",
    "cardinality": "map depends on min{|Y|, max|X_i|+1}",
    "n-records": "map depends on the number of records n",
    "k-dependence": "each source independent of at least n−k others; map depends on k",
    "prior-constant": "map depends on the prior's ε_X",
    "pair-level": "stated for pairs of distributions (P, Q)",
}
COMPOSABLE_CONDITIONS = {"independent", "full-support", "positive", "uniform", "pair-level"}




@dataclass(frozen=True)
class Relation:
    """An implication "α-source ⇒ map(α)-target" (or a non-implication) stated by a reading.

    source, target : notion names (keys of :data:`NOTIONS`)
    map : the stated parameter map as a sympy expression in ``eps`` (the tightest ``source`` level), or
        None for a non-implication
    label : short text of the map for figures ("min{ε,ε²}")
    kind : "implication" or "non-implication"
    conditions : hypothesis tags (keys of :data:`CONDITIONS`)
    composable : False when the map depends on more than the parameter or is not monotone
    tight : the paper says this map is the tightest possible
    note : a remark shown with the edge
    """

    source: str
    target: str
    map: Any = None
    label: str = ""
    kind: str = "implication"
    conditions: tuple = ()
    composable: bool = True
    tight: bool = False
    note: str = ""

    def __post_init__(self):
        for n in (self.source, self.target):
            if n not in NOTIONS:
                raise InvalidArgument(f"relation: unknown notion {n!r}; known: {', '.join(NOTIONS)}")
        if self.kind not in ("implication", "non-implication"):
            raise InvalidArgument(f"relation: kind={self.kind!r} must be implication/non-implication")
        for c in self.conditions:
            if c not in CONDITIONS:
                raise InvalidArgument(f"relation: unknown condition {c!r}; known: {', '.join(CONDITIONS)}")
        if self.kind == "implication" and self.map is None:
            raise InvalidArgument(f"relation {self.source} => {self.target}: an implication needs a map")
        if self.kind == "non-implication" and not self.label:
            object.__setattr__(self, "label", "⇏")

    @property
    def is_composable(self) -> bool:
        return (self.kind == "implication" and self.composable and self.map is not None
                and sympy.sympify(self.map).free_symbols <= {EPS}
                and set(self.conditions) <= COMPOSABLE_CONDITIONS)


def implies(source: str, target: str, map_, label: str, **kw) -> Relation:
    """Shorthand for an implication relation."""
    return Relation(source, target, map_, label, **kw)


def does_not_imply(source: str, target: str, **kw) -> Relation:
    """Shorthand for a non-implication relation."""
    return Relation(source, target, None, "⇏", kind="non-implication", **kw)
