"""Wang, Ying and Zhang, "On the Relation Between Identifiability, DP, and MI Privacy" (IEEE T-IT 2016): 25 claims.

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016; arXiv:1402.3757).

The claims, one module per part of the paper (each claim sits beside the checks it uses):

* :mod:`~theorems.wang2016.definitions` — §2: the model, Definitions 1–4, the informal "relative guarantee";
* :mod:`~theorems.wang2016.privacy_distortion` — §2.3, §3: privacy–distortion functions, ε_X, ε̃_X, h;
* :mod:`~theorems.wang2016.theorem1` — §3: Theorem 1, the gap corollary, uniform priors, the relaxation R-PD;
* :mod:`~theorems.wang2016.lemma1` — Appendix A: Lemma 1 and the two claims of its proof;
* :mod:`~theorems.wang2016.lemmas2_5` — Appendix A: Lemmas 2–5;
* :mod:`~theorems.wang2016.theorem2` — §4: PD-MIP, Theorem 2, the KKT conditions, consistency.

Shared machinery: :mod:`~theorems.wang2016.steps` (exact steps and how they combine),
:mod:`~theorems.wang2016.measured` (certified LP optima, cached), :mod:`~theorems.wang2016.instances`
(priors, e^ε grids, random mechanisms), :mod:`~theorems.wang2016.hypotheses` (ε relative to ε_X and ε̃_X),
:mod:`~theorems.wang2016.exponential_mechanism` (E_d with a symbolic ε).

Findings (expected REFUTED readings)
------------------------------------
* ``lemma1.claim_lb/eq57-as-printed`` — as-written: a typo in (57) (e^{-(n-l)ε} for e^{-lε});
* ``consistency/all-D`` — as-written: the abstract's consistency fails beyond Theorem 2's range;
* ``def_epstilde/finite-any-prior`` — boundary: ε̃_X = +oo for a prior without full support;
* ``kkt/literal`` — boundary: (94) is ln(0/0) at the end point ε = ε̃_X.
"""

from theorems.wang2016.definitions import DEF1, DEF2, DEF3, DEF4, INFORMAL, MODEL
from theorems.wang2016.lemma1 import CLAIM_LB, CLAIM_UB, LEMMA1
from theorems.wang2016.lemmas2_5 import LEMMA2, LEMMA3, LEMMA4, LEMMA5
from theorems.wang2016.privacy_distortion import DEF_EPS_TILDE, DEF_EPS_X, DEF_H, DEF_PD
from theorems.wang2016.theorem1 import GAP, RELAXATION, THM1, UNIFORM
from theorems.wang2016.theorem2 import CONSISTENCY, KKT, PDMIP, THM2

__all__ = ["CLAIMS"]

#: the claims in the paper's order (the claim ids of the bank)
CLAIMS = [
    MODEL, DEF1, DEF2, DEF3, DEF4, DEF_PD, DEF_EPS_X, DEF_EPS_TILDE, DEF_H, THM1, GAP, UNIFORM, RELAXATION,
    LEMMA1, CLAIM_LB, CLAIM_UB, LEMMA2, LEMMA3, LEMMA4, LEMMA5, PDMIP, THM2, KKT, CONSISTENCY, INFORMAL,
]
