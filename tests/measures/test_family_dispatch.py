"""Public measures on symbolic families (exactpriv.measures.family_dispatch).

Two independent computations per value: the closed form in eps that ``kl_dp(M_family)`` (etc.) returns,
substituted at eps = log 3 and log(3/2), must equal the exact numeric measure of the substituted mechanism
``M_family.subs(eps=...)`` (rational entries: the scan/LogForm code paths, which never see a symbol).
Equality is decided by :func:`exactpriv.exact.kernel.compare` (exact or certified, never a float).
Measures with no closed-form path refuse a family with NoClosedFormError naming the measure and the
``M.subs`` remedy.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
import sympy

from exactpriv import io
from exactpriv.errors import InvalidArgument, NoClosedFormError
from exactpriv.exact.decisions import Truth
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS, to_sympy
from exactpriv.measures import REGISTRY, compute
from exactpriv.measures.channel_capacity import capacity, mi_dp
from exactpriv.measures.divergence import kl_dp, pure_dp, renyi_dp, tv_dp
from exactpriv.measures.family_dispatch import CLOSED_FORM_MEASURES, delta_at
from exactpriv.measures.semantic import semantic_privacy
from exactpriv.measures.approx import approx_dp
from exactpriv.mechanisms import zoo

#: values of eps at which e^eps is rational, so the substituted mechanism takes the exact numeric paths
EPS_VALUES = [sympy.log(3), sympy.log(sympy.Rational(3, 2))]

FAMILIES = {
    "rr2": lambda: zoo.randomized_response(2, eps=EPS),
    "rr3": lambda: zoo.randomized_response(3, eps=EPS),
    "geometric2": lambda: zoo.truncated_geometric(2, eps=EPS),
    "count_query2": lambda: zoo.count_query_geometric(2, eps=EPS),   # two records: mi_dp, semantic privacy
}

MEASURES = {
    "pure_dp": pure_dp,   # its own symbolic path (real-root isolation), not the wrapper
    "kl_dp": kl_dp,
    "tv_dp": tv_dp,
    "renyi_dp(2)": lambda M: renyi_dp(M, 2),
    "renyi_dp(3)": lambda M: renyi_dp(M, 3),
    "capacity": capacity,
    "mi_dp": mi_dp,
    "semantic_privacy": semantic_privacy,
}


def _equal(a, b) -> bool:
    d = compare(a, "==", b)
    assert d.truth is not Truth.UNDECIDED, f"cannot decide {a} == {b}: {d}"
    return d.truth is Truth.TRUE


#: (family, measure) pairs where the measure is defined and has a closed form: mi_dp and semantic privacy
#: need records (not the geometric mechanism's graph of counts); capacity needs a Gallager-symmetric
#: channel or one the closed-form detector knows (not the geometric ones: see test_no_closed_form_...)
CASES = [(f, m) for f in FAMILIES for m in MEASURES
         if not (f == "geometric2" and m in ("mi_dp", "semantic_privacy", "capacity"))
         and not (f == "count_query2" and m == "capacity")]


@pytest.mark.parametrize("family,measure", CASES)
def test_closed_form_matches_the_numeric_measure_of_the_substituted_mechanism(family, measure):
    M = FAMILIES[family]()
    fn = MEASURES[measure]
    closed = fn(M)
    assert closed.value is not None and to_sympy(closed.value).free_symbols == {EPS}, closed
    if measure != "pure_dp":   # pure_dp's own path states its validity (eps > 0) in the note
        assert "valid_on" in closed.witness
    values = []
    for e in EPS_VALUES:
        numeric = fn(M.subs(eps=e))
        assert numeric.value is not None, numeric
        at_e = to_sympy(closed.value).subs(EPS, e)
        assert _equal(at_e, numeric.value), (family, measure, e, at_e, numeric.value)
        values.append(numeric.value)
    # the two points give different values, so the comparison above is not vacuous
    assert not _equal(to_sympy(values[0]), values[1])


def test_every_closed_form_measure_is_tested_and_registered():
    tested = {m.split("(")[0] for m in MEASURES}
    assert set(CLOSED_FORM_MEASURES) <= tested
    assert set(CLOSED_FORM_MEASURES) <= set(REGISTRY)


def test_docstrings_say_the_closed_form_is_valid_on_the_family_domain():
    for fn in (kl_dp, tv_dp, renyi_dp, capacity, mi_dp, semantic_privacy):
        assert "for every ε of the family's domain" in " ".join(inspect.getdoc(fn).split()), fn.__name__


def test_compute_and_the_cli_share_the_dispatch():
    M = FAMILIES["rr2"]()
    assert compute("kl_dp", M).value == kl_dp(M).value
    assert compute("renyi_dp", M, alpha=3).value == renyi_dp(M, 3).value


def test_delta_at_of_a_family_matches_the_numeric_profile():
    M = FAMILIES["rr3"]()
    half = sympy.Rational(1, 2)
    closed = delta_at(M, half)
    for e in EPS_VALUES:
        numeric = approx_dp(M.subs(eps=e)).value.delta(half)
        assert _equal(to_sympy(closed.value).subs(EPS, e), numeric)
    with pytest.raises(InvalidArgument, match="no free symbols"):
        delta_at(M.subs(eps=EPS_VALUES[0]), half)


def test_no_closed_form_of_a_family_measure_is_a_typed_error():
    with pytest.raises(NoClosedFormError, match="capacity"):
        capacity(FAMILIES["geometric2"]())


def test_numeric_only_options_are_refused_on_a_family_unless_left_at_their_default():
    M = FAMILIES["rr2"]()
    assert capacity(M, method="auto").value == capacity(M).value
    with pytest.raises(InvalidArgument, match=r"capacity\(method='numeric'\).*symbolic family"):
        capacity(M, method="numeric")


#: measures with no closed-form path, each with what it needs besides the family
_REFUSED = sorted(n for n, s in REGISTRY.items()
                  if n not in CLOSED_FORM_MEASURES and n not in ("pure_dp", "free_lunch") and not s.needs_prior
                  and not s.optional_prior and not s.space_types and not s.needs_records)


@pytest.mark.parametrize("name", _REFUSED)
def test_measures_without_a_closed_form_raise_a_typed_error_naming_the_measure(name):
    M = FAMILIES["rr2"]()
    with pytest.raises(NoClosedFormError) as info:
        compute(name, M)
    assert name in str(info.value) and "M.subs(eps=" in str(info.value)


@pytest.mark.parametrize("name", ["positive_udp", "bounded_dp", "bayesian_dp", "identifiability"])
def test_refusals_on_other_spaces_and_with_priors(name):
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.spaces import Subsets

    if REGISTRY[name].space_types:
        base = zoo.randomized_response(2, eps=EPS)
        M = Mechanism(Subsets(["a"]), base.outputs, base.rows)
        prior = None
    else:
        M = FAMILIES["count_query2"]()
        prior = Prior.uniform(M.inputs)
    with pytest.raises(NoClosedFormError, match=name):
        compute(name, M, prior=prior)


def test_cli_measure_of_a_family_file_uses_the_same_closed_form(tmp_path):
    M = FAMILIES["rr2"]()
    path = tmp_path / "rr.json"
    io.dump(M, path)
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "exactpriv", "measure", str(path), "--only", "kl_dp,tv_dp",
                          "--format", "json"], capture_output=True, text=True, cwd=root, timeout=300)
    assert out.returncode == 0, out.stderr
    import json

    doc = json.loads(out.stdout)["measures"]
    assert doc["kl_dp"]["exact"] == kl_dp(M).to_json()["exact"]
    assert doc["tv_dp"]["exact"] == tv_dp(M).to_json()["exact"]
