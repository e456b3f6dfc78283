"""Tests of identifiability, eps_X, Bayesian DP and identity DP (exactpriv.measures.bayesian).

(a) hand-worked values citing the papers, (b) agreement with naive definitional computations on
many small random exact instances (BDP over *all output events*, identity DP by eq. (11)
literally, identifiability by Bayes' rule), (c) bad input raising typed errors.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError, SupportError
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.bayesian import (
    bayesian_dp,
    eps_X,
    identifiability,
    identity_dp,
    identity_dp_posterior_form,
    is_bayesian_dp,
    is_identifiability,
    is_identity_dp,
)
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import count_query_geometric, k_max, randomized_response
from exactpriv.spaces import Bounded, Hamming

RR = randomized_response(p=Fraction(3, 4))
LOG = LogForm.log


# ----------------------------------------------------------------------------- (a) hand values
def test_rr_uniform_prior_identifiability_equals_pure_dp():
    """Wang–Ying–Zhang: with a uniform prior eps_X = 0 and identifiability = DP; RR(3/4) has eps = log 3."""
    u = Prior.uniform(RR.inputs)
    assert eps_X(u).value == 0
    m = identifiability(RR, prior=u)
    assert m.value == LOG(3)
    assert m.witness["output"] in (0, 1)


def test_rr_skewed_prior_identifiability_by_hand():
    """p = (1/3, 2/3): p(1|y=1)/p(0|y=1) = (2/3 * 3/4)/(1/3 * 1/4) = 6; eps_X = log 2 (Wang–Ying–Zhang (18))."""
    q = Prior(RR.inputs, [Fraction(1, 3), Fraction(2, 3)])
    assert identifiability(RR, prior=q).value == LOG(6)
    assert identifiability(RR, prior=q).witness["pair"] == [(1,), (0,)]
    assert eps_X(q).value == LOG(2)


def test_identity_dp_single_record_is_the_likelihood_ratio():
    """Wu–Xia–He Def. 3 with n = 1: Pr[Y=r|X_1=t] = P(r|t), so identity DP = log 3 for RR(3/4)
    under every prior with both values possible (here 1/5, 4/5)."""
    q = Prior(RR.inputs, [Fraction(1, 5), Fraction(4, 5)])
    assert identity_dp(RR, prior=q).value == LOG(3)
    assert identity_dp_posterior_form(RR, prior=q).value == LOG(3)
    assert bayesian_dp(RR, prior=q).value == LOG(3)


def test_seed004_example2_perfectly_dependent_records():
    """Wu–Xia–He Example 2: X1 = X2, truncated geometric on the count with e^eps = 2.  Rows
    (a = 1/2): c=0: (2/3, 1/6, 1/6), c=2: (1/6, 1/6, 2/3), so Pr[Y=0|X1=0]/Pr[Y=0|X1=1] = 4 = e^{2 eps}.
    With independent uniform records: Pr[.|X1=0] = (1/2, 1/4, 1/4), Pr[.|X1=1] = (1/4, 1/4, 1/2): ratio 2."""
    M = count_query_geometric(2, exp_eps=2)
    dep = Prior.from_dict(M.inputs, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})
    assert identity_dp(M, prior=dep).value == LOG(4)
    assert bayesian_dp(M, prior=dep).value == LOG(4)  # S = {2}: half the configurations have prior 0
    ind = Prior.uniform(M.inputs)
    assert identity_dp(M, prior=ind).value == LOG(2)
    assert bayesian_dp(M, prior=ind).value == LOG(2)


def test_is_predicates():
    u = Prior.uniform(RR.inputs)
    assert is_identifiability(RR, sympy.log(3), prior=u).is_true
    assert is_identifiability(RR, Fraction(1), prior=u).is_false  # 1 < log 3
    assert is_bayesian_dp(RR, sympy.log(3), prior=u).is_true
    assert is_identity_dp(RR, Fraction(109, 100), prior=u).is_false  # log 3 = 1.0986...


def test_non_full_support_conventions():
    """Point mass at 0 on RR: p(0|y) = 1 > 0 = p(1|y) so identifiability = oo (positive/0);
    eps_X = oo (Wang–Ying–Zhang: finite iff full support); identity DP has no admissible pair -> 0."""
    pm = Prior.point_mass(RR.inputs, (0,))
    assert identifiability(RR, prior=pm).value == sympy.oo
    assert eps_X(pm).value == sympy.oo
    assert identity_dp(RR, prior=pm).value == 0


# ----------------------------------------------------------------------------- random instances
def _rand_pmf(rng, k, zeros=True):
    while True:
        w = [rng.randint(0, 4) if zeros else rng.randint(1, 4) for _ in range(k)]
        if sum(w):
            return [Fraction(v, sum(w)) for v in w]


def _rand_instance(rng, spaces):
    space = rng.choice(spaces)
    n_out = rng.randint(2, 3)
    rows = [_rand_pmf(rng, n_out) for _ in range(space.size)]
    M = Mechanism(space, list(range(n_out)), rows)
    prior = Prior(space, _rand_pmf(rng, space.size, zeros=rng.random() < 0.5))
    return M, prior


SPACES = [Hamming((0, 1), 1), Hamming((0, 1), 2), Hamming((0, 1), 3), Hamming((0, 1, 2), 2),
          Hamming.product([(0, 1), ("a", "b", "c")])]


def _ratio(a, b):
    """Conventions: 0/0 -> None (ignored), a/0 -> oo."""
    if a == 0 and b == 0:
        return None
    return sympy.oo if b == 0 else a / b


def _vmax(vals):
    vals = [v for v in vals if v is not None]
    if not vals:
        return Fraction(1)
    return sympy.oo if any(v == sympy.oo for v in vals) else max(vals)


def _as_log(r):
    return sympy.oo if r == sympy.oo else LOG(r)


def _events(k):
    return [E for r in range(1, k + 1) for E in itertools.combinations(range(k), r)]


def naive_bdp(M, prior, only_empty_S=False, null_events="skip_undefined"):
    """Yang et al.'s BDP by the definition: all adversaries (i, S), all events E ⊆ outputs.
    A configuration of prior probability 0 has an undefined conditional unless S = N∖{i} (nothing
    integrated out: the likelihood is the row of x); "skip_null" skips it even then."""
    sp, pts = M.inputs, M.inputs.points
    n, k = sp.n, len(M.outputs)
    events = _events(k)
    vals = []
    for i in range(n):
        others = [j for j in range(n) if j != i]
        subsets = [()] if only_empty_S else [S for r in range(n) for S in itertools.combinations(others, r)]
        for S in subsets:
            for xS in itertools.product(*(sp.records[j] for j in S)):
                cond = {}  # x_i -> [P[Y = y | x_i, x_S] for y], or None if the event has prior 0
                for xi in sp.records[i]:
                    den, num = Fraction(0), [Fraction(0)] * k
                    for x, p, row in zip(pts, prior.pmf, M.rows):
                        if p and x[i] == xi and all(x[j] == v for j, v in zip(S, xS)):
                            den += p
                            num = [a + p * q for a, q in zip(num, row)]
                    cond[xi] = None if den == 0 else [a / den for a in num]
                    if len(S) == n - 1 and null_events == "skip_undefined":
                        x = [None] * n
                        x[i] = xi
                        for j, v in zip(S, xS):
                            x[j] = v
                        cond[xi] = list(M.rows[pts.index(tuple(x))])
                for a, b in itertools.permutations(sp.records[i], 2):
                    if cond[a] is None or cond[b] is None:
                        continue
                    for E in events:
                        vals.append(_ratio(sum(cond[a][e] for e in E), sum(cond[b][e] for e in E)))
    return _vmax(vals)


def naive_identity_dp(M, prior):
    """Wu–Xia–He eq. (11) literally: Σ_{x_(i)} Pr[M(t, x_(i)) = r] Pr[X_(i) = x_(i) | X_i = t]."""
    sp = M.inputs
    pts = sp.points
    vals = []
    for i in range(sp.n):
        marg = {t: sum((p for x, p in zip(pts, prior.pmf) if x[i] == t), Fraction(0)) for t in sp.records[i]}
        for t, tp in itertools.permutations(sp.records[i], 2):
            if marg[t] == 0 or marg[tp] == 0:
                continue
            for r in range(len(M.outputs)):
                def side(v):
                    s = Fraction(0)
                    for rest in itertools.product(*(sp.records[j] for j in range(sp.n) if j != i)):
                        x = rest[:i] + (v,) + rest[i:]
                        s += M.prob(M.outputs[r], x) * prior.prob(x) / marg[v]
                    return s
                vals.append(_ratio(side(t), side(tp)))
    return _vmax(vals)


def naive_identifiability(M, prior):
    """Wang–Ying–Zhang Def. 2 by Bayes' rule: p(x|y) = p(x) P(y|x) / p_Y(y) for p_Y(y) > 0."""
    k = len(M.outputs)
    py = [sum((p * row[y] for p, row in zip(prior.pmf, M.rows)), Fraction(0)) for y in range(k)]
    post = [[p * row[y] / py[y] if py[y] else None for y in range(k)] for p, row in zip(prior.pmf, M.rows)]
    return _vmax(_ratio(post[a][y], post[b][y]) for a, b in M.inputs.directed_edges().tolist()
                 for y in range(k) if py[y])


