"""Every archived witness (counterexamples/found/*.json) replayed through both evaluators: the fast
value of every notion that applies to the witness's instance equals (or lies in the enclosure of)
the reference value.  Instances above 32 input points (the reference enumerates every pair, (i, S)
and configuration in plain loops), and instances whose entries need more than 128 bits (the programs bank's
sparse-vector and noisy-max witnesses, 155–242 bits: exact sums of such rationals make each of them cost 1–2 s
CPU over its notions, the most in this file), run only under ``-m slow``; lyu2017.svt6 (104 bits) and
dwork2006.noisy_hist (114 bits) keep large rational entries in the default run.  Notions that need a prior are not
applicable to witnesses stored without one."""

from __future__ import annotations

import functools
from fractions import Fraction as F
from pathlib import Path

import pytest

from counterexamples.archive import load_witness
from exactpriv.measures import REGISTRY, applicable_measures
from exactpriv.spaces import Bounded, Subsets
from tests.measures.reference_harness import check

FOUND = Path(__file__).resolve().parents[2] / "counterexamples" / "found"
WITNESSES = sorted(FOUND.glob("*.json"))


def _entry_bits(M) -> int:
    return max(max(abs(F(str(x)).numerator).bit_length(), F(str(x)).denominator.bit_length())
               for row in M.rows for x in row)


@functools.cache
def _all_cases() -> tuple[tuple[Path, str, bool], ...]:
    """(witness, notion, heavy) for every applicable notion of every archived witness (each file loaded once)."""
    out = []
    for path in WITNESSES:
        inst = load_witness(path)["instance"]
        M = inst.mechanism
        if M is None or not getattr(M, "is_rational", True):
            continue  # parameter-only witnesses (no mechanism) have no notion to evaluate
        for name in applicable_measures(M, inst.prior):
            if inst.prior is None and (name == "bayesian_semantic_privacy" or name.endswith("_membership")
                                       and not isinstance(M.inputs, (Subsets, Bounded))):
                continue  # these need a prior (Zhao's D* and Definition 2 integrate under it)
            out.append((path, name, M.inputs.size > 32 or _entry_bits(M) > 128))
    return tuple(out)


def _cases(slow: bool):
    return [pytest.param(path, name, id=f"{path.stem}-{name}") for path, name, heavy in _all_cases() if heavy == slow]


def _kw(name, M, prior):
    kw = dict(REGISTRY[name].defaults)
    if name in ("positive_membership", "negative_membership"):  # the routing of exactpriv.measures.compute
        kw["family"] = ("uniform" if isinstance(M.inputs, Subsets) else "one_of_two" if isinstance(M.inputs, Bounded)
                        else "two_point")
    return kw


def _run(path, name):
    inst = load_witness(path)["instance"]
    check(name, inst.mechanism, inst.prior, _kw(name, inst.mechanism, inst.prior))


def test_some_witnesses_have_instances():
    assert len(_cases(False)) > 100


@pytest.mark.parametrize("path,name", _cases(False))
def test_archived_witness_values(path, name):
    _run(path, name)


@pytest.mark.slow
@pytest.mark.parametrize("path,name", _cases(True))
def test_archived_witness_values_large(path, name):
    _run(path, name)
