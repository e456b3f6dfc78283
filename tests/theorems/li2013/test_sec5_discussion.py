"""§5 of Li et al. (theorems/li2013/sec5_discussion.py): the D_U level of the ε-DP count by hand, and the
named constructions' hypotheses put other mechanisms outside."""

from fractions import Fraction

from exactpriv.claims import Instance, unmet_hypotheses
from exactpriv.mechanisms.base import Mechanism
from theorems.li2013 import sec5_discussion as S

F = Fraction


def test_du_level_of_the_count_is_e_to_the_n_eps():
    """|U| = 2, e^ε = 2: P(y=2|U) / P(y=2|∅) = 2^2 = 4 — the level over all laws is e^{|U|ε}."""
    inst = next(i for i in S._du_instances() if i.params["n"] == 2 and i.params["exp_eps"] == 2)
    assert S._du_sup(inst.mechanism) == 4
    assert S._check_du(inst).decision.is_true


def _perturbed(inst):
    M = inst.mechanism
    rows = [list(r) for r in M.rows]
    rows[0] = list(reversed(rows[0]))
    return Instance("perturbed", Mechanism(M.inputs, list(M.outputs), rows), params=dict(inst.params))


def test_perturbed_constructions_are_outside():
    for claim, name, inst in [(S.KANON, "finite-analogue", S._kanon_instances()[0]),
                              (S.SEC5_SUMMARY, "du-too-strong", S._du_instances()[0])]:
        reading = claim.reading(name)
        assert unmet_hypotheses(reading, inst) == [], name
        assert unmet_hypotheses(reading, _perturbed(inst)), name
        assert reading.open_search is False
