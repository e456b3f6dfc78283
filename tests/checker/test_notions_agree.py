"""Checker notions whose claims only compare them with +oo still have values: each agrees with the engine's own
computation on the bank's instances (two independent computations of the same number)."""

from __future__ import annotations

import itertools

import sympy

from exactpriv.checker import values as V
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.distortion import eps_tilde
from exactpriv.checker.witness import read_instance
from exactpriv.claims.evidence import witness_of
from exactpriv.measures.distortion.eps_tilde import eps_tilde_X
from exactpriv.measures.result import value_to_sympy


def test_eps_tilde_equals_the_engines_root_isolation():
    from theorems.wang2016 import privacy_distortion as pd

    compared = 0
    for inst in itertools.chain(itertools.islice(pd.FAM_PRIORS_FULL.build(), 12),
                                itertools.islice(pd.FAM_PRIORS_RANDOM.build(), 8),
                                itertools.islice(pd.FAM_PRIORS_ZEROS_FIRST.build(), 8)):
        engine = eps_tilde_X(inst.prior)
        mine = eps_tilde(read_instance(witness_of(inst)))
        if engine.exp_value is not None and value_to_sympy(engine.exp_value).is_infinite:
            assert isinstance(mine, V.Infinite), inst.label
        elif engine.value is not None:  # exact on both sides: equal exactly
            assert V.compare(mine, "==", evaluate(sympy.sstr(value_to_sympy(engine.value)), {})), inst.label
        else:  # an irrational root: the checker's ball lies in the engine's certified enclosure
            ball = V.to_arb(mine, 200)
            lo, hi = (float(value_to_sympy(b).evalf(30)) for b in (engine.lower, engine.upper))
            assert lo - 1e-12 <= float(ball.mid()) <= hi + 1e-12, inst.label
        compared += 1
    assert compared >= 20
