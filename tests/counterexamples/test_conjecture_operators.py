"""`conjecture` with operators, prior kinds and tightness (issue 22).

Expected verdicts, justified:
* k-fold composition of an ε-DP mechanism is kε-DP (basic composition) and exactly kε on randomized response, so
  "≤ k·ε/2" fails on the first seed (RR(e^ε = 101/100), k = 2);
* group privacy: pairs at distance ≤ k of an ε-DP mechanism are kε-close (Dwork–Roth), "≤ ε" fails for k = 2 on
  the product of RR over two records (distance-2 pairs are 2ε apart);
* Poisson subsampling at rate q on the add/remove space gives log(1 + q(e^ε − 1)) (Balle–Barthe–Gaboardi), which
  exceeds q·ε for every ε > 0 (strict concavity of q ↦ log(1 + q(e^ε − 1))), attained by randomized response on
  presence (the first Subsets seed);
* post-processing never increases KL (data processing), and KL of binary RR is ε·tanh(ε/2) > ε²/4, so "KL(K∘M) ≤
  ε²/4" fails with K the identity;
* TV of an ε-DP mechanism is at most tanh(ε/2), attained by RR(2, ε) for every ε (an identity), while tanh(ε) is
  never attained for ε > 0 (RR(2) is extremal by the reduction and falls short).
"""

import json
from fractions import Fraction as F

import pytest

from counterexamples.conjecture import conjecture, conjecture_claim
from counterexamples.conjecture_operators import attach_kernels, read_kernel
from exactpriv.claims import Instance, Verdict
from exactpriv.errors import InvalidArgument

ONE = "hamming:m=2,n=1"


def test_k_fold_composition_is_refuted_below_k_eps_and_checked_at_k_eps():
    bad = conjecture(given="pure_dp", measure="pure_dp", bound="k*eps/2", params={"k": [2]}, operator="k_fold",
                     space=ONE, max_examples=5)
    assert bad.verdict is Verdict.REFUTED and bad.witness["params"] == {"k": "2"}
    assert bad.extra["operator"] == "k_fold"
    ok = conjecture(given="pure_dp", measure="pure_dp", bound="k*eps", params={"k": [2, 3]}, operator="k_fold",
                    space=ONE, max_examples=5)
    assert ok.verdict is Verdict.CHECKED


def test_group_privacy_needs_the_factor_k():
    bad = conjecture(given="pure_dp", measure="pure_dp", bound="eps", params={"k": [2]}, operator="group",
                     space="hamming:m=2,n=2", max_examples=5)
    assert bad.verdict is Verdict.REFUTED


def test_poisson_subsampling_climbs_the_add_remove_spaces_and_refutes_the_linear_bound():
    bad = conjecture(given="pure_dp", measure="pure_dp", bound="q*eps", params={"q": ["1/2"]}, operator="subsample",
                     max_examples=5)
    assert bad.verdict is Verdict.REFUTED and "subsets" in bad.searched.lower()
    ok = conjecture(given="pure_dp", measure="pure_dp", bound="log(1 + q*(exp(eps) - 1))", params={"q": ["1/2"]},
                    operator="subsample", space="subsets:n=1", max_examples=5)
    assert ok.verdict is Verdict.CHECKED


def test_post_processing_witness_carries_its_kernel_and_replays(tmp_path, monkeypatch):
    from exactpriv.cli import main

    res = conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/4", operator="post_process", space=ONE,
                     max_examples=5)
    assert res.verdict is Verdict.REFUTED and read_kernel(res.witness["kernel"])
    path = tmp_path / "pp.json"
    path.write_text(json.dumps(res.to_json()), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(path)]) == 0
    # the same witness with its kernel replaced by a constant channel (KL 0) no longer refutes
    doc = res.to_json()
    doc["witness"]["kernel"] = [["1"]] * len(doc["witness"]["kernel"])
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path)]) == 3


