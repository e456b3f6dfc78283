"""(14) of identity DP's Proposition 1 in integers (theorems.identitydp.definitions._conditionally_independent)
against the Fraction reference from the definition, on every instance the bank checks and in the symbolic regime
that takes the reference path."""

import random

import sympy

from exactpriv.distributions import Prior
from exactpriv.mechanisms.base import Mechanism
from theorems.identitydp.definitions import _conditionally_independent, _conditionally_independent_plain
from theorems.identitydp.instances import gen_mech, joint_prior
from theorems.identitydp.sec3_identity_dp import B1, TWO_BINARY_RECORDS as TWO, _fam_prop1, _prop1_witness


def _bank_instances():
    out = [i for kind in ("one-source", "separate-records", "perfectly-dependent", "random") for i in _fam_prop1(kind)]
    return out + list(_prop1_witness().build())


def test_integers_agree_with_the_fractions_on_the_banks_instances():
    seen = set()
    for inst in _bank_instances():
        M1, M2, P = inst.mechanism, inst.extra["M2"], inst.prior
        fast = _conditionally_independent(M1, M2, P)
        assert fast == _conditionally_independent_plain(M1, M2, P), inst.label
        seen.add(fast)
    assert seen == {True, False}  # both outcomes occur


def test_integers_agree_on_priors_with_zeros_and_a_shared_mechanism():
    """Two records, some record value of prior probability 0 (a skipped conditioning event), and M2 = M1."""
    rng = random.Random(7)
    seen = set()
    for _ in range(30):
        M1, M2 = gen_mech(rng, TWO, rng.choice((2, 3))), gen_mech(rng, TWO, 2)
        pmf = list(joint_prior(rng, TWO, zeros=False).pmf)
        pmf[0] = pmf[1] = 0  # no mass on X_1 = 0
        total = sum(pmf)
        P = Prior(TWO, [q / total for q in pmf])
        for A, B in ((M1, M2), (M1, M1)):
            fast = _conditionally_independent(A, B, P)
            assert fast == _conditionally_independent_plain(A, B, P)
            seen.add(fast)
    assert seen == {True, False}


def test_a_symbolic_mechanism_takes_the_fraction_path():
    p = sympy.Symbol("p", positive=True)
    S = Mechanism(B1, [0, 1], [[p, 1 - p], [1 - p, p], [p, 1 - p]], symbols=(p,))
    point = Prior(B1, [1, 0, 0])  # one record value: (14) holds trivially
    M = gen_mech(random.Random(1), B1, 2)
    assert _conditionally_independent(S, M, point) is _conditionally_independent_plain(S, M, point) is True
