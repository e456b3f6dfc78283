"""Wang–Ying–Zhang's converse consistency beyond Theorem 2's range (wang2016.consistency/converse-all-D): the checker
builds PD-I from the prior at t' itself, checks the witness's exact dual (every reduced cost >= 0) and that the
PD-I optimum M2 meets it with equality, then finds a competitor W with distortion <= D*_i(t') and smaller I(X;Y)."""

import copy

import pytest

from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.notions import evaluate_notion
from exactpriv.checker.statements import claim_on
from exactpriv.checker.witness import read_instance
from exactpriv.claims.evidence import witness_of


def _witness():
    from theorems.wang2016.theorem2 import FAM_CONS_ALL_D

    return witness_of(next(iter(FAM_CONS_ALL_D.build())))


def _form():
    from theorems.wang2016.theorem2 import _CONVERSE_ALL_D_FORM

    return _CONVERSE_ALL_D_FORM


DSTAR = {"notion": "pd_i_optimum", "t": "t_prime", "primal": "M2"}


def test_the_pd_i_optimum_is_certified_and_not_mi_optimal():
    w = _witness()
    assert str(evaluate_notion(read_instance(w), DSTAR)) == "31/48"
    holds, env = claim_on(_form(), read_instance(w), max_prec=256)
    assert holds is False  # I(M2) > I(W) although D(W) <= D*_i(35/12) = D(M2)


def test_a_forged_dual_or_primal_fails():
    base = _witness()
    hint = base["hints"]["pd_i"]
    w = copy.deepcopy(base)  # a larger multiplier: the dual bound exceeds the primal (reduced cost < 0 somewhere)
    w["hints"]["pd_i"]["input"][0] = str(int(hint["input"][0]) + 1)
    with pytest.raises(Failed, match="infeasible|does not close"):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # a ratio multiplier dropped: the dual no longer certifies the optimum
    w["hints"]["pd_i"]["ratio"] = w["hints"]["pd_i"]["ratio"][1:]
    with pytest.raises(Failed):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # a negative multiplier on a <= row
    w["hints"]["pd_i"]["ratio"][0][3] = "-1"
    with pytest.raises(Failed, match="negative"):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # a row that is not a neighbour pair of the space (inputs 0 and 3 differ in 2 records)
    w["hints"]["pd_i"]["ratio"][0][:2] = [0, 3]
    with pytest.raises(Failed, match="names no ratio row"):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # the certificate of another t
    w["hints"]["pd_i"]["t"] = "3"
    with pytest.raises(Failed, match="not 35/12"):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # a primal that is not optimal (the identity channel: distortion 0, infeasible at t')
    w["extra"]["M2"]["mechanism"] = [["1", "0", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "1", "0"],
                                     ["0", "0", "0", "1"]]
    with pytest.raises(Failed, match="primal is infeasible"):
        evaluate_notion(read_instance(w), DSTAR)
    w = copy.deepcopy(base)  # a feasible primal that is not optimal (every row the same: distortion above D*)
    w["extra"]["M2"]["mechanism"] = [["1/4"] * 4] * 4
    with pytest.raises(Failed, match="does not close"):
        evaluate_notion(read_instance(w), DSTAR)


def test_without_the_certificate_d_star_is_not_checkable():
    w = _witness()
    del w["hints"]
    with pytest.raises(NotCheckable):
        evaluate_notion(read_instance(w), DSTAR)


def test_a_competitor_farther_than_d_star_never_refutes():
    w = _witness()
    w["mechanism"] = [["1/4"] * 4] * 4  # I(W) = 0 < I(M2), but its distortion 1 exceeds D* = 31/48: outside
    assert claim_on(_form(), read_instance(w), max_prec=256)[0] is None
