"""The programs bank: its programs agree with the zoo and the box reference, and a user bank of programs runs."""

from functools import partial
from fractions import Fraction as F

import pytest

from exactpriv.measures.divergence import pure_dp
from exactpriv.mechanisms.programs import program_mechanism, run_program
from exactpriv.mechanisms.programs.reference import reference_distribution
from exactpriv.mechanisms.zoo import truncated_geometric
from theorems.programs import algorithms as A
from theorems.programs.histograms import COUNTS


def test_the_truncated_geometric_program_is_the_zoo_mechanism():
    M = program_mechanism(A.truncated_geometric_program, COUNTS)
    Z = truncated_geometric(3, exp_eps=1 / A.BETA ** 4)
    for c in range(4):
        assert [M.prob(y, (c, 3)) for y in range(4)] == list(Z.rows[c])


# svt6 (no cutoff: every query draws its noise, so its box reference is the largest, ~6 s) replays in the slow suite
@pytest.mark.parametrize("name", ["svt1", pytest.param("svt3", marks=pytest.mark.slow), "svt4",
                                  pytest.param("svt6", marks=pytest.mark.slow), "rnm1", "rnm3",
                                  "rnm4", pytest.param("numerical_svt", marks=pytest.mark.slow)])
def test_bank_programs_agree_with_the_box_reference(name):
    program = partial(getattr(A, name), beta=F(1, 4))  # small α: the box reference is tight at B = 7
    for q in [(0, 1, 0), (1, 1, 2)]:
        exact = run_program(program, q).dist
        ref, missing = reference_distribution(program, q, B=7)
        assert missing < F(1, 50)
        for y in set(exact) | set(ref):
            assert ref.get(y, 0) <= exact.get(y, 0) <= ref.get(y, 0) + missing


def test_svt4_lies_between_eps_and_the_corrected_bound_on_the_default_space():
    from theorems.programs._common import SVT_SPACE

    ratio = pure_dp(program_mechanism(A.svt4, SVT_SPACE)).witness["ratio"]
    assert 1 / A.BETA ** 4 < ratio <= 1 / A.BETA ** 7  # e^ε < ratio ≤ e^{7ε/4}




def test_a_user_bank_file_of_programs_runs_under_pytest(bank_files_under_pytest):
    # tests/user_bank/program_claims.py, run by pytest in a fresh interpreter with the other user banks
    assert bank_files_under_pytest.outcomes("program_claims.py") == {"passed": 1}


def test_a_checked_reading_shows_its_exact_eps_with_the_worst_pair():
    # issue 28: verify prints (and writes to JSON) the exact ε of a passing program, not only of a refuted one
    from counterexamples.report import evidence_text
    from exactpriv.claims.check import check_reading
    from theorems.programs._common import SVT_SPACE
    from theorems.programs.svt import svt4_claim

    reading = next(r for r in svt4_claim.readings if r.name == "lyu-su-li-bound")
    res = check_reading(svt4_claim, reading)
    assert res.verdict.value == "CHECKED"
    (shown,) = res.evidence["families"][reading.families[0].name]["shown"].values()
    m = pure_dp(program_mechanism(A.svt4, SVT_SPACE))
    assert shown["exact"] == str(m.value) and shown["pair"] == [str(p) for p in m.witness["pair"]]
    assert "exact ε = 0.14591 nats = 1.441·ε" in shown["text"] and shown["text"] in evidence_text(res)


@pytest.mark.parametrize("name", ["svt1", "svt4", "numerical_svt", "rnm2", "prefix_sum"])
def test_a_program_compiled_for_every_eps_is_the_rational_program_at_each_beta(name):
    # non-negotiable 3: the rational functions of β (the all-eps readings' mechanisms) against the rational
    # compile at two values of β, entry by entry
    from exactpriv.exact.ratfunc import RationalFunction

    program = getattr(A, name)
    beta = RationalFunction.gen()
    for q in [(0, 1), (1, 0)]:
        symbolic = run_program(partial(program, beta=beta), q).dist
        for b in (F(39, 40), F(1, 3)):
            exact = run_program(partial(program, beta=b), q).dist
            assert set(symbolic) == set(exact)
            assert all(symbolic[y].at(b) == exact[y] for y in exact)



