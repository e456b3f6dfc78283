"""Identity differential privacy for dependent records (seed 004), all 24 claims.

Seed: ``shared/seeds/004_8c27f358b326ed94.txt`` ("Extending differential privacy for treating
dependent records").  Claim ids: ``identitydp.*`` in ``shared/CLAIMS.md``.

The model, as encoded
---------------------
* Sources X_1..X_n are the records of an exactpriv product space (``Hamming``); a record
  sequence is a point, the joint profile F is a :class:`~exactpriv.distributions.Prior` on the
  points (arbitrary, possibly dependent).
* The seed's mechanisms are functions of the *dataset* (the multiset of records, Sec. 2.3:
  "M(y) = M(z) for any two y, z in D_x").  On a Hamming space a mechanism is such a function iff
  its rows agree on sequences with the same multiset (:func:`is_multiset_mechanism`); the literal
  readings use families that are multiset functions *by construction* (rows drawn per multiset;
  count queries) and declare it as their ``hypothesis``.  With disjoint record universes
  (``Hamming.product([["a0", "a1"], ["b0", "b1", "b2"]])``) every mechanism is a multiset
  function, which is how mechanisms reading one record only enter the literal model.
  Readings named ``general-mechanisms`` drop the hypothesis (any mechanism on D^n).
* Neighbours: datasets at histogram L1 distance 2 (replace one record).  For multiset
  mechanisms this is exactly replace-one on sequences, so Def. 2's eps is
  :func:`~exactpriv.measures.divergence.pure_dp` (checked in ``identitydp.def2``).
* eps-identity DP (Def. 3, (11)) is :func:`~exactpriv.measures.bayesian.identity_dp` (the
  tightest level, an exact LogForm); Theorem 1's side (12) is
  :func:`~exactpriv.measures.bayesian.identity_dp_posterior_form` (a separate route).
* Implications "eps-A => f(eps)-B" are checked at the tightest eps: B(M) <= f(A(M)); every
  comparison is :func:`exactpriv.exact.kernel.compare` on exact values (Fractions, LogForms,
  oo).  Shannon quantities (KL, MI, conditional MI) are exact LogForms from
  :mod:`exactpriv.measures.information` (or certified enclosures, decided from the side that
  matters; UNDECIDED if they straddle).
* Families: seeded ``random.Random`` builders of exact instances (small integer weights,
  zeros allowed) mirroring ``counterexamples.strategies`` (product priors, block
  "k-dependent" priors, arbitrary joint priors, perfectly dependent priors), plus the zoo's
  truncated-geometric count query (the seed's geometric mechanism) and explicit witnesses.
  Instances are built once (``functools.lru_cache``) and measures are cached per object, so
  readings sharing a family share the work.

Example 1 is continuous (Laplace noise); its finite analogue uses the truncated geometric
count query on n perfectly correlated binary records (the truncation keeps the likelihood
ratios of the untruncated geometric mechanism, so e^{n eps} is exact).

Lemmas 1-3 are real inequalities in several variables: they are CHECKED on exact rational
grids and random instances; Lemma 1's pole-free reading is also PROVED (the derivative
identity by exact sympy rewriting).  ``exactpriv.certify`` proves univariate statements in eps
and is used for Examples 1 and 2.

Findings (expected verdicts; details in each reading's ``notes``)
-----------------------------------------------------------------
* ``dp_special_case/literal`` REFUTED: "eps-DP is a special case of eps-identity-DP" fails
  under dependence (the seed's own Example 2: 2 eps).  Minimal witness: 2 binary records,
  2 outputs.
* ``prop4/literal`` REFUTED: eps-identity DP does *not* bound I(X_i;Y|X_(i)); the proof uses
  the pure-DP inequality Pr[M(x^_i, x_(i)) = r] >= e^-eps Pr[M(x_i, x_(i)) = r].  Witness: the
  parity of two independent uniform bits (identity-DP level 0, conditional MI = log 2).  With
  the pure-DP hypothesis (reading ``pure-dp-hypothesis``) it is CHECKED.
* ``thm4/literal`` REFUTED: with eta taken over the full conditional law of X_(i) as stated
  ((40)), "the combination of Lemma 5 and the proof of Proposition 3" fails: n = 3, k = 2,
  eta = 1/3, M eps/2-DP with eps = 2 log 3 (so eps(1-1/k) = b = log 3), yet the identity-DP
  level is log(19/3) > eps - b + log 2 = log 6.  The per-x̄ combination needs eta to bound the
  conditional law of the dependent part given each value of the independent part (reading
  ``conditional-eta``: CHECKED).
* ``prop1/without-conditional-independence`` REFUTED (hypothesis (14) is needed, even for
  independent sources); ``prop3/pairwise-independence`` REFUTED (Prop. 3 needs a source to
  be *jointly* independent of the n-k others: XOR prior); ``cor1``/``cor2``
  ``without-independence`` REFUTED (the corollaries' derivation "eps-DP is a special case"
  does not hold under dependence; the MI witness needs 8 perfectly correlated records);
  ``lemma1/literal-whole-domain`` REFUTED (g = 1/x is not monotone across its pole);
  ``def2/z-form-general-mechanisms`` REFUTED (for mechanisms that are not multiset functions
  the seed's sequence-neighbour relation is not replace-one).
Everything else is CHECKED (or PROVED: Ex. 1 Laplace ratio, Ex. 2 (3), Lemma 1 pole-free).

Witness sizes: dp_special_case, prop4, prop1 (2 binary records, 2 outputs), prop3-pairwise,
thm4, def2 (3 binary records, 2 outputs) are minimal in the number of records (fewer records
make the statement true: n = 1 gives identity_dp = pure_dp and I(X_1;Y|.) = I(X_1;Y); pairwise
and joint independence coincide for n <= 2; Theorem 4 with n = k is Lemma 5).  The cor1
witness (2 records, 3 outputs, e^eps = 16) and the cor2 witness (8 records) are the smallest
found by the searches described in their notes, not proved minimal.

Deliberately broken variants refuted in ``tests/theorems/test_identitydp.py``: Prop. 2 with
eps/2; Prop. 3 with the eps/(k-1)-DP hypothesis; Theorem 1 without the prior odds; Lemma 4 with
e^{eps/2}; Theorem 2 with eps/2; Theorem 3 with eps/8; Lemma 5 without "+ log 2"; Prop. 1
without (14) (a reading here).
"""

from __future__ import annotations

import collections
import functools
import itertools
import math
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.errors import SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.measures.bayesian import identity_dp, identity_dp_posterior_form
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.information import conditional_mi, record_mi, record_posterior_kl
from exactpriv.measures.result import Measured
from exactpriv.spaces import Hamming

__all__ = ["CLAIMS", "is_multiset_mechanism"]

SEED = "seed 004_8c27f358b326ed94.txt"
_OO = sympy.oo
_LOG2 = LogForm.log(2)
_ZERO = LogForm.rational(0)


# ======================================================================================
# exact helpers
# ======================================================================================
def _log_ratio(best):
    """ln of a maximum ratio: None (no ratio) -> 0, oo -> oo, Fraction -> LogForm."""
    if best is None:
        return _ZERO
    if best is _OO:
        return _OO
    return LogForm.log(best)


def _better(a, b) -> bool:
    """a > b for ratios Fraction | oo, with None = nothing yet."""
    if a is None:
        return False
    if b is None:
        return True
    if a is _OO:
        return b is not _OO
    if b is _OO:
        return False
    return a > b


def _ratio(num, den):
    """num/den with the conventions 0/0 -> None (ignored), a/0 -> oo."""
    if den == 0:
        return None if num == 0 else _OO
    return Fraction(num) / Fraction(den)


def _is_oo(v) -> bool:
    return v is _OO or (isinstance(v, sympy.Basic) and v == _OO)


def _scale(k, v):
    """k * v for an exact level v (LogForm / Fraction / oo), k a non-negative rational."""
    if _is_oo(v):
        return _OO if k > 0 else _ZERO
    return v * Fraction(k)


def _add(*vs):
    if any(_is_oo(v) for v in vs):
        return _OO
    out = _ZERO
    for v in vs:
        out = out + v
    return out


def _lmax(a, b):
    """Exact max of two levels (LogForm / Fraction / oo)."""
    if _is_oo(a) or _is_oo(b):
        return _OO
    d = compare(a, ">=", b)
    if d.is_undecided:  # pragma: no cover - LogForm comparisons are always decidable
        raise ValueError(d.reason)
    return a if d.is_true else b


def _combine(parts, what: str) -> Decision:
    """All TRUE -> TRUE; any FALSE -> the first FALSE; else UNDECIDED."""
    parts = list(parts)
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", precision=d.precision, certificate=d.certificate)
    und = [d for d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0].method, f"{what}: " + "; ".join(d.reason for d in und))
    return Decision.true(parts[0].method if parts else "vacuous", f"{what}: every part holds")


def _measured_le(m: Measured, bound) -> Decision:
    """Decide m <= bound from m's exact value, or from the certified side that matters."""
    if m.value is not None:
        return compare(m.value, "<=", bound)
    if m.upper is not None and compare(m.upper, "<=", bound).is_true:
        return Decision.true("enclosure", f"{m.name} <= {m.upper} <= {bound}")
    if m.lower is not None and compare(m.lower, ">", bound).is_true:
        return Decision.false("enclosure", f"{m.name} >= {m.lower} > {bound}")
    return Decision.undecided("enclosure", f"{bound} lies in the enclosure [{m.lower}, {m.upper}] of {m.name}")


def _measured_gt(m: Measured, bound) -> Decision:
    d = _measured_le(m, bound)
    if d.is_true:
        return Decision.false(d.method, f"not >: {d.reason}")
    if d.is_false:
        return Decision.true(d.method, f">: {d.reason}")
    return d


# ======================================================================================
# the model: multiset mechanisms, conditionals, independence structure
# ======================================================================================
def _multiset_key(point) -> tuple:
    """The dataset {z_1, ..., z_n} of a record sequence (its histogram), as a hashable key."""
    return tuple(sorted(collections.Counter(point).items(), key=repr))


def is_multiset_mechanism(M: Mechanism) -> bool:
    """True iff M's rows agree on record sequences with the same multiset (seed 004 Sec. 2.3:
    "M(y) = M(z) for any two y, z in D_x"), i.e. M is a mechanism on datasets."""
    seen: dict = {}
    for p, row in zip(M.inputs.points, M.rows):
        k = _multiset_key(p)
        if k in seen and seen[k] != row:
            return False
        seen.setdefault(k, row)
    return True


def _multiset_hypothesis(inst: Instance) -> bool:
    ms = [inst.mechanism] + [v for v in inst.extra.values() if isinstance(v, Mechanism)]
    return all(is_multiset_mechanism(m) for m in ms)


def _cond_rest(prior: Prior, i: int, t) -> dict:
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


def _max_tv(prior: Prior) -> Fraction:
    """max over i, t, t' (positive marginals) of 1 - sum_x min{P(x|t), P(x|t')} = TV (seed (40))."""
    best = Fraction(0)
    for i in range(prior.space.n_records):
        conds = [c for c in (_cond_rest(prior, i, t) for t in prior.space.records[i]) if c is not None]
        for a, b in itertools.combinations(conds, 2):
            best = max(best, _tv(a, b))
    return best