def test_random_instances_agree_with_definitions():
    """BDP (over all events), identity DP (eq. (11)), its posterior form (eq. (12)) and
    identifiability agree with naive computations on 200 random exact instances."""
    rng = random.Random(20240611)
    for _ in range(200):
        M, prior = _rand_instance(rng, SPACES)
        for conv in ("skip_undefined", "skip_null"):
            bdp = bayesian_dp(M, prior=prior, null_events=conv).value
            assert bdp == _as_log(naive_bdp(M, prior, null_events=conv)), (conv, M.rows, prior.pmf)
        idp = identity_dp(M, prior=prior).value
        assert idp == _as_log(naive_identity_dp(M, prior)), (M.rows, prior.pmf)
        assert idp == _as_log(naive_bdp(M, prior, only_empty_S=True, null_events="skip_null"))
        assert identity_dp_posterior_form(M, prior=prior).value == idp  # Wu–Xia–He Theorem 1 (Bayes)
        assert identifiability(M, prior=prior).value == _as_log(naive_identifiability(M, prior))


def test_random_eps_X_and_full_support_bdp_dominates_pure_dp():
    """eps_X by direct scan; with full support the adversary S = N∖{i} is pure DP, so BDP >= it."""
    rng = random.Random(7)
    for _ in range(150):
        M, _ = _rand_instance(rng, SPACES)
        prior = Prior(M.inputs, _rand_pmf(rng, M.inputs.size, zeros=False))
        pts = M.inputs.points
        exp = _vmax(_ratio(prior.pmf[a], prior.pmf[b]) for a, b in M.inputs.directed_edges().tolist())
        assert eps_X(prior).value == _as_log(exp)
        pure = _vmax(_ratio(M.rows[a][y], M.rows[b][y]) for a, b in M.inputs.directed_edges().tolist()
                     for y in range(len(M.outputs)))
        bdp = bayesian_dp(M, prior=prior)
        assert compare(bdp.value, ">=", _as_log(pure)).is_true
        # witness replays: the ratio at the witness equals the value
        w = bdp.witness
        if bdp.value != 0 and bdp.value != sympy.oo:
            i, known, (a, b), y = w["record"], w["known"], w["pair"], w["output"]

            def cond(v):
                num = den = Fraction(0)
                for x, p in zip(pts, prior.pmf):
                    if x[i] == v and all(x[j] == c for j, c in known.items()):
                        den += p
                        num += p * M.prob(y, x)
                return num / den
            assert LOG(cond(a) / cond(b)) == bdp.value


