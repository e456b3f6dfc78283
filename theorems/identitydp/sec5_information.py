"""Identity DP §5: it bounds posterior ratios, relative entropy and mutual information (Lemma 4–Remark 1).

Section 5 of identity DP: its information-theoretic foundation — posterior/prior ratios (Lemma 4),
relative entropy (Theorem 2, Corollary 1), mutual information (Theorem 3, Corollary 2), conditional
mutual information (Proposition 4) — and the claims that ε-DP is a special case of identity DP and that
information "may be out of control" without it.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 5 and Sec. 7.

Main claims
-----------
* ``identitydp.lemma4``, ``thm2``, ``thm3`` — ε-identity DP bounds the posterior/prior ratios, the
  relative entropy D(X_i || X_i|Y=r) and I(X_i;Y) by ε;
* ``identitydp.cor1``, ``cor2`` — the same from ε-DP for independent sources (without independence
  they fail: variants);
* ``identitydp.prop4`` — refuted as written: identity DP does not bound I(X_i;Y|X_(i)) (the proof uses
  pure DP, under which it holds);
* ``identitydp.dp_special_case`` — refuted as written under dependence (holds for independent sources);
* ``identitydp.remark1`` — finite analogues of the informal remarks (existential witnesses).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from exactpriv.claims import Claim, Family, Finding, Instance, Outcome, Reading, Verdict, implies
from exactpriv.distributions import Prior
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems.identitydp.definitions import DATASET_MECHANISM, INDEPENDENT_SOURCES, record_joint
from theorems.identitydp.instances import (
    TWO_BINARY_RECORDS,
    DISJ,
    witness_family,
    by_count,
    families_joint,
    families_joint_sym,
    families_product,
    geo,
    zf,
)
from theorems.identitydp.steps import level_ratio, better, combine, implication_check, log_ratio, measured_gt
from theorems.identitydp.measured import KL, MI, CMI, ID, PURE, id_of, pure_of
from theorems.identitydp.sec4_relation_with_dp import prop2_check

__all__ = ["CLAIMS"]


@functools.lru_cache(maxsize=None)
def _cor1_witness() -> Family:
    return witness_family("geometric count n=2 e^eps=16, X1 = X2, Pr[(1,1)] = 1/8", geo(2, Fraction(16)),
                Prior.from_dict(TWO_BINARY_RECORDS, {(0, 0): Fraction(7, 8), (1, 1): Fraction(1, 8)}), name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _cor2_witness() -> Family:
    sp = Hamming((0, 1), 8)
    return witness_family("geometric count on 8 perfectly correlated records, e^eps=3/2, uniform on {0^8, 1^8}",
                geo(8, Fraction(3, 2)), Prior.from_dict(sp, {(0,) * 8: Fraction(1, 2), (1,) * 8: Fraction(1, 2)}),
                name="witness")


def _lemma4_ratio(M: Mechanism, P: Prior, scale: Fraction = Fraction(1)):
    """max over i, t (marginal > 0), r (Pr[Y=r] > 0) of max(prior/post, post/prior)."""
    sp = M.inputs
    best = None
    for i in range(sp.n_records):
        joint, marg = record_joint(M, P, i)
        for r in range(len(M.outputs)):
            py = sum((joint[t][r] for t in joint), Fraction(0))
            if py == 0:
                continue
            for t in marg:
                post = joint[t][r] / py
                for v in (level_ratio(marg[t], post), level_ratio(post, marg[t])):
                    if better(v, best):
                        best = v
    return log_ratio(best)


def _lemma4_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    lhs, idv = _lemma4_ratio(M, P), ID(M, P)
    return Outcome(compare(lhs, "<=", idv), {"max_log_ratio_25": lhs, "identity_dp": idv})


LEMMA4 = Claim(
    id="identitydp.lemma4",
    title="Lemma 4",
    source="Sec. 5, Lemma 4, eq. (25)",
    quote=("If the mechanism M satisfies eps-identity differential privacy, then for any source Xi, any r in R and "
           "any record t in Xi, there are Pr[Xi = t]/Pr[Xi = t|Y = r] <= e^eps and Pr[Xi = t|Y = r]/Pr[Xi = t] "
           "<= e^eps. (25)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement=("max over i, t (Pr[X_i=t] > 0), r (Pr[Y=r] > 0) of ln max(prior/posterior, "
                       "posterior/prior) <= identity_dp"),
            check=_lemma4_check,
            families=families_joint(),
            expected=Verdict.CHECKED,
        ),
    ],
)


_thm2_check = implication_check(lambda inst: KL(inst.mechanism, inst.prior), id_of,
                                 "max_{i,r} D(X_i || X_i|Y=r) <= identity_dp")


THM2 = Claim(
    id="identitydp.thm2",
    title="Theorem 2",
    source="Sec. 5, Theorem 2, eq. (26)",
    quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
           "of the mechanism. We have D(Xi || (Xi|Y = r)) <= eps. (26)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="max over i and r with Pr[Y=r] > 0 of D(X_i || X_i|Y=r) <= identity_dp (exact LogForms)",
            check=_thm2_check,
            families=families_joint(),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "KL <= ID",
                  "measures": {"KL": {"notion": "prior_posterior_kl"}, "ID": {"notion": "identity_dp"}}},
            expected=Verdict.CHECKED,
        ),
    ],
)


_cor1_check = implication_check(lambda inst: KL(inst.mechanism, inst.prior), pure_of,
                                 "max_{i,r} D(X_i || X_i|Y=r) <= pure_dp")


COR1 = Claim(
    id="identitydp.cor1",
    title="Corollary 1",
    source="Sec. 5, Corollary 1, eq. (27)",
    quote=("Let the mechanism M satisfies eps-differential privacy [...] Let the sources X1,...,Xn be independent. "
           "We have D(Xi || (Xi|Y = r)) <= eps. (27)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="product priors, dataset mechanisms: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp",
            check=_cor1_check,
            families=families_product("sym"),
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES),
            form={"quantifier": "forall-instances",
                  "hypotheses": ["has_prior", "mechanism_dataset", "prior_independent"],
                  "claim": "KL <= DP",
                  "measures": {"KL": {"notion": "prior_posterior_kl"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="general-mechanisms",
            statement="product priors, any mechanism on D^n: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp",
            check=_cor1_check,
            families=families_product("gen"),
            hypotheses=(INDEPENDENT_SOURCES,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "prior_independent"],
                  "claim": "KL <= DP",
                  "measures": {"KL": {"notion": "prior_posterior_kl"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="without-independence",
            statement=("the corollary's derivation ('eps-DP is a special case of eps-identity-DP') without the "
                       "independence hypothesis: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp for any prior"),
            check=_cor1_check,
            families=[_cor1_witness(), zf("joint")],
            form={"quantifier": "forall-instances", "hypotheses": [], "claim": "KL <= DP",
                  "measures": {"KL": {"notion": "prior_posterior_kl"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.REFUTED,
            finding=Finding.VARIANT,
            why=("drops Corollary 1's independence hypothesis (as its derivation 'eps-DP is a special case' would "
                 "allow): X1 = X2 with Pr[(1,1)] = 1/8 and the geometric count with e^eps = 16 give D = 2.80 > "
                 "ln 16 = 2.77"),
            notes=("On the paper's Example 2 setting: X1 = X2 with Pr[(1,1)] = 1/8 and the geometric count "
                   "with e^eps = 16: D = 2.80 > ln 16 = 2.77 (exact in the witness). Found by scanning e^eps in "
                   "{2,..,32} and Pr[(1,1)] in k/8; no 2-output count mechanism on 2 records with increasing "
                   "Pr[Y=1|c] in {1/12,..,11/12} works (same priors)."),
        ),
    ],
)


_thm3_check = implication_check(lambda inst: MI(inst.mechanism, inst.prior), id_of, "max_i I(X_i;Y) <= identity_dp")


THM3 = Claim(
    id="identitydp.thm3",
    title="Theorem 3",
    source="Sec. 5, Theorem 3, eq. (28)",
    quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
           "of the mechanism. We have I(Xi;Y) <= eps. (28)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="max_i I(X_i;Y) <= identity_dp (exact LogForms)",
            check=_thm3_check,
            families=families_joint(),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "MI <= ID",
                  "measures": {"MI": {"notion": "record_mutual_information"}, "ID": {"notion": "identity_dp"}}},
            expected=Verdict.CHECKED,
            relations=(implies("identity_dp", "record_mi", EPS, "ε"),),
        ),
    ],
)


_cor2_check = implication_check(lambda inst: MI(inst.mechanism, inst.prior), pure_of, "max_i I(X_i;Y) <= pure_dp")


COR2 = Claim(
    id="identitydp.cor2",
    title="Corollary 2",
    source="Sec. 5, Corollary 2, eq. (29)",
    quote=("Let the mechanism M satisfies eps-differential privacy and let Y be the output random variable of the "
           "mechanism. Assume the sources X1,...,Xn are independent. We have I(Xi;Y) <= eps. (29)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="product priors, dataset mechanisms: max_i I(X_i;Y) <= pure_dp",
            check=_cor2_check,
            families=families_product("sym"),
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES),
            form={"quantifier": "forall-instances",
                  "hypotheses": ["has_prior", "mechanism_dataset", "prior_independent"],
                  "claim": "MI <= DP",
                  "measures": {"MI": {"notion": "record_mutual_information"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
            relations=(implies("pure_dp", "record_mi", EPS, "ε", conditions=("independent",)),),
        ),
        Reading(
            name="general-mechanisms",
            statement="product priors, any mechanism on D^n: max_i I(X_i;Y) <= pure_dp",
            check=_cor2_check,
            families=families_product("gen"),
            hypotheses=(INDEPENDENT_SOURCES,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "prior_independent"],
                  "claim": "MI <= DP",
                  "measures": {"MI": {"notion": "record_mutual_information"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="without-independence",
            statement="as the corollary's derivation suggests, without independence: max_i I(X_i;Y) <= pure_dp",
            check=_cor2_check,
            families=[_cor2_witness()],
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "MI <= DP",
                  "measures": {"MI": {"notion": "record_mutual_information"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.REFUTED,
            finding=Finding.VARIANT,
            why=("drops Corollary 2's independence hypothesis: 8 perfectly correlated records and the geometric "
                 "count with e^eps = 3/2 give I(X_1;Y) = 0.4248 > ln(3/2) = 0.4055"),
            notes=("With Example 1's structure: 8 perfectly correlated records, geometric count with "
                   "e^eps = 3/2, uniform on {0^8, 1^8}: I(X_1;Y) = 0.4248 > ln(3/2) = 0.4055. Smaller families "
                   "fail: float scans of the geometric count on n <= 7 perfectly correlated records (eps in "
                   "[0.05, 1]) and of 2-output count mechanisms, and a numerical search over multiset mechanisms "
                   "on 2-3 binary records, found I <= eps (the effective channel is n eps-DP but I <= ln 2)."),
        ),
    ],
)


_prop4_check = implication_check(lambda inst: CMI(inst.mechanism, inst.prior), id_of,
                                  "max_i I(X_i;Y|X_(i)) <= identity_dp")
_prop4_dp_check = implication_check(lambda inst: CMI(inst.mechanism, inst.prior), pure_of,
                                     "max_i I(X_i;Y|X_(i)) <= pure_dp")


@functools.lru_cache(maxsize=None)
def _prop4_witnesses() -> tuple:
    """The noisy parity (a positive mechanism, so the refutation is no boundary effect) first, then the parity."""
    q = Fraction(1, 4)
    noisy = Mechanism(TWO_BINARY_RECORDS, [0, 1], [[1 - q, q], [q, 1 - q], [q, 1 - q], [1 - q, q]],
                      _built="parity x1 xor x2 flipped with probability 1/4")
    exact = Mechanism(TWO_BINARY_RECORDS, [0, 1], [[1, 0], [0, 1], [0, 1], [1, 0]], _built="parity x1 xor x2")
    return (Instance("noisy parity (flip 1/4) of two independent uniform bits", noisy, Prior.uniform(TWO_BINARY_RECORDS)),
            Instance("parity of two independent uniform bits", exact, Prior.uniform(TWO_BINARY_RECORDS)))


def _prop4_witness() -> Family:
    return Family("witnesses", _prop4_witnesses, "the (noisy) parity of two independent uniform bits")


PROP4 = Claim(
    id="identitydp.prop4",
    title="Proposition 4",
    source="Sec. 5, Proposition 4, eq. (30)",
    quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
           "of the mechanism. We have I(Xi;Y|X(i)) <= eps. (30)"),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="max_i I(X_i;Y|X_(i)) <= identity_dp",
            check=_prop4_check,
            form={"quantifier": "forall-instances", "hypotheses": [], "claim": "CMI <= ID",
                  "measures": {"CMI": {"notion": "conditional_mi"}, "ID": {"notion": "identity_dp"}}},
            families=[_prop4_witness()] + families_joint(),
            expected=Verdict.REFUTED,
            relations=(implies("identity_dp", "conditional_mi", EPS, "ε"),),
            finding=Finding.AS_WRITTEN,
            why=("ε-identity DP does not bound I(X_i;Y|X_(i)): the noisy parity of two independent uniform bits "
                 "(positive, full support) has identity-DP level 0 but I(X_1;Y|X_2) = ln 2 − h(1/4) > 0; the "
                 "proof's step is a pure-DP inequality"),
            notes=("Even with independent sources: Y = X1 xor X2 on independent uniform bits has "
                   "Pr[Y=r | X_i=t] = 1/2 for all t (identity-DP level 0) but I(X_1;Y|X_2) = log 2. The proof's "
                   "inequality step is pure DP (Pr[M(x^_i, x_(i)) = r] >= e^-eps Pr[M(x_i, x_(i)) = r]), not "
                   "identity DP; the paper's remark that Prop. 4 'is irrelevant to the dependence' is consistent "
                   "with that."),
        ),
        Reading(
            name="pure-dp-hypothesis",
            statement="the hypothesis the proof uses: max_i I(X_i;Y|X_(i)) <= pure_dp (any prior)",
            check=_prop4_dp_check,
            families=families_joint(),
            form={"quantifier": "forall-instances", "hypotheses": [], "claim": "CMI <= DP",
                  "measures": {"CMI": {"notion": "conditional_mi"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
    ],
)


@functools.lru_cache(maxsize=None)
def _dp_special_witnesses() -> tuple:
    """A full-support near-diagonal prior first (so the refutation is no boundary effect), then X1 = X2."""
    M = by_count(TWO_BINARY_RECORDS, [[Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 2), Fraction(1, 2)],
                        [Fraction(1, 4), Fraction(3, 4)]])
    near = Prior.from_dict(TWO_BINARY_RECORDS, {(0, 0): Fraction(49, 100), (0, 1): Fraction(1, 100), (1, 0): Fraction(1, 100),
                                 (1, 1): Fraction(49, 100)})
    return (Instance("X1 = X2 with probability 98/100 (full support), 2-output count mechanism (log 2-DP)", M, near),
            Instance("X1 = X2 uniform, 2-output count mechanism (log 2-DP)", M,
                     Prior.from_dict(TWO_BINARY_RECORDS, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})))


def _dp_special_witness() -> Family:
    return Family("witnesses", _dp_special_witnesses, "strongly dependent records and a log 2-DP count mechanism")


DP_SPECIAL_CASE = Claim(
    id="identitydp.dp_special_case",
    title="Claim (Sec. 5, Sec. 7, abstract): eps-DP is a special case of eps-identity DP",
    source="Sec. 5 (before Corollaries 1, 2) and Sec. 7",
    quote=("Since eps-differential privacy is a special case of eps-identity differential privacy, we have the "
           "following corollary. [...] Our model can inherit almost all of the mechanisms of differential privacy "
           "since it has differential privacy model as its special case."),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement="any prior, dataset mechanisms: identity_dp(M, prior) <= pure_dp(M)",
            check=prop2_check,
            families=[_dp_special_witness()] + families_joint_sym(),
            hypotheses=(DATASET_MECHANISM,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "mechanism_dataset"],
                  "claim": "ID <= DP",
                  "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.REFUTED,
            relations=(implies("pure_dp", "identity_dp", EPS, "ε"),),
            finding=Finding.AS_WRITTEN,
            why=("under dependence ε-DP does not give ε-identity DP: records equal with probability 98/100 and a "
                 "log 2-DP count mechanism give an identity-DP level above log 2 (log 3 when X1 = X2)"),
            notes=("By the paper's own Example 2 structure: X1 = X2 uniform, a log 2-DP count mechanism "
                   "with Pr[Y=1|c] = 1/4, 1/2, 3/4 has identity-DP level log 3 (dependence doubles eps). True for "
                   "independent sources (reading 'product-priors' = Prop. 2)."),
        ),
        Reading(
            name="product-priors",
            statement="independent sources: identity_dp <= pure_dp (Proposition 2)",
            check=prop2_check,
            families=families_product("sym"),
            hypotheses=(DATASET_MECHANISM, INDEPENDENT_SOURCES),
            form={"quantifier": "forall-instances",
                  "hypotheses": ["has_prior", "mechanism_dataset", "prior_independent"],
                  "claim": "ID <= DP",
                  "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
            expected=Verdict.CHECKED,
        ),
    ],
)


def _out_of_control_check(which: str):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        pu = PURE(M)
        m = KL(M, P) if which == "kl" else MI(M, P)
        parts = [compare(ID(M, P), ">", pu), measured_gt(m, pu)]
        return Outcome(combine(parts, f"M is eps-DP (eps = pure_dp), not eps-identity-DP, and "
                                       f"{'max D(X_i||X_i|Y=r)' if which == 'kl' else 'max I(X_i;Y)'} > eps"),
                       {"pure_dp": pu, "identity_dp": ID(M, P), which: m})

    return check


def _rare_check(inst: Instance) -> Outcome:
    """pure_dp >= ln L (large neighbour ratio) while identity_dp <= ln(1 + 1/10)."""
    M, P = inst.mechanism, inst.prior
    L = Fraction(inst.params["L"])
    parts = [compare(PURE(M), ">=", LogForm.log(L)), compare(ID(M, P), "<=", LogForm.log(Fraction(11, 10)))]
    return Outcome(combine(parts, "neighbour ratio L at a rare configuration, identity DP level <= ln(11/10)"),
                   {"pure_dp": PURE(M), "identity_dp": ID(M, P)})


@functools.lru_cache(maxsize=None)
def _fam_rare() -> tuple:
    out = []
    sp = DISJ
    for L in (Fraction(10), Fraction(100), Fraction(10 ** 4)):
        delta = 1 / (20 * L)  # probability of the rare configuration b2
        rows = []
        for a, b in sp.points:
            if b == "b2":
                rows.append([L / (L + 1), 1 / (L + 1)] if a == "a1" else [1 / (L + 1), L / (L + 1)])
            else:
                rows.append([Fraction(1, 2), Fraction(1, 2)])
        P = Prior.product(sp, [[Fraction(1, 2), Fraction(1, 2)], [(1 - delta) / 2, (1 - delta) / 2, delta]])
        out.append(Instance(f"ratio L={L} at X_2=b2 of probability {delta}", Mechanism(sp, [0, 1], rows), P,
                            {"L": L}))
    return tuple(out)


REMARK1 = Claim(
    id="identitydp.remark1",
    title="Remark 1 / Sec. 6-7 informal claims",
    source="Sec. 5 Remark 1; Sec. 4 and Sec. 7 (rare events)",
    quote=("if M does not satisfy eps-identity differential privacy, the relative entropy D(Xi||(Xi|Y=r)) and the "
           "mutual information I(Xi;Y) may out of the control of the upper bound eps. [...] since these events are "
           "rare events, they will have very small effect to the inequality (11) since they have very small "
           "probabilities. This makes our model to allow the ratio of the probabilities of the outputs of two "
           "neighbors be much larger than e^eps, but still satisfies eps-identity differential privacy."),
    kind="informal",
    readings=[
        Reading(
            name="out-of-control-kl",
            statement=("finite analogue: an eps-DP mechanism (eps = pure_dp) that is not eps-identity-DP under a "
                       "dependent prior, with max_{i,r} D(X_i || X_i|Y=r) > eps"),
            check=_out_of_control_check("kl"),
            families=[_cor1_witness()],
            quantifier="exists",
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="out-of-control-mi",
            statement="finite analogue: an eps-DP mechanism, not eps-identity-DP, with max_i I(X_i;Y) > eps",
            check=_out_of_control_check("mi"),
            families=[_cor2_witness()],
            quantifier="exists",
            expected=Verdict.CHECKED,
        ),
        Reading(
            name="rare-events",
            statement=("finite analogue: for L in {10, 100, 10^4} a neighbour ratio L at a configuration x_(i) of "
                       "probability 1/(20L), independent sources: pure_dp >= ln L but identity_dp <= ln(11/10)"),
            check=_rare_check,
            families=[Family("constructions", _fam_rare, "two sources with disjoint universes")],
            hypotheses=(INDEPENDENT_SOURCES,),
            open_search=False,
            expected=Verdict.CHECKED,
            notes=("'identity DP inherits almost all mechanisms of DP' is not encodable as stated (it rests on "
                   "'DP is a special case', refuted in identitydp.dp_special_case, and on Props. 2-3)."),
        ),
    ],
)


CLAIMS: list[Claim] = [LEMMA4, THM2, COR1, THM3, COR2, PROP4, DP_SPECIAL_CASE, REMARK1]
