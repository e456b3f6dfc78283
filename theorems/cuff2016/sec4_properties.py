"""Cuff–Yu §4.1: conditioning and mutual information (Properties 4–6), Corollary 4, Example 4.1.

Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016), §4.1: Properties 4–6,
Corollary 4 and Example 4.1.

Main claims
-----------
* ``cuff2016.prop4`` — U independent of W ⇒ I(U;V|W) ≥ I(U;V) (hypothesis ``U-independent-of-W``);
* ``cuff2016.prop5`` — U − V − W Markov ⇒ I(U;V|W) ≤ I(U;V) (hypothesis ``markov-U-V-W``);
* ``cuff2016.prop6`` — the chain rule;
* ``cuff2016.cor4`` — with independent records, I(X_i;Y) ≤ I(X_i;Y|X^{-i}) ≤ the MI-DP level;
* ``cuff2016.ex4_1`` — Example 4.1 (correlated database), finite analogues of the Laplace example.

The joint pmfs of (U, V, W) are priors on a product space; information quantities are exact LogForms.
The hypotheses are named predicates, so an instance outside them is never a witness.
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.claims.hypotheses import Hypothesis, independent_records
from exactpriv.claims.relations import implies
from exactpriv.distributions import Prior
from exactpriv.exact.numbers import EPS
from exactpriv.measures import information as info
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.cuff2016.exact_information import LOG2, decide_equal, mi_dp_of, cmi, conj, gt, le, prior_joint
from theorems.cuff2016.measured import pure_dp_of
from theorems.cuff2016.random_objects import random_pmf, random_prior, all_equal_prior, mech, product_prior

__all__ = ["CLAIMS"]


# ======================================================================================
# Properties 4-6 (joint pmfs of (U, V, W) as priors on Hamming.product: records U, V, W)
# ======================================================================================
def _uvw_space(a, b, c):
    return Hamming.product([range(a), range(b), range(c)])


def _joint_prior(space, f) -> Prior:
    return Prior(space, [f(*pt) for pt in space.points])


@functools.lru_cache(maxsize=None)
def _fam_indep_exhaustive():
    """U, W independent binary (P(U=1) in {1/3, 1/2}, P(W=1) in {1/4, 1/2}); V = f(U, W) for
    all 16 Boolean functions f: 64 joint pmfs with U independent of W by construction."""
    sp = _uvw_space(2, 2, 2)
    out = []
    for pu, pw in itertools.product((Fraction(1, 3), Fraction(1, 2)), (Fraction(1, 4), Fraction(1, 2))):
        for table in itertools.product((0, 1), repeat=4):
            def f(u, v, w, table=table, pu=pu, pw=pw):
                return (pu if u else 1 - pu) * (pw if w else 1 - pw) * (1 if v == table[2 * u + w] else 0)
            out.append(Instance(f"U~B({pu}),W~B({pw}),V=f(U,W) f={table}", prior=_joint_prior(sp, f)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_indep_random(seed=4, count=40):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        pu, pw = random_pmf(rng, a), random_pmf(rng, c)
        pv = {(u, w): random_pmf(rng, b) for u in range(a) for w in range(c)}
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"indep-random#{t}", prior=_joint_prior(sp, lambda u, v, w: pu[u] * pw[w] * pv[u, w][v])))
    return tuple(out)


def _check_prop4(inst):
    j = prior_joint(inst.prior)
    lhs, rhs = cmi(j, (0,), (1,), (2,)), cmi(j, (0,), (1,))
    return Outcome(le(rhs, lhs, "I(U;V) <= I(U;V|W)"), {"I(U;V|W)": lhs, "I(U;V)": rhs})


_F_INDEP_EXH = Family("exhaustive: U, W independent bits, V a Boolean function of (U, W)", _fam_indep_exhaustive)
_F_INDEP_RND = Family("random: P(u)P(w)P(v|u,w), alphabets 2-3, zeros allowed (seed 4)", _fam_indep_random)


def _u_independent_of_w(inst) -> bool:
    """U (record 0) and W (record 2) are independent under the joint pmf (exact)."""
    return inst.prior is not None and inst.prior.is_independent((0,), (2,))


U_INDEPENDENT_OF_W = Hypothesis("U-independent-of-W", "U is independent of W (Property 4)", _u_independent_of_w)


_PROP4 = Claim(
    "cuff2016.prop4", "Property 4", "Section 4, Property 4, eq. (39)",
    "If U is independent of W, then I(U;V|W) >= I(U;V). (39)",
    "inequality",
    [Reading("literal", "for every finite joint pmf with U independent of W: I(U;V|W) >= I(U;V) (exact LogForms)",
             _check_prop4, [_F_INDEP_EXH, _F_INDEP_RND], expected=Verdict.CHECKED,
             notes="U independent of W by construction (P(u)P(w)P(v|u,w)); XOR functions give the strict case "
                   "I(U;V|W) = log 2 > I(U;V) = 0.",
        hypotheses=(U_INDEPENDENT_OF_W,))])


@functools.lru_cache(maxsize=None)
def _fam_markov_bsc():
    """U uniform bit -> BSC(p) -> V -> BSC(q) -> W, p, q in {0, 1/4, 1/2}: Markov by construction."""
    sp = _uvw_space(2, 2, 2)
    out = []
    for p, q in itertools.product((Fraction(0), Fraction(1, 4), Fraction(1, 2)), repeat=2):
        def f(u, v, w, p=p, q=q):
            return Fraction(1, 2) * (p if u != v else 1 - p) * (q if v != w else 1 - q)
        out.append(Instance(f"U-BSC({p})-V-BSC({q})-W", prior=_joint_prior(sp, f)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_markov_random(seed=5, count=40):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        puv = random_pmf(rng, a * b)
        pw = {v: random_pmf(rng, c) for v in range(b)}
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"markov-random#{t}", prior=_joint_prior(sp, lambda u, v, w: puv[u * b + v] * pw[v][w])))
    return tuple(out)


def _check_prop5(inst):
    j = prior_joint(inst.prior)
    lhs, rhs = cmi(j, (0,), (1,), (2,)), cmi(j, (0,), (1,))
    return Outcome(le(lhs, rhs, "I(U;V|W) <= I(U;V)"), {"I(U;V|W)": lhs, "I(U;V)": rhs})


_F_MARKOV_BSC = Family("exhaustive: U - BSC(p) - V - BSC(q) - W, p, q in {0, 1/4, 1/2}", _fam_markov_bsc)
_F_MARKOV_RND = Family("random: P(u,v)P(w|v), alphabets 2-3, zeros allowed (seed 5)", _fam_markov_random)


def _markov_u_v_w(inst) -> bool:
    """U - V - W: P(u, v, w) P(v) = P(u, v) P(v, w) for every (u, v, w) (exact Fractions)."""
    pr = inst.prior
    if pr is None:
        return False
    uvw, uv, vw, v = pr.marginal((0, 1, 2)), pr.marginal((0, 1)), pr.marginal((1, 2)), pr.marginal((1,))
    return all(uvw.get((a, b, c), 0) * v.get((b,), 0) == uv.get((a, b), 0) * vw.get((b, c), 0)
               for a in pr.space.records[0] for b in pr.space.records[1] for c in pr.space.records[2])


MARKOV_U_V_W = Hypothesis("markov-U-V-W", "U, V, W form a Markov chain U - V - W (Property 5)", _markov_u_v_w)


_PROP5 = Claim(
    "cuff2016.prop5", "Property 5", "Section 4, Property 5, eq. (40)",
    "If U, V, and W form a Markov chain U - V - W, meaning that U and W are conditionally independent given V, "
    "then I(U;V|W) <= I(U;V). (40)",
    "inequality",
    [Reading("literal", "for every finite joint pmf P(u,v)P(w|v): I(U;V|W) <= I(U;V) (exact LogForms)",
             _check_prop5, [_F_MARKOV_BSC, _F_MARKOV_RND], expected=Verdict.CHECKED,
             notes="Markov chain by construction (W drawn from V only).",
        hypotheses=(MARKOV_U_V_W,))])


@functools.lru_cache(maxsize=None)
def _fam_joint_random(seed=6, count=50):
    """Arbitrary joint pmfs of (U, V, W) (no structure), plus U = V = W copies first."""
    rng = random.Random(seed)
    sp2 = _uvw_space(2, 2, 2)
    out = [Instance("U=V=W uniform bit", prior=_joint_prior(sp2, lambda u, v, w: Fraction(1, 2) if u == v == w else 0)),
           Instance("U,W iid bits, V = U xor W",
                    prior=_joint_prior(sp2, lambda u, v, w: Fraction(1, 4) if v == u ^ w else 0))]
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"joint-random#{t}", prior=random_prior(rng, sp)))
    return tuple(out)


def _check_prop6(inst):
    j = prior_joint(inst.prior)
    lhs = cmi(j, (0,), (1, 2))
    rhs = cmi(j, (0,), (1,)) + cmi(j, (0,), (2,), (1,))
    return Outcome(decide_equal(lhs, rhs, "I(U;V,W) == I(U;V) + I(U;W|V)"), {"I(U;V,W)": lhs, "I(U;V)+I(U;W|V)": rhs})


_F_JOINT_RND = Family("random joint pmfs of (U,V,W), alphabets 2-3 (seed 6), plus copies and xor", _fam_joint_random)


_PROP6 = Claim(
    "cuff2016.prop6", "Property 6 (chain rule)", "Section 4, Property 6, eq. (41)",
    "I(U;V,W) = I(U;V) + I(U;W|V). (41)",
    "identity",
    [Reading("literal", "for every finite joint pmf: I(U;V,W) == I(U;V) + I(U;W|V), exactly (prime-form LogForms)",
             _check_prop6, [_F_JOINT_RND], expected=Verdict.CHECKED)])


def _check_cor4_correlated(inst):
    """BROKEN variant: the first inequality of (42) under a correlated prior."""
    M, P = inst.mechanism, inst.prior
    eps = mi_dp_of(M)
    parts = [(f"I(X_{i};Y) <= eps", le(info.record_mi(M, prior=P, record=i), eps)) for i in range(M.inputs.n)]
    return Outcome(conj(parts), {"mi_dp": eps})


# ======================================================================================
# Corollary 4 and Example 4.1 (independent vs correlated data)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_cor4_random(seed=7):
    rng = random.Random(seed)
    out = []
    for t in range(3):
        sp = Hamming((0, 1), 2)
        M = mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        for u in range(2):
            out.append(Instance(f"random n=2 #{t} product prior #{u}", M, product_prior(rng, sp)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor4_zoo():
    rng = random.Random(8)
    out = []
    for M in (zoo.count_query_geometric(2, exp_eps=2), zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)):
        out.append(Instance(f"{M!r}, product prior", M, product_prior(rng, M.inputs)))
        out.append(Instance(f"{M!r}, uniform prior", M, Prior.uniform(M.inputs)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor4_n3(seed=9):
    rng = random.Random(seed)
    sp = Hamming((0, 1), 3)
    out = []
    for t in range(2):
        M = mech(rng, sp, 2, den=5, zeros=False)
        out.append(Instance(f"random n=3 #{t}, product prior", M, product_prior(rng, sp)))
    return tuple(out)


def _check_cor4(inst):
    M, P = inst.mechanism, inst.prior
    eps = mi_dp_of(M)
    parts, vals = [], {"mi_dp": eps}
    for i in range(M.inputs.n):
        r = info.record_mi(M, prior=P, record=i)
        c = info.conditional_mi(M, prior=P, record=i)
        vals[f"I(X_{i};Y)"], vals[f"I(X_{i};Y|X^-{i})"] = r, c
        parts += [(f"I(X_{i};Y) <= I(X_{i};Y|X^-{i})", le(r, c)), (f"I(X_{i};Y|X^-{i}) <= eps", le(c, eps))]
    return Outcome(conj(parts), vals)


_F_COR4 = [Family("random zero-free mechanisms on {0,1}^2, random product priors (seed 7)", _fam_cor4_random),
           Family("zoo: count query + geometric noise, exponential mechanism E_d", _fam_cor4_zoo),
           Family("random mechanisms on {0,1}^3, product priors (seed 9)", _fam_cor4_n3, slow=True)]


_COR4 = Claim(
    "cuff2016.cor4", "Corollary 4 (Independent Data)", "Section 4.1, Corollary 4, eq. (42)",
    "If {X_i}_{i=1}^n are mutually independent and P_{Y|X^n} satisfies eps-MI-DP, then "
    "sup_{i, P_{X_i}P_{X^{-i}}} I(X_i;Y) <= sup_{i, P_{X_i}P_{X^{-i}}} I(X_i;Y|X^{-i}) <= eps nats. (42)",
    "implication",
    [Reading("literal", "for every product prior P and record i: I(X_i;Y) <= I(X_i;Y|X^{-i}) <= mi_dp(M) "
                        "(per-prior form, which implies the sup form (42))",
             _check_cor4, _F_COR4, expected=Verdict.CHECKED,
             notes="The per-prior inequality is Property 4 with U = X_i, W = X^{-i}; the second inequality is "
                   "the definition of eps-MI-DP at the tightest eps.  mi_dp is exact or a certified enclosure.",
        hypotheses=(independent_records,),
        relations=(implies("mi_dp", "record_mi", EPS, "ε", conditions=("independent",)),))])


def _geo_two_point(n: int) -> Mechanism:
    """Example 4.1 finite analogue, reduced: under X_1 = ... = X_n = X the count is n*X, so
    I(X_i;Y) = I(X;Y) for the binary channel X -> truncated-geometric(count = n X)."""
    g = zoo.truncated_geometric(n, exp_eps=2)  # rows: count c -> noisy count; same rows as the count query
    rows = [g.rows[0], g.rows[-1]]  # the all-zeros and all-ones databases
    return Mechanism(Hamming((0, 1), 1), g.outputs, rows,
                     _built=f"two-point restriction of count_query_geometric(n={n}, exp_eps=2)")


@functools.lru_cache(maxsize=None)
def _fam_ex41_dp():
    return tuple(Instance(f"count_query_geometric(n={n}, exp_eps=2)", zoo.count_query_geometric(n, exp_eps=2),
                          params={"eps": sympy.log(2)}) for n in (1, 2, 3))


@functools.lru_cache(maxsize=None)
def _fam_ex41_equal():
    out = []
    for n in (2, 3, 4):
        M = zoo.count_query_geometric(n, exp_eps=2)
        out.append(Instance(f"count_query_geometric(n={n}, exp_eps=2), all entries equal", M,
                            all_equal_prior(M.inputs)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_ex41_growth():
    out = []
    for n in range(1, 17):
        extra = {"next": _geo_two_point(n + 1)}
        if n <= 3:
            extra["full"] = zoo.count_query_geometric(n, exp_eps=2)
        out.append(Instance(f"n={n}", _geo_two_point(n), Prior.uniform(Hamming((0, 1), 1)),
                            params={"n": n, "threshold": Fraction(99, 100) if n == 16 else Fraction(0)}, extra=extra))
    return tuple(out)


def _check_ex41_dp(inst):
    M, eps = inst.mechanism, inst.params["eps"]
    p, m = pure_dp_of(M), mi_dp_of(M)
    return Outcome(conj([("eps-DP", le(p, eps)), ("eps-MI-DP", le(m, eps))]), {"pure_dp": p, "mi_dp": m})


def _check_ex41_zero(inst):
    c = info.conditional_mi(inst.mechanism, prior=inst.prior)
    return Outcome(decide_equal(c, 0, "max_i I(X_i;Y|X^-i) == 0"), {"conditional_mi": c})


def _check_ex41_growth(inst):
    U = inst.prior
    I_n = info.mi_privacy(inst.mechanism, prior=U)
    I_next = info.mi_privacy(inst.extra["next"], prior=U)
    parts = [("I_n < I_{n+1}", gt(I_next, I_n)), ("I_{n+1} < ln 2", gt(LOG2, I_next))]
    thr = Fraction(inst.params["threshold"])
    if thr:
        parts.append((f"I_n >= {thr} ln 2", le(LOG2 * thr, I_n)))
    if "full" in inst.extra:  # the reduction is exact: compare with the n-record mechanism
        full = inst.extra["full"]
        r = info.record_mi(full, prior=all_equal_prior(full.inputs))
        parts.append(("max_i I(X_i;Y) of the full mechanism == I_n", decide_equal(r, I_n)))
    return Outcome(conj(parts), {"I_n": I_n, "I_n+1": I_next})


_EX41 = Claim(
    "cuff2016.ex4_1", "Example 4.1 (Correlated database)", "Section 4.1, Example 4.1",
    "Consider a database with n binary entries. A data curator decides to release the mean of all entries and "
    "chooses the Laplace mechanism. Noise with distribution Lap(1/(n eps)) is added to the sample mean to ensure "
    "eps-DP (also eps-MI-DP by Lemma 1). Now suppose all database entries are in fact equal to each other "
    "(maximally correlated). Let X ~ Bern(0.5) and X_i = X for all i. For large enough n, the noise added is "
    "negligible, and the binary value of the sample mean can be estimated with high accuracy, revealing each "
    "individual entry. In terms of mutual information, I(X_i;Y) ~ 1 bit for each i even while I(X_i;Y|X^{-i}) = 0 "
    "because H(X_i|X^{-i}) = 0.",
    "value",
    [Reading("finite-analogue-dp",
             "Laplace noise on the mean = Laplace(1/eps) on the count; finite analogue: the count plus truncated "
             "geometric noise (count_query_geometric, eps = ln 2) is eps-DP and eps-MI-DP, n = 1..3",
             _check_ex41_dp, [Family("count_query_geometric(n, exp_eps=2), n = 1..3", _fam_ex41_dp)],
             expected=Verdict.CHECKED,
             notes="The literal example (continuous Laplace output) is not encodable: exactpriv mechanisms are "
                   "finite.  The geometric mechanism is the discrete Laplace.",
        open_search=False),
     Reading("finite-analogue-conditional-zero",
             "with all entries equal (X ~ Bern(1/2)), max_i I(X_i;Y|X^{-i}) == 0 exactly, n = 2..4",
             _check_ex41_zero, [Family("count_query_geometric(n), all-equal prior, n = 2..4", _fam_ex41_equal)],
             expected=Verdict.CHECKED,
        open_search=False),
     Reading("finite-analogue-evidence",
             "with all entries equal, I_n = I(X_i;Y) increases strictly with n, stays below ln 2 (1 bit), and "
             "I_16 >= (99/100) ln 2 (finite surrogate of 'I(X_i;Y) -> 1 bit')",
             _check_ex41_growth, [Family("two-point restriction rows (count 0, count n), n = 1..16", _fam_ex41_growth)],
             expected=Verdict.CHECKED,
             notes="Under X_1 = ... = X_n the count is 0 or n, so I(X_i;Y) is the MI of the binary channel with "
                   "the two geometric rows; for n <= 3 this reduction is checked exactly against the n-record "
                   "mechanism.  Measured: I_16/ln 2 = 0.9915, I_24/ln 2 = 0.9995.",
        open_search=False)])

CLAIMS = [_PROP4, _PROP5, _PROP6, _COR4, _EX41]