@pytest.mark.parametrize("claim_name,text", [("rnm3_claim", "2.500·ε"), ("svt4_claim", "1.720·ε")])
def test_a_refuted_variant_at_the_benchmark_size_shows_its_exact_eps_and_the_checker_recomputes_it(claim_name, text):
    # issue 28: the refutation at the benchmark's inputs carries the exact ε (worst pair and output), and the
    # evidence row states it as the statement's value X, which the independent checker re-measures (svt4's is the
    # log of a 420-bit rational: equal to itself although no ball separates it from itself)
    from counterexamples.report import evidence_text
    from exactpriv.checker.errors import Failed
    from exactpriv.checker.verdicts import check
    from exactpriv.claims.check import check_reading
    from exactpriv.claims.evidence import evidence_row
    from theorems.programs import noisy_max, svt

    claim = getattr(noisy_max if claim_name.startswith("rnm") else svt, claim_name)
    reading = claim.reading("at-benchmark-size")
    res = check_reading(claim, reading)
    assert res.verdict.value == "REFUTED"
    bench = (noisy_max if claim_name.startswith("rnm") else svt).BENCH
    m = pure_dp(program_mechanism(getattr(A, claim_name.split("_")[0]), bench))
    shown = res.evidence["shown"]
    assert shown["exact"] == str(m.value) and shown["pair"] == [str(p) for p in m.witness["pair"]]
    assert text in shown["text"] and shown["text"] in evidence_text(res)
    row = evidence_row(res, claim, reading, {"name": "programs"})
    import sympy

    assert set(row["values"]) == {"X"}
    assert sympy.simplify(sympy.exp(sympy.sympify(row["values"]["X"]))) == sympy.simplify(sympy.exp(m.value))
    check(row, entry=None, effort={})  # re-verified: raises Failed / NotCheckable otherwise
    row["values"] = {"X": row["values"]["X"] + " + 1/10**30"}
    with pytest.raises(Failed, match="value X"):
        check(row, entry=None, effort={})


def test_a_slow_benchmark_family_is_bound_by_its_pinned_digest_without_being_compiled():
    # the statement lists the slow n = 10 instance by the digest the bank pins, and names no unbound family
    from exactpriv.claims.evidence import reading_form
    from theorems.programs.svt import BENCH_SHA256, svt6_claim

    reading = svt6_claim.reading("at-benchmark-size")
    assert reading.families[0].slow and not reading.families[1].slow
    listed = reading_form(reading)["family"]["listed"]
    assert [e.get("sha256") for e in listed][0] == BENCH_SHA256["svt6"]
    assert all("unbound" not in e for e in listed)


def _pinned_families():
    from theorems.programs import CLAIMS

    return [(f"{c.id}/{r.name}", f) for c in CLAIMS for r in c.readings for f in r.families if f.pinned]


@pytest.mark.slow
@pytest.mark.parametrize("where,fam", _pinned_families(), ids=[w for w, _ in _pinned_families()])
def test_the_pinned_benchmark_digests_are_the_compiled_instances(where, fam):
    # a stale pin would make the checker call a --slow witness or checked instance "none of the listed instances"
    from exactpriv.checker.witness import read_instance
    from exactpriv.claims.evidence import witness_of

    ((label, eps, digest),) = fam.pinned
    (inst,) = fam.build()
    w = witness_of(inst)
    assert (inst.label, w["params"]["eps"], read_instance(w).digest) == (label, eps, digest)


@pytest.mark.parametrize("name", ["svt1", "svt3", "svt4", "svt5", "svt6", "numerical_svt", "rnm1", "rnm2", "rnm3",
                                  "rnm4", "svt1_truncated_query_noise", "prefix_sum"])
def test_the_memoised_compile_is_the_plain_one_entry_by_entry(name):
    # issue 28: each path's weight reuses the previous path's prefix products; the plain evaluation multiplies
    # every factor of every path — the two mechanisms must be identical (outputs in order, every exact entry),
    # in each regime: window values, both tails (svt6, rnm*), finite choices (truncated noise), sums (prefix_sum)
    from theorems.programs._common import HIST_SPACE, SVT_SPACE

    program = getattr(A, name)
    space = HIST_SPACE if name == "prefix_sum" else SVT_SPACE
    plain = program_mechanism(program, space, memo=False)
    memo = program_mechanism(program, space)
    assert memo.outputs == plain.outputs and memo.rows == plain.rows


@pytest.mark.parametrize("name", ["svt6", "rnm2"])
def test_the_memoised_compile_for_every_eps_is_the_plain_one(name):
    # the same for the rational functions of β (the symbolic compile)
    import sympy

    from exactpriv.exact.numbers import EPS
    from theorems.programs._common import SVT_SPACE

    sym = ("beta", sympy.exp(-EPS / 4))
    plain = program_mechanism(getattr(A, name), SVT_SPACE, symbol=sym, memo=False)
    memo = program_mechanism(getattr(A, name), SVT_SPACE, symbol=sym)
    assert memo.outputs == plain.outputs
    assert all(sympy.simplify(a - b) == 0 for ra, rb in zip(memo.rows, plain.rows) for a, b in zip(ra, rb))


def test_the_memo_shares_prefixes():
    # it does share: SVT6 on 3 queries multiplies far fewer factors than its paths hold
    from exactpriv.mechanisms.programs import compiler

    seen = []
    original = compiler._PrefixProducts

    class Counting(original):
        def __init__(self):
            super().__init__()
            seen.append(self)

    compiler._PrefixProducts = Counting
    try:
        run_program(A.svt6, (0, 1, 1))
    finally:
        compiler._PrefixProducts = original
    (memo,) = seen
    assert memo.reused > memo.multiplied > 0