@functools.lru_cache(maxsize=None)
def _k_joint(prior: Prior) -> int:
    """Least k with: every source jointly independent of at least n - k other sources."""
    n = prior.space.n_records
    return n - min(len(prior.independent_of(i)) for i in range(n))


def _k_pairwise(prior: Prior) -> int:
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


def _conditional_eta(prior: Prior, k: int) -> Fraction:
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


def _cond_output_law(M: Mechanism, prior: Prior, i: int, t):
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
    """Seed (14): Pr[Y1=r1, Y2=r2 | X_j=t] = Pr[Y1=r1|X_j=t] Pr[Y2=r2|X_j=t] for all j, t, r."""
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


# ======================================================================================
# cached measures (instances are built once; the cache holds the objects, so ids stay valid)
# ======================================================================================
_CACHE: dict = {}


def _cached(name, fn, *objs):
    key = (name,) + tuple(id(o) for o in objs)
    hit = _CACHE.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], objs)):
        return hit[1]
    v = fn()
    _CACHE[key] = (objs, v)
    return v


def _ID(M, P):
    return _cached("id", lambda: identity_dp(M, prior=P).value, M, P)


def _PURE(M):
    return _cached("pure", lambda: pure_dp(M).value, M)


def _KL(M, P) -> Measured:
    return _cached("kl", lambda: record_posterior_kl(M, prior=P), M, P)


def _MI(M, P) -> Measured:
    return _cached("mi", lambda: record_mi(M, prior=P), M, P)


def _CMI(M, P) -> Measured:
    return _cached("cmi", lambda: conditional_mi(M, prior=P), M, P)


# ======================================================================================
# seeded exact builders (mirroring counterexamples.strategies, but deterministic)
# ======================================================================================
_B1 = Hamming(range(3), 1)
_B2 = Hamming((0, 1), 2)
_B3 = Hamming((0, 1), 3)
_T2 = Hamming((0, 1, 2), 2)
_DISJ = Hamming.product([["a0", "a1"], ["b0", "b1", "b2"]])


def _pmf(rng: random.Random, k: int, *, zeros: bool = True, maxw: int = 6) -> list[Fraction]:
    lo = 0 if zeros else 1
    w = [rng.randint(lo, maxw) for _ in range(k)]
    if rng.random() < 0.25 and k > 1:  # near-deterministic rows reach extreme ratios
        w[rng.randrange(k)] += maxw * rng.choice((4, 16))
    if sum(w) == 0:
        w[rng.randrange(k)] = 1
    s = sum(w)
    return [Fraction(x, s) for x in w]


def _sym_mech(rng, space, R, *, zeros=True) -> Mechanism:
    """A random mechanism on datasets: one row per multiset of records."""
    rows_by: dict = {}
    rows = []
    for p in space.points:
        k = _multiset_key(p)
        if k not in rows_by:
            rows_by[k] = _pmf(rng, R, zeros=zeros)
        rows.append(rows_by[k])
    return Mechanism(space, list(range(R)), rows, _built=f"<random multiset mechanism on {space!r}>")


def _gen_mech(rng, space, R, *, zeros=True) -> Mechanism:
    rows = [_pmf(rng, R, zeros=zeros) for _ in space.points]
    return Mechanism(space, list(range(R)), rows, _built=f"<random mechanism on {space!r}>")


def _by_count(space, table) -> Mechanism:
    """Mechanism on {0,1}^n whose row depends on the number of 1-records only (a dataset
    mechanism): ``table[c]`` is the row for count c."""
    rows = [table[sum(1 for v in p if v == 1)] for p in space.points]
    return Mechanism(space, list(range(len(table[0]))), rows)


def _product_prior(rng, space, *, zeros=True) -> Prior:
    return Prior.product(space, [_pmf(rng, len(a), zeros=zeros) for a in space.records])


def _joint_prior(rng, space, *, zeros=True) -> Prior:
    return Prior(space, _pmf(rng, space.size, zeros=zeros))


def _block_prior(rng, space, k) -> Prior:
    """Records partitioned into random blocks of size <= k, independent across blocks, an
    arbitrary joint pmf inside each block: every record is jointly independent of at least
    n - k others (seed 004 Prop. 3's hypothesis), as ``strategies.k_dependent_priors``."""
    n = space.n_records
    order = list(range(n))
    rng.shuffle(order)
    blocks, i = [], 0
    while i < n:
        size = rng.randint(1, max(1, min(k, n - i)))
        blocks.append(sorted(order[i:i + size]))
        i += size
    bp = []
    for b in blocks:
        size = math.prod(len(space.records[j]) for j in b)
        bp.append(_pmf(rng, size, zeros=rng.random() < 0.5))
    codes = space.record_codes().tolist()
    pmf = []
    for row in codes:
        p = Fraction(1)
        for b, q in zip(blocks, bp):
            idx = 0
            for j in b:
                idx = idx * len(space.records[j]) + row[j]
            p *= q[idx]
        pmf.append(p)
    return Prior(space, pmf)


def _diag_prior(rng, space) -> Prior:
    """Perfectly dependent records: all records equal (same alphabet), random weights."""
    w = _pmf(rng, len(space.records[0]), zeros=False)
    pm = {tuple([v] * space.n_records): q for v, q in zip(space.records[0], w)}
    return Prior.from_dict(space, pm)


def _mixture_prior(rng, space, delta: Fraction) -> Prior:
    """(1 - delta) * product + delta * arbitrary: weakly dependent sources (small eta)."""
    a = _product_prior(rng, space, zeros=False)
    b = _joint_prior(rng, space)
    return Prior(space, [(1 - delta) * x + delta * y for x, y in zip(a.pmf, b.pmf)])


def _xor_prior(space=_B3) -> Prior:
    """X_3 = X_1 xor X_2 with X_1, X_2 independent uniform: pairwise independent records that
    are jointly dependent."""
    return Prior.from_dict(space, {p: Fraction(1, 4) for p in space.points if sum(p) % 2 == 0})


def _modulated_prior(delta: Fraction, rho: Fraction) -> Prior:
    """X_3 ~ Bern(delta), X_1 ~ Bern(rho) independent of X_3; X_2 = X_1 if X_3 = 1, else an
    independent Bern(rho).  X_1 and X_2 are each independent of X_3 (so k = 2 for n = 3) and
    eta = max(delta, 2 rho (1 - rho)); the dependence of X_2 on X_1 is switched on by the rare
    value X_3 = 1 (the structure behind the Theorem 4 counterexample)."""
    pm = []
    for x1, x2, x3 in _B3.points:
        p3 = delta if x3 == 1 else 1 - delta
        p1 = rho if x1 == 1 else 1 - rho
        if x3 == 1:
            p2 = Fraction(1) if x2 == x1 else Fraction(0)
        else:
            p2 = rho if x2 == 1 else 1 - rho
        pm.append(p3 * p1 * p2)
    return Prior(_B3, pm)


def _geo(n: int, e) -> Mechanism:
    return zoo.count_query_geometric(n, exp_eps=e)


# ----------------------------------------------------------------------------- families
_SPACES = (_B2, _B3, _T2)


@functools.lru_cache(maxsize=None)
def _fam_random(kind: str, prior_kind: str, seed: int, count: int, zeros: bool = True) -> tuple:
    """``count`` instances: mechanism kind "sym" (multiset) or "gen"; prior kind "product",
    "joint", "block", "diag", "mixture"."""
    rng = random.Random(seed)
    out = []
    spaces = _SPACES + ((_DISJ,) if prior_kind in ("product", "joint", "mixture") else ())
    for k in range(count):
        space = spaces[k % len(spaces)]
        R = rng.choice((2, 3))
        M = (_sym_mech if kind == "sym" else _gen_mech)(rng, space, R, zeros=zeros)
        if prior_kind == "product":
            P = _product_prior(rng, space)
        elif prior_kind == "joint":
            P = _joint_prior(rng, space)
        elif prior_kind == "block":
            P = _block_prior(rng, space, rng.randint(1, space.n_records))
        elif prior_kind == "diag":
            P = _diag_prior(rng, space)
        elif prior_kind == "mixture":
            P = _mixture_prior(rng, space, Fraction(1, rng.choice((4, 10, 50))))
        else:  # pragma: no cover
            raise ValueError(prior_kind)
        out.append(Instance(f"{kind}/{prior_kind}#{k} on {space!r}", M, P, {"seed": seed}))
    return tuple(out)


def _rf(kind, prior_kind, seed, count, *, zeros=True, name=None) -> Family:
    return Family(name or f"random-{kind}-{prior_kind}",
                  lambda: _fam_random(kind, prior_kind, seed, count, zeros),
                  f"{count} seeded random exact instances (random.Random({seed})): "
                  f"{'multiset' if kind == 'sym' else 'general'} mechanisms, {prior_kind} priors, "
                  f"on {{0,1}}^2, {{0,1}}^3, {{0,1,2}}^2" + (", a0a1 x b0b1b2" if kind == "gen" else ""))


@functools.lru_cache(maxsize=None)
def _fam_zoo(prior_kind: str) -> tuple:
    """Count queries with truncated geometric noise (the seed's geometric mechanism) and
    randomized response (one source) under several priors."""
    rng = random.Random(4004)
    out = []
    for n, e in [(1, Fraction(3)), (1, Fraction(16)), (2, Fraction(2)), (2, Fraction(16)), (3, Fraction(3, 2)),
                 (3, Fraction(3))]:
        space = Hamming((0, 1), n)
        M = zoo.randomized_response(2, exp_eps=e) if n == 1 else _geo(n, e)
        if n == 1:
            M = Mechanism(space, M.outputs, M.rows, _built=repr(M))
        priors = []
        if prior_kind == "product":
            priors = [Prior.product(space, [[Fraction(9, 10), Fraction(1, 10)]] * n),
                      Prior.product(space, [[Fraction(1, 8), Fraction(7, 8)]] * n),
                      _product_prior(rng, space)]
        elif prior_kind == "joint":
            priors = [_joint_prior(rng, space), _diag_prior(rng, space) if n > 1 else _joint_prior(rng, space),
                      Prior.from_dict(space, {(0,) * n: Fraction(7, 8), (1,) * n: Fraction(1, 8)})]
        for k, P in enumerate(priors):
            out.append(Instance(f"{M!r} with {prior_kind} prior #{k}", M, P, {"n": n, "exp_eps": e}))
    return tuple(out)


def _zf(prior_kind) -> Family:
    return Family(f"zoo-{prior_kind}", lambda: _fam_zoo(prior_kind),
                  f"randomized response (n=1) and the truncated geometric count query (n=2,3; "
                  f"e^eps in {{3/2, 2, 3, 16}}) with {prior_kind} priors")


def _one(label, M, P=None, **kw) -> Family:
    inst = Instance(label, M, P, dict(kw.pop("params", {})), dict(kw.pop("extra", {})))
    return Family(kw.pop("name", "witness"), lambda: (inst,), kw.pop("description", label))


