"""The reconstructed notions of Li et al. (theorems/li2013/definitions.py): the PMP min-form without the
division by γ is wrong, and the check notices."""

from fractions import Fraction

from exactpriv.claims import Family, Reading, Verdict, check_reading
from exactpriv.exact.decisions import Decision
from theorems.li2013 import definitions as D

F = Fraction


def test_broken_min_form():
    def check(inst):
        p = F(inst.params["p"])
        for post in [F(a, 12) for a in range(13)]:
            for g in (F(1), F(3, 2), F(2)):
                two = post <= g * p and 1 - post >= (1 - p) / g
                if two != (post <= min(g * p, g - 1 + p)):
                    return Decision.false("rational", f"p={p}, post={post}, γ={g}")
        return Decision.true("rational", "agree")
    reading = Reading("broken", "", check=check, families=(Family("grid", D._min_form_instances),))
    assert check_reading(D.DEF_PMP, reading).verdict is Verdict.REFUTED
