"""Identity DP §4: identity DP vs ε-DP — Propositions 2–3, their non-reversibility, Lemma 3, (23)–(24).

Section 4 of identity DP: its relation with ε-DP — Propositions 2 and 3, their non-reversibility,
Lemma 3 and its application (23)-(24).

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 4.

Main claims
-----------
* ``identitydp.prop2`` — independent sources: ε-DP ⇒ ε-identity DP;
* ``identitydp.prop3`` — every source jointly independent of ≥ n − k others: ε/k-DP ⇒ ε-identity DP
  (k computed exactly from the prior; read pairwise it fails — a variant);
* ``identitydp.nonreversible`` — witnesses that neither converse holds (existential);
* ``identitydp.lemma3`` — the mediant bounds (21), (22) and their attainment;
* ``identitydp.eq23_24`` — (23) for independent sources, (24) for dependent ones, (24)'s bound reached.
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Finding, Hypothesis, Instance, Outcome, Reading, Verdict
from exactpriv.claims import does_not_imply, implies
from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.measures.bayesian import identity_dp
from exactpriv.mechanisms.base import Mechanism
from theorems.identitydp.definitions import (
    DATASET_MECHANISM,
    INDEPENDENT_SOURCES,
    POSITIVE_MECHANISM,
    cond_output_law,
    k_joint,
    k_pairwise,
)
from theorems.identitydp.instances import (
    TWO_BINARY_RECORDS,
    B3,
    DISJ,
    SYMMETRIC_NOTE,
    witness_family,
    by_count,
    fam_vectors,
    families_joint_sym,
    families_product,
    geo,
    modulated_prior,
    rf,
    sym_mech,
    xor_prior,
)
from theorems.identitydp.steps import level_ratio, scaled, better, combine, implication_check, log_ratio
from theorems.identitydp.measured import PURE, id_of, pure_of
from theorems.identitydp.sec1_examples import ex2_product_prior

__all__ = ["CLAIMS"]


prop2_check = implication_check(id_of, pure_of, "identity_dp <= pure_dp")


PROP2 = Claim(
    id="identitydp.prop2",
    title="Proposition 2",
    source="Sec. 4, Proposition 2, eqs. (18)-(19)",
    quote=("Assume the sources X1,...,Xn are independent. If the mechanism M satisfies eps-differential privacy, "
           "then it satisfies eps-identity differential privacy."),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="product priors, dataset mechanisms: identity_dp(M, prior) <= pure_dp(M)",
            check=prop2_check,
            families=families_product("sym"),
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES),
            form={"quantifier": "forall-instances",
                  "hypotheses": ["has_prior", "mechanism_dataset", "prior_independent"],
                  "claim": "ID <= DP",
                  "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
            relations=(implies("pure_dp", "identity_dp", EPS, "ε", conditions=("independent",)),),
            notes=SYMMETRIC_NOTE,
        ),
        Reading(
            name="general-mechanisms",
            statement="product priors, any mechanism on D^n (replace-one DP): identity_dp <= pure_dp",
            check=prop2_check,
            families=families_product("gen"),
            hypotheses=(INDEPENDENT_SOURCES,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "prior_independent"],
                  "claim": "ID <= DP",
                  "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
    ],
)


#: the number of sources a source may depend on (Proposition 3's k), as a symbol of the relation's map
_K = sympy.Symbol("k", positive=True)


_prop3_check = implication_check(id_of, lambda inst: scaled(k_joint(inst.prior), PURE(inst.mechanism)),
                                  "identity_dp <= k pure_dp, k from joint independence")
_prop3_pairwise_check = implication_check(id_of, lambda inst: scaled(k_pairwise(inst.prior), PURE(inst.mechanism)),
                                           "identity_dp <= k pure_dp, k from pairwise independence")


@functools.lru_cache(maxsize=None)
def _prop3_witness() -> Family:
    M = by_count(B3, [[Fraction(1, 2), Fraction(1, 2)], [Fraction(3, 4), Fraction(1, 4)],
                        [Fraction(7, 8), Fraction(1, 8)], [Fraction(15, 16), Fraction(1, 16)]])
    return witness_family("XOR prior (pairwise independent, jointly dependent), 2-output count mechanism", M, xor_prior(),
                name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _fam_structured(kind: str) -> tuple:
    """Priors with a hand-made dependence structure, multiset mechanisms on {0,1}^3."""
    rng = random.Random(303)
    out = []
    priors = {"xor": [xor_prior()],
              "modulated": [modulated_prior(d, r) for d in (Fraction(1, 3), Fraction(1, 10), Fraction(1, 2))
                            for r in (Fraction(1, 10), Fraction(1, 3))]}[kind]
    for k, P in enumerate(priors):
        for e in (Fraction(3, 2), Fraction(3)):
            out.append(Instance(f"{kind} prior #{k}, geometric count e^eps={e}", geo(3, e), P))
        for j in range(6):
            out.append(Instance(f"{kind} prior #{k}, random multiset mechanism #{j}", sym_mech(rng, B3, 2), P))
    return tuple(out)


def sf(kind) -> Family:
    return Family(f"structured-{kind}", lambda: _fam_structured(kind),
                  f"{kind} priors on {{0,1}}^3 with geometric count queries and random multiset mechanisms")


PROP3 = Claim(
    id="identitydp.prop3",
    title="Proposition 3",
    source="Sec. 4, Proposition 3, eq. (20)",
    quote=("Set k <= n. Assume that any one source is independent to at least other n - k sources. Assume also that "
           "M satisfies eps/k-differential privacy. Then M satisfies eps-identity differential privacy."),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement=("k = n - min_i |largest S with X_i independent of X_S jointly| (the least admissible k, "
                       "computed exactly), dataset mechanisms: identity_dp <= k pure_dp"),
            check=_prop3_check,
            families=families_joint_sym() + [sf("xor"), sf("modulated")],
            hypotheses=(DATASET_MECHANISM,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "mechanism_dataset"],
                  "claim": "ID <= K*DP",
                  "measures": {"K": {"notion": "joint_k"}, "ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
            relations=(implies("pure_dp", "identity_dp", _K * EPS, "kε", conditions=("k-dependence",),
                               composable=False),),
            notes=("Joint independence is what the proof uses (Pr[Xbar(i) = xbar | Xi = t] = Pr[Xbar(i) = xbar]), "
                   "a hypothesis stronger than the paper's words, which sort sources one by one "
                   "(pairwise-independence). "
                   "The 'block' family is strategies.k_dependent_priors' construction; k is recomputed from the "
                   "prior, so k = n for generic dependent priors (group privacy)."),
        ),
        Reading(
            name="general-mechanisms",
            statement="as 'literal' for any mechanism on D^n (replace-one DP)",
            check=_prop3_check,
            families=[rf("gen", "joint", 8, 40), rf("gen", "block", 312, 40), rf("gen", "diag", 313, 15)],
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "ID <= K*DP",
                  "measures": {"K": {"notion": "joint_k"}, "ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="pairwise-independence",
            statement=("'independent to at least n - k other sources' read pairwise: k = 1 + max degree of the "
                       "pairwise dependency graph; identity_dp <= k pure_dp"),
            check=_prop3_pairwise_check,
            families=[_prop3_witness(), sf("xor")],
            hypotheses=(DATASET_MECHANISM,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "mechanism_dataset"],
                  "measures": {"K": {"notion": "pairwise_k"}, "ID": {"notion": "identity_dp"},
                               "DP": {"notion": "pure_dp"}},
                  "claim": "ID <= K*DP"},
            expected=Verdict.REFUTED,
            finding=Finding.AS_WRITTEN,
            why=("the paper's own words count sources one by one: the proof splits the sources into those "
                 "'independent to' and 'dependent to' X_i, and Theorem 4 asks for 'at least n - k sources which "
                 "are independent to X_i' — each source's independence of X_i, i.e. pairwise.  Under X3 = X1 xor "
                 "X2 every source is independent to each other one (k = 1), yet a log 2-DP count mechanism has "
                 "identity-DP level log(5/2); the proof's step Pr[X̄(i) | X_i] = Pr[X̄(i)] needs joint "
                 "independence, a hypothesis the paper does not state (reading 'literal')"),
            notes=("With X3 = X1 xor X2 every source is pairwise independent of both others (k = 1), yet a "
                   "log 2-DP count mechanism has identity-DP level log(5/2) > log 2. Under the joint reading the "
                   "same prior has k = 2 and Prop. 3 holds."),
        ),
    ],
)


#: Proposition 3's non-reversibility is about dependent sources (k ≥ 2)
AT_LEAST_TWO_DEPENDENT = Hypothesis("k-at-least-2", "some source is jointly independent of fewer than n − 1 others "
                                    "(k ≥ 2)", lambda inst: inst.prior is not None and k_joint(inst.prior) >= 2)


# ----------------------------------------------------------------------------- non-reversibility
def _strictly_below(lo_fn, hi_fn, what):
    def check(inst: Instance) -> Outcome:
        lo, hi = lo_fn(inst), hi_fn(inst)
        return Outcome(compare(lo, "<", hi), {"identity_dp": id_of(inst), "bound": hi, "what": what})

    return check


_COUNT_RR = ((Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))


@functools.lru_cache(maxsize=None)
def _fam_nonrev(kind: str) -> tuple:
    """Witnesses of non-reversibility.  (The geometric count is not one: its boundary outputs
    have the ratio e^eps for every x_(i), so identity_dp = pure_dp under product priors.)"""
    out = []
    M = by_count(TWO_BINARY_RECORDS, _COUNT_RR)  # neighbour ratios 3/2 and 2 mix under the prior
    if kind == "independent":
        out.append(Instance("2-output count mechanism, product prior p(1)=1/10", M, ex2_product_prior()))
        out.append(Instance("2-output count mechanism, uniform prior", M, Prior.uniform(TWO_BINARY_RECORDS)))
        # the paper's recipe: a large neighbour ratio at a rare x_(i)
        sp = DISJ
        rows = []
        for a, b in sp.points:
            if b == "b2":  # rare configuration of X_2: ratio 20 between a0 and a1
                rows.append([Fraction(20, 21), Fraction(1, 21)] if a == "a1" else [Fraction(1, 21), Fraction(20, 21)])
            else:
                rows.append([Fraction(1, 2), Fraction(1, 2)])
        P = Prior.product(sp, [[Fraction(1, 2), Fraction(1, 2)], [Fraction(50, 101), Fraction(50, 101), Fraction(1, 101)]])
        out.append(Instance("neighbour ratio 20 at a configuration of probability 1/101", Mechanism(sp, [0, 1], rows), P))
    else:
        out.append(Instance("2-output count mechanism, X1 = X2 uniform (k = 2)", M,
                            Prior.from_dict(TWO_BINARY_RECORDS, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})))
        out.append(Instance("geometric count n=3 e^eps=3/2, modulated prior (k = 2)", geo(3, Fraction(3, 2)),
                            modulated_prior(Fraction(1, 3), Fraction(1, 10))))
    return tuple(out)


NONREVERSIBLE = Claim(
    id="identitydp.nonreversible",
    title="Claim (after Prop. 3): Propositions 2 and 3 are not reversible",
    source="Sec. 4, paragraph after Proposition 3",
    quote=("the results of Proposition 2 and Proposition 3 are not reversible. When the sources are independent, "
           "there may exist mechanism which satisfies eps-identity differential privacy but does not satisfy "
           "eps-differential privacy. [...] Proposition 3 has the similar problem."),
    kind="non-implication",
    readings=[
        Reading(
            name="prop2-converse",
            statement=("witnesses: product prior, dataset mechanism with identity_dp < pure_dp (so at eps = "
                       "identity_dp it is eps-identity-DP but not eps-DP)"),
            check=_strictly_below(id_of, pure_of, "identity_dp < pure_dp"),
            families=[Family("witnesses", lambda: _fam_nonrev("independent"),
                             "a count mechanism whose neighbour ratios differ across x_(i); the paper's recipe: a "
                             "large neighbour ratio at a rare x_(i)")],
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES),
            quantifier="exists",
            expected=Verdict.CHECKED,
            relations=(does_not_imply("identity_dp", "pure_dp", conditions=("independent",)),),
        ),
        Reading(
            name="prop3-converse",
            statement="witnesses: dependent prior with k >= 2 and identity_dp < k pure_dp (eps-identity-DP, not eps/k-DP)",
            check=_strictly_below(id_of, lambda inst: scaled(k_joint(inst.prior), PURE(inst.mechanism)),
                                  "identity_dp < k pure_dp"),
            families=[Family("witnesses", lambda: _fam_nonrev("dependent"), "count mechanisms, dependent priors")],
            hypotheses=(DATASET_MECHANISM, AT_LEAST_TWO_DEPENDENT),
            quantifier="exists",
            expected=Verdict.CHECKED,
        ),
    ],
)


def _lemma3_holds(inst: Instance) -> bool:
    a, b, c, d = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c", "d"))
    return (all(v > 0 for v in a + b) and all(v >= 0 for v in c + d) and sum(c) == 1 and sum(d) == 1
            and len(a) == len(b) == len(c) == len(d))


#: Lemma 3's hypotheses: c, d probability vectors, a_i, b_i > 0
LEMMA3_HYPOTHESIS = Hypothesis("probability-weights-positive-ratios", "c_i, d_i ≥ 0 with Σ c_i = Σ d_i = 1, and "
                               "a_i, b_i > 0", _lemma3_holds, params=("a", "b", "c", "d"))


def _lemma3_parts(a, b, c, d):
    ab = [x / y for x, y in zip(a, b)]
    mid21 = sum((ci * ai for ci, ai in zip(c, a)), Fraction(0)) / sum((ci * bi for ci, bi in zip(c, b)), Fraction(0))
    mid22 = sum((ci * ai for ci, ai in zip(c, a)), Fraction(0)) / sum((di * bi for di, bi in zip(d, b)), Fraction(0))
    cross = [x / y for x in a for y in b]
    return ab, mid21, mid22, cross


def _lemma3_check(inst: Instance) -> Outcome:
    a, b, c, d = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c", "d"))
    ab, mid21, mid22, cross = _lemma3_parts(a, b, c, d)
    parts = [compare(min(ab), "<=", mid21), compare(mid21, "<=", max(ab)),
             compare(min(cross), "<=", mid22), compare(mid22, "<=", max(cross))]
    return Outcome(combine(parts, "(21) and (22)"), {"mid21": mid21, "mid22": mid22})


def _lemma3_reach_check(inst: Instance) -> Outcome:
    """The four bounds are attained by point masses c = e_i, d = e_j at the extremal indices."""
    a, b = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b"))
    n = len(a)
    e = lambda i: tuple(Fraction(int(j == i)) for j in range(n))  # noqa: E731
    parts = []
    i_hi = max(range(n), key=lambda i: a[i] / b[i])
    i_lo = min(range(n), key=lambda i: a[i] / b[i])
    parts.append(compare(_lemma3_parts(a, b, e(i_hi), e(i_hi))[1], "==", max(x / y for x, y in zip(a, b))))
    parts.append(compare(_lemma3_parts(a, b, e(i_lo), e(i_lo))[1], "==", min(x / y for x, y in zip(a, b))))
    ia, ib = max(range(n), key=lambda i: a[i]), min(range(n), key=lambda i: b[i])
    parts.append(compare(_lemma3_parts(a, b, e(ia), e(ib))[2], "==", max(x / y for x in a for y in b)))
    ia, ib = min(range(n), key=lambda i: a[i]), max(range(n), key=lambda i: b[i])
    parts.append(compare(_lemma3_parts(a, b, e(ia), e(ib))[2], "==", min(x / y for x in a for y in b)))
    return Outcome(combine(parts, "bounds of (21), (22) reached"))


LEMMA3 = Claim(
    id="identitydp.lemma3",
    title="Lemma 3",
    source="Sec. 4, Lemma 3, eqs. (21)-(22)",
    quote=("Set ci >= 0, di >= 0 for i in {0,...,k} with sum ci = 1, sum di = 1. Then, for any ai > 0, bi > 0, "
           "min_i ai/bi <= sum ci ai / sum ci bi <= max_i ai/bi, (21) and min_{i,j} ai/bj <= sum ci ai / sum di bi "
           "<= max_{i,j} ai/bj. (22) Moreover, the bounds of the above inequalities are reachable."),
    kind="inequality",
    readings=[
        Reading(
            name="literal",
            statement="(21) and (22) for probability vectors c, d (zeros allowed) and positive a, b",
            check=_lemma3_check,
            families=[Family("random", lambda: fam_vectors("lemma3", 150), "150 random instances, lengths 1..5")],
            hypotheses=(LEMMA3_HYPOTHESIS,),
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="reachable",
            statement="each of the four bounds is attained by point masses c = e_i, d = e_j",
            check=_lemma3_reach_check,
            families=[Family("random", lambda: fam_vectors("lemma3", 150), "150 random instances, lengths 1..5")],
            hypotheses=(LEMMA3_HYPOTHESIS,),
            expected=Verdict.CHECKED,
        ),
    ],
)


def _eq23_24_check(dependent: bool):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        sp = M.inputs
        parts = []
        for i in range(sp.n_records):
            rest_vals = list(itertools.product(*(sp.records[j] for j in range(sp.n_records) if j != i)))
            law = {t: cond_output_law(M, P, i, t) for t in sp.records[i]}
            for t, tp in itertools.permutations([t for t in law if law[t] is not None], 2):
                for r in range(len(M.outputs)):
                    mid = law[t][r] / law[tp][r]
                    row = lambda s, xr: M.rows[sp.index(xr[:i] + (s,) + xr[i:])][r]  # noqa: E731
                    if dependent:
                        vals = [row(t, x) / row(tp, y) for x in rest_vals for y in rest_vals]
                    else:
                        vals = [row(t, x) / row(tp, x) for x in rest_vals]
                    parts.append(compare(min(vals), "<=", mid))
                    parts.append(compare(mid, "<=", max(vals)))
        return Outcome(combine(parts, "(24)" if dependent else "(23)"))

    return check


def _eq24_attained_check(inst: Instance) -> Outcome:
    """The upper bound of (24) is attained: the prior putting mass 1/2 on (t, x*) and on
    (t', x'*) (the maximising pair) makes the identity-DP level equal
    ln max_{t != t', x, x', r} Pr[M(t,x)=r]/Pr[M(t',x')=r]."""
    M = inst.mechanism
    sp = M.inputs
    best, arg = None, None
    for a, b in itertools.permutations(range(sp.size), 2):
        pa, pb = sp.points[a], sp.points[b]
        if pa[0] == pb[0]:
            continue
        for r in range(len(M.outputs)):
            v = level_ratio(M.rows[a][r], M.rows[b][r])
            if better(v, best):
                best, arg = v, (pa, pb)
    P = Prior.from_dict(sp, {arg[0]: Fraction(1, 2), arg[1]: Fraction(1, 2)})
    idv = identity_dp(M, prior=P).value
    return Outcome(compare(idv, "==", log_ratio(best)), {"prior_support": list(arg), "identity_dp": idv,
                                                          "bound_24": log_ratio(best)})


EQ23_24 = Claim(
    id="identitydp.eq23_24",
    title="Claim (application of Lemma 3, eqs. (23)-(24))",
    source="Sec. 4, eqs. (23)-(24) and the paragraph after",
    quote=("min_{x(i)} Pr[M(t, x(i)) = r]/Pr[M(t', x(i)) = r] <= [sum Pr[M(t, x(i)) = r] Pr[X(i) = x(i)]] / "
           "[sum Pr[M(t', x(i)) = r] Pr[X(i) = x(i)]] <= max_{x(i)} ... (23) and min_{x(i), x'(i)} "
           "Pr[M(t, x(i)) = r]/Pr[M(t', x'(i)) = r] <= (11)'s ratio <= max_{x(i), x'(i)} ... (24) [...] the extreme "
           "values in the equation (24) is determined by the probabilities of two sequences not limited to be "
           "neighbors, which would be the immediate cause of weakening the privacy guarantee"),
    kind="inequality",
    readings=[
        Reading(
            name="eq23-independent",
            statement="product priors, positive mechanisms: (23) for every i, t != t', r",
            check=_eq23_24_check(dependent=False),
            families=[rf("gen", "product", 231, 40, zeros=False), rf("sym", "product", 232, 40, zeros=False)],
            hypotheses=(INDEPENDENT_SOURCES, POSITIVE_MECHANISM),
            expected=Verdict.CHECKED,
            notes="Lemma 3 needs a_i, b_i > 0: mechanisms with positive entries.",
        ),
        Reading(
            name="eq24-dependent",
            statement="any prior, positive mechanisms: (24) for every i, t != t', r",
            check=_eq23_24_check(dependent=True),
            families=[rf("gen", "joint", 241, 40, zeros=False), rf("sym", "diag", 242, 20, zeros=False)],
            hypotheses=(POSITIVE_MECHANISM,),
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="eq24-upper-bound-attained",
            statement=("the upper bound of (24) is reached: for each mechanism, a prior on two sequences "
                       "(t, x*), (t', x'*) makes identity_dp equal ln max Pr[M(t,x)=r]/Pr[M(t',x')=r] over "
                       "non-neighbouring pairs"),
            check=_eq24_attained_check,
            families=[rf("gen", "joint", 8, 40), rf("sym", "joint", 7, 40)],
            expected=Verdict.CHECKED,
            notes="The attained value is the group-privacy level of M over up to n changed records, not eps.",
        ),
    ],
)


CLAIMS: list[Claim] = [PROP2, PROP3, NONREVERSIBLE, LEMMA3, EQ23_24]