def test_seeds_get_the_identity_and_a_merge_and_kernels_are_validated():
    from exactpriv.mechanisms.zoo import randomized_response

    out = attach_kernels([Instance("rr", randomized_response(3, exp_eps=2))])
    assert [len(i.extra["kernel"][0]) for i in out] == [3, 2]
    for bad in ([], [["1/2", "1/3"]], [["-1", "2"]], [["1"], ["1/2", "1/2"]]):
        with pytest.raises(InvalidArgument):
            read_kernel(bad)


@pytest.mark.parametrize("kw,fragment", [
    (dict(operator="k_fold"), "needs --param k"),
    (dict(operator="k_fold", params={"k": [9]}), "from 1 to 4"),
    (dict(operator="shuffle"), "known operators"),
    (dict(operator="subsample", params={"q": ["1/2"]}, space=ONE), "add/remove"),
    (dict(prior="flat"), "uniform"),
])
def test_bad_operator_arguments_are_typed_errors(kw, fragment):
    with pytest.raises(InvalidArgument, match=fragment):
        conjecture(given="pure_dp", measure="pure_dp", bound="eps", max_examples=1, **kw)


def test_the_uniform_prior_kind_puts_only_the_uniform_prior_on_instances():
    from exactpriv.distributions import Prior

    # I(X;Y) under a prior with independent records is at most Σ_i I(X_i; Y | X_<i) ≤ n·ε·tanh(ε/2) ≤ 2ε (n = 2)
    claim, reading, sp, _ = conjecture_claim(given="pure_dp", measure="mi_privacy", bound="2*eps", params=None,
                                             space="hamming:m=2,n=2", prior="uniform", max_outputs=3)
    seeds = [i for fam in reading.families for i in fam.build()]
    assert seeds and all(i.prior == Prior.uniform(sp) for i in seeds)
    res = conjecture(given="pure_dp", measure="mi_privacy", bound="2*eps", prior="uniform", space="hamming:m=2,n=2",
                     max_examples=3)
    assert res.verdict is Verdict.CHECKED and "uniform priors" in res.searched


def test_tightness_attained_by_binary_rr_and_not_attained_when_rr_is_extremal():
    ok = conjecture(given="pure_dp", measure="tv_dp", bound="tanh(eps/2)", tight=True, max_examples=2)
    assert ok.verdict is Verdict.PROVED
    assert ok.extra["tight"]["verdict"] == "PROVED" and ok.extra["tight"]["family"] == "RR(2, ε)"
    loose = conjecture(given="pure_dp", measure="tv_dp", bound="tanh(eps)", tight=True, max_examples=2)
    assert loose.verdict is Verdict.PROVED  # the bound holds ...
    tight = loose.extra["tight"]
    assert tight["verdict"] == "REFUTED" and tight["witness"]["at_eps"]  # ... and is attained by no mechanism
    # without the reduction a family falling short proves nothing about other mechanisms
    kl = conjecture(given="kl_dp", measure="tv_dp", bound="sqrt(2*eps)", tight=True, space=ONE, max_examples=3)
    assert kl.verdict is Verdict.CHECKED and kl.extra["tight"]["verdict"] == "UNDECIDED"


def test_a_refuted_bound_asks_no_tightness():
    bad = conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/4", tight=True, space=ONE, max_examples=3)
    assert bad.verdict is Verdict.REFUTED and "tight" not in bad.extra


def test_a_post_processed_conclusion_is_proved_by_reduction_with_one_more_data_processing_step():
    res = conjecture(given="pure_dp", measure="kl_dp", bound="eps*tanh(eps/2)", operator="post_process", max_examples=2)
    assert res.verdict is Verdict.PROVED and res.tried == 0
    assert "every post-processing K" in res.note and "data-processing-f" in res.note
    given_delta = conjecture(given="approx_dp", measure="tv_dp", bound="eps + (1-eps)*tanh(epsilon/2)",
                             params={"epsilon": [1]}, operator="post_process", max_examples=2)
    assert given_delta.verdict is Verdict.PROVED
    # other operators are never reduced: the composition's level is not the input's
    from exactpriv.claims.by_reduction import reducible
    from exactpriv.claims.notions import Notion
    from counterexamples.conjecture_operators import operator_notion

    assert "other than a post-processing" in reducible(Notion("pure_dp"), operator_notion(Notion("kl_dp"), "k_fold"))


