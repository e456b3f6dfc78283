"""Tests of the tightness explorer (counterexamples.tightness).

Hand-worked values: binary randomized response with e^ε = a has
KL = (a/(a+1) − 1/(a+1)) ln a = ε·(a − 1)/(a + 1) = ε·tanh(ε/2) (Cuff–Yu, Cuff–Yu, eq. (11) and
App. A: the extremal pair of Property 1), which lies strictly below min{ε, ε²} (their (82)).
Randomized response of the parity of two bits with e^ε = a is ε-DP and has semantic privacy
(a − 1)/(a + 1) = tanh(ε/2) (cross ratio a², Zhao Def. 1).
"""

from fractions import Fraction

import pytest
import sympy

from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures import REGISTRY, compute
from exactpriv.spaces import Hamming
from counterexamples.tightness import (
    bank_implications,
    exp_levels,
    explore,
    query_mechanism,
    random_mechanism,
)

E = EPS


def _rr_kl(a: Fraction):
    """KL of binary randomized response with ratio a, by hand: (a−1)/(a+1) · ln a."""
    return sympy.Rational(a.numerator - a.denominator, a.numerator + a.denominator) * sympy.log(
        sympy.Rational(a.numerator, a.denominator))


def test_rr_is_kl_extremal_and_min_eps_eps2_flagged_not_tight():
    """Cuff–Yu Property 1 vs (11): the explorer finds binary RR, with KL = ε·tanh(ε/2) exactly."""
    ratios = [Fraction(2), Fraction(3), Fraction(5)]
    ex = explore("pure_dp", "kl_dp", sympy.Min(E, E ** 2), alphas=exp_levels(*ratios), examples=10, seed=1,
                 tight=E * sympy.tanh(E / 2), upper=E * sympy.tanh(E / 2))
    assert not ex.violated
    for a, lev in zip(ratios, ex.levels):
        # exact value of the best witness, against the hand formula
        assert compare(lev.best_lower, "==", _rr_kl(a)).is_true
        assert lev.tight_attained.is_true
        assert lev.status == "below"
        assert compare(lev.best_lower, "<", sympy.Min(sympy.log(a), sympy.log(a) ** 2)).is_true
        assert any("not tight" in f for f in lev.flags)
        # the witness is binary randomized response: rows (a, 1)/(a+1) up to relabelling outputs
        rows = sorted(sorted(r) for r in lev.witness.mechanism.rows)
        assert rows == [[Fraction(1) / (a + 1), a / (a + 1)]] * 2
        # feasibility: pure DP of the witness is exactly ln a
        assert compare(compute("pure_dp", lev.witness.mechanism).value, "==", sympy.log(a)).is_true
    # ε tanh(ε/2) < min{ε, ε²} for every ε > 0 is certified
    assert ex.upper_vs_stated.verdict == "PROVED"


def test_too_small_stated_map_is_violated_with_exact_witness():
    """A deliberately broken Property 1 (ε²/3) is violated at ε = ln 3: KL(RR) = ln(3)/2 > (ln 3)²/3."""
    alpha = sympy.log(3)
    ex = explore("pure_dp", "kl_dp", E ** 2 / 3, alphas=[alpha], examples=10, seed=0)
    lev = ex.levels[0]
    assert lev.status == "violated" and ex.violated
    M = lev.witness.mechanism
    # re-check the witness from scratch, exactly
    assert compare(compute("pure_dp", M).value, "<=", alpha).is_true
    assert compare(compute("kl_dp", M).value, ">", alpha ** 2 / 3).is_true


