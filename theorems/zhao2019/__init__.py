"""Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761, 2019): all 17 claims.

Notions: ε-DP, ε-Bayesian DP (Yang et al., Zhao (19)), ε-semantic privacy (Kasiviswanathan–Smith,
Def. 1), ε-Bayesian semantic privacy (Def. 2) and <D, ε>-membership privacy (Def. 3) over Zhao's
two-point family D*.  The bars of "x̄_i" (record x_i absent) are restored in the quotes.

Modules, in the paper's order
-----------------------------
* :mod:`~theorems.zhao2019.definitions` — Sec. I and III: the five definitions against brute force;
* :mod:`~theorems.zhao2019.theorem1` — Theorem 1 (BDP ⇔ BSP) and the step BSP ⇒ SP;
* :mod:`~theorems.zhao2019.theorem2` — Theorem 2 (DP ⇔ SP), the comparison with ε/6, the cited lemma;
* :mod:`~theorems.zhao2019.lemma1` — Lemma 1, the shape of g, Corollary 1 (Sec. III-B);
* :mod:`~theorems.zhao2019.theorems3_4` — Theorems 3 and 4 (BDP ⇔ MP);

with the shared pieces :mod:`~theorems.zhao2019.steps` (implications as exact comparisons of
R with rational squares), :mod:`~theorems.zhao2019.measured` (cached measures, hypotheses, the Game-i
conventions), :mod:`~theorems.zhao2019.brute_force` (the definitions computed from the paper's
formulas) and :mod:`~theorems.zhao2019.instances` (the instance families).

Findings (each REFUTED reading says its class and why)
------------------------------------------------------
* boundary — Theorem 1's and Theorem 2's converses where a Game-i posterior is undefined (an output
  impossible when record i is ⊥) or the prior lacks full support; Lemma 1 and its steps (28), (29) at
  P_D[x_i] ∈ {0, 1}; the comparison with ε/6 at ε = 0.  Each has a reading restricted to positive
  mechanisms / full-support priors / the interior that holds;
* convention — Theorem 1's converse under the Game-i readings 'replace' and 'belief' (Definition 2
  leaves the law of the unknown records in Game i open; under 'resample' it holds); Theorem 1 forward,
  BSP ⇒ SP and Theorem 3 (marginal) under exactpriv's old null-event rule;
* variant — our probes: Theorem 2's converse map is valid but not sharp (SP(RR_2(ε)) = tanh(ε/4): the
  sharp converse is s-SP ⇒ 4·artanh(s)-DP); the comparison with ε/6 beyond 5/2.
No reading is refuted as written.
"""

from __future__ import annotations

from theorems.zhao2019 import definitions, lemma1, theorem1, theorem2, theorems3_4

__all__ = ["CLAIMS"]

_ORDER = ("def_dp", "def_bdp", "def1_sp", "def2_bsp", "def3_mp", "thm1_fwd", "thm1_conv", "bsp_sp", "thm2_fwd",
          "thm2_conv", "improve", "ks_lemma", "lemma1", "g_mono", "cor1", "thm3", "thm4")
_BY_ID = {c.id: c for m in (definitions, theorem1, theorem2, lemma1, theorems3_4) for c in m.CLAIMS}

#: the claims in the paper's order (the claim list of the bank)
CLAIMS = [_BY_ID[f"zhao2019.{k}"] for k in _ORDER]
