"""Cuff–Yu (seed 001), Sections 1–3: every reading of theorems.cuff2016 has its recorded verdict.

Only the claims of ``_CLAIMS_SECTIONS_1_3`` are tested here (§§4–7 are tested with
``theorems._cuff2016_part2``).

Deliberately broken variants (built with the same families; each must be REFUTED):

* Property 1 with ε²/3 instead of min{ε, ε²};  its tight form (11) shrunk by 1/100;
* Pinsker (Property 2) with sqrt(ε/8) instead of sqrt(ε/2);
* Property 3 with δ' replaced by δ (no loss when trading ε for ε');
* Lemma 1 (21) with ε²/3;  (22) with ε/8;
* Lemma 2 (27) with sqrt(ε)/4 instead of sqrt(2ε);  (28) with δ' shrunk by 1/100;
* Lemma 3 (35) with ε'/4;  Lemma 3 with its cardinality hypothesis dropped (m = 2 fixed).
"""

from fractions import Fraction

import pytest
import sympy

import theorems.cuff2016 as C
from counterexamples.archive import replay, witness_path
from exactpriv.claims import Family, Reading, Verdict, check_reading
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.mechanisms import zoo

MINE = C._CLAIMS_SECTIONS_1_3
CASES = [(c, r) for c in MINE for r in c.readings]

IDS = ["def1", "def2", "def3", "def4", "eq9", "prop1", "prop1_tight", "prop2", "prop12_strict", "prop3",
       "def5_6_7", "def8", "ex1", "thm1", "strict_AB", "lemma1", "lemma2", "lemma2_general", "lemma3", "ex3_3",
       "interp", "informal"]


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in MINE] == [f"cuff2016.{i}" for i in IDS]
    assert C.CLAIMS[:len(MINE)] == MINE
    ids = [c.id for c in C.CLAIMS]
    assert len(ids) == len(set(ids))


def test_every_reading_records_an_expected_verdict_and_quotes_the_seed():
    for c, r in CASES:
        assert r.expected is not None, (c.id, r.name)
        assert c.source.startswith("seed 001_949fae51fe6a8fd3.txt"), c.id
        assert len(c.quote) > 40, c.id


@pytest.mark.parametrize("claim,reading", CASES, ids=[f"{c.id}/{r.name}" for c, r in CASES])
def test_reading_has_expected_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.to_json()
    if res.verdict == Verdict.REFUTED and reading.prove is None:
        path = witness_path(claim.id, reading.name)
        assert path.exists()
        _, decision = replay(path)
        assert decision.is_false


# ----------------------------------------------------------------------------- broken variants
def _refuted(check, families, name="broken"):
    claim = MINE[0]
    reading = Reading(name, "deliberately broken variant", check=check, families=tuple(families))
    return check_reading(claim, reading).verdict == Verdict.REFUTED


def test_broken_property1_eps_squared_over_3_is_refuted():
    """ε tanh(ε/2) > ε²/3 at e^ε = 3 (log 3 · 1/2 = 0.549 > (log 3)²/3 = 0.402)."""
    assert _refuted(C.pair_kl_bound_check(lambda e: C._sym(e) ** 2 / 3), C.PAIR_FAMILIES)


def test_broken_tight_form_shrunk_is_refuted():
    assert _refuted(C.pair_kl_bound_check(lambda e: C._tanh_bound(e) * Fraction(99, 100)), (C.PAIRS_RR,))


def test_broken_pinsker_is_refuted():
    fam = Family("pinsker-binary", C._pinsker_tight_instances)
    assert _refuted(C.pinsker_check(Fraction(1, 8)), (fam,))


def test_broken_property3_without_loss_is_refuted():
    assert _refuted(C.prop3_check(lambda d, g, gp: d), (C.PAIRS_EXHAUSTIVE,))


def test_broken_lemma1_21_is_refuted():
    assert _refuted(C.lemma1_21_check(lambda e: C._sym(e) ** 2 / 3), C.MECH_FAMILIES)


def test_broken_lemma1_22_is_refuted():
    assert _refuted(C.lemma1_22_check(Fraction(1, 8)), C.MECH_FAMILIES)


def test_broken_lemma2_27_is_refuted():
    # claimed delta = sqrt(eps)/4, i.e. delta^2 = eps/16
    assert _refuted(C.lemma2_27_check(C.LinearSq(Fraction(1, 16))), C.MECH_FAMILIES + (C.MECHS_BSC,))


def test_broken_lemma2_28_is_refuted():
    assert _refuted(C.lemma2_28_check(Fraction(99, 100)), (C.MECHS_BSC,))


def test_broken_lemma3_quarter_is_refuted():
    fam = Family("erasure", C._erasure_instances)
    assert _refuted(C.lemma3_check(lambda d, m: C.lemma3_bound(d, m) / 4), (fam,))