@pytest.mark.slow
def test_tightness_with_post_processing_is_attained_with_the_identity_kernel():
    """The identity kernel is a post-processing, so K∘M attains what M attains."""
    pp = conjecture(given="pure_dp", measure="tv_dp", bound="tanh(eps/2)", operator="post_process", tight=True,
                    max_examples=2)
    assert pp.extra["tight"]["verdict"] == "PROVED" and "identity kernel" in pp.extra["tight"]["family"]


@pytest.mark.slow
def test_tightness_with_post_processing_refuted_and_with_subsampling():
    """The reduction's REFUTED carries over to post-processing (data processing); subsampling asks the add/remove
    families (randomized response on presence)."""
    loose = conjecture(given="pure_dp", measure="tv_dp", bound="tanh(eps)", operator="post_process", tight=True,
                       max_examples=2)
    assert loose.extra["tight"]["verdict"] == "REFUTED" and "data processing" in loose.extra["tight"]["note"]
    sub = conjecture(given="pure_dp", measure="pure_dp", bound="log(1 + q*(exp(eps) - 1))", operator="subsample",
                     space="subsets:n=1", params={"q": ["1/2"]}, tight=True, max_examples=2)
    assert sub.extra["tight"]["verdict"] == "PROVED" and "presence" in sub.extra["tight"]["family"]
    off = conjecture(given="pure_dp", measure="pure_dp", bound="log(1 + q*(exp(eps) - 1)) + q", operator="subsample",
                     space="subsets:n=1", params={"q": ["1/2"]}, tight=True, max_examples=2)
    assert off.extra["tight"]["verdict"] == "UNDECIDED"  # no reduction: a family falling short proves nothing


def test_param_values_may_be_exact_constants_where_the_engine_reads_them_exactly():
    import sympy

    from counterexamples.conjecture import parse_params
    from exactpriv.errors import ExactPrivError, InvalidArgument

    assert parse_params(["epsilon=log(2)", "delta=1/10"]) == {"epsilon": [sympy.log(2)], "delta": ["1/10"]}
    for bad in ("x=__import__", "x=oo", "x=eps", "x=log(-1)"):
        with pytest.raises(ExactPrivError):
            parse_params([bad])
    res = conjecture(given="approx_dp", measure="tv_dp", bound="eps + (1-eps)*tanh(epsilon/2)",
                     params=["epsilon=log(2)"], max_examples=2)
    assert res.verdict is Verdict.PROVED  # δ at ε = log 2 (e^ε = 2), by reduction
    for kw, why in [(dict(given="renyi_dp", measure="kl_dp", bound="eps", params=["alpha=log(3)"]), "renyi_dp"),
                    (dict(given="approx_dp", measure="tv_dp", bound="eps", params=["delta=log(2)/10"]), "rational δ"),
                    (dict(given="pure_dp", measure="pure_dp", bound="eps", operator="subsample", space="subsets:n=1",
                          params=["q=log(2)/2"]), "operator 'subsample'")]:
        with pytest.raises(InvalidArgument, match=why):
            conjecture(max_examples=1, **kw)


@pytest.mark.slow
def test_tightness_for_a_given_tv_is_attained_by_the_extremal_pair():
    res = conjecture(given="tv_dp", measure="tv_dp", bound="eps", tight=True, max_examples=2)
    assert res.verdict is Verdict.PROVED and res.extra["tight"]["verdict"] == "PROVED"
    assert "extremal pair" in res.extra["tight"]["family"]


@pytest.mark.slow
def test_tightness_for_a_given_delta_attained_and_refuted_through_the_reduction():
    """Kairouz–Oh–Viswanath's TV bound at a given (1, δ) is attained by the four-output pair; with tanh(ε) in place
    of tanh(ε/2) the bound still holds (reduction) but no mechanism attains it at δ = 1/2."""
    kov = conjecture(given="approx_dp", measure="tv_dp", bound="eps + (1-eps)*tanh(epsilon/2)",
                     params={"epsilon": ["1"]}, tight=True, max_examples=2)
    assert kov.extra["tight"]["verdict"] == "PROVED"
    loose = conjecture(given="approx_dp", measure="tv_dp", bound="eps + (1-eps)*tanh(epsilon)",
                       params={"epsilon": ["1"]}, tight=True, max_examples=2)
    assert loose.verdict is Verdict.PROVED
    assert loose.extra["tight"]["verdict"] == "REFUTED" and loose.extra["tight"]["witness"]["delta"] == "1/2"


