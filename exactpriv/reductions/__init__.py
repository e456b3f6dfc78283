"""Implications proved for every mechanism by certified reductions to the extremal mechanism.

* :mod:`~exactpriv.reductions.metatheorems` — the trusted meta-theorems (dominance by randomized response and
  by the four-output (ε, δ) pair, data processing for f-divergences and Rényi divergences, pairwise maxima,
  additivity, quasi-convexity), each with hypotheses, references and a proof sketch;
* :mod:`~exactpriv.reductions.dominance` — the dominance kernels in closed form, constructed and checked
  exactly on instances;
* :mod:`~exactpriv.reductions.notions` — which notions have an extremal family / are pairwise maxima, and why
  the others are not reduced;
* :mod:`~exactpriv.reductions.prover` — :func:`prove_by_reduction`: PROVED with the chain, or the missing link.

Layer: above the measures, the mechanisms and :mod:`exactpriv.forall`; the claim forms use it
(:mod:`exactpriv.claims.by_reduction`), never the other way round.
"""

from exactpriv.reductions.dominance import (
    INFINITY,
    DominanceError,
    Kernel,
    check_kernel,
    confirm_approx_dominance,
    confirm_rr_dominance,
    extremal_kernel,
    extremal_pair,
    rr_kernel,
    rr_pair,
)
from exactpriv.reductions.metatheorems import METATHEOREMS, MetaTheorem, metatheorem
from exactpriv.reductions.notions import why_not_reducible
from exactpriv.reductions.prover import Link, Reduction, assemble_reduction, prove_by_reduction

__all__ = [
    "INFINITY",
    "METATHEOREMS",
    "DominanceError",
    "Kernel",
    "Link",
    "MetaTheorem",
    "Reduction",
    "assemble_reduction",
    "check_kernel",
    "confirm_approx_dominance",
    "confirm_rr_dominance",
    "extremal_kernel",
    "extremal_pair",
    "metatheorem",
    "prove_by_reduction",
    "rr_kernel",
    "rr_pair",
    "why_not_reducible",
]