def test_semantic_privacy_tanh_attained_by_parity():
    """Zhao Thm 2 forward: e^{2ε} − 1 is far from tight; the parity RR attains tanh(ε/2) = 1/3 at ε = ln 2."""
    ex = explore("pure_dp", "semantic_privacy", sympy.exp(2 * E) - 1, alphas=exp_levels(2), space="hamming:m=2,n=2",
                 examples=10, seed=0, tight=sympy.tanh(E / 2))
    lev = ex.levels[0]
    assert lev.best_lower == Fraction(1, 3) or compare(lev.best_lower, "==", sympy.Rational(1, 3)).is_true
    assert lev.tight_attained.is_true
    assert compare(lev.gap, "==", 3 - sympy.Rational(1, 3)).is_true  # stated e^{2 ln 2} − 1 = 3


def test_stated_map_attained_for_identity_dp_under_independence():
    """identity DP Prop. 2: ε-DP ⇒ ε-identity-DP (product priors); RR of one record attains it."""
    ex = explore("pure_dp", "identity_dp", E, alphas=exp_levels(3), space="hamming:m=2,n=1", prior="independent",
                 examples=10, seed=0)
    lev = ex.levels[0]
    assert lev.status == "attained"
    assert compare(lev.best_lower, "==", sympy.log(3)).is_true


def _without_timing(doc):
    if isinstance(doc, dict):
        return {k: _without_timing(v) for k, v in doc.items() if k != "seconds"}
    return [_without_timing(v) for v in doc] if isinstance(doc, list) else doc


def test_exploration_is_bounded_by_counts_and_the_clock_only_stops():
    """Issue 19: the explorer draws a fixed number of candidates per level, so the same seed gives the same
    exploration (timings aside) on every machine; a time limit that passes first marks the levels stopped."""
    kw = dict(alphas=exp_levels(2, 3), examples=6, local_steps=4, max_queries=4, seed=2)
    a = explore("pure_dp", "kl_dp", E ** 2, **kw)
    b = explore("pure_dp", "kl_dp", E ** 2, **kw, seconds=3600)
    assert _without_timing(a.to_json()) == _without_timing(b.to_json())
    assert all(lev.status != "stopped" for lev in a.levels) and a.levels[0].tried > 6
    stopped = explore("pure_dp", "kl_dp", E ** 2, alphas=exp_levels(2, 3), examples=10**9, seed=2, seconds=0.5)
    assert [lev.status for lev in stopped.levels] == ["stopped", "stopped"]
    assert "stopped by the time limit" in stopped.levels[0].flags[0]


def test_query_mechanism_hits_the_level_exactly():
    """RR_k of a query with exp_eps = a: P(f(x)|x) = a/(a + k − 1); pure DP exactly ln a (hand)."""
    sp = Hamming([0, 1], 2)
    M = query_mechanism(sp, lambda x: x[0] ^ x[1], 3, exp_eps=Fraction(5, 2))
    assert M.rows[0] == (Fraction(5, 9), Fraction(2, 9), Fraction(2, 9))
    assert compare(compute("pure_dp", M).value, "==", sympy.log(sympy.Rational(5, 2))).is_true
    import random

    R = random_mechanism(sp, 3, random.Random(4))
    assert all(sum(r) == 1 for r in R.rows)


def test_bank_implications_are_well_formed():
    imps = bank_implications()
    assert len({i.key for i in imps}) == len(imps)
    for i in imps:
        assert i.given in REGISTRY and i.measure in REGISTRY
        assert i.stated.free_symbols <= {E}
        assert i.claims and all("." in c for c in i.claims)
        assert i.alphas
    keys = {i.key for i in imps}
    assert {"pure_dp=>kl_dp", "kl_dp=>tv_dp", "mi_dp=>tv_dp", "pure_dp=>semantic_privacy",
            "pure_dp=>identity_dp"} <= keys


@pytest.mark.parametrize("kwargs, error", [
    (dict(given="nope", measure="kl_dp", stated=EPS, alphas=[1]), InvalidArgument),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS, alphas=[0.5]), ExactPrivError),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS, alphas=[-1]), InvalidArgument),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS, alphas=[]), InvalidArgument),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS, alphas=[1], seconds=0), InvalidArgument),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS + sympy.Symbol("z"), alphas=[1]), InvalidArgument),
    (dict(given="pure_dp", measure="kl_dp", stated=EPS, alphas=[1], prior="weird"), InvalidArgument),
], ids=["unknown-measure", "float-level", "negative-level", "no-levels", "zero-budget", "foreign-symbol",
        "bad-prior-kind"])
