"""Instance families for identity DP's claims: seeded random exact builders and named constructions.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1).  Deterministic ``random.Random`` builders of exact instances (small integer
weights, zeros allowed) mirroring :mod:`counterexamples.strategies`: dataset (multiset) and general
mechanisms; product, block "k-dependent", arbitrary joint, perfectly dependent (diagonal) and weakly
dependent (mixture) priors; the zoo's truncated geometric count query (the paper's geometric
mechanism).  Families are built once (``functools.lru_cache``).
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

from exactpriv.claims import Family, Instance
from exactpriv.distributions import Prior
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming
from theorems.identitydp.definitions import multiset_key

B1 = Hamming(range(3), 1)
TWO_BINARY_RECORDS = Hamming((0, 1), 2)
B3 = Hamming((0, 1), 3)
T2 = Hamming((0, 1, 2), 2)
DISJ = Hamming.product([["a0", "a1"], ["b0", "b1", "b2"]])


def random_pmf(rng: random.Random, k: int, *, zeros: bool = True, maxw: int = 6) -> list[Fraction]:
    lo = 0 if zeros else 1
    w = [rng.randint(lo, maxw) for _ in range(k)]
    if rng.random() < 0.25 and k > 1:  # near-deterministic rows reach extreme ratios
        w[rng.randrange(k)] += maxw * rng.choice((4, 16))
    if sum(w) == 0:
        w[rng.randrange(k)] = 1
    s = sum(w)
    return [Fraction(x, s) for x in w]


def sym_mech(rng, space, R, *, zeros=True) -> Mechanism:
    """A random mechanism on datasets: one row per multiset of records."""
    rows_by: dict = {}
    rows = []
    for p in space.points:
        k = multiset_key(p)
        if k not in rows_by:
            rows_by[k] = random_pmf(rng, R, zeros=zeros)
        rows.append(rows_by[k])
    return Mechanism(space, list(range(R)), rows, _built=f"<random multiset mechanism on {space!r}>")


def gen_mech(rng, space, R, *, zeros=True) -> Mechanism:
    rows = [random_pmf(rng, R, zeros=zeros) for _ in space.points]
    return Mechanism(space, list(range(R)), rows, _built=f"<random mechanism on {space!r}>")


def by_count(space, table) -> Mechanism:
    """Mechanism on {0,1}^n whose row depends on the number of 1-records only (a dataset
    mechanism): ``table[c]`` is the row for count c."""
    rows = [table[sum(1 for v in p if v == 1)] for p in space.points]
    return Mechanism(space, list(range(len(table[0]))), rows)


def product_prior(rng, space, *, zeros=True) -> Prior:
    return Prior.product(space, [random_pmf(rng, len(a), zeros=zeros) for a in space.records])


def joint_prior(rng, space, *, zeros=True) -> Prior:
    return Prior(space, random_pmf(rng, space.size, zeros=zeros))


def _block_prior(rng, space, k) -> Prior:
    """Records partitioned into random blocks of size <= k, independent across blocks, an
    arbitrary joint pmf inside each block: every record is jointly independent of at least
    n - k others (Proposition 3's hypothesis), as ``strategies.k_dependent_priors``."""
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
        bp.append(random_pmf(rng, size, zeros=rng.random() < 0.5))
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


def diag_prior(rng, space) -> Prior:
    """Perfectly dependent records: all records equal (same alphabet), random weights."""
    w = random_pmf(rng, len(space.records[0]), zeros=False)
    pm = {tuple([v] * space.n_records): q for v, q in zip(space.records[0], w)}
    return Prior.from_dict(space, pm)


def mixture_prior(rng, space, delta: Fraction) -> Prior:
    """(1 - delta) * product + delta * arbitrary: weakly dependent sources (small eta)."""
    a = product_prior(rng, space, zeros=False)
    b = joint_prior(rng, space)
    return Prior(space, [(1 - delta) * x + delta * y for x, y in zip(a.pmf, b.pmf)])


def xor_prior(space=B3) -> Prior:
    """X_3 = X_1 xor X_2 with X_1, X_2 independent uniform: pairwise independent records that
    are jointly dependent."""
    return Prior.from_dict(space, {p: Fraction(1, 4) for p in space.points if sum(p) % 2 == 0})


def modulated_prior(delta: Fraction, rho: Fraction, leak: Fraction = Fraction(0)) -> Prior:
    """X_3 ~ Bern(delta), X_1 ~ Bern(rho) independent of X_3; X_2 = X_1 if X_3 = 1, else an
    independent Bern(rho).  X_1 and X_2 are each independent of X_3 (so k = 2 for n = 3) and
    eta = max(delta, 2 rho (1 - rho)); the dependence of X_2 on X_1 is switched on by the rare
    value X_3 = 1 (the structure behind the Theorem 4 counterexample).  ``leak`` > 0 (at most rho)
    gives (X_1, X_2) = (0, 1) and (1, 0) probability ``leak`` each when X_3 = 1, keeping both marginals
    Bern(rho) (so X_1, X_2 stay independent of X_3) and making the prior full-support."""
    given_x3 = {(0, 0): 1 - rho - leak, (1, 1): rho - leak, (0, 1): leak, (1, 0): leak}
    pm = []
    for x1, x2, x3 in B3.points:
        if x3 == 1:
            pm.append(delta * given_x3[(x1, x2)])
        else:
            p1 = rho if x1 == 1 else 1 - rho
            p2 = rho if x2 == 1 else 1 - rho
            pm.append((1 - delta) * p1 * p2)
    return Prior(B3, pm)


def geo(n: int, e) -> Mechanism:
    return zoo.count_query_geometric(n, exp_eps=e)


# ----------------------------------------------------------------------------- families
_SPACES = (TWO_BINARY_RECORDS, B3, T2)


@functools.lru_cache(maxsize=None)
def _fam_random(kind: str, prior_kind: str, seed: int, count: int, zeros: bool = True) -> tuple:
    """``count`` instances: mechanism kind "sym" (multiset) or "gen"; prior kind "product",
    "joint", "block", "diag", "mixture"."""
    rng = random.Random(seed)
    out = []
    spaces = _SPACES + ((DISJ,) if prior_kind in ("product", "joint", "mixture") else ())
    for k in range(count):
        space = spaces[k % len(spaces)]
        R = rng.choice((2, 3))
        M = (sym_mech if kind == "sym" else gen_mech)(rng, space, R, zeros=zeros)
        if prior_kind == "product":
            P = product_prior(rng, space)
        elif prior_kind == "joint":
            P = joint_prior(rng, space)
        elif prior_kind == "block":
            P = _block_prior(rng, space, rng.randint(1, space.n_records))
        elif prior_kind == "diag":
            P = diag_prior(rng, space)
        elif prior_kind == "mixture":
            P = mixture_prior(rng, space, Fraction(1, rng.choice((4, 10, 50))))
        else:  # pragma: no cover
            raise ValueError(prior_kind)
        out.append(Instance(f"{kind}/{prior_kind}#{k} on {space!r}", M, P, {"seed": seed}))
    return tuple(out)


def rf(kind, prior_kind, seed, count, *, zeros=True, name=None) -> Family:
    return Family(name or f"random-{kind}-{prior_kind}",
                  lambda: _fam_random(kind, prior_kind, seed, count, zeros),
                  f"{count} seeded random exact instances (random.Random({seed})): "
                  f"{'multiset' if kind == 'sym' else 'general'} mechanisms, {prior_kind} priors, "
                  f"on {{0,1}}^2, {{0,1}}^3, {{0,1,2}}^2" + (", a0a1 x b0b1b2" if kind == "gen" else ""))


@functools.lru_cache(maxsize=None)
def _fam_zoo(prior_kind: str) -> tuple:
    """Count queries with truncated geometric noise (the paper's geometric mechanism) and
    randomized response (one source) under several priors."""
    rng = random.Random(4004)
    out = []
    for n, e in [(1, Fraction(3)), (1, Fraction(16)), (2, Fraction(2)), (2, Fraction(16)), (3, Fraction(3, 2)),
                 (3, Fraction(3))]:
        space = Hamming((0, 1), n)
        M = zoo.randomized_response(2, exp_eps=e) if n == 1 else geo(n, e)
        if n == 1:
            M = Mechanism(space, M.outputs, M.rows, _built=repr(M))
        priors = []
        if prior_kind == "product":
            priors = [Prior.product(space, [[Fraction(9, 10), Fraction(1, 10)]] * n),
                      Prior.product(space, [[Fraction(1, 8), Fraction(7, 8)]] * n),
                      product_prior(rng, space)]
        elif prior_kind == "joint":
            priors = [joint_prior(rng, space), diag_prior(rng, space) if n > 1 else joint_prior(rng, space),
                      Prior.from_dict(space, {(0,) * n: Fraction(7, 8), (1,) * n: Fraction(1, 8)})]
        for k, P in enumerate(priors):
            out.append(Instance(f"{M!r} with {prior_kind} prior #{k}", M, P, {"n": n, "exp_eps": e}))
    return tuple(out)


def zf(prior_kind) -> Family:
    return Family(f"zoo-{prior_kind}", lambda: _fam_zoo(prior_kind),
                  f"randomized response (n=1) and the truncated geometric count query (n=2,3; "
                  f"e^eps in {{3/2, 2, 3, 16}}) with {prior_kind} priors")


def witness_family(label, M, P=None, **kw) -> Family:
    inst = Instance(label, M, P, dict(kw.pop("params", {})), dict(kw.pop("extra", {})))
    return Family(kw.pop("name", "witness"), lambda: (inst,), kw.pop("description", label))


def families_joint():
    return [rf("sym", "joint", 7, 40), rf("gen", "joint", 8, 40), rf("sym", "diag", 9, 15),
            rf("sym", "block", 10, 30), zf("joint")]


def families_joint_sym():
    return [rf("sym", "joint", 7, 40), rf("sym", "diag", 9, 15), rf("sym", "block", 10, 30), zf("joint")]


def families_product(kind: str):
    fams = [rf("sym", "product", 17, 40), zf("product")]
    if kind == "gen":
        fams.insert(1, rf("gen", "product", 18, 40))
    return fams


SYMMETRIC_NOTE = ("Multiset hypothesis: the families draw one row per multiset of records (or use count queries), "
                   "and the reading's hypothesis re-checks it.")


# ----------------------------------------------------------------------------- vectors of Lemmas 2 and 3
@functools.lru_cache(maxsize=None)
def fam_vectors(kind: str, count: int) -> tuple:
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
            c, d = random_pmf(rng, n), random_pmf(rng, n)
            out.append(Instance(f"lemma3 #{k} (k={n - 1})", params={"a": a, "b": b, "c": c, "d": d}))
    return tuple(out)
