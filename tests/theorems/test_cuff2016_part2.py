"""Cuff-Yu part 2 (seed 001, Sections 4-7, Appendix D): every reading gets its recorded verdict,
every deliberately broken variant is refuted, the archived witnesses replay, and the exact
helpers the readings rely on agree with hand values and with the measures.

Broken variants (theorems._cuff2016_part2.BROKEN) that must be REFUTED: Property 4 without
independence, Property 5 without the Markov chain, Corollary 4 with correlated data, Corollary 5
with max instead of sum, Corollary 6 with the marginal eps_j, Corollary 7 with overlapping
subsets, Property 7 with (k-1)eps, Property 8 with (k-1)delta, Property 9 with delta_k = k delta
and with (k-1)eps, Corollary 8 as k*eps without cardinality, Corollary 10 without n, Lemma 11
and (105) without their h-terms.
"""

import itertools
import random
from fractions import Fraction

import pytest
import sympy

import theorems._cuff2016_part2 as part2
from counterexamples.archive import load_witness, witness_path
from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv import io
from exactpriv.claims import Outcome, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.measures import information as info
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming

MY_IDS = [
    "prop4", "prop5", "prop6", "cor4", "ex4_1", "cor5", "ex4_3", "cor6", "cor7", "prop7", "prop8", "prop9", "ex5_1",
    "eq53", "cor8", "sec6_1", "sec6_2", "sec6_3", "sec6_4", "def_sibson", "lemma9", "cor10", "eq71", "eq72_73",
    "lemma11", "eq105",
]

READINGS = [(c, r) for c in part2.CLAIMS for r in c.readings]
BROKEN = [(c, r) for c in part2.BROKEN for r in c.readings]


def _decision(res):
    return res.decision if isinstance(res, Outcome) else res


# ----------------------------------------------------------------------------- the bank itself
def test_claim_ids_in_paper_order_with_sources_and_quotes():
    assert [c.id for c in part2.CLAIMS] == [f"cuff2016.{i}" for i in MY_IDS]
    for c in part2.CLAIMS:
        assert c.source.startswith("seed 001_949fae51fe6a8fd3.txt"), c.id
        assert len(c.quote) > 20, c.id
        assert c.readings and all(r.expected is not None for r in c.readings), c.id
        assert all((r.check is not None and r.families) or r.prove is not None for r in c.readings), c.id


@pytest.mark.parametrize("claim,reading", READINGS, ids=[f"{c.id}/{r.name}" for c, r in READINGS])
def test_reading_has_its_recorded_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, (res.verdict, res.evidence)
    if res.verdict == Verdict.CHECKED:
        assert res.evidence["instances_true"] > 0
        assert res.evidence["instances_undecided"] == 0