# ======================================================================================
# Examples 1 and 2
# ======================================================================================
def _posterior_odds_factor(M: Mechanism, prior, i: int, t, tp, r):
    """[Pr[X_i=t | Y=r] / Pr[X_i=t' | Y=r]] / [Pr[X_i=t] / Pr[X_i=t']] by Bayes on the joint
    pmf (works for Fraction and sympy entries)."""
    sp = M.inputs
    ri = M.outputs.index(r)
    num = den = pt = ptp = 0
    for p, q, row in zip(sp.points, prior, M.rows):
        if not q:
            continue
        if p[i] == t:
            num += q * row[ri]
            pt += q
        elif p[i] == tp:
            den += q * row[ri]
            ptp += q
    return (num / den) / (pt / ptp)


def _ex1_check(inst: Instance) -> Outcome:
    n, e = int(inst.params["n"]), Fraction(inst.params["exp_eps"])
    M, P = inst.mechanism, inst.prior
    lr = _posterior_odds_factor(M, P.pmf, 0, 1, 0, n)
    idv = _ID(M, P)
    parts = [compare(lr, "==", e ** n), compare(idv, "==", LogForm.log(e) * n)]
    return Outcome(_combine(parts, f"posterior-odds factor at output {n} == e^(n eps) and identity-DP level == n eps"),
                   {"odds_factor": lr, "identity_dp": idv})


@functools.lru_cache(maxsize=None)
def _fam_ex1(ns: tuple) -> tuple:
    out = []
    for n in ns:
        space = Hamming((0, 1), n)
        for e in (Fraction(2), Fraction(3, 2)):
            P = Prior.from_dict(space, {(0,) * n: Fraction(9, 10), (1,) * n: Fraction(1, 10)})
            out.append(Instance(f"family of {n} perfectly correlated records, geometric count, e^eps={e}",
                                _geo(n, e), P, {"n": n, "exp_eps": e}))
    return tuple(out)


def _ex1_laplace_proof() -> Decision:
    from exactpriv.certify import prove_identity

    lap = lambda z, c: EPS / 2 * sympy.exp(-EPS * abs(z - c))  # noqa: E731 - Laplace(1/eps) density
    return prove_identity(lap(12, 10) / lap(12, 0), sympy.exp(10 * EPS), domain=(0, sympy.oo),
                          closed=(False, False)).to_decision()


_EX2_P1 = Fraction(1, 10)  # p(t1): probability of being infected


def _ex2_product_prior(space=_B2):
    return Prior.product(space, [[1 - _EX2_P1, _EX2_P1]] * 2)


def _ex2_diag_prior(p=_EX2_P1):
    return Prior.from_dict(_B2, {(0, 0): 1 - p, (1, 1): p})


def _ex2_independent_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    f = _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2)
    return Outcome(compare(LogForm.log(f), "<=", _PURE(M)), {"odds_factor": f, "pure_dp": _PURE(M)})


def _ex2_dependent_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    f = _posterior_odds_factor(M, P.pmf, 0, 1, 0, 2)
    if "exp_eps" in inst.params:
        target = Fraction(inst.params["exp_eps"]) ** 2
        what = "e^(2 eps) (eq. (3))"
    else:
        target = Fraction(M.rows[_B2.index((1, 1))][M.outputs.index(2)]) / M.rows[_B2.index((0, 0))][M.outputs.index(2)]
        what = "Pr[M(t1,t1)=2]/Pr[M(t2,t2)=2] (eq. (2))"
    return Outcome(compare(f, "==", target), {"odds_factor": f, "target": target, "what": what})


def _ex2_equality_proof() -> Decision:
    from exactpriv.certify import prove_identity

    M = zoo.count_query_geometric(2, eps=EPS)
    P = [sympy.Rational(q.numerator, q.denominator) for q in _ex2_diag_prior().pmf]
    f = sympy.cancel(_posterior_odds_factor(M, P, 0, 1, 0, 2))
    return prove_identity(f, sympy.exp(2 * EPS), domain=(0, sympy.oo), closed=(False, False)).to_decision()


@functools.lru_cache(maxsize=None)
def _fam_ex2(kind: str) -> tuple:
    rng = random.Random(42)
    out = []
    for e in (Fraction(2), Fraction(3), Fraction(3, 2), Fraction(16)):
        P = _ex2_product_prior() if kind == "independent" else _ex2_diag_prior()
        out.append(Instance(f"geometric count, e^eps={e}, {kind} prior p(t1)=1/10", _geo(2, e), P, {"exp_eps": e}))
    for k in range(30):
        M = _sym_mech(rng, _B2, 3, zeros=False)
        P = (Prior.product(_B2, [_pmf(rng, 2, zeros=False)] * 2) if kind == "independent"
             else _ex2_diag_prior(Fraction(rng.randint(1, 9), 10)))
        out.append(Instance(f"random positive multiset mechanism #{k}, {kind} prior", M, P))
    return tuple(out)


# ======================================================================================
# Definitions: the model (6), Definition 2, Definition 3
# ======================================================================================
def _histogram(point, universe) -> tuple:
    c = collections.Counter(point)
    return tuple(c.get(u, 0) for u in universe)


def _universe(space) -> tuple:
    return tuple(dict.fromkeys(v for a in space.records for v in a))


def _model_check(inst: Instance) -> Outcome:
    """D_y (5) partitions Z; F(y) (6) sums to 1; the law of Y computed on datasets equals the
    law computed on record sequences."""
    M, P = inst.mechanism, inst.prior
    U = _universe(M.inputs)
    groups: dict = {}
    for k, p in enumerate(M.inputs.points):
        groups.setdefault(_histogram(p, U), []).append(k)
    parts = [compare(sum(len(g) for g in groups.values()), "==", M.inputs.size)]
    FD = {h: sum((P.pmf[k] for k in g), Fraction(0)) for h, g in groups.items()}
    parts.append(compare(sum(FD.values(), Fraction(0)), "==", 1))
    for r in range(len(M.outputs)):
        via_d = sum((FD[h] * M.rows[g[0]][r] for h, g in groups.items()), Fraction(0))
        via_z = sum((q * row[r] for q, row in zip(P.pmf, M.rows)), Fraction(0))
        parts.append(compare(via_d, "==", via_z))
    return Outcome(_combine(parts, "dataset law (6) == sequence law"), {"datasets": len(groups)})


def _def2_forms(M: Mechanism):
    """(D-form, Z-form) levels of Definition 2: max ln Pr[M(x)=r]/Pr[M(x')=r] over datasets at
    histogram L1 distance 2 (D-form; M read at any sequence of the dataset) and over record
    sequences whose datasets are such neighbours (Z-form)."""
    U = _universe(M.inputs)
    pts = M.inputs.points
    hist = [_histogram(p, U) for p in pts]
    best_z = best_d = None
    rep = {}
    for k, h in enumerate(hist):
        rep.setdefault(h, k)
    for a, b in itertools.permutations(range(len(pts)), 2):
        if sum(abs(x - y) for x, y in zip(hist[a], hist[b])) != 2:
            continue
        for r in range(len(M.outputs)):
            v = _ratio(M.rows[a][r], M.rows[b][r])
            if _better(v, best_z):
                best_z = v
            if rep[hist[a]] == a and rep[hist[b]] == b and _better(v, best_d):
                best_d = v
    return _log_ratio(best_d), _log_ratio(best_z)


def _def2_check(inst: Instance) -> Outcome:
    d_form, z_form = _def2_forms(inst.mechanism)
    pu = _PURE(inst.mechanism)
    return Outcome(_combine([compare(d_form, "==", pu), compare(z_form, "==", pu)],
                            "Def. 2 D-form == Z-form == pure_dp (replace-one)"),
                   {"d_form": d_form, "z_form": z_form, "pure_dp": pu})


def _def2_z_general_check(inst: Instance) -> Outcome:
    _, z_form = _def2_forms(inst.mechanism)
    pu = _PURE(inst.mechanism)
    return Outcome(compare(z_form, "==", pu), {"z_form": z_form, "pure_dp": pu})


@functools.lru_cache(maxsize=None)
def _def2_witness() -> Family:
    half = [Fraction(1, 2), Fraction(1, 2)]
    rows = {(1, 0, 0): [Fraction(1, 4), Fraction(3, 4)], (0, 1, 1): [Fraction(3, 4), Fraction(1, 4)]}
    M = Mechanism(_B3, [0, 1], [rows.get(p, half) for p in _B3.points], _built="<not a dataset mechanism>")
    return _one("(1,0,0) and (0,1,1): neighbouring datasets, Hamming distance 3", M, name="minimal-witness")


def _def3_bruteforce(M: Mechanism, P: Prior):
    """eq. (11) literally: for each i, t, t', r the ratio of
    sum_{x_(i)} Pr[M(t, x_(i)) = r] Pr[X_(i) = x_(i) | X_i = t] (conditionals from
    Prior.conditional_pmf); values t of marginal 0 skipped; 0/0 ignored, a/0 = oo."""
    sp = M.inputs
    best = None
    for i in range(sp.n_records):
        sums = {}
        for t in sp.records[i]:
            c = _cond_rest(P, i, t)
            if c is None:
                continue
            vec = [Fraction(0)] * len(M.outputs)
            for xr, q in c.items():
                row = M.rows[sp.index(xr[:i] + (t,) + xr[i:])]
                for r in range(len(vec)):
                    vec[r] += row[r] * q
            sums[t] = vec
        for t, tp in itertools.permutations(sums, 2):
            for r in range(len(M.outputs)):
                v = _ratio(sums[t][r], sums[tp][r])
                if _better(v, best):
                    best = v
    return _log_ratio(best)


def _def3_joint_form(M: Mechanism, P: Prior):
    """max ln Pr[Y=r | X_i=t] / Pr[Y=r | X_i=t'] with Pr[Y=r|X_i=t] = Pr[X_i=t, Y=r]/Pr[X_i=t]
    summed from the joint pmf (the 'i.e.' of Def. 3)."""
    sp = M.inputs
    best = None
    for i in range(sp.n_records):
        joint: dict = {}
        marg: dict = {}
        for p, q, row in zip(sp.points, P.pmf, M.rows):
            if q:
                marg[p[i]] = marg.get(p[i], Fraction(0)) + q
                acc = joint.setdefault(p[i], [Fraction(0)] * len(M.outputs))
                for r, v in enumerate(row):
                    acc[r] += q * v
        for t, tp in itertools.permutations(marg, 2):
            for r in range(len(M.outputs)):
                v = _ratio(joint[t][r] / marg[t], joint[tp][r] / marg[tp])
                if _better(v, best):
                    best = v
    return _log_ratio(best)


def _def3_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    bf, jf, idv = _def3_bruteforce(M, P), _def3_joint_form(M, P), _ID(M, P)
    return Outcome(_combine([compare(idv, "==", bf), compare(idv, "==", jf)], "identity_dp == (11) brute force"),
                   {"identity_dp": idv, "bruteforce_11": bf, "joint_form": jf})


# ======================================================================================
# Lemmas 1-3 (real inequalities)
# ======================================================================================
def _g(a0, a1, b0, b1, x):
    return (a0 * x + a1) / (b0 * x + b1)


def _lemma1_params(inst: Instance):
    return tuple(Fraction(inst.params[k]) for k in ("a0", "a1", "b0", "b1", "x", "x2"))


