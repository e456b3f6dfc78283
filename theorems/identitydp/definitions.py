"""The definitions identity DP's statements rest on: dataset mechanisms, sources and their dependence.

The definitions identity DP's statements rest on: dataset (multiset) mechanisms, conditionals of the
sources, and the dependence structure they assume — independence (joint or pairwise), the number k of
dependent sources, the distance η between conditionals (Lemma 5, (40)), and the conditional
independence (14) of Proposition 1.  Each hypothesis a reading states is a named
:class:`~exactpriv.claims.Hypothesis` defined here.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1), Sec. 2-4 and 6.
"""

from __future__ import annotations

import collections
import functools
import itertools
from fractions import Fraction

from exactpriv.claims import Hypothesis, Instance, positive_mechanism
from exactpriv.distributions import Prior
from exactpriv.errors import SupportError
from exactpriv.mechanisms.base import Mechanism

def multiset_key(point) -> tuple:
    """The dataset {z_1, ..., z_n} of a record sequence (its histogram), as a hashable key."""
    return tuple(sorted(collections.Counter(point).items(), key=repr))


def is_multiset_mechanism(M: Mechanism) -> bool:
    """True iff M's rows agree on record sequences with the same multiset (Sec. 2.3:
    "M(y) = M(z) for any two y, z in D_x"), i.e. M is a mechanism on datasets."""
    seen: dict = {}
    for p, row in zip(M.inputs.points, M.rows):
        k = multiset_key(p)
        if k in seen and seen[k] != row:
            return False
        seen.setdefault(k, row)
    return True


def _multiset_hypothesis(inst: Instance) -> bool:
    ms = [inst.mechanism] + [v for v in inst.extra.values() if isinstance(v, Mechanism)]
    return all(is_multiset_mechanism(m) for m in ms)


def record_joint(M, P, i: int) -> tuple[dict, dict]:
    """(Pr[X_i = t, Y = r] as a list over r, Pr[X_i = t]) keyed by the values t of record i with positive
    probability, summed by hand from the joint pmf P(x) M(r|x) — an evaluation independent of the library's
    record measures, which the readings compare against."""
    joint: dict = {}
    marg: dict = {}
    for p, q, row in zip(M.inputs.points, P.pmf, M.rows):
        if q:
            marg[p[i]] = marg.get(p[i], Fraction(0)) + q
            acc = joint.setdefault(p[i], [Fraction(0)] * len(M.outputs))
            for r, v in enumerate(row):
                acc[r] += q * v
    return joint, marg


def cond_rest(prior: Prior, i: int, t) -> dict:
    """Pr[X_(i) = x_(i) | X_i = t] keyed by x_(i) (None if Pr[X_i = t] = 0)."""
    try:
        c = prior.conditional_pmf({i: t})
    except SupportError:
        return None
    out: dict = {}
    for p, q in zip(prior.space.points, c):
        if q:
            key = p[:i] + p[i + 1:]
            out[key] = out.get(key, Fraction(0)) + q
    return out


def _tv(a: dict, b: dict) -> Fraction:
    keys = set(a) | set(b)
    return sum((abs(a.get(k, Fraction(0)) - b.get(k, Fraction(0))) for k in keys), Fraction(0)) / 2


def max_tv(prior: Prior) -> Fraction:
    """max over i, t, t' (positive marginals) of 1 - sum_x min{P(x|t), P(x|t')} = TV (seed (40))."""
    best = Fraction(0)
    for i in range(prior.space.n_records):
        conds = [c for c in (cond_rest(prior, i, t) for t in prior.space.records[i]) if c is not None]
        for a, b in itertools.combinations(conds, 2):
            best = max(best, _tv(a, b))
    return best


@functools.lru_cache(maxsize=None)
def k_joint(prior: Prior) -> int:
    """Least k with: every source jointly independent of at least n - k other sources."""
    n = prior.space.n_records
    return n - min(len(prior.independent_of(i)) for i in range(n))


def k_pairwise(prior: Prior) -> int:
    """Least k with: every source pairwise independent of at least n - k others (1 + max degree
    of the pairwise dependency graph)."""
    g = prior.dependency_graph()
    return 1 + max((d for _, d in g.degree), default=0)


def _independent_sets(prior: Prior, i: int, size: int):
    """All sets S of other records with |S| >= size and X_i independent of X_S jointly."""
    n = prior.space.n_records
    others = [j for j in range(n) if j != i]
    for r in range(max(size, 0), len(others) + 1):
        for s in itertools.combinations(others, r):
            if prior.is_independent((i,), s):
                yield s


