"""Paul Cuff and Lanqing Yu, "Differential Privacy as a Mutual Information Constraint", ACM CCS 2016.

The claims of the paper, one module per part of the paper, each claim declared beside the checks it uses:

* :mod:`.definitions` — §1, Definitions 1–3 ((ε, δ)-DP, MI-DP, neighbours);
* :mod:`.sec2_closeness` — Definition 4 and (7)–(8), (9), Property 1 and its tight form (11), Property 2;
* :mod:`.sec2_strictness` — the claim that Properties 1 and 2 are strict;
* :mod:`.sec2_property3` — Property 3 (the ε–δ trade-off) and its tightness;
* :mod:`.sec2_orderings` — Definitions 5–8 and Example 1;
* :mod:`.sec3_theorem1` — Theorem 1, the strictness of orderings (A), (B) (footnote 3), Lemma 1;
* :mod:`.sec3_lemma2` — Lemma 2 with its tight form (28), Appendix C, Remark (33);
* :mod:`.sec3_lemma3` — Lemma 3 with the bounds (105)–(127), Example 3.3;
* :mod:`.sec4_properties` — Properties 4–6, Corollary 4, Example 4.1;
* :mod:`.sec4_composition` — Corollaries 5–7, Example 4.3;
* :mod:`.sec5_group_privacy` — Properties 7–9, Example 5.1, (53), Corollary 8;
* :mod:`.sec6_variants` — §6: personalized, free-lunch, Bayesian and adversarial privacy;
* :mod:`.sec7_renyi` — §7: Sibson's α-mutual information (66)–(73), Lemma 9, Corollary 10;
* :mod:`.appendix_d` — Lemma 11 and the continuity bound (105);
* :mod:`.remarks` — the interpretation remarks of §2.2 and the informal claims of the abstract and §1.

Shared helpers: :mod:`.closeness` (exact pair-level quantities), :mod:`.steps` (combining exact
decisions, deciding certified enclosures, symbolic proofs), :mod:`.measured` (cached
per-mechanism measures with exact capacity certificates), :mod:`.instances` (the instance families of
§§1–3), :mod:`.random_objects` and :mod:`.exact_information` (seeded random objects, exact entropies
and enclosure arithmetic for §§4–7), :mod:`.symbolic` (symbolic mechanism families and the step
combinator of the all-parameter proofs).

:data:`CLAIMS` lists the claims in the paper's order.
"""

from __future__ import annotations

from theorems.cuff2016 import (
    appendix_d,
    definitions,
    remarks,
    sec2_closeness,
    sec2_orderings,
    sec2_property3,
    sec2_strictness,
    sec3_lemma2,
    sec3_lemma3,
    sec3_theorem1,
    sec4_composition,
    sec4_properties,
    sec5_group_privacy,
    sec6_variants,
    sec7_renyi,
)

__all__ = ["CLAIMS"]

_MODULES = (definitions, sec2_closeness, sec2_strictness, sec2_property3, sec2_orderings, sec3_theorem1,
            sec3_lemma2, sec3_lemma3, sec4_properties, sec4_composition, sec5_group_privacy, sec6_variants,
            sec7_renyi, appendix_d, remarks)

#: the claims of the paper, in the paper's order
CLAIMS = [claim for module in _MODULES for claim in module.CLAIMS]
