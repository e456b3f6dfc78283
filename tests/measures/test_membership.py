"""Tests of positive / negative membership privacy over distribution families
(exactpriv.measures.membership).

The measures are suprema over infinite families; the module reduces them to single-output
likelihood ratios.  Here a naive definitional computation — all entities, *all output sets S*
with Pr[S] > 0, Bayes' rule on an explicit distribution over datasets — is run on explicit
members of each family: (i) the family's single member (D_N) must give exactly the measure,
(ii) random members must never exceed it, (iii) members built from the witness with
Pr[t] = 10^-6 must come close to it.  Plus hand values (Li et al. Prop. 5.3 for k-Max) and bad input.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, NotExactError, SpaceMismatchError
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import bayesian_dp
from exactpriv.measures.membership import (
    is_negative_membership,
    is_positive_membership,
    negative_membership,
    positive_membership,
)
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import k_max, randomized_response
from exactpriv.spaces import Bounded, Hamming, Subsets

DELTA = Fraction(1, 10**6)


# ----------------------------------------------------------------------------- naive definition
def naive_level(M, dist, events, positive):
    """Least γ with (PMP) Pr[t|S] <= γ Pr[t], Pr[¬t|S] >= Pr[¬t]/γ — or (NMP) Pr[t|S] >= Pr[t]/γ,
    Pr[¬t|S] <= γ Pr[¬t] — over all events t (masks over datasets) and all output sets S with
    Pr[S] > 0, for the distribution ``dist`` (list aligned with M.inputs.points).  Integer
    arithmetic on a common scale; Fractions only for the final ratios."""
    k = len(M.outputs)
    dd = math.lcm(*(Fraction(q).denominator for q in dist))
    dn = [Fraction(q).numerator * (dd // Fraction(q).denominator) for q in dist]
    rd = math.lcm(*(q.denominator for row in M.rows for q in row))
    J = [[d * q.numerator * (rd // q.denominator) for q in row] for d, row in zip(dn, M.rows)]
    total = sum(dn)
    gamma = Fraction(1)
    for r in range(1, k + 1):
        for S in itertools.combinations(range(k), r):
            js = [sum(row[y] for y in S) for row in J]
            PS = sum(js)  # Pr[S] up to the scale total * rd
            if PS == 0:
                continue
            for mask in events:
                tm = sum(d for d, m in zip(dn, mask) if m)  # Pr[t] = tm / total
                ts = sum(j for j, m in zip(js, mask) if m)  # Pr[t|S] = ts / PS
                pt, pts = Fraction(tm, total), Fraction(ts, PS)
                pn, pns = 1 - pt, 1 - pts
                if positive:
                    cands = [pts / pt if pt else None,
                             (sympy.oo if pns == 0 else pn / pns) if pn else None]
                else:
                    cands = [(sympy.oo if pts == 0 else pt / pts) if pt else None,
                             pns / pn if pn else None]
                for c in cands:
                    if c is not None and (c is sympy.oo or (gamma is not sympy.oo and c > gamma)):
                        gamma = c
    return gamma


def entity_events(space):
    return [[t in T for T in space.points] for t in space.universe]


def le(a, b):
    return b == sympy.oo or (a != sympy.oo and a <= b)


def close_below(a, b):
    """a approaches b from below: b finite and a >= b - b^2 * 10^-6 * 2, or both oo."""
    if b == sympy.oo:
        return a == sympy.oo
    return a >= b - 2 * b * b * DELTA


def product_dist(space, p):
    """Entities independently present with probabilities p[t] (the D_I member)."""
    return [math.prod((p[t] if t in T else 1 - p[t] for t in space.universe), start=Fraction(1))
            for T in space.points]


def conditioned(dist, space, k):
    """dist conditioned on |T| = k (a D_B member), or None if that event has probability 0."""
    mass = sum((d for d, T in zip(dist, space.points) if len(T) == k), Fraction(0))
    if mass == 0:
        return None
    return [d / mass if len(T) == k else Fraction(0) for d, T in zip(dist, space.points)]


def rand_mech(rng, space, n_out, zeros=True):
    rows = []
    for _ in range(space.size):
        while True:
            w = [rng.randint(0 if zeros else 1, 3) for _ in range(n_out)]
            if sum(w):
                rows.append([Fraction(a, sum(w)) for a in w])
                break
    return Mechanism(space, list(range(n_out)), rows)


# ----------------------------------------------------------------------------- (a) hand values
def test_k_max_prop_5_3_k2_n3():
    """Li et al. Prop. 5.3 claims (D_N, (2^k-1)/(2^k-2))-PMP, i.e. 3/2 for k = 2.  By hand, n = 3:
    j = max T; outputs {1,2} for T ∈ {∅ ("lowest" reading), {1}}, {2,3} otherwise.  Output 3 comes
    from the six sets {2},{1,2},{3},{1,3},{2,3},{1,2,3}, each w.p. 1/2; four contain entity 2, so
    Pr[2|3] = 2/3, Pr[¬2|3] = 1/3 and Pr[¬2]/Pr[¬2|3] = 3/2: γ = 3/2, tight.  With the empty set
    answered uniformly on {1,2,3} ("uniform" reading): Pr[1|y=1] = (1/2)/(1/2 + 1/3) = 3/5, so
    Pr[¬1]/Pr[¬1|1] = (1/2)/(2/5) = 5/4, which is the maximum: the claim holds, not tightly."""
    low = positive_membership(k_max(3, 2, empty="lowest"), family="uniform")
    assert low.value == Fraction(3, 2)
    assert low.witness["entity"] == 2 and low.witness["event"] == [3]
    assert low.witness["posterior"] == Fraction(2, 3)
    assert positive_membership(k_max(3, 2, empty="uniform"), family="uniform").value == Fraction(5, 4)
    assert is_positive_membership(k_max(3, 2), Fraction(3, 2), family="uniform").is_true


def test_k_max_prop_5_3_fails_for_uniform_empty_reading():
    """n = 5, k = 2, empty set answered uniformly on 5 values: output 1 arises from ∅ (w.p. 1/5)
    and {1} (w.p. 1/2), so Pr[¬1|1] = (1/5)/(1/5 + 1/2) = 2/7 and Pr[¬1]/Pr[¬1|1] = 7/4 > 3/2:
    under this reading of the undefined case T = ∅, Prop. 5.3's γ = 3/2 is violated."""
    m = positive_membership(k_max(5, 2, empty="uniform"), family="uniform")
    assert m.value == Fraction(7, 4)
    assert is_positive_membership(k_max(5, 2, empty="uniform"), Fraction(3, 2), family="uniform").is_false
    assert positive_membership(k_max(5, 2, empty="lowest"), family="uniform").value == Fraction(3, 2)


