"""§4.1 of Li et al. (theorems/li2013/sec4_1_unbounded.py): broken variants must be refuted, and instances
that are not the paper's construction are outside (the hunter used to crash on them with a
ZeroDivisionError: it drew fresh rows around the construction's parameters)."""

from fractions import Fraction

from exactpriv.claims import Family, Instance, Outcome, Reading, Verdict, check_reading, unmet_hypotheses
from exactpriv.exact.kernel import compare
from exactpriv.measures import udp
from exactpriv.measures.membership import negative_membership
from exactpriv.mechanisms.base import Mechanism
from theorems.li2013 import sec4_1_unbounded as S
from theorems.li2013.equivalences import equivalence_on_levels
from theorems.li2013.instances import SUBSETS
from theorems.li2013.steps import as_int

F = Fraction


def test_broken_laplace_formula():
    def check(inst):
        M = inst.mechanism
        k, a, p = as_int(inst.params["k"]), F(inst.params["exp_eps"]), F(inst.params["p"])
        U = frozenset(M.inputs.universe)
        Pa, P0 = M.prob(k, U), M.prob(k, frozenset())
        post = p * Pa / (p * Pa + (1 - p) * P0)
        return Outcome(compare(post / p, "==", 1 / (p + (1 - p) / a ** (k - 1))))
    reading = Reading("broken", "", check=check, families=(Family("laplace", S._laplace_instances),))
    assert check_reading(S.LAPLACE_CEX, reading).verdict is Verdict.REFUTED


def test_broken_neg_udp_nmp_with_positive_udp():
    check = equivalence_on_levels(udp.positive_udp, [lambda M: negative_membership(M, family="independent")],
                                  "broken: positive UDP vs NMP")
    assert check_reading(S.NEG_UDP_NMP, Reading("broken", "", check=check, families=SUBSETS)).verdict \
        is Verdict.REFUTED


def test_a_perturbed_count_is_outside_the_laplace_reading():
    """The instance the hunter crashed on: the construction's parameters with fresh rows, output k never
    produced from ∅ (Pr[S|¬t1] = 0)."""
    template = S._laplace_instances()[0]  # k = 1, e^eps = 2
    M = template.mechanism
    rows = [[F(1, 2), F(1, 2)], [F(1), F(0)]] if not M.inputs.points[0] else [[F(1), F(0)], [F(1, 2), F(1, 2)]]
    hunted = Instance("hunted", Mechanism(M.inputs, list(M.outputs), rows), params=dict(template.params))
    reading = S.LAPLACE_CEX.reading("finite-analogue")
    assert unmet_hypotheses(reading, hunted) == ["count-construction"]
    assert unmet_hypotheses(reading, template) == []
    assert reading.open_search is False


def test_broken_laplace_formula_for_all_k_p_is_refuted_at_an_exact_point():
    """With e^{-(k-1)ε}: at k = 1, p = 1/2, e^ε = 2 the ratio is 4/3 but the broken formula gives 1."""
    d = S.prove_laplace_all_k_p(exponent=lambda k: -(k - 1))
    assert d.is_false and "1/3" in d.reason
    assert S.prove_laplace_all_k_p().is_true
