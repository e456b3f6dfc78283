"""The search over every prior × level for Wang–Ying–Zhang's Theorem 1, Lemmas 4, 5 and Theorem 2.

The strategy (:func:`counterexamples.strategies.prior_level_instances`) must draw only inside what each
reading quantifies over and inside its hypotheses (an instance outside can never refute), and must reach the
whole domain (priors with zeros where allowed, the end point t = t̃).  The hunts over the readings that were
opened to search find no refutation of a CHECKED reading.
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, find, given, settings

from counterexamples import strategies as S
from counterexamples.hunt import hunt_reading, searchable
from exactpriv.claims import Verdict
from exactpriv.claims.banks import load_bank
from exactpriv.measures.distortion import eps_tilde_X
from theorems.wang2016 import search as W

DOMAINS = [W.ALL_PRIORS_ANY_EPS, W.FULL_SUPPORT_ANY_EPS, W.FULL_SUPPORT_EPS_FROM_TILDE,
           W.FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE, W.FULL_SUPPORT_D_UP_TO_H_TILDE]

#: the readings whose statements hold for every prior (and level in range), opened to search
OPENED = [("wang2016.thm1", "identifiability-equality"), ("wang2016.thm1", "identifiability-lower"),
          ("wang2016.thm1", "dp-bounds"), ("wang2016.thm1", "privacy-form"), ("wang2016.lemma4", "literal"),
          ("wang2016.lemma5", "literal"), ("wang2016.thm2", "literal")]


def draws(n):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


def _reading(cid, name):
    claim = next(c for c in load_bank("papers").claims() if c.id == cid)
    return claim, claim.reading(name)


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_drawn_instances_are_inside_the_domain_and_the_hypotheses(domain):
    @draws(12)
    @given(S.prior_level_instances(domain))
    def inside(inst):
        p = inst.prior
        assert sum(p.pmf) == 1 and all(v >= 0 for v in p.pmf)
        if domain.full_support:
            assert all(v > 0 for v in p.pmf), p.pmf
        for hyp in domain.hypotheses:
            assert hyp.check(inst), (hyp.name, inst.label)
        if "t" in inst.params:
            t = inst.params["t"]
            assert isinstance(t, Fraction) and t >= 1
            if W.EPS_AT_LEAST_TILDE in domain.hypotheses:  # independently of the hypothesis object
                e = eps_tilde_X(p)
                assert t >= (e.exp_value if isinstance(e.exp_value, Fraction) else e.exp_enclosure[1])
    inside()


def test_priors_with_zeros_are_drawn_where_allowed():
    inst = find(S.prior_level_instances(W.ALL_PRIORS_ANY_EPS), lambda i: any(v == 0 for v in i.prior.pmf),
                settings=draws(200))
    assert inst.prior.space.size >= 2


def test_the_end_point_t_tilde_is_drawn():
    """t = t̃ exactly (a rational threshold above 1): the boundary of Lemma 4 and Theorem 2."""
    def at_threshold(inst):
        e = eps_tilde_X(inst.prior)
        return isinstance(e.exp_value, Fraction) and e.exp_value > 1 and inst.params["t"] == e.exp_value
    find(S.prior_level_instances(W.FULL_SUPPORT_POSITIVE_EPS_FROM_TILDE), at_threshold, settings=draws(300))


@pytest.mark.parametrize("cid,name", OPENED)
def test_opened_readings_declare_what_they_quantify_over(cid, name):
    claim, reading = _reading(cid, name)
    assert reading.open_search and reading.strategy in DOMAINS
    assert searchable(reading, claim) == ""


def test_the_proof_only_reading_stays_closed():
    claim, reading = _reading("wang2016.lemma5", "all-eps-small-spaces")
    assert not reading.open_search and searchable(reading, claim)


def _hunt(cid, name, max_examples):
    claim, reading = _reading(cid, name)
    families_only = hunt_reading(claim, reading, seconds=120, seed=1, max_examples=0, local_steps=0)
    r = hunt_reading(claim, reading, seconds=120, seed=1, max_examples=max_examples, local_steps=0)
    assert reading.expected in (Verdict.CHECKED, Verdict.PROVED)
    assert r.searched and r.drawn > 0
    assert r.verdict is not Verdict.REFUTED and r.counts["false"] == 0, (r.note, r.witness)
    # the strategy draws inside the hypotheses: only the families' own instances may be outside
    assert r.counts["outside"] == families_only.counts["outside"]
    return r


@pytest.mark.parametrize("cid,name", [("wang2016.lemma5", "literal"), ("wang2016.thm1", "dp-bounds"),
                                      ("wang2016.lemma4", "literal")])
def test_hunt_finds_no_refutation(cid, name):
    _hunt(cid, name, 4)


@pytest.mark.slow
@pytest.mark.parametrize("cid,name", OPENED)
def test_hunt_finds_no_refutation_longer(cid, name):
    _hunt(cid, name, 40)