def test_k_max_not_nmp():
    """Li et al.: k-Max is not (D_N, γ)-NMP for any γ: output c_1 makes Pr[2|c_1] = 0."""
    m = negative_membership(k_max(3, 2), family="uniform")
    assert m.value == sympy.oo and m.witness["posterior"] == 0


def test_one_entity_rr():
    """U = {a}; M(∅) = (3/4, 1/4), M({a}) = (1/4, 3/4).  D_N: Pr[a|y=1] = 3/4, Pr[¬a|y=1] = 1/4,
    so γ = max((3/4)/(1/2), (1/2)/(1/4)) = 2.  D_I: sup = Pr[y|a]/Pr[y|¬a] = 3, not attained
    (Li et al. Thm 4.5: e^eps for eps-positive UDP, eps = log 3); ε form: log 3."""
    sp = Subsets(["a"])
    M = Mechanism(sp, [0, 1], [[Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]])
    assert positive_membership(M, family="uniform").value == 2
    assert negative_membership(M, family="uniform").value == 2
    ind = positive_membership(M, family="independent")
    assert ind.value == 3 and ind.witness["attained"] is False and "not attained" in ind.method
    assert positive_membership(M, family="independent", form="eps").value == LogForm.log(3)
    assert is_positive_membership(M, sympy.log(3), family="independent", form="eps").is_true
    assert is_negative_membership(M, Fraction(29, 10), family="independent").is_false


def test_zhao_two_point_rr():
    """RR(3/4) on one record with a uniform prior: D_{1,∅} puts p on X_1 = 0; A = 3, sup ε = log 3."""
    RR = randomized_response(p=Fraction(3, 4))
    m = positive_membership(RR, family="two_point", prior=Prior.uniform(RR.inputs), form="eps")
    assert m.value == LogForm.log(3)


# ----------------------------------------------------------------------------- (b) brute force
def test_uniform_family_equals_definition():
    """D_N has one member: the measure must equal the naive level exactly (150 random mechanisms)."""
    rng = random.Random(1)
    for _ in range(150):
        sp = Subsets(list(range(rng.randint(1, 3))))
        M = rand_mech(rng, sp, rng.randint(2, 3))
        dist = [Fraction(1, sp.size)] * sp.size
        for positive, f in ((True, positive_membership), (False, negative_membership)):
            assert f(M, family="uniform").value == naive_level(M, dist, entity_events(sp), positive)