def _lemma1_hypothesis(same_side: bool):
    """x < x' both in the domain of g (b0 x + b1 != 0); for the pole-free reading also on the
    same side of the pole."""

    def hyp(inst: Instance) -> bool:
        a0, a1, b0, b1, x, x2 = _lemma1_params(inst)
        if x >= x2 or b0 * x + b1 == 0 or b0 * x2 + b1 == 0:
            return False
        return not same_side or (b0 * x + b1 > 0) == (b0 * x2 + b1 > 0)

    return hyp


def _lemma1_check(inst: Instance) -> Outcome:
    a0, a1, b0, b1, x, x2 = _lemma1_params(inst)
    gx, gx2 = _g(a0, a1, b0, b1, x), _g(a0, a1, b0, b1, x2)
    if a0 * b1 > a1 * b0:
        return Outcome(compare(gx, "<=", gx2), {"g(x)": gx, "g(x')": gx2, "claim": "non-decreasing"})
    return Outcome(compare(gx, ">=", gx2), {"g(x)": gx, "g(x')": gx2, "claim": "non-increasing"})


def _lemma1_proof() -> Decision:
    """g'(x) = (a0 b1 - a1 b0)/(b0 x + b1)^2 identically (exact sympy rewriting); on an
    interval where b0 x + b1 has no zero the sign of g' is constant, so g is monotone there
    (mean value theorem)."""
    a0, a1, b0, b1, x = sympy.symbols("a0 a1 b0 b1 x", real=True)
    g = (a0 * x + a1) / (b0 * x + b1)
    diff = sympy.cancel(sympy.diff(g, x) - (a0 * b1 - a1 * b0) / (b0 * x + b1) ** 2)
    if diff == 0:
        return Decision.true("sympy-cancel", "g'(x) - (a0 b1 - a1 b0)/(b0 x + b1)^2 cancels to 0; sign of g' is "
                                              "sign(a0 b1 - a1 b0) on every pole-free interval",
                             certificate={"derivative": str(sympy.factor(sympy.diff(g, x)))})
    return Decision.undecided("sympy-cancel", f"derivative identity did not cancel: {diff}")  # pragma: no cover


@functools.lru_cache(maxsize=None)
def _fam_lemma1(kind: str) -> tuple:
    out = []
    if kind == "witness":
        out.append(Instance("g(x) = 1/x at x=-1, x'=1", params={"a0": 0, "a1": 1, "b0": 1, "b1": 0,
                                                              "x": -1, "x2": 1}))
        return tuple(out)
    vals = [Fraction(v) for v in (-2, -1, 0, 1, 3)] + [Fraction(1, 2)]
    rng = random.Random(11)
    for a0, a1, b0, b1 in itertools.product((-1, 0, 2), (-1, 1), (0, 1, -2), (1, -1)):
        x, x2 = sorted(rng.sample(vals, 2))
        out.append(Instance(f"grid a=({a0},{a1}) b=({b0},{b1}) x={x} x'={x2}",
                            params={"a0": a0, "a1": a1, "b0": b0, "b1": b1, "x": x, "x2": x2}))
    for k in range(120):
        p = {n: Fraction(rng.randint(-5, 5), rng.randint(1, 4)) for n in ("a0", "a1", "b0", "b1")}
        if kind == "positive":  # the seed's use: x >= 0, b0, b1 > 0
            p["b0"], p["b1"] = abs(p["b0"]) + Fraction(1, 3), abs(p["b1"]) + Fraction(1, 5)
            xs = sorted(Fraction(rng.randint(0, 12), rng.randint(1, 3)) for _ in range(2))
        else:
            xs = sorted(Fraction(rng.randint(-8, 8), rng.randint(1, 3)) for _ in range(2))
        p["x"], p["x2"] = xs
        out.append(Instance(f"random #{k}", params=p))
    return tuple(out)


def _lemma2_hypothesis(inst: Instance) -> bool:
    """a0/b0 <= ai/bi <= ak/bk for all i, and some c_i > 0 (else the middle term is 0/0)."""
    a, b, c = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c"))
    ratios = [x / y for x, y in zip(a, b)]
    return all(ratios[0] <= r <= ratios[-1] for r in ratios) and any(ci > 0 for ci in c)


def _lemma2_check(inst: Instance) -> Outcome:
    a, b, c = (tuple(Fraction(v) for v in inst.params[k]) for k in ("a", "b", "c"))
    ratios = [x / y for x, y in zip(a, b)]
    den = sum((ci * bi for ci, bi in zip(c, b)), Fraction(0))
    mid = sum((ci * ai for ci, ai in zip(c, a)), Fraction(0)) / den
    return Outcome(_combine([compare(ratios[0], "<=", mid), compare(mid, "<=", ratios[-1])], "(8)"),
                   {"middle": mid, "low": ratios[0], "high": ratios[-1]})


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
    return Outcome(_combine(parts, "(21) and (22)"), {"mid21": mid21, "mid22": mid22})


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
    return Outcome(_combine(parts, "bounds of (21), (22) reached"))


@functools.lru_cache(maxsize=None)
def _fam_vectors(kind: str, count: int) -> tuple:
    rng = random.Random({"lemma2": 21, "lemma3": 31}[kind])
    out = []
    for k in range(count):
        n = rng.randint(1, 5)
        a = [Fraction(rng.randint(1, 12), rng.randint(1, 4)) for _ in range(n)]
        b = [Fraction(rng.randint(1, 12), rng.randint(1, 4)) for _ in range(n)]
        if kind == "lemma2":
            order = sorted(range(n), key=lambda i: a[i] / b[i])  # the hypothesis, by construction
            a, b = [a[i] for i in order], [b[i] for i in order]
            c = [Fraction(rng.randint(0, 5), rng.randint(1, 3)) for _ in range(n)]
            if rng.random() < 0.1:
                c = [Fraction(0)] * n
            out.append(Instance(f"lemma2 #{k} (k={n - 1})", params={"a": a, "b": b, "c": c}))
        else:
            c, d = _pmf(rng, n), _pmf(rng, n)
            out.append(Instance(f"lemma3 #{k} (k={n - 1})", params={"a": a, "b": b, "c": c, "d": d}))
    return tuple(out)


# ======================================================================================
# Theorem 1, Proposition 1 (composition), Propositions 2 and 3
# ======================================================================================
def _thm1_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    a = _ID(M, P)
    b = identity_dp_posterior_form(M, prior=P).value
    return Outcome(compare(a, "==", b), {"identity_dp_(11)": a, "posterior_form_(12)": b})


def _thm1_broken_check(inst: Instance) -> Outcome:
    """Broken variant: (12) without the prior odds (posterior odds alone bounded by e^eps)."""
    M, P = inst.mechanism, inst.prior
    sp = M.inputs
    best = None
    for i in range(sp.n_records):
        joint: dict = {}
        for p, q, row in zip(sp.points, P.pmf, M.rows):
            if q:
                acc = joint.setdefault(p[i], [Fraction(0)] * len(M.outputs))
                for r, v in enumerate(row):
                    acc[r] += q * v
        for t, tp in itertools.permutations(joint, 2):
            for r in range(len(M.outputs)):
                v = _ratio(joint[t][r], joint[tp][r])
                if _better(v, best):
                    best = v
    return Outcome(compare(_log_ratio(best), "==", _ID(M, P)))


def _prop1_hypothesis(inst: Instance) -> bool:
    return _conditionally_independent(inst.mechanism, inst.extra["M2"], inst.prior)


def _prop1_check(inst: Instance) -> Outcome:
    M1, M2, P = inst.mechanism, inst.extra["M2"], inst.prior
    e1, e2 = _ID(M1, P), _ID(M2, P)
    ec = _cached("id", lambda: identity_dp(M1.product(M2), prior=P).value, M1, M2, P)
    return Outcome(compare(ec, "<=", _add(e1, e2)), {"eps1": e1, "eps2": e2, "composed": ec})


@functools.lru_cache(maxsize=None)
def _fam_prop1(kind: str, count: int = 40) -> tuple:
    rng = random.Random({"one-source": 101, "separate-records": 102, "perfectly-dependent": 103,
                         "random": 104}[kind])
    out = []
    for k in range(count):
        R1, R2 = rng.choice((2, 3)), rng.choice((2, 3))
        if kind == "one-source":
            sp = _B1
            M1, M2 = _gen_mech(rng, sp, R1), _gen_mech(rng, sp, R2)
            P = _joint_prior(rng, sp)
        elif kind == "separate-records":
            sp = _DISJ  # disjoint universes: every mechanism is a dataset mechanism
            r1 = {a: _pmf(rng, R1) for a in sp.records[0]}
            r2 = {b: _pmf(rng, R2) for b in sp.records[1]}
            M1 = Mechanism(sp, list(range(R1)), [r1[p[0]] for p in sp.points], _built="<reads X1 only>")
            M2 = Mechanism(sp, list(range(R2)), [r2[p[1]] for p in sp.points], _built="<reads X2 only>")
            P = _joint_prior(rng, sp)
        elif kind == "perfectly-dependent":
            sp = (_B2, _B3, _T2)[k % 3]
            M1, M2 = _sym_mech(rng, sp, R1), _sym_mech(rng, sp, R2)
            P = _diag_prior(rng, sp)
        else:
            sp = (_B2, _T2)[k % 2]
            M1, M2 = _sym_mech(rng, sp, R1), _sym_mech(rng, sp, R2)
            P = _joint_prior(rng, sp) if k % 3 else _product_prior(rng, sp)
        out.append(Instance(f"{kind} #{k}", M1, P, extra={"M2": M2}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _prop1_witness() -> Family:
    M1 = _by_count(_B2, [[Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 3), Fraction(2, 3)],
                         [Fraction(2, 3), Fraction(1, 3)]])
    M2 = _by_count(_B2, [[Fraction(2, 3), Fraction(1, 3)], [Fraction(2, 3), Fraction(1, 3)],
                         [Fraction(1, 3), Fraction(2, 3)]])
    return _one("two count mechanisms on two independent uniform bits (14 fails)", M1, Prior.uniform(_B2),
                extra={"M2": M2}, name="minimal-witness")


def _implication_check(measure, bound_of, what: str):
    """B(M) <= f(A(M)) with exact levels (LogForm / oo)."""

    def check(inst: Instance) -> Outcome:
        b = measure(inst)
        f = bound_of(inst)
        d = _measured_le(b, f) if isinstance(b, Measured) else compare(b, "<=", f)
        return Outcome(d, {"measure": b, "bound": f, "what": what})

    return check


_id_of = lambda inst: _ID(inst.mechanism, inst.prior)  # noqa: E731
_pure_of = lambda inst: _PURE(inst.mechanism)  # noqa: E731

_prop2_check = _implication_check(_id_of, _pure_of, "identity_dp <= pure_dp")
_prop3_check = _implication_check(_id_of, lambda inst: _scale(_k_joint(inst.prior), _PURE(inst.mechanism)),
                                  "identity_dp <= k pure_dp, k from joint independence")
_prop3_pairwise_check = _implication_check(_id_of, lambda inst: _scale(_k_pairwise(inst.prior), _PURE(inst.mechanism)),
                                           "identity_dp <= k pure_dp, k from pairwise independence")


@functools.lru_cache(maxsize=None)
def _prop3_witness() -> Family:
    M = _by_count(_B3, [[Fraction(1, 2), Fraction(1, 2)], [Fraction(3, 4), Fraction(1, 4)],
                        [Fraction(7, 8), Fraction(1, 8)], [Fraction(15, 16), Fraction(1, 16)]])
    return _one("XOR prior (pairwise independent, jointly dependent), 2-output count mechanism", M, _xor_prior(),
                name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _fam_structured(kind: str) -> tuple:
    """Priors with a hand-made dependence structure, multiset mechanisms on {0,1}^3."""
    rng = random.Random(303)
    out = []
    priors = {"xor": [_xor_prior()],
              "modulated": [_modulated_prior(d, r) for d in (Fraction(1, 3), Fraction(1, 10), Fraction(1, 2))
                            for r in (Fraction(1, 10), Fraction(1, 3))]}[kind]
    for k, P in enumerate(priors):
        for e in (Fraction(3, 2), Fraction(3)):
            out.append(Instance(f"{kind} prior #{k}, geometric count e^eps={e}", _geo(3, e), P))
        for j in range(6):
            out.append(Instance(f"{kind} prior #{k}, random multiset mechanism #{j}", _sym_mech(rng, _B3, 2), P))
    return tuple(out)


def _sf(kind) -> Family:
    return Family(f"structured-{kind}", lambda: _fam_structured(kind),
                  f"{kind} priors on {{0,1}}^3 with geometric count queries and random multiset mechanisms")


# ----------------------------------------------------------------------------- non-reversibility
def _strictly_below(lo_fn, hi_fn, what):
    def check(inst: Instance) -> Outcome:
        lo, hi = lo_fn(inst), hi_fn(inst)
        return Outcome(compare(lo, "<", hi), {"identity_dp": _id_of(inst), "bound": hi, "what": what})

    return check


_COUNT_RR = ((Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))


@functools.lru_cache(maxsize=None)
def _fam_nonrev(kind: str) -> tuple:
    """Witnesses of non-reversibility.  (The geometric count is not one: its boundary outputs
    have the ratio e^eps for every x_(i), so identity_dp = pure_dp under product priors.)"""
    out = []
    M = _by_count(_B2, _COUNT_RR)  # neighbour ratios 3/2 and 2 mix under the prior
    if kind == "independent":
        out.append(Instance("2-output count mechanism, product prior p(1)=1/10", M, _ex2_product_prior()))
        out.append(Instance("2-output count mechanism, uniform prior", M, Prior.uniform(_B2)))
        # the seed's recipe: a large neighbour ratio at a rare x_(i)
        sp = _DISJ
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
                            Prior.from_dict(_B2, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)})))
        out.append(Instance("geometric count n=3 e^eps=3/2, modulated prior (k = 2)", _geo(3, Fraction(3, 2)),
                            _modulated_prior(Fraction(1, 3), Fraction(1, 10))))
    return tuple(out)