def test_compose_accounts_a_thousand_folds_exactly():
    # issue 24: --compose K keeps M^k factored (pure ε from the factors): basic composition kε holds at k = 1,000
    # and is exact on randomized response, so "≤ kε/2" fails on the first seed
    bad = conjecture(given="pure_dp", measure="pure_dp", bound="k*eps/2", params={"k": [1000]}, operator="compose",
                     space=ONE, max_examples=3)
    assert bad.verdict is Verdict.REFUTED and bad.witness["params"] == {"k": "1000"}
    assert bad.extra["operator"] == "compose"
    ok = conjecture(given="pure_dp", measure="pure_dp", bound="k*eps", params={"k": [1000]}, operator="compose",
                    space=ONE, max_examples=3)
    assert ok.verdict is Verdict.CHECKED


def test_compose_delta_is_the_expanded_k_fold_delta():
    # two computations: δ(ε' = 1) of M^3 through the composed privacy-loss distributions (compose) and on the
    # expanded 2^3-output product (k_fold) — the same exact value on the same witness
    kw = dict(given="pure_dp", measure="approx_dp", bound="0", params={"k": [3], "epsilon": ["1/2"]}, space=ONE,
              max_examples=3)
    composed, expanded = conjecture(operator="compose", **kw), conjecture(operator="k_fold", **kw)
    assert composed.verdict is expanded.verdict is Verdict.REFUTED
    assert composed.to_json()["measure_value"] == expanded.to_json()["measure_value"]
    assert composed.to_json()["given_value"] == expanded.to_json()["given_value"]


@pytest.mark.parametrize("kw,match", [
    (dict(measure="kl_dp", params={"k": [10]}), "expand its"),
    (dict(measure="pure_dp", params={"k": [10001]}), "from 1 to 10,000"),
])
def test_compose_refuses_what_it_cannot_account(kw, match):
    with pytest.raises(InvalidArgument, match=match):
        conjecture_claim(given="pure_dp", bound="k*eps", operator="compose", space=ONE, prior="any", max_outputs=3,
                         **kw)


def test_the_compose_option_of_the_cli(capsys):
    from exactpriv.cli import main

    assert main(["conjecture", "--given", "pure_dp", "--measure", "pure_dp", "--bound", "k*eps/2", "--compose", "500",
                 "--space", ONE, "--max-examples", "3"]) == 0
    out = capsys.readouterr().out
    assert "pure_dp(M^k, composed exactly) <= k*eps/2" in out and "(k=500)" in out and "REFUTED" in out
    assert main(["conjecture", "--given", "pure_dp", "--measure", "pure_dp", "--bound", "k*eps", "--compose", "5",
                 "--operator", "k_fold", "--space", ONE]) != 0
    assert "drop --operator" in capsys.readouterr().err


@pytest.mark.slow
def test_tightness_for_a_given_epsilon_at_delta_is_refuted_through_the_reduction_only():
    loose = conjecture(given="approx_dp", measure="tv_dp", bound="delta + (1-delta)*tanh(eps)",
                       params={"delta": ["1/10"]}, tight=True, max_examples=2)
    assert loose.verdict is Verdict.PROVED and loose.extra["tight"]["verdict"] == "REFUTED"
    assert loose.extra["tight"]["witness"]["at_eps"] == "log(2)"
    kov = conjecture(given="approx_dp", measure="tv_dp", bound="delta + (1-delta)*tanh(eps/2)",
                     params={"delta": ["1/10"]}, tight=True, max_examples=2)
    assert kov.extra["tight"]["verdict"] == "UNDECIDED"  # attained by the pair, but not asked in the ε view
