"""Identity DP, Sec. 1 (theorems.identitydp.sec1_examples): Example 2 by hand, Example 2 for every ε
(and its broken variant e^ε), the constructions as hypotheses (a hunted instance that is not the
paper's construction is outside, never a crash), and Example 1 with the paper's family of ten."""

import random
from fractions import Fraction

import pytest

from exactpriv.claims import Instance, Verdict, check_reading, unmet_hypotheses
from exactpriv.distributions import Prior
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identity_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems import get_claim
from theorems.identitydp.sec1_examples import _posterior_odds_factor, _prove_ex2_for_all_eps

B2 = Hamming((0, 1), 2)


def test_example2_perfect_dependence_doubles_eps():
    """(3): X1 = X2, geometric count, Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = e^{2 eps} x prior odds;
    with e^eps = 2 the identity-DP level is log 4 while the mechanism is log 2-DP."""
    M = zoo.count_query_geometric(2, exp_eps=2)
    P = Prior.from_dict(B2, {(0, 0): Fraction(9, 10), (1, 1): Fraction(1, 10)})
    assert _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2) == 4
    assert identity_dp(M, prior=P).value == LogForm.log(4)


def test_example2_posterior_odds_at_rational_point():
    """e^ε = 3, X1 = X2, p(t1) = 1/10: posterior odds after Y = 2 are 9 × prior odds (= e^{2ε})."""
    M = zoo.count_query_geometric(2, exp_eps=3, values=("t2", "t1"))
    y = M.output_index(2)
    p11 = M.rows[M.inputs.index(("t1", "t1"))][y]
    p22 = M.rows[M.inputs.index(("t2", "t2"))][y]
    prior_odds = Fraction(1, 10) / Fraction(9, 10)
    post_odds = (p11 * Fraction(1, 10)) / (p22 * Fraction(9, 10))
    assert post_odds / prior_odds == 9


def test_broken_example2_with_e_eps_is_refuted():
    assert _prove_ex2_for_all_eps(power=1).is_false


def test_example1_reading_declares_its_construction():
    """A hunted instance around Example 1 (fresh rows, even with a zero that made the odds undefined
    and crashed the hunter) is outside the reading, and the check itself never divides by zero."""
    c = get_claim("identitydp.ex1")
    r = c.reading("geometric-finite-analogue")
    assert not r.open_search
    template = next(iter(r.families[0].build()))
    rng = random.Random(0)
    rows = []
    for _ in template.mechanism.rows:
        w = [rng.randint(0, 3) for _ in template.mechanism.outputs]
        w[0] += 1
        rows.append([Fraction(a, sum(w)) for a in w])
    rows[-1] = [Fraction(1)] + [Fraction(0)] * (len(rows[-1]) - 1)  # output n impossible at 1^n
    hunted = Instance("hunted", Mechanism(template.mechanism.inputs, template.mechanism.outputs, rows),
                      template.prior, dict(template.params))
    assert unmet_hypotheses(r, hunted) == ["example-1-construction"]
    assert r.check(hunted).decision.is_undecided or r.check(hunted).decision.is_false
    assert unmet_hypotheses(r, template) == []


def test_odds_factor_is_none_when_undefined():
    M = Mechanism(B2, [0, 1, 2], [[1, 0, 0]] * 4)
    assert _posterior_odds_factor(M, Prior.uniform(B2).pmf, 0, 1, 0, 2) is None


@pytest.mark.slow
def test_example1_family_of_ten():
    c = get_claim("identitydp.ex1")
    res = check_reading(c, c.reading("geometric-finite-analogue"), include_slow=True)
    assert res.verdict == Verdict.CHECKED
    assert res.evidence["families"]["family-size-10"]["true"] == 2