# ======================================================================================
# Lemma 3 applied: (23), (24)
# ======================================================================================
def _eq23_24_check(dependent: bool):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        sp = M.inputs
        parts = []
        for i in range(sp.n_records):
            rest_vals = list(itertools.product(*(sp.records[j] for j in range(sp.n_records) if j != i)))
            law = {t: _cond_output_law(M, P, i, t) for t in sp.records[i]}
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
        return Outcome(_combine(parts, "(24)" if dependent else "(23)"))

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
            v = _ratio(M.rows[a][r], M.rows[b][r])
            if _better(v, best):
                best, arg = v, (pa, pb)
    P = Prior.from_dict(sp, {arg[0]: Fraction(1, 2), arg[1]: Fraction(1, 2)})
    idv = identity_dp(M, prior=P).value
    return Outcome(compare(idv, "==", _log_ratio(best)), {"prior_support": list(arg), "identity_dp": idv,
                                                          "bound_24": _log_ratio(best)})


# ======================================================================================
# Section 5: Lemma 4, Theorems 2, 3, Corollaries, Proposition 4
# ======================================================================================
def _lemma4_ratio(M: Mechanism, P: Prior, scale: Fraction = Fraction(1)):
    """max over i, t (marginal > 0), r (Pr[Y=r] > 0) of max(prior/post, post/prior)."""
    sp = M.inputs
    best = None
    for i in range(sp.n_records):
        joint: dict = {}
        marg: dict = {}
        for p, q, row in zip(sp.points, P.pmf, M.rows):
            if q:
                marg[p[i]] = marg.get(p[i], Fraction(0)) + q
                acc = joint.setdefault(p[i], [Fraction(0)] * len(M.outputs))
                for r, v in enumerate(row):
                    acc[r] += q * v
        for r in range(len(M.outputs)):
            py = sum((joint[t][r] for t in joint), Fraction(0))
            if py == 0:
                continue
            for t in marg:
                post = joint[t][r] / py
                for v in (_ratio(marg[t], post), _ratio(post, marg[t])):
                    if _better(v, best):
                        best = v
    return _log_ratio(best)


def _lemma4_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    lhs, idv = _lemma4_ratio(M, P), _ID(M, P)
    return Outcome(compare(lhs, "<=", idv), {"max_log_ratio_25": lhs, "identity_dp": idv})


_thm2_check = _implication_check(lambda inst: _KL(inst.mechanism, inst.prior), _id_of,
                                 "max_{i,r} D(X_i || X_i|Y=r) <= identity_dp")
_cor1_check = _implication_check(lambda inst: _KL(inst.mechanism, inst.prior), _pure_of,
                                 "max_{i,r} D(X_i || X_i|Y=r) <= pure_dp")
_thm3_check = _implication_check(lambda inst: _MI(inst.mechanism, inst.prior), _id_of, "max_i I(X_i;Y) <= identity_dp")
_cor2_check = _implication_check(lambda inst: _MI(inst.mechanism, inst.prior), _pure_of, "max_i I(X_i;Y) <= pure_dp")
_prop4_check = _implication_check(lambda inst: _CMI(inst.mechanism, inst.prior), _id_of,
                                  "max_i I(X_i;Y|X_(i)) <= identity_dp")
_prop4_dp_check = _implication_check(lambda inst: _CMI(inst.mechanism, inst.prior), _pure_of,
                                     "max_i I(X_i;Y|X_(i)) <= pure_dp")


@functools.lru_cache(maxsize=None)
def _cor1_witness() -> Family:
    return _one("geometric count n=2 e^eps=16, X1 = X2, Pr[(1,1)] = 1/8", _geo(2, Fraction(16)),
                Prior.from_dict(_B2, {(0, 0): Fraction(7, 8), (1, 1): Fraction(1, 8)}), name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _cor2_witness() -> Family:
    sp = Hamming((0, 1), 8)
    return _one("geometric count on 8 perfectly correlated records, e^eps=3/2, uniform on {0^8, 1^8}",
                _geo(8, Fraction(3, 2)), Prior.from_dict(sp, {(0,) * 8: Fraction(1, 2), (1,) * 8: Fraction(1, 2)}),
                name="witness")


@functools.lru_cache(maxsize=None)
def _prop4_witness() -> Family:
    M = Mechanism(_B2, [0, 1], [[1, 0], [0, 1], [0, 1], [1, 0]], _built="parity x1 xor x2")
    return _one("parity of two independent uniform bits", M, Prior.uniform(_B2), name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _dp_special_witness() -> Family:
    M = _by_count(_B2, [[Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 2), Fraction(1, 2)],
                        [Fraction(1, 4), Fraction(3, 4)]])
    return _one("X1 = X2 uniform, 2-output count mechanism (log 2-DP)", M,
                Prior.from_dict(_B2, {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)}), name="minimal-witness")


# ======================================================================================
# Section 6: Lemma 5 and Theorem 4
# ======================================================================================
def _eta_bound(k: int, pure, eta: Fraction):
    """The least conclusion eps - b + log 2 over the admissible parameters: eps >= k pure_dp
    (M eps/k-DP), eta' >= eta, eta' = e^-b, eps (1 - 1/k) >= b.  Minimising over eta' gives
    eps + log 2 + max(log eta, -eps (1 - 1/k)), increasing in eps, so at eps = k pure_dp:
        log 2 + max(k pure_dp + log eta, pure_dp)        (log 0 = -oo)."""
    if _is_oo(pure):
        return _OO
    inner = pure if eta == 0 else _lmax(_scale(k, pure) + LogForm.log(eta), pure)
    return inner + _LOG2


def _lemma5_check_factory(drop_log2: bool = False):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        k = M.inputs.n_records
        eta = _cached("tv", lambda: _max_tv(P), P)
        bound = _eta_bound(k, _PURE(M), eta)
        if drop_log2 and not _is_oo(bound):
            bound = bound - _LOG2
        return Outcome(compare(_ID(M, P), "<=", bound), {"k": k, "eta": eta, "bound": bound,
                                                         "identity_dp": _ID(M, P)})

    return check


def _thm4_check(inst: Instance) -> Outcome:
    M, P = inst.mechanism, inst.prior
    k = _k_joint(P)
    eta = _cached("tv", lambda: _max_tv(P), P)
    bound = _eta_bound(k, _PURE(M), eta)
    return Outcome(compare(_ID(M, P), "<=", bound), {"k": k, "eta": eta, "bound": bound, "identity_dp": _ID(M, P)})


