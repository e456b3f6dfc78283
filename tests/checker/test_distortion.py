"""Wang–Ying–Zhang's consistency beyond Theorem 2's range (wang2016.consistency/all-D): the checker certifies W
mutual-information optimal by Csiszár's bound and compares its identifiability with M2's (the PD-I optimum)."""

import copy

import pytest

from exactpriv.checker import values as V
from exactpriv.checker.errors import NotCheckable
from exactpriv.checker.statements import claim_on
from exactpriv.checker.witness import read_instance

W = {"space": {"type": "hamming", "values": [0, 1], "n": 2}, "outputs": [[0, 0], [0, 1], [1, 0], [1, 1]],
     "prior": ["5/16", "1/4", "5/16", "1/8"], "params": {"t": "2", "t_prime": "35/12"},
     "mechanism": [["2/3", "1/9", "2/9", "0"], ["1/2", "1/3", "1/6", "0"], ["2/5", "1/15", "8/15", "0"],
                   ["1/3", "2/9", "4/9", "0"]],
     "extra": {"M2": {"outputs": [[0, 0], [0, 1], [1, 0], [1, 1]],
                      "mechanism": [["735/1081", "70/1081", "12/47", "0"], ["315/1081", "6125/25944", "533/1128", "0"],
                                    ["252/1081", "24/1081", "35/47", "0"], ["216/1081", "175/1081", "30/47", "0"]]}}}


def _form():
    from theorems.wang2016.theorem2 import _ALL_D_FORM

    return _ALL_D_FORM


def test_the_mi_optimal_mechanism_is_not_identifiability_optimal():
    holds, env = claim_on(_form(), read_instance(W), max_prec=256)
    assert holds is False
    assert V.compare(env["I"], "==", env["CB"]) and env["D2"] <= env["D1"]  # Csiszár's bound is tight: W is MI-optimal at D


def test_a_mechanism_not_certified_optimal_or_a_farther_m2_never_refutes():
    w = copy.deepcopy(W)
    w["mechanism"][0] = ["1/3", "1/3", "1/3", "0"]  # no longer MI-optimal: Csiszár's certificate does not hold
    with pytest.raises(NotCheckable):
        claim_on(_form(), read_instance(w), max_prec=256)
    w = copy.deepcopy(W)
    w["extra"]["M2"]["mechanism"] = [["0", "0", "0", "1"]] * 4  # distortion above D: not a competitor
    assert claim_on(_form(), read_instance(w), max_prec=256)[0] is None
