"""Identity DP §6: identity DP for weakly dependent sources — Lemma 5 and Theorem 4.

Section 6 of identity DP: achieving identity DP for weakly dependent sources — Lemma 5 (k sources,
η-close conditionals) and Theorem 4 (n sources, each independent of n − k others).

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 6.1.

Main claims
-----------
* ``identitydp.lemma5`` — M ε/k-DP, 1 − Σ a_{x_(i)} ≤ η = e^{-b}, ε(1 − 1/k) ≥ b ⇒ (ε − b + log 2)-identity
  DP; checked at the tightest admissible parameters (the reduction is in :func:`_eta_bound`);
* ``identitydp.thm4`` — refuted as written with η over the full conditional law of X_(i) ((40)); holds
  when η bounds the law of the dependent records given each value of the independent ones.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from exactpriv.claims import Claim, Family, Finding, Instance, Outcome, Reading, Verdict
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO
from theorems.identitydp.definitions import DATASET_MECHANISM, conditional_eta, k_joint, max_tv
from exactpriv.spaces import Hamming
from theorems.identitydp.instances import (
    TWO_BINARY_RECORDS,
    B3,
    T2,
    by_count,
    gen_mech,
    geo,
    mixture_prior,
    modulated_prior,
    rf,
    sym_mech,
)
from theorems.identitydp.steps import LOG2, scaled, combine, is_oo, lmax
from theorems.identitydp.measured import ID, PURE, cached
from theorems.identitydp.sec4_relation_with_dp import sf

__all__ = ["CLAIMS"]


def _eta_bound(k: int, pure, eta: Fraction):
    """The least conclusion eps - b + log 2 over the admissible parameters: eps >= k pure_dp
    (M eps/k-DP), eta' >= eta, eta' = e^-b, eps (1 - 1/k) >= b.  Minimising over eta' gives
    eps + log 2 + max(log eta, -eps (1 - 1/k)), increasing in eps, so at eps = k pure_dp:
        log 2 + max(k pure_dp + log eta, pure_dp)        (log 0 = -oo)."""
    if is_oo(pure):
        return OO
    inner = pure if eta == 0 else lmax(scaled(k, pure) + LogForm.log(eta), pure)
    return inner + LOG2


def _lemma5_check_factory(drop_log2: bool = False):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        k = M.inputs.n_records
        eta = cached("tv", lambda: max_tv(P), P)
        bound = _eta_bound(k, PURE(M), eta)
        if drop_log2 and not is_oo(bound):
            bound = bound - LOG2
        return Outcome(compare(ID(M, P), "<=", bound), {"k": k, "eta": eta, "bound": bound,
                                                         "identity_dp": ID(M, P)})

    return check


@functools.lru_cache(maxsize=None)
def _fam_small_eta(n: int, kind: str, count: int) -> tuple:
    """Weakly dependent sources (small eta, where Lemma 5 improves on group privacy)."""
    rng = random.Random(500 + n)
    sp = {2: (TWO_BINARY_RECORDS, T2), 3: (B3,)}[n]
    out = []
    for k in range(count):
        space = sp[k % len(sp)]
        M = (sym_mech if kind == "sym" else gen_mech)(rng, space, rng.choice((2, 3)), zeros=k % 2 == 0)
        P = mixture_prior(rng, space, Fraction(1, rng.choice((3, 10, 100))))
        out.append(Instance(f"n={n} weakly dependent #{k}", M, P))
    for e in (Fraction(2), Fraction(4)):
        space = Hamming((0, 1), n)
        out.append(Instance(f"geometric count n={n} e^eps={e}, weakly dependent", geo(n, e),
                            mixture_prior(rng, space, Fraction(1, 20))))
    return tuple(out)


LEMMA5 = Claim(
    id="identitydp.lemma5",
    title="Lemma 5",
    source="Sec. 6.1, Lemma 5, eqs. (31)-(39)",
    quote=("Let X = (X1,...,Xk) be the sources. For any i in [k] and any x(i), set a_{x(i)} = min{Pr[X(i) = x(i)|Xi "
           "= t], Pr[X(i) = x(i)|Xi = t']}. Assume that, for any t, t' in Xi and any i in [k], there is 1 - sum "
           "a_{x(i)} <= eta. Let the mechanism M satisfy eps/k-differential privacy and let eps(1 - 1/k) >= b, where "
           "eta = exp(-b). Then, M satisfies (eps - b + log 2)-identity differential privacy with respect to X."),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement=("n = k sources, dataset mechanisms: for every admissible (eps, eta, b) the conclusion holds; "
                       "equivalently (minimising eps - b + log 2 over them) identity_dp <= log 2 + max(k pure_dp + "
                       "log eta*, pure_dp) with eta* = max_{i,t,t'} TV(P(X_(i)|t), P(X_(i)|t'))"),
            check=_lemma5_check_factory(),
            families=[Family("weakly-dependent-n2", lambda: _fam_small_eta(2, "sym", 30), "mixtures, n = 2"),
                      Family("weakly-dependent-n3", lambda: _fam_small_eta(3, "sym", 20), "mixtures, n = 3"),
                      rf("sym", "joint", 7, 40), rf("sym", "diag", 9, 15)],
            hypotheses=(DATASET_MECHANISM,),
            expected=Verdict.CHECKED,
            notes=("Reduction: the conclusion eps + log 2 + log eta' with eta' = max(eta*, e^{-eps(1-1/k)}) is "
                   "increasing in eps >= k pure_dp, so the tightest admissible choice is eps = k pure_dp."),
        ),
        Reading(
            name="general-mechanisms",
            statement="as 'literal' for any mechanism on D^k (replace-one DP)",
            check=_lemma5_check_factory(),
            families=[Family("weakly-dependent-n2", lambda: _fam_small_eta(2, "gen", 30), "mixtures, n = 2"),
                      Family("weakly-dependent-n3", lambda: _fam_small_eta(3, "gen", 20), "mixtures, n = 3"),
                      rf("gen", "joint", 8, 40)],
            expected=Verdict.CHECKED,
        ),
    ],
)


def _thm4_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    k = k_joint(P)
    eta = cached("tv", lambda: max_tv(P), P)
    bound = _eta_bound(k, PURE(M), eta)
    return Outcome(compare(ID(M, P), "<=", bound), {"k": k, "eta": eta, "bound": bound, "identity_dp": ID(M, P)})


def _thm4_conditional_check(inst: Instance) -> Outcome:
    """Theorem 4 with eta bounding the dependent part given each value of the independent part.

    Why this reading holds (the combination the paper names): fix i, t, t', r and an admissible S
    (X_i independent of X_S jointly, |S| >= n-k), xbar = x_S, X~ the other <= k-1 records.  Then
    Pr[xbar, x~ | t] = Pr[xbar] Pr[x~ | t, xbar], so (11)'s ratio is a mediant over xbar (weights
    Pr[xbar], common to both sides) of the ratios N(xbar)/D(xbar) with N(xbar) =
    sum_x~ Pr[M(t, xbar, x~) = r] Pr[x~ | t, xbar].  For each xbar, Lemma 5's steps (33)-(38) apply
    verbatim with a = min of the two conditionals of X~: the maximum over x~ of Pr[M(t, xbar, .) =
    r] and the minimum of Pr[M(t', xbar, .) = r] differ in <= k records (group privacy: factor
    e^eps), so N/D <= e^{eps/k} + e^eps eta <= e^{eps - b + log 2}; the mediant keeps the bound.
    """
    M, P = inst.mechanism, inst.prior
    n = M.inputs.n_records
    parts, vals = [], {}
    for k in range(k_joint(P), n + 1):  # every admissible k must give a valid bound
        eta = cached(f"ceta{k}", lambda: conditional_eta(P, k), P)
        bound = _eta_bound(k, PURE(M), eta)
        vals[k] = (eta, bound)
        parts.append(compare(ID(M, P), "<=", bound))
    return Outcome(combine(parts, "identity_dp <= log 2 + max(k pure + log eta_cond, pure) for every admissible k"),
                   {"per_k": vals, "identity_dp": ID(M, P)})


@functools.lru_cache(maxsize=None)
def _thm4_witnesses() -> tuple:
    """The log 3-DP count mechanism with a full-support modulated prior first (so the refutation is no
    boundary effect), then the exactly modulated prior (X_2 = X_1 when X_3 = 1)."""
    M = by_count(B3, [[Fraction(35, 36), Fraction(1, 36)], [Fraction(11, 12), Fraction(1, 12)],
                        [Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]])
    return (Instance("modulated prior delta=1/3, rho=1/10, X_2 != X_1 w.p. 1/500 when X_3 = 1 (full support); log 3-DP "
                     "count mechanism (k=2)", M, modulated_prior(Fraction(1, 3), Fraction(1, 10), Fraction(1, 1000))),
            Instance("modulated prior delta=1/3, rho=1/10; log 3-DP count mechanism (k=2, eta=1/3, eps=2 log 3)",
                     M, modulated_prior(Fraction(1, 3), Fraction(1, 10))))


def _thm4_witness() -> Family:
    return Family("witnesses", _thm4_witnesses, "a log 3-DP count mechanism on three binary sources, X_3 switching on "
                                                "X_2 = X_1")


THM4 = Claim(
    id="identitydp.thm4",
    title="Theorem 4",
    source="Sec. 6.1, Theorem 4, eq. (40)",
    quote=("Let X = (X1,...,Xn) be the sources. Assume that, for any one source Xi, there are at least n - k sources "
           "in X which are independent to Xi. For any i in [n] and any x(i), set a_{x(i)} = min{Pr[X(i) = x(i)|Xi = "
           "t], Pr[X(i) = x(i)|Xi = t']}. (40) Assume that [...] 1 - sum a_{x(i)} <= eta. Let the mechanism M satisfy "
           "eps/k-differential privacy and let eps(1 - 1/k) >= b, where eta = exp(-b). Then, M satisfies "
           "(eps - b + log 2)-identity differential privacy with respect to X. Proof. The proof of the theorem is "
           "the combination of Lemma 5 and the proof techniques of Proposition 3."),
    kind="implication",
    readings=[
        Reading(
            name="literal",
            statement=("k least with every source jointly independent of >= n - k others, eta* = max TV over the "
                       "full X_(i) as in (40): identity_dp <= log 2 + max(k pure_dp + log eta*, pure_dp)"),
            check=_thm4_check,
            families=[_thm4_witness(), sf("modulated"), rf("sym", "block", 10, 30)],
            hypotheses=(DATASET_MECHANISM,),
            form={"quantifier": "forall-instances", "hypotheses": ["has_prior", "mechanism_dataset"],
                  "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"},
                               "K": {"notion": "joint_k"}, "ETA": {"notion": "source_tv"}},
                  "claim": "ID <= log(2) + max(K*DP + log(ETA), DP)"},
            expected=Verdict.REFUTED,
            finding=Finding.AS_WRITTEN,
            why=("with η over the full conditional law of X_(i) as (40) states, the bound fails: three sources, "
                 "X_3 switching on X_2 = X_1, each source independent of one other (k = 2), a log 3-DP count "
                 "mechanism: promised log(6), identity-DP level log(5103/811) on the archived full-support "
                 "witness (X_2 != X_1 with probability 1/500 when X_3 = 1)"),
            notes=("n = 3, X_3 ~ Bern(1/3) switches on X_2 = X_1 (X_1 ~ Bern(1/10)); each source is "
                   "independent of one other (k = 2), eta* = 1/3. The count mechanism Pr[Y=1 | c] = 3^c/36 is "
                   "log 3-DP, so eps = 2 log 3, b = log 3 = eps(1-1/k): the theorem promises log 6, but "
                   "identity_dp = log(19/3). Lemma 5's step M <= m e^eps needs all x_(i) within k changes; with "
                   "n > k the independent part must be conditioned on, and eta averaged over xbar does not bound "
                   "the per-xbar distances that the mediant weights by Pr[M(t', xbar, .) = r]."),
        ),
        Reading(
            name="conditional-eta",
            statement=("eta bounds, for an admissible independent set S (|S| >= n-k), the conditional law of the "
                       "dependent records given each xbar: max_{i,t,t',xbar} TV(P(X~|t,xbar), P(X~|t',xbar)) <= eta; "
                       "then identity_dp <= log 2 + max(k pure_dp + log eta, pure_dp) for every admissible k"),
            check=_thm4_conditional_check,
            families=[_thm4_witness(), sf("modulated"), sf("xor"), rf("sym", "block", 10, 30),
                      rf("sym", "joint", 7, 40)],
            hypotheses=(DATASET_MECHANISM,),
            expected=Verdict.CHECKED,
            notes=("The reading under which 'Lemma 5 per xbar + the mediant of Prop. 3' goes through (proof sketch "
                   "in the docstring of _thm4_conditional_check). Every admissible k from the least one to n is "
                   "checked, with the best admissible S per record."),
        ),
    ],
)


CLAIMS: list[Claim] = [LEMMA5, THM4]
