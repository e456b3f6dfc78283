"""A user's bank over symbolic families: each true claim PROVED for every ε ≥ 0, each mis-statement REFUTED.

Written as a user would (the declarative forms of exactpriv.claims, families from a module next to this file)
and driven by tests/test_user_bank.py through ``exactpriv verify FILE``, ``hunt``, ``report`` and
``pytest FILE``.
"""

from family_defs import GEOMETRIC, RR, RR2

from exactpriv.claims import Notion, Param, implication_claim, inequality_claim, tightness_claim
from exactpriv.mechanisms.operators import k_fold

VARIANT = dict(expected="REFUTED", finding="variant")
K = [Param("k", [2, 3], "[1, oo)", integer=True)]

CLAIMS = [
    implication_claim("mine.kl", given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)",
                      families=[RR, GEOMETRIC], expected="PROVED"),
    implication_claim("mine.kl-misstated", given="pure_dp", measure="kl_dp", bound="eps**2/3", families=[RR],
                      why="KL of binary RR is ε·tanh(ε/2) ≈ ε²/2 near 0, above ε²/3", **VARIANT),
    tightness_claim("mine.tv", given="pure_dp", measure="tv_dp", bound="(exp(eps) - 1)/(exp(eps) + 1)",
                    families=[RR2], expected="PROVED"),
    tightness_claim("mine.tv-misstated", given="pure_dp", measure="tv_dp", bound="(exp(eps) - 1)/(exp(eps) + 1)",
                    families=[RR], why="RR(3, ε) has TV (e^ε − 1)/(e^ε + 2): binary RR's value is not attained",
                    **VARIANT),
    inequality_claim("mine.kfold", measure=Notion("pure_dp", on=lambda inst: k_fold(inst.mechanism, inst.params["k"])),
                     op="==", bound="k*eps", params=K, families=[RR], expected="PROVED"),
    inequality_claim("mine.kfold-misstated",
                     measure=Notion("pure_dp", on=lambda inst: k_fold(inst.mechanism, inst.params["k"])),
                     op="<=", bound="eps", params=K, families=[RR],
                     why="pure DP adds up over the k copies: kε > ε for ε > 0", **VARIANT),
]