def test_bad_input(kwargs, error):
    with pytest.raises(error):
        explore(**kwargs)


def test_exp_levels_rejects_non_increasing():
    with pytest.raises(InvalidArgument, match="ratio"):
        exp_levels(1)


def _levels_of(ex):
    """Everything an exploration reports per level, witness rows and prior included (exact values as text)."""
    out = []
    for lv in ex.levels:
        w = lv.witness
        out.append((str(lv.alpha), lv.status, str(lv.best_lower), str(getattr(lv.best, "value", None)),
                    str(getattr(lv.given_value, "value", None)), lv.found_by, lv.tried, tuple(lv.flags),
                    None if w is None else (w.mechanism.rows, None if w.prior is None else tuple(w.prior.pmf))))
    return out


@pytest.mark.parametrize("given, measure, alphas, kw", [
    # pure_dp with rational e^α: the exact projection (no bisection)
    ("pure_dp", "kl_dp", exp_levels(2, 3), {"space": "hamming:m=2,n=1"}),
    # another notion as the level: the dyadic bisection, every step a remembered feasibility decision
    ("kl_dp", "tv_dp", (sympy.Rational(1, 8), sympy.Rational(1, 3)), {"space": "hamming:m=2,n=1"}),
    # measures that need a prior: the same mechanism under several priors must never share a value
    ("mi_dp", "bayesian_dp", (sympy.Rational(1, 8),), {"space": "hamming:m=2,n=2", "max_queries": 4}),
    ("pure_dp", "record_mi", exp_levels(2), {"space": "hamming:m=2,n=2", "prior": "independent", "max_queries": 4}),
])
def test_remembered_measures_change_nothing(monkeypatch, given, measure, alphas, kw):
    """The explorer remembers measures and feasibility decisions per exact candidate (search._MEMO); with the
    memo off (size 0: every measure computed from the definition, as before) the exploration is identical,
    level by level, in each regime that takes another path.  Run twice with the memo on: the second run is
    answered from it and still identical."""
    from counterexamples.tightness import search

    args = dict(alphas=alphas, examples=6, seed=3, local_steps=6, bisection_steps=6, **kw)
    monkeypatch.setattr(search, "_MEMO", {})
    monkeypatch.setattr(search, "_MEMO_SIZE", 0)
    plain = _levels_of(explore(given, measure, "eps", **args))
    monkeypatch.setattr(search, "_MEMO_SIZE", 50_000)
    first = _levels_of(explore(given, measure, "eps", **args))
    assert search._MEMO, "the memo was never used"
    second = _levels_of(explore(given, measure, "eps", **args))
    assert plain == first == second


@pytest.mark.parametrize("given, measure, alphas, kw", [
    ("kl_dp", "tv_dp", (sympy.Rational(1, 8), sympy.log(2)), {"space": "hamming:m=2,n=1"}),   # LogForm vs log
    ("mi_dp", "bayesian_dp", (sympy.Rational(1, 8),), {"space": "hamming:m=2,n=2", "max_queries": 4}),
    ("pure_dp", "kl_dp", exp_levels(2), {"space": "hamming:m=2,n=1"}),     # the exact projection's one decision
])
def test_feasibility_from_balls_changes_nothing(monkeypatch, given, measure, alphas, kw):
    """A(M) <= α decided from disjoint certified balls (search._BALLS) or by the kernel's compare alone (the plain
    path): the same exploration, level by level, with nothing remembered in between."""
    from counterexamples.tightness import search

    args = dict(alphas=alphas, examples=6, seed=3, local_steps=6, bisection_steps=6, **kw)
    monkeypatch.setattr(search, "_MEMO_SIZE", 0)
    monkeypatch.setattr(search, "_BALLS", False)
    plain = _levels_of(explore(given, measure, "eps", **args))
    monkeypatch.setattr(search, "_BALLS", True)
    assert _levels_of(explore(given, measure, "eps", **args)) == plain