def conditional_eta(prior: Prior, k: int) -> Fraction:
    """max_i min_S max_{t,t',xbar} TV(P(X~ | t, xbar), P(X~ | t', xbar)) over admissible S
    (|S| >= n-k, X_i independent of X_S), X~ the records outside {i} u S."""
    sp = prior.space
    n = sp.n_records
    worst = Fraction(0)
    for i in range(n):
        best_i = None
        for S in _independent_sets(prior, i, n - k):
            eta_s = Fraction(0)
            rest = [j for j in range(n) if j != i and j not in S]
            for xbar in itertools.product(*(sp.records[j] for j in S)):
                conds = []
                for t in sp.records[i]:
                    given = {i: t, **dict(zip(S, xbar))}
                    try:
                        c = prior.conditional_pmf(given)
                    except SupportError:
                        continue
                    d: dict = {}
                    for p, q in zip(sp.points, c):
                        if q:
                            key = tuple(p[j] for j in rest)
                            d[key] = d.get(key, Fraction(0)) + q
                    conds.append(d)
                for a, b in itertools.combinations(conds, 2):
                    eta_s = max(eta_s, _tv(a, b))
            best_i = eta_s if best_i is None else min(best_i, eta_s)
        worst = max(worst, best_i if best_i is not None else Fraction(1))
    return worst


def cond_output_law(M: Mechanism, prior: Prior, i: int, t):
    """Pr[Y = r | X_i = t] for every r (None if Pr[X_i = t] = 0)."""
    try:
        c = prior.conditional_pmf({i: t})
    except SupportError:
        return None
    out = [Fraction(0)] * len(M.outputs)
    for q, row in zip(c, M.rows):
        if q:
            for r, v in enumerate(row):
                if v:
                    out[r] += q * v
    return out


def _conditionally_independent(M1: Mechanism, M2: Mechanism, prior: Prior) -> bool:
    """(14): Pr[Y1=r1, Y2=r2 | X_j=t] = Pr[Y1=r1|X_j=t] Pr[Y2=r2|X_j=t] for all j, t, r."""
    sp = prior.space
    for j in range(sp.n_records):
        for t in sp.records[j]:
            try:
                c = prior.conditional_pmf({j: t})
            except SupportError:
                continue
            a = [Fraction(0)] * len(M1.outputs)
            b = [Fraction(0)] * len(M2.outputs)
            ab = [[Fraction(0)] * len(M2.outputs) for _ in M1.outputs]
            for q, r1, r2 in zip(c, M1.rows, M2.rows):
                if not q:
                    continue
                for y1, v1 in enumerate(r1):
                    a[y1] += q * v1
                    for y2, v2 in enumerate(r2):
                        ab[y1][y2] += q * v1 * v2
                for y2, v2 in enumerate(r2):
                    b[y2] += q * v2
            if any(ab[y1][y2] != a[y1] * b[y2] for y1 in range(len(a)) for y2 in range(len(b))):
                return False
    return True


def _independent_sources(inst: Instance) -> bool:
    return inst.prior is not None and bool(inst.prior.is_mutually_independent())


def _outputs_independent_given_sources(inst: Instance) -> bool:
    return _conditionally_independent(inst.mechanism, inst.extra["M2"], inst.prior)


#: Sec. 2.3: "M(y) = M(z) for any two y, z in D_x" — the mechanism (and any second mechanism in
#: ``extra``) is a function of the dataset
DATASET_MECHANISM = Hypothesis("dataset-mechanism", "M is a function of the dataset: its rows agree on record "
                               "sequences with the same multiset (Sec. 2.3)", _multiset_hypothesis)
#: Propositions 2, Corollaries 1-2: "Assume the sources X1, ..., Xn are independent"
INDEPENDENT_SOURCES = Hypothesis("independent-sources", "the sources X_1, ..., X_n are mutually independent "
                                 "(the prior is a product)", _independent_sources)
#: Proposition 1, (14): Y_1, ..., Y_k independent conditioned on each source X_j
OUTPUTS_INDEPENDENT_GIVEN_EACH_SOURCE = Hypothesis(
    "outputs-independent-given-each-source", "(14): Pr[Y1 = r1, Y2 = r2 | X_j = t] = Pr[Y1 = r1 | X_j = t] "
    "Pr[Y2 = r2 | X_j = t] for every source j, record t and outputs", _outputs_independent_given_sources)
#: Lemma 3 and (23)-(24) need a_i, b_i > 0: every output has positive probability on every input
POSITIVE_MECHANISM = positive_mechanism
