"""Extremal generators (counterexamples.extremal) and the deeper conjecture search: structured shapes checked
against independent computations, and the two conjectures of issue 14 refuted with default settings."""

from fractions import Fraction as F

import pytest
import sympy

from counterexamples import extremal as X
from counterexamples.conjecture import conjecture, conjecture_units, parse_params
from exactpriv.claims import Verdict
from exactpriv.errors import InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.measures.result import value_to_sympy
from exactpriv.measures import compute
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming


@pytest.mark.parametrize("n,a", [(2, F(3)), (3, F(9, 2))])
def test_product_rr_capacity_is_additive(n, a):
    """Capacity of independent channels used in parallel is the sum of capacities (Cover–Thomas Thm 7.4 /
    parallel channels): n·C(RR) computed on one record, against the expanded product."""
    M = X.product_randomized_response(Hamming(range(2), n), a)
    single = value_to_sympy(compute("capacity", zoo.randomized_response(2, exp_eps=a)).value)
    got = compute("capacity", M).value
    assert compare(got, "==", n * single).is_true
    assert compare(compute("pure_dp", M).value, "==", sympy.log(a)).is_true  # one record changes: ε, not n·ε


@pytest.mark.parametrize("width", [1, 2, 3])
def test_staircase_is_stochastic_and_eps_dp(width):
    M = X.staircase_count(Hamming(range(2), 4), F(3), width=width)
    assert all(sum(r) == 1 for r in M.rows)
    # neighbours change the count by one; the staircase drops by e^ε once per `width` steps
    assert compare(compute("pure_dp", M).value, "==", sympy.log(3)).is_true


def test_rare_event_has_one_log_ratio_per_pair():
    M = X.rare_event(Hamming(range(2), 2), 10**6, F(1, 100))
    assert compare(compute("pure_dp", M).value, "==", sympy.log(10**6)).is_true
    assert M.rows[0][0] == F(1, 100) and M.rows[-1][0] == F(1, 100) / 10**12


def test_extreme_rows_reach_large_ratios():
    from hypothesis import given, settings

    ratios = []

    @settings(max_examples=60, database=None, deadline=None)
    @given(X.extreme_mechanisms(Hamming(range(2), 1)))
    def collect(M):
        for y in range(len(M.outputs)):
            a, b = M.rows[0][y], M.rows[1][y]
            if a and b:
                ratios.append(max(a / b, b / a))
    collect()
    assert max(ratios) >= 10**4


def test_escalation_climbs_to_the_stated_limit():
    specs = [u.space for u in conjecture_units()]
    assert specs[0] == "hamming:m=2,n=1" and "hamming:m=2,n=8" in specs
    assert all(u.seeds_only for u in conjecture_units()[: len(specs) // 2])


def test_capacity_conjecture_is_refuted_on_six_binary_records():
    """The README's conjecture on the space where the escalation refutes it (the escalation itself: below)."""
    res = conjecture(given="pure_dp", measure="capacity", bound="eps", space="hamming:m=2,n=6", seconds=10_000,
                     max_examples=5)
    assert res.verdict is Verdict.REFUTED
    assert res.witness["mechanism"]["space"]["n"] == 6


@pytest.mark.slow  # ~5 s of CPU: every level's seeds up to 6 binary records (the test above is the fast one)
def test_capacity_conjecture_is_refuted_without_a_space():
    """ε-DP ⇒ capacity ≤ ε is false on n ≥ 6 binary records (a product of randomized responses)."""
    res = conjecture(given="pure_dp", measure="capacity", bound="eps", seconds=10_000, max_examples=5)
    assert res.verdict is Verdict.REFUTED
    assert res.witness["mechanism"]["space"]["n"] >= 6


def test_misstated_rdp_conversion_is_refuted_and_the_correct_one_survives():
    """Mironov 2017, Prop. 3: (α, ε)-RDP ⇒ (ε + log(1/δ)/(α−1), δ)-DP; with /α it is false at α = 2."""
    kw = dict(given="renyi_dp", measure="approx_dp", params={"alpha": 2, "delta": ["1/1000", "1/10"]},
              space="hamming:m=2,n=1", max_examples=20, seconds=10_000)
    bad = conjecture(bound="eps + log(1/delta)/alpha", **kw)
    assert bad.verdict is Verdict.REFUTED and bad.witness["params"]["alpha"] == "2"
    good = conjecture(bound="eps + log(1/delta)/(alpha - 1)", **kw)
    assert good.verdict is Verdict.CHECKED


@pytest.mark.parametrize("bad", [["alpha"], ["alpha=two"], ["=2"], ["delta=0.1"]], ids=str)
def test_bad_params_are_refused(bad):
    with pytest.raises(InvalidArgument):
        parse_params(bad)


def test_undeclared_symbol_and_missing_delta_are_refused():
    from exactpriv.errors import ExactPrivError

    with pytest.raises(ExactPrivError, match="'k'"):
        conjecture(given="pure_dp", measure="kl_dp", bound="eps*k", seconds=1)
    with pytest.raises(InvalidArgument, match="delta"):
        conjecture(given="renyi_dp", measure="approx_dp", bound="eps", seconds=1)


def test_default_escalation_refutes_identity_dp_bounding_conditional_mi():
    """Wu–Xia–He's Prop. 4 direction (identity DP bounds I(X_i;Y|X_(i))) is false: the default escalation's
    structured seeds (noisy parity, correlated and XOR priors) refute it without a named space (issue 23)."""
    from counterexamples.conjecture import conjecture

    res = conjecture(given="identity_dp", measure="conditional_mi", bound="eps", seconds=300, max_examples=20)
    assert res.verdict is Verdict.REFUTED
    assert res.witness["label"].startswith("noisy_parity")


def test_seed_priors_hold_correlated_xor_and_bottom_free_priors():
    from counterexamples.extremal import seed_priors
    from exactpriv.spaces import Hamming

    priors = seed_priors(Hamming(range(2), 3), "any")
    xor = [p for p in priors if sum(1 for q in p.pmf if q) == 4 and p.pmf[0] > 0]
    assert xor and not xor[0].is_mutually_independent()
    ternary = seed_priors(Hamming(range(3), 2), "any")
    half = F(1, 2)  # uniform on {(1, 1), (2, 2)}: perfectly correlated, no mass on the first value
    assert any(list(p.pmf) == [0, 0, 0, 0, half, 0, 0, 0, half] for p in ternary)
