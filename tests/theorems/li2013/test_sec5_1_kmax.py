"""§5.1 of Li et al. (theorems/li2013/sec5_1_kmax.py): the findings about Proposition 5.3 pinned by hand,
the closed-form posterior against brute force, the k-Max hypothesis, and broken variants that must be
refuted (γ shrunk, the smaller term of the proof's max, the positive ratio as the attained level, the
subset count under another convention for ∅)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from exactpriv.claims import Instance, Reading, Verdict, check_reading, unmet_hypotheses
from exactpriv.exact.kernel import compare
from exactpriv.measures.membership import positive_membership
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from theorems.li2013 import sec5_1_kmax as K
from theorems.li2013.steps import as_int

F = Fraction


@pytest.mark.slow
def test_prop5_3_empty_lowest_with_slow_family():
    res = check_reading(K.PROP5_3, K.PROP5_3.reading("empty-lowest"), include_slow=True)
    assert res.verdict == Verdict.CHECKED and res.evidence["instances_true"] > 40


def test_prop5_3_empty_uniform_level_is_n_plus_k_over_2k():
    """Prop. 5.3 under A(∅) uniform on all n values: output c_1 gives Pr[1|c_1] = n/(n+k), so the (D_N)
    level is (n+k)/(2k) for n >= 5 (k = 2): 7/4 at n = 5, unbounded in n."""
    for n in (5, 6, 7):
        m = positive_membership(zoo.k_max(n, 2, empty="uniform"), family="uniform")
        assert m.value == F(n + 2, 4)
        assert K.kmax_posterior(n, 2, 1, 1, empty="uniform") == F(n, n + 2)


def test_kmax_posterior_matches_brute_force():
    for e in ("lowest", "uniform"):
        for n in range(2, 7):
            for k in range(2, n + 1):
                M = zoo.k_max(n, k, empty=e)
                for j in M.outputs:
                    post = K._posteriors(M, j, nonempty=False)
                    assert all(post[i] == K.kmax_posterior(n, k, j, i, empty=e) for i in post)


@pytest.mark.parametrize("k,n", [(2, 3), (2, 4), (3, 4), (3, 5)])
def test_kmax_posterior_at_last_output_by_brute_force(k, n):
    """Pr[i ∈ T | c_n] under D_N (all 2^n subsets equally likely) = 2^(k-1)/(2^k - 1) for i in M_n,
    and the PMP level of k-Max is (2^k - 1)/(2^k - 2) (library measure)."""
    M = zoo.k_max(n, k)
    y = M.output_index(n)
    tot = sum((row[y] for row in M.rows), F(0))
    for i in range(n - k + 1, n + 1):
        with_i = sum((row[y] for T_, row in zip(M.inputs.points, M.rows) if i in T_), F(0))
        assert with_i / tot == F(2 ** (k - 1), 2 ** k - 1)
    assert positive_membership(M, family="uniform").value == F(2 ** k - 1, 2 ** k - 2)


def test_the_all_k_reading_states_its_premise_and_the_premise_check_can_fail():
    """Under A(∅) uniform on all n outputs, ∅ also produces c_n, and the subset count of the premise fails."""
    r = K.PROP5_3.reading("output-cn-algebra-all-k")
    assert "GIVEN" in r.statement and r.prove is not None
    inst = Instance("k_max(n=5, k=2, empty='uniform')", zoo.k_max(5, 2, empty="uniform"),
                    params={"n": 5, "k": 2, "empty": "uniform"})
    assert K._check_output_cn_count(inst).decision.is_false


def test_broken_prop5_3_attained_at_the_positive_ratio():
    assert K.prove_prop53_attained(gamma=lambda u: u / (u - 1)).is_false


def _prop53_with(gamma):
    def check(inst):
        k = as_int(inst.params["k"])
        m = positive_membership(inst.mechanism, family="uniform")
        return compare(m.value, "<=", gamma(k))
    return check


def _refuted(check):
    return check_reading(K.PROP5_3, Reading("broken", "", check=check, families=(K._FAM_LOWEST,))).verdict \
        is Verdict.REFUTED


def test_broken_prop5_3_constant_shrunk():
    assert _refuted(_prop53_with(lambda k: F(2 ** k - 1) / (2 ** k - F(3, 2))))


def test_broken_prop5_3_smaller_term_of_the_max():
    assert _refuted(_prop53_with(lambda k: F(2 ** k, 2 ** k - 1)))


def test_a_perturbed_kmax_is_outside():
    """A search tool drawing fresh rows around a k-Max instance gets 'outside', never a witness."""
    M = zoo.k_max(3, 2)
    rows = [list(r) for r in M.rows]
    rows[-1] = [F(1)] + [F(0)] * (len(M.outputs) - 1)
    other = Instance("perturbed", Mechanism(M.inputs, list(M.outputs), rows), params={"n": 3, "k": 2,
                                                                                      "empty": "lowest"})
    for r in K.PROP5_3.readings + K.KMAX_NOT_NMP.readings:
        if r.check is not None:
            assert "k-max" in unmet_hypotheses(r, other), r.name
            assert r.open_search is False, r.name
