"""Cuff–Yu §4.2: Corollaries 5–7 and Example 4.3.

Broken variants: Corollary 5 with max instead of sum (and its all-ε proof doubled), Corollary 6 with the
marginal ε_j, Corollary 7 with overlapping subsets.
"""

import functools
import random

from exactpriv.claims import Family, Instance
from exactpriv.exact.logforms import LogForm
from exactpriv.measures import information as info
from exactpriv.mechanisms import zoo
from tests.theorems.cuff2016.refute import is_refuted
from theorems.cuff2016 import random_objects as R
from theorems.cuff2016 import sec4_composition as S


def test_broken_corollary5_max_instead_of_sum_is_refuted():
    assert is_refuted(S._check_cor5_max, S._F_COR5)


def test_broken_corollary5_all_eps_doubled_is_refuted():
    assert S._prove_cor5(joint_scale=2).is_false


def test_broken_corollary6_marginal_eps_is_refuted():
    assert is_refuted(S._check_cor6_marginal, S._F_COR6)


@functools.lru_cache(maxsize=None)
def _one_record_used_twice():
    rng = random.Random(13)
    return tuple(Instance(f"{M!r} twice on X_1", M, extra={"M1": M, "M2": M})
                 for M in (R.random_circulant(rng, 2), R.random_circulant(rng, 3), zoo.randomized_response(3, exp_eps=2)))


def test_broken_corollary7_overlapping_subsets_is_refuted():
    assert is_refuted(S._check_cor7_overlap, [Family("one record used twice", _one_record_used_twice)])


def test_one_time_pad_hand_values():
    """Example 4.3 with |X_1| = 4: each part has MI-DP 0, the pair has MI-DP ln 4."""
    assert info.mi_dp(zoo.one_time_pad(4, part="first")).value == 0
    assert info.mi_dp(zoo.one_time_pad(4, part="both")).value == LogForm.log(4)


def test_parallel_composition_hypothesis():
    """Corollary 7's instances are parallel compositions; the same instance with other rows is outside."""
    from exactpriv.mechanisms.base import Mechanism

    insts = [i for f in S._COR7.readings[0].families for i in f.build()]
    assert insts and all(S.PARALLEL_COMPOSITION.check(i) for i in insts)
    inst = insts[0]
    rows = [list(reversed(r)) for r in inst.mechanism.rows]
    other = Instance("other rows", Mechanism(inst.mechanism.inputs, inst.mechanism.outputs, rows), extra=inst.extra)
    assert not S.PARALLEL_COMPOSITION.check(other)
