"""Cuff–Yu §6: personalized, free-lunch, Bayesian and adversarial privacy and their MI analogues.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §6: variants of
differential privacy and their MI analogues.

Main claims
-----------
* ``cuff2016.sec6_1`` — personalized DP and its MI-DP analogue (55)–(56);
* ``cuff2016.sec6_2`` — free-lunch privacy (57)–(59);
* ``cuff2016.sec6_3`` — Bayesian DP (60)–(63);
* ``cuff2016.sec6_4`` — adversarial privacy (64)–(65).
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.claims.relations import implies
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO, to_sympy
from exactpriv.measures import divergence as dv
from exactpriv.measures import information as info
from exactpriv.measures.bayesian import bayesian_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.cuff2016.exact_information import (
    capacity_of,
    decide_equal,
    exact_value,
    scaled,
    cmi,
    conj,
    le,
    mech_joint,
    record_mi_dp,
)
from theorems.cuff2016.random_objects import random_prior, mech
from theorems.cuff2016.sec5_group_privacy import F_DP

__all__ = ["CLAIMS"]


# ======================================================================================
# Section 6: personalized, free-lunch, Bayesian and adversarial privacy
# ======================================================================================
def _events(m):
    for r in range(1, m + 1):
        yield from itertools.combinations(range(m), r)


def _record_eps_bruteforce(M: Mechanism, i: int):
    """(55) by definition: max over ordered pairs differing only in record i and nonempty events
    A of ln P(A|x)/P(A|x') (oo if P(A|x) > 0 = P(A|x'); 0/0 ignored)."""
    codes = M.inputs.record_codes()
    best = None
    for a, b in M.inputs.directed_edges():
        diff = np.flatnonzero(codes[a] != codes[b])
        if list(diff) != [i]:
            continue
        for A in _events(len(M.outputs)):
            pa = sum((M.rows[a][y] for y in A), Fraction(0))
            pb = sum((M.rows[b][y] for y in A), Fraction(0))
            if pa == 0:
                continue
            if pb == 0:
                return OO
            r = pa / pb
            best = r if best is None or r > best else best
    return LogForm.log(best) if best is not None else Fraction(0)


@functools.lru_cache(maxsize=None)
def _fam_sec61(seed=19, count=10):
    rng = random.Random(seed)
    spaces = [Hamming.product([[0, 1], [0, 1, 2]]), Hamming((0, 1), 2)]
    return tuple(Instance(f"random #{t}", mech(rng, spaces[t % 2], rng.choice((2, 3)), den=5, zeros=t % 3 == 0))
                 for t in range(count))


@functools.lru_cache(maxsize=None)
def _fam_sec61_midp(seed=20):
    rng = random.Random(seed)
    out = [Instance("random zero-free [0,1]x[0,1,2]",
                    mech(rng, Hamming.product([[0, 1], [0, 1, 2]]), 2, den=5, zeros=False)),
           Instance("random zero-free {0,1}^2", mech(rng, Hamming((0, 1), 2), 2, den=5, zeros=False)),
           Instance("E_d([0,1], 2, exp_eps=2)", zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2))]
    return tuple(out)


def _check_sec61_def(inst):
    M = inst.mechanism
    vec = dv.personalized_dp_vector(M)
    parts = [(f"eps_{i} == brute force over events", decide_equal(vec[i], _record_eps_bruteforce(M, i)))
             for i in range(M.inputs.n)]
    return Outcome(conj(parts), {"per_record": vec})


def _check_sec61_midp(inst):
    M = inst.mechanism
    vec = dv.personalized_dp_vector(M)
    parts, vals = [], {"per_record": vec}
    for i, e in enumerate(vec):
        m = record_mi_dp(M, i)
        vals[f"mi_dp_{i}"] = m
        bound = OO if e is OO else sympy.Min(to_sympy(e), to_sympy(e) ** 2)
        parts.append((f"record {i}: sup_P I(X_i;Y|X^-i) <= min{{eps_i, eps_i^2}}", le(m, bound)))
    return Outcome(conj(parts), vals)


_SEC61 = Claim(
    "cuff2016.sec6_1", "Personalized DP (55) and its MI-DP analogue (56)", "Section 6.1, eqs. (55)-(56)",
    "Personalized differential privacy addresses the situation where participants of the database may have different "
    "concerns about the level of privacy. This is handled by assigning a different eps_i for each database entry X_i. "
    "That is, for any database instances x^n and x~^n which differ in only the i-th place, "
    "P_{Y|X^n=x^n} ~(eps_i, 0) P_{Y|X^n=x~^n}. (55) The modification to MI-DP would be to require that for each i, "
    "sup_{P_{X^n}} I(X_i;Y|X^{-i}) <= eps_i nats. (56)",
    "definition",
    [Reading("definition-(55)", "personalized_dp_vector(M)[i] equals the definition: max over pairs differing only "
                                "in record i and all events A of ln P(A|x)/P(A|x')",
             _check_sec61_def, [Family("random mechanisms on [0,1]x[0,1,2] and {0,1}^2 (seed 19)", _fam_sec61)],
             expected=Verdict.CHECKED),
     Reading("(55)-implies-(56)", "per-record Lemma 1: a mechanism with per-record levels eps_i (55) satisfies (56) "
                                  "with min{eps_i, eps_i^2}: sup_P I(X_i;Y|X^{-i}) <= min{eps_i, eps_i^2}",
             _check_sec61_midp, [Family("zero-free mechanisms with unequal records; E_d (seed 20)", _fam_sec61_midp)],
             expected=Verdict.CHECKED,
             notes="The paper only says (56) is 'the modification to MI-DP'; this reading checks that it is the "
                   "analogue in the sense of Theorem 1 (Lemma 1 (23) applied record by record).")])


@functools.lru_cache(maxsize=None)
def _fam_sec62_priors(seed=21):
    rng = random.Random(seed)
    out = []
    for t in range(2):
        M = mech(rng, Hamming((0, 1), 2), rng.choice((2, 3)), den=5, zeros=False)
        out.append(Instance(f"random {{0,1}}^2 #{t}", M, random_prior(rng, M.inputs)))
    M = mech(rng, Hamming((0, 1), 3), 2, den=5, zeros=False)
    out.append(Instance("random {0,1}^3", M, random_prior(rng, M.inputs)))
    return tuple(out)


def _check_sec62_58(inst):
    M = inst.mechanism
    C, f = capacity_of(M), dv.free_lunch(M)
    return Outcome(le(C, f, "sup_P I(X^n;Y) <= free-lunch eps"), {"capacity": C, "free_lunch": f})


def _disjoint_pairs(n):
    for r in range(1, n + 1):
        for I in itertools.combinations(range(n), r):
            rest = [j for j in range(n) if j not in I]
            for s in range(len(rest) + 1):
                for J in itertools.combinations(rest, s):
                    yield I, J


def _check_sec62_59(inst):
    M, P = inst.mechanism, inst.prior
    C = capacity_of(M)
    j = mech_joint(M, P)
    n = M.inputs.n
    parts = [(f"I(X_{I};Y|X_{J}) <= sup_P I(X^n;Y)", le(cmi(j, I, (n,), J), C)) for I, J in _disjoint_pairs(n)]
    return Outcome(conj(parts), {"capacity": C})


_SEC62 = Claim(
    "cuff2016.sec6_2", "Free-lunch privacy (57)-(59)", "Section 6.2, eqs. (57)-(59)",
    "A mechanism P_{Y|X^n} is eps-free-lunch private if every pair of database instances x^n and x~^n satisfies "
    "P_{Y|X^n=x^n} ~(eps, 0) P_{Y|X^n=x~^n}. (57) The MI-DP equivalent of this would be "
    "sup_{P_{X^n}} I(X^n;Y) <= eps nats. (58) We can easily see the strength of this definition by applying the "
    "chain rule of mutual information (Property 6) to (58). The result is that for any pair of disjoint index sets "
    "I and J, sup_{P_{X^n}} I(X_I;Y|X_J) <= eps nats. (59)",
    "implication",
    [Reading("(57)-implies-(58)", "sup_P I(X^n;Y) <= free_lunch(M)", _check_sec62_58,
             F_DP + [Family("Example 5.1 and one-time pad",
                             lambda: (Instance("ex5.1 N=3", zoo.cuff_example_5_1(3, Fraction(1, 2))),
                                      Instance("otp N=3", zoo.one_time_pad(3))))],
             expected=Verdict.CHECKED,
        relations=(implies("free_lunch", "capacity", EPS, "ε"),)),
     Reading("(58)-implies-(59)", "for every prior P and disjoint I (nonempty), J: "
                                  "I_P(X_I;Y|X_J) <= sup_Q I_Q(X^n;Y) (exact LogForm vs capacity enclosure)",
             _check_sec62_59, [Family("random mechanisms on {0,1}^2, {0,1}^3 with random priors (seed 21)",
                                      _fam_sec62_priors)], expected=Verdict.CHECKED,
             notes="sup_P f(P) <= eps iff f(P) <= eps for every P, so checking sampled priors against the tightest "
                   "eps of (58) is the claim restricted to those priors.")])


@functools.lru_cache(maxsize=None)
def _fam_sec63(seed=22, count=10):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 3) if t % 4 == 3 else Hamming((0, 1), 2)
        M = mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        out.append(Instance(f"random {sp!r} #{t}, correlated prior", M, random_prior(rng, sp, zeros=t % 2 == 0)))
    return tuple(out)


def _bdp(inst):
    return exact_value(bayesian_dp(inst.mechanism, prior=inst.prior))


def _check_sec63_61(inst):
    M, e = inst.mechanism, _bdp(inst)
    j, n = mech_joint(M, inst.prior), M.inputs.n
    parts = []
    for i in range(n):
        others = [x for x in range(n) if x != i]
        for r in range(len(others) + 1):
            for S in itertools.combinations(others, r):
                parts.append((f"I(X_{i};Y|X_{S}) <= eps_BDP", le(cmi(j, (i,), (n,), S), e)))
    return Outcome(conj(parts), {"bayesian_dp": e})


def _check_sec63_62(inst):
    M, e = inst.mechanism, _bdp(inst)
    j, n = mech_joint(M, inst.prior), M.inputs.n
    parts = [(f"I(X_{I};Y|X_{J}) <= {len(I)} eps_BDP", le(cmi(j, I, (n,), J), scaled(len(I), e)))
             for I, J in _disjoint_pairs(n)]
    return Outcome(conj(parts), {"bayesian_dp": e})


def _check_sec63_63(inst, *, factor=None):
    M, e = inst.mechanism, _bdp(inst)
    n = M.inputs.n
    I = info.mi_privacy(M, prior=inst.prior)
    k = n if factor is None else factor
    return Outcome(le(I, scaled(k, e), f"I(X^n;Y) <= {k} eps_BDP"), {"bayesian_dp": e, "I": I})


_F_SEC63 = [Family("random zero-free mechanisms on {0,1}^2, {0,1}^3, random priors with zeros (seed 22)", _fam_sec63)]


_SEC63 = Claim(
    "cuff2016.sec6_3", "Bayesian differential privacy (60)-(63)", "Section 6.3, eqs. (60)-(63)",
    "Given a prior distribution P_{X^n}, a mechanism P_{Y|X^n} is eps-Bayesian differentially private if, for any "
    "index i and subset of indices I, P_{Y|X_i=x_i,X_I=x_I} ~(eps, 0) P_{Y|X_i=x~_i,X_I=x_I}. (60) ... The MI-DP "
    "equivalent is, for any index i and subset of indices I, I(X_i;Y|X_I) <= eps nats, (61) which is in fact implied "
    "by (60). ... the chain rule of mutual information (Property 6) in this case implies that for any two disjoint "
    "index sets I and J, I(X_I;Y|X_J) <= |I| eps nats. (62) Consequently, I(X^n;Y) <= n eps nats. (63)",
    "implication",
    [Reading("(60)-implies-(61)", "with eps = bayesian_dp(M, P) (the tightest eps of (60)), for every i and "
                                  "S subset of [n] \\ {i}: I(X_i;Y|X_S) <= eps",
             _check_sec63_61, _F_SEC63, expected=Verdict.CHECKED,
             notes="(60) read with I ranging over subsets not containing i and conditioning events of positive "
                   "prior probability (bayesian_dp's conventions).",
        relations=(implies("bayesian_dp", "conditional_mi", EPS, "ε"),)),
     Reading("(62)", "for disjoint I (nonempty), J: I(X_I;Y|X_J) <= |I| eps_BDP", _check_sec63_62, _F_SEC63,
             expected=Verdict.CHECKED),
     Reading("(63)", "I(X^n;Y) <= n eps_BDP", _check_sec63_63, _F_SEC63, expected=Verdict.CHECKED)])


@functools.lru_cache(maxsize=None)
def _fam_sec64(seed=23, count=16):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 2) if t % 2 else Hamming(range(3), 1)
        M = mech(rng, sp, rng.choice((2, 3)), den=5)
        out.append(Instance(f"random {sp!r} #{t}", M, random_prior(rng, sp, zeros=t % 3 == 0)))
    return tuple(out)


def _check_sec64_65(inst):
    a = info.adversarial_privacy(inst.mechanism, prior=inst.prior)
    I = info.mi_privacy(inst.mechanism, prior=inst.prior)
    return Outcome(le(I, a, "I(X^n;Y) <= adversarial eps"), {"adversarial": a, "I": I})


def _check_sec64_def(inst):
    M, P = inst.mechanism, inst.prior
    best = None
    for y in range(len(M.outputs)):
        py = sum((P.pmf[x] * M.rows[x][y] for x in range(len(P.pmf))), Fraction(0))
        if py == 0:
            continue
        for x, px in enumerate(P.pmf):
            if px:
                post = px * M.rows[x][y] / py
                r = post / px
                best = r if best is None or r > best else best
    a = info.adversarial_privacy(M, prior=P)
    return Outcome(decide_equal(a, LogForm.log(best), "adversarial_privacy == max_y max_x ln P(x|y)/P(x)"), {"adversarial": a})


_F_SEC64 = [Family("random mechanisms and priors (zeros allowed, seed 23)", _fam_sec64)]


_SEC64 = Claim(
    "cuff2016.sec6_4", "Adversarial privacy (64)-(65)", "Section 6.4, eqs. (64)-(65)",
    "Third, it asymmetrically requires ln dP_{X^n|Y=y}/dP_{X^n} <= eps for all y in Y. (64) ... Since mutual "
    "information is the expected value of the quantity on the left of (64), it is clear that adversarial privacy "
    "implies I(X^n;Y) <= eps nats. (65)",
    "implication",
    [Reading("(64)-implies-(65)", "I_P(X^n;Y) <= adversarial_privacy(M, P) (tightest eps of (64))",
             _check_sec64_65, _F_SEC64, expected=Verdict.CHECKED,
        relations=(implies("adversarial_privacy", "mi_privacy", EPS, "ε"),)),
     Reading("definition-(64)", "adversarial_privacy(M, P) equals max over y with P(y) > 0 and x with P(x) > 0 of "
                                "ln P(x|y)/P(x), with the posterior computed from Bayes' rule",
             _check_sec64_def, _F_SEC64, expected=Verdict.CHECKED)])

CLAIMS = [_SEC61, _SEC62, _SEC63, _SEC64]
