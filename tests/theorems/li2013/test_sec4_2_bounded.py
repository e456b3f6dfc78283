"""§4.2 of Li et al. (theorems/li2013/sec4_2_bounded.py): the enclosure-only reading is undecided exactly
where the D_B enclosure is loose; broken variants (Theorem 4.8 with e^{ε/2}, Lemma 4.9 without mutual
independence, the D²_B equivalence with D_I) must be refuted."""

import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Family, Instance, Reading, Verdict, check_reading
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.measures import coupling as cp
from exactpriv.measures import membership as mb
from exactpriv.measures import udp
from exactpriv.measures.membership import positive_membership
from theorems.li2013 import sec4_2_bounded as S
from theorems.li2013.equivalences import equivalence_on_levels
from theorems.li2013.instances import BOUNDED, SUBSETS
from theorems.li2013.measured import udp_ratio

F = Fraction


def _refuted(claim, check, families):
    return check_reading(claim, Reading("broken", "deliberately broken variant", check=check,
                                        families=tuple(families))).verdict is Verdict.REFUTED


def test_thm4_8_enclosure_only_undecided_exactly_where_the_enclosure_is_loose():
    check = S.THM4_8.reading("enclosure-only").check
    n_loose = 0
    for fam in BOUNDED + SUBSETS:
        for inst in fam.build():
            m = positive_membership(inst.mechanism, family="bounded", method="enclosure")
            d = check(inst).decision
            assert not d.is_false
            assert d.is_undecided == (m.value is None)
            n_loose += m.value is None
            if m.value is None:  # the certificate closes the gap at the lower end
                assert mb.bmi_membership(inst.mechanism).value == m.lower
    assert n_loose >= 3


def test_broken_thm4_8_half_epsilon():
    def check(inst):
        M = inst.mechanism
        r = udp_ratio(udp.bounded_dp(M))
        if r == sympy.oo:
            return Decision.true("vacuous", "BDP infinite")
        return compare(mb.bmi_membership(M).value, "<=", sympy.sqrt(sympy.Rational(r.numerator, r.denominator)))
    assert _refuted(S.THM4_8, check, BOUNDED)


def _correlated_instances():
    rng = random.Random(4949)
    out = []
    for j in range(30):
        n = 4 + j % 2
        U = "abcde"[:n]
        sets = [frozenset(c) for c in itertools.combinations(U, 2)]
        w = [rng.randint(0, 3) for _ in sets]
        if not any(t for t, s in zip(w, sets) if "a" in s) or not any(t for t, s in zip(w, sets) if "a" not in s):
            continue
        out.append(Instance(f"correlated-{j}", params={"sets": tuple(tuple(sorted(s)) for s in sets),
                                                        "w": tuple(F(x) for x in w)}))
    return tuple(out)


def test_broken_lemma4_9_without_independence():
    def check(inst):
        D = {frozenset(s): x for s, x in zip(inst.params["sets"], inst.params["w"]) if x}
        tot = sum(D.values())
        pt = sum(x for T, x in D.items() if "a" in T)
        P1 = {T: x / (tot - pt) for T, x in D.items() if "a" not in T}
        P2 = {T - {"a"}: x / pt for T, x in D.items() if "a" in T}
        return cp.find_coupling(P1, P2).decision
    assert _refuted(S.LEMMA4_9, check, [Family("correlated", _correlated_instances)])


def test_broken_bdp_equivalence_with_d_i():
    check = equivalence_on_levels(udp.bounded_dp, [lambda M: positive_membership(M, family="independent")],
                                  "broken: BDP vs D_I")
    assert _refuted(S.BDP_D2B, check, SUBSETS)


def test_thm4_8_declares_the_atlas_edges():
    rels = S.THM4_8.readings[0].relations
    assert {(r.source, r.target) for r in rels} == {("pure_dp", "positive_membership"),
                                                    ("positive_membership", "pure_dp")}
    assert all(r.conditions == ("bounded",) for r in rels)