# ----------------------------------------------------------------------------- (c) bad input
def test_bad_inputs():
    u = Prior.uniform(RR.inputs)
    other = Prior.uniform(Hamming((0, 1), 2))
    with pytest.raises(SpaceMismatchError):
        identifiability(RR, prior=other)
    with pytest.raises(SpaceMismatchError):
        bayesian_dp(RR, prior=other)
    with pytest.raises(SpaceMismatchError):
        identity_dp(RR, prior=other)
    with pytest.raises(InvalidArgument, match="prior"):
        bayesian_dp(RR)
    with pytest.raises(SupportError, match=r"\(1,\)"):
        eps_X(Prior.point_mass(RR.inputs, (0,)), require_full_support=True)
    with pytest.raises(NotExactError, match="0.5"):
        is_identifiability(RR, 0.5, prior=u)
    with pytest.raises(NotExactError):
        is_bayesian_dp(RR, sympy.Float(1.0), prior=u)
    with pytest.raises(InvalidArgument, match="substitute"):
        identifiability(randomized_response(eps=EPS), prior=u)
    b = Bounded(range(3), 1)
    Mb = Mechanism(b, [0, 1], [[Fraction(1, 2)] * 2] * 3)
    with pytest.raises(InvalidArgument, match="records"):
        bayesian_dp(Mb, prior=Prior.uniform(b))
    with pytest.raises(InvalidArgument):
        identifiability(k_max(3, 2), prior="uniform")
