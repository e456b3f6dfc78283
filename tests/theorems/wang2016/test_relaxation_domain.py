"""wang2016.relaxation/pd-dp outside its hypotheses: (28) multiplies e^eps by e^eps_X, and an infinite one leaves
e^(eps+eps_X)·0 without a value — a typed error naming the culprit, never an AttributeError or a NaN comparison."""

from dataclasses import replace
from fractions import Fraction

import pytest

from exactpriv.claims.banks import find_claim
from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.mechanisms.base import Mechanism


def _reading_and_instance():
    reading = find_claim("wang2016.relaxation").reading("pd-dp")
    return reading, next(iter(reading.families[0].build()))


def test_a_prior_with_a_zero_is_named():
    reading, inst = _reading_and_instance()
    pmf = list(inst.prior.pmf)
    pmf[0], pmf[1] = pmf[0] + pmf[1], Fraction(0)
    with pytest.raises(InvalidArgument, match="prior=.*eps_X is infinite"):
        reading.check(replace(inst, prior=Prior(inst.prior.space, pmf)))


def test_a_mechanism_without_finite_dp_is_named():
    reading, inst = _reading_and_instance()
    M = inst.mechanism
    rows = [[Fraction(int(i == j)) for j in range(len(M.outputs))] for i in range(len(M.rows))]
    with pytest.raises(InvalidArgument, match="no finite eps"):
        reading.check(replace(inst, mechanism=Mechanism(M.inputs, M.outputs, rows)))