def test_feasibility_from_balls_decides_as_the_kernel_or_defers():
    """Each regime of search._at_most_by_balls against at_most (the kernel's compare): apart balls decide as it
    does; a tie, an infinity, an enclosure, a Float or a free symbol defer to it (which raises its typed error)."""
    from counterexamples.tightness.search import _at_most_by_balls
    from exactpriv.exact.logforms import logform_from_sympy
    from exactpriv.measures.result import Measured, at_most

    log2, log3 = sympy.log(2), sympy.log(3)
    lf = logform_from_sympy(log3 - log2)                       # ln(3/2) as a LogForm, as kl_dp gives it
    decided = [(Fraction(1, 3), sympy.Rational(1, 2)), (Fraction(2, 3), sympy.Rational(1, 2)),
               (lf, log2), (lf, sympy.Rational(1, 3)), (sympy.sqrt(2) - 1, sympy.Rational(1, 2)),
               (sympy.Rational(1, 2) - sympy.sqrt(3) / 4, log3 / 8), (3, log3)]
    for value, level in decided:
        fast = _at_most_by_balls(value, level)
        assert fast is not None and fast == at_most(Measured("m", value), level).is_true, (value, level)
    assert {_at_most_by_balls(v, l) for v, l in decided} == {True, False}
    tie = (logform_from_sympy(log3 - log2), log3 - log2)       # equal: the balls overlap at every precision
    assert _at_most_by_balls(*tie) is None and at_most(Measured("m", tie[0]), tie[1]).is_true
    assert _at_most_by_balls(sympy.oo, log2) is None and _at_most_by_balls(None, log2) is None
    assert _at_most_by_balls(True, log2) is None
    for bad in (sympy.Float(0.25), EPS / 4):
        assert _at_most_by_balls(bad, log2) is None
        with pytest.raises(ExactPrivError):
            at_most(Measured("m", bad), log2)


def test_remembered_measures_are_keyed_by_prior_and_rows(monkeypatch):
    """Two priors (or two mechanisms differing in one entry) never share a remembered value: each equals the
    measure computed from the definition."""
    import random

    from counterexamples.tightness import search
    from counterexamples.tightness.families import random_prior
    from exactpriv.distributions import Prior

    monkeypatch.setattr(search, "_MEMO", {})
    space = Hamming([0, 1], n=2)
    M = random_mechanism(space, 3, random.Random(5), zeros=False)
    rows = [list(r) for r in M.rows]
    rows[0][0], rows[0][1] = rows[0][0] + rows[0][1], Fraction(0)
    M2 = type(M)(M.inputs, M.outputs, rows)
    rng = random.Random(7)
    priors = [Prior.uniform(space)] + [random_prior(space, "correlated", rng, full_support=True) for _ in range(3)]
    S = search.Searcher("pure_dp", "conditional_mi", space, "any", False, 3, rng)
    plain = {(m, k): compute("conditional_mi", mech, prior=P).value for m, mech in ((0, M), (1, M2))
             for k, P in enumerate(priors)}
    assert len(set(plain.values())) > 2  # the priors and mechanisms do give different values
    for _ in range(2):  # the second round is answered from the memo
        for m, mech in ((0, M), (1, M2)):
            for k, P in enumerate(priors):
                assert S.B(mech, P).value == plain[(m, k)]
    assert len(search._MEMO) == len(plain)
    first = S.B(M, priors[0])
    first.witness["set by a caller"] = 1  # a caller's own dict: the remembered answer is not changed
    assert "set by a caller" not in S.B(M, priors[0]).witness