def _thm4_conditional_check(inst: Instance) -> Outcome:
    """Theorem 4 with eta bounding the dependent part given each value of the independent part.

    Why this reading holds (the combination the seed names): fix i, t, t', r and an admissible S
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
    for k in range(_k_joint(P), n + 1):  # every admissible k must give a valid bound
        eta = _cached(f"ceta{k}", lambda: _conditional_eta(P, k), P)
        bound = _eta_bound(k, _PURE(M), eta)
        vals[k] = (eta, bound)
        parts.append(compare(_ID(M, P), "<=", bound))
    return Outcome(_combine(parts, "identity_dp <= log 2 + max(k pure + log eta_cond, pure) for every admissible k"),
                   {"per_k": vals, "identity_dp": _ID(M, P)})


@functools.lru_cache(maxsize=None)
def _thm4_witness() -> Family:
    M = _by_count(_B3, [[Fraction(35, 36), Fraction(1, 36)], [Fraction(11, 12), Fraction(1, 12)],
                        [Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]])
    return _one("modulated prior delta=1/3, rho=1/10; log 3-DP count mechanism (k=2, eta=1/3, eps=2 log 3)",
                M, _modulated_prior(Fraction(1, 3), Fraction(1, 10)), name="minimal-witness")


@functools.lru_cache(maxsize=None)
def _fam_small_eta(n: int, kind: str, count: int) -> tuple:
    """Weakly dependent sources (small eta, where Lemma 5 improves on group privacy)."""
    rng = random.Random(500 + n)
    sp = {2: (_B2, _T2), 3: (_B3,)}[n]
    out = []
    for k in range(count):
        space = sp[k % len(sp)]
        M = (_sym_mech if kind == "sym" else _gen_mech)(rng, space, rng.choice((2, 3)), zeros=k % 2 == 0)
        P = _mixture_prior(rng, space, Fraction(1, rng.choice((3, 10, 100))))
        out.append(Instance(f"n={n} weakly dependent #{k}", M, P))
    for e in (Fraction(2), Fraction(4)):
        space = Hamming((0, 1), n)
        out.append(Instance(f"geometric count n={n} e^eps={e}, weakly dependent", _geo(n, e),
                            _mixture_prior(rng, space, Fraction(1, 20))))
    return tuple(out)


# ======================================================================================
# Remark 1 / Sec. 6-7
# ======================================================================================
def _out_of_control_check(which: str):
    def check(inst: Instance) -> Outcome:
        M, P = inst.mechanism, inst.prior
        pu = _PURE(M)
        m = _KL(M, P) if which == "kl" else _MI(M, P)
        parts = [compare(_ID(M, P), ">", pu), _measured_gt(m, pu)]
        return Outcome(_combine(parts, f"M is eps-DP (eps = pure_dp), not eps-identity-DP, and "
                                       f"{'max D(X_i||X_i|Y=r)' if which == 'kl' else 'max I(X_i;Y)'} > eps"),
                       {"pure_dp": pu, "identity_dp": _ID(M, P), which: m})

    return check


def _rare_check(inst: Instance) -> Outcome:
    """pure_dp >= ln L (large neighbour ratio) while identity_dp <= ln(1 + 1/10)."""
    M, P = inst.mechanism, inst.prior
    L = Fraction(inst.params["L"])
    parts = [compare(_PURE(M), ">=", LogForm.log(L)), compare(_ID(M, P), "<=", LogForm.log(Fraction(11, 10)))]
    return Outcome(_combine(parts, "neighbour ratio L at a rare configuration, identity DP level <= ln(11/10)"),
                   {"pure_dp": _PURE(M), "identity_dp": _ID(M, P)})


@functools.lru_cache(maxsize=None)
def _fam_rare() -> tuple:
    out = []
    sp = _DISJ
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


# ======================================================================================
# family groups shared by several claims
# ======================================================================================
# One seed per family kind, shared by the claims: the instances (and their cached measures) are
# then built once per process, and each claim still runs over every instance.
def _families_joint():
    return [_rf("sym", "joint", 7, 40), _rf("gen", "joint", 8, 40), _rf("sym", "diag", 9, 15),
            _rf("sym", "block", 10, 30), _zf("joint")]


def _families_joint_sym():
    return [_rf("sym", "joint", 7, 40), _rf("sym", "diag", 9, 15), _rf("sym", "block", 10, 30), _zf("joint")]


def _families_product(kind: str):
    fams = [_rf("sym", "product", 17, 40), _zf("product")]
    if kind == "gen":
        fams.insert(1, _rf("gen", "product", 18, 40))
    return fams


_SYMMETRIC_NOTE = ("Multiset hypothesis: the families draw one row per multiset of records (or use count queries), "
                   "and the reading's hypothesis re-checks it.")


# ======================================================================================
# the claims
# ======================================================================================
CLAIMS: list[Claim] = [
    Claim(
        id="identitydp.ex1",
        title="Example 1 (contagious disease)",
        source=f"{SEED}, Sec. 1, Example 1",
        quote=("Bob or one of his 9 immediate family members may have contracted a highly contagious disease, in which "
               "case the entire family would have been infected. [...] Suppose Laplace(1/eps) noise is added to the true "
               "answer and that the resulting differentially private query answer was 12. The answer 12 is e^{10 eps} "
               "times more likely when the true answer is 10 (and hence Bob is sick) than when the true answer is 0 "
               "(and Bob is healthy). [...] an attacker's probability estimate (of Bob being sick) can change by a "
               "(large) factor of e^{10 eps}, which is greatly larger than the expected e^eps."),
        kind="value",
        readings=[
            Reading(
                name="laplace-density-ratio",
                statement="Lap(1/eps) densities: (eps/2) e^{-eps|12-10|} / ((eps/2) e^{-eps|12-0|}) = e^{10 eps} for all eps > 0",
                prove=_ex1_laplace_proof,
                expected=Verdict.PROVED,
                notes="Exact algebra (exactpriv.certify.prove_identity).",
            ),
            Reading(
                name="geometric-finite-analogue",
                statement=("n perfectly correlated binary records (Bob's family), truncated geometric count with e^eps "
                           "rational: the posterior odds of Bob being sick change by exactly e^{n eps} at output n, and "
                           "the identity-DP level w.r.t. Bob's source is exactly n eps"),
                check=_ex1_check,
                families=[Family("family-sizes-2..6", lambda: _fam_ex1((2, 3, 4, 5, 6)),
                                 "n in 2..6, e^eps in {2, 3/2}, Pr[all sick] = 1/10"),
                          Family("family-size-10", lambda: _fam_ex1((10,)), "n = 10 as in the seed", slow=True)],
                expected=Verdict.CHECKED,
                notes=("Finite analogue: Laplace noise is continuous, so the geometric mechanism (seed ref. [20], "
                       "the discrete Laplace) on counts {0..n} replaces it; truncation keeps the ratios. n = 10 runs "
                       "in the slow family."),
            ),
        ],
    ),
    Claim(
        id="identitydp.ex2",
        title="Example 2 (two records, geometric mechanism)",
        source=f"{SEED}, Sec. 1, Example 2, eqs. (1)-(3)",
        quote=("p(t1) = 0.1, p(t2) = 0.9 [...] The query function f is to count the number of infected individuals [...] "
               "If X1, X2 are independent random variables [...] Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] <= e^eps x "
               "Pr[X1=t1]/Pr[X1=t2]. [...] We assume that X1, X2 can only have the same value [...] Assume that M is "
               "the Geometric mechanism [...] Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = Pr[X1=t1]/Pr[X1=t2] x e^{2 eps}. (3)"),
        kind="value",
        readings=[
            Reading(
                name="independent-bound",
                statement=("X1, X2 independent (product prior), M an eps-DP dataset mechanism with output 2: posterior "
                           "odds of X1 = t1 after Y = 2 <= e^eps x prior odds, eps = pure_dp(M)"),
                check=_ex2_independent_check,
                families=[Family("geometric-and-random", lambda: _fam_ex2("independent"),
                                 "geometric count (e^eps in {2, 3, 3/2, 16}) with p(t1) = 1/10, and 30 random positive "
                                 "multiset mechanisms with random i.i.d. product priors")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes="t1 (infected) is the record value 1 and the count query counts 1s.",
            ),
            Reading(
                name="dependent-equality",
                statement="X1 = X2, Pr[t1] = 1/10, geometric count mechanism: posterior odds factor at Y = 2 is e^{2 eps} (3)",
                check=_ex2_dependent_check,
                families=[Family("geometric", lambda: _fam_ex2("dependent")[:4], "e^eps in {2, 3, 3/2, 16}")],
                prove=_ex2_equality_proof,
                expected=Verdict.PROVED,
                notes="PROVED for all eps > 0 on the symbolic count_query_geometric(2, eps=EPS) by exact algebra.",
            ),
            Reading(
                name="dependent-general",
                statement="X1 = X2: posterior odds factor at Y = 2 is Pr[M(t1,t1)=2]/Pr[M(t2,t2)=2] for every M (2)",
                check=_ex2_dependent_check,
                families=[Family("random", lambda: _fam_ex2("dependent")[4:],
                                 "30 random positive multiset mechanisms, X1 = X2 with random Pr[t1]")],
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.model",
        title="Definitions (Sec. 2.2: sources, profiles, datasets, D_y, Definition 1)",
        source=f"{SEED}, Sec. 2.2, eqs. (5)-(6), Definition 1",
        quote=("The universe of record sequences Z is defined as Z = {(z1,...,zn) : zi in Xi}. The universe of datasets D "
               "is defined as D = {{z1,...,zn} : zi in Xi} [...] Dy := {x in Z : ||x - y||_1 = 0} (5) [...] For any "
               "y in D, set F(y) = sum_{z in Dy} F(z). (6) Therefore, X can also be seen as a D-valued random variable "
               "with the probability distribution F(y)."),
        kind="definition",
        readings=[
            Reading(
                name="dataset-law",
                statement=("the sets D_y (histogram equal to y) partition Z, F(y) of (6) sums to 1, and for a dataset "
                           "mechanism the law of Y computed on D with F(y) equals the law computed on Z with F(z)"),
                check=_model_check,
                families=[_rf("sym", "joint", 7, 40), _rf("sym", "product", 17, 40)],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes="Datasets are histograms over X = union of the record universes (Sec. 2.3).",
            ),
        ],
    ),
    Claim(
        id="identitydp.def2",
        title="Definition 2 (eps-DP on datasets)",
        source=f"{SEED}, Sec. 2.3, Definition 2, eq. (7)",
        quote=("Two datasets x, x' in D are said to be neighbors if ||x - x'||_1 = 2. Two record sequences x, x' in Z are "
               "said to be neighbors if their corresponding datasets are neighbors. [...] A mechanism M : D -> P(R) gives "
               "eps-differential privacy if for all neighbors x, x' in Z (or neighbors x, x' in D), and all r in R, "
               "there is Pr[M(x) = r] <= e^eps Pr[M(x') = r], (7)"),
        kind="definition",
        readings=[
            Reading(
                name="literal",
                statement=("for dataset mechanisms, the tightest eps of (7) over histogram neighbours (D-form) and over "
                           "record sequences with neighbouring datasets (Z-form) both equal pure_dp on replace-one "
                           "neighbours"),
                check=_def2_check,
                families=[_rf("sym", "joint", 7, 40), _zf("joint")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes=_SYMMETRIC_NOTE,
            ),
            Reading(
                name="z-form-general-mechanisms",
                statement=("without the dataset hypothesis: the Z-form of (7) (sequences whose datasets are neighbours) "
                           "equals replace-one pure DP"),
                check=_def2_z_general_check,
                families=[_def2_witness(), _rf("gen", "joint", 8, 40)],
                expected=Verdict.REFUTED,
                notes=("REFUTED: on {0,1}^3, (1,0,0) and (0,1,1) have neighbouring datasets but differ in all three "
                       "records, so for a mechanism that is not a function of the dataset the Z-form is stricter than "
                       "replace-one DP. The seed's mechanisms are dataset functions (Sec. 2.3), where the two agree "
                       "(reading 'literal'); this is why the bank's general-mechanism readings use replace-one DP, the "
                       "weaker hypothesis."),
            ),
        ],
    ),
    Claim(
        id="identitydp.lemma1",
        title="Lemma 1",
        source=f"{SEED}, Sec. 2.4, Lemma 1",
        quote=("Let g(x) = (a0 x + a1)/(b0 x + b1). If a0 b1 > a1 b0, then g(x) is non-decreasing. If a0 b1 <= a1 b0, "
               "then g(x) is non-increasing. Proof. Note that the derivative of g(x) is g'(x) = (a0 b1 - a1 b0)/"
               "(b0 x + b1)^2, by which the claims are direct."),
        kind="inequality",
        readings=[
            Reading(
                name="literal-whole-domain",
                statement="for x < x' in the domain of g (b0 x + b1 != 0): the stated monotonicity between g(x) and g(x')",
                check=_lemma1_check,
                hypothesis=_lemma1_hypothesis(same_side=False),
                families=[Family("minimal-witness", lambda: _fam_lemma1("witness"), "g = 1/x"),
                          Family("grid-and-random", lambda: _fam_lemma1("all"), "rational grid and random parameters")],
                expected=Verdict.REFUTED,
                notes=("REFUTED: g(x) = 1/x (a0=0, a1=1, b0=1, b1=0) has a0 b1 - a1 b0 = -1 but g(-1) = -1 < g(1) = 1. "
                       "Monotonicity holds on each interval free of the pole -b1/b0, which is all the seed uses "
                       "(x >= 0 with positive coefficients, reading 'pole-free-interval')."),
            ),
            Reading(
                name="pole-free-interval",
                statement="for x < x' on the same side of the pole: the stated monotonicity",
                check=_lemma1_check,
                hypothesis=_lemma1_hypothesis(same_side=True),
                families=[Family("grid-and-random", lambda: _fam_lemma1("all"), "rational grid and random parameters"),
                          Family("seed-use", lambda: _fam_lemma1("positive"), "x >= 0, b0, b1 > 0 (the use in (36))")],
                prove=_lemma1_proof,
                expected=Verdict.PROVED,
            ),
        ],
    ),
    Claim(
        id="identitydp.lemma2",
        title="Lemma 2 (mediant inequality)",
        source=f"{SEED}, Sec. 2.4, Lemma 2, eqs. (8)-(10)",
        quote=("Let ai > 0, bi > 0 and ci >= 0 for i in {0,...,k}. Set a0/b0 <= ai/bi <= ak/bk for all i. Then, "
               "a0/b0 <= sum ci ai / sum ci bi <= ak/bk. (8)"),
        kind="inequality",
        readings=[
            Reading(
                name="literal",
                statement="(8) whenever the middle term is defined (some c_i > 0)",
                check=_lemma2_check,
                hypothesis=_lemma2_hypothesis,
                families=[Family("random", lambda: _fam_vectors("lemma2", 150),
                                 "150 random positive rational vectors of length 1..5, ratios sorted by construction, "
                                 "c_i >= 0 with zeros (10% all zero)")],
                expected=Verdict.CHECKED,
                notes="All c_i = 0 makes the middle term 0/0 (undefined); such instances fail the hypothesis (skipped).",
            ),
        ],
    ),
    Claim(
        id="identitydp.def3",
        title="Definition 3 (eps-identity differential privacy)",
        source=f"{SEED}, Sec. 3, Definition 3, eq. (11)",
        quote=("A mechanism M satisfies eps-identity differential privacy with respect to X if for each Xi, any two "
               "records t, t' in Xi and any r in R, there is [sum_{x(i)} Pr[M(t, x(i)) = r] x Pr[X(i) = x(i)|Xi = t]] / "
               "[sum_{x(i)} Pr[M(t', x(i)) = r] x Pr[X(i) = x(i)|Xi = t']] <= e^eps. (11)"),
        kind="definition",
        readings=[
            Reading(
                name="literal",
                statement=("identity_dp(M, prior) equals the max over i, t, t', r of ln of the ratio (11) computed "
                           "literally from Prior.conditional_pmf, and from the joint law of (X_i, Y)"),
                check=_def3_check,
                families=_families_joint(),
                expected=Verdict.CHECKED,
                notes=("Conventions (both sides): values t with Pr[X_i = t] = 0 skipped (conditional undefined), 0/0 "
                       "ignored, a/0 = oo. Checked on general mechanisms too (the definition does not need the "
                       "dataset hypothesis)."),
            ),
        ],
    ),
    Claim(
        id="identitydp.thm1",
        title="Theorem 1",
        source=f"{SEED}, Sec. 3, Theorem 1, eqs. (12)-(13)",
        quote=("The mechanism M satisfies eps-identity differential privacy if and only if, for any Xi, any t, t' in Xi "
               "and any r in R, there is Pr[Xi = t|Y = r]/Pr[Xi = t'|Y = r] <= e^eps x Pr[Xi = t]/Pr[Xi = t']. (12)"),
        kind="equivalence",
        readings=[
            Reading(
                name="literal",
                statement=("the tightest eps of (11) equals the tightest eps of (12) (so the two conditions agree "
                           "for every eps): identity_dp == identity_dp_posterior_form exactly"),
                check=_thm1_check,
                families=_families_joint(),
                expected=Verdict.CHECKED,
                notes="Outputs with Pr[Y = r] = 0 give 0/0 in (11) and are excluded in (12): both conventions agree.",
            ),
        ],
    ),
    Claim(
        id="identitydp.prop1",
        title="Proposition 1 (composition)",
        source=f"{SEED}, Sec. 3, Proposition 1, eqs. (14)-(17)",
        quote=("For any i in {1,...,k}, let the mechanism Mi satisfies eps_i-identity differential privacy with respect "
               "to X [...] For any source Xj, let the random variables Y1,...,Yk be independent conditioned on Xj [...] "
               "(14) Then, the compositional mechanism M := (M1,...,Mk) satisfies sum eps_i-identity differential "
               "privacy with respect to X."),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement=("k = 2, (M1, M2) with independent noise; if (14) holds for every source, "
                           "identity_dp(M1 x M2) <= identity_dp(M1) + identity_dp(M2)"),
                check=_prop1_check,
                hypothesis=_prop1_hypothesis,
                families=[Family("one-source", lambda: _fam_prop1("one-source"), "n = 1, random mechanisms and priors"),
                          Family("separate-records", lambda: _fam_prop1("separate-records"),
                                 "M1 reads X1 only, M2 reads X2 only (disjoint universes), arbitrary dependent priors"),
                          Family("perfectly-dependent", lambda: _fam_prop1("perfectly-dependent"),
                                 "records all equal (X determined by any X_j), random multiset mechanisms"),
                          Family("random", lambda: _fam_prop1("random"),
                                 "random multiset mechanisms and priors; (14) is checked exactly and most are skipped")],
                expected=Verdict.CHECKED,
                notes="(14) is verified exactly on every instance (hypothesis); the first three families satisfy it by construction.",
            ),
            Reading(
                name="without-conditional-independence",
                statement="hypothesis (14) dropped: identity_dp(M1 x M2) <= identity_dp(M1) + identity_dp(M2)",
                check=_prop1_check,
                families=[_prop1_witness(), Family("random", lambda: _fam_prop1("random"), "random instances")],
                expected=Verdict.REFUTED,
                notes=("REFUTED even for independent uniform bits: two count mechanisms with identity-DP levels "
                       "log(6/5) and log(3/2) compose to log 2 > log(9/5), because Y1, Y2 are dependent given X_j "
                       "(through X_(j)). (14) is essential. Found by a float search over count mechanisms on two "
                       "bits, then a small rational grid."),
            ),
        ],
    ),
    Claim(
        id="identitydp.prop2",
        title="Proposition 2",
        source=f"{SEED}, Sec. 4, Proposition 2, eqs. (18)-(19)",
        quote=("Assume the sources X1,...,Xn are independent. If the mechanism M satisfies eps-differential privacy, "
               "then it satisfies eps-identity differential privacy."),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="product priors, dataset mechanisms: identity_dp(M, prior) <= pure_dp(M)",
                check=_prop2_check,
                families=_families_product("sym"),
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes=_SYMMETRIC_NOTE,
            ),
            Reading(
                name="general-mechanisms",
                statement="product priors, any mechanism on D^n (replace-one DP): identity_dp <= pure_dp",
                check=_prop2_check,
                families=_families_product("gen"),
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.prop3",
        title="Proposition 3",
        source=f"{SEED}, Sec. 4, Proposition 3, eq. (20)",
        quote=("Set k <= n. Assume that any one source is independent to at least other n - k sources. Assume also that "
               "M satisfies eps/k-differential privacy. Then M satisfies eps-identity differential privacy."),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement=("k = n - min_i |largest S with X_i independent of X_S jointly| (the least admissible k, "
                           "computed exactly), dataset mechanisms: identity_dp <= k pure_dp"),
                check=_prop3_check,
                families=_families_joint_sym() + [_sf("xor"), _sf("modulated")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes=("Joint independence is what the proof uses (Pr[Xbar(i) = xbar | Xi = t] = Pr[Xbar(i) = xbar]). "
                       "The 'block' family is strategies.k_dependent_priors' construction; k is recomputed from the "
                       "prior, so k = n for generic dependent priors (group privacy)."),
            ),
            Reading(
                name="general-mechanisms",
                statement="as 'literal' for any mechanism on D^n (replace-one DP)",
                check=_prop3_check,
                families=[_rf("gen", "joint", 8, 40), _rf("gen", "block", 312, 40), _rf("gen", "diag", 313, 15)],
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="pairwise-independence",
                statement=("'independent to at least n - k other sources' read pairwise: k = 1 + max degree of the "
                           "pairwise dependency graph; identity_dp <= k pure_dp"),
                check=_prop3_pairwise_check,
                families=[_prop3_witness(), _sf("xor")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.REFUTED,
                notes=("REFUTED: with X3 = X1 xor X2 every source is pairwise independent of both others (k = 1), yet a "
                       "log 2-DP count mechanism has identity-DP level log(5/2) > log 2. Under the joint reading the "
                       "same prior has k = 2 and Prop. 3 holds."),
            ),
        ],
    ),
    Claim(
        id="identitydp.nonreversible",
        title="Claim (after Prop. 3): Propositions 2 and 3 are not reversible",
        source=f"{SEED}, Sec. 4, paragraph after Proposition 3",
        quote=("the results of Proposition 2 and Proposition 3 are not reversible. When the sources are independent, "
               "there may exist mechanism which satisfies eps-identity differential privacy but does not satisfy "
               "eps-differential privacy. [...] Proposition 3 has the similar problem."),
        kind="non-implication",
        readings=[
            Reading(
                name="prop2-converse",
                statement=("witnesses: product prior, dataset mechanism with identity_dp < pure_dp (so at eps = "
                           "identity_dp it is eps-identity-DP but not eps-DP)"),
                check=_strictly_below(_id_of, _pure_of, "identity_dp < pure_dp"),
                families=[Family("witnesses", lambda: _fam_nonrev("independent"),
                                 "a count mechanism whose neighbour ratios differ across x_(i); the seed's recipe: a "
                                 "large neighbour ratio at a rare x_(i)")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="prop3-converse",
                statement="witnesses: dependent prior with k >= 2 and identity_dp < k pure_dp (eps-identity-DP, not eps/k-DP)",
                check=_strictly_below(_id_of, lambda inst: _scale(_k_joint(inst.prior), _PURE(inst.mechanism)),
                                      "identity_dp < k pure_dp"),
                families=[Family("witnesses", lambda: _fam_nonrev("dependent"), "count mechanisms, dependent priors")],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.lemma3",
        title="Lemma 3",
        source=f"{SEED}, Sec. 4, Lemma 3, eqs. (21)-(22)",
        quote=("Set ci >= 0, di >= 0 for i in {0,...,k} with sum ci = 1, sum di = 1. Then, for any ai > 0, bi > 0, "
               "min_i ai/bi <= sum ci ai / sum ci bi <= max_i ai/bi, (21) and min_{i,j} ai/bj <= sum ci ai / sum di bi "
               "<= max_{i,j} ai/bj. (22) Moreover, the bounds of the above inequalities are reachable."),
        kind="inequality",
        readings=[
            Reading(
                name="literal",
                statement="(21) and (22) for probability vectors c, d (zeros allowed) and positive a, b",
                check=_lemma3_check,
                families=[Family("random", lambda: _fam_vectors("lemma3", 150), "150 random instances, lengths 1..5")],
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="reachable",
                statement="each of the four bounds is attained by point masses c = e_i, d = e_j",
                check=_lemma3_reach_check,
                families=[Family("random", lambda: _fam_vectors("lemma3", 150), "150 random instances, lengths 1..5")],
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.eq23_24",
        title="Claim (application of Lemma 3, eqs. (23)-(24))",
        source=f"{SEED}, Sec. 4, eqs. (23)-(24) and the paragraph after",
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
                families=[_rf("gen", "product", 231, 40, zeros=False), _rf("sym", "product", 232, 40, zeros=False)],
                expected=Verdict.CHECKED,
                notes="Lemma 3 needs a_i, b_i > 0: mechanisms with positive entries.",
            ),
            Reading(
                name="eq24-dependent",
                statement="any prior, positive mechanisms: (24) for every i, t != t', r",
                check=_eq23_24_check(dependent=True),
                families=[_rf("gen", "joint", 241, 40, zeros=False), _rf("sym", "diag", 242, 20, zeros=False)],
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="eq24-upper-bound-attained",
                statement=("the upper bound of (24) is reached: for each mechanism, a prior on two sequences "
                           "(t, x*), (t', x'*) makes identity_dp equal ln max Pr[M(t,x)=r]/Pr[M(t',x')=r] over "
                           "non-neighbouring pairs"),
                check=_eq24_attained_check,
                families=[_rf("gen", "joint", 8, 40), _rf("sym", "joint", 7, 40)],
                expected=Verdict.CHECKED,
                notes="The attained value is the group-privacy level of M over up to n changed records, not eps.",
            ),
        ],
    ),
    Claim(
        id="identitydp.lemma4",
        title="Lemma 4",
        source=f"{SEED}, Sec. 5, Lemma 4, eq. (25)",
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
                families=_families_joint(),
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.thm2",
        title="Theorem 2",
        source=f"{SEED}, Sec. 5, Theorem 2, eq. (26)",
        quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
               "of the mechanism. We have D(Xi || (Xi|Y = r)) <= eps. (26)"),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="max over i and r with Pr[Y=r] > 0 of D(X_i || X_i|Y=r) <= identity_dp (exact LogForms)",
                check=_thm2_check,
                families=_families_joint(),
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.cor1",
        title="Corollary 1",
        source=f"{SEED}, Sec. 5, Corollary 1, eq. (27)",
        quote=("Let the mechanism M satisfies eps-differential privacy [...] Let the sources X1,...,Xn be independent. "
               "We have D(Xi || (Xi|Y = r)) <= eps. (27)"),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="product priors, dataset mechanisms: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp",
                check=_cor1_check,
                families=_families_product("sym"),
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="general-mechanisms",
                statement="product priors, any mechanism on D^n: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp",
                check=_cor1_check,
                families=_families_product("gen"),
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="without-independence",
                statement=("the corollary's derivation ('eps-DP is a special case of eps-identity-DP') without the "
                           "independence hypothesis: max_{i,r} D(X_i || X_i|Y=r) <= pure_dp for any prior"),
                check=_cor1_check,
                families=[_cor1_witness(), _zf("joint")],
                expected=Verdict.REFUTED,
                notes=("REFUTED on the seed's Example 2 setting: X1 = X2 with Pr[(1,1)] = 1/8 and the geometric count "
                       "with e^eps = 16: D = 2.80 > ln 16 = 2.77 (exact in the witness). Found by scanning e^eps in "
                       "{2,..,32} and Pr[(1,1)] in k/8; no 2-output count mechanism on 2 records with increasing "
                       "Pr[Y=1|c] in {1/12,..,11/12} works (same priors)."),
            ),
        ],
    ),
    Claim(
        id="identitydp.thm3",
        title="Theorem 3",
        source=f"{SEED}, Sec. 5, Theorem 3, eq. (28)",
        quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
               "of the mechanism. We have I(Xi;Y) <= eps. (28)"),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="max_i I(X_i;Y) <= identity_dp (exact LogForms)",
                check=_thm3_check,
                families=_families_joint(),
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.cor2",
        title="Corollary 2",
        source=f"{SEED}, Sec. 5, Corollary 2, eq. (29)",
        quote=("Let the mechanism M satisfies eps-differential privacy and let Y be the output random variable of the "
               "mechanism. Assume the sources X1,...,Xn are independent. We have I(Xi;Y) <= eps. (29)"),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="product priors, dataset mechanisms: max_i I(X_i;Y) <= pure_dp",
                check=_cor2_check,
                families=_families_product("sym"),
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="general-mechanisms",
                statement="product priors, any mechanism on D^n: max_i I(X_i;Y) <= pure_dp",
                check=_cor2_check,
                families=_families_product("gen"),
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="without-independence",
                statement="as the corollary's derivation suggests, without independence: max_i I(X_i;Y) <= pure_dp",
                check=_cor2_check,
                families=[_cor2_witness()],
                expected=Verdict.REFUTED,
                notes=("REFUTED with Example 1's structure: 8 perfectly correlated records, geometric count with "
                       "e^eps = 3/2, uniform on {0^8, 1^8}: I(X_1;Y) = 0.4248 > ln(3/2) = 0.4055. Smaller families "
                       "fail: float scans of the geometric count on n <= 7 perfectly correlated records (eps in "
                       "[0.05, 1]) and of 2-output count mechanisms, and a numerical search over multiset mechanisms "
                       "on 2-3 binary records, found I <= eps (the effective channel is n eps-DP but I <= ln 2)."),
            ),
        ],
    ),
    Claim(
        id="identitydp.prop4",
        title="Proposition 4",
        source=f"{SEED}, Sec. 5, Proposition 4, eq. (30)",
        quote=("Let the mechanism M satisfies eps-identity differential privacy and let Y be the output random variable "
               "of the mechanism. We have I(Xi;Y|X(i)) <= eps. (30)"),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="max_i I(X_i;Y|X_(i)) <= identity_dp",
                check=_prop4_check,
                families=[_prop4_witness()] + _families_joint(),
                expected=Verdict.REFUTED,
                notes=("REFUTED even with independent sources: Y = X1 xor X2 on independent uniform bits has "
                       "Pr[Y=r | X_i=t] = 1/2 for all t (identity-DP level 0) but I(X_1;Y|X_2) = log 2. The proof's "
                       "inequality step is pure DP (Pr[M(x^_i, x_(i)) = r] >= e^-eps Pr[M(x_i, x_(i)) = r]), not "
                       "identity DP; the seed's remark that Prop. 4 'is irrelevant to the dependence' is consistent "
                       "with that."),
            ),
            Reading(
                name="pure-dp-hypothesis",
                statement="the hypothesis the proof uses: max_i I(X_i;Y|X_(i)) <= pure_dp (any prior)",
                check=_prop4_dp_check,
                families=_families_joint(),
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.lemma5",
        title="Lemma 5",
        source=f"{SEED}, Sec. 6.1, Lemma 5, eqs. (31)-(39)",
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
                          _rf("sym", "joint", 7, 40), _rf("sym", "diag", 9, 15)],
                hypothesis=_multiset_hypothesis,
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
                          _rf("gen", "joint", 8, 40)],
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.thm4",
        title="Theorem 4",
        source=f"{SEED}, Sec. 6.1, Theorem 4, eq. (40)",
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
                families=[_thm4_witness(), _sf("modulated"), _rf("sym", "block", 10, 30)],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.REFUTED,
                notes=("REFUTED: n = 3, X_3 ~ Bern(1/3) switches on X_2 = X_1 (X_1 ~ Bern(1/10)); each source is "
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
                families=[_thm4_witness(), _sf("modulated"), _sf("xor"), _rf("sym", "block", 10, 30),
                          _rf("sym", "joint", 7, 40)],
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
                notes=("The reading under which 'Lemma 5 per xbar + the mediant of Prop. 3' goes through (proof sketch "
                       "in the docstring of _thm4_conditional_check). Every admissible k from the least one to n is "
                       "checked, with the best admissible S per record."),
            ),
        ],
    ),
    Claim(
        id="identitydp.dp_special_case",
        title="Claim (Sec. 5, Sec. 7, abstract): eps-DP is a special case of eps-identity DP",
        source=f"{SEED}, Sec. 5 (before Corollaries 1, 2) and Sec. 7",
        quote=("Since eps-differential privacy is a special case of eps-identity differential privacy, we have the "
               "following corollary. [...] Our model can inherit almost all of the mechanisms of differential privacy "
               "since it has differential privacy model as its special case."),
        kind="implication",
        readings=[
            Reading(
                name="literal",
                statement="any prior, dataset mechanisms: identity_dp(M, prior) <= pure_dp(M)",
                check=_prop2_check,
                families=[_dp_special_witness()] + _families_joint_sym(),
                hypothesis=_multiset_hypothesis,
                expected=Verdict.REFUTED,
                notes=("REFUTED by the seed's own Example 2 structure: X1 = X2 uniform, a log 2-DP count mechanism "
                       "with Pr[Y=1|c] = 1/4, 1/2, 3/4 has identity-DP level log 3 (dependence doubles eps). True for "
                       "independent sources (reading 'product-priors' = Prop. 2)."),
            ),
            Reading(
                name="product-priors",
                statement="independent sources: identity_dp <= pure_dp (Proposition 2)",
                check=_prop2_check,
                families=_families_product("sym"),
                hypothesis=_multiset_hypothesis,
                expected=Verdict.CHECKED,
            ),
        ],
    ),
    Claim(
        id="identitydp.remark1",
        title="Remark 1 / Sec. 6-7 informal claims",
        source=f"{SEED}, Sec. 5 Remark 1; Sec. 4 and Sec. 7 (rare events)",
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
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="out-of-control-mi",
                statement="finite analogue: an eps-DP mechanism, not eps-identity-DP, with max_i I(X_i;Y) > eps",
                check=_out_of_control_check("mi"),
                families=[_cor2_witness()],
                expected=Verdict.CHECKED,
            ),
            Reading(
                name="rare-events",
                statement=("finite analogue: for L in {10, 100, 10^4} a neighbour ratio L at a configuration x_(i) of "
                           "probability 1/(20L), independent sources: pure_dp >= ln L but identity_dp <= ln(11/10)"),
                check=_rare_check,
                families=[Family("constructions", _fam_rare, "two sources with disjoint universes")],
                expected=Verdict.CHECKED,
                notes=("'identity DP inherits almost all mechanisms of DP' is not encodable as stated (it rests on "
                       "'DP is a special case', refuted in identitydp.dp_special_case, and on Props. 2-3)."),
            ),
        ],
    ),
]


# the all-ε readings of theorems/_tightness.py for these claims (to move beside their claims)
from theorems._tightness import attach_all_eps_readings  # noqa: E402

CLAIMS = attach_all_eps_readings(CLAIMS)