def test_independent_family_sup():
    """D_I: 10 random members per mechanism never exceed the sup; the witness vertex with
    Pr[t] = 10^-6 approaches it (100 random mechanisms, PMP and NMP)."""
    rng = random.Random(2)
    choices = [Fraction(0), Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(4, 5)]
    for _ in range(100):
        sp = Subsets(list(range(rng.randint(1, 3))))
        M = rand_mech(rng, sp, rng.randint(2, 3), zeros=rng.random() < 0.3)
        ev = entity_events(sp)
        for positive, f in ((True, positive_membership), (False, negative_membership)):
            m = f(M, family="independent")
            for _ in range(10):
                p = {t: rng.choice(choices) for t in sp.universe}
                assert le(naive_level(M, product_dist(sp, p), ev, positive), m.value)
            w = m.witness
            with_t, without_t = w["datasets"] if positive else w["datasets"][::-1]
            t = w["entity"]
            p = {s: Fraction(1) if s in without_t else Fraction(0) for s in sp.universe}
            p[t] = DELTA if m.value != sympy.oo else Fraction(1, 2)
            assert close_below(naive_level(M, product_dist(sp, p), ev, positive), m.value)


def test_bounded_families():
    """D_B on Bounded(U, k): random members (product laws conditioned on |T| = k) never exceed the
    certified upper bound — nor the D^2_B sup (the lower end), as Li's Theorem 4.8 predicts; the
    D^2_B witness with Pr[t] = 10^-6 approaches the lower end; one_of_two equals the lower end."""
    rng = random.Random(4)
    choices = [Fraction(0), Fraction(1), Fraction(1, 2), Fraction(1, 4), Fraction(2, 3)]
    checked = 0
    for _ in range(80):
        n = rng.randint(2, 4)
        k = rng.randint(1, n - 1)
        sp = Bounded(list(range(n)), k)
        M = rand_mech(rng, sp, rng.randint(2, 3), zeros=rng.random() < 0.3)
        ev = entity_events(sp)
        full = Subsets(list(range(n)))
        for positive, f in ((True, positive_membership), (False, negative_membership)):
            m = f(M, family="bounded")
            two = f(M, family="one_of_two")
            lower = m.lower if m.value is None else m.value
            upper = m.upper if m.value is None else m.value
            assert two.value == lower and le(lower, upper)
            for _ in range(10):
                p = {t: rng.choice(choices) for t in sp.universe}
                d_full = product_dist(full, p)
                cond = conditioned(d_full, full, k)
                if cond is None:
                    continue
                dist = [cond[full.index(T)] for T in sp.points]
                g = naive_level(M, dist, ev, positive)
                assert le(g, upper)
                assert le(g, lower)  # Li et al. Theorem 4.8 (via Lemma 4.9's coupling)
                checked += 1
            a, b = two.witness["datasets"]
            if two.value != sympy.oo:
                dist = [DELTA if T == a else (1 - DELTA if T == b else Fraction(0)) for T in sp.points]
                t = two.witness["entity"]
                mask = [t in T for T in sp.points]
                if positive:
                    assert close_below(naive_level(M, dist, [mask], True), two.value)
                else:  # NMP: the entity of the witness is absent from the first dataset
                    dist = [1 - DELTA if T == a else (DELTA if T == b else Fraction(0)) for T in sp.points]
                    assert close_below(naive_level(M, dist, [mask], False), two.value)
    assert checked > 400


def _two_point_dist(space, prior, i, K, xi, xpi, xK, p, remaining, null_events="skip_undefined"):
    pts = space.points
    fixK = dict(zip(K, xK))
    Kbar = [j for j in range(space.n) if j != i and j not in K]

    def match(x, v):
        return x[i] == v and all(x[j] == c for j, c in fixK.items())

    if remaining == "conditional" and not Kbar and null_events == "skip_undefined":
        # two fully specified databases: the law needs no conditional of the prior
        return [p if match(x, xi) else (1 - p if match(x, xpi) else Fraction(0)) for x in pts]
    if remaining == "conditional":
        ma = sum((q for x, q in zip(pts, prior.pmf) if match(x, xi)), Fraction(0))
        mb = sum((q for x, q in zip(pts, prior.pmf) if match(x, xpi)), Fraction(0))
        if ma == 0 or mb == 0:
            return None
        return [p * q / ma if match(x, xi) else ((1 - p) * q / mb if match(x, xpi) else Fraction(0))
                for x, q in zip(pts, prior.pmf)]
    marg = {}
    for x, q in zip(pts, prior.pmf):
        key = tuple(x[j] for j in Kbar)
        marg[key] = marg.get(key, Fraction(0)) + q
    return [(p if match(x, xi) else (1 - p if match(x, xpi) else 0)) * marg[tuple(x[j] for j in Kbar)]
            for x in pts]


