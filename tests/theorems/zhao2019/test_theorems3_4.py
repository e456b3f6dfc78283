"""Zhao, Theorems 3 and 4 (theorems.zhao2019.theorems3_4): broken variants must be REFUTED —
Theorem 3 with ε replaced by ε/2, Theorem 4 without downward scalability (D_N)."""

from fractions import Fraction

from exactpriv.claims import Family, Reading, Verdict, check_reading
from theorems.zhao2019 import CLAIMS
from theorems.zhao2019.instances import MECH_FAMILIES, _minimal_instances
from theorems.zhao2019.measured import OLD_NULL_EVENTS, bdp, mp
from theorems.zhao2019.theorems3_4 import SUBSETS, check_thm3, check_thm4_li


def _refuted(check, families):
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families))
    return check_reading(CLAIMS[0], reading).verdict == Verdict.REFUTED


def test_broken_thm3_half_eps_is_refuted():
    assert _refuted(check_thm3("conditional", scale=Fraction(1, 2)), MECH_FAMILIES)


def test_broken_thm4_without_downward_scalability_is_refuted():
    """D_N = {uniform}: Pr[t] = 1/2 cannot be scaled down, and its MP level Φ(1/2, A) < A."""
    subsets_only = Family("subsets", lambda: [i for i in SUBSETS.build() if "subsets" in i.label])
    assert _refuted(check_thm4_li(family_of="uniform"), (subsets_only,))


def test_thm3_marginal_witness_fails_only_under_the_old_null_event_rule():
    """RR(3/4) on one record, point mass on 1: D_{1,∅} puts p on x = 1 and 1 − p on x = 0, the MP level
    is the likelihood ratio 3.  Old rule: BDP = 0 (x = 0 skipped), 3 > e^0.  Paper's rule: BDP = ln 3 and
    the level 3 ≤ e^{ln 3} holds with equality."""
    inst = next(i for i in _minimal_instances() if "rr(3/4)/point-mass" in i.label)
    assert Fraction(mp(inst.mechanism, inst.prior, "marginal").value) == 3
    assert bdp(inst.mechanism, inst.prior, OLD_NULL_EVENTS).value == 0
    assert check_thm3("marginal", null_events=OLD_NULL_EVENTS)(inst).decision.is_false
    assert check_thm3("marginal")(inst).decision.is_true
