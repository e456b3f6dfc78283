"""Wu, Xia and He, "Identity differential privacy for dependent records" (arXiv 2017): all 24 claims.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1, 2017): all 24 claims.  (Later versions of the arXiv entry were rewritten; the
bank follows v1.)

The model, as encoded
---------------------
* Sources X_1..X_n are the records of an exactpriv product space (``Hamming``); the joint profile F is a
  :class:`~exactpriv.distributions.Prior` on the record sequences (arbitrary, possibly dependent).
* The paper's mechanisms are functions of the *dataset* (the multiset of records, Sec. 2.3); readings
  about them declare the hypothesis ``dataset-mechanism``; readings named ``general-mechanisms`` drop it
  (any mechanism on D^n, replace-one DP).  Independence of the sources, the conditional independence
  (14), the number k of dependent sources and the η of Lemma 5 are named hypotheses or computed exactly
  from the prior (:mod:`~theorems.identitydp.definitions`).
* ε-identity DP (Def. 3, (11)) is :func:`~exactpriv.measures.bayesian.identity_dp`; implications
  "ε-A ⇒ f(ε)-B" are checked at the tightest ε as B(M) ≤ f(A(M)) on exact values.
* Example 1 is continuous (Laplace noise): PROVED for all ε > 0 symbolically, plus a finite analogue with
  the truncated geometric count on n perfectly correlated records.

Modules, by the paper's sections
--------------------------------
:mod:`~theorems.identitydp.sec1_examples` (Examples 1-2), :mod:`~theorems.identitydp.sec2_preliminaries`
(model, Definition 2, Lemmas 1-2), :mod:`~theorems.identitydp.sec3_identity_dp` (Definition 3, Theorem 1,
Proposition 1), :mod:`~theorems.identitydp.sec4_relation_with_dp` (Propositions 2-3, non-reversibility,
Lemma 3, (23)-(24)), :mod:`~theorems.identitydp.sec5_information` (Lemma 4, Theorems 2-3, Corollaries
1-2, Proposition 4, "DP is a special case", Remark 1), :mod:`~theorems.identitydp.sec6_parameters`
(Lemma 5, Theorem 4); shared: :mod:`~theorems.identitydp.steps`, :mod:`~theorems.identitydp.measured`,
:mod:`~theorems.identitydp.definitions`, :mod:`~theorems.identitydp.instances`.

Findings (each REFUTED reading says its class and why)
------------------------------------------------------
* as-written — Proposition 4 (identity DP does not bound I(X_i;Y|X_(i)); noisy parity of independent
  bits); "ε-DP is a special case of ε-identity DP" under dependence; Theorem 4 with η as in (40);
  Lemma 1 across the pole of g (harmless for the paper's use);
* variant — dropped hypotheses: Proposition 1 without (14), Corollaries 1-2 without independence,
  Definition 2 for mechanisms that are not dataset functions, Proposition 3 read with pairwise
  independence.
The witnesses of the as-written findings are positive mechanisms with full-support priors (no boundary
effect).
"""

from __future__ import annotations

from theorems.identitydp import (
    sec1_examples,
    sec2_preliminaries,
    sec3_identity_dp,
    sec4_relation_with_dp,
    sec5_information,
    sec6_parameters,
)
from theorems.identitydp.definitions import is_multiset_mechanism

__all__ = ["CLAIMS", "is_multiset_mechanism"]

_ORDER = ("ex1", "ex2", "model", "def2", "lemma1", "lemma2", "def3", "thm1", "prop1", "prop2", "prop3",
          "nonreversible", "lemma3", "eq23_24", "lemma4", "thm2", "cor1", "thm3", "cor2", "prop4", "lemma5", "thm4",
          "dp_special_case", "remark1")
_MODULES = (sec1_examples, sec2_preliminaries, sec3_identity_dp, sec4_relation_with_dp, sec5_information,
            sec6_parameters)
_BY_ID = {c.id: c for m in _MODULES for c in m.CLAIMS}

#: the claims in the paper's order (the claim list of the bank)
CLAIMS = [_BY_ID[f"identitydp.{k}"] for k in _ORDER]
