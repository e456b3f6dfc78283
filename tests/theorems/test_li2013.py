"""Li, Qardaji, Su, Wu, Yang (seed 002, a fragment): every reading of theorems.li2013 has its
recorded verdict, refutations replay from their archived witnesses.

Deliberately broken variants (built with the same families; each must be REFUTED):

* Proposition 5.3 with γ = (2^k-1)/(2^k-3/2) (the constant shrunk), and with γ = 2^k/(2^k-1)
  (the smaller term of the proof's max);
* Theorem 4.8 with (D_B, e^{ε/2}) instead of (D_B, e^ε);
* Lemma 4.9 with mutual independence dropped (arbitrary laws on size-k datasets);
* the negative-UDP/NMP equivalence with *positive* UDP; the D^2_B equivalence with D_I;
* the Laplace posterior formula with e^{-(k-1)ε}; the PMP min-form without the division by γ.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import sympy

import theorems.li2013 as L
from counterexamples.archive import replay, witness_path
from exactpriv.claims import Family, Instance, Outcome, Reading, Verdict, check_reading
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.measures import coupling as cp
from exactpriv.measures import membership as mb
from exactpriv.measures import udp
from exactpriv.measures.membership import negative_membership, positive_membership
from exactpriv.mechanisms import zoo

F = Fraction
CASES = [(c, r) for c in L.CLAIMS for r in c.readings]
IDS = ["def_pmp", "def_nmp", "def_udp", "laplace_cex", "neg_udp_nmp", "bdp_symmetry", "fam4_6", "fam4_7",
       "bdp_d2b", "thm4_8", "lemma4_9", "fam5_1", "def5_2", "prop5_3", "prop5_3_values", "kmax_not_nmp",
       "kanon", "sec5_summary", "def5_4"]


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in L.CLAIMS] == [f"li2013.{i}" for i in IDS]


def test_every_reading_records_an_expected_verdict_and_quotes_the_seed():
    for c in L.CLAIMS:
        assert c.source.startswith("seed 002_4dd28a520f8aff24.txt"), c.id
        assert len(c.quote) > 40, c.id
        for r in c.readings:
            assert r.expected is not None, (c.id, r.name)
    # claims whose definitions are not in the fragment say so
    for cid in ("def_pmp", "def_nmp", "def_udp"):
        assert "reconstructed" in next(c for c in L.CLAIMS if c.id == f"li2013.{cid}").source


@pytest.mark.parametrize("claim,reading", CASES, ids=[f"{c.id}/{r.name}" for c, r in CASES])
def test_reading_has_expected_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.to_json()
    if res.verdict == Verdict.REFUTED and reading.prove is None:
        path = witness_path(claim.id, reading.name)
        assert path.exists()
        doc, decision = replay(path)
        assert decision.is_false
        assert doc["instance"].label == res.witness.label  # the archived witness is the first (smallest) one


def test_expected_refutations_are_the_documented_ones():
    refuted = {f"{c.id}/{r.name}" for c, r in CASES if r.expected == Verdict.REFUTED}
    assert refuted == {"li2013.prop5_3/empty-uniform", "li2013.prop5_3/empty-bottom",
                       "li2013.prop5_3/proof-sj-ge-k", "li2013.prop5_3/proof-posterior-formula-empty-lowest",
                       "li2013.kmax_not_nmp/literal"}


@pytest.mark.slow
def test_prop5_3_empty_lowest_with_slow_family():
    c = next(c for c in L.CLAIMS if c.id == "li2013.prop5_3")
    res = check_reading(c, c.reading("empty-lowest"), include_slow=True)
    assert res.verdict == Verdict.CHECKED and res.evidence["instances_true"] > 40


# ----------------------------------------------------------------------------- findings, pinned
def test_prop5_3_empty_uniform_level_is_n_plus_k_over_2k():
    """Seed 002 Prop. 5.3 under A(∅) uniform on all n values: output c_1 gives Pr[1|c_1] = n/(n+k),
    so the (D_N) level is (n+k)/(2k) for n >= 5 (k = 2): 7/4 at n = 5, unbounded in n."""
    for n in (5, 6, 7):
        m = positive_membership(zoo.k_max(n, 2, empty="uniform"), family="uniform")
        assert m.value == F(n + 2, 4)
        assert L.kmax_posterior(n, 2, 1, 1, empty="uniform") == F(n, n + 2)


def test_kmax_posterior_matches_brute_force():
    for e in ("lowest", "uniform"):
        for n in range(2, 7):
            for k in range(2, n + 1):
                M = zoo.k_max(n, k, empty=e)
                for j in M.outputs:
                    post = L._posteriors(M, j, nonempty=False)
                    assert all(post[i] == L.kmax_posterior(n, k, j, i, empty=e) for i in post)


def test_thm4_8_enclosure_only_undecided_exactly_where_the_enclosure_is_loose():
    c = next(c for c in L.CLAIMS if c.id == "li2013.thm4_8")
    check = c.reading("enclosure-only").check
    n_loose = 0
    for fam in L.BOUNDED + L.SUBSETS:
        for inst in fam.build():
            m = positive_membership(inst.mechanism, family="bounded", method="enclosure")
            d = check(inst).decision
            assert not d.is_false
            assert d.is_undecided == (m.value is None)
            n_loose += m.value is None
            if m.value is None:  # the certificate closes the gap at the lower end
                assert mb.bmi_membership(inst.mechanism).value == m.lower
    assert n_loose >= 3


def test_membership_level_at_is_the_definition():
    """Hand value (seed 002 §4.1 finite analogue): count of {t1} with e^eps = 2 noise, the law
    {t1}: 1/2, ∅: 1/2; output 1 has Pr[1|t1] = 2/3, Pr[1|¬t1] = 1/3, Pr[t1|S={1}] = 2/3, so γ =
    max((2/3)/(1/2), (1/2)/(1/3)) = 3/2."""
    M = L._count_geometric(("t1",), F(2))
    g, wit = L.membership_level_at(M, {frozenset({"t1"}): F(1, 2), frozenset(): F(1, 2)})
    assert g == F(3, 2) and wit["posterior"] == F(2, 3)
    g, _ = L.membership_level_at(M, {frozenset({"t1"}): F(1, 2), frozenset(): F(1, 2)}, negative=True)
    assert g == F(3, 2)


# ----------------------------------------------------------------------------- broken variants
def _refuted(check, families, *, claim="li2013.prop5_3"):
    c = next(c for c in L.CLAIMS if c.id == claim)
    return check_reading(c, Reading("broken", "deliberately broken variant", check=check,
                                    families=tuple(families))).verdict == Verdict.REFUTED


def _prop53_with(gamma):
    def check(inst):
        k = L._int(inst.params["k"])
        m = positive_membership(inst.mechanism, family="uniform")
        return compare(m.value, "<=", gamma(k))
    return check


def test_broken_prop5_3_constant_shrunk():
    assert _refuted(_prop53_with(lambda k: F(2 ** k - 1) / (2 ** k - F(3, 2))), [L._FAM_LOWEST])


def test_broken_prop5_3_smaller_term_of_the_max():
    assert _refuted(_prop53_with(lambda k: F(2 ** k, 2 ** k - 1)), [L._FAM_LOWEST])


def test_broken_thm4_8_half_epsilon():
    def check(inst):
        M = inst.mechanism
        r = L._ratio(udp.bounded_dp(M))
        if r == sympy.oo:
            return Decision.true("vacuous", "BDP infinite")
        return compare(mb.bmi_membership(M).value, "<=", sympy.sqrt(sympy.Rational(r.numerator, r.denominator)))
    assert _refuted(check, L.BOUNDED, claim="li2013.thm4_8")


def _correlated_instances():
    rng = random.Random(4949)
    out = []
    for j in range(30):
        n = 4 + j % 2
        U = "abcde"[:n]
        k = 2
        sets = [frozenset(c) for c in itertools.combinations(U, k)]
        w = [rng.randint(0, 3) for _ in sets]
        if not any(t for t, s in zip(w, sets) if "a" in s) or not any(t for t, s in zip(w, sets) if "a" not in s):
            continue
        out.append(Instance(f"correlated-{j}", params={"sets": tuple(tuple(sorted(s)) for s in sets),
                                                        "w": tuple(F(x) for x in w)}))
    return tuple(out)


def test_broken_lemma4_9_without_independence():
    def check(inst):
        D = {frozenset(s): x for s, x in zip(inst.params["sets"], inst.params["w"]) if x}
        tot = sum(D.values())
        pt = sum(x for T, x in D.items() if "a" in T)
        P1 = {T: x / (tot - pt) for T, x in D.items() if "a" not in T}
        P2 = {T - {"a"}: x / pt for T, x in D.items() if "a" in T}
        return cp.find_coupling(P1, P2).decision
    assert _refuted(check, [Family("correlated", _correlated_instances)], claim="li2013.lemma4_9")


def test_broken_neg_udp_nmp_with_positive_udp():
    check = L.equivalence_on_levels(udp.positive_udp, [lambda M: negative_membership(M, family="independent")],
                                    "broken: positive UDP vs NMP")
    assert _refuted(check, L.SUBSETS, claim="li2013.neg_udp_nmp")


def test_broken_bdp_equivalence_with_d_i():
    check = L.equivalence_on_levels(udp.bounded_dp, [lambda M: positive_membership(M, family="independent")],
                                    "broken: BDP vs D_I")
    assert _refuted(check, L.SUBSETS, claim="li2013.bdp_d2b")


def test_broken_laplace_formula():
    def check(inst):
        M = inst.mechanism
        k, a, p = L._int(inst.params["k"]), F(inst.params["exp_eps"]), F(inst.params["p"])
        U = frozenset(M.inputs.universe)
        Pa, P0 = M.prob(k, U), M.prob(k, frozenset())
        post = p * Pa / (p * Pa + (1 - p) * P0)
        return Outcome(compare(post / p, "==", 1 / (p + (1 - p) / a ** (k - 1))))
    assert _refuted(check, [Family("laplace", L._laplace_instances)], claim="li2013.laplace_cex")


def test_broken_min_form():
    def check(inst):
        p = F(inst.params["p"])
        for post in [F(a, 12) for a in range(13)]:
            for g in (F(1), F(3, 2), F(2)):
                two = post <= g * p and 1 - post >= (1 - p) / g
                if two != (post <= min(g * p, g - 1 + p)):
                    return Decision.false("rational", f"p={p}, post={post}, γ={g}")
        return Decision.true("rational", "agree")
    assert _refuted(check, [Family("grid", L._min_form_instances)], claim="li2013.def_pmp")