def test_broken_lemma3_without_cardinality_is_refuted():
    fam = Family("erasure", C._erasure_instances)
    assert _refuted(C.lemma3_check(lambda d, m: C.lemma3_bound(d, 2)), (fam,))


# ----------------------------------------------------------------------------- hand-worked values
L = LogForm.log


def test_tight_form_at_log3_is_half_log3():
    """Binary RR with p = 3/4: ε = log 3, tanh(ε/2) = (3−1)/(3+1) = 1/2, so (11) = log(3)/2,
    which is exactly D(P‖Q) (seed 001 App. A: the binary pair attains (11))."""
    assert C._tanh_bound(L(3)) == L(3) / 2
    P, Q = (Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 4), Fraction(3, 4))
    assert C._pair_eps(P, Q) == L(3)


def test_binary_entropy_values():
    assert C._h(Fraction(1, 2)) == L(2)
    assert C._h(0) == 0 and C._h(1) == 0
    # h(1/4) = (1/4) ln 4 + (3/4) ln(4/3) = 2 ln 2 − (3/4) ln 3
    assert C._h(Fraction(1, 4)) == 2 * L(2) - L(3) * Fraction(3, 4)


def test_bsc_mi_dp_by_hand():
    """BSC(1/4): capacity ln 2 − h(1/4) = (3/4) ln 3 − ln 2 (seed 001 (98))."""
    m = C._mi(zoo.binary_symmetric_channel(Fraction(1, 4)))
    assert m.value == L(3) * Fraction(3, 4) - L(2)


def test_property3_delta_prime_by_hand():
    """e^ε = 3, ε' = 0, δ = 0: δ' = 1 − 2·1/4 = 1/2; the extremal pair (0, 3/4, 1/4, 0) vs
    (0, 1/4, 3/4, 0) has TV exactly 1/2."""
    assert C.prop3_delta_prime(Fraction(0), Fraction(3), Fraction(1)) == Fraction(1, 2)
    P, Q = (0, Fraction(3, 4), Fraction(1, 4), 0), (0, Fraction(1, 4), Fraction(3, 4), 0)
    assert C._pair_delta(P, Q, Fraction(1)) == Fraction(1, 2)
    # delta = 1: delta' = 1 (the archived refutation of "delta' > delta")
    assert C.prop3_delta_prime(Fraction(1), Fraction(2), Fraction(1)) == 1


def test_lemma3_bound_by_hand():
    """δ = 1/2, m = 3: 2h(1/2) + 2·(1/2)·ln 3 = 2 ln 2 + ln 3."""
    assert C.lemma3_bound(Fraction(1, 2), 3) == 2 * L(2) + L(3)


def test_erasure_channel_capacity_by_hand():
    """Seed 001 Ex. 3.3: N = 4, δ = 1/2 gives C = (1/2) ln 4 = ln 2."""
    assert C._mi(zoo.erasure_channel(4, Fraction(1, 2))).value == L(2)


def test_capacity_certificate_exact_cases():
    """Slices where mi_dp alone gives an enclosure: a noiseless pair of rows gives exactly ln 2;
    a BSC(1/3)-like pair with the midpoint row gives ln 2 − h(1/3) = (5/3) ln 2 − ln 3."""
    F = Fraction
    lo, hi = C._capacity_certificate([(F(0), F(1)), (F(1), F(0)), (F(3, 5), F(2, 5))])
    assert lo == hi == L(2)
    lo, hi = C._capacity_certificate([(F(1, 2), F(1, 2)), (F(2, 3), F(1, 3)), (F(1, 3), F(2, 3))])
    assert lo == hi == L(2) * F(5, 3) - L(3)
    # a generic slice: the bounds straddle the capacity (strictly)
    lo, hi = C._capacity_certificate([(F(1, 2), F(1, 2)), (F(1, 5), F(4, 5)), (F(1), F(0))])
    assert compare(lo, "<", hi).is_true


def test_finite_space_refutation_of_not_even_finiteness():
    d = C._prove_finiteness_fails_on_finite_spaces()
    assert d.is_false and d.certificate["patterns_checked"] > 0


def test_min_eps_eps2_switches_at_one():
    assert C._min_eps_eps2(L(2)) == L(2).to_sympy() ** 2  # ln 2 < 1: eps^2
    assert C._min_eps_eps2(L(3)) == L(3)  # ln 3 > 1: eps
    assert sympy.simplify(C._sym(Fraction(1, 2)) - sympy.Rational(1, 2)) == 0


# ----------------------------------------------------------------------------- slow families
SLOW = [(c, r) for c, r in CASES if any(f.slow for f in r.families)]


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", SLOW, ids=[f"{c.id}/{r.name}" for c, r in SLOW])
def test_reading_on_slow_families(claim, reading):
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.to_json()