def test_two_point_family():
    """Zhao's D* on {0,1}^2, {0,1,2}^1, {0,1}^3 with random priors: random members D_{i,K} never exceed
    the sup (event X_i = x_i), members at the witness with p = 10^-6 approach it, and (conditional
    reading) the sup is e^{BDP}: Zhao (24)-(25) make A the BDP ratio with S = K."""
    rng = random.Random(6)
    for trial in range(60):
        space = rng.choice([Hamming((0, 1), 2), Hamming((0, 1, 2), 1), Hamming((0, 1), 3)])
        M = rand_mech(rng, space, 2, zeros=rng.random() < 0.2)
        w = [rng.randint(0 if trial % 3 else 1, 3) for _ in range(space.size)]
        w[0] += 1
        prior = Prior(space, [Fraction(a, sum(w)) for a in w])
        remaining = rng.choice(["conditional", "marginal"])
        conv = ("skip_undefined", "skip_null")[trial % 2]
        for positive, f in ((True, positive_membership), (False, negative_membership)):
            m = f(M, family="two_point", prior=prior, remaining=remaining, null_events=conv)
            if remaining == "conditional":
                b = bayesian_dp(M, prior=prior, null_events=conv).value
                assert m.value == (sympy.oo if b == sympy.oo else
                                   Fraction(sympy.exp(b.to_sympy()).p, sympy.exp(b.to_sympy()).q))
            for _ in range(10):
                i = rng.randrange(space.n)
                others = [j for j in range(space.n) if j != i]
                K = tuple(j for j in others if rng.random() < 0.5)
                xi, xpi = rng.sample(list(space.records[i]), 2)
                xK = tuple(rng.choice(space.records[j]) for j in K)
                p = rng.choice([Fraction(1, 2), Fraction(1, 10), Fraction(9, 10)])
                dist = _two_point_dist(space, prior, i, K, xi, xpi, xK, p, remaining, conv)
                if dist is None:
                    continue
                mask = [x[i] == xi for x in space.points]
                assert le(naive_level(M, dist, [mask], positive), m.value)
            wt = m.witness
            if m.value not in (1, sympy.oo) and "record" in wt:
                i = wt["record"]
                K = tuple(sorted(wt["known"]))
                xK = tuple(wt["known"][j] for j in K)
                xi = wt["value"]
                best = Fraction(0)
                for alt in [wt["alternative"]]:
                    pp = DELTA if positive else 1 - DELTA
                    dist = _two_point_dist(space, prior, i, K, xi, alt, xK, pp, remaining, conv)
                    if dist is None:
                        continue
                    mask = [x[i] == xi for x in space.points]
                    g = naive_level(M, dist, [mask], positive)
                    best = g if g == sympy.oo else max(best, g)
                assert close_below(best, m.value)


# ----------------------------------------------------------------------------- (c) bad input
def test_bad_inputs():
    M = k_max(3, 2)
    RR = randomized_response(p=Fraction(3, 4))
    with pytest.raises(InvalidArgument, match="family='everything'"):
        positive_membership(M, family="everything")
    with pytest.raises(InvalidArgument, match="form='log'"):
        positive_membership(M, form="log")
    with pytest.raises(SpaceMismatchError, match="Subsets"):
        positive_membership(RR, family="uniform")
    with pytest.raises(SpaceMismatchError):
        positive_membership(Mechanism(Bounded(range(3), 1), [0], [[1]] * 3), family="independent")
    with pytest.raises(InvalidArgument, match="prior"):
        positive_membership(RR, family="two_point")
    with pytest.raises(SpaceMismatchError):
        positive_membership(RR, family="two_point", prior=Prior.uniform(Hamming((0, 1), 2)))
    with pytest.raises(InvalidArgument, match="prior"):
        positive_membership(M, family="uniform", prior=Prior.uniform(M.inputs))
    with pytest.raises(InvalidArgument, match="remaining"):
        positive_membership(RR, family="two_point", prior=Prior.uniform(RR.inputs), remaining="joint")
    with pytest.raises(NotExactError):
        is_positive_membership(M, 1.5, family="uniform")
    with pytest.raises(NotExactError):
        is_negative_membership(M, 1.5, family="uniform")
