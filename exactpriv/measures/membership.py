"""Membership privacy (Li et al.; Zhao) over families of priors, as exact suprema or enclosures.

Definitions (Li et al. as reconstructed in CLAIMS.md ``li2013.def_pmp``/``def_nmp``; Zhao
Definition 3): for a distribution D over datasets, an entity t and an output set S with
Pr[S] > 0,
    PMP:  Pr[t|S] <= γ Pr[t]   and   Pr[¬t|S] >= Pr[¬t]/γ,
    NMP:  Pr[t|S] >= Pr[t]/γ   and   Pr[¬t|S] <= γ Pr[¬t].
The tightest γ of a family is the sup over D, t, S of the smallest γ satisfying both.

Algorithm and why: everything reduces to likelihood ratios of *single outputs*.

(1) Fix D and t with p = Pr[t] in (0, 1) and let A_S = Pr[S|t]/Pr[S|¬t].  By Bayes,
    Pr[t|S]/Pr[t] = A_S/(pA_S + 1 - p)   and   Pr[¬t]/Pr[¬t|S] = pA_S + 1 - p,
    both increasing in A_S, so the PMP level of (D, t) is Φ(p, max_S A_S) with
    Φ(p, A) = max(A/(pA + 1 - p), pA + 1 - p)   (this is Zhao Lemma 1 solved for γ).
    By the mediant inequality max_S A_S = max_y A_{y}: the worst output set is a singleton.
    NMP is the mirror image: its level is Φ(1 - p, max_y 1/A_y).  Entities with p ∈ {0, 1}
    have level 1.  Conventions: outputs with Pr[y] = 0 are ignored; A = +oo (Pr[y|¬t] = 0 <
    Pr[y|t]) gives γ = +oo when 0 < p < 1.
(2) If the family lets p range over (0, 1) independently of the conditional laws given t and
    ¬t (true for D_I, D_B, D^2_B and Zhao's D*), then sup_p Φ(p, A) = A for A >= 1, approached
    as p -> 0 (and p -> 1) but attained only when A ∈ {1, +oo}: Φ(p, A) < A for 0 < p < 1 < A.
(3) A = Pr[y|t]/Pr[y|¬t] is a ratio of two mixtures Σ μ(T) P(y|T ∪ {t}) / Σ ν(T) P(y|T).
    * D_I (independent entities, p_s ∈ [0, 1]): μ = ν = the product law of the other entities;
      by the mediant inequality A <= max_T P(y|T ∪ t)/P(y|T), attained at the vertex p_s ∈ {0, 1}
      (which is in D_I).  Exact: sup = max over add/remove pairs (= e^{positive UDP}).
    * D^2_B (1-out-of-2): A = P(y|F ∪ t)/P(y|F ∪ s) over swap pairs.  Exact.
    * D_B (bounded independent): μ, ν are product weights conditioned on sizes k-1 and k.
      D^2_B ⊂ D_B gives the lower bound; the upper bound max_{T ∋ t} P(y|T) / min_{T ∌ t} P(y|T)
      (a ratio of mixtures is at most max/min) is proved.  They coincide iff Li's coupling
      (Lemma 4.9, i.e. Theorem 4.8) holds for the mechanism; since those are claims under
      test, they are *not* assumed: the result is a certified enclosure unless the bounds meet.
    * D_N (uniform): a single distribution with p = 1/2: exact, Φ(1/2, A_max), attained.
    * D* (Zhao, two-point on D^n): D_{i,K} puts mass p on (X_i = x_i, X_K = x_K) and 1 - p on
      (x_i', x_K); the remaining records K̄ follow the prior — conditionally on (x_i, x_K)
      (``remaining="conditional"``, the reading of Zhao (24)-(25) under which Theorem 3
      uses BDP; A is then the BDP ratio with S = K) or independently from the prior's marginal
      of K̄ (``remaining="marginal"``).  With "conditional", the law of X_K̄ given (x_i, x_K) is
      undefined when the prior gives (x_i, x_K) probability 0 and K̄ ≠ ∅; ``null_events``
      (:data:`~exactpriv.measures.bayesian.NULL_EVENTS`, as in Bayesian DP) says which
      configurations are skipped: "skip_undefined" (default) exactly those, so that with K̄ = ∅
      D_{i,K} is a law on two databases and needs no prior; "skip_null" every configuration of
      prior probability 0 (exactpriv before issue 9).
      The membership event is X_i = x_i (¬ = X_i = x_i').  Exact sup over p as in (2).
``form="gamma"`` reports γ; ``form="eps"`` reports ε = ln γ (Zhao's <D, ε>-MP).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, SpaceMismatchError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.arguments import (
    exact_level,
    check_mechanism,
    check_null_events,
    check_prior,
)
from exactpriv.measures.engines.prior_tensors import (
    Likelihoods,
    PriorTensors,
    larger_ratio,
    leakage_scan,
    max_ratio,
    object_ints,
)
from exactpriv.measures.coupling import bmi_membership_certified
from exactpriv.measures.result import Measured, at_most
from exactpriv.spaces import Bounded, Hamming, Subsets, check_enumerable

__all__ = [
    "FAMILIES",
    "bmi_membership",
    "is_bmi_membership",
    "is_negative_membership",
    "is_positive_membership",
    "negative_membership",
    "positive_membership",
]

#: Names of the distribution families understood by the membership measures.
FAMILIES = ("independent", "bounded", "one_of_two", "uniform", "two_point")

_FAMILY_TEXT = {
    "independent": "D_I: entities independently present w.p. p_t in [0, 1] (Li et al.)",
    "bounded": "D_B: D_I conditioned on |T| = k (Li et al. Family 4.6)",
    "one_of_two": "D^2_B: 1-out-of-2 bounded independent distributions (Li et al. Family 4.7)",
    "uniform": "D_N: every entity independently present w.p. 1/2 (Li et al. Family 5.1)",
    "two_point": "D*: two-point distributions D_{i,K} on D^n (Zhao, before Theorem 3)",
}


# ----------------------------------------------------------------------------- Φ and its sup
def _phi(p: Fraction, A):
    """Φ(p, A) = max(A/(pA + 1 - p), pA + 1 - p) for 0 < p < 1 (A a Fraction or oo)."""
    if A == sympy.oo:
        return sympy.oo
    return max(A / (p * A + 1 - p), p * A + 1 - p)


def _as_form(g, form):
    if form == "gamma":
        return g
    if g == sympy.oo:
        return sympy.oo
    return LogForm.log(g)


def _check_form(form):
    if form not in ("gamma", "eps"):
        raise InvalidArgument(f"form={form!r} must be 'gamma' (γ of Li et al.) or 'eps' (ε = ln γ of Zhao)")


# ----------------------------------------------------------------------------- dataset pairs
def _rows(M):
    num, den = M.integer_rows()
    return object_ints(num), object_ints(den)


def _pair_ratios(M, a_idx, b_idx):
    """Arrays num, den with num/den = P(y|a)/P(y|b) for index arrays a_idx, b_idx (pairs x outputs)."""
    num, den = _rows(M)
    a_idx, b_idx = np.asarray(a_idx, dtype=np.int64), np.asarray(b_idx, dtype=np.int64)
    return num[a_idx] * den[b_idx][:, None], num[b_idx] * den[a_idx][:, None]


def _add_pairs(space: Subsets):
    """Directed pairs (T ∪ {t}, T) for all T ∌ t: index arrays (with_t, without_t) and entities."""
    pts = space.points
    e = space.edges
    big, small, ent = [], [], []
    for i, j in e.tolist():
        a, b = (i, j) if len(pts[i]) > len(pts[j]) else (j, i)
        big.append(a)
        small.append(b)
        ent.append(next(iter(pts[a] - pts[b])))
    return big, small, ent


def _swap_pairs(space):
    """Directed swap pairs (F ∪ {t}, F ∪ {s}), t ≠ s ∉ F: index arrays (with_t, with_s), (t, s)."""
    pts = space.points
    universe = space.universe
    with_t, with_s, ents = [], [], []
    for k, T in enumerate(pts):
        for t in T:
            for s in universe:
                if s in T:
                    continue
                Tp = (T - {t}) | {s}
                if Tp in space:
                    with_t.append(k)
                    with_s.append(space.index(Tp))
                    ents.append((t, s))
    return with_t, with_s, ents


def _check_li_space(M, family, allowed):
    sp = M.inputs
    if not isinstance(sp, allowed):
        names = " or ".join(c.__name__ for c in allowed)
        raise SpaceMismatchError(
            f"family={family!r} needs a mechanism on {names} (datasets = sets of entities), got {sp!r}")


def _free_p_result(name, r, form, wit, family, *, exact=True):
    """Measured for families where Pr[t] ranges over (0, 1) freely: sup = r (see module doc (2))."""
    if r is None:  # no uncertain entity at all
        return Measured(name, _as_form(Fraction(1), form), witness={"family": family},
                        note=f"{_FAMILY_TEXT[family]}; no entity with 0 < Pr[t] < 1: level 1")
    attained = r == sympy.oo or r == 1
    wit = dict(wit, family=family, attained=attained)
    if not attained:
        wit["limit"] = "Pr[t] -> 0 (or -> 1); every member of the family has a smaller level"
    return Measured(name, _as_form(r, form), witness=wit,
                    method="exact" if attained else "exact sup (not attained)",
                    note=f"{_FAMILY_TEXT[family]}; sup over the family = max single-output likelihood ratio "
                         f"(module doc, steps (1)-(3))" + ("" if attained else "; not attained"))


# ----------------------------------------------------------------------------- families
def _uniform(M, name, positive, form):
    _check_li_space(M, "uniform", (Subsets,))
    space = M.inputs
    num, den = _rows(M)
    L = math.lcm(*(int(d) for d in den))
    P = num * np.array([L // int(d) for d in den], dtype=object)[:, None]
    best, wit = None, None
    half = Fraction(1, 2)
    for t in space.universe:
        mask = np.array([t in T for T in space.points], dtype=bool)
        with_t, without_t = P[mask].sum(axis=0), P[~mask].sum(axis=0)
        a, b = (with_t, without_t) if positive else (without_t, with_t)
        r, idx = max_ratio(a, b)
        if r is None:
            continue
        g = _phi(half, r)
        if larger_ratio(g, best):
            best = g
            y = idx[0]
            post = Fraction(int(with_t[y]), int(with_t[y] + without_t[y]))
            wit = {"entity": t, "event": [M.outputs[y]], "posterior": post, "prior_of_entity": half,
                   "binding": ("Pr[¬t|S] >= Pr[¬t]/γ" if positive else "Pr[t|S] >= Pr[t]/γ")
                   if g == (half * r + half) else
                   ("Pr[t|S] <= γ Pr[t]" if positive else "Pr[¬t|S] <= γ Pr[¬t]")}
    wit.update(family="uniform", distribution="uniform over all subsets", attained=True)
    return Measured(name, _as_form(best, form), witness=wit,
                    note=f"{_FAMILY_TEXT['uniform']}; a single distribution: exact, Φ(1/2, max_y A_y)")


def _independent(M, name, positive, form):
    _check_li_space(M, "independent", (Subsets,))
    big, small, ent = _add_pairs(M.inputs)
    a, b = (big, small) if positive else (small, big)
    num, den = _pair_ratios(M, a, b)
    r, idx = max_ratio(num, den)
    wit = {}
    if r is not None:
        k, y = idx
        T = M.inputs.points[small[k]]
        wit = {"entity": ent[k], "event": [M.outputs[y]],
               "datasets": [M.inputs.points[a[k]], M.inputs.points[b[k]]],
               "distribution": f"p_s = 1 for s in {sorted(T, key=repr)!r}, p_s = 0 for the other entities "
                               f"except t = {ent[k]!r}, 0 < p_t < 1"}
    return _free_p_result(name, r, form, wit, "independent")


def _one_of_two_lower(M, positive):
    with_t, with_s, ents = _swap_pairs(M.inputs)
    if not with_t:
        return None, {}
    a, b = (with_t, with_s) if positive else (with_s, with_t)
    num, den = _pair_ratios(M, a, b)
    r, idx = max_ratio(num, den)
    if r is None:
        return None, {}
    k, y = idx
    t, s = ents[k]
    F = M.inputs.points[with_t[k]] - {t}
    return r, {"entity": t, "event": [M.outputs[y]],
               "datasets": [M.inputs.points[a[k]], M.inputs.points[b[k]]],
               "distribution": f"exactly one of {t!r}, {s!r} present (Pr[{t!r}] = p), together with "
                               f"{sorted(F, key=repr)!r}"}


def _one_of_two(M, name, positive, form):
    _check_li_space(M, "one_of_two", (Bounded, Subsets))
    r, wit = _one_of_two_lower(M, positive)
    return _free_p_result(name, r, form, wit, "one_of_two")


def _bounded(M, name, positive, form):
    _check_li_space(M, "bounded", (Bounded, Subsets))
    space = M.inputs
    lo, wit = _one_of_two_lower(M, positive)
    # proved upper bound: per entity t and size k, A_y <= max_{T ∋ t} P(y|T) / min_{T ∌ t} P(y|T)
    num, den = _rows(M)
    L = math.lcm(*(int(d) for d in den))
    P = num * np.array([L // int(d) for d in den], dtype=object)[:, None]
    sizes = sorted({len(T) for T in space.points})
    hi = None
    for t in space.universe:
        for k in sizes:
            has = [j for j, T in enumerate(space.points) if len(T) == k and t in T]
            hasnt = [j for j, T in enumerate(space.points) if len(T) == k and t not in T]
            if not has or not hasnt:
                continue  # t is certain given |T| = k
            A, B = (P[has], P[hasnt]) if positive else (P[hasnt], P[has])
            r, _ = max_ratio(A.max(axis=0), B.min(axis=0))
            if larger_ratio(r, hi):
                hi = r
    if lo is None and hi is None:
        return _free_p_result(name, None, form, {}, "bounded")
    if lo is not None and hi is not None and lo == hi:
        m = _free_p_result(name, lo, form, wit, "bounded")
        return Measured(name, m.value, witness=m.witness, method=m.method,
                        note=m.note + "; the D^2_B lower bound meets the proved max/min upper bound")
    lower = _as_form(lo if lo is not None else Fraction(1), form)
    upper = _as_form(hi, form)
    return Measured(name, None, lower, upper, witness=dict(wit, family="bounded", attained=False),
                    method="enclosure: lower = sup over D^2_B ⊂ D_B; upper = max_{T∋t} P(y|T)/min_{T∌t} P(y|T)",
                    note=f"{_FAMILY_TEXT['bounded']}; the exact sup would follow from Li's Lemma 4.9 (coupling), "
                         f"which is a claim under test and is not assumed")


def _two_point(M, name, positive, form, prior, remaining, null_events):
    if not isinstance(M.inputs, (Hamming, Subsets)):
        raise SpaceMismatchError(f"family='two_point' (Zhao's D*) needs a mechanism on D^n (Hamming), got {M.inputs!r}")
    prior = check_prior(M, prior, "membership privacy over Zhao's D* (remaining records follow the prior)")
    if remaining not in ("conditional", "marginal"):
        raise InvalidArgument(f"remaining={remaining!r} must be 'conditional' or 'marginal'")
    J = PriorTensors(M, prior)
    n = J.n
    check_enumerable(n * 2 ** (n - 1), "the (i, K) pairs of Zhao's D*")
    if remaining == "conditional":
        lik = Likelihoods(J, null_events)
    else:
        Pt, at = J.tensor(J.P), J.tensor(J.a)
    best, wit = None, {}
    for i in range(n):
        others = [j for j in range(n) if j != i]
        for r_ in range(len(others) + 1):
            for K in itertools.combinations(others, r_):
                if remaining == "conditional":
                    g, a, order = lik.g_a(i, K)
                else:
                    Kbar = tuple(j for j in others if j not in K)
                    w = at.sum(axis=(i,) + K, keepdims=True)  # prior marginal of K̄ (scaled), broadcast
                    q = Pt * w[..., None]
                    g, a, order = _reshape_marginal(q.sum(axis=Kbar) if Kbar else q, i, K)
                # both orders (x_i, x_i') are scanned, so the NMP ratio Pr[y|¬t]/Pr[y|t] is the same
                # scan with the roles of x_i and x_i' exchanged (see the witness below)
                r, idx = leakage_scan(g, a)
                if larger_ratio(r, best):
                    best = r
                    ai, bi, s, y = idx
                    s_codes = np.unravel_index(s, tuple(J.radices[j] for j in order)) if order else ()
                    known = {j: J.value_label(j, int(c)) for j, c in zip(order, s_codes)}
                    xi, xpi = J.value_label(i, ai), J.value_label(i, bi)
                    if not positive:
                        xi, xpi = xpi, xi
                    wit = {"record": i, "entity": f"X_{i} = {xi!r}", "value": xi, "alternative": xpi,
                           "event": [M.outputs[y]], "known": known,
                           "distribution": f"D_{{{i},{sorted(known)}}}: P[X_{i}={xi!r}, X_K={known!r}] = p, "
                                           f"P[X_{i}={xpi!r}, X_K={known!r}] = 1-p; other records: {remaining} prior"}
    wit["prior"] = repr(prior)
    m = _free_p_result(name, best, form, wit, "two_point")
    return Measured(name, m.value, witness=m.witness, method=m.method,
                    note=m.note + f"; remaining records: {remaining} prior"
                         + (f"; null_events={null_events!r}" if remaining == "conditional" else ""))


def _reshape_marginal(q, i, K):
    """``q`` has axes (sorted {i} ∪ K) + outputs: move i first and flatten K.  Every configuration
    is admissible (the marginal of K̄ needs no conditioning), hence unit weights."""
    kept = sorted((i,) + tuple(K))
    g = np.moveaxis(q, kept.index(i), 0)
    order = [j for j in kept if j != i]
    m_i = g.shape[0]
    cs = int(np.prod(g.shape[1:-1], dtype=object)) if g.ndim > 2 else 1
    return g.reshape(m_i, cs, g.shape[-1]), np.ones((m_i, cs), dtype=object), order


# ----------------------------------------------------------------------------- public API
def _membership(M, positive, family, form, prior, remaining, method="auto", null_events="skip_undefined"):
    name = "positive_membership" if positive else "negative_membership"
    null_events = check_null_events(null_events)
    M = check_mechanism(M, name, rational=True)
    _check_form(form)
    if family not in FAMILIES:
        raise InvalidArgument(f"family={family!r} must be one of {list(FAMILIES)}")
    if family != "two_point" and prior is not None:
        raise InvalidArgument(f"prior={prior!r}: family={family!r} fixes the distributions itself; "
                              f"a prior is only used by family='two_point'")
    if family == "uniform":
        return _uniform(M, name, positive, form)
    if family == "independent":
        return _independent(M, name, positive, form)
    if family == "one_of_two":
        return _one_of_two(M, name, positive, form)
    if method not in ("auto", "enclosure"):
        raise InvalidArgument(f"method={method!r} must be 'auto' or 'enclosure'")
    if family == "bounded":
        if method == "auto" and M.is_rational:
            # exact when the coefficient certificate of exactpriv.measures.coupling proves that
            # the D^2_B lower bound is the sup over all of D_B (proof in that module's docstring)
            exact = bmi_membership_certified(M, negative=not positive, form=form)
            if exact is not None:
                return Measured(name, exact.value, witness=exact.witness, method=exact.method, note=exact.note)
        return _bounded(M, name, positive, form)
    return _two_point(M, name, positive, form, prior, remaining, null_events)


def positive_membership(M, *, family: str = "uniform", form: str = "gamma", prior=None,
                        remaining: str = "conditional", method: str = "auto",
                        null_events: str = "skip_undefined") -> Measured:
    """Tightest γ of (D, γ)-positive membership privacy over a family D (Li et al.; Zhao Def. 3).

    γ* = sup over D in the family, entities t and output sets S with Pr[S] > 0 of the least γ with
    Pr[t|S] <= γ Pr[t] and Pr[¬t|S] >= Pr[¬t]/γ.  ``family``: "uniform" (D_N), "independent"
    (D_I), "bounded" (D_B), "one_of_two" (D^2_B) — mechanisms on ``Subsets(U)`` (or
    ``Bounded(U, k)`` for the bounded families) — or "two_point" (Zhao's D*, mechanisms on D^n,
    needs ``prior``; ``remaining`` = "conditional" | "marginal" says how the other records are
    drawn).  ``form="eps"`` gives ε = ln γ (Zhao's <D, ε>-MP, Zhao (21)-(22)).

    Exact for "uniform" (one distribution), "independent", "one_of_two", "two_point" (the sup
    over the family is a maximum of single-output likelihood ratios, usually approached as
    Pr[t] -> 0 and not attained: see ``method``); for "bounded" exact when the coefficient
    certificate of :mod:`exactpriv.measures.coupling` holds (``method="auto"``), otherwise (or
    with ``method="enclosure"``) a certified enclosure.  Proofs in the module docstring.
    ``null_events`` ("skip_undefined" | "skip_null"): configurations of prior probability 0 under
    "two_point"/"conditional", as in Bayesian DP (module docstring).  Witness: "entity" (or record
    event), "event" [y], "distribution", "datasets", "attained".
    """
    return _membership(M, True, family, form, prior, remaining, method, null_events)


def negative_membership(M, *, family: str = "uniform", form: str = "gamma", prior=None,
                        remaining: str = "conditional", method: str = "auto",
                        null_events: str = "skip_undefined") -> Measured:
    """Tightest γ of (D, γ)-negative membership privacy (Li et al., ``li2013.def_nmp``).

    γ* = sup over D, t, S with Pr[S] > 0 of the least γ with Pr[t|S] >= Pr[t]/γ and
    Pr[¬t|S] <= γ Pr[¬t].  Families, forms and exactness as in :func:`positive_membership`
    (the level of (D, t) is Φ(1 - p, max_y Pr[y|¬t]/Pr[y|t]), the mirror image of PMP).
    """
    return _membership(M, False, family, form, prior, remaining, method, null_events)


def is_positive_membership(M, level, *, family: str = "uniform", form: str = "gamma", prior=None,
                           remaining: str = "conditional", null_events: str = "skip_undefined",
                           max_prec: int = 2048) -> Decision:
    """Decide (family, level)-PMP (``form`` says whether ``level`` is γ or ε = ln γ)."""
    exact_level(level, allow_symbols=True)
    return at_most(positive_membership(M, family=family, form=form, prior=prior, remaining=remaining,
                                    null_events=null_events), level,
                   max_prec=max_prec)


def is_negative_membership(M, level, *, family: str = "uniform", form: str = "gamma", prior=None,
                           remaining: str = "conditional", null_events: str = "skip_undefined",
                           max_prec: int = 2048) -> Decision:
    """Decide (family, level)-NMP (``form`` says whether ``level`` is γ or ε = ln γ)."""
    exact_level(level, allow_symbols=True)
    return at_most(negative_membership(M, family=family, form=form, prior=prior, remaining=remaining,
                                    null_events=null_events), level,
                   max_prec=max_prec)


def bmi_membership(M, *, negative: bool = False, form: str = "gamma") -> Measured:
    """Tightest γ of (D_B, γ)-PMP (``negative=True``: NMP) over all BMI laws (Li et al., Family 4.6):
    exact when the coefficient certificate of :func:`exactpriv.measures.coupling.bmi_membership_certified`
    holds, else the certified enclosure of the "bounded" family (and the result says so)."""
    exact = bmi_membership_certified(M, negative=negative, form=form)
    if exact is not None:
        return exact
    name = "bmi_negative_membership" if negative else "bmi_positive_membership"
    base = (negative_membership if negative else positive_membership)(M, family="bounded", form=form,
                                                                      method="enclosure")
    return Measured(name, base.value, base.lower, base.upper, witness=dict(base.witness),
                    method=base.method + "; coefficient certificate unavailable", note=base.note)


def is_bmi_membership(M, level, *, negative: bool = False, form: str = "gamma") -> Decision:
    """Decide (D_B, level)-PMP (``negative=True``: NMP); ``form`` says whether level is γ or ln γ."""
    return at_most(bmi_membership(M, negative=negative, form=form), level)
