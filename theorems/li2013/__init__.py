"""Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework …" (ACM CCS 2013): 19 claims.

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013).

The bank encodes the paper from §4.1 (inside the Laplace example) to the start of Definition 5.4; the
notions defined before (PMP, NMP, UDP, BDP) are reconstructed from their use and every claim built on them
says so in its ``source``.  One module per part of the paper, each claim beside the checks it uses:

* :mod:`~theorems.li2013.definitions` — the reconstructed notions: PMP, NMP, UDP, BDP;
* :mod:`~theorems.li2013.sec4_1_unbounded` — §4.1: the Laplace example, negative UDP ⟺ NMP;
* :mod:`~theorems.li2013.sec4_2_bounded` — §4.2: BDP, Families 4.6/4.7, Theorem 4.8, Lemma 4.9;
* :mod:`~theorems.li2013.sec5_1_kmax` — §5.1: D_N, k-Max, Proposition 5.3 and its values;
* :mod:`~theorems.li2013.sec5_discussion` — §5: k-anonymity, the summary of §5, Definition 5.4.

Shared machinery: :mod:`~theorems.li2013.steps`, :mod:`~theorems.li2013.measured` (the membership measures
the sections compare), :mod:`~theorems.li2013.brute_force` (the definitional computation every measure is
compared with), :mod:`~theorems.li2013.equivalences` (level-by-level equivalence checks),
:mod:`~theorems.li2013.instances` (mechanisms and families).

Findings (expected REFUTED readings)
------------------------------------
* ``prop5_3/proof-sj-ge-k`` — as-written: the proof's "s_j >= k" fails for outputs c_j with j < k;
* ``kmax_not_nmp/literal`` — boundary: false only at n = k, where k-Max ignores its input;
* ``prop5_3/empty-uniform``, ``prop5_3/empty-bottom``, ``prop5_3/proof-posterior-formula-empty-lowest`` —
  convention: the paper leaves k-Max's output on T = ∅ undefined; each reading names its convention and
  the others are readings of their own (``empty-lowest`` holds and is tight).
"""

from theorems.li2013.brute_force import membership_level_at
from theorems.li2013.definitions import DEF_NMP, DEF_PMP, DEF_UDP
from theorems.li2013.equivalences import equivalence_on_levels
from theorems.li2013.sec4_1_unbounded import LAPLACE_CEX, NEG_UDP_NMP
from theorems.li2013.sec4_2_bounded import BDP_D2B, BDP_SYMMETRY, FAM4_6, FAM4_7, LEMMA4_9, THM4_8
from theorems.li2013.sec5_1_kmax import DEF5_2, FAM5_1, KMAX_NOT_NMP, PROP5_3, PROP5_3_VALUES, kmax_posterior
from theorems.li2013.sec5_discussion import DEF5_4, KANON, SEC5_SUMMARY

__all__ = ["CLAIMS", "equivalence_on_levels", "kmax_posterior", "membership_level_at"]

#: the claims in the paper's order (the claim ids of the bank)
CLAIMS = [
    DEF_PMP, DEF_NMP, DEF_UDP, LAPLACE_CEX, NEG_UDP_NMP, BDP_SYMMETRY, FAM4_6, FAM4_7, BDP_D2B, THM4_8, LEMMA4_9,
    FAM5_1, DEF5_2, PROP5_3, PROP5_3_VALUES, KMAX_NOT_NMP, KANON, SEC5_SUMMARY, DEF5_4,
]