@pytest.mark.parametrize("claim,reading", BROKEN, ids=[f"{c.id}/{r.name}" for c, r in BROKEN])
def test_broken_variant_is_refuted(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == Verdict.REFUTED, res.evidence
    # the witness is an instance of a family the true claim also runs on (same families)
    assert res.witness is not None


SLOW = [(c, r) for c, r in READINGS if any(f.slow for f in r.families)]


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", SLOW, ids=[f"{c.id}/{r.name}" for c, r in SLOW])
def test_reading_with_slow_families(claim, reading):
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.evidence


# ----------------------------------------------------------------------------- witnesses
REFUTED = [(c, r) for c, r in READINGS if r.expected == Verdict.REFUTED]


@pytest.mark.parametrize("claim,reading", REFUTED, ids=[f"{c.id}/{r.name}" for c, r in REFUTED])
def test_archived_witness_replays_through_this_module(claim, reading):
    path = witness_path(claim.id, reading.name)
    assert path.exists(), f"missing archived witness {path.name}"
    doc = load_witness(path)
    assert doc["claim"] == claim.id and doc["reading"] == reading.name
    assert _decision(reading.check(doc["instance"])).is_false


def test_example_5_1_witness_is_the_degenerate_domain():
    """Cuff-Yu (51) fails only for |X_1| = 1: the single input (0, 0) gives capacity 0, not e log 2."""
    doc = load_witness(witness_path("cuff2016.ex5_1", "literal"))
    M = doc["instance"].mechanism
    assert M.shape == (1, 3)
    assert info.capacity(M).value == 0


def test_first_instance_of_every_family_survives_a_json_round_trip():
    """Witnesses are archived as JSON: the checks must give the same truth on round-tripped
    instances (ints come back as Fractions, ranges as tuples)."""
    for c, r in READINGS + BROKEN:
        for fam in r.families:
            if fam.slow:
                continue
            inst = next(iter(fam.build()))
            back = io.instance_from_json(io.instance_to_json(inst))
            if unmet_hypotheses(r, inst):
                continue
            assert _decision(r.check(back)).truth == _decision(r.check(inst)).truth, (c.id, r.name, fam.name)


# ----------------------------------------------------------------------------- exact helpers
def test_entropy_and_binary_entropy_hand_values():
    sp = Hamming.product([range(2), range(2)])
    j = part2._prior_joint(Prior.uniform(sp))
    assert part2._entropy(j, (0,)) == LogForm.log(2)
    assert part2._entropy(j, (0, 1)) == LogForm.log(4)
    assert part2._entropy(j, ()) == 0
    # h(1/4) = (1/4) ln 4 + (3/4) ln(4/3) = 2 ln 2 - (3/4) ln 3
    assert part2._h(Fraction(1, 4)) == 2 * LogForm.log(2) - LogForm.log(3) * Fraction(3, 4)
    assert part2._h(Fraction(0)) == 0 and part2._h(Fraction(1)) == 0


def test_xor_is_the_strict_case_of_property_4():
    """U, W iid uniform bits, V = U xor W: I(U;V) = 0 but I(U;V|W) = ln 2 (Property 4 strict;
    Property 5 fails without the Markov chain)."""
    sp = part2._uvw_space(2, 2, 2)
    j = part2._prior_joint(part2._joint_prior(sp, lambda u, v, w: Fraction(1, 4) if v == u ^ w else 0))
    assert part2._cmi(j, (0,), (1,)) == 0
    assert part2._cmi(j, (0,), (1,), (2,)) == LogForm.log(2)


def test_cmi_helper_agrees_with_the_information_measures():
    """I(X_i;Y|X^-i), I(X_i;Y) and I(X;Y) from the joint-pmf helper equal the measures' values
    exactly on random rational mechanisms and priors (zeros allowed)."""
    rng = random.Random(2024)
    for t in range(40):
        sp = Hamming.product([range(rng.choice((2, 3))), range(2)])
        M = part2._mech(rng, sp, rng.choice((2, 3)))
        P = part2._prior(rng, sp)
        j = part2._mech_joint(M, P)
        n = 2
        assert part2._cmi(j, (0, 1), (n,)) == info.mi_privacy(M, prior=P, method="exact").value
        for i in range(2):
            other = (1 - i,)
            assert part2._cmi(j, (i,), (n,), other) == info.conditional_mi(M, prior=P, record=i, method="exact").value
            assert part2._cmi(j, (i,), (n,)) == info.record_mi(M, prior=P, record=i, method="exact").value


def test_chain_rule_on_the_measures():
    """Property 6 with U = X_1, V = Y, W = X_2 read through the measures: I(X_1; Y, X_2) =
    I(X_1; X_2) + I(X_1; Y | X_2)  (a cross-check independent of the bank's readings)."""
    rng = random.Random(7)
    for _ in range(10):
        sp = Hamming((0, 1), 2)
        M = part2._mech(rng, sp, 3)
        P = part2._prior(rng, sp)
        j = part2._mech_joint(M, P)
        lhs = part2._cmi(j, (0,), (1, 2))
        rhs = part2._cmi(j, (0,), (1,)) + info.conditional_mi(M, prior=P, record=0, method="exact").value
        assert lhs == rhs


def test_example_5_1_hand_values():
    """Cuff-Yu Example 5.1 with |X_1| = 3, e = 1/2: capacity (1/2) ln 4 = ln 2, MI-DP (1/2) ln 2."""
    M = zoo.cuff_example_5_1(3, Fraction(1, 2))
    assert info.capacity(M).value == LogForm.log(2)
    assert info.mi_dp(M).value == LogForm.log(2) / 2


def test_one_time_pad_hand_values():
    """Cuff-Yu Example 4.3 with |X_1| = 4: each part has MI-DP 0, the pair has MI-DP ln 4."""
    assert info.mi_dp(zoo.one_time_pad(4, part="first")).value == 0
    assert info.mi_dp(zoo.one_time_pad(4, part="both")).value == LogForm.log(4)


def test_property_9_tight_construction_by_hand():
    """e^eps = 2, delta = 1/10: rows (0,1), (1/10, 9/10), (3/10, 7/10); neighbours have E_2 = 1/10
    and the distance-2 pair has E_4 = 3/10 = (4-1)/(2-1) * 1/10: equality in (47)."""
    from exactpriv.measures.divergence import hockey_stick

    inst = next(i for i in part2._fam_prop9_tight() if i.params["gamma"] == 2)
    rows = inst.mechanism.rows
    assert rows[0] == (0, 1) and rows[3] == (Fraction(3, 10), Fraction(7, 10))
    assert hockey_stick(rows[3], rows[0], 4) == Fraction(3, 10)
    assert max(hockey_stick(rows[a], rows[b], 2) for a, b in ((0, 1), (1, 0), (1, 3), (3, 1))) == Fraction(1, 10)


def test_group_eps_bruteforce_matches_event_definition():
    """The Property 7 helper (max pointwise log-ratio over pairs within distance k) equals the
    event form max_A ln P(A|x)/P(A|x') on small random mechanisms (zeros allowed)."""
    rng = random.Random(11)
    for _ in range(20):
        sp = Hamming((0, 1), 2)
        M = part2._mech(rng, sp, 3, den=4)
        for k in (1, 2):
            best = None
            for i, j in part2._pairs_within(sp, k):
                for r in range(1, 4):
                    for A in itertools.combinations(range(3), r):
                        pa = sum(M.rows[i][y] for y in A)
                        pb = sum(M.rows[j][y] for y in A)
                        if pa and not pb:
                            best = sympy.oo
                        elif pa and best is not sympy.oo:
                            best = pa / pb if best is None or pa / pb > best else best
            got = part2._group_eps(M, k)
            want = sympy.oo if best is sympy.oo else (LogForm.log(best) if best is not None else 0)
            assert got == want


def test_same_log_argument_refutes_a_wrong_value():
    """The exact comparison used for (71) says FALSE when the value is off by ln 2."""
    T = sympy.sqrt(2) + sympy.sqrt(3)
    value = 2 * sympy.log(T)  # a = 2: a/(a-1) ln T
    assert part2._same_log_argument(value, T, 2, "ok").is_true
    assert part2._same_log_argument(value + sympy.log(2), T, 2, "bad").is_false


def test_le_on_enclosures():
    from exactpriv.measures.result import Measured

    a = Measured("a", None, Fraction(1, 10), Fraction(2, 10))
    assert part2._le(a, Fraction(1, 2)).is_true
    assert part2._le(a, Fraction(1, 20)).is_false
    assert part2._le(a, Fraction(15, 100)).is_undecided
    assert part2._le(a, sympy.oo).is_true
    assert compare(part2._sum(a, Fraction(1)).upper, "==", Fraction(12, 10)).is_true
