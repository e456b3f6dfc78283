"""Proves group privacy and amplification by subsampling on the families for every ε.

* ``dworkroth2014.group`` — an ε-DP mechanism is kε-DP for groups of size k (Dwork–Roth 2014, Theorem 2.2);
* ``bbg2018.poisson`` — Poisson subsampling at rate q of an ε-DP mechanism (add/remove neighbours) is
  log(1 + q(e^ε − 1))-DP (Balle–Barthe–Gaboardi 2018), here with q rational in a declared grid.
"""

from __future__ import annotations

from exactpriv.claims import Notion, Param, implication_claim
from exactpriv.mechanisms.operators import group, poisson_subsample

from theorems.classics._common import SUBSET_COUNT, TG, VARIANT, claim

__all__ = ["CLAIMS"]

K = [Param("k", [2, 3], "[1, oo)", integer=True)]


def _group(inst):
    return group(inst.mechanism, inst.params["k"])


GROUP = Notion("pure_dp", on=_group, on_form={"group": "k"})

group_privacy = claim(
    "dworkroth2014.group", "Group privacy: ε-DP ⇒ kε-DP for groups of size k",
    "Dwork, Roth 2014, Theorem 2.2 [theorem number not verified against the text]",
    "Any (ε, 0)-differentially private mechanism M is (kε, 0)-differentially private for groups of size k.",
    "implication", {
        "geometric": implication_claim("x", given="pure_dp", measure=GROUP, bound="k*eps", params=K, families=[TG],
                                       expected="PROVED"),
        "variant-no-k": implication_claim(
            "x", given="pure_dp", measure=GROUP, bound="eps", params=K, families=[TG], **VARIANT,
            why="counts k apart see the geometric likelihood ratio e^{kε}, above e^ε"),
    })

Q = [Param("q", ["1/2", "1/10"], "(0, 1]")]
SUBSAMPLED = Notion("pure_dp", on=lambda inst: poisson_subsample(inst.mechanism, inst.params["q"]),
                    on_form={"subsample": "q"})

amplification = claim(
    "bbg2018.poisson", "Amplification by Poisson subsampling: ε ↦ log(1 + q(e^ε − 1))",
    "Balle, Barthe, Gaboardi 2018 (Poisson subsampling, add/remove neighbours)",
    "If M is ε-DP w.r.t. add/remove, M ∘ Poisson(q) is log(1 + q(e^ε − 1))-DP.",
    "implication", {
        "count": implication_claim("x", given="pure_dp", measure=SUBSAMPLED, bound="log(1 + q*(exp(eps) - 1))",
                                   params=Q, families=[SUBSET_COUNT], expected="PROVED"),
        "variant-linear": implication_claim(
            "x", given="pure_dp", measure=SUBSAMPLED, bound="q*eps", params=Q, families=[SUBSET_COUNT], **VARIANT,
            why="log(1 + q(e^ε − 1)) ≥ qε (concave in q) and the count attains it between ∅ and one person"),
    })

CLAIMS = [group_privacy, amplification]
