"""The programs bank: its programs agree with the zoo and the box reference, and a user bank of programs runs."""

import subprocess
import sys
import textwrap
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


USER_BANK = '''
    """A user's bank: one program, one claim, checked by pytest."""
    from fractions import Fraction
    from exactpriv.claims import Family, Instance, inequality_claim
    from exactpriv.mechanisms.programs import program_mechanism
    from exactpriv.spaces import QueryAnswers
    import sympy

    ALPHA = Fraction(1, 2)

    def above_threshold(q, rng):
        rho = rng.laplace(ALPHA ** 2)
        for i, qi in enumerate(q):
            if qi + rng.laplace(ALPHA) >= 1 + rho:
                return i
        return "none"

    def instances():
        M = program_mechanism(above_threshold, QueryAnswers(range(0, 2), n=2))
        yield Instance("above_threshold", mechanism=M, params={"eps": 4 * sympy.log(2)})

    CLAIMS = [inequality_claim("mine.svt", measure="pure_dp", op="<=", bound="eps",
                               families=[Family("svt", instances)], expected="CHECKED")]
'''


def test_a_user_bank_file_of_programs_runs_under_pytest(tmp_path):
    f = tmp_path / "my_claims.py"
    f.write_text(textwrap.dedent(USER_BANK))
    out = subprocess.run([sys.executable, "-m", "pytest", str(f), "-q", "-p", "no:randomly", "-p", "no:cacheprovider"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout


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
